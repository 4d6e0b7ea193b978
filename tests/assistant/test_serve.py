"""``mdxsite serve`` and ``mdxsite assistant keys`` as a user runs them: real processes.

SQLite: counters and threads survive a server restart. Redis: two server processes share
them. The static site is served beside the endpoint, with 404.html for misses.
"""

from __future__ import annotations

import json
import re
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

BIN = Path(sys.executable).parent


def run_cli(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "mdxsite"), *map(str, args)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "CI": "1", **(env or {})})


def stop(proc: subprocess.Popen[str]) -> str:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
    return proc.stderr.read() if proc.stderr else ""


def ask(base: str, key: str, text: str, thread: str | None = None) -> httpx.Response:
    return httpx.post(f"{base}/v1/assistant/acme/message", timeout=30,
                      headers={"Authorization": f"Bearer {key}"},
                      json={"fp": "anonymous", "threadId": thread,
                            "messages": [{"role": "user", "content": text}]})


def test_keys_create_list_revoke(assistant_site: Callable[..., Path]) -> None:
    root = assistant_site()
    made = run_cli("assistant", "keys", "create", "--domain", "acme", "--label", "ci", root)
    assert made.returncode == 0, made.stderr
    key = made.stdout.strip().splitlines()[-1]
    assert key.startswith("mdxa_") and " " not in key
    prefix = key.split("_")[1]
    listed = run_cli("assistant", "keys", "list", root)
    assert listed.returncode == 0 and prefix in listed.stdout and "active" in listed.stdout
    assert key not in listed.stdout
    store = (root / ".mdxsite-assistant" / "_site" / "store.sqlite").read_bytes()
    assert key.encode() not in store
    revoked = run_cli("assistant", "keys", "revoke", prefix, root)
    assert revoked.returncode == 0
    assert "revoked" in run_cli("assistant", "keys", "list", root).stdout


@pytest.mark.parametrize("args, code, first_line", [
    (["create", "--domain", "other"], 1, "command line: this site's assistant serves the domain 'acme', not 'other'. Use --domain acme."),
    (["create"], 2, ""),
    (["revoke", "deadbeef"], 1, "command line: no key with prefix 'deadbeef'. `mdxsite assistant keys list` shows the prefixes."),
])
def test_keys_mistakes_exit_1_or_2_with_a_located_line(args: list[str], code: int, first_line: str,
                                                       assistant_site: Callable[..., Path]) -> None:
    done = run_cli("assistant", "keys", *args, assistant_site())
    assert done.returncode == code and "Traceback" not in done.stderr
    if first_line:
        assert done.stderr.splitlines()[0] == first_line


def test_keys_on_a_site_without_the_assistant_say_how_to_enable_it(make_site: Callable[..., Path]) -> None:
    root = make_site({"name": "x", "navigation": {"pages": ["index"]}})
    done = run_cli("assistant", "keys", "create", "--domain", "d", root)
    assert done.returncode == 1
    assert done.stderr.startswith("docs.json: mdxsite.plugins.assistant: this site does not enable the assistant")


def test_serve_on_a_busy_port_says_so_before_building(make_site: Callable[..., Path]) -> None:
    import socket

    root = make_site({"name": "x", "navigation": {"pages": ["index"]}})
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = run_cli("serve", root, "--port", port)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"command line: cannot listen on 127.0.0.1:{port}")
    assert "choose another port with --port" in done.stderr
    assert not (root / "_site").exists()  # nothing was built for a server that cannot listen


@pytest.mark.usefixtures("one_window")
def test_sqlite_counters_and_threads_survive_a_restart(assistant_site: Callable[..., Path], serve: Any) -> None:
    root = assistant_site(limits={"ip_per_day": 3})
    key = run_cli("assistant", "keys", "create", "--domain", "acme", root).stdout.splitlines()[-1]
    base, proc = serve(root)  # builds the site first: there is no output yet
    page = httpx.get(f"{base}/jobs/retries/")
    assert page.status_code == 200 and re.search(r"/_mdxsite/assistant\.[0-9a-f]{10}\.js", page.text)
    missing = httpx.get(f"{base}/no/such/page/")
    assert missing.status_code == 404 and "<html" in missing.text
    first = ask(base, key, "How are failed jobs retried?")
    assert first.status_code == 200
    thread = first.headers["x-thread-id"]
    log = stop(proc)
    lines = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    assert {"method": "POST", "path": "/v1/assistant/acme/message", "status": 200}.items() <= lines[-1].items()
    assert lines[-1]["key"] == key.split("_")[1] and key not in log

    base, proc = serve(root)
    follow = ask(base, key, "Tell me more", thread)
    assert follow.status_code == 200 and follow.headers["x-thread-id"] == thread
    assert "/jobs/retries/" in follow.text
    assert ask(base, key, "cron").status_code == 200
    over = ask(base, key, "cron")  # the 4th request today from this IP, across the restart
    assert over.status_code == 429 and over.json()["error"]["code"] == "rate_limited"
    assert over.headers["ratelimit-policy"].startswith('"ip-day";q=3;')


@pytest.mark.usefixtures("one_window")
def test_two_servers_share_counters_and_threads_through_redis(assistant_site: Callable[..., Path],
                                                              serve: Any, redis_url: str,
                                                              kit: Any) -> None:
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    env = {"MDXSITE_ASSISTANT_STORE": redis_url}
    root = assistant_site(limits={"domain_per_hour": 4})
    kit.build_site(root)
    key = run_cli("assistant", "keys", "create", "--domain", "acme", root, env=env).stdout.splitlines()[-1]
    (a, _), (b, _) = serve(root, env), serve(root, env)
    first = ask(a, key, "How are failed jobs retried?")
    thread = first.headers["x-thread-id"]
    follow = ask(b, key, "Tell me more", thread)  # the other server knows the thread
    assert follow.status_code == 200 and follow.headers["x-thread-id"] == thread
    assert ask(a, key, "cron").status_code == 200 and ask(b, key, "cron").status_code == 200
    assert ask(a, key, "cron").status_code == 429  # 4 per hour for the domain, across both
    assert ask(b, key, "cron").status_code == 429
