"""Corners of OpenAPI documents where a page differed from the platform's converter, or its
Markdown copy left out what the page shows: a path item's description standing for its
operation's, deprecated parameters and callbacks in the ``.md`` copy."""

from __future__ import annotations

import json
from pathlib import Path

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
