"""Frontmatter ``related``: the "Related topics" links under a page, as the platform documents
them (site paths with the page's title and icon, URLs in a new tab, ``Title: link`` labels,
``false`` for none)."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = {"name": "Acme", "navigation": {"pages": ["index", "auth", "billing", "plain"]}}
INDEX = """---
title: Home
related:
  - /auth
  - Paying us: /billing#invoices
  - OAuth 2.0 spec: https://oauth.net/2/
  - /nowhere
---

Hello.
"""
PAGES = {"index": INDEX,
         "auth": "---\ntitle: Authentication\nicon: key\nrelated: false\n---\n\nAuth.\n",
         "billing": "---\ntitle: Billing\nrelated: /auth\n---\n\n## Invoices\n\nPay.\n",
         "plain": "---\ntitle: Plain\n---\n\nNothing related.\n"}


def _related(html: str) -> list[tuple[str, str, bool, bool]]:
    found = re.search(r'<nav class="related-topics".*?</nav>', html, re.S)
    if found is None:
        return []
    return [(href, re.sub(r"<[^>]+>", "", inner), 'target="_blank"' in attrs, "<svg" in inner)
            for href, attrs, inner in re.findall(r'<a href="([^"]*)"([^>]*)>(.*?)</a>', found.group(0), re.S)]


def test_related_pages_are_listed_under_the_page(cli, make_site, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = cli("build", make_site(DOCS, pages=PAGES), "-o", out)
    assert result.exit_code == 0, result.stderr
    # a site path shows the page's title and icon; a label wins; a URL opens in a new tab
    assert _related((out / "index.html").read_text()) == [
        ("/auth/", "Authentication", False, True),
        ("/billing/#invoices", "Paying us", False, False),
        ("https://oauth.net/2/", "OAuth 2.0 spec", True, True)]
    assert "index.mdx:7:5: warning: related: '/nowhere' is not a page of the site" in result.stderr
    # false, or no field: no section; a single path is a list's mistake, said where it is
    assert _related((out / "auth" / "index.html").read_text()) == []
    assert _related((out / "plain" / "index.html").read_text()) == []
    assert "billing.mdx:3:10: warning: related: expected a list of pages or links, or false" \
        in result.stderr
    assert "Related topics" not in (out / "index.md").read_text()  # not part of the page's text


def test_a_related_pages_new_title_shows_on_a_warm_build(cli, make_site, tmp_path: Path) -> None:
    root = make_site(DOCS, pages=PAGES)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    (root / "auth.mdx").write_text(PAGES["auth"].replace("Authentication", "Signing in"))
    again = cli("build", root, "-o", out)
    assert again.exit_code == 0
    assert _related((out / "index.html").read_text())[0][:2] == ("/auth/", "Signing in")
    # its warning is said again though the page itself was not rendered again
    assert "related: '/nowhere' is not a page of the site" in again.stderr
