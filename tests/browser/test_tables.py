"""Markdown tables in Chromium: a narrow table spans the text column, a wide one scrolls in its
own box instead of widening the page (390 px)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

WIDE = "| " + " | ".join(f"Column{i}" for i in range(12)) + " |\n|" + "---|" * 12 + "\n| " + \
    " | ".join(f"value-number-{i}" for i in range(12)) + " |\n"
PAGE = f"# Tables\n\n| Key | Value |\n|---|---|\n| a | 1 |\n\nBetween.\n\n{WIDE}\nAfter.\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from mdxsite.cli import main

    root = tmp_path_factory.mktemp("tables") / "src"
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({"name": "T", "navigation": {"pages": ["index"]}}))
    (root / "index.mdx").write_text(PAGE)
    out = root.parent / "out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    return out


@pytest.mark.parametrize("width", [1280, 390])
def test_tables_span_the_column_and_scroll_in_their_box(chromium: Any, site: Path, width: int,
                                                       serve_dir: Callable[..., str]) -> None:
    context = chromium.new_context(viewport={"width": width, "height": 800})
    tab = context.new_page()
    tab.goto(serve_dir(site) + "/")
    sizes = tab.evaluate("""() => [...document.querySelectorAll('.prose table')].map(t => ({
        row: t.querySelector('tr').getBoundingClientRect().width,
        column: t.closest('.prose').getBoundingClientRect().width,
        box: t.parentElement.scrollWidth > t.parentElement.clientWidth}))""")
    narrow, wide = sizes
    assert abs(narrow["row"] - narrow["column"]) < 2  # the rows reach across the column
    assert not narrow["box"]
    assert wide["box"]  # the wide one scrolls inside its box...
    assert tab.evaluate("document.documentElement.scrollWidth") <= width  # ...not the page
    context.close()
