"""Changelog pages: their ``<Update>`` entries in the table of contents and as an RSS feed.

A page's ``<Update label=… description=… tags={[…]}>`` blocks become table-of-contents entries
(with a tag filter when they carry tags; ``rss={{title, description}}`` is the feed item's own
title and summary), and a page holding a labelled update gets ``rss.xml`` beside it
(``/changelog/rss.xml``), one item per update, as on the platform, whose changelog page says
updates make a feed "at your page URL with /rss.xml appended"; ``rss: true`` in the
frontmatter only adds a button to it by the title (and gives a feed to a page without updates).
Everything here reads the rendered body: the MDX renderer is not involved.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from markdown_it.common.utils import escapeHtml
from markupsafe import escape

from mdxsite.model import Heading, Page

_UPDATE = re.compile(r'<section class="update"(?P<attrs>[^>]*)>(?P<body>.*?)</section>', re.S)
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')
_LABEL = re.compile(r'<span class="update-label">(.*?)</span>', re.S)
_DESCRIPTION = re.compile(r'<span class="update-description">(.*?)</span>', re.S)
_CONTENT = re.compile(r'<div class="update-body">(.*)</div>\s*$', re.S)
_TAGS = re.compile(r"<[^>]+>")


@dataclass(frozen=True, slots=True)
class Update:
    """One ``<Update>`` of a rendered page."""

    id: str
    label: str
    description: str
    tags: tuple[str, ...]
    html: str          # the update's body
    position: int      # where it starts in the page's body, to order it among the headings
    rss_title: str = ""        # <Update rss={{title, description}}>: the feed item's own
    rss_description: str = ""


def updates(body: str) -> list[Update]:
    """Return the ``<Update>`` blocks of a rendered page body, in order."""
    if '<section class="update"' not in body:  # most pages (speed only: str's search is faster)
        return []
    found = []
    for m in _UPDATE.finditer(body):
        attrs = dict(_ATTR.findall(m.group("attrs")))
        inner = m.group("body")
        label = _LABEL.search(inner)
        description = _DESCRIPTION.search(inner)
        content = _CONTENT.search(inner)
        tags = tuple(t for t in html.unescape(attrs.get("data-tags", "")).split("|") if t)
        found.append(Update(id=attrs.get("id", ""),
                            label=html.unescape(_TAGS.sub("", label.group(1))) if label else "",
                            description=html.unescape(_TAGS.sub("", description.group(1)))
                            if description else "", tags=tags,
                            html=content.group(1).strip() if content else "", position=m.start(),
                            rss_title=html.unescape(attrs.get("data-rss-title", "")),
                            rss_description=html.unescape(attrs.get("data-rss-description", ""))))
    return found


def toc_with_updates(body: str, headings: tuple[Heading, ...] | list[Heading]) -> list[Heading]:
    """Return the table of contents: h2/h3 headings and each labelled update, in page order."""
    entries: list[tuple[int, Heading]] = []
    for h in headings:
        if h.level in (2, 3):
            at = body.find(f'id="{h.id}"')
            if at < 0 and h.id != str(escape(h.id)):  # "fees-&-billing" is written escaped
                at = min((p for p in (body.find(f'id="{escapeHtml(h.id)}"'),
                                      body.find(f'id="{escape(h.id)}"')) if p >= 0),
                         default=-1)
            entries.append((at if at >= 0 else len(body), h))
    for u in updates(body):
        if u.label and u.id:
            entries.append((u.position, Heading(level=2, text=u.label, id=u.id)))
    return [h for _, h in sorted(entries, key=lambda e: e[0])]


def labelled(updates_: list[Update]) -> bool:
    """Whether any of a page's updates has a label (a feed item)."""
    return any(u.label for u in updates_)


def has_feed(page: Page, holds_labelled: bool) -> bool:
    """Whether ``page`` publishes a feed: it holds a labelled update, or asks with ``rss: true``."""
    return holds_labelled or page.frontmatter.get("rss") is True


def feed_path(page: Page) -> str:
    """Return the site path of a page's feed: ``/changelog/rss.xml``, ``/rss.xml`` for ``/``."""
    return page.url.rstrip("/") + "/rss.xml"


def rss(page: Page, site_name: str, site_url: str, body: str, page_href: str) -> str:
    """Return the RSS 2.0 document of a changelog page (one item per labelled update).

    Args:
        page: a page with a feed (:func:`has_feed`).
        site_name: docs.json ``name``.
        site_url: the site's absolute URL ('' when unknown: links stay site paths).
        body: the page's rendered body.
        page_href: the page's path with the base URL applied.
    """
    # here, not at the top: xml.sax.saxutils imports urllib.request, http.client and ssl
    # (40 ms), and only a site with a changelog feed writes one
    from xml.sax.saxutils import escape

    link = site_url + page_href
    title = f"{page.title} - {site_name}"
    items = []
    for u in updates(body):
        if not u.label:
            continue
        parts = [f"<title>{escape(u.rss_title or u.label)}</title>",
                 f"<link>{escape(link)}#{escape(u.id)}</link>",
                 f'<guid isPermaLink="false">{escape(page.key)}#{escape(u.id or u.label)}</guid>',
                 f"<description>{escape(u.rss_description or u.description or u.html)}</description>"]
        if (u.rss_description or u.description) and u.html:
            parts.append(f"<content:encoded>{escape(u.html)}</content:encoded>")
        parts += [f"<category>{escape(t)}</category>" for t in u.tags]
        items.append("<item>" + "".join(parts) + "</item>")
    description = page.frontmatter.get("description")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">'
            f"<channel><title>{escape(title)}</title><link>{escape(link)}</link>"
            f"<description>{escape(description if isinstance(description, str) else title)}</description>"
            + "".join(items) + "</channel></rss>\n")  # no build date: builds stay byte-identical
