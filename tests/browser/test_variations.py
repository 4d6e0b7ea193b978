"""docs.json variations (the willow theme) in Chromium: the reader picks a variation, the page
shows the <Variation> blocks for it, and the pick is kept in local storage and in the URL."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGE = """---
title: Setup
---

Everyone reads this.

<Variation is="cloud">
## Sign in

Sign in at the cloud console.
</Variation>

<Variation is="self-hosted">
Open your own admin console.
</Variation>

<Variation is={["cloud", "self-hosted"]}>
Keep the key secret.
</Variation>

## Next

More.
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from mdxsite.cli import main

    root = tmp_path_factory.mktemp("variations") / "src"
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({
        "name": "Var", "theme": "willow",
        "variations": {"options": [{"id": "cloud", "label": "Cloud"},
                                   {"id": "self-hosted", "label": "Self-hosted"}]},
        "navigation": {"pages": ["index", "other"]}}), "utf-8")
    (root / "index.mdx").write_text(PAGE, "utf-8")
    (root / "other.mdx").write_text("# Other\n\n<Variation is=\"self-hosted\">Yours.</Variation>\n", "utf-8")
    out = root.parent / "out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out)])
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr
    return out


def test_the_reader_picks_a_variation_and_keeps_it(chromium: Any, site: Path,
                                                  serve_dir: Callable[..., str]) -> None:
    base = serve_dir(site)
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    tab.goto(base + "/")
    picker = tab.locator("[data-variation-select]")
    # the default is docs.json's first option
    assert picker.input_value() == "cloud" and tab.url.endswith("?variation=cloud")
    assert tab.get_by_text("Sign in at the cloud console.").is_visible()
    assert not tab.get_by_text("Open your own admin console.").is_visible()
    assert tab.locator(".toc a", has_text="Sign in").is_visible()

    picker.select_option("self-hosted")
    assert tab.url.endswith("?variation=self-hosted")
    assert tab.get_by_text("Open your own admin console.").is_visible()
    assert not tab.get_by_text("Sign in at the cloud console.").is_visible()
    assert tab.get_by_text("Keep the key secret.").is_visible()
    assert not tab.locator(".toc a", has_text="Sign in").is_visible()  # its heading is hidden

    # another page keeps the pick (local storage), and a link with ?variation= wins over it
    tab.goto(base + "/other/")
    assert tab.get_by_text("Yours.").is_visible()
    tab.goto(base + "/?variation=cloud")
    assert tab.locator("[data-variation-select]").input_value() == "cloud"
    assert tab.get_by_text("Sign in at the cloud console.").is_visible()
    context.close()
