"""``mdxsite-scraping openapi-file``: files laid out like the platform's scraper."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mdxsite.openapi.scraping import cli

SPEC = """openapi: 3.0.3
info: {title: T, version: '1'}
tags: [{name: Pets, x-group: Animals}]
paths:
  /pets:
    get: {tags: [Pets], summary: List pets, responses: {}}
    post: {tags: [Pets], summary: List pets, responses: {}}
  /health:
    get: {responses: {}}
"""


def test_layout_collisions_and_snippet(tmp_path: Path) -> None:
    (tmp_path / "api.yaml").write_text(SPEC)
    out = tmp_path / "ref"
    result = CliRunner().invoke(cli, ["openapi-file", str(tmp_path / "api.yaml"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "pets" / "list-pets.mdx").read_text() == '---\nopenapi: "GET /pets"\n---\n'
    assert (out / "pets" / "list-pets-1.mdx").read_text() == '---\nopenapi: "POST /pets"\n---\n'
    assert (out / "get-health.mdx").exists()
    groups = json.loads(result.stdout)["navigation"]["groups"]
    assert groups[0]["group"] == "Animals" and len(groups[0]["pages"]) == 2

    again = CliRunner().invoke(cli, ["openapi-file", str(tmp_path / "api.yaml"), "-o", str(out)])
    assert again.exit_code == 1
    assert "already exists; pass --overwrite to replace it" in again.output


def test_invalid_document_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "api.yaml").write_text("openapi: 3.0.3\ninfo: {title: T}\n")
    out = tmp_path / "ref"
    result = CliRunner().invoke(cli, ["openapi-file", str(tmp_path / "api.yaml"), "-o", str(out)])
    assert result.exit_code == 1
    assert "'paths' is required in OpenAPI 3.0" in result.output
    assert not out.exists()
