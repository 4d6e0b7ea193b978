"""The site's own files: every .css and .js file is loaded on every page, and .mintignore keeps
what it matches out of the build, as on the platform."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

DOCS = {"name": "F", "navigation": {"pages": ["index", "guide"]}}


def _linked(page: Path) -> tuple[list[str], list[str]]:
    text = page.read_text()
    return (re.findall(r'<link rel="stylesheet" href="([^"]+)"', text),
            re.findall(r'<script defer src="([^"]+)"', text))


def test_every_css_and_js_file_of_the_site_is_on_every_page(make_site: Callable[..., Path],
                                                            cli: Callable, tmp_path: Path) -> None:
    root = make_site(DOCS, pages={"index": "# Home\n", "guide": "# Guide\n"}, files={
        "style.css": "body { color: red }", "brand/colors.css": ".brand { color: blue }",
        "analytics.js": "window.loaded = true;", "widgets/chat.js": "console.log(1)",
        "snippets/data.js": "export const rows = [1];", "components/table.js": "export const t = 1;",
    })
    out = tmp_path / "out"
    assert cli("build", root, "-o", out, "--base-url", "/docs/").exit_code == 0
    for page in (out / "index.html", out / "guide" / "index.html"):
        css, js = _linked(page)
        assert {"/docs/brand/colors.css", "/docs/style.css"} <= set(css), css
        assert {"/docs/analytics.js", "/docs/widgets/chat.js"} <= set(js), js
        # snippets and ES modules are imported by pages, not loaded as scripts
        assert not any("data.js" in s or "table.js" in s for s in js), js
    assert (out / "brand" / "colors.css").is_file() and (out / "analytics.js").is_file()


def test_mintignore_keeps_matching_files_out(make_site: Callable[..., Path], cli: Callable,
                                             tmp_path: Path) -> None:
    root = make_site(DOCS, pages={"index": "# Home\n", "guide": "# Guide\n",
                                  "drafts/wip": "# WIP\n", "notes.draft": "# Draft\n"},
                     files={".mintignore": "# drafts\ndrafts/\n*.draft.mdx\nprivate.css\n",
                            "private.css": "x {}", "public.css": "y {}"})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.output
    assert (out / "guide" / "index.html").is_file()
    assert not (out / "drafts").exists() and not (out / "notes.draft").exists()
    assert not (out / "private.css").exists() and (out / "public.css").is_file()
    css, _ = _linked(out / "index.html")
    assert "/public.css" in css and "/private.css" not in css
