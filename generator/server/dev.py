"""``mdxsite dev``: serve the output, rebuild what a save affects, update the open pages.

One Starlette application, served by uvicorn on one origin:

- the published output with clean URLs (``/guides/x/`` -> ``guides/x/index.html``, the site's
  404 page with status 404); every HTML response gets one ``<script>`` added, the dev client
  (the files on disk stay byte-identical to ``mdxsite build``'s);
- ``/_mdxsite/dev/events``: server-sent events. After each rebuild the server sends the URLs
  of the pages whose HTML changed and the current errors. A tab showing a changed page
  reloads itself at the same scroll position; the others stay as they are. Errors show as an
  overlay over whatever page is open (the last good output stays served) until a rebuild
  succeeds;
- every ``(path, app)`` from ``mdxsite_asgi_apps`` mounted at its path (the assistant), so the
  pages call it same-origin, as they would behind a real deployment.

Server-sent events rather than the livereload package: one HTTP origin and port for pages,
events and mounted apps; plain ``EventSource`` in the browser, which reconnects by itself
after a restart; and a message format of our own, which carries the changed pages and the
located errors the overlay needs (livereload's protocol only says "reload this path").
"""

from __future__ import annotations

import asyncio
import json
import logging
import mimetypes
import socket
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount, Route

from mdxsite.errors import Location, MdxsiteError
from mdxsite.server.app import HostRedirects

log = logging.getLogger(__name__)

EVENTS = "/_mdxsite/dev/events"
CLIENT = "/_mdxsite/dev/client.js"
CLIENT_TAG = f'<script src="{CLIENT}"></script>'
KEEPALIVE_SECONDS = 15.0
FALLBACK_PAGE = ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}"
                 "</title></head><body><h1>{title}</h1><p>{text}</p></body></html>")


class Hub:
    """Fans rebuild news out to every open tab's event stream (thread-safe ``publish``)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._queues: set[asyncio.Queue[dict[str, Any] | None]] = set()
        self.state: dict[str, Any] = {"type": "hello", "errors": []}

    def publish(self, event: dict[str, Any]) -> None:
        """Send ``event`` to every client; callable from any thread."""
        self.state = {"type": "hello", "errors": event.get("errors", [])}
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._fan, event)

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._fan, None)

    def _fan(self, event: dict[str, Any] | None) -> None:
        for queue in list(self._queues):
            queue.put_nowait(event)

    async def stream(self, request: Request) -> StreamingResponse:
        self.loop = asyncio.get_running_loop()
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._queues.add(queue)
        first = dict(self.state)

        async def events() -> Any:
            try:
                yield "retry: 500\n\n"
                yield f"data: {json.dumps(first)}\n\n"
                while True:
                    try:
                        event = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                    except TimeoutError:
                        yield ": keep-alive\n\n"
                        continue
                    if event is None:
                        return
                    yield f"data: {json.dumps(event)}\n\n"
            finally:
                self._queues.discard(queue)

        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def rebuild_event(result: Any) -> dict[str, Any]:
    """Turn an :class:`mdxsite.incremental.Rebuild` into the message the dev client reads."""
    return {"type": "rebuilt", "ok": result.ok, "pages": result.page_urls(),
            "reloadAll": bool(result.reload_all and result.ok),
            "errors": [str(p) for p in result.problems], "seconds": round(result.seconds, 3)}


def _inject(html: bytes) -> bytes:
    tag = CLIENT_TAG.encode()
    for marker in (b"</head>", b"</body>"):
        at = html.rfind(marker) if marker == b"</body>" else html.find(marker)
        if at >= 0:
            return html[:at] + tag + html[at:]
    return html + tag


def create_app(out_dir: Path, hub: Hub, mounts: Iterable[tuple[str, Any]] = ()) -> Starlette:
    """Return the dev server's ASGI app for ``out_dir``, with plugin apps mounted."""
    out_dir = out_dir.resolve()
    client_js = (Path(__file__).parent / "dev_client.js").read_bytes()

    async def client(request: Request) -> Response:
        return Response(client_js, media_type="text/javascript",
                        headers={"Cache-Control": "no-store"})

    def html_response(path: Path, status: int = 200) -> Response:
        return Response(_inject(path.read_bytes()), status_code=status,
                        media_type="text/html; charset=utf-8",
                        headers={"Cache-Control": "no-store"})

    def not_found() -> Response:
        page = out_dir / "404.html"
        if page.is_file():
            return html_response(page, 404)
        text = FALLBACK_PAGE.format(title="Not found", text="Nothing is built here (yet).")
        return Response(_inject(text.encode()), status_code=404,
                        media_type="text/html; charset=utf-8")

    async def static(request: Request) -> Response:
        if request.method not in ("GET", "HEAD"):
            return PlainTextResponse("Method Not Allowed", status_code=405,
                                     headers={"Allow": "GET, HEAD"})
        url_path = request.url.path
        rel = unquote(url_path).lstrip("/")
        try:
            target = (out_dir / rel).resolve()
        except (ValueError, OSError):  # a NUL byte, a name too long: no such file
            return not_found()
        if target != out_dir and not target.is_relative_to(out_dir):
            return not_found()
        if target.is_dir():
            if not url_path.endswith("/"):
                query = f"?{request.url.query}" if request.url.query else ""
                return RedirectResponse(url_path + "/" + query, status_code=308)
            target = target / "index.html"
        if not target.is_file():
            return not_found()
        if target.suffix == ".html":
            return html_response(target)
        media = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        return FileResponse(target, media_type=media, headers={"Cache-Control": "no-store"})

    routes: list[BaseRoute] = [Route(EVENTS, hub.stream), Route(CLIENT, client)]
    routes += [Mount(path.rstrip("/"), app=app) for path, app in mounts]
    routes.append(Route("/{path:path}", static, methods=["GET", "HEAD", "POST", "PUT", "DELETE",
                                                         "PATCH", "OPTIONS"]))
    app = Starlette(routes=routes)
    app.add_middleware(HostRedirects, out_dir=out_dir)  # docs.json redirects, as a host answers them
    return app


def bind(host: str, port: int) -> socket.socket:
    """Open the listening socket first, so a busy port is a clear error and port 0 works."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise MdxsiteError.single(
            f"cannot listen on {host}:{port} ({exc.strerror or exc})",
            hint="stop the other server or choose another port with --port",
            where=Location("command line")) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def url_of(sock: socket.socket, host: str) -> str:
    """The address a socket from :func:`bind` listens on, as a browser takes it."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{sock.getsockname()[1]}"


def _serve(app: Starlette, sock: socket.socket, hub: Hub, *, main_thread: bool,
           on_started: Callable[[], None] | None = None) -> tuple[Any, Callable[[], None]]:
    import uvicorn

    class _Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            hub.close()  # open event streams would otherwise hold the shutdown
            super().handle_exit(sig, frame)

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            hub.loop = asyncio.get_running_loop()
            await super().startup(sockets=sockets)
            if on_started is not None:
                on_started()

    from mdxsite.server.protocol import JsonErrorsProtocol

    config = uvicorn.Config(app, log_level="warning", lifespan="off",
                            timeout_graceful_shutdown=2, http=JsonErrorsProtocol)
    server = _Server(config)

    def stop() -> None:
        hub.close()
        server.should_exit = True

    if main_thread:
        server.run(sockets=[sock])
    return server, stop


class DevSession:
    """One ``mdxsite dev``: the incremental engine, the watcher and the server.

    The socket is bound first (a busy port fails before any work), then the watcher starts
    (a save during the first build is not lost), then the first build runs.
    """

    def __init__(self, root: Path, out_dir: Path, pm: Any, *, host: str = "127.0.0.1",
                 port: int = 8000, jobs: int = 1, blocked: Iterable[str] = (),
                 debounce: float = 0.05) -> None:
        from mdxsite.incremental import Engine
        from mdxsite.output.staging import cache_dir_for
        from mdxsite.server.watch import Watcher

        self.engine = Engine(root, out_dir, pm, jobs=jobs, blocked=tuple(blocked))
        self.hub = Hub()
        self.engine.listeners.append(lambda result: self.hub.publish(rebuild_event(result)))
        self.sock = bind(host, port)
        self.url = url_of(self.sock, host)
        self.watcher = Watcher(self.engine.root, self._changed, debounce=debounce,
                               ignore=[self.engine.out_dir, cache_dir_for(self.engine.out_dir)])
        self.app: Starlette | None = None
        self._thread: threading.Thread | None = None
        self._stop: Callable[[], None] | None = None

    def _changed(self, paths: set[str]) -> None:
        self.engine.apply(paths)
        self.watcher.watch(self.engine.watch_paths)

    def start(self) -> Any:
        """Start watching and run the first build; return its Rebuild."""
        self.watcher.start()
        first = self.engine.build()
        self.watcher.watch(self.engine.watch_paths)
        self.app = create_app(self.engine.out_dir, self.hub, self._mounts())
        return first

    def _mounts(self) -> list[tuple[str, Any]]:
        from mdxsite.server.app import plugin_mounts

        site = self.engine.site
        if site is None:
            return []
        return plugin_mounts(self.engine.pm, site, self.engine.out_dir)

    def serve_forever(self, on_started: Callable[[], None] | None = None) -> None:
        """Serve on this thread until Ctrl+C; then stop watching."""
        assert self.app is not None
        try:
            _serve(self.app, self.sock, self.hub, main_thread=True, on_started=on_started)
        except KeyboardInterrupt:  # uvicorn re-raises the Ctrl+C it handled: a normal stop
            pass
        finally:
            self.close()

    def serve_in_background(self) -> None:
        """Serve on a thread of its own (tests); :meth:`close` stops it."""
        assert self.app is not None
        server, self._stop = _serve(self.app, self.sock, self.hub, main_thread=False)
        self._thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[self.sock])),
                                        name="mdxsite-dev-server", daemon=True)
        self._thread.start()

    def close(self) -> None:
        if self._stop is not None:
            self._stop()
        if self._thread is not None:
            self._thread.join(timeout=10)
        self.watcher.stop()
        self.engine.close()
        self.sock.close()
