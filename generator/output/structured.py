"""Structured data: the schema.org JSON-LD each indexable page carries, as the platform's does.

One ``@graph`` of entities with stable ``@id`` URLs: the ``Organization`` publishing the site
(docs.json ``seo.organization``, else the site's name, logo and URL), the ``WebSite``, the
``WebPage``, its ``BreadcrumbList`` (the page's place in the navigation) and the page itself as
a ``TechArticle``, or an ``APIReference`` for an endpoint page (``api``, ``openapi`` or
``asyncapi``). A field without a value is left out. Every ``@id`` and URL is absolute, so a
page carries it only when the site URL is known (``Site.public_url``), and a ``noindex`` page
carries none, as on the platform.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from mdxsite.model import Page, Site

ORGANIZATION_KEYS = ("id", "name", "legalName", "url", "logo", "sameAs")


def _absolute(site_url: str, site: Site, url: object) -> str:
    if not isinstance(url, str) or not url:
        return ""
    if url.startswith(("http://", "https://")):
        return url
    return site_url + site.href(url if url.startswith("/") else "/" + url)


def graph(site: Site, page: Page, *, canonical: str, site_url: str, title: str,
          description: str, crumbs: Sequence[Mapping[str, Any]], logo: object) -> Markup | None:
    """The page's JSON-LD (for a ``<script type="application/ld+json">``), or None when the
    site URL is unknown."""
    if not site_url or not canonical:
        return None
    own = site.config.get("seo.organization")
    org: Mapping[str, Any] = own if isinstance(own, Mapping) else {}
    name = str(site.config.get("name") or "")
    org_id = org.get("id") if isinstance(org.get("id"), str) else f"{_origin(site_url)}/#organization"
    home = site_url + site.href("/")
    organization = {"@type": "Organization", "@id": org_id,
                    "name": org.get("name") or name, "legalName": org.get("legalName"),
                    "url": org.get("url") or home,
                    "logo": org.get("logo") or _absolute(site_url, site, logo),
                    "sameAs": [u for u in org.get("sameAs") or () if isinstance(u, str)] or None}
    website = {"@type": "WebSite", "@id": f"{home}#website", "url": home, "name": name,
               "publisher": {"@id": org_id}}
    items = [{"@type": "ListItem", "position": n, "name": c.get("title"),
              "item": _absolute(site_url, site, c.get("url")) or None}
             for n, c in enumerate([*crumbs, {"title": title, "url": page.url}], start=1)
             if c.get("title")]
    breadcrumbs = {"@type": "BreadcrumbList", "@id": f"{canonical}#breadcrumb",
                   "itemListElement": items}
    webpage = {"@type": "WebPage", "@id": canonical, "url": canonical, "name": title,
               "description": description or None, "isPartOf": {"@id": website["@id"]},
               "breadcrumb": {"@id": breadcrumbs["@id"]}}
    endpoint = page.kind == "openapi" or any(
        isinstance(page.frontmatter.get(k), str) for k in ("api", "openapi", "asyncapi"))
    keywords = page.frontmatter.get("keywords")
    article = {"@type": "APIReference" if endpoint else "TechArticle", "@id": f"{canonical}#article",
               "headline": title, "description": description or None,
               "keywords": ", ".join(str(k) for k in keywords) if isinstance(keywords, list)
               else keywords if isinstance(keywords, str) else None,
               "mainEntityOfPage": {"@id": canonical}, "isPartOf": {"@id": website["@id"]},
               "publisher": {"@id": org_id}}
    entities: list[dict[str, Any]] = [organization, website, webpage, breadcrumbs, article]
    data = {"@context": "https://schema.org",
            "@graph": [{k: v for k, v in e.items() if v not in (None, "", [])} for e in entities]}
    # "</" cannot end the script element early
    return Markup(json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/"))


def _origin(url: str) -> str:
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"
