"""Corners of OpenAPI documents where a page differed from the platform's converter or from
OpenAPI, or its Markdown copy left out what the page shows: a path item's description standing
for its operation's, deprecated parameters and callbacks in the ``.md`` copy, a relative server
URL of a document fetched from a URL."""

from __future__ import annotations

import http.server
import json
import threading
from pathlib import Path

import pytest

from click.testing import CliRunner

from mdxsite.cli import main

SPEC = """openapi: 3.0.3
info: {title: Edges, version: "1"}
servers: [{url: "https://api.test"}]
paths:
  /pets:
    description: Everything about pets.
    get:
      summary: List pets
      parameters:
        - {name: legacy, in: query, deprecated: true, schema: {type: string}}
      responses: {"200": {description: ok}}
    post:
      summary: Add pet
      description: Adds one pet.
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {callbackUrl: {type: string}}}
      responses: {"201": {description: created}}
      callbacks:
        onAdded:
          "{$request.body#/callbackUrl}":
            post:
              summary: Pet added
              requestBody:
                content:
                  application/json:
                    schema: {type: object, properties: {event: {type: string}}}
              responses: {"200": {description: ok}}
"""


def build(tmp_path: Path) -> Path:
    (tmp_path / "api.yaml").write_text(SPEC)
    (tmp_path / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "E", "colors": {"primary": "#112233"},
        "navigation": {"tabs": [{"tab": "API", "openapi": "api.yaml"}]}}))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["--disable-plugin", "search", "build", str(tmp_path),
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out / "api-reference"


def test_a_path_items_description_and_the_markdown_copy(tmp_path: Path) -> None:
    out = build(tmp_path)
    listing = (out / "list-pets" / "index.html").read_text()
    adding = (out / "add-pet" / "index.html").read_text()
    # the platform: the operation's description, else its path item's
    assert '<div class="api-description"><p>Everything about pets.</p>' in listing
    assert '<div class="api-description"><p>Adds one pet.</p>' in adding
    assert "Everything about pets." not in adding
    assert "- `legacy` · string · query · deprecated" in (out / "list-pets.md").read_text()
    md = (out / "add-pet.md").read_text()
    assert ("## Callbacks\n\n### `POST {$request.body#/callbackUrl}` (onAdded)\n\nPet added\n\n"
            "`application/json`: object\n\n- `event` · string\n") in md


def test_a_relative_server_of_a_fetched_document_is_where_it_is_served(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = (b"openapi: 3.1.0\ninfo: {title: R, version: '1'}\n"
            b"servers: [{url: /v1}, {url: 'https://{region}.api.test', variables: "
            b"{region: {default: eu}}}]\n"
            b"paths:\n  /pets:\n    get: {summary: List pets, responses: {'200': "
            b"{description: ok}}}\n")

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            self.send_response(200)
            self.end_headers()
            self.wfile.write(spec)

        def log_message(self, *args: object) -> None:
            pass

    monkeypatch.setenv("MDXSITE_CACHE", str(tmp_path / "cache"))
    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/specs/api.yaml"
    try:
        (tmp_path / "docs.json").write_text(json.dumps({
            "theme": "mint", "name": "R", "colors": {"primary": "#112233"},
            "navigation": {"tabs": [{"tab": "API", "openapi": url}]}}))
        result = CliRunner().invoke(main, ["--disable-plugin", "search", "build", str(tmp_path),
                                           "-o", str(tmp_path / "out")])
    finally:
        server.shutdown()
        server.server_close()
    assert result.exit_code == 0, result.output
    md = (tmp_path / "out" / "api-reference" / "list-pets.md").read_text()
    # the document's own host, not the docs site's; a templated URL stays as written
    assert f"Server URL: `http://127.0.0.1:{server.server_port}/v1/pets`" in md
    page = (tmp_path / "out" / "api-reference" / "list-pets" / "index.html").read_text()
    assert "https://{region}.api.test</option>" in page
