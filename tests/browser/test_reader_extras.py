"""Small reader features in Chromium: images open larger on click (not one with noZoom), a
back-to-top button, the table of contents marking the section being read, the 404 page
offering search, and the navbar's links and primary button in the phone's navigation panel.
"""

from __future__ import annotations

import json
import struct
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SECTIONS = ["Install", "Configure", "Deploy", "Monitor", "Troubleshoot"]
FILLER = "\n\n".join(["Some words about this part of the guide, long enough to scroll."] * 14)
PAGE = ("---\ntitle: Guide\n---\n\nIntro with a ![Diagram](/diagram.png) picture.\n\n"
        '<img src="/diagram.png" alt="Logo strip" noZoom />\n\n'
        + "\n\n".join(f"## {name}\n\n{FILLER}" for name in SECTIONS) + "\n")


TABS = """---
title: Tabs
---

<Tabs>
<Tab title="**npm**">Install with npm.</Tab>
<Tab title="yarn">Install with yarn.</Tab>
</Tabs>

<CodeGroup dropdown>

```bash npm
npm i thing
```

```bash yarn
yarn add thing
```

</CodeGroup>

<View title="JavaScript" icon="js">

Run it with node.

</View>

<View title="Python" icon="python">

Run it with python.

</View>

<Tabs sync={false} defaultTabIndex={1}>
<Tab title="npm">Apart, npm.</Tab>
<Tab title="yarn">Apart, yarn.</Tab>
</Tabs>
"""


# class names as headings and a page title: one word wider than the columns they sit in
LONG_WORD = "DeepgramFluxSageMakerSpeechToTextServiceSettings"
LONG = (f"---\ntitle: {LONG_WORD}\n---\n\n" + "".join(
    f"## {LONG_WORD}{n}\n\n{FILLER}\n\n### Options{n}\n\nText.\n\n" for n in range(3)))


def _png(width: int, height: int) -> bytes:
    """A plain grey PNG (no imaging library needed for a test picture)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\x88" * width * 3 for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from mdxsite.cli import main

    root = tmp_path_factory.mktemp("extras") / "src"
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({
        "name": "Extras", "colors": {"primary": "#0D9373"},
        "navbar": {"links": [{"label": "Community", "href": "https://example.com/community"}],
                   "primary": {"type": "button", "label": "Sign up", "href": "https://example.com/up"}},
        "navigation": {"pages": ["index", "guide", "tabs", "wide",
                                 {"group": f"{LONG_WORD}Group", "pages": ["long"]}]}}), "utf-8")
    (root / "tabs.mdx").write_text(TABS, "utf-8")
    (root / "wide.mdx").write_text("---\ntitle: Wide\nmode: wide\n---\n\n" + FILLER + "\n", "utf-8")
    (root / "long.mdx").write_text(LONG, "utf-8")
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nSee the [guide](/guide).\n", "utf-8")
    (root / "guide.mdx").write_text(PAGE, "utf-8")
    (root / "diagram.png").write_bytes(_png(320, 160))
    out = root.parent / "out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    return out


def _tab(chromium: Any, base: str, path: str, width: int = 1280) -> tuple[Any, Any]:
    context = chromium.new_context(viewport={"width": width, "height": 800})
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith("http://127.0.0.1")
                  else r.abort())
    tab = context.new_page()
    tab.goto(base + path)
    return context, tab


def test_an_image_opens_larger_on_click_unless_it_says_noZoom(chromium: Any, site: Path,
                                                               serve_dir: Callable[..., str]) -> None:
    context, tab = _tab(chromium, serve_dir(site), "/guide/")
    tab.locator('.prose img[alt="Diagram"]').click()
    box = tab.locator("dialog.lightbox")
    assert box.evaluate("d => d.open")
    big = box.locator("img")
    assert big.get_attribute("src").endswith("/diagram.png") and big.get_attribute("alt") == "Diagram"
    tab.keyboard.press("Escape")
    assert not box.evaluate("d => d.open")
    tab.locator('.prose img[alt="Logo strip"]').click()   # noZoom: nothing opens
    assert not box.evaluate("d => d.open")
    tab.locator('.prose img[alt="Diagram"]').click()
    tab.locator(".lightbox-close").click()                 # the close button closes it too
    assert not box.evaluate("d => d.open")
    context.close()


def test_back_to_top_shows_once_scrolled_and_returns_to_the_top(chromium: Any, site: Path,
                                                                serve_dir: Callable[..., str]) -> None:
    for width in (1280, 390):
        context, tab = _tab(chromium, serve_dir(site), "/guide/", width)
        button = tab.locator("[data-back-to-top]")
        assert not button.is_visible()
        tab.evaluate("window.scrollTo(0, 3000)")
        button.wait_for(state="visible")
        box = button.bounding_box()
        assert box is not None and box["x"] + box["width"] <= width
        button.click()
        tab.wait_for_function("window.scrollY === 0")
        button.wait_for(state="hidden")
        context.close()


def test_the_toc_marks_the_section_being_read(chromium: Any, site: Path,
                                              serve_dir: Callable[..., str]) -> None:
    context, tab = _tab(chromium, serve_dir(site), "/guide/")
    active = tab.locator(".toc a.active")
    assert active.count() == 1 and active.inner_text() == SECTIONS[0]
    for name in (SECTIONS[2], SECTIONS[1]):          # down, then back up
        tab.locator(f"h2:has-text('{name}')").evaluate("h => h.scrollIntoView()")
        tab.wait_for_function("n => document.querySelector('.toc a.active')?.textContent === n", arg=name)
        assert tab.locator('.toc a[aria-current="location"]').inner_text() == name
        # the platform's hooks for a site's own CSS: the entry's li, the only one of its level
        assert tab.locator("li.toc-item[data-active-deepest] > a").inner_text() == name
        assert tab.locator("li.toc-item[data-active] > a").all_inner_texts() == [name]
    tab.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    tab.wait_for_function("n => document.querySelector('.toc a.active')?.textContent === n",
                          arg=SECTIONS[-1])
    assert tab.locator(".toc a.active").count() == 1
    context.close()


def test_a_long_word_in_a_title_or_heading_wraps_inside_its_column(
        chromium: Any, site: Path, serve_dir: Callable[..., str]) -> None:
    """A heading, page title or group name of one long word (a class name) ran past the table
    of contents' edge out of the window, past the sidebar's into the text, and the page's
    title over the table of contents (a real site's STT service pages)."""
    for width in (1280, 390):
        context, tab = _tab(chromium, serve_dir(site), "/long/", width)
        checks = [("article", "h1.page-title")]
        if width == 1280:  # the phone's sidebar is a closed menu, and it has no contents column
            checks += [("aside.toc", f".toc a:has-text('{LONG_WORD}0')"),
                       ("#sidebar", f"#sidebar a:has-text('{LONG_WORD}')"),
                       ("#sidebar", f"#sidebar .nav-group-title:has-text('{LONG_WORD}Group')")]
        for column, item in checks:
            outer, inner = tab.locator(column).bounding_box(), tab.locator(item).bounding_box()
            assert outer is not None and inner is not None
            assert inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 1, (item, outer, inner)
            # the text itself stays inside its box (a block's box keeps the column's width)
            assert tab.locator(item).evaluate("e => e.scrollWidth <= e.clientWidth + 1"), (item, width)
        context.close()


def test_a_wide_page_on_a_phone_spans_the_screen(chromium: Any, site: Path,
                                                serve_dir: Callable[..., str]) -> None:
    """mode: wide kept its two-column grid (sidebar, text) on a phone, where the sidebar is a
    menu: the text sat in the sidebar's 16rem column, a third of the screen left empty (two
    real sites' install and overview pages)."""
    for width in (390, 1280):
        context, tab = _tab(chromium, serve_dir(site), "/wide/", width)
        text = tab.locator("article").bounding_box()
        sidebar = tab.locator("#sidebar").bounding_box()
        assert text is not None
        if width == 390:
            assert text["width"] >= 390 - 2 * 20, text
        else:  # beside the sidebar, with the table of contents' room too
            assert sidebar is not None and text["x"] >= sidebar["x"] + sidebar["width"], (text, sidebar)
            assert text["width"] > 800, text
        context.close()


def test_the_404_page_offers_search(chromium: Any, site: Path,
                                    serve_dir: Callable[..., str]) -> None:
    context, tab = _tab(chromium, serve_dir(site, not_found_page=True), "/no/such/page/")
    assert "Page not found" in tab.locator("h1").inner_text()
    tab.locator(".not-found [data-search-open]").click()
    dialog = tab.locator("dialog.search-dialog")
    dialog.wait_for(state="visible")
    tab.keyboard.type("Troubleshoot")
    first = tab.locator(".pagefind-ui__result-link").first
    first.wait_for(timeout=10000)
    assert first.get_attribute("href").rstrip("/").endswith("/guide")
    tab.keyboard.press("Escape")
    tab.keyboard.press("Control+k")                  # the shortcut works there too
    dialog.wait_for(state="visible")
    context.close()


def test_the_404_page_follows_the_readers_mode_and_the_sites_colours(
        chromium: Any, site: Path, serve_dir: Callable[..., str]) -> None:
    """A reader in dark mode gets a dark 404 page, its button in the site's colour, and on a
    phone its search box says what it is: the page had no mode script nor colours (a white
    page, the default green), and at 390 px the box's words were hidden as in the navbar."""
    context = chromium.new_context(viewport={"width": 390, "height": 800}, color_scheme="dark")
    tab = context.new_page()
    tab.goto(serve_dir(site, not_found_page=True) + "/no/such/page/")
    found = tab.evaluate("""() => ({
        dark: document.documentElement.classList.contains('dark'),
        page: getComputedStyle(document.body).backgroundColor,
        button: getComputedStyle(document.querySelector('.not-found .button-primary')).backgroundColor,
        label: document.querySelector('.not-found-search span').getBoundingClientRect().width })""")
    assert found["dark"] and found["page"] != "rgb(255, 255, 255)", found
    assert found["button"] == "rgb(13, 147, 115)", found      # docs.json colors.primary
    assert found["label"] > 50, found
    assert tab.locator(".not-found-search").is_visible()
    context.close()


def test_the_phone_menu_offers_the_navbar_links_and_button(chromium: Any, site: Path,
                                                           serve_dir: Callable[..., str]) -> None:
    base = serve_dir(site)
    context, tab = _tab(chromium, base, "/guide/", 390)
    assert not tab.locator(".navbar-links").is_visible()
    tab.locator("[data-menu-toggle]").click()
    links = tab.locator("#sidebar .sidebar-navbar")
    assert links.locator("a", has_text="Community").is_visible()
    button = links.locator("a.button-primary")
    assert button.is_visible() and button.inner_text() == "Sign up"
    assert button.get_attribute("href") == "https://example.com/up"
    box = button.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    context.close()
    context, tab = _tab(chromium, base, "/guide/", 1280)  # wide: in the bar, not twice
    assert tab.locator(".navbar-links .button-primary").is_visible()
    assert not tab.locator(".sidebar-navbar").is_visible()
    context.close()


AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


def _serious(tab: Any) -> list[dict[str, Any]]:
    tab.add_script_tag(path=str(AXE))
    found = tab.evaluate("""async () => (await axe.run(document, { resultTypes: ["violations"] }))
        .violations.map(v => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ")) }))""")
    return [v for v in found if v["impact"] in ("serious", "critical")]


def test_axe_finds_no_serious_issue_with_the_new_controls(chromium: Any, site: Path,
                                                          serve_dir: Callable[..., str]) -> None:
    if not AXE.is_file():
        pytest.fail("tests/browser/node_modules/axe-core is missing: run `make browser-deps` (npm)")
    base = serve_dir(site, not_found_page=True)
    context, tab = _tab(chromium, base, "/no/such/page/")
    assert _serious(tab) == []                       # the 404 page with its search button
    context.close()
    context, tab = _tab(chromium, base, "/guide/", 390)
    tab.evaluate("window.scrollTo(0, 3000)")
    tab.locator("[data-back-to-top]").wait_for(state="visible")
    tab.locator("[data-menu-toggle]").click()        # the phone menu with the navbar's links
    assert _serious(tab) == []
    context.close()
    context, tab = _tab(chromium, base, "/guide/")
    tab.locator('.prose img[alt="Diagram"]').click()  # an image zoomed
    assert _serious(tab) == []
    context.close()


def test_tabs_sync_and_a_code_group_dropdown(chromium: Any, site: Path,
                                            serve_dir: Callable[..., str]) -> None:
    context, tab = _tab(chromium, serve_dir(site), "/tabs/")
    group = tab.locator(".code-group-dropdown")
    assert not group.locator(".tab-list").is_visible()
    assert group.get_by_text("npm i thing").is_visible()
    group.locator("select").select_option("yarn")    # the dropdown picks the block
    assert group.get_by_text("yarn add thing").is_visible()
    assert not group.get_by_text("npm i thing").is_visible()
    # synced (the platform's default): the Tabs above follow, by the plain text of a title
    # written in Markdown (**npm**); sync={false} ones do not
    assert tab.get_by_text("Install with yarn.").is_visible()
    apart = tab.locator(".tabs").nth(2)
    assert apart.get_by_text("Apart, yarn.").is_visible()  # defaultTabIndex={1}
    tab.locator(".tabs").first.get_by_role("tab", name="npm").click()
    assert group.locator("select").input_value() == "npm"  # and back the other way
    assert group.get_by_text("npm i thing").is_visible()
    assert apart.get_by_text("Apart, yarn.").is_visible()
    context.close()


def test_a_tab_list_is_one_tab_stop_walked_with_arrows_home_and_end(
        chromium: Any, site: Path, serve_dir: Callable[..., str]) -> None:
    """The WAI-ARIA tabs pattern, as the platform's tabs: Tab reaches the chosen tab only and
    leaves the list from there; the arrows (wrapping round), Home and End choose and focus a
    tab. Every tab was a stop of its own, and the arrows stopped at the ends."""
    context, tab = _tab(chromium, serve_dir(site), "/tabs/")
    tabs = tab.locator(".tabs").first
    first, second = tabs.get_by_role("tab", name="npm"), tabs.get_by_role("tab", name="yarn")
    focused = "document.activeElement.textContent.trim()"
    first.focus()
    tab.keyboard.press("Tab")                       # out of the list, not onto "yarn"
    assert tab.evaluate("!document.activeElement.closest('.tab-list')"), tab.evaluate(focused)
    first.focus()
    tab.keyboard.press("ArrowLeft")                 # wraps round to the last
    assert tab.evaluate(focused) == "yarn" and second.get_attribute("aria-selected") == "true"
    assert tabs.get_by_text("Install with yarn.").is_visible()
    tab.keyboard.press("Home")
    assert tab.evaluate(focused) == "npm" and first.get_attribute("aria-selected") == "true"
    tab.keyboard.press("End")
    assert tab.evaluate(focused) == "yarn"
    tab.keyboard.press("Shift+Tab")                 # back out before the list
    tab.keyboard.press("Tab")                       # and in again: on the chosen tab
    assert tab.evaluate(focused) == "yarn"
    context.close()


def test_views_form_one_menu_showing_the_chosen_view(chromium: Any, site: Path,
                                                    serve_dir: Callable[..., str]) -> None:
    context, tab = _tab(chromium, serve_dir(site), "/tabs/")
    menu = tab.locator(".view-select")
    assert menu.is_visible() and menu.input_value() == "JavaScript"
    assert tab.get_by_text("Run it with node.").is_visible()
    assert not tab.get_by_text("Run it with python.").is_visible()
    menu.select_option("Python")
    assert tab.get_by_text("Run it with python.").is_visible()
    assert not tab.get_by_text("Run it with node.").is_visible()
    context.close()
