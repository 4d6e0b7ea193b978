"""The schema.org JSON-LD each indexable page carries (the platform's "Structured data"), and
docs.json's seo.organization and seo.trailingSlash."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

DOCS = {"name": "Acme", "logo": "/logo.svg",
        "navigation": {"groups": [{"group": "Guides", "pages": ["index", "start", "secret"]},
                                  {"group": "API", "pages": ["endpoint"]}]}}
PAGES = {"index": "# Home\n", "start": "---\ntitle: Start\ndescription: Begin here.\n"
                                        "keywords: [setup, install]\n---\n\nText.\n",
         "secret": "---\ntitle: Secret\nnoindex: true\n---\n\nx\n",
         "endpoint": "---\ntitle: Create user\napi: POST https://api.acme.dev/users\n---\n\nx\n"}


def _graph(page: Path) -> dict[str, dict]:
    found = re.findall(r'<script type="application/ld\+json">(.*?)</script>', page.read_text("utf-8"))
    assert len(found) <= 1
    return {e["@type"]: e for e in json.loads(found[0])["@graph"]} if found else {}


def test_an_indexable_page_carries_its_graph_with_absolute_ids(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    root = make_site(DOCS, PAGES, files={"logo.svg": "<svg/>"})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out, "--site-url", "https://docs.acme.dev").exit_code == 0
    graph = _graph(out / "start" / "index.html")
    assert graph["Organization"] == {"@type": "Organization", "@id": "https://docs.acme.dev/#organization",
                                     "name": "Acme", "url": "https://docs.acme.dev/",
                                     "logo": "https://docs.acme.dev/logo.svg"}
    assert graph["WebPage"]["@id"] == "https://docs.acme.dev/start/"
    assert graph["WebPage"]["description"] == "Begin here."
    assert [i["name"] for i in graph["BreadcrumbList"]["itemListElement"]] == ["Guides", "Start"]
    assert graph["TechArticle"]["keywords"] == "setup, install"
    assert graph["TechArticle"]["publisher"] == {"@id": "https://docs.acme.dev/#organization"}
    assert "APIReference" in _graph(out / "endpoint" / "index.html")  # an endpoint page
    assert _graph(out / "secret" / "index.html") == {}                 # noindex: none
    # without a site URL no page carries it (its ids must be absolute)
    assert cli("build", root, "-o", tmp_path / "bare").exit_code == 0
    assert _graph(tmp_path / "bare" / "start" / "index.html") == {}


def test_seo_organization_names_the_publisher(cli: Callable, make_site: Callable,
                                              tmp_path: Path) -> None:
    org = {"id": "https://acme.dev/#org", "name": "Acme Inc.", "legalName": "Acme Incorporated",
           "url": "https://acme.dev", "logo": "https://acme.dev/logo.png",
           "sameAs": ["https://github.com/acme"]}
    root = make_site({**DOCS, "seo": {"organization": org}}, PAGES, files={"logo.svg": "<svg/>"})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out, "--site-url", "https://docs.acme.dev").exit_code == 0
    graph = _graph(out / "start" / "index.html")
    assert graph["Organization"] == {"@type": "Organization", "@id": org["id"], "name": "Acme Inc.",
                                     "legalName": "Acme Incorporated", "url": "https://acme.dev",
                                     "logo": "https://acme.dev/logo.png", "sameAs": org["sameAs"]}
    assert graph["WebSite"]["publisher"] == {"@id": org["id"]}
    result = cli("build", root, "-o", tmp_path / "bare")  # no site URL: said, where it is set
    assert result.exit_code == 0
    assert re.search(r"docs\.json:\d+:\d+: warning: seo\.organization: the structured data .* the "
                     r"site's URL is unknown", result.stderr)


def test_seo_keys_are_checked_where_they_are_written(cli: Callable, make_site: Callable,
                                                     tmp_path: Path) -> None:
    docs = ('{\n  "name": "A",\n  "seo": {"trailingSlash": false, "organisation": {},\n'
            '          "paths": [{"path": "guides"}]},\n  "navigation": {"pages": ["index"]}\n}\n')
    result = cli("build", make_site(docs, {"index": "# Home\n"}), "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert "docs.json:4:21: seo.paths[0]: a seo path needs \"path\"" in result.stderr
    assert re.search(r"docs\.json:3:35: warning: seo\.organisation: unknown key 'organisation'\. "
                     r"Did you mean 'organization'\?", result.stderr)
    assert "docs.json:3:28: warning: seo.trailingSlash: page URLs keep their trailing slash" in result.stderr
