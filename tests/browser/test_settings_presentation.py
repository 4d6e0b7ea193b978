"""Settings a reader sees in Chromium: the changelog's tag filter, code colours per mode from
``styling.codeblocks``, end-aligned tabs and Lucide icons drawn at their size."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHANGELOG = """---
title: Changelog
rss: true
---

<Update label="2026-11-01" description="v2.0" tags={["Feature"]}>
  New API.
</Update>

<Update label="2026-10-01" description="v1.9" tags={["Fix"]}>
  A fix.
</Update>
"""


def test_the_update_tag_filter_shows_only_the_pressed_tag(make_site, cli, serve_dir, local_context,
                                                           tmp_path: Path) -> None:
    root = make_site({"name": "C", "navigation": {"pages": ["changelog"]}}, pages={"changelog": CHANGELOG})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    page = local_context(1440, 900).new_page()  # wide enough for the table of contents
    page.goto(serve_dir(tmp_path / "out") + "/changelog/")
    assert page.is_visible("[id=\"2026-11-01\"]") and page.is_visible("[id=\"2026-10-01\"]")
    page.click('[data-update-tag="Fix"]')
    assert not page.is_visible("[id=\"2026-11-01\"]") and page.is_visible("[id=\"2026-10-01\"]")
    assert not page.is_visible('.toc a[href="#2026-11-01"]')
    page.click('[data-update-tag="Fix"]')  # released: every update again
    assert page.is_visible("[id=\"2026-11-01\"]")


def _background(page: object, selector: str) -> str:
    return page.evaluate(f"getComputedStyle(document.querySelector({selector!r})).backgroundColor")  # type: ignore[attr-defined]


@pytest.mark.parametrize("setting, light, dark", [
    ({"theme": {"light": "github-light", "dark": "dracula"}}, "rgb(248, 248, 248)", "rgb(40, 42, 54)"),
    ("dark", "rgb(39, 40, 34)", "rgb(39, 40, 34)"),  # monokai in both modes
])
def test_code_blocks_take_the_theme_of_each_mode(make_site, cli, serve_dir, local_context, tmp_path: Path,
                                                 setting: object, light: str, dark: str) -> None:
    root = make_site({"name": "K", "styling": {"codeblocks": setting}, "navigation": {"pages": ["index"]}},
                     pages={"index": "# Code\n\n```python\nprint('hi')\n```\n"})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    page = local_context().new_page()
    page.goto(serve_dir(tmp_path / "out") + "/")
    page.evaluate("document.documentElement.classList.remove('dark')")
    assert _background(page, ".code-block") == light
    page.evaluate("document.documentElement.classList.add('dark')")
    assert _background(page, ".code-block") == dark


def test_the_css_variables_code_theme_takes_the_sites_colours(make_site, cli, serve_dir, local_context,
                                                               tmp_path: Path) -> None:
    # the platform's custom theme: the site's CSS sets --mint-* variables; one it leaves unset
    # (punctuation here) keeps the colour of the mode's default code theme
    css = (":root { --mint-color-background: #121317; --mint-color-text: #d4d4d4;\n"
           "  --mint-token-keyword: #e888f8; --mint-token-string: #afec73; }\n")
    root = make_site({"name": "K", "styling": {"codeblocks": {"theme": "css-variables"}},
                      "navigation": {"pages": ["index"]}},
                     pages={"index": "# Code\n\n```python\ndef f(x):\n    return 'hi'\n```\n"},
                     files={"style.css": css})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0 and "config.unsupported" not in result.stderr
    page = local_context().new_page()
    page.goto(serve_dir(tmp_path / "out") + "/")

    def colour(selector: str) -> str:
        return page.evaluate(f"getComputedStyle(document.querySelector({selector!r})).color")

    for mode in ("remove", "add"):
        page.evaluate(f"document.documentElement.classList.{mode}('dark')")
        assert _background(page, ".code-block") == "rgb(18, 19, 23)"
        assert colour(".highlight .k") == "rgb(232, 136, 248)"     # def
        assert colour(".highlight .s1") == "rgb(175, 236, 115)"    # 'hi'
    page.evaluate("document.documentElement.classList.remove('dark')")
    light = colour(".highlight .p")
    page.evaluate("document.documentElement.classList.add('dark')")
    assert light != colour(".highlight .p")  # unset: each mode's own default colour


def test_end_aligned_tabs_sit_at_the_far_end_and_lucide_icons_draw(make_site, cli, serve_dir, local_context,
                                                                    tmp_path: Path) -> None:
    root = make_site({"name": "T", "icons": {"library": "lucide"}, "navigation": {"tabs": [
        {"tab": "Guide", "icon": "book-open", "pages": ["index"]},
        {"tab": "Changelog", "align": "end", "pages": ["changes"]}]}},
        pages={"index": "# Guide\n", "changes": "# Changes\n"})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    page = local_context(1200, 800).new_page()
    page.goto(serve_dir(tmp_path / "out") + "/")
    guide = page.locator(".top-tab", has_text="Guide").bounding_box()
    changelog = page.locator(".top-tab", has_text="Changelog").bounding_box()
    bar = page.locator(".tabs-bar").bounding_box()
    assert guide and changelog and bar
    assert changelog["x"] - (guide["x"] + guide["width"]) > 600  # pushed across the bar
    assert bar["x"] + bar["width"] - (changelog["x"] + changelog["width"]) < 40
    icon = page.locator(".top-tab svg.icon-lucide").bounding_box()
    assert icon and icon["width"] > 8 and icon["height"] > 8
