"""The assistant endpoint as a whole Starlette app: ``POST /{domain}/message``.

Mount it at ``/v1/assistant`` (``mdxsite serve`` does) or in any ASGI app::

    from mdxsite.plugins.assistant.app import create_app
    from mdxsite.plugins.assistant.settings import Settings
    app.mount("/v1/assistant", create_app(Settings(domain="docs", data_dir=Path(".mdxsite-assistant/_site"))))

Every client mistake is an HTTP status with ``{"error": {"code", "message"}}`` before the
stream starts; its exception handlers travel with the app into any parent.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from anyio import to_thread
from redis import exceptions as redis_errors
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from mdxsite.plugins.assistant import keys, limits
from mdxsite.plugins.assistant.answer import AnswerBackend, BackendUnavailable, backend_for
from mdxsite.plugins.assistant.index import SearchIndex, Section
from mdxsite.plugins.assistant.request import (AssistantRequest, ClientError, json_depth_over,
                                               parse_request)
from mdxsite.plugins.assistant.settings import Settings
from mdxsite.plugins.assistant.store import Store, open_store
from mdxsite.plugins.assistant.stream import V4DataStream, V5UIMessageStream

log = logging.getLogger(__name__)
# what a store raises when it is down, not when the request is wrong
STORE_ERRORS: tuple[type[BaseException], ...] = (sqlite3.OperationalError, OSError,
                                                 redis_errors.RedisError)
WIDGET_KEY_ENV = "MDXSITE_ASSISTANT_WIDGET_KEY"
MAX_DEPTH = 32  # a real request nests 4 levels (body, messages, message, parts)


def error_body(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


@dataclass
class Assistant:
    """The endpoint's state: settings, store, index and answer backend."""

    settings: Settings
    store: Store
    index: SearchIndex
    backend: AnswerBackend

    async def _store(self, call: Any, *args: Any) -> Any:
        """Run a store call on a worker thread; an outage of the store (Redis down, SQLite
        locked, unwritable or missing) is a 503 the client may retry, never a 500."""
        try:
            return await to_thread.run_sync(call, *args)
        except STORE_ERRORS as exc:
            log.warning("assistant store unavailable: %s: %s", type(exc).__name__, exc)
            raise ClientError(503, "store_unavailable", "the assistant's store cannot be "
                              "reached; try again shortly", {"Retry-After": "5"}) from exc

    # ------------------------------------------------------------------ checks, in order
    def _bearer(self, request: Request) -> str:
        header = request.headers.get("authorization")
        challenge = {"WWW-Authenticate": 'Bearer realm="assistant"'}
        if not header:
            raise ClientError(401, "missing_api_key", "send the header 'Authorization: Bearer "
                              "<API_KEY>' (create a key with `mdxsite assistant keys create`)",
                              challenge)
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ClientError(401, "invalid_authorization", "the Authorization header must be "
                              "'Bearer <API_KEY>'", {**challenge, "WWW-Authenticate":
                                                     'Bearer realm="assistant", error="invalid_request"'})
        return token.strip()

    async def _authorize(self, token: str, domain: str) -> keys.KeyRecord:
        prefix = keys.prefix_of(token)
        record = await self._store(self.store.get_key, prefix) if prefix else None
        if not keys.matches(record, token):
            raise ClientError(401, "invalid_api_key", "this API key is unknown or revoked",
                              {"WWW-Authenticate": 'Bearer realm="assistant", error="invalid_token"'})
        assert record is not None
        if domain not in record.domains:
            raise ClientError(403, "key_not_allowed", f"this API key is not allowed for the "
                              f"domain {domain!r}")
        return record

    async def _body(self, request: Request) -> Any:
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype != "application/json":
            raise ClientError(415, "unsupported_media_type", "send the body as JSON with "
                              f"'Content-Type: application/json', got {ctype or 'no content type'!r}")
        cap = self.settings.max_body_bytes
        too_big = ClientError(413, "body_too_large", f"the request body is over the limit of "
                              f"{cap} bytes; send fewer or shorter messages")
        length = request.headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                raise ClientError(400, "invalid_content_length", "the Content-Length header is "
                                  f"not a whole number of bytes: {length[:40]!r}")
            if int(length) > cap:
                raise too_big
        body = bytearray()
        try:
            async for chunk in request.stream():
                body += chunk
                if len(body) > cap:
                    raise too_big
        except ClientDisconnect as exc:  # nobody reads this answer; it keeps the log quiet
            raise ClientError(400, "incomplete_body", "the connection closed before the whole "
                              "body arrived") from exc
        if json_depth_over(body, MAX_DEPTH):
            raise ClientError(400, "too_deep", f"the body nests arrays and objects more than "
                              f"{MAX_DEPTH} levels deep")
        try:
            return json.loads(body)
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            raise ClientError(400, "invalid_json", f"the body is not valid JSON: {exc}") from exc

    # ------------------------------------------------------------------ the endpoint
    async def message(self, request: Request) -> Response:
        domain = request.path_params["domain"]
        token = self._bearer(request)
        if domain != self.settings.domain:
            raise ClientError(404, "domain_not_found", f"no assistant is configured for the "
                              f"domain {domain!r}")
        record = await self._authorize(token, domain)
        request.scope.setdefault("state", {})["key_prefix"] = record.prefix
        req = parse_request(await self._body(request), max_page_size=self.settings.max_page_size,
                            v5_header=request.headers.get("x-vercel-ai-ui-message-stream") == "v1")
        history: list[dict[str, Any]]
        if req.thread_id is not None:
            found = await self._store(self.store.thread_messages, domain, req.thread_id)
            if found is None:
                raise ClientError(404, "thread_not_found", f"no thread {req.thread_id!r} for this "
                                  "domain; send threadId null to start a new one")
            history = found
        else:
            history = [{"role": t.role, "content": t.content} for t in req.messages[:-1]]
        ip = request.client.host if request.client else "unknown"
        spent = limits.counters(self.settings.limits, key_prefix=record.prefix, domain=domain, ip=ip)
        hit = await self._store(self.store.admit, spent)
        if hit is not None:
            raise ClientError(429, "rate_limited", f"{limits.DESCRIBE[hit.name]} of {hit.limit} "
                              f"requests is reached; retry after {hit.retry_after(time.time())} "
                              "seconds",
                              limits.headers(hit))
        return await self._answer(req, domain, history)

    async def _answer(self, req: AssistantRequest, domain: str,
                      history: list[dict[str, Any]]) -> Response:
        earlier = [m["content"] for m in history if m.get("role") == "user"][-1:]
        query = " ".join([req.question, *map(str, earlier)])
        try:
            sections: list[Section] = await to_thread.run_sync(
                self.index.search, query, req.page_size, req.filter)
        except (sqlite3.Error, OSError) as exc:
            raise ClientError(503, "index_unavailable", "the search index cannot be read; "
                              "build the site again (mdxsite build)") from exc
        try:
            answer = await self.backend.answer(req.question, history, sections)
            first = await anext(answer.chunks, None)
        except BackendUnavailable as exc:
            raise ClientError(503, "backend_unavailable", f"{exc}; try again later",
                              {"Retry-After": "30"}) from exc
        thread_id: str = req.thread_id or str(await self._store(self.store.create_thread, domain))
        asked: list[dict[str, Any]] = [{"role": "user", "content": req.question}]
        await self._store(self.store.append_messages, thread_id, asked)
        message_id = "msg_" + uuid.uuid4().hex
        enc = (V5UIMessageStream if req.v5 else V4DataStream)(message_id, thread_id)

        async def body() -> AsyncIterator[str]:
            text: list[str] = []
            yield enc.start()
            try:
                if first:
                    text.append(first)
                    yield enc.text(first)
                async for piece in answer.chunks:
                    text.append(piece)
                    yield enc.text(piece)
            except BackendUnavailable as exc:
                log.warning("assistant answer stopped: %s", exc)
                yield enc.error(f"{exc}; the answer is incomplete")
                return
            for src in answer.sources:
                yield enc.source(src)
            full = "".join(text)
            said: list[dict[str, Any]] = [{"role": "assistant", "content": full, "id": message_id,
                                           "sources": [s.url for s in answer.sources]}]
            try:
                await self._store(self.store.append_messages, thread_id, said)
            except ClientError as exc:  # the stream has begun: say so in it, never finish
                log.warning("assistant answer not saved: %s", exc.message)
                yield enc.error(f"{exc.message} (the answer was not saved)")
                return
            yield enc.finish(completion_tokens=len(full.split()))

        return StreamingResponse(body(), media_type=enc.media_type, headers=enc.headers())

    async def widget(self, request: Request) -> Response:
        """The widget's public key, from the environment (never from docs.json or the output)."""
        domain = request.path_params["domain"]
        if domain != self.settings.domain:
            raise ClientError(404, "domain_not_found", f"no assistant is configured for the "
                              f"domain {domain!r}")
        key = os.environ.get(WIDGET_KEY_ENV, "")
        if not key:
            raise ClientError(404, "widget_key_missing", f"the site's operator has not set "
                              f"{WIDGET_KEY_ENV} to a key made with `mdxsite assistant keys create`")
        return JSONResponse({"key": key, "domain": domain}, headers={"cache-control": "no-store"})


async def _client_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ClientError)
    return JSONResponse(error_body(exc.code, exc.message), exc.status, headers=exc.headers)


_HTTP_CODES = {404: ("not_found", "there is nothing here; the endpoint is "
                     "POST /v1/assistant/{domain}/message"),
               405: ("method_not_allowed", "use POST for /v1/assistant/{domain}/message")}


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code, message = _HTTP_CODES.get(exc.status_code, ("http_error", str(exc.detail)))
    return JSONResponse(error_body(code, message), exc.status_code, headers=exc.headers)


async def _server_error(request: Request, exc: Exception) -> Response:
    """The one path for a bug: logged with a request id the client also gets, to match them."""
    request_id = uuid.uuid4().hex[:16]
    log.error("assistant: unexpected %s (request %s)", type(exc).__name__, request_id, exc_info=exc)
    return JSONResponse(error_body("internal_error", f"the assistant failed; the server log has "
                                   f"the details under request id {request_id}"), 500,
                        headers={"X-Request-Id": request_id})


def create_app(settings: Settings, *, store: Store | None = None, index: SearchIndex | None = None,
               backend: AnswerBackend | None = None) -> Starlette:
    """Build the assistant app (mount it at ``/v1/assistant``)."""
    assistant = Assistant(settings, store or open_store(settings.store_url, settings.data_dir),
                          index or SearchIndex(settings.index_path),
                          backend or backend_for(settings.backend))
    middleware = []
    if settings.cors_origins:
        middleware.append(Middleware(
            CORSMiddleware, allow_origins=list(settings.cors_origins), allow_methods=["POST", "GET"],
            allow_headers=["authorization", "content-type", "x-vercel-ai-ui-message-stream"],
            expose_headers=["x-thread-id", "x-vercel-ai-data-stream", "x-vercel-ai-ui-message-stream",
                            "retry-after", "ratelimit", "ratelimit-policy", "ratelimit-limit",
                            "ratelimit-remaining", "ratelimit-reset"], max_age=600))
    app = Starlette(
        routes=[Route("/{domain}/message", assistant.message, methods=["POST"]),
                Route("/{domain}/widget", assistant.widget, methods=["GET"])],
        middleware=middleware,
        exception_handlers={ClientError: _client_error, HTTPException: _http_error,
                            Exception: _server_error})
    app.state.assistant = assistant
    return app
