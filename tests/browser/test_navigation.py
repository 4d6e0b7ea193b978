"""The showcase site in headless Chromium: drilldown and breadcrumbs on and off (theme default
and docs.json override), product switcher and tab menu with descriptions, in real clicks."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from typing import Any
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SHOWCASE = REPO / "tests" / "fixtures" / "sites" / "showcase"
pytestmark = pytest.mark.browser

# maple (the showcase's theme) shows breadcrumbs and drills down by default
VARIANTS = {
    "defaults": {},
    "overridden": {"styling": {"eyebrows": "section"}, "interaction": {"drilldown": False}},
}


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    from click.testing import CliRunner

    from mdxsite.cli import main

    built = {}
    for name, changes in VARIANTS.items():
        root = tmp_path_factory.mktemp(name) / "site"
        shutil.copytree(SHOWCASE, root)
        docs = json.loads((root / "docs.json").read_text()) | changes
        (root / "docs.json").write_text(json.dumps(docs))
        out = root.parent / "out"
        result = CliRunner().invoke(main, ["--disable-plugin", "search", "build", str(root),
                                           "-o", str(out)])
        assert result.exit_code == 0, result.stderr
        built[name] = out
    return built


@pytest.fixture
def open_site(local_context: Callable[..., Any], sites: dict[str, Path],
              serve_dir: Callable[..., str]) -> Iterator[Callable]:
    """``open_site(variant, path)`` -> a page at that path; no request may leave 127.0.0.1."""
    context = local_context(1400, 900)
    bases: dict[str, str] = {}

    def open_(variant: str, path: str):
        if variant not in bases:
            bases[variant] = serve_dir(sites[variant])
        tab = context.new_page()
        tab.goto(bases[variant] + path)
        return tab

    yield open_
    assert context.outside == []


def test_drilldown_on_by_theme_default_goes_to_the_groups_first_page(open_site) -> None:
    tab = open_site("defaults", "/")
    assert tab.locator("body").get_attribute("data-drilldown") == "true"
    tab.locator(".sidebar summary", has_text="Deep dive").click()
    tab.wait_for_url("**/deep/one/")
    assert tab.locator('.sidebar [aria-current="page"]').inner_text().strip() == "Deep one"
    group = tab.locator("details:has(> summary:has-text('Deep dive'))")
    assert group.get_attribute("open") is not None       # the current page's group is open


def test_drilldown_off_by_override_only_expands_and_collapses(open_site) -> None:
    tab = open_site("overridden", "/")
    group = tab.locator("details:has(> summary:has-text('Deep dive'))")
    summary = group.locator("> summary")
    assert group.get_attribute("open") is None
    summary.click()
    assert group.get_attribute("open") is not None
    assert tab.locator(".sidebar a", has_text="Deep two").is_visible()
    summary.click()
    assert group.get_attribute("open") is None
    assert not tab.locator(".sidebar a", has_text="Deep two").is_visible()
    assert tab.url.endswith("/") and "/deep/" not in tab.url


def test_breadcrumbs_on_by_theme_default_and_off_by_override(open_site) -> None:
    on = open_site("defaults", "/deep/one/")
    crumbs = [c.strip() for c in on.locator(".breadcrumbs li").all_inner_texts()]
    assert crumbs == ["Queues", "Docs", "Build", "Start", "Deep dive"]
    on.locator(".breadcrumbs a", has_text="Build").click()    # a crumb leads to its first page
    on.wait_for_url(lambda url: url.endswith("/"))
    off = open_site("overridden", "/deep/one/")
    assert off.locator(".breadcrumbs").count() == 0
    assert off.locator(".eyebrow").inner_text().strip() == "Deep dive"


def test_product_switcher_shows_descriptions_and_switches(open_site, tmp_path: Path) -> None:
    tab = open_site("defaults", "/deep/one/")
    menu = tab.locator(".switcher .dropdown-list")
    assert not menu.is_visible()
    tab.locator(".switcher summary").click()
    assert menu.is_visible()
    assert tab.locator(".switcher .dropdown-description", has_text="Schedules that run on time").is_visible()
    assert tab.locator(".switcher .dropdown-item svg.icon").count() == 2
    tab.keyboard.press("Escape")                                 # Escape closes it
    assert not menu.is_visible()
    tab.locator(".switcher summary").click()
    tab.locator("h1").click()                                    # so does a click elsewhere
    assert not menu.is_visible()
    tab.locator(".switcher summary").click()
    tab.screenshot(path=str(tmp_path / "switcher.png"))
    tab.locator(".switcher .dropdown-item", has_text="Cron").click()
    tab.wait_for_url("**/cron/intro/")
    assert tab.locator(".switcher-current .dropdown-title").inner_text() == "Cron"


def test_tab_menu_opens_and_leads_to_an_item(open_site) -> None:
    tab = open_site("defaults", "/")
    tab.locator(".tab-menu summary").click()
    item = tab.locator(".tab-menu .dropdown-item", has_text="Operate")
    assert item.is_visible()
    assert tab.locator(".tab-menu .dropdown-description", has_text="Run jobs in production").is_visible()
    item.click()
    tab.wait_for_url("**/operate/scale/")
    tab.locator(".tab-menu summary").click()
    current = tab.locator('.tab-menu .dropdown-item[aria-current="true"]')
    assert current.locator(".dropdown-title").inner_text() == "Operate"
    assert tab.locator(".sidebar").inner_text().count("Scaling") == 1
    tab.locator(".top-tab", has_text="Layouts").click()        # a plain tab beside it
    tab.wait_for_url("**/modes/wide/")


def test_hidden_page_is_reachable_but_not_in_the_sidebar(open_site) -> None:
    tab = open_site("defaults", "/hidden-page/")
    assert tab.locator("h1").inner_text() == "Hidden page"
    assert tab.locator(".sidebar a", has_text="Hidden page").count() == 0
    assert tab.locator(".sidebar a", has_text="Legacy API").count() == 1
