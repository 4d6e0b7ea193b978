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


def test_scraped_files_sit_where_the_navigation_form_puts_its_pages(tmp_path: Path) -> None:
    """One URL rule: moving from ``openapi`` in docs.json to scraped MDX pages keeps links."""
    from mdxsite.cli import main

    spec = Path(__file__).resolve().parents[3] / ".." / "shared" / "openapi" / "train-travel.yaml"
    site = tmp_path / "site"
    site.mkdir()
    (site / "api.yaml").write_bytes(spec.read_bytes())
    (site / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "T", "colors": {"primary": "#112233"},
        "navigation": {"tabs": [{"tab": "API", "openapi": {"source": "api.yaml",
                                                            "directory": "ref"}}]}}))
    built = CliRunner().invoke(main, ["build", str(site), "-o", str(site / "_out")])
    assert built.exit_code == 0, built.output
    pages = {p.parent.relative_to(site / "_out" / "ref").as_posix()
             for p in (site / "_out" / "ref").rglob("index.html")}
    scraped = CliRunner().invoke(cli, ["openapi-file", str(site / "api.yaml"), "-o",
                                       str(tmp_path / "ref")])
    assert scraped.exit_code == 0, scraped.output
    files = {p.relative_to(tmp_path / "ref").with_suffix("").as_posix()
             for p in (tmp_path / "ref").rglob("*.mdx")}
    assert files == pages and len(files) > 5
    assert "stations/get-a-list-of-train-stations" in files


def test_a_document_without_operations_says_nothing_was_written(tmp_path: Path) -> None:
    (tmp_path / "api.yaml").write_text("openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\n")
    out = tmp_path / "ref"
    result = CliRunner().invoke(cli, ["openapi-file", str(tmp_path / "api.yaml"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert (f"{tmp_path / 'api.yaml'}: no operation or webhook to write a page for (no paths, "
            "or every one x-excluded): nothing written") in result.stderr
    assert json.loads(result.stdout) == {"navigation": {"groups": []}}
    assert not out.exists()


def test_an_invalid_documents_errors_are_listed_in_its_order(tmp_path: Path) -> None:
    # as openapi-check lists them: its checks walk the document with a stack, last path first
    (tmp_path / "api.yaml").write_text("""openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /a:
    get: {responses: {'200': {$ref: '#/components/responses/Gone'}}}
  /b:
    get: {responses: {'200': {$ref: '#/components/responses/Lost'}}}
""")
    result = CliRunner().invoke(cli, ["openapi-file", str(tmp_path / "api.yaml"), "-o",
                                      str(tmp_path / "ref")])
    assert result.exit_code == 1
    gone, lost = result.output.find("'#/components/responses/Gone'"), \
        result.output.find("'#/components/responses/Lost'")
    assert 0 <= gone < lost, result.output
