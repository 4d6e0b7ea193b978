"""A schema nested past what a page draws inline loads its fields when the reader opens it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdxsite.cli import main

pytestmark = pytest.mark.browser

DEPTH = 14


def _spec() -> dict:
    schemas = {f"Level{i}": {"type": "object", "properties": {
        f"field{i}": {"type": "string", "description": f"Field of level {i}."},
        **({"next": {"$ref": f"#/components/schemas/Level{i + 1}"}} if i + 1 < DEPTH else {})}}
        for i in range(DEPTH)}
    return {"openapi": "3.1.0", "info": {"title": "Deep", "version": "1"},
            "components": {"schemas": schemas},
            "paths": {"/deep": {"get": {"summary": "Get deep", "responses": {"200": {
                "description": "ok", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Level0"}}}}}}}}}


@pytest.fixture
def page(chromium: object) -> Iterator[object]:
    context = chromium.new_context()  # type: ignore[attr-defined]
    yield context.new_page()
    context.close()


def test_opening_a_lazy_schema_fetches_its_fields(tmp_path: Path, serve_dir: Callable[..., str],
                                                  page: object) -> None:
    root = tmp_path / "site"
    root.mkdir()
    (root / "api.json").write_text(json.dumps(_spec()))
    (root / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "D", "colors": {"primary": "#112233"},
        "navigation": {"tabs": [{"tab": "API", "openapi": "api.json"}]}}))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out)])
    assert result.exit_code == 0, result.output
    html = (out / "api-reference" / "get-deep" / "index.html").read_text()
    assert 'data-field="field8"' in html and 'data-field="field9"' not in html
    assert "api-truncated" not in html
    p = page
    p.goto(serve_dir(out) + "/api-reference/get-deep/")  # type: ignore[attr-defined]
    for summary in p.locator(  # type: ignore[attr-defined]
            "section.api-response details.api-children > summary").all():
        summary.click()  # open every inline level down to the lazy one
    lazy = p.locator("details.api-lazy").first  # type: ignore[attr-defined]
    assert lazy.get_attribute("open") is not None
    lazy.locator('[data-field="field9"]').wait_for()
    assert "Field of level 9." in lazy.inner_text()
    # the fragment holds lazy nodes of its own: they open the same way, to the last level
    for level in range(10, DEPTH):
        inner = p.locator("details.api-lazy:not([open])").first  # type: ignore[attr-defined]
        inner.locator("summary").click()
        # (twelve levels in, the narrow column leaves a field no width: attached is enough)
        p.locator(f'[data-field="field{level}"]').wait_for(  # type: ignore[attr-defined]
            state="attached")
    assert "Field of level 13." in p.locator(  # type: ignore[attr-defined]
        "section.api-response").text_content()
