"""Faults with real processes: ``mdxsite serve`` answering malformed HTTP on raw sockets,
killed with ``kill -9`` under load and restarted on its SQLite store, and two servers sharing
one store (a redis-server, or one SQLite file) while one of them is killed. Each test prints
what it counted."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import StreamingResponse
from starlette.routing import Route

from mdxsite.plugins.assistant.settings import data_dir_for
from mdxsite.server.protocol import JsonErrorsProtocol

PATH = "/v1/assistant/acme/message"


def _key(root: Path, store: str = "") -> str:
    from mdxsite.plugins.assistant import keys
    from mdxsite.plugins.assistant.store import open_store

    key, record = keys.new_key(("acme",))
    s = open_store(store, data_dir_for(root / "_site"))
    s.add_key(record)
    s.close()
    return key


def _question(text: str, thread: str | None = None) -> dict[str, Any]:
    return {"fp": "anonymous", "threadId": thread, "messages": [{"role": "user", "content": text}]}


# --------------------------------------------------------------------------- malformed HTTP

def _raw(port: int, head: str, body: bytes, *, half_close: bool = False) -> tuple[int, dict[str, Any]]:
    """Send bytes as written; return the status and the JSON body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(head.encode("latin-1") + b"\r\n" + body)
        if half_close:
            s.shutdown(socket.SHUT_WR)
        got = b""
        while chunk := s.recv(65536):
            got += chunk
    head_bytes, _, payload = got.partition(b"\r\n\r\n")
    lines = head_bytes.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    assert headers["content-type"] == "application/json", got
    return int(lines[0].split()[1]), json.loads(payload)


def _head(key: str, *extra: str) -> str:
    return "".join(f"{line}\r\n" for line in (
        f"POST {PATH} HTTP/1.1", "Host: 127.0.0.1", f"Authorization: Bearer {key}",
        "Content-Type: application/json", *extra))


BODY = json.dumps(_question("How are retries done?")).encode()


MALFORMED = [  # (extra header lines, body, half-close, status, code, words in the message)
    *(((f"Content-Length: {v}",), BODY, False, 400, "invalid_content_length",
        ["Content-Length", repr(v)]) for v in ["-1", "abc", "1e3", "0x10", "5, 7", "9" * 25, "+5"]),
    (("Content-Length: 5", "Content-Length: 7"), BODY, False, 400, "invalid_content_length",
     ["Content-Length"]),
    ((f"Content-Length: {len(BODY) + 100}",), BODY, True, 400, "incomplete_body",
     ["Content-Length", f"{len(BODY)} of the {len(BODY) + 100} bytes"]),
    (("Transfer-Encoding: gzip",), BODY, False, 400, "unsupported_transfer_encoding",
     ["Transfer-Encoding", "'gzip'"]),
]


def test_malformed_http_is_the_json_error_naming_the_header(
        assistant_site: Callable[..., Path], serve: Any, figures: Callable[[str], None]) -> None:
    """uvicorn's own answer was a plain-text 400 (or nothing: a short body waited forever)."""
    root = assistant_site()
    key = _key(root)
    base, _ = serve(root)
    port = int(base.rsplit(":", 1)[1])
    for extra, body, half_close, status, code, words in MALFORMED:
        got, error = _raw(port, _head(key, *extra), body, half_close=half_close)
        assert (got, set(error), set(error["error"])) == (status, {"error"}, {"code", "message"}), extra
        assert error["error"]["code"] == code, (extra, error)
        for word in words:
            assert word in error["error"]["message"], (extra, error)
    fine = httpx.post(base + PATH, json=_question("retries"), headers={"Authorization": f"Bearer {key}"})
    assert fine.status_code == 200 and fine.text.splitlines()[-1].startswith("d:")
    figures(f"malformed HTTP: {len(MALFORMED)} raw requests, each a JSON error naming its header")


class _QuickTimeout(JsonErrorsProtocol):
    body_timeout = 0.5


def test_a_body_that_stops_short_of_its_content_length_is_a_json_408(
        built: Any, kit: Any, live_server: Any) -> None:
    from mdxsite.plugins.assistant.app import create_app

    settings = kit.settings_for(built)
    base = live_server(create_app(settings), http=_QuickTimeout)
    port = int(base.rsplit(":", 1)[1])
    status, error = _raw(port, _head(kit.add_key(settings), f"Content-Length: {len(BODY) + 10}")
                         .replace(PATH, "/acme/message"), BODY)
    assert status == 408 and error["error"]["code"] == "body_timeout"
    # the protocol's own timer gave up (after the 0.5 s set above), not the client's 5 s
    assert "no more of the body arrived for 0.5 s" in error["error"]["message"]
    assert f"Content-Length header declares {len(BODY) + 10} bytes" in error["error"]["message"]


# --------------------------------------------------------------------------- kill -9

def _llm() -> Starlette:
    """An OpenAI-compatible chat-completions server: quick answers, and for a question
    containing "slowly" one that never ends by itself (a token every 0.1 s until the asker
    goes away), so that it is still open when the test kills the asker, however slow the
    machine is."""

    async def completions(request: Request) -> Any:
        question = (await request.json())["messages"][-1]["content"]
        slow = "slowly" in question

        async def tokens() -> Any:
            for i in range(3000 if slow else 3):
                if slow:
                    await asyncio.sleep(0.1)
                yield f"data: {json.dumps({'choices': [{'delta': {'content': f'w{i} '}}]})}\n\n"
            yield "data: [DONE]\n\n"

        return StreamingResponse(tokens(), media_type="text/event-stream")

    return Starlette(routes=[Route("/v1/chat/completions", completions, methods=["POST"])])


class _Load:
    """Clients asking in a loop (new threads and follow-ups) until the server goes away;
    every answer that finished is kept as (thread, question, answer text)."""

    def __init__(self, bases: list[str], key: str, clients: int = 4):
        self.bases, self.key = bases, key
        self.finished: list[tuple[str, str, str]] = []
        self.statuses: Counter[int | str] = Counter()
        self.stop = threading.Event()
        self._lock = threading.Lock()
        self.threads = [threading.Thread(target=self._run, args=(i,), daemon=True)
                        for i in range(clients)]
        for t in self.threads:
            t.start()

    def _run(self, n: int) -> None:
        thread: str | None = None
        bases = list(self.bases)
        with httpx.Client(timeout=10, headers={"Authorization": f"Bearer {self.key}"}) as client:
            i = 0
            while not self.stop.is_set() and bases:
                base = bases[(n + i) % len(bases)]
                question = f"client {n} question {i}: how are retries done?"
                i += 1
                try:
                    r = client.post(base + PATH, json=_question(question, thread if i % 3 else None))
                except httpx.HTTPError as exc:
                    with self._lock:
                        self.statuses[type(exc).__name__] += 1
                    bases.remove(base)  # that server is gone; carry on with the others
                    continue
                with self._lock:
                    self.statuses[r.status_code] += 1
                lines = r.text.splitlines()
                if r.status_code == 200 and lines and lines[-1].startswith("d:"):
                    thread = r.headers["x-thread-id"]
                    text = "".join(json.loads(v) for c, _, v in (ln.partition(":") for ln in lines)
                                   if c == "0")
                    with self._lock:
                        self.finished.append((thread, question, text))
                elif r.status_code == 429:
                    thread = None

    def join(self) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(timeout=20)


def _wait_for(check: Callable[[], bool], what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.02)


@pytest.mark.usefixtures("one_window")
def test_kill_9_under_load_loses_nothing_written_and_truncates_the_open_stream(
        assistant_site: Callable[..., Path], serve: Any, live_server: Any, tmp_path: Path,
        figures: Callable[[str], None]) -> None:
    llm = live_server(_llm())
    root = assistant_site(backend={"type": "openai", "base_url": f"{llm}/v1", "model": "m"})
    key = _key(root)
    base, proc = serve(root, log=tmp_path / "serve.log")
    seen: list[str] = []  # the open stream's lines, as they arrive
    ended: list[str] = []

    def slow_client() -> None:
        try:
            with httpx.stream("POST", base + PATH, json=_question("answer slowly: retries?"),
                              headers={"Authorization": f"Bearer {key}"}, timeout=30) as r:
                seen.append(r.headers["x-thread-id"])
                for line in r.iter_lines():
                    seen.append(line)
            ended.append("end of stream")
        except httpx.HTTPError as exc:
            ended.append(type(exc).__name__)

    streamer = threading.Thread(target=slow_client, daemon=True)
    streamer.start()
    load = _Load([base], key)
    _wait_for(lambda: len(load.finished) >= 30 and len(seen) >= 4, "30 answers and a started stream")
    proc.kill()  # SIGKILL: no shutdown code runs
    proc.wait(timeout=10)
    load.join()
    streamer.join(timeout=20)

    # the client mid-stream saw text, then a cut: no finish part was made up for it
    assert ended and not streamer.is_alive()
    assert any(line.startswith("0:") for line in seen[1:])
    assert not any(line.startswith(("d:", "e:", "3:")) for line in seen[1:]), seen

    db_path = data_dir_for(root / "_site") / "store.sqlite"
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        rows = db.execute("SELECT thread, body FROM messages ORDER BY thread, seq").fetchall()
        (spent,) = db.execute("SELECT sum(n) FROM counters WHERE id LIKE 'domain-hour:%'").fetchone()
    saved: dict[str, list[tuple[str, str]]] = {}
    for thread, body in rows:
        m = json.loads(body)
        saved.setdefault(thread, []).append((m["role"], m["content"]))
    for thread, question, answer in load.finished:  # every answer a client saw finish is stored
        turns = saved[thread]
        assert ("user", question) in turns
        assert turns[turns.index(("user", question)) + 1] == ("assistant", answer)
    assert saved[seen[0]] == [("user", "answer slowly: retries?")]  # no answer made up after the kill
    assert spent >= len(load.finished) + 1

    base, proc = serve(root, log=tmp_path / "serve.log")  # restarted on the same file
    thread, question, answer = load.finished[0]
    follow = httpx.post(base + PATH, json=_question("and then?", thread),
                        headers={"Authorization": f"Bearer {key}"}, timeout=30)
    assert follow.status_code == 200 and follow.headers["x-thread-id"] == thread
    assert follow.text.splitlines()[-1].startswith("d:")
    with sqlite3.connect(db_path) as db:
        (after,) = db.execute("SELECT sum(n) FROM counters WHERE id LIKE 'domain-hour:%'").fetchone()
    assert after == spent + 1
    figures(f"kill -9 under load (SQLite): {len(load.finished)} answers finished before the "
            f"kill, all stored; {spent} requests counted; statuses {dict(load.statuses)}; "
            f"the open stream ended with {ended[0]} after {len(seen) - 1} lines, no finish part")


@pytest.mark.usefixtures("one_window")
@pytest.mark.parametrize("kind", ["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def test_two_servers_on_one_store_keep_the_limit_exact_while_one_is_killed(
        kind: str, assistant_site: Callable[..., Path], serve: Any, tmp_path: Path,
        request: pytest.FixtureRequest, figures: Callable[[str], None]) -> None:
    """Redis: two servers as deployed. SQLite: two processes on one file, each waiting at
    most 0.4 s for the other's write lock (a 503 past that, never a miscount)."""
    limit = 60
    root = assistant_site(limits={"domain_per_hour": limit})
    env: dict[str, str] = {}
    if kind == "redis":
        import redis

        url: str = request.getfixturevalue("redis_url")
        r = redis.Redis.from_url(url, decode_responses=True)
        r.flushdb()
        env["MDXSITE_ASSISTANT_STORE"] = url
    key = _key(root, env.get("MDXSITE_ASSISTANT_STORE", ""))
    (a, proc_a), (b, _) = serve(root, env, tmp_path / "a.log"), serve(root, env, tmp_path / "b.log")
    load = _Load([a, b], key, clients=6)
    _wait_for(lambda: load.statuses[200] >= limit // 3, f"{limit // 3} answers")
    proc_a.kill()
    proc_a.wait(timeout=10)
    at_kill = load.statuses[200]
    _wait_for(lambda: load.statuses[429] >= 10, "the limit to be reached")
    load.join()
    if kind == "redis":
        spent = sum(int(v) for v in r.mget(list(r.scan_iter("mdxsite:assistant:n:domain-hour:*"))))
    else:
        with sqlite3.connect(data_dir_for(root / "_site") / "store.sqlite") as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            (spent,) = db.execute("SELECT sum(n) FROM counters WHERE id LIKE 'domain-hour:%'").fetchone()
    over = httpx.post(b + PATH, json=_question("one more"), headers={"Authorization": f"Bearer {key}"})
    assert over.status_code == 429 and over.json()["error"]["code"] == "rate_limited"
    assert spent == limit  # every admission counted once, none past the limit
    assert load.statuses[200] <= limit
    assert load.statuses[200] > at_kill  # the surviving server went on answering
    assert not [s for s in load.statuses if isinstance(s, int) and s >= 500 and s != 503]
    figures(f"two servers on {kind}, one killed: limit {limit}, {load.statuses[200]} answered "
            f"({at_kill} before the kill), {spent} counted, statuses {dict(load.statuses)}")


def test_past_the_concurrency_limit_the_503_is_json(built: Any, kit: Any, live_server: Any) -> None:
    """uvicorn's own answer is a plain-text 503; a limit of 1 leaves no room for a request."""
    from mdxsite.plugins.assistant.app import create_app

    base = live_server(create_app(kit.settings_for(built)), http=JsonErrorsProtocol,
                       limit_concurrency=1)
    busy = httpx.post(base + "/acme/message", json=_question("retries"))
    assert busy.status_code == 503 and busy.headers["retry-after"] == "1"
    assert busy.json()["error"]["code"] == "server_busy"
