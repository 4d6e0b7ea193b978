"""Assistant fixtures: a real redis-server on a free port, both stores, a small built site."""

from __future__ import annotations

import asyncio
import json
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from mdxsite.plugins.assistant import keys
from mdxsite.plugins.assistant.settings import Settings, data_dir_for
from mdxsite.plugins.assistant.store import RedisStore, SQLiteStore, Store, open_store


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
    import redis

    # redis-server binds the port itself: one found free here may be taken meanwhile by
    # another test's server, so a server that exits is started again on another port, and
    # the one answering must be ours (its process id)
    for _ in range(5):
        port = free_port()
        proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                 "--appendonly", "no"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        ours = False
        while proc.poll() is None:
            try:
                with redis.Redis(host="127.0.0.1", port=port, socket_timeout=1) as client:
                    ours = client.info("server")["process_id"] == proc.pid
                break
            except redis.RedisError:
                if time.monotonic() > deadline:
                    proc.kill()
                    pytest.fail(f"redis-server did not start on port {port}")
                time.sleep(0.05)
        if proc.poll() is None and ours:
            break
        proc.kill()
        proc.wait(timeout=10)
    else:
        pytest.fail("redis-server did not start: five ports found free were taken")
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


_DB = {"n": 0}

# Longer than any test that fills a limit spends asking, on a loaded machine.
WINDOW_MARGIN = 120.0


@pytest.fixture
def one_window() -> None:
    """Start the test at least WINDOW_MARGIN seconds before the current hour ends (waiting
    for the next one if need be).

    The limits count in fixed windows named by the clock (mdxsite.plugins.assistant.limits):
    the hour, the UTC day and the month, which all end on an hour. A test that fills a limit
    while a window ends would see its counter start again at zero and a request it expects
    refused answered."""
    left = 3600 - time.time() % 3600
    if left < WINDOW_MARGIN:
        time.sleep(left + 1)


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


@dataclass
class Built:
    """A built assistant site: its folder, output, settings and a valid key."""

    root: Path
    out: Path
    settings: Settings
    key: str


def build_site(root: Path) -> Path:
    from mdxsite import pipeline, plugin_manager

    out = root / "_site"
    pipeline.build(root, out, plugin_manager.create(), jobs=1)
    return out


def add_key(settings: Settings, *domains: str) -> str:
    key, record = keys.new_key(domains or (settings.domain,))
    store = open_store(settings.store_url, settings.data_dir)
    store.add_key(record)
    store.close()
    return key


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The small site, built once per module with the assistant on (domain 'acme')."""
    root = tmp_path_factory.mktemp("assistant-site")
    (root / "docs.json").write_text(json.dumps(assistant_docs(), indent=2), encoding="utf-8")
    for key, body in ASSISTANT_PAGES.items():
        (root / f"{key}.mdx").parent.mkdir(parents=True, exist_ok=True)
        (root / f"{key}.mdx").write_text(body, encoding="utf-8")
    out = build_site(root)
    settings = Settings(domain="acme", data_dir=data_dir_for(out))
    return Built(root, out, settings, add_key(settings))


def settings_for(b: Built, store_url: str = "", **changes: object) -> Settings:
    """The built site's settings with a fresh store (and other limits, backend…).

    A fresh SQLite store is a new data folder holding a copy of the built index.
    """
    data_dir = b.settings.data_dir
    if not store_url:
        data_dir = Path(tempfile.mkdtemp(prefix="assistant-store-"))
        shutil.copyfile(b.settings.index_path, data_dir / "index.sqlite")
    return replace(b.settings, store=store_url, data_dir=data_dir, **changes)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- HTTP helpers


def run_coroutine(coroutine: Any) -> Any:
    """Run ``coroutine`` to completion in a fresh event loop on its own thread.

    A browser test's sync Playwright leaves an event loop running in the main thread, where
    ``asyncio.run`` refuses to start; a worker thread has none, whatever ran before."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def call(app: Any, method: str, path: str, **kwargs: Any) -> httpx.Response:
    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=app, client=("203.0.113.7", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            return await c.request(method, path, **kwargs)

    return run_coroutine(go())


def gather(app: Any, requests: list[dict[str, Any]]) -> list[httpx.Response]:
    """Send every request at once (one event loop, store calls racing in worker threads)."""

    async def go() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app, client=("203.0.113.7", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            return list(await asyncio.gather(*(c.request(**r) for r in requests)))

    return run_coroutine(go())


def parts(text: str) -> list[tuple[str, Any]]:
    """Split a v4 data stream into (code, value) pairs."""
    import json

    out = []
    for line in text.splitlines():
        code, _, value = line.partition(":")
        out.append((code, json.loads(value)))
    return out


@pytest.fixture
def kit() -> SimpleNamespace:
    """Helpers: ``call(app, "POST", path, ...)``, ``gather(app, [...])``, ``parts(text)``,
    ``add_key(settings, *domains)``, ``settings_for(built, store_url, **changes)``."""
    return SimpleNamespace(call=call, gather=gather, parts=parts, add_key=add_key,
                           settings_for=settings_for, build_site=build_site)


@pytest.fixture
def live_server() -> Iterator[Callable[[Any], str]]:
    """Serve an ASGI app with uvicorn on a free 127.0.0.1 port (in a thread); returns its URL.

    Keyword arguments go to ``uvicorn.Config`` (``http=...``). The socket is bound here, on
    port 0, and handed to uvicorn: a port found free and bound later could be taken between
    the two by another test's server."""
    import threading

    import uvicorn

    from mdxsite.server.dev import bind

    servers: list[tuple[uvicorn.Server, threading.Thread]] = []

    def start(app: Any, **config: Any) -> str:
        sock = bind("127.0.0.1", 0)
        port = sock.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                               lifespan="off", **config))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        deadline = time.monotonic() + 10
        while not server.started:
            if time.monotonic() > deadline:
                pytest.fail("uvicorn did not start")
            time.sleep(0.02)
        servers.append((server, thread))
        return f"http://127.0.0.1:{port}"

    yield start
    for server, thread in servers:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture
def serve() -> Iterator[Callable[..., tuple[str, subprocess.Popen[str]]]]:
    """Start ``mdxsite serve DIR --port 0``; returns (base URL, process).

    The server binds port 0 itself and prints the URL it listens on: a port found free here
    and bound by the server seconds later (it builds the site first) could be taken by
    another test's server in between. Its stderr (the access log) is a pipe, or the file
    ``log`` when given (a pipe nobody reads fills up under load and stalls the server)."""
    import os
    import re
    import select
    import signal
    import sys

    procs: list[subprocess.Popen[str]] = []
    listening = re.compile(r"^serving .* on (http://127\.0\.0\.1:\d+) \(Ctrl\+C stops\)$", re.M)

    def start(root: Path, env: dict[str, str] | None = None,
              log: Path | None = None) -> tuple[str, subprocess.Popen[str]]:
        start_at = log.stat().st_size if log and log.exists() else 0  # a restart appends
        proc = subprocess.Popen([str(Path(sys.executable).parent / "mdxsite"), "serve", str(root),
                                 "--port", "0"],
                                stdout=subprocess.PIPE, text=True,
                                stderr=log.open("a") if log else subprocess.PIPE,
                                env={**os.environ, "CI": "1", **(env or {})})
        procs.append(proc)
        said = ""
        deadline = time.monotonic() + 60
        while not (found := listening.search(said)):
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                out, err = proc.communicate()
                pytest.fail(f"mdxsite serve did not start:\n{log.read_text() if log else said + err}")
            if log:
                said = log.read_bytes()[start_at:].decode("utf-8", "replace")
                time.sleep(0.05)
            else:  # the pipe's own bytes: what is not read here stays for stop() to read
                assert proc.stderr is not None
                fd = proc.stderr.fileno()
                if select.select([fd], [], [], 0.05)[0]:
                    said += os.read(fd, 65536).decode("utf-8", "replace")
        # the socket listens before the line is printed: the server answers from now on
        return found[1], proc

    yield start
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
