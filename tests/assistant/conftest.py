"""Assistant fixtures: a real redis-server on a free port, both stores, a small built site."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from mdxsite.assistant.store import RedisStore, SQLiteStore, Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A throwaway redis-server (the Debian package) on 127.0.0.1, without persistence."""
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not Path(binary).exists():
        pytest.fail("redis-server is missing: run `make test`, which installs it (Debian package)")
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                pytest.fail(f"redis-server did not start on port {port}")
            time.sleep(0.05)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


_DB = {"n": 0}


@pytest.fixture(params=["sqlite", "redis"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store URL of each kind: "" (SQLite in the data folder) or a redis:// database."""
    if request.param == "sqlite":
        return ""
    base: str = request.getfixturevalue("redis_url")
    import redis

    r = redis.Redis.from_url(base)
    r.flushdb()
    r.close()
    return base


@pytest.fixture
def store(store_url: str, tmp_path: Path) -> Iterator[Store]:
    s: Store = RedisStore(store_url) if store_url else SQLiteStore(tmp_path / "data" / "store.sqlite")
    yield s
    s.close()


ASSISTANT_PAGES = {
    "index": "---\ntitle: Welcome\n---\n\nAcme Cloud runs background jobs on queues.\n\n"
             "## Queues\n\nA queue absorbs traffic spikes and hands jobs to workers.\n",
    "jobs/retries": "---\ntitle: Retries\n---\n\nA failed job is retried with exponential backoff.\n\n"
                    "## Backoff\n\nThe backoff doubles after each attempt, up to one hour. "
                    "Set `maxAttempts` to change how often a job is retried.\n\n"
                    "## Dead letters\n\nAfter the last attempt the job moves to the dead-letter queue.\n",
    "jobs/cron": "---\ntitle: Cron schedules\n---\n\nSchedules run a job at fixed times with a cron "
                 "expression such as `0 3 * * *`.\n",
    "v1/index": "---\ntitle: Old welcome\n---\n\nVersion one ran jobs with retries too, without backoff.\n",
}


def assistant_docs(**options: object) -> dict[str, object]:
    plugin: dict[str, object] = {"domain": "acme", **options}
    return {
        "name": "Acme",
        "navigation": {"versions": [
            {"version": "v2", "groups": [
                {"group": "Start", "pages": ["index"]},
                {"group": "Jobs", "pages": ["jobs/retries", "jobs/cron"]}]},
            {"version": "v1", "groups": [{"group": "Start", "pages": ["v1/index"]}]}]},
        "mdxsite": {"plugins": {"assistant": plugin}},
    }


@pytest.fixture
def assistant_site(make_site: Callable[..., Path]) -> Callable[..., Path]:
    """Write the small assistant site; keyword arguments go into its assistant options."""

    def make(**options: object) -> Path:
        return make_site(json.dumps(assistant_docs(**options), indent=2), pages=ASSISTANT_PAGES)

    return make
