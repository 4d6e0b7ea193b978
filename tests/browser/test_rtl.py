"""A right-to-left language section (Arabic here) mirrors the layout: the theme's CSS uses
logical sides, so with dir="rtl" the sidebar sits on the right edge, the table of contents on
the left and the search box at the bar's far end, while code blocks still read left to right."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

PAGE = "---\ntitle: {title}\n---\n\nText.\n\n## First\n\n```js\nconst a = 1;\n```\n\n## Second\n\nMore.\n"


def test_an_arabic_page_mirrors_its_layout(make_site, cli, serve_dir, local_context, tmp_path: Path) -> None:
    docs = {"name": "R", "navigation": {"languages": [
        {"language": "en", "groups": [{"group": "G", "pages": ["index"]}]},
        {"language": "ar", "groups": [{"group": "G", "pages": ["ar/index"]}]}]}}
    root = make_site(docs, pages={"index": PAGE.format(title="One"), "ar/index": PAGE.format(title="واحد")})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    base = serve_dir(tmp_path / "out")
    page = local_context(1280, 800).new_page()
    boxes = {}
    for path in ("/", "/ar/"):
        page.goto(base + path)
        boxes[path] = page.evaluate("""() => {
          const box = s => document.querySelector(s).getBoundingClientRect();
          const pre = document.querySelector('.code-block pre');
          return {sidebar: box('#sidebar'), search: box('#search-bar-entry'), toc: box('#table-of-contents'), content: box('#content-area'),
                  code: getComputedStyle(pre).direction, dir: document.documentElement.dir};
        }""")
    ltr, rtl = boxes["/"], boxes["/ar/"]
    assert ltr["dir"] == "" and rtl["dir"] == "rtl"
    assert ltr["sidebar"]["x"] < ltr["content"]["x"] < ltr["toc"]["x"]
    assert rtl["toc"]["x"] < rtl["content"]["x"] < rtl["sidebar"]["x"]  # mirrored
    # the sidebar keeps its distance from the right edge that it had from the left one
    assert abs((1280 - rtl["sidebar"]["right"]) - ltr["sidebar"]["left"]) < 2
    # the search box follows the bar's end (left), not the brand: margin-left: auto kept it by the brand
    assert ltr["search"]["left"] > 640 and rtl["search"]["right"] < 640
    assert rtl["code"] == "ltr"
