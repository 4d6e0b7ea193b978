"""The render cache's digests of a site: what they are made of is still all they cover."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from mdxsite.model import Crumb, FrozenDict, Location, Nav, Page, Site, SiteConfig
from mdxsite.output.cache import page_repr, site_fingerprint

TRAIL = (Crumb(kind="tab", title="Guides", at="navigation.tabs[0]", first_page="a"),
         Crumb(kind="group", title="Start", at="navigation.tabs[0].groups[0]", first_page="a"))


def make_site(trail: tuple[Crumb, ...] = TRAIL, placed: tuple[Crumb, ...] | None = None) -> Site:
    pages = {key: Page(key=key, source=Path(f"{key}.mdx"), url=f"/{key}/", title=key.upper(),
                       frontmatter=FrozenDict({"title": key.upper()}), trail=trail,
                       origin=Location("docs.json", 3, 5))
             for key in ("a", "b")}
    placements = {key: page.trail for key, page in pages.items()}
    if placed is not None:
        placements["b"] = placed
    nav = Nav(root_kind="tabs", placements=FrozenDict(placements))
    return Site(root=Path("/site"), config=SiteConfig(root=Path("/site"), raw={"name": "x"}),
                nav=nav, pages=FrozenDict(pages))


def test_page_repr_is_repr() -> None:
    page = make_site().pages["a"]
    generated = replace(page, source=None, body="# Hi", data=FrozenDict({"op": 1}), kind="openapi")
    for one in (page, generated, replace(page, trail=())):
        assert page_repr(one) == repr(one)


def test_a_renamed_group_in_the_trails_changes_the_site_fingerprint() -> None:
    renamed = (TRAIL[0], replace(TRAIL[1], title="Begin"))
    assert site_fingerprint(make_site(), "code") == site_fingerprint(make_site(), "code")
    assert site_fingerprint(make_site(), "code") != site_fingerprint(make_site(renamed), "code")


def test_a_placement_unlike_the_page_trail_changes_the_site_fingerprint() -> None:
    # the navigation's placements are digested apart from the pages' trails
    other = (TRAIL[0],)
    assert site_fingerprint(make_site(), "code") != site_fingerprint(make_site(placed=other),
                                                                     "code")
