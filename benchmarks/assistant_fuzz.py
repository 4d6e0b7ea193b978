"""The assistant's long fuzzing run: thousands of seeded hostile requests against a real
``mdxsite serve`` of the sample site, on SQLite and on Redis.

The requests are the suite's (``tests/assistant/fuzzing.py``: method, path, headers,
content type and body mutated; 5% raw bytes with a malformed Content-Length or
Transfer-Encoding), sent by C concurrent clients. Per store it prints the request count,
the status histogram, p50/p99 latency, the count of 5xx (must be 0), answers that broke the
contract (an error not in the JSON shape, a 200 stream without its finish part) and
tracebacks in the server's log; it exits 1 if any of those is not 0.

    .venv/bin/python benchmarks/assistant_fuzz.py
    .venv/bin/python benchmarks/assistant_fuzz.py --requests 10000 --clients 16 --stores redis

Needs redis-server (Debian package; ``make system-deps``) for the Redis run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(port: int, proc: subprocess.Popen[Any], what: str) -> None:
    deadline = time.monotonic() + 120
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                sys.exit(f"{what} did not start on port {port}")
            time.sleep(0.05)


def site_copy(folder: Path) -> tuple[Path, str]:
    """The sample site with its assistant's limits out of the way; returns (root, domain)."""
    root = folder / "site"
    shutil.copytree(REPO / "sample_site", root,
                    ignore=shutil.ignore_patterns("_site", ".mdxsite-*"))
    docs = json.loads((root / "docs.json").read_text("utf-8"))
    assistant = docs["mdxsite"]["plugins"]["assistant"]
    big = 10 ** 9
    assistant["limits"] = {"key_per_month": big, "domain_per_hour": big, "ip_per_day": big}
    (root / "docs.json").write_text(json.dumps(docs, indent=2), "utf-8")
    return root, str(assistant["domain"])


def run(store: str, root: Path, domain: str, requests: int, clients: int, seed: int,
        folder: Path) -> bool:
    import fuzzing  # tests/assistant/fuzzing.py, put on sys.path by main

    env = {**os.environ, "CI": "1"}
    if store:
        env["MDXSITE_ASSISTANT_STORE"] = store
    made = subprocess.run([str(BIN / "mdxsite"), "assistant", "keys", "create", "--domain", domain,
                           str(root)], capture_output=True, text=True, env=env, check=True)
    key = made.stdout.strip().splitlines()[-1]
    port = free_port()
    log = folder / f"serve-{'redis' if store else 'sqlite'}.log"
    with log.open("w") as err:
        server = subprocess.Popen([str(BIN / "mdxsite"), "serve", str(root), "--port", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=err, env=env)
    wait_for(port, server, "mdxsite serve")
    base = f"http://127.0.0.1:{port}"
    endpoint = f"/v1/assistant/{domain}/message"
    statuses: Counter[int] = Counter()
    latencies: list[float] = []
    problems: list[str] = []
    lock = threading.Lock()

    def client(n: int) -> None:
        r = random.Random(seed * 1000 + n)
        with httpx.Client(timeout=30) as http:
            for _ in range(requests // clients + (n < requests % clients)):
                req = fuzzing.request(r, key, endpoint)
                started = time.perf_counter()
                try:
                    status, headers, text = fuzzing.send(http, base, req)
                    found = fuzzing.problem(req, endpoint, status, headers, text)
                except (httpx.HTTPError, OSError) as exc:
                    status, found = 0, f"{type(exc).__name__} for {req.method} {req.path}"
                took = time.perf_counter() - started
                with lock:
                    statuses[status] += 1
                    latencies.append(took)
                    if found:
                        problems.append(found)

    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.perf_counter() - started
    server.terminate()
    server.wait(timeout=30)
    tracebacks = log.read_text("utf-8", "replace").count("Traceback")
    ms = sorted(1000 * x for x in latencies)
    five = sum(n for s, n in statuses.items() if s >= 500)
    print(f"{'Redis' if store else 'SQLite'}: {len(ms)} requests from {clients} clients in "
          f"{seconds:.1f} s ({len(ms) / seconds:.0f}/s); statuses "
          f"{dict(sorted(statuses.items()))}; latency p50 {statistics.median(ms):.1f} ms, "
          f"p99 {ms[int(0.99 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.0f} ms; 5xx: {five}; "
          f"broken answers: {len(problems)}; tracebacks in the server log: {tracebacks}")
    for line in problems[:5]:
        print(f"  {line}")
    return five == 0 and not problems and tracebacks == 0 and statuses[0] == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=3000, help="requests per store")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--stores", default="sqlite,redis", help="sqlite, redis or both")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO / "tests" / "assistant"))
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    ok = True
    with tempfile.TemporaryDirectory(prefix="assistant-fuzz-") as tmp:
        folder = Path(tmp)
        root, domain = site_copy(folder)
        subprocess.run([str(BIN / "mdxsite"), "build", str(root)], check=True,
                       capture_output=True, env={**os.environ, "CI": "1"})
        for store in args.stores.split(","):
            if store == "sqlite":
                ok &= run("", root, domain, args.requests, args.clients, args.seed, folder)
                continue
            binary = shutil.which("redis-server") or "/usr/bin/redis-server"
            port = free_port()
            redis = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1",
                                      "--save", "", "--appendonly", "no", "--dir", tmp],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                wait_for(port, redis, "redis-server")
                ok &= run(f"redis://127.0.0.1:{port}/0", root, domain, args.requests,
                          args.clients, args.seed, folder)
            finally:
                redis.terminate()
                redis.wait(timeout=10)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
