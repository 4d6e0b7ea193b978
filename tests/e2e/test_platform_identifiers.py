"""The platform's documented element identifiers (its custom-scripts page), which sites' own
style.css and scripts target (#navbar, #sidebar, #content-area...), are on the same parts of
mdxsite's pages, once each."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = {
    "name": "Ids", "banner": {"content": "News"},
    "navbar": {"primary": {"type": "button", "label": "Sign up", "href": "https://example.com"}},
    "contextual": {"options": ["copy", "view"]},
    "navigation": {"pages": ["index", "changelog", "last"]},
}
PAGES = {
    "index": "---\ntitle: Home\n---\n\n## Part\n\nText.\n",
    "changelog": '# Changelog\n\n<Update label="May" tags={["Fix"]}>\n\nFixed.\n\n</Update>\n',
    "last": "# Last\n\n## Part\n\nText.\n",
}
# the identifiers a docs page has (the assistant's are added by its script)
# (not topbar-cta-button: the platform's is a wrapper sites style through its child, with its
# own colour variables, which mdxsite's button does not share)
IDENTIFIERS = ("banner", "navbar", "search-bar-entry", "sidebar",
               "content-area", "header", "page-title", "page-context-menu", "pagination",
               "footer", "table-of-contents", "table-of-contents-content")


def test_each_documented_identifier_marks_one_element(cli, make_site, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = cli("build", make_site(DOCS, pages=PAGES), "-o", out)
    assert result.exit_code == 0, result.stderr
    home = (out / "index.html").read_text()
    ids = re.findall(r'\sid="([^"]+)"', home)
    assert {i: ids.count(i) for i in IDENTIFIERS} == {i: 1 for i in IDENTIFIERS}
    assert re.search(r'<header class="topbar" id="navbar">', home)
    assert re.search(r'<main id="content-area"[^>]*>.*<h1 class="page-title" id="page-title">', home, re.S)
    assert 'class="pager-next pagination-next"' in home and 'class="toc-item toc-level-2"' in home
    assert 'href="#content-area">Skip to content' in home
    assert 'id="changelog-filters"' in (out / "changelog" / "index.html").read_text()


def test_the_documented_data_attributes_a_sites_css_targets(cli, make_site, tmp_path: Path) -> None:
    """The platform's custom-scripts page also documents data attributes for sites' own CSS:
    html[data-current-path="/quickstart"] (a page's path, "/" for the home page), the active
    simple top tab's .nav-tabs-item[data-active], [data-badge][data-color][data-size], and the
    table of contents' li.toc-item with its data-depth (0 for a section) which real sites'
    scripts read; mdxsite's pages had none of them, so such rules matched nothing."""
    docs = {"name": "Attrs", "navigation": {"tabs": [
        {"tab": "Guides", "pages": ["index", "guides/setup"]},
        {"tab": "API", "pages": ["api/intro"]}]}}
    pages = {"index": "# Home\n",
             "guides/setup": '# Setup\n\n## Install\n\n### Linux\n\n<Badge color="blue" size="sm">New</Badge>\n',
             "api/intro": "# API\n"}
    out = tmp_path / "out"
    assert cli("build", make_site(docs, pages=pages), "-o", out).exit_code == 0
    home, setup = (out / "index.html").read_text(), (out / "guides" / "setup" / "index.html").read_text()
    assert '<html lang="en" data-current-path="/" ' in home
    assert '<html lang="en" data-current-path="/guides/setup" ' in setup
    tabs = re.findall(r'<a class="top-tab nav-tabs-item[^"]*"[^>]*>', setup)
    assert len(tabs) == 2 and "data-active" in tabs[0] and "data-active" not in tabs[1]
    assert re.search(r'<span class="badge badge-blue badge-sm[^"]*" data-badge data-color="blue" '
                     r'data-size="sm">New</span>', setup)
    assert re.findall(r'<li class="toc-item toc-level-(\d)" data-depth="(\d)">', setup) == [
        ("2", "0"), ("3", "1")]
