"""Analytics load from the provider in the reader's browser, and only after consent when
integrations.cookies names the localStorage entry that records it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _requested(page: Any, context: Any, urls: list[str], ms: int = 20_000) -> None:
    """Wait until the page has asked for every URL of ``urls`` (scripts added after the load
    event, or once the browser is idle, come when they come on a loaded machine)."""
    for _ in range(ms // 50):
        if all(url in context.outside for url in urls):
            return
        page.wait_for_timeout(50)  # Playwright hands the routed requests over meanwhile
    assert [url for url in urls if url not in context.outside] == []


def test_analytics_wait_for_consent(make_site: Callable[..., Path], cli: Callable, serve_dir: Callable[..., str],
                                    local_context: Callable[..., object], tmp_path: Path) -> None:
    root = make_site({"name": "I", "navigation": {"pages": ["index"]}, "integrations": {
        "ga4": {"measurementId": "G-TEST123"}, "fathom": {"siteId": "ABCDE"},
        "cookies": {"key": "cookie-consent", "value": "accepted"}}})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    base = serve_dir(tmp_path / "out")
    context = local_context()
    page = context.new_page()
    page.goto(base + "/")
    page.wait_for_timeout(300)
    assert not [u for u in context.outside if "googletagmanager" in u or "usefathom" in u]
    page.evaluate("localStorage.setItem('cookie-consent', 'accepted')")
    page.reload()
    _requested(page, context, ["https://www.googletagmanager.com/gtag/js?id=G-TEST123",
                               "https://cdn.usefathom.com/script.js"])
    assert page.evaluate("window.dataLayer.length") >= 2  # gtag('js'), gtag('config', …)


def test_custom_scripts_load_from_their_urls(make_site: Callable[..., Path], cli: Callable,
                                             serve_dir: Callable[..., str],
                                             local_context: Callable[..., object], tmp_path: Path) -> None:
    root = make_site({"name": "I", "navigation": {"pages": ["index"]}, "integrations": {
        "customScripts": [{"src": "https://cdn.example.com/chat.js"},
                          {"src": "https://cdn.example.com/late.js", "strategy": "lazyOnload"}]}})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    context = local_context()
    page = context.new_page()
    page.goto(serve_dir(tmp_path / "out") + "/")
    _requested(page, context, ["https://cdn.example.com/chat.js", "https://cdn.example.com/late.js"])
