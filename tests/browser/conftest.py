"""Browser fixtures: Debian's Chromium driven by playwright (serve_dir is in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    """A headless Chromium (the Debian package; playwright never downloads a browser here)."""
    if not CHROMIUM.exists():
        pytest.fail("/usr/bin/chromium is missing: run `make test`, which installs it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def local_context(chromium) -> Iterator[Callable[..., object]]:
    """``local_context(width, height)`` -> a browser context whose requests may not leave
    127.0.0.1: any other is aborted and its URL kept in ``context.outside`` for the test."""
    contexts: list[object] = []

    def make(width: int = 1200, height: int = 900) -> object:
        context = chromium.new_context(viewport={"width": width, "height": height})
        outside: list[str] = []

        def route(r) -> None:
            if r.request.url.startswith("http://127.0.0.1"):
                r.continue_()
            else:
                outside.append(r.request.url)
                r.abort()

        context.route("**/*", route)
        context.outside = outside
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
