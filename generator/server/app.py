"""The site as an ASGI app: the static output plus the apps plugins mount beside it.

``site_app`` is what ``mdxsite serve`` runs under uvicorn (and what watch mode can reuse):
each ``mdxsite_asgi_apps`` contribution is mounted at its path, the output folder is served
with clean URLs (``/guides/setup/`` → ``guides/setup/index.html``) and ``404.html`` for
misses, and every request is logged as one JSON line without headers, query or body.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.responses import RedirectResponse
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

access_log = logging.getLogger("mdxsite.access")


class AccessLog:
    """One structured line per request: method, path, status, bytes, ms, client. No secrets:
    headers (Authorization), query strings and bodies are never logged."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        seen = {"status": 0, "bytes": 0}

        async def counting(message: Message) -> None:
            if message["type"] == "http.response.start":
                seen["status"] = message["status"]
            elif message["type"] == "http.response.body":
                seen["bytes"] += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, counting)
        finally:
            client = scope.get("client")
            access_log.info("%s", json.dumps({
                "method": scope["method"], "path": scope["path"], "status": seen["status"] or 500,
                "bytes": seen["bytes"], "ms": round((time.perf_counter() - started) * 1000, 1),
                "client": client[0] if client else None,
                "key": scope.get("state", {}).get("key_prefix")}, separators=(",", ":")))


class HostRedirects:
    """Answer the output's ``_redirects`` rules with their real statuses, as Netlify or
    Cloudflare Pages would, before the static files (a rule wins over a file at its source).

    The file is read again when a build changes it, so ``dev`` follows docs.json edits.
    """

    def __init__(self, app: ASGIApp, out_dir: Path):
        self.app = app
        self.file = out_dir / "_redirects"
        self.seen: tuple[float, list[Any]] = (-1.0, [])

    def _rules(self) -> list[Any]:
        from mdxsite.output import redirects

        try:
            stamp = self.file.stat().st_mtime
        except OSError:
            return []
        if stamp != self.seen[0]:
            self.seen = (stamp, redirects.parse_host_file(self.file.read_text("utf-8", "replace")))
        return self.seen[1]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            from mdxsite.output import redirects

            found = redirects.first_match(self._rules(), scope["path"])
            if found is not None:
                query = scope.get("query_string", b"").decode("latin-1")
                target = found[0] + ("?" + query if query and "?" not in found[0] else "")
                await RedirectResponse(target, status_code=found[1])(scope, receive, send)
                return
        await self.app(scope, receive, send)


def plugin_mounts(pm: Any, site: Any, out_dir: Path) -> list[tuple[str, Any]]:
    """Return every ``(path, ASGI app)`` plugins mount beside ``site`` (``mdxsite_asgi_apps``).

    Two plugins claiming one path is an error naming both.
    """
    from mdxsite import pipeline

    return pipeline.asgi_apps(site, pm, out_dir)


def prepare_serving(root: Path, out_dir: Path, pm: Any) -> tuple[Any, list[tuple[str, Any]], Any]:
    """What ``mdxsite serve`` does before it listens: build ``out_dir`` when it is missing or
    older than a site file, and gather the plugins' apps.

    Returns:
        The site, its ``(path, ASGI app)`` mounts and the build's report (None: no build).
    """
    from mdxsite import pipeline

    report = None
    if needs_build(root, out_dir):
        report = pipeline.build(root, out_dir, pm, jobs=pipeline.cpu_jobs())
    site = report.site if report is not None and report.site is not None else \
        pipeline.prepare(root, pm)
    return site, plugin_mounts(pm, site, out_dir), report


def site_app(out_dir: Path, mounts: Iterable[tuple[str, Any]] = (), *, base_url: str = "/") -> Starlette:
    """Return the ASGI app serving ``out_dir`` at ``base_url`` with ``mounts`` beside it.

    Longer mount paths are matched first, so ``/v1/assistant`` wins over a site at ``/``.
    """
    routes = [Mount(path.rstrip("/"), app=app)
              for path, app in sorted(mounts, key=lambda m: -len(m[0]))]
    routes.append(Mount(base_url.rstrip("/"), app=StaticFiles(directory=out_dir, html=True)))
    app = Starlette(routes=routes)
    app.add_middleware(HostRedirects, out_dir=out_dir)
    app.add_middleware(AccessLog)
    return app


def needs_build(root: Path, out_dir: Path) -> bool:
    """Return True when ``out_dir`` was never built, or a file of the site changed since.

    The manifest beside the output is rewritten by every successful build, so its time is
    the last build's; hidden folders (caches) and the output itself are not site files.
    """
    from mdxsite.output.staging import MANIFEST, cache_dir_for

    manifest = cache_dir_for(out_dir) / MANIFEST
    if not manifest.is_file() or not out_dir.is_dir():
        return True
    built = manifest.stat().st_mtime
    out = out_dir.resolve()
    for path in root.rglob("*"):
        rel = path.relative_to(root).parts
        if any(p.startswith(".") for p in rel) or path.resolve().is_relative_to(out):
            continue
        if path.is_file() and path.stat().st_mtime > built:
            return True
    return False
