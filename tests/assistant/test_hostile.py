"""The assistant under hostile input and a store outage: a client's mistake is a 400-class
answer in the documented JSON shape naming what is wrong, an outage of Redis is a 503 the
client may retry (and the server recovers when Redis is back), never a 500.

The fuzzing test sends a few hundred seeded requests (method, path, headers, content type,
body: valid, mutated, random JSON, deep, huge, binary, lone surrogates, non-finite numbers)
to a real uvicorn server on SQLite and prints the statuses it got.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from mdxsite.plugins.assistant.app import MAX_DEPTH, create_app
from mdxsite.server.protocol import JsonErrorsProtocol

PATH = "/acme/message"


def ask(text: str = "How does the backoff work?", **extra: Any) -> dict[str, Any]:
    return {"fp": "anonymous", "messages": [{"id": "m1", "role": "user", "content": text}], **extra}


def _error(response: httpx.Response) -> dict[str, str]:
    assert response.headers["content-type"] == "application/json", response.text
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    return dict(body["error"])


@pytest.fixture
def served(built: Any, kit: SimpleNamespace) -> tuple[Any, str]:
    """The assistant on a fresh SQLite store (its own rate-limit counters) and a key for it."""
    settings = kit.settings_for(built)
    return create_app(settings), kit.add_key(settings)


@pytest.fixture
def app(served: tuple[Any, str]) -> Any:
    return served[0]


@pytest.fixture
def auth(served: tuple[Any, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {served[1]}"}


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize(("raw", "code", "words"), [
    ('{"fp": "a", "messages": [{"role": "user", "content": "q"}], "retrievalPageSize": 1e999}',
     "invalid_request", ["retrievalPageSize", "infinite"]),
    ('{"fp": "a", "messages": [{"role": "user", "content": "q"}], "retrievalPageSize": NaN}',
     "invalid_request", ["retrievalPageSize", "NaN"]),
    ('{"fp": "a", "messages": [{"role": "user", "content": "q"}], "retrievalPageSize": -3}',
     "invalid_request", ["retrievalPageSize", "between 1 and"]),
    ('{"fp": "a", "messages": [{"role": "user", "content": "q"}], "retrievalPageSize": 2.5}',
     "invalid_request", ["retrievalPageSize", "whole number"]),
    ('{"fp": "a", "messages": [{"role": "user", "content": "q"}], "retrievalPageSize": 1e300}',
     "invalid_request", ["retrievalPageSize", "between 1 and"]),
    ('{"fp": "a", "messages": [{"role": "user", "content": "q"}], "filter": '
     + '{"paths": ' + _deep(5000) + "}}", "too_deep", [f"{MAX_DEPTH} levels"]),
    ('{"fp": "a", "messages": ' + _deep(100_000) + "}", "too_deep", [f"{MAX_DEPTH} levels"]),
    ('{"fp": "a", "messages": [{"role": "user", "content": "q \\ud800 x"}]}',
     "invalid_request", ["messages[0].content", "lone surrogate"]),
    ('{"fp": "a", "messages": [{"role": "user", "content": "q"}], "filter": {"version": "\\udfff"}}',
     "invalid_request", ["filter.version", "lone surrogate"]),
    ('{"fp": "\\ud83d", "messages": [{"role": "user", "content": "q"}]}',
     "invalid_request", ["fp", "lone surrogate"]),
])
def test_hostile_values_are_a_400_naming_the_field(app: Any, auth: Any, kit: SimpleNamespace,
                                                   raw: str, code: str, words: list[str]) -> None:
    r = kit.call(app, "POST", PATH, content=raw.encode(),
                 headers={**auth, "content-type": "application/json"})
    assert r.status_code == 400, r.text
    error = _error(r)
    assert error["code"] == code
    for word in words:
        assert word in error["message"]


@pytest.mark.parametrize("question", ['NEAR(a b)', 'col:body', '"unbalanced', "a AND OR NOT",
                                      "\x00\x07 control", "*", "", " ", "日本語 ✓"])
def test_fts_syntax_in_the_question_is_only_text(app: Any, auth: Any, kit: SimpleNamespace,
                                                 question: str) -> None:
    r = kit.call(app, "POST", PATH, json=ask(question + " retries"), headers=auth)
    assert r.status_code == 200, r.text
    assert kit.parts(r.text)[-1][0] == "d"


def _redis(binary: str, port: int, folder: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--dir",
                             str(folder), "--appendonly", "yes", "--appendfsync", "always",
                             "--save", ""], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while True:
        try:
            import socket
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                pytest.fail("redis-server did not start")
            time.sleep(0.05)


@pytest.mark.redis
def test_a_redis_outage_is_a_quick_503_and_the_server_recovers(built: Any, kit: SimpleNamespace,
                                                               tmp_path: Path) -> None:
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    port = _free_port()
    proc = _redis(binary, port, tmp_path)
    try:
        settings = kit.settings_for(built, f"redis://127.0.0.1:{port}/0")
        key = kit.add_key(settings)
        app = create_app(settings)
        headers = {"Authorization": f"Bearer {key}"}
        assert kit.call(app, "POST", PATH, json=ask(), headers=headers).status_code == 200
        proc.send_signal(signal.SIGTERM)  # Redis stops (and saves what it has)
        proc.wait(timeout=10)
        started = time.monotonic()
        down = kit.call(app, "POST", PATH, json=ask(), headers=headers)
        took = time.monotonic() - started
        assert down.status_code == 503, down.text
        assert _error(down)["code"] == "store_unavailable" and down.headers["retry-after"] == "5"
        assert took < 2, f"the outage took {took:.1f} s to answer"
        proc = _redis(binary, port, tmp_path)  # back, with its data
        again = kit.call(app, "POST", PATH, json=ask(), headers=headers)
        assert again.status_code == 200, again.text
    finally:
        proc.kill()
        proc.wait(timeout=10)


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --------------------------------------------------------------------------- fuzzing

class _Protocol(JsonErrorsProtocol):
    body_timeout = 1.0  # a raw request whose chunked body never comes waits 1 s, not 10

def test_fuzzed_requests_never_get_a_5xx(served: tuple[Any, str], live_server: Any,
                                         load_helper: Any,
                                         figures: Callable[[str], None]) -> None:
    fuzzing = load_helper("assistant_fuzzing", Path(__file__).parent / "fuzzing.py")
    app, key = served
    base = live_server(app, http=_Protocol)
    r = random.Random(20)
    statuses: Counter[int] = Counter()
    raw = 0
    with httpx.Client(timeout=10) as client:
        for _ in range(300):
            req = fuzzing.request(r, key, PATH)
            raw += req.raw is not None
            status, headers, text = fuzzing.send(client, base, req)
            statuses[status] += 1
            assert fuzzing.problem(req, PATH, status, headers, text) is None, req
    figures(f"assistant fuzzing: 300 requests ({raw} with a malformed head, sent raw), "
            f"statuses {dict(sorted(statuses.items()))}")
    assert statuses[200] > 10 and statuses[400] > 20 and raw > 5  # every side is reached


# --------------------------------------------------------------------------- SQLite outages

def _timed(call: Any) -> tuple[Any, float]:
    started = time.monotonic()
    result = call()
    return result, time.monotonic() - started


def test_a_locked_sqlite_store_is_a_quick_503_and_the_server_recovers(built: Any,
                                                                     kit: SimpleNamespace) -> None:
    settings = kit.settings_for(built)
    key = kit.add_key(settings)
    app = create_app(settings)
    headers = {"Authorization": f"Bearer {key}"}
    assert kit.call(app, "POST", PATH, json=ask(), headers=headers).status_code == 200
    holder = sqlite3.connect(settings.data_dir / "store.sqlite", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process's writer, holding the lock
    try:
        many = [{"method": "POST", "url": PATH, "json": ask(), "headers": headers}] * 8
        answers, took = _timed(lambda: kit.gather(app, many))
        for down in answers:
            assert down.status_code == 503, down.text
            assert _error(down)["code"] == "store_unavailable"
            assert down.headers["retry-after"] == "5"
        assert took < 1.5, f"8 requests on a locked store took {took:.1f} s to answer"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    again = kit.call(app, "POST", PATH, json=ask(), headers=headers)
    assert again.status_code == 200, again.text
    thread = again.headers["x-thread-id"]
    with sqlite3.connect(settings.data_dir / "store.sqlite") as db:  # nothing half-written
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT count(*) FROM messages WHERE thread = ?", (thread,)).fetchone() == (2,)


def _unwritable(paths: list[Path], on: bool) -> None:
    """Make files unwritable (or writable again): immutable for root, read-only otherwise."""
    for path in paths:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "+i" if on else "-i", str(path)], check=True)
        else:
            path.chmod((0o555 if path.is_dir() else 0o444) if on else 0o755)


def test_an_unwritable_sqlite_store_is_a_quick_503_and_the_server_recovers(
        built: Any, kit: SimpleNamespace, live_server: Any) -> None:
    settings = kit.settings_for(built)
    key = kit.add_key(settings)
    headers = {"Authorization": f"Bearer {key}"}
    assert kit.call(create_app(settings), "POST", PATH, json=ask(), headers=headers).status_code == 200
    folder = settings.data_dir
    paths = [folder / "store.sqlite", folder / "store.sqlite-wal", folder]
    _unwritable(paths, True)
    try:
        try:
            with open(folder / "store.sqlite", "ab"):
                pass
        except OSError:
            pass
        else:
            pytest.skip("this file system lets the test's user write a read-only file")
        # a server started on the unwritable store, its worker threads reused across requests
        client = httpx.Client(base_url=live_server(create_app(settings)), headers=headers, timeout=10)
        for _ in range(6):
            down, took = _timed(lambda: client.post(PATH, json=ask()))
            assert down.status_code == 503, down.text
            assert _error(down)["code"] == "store_unavailable" and down.headers["retry-after"] == "5"
            assert took < 1, f"the unwritable store took {took:.1f} s to answer"
    finally:
        _unwritable(paths, False)
    for _ in range(6):  # writable again: the same server answers, without a restart
        again = client.post(PATH, json=ask())
        assert again.status_code == 200, again.text
    client.close()
