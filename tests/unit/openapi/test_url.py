"""Specs fetched over HTTP are cached on disk so a later offline build still works."""

from __future__ import annotations

import http.server
import threading
from pathlib import Path

import pytest

from mdxsite.errors import MdxsiteError
from mdxsite.openapi.load import load_url

SPEC = b"openapi: 3.1.0\ninfo: {title: Remote, version: '1'}\npaths: {}\n"


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        self.send_response(200 if self.path == "/spec.yaml" else 404)
        self.end_headers()
        self.wfile.write(SPEC if self.path == "/spec.yaml" else b"no")

    def log_message(self, *args: object) -> None:
        pass


def test_fetch_then_offline_uses_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MDXSITE_CACHE", str(tmp_path))
    server = http.server.HTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/spec.yaml"
    assert load_url(url).data["info"]["title"] == "Remote"
    with pytest.raises(MdxsiteError, match="the server answered HTTP 404"):
        load_url(url.replace("spec.yaml", "missing.yaml"))
    server.shutdown()
    server.server_close()
    assert load_url(url, timeout=2).data["info"]["title"] == "Remote"  # server gone: cache
