"""Assistant benchmark: retrieval latency on a 10,000-page index, and the endpoint under load.

1. Writes a synthetic index of N pages (default 10,000; 4 sections each, ~250 words per page,
   drawn from a 3,000-word vocabulary) and times ``SearchIndex.search`` for 500 questions
   (retrievalPageSize 5, some with a filter): p50 / p95 / max in milliseconds.
2. Starts the assistant under uvicorn in its own process (SQLite store, offline extractive
   answers, limits out of the way) and runs C concurrent streaming clients (default 50) on
   loopback for R requests: time to first byte p50 / p95 and requests per second.

    .venv/bin/python benchmarks/assistant_bench.py
    .venv/bin/python benchmarks/assistant_bench.py --pages 1000 --clients 20 --requests 500

The machine's load is printed beside the figures: on a shared machine they move.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from mdxsite.plugins.assistant import keys
from mdxsite.plugins.assistant.index import Filter, Row, SearchIndex, write_index
from mdxsite.plugins.assistant.store import SQLiteStore

SERVER = """
import sys, uvicorn
from pathlib import Path
from mdxsite.plugins.assistant.app import create_app
from mdxsite.plugins.assistant.settings import Limits, Settings
big = 10**9
app = create_app(Settings(domain="bench", data_dir=Path(sys.argv[1]), limits=Limits(big, big, big)))
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", access_log=False)
"""


def vocabulary(rng: random.Random, n: int = 3000) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return list(dict.fromkeys("".join(rng.choice(letters) for _ in range(rng.randint(4, 10)))
                            for _ in range(n * 2)))[:n]


def rows(pages: int, rng: random.Random, words: list[str]) -> list[Row]:
    out = []
    for p in range(pages):
        title = " ".join(rng.choices(words, k=3)).title()
        version = "v2" if p % 4 else "v1"
        group = f"Group {p % 25}"
        for s in range(4):
            body = ". ".join(" ".join(rng.choices(words, k=12)).capitalize() for _ in range(5)) + "."
            url = f"/section-{p % 50}/page-{p}/"
            out.append(Row(title, " ".join(rng.choices(words, k=2)).title() if s else "", body, url,
                           url, f"h{s}" if s else "", version, "en", (group,)))
    return out


def retrieval(index: SearchIndex, words: list[str], rng: random.Random, n: int = 500) -> list[float]:
    times = []
    for i in range(n):
        question = "How do I " + " ".join(rng.choices(words, k=rng.randint(3, 8))) + "?"
        where = Filter(version="v2") if i % 3 == 0 else Filter()
        started = time.perf_counter()
        index.search(question, 5, where)
        times.append((time.perf_counter() - started) * 1000)
    return times


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def load(url: str, key: str, questions: list[str], clients: int) -> tuple[list[float], float, int]:
    ttfb: list[float] = []
    failures = 0
    queue: asyncio.Queue[str] = asyncio.Queue()
    for q in questions:
        queue.put_nowait(q)
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)

    async def client(c: httpx.AsyncClient) -> None:
        nonlocal failures
        while not queue.empty():
            q = queue.get_nowait()
            started = time.perf_counter()
            body = {"fp": "anonymous", "messages": [{"role": "user", "content": q}]}
            try:
                async with c.stream("POST", url, json=body,
                                    headers={"Authorization": f"Bearer {key}"}) as r:
                    first = True
                    async for _ in r.aiter_bytes():
                        if first:
                            ttfb.append((time.perf_counter() - started) * 1000)
                            first = False
                    if r.status_code != 200:
                        failures += 1
            except httpx.HTTPError:
                failures += 1

    async with httpx.AsyncClient(timeout=60, limits=limits) as c:
        started = time.perf_counter()
        await asyncio.gather(*(client(c) for _ in range(clients)))
        elapsed = time.perf_counter() - started
    return ttfb, len(questions) / elapsed, failures


def pct(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100)[int(p) - 1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--requests", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(7)
    words = vocabulary(rng)
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        started = time.perf_counter()
        write_index(data / "index.sqlite", rows(args.pages, rng, words))
        size = (data / "index.sqlite").stat().st_size / 2**20
        print(f"index: {args.pages} pages ({args.pages * 4} sections) written in "
              f"{time.perf_counter() - started:.1f} s, {size:.1f} MiB")
        times = retrieval(SearchIndex(data / "index.sqlite"), words, rng)
        print(f"retrieval (top 5, 500 questions): p50 {pct(times, 50):.2f} ms, "
              f"p95 {pct(times, 95):.2f} ms, max {max(times):.2f} ms")

        key, record = keys.new_key(("bench",))
        store = SQLiteStore(data / "store.sqlite")
        store.add_key(record)
        store.close()
        port = free_port()
        server = subprocess.Popen([sys.executable, "-c", SERVER, str(data), str(port)])
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.05)
            questions = ["How do I " + " ".join(rng.choices(words, k=5)) + "?"
                         for _ in range(args.requests)]
            url = f"http://127.0.0.1:{port}/bench/message"
            asyncio.run(load(url, key, questions[:args.clients], args.clients))  # warm-up
            ttfb, rps, failures = asyncio.run(load(url, key, questions, args.clients))
            print(f"endpoint ({args.clients} concurrent streaming clients, {args.requests} "
                  f"requests, {args.pages}-page index): {rps:.0f} requests/s, time to first "
                  f"byte p50 {pct(ttfb, 50):.1f} ms, p95 {pct(ttfb, 95):.1f} ms, "
                  f"{failures} failed")
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
