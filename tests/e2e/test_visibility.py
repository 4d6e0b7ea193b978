"""One visibility rule for crawlers, site search, the assistant and the llms files: hidden
pages (outside the navigation, ``hidden: true``, under a hidden group) and ``noindex`` pages
are left out, ``searchable: false`` only leaves search, ``seo.indexing: all`` brings hidden
pages back."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

PAGES = {
    "shown": "# Shown\n",
    "in-hidden-group": "# In a hidden group\n",
    "not-in-nav": "# Not in the navigation\n",
    "hidden-fm": "---\nhidden: true\n---\n# Hidden by frontmatter\n",
    "noindex-fm": "---\nnoindex: true\n---\n# Noindex\n",
    "unsearchable": "---\nsearchable: false\n---\n# Not searchable\n",
}


def _build(make_site: Callable[..., Path], cli: Callable, out: Path, **extra: object) -> Path:
    docs = {"name": "Vis", "navigation": {"groups": [
        {"group": "Main", "pages": ["shown", "hidden-fm", "noindex-fm", "unsearchable"]},
        {"group": "Secret", "hidden": True, "pages": ["in-hidden-group"]}]}, **extra}
    root = make_site(docs, pages=PAGES)
    result = cli("build", root, "-o", out, "--site-url", "https://docs.example.com")
    assert result.exit_code == 0, result.output
    return out


def _sitemap(out: Path) -> set[str]:
    return set(re.findall(r"<loc>https://docs\.example\.com/([^<]*)/</loc>", (out / "sitemap.xml").read_text()))


def _noindex(out: Path, key: str) -> bool:
    return '<meta name="robots" content="noindex">' in (out / key / "index.html").read_text()


def _search_pages(out: Path) -> int:
    entry = json.loads((out / "_pagefind" / "pagefind-entry.json").read_text())
    return sum(lang["page_count"] for lang in entry["languages"].values())


def test_hidden_and_noindex_pages_are_left_out_everywhere(make_site, cli, tmp_path: Path) -> None:
    out = _build(make_site, cli, tmp_path / "out")
    assert _sitemap(out) == {"shown", "unsearchable"}
    for key in ("in-hidden-group", "not-in-nav", "hidden-fm", "noindex-fm"):
        assert _noindex(out, key), key
        assert f"/{key}/" not in (out / "llms.txt").read_text()
        assert f"Source: /{key}/" not in (out / "llms-full.txt").read_text()
    assert not _noindex(out, "shown") and not _noindex(out, "unsearchable")
    assert "/unsearchable/" in (out / "llms.txt").read_text()
    assert _search_pages(out) == 1  # "shown" only: unsearchable is out of search, not of crawlers


def test_seo_indexing_all_brings_hidden_pages_back(make_site, cli, tmp_path: Path) -> None:
    out = _build(make_site, cli, tmp_path / "out", seo={"indexing": "all"})
    assert _sitemap(out) == {"shown", "unsearchable", "in-hidden-group", "not-in-nav", "hidden-fm"}
    assert not _noindex(out, "not-in-nav") and _noindex(out, "noindex-fm")
    assert "/not-in-nav/" in (out / "llms.txt").read_text()
    assert _search_pages(out) == 4


def _build_with_secret(make_site: Callable[..., Path], cli: Callable, out: Path,
                       secret: dict) -> Path:
    docs = {"name": "Vis", "navigation": {"groups": [
        {"group": "Main", "pages": ["shown", "hidden-fm", "noindex-fm", "unsearchable"]},
        {"group": "Secret", "hidden": True, "pages": ["in-hidden-group"], **secret}]}}
    result = cli("build", make_site(docs, pages=PAGES), "-o", out,
                 "--site-url", "https://docs.example.com")
    assert result.exit_code == 0, result.output
    return out


def test_a_hidden_group_that_says_searchable_keeps_its_pages_in_search_only(
        make_site, cli, tmp_path: Path) -> None:
    out = _build_with_secret(make_site, cli, tmp_path / "out", {"searchable": True})
    assert _search_pages(out) == 2  # "shown" and the hidden group's page
    # still hidden from crawlers and the llms files
    assert _sitemap(out) == {"shown", "unsearchable"} and _noindex(out, "in-hidden-group")
    assert "/in-hidden-group/" not in (out / "llms.txt").read_text()
    off = _build_with_secret(make_site, cli, tmp_path / "off", {"searchable": False})
    assert _search_pages(off) == 1


def test_a_searchable_that_is_not_true_or_false_is_located(make_site, cli, tmp_path: Path) -> None:
    docs = {"name": "Vis", "navigation": {"tabs": [{"tab": "A", "hidden": True,
                                                    "searchable": "yes", "pages": ["shown"]}]}}
    result = cli("build", make_site(docs, pages=PAGES), "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert "navigation.tabs[0].searchable: 'searchable' must be true or false" in result.output


def test_previous_and_next_step_over_the_pages_of_a_hidden_group(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    """The platform's hidden-pages doc: a hidden group's pages are hidden pages, out of the
    navigation; the pager linked to them from their visible neighbours."""
    docs = {"name": "Vis", "navigation": {"groups": [
        {"group": "Main", "pages": ["first", {"group": "Inner", "hidden": True, "pages": ["inner"]}]},
        {"group": "Secret", "hidden": True, "pages": ["secret"]},
        {"group": "More", "pages": ["second"]}]}}
    root = make_site(docs, pages={k: f"# {k}\n" for k in ("first", "inner", "secret", "second")})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0

    def pager(key: str) -> list[str]:
        html = (out / key / "index.html").read_text()
        return re.findall(r'class="pager-(?:prev|next) [\w-]+" rel="(?:prev|next)" href="([^"]+)"', html)

    assert pager("first") == ["/second/"]
    assert pager("second") == ["/first/"]


def test_robots_is_written_as_the_page_says(make_site, cli, tmp_path: Path) -> None:
    # "noindex, nofollow" came out as "noindex": the page's nofollow was lost, and so was the
    # nofollow of a page kept out of the index for being outside the navigation
    spec = ("openapi: 3.1.0\ninfo: {title: A, version: '1'}\npaths:\n  /a:\n    get:\n"
            "      summary: A\n      x-mint: {metadata: {robots: 'noindex, nofollow'}}\n"
            "      responses: {'200': {description: ok}}\n")
    root = make_site({"name": "R", "navigation": {"groups": [
        {"group": "G", "pages": ["both", "follow", "plain"]},
        {"group": "API", "openapi": "api.yaml"}]}}, pages={
        "both": "---\nrobots: noindex, nofollow\n---\n# Both\n",
        "follow": "---\nrobots: nofollow\n---\n# Follow\n",
        "plain": "---\nnoindex: true\n---\n# Plain\n",
        "outside": "---\nrobots: nofollow\n---\n# Outside the navigation\n"},
        files={"api.yaml": spec})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.output

    def robots(key: str) -> list[str]:
        return re.findall(r'<meta name="robots" content="([^"]*)">',
                          (out / key / "index.html").read_text())

    assert robots("both") == ["noindex, nofollow"]
    assert robots("follow") == ["nofollow"]
    assert robots("plain") == ["noindex"]
    assert robots("outside") == ["noindex, nofollow"]
    assert robots("api-reference/a") == ["noindex, nofollow"]
