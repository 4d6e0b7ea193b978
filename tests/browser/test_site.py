"""The built sample site in real headless Chromium: navigation, selectors, dark mode, 404."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from mdxsite.cli import main

    out = tmp_path_factory.mktemp("site") / "out"
    result = CliRunner().invoke(main, ["build", str(REPO / "sample_site"), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    return out


@pytest.fixture
def page(local_context: Callable[..., Any], built: Path, serve_dir: Callable[..., str]):
    context = local_context(1400, 900)
    tab = context.new_page()
    tab.base = serve_dir(built)  # type: ignore[attr-defined]
    tab.outside = context.outside  # type: ignore[attr-defined]
    return tab


def test_tabs_lead_to_their_section_and_no_request_leaves_localhost(page, tmp_path: Path) -> None:
    page.goto(page.base + "/jobs/retries/")
    assert page.locator(".top-tab.active").inner_text().strip() == "Guides"
    page.click("text=Resources")
    page.wait_for_url("**/resources/community/")
    assert page.locator(".top-tab.active").inner_text().strip() == "Resources"
    assert page.locator(".anchor-link.active").inner_text().strip() == "Community"
    page.screenshot(path=str(tmp_path / "resources.png"))
    assert page.outside == []


def test_nested_groups_follow_expanded_and_open_for_the_current_page(page) -> None:
    page.goto(page.base + "/")
    scheduling = page.locator("details:has(> summary:has-text('Scheduling'))")
    reliability = page.locator("details:has(> summary:has-text('Reliability'))")
    assert scheduling.get_attribute("open") is not None       # "expanded": true
    assert reliability.get_attribute("open") is None          # collapsed by default
    reliability.locator("> summary").click()                  # drilldown off: just expands
    assert reliability.get_attribute("open") is not None
    assert page.locator(".sidebar a", has_text="Retries").is_visible()
    scheduling.locator("> summary").click()                   # ... and collapses
    assert scheduling.get_attribute("open") is None
    assert not page.locator(".sidebar a", has_text="Cron schedules").is_visible()
    assert page.url.endswith("/")
    assert page.locator(".nav-group-title", has_text="Jobs").count() == 1  # top level: no toggle
    page.goto(page.base + "/jobs/idempotency/")               # deep page: its groups are open
    assert page.locator("details:has(> summary:has-text('Advanced'))").get_attribute("open") is not None
    current = page.locator('.sidebar [aria-current="page"]')
    assert current.inner_text().strip() == "Idempotency"


def test_breadcrumbs_show_the_full_path(page, tmp_path: Path) -> None:
    page.goto(page.base + "/jobs/idempotency/")
    crumbs = page.locator(".breadcrumbs li").all_inner_texts()
    # not the language or the version: their selectors show them, as on the platform
    assert [c.strip() for c in crumbs] == ["Guides", "Jobs", "Reliability", "Advanced"]
    page.screenshot(path=str(tmp_path / "idempotency.png"))


def test_language_and_version_switch_keep_the_page(page) -> None:
    def choose(kind: str, label: str) -> None:  # the switchers are menus of plain links
        page.click(f".selector-{kind} > summary")
        page.click(f".selector-{kind} .dropdown-item:has-text('{label}')")

    page.goto(page.base + "/quickstart/")
    choose("language", "Français")
    page.wait_for_url("**/fr/quickstart/")
    assert page.locator("h1").inner_text().strip() == "Démarrage rapide"
    assert page.locator("html").get_attribute("lang") == "fr"
    page.goto(page.base + "/quickstart/")
    choose("version", "v1")
    page.wait_for_url("**/v1/quickstart/")
    page.goto(page.base + "/jobs/cron/")                      # no v1 counterpart: first page
    choose("version", "v1")
    page.wait_for_url("**/v1/")


def test_dark_mode_toggles_and_is_remembered(page, tmp_path: Path) -> None:
    page.goto(page.base + "/")
    assert "dark" not in (page.locator("html").get_attribute("class") or "")
    light_bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.click("[data-theme-toggle]")
    assert "dark" in page.locator("html").get_attribute("class")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != light_bg
    page.reload()
    assert "dark" in page.locator("html").get_attribute("class")
    page.screenshot(path=str(tmp_path / "home-dark.png"))


def test_code_group_tabs_switch(page) -> None:
    page.goto(page.base + "/installation/")
    group = page.locator(".code-group")
    panels = group.locator(".tab-panel")
    assert panels.nth(0).is_visible() and not panels.nth(1).is_visible()
    group.locator(".tab-button", has_text="Node.js").click()
    assert panels.nth(1).is_visible() and not panels.nth(0).is_visible()
    assert "npm install @acme/cloud" in panels.nth(1).inner_text()
    assert page.locator(".callout-note").count() == 1
    assert page.locator("a.card").count() == 2


def test_sidebar_is_keyboard_navigable(page) -> None:
    page.goto(page.base + "/")
    page.keyboard.press("Tab")                                 # skip link first
    assert page.evaluate("document.activeElement.className") == "skip-link"
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('.sidebar') !== null"):
            break
    assert page.evaluate("document.activeElement.closest('.sidebar') !== null")


def test_404_page_and_sub_path_deployment(chromium, tmp_path: Path, serve_dir) -> None:
    from click.testing import CliRunner

    from mdxsite.cli import main

    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(REPO / "sample_site"), "-o", str(out),
                                       "--base-url", "/docs/"])
    assert result.exit_code == 0
    base = serve_dir(out, prefix="/docs/")
    tab = chromium.new_page()
    tab.goto(base + "/docs/jobs/overview/")
    tab.click(".sidebar >> text=Cron schedules")
    tab.wait_for_url("**/docs/jobs/cron/")
    loaded = tab.evaluate("getComputedStyle(document.querySelector('.sidebar')).position")
    assert loaded == "sticky"                                  # the stylesheet came from /docs/
    links = _search(tab, "retries")                            # the index and links under /docs/
    assert any(link == base + "/docs/jobs/retries/" for link in links), links
    tab.goto(base + "/docs/404.html")
    assert tab.locator("h1").inner_text() == "Page not found"
    tab.close()


def _search(tab, query: str) -> list[str]:
    """Open search with Ctrl+K, type ``query`` and return the result links."""
    tab.keyboard.press("Control+k")
    box = tab.locator(".search-dialog input")
    box.wait_for(state="visible", timeout=10000)
    box.fill(query)
    tab.locator(".pagefind-ui__result-link").first.wait_for(timeout=10000)
    return tab.locator(".pagefind-ui__result-link").evaluate_all("els => els.map(e => e.href)")


def test_search_finds_a_page_in_the_readers_language_and_version(page, tmp_path: Path) -> None:
    page.goto(page.base + "/quickstart/")
    links = _search(page, "idempotency")
    assert any(link.endswith("/jobs/idempotency/") for link in links)
    assert not any("/fr/" in link for link in links)
    page.screenshot(path=str(tmp_path / "search.png"))
    page.goto(page.base + "/quickstart/")                     # "jobs" is in v1 and v2 pages
    v2 = _search(page, "jobs")
    assert v2 and not any("/v1/" in link or "/fr/" in link for link in v2)
    page.goto(page.base + "/v1/quickstart/")
    v1 = _search(page, "jobs")
    assert v1 and all("/v1/" in link for link in v1), v1
    page.locator(".pagefind-ui__result-link", has_text="Jobs (v1)").first.click()
    page.wait_for_url("**/v1/jobs/")
    assert page.outside == []


@pytest.fixture(scope="module")
def sharded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample site with v2's 15 pages indexed three a shard, dealt in navigation order:
    the first three shards hold English pages only, so a French reader's search must start
    from the fourth."""
    from click.testing import CliRunner

    from mdxsite.cli import main

    out = tmp_path_factory.mktemp("sharded") / "out"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("mdxsite.plugins.search.SHARD_PAGES", 3)
        result = CliRunner().invoke(main, ["build", str(REPO / "sample_site"), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    listing = json.loads((out / "_pagefind" / "v2" / "shard~list.json").read_text("utf-8"))
    assert [shard["languages"] for shard in listing["shards"]] == [
        ["en"], ["en"], ["en"], ["en", "fr"], ["fr"]]
    return out


def test_search_merges_the_shards_of_a_large_index(
        local_context: Callable[..., Any], sharded: Path, serve_dir: Callable[..., str]) -> None:
    context = local_context(1400, 900)
    tab = context.new_page()
    base = serve_dir(sharded)
    tab.goto(base + "/quickstart/")
    links = _search(tab, "idempotency")                        # a page of shard~3
    assert base + "/jobs/idempotency/" in links, links
    tab.goto(base + "/quickstart/")
    assert base + "/resources/contributing/" in _search(tab, "typo")  # the fourth shard
    tab.goto(base + "/quickstart/")
    v2 = _search(tab, "jobs")                                  # in every English shard
    assert v2 and not any("/v1/" in link or "/fr/" in link for link in v2), v2
    # "install" is on English and French pages: each reader gets only their own language's
    # (Pagefind alone would search a shard without the reader's language in its largest one)
    tab.goto(base + "/quickstart/")
    en = _search(tab, "install")
    assert base + "/installation/" in en and not any("/fr/" in link for link in en), en
    tab.goto(base + "/fr/")
    fr = {link.split("#")[0] for link in _search(tab, "install")}  # from shard 4, merging 5
    assert fr == {base + "/fr/installation/", base + "/fr/quickstart/"}, fr
    assert context.outside == []


SHOTS = REPO / "tests" / "_out" / "browser"


@pytest.mark.parametrize(("name", "path", "dark"), [
    ("home", "/", False),
    ("nested-page-dark", "/jobs/idempotency/", True),
    ("search", "/quickstart/", False),
])
def test_screenshots_of_key_pages(page, name: str, path: str, dark: bool) -> None:
    """Saved under tests/_out/browser/ for a person to look at; the test checks they rendered."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(page.base + path)
    if dark:
        page.click("[data-theme-toggle]")
    if name == "search":
        _search(page, "retries")
    target = SHOTS / f"{name}.png"
    page.screenshot(path=str(target))
    data = target.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 20_000
    assert page.outside == []
