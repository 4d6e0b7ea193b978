"""Wildcard redirects on a host with no rules file: the 404 page's script sends the reader on."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

RULES = [{"source": "/beta/:slug*", "destination": "/v2/:slug*"},
         {"source": "/old/article-*", "destination": "/new/article-*", "permanent": False},
         {"source": "/a/*/b", "destination": "/quickstart"}]
PAGES = {k: f"---\ntitle: Page {k}\n---\nBody.\n" for k in ("quickstart", "v2/introduction", "new/article-123")}


class _PagesHost(http.server.SimpleHTTPRequestHandler):
    """A host with no rules file that answers misses with 404.html (GitHub Pages, S3, nginx)."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def pages_host() -> Iterator[Callable[[Path], str]]:
    servers = []

    def serve(folder: Path) -> str:
        server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(_PagesHost, directory=str(folder)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_port}"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


def test_the_404_page_applies_wildcard_rules_where_the_host_has_none(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path,
        pages_host: Callable[[Path], str], local_context: Callable[..., object]) -> None:
    root = make_site({"name": "R", "redirects": RULES,
                      "navigation": {"groups": [{"group": "G", "pages": list(PAGES)}]}}, pages=PAGES)
    built = tmp_path / "out"
    assert cli("build", root, "-o", built).exit_code == 0
    base = pages_host(built)
    page = local_context().new_page()
    for path, landed in (("/beta/introduction", "/v2/introduction/"),
                         ("/old/article-123", "/new/article-123/"),
                         ("/a/x/b", "/quickstart/")):
        page.goto(base + path)
        page.wait_for_url(base + landed)
        assert page.locator("h1").first.inner_text() == f"Page {landed.strip('/')}"
