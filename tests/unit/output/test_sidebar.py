"""Which part of a large section's sidebar a page shows (mdxsite.output.sidebar), on sites read
as far as their navigation (no page is rendered)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mdxsite import pipeline, plugin_manager
from mdxsite.model import NavItem, Site
from mdxsite.output import layout, sidebar
from mdxsite.output.sidebar import LIMIT

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.fixture
def nav(load_helper: Callable[[str, Path], Any]) -> Any:
    return load_helper("large_nav", FIXTURES / "large_nav.py")


@pytest.fixture
def read(tmp_path: Path, nav: Any) -> Callable[..., Site]:
    """``read(navigation, frontmatter=...)`` -> the prepared Site of a written site."""
    made = {"n": 0}

    def run(navigation: dict, **kw: Any) -> Site:
        made["n"] += 1
        root = nav.write_site(tmp_path / f"site{made['n']}", navigation, **kw)
        return pipeline.prepare(root, plugin_manager.create())

    return run


def _items(site: Site, key: str) -> tuple[NavItem, ...]:
    return layout.sidebar_items(site, layout.section_root(site, site.pages[key]))


def _shown_pages(site: Site, key: str) -> list[str]:
    """The page keys a page's window draws, in order."""
    items = _items(site, key)
    win = sidebar.window(site, site.pages[key], items)

    def walk(level: tuple[NavItem, ...], whole: bool) -> list[str]:
        out: list[str] = []
        for item in level:
            if not whole and item.at not in win.shown:
                continue
            if item.kind == "page" and site.pages[item.key].listed:
                out.append(item.key)
            out += walk(item.children, whole or item.at in win.whole)
        return out

    return walk(items, False)


def test_entries_count_listed_pages_links_and_visible_groups(read: Callable[..., Site]) -> None:
    site = read({"groups": [
        {"group": "A", "pages": ["a/one", "a/two", "https://example.com/x",
                                 {"group": "Inner", "pages": ["a/three"]}]},
        {"group": "Gone", "hidden": True, "pages": ["a/four"]}]},
        frontmatter={"a/two": "hidden: true\n"})
    # A, one, the link, Inner, three: the hidden page and the hidden group are not drawn
    assert sidebar.entries(site, site.nav.items) == 5


def test_a_section_is_large_above_the_limit_only(read: Callable[..., Site], nav: Any) -> None:
    # a group holding a sub-group of 148 pages: 150 entries; of 149 pages: 151
    at_limit = read({"tabs": [nav.tab("Big", 1, 1, LIMIT - 2)]})
    over = read({"tabs": [nav.tab("Big", 1, 1, LIMIT - 1)]})
    assert sidebar.entries(at_limit, _items(at_limit, "big/g0/s0/p0")) == LIMIT
    assert not sidebar.large_sections(at_limit)
    assert sidebar.entries(over, _items(over, "big/g0/s0/p0")) == LIMIT + 1
    assert list(sidebar.large_sections(over)) == ["navigation.tabs[0]"]


def test_the_window_is_the_top_level_group_with_the_pages_groups_open(
        read: Callable[..., Site], nav: Any) -> None:
    site = read({"tabs": [nav.tab("Ref", 8, 3, 10)]})
    shown = _shown_pages(site, "ref/g5/s1/p4")
    assert shown == [f"ref/g5/s{s}/p{p}" for s in range(3) for p in range(10)]
    win = sidebar.window(site, site.pages["ref/g5/s1/p4"], _items(site, "ref/g5/s1/p4"))
    assert win.open == {"navigation.tabs[0].groups[5]", "navigation.tabs[0].groups[5].pages[1]"}
    # every page of a sub-group shares its window: rendered once
    other = sidebar.window(site, site.pages["ref/g5/s1/p9"], _items(site, "ref/g5/s1/p9"))
    assert other == win


def test_a_group_above_the_limit_shows_the_deepest_group_that_fits_under_its_heading(
        read: Callable[..., Site], nav: Any) -> None:
    # one group of 4 sub-groups of 60 pages: 245 entries; each sub-group has 61
    site = read({"tabs": [nav.tab("Api", 1, 4, 60)]})
    win = sidebar.window(site, site.pages["api/g0/s2/p7"], _items(site, "api/g0/s2/p7"))
    assert win.shown == {"navigation.tabs[0].groups[0]", "navigation.tabs[0].groups[0].pages[2]"}
    assert win.whole == {"navigation.tabs[0].groups[0].pages[2]"}
    assert _shown_pages(site, "api/g0/s2/p7") == [f"api/g0/s2/p{p}" for p in range(60)]


def test_a_long_flat_list_shows_the_run_of_neighbours_around_the_page(
        read: Callable[..., Site]) -> None:
    keys = [f"flat/p{i:03}" for i in range(400)]
    site = read({"groups": [{"group": "Everything", "pages": keys}]})
    middle = _shown_pages(site, "flat/p200")
    assert "flat/p200" in middle and len(middle) == LIMIT - 1  # the group's heading is one entry
    assert middle == keys[keys.index(middle[0]):keys.index(middle[-1]) + 1]   # one run
    assert abs(keys.index(middle[0]) - (200 - (LIMIT - 1) // 2)) <= 1         # around the page
    first = _shown_pages(site, "flat/p000")
    assert first == keys[:LIMIT - 1]                                          # one side only


def test_a_group_too_large_for_the_run_ends_it_on_that_side(read: Callable[..., Site], nav: Any) -> None:
    big = nav.tab("Big", 1, 2, 80)["groups"][0]                  # 163 entries: never fits
    small = {"group": "Small", "pages": ["root/s0", "root/s1"]}  # 3 entries
    loose = [f"root/p{i}" for i in range(100)]
    site = read({"tabs": [{"tab": "Root", "pages": [*loose[:50], big, *loose[50:], small]}]})
    shown = _shown_pages(site, "root/p49")
    # to the left, the pages up to the list's start; to the right, the group ends the run
    assert shown == loose[:50]
    after = _shown_pages(site, "root/p50")
    assert after == [*loose[50:], "root/s0", "root/s1"]               # small groups fit whole


def test_a_hidden_page_shows_the_window_of_its_own_group(
        read: Callable[..., Site], nav: Any) -> None:
    site = read({"groups": nav.tab("All", 12, 2, 8)["groups"]},
                frontmatter={"all/g7/s1/p3": "hidden: true\n"})
    hidden = site.pages["all/g7/s1/p3"]
    assert not hidden.listed
    # a hidden page keeps its place: the window of its own group, where it is not drawn
    assert _shown_pages(site, "all/g7/s1/p3") == [
        f"all/g7/s{s}/p{p}" for s in range(2) for p in range(8) if (s, p) != (1, 3)]


def test_nav_file_names_spell_the_section(read: Callable[..., Site], nav: Any) -> None:
    site = read({"languages": [{"language": "fr", "tabs": [nav.tab("Référence", 2, 2, 2, "fr/")]},
                               {"language": "en", "tabs": [nav.tab("Reference", 2, 2, 2, "en/")]}]})
    fr = layout.section_root(site, site.pages["fr/référence/g0/s0/p0"])
    assert fr is not None
    assert sidebar.section_title(site, fr.at) == "Français · Référence"
    assert sidebar.section_language(site, fr.at) == "fr"
    assert sidebar.nav_file_path(site, fr.at) == "_mdxsite/nav/francais-reference.html"


def test_a_page_outside_the_navigation_shows_the_window_of_the_first_page(
        tmp_path: Path, nav: Any) -> None:
    root = nav.write_site(tmp_path / "site", {"groups": nav.tab("All", 12, 2, 8)["groups"]})
    (root / "orphan.mdx").write_text("# Not in docs.json\n")
    site = pipeline.prepare(root, plugin_manager.create())
    assert site.pages["orphan"].trail == ()
    assert _shown_pages(site, "orphan") == [f"all/g0/s{s}/p{p}" for s in range(2) for p in range(8)]


def test_a_page_under_a_hidden_group_shows_the_window_of_the_first_page(
        read: Callable[..., Site], nav: Any) -> None:
    groups = nav.tab("All", 12, 2, 8)["groups"]
    groups[5]["hidden"] = True
    site = read({"groups": groups})
    assert _shown_pages(site, "all/g5/s0/p0") == [f"all/g0/s{s}/p{p}" for s in range(2) for p in range(8)]
