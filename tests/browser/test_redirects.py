"""Wildcard redirects on a host with no rules file: the 404 page's script sends the reader on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

RULES = [{"source": "/beta/:slug*", "destination": "/v2/:slug*"},
         {"source": "/old/article-*", "destination": "/new/article-*", "permanent": False},
         {"source": "/a/*/b", "destination": "/quickstart"}]
PAGES = {k: f"---\ntitle: Page {k}\n---\nBody.\n" for k in ("quickstart", "v2/introduction", "new/article-123")}


def test_the_404_page_applies_wildcard_rules_where_the_host_has_none(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path,
        serve_dir: Callable[..., str], local_context: Callable[..., object]) -> None:
    root = make_site({"name": "R", "redirects": RULES,
                      "navigation": {"groups": [{"group": "G", "pages": list(PAGES)}]}}, pages=PAGES)
    built = tmp_path / "out"
    assert cli("build", root, "-o", built).exit_code == 0
    base = serve_dir(built, not_found_page=True)
    page = local_context().new_page()
    for path, landed in (("/beta/introduction", "/v2/introduction/"),
                         ("/old/article-123", "/new/article-123/"),
                         ("/a/x/b", "/quickstart/")):
        page.goto(base + path)
        page.wait_for_url(base + landed)
        assert page.locator("h1").first.inner_text() == f"Page {landed.strip('/')}"
