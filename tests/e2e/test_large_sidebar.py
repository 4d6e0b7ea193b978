"""A section whose sidebar has more than 150 entries: each page carries the window around it
and links one shared page holding the whole sidebar; smaller sections keep theirs inline.

The bytes a page's sidebar costs stay the same as the section grows; the shared page is the
sidebar an inline page would carry, byte for byte, and works with no script (every link in it
leads to a built page)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mdxsite.cli import main
from mdxsite.output import sidebar

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ASIDE = re.compile(r'<aside class="sidebar".*?</aside>', re.S)
HIDDEN = "reference/g6/s0/p5"


@pytest.fixture(scope="module")
def nav(load_helper: Callable[[str, Path], Any]) -> Any:
    return load_helper("large_nav", FIXTURES / "large_nav.py")


def _navigation(nav: Any, groups: int = 10, prefix: str = "") -> dict[str, Any]:
    """A small tab (Guides, 3 pages) and a large one (Reference: ``groups`` groups of 2
    sub-groups of 8 pages, 19 entries a group), its Section 2.0 expanded in docs.json."""
    reference = nav.tab("Reference", groups, 2, 8, prefix)
    reference["groups"][2]["pages"][0]["expanded"] = True
    return {"tabs": [{"tab": "Guides", "groups": [{"group": "Start", "pages": [
        f"{prefix}guides/{p}" for p in ("intro", "install", "faq")]}]}, reference]}


def _build(root: Path, out: Path, *args: str) -> Path:
    result = CliRunner().invoke(main, ["--disable-plugin", "search", "build", str(root),
                                       "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, nav: Any) -> Path:
    tmp = tmp_path_factory.mktemp("large")
    root = nav.write_site(tmp / "site", _navigation(nav), frontmatter={HIDDEN: "hidden: true\n"})
    return _build(root, tmp / "out")


def _page(out: Path, key: str) -> str:
    return (out / key / "index.html").read_text()


def _aside(html: str) -> str:
    found = ASIDE.search(html)
    assert found, "no sidebar"
    return found.group(0)


def _links(html: str) -> list[str]:
    return re.findall(r'<a class="nav-link" href="([^"]+)"', html)


def _full_file(out: Path, html: str, base: str = "/") -> Path:
    url = re.search(r'data-nav-full="([^"]+)"', html)
    assert url, "no link to the whole sidebar"
    assert url.group(1).startswith(base + "_mdxsite/nav/reference.")
    return out / url.group(1).removeprefix(base)


def test_a_small_sections_pages_keep_their_whole_sidebar_inline(built: Path) -> None:
    html = _page(built, "guides/install")
    assert _links(_aside(html)) == ["/guides/intro/", "/guides/install/", "/guides/faq/"]
    assert "data-nav-full" not in html and "/_mdxsite/nav." not in html   # nor loads nav.js


def test_a_large_sections_page_holds_only_its_group_marked_and_open(built: Path) -> None:
    html = _page(built, "reference/g6/s1/p3")
    aside = _aside(html)
    assert _links(aside) == [f"/reference/g6/s{s}/p{p}/" for s in range(2) for p in range(8)
                             if f"reference/g6/s{s}/p{p}" != HIDDEN]
    assert re.findall(r'<a [^>]*aria-current="page"[^>]*>', aside) == [
        '<a class="nav-link" href="/reference/g6/s1/p3/" aria-current="page">']
    # its own sub-group is open for a reader without script; the other one is not
    assert re.findall(r"<details( open)? data-first=\"([^\"]+)\"", aside) == [
        ("", "/reference/g6/s0/p0/"), (" open", "/reference/g6/s1/p0/")]
    assert re.search(r'<script defer src="/_mdxsite/nav\.[0-9a-f]{10}\.js"></script>', html)


def test_the_link_to_all_pages_works_without_script(built: Path) -> None:
    html = _page(built, "reference/g6/s1/p3")
    full = _full_file(built, html)
    link = re.search(r'<a class="anchor-link" [^>]*href="([^"]+)"><span>All pages in Reference</span>', html)
    assert link and built / link.group(1).lstrip("/") == full and full.is_file()
    text = full.read_text()
    assert '<meta name="robots" content="noindex">' in text
    assert '<nav id="nav-full" aria-label="All pages in Reference">' in text
    assert "<h1 class=\"page-title\">All pages in Reference</h1>" in text
    assert "aria-current" not in text
    links = re.findall(r'href="(/[^"]*)"', text)
    assert len(_links(text)) == 10 * 2 * 8 - 1                  # every listed page of the tab
    for href in links:                                          # pages and stylesheets are there
        target = built / href.lstrip("/")
        assert (target / "index.html").is_file() or target.is_file(), href


def test_the_shared_page_holds_the_sidebar_an_inline_page_would(
        built: Path, nav: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sidebar, "LIMIT", 10_000)   # every section inline, as before windows
    root = nav.write_site(tmp_path / "site", _navigation(nav), frontmatter={HIDDEN: "hidden: true\n"})
    inline = _build(root, tmp_path / "out", "--jobs", "1")
    page = _page(inline, "reference/g6/s1/p3")
    assert "data-nav-full" not in page
    full = _full_file(built, _page(built, "reference/g6/s1/p3")).read_text()
    listing = re.search(r'<nav id="nav-full"[^>]*>\n(.*)\n</nav>', full, re.S)
    assert listing and listing.group(1).startswith('<ul class="nav-list" role="list">')
    assert listing.group(1) in _aside(page).replace(' aria-current="page"', "")
    assert not list((inline / "_mdxsite").glob("nav*"))       # no shared page, no nav.js


def test_hosts_that_read_headers_cache_the_shared_pages_forever(built: Path) -> None:
    rules = (built / "_headers").read_text()
    assert "/_mdxsite/nav/*\n  Cache-Control: public, max-age=31536000, immutable\n" in rules


def test_every_page_of_the_section_links_the_same_file(built: Path) -> None:
    files = {_full_file(built, _page(built, f"reference/g{g}/s{s}/p0"))
             for g in range(10) for s in range(2)}
    assert len(files) == 1
    assert [p.name for p in (built / "_mdxsite" / "nav").iterdir()] == [files.pop().name]


def test_expanded_groups_and_hidden_pages_as_in_the_inline_sidebar(built: Path) -> None:
    window = _aside(_page(built, "reference/g2/s1/p0"))
    assert '<details open data-first="/reference/g2/s0/p0/">' in window   # expanded: true
    full = _full_file(built, window).read_text()
    assert '<details open data-first="/reference/g2/s0/p0/">' in full
    assert full.count("<details open") == 1
    hidden = _aside(_page(built, HIDDEN))                 # reachable, in its group's window
    assert "aria-current" not in hidden and f"/{HIDDEN}/" not in hidden
    assert "/reference/g6/s0/p4/" in hidden and f"/{HIDDEN}/" not in full


def test_a_pages_sidebar_costs_the_same_bytes_in_a_section_four_times_larger(
        built: Path, nav: Any, tmp_path: Path) -> None:
    root = nav.write_site(tmp_path / "site", _navigation(nav, groups=40),
                          frontmatter={HIDDEN: "hidden: true\n"})
    large = _build(root, tmp_path / "out")
    for key in ("reference/g0/s0/p0", "reference/g6/s1/p3", "reference/g9/s1/p7"):
        small_aside, large_aside = _aside(_page(built, key)), _aside(_page(large, key))
        assert len(large_aside) == len(small_aside)            # only the file's digest differs
        assert _links(large_aside) == _links(small_aside)
    small_full = _full_file(built, _page(built, "reference/g0/s0/p0")).stat().st_size
    large_full = _full_file(large, _page(large, "reference/g0/s0/p0")).stat().st_size
    assert 3.5 < large_full / small_full < 4.5                # the section's sidebar, once


def test_a_base_url_prefixes_the_shared_page_and_its_links(nav: Any, tmp_path: Path) -> None:
    root = nav.write_site(tmp_path / "site", _navigation(nav))
    out = _build(root, tmp_path / "out", "--base-url", "/docs/")
    html = _page(out, "reference/g3/s0/p0")
    assert re.search(r'<script defer src="/docs/_mdxsite/nav\.[0-9a-f]{10}\.js">', html)
    assert '<a class="nav-link" href="/docs/reference/g3/s0/p0/" aria-current="page">' in html
    full = _full_file(out, html, base="/docs/").read_text()
    assert re.search(r'href="/docs/reference/g3/s0/p0/"', full)
    assert not re.search(r'(href|src)="/(?!docs/)', full)
    assert "\n/docs/_mdxsite/nav/*\n" in (out / "_headers").read_text()


def test_each_language_has_its_own_shared_page(nav: Any, tmp_path: Path) -> None:
    navigation = {"languages": [{"language": lang, **_navigation(nav, prefix=f"{lang}/")}
                                for lang in ("en", "fr")]}
    out = _build(nav.write_site(tmp_path / "site", navigation), tmp_path / "out")
    fr = _page(out, "fr/reference/g1/s0/p0")
    url = re.search(r'data-nav-full="/(_mdxsite/nav/francais-reference\.[0-9a-f]{10}\.html)"', fr)
    assert url, "the French pages link the French file"
    text = (out / url.group(1)).read_text()
    assert text.startswith('<!doctype html>\n') and '<html lang="fr"' in text
    assert "/fr/reference/g9/s1/p7/" in text and "/en/reference/" not in text
    en = _page(out, "en/reference/g1/s0/p0")
    assert "/_mdxsite/nav/english-reference." in en
    assert "data-nav-full" not in _page(out, "fr/guides/intro")


def test_a_warm_rebuild_after_a_title_change_links_a_new_file(nav: Any, tmp_path: Path) -> None:
    root = nav.write_site(tmp_path / "site", _navigation(nav))
    out = _build(root, tmp_path / "out")
    old = _full_file(out, _page(out, "reference/g6/s1/p3"))
    page = root / "reference" / "g0" / "s0" / "p1.mdx"
    page.write_text(page.read_text().replace("The page", "Other words on the page"))
    _build(root, out)                                         # a body edit: the same file
    assert _full_file(out, _page(out, "reference/g6/s1/p3")) == old and old.is_file()
    old.unlink()                                              # gone from the output: written again
    _build(root, out)
    assert old.is_file()
    page.write_text(page.read_text().replace("title: P1 of", "title: Renamed of"))
    _build(root, out)
    new = _full_file(out, _page(out, "reference/g6/s1/p3"))   # a page whose window is the same
    assert new != old and not old.exists() and new.is_file()
    assert "Renamed of reference/g0/s0" in new.read_text()


def test_a_site_of_small_sections_ships_no_navigation_files(cli: Callable, make_site: Callable,
                                                            tmp_path: Path) -> None:
    root = make_site({"name": "S", "navigation": {"groups": [{"group": "A", "pages": ["index"]}]}})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    assert not list((tmp_path / "out" / "_mdxsite").glob("nav*"))
    assert "/_mdxsite/nav/" not in (tmp_path / "out" / "_headers").read_text()


def test_watch_mode_writes_the_new_shared_page_a_title_change_makes(nav: Any, tmp_path: Path) -> None:
    import time

    from mdxsite import plugin_manager
    from mdxsite.server.dev import DevSession

    root = nav.write_site(tmp_path / "site", _navigation(nav))
    session = DevSession(root, tmp_path / "out", plugin_manager.create(["search"]), port=0, jobs=1)
    assert session.start().ok
    try:
        out = session.engine.out_dir

        def edit(key: str, old: str, new: str) -> None:
            since = session.engine.generation
            path = root / f"{key}.mdx"
            path.write_text(path.read_text().replace(old, new))
            end = time.monotonic() + 60
            while session.engine.generation <= since:
                assert time.monotonic() < end, "no rebuild came"
                time.sleep(0.01)

        first = _full_file(out, _page(out, "reference/g6/s1/p3"))
        edit("reference/g0/s0/p1", "The page", "Other words on the page")   # the body only
        assert _full_file(out, _page(out, "reference/g6/s1/p3")) == first
        edit("reference/g0/s0/p1", "title: P1 of", "title: Renamed of")
        for key in ("reference/g0/s0/p1", "reference/g6/s1/p3", "reference/g9/s1/p7"):
            linked = _full_file(out, _page(out, key))
            assert linked != first and "Renamed of reference/g0/s0" in linked.read_text()
    finally:
        session.close()


def test_versions_anchors_and_dropdowns_each_have_their_own_shared_page(
        nav: Any, tmp_path: Path) -> None:
    # 8 groups of 19 entries: 152 in each of v2's API anchor and v1's Docs dropdown
    navigation = {"versions": [
        {"version": "v2", "anchors": [
            {"anchor": "API", "groups": nav.tab("API", 8, 2, 9, "v2/")["groups"]},
            {"anchor": "Start", "groups": [{"group": "Start", "pages": ["v2/start"]}]}]},
        {"version": "v1", "dropdowns": [
            {"dropdown": "Docs", "groups": nav.tab("Docs", 8, 2, 9, "v1/")["groups"]}]}]}
    out = _build(nav.write_site(tmp_path / "site", navigation), tmp_path / "out")
    api = re.search(r'data-nav-full="/(_mdxsite/nav/v2-api\.[0-9a-f]{10}\.html)"',
                    _page(out, "v2/api/g4/s0/p0"))
    docs = re.search(r'data-nav-full="/(_mdxsite/nav/v1-docs\.[0-9a-f]{10}\.html)"',
                     _page(out, "v1/docs/g0/s1/p8"))
    assert api and docs
    assert "/v1/" not in (out / api.group(1)).read_text().split('id="nav-full"')[1]
    assert "/v2/" not in (out / docs.group(1)).read_text().split('id="nav-full"')[1]
    assert "data-nav-full" not in _page(out, "v2/start")              # the small anchor


# ------------------------------------------------- the shared page's name, kept between builds

def _files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file()}


def _edit_notes(out: Path, change: Callable[[dict[str, Any]], None]) -> int:
    """Apply ``change`` to the notes of every page in the render cache of ``out``."""
    import marshal
    import sqlite3

    from mdxsite.output.staging import cache_dir_for

    db = sqlite3.connect(cache_dir_for(out) / "pages.sqlite")
    try:
        rows = db.execute("SELECT key, notes FROM pages").fetchall()
        for key, blob in rows:
            notes = marshal.loads(blob) if blob else {}
            change(notes)
            db.execute("UPDATE pages SET notes = ? WHERE key = ?", (marshal.dumps(notes), key))
        db.commit()
    finally:
        db.close()
    return len(rows)


def _name(name: str, every: int = 1) -> Callable[[dict[str, Any]], None]:
    """A change of the notes naming ``name`` as the shared page of every ``every``-th page."""
    seen = iter(range(1_000_000))

    def change(notes: dict[str, Any]) -> None:
        if "theme.nav-page" in notes and next(seen) % every == 0:
            notes["theme.nav-page"] = [notes["theme.nav-page"][0], name]
    return change


def _edit_outside_the_large_section(root: Path) -> None:
    page = root / "guides" / "faq.mdx"
    page.write_text(page.read_text() + "\nOne more line.\n")


@pytest.fixture(scope="module")
def cold_after_edit(tmp_path_factory: pytest.TempPathFactory, nav: Any) -> dict[str, bytes]:
    """What a cold build makes of the site after :func:`_edit_outside_the_large_section`."""
    tmp = tmp_path_factory.mktemp("cold")
    root = nav.write_site(tmp / "site", _navigation(nav))
    _edit_outside_the_large_section(root)
    return _files(_build(root, tmp / "out", "--no-cache", "--jobs", "1"))


@pytest.mark.parametrize("damage", [
    "notes dropped", "notes name a missing file", "notes name another output file",
    "notes name a file outside the output", "notes disagree", "the shared page edited",
    "the shared page deleted"])
def test_a_damaged_record_of_the_shared_page_never_changes_the_output(
        damage: str, nav: Any, tmp_path: Path, cold_after_edit: dict[str, bytes]) -> None:
    root = nav.write_site(tmp_path / "site", _navigation(nav))
    out = _build(root, tmp_path / "out", "--jobs", "1")
    full = _full_file(out, _page(out, "reference/g6/s1/p3"))
    missing = "_mdxsite/nav/reference.0123456789.html"
    if damage == "notes dropped":
        assert _edit_notes(out, lambda notes: notes.pop("theme.nav-page", None))
    elif damage == "notes name a missing file":
        _edit_notes(out, _name(missing))
    elif damage == "notes name another output file":
        (script,) = (out / "_mdxsite").glob("nav.*.js")
        _edit_notes(out, _name(script.relative_to(out).as_posix()))
    elif damage == "notes name a file outside the output":
        (tmp_path / "secret.html").write_text("not for the output")
        _edit_notes(out, _name("../secret.html"))
    elif damage == "notes disagree":
        _edit_notes(out, _name(missing, every=2))
    elif damage == "the shared page edited":       # same size: only the bytes tell
        full.write_bytes(full.read_bytes().replace(b"All pages", b"ALL pages"))
    else:
        full.unlink()
    _edit_outside_the_large_section(root)
    _build(root, out, "--jobs", "1")
    assert _files(out) == cold_after_edit


def test_an_edit_elsewhere_keeps_the_published_shared_page_without_rendering_it(
        nav: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mdxsite.plugins import theme

    root = nav.write_site(tmp_path / "site", _navigation(nav))
    out = _build(root, tmp_path / "out", "--jobs", "1")
    before = _files(out)
    rendered: list[str] = []
    real = theme._nav_page

    def counted(site: Any, env: Any, key: str, items: Any) -> tuple[str, str]:
        rendered.append(key)
        return real(site, env, key, items)

    monkeypatch.setattr(theme, "_nav_page", counted)
    _edit_outside_the_large_section(root)
    _build(root, out, "--jobs", "1")
    assert rendered == []                              # kept as published, by its notes
    after = _files(out)
    assert {k for k in after if after[k] != before.get(k)} >= {"guides/faq/index.html"}
    assert {k for k in after if k.startswith("_mdxsite/nav/")} == {
        k for k in before if k.startswith("_mdxsite/nav/")}
    page = root / "reference" / "g0" / "s0" / "p1.mdx"  # an edit inside it: laid out anew
    page.write_text(page.read_text() + "\nOne more line.\n")
    _build(root, out, "--jobs", "1")
    assert rendered and set(rendered) == {rendered[0]}
    assert _files(out).keys() == after.keys()

