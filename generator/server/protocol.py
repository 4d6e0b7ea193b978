"""uvicorn's h11 protocol with JSON answers to requests that are not valid HTTP/1.1.

uvicorn answers a request h11 cannot parse (a ``Content-Length`` of ``-1``, ``abc`` or two
that disagree, an unsupported ``Transfer-Encoding``, no ``Host``) with a plain-text
``Invalid HTTP request received.``, before any app sees it; and a body shorter than its
``Content-Length`` is either waited for without end or dropped without an answer when the
client closes its side; past ``limit_concurrency`` it answers a plain-text 503.
:class:`JsonErrorsProtocol` answers each of those with the JSON error shape the assistant
documents, ``{"error": {"code", "message"}}``, naming the header::

    uvicorn.run(app, http=JsonErrorsProtocol)
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from typing import Any

import h11
from starlette.types import Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

_RECENT = 16384      # bytes kept to quote a bad header's value (h11 caps a head at 16 KiB)
_HEADER = re.compile(rb"\r\n(content-length|transfer-encoding)[ \t]*:[ \t]*([^\r\n]*)", re.I)
_REASON = {400: b"Bad Request", 408: b"Request Timeout", 431: b"Request Header Fields Too Large"}


def _json_error(code: str, message: str) -> bytes:
    return json.dumps({"error": {"code": code, "message": message}}).encode()


def _quoted(value: bytes) -> str:
    return repr(value[:40].decode("latin-1"))


def describe(reason: str, recent: bytes) -> tuple[int, str, str]:
    """Turn h11's reason for refusing a request into (status, code, message naming the header)."""
    values = {name.lower(): v.strip() for name, v in _HEADER.findall(recent)}
    if "Content-Length" in reason:
        got = values.get(b"content-length")
        return 400, "invalid_content_length", (
            "the Content-Length header must be one whole number of bytes (0 or more, the same "
            "in every copy of the header)" + (f", got {_quoted(got)}" if got is not None else "")
            + "; send the body's exact length in bytes")
    if "complete message body" in reason:
        counts = re.search(r"received (\d+) bytes, expected (\d+)", reason)
        said = (f": {counts[1]} of the {counts[2]} bytes the Content-Length header declares "
                "arrived" if counts else " (the chunked body was cut short)")
        return 400, "incomplete_body", (f"the connection closed before the whole body{said}; "
                                        "send as many bytes as Content-Length says")
    if "Transfer-Encoding" in reason:
        got = values.get(b"transfer-encoding")
        # RFC 9112 suggests 501, but the mistake is the client's: a 4xx, as for every other
        return 400, "unsupported_transfer_encoding", (
            "the Transfer-Encoding header may only be 'chunked' (once)"
            + (f", got {_quoted(got)}" if got is not None else "")
            + "; or send Content-Length instead")
    if "Host" in reason:
        return 400, "invalid_host", "an HTTP/1.1 request needs exactly one Host header"
    if "Receive buffer too long" in reason:
        return 431, "headers_too_large", "the request line and headers are over 16 KiB"
    if "header" in reason.lower():  # never echo a header's value: it may be a credential
        return 400, "invalid_header", ("a header's name or value has characters HTTP does not "
                                       "allow (or a line is folded); fix the request's headers")
    return 400, "bad_request", f"the request is not valid HTTP/1.1 ({reason.split(' b')[0]})"


class JsonErrorsProtocol(H11Protocol):
    """An ``H11Protocol`` whose own error answers are JSON naming what is wrong."""

    body_timeout = 10.0  # seconds without a byte of a declared body before it is given up

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._recent = b""
        self._body_timer: asyncio.TimerHandle | None = None
        # uvicorn's own answer past limit_concurrency is a plain-text 503: the same rule here
        self._limit, self.limit_concurrency = self.limit_concurrency, None
        self.app = self._limited(self.app)

    def _limited(self, app: Any) -> Any:
        async def limited(scope: Scope, receive: Receive, send: Send) -> None:
            if self._limit is not None and (len(self.connections) >= self._limit
                                            or len(self.tasks) > self._limit):
                self.logger.warning("Exceeded concurrency limit.")
                body = _json_error("server_busy", "the server has as many requests as it takes "
                                   "at once; try again in a moment")
                await send({"type": "http.response.start", "status": 503, "headers": [
                    (b"content-type", b"application/json"), (b"retry-after", b"1"),
                    (b"content-length", str(len(body)).encode()), (b"connection", b"close")]})
                await send({"type": "http.response.body", "body": body})
                return
            await app(scope, receive, send)

        return limited

    def data_received(self, data: bytes) -> None:
        self._recent = (self._recent + data)[-_RECENT:]
        super().data_received(data)
        self._restart_body_timer()

    def _waiting_for_body(self) -> bool:
        cycle = self.cycle
        return (cycle is not None and cycle.more_body and not cycle.response_started
                and not cycle.disconnected and self.conn.their_state is h11.SEND_BODY)

    def _restart_body_timer(self) -> None:
        if self._body_timer is not None:
            self._body_timer.cancel()
            self._body_timer = None
        if self._waiting_for_body():
            self._body_timer = self.loop.call_later(self.body_timeout, self._body_stalled)

    def _body_stalled(self) -> None:
        self._body_timer = None
        if self._waiting_for_body():
            declared = dict(self.headers).get(b"content-length")
            said = (f"the Content-Length header declares {declared.decode('latin-1')} bytes"
                    if declared is not None else "the chunked body has not ended")
            self._answer(408, "body_timeout", f"no more of the body arrived for "
                         f"{self.body_timeout:g} s, and {said}; send the whole body without "
                         "pausing")

    def eof_received(self) -> None:
        """The client closed its side: if a body was still due, say so (the app would only
        see a disconnect). The transport closes after writing what it holds."""
        if not self._waiting_for_body():
            return
        try:
            self.conn.receive_data(b"")
            self.conn.next_event()
        except h11.RemoteProtocolError as exc:
            self._answer(*describe(str(exc), self._recent))

    def send_400_response(self, msg: str) -> None:
        """uvicorn calls this when h11 refuses the bytes, inside its ``except`` block: the
        reason is h11's exception."""
        exc = sys.exc_info()[1]
        self._answer(*describe(str(exc) if exc is not None else msg, self._recent))

    def _answer(self, status: int, code: str, message: str) -> None:
        if self._body_timer is not None:
            self._body_timer.cancel()
            self._body_timer = None
        self.logger.info("refused a request: %s: %s", code, message)
        if self.cycle is not None:  # the app, if it runs, sees a disconnect; its answer is dropped
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        body = _json_error(code, message)
        head = (b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
                b"connection: close\r\n\r\n" % (status, _REASON.get(status, b"Error"), len(body)))
        # written directly: h11's state may already be ERROR, where it refuses to send
        if not self.transport.is_closing():
            self.transport.write(head + body)
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._body_timer is not None:
            self._body_timer.cancel()
            self._body_timer = None
        super().connection_lost(exc)
