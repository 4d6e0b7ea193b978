"""Navigation resolution from in-memory config: trails, placements, neighbours."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mdxsite.errors import JsonPath, Problems
from mdxsite.model import OpenApiSource, SiteConfig, frozen_mapping
from mdxsite.nav import resolve, validate


def _nav(navigation: dict, keys: list[str]):
    config = SiteConfig(root=Path("."), raw=frozen_mapping({"name": "T", "navigation": navigation}),
                        navigation=frozen_mapping(navigation))
    out = Problems()
    nav = resolve(config, {k: Path(f"{k}.mdx") for k in keys}, out)
    return nav, out


def test_trail_records_every_level_for_breadcrumbs() -> None:
    nav, out = _nav({"versions": [{"version": "v2", "tabs": [{"tab": "Guides", "groups": [
        {"group": "Start", "pages": ["index", {"group": "Deep", "pages": ["deep/page"]}]}]}]}]},
        ["index", "deep/page"])
    assert not out.items
    trail = nav.placements["deep/page"]
    assert [(c.kind, c.title) for c in trail] == [
        ("version", "v2"), ("tab", "Guides"), ("group", "Start"), ("group", "Deep")]
    assert trail[2].first_page == "index"
    assert trail[0].at == "navigation.versions[0]"


def test_paths_accept_a_leading_slash_and_a_suffix() -> None:
    nav, out = _nav({"pages": ["/index", "guide.mdx", "./other.md"]}, ["index", "guide", "other"])
    assert not out.errors
    assert list(nav.placements) == ["index", "guide", "other"]


def test_a_page_listed_twice_is_placed_where_it_first_appears() -> None:
    nav, _ = _nav({"tabs": [{"tab": "A", "pages": ["shared", "a"]},
                            {"tab": "B", "pages": ["b", "shared"]}]}, ["shared", "a", "b"])
    assert [c.title for c in nav.placements["shared"]] == ["A"]
    assert nav.listed_keys() == ("shared", "a", "b")


def test_neighbours_stay_inside_a_section() -> None:
    nav, _ = _nav({"tabs": [{"tab": "A", "groups": [{"group": "G1", "pages": ["a1", "a2"]},
                                                    {"group": "G2", "pages": ["a3"]}]},
                            {"tab": "B", "pages": ["b1"]}]}, ["a1", "a2", "a3", "b1"])
    assert nav.neighbours("a2") == ("a1", "a3")
    assert nav.neighbours("a3") == ("a2", "")   # b1 is in another tab
    assert nav.neighbours("b1") == ("", "")


def test_group_root_page_sits_inside_its_group() -> None:
    nav, out = _nav({"groups": [{"group": "G", "root": "g/index", "pages": ["g/one"]}]},
                    ["g/index", "g/one"])
    assert not out.errors
    assert [c.title for c in nav.placements["g/index"]] == ["G"]


def test_endpoints_inherit_the_nearest_openapi_source() -> None:
    nav, out = _nav({"tabs": [{"tab": "API", "openapi": "a.yaml", "groups": [
        {"group": "Users", "openapi": {"source": "b.yaml", "directory": "users"},
         "pages": ["GET /users", "a.yaml post /pets"]},
        {"group": "Other", "pages": ["DELETE /x/{id}"]}]}]}, [])
    assert not out.errors
    endpoints = [i for i in nav.walk() if i.kind == "endpoint"]
    assert [(e.endpoint, e.inherited_openapi.source) for e in endpoints] == [
        ("GET /users", "b.yaml"), ("POST /pets", "a.yaml"), ("DELETE /x/{id}", "a.yaml")]
    assert endpoints[0].inherited_openapi.directory == "users"


def test_without_drops_pages_and_their_placements() -> None:
    nav, _ = _nav({"pages": ["index", "drafts/x"]}, ["index", "drafts/x"])
    trimmed = nav.without(lambda item: item.key.startswith("drafts/"))
    assert trimmed.listed_keys() == ("index",)


def test_unknown_keys_warn_with_the_closest_name() -> None:
    _, out = _nav({"groups": [{"group": "G", "pages": ["index"], "icn": "x"}]}, ["index"])
    assert [str(p) for p in out.warnings] == [
        "docs.json: warning: navigation.groups[0].icn: unknown key 'icn'. Did you mean 'icon'? "
        "[config.unknown-key]"]


def test_another_tools_name_for_an_open_group_names_expanded() -> None:
    """A real site's group says "isDefaultOpen": true; the platform's schema drops it without a
    word, and the warning only said to remove it: it now names the key that opens a group."""
    _, out = _nav({"groups": [{"group": "G", "pages": [
        {"group": "Agent", "isDefaultOpen": True, "pages": ["index"]}]}]}, ["index"])
    assert [str(p) for p in out.warnings] == [
        "docs.json: warning: navigation.groups[0].pages[0].isDefaultOpen: unknown key "
        "'isDefaultOpen'. It is ignored; a group opens by default with \"expanded\": true. "
        "[config.unknown-key]"]


def test_a_top_level_setting_inside_the_navigation_says_where_it_belongs() -> None:
    """A real site wrote "interaction": {"drilldown": false} inside "navigation": the
    platform's schema drops it without a word, and the warning only said to remove it, so the
    setting its author wanted was lost: it now says to move it beside "navigation"."""
    _, out = _nav({"interaction": {"drilldown": False}, "pages": ["index"]}, ["index"])
    assert [str(p) for p in out.warnings] == [
        "docs.json: warning: navigation.interaction: unknown key 'interaction'. It is ignored: "
        "'interaction' is a setting of its own at the top of docs.json, beside \"navigation\"; "
        "move it there. [config.unknown-key]"]

# entries that look like page keys but are links, endpoints or paths to clean up
TRICKY = ["a", "dir/page", "a/./b", "a//b", "a/../b", "./a", "../a", ".hidden/a", "/a", "a/",
          "a.md", "a.mdx", "b.md.mdx", " a", "a ", "a\tb", "a\u00a0b", "get /x", "GET /x",
          "webhook new", "https://x", "x:y", "mailto:a", "//host/a", "a\\b", ".", "a/.", "a.",
          "index", "GET", "a/b c"]


@settings(max_examples=300, deadline=None)
@given(entries=st.lists(st.one_of(st.sampled_from(TRICKY), st.text("ab/.: \t\\mdxGET", max_size=8)),
                        max_size=6),
       openapi=st.booleans())
def test_a_pages_array_is_checked_as_entry_by_entry(entries: list[str], openapi: bool) -> None:
    """The short cut for plain page keys (_page_entries) answers as check_page_entry does,
    whatever the entry and the page files: every entry is also a page key here."""
    sources = {e: Path(f"{e}.mdx") for e in [*entries, *TRICKY]}
    for name in ("a", "b", "x", "index", "dir/page"):
        sources[name] = Path(f"{name}.mdx")
    spec = OpenApiSource(source="api.yaml") if openapi else None
    at = JsonPath(("navigation", "tabs", 0, "pages"))
    fast_out, slow_out = Problems(), Problems()
    fast = validate._page_entries(entries, at, validate.Context(sources, fast_out, spec))
    slow = [validate.check_page_entry(e, at / i, validate.Context(sources, slow_out, spec))
            for i, e in enumerate(entries)]
    assert fast == slow
    assert fast_out.items == slow_out.items


def test_a_global_anchor_may_link_to_an_email_address_or_a_phone_number() -> None:
    """The platform takes "mailto:" links in navigation.global (its href schema names them):
    a whole URL, so no warning; a site path still says it is not portable."""
    nav, out = _nav({"pages": ["index"], "global": {"anchors": [
        {"anchor": "Support", "href": "mailto:help@example.com"},
        {"anchor": "Call", "href": "tel:+15550100"},
        {"anchor": "Home", "href": "/index"}]}}, ["index"])
    assert not out.errors
    assert [p.message for p in out.warnings] == [
        "global anchors need an absolute URL, got '/index'"]
    assert [a.href for a in nav.global_anchors] == ["mailto:help@example.com", "tel:+15550100",
                                                    "/index"]


def test_a_page_first_placed_elsewhere_is_still_a_neighbour_in_the_sidebar_that_lists_it() -> None:
    # v1 lists the shared pages before and after its own: its own page's previous and next are
    # the entries beside it in v1's sidebar; the shared pages keep v2's neighbours
    nav, _ = _nav({"versions": [
        {"version": "v2", "pages": ["intro", "billing", "v2/only"]},
        {"version": "v1", "pages": ["intro", "v1/quickstart", "billing", "v1/more"]}]},
        ["intro", "billing", "v2/only", "v1/quickstart", "v1/more"])
    assert nav.neighbours("v1/quickstart") == ("intro", "billing")
    assert nav.neighbours("v1/more") == ("billing", "")
    assert nav.neighbours("billing") == ("intro", "v2/only")
