"""An example may be built from ``components.examples`` entries by ``$ref`` inside its value
(``bots: [{$ref: "#/components/examples/Bot/value"}]``). The platform's parser dereferences
the whole document, so its pages show the values; ours showed the pointers."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from click.testing import CliRunner

from mdxsite.cli import main

SPEC = """openapi: 3.1.0
info: {title: Bots, version: "1"}
servers: [{url: "https://api.bots.test"}]
paths:
  /bots/{team}:
    post:
      summary: Add bots
      parameters:
        - name: team
          in: path
          required: true
          schema: {type: string}
          example: {$ref: "#/components/examples/Team/value"}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                bots: {type: array, items: {$ref: "#/components/schemas/Bot"}}
            examples:
              one:
                summary: One bot
                value: {bots: [{$ref: "#/components/examples/Greeter/value"}]}
      responses:
        "200":
          description: The bots
          content:
            application/json:
              schema: {type: object}
              example:
                bots:
                  - $ref: "#/components/examples/Greeter/value"
                  - {$ref: "#/components/examples/Loop/value"}
                  - {$ref: "#/components/examples/Missing/value"}
components:
  schemas:
    Bot:
      type: object
      properties:
        name: {type: string}
        owner:
          type: object
          example: {$ref: "#/components/examples/Owner/value"}
  examples:
    Team: {value: sales-east}
    Greeter: {value: {name: greeter, owner: {id: own_1}}}
    Owner: {value: {id: own_9}}
    Loop: {value: {name: loop, next: {$ref: "#/components/examples/Loop/value"}}}
"""


def _text(out: Path, key: str) -> str:
    doc = (out / key / "index.html").read_text()
    body = re.sub(r"<script\b.*?</script>", " ", doc, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def test_refs_inside_example_values_show_what_they_point_at(tmp_path: Path) -> None:
    root = tmp_path / "site"
    root.mkdir()
    (root / "bots.yaml").write_text(SPEC)
    (root / "docs.json").write_text(json.dumps({
        "name": "B", "theme": "mint", "navigation": {"tabs": [
            {"tab": "API", "openapi": {"source": "bots.yaml", "directory": "api"}}]}}))
    result = CliRunner().invoke(main, ["--disable-plugin", "search", "build", str(root), "-o",
                                       str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    text = re.sub(r"\s+", "", _text(tmp_path / "out", "api/add-bots"))  # code is tokenised
    # the response example, the request example (samples and picker), the parameter's example
    # and a schema's example all show the values
    assert '"bots":[{"name":"greeter","owner":{"id":"own_1"}},' in text
    assert "--url'https://api.bots.test/bots/sales-east'" in text
    assert """--data'{"bots":[{"name":"greeter""" in text
    assert 'Example:{"id":"own_9"}' in text
    for name in ("Greeter", "Owner", "Team"):
        assert f"#/components/examples/{name}" not in text
    # a pointer inside its own target is followed once, one leading nowhere stays as written
    assert '{"name":"loop","next":{"$ref":"#/components/examples/Loop/value"}}' in text
    assert '{"$ref":"#/components/examples/Missing/value"}' in text
