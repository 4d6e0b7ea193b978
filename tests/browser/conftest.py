"""Browser fixtures: Debian's Chromium driven by playwright (serve_dir is in tests/conftest.py),
and the local API that the playground tests send their requests to."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Mapping
from email.parser import BytesParser
from email.policy import default as default_policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    """A headless Chromium (the Debian package; playwright never downloads a browser here)."""
    if not CHROMIUM.exists():
        pytest.fail("/usr/bin/chromium is missing: run `make test`, which installs it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def local_context(chromium) -> Iterator[Callable[..., object]]:
    """``local_context(width, height)`` -> a browser context whose requests may not leave
    127.0.0.1: any other is aborted and its URL kept in ``context.outside`` for the test."""
    contexts: list[object] = []

    def make(width: int = 1200, height: int = 900) -> object:
        context = chromium.new_context(viewport={"width": width, "height": height})
        outside: list[str] = []

        def route(r) -> None:
            if r.request.url.startswith("http://127.0.0.1"):
                r.continue_()
            else:
                outside.append(r.request.url)
                r.abort()

        context.route("**/*", route)
        context.outside = outside
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


# Every header a playground test sends; a header the playground adds on its own fails the
# preflight, as it would against a real API that lists what it accepts.
ECHO_HEADERS = "Authorization, Content-Type, X-Request-Id, X-API-Key, X-Key"


def _received(handler: BaseHTTPRequestHandler, name: str) -> dict[str, object]:
    """What arrived, as the echo answers it: the same keys for every request, so a test can
    compare the whole answer. A multipart body is parsed into ``parts`` (name -> filename and
    content) and ``partList`` (every part's [name, content], in order: a name may repeat), a
    form body into ``form`` (ordered pairs), any other into ``body`` (JSON when it
    parses, else the text)."""
    raw = handler.rfile.read(int(handler.headers.get("Content-Length") or 0))
    kind = handler.headers.get("Content-Type")
    got: dict[str, object] = {
        "server": name, "method": handler.command, "path": handler.path,
        "authorization": handler.headers.get("Authorization"), "key": handler.headers.get("X-Key"),
        "contentType": kind, "cookie": handler.headers.get("Cookie"),
        "body": None, "form": None, "parts": None, "partList": None}
    if kind and kind.startswith("multipart/form-data"):
        message = BytesParser(policy=default_policy).parsebytes(
            f"Content-Type: {kind}\r\n\r\n".encode() + raw)
        got["parts"] = {
            part.get_param("name", header="content-disposition"): {
                "filename": part.get_filename(),
                "content": part.get_payload(decode=True).decode()}
            for part in message.iter_parts()}
        got["partList"] = [[part.get_param("name", header="content-disposition"),
                            part.get_payload(decode=True).decode()]
                           for part in message.iter_parts()]
    elif kind == "application/x-www-form-urlencoded":
        got["form"] = parse_qsl(raw.decode(), keep_blank_values=True)
    elif raw:
        try:
            got["body"] = json.loads(raw)
        except ValueError:
            got["body"] = raw.decode(errors="replace")
    return got


def _echo_handler(name: str, post_status: int, credentials: bool,
                  canned: Mapping[str, tuple[str, bytes]]) -> type[BaseHTTPRequestHandler]:
    class Echo(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def _cors(self) -> None:
            if credentials:  # a request with cookies needs its origin named, never "*"
                self.send_header("Access-Control-Allow-Origin", self.headers.get("Origin") or "*")
                self.send_header("Access-Control-Allow-Credentials", "true")
            else:  # "*": the browser refuses the answer to a request sent with credentials
                self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE")
            self.send_header("Access-Control-Allow-Headers", ECHO_HEADERS)
            self.send_header("Access-Control-Expose-Headers", "X-Served-By")

        def do_OPTIONS(self) -> None:  # the browser's CORS preflight
            self.send_response(204)
            self._cors()
            self.end_headers()

        def _answer(self) -> None:
            path = self.path.split("?")[0]
            if path in canned:
                kind, payload = canned[path]
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
            else:
                kind, payload = "application/json", json.dumps(_received(self, name)).encode()
            self.send_response(post_status if self.command == "POST" else 200)
            self._cors()
            self.send_header("Content-Type", kind)
            self.send_header("X-Served-By", name)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _answer

    return Echo


@pytest.fixture
def echo_api() -> Iterator[Callable[..., str]]:
    """``echo_api(name)`` starts a local JSON API on its own 127.0.0.1 port and returns its base
    URL. It answers every request with what it received (see :func:`_received`), with CORS, an
    ``X-Served-By: <name>`` header and status 200, or ``post_status`` for a POST.
    ``credentials=True`` allows requests sent with cookies; ``canned`` maps a path to the
    (content type, bytes) answered there instead of the echo, such as an image."""
    servers: list[ThreadingHTTPServer] = []

    def start(name: str = "echo", *, post_status: int = 200, credentials: bool = False,
              canned: Mapping[str, tuple[str, bytes]] | None = None) -> str:
        handler = _echo_handler(name, post_status, credentials, dict(canned or {}))
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_port}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def api_playground(tmp_path: Path, echo_api: Callable[..., str], serve_dir: Callable[..., str],
                   chromium: object) -> Iterator[Callable[[str, str, str], tuple[object, object]]]:
    """``api_playground(name, spec, page)`` builds a site of one OpenAPI document (YAML text
    whose word ``API`` is replaced by the echo API's URL, so its server is that API), opens
    ``page`` (``/api/<operation>/``) in Chromium, opens its playground and returns (page,
    playground locator)."""
    from click.testing import CliRunner

    from mdxsite.cli import main

    contexts: list[object] = []

    def open_page(name: str, spec: str, page: str) -> tuple[object, object]:
        root = tmp_path / name
        root.mkdir()
        (root / f"{name}.yaml").write_text(spec.replace("API", echo_api(name)))
        (root / "docs.json").write_text(json.dumps({
            "name": name, "theme": "mint", "navigation": {"tabs": [
                {"tab": "API", "openapi": {"source": f"{name}.yaml", "directory": "api"}}]}}))
        out = tmp_path / f"{name}-out"
        result = CliRunner().invoke(main, ["--disable-plugin", "search", "build", str(root),
                                           "-o", str(out)])
        assert result.exit_code == 0, result.output
        context = chromium.new_context()  # type: ignore[attr-defined]
        contexts.append(context)
        tab = context.new_page()
        tab.goto(serve_dir(out) + page)
        tab.locator("[data-pg-open]").click()
        return tab, tab.locator("[data-playground]")

    yield open_page
    for context in contexts:
        context.close()  # type: ignore[attr-defined]
