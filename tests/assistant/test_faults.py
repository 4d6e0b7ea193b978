"""Faults with real processes: ``mdxsite serve`` answering malformed HTTP on raw sockets,
killed with ``kill -9`` under load and restarted on its SQLite store, and two servers sharing
one redis-server while one of them is killed. Each test prints what it counted."""

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

from mdxsite.plugins.assistant.settings import Settings, data_dir_for
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
    (("Transfer-Encoding: gzip",), BODY, False, 501, "unsupported_transfer_encoding",
     ["Transfer-Encoding", "'gzip'"]),
]


def test_malformed_http_is_the_json_error_naming_the_header(
        assistant_site: Callable[..., Path], serve: Any, capsys: pytest.CaptureFixture[str]) -> None:
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
    with capsys.disabled():
        print(f"\nmalformed HTTP: {len(MALFORMED)} raw requests, each a JSON error naming its header")


class _QuickTimeout(JsonErrorsProtocol):
    body_timeout = 0.5


def test_a_body_that_stops_short_of_its_content_length_is_a_json_408(
        built: Any, kit: Any, live_server: Any) -> None:
    from mdxsite.plugins.assistant.app import create_app

    settings = kit.settings_for(built)
    base = live_server(create_app(settings), http=_QuickTimeout)
    port = int(base.rsplit(":", 1)[1])
    started = time.monotonic()
    status, error = _raw(port, _head(kit.add_key(settings), f"Content-Length: {len(BODY) + 10}")
                         .replace(PATH, "/acme/message"), BODY)
    assert status == 408 and error["error"]["code"] == "body_timeout"
    assert f"Content-Length header declares {len(BODY) + 10} bytes" in error["error"]["message"]
    assert time.monotonic() - started < 3
