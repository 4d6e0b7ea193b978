"""The words the theme's scripts draw after load are in the page's language: the variation
picker's label (site.js) and the expanded code block's button, on a French page; an English
page keeps its English ones."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CODE = "\n".join(f"const v{i} = {i};" for i in range(15))
PAGE = (f"---\ntitle: Guide\n---\n\n<View title=\"JavaScript\">JS.</View>\n<View title=\"Python\">Py.</View>\n\n"
        f"```js app.js expandable\n{CODE}\n```\n")


def test_script_drawn_words_follow_the_page_language(make_site, cli, serve_dir, local_context,
                                                      tmp_path: Path) -> None:
    docs = {"name": "W", "navigation": {"languages": [
        {"language": "en", "groups": [{"group": "G", "pages": ["index"]}]},
        {"language": "fr", "groups": [{"group": "G", "pages": ["fr/index"]}]}]}}
    root = make_site(docs, pages={"index": PAGE, "fr/index": PAGE})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    base = serve_dir(tmp_path / "out")
    page = local_context().new_page()
    seen = {}
    for path in ("/", "/fr/"):
        page.goto(base + path)
        label = page.locator(".view-select").get_attribute("aria-label")
        expand = page.locator(".code-expand")
        before = expand.text_content()
        expand.click()
        seen[path] = (label, before, expand.text_content())
    assert seen["/"] == ("View", "Show all 15 lines", "Show less")
    assert seen["/fr/"] == ("Vue", "Afficher les 15 lignes", "Afficher moins")
