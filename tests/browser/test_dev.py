"""``mdxsite dev`` in real headless Chromium: a save updates the open page by itself.

The dev session (watchdog, incremental engine, Starlette server) runs in this process on a
free port; the test edits page files on disk and waits (with a deadline) for the browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any
from pathlib import Path

import pytest

from mdxsite import plugin_manager
from mdxsite.server.dev import DevSession

pytestmark = pytest.mark.browser
WAIT_MS = 30_000  # a deadline for a loaded machine; a passing run takes far less


def long_page(first: str) -> str:
    paragraphs = "\n\n".join(f"Paragraph {i}: " + "words " * 60 for i in range(40))
    return f"---\ntitle: Long\n---\n\n{first}\n\n{paragraphs}\n\nThe end.\n"


@pytest.fixture
def dev(tmp_path: Path) -> Iterator[DevSession]:
    root = tmp_path / "site"
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "Live",
        "navigation": {"groups": [{"group": "Pages", "pages": ["long", "other"]}]}}))
    (root / "long.mdx").write_text(long_page("Original text."))
    (root / "other.mdx").write_text("---\ntitle: Other\n---\n\nThe other page.\n")
    session = DevSession(root, tmp_path / "out", plugin_manager.create(["search"]), port=0)
    assert session.start().ok
    session.serve_in_background()
    yield session
    session.close()


@pytest.fixture
def browser_context(local_context: Callable[..., Any]) -> object:
    return local_context(1200, 800)


def _open(context, url: str):
    tab = context.new_page()
    tab.goto(url)
    # the event stream is open once the server's first message has been handled: from then
    # on every rebuild reaches this tab (a save before that would be missed)
    tab.wait_for_function("() => window.__mdxsiteDev && window.__mdxsiteDev.connected === true",
                          timeout=WAIT_MS)
    return tab


def test_a_save_updates_the_open_page_at_the_same_scroll_position(
        dev: DevSession, browser_context, tmp_path: Path) -> None:
    tab = _open(browser_context, dev.url + "/long/")
    other = _open(browser_context, dev.url + "/other/")
    other.evaluate("() => { window.__untouched = true; }")
    tab.evaluate("() => window.scrollTo(0, 1500)")
    tab.wait_for_function("() => Math.abs(window.scrollY - 1500) < 2", timeout=WAIT_MS)

    (dev.engine.root / "long.mdx").write_text(long_page("Edited text, saved in an editor."))

    tab.wait_for_function(
        "() => (document.querySelector('article') || {innerText: ''}).innerText.includes('Edited text')",
        timeout=WAIT_MS)
    tab.wait_for_function("() => Math.abs(window.scrollY - 1500) < 50", timeout=WAIT_MS)
    assert "Original text." not in tab.locator("article").inner_text()
    # the other tab's page did not change: it was not reloaded
    assert other.evaluate("() => window.__untouched === true")
    tab.screenshot(path=str(tmp_path / "updated.png"))
    assert browser_context.outside == []


def test_an_error_shows_an_overlay_over_the_last_good_page_until_fixed(
        dev: DevSession, browser_context, tmp_path: Path) -> None:
    tab = _open(browser_context, dev.url + "/long/")
    page_file = dev.engine.root / "long.mdx"
    page_file.write_text(long_page("Broken: <Note>\nnever closed"))

    overlay = tab.locator("#mdxsite-dev-overlay")
    overlay.wait_for(state="visible", timeout=WAIT_MS)
    assert "long.mdx:5:9: <Note> is not closed" in overlay.inner_text()
    tab.screenshot(path=str(tmp_path / "overlay.png"))
    assert "Original text." in tab.locator("article").inner_text()  # the last good page

    page_file.write_text(long_page("Fixed text."))
    overlay.wait_for(state="detached", timeout=WAIT_MS)
    tab.wait_for_function(
        "() => (document.querySelector('article') || {innerText: ''}).innerText.includes('Fixed text.')",
        timeout=WAIT_MS)
