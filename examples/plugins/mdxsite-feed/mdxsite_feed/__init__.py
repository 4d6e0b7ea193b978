"""An mdxsite plugin: ``feed.xml``, an Atom feed of the pages whose frontmatter has a ``date``.

Settings, in docs.json (both optional)::

    "mdxsite": {"plugins": {"feed": {"title": "Acme changelog", "limit": 10}}}

``mdxsite feed-preview DIR`` prints the entries the feed would list, without building.
"""

from __future__ import annotations

import uuid
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import click

from mdxsite import (JsonPath, Location, MdxsiteError, OutputFile, Page, Setting, Site, hookimpl,
                     warn)

NAME = "feed"                                    # the entry point's name in pyproject.toml
ATOM = "http://www.w3.org/2005/Atom"


@dataclass(frozen=True)
class Entry:
    key: str
    title: str
    url: str
    updated: datetime
    summary: str


@hookimpl
def mdxsite_settings() -> Mapping[str, Setting]:
    return {
        "title": Setting(str, help="the feed's title (default: the site's name)"),
        "limit": Setting(int, default=20, help="how many pages the feed lists, newest first"),
    }


def _site_url(site: Site) -> str:
    return str(site.site_url or site.config.get("mdxsite.site_url") or "").rstrip("/")


def _date(page: Page) -> datetime | None:
    value = page.frontmatter.get("date")
    if value is None:
        return None
    try:
        when = datetime.fromisoformat(str(value))
    except ValueError:
        raise MdxsiteError.single(
            f"frontmatter date {value!r} is not a date",
            hint="write it as date: 2026-11-25 (or 2026-11-25T09:30:00+01:00)",
            where=Location(str(page.source or page.key))) from None
    # a bare date has no time zone; Atom needs one
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def entries(site: Site) -> list[Entry]:
    """The pages the feed lists: those with a frontmatter ``date``, newest first."""
    limit = site.plugin_settings(NAME)["limit"]
    assert isinstance(limit, int)                # the setting's type is checked when loading
    if limit < 1:
        at = JsonPath(("mdxsite", "plugins", NAME, "limit"))
        raise MdxsiteError.single(f"must be 1 or more, got {limit}", path=str(at),
                                  hint="remove it to list 20 pages", where=site.config.where(at))
    found = []
    for page in site.pages.values():
        when = _date(page)
        if when is not None:
            found.append(Entry(page.key, page.title, _site_url(site) + site.href(page.url), when,
                               str(page.frontmatter.get("description") or "")))
    found.sort(key=lambda e: (e.updated, e.key), reverse=True)
    return found[:limit]


def atom(site: Site, listed: Iterable[Entry]) -> bytes:
    """The Atom document for ``listed``, the same bytes for the same pages."""
    listed = list(listed)
    title = site.plugin_settings(NAME)["title"] or site.config.name

    feed = ET.Element("feed", xmlns=ATOM)
    ET.SubElement(feed, "title").text = str(title)
    # ids must never change: derive them from the site's name and page keys, not from the time
    ET.SubElement(feed, "id").text = uuid.uuid5(uuid.NAMESPACE_URL, site.config.name).urn
    ET.SubElement(feed, "updated").text = listed[0].updated.isoformat()
    ET.SubElement(feed, "link", rel="self", href=_site_url(site) + site.href("/feed.xml"))
    for e in listed:
        entry = ET.SubElement(feed, "entry")
        ET.SubElement(entry, "title").text = e.title
        ET.SubElement(entry, "link", href=e.url)
        ET.SubElement(entry, "id").text = uuid.uuid5(uuid.NAMESPACE_URL,
                                                    f"{site.config.name}/{e.key}").urn
        ET.SubElement(entry, "updated").text = e.updated.isoformat()
        if e.summary:
            ET.SubElement(entry, "summary").text = e.summary
    ET.indent(feed)
    document: bytes = ET.tostring(feed, encoding="utf-8", xml_declaration=True)
    return document + b"\n"


@hookimpl
def mdxsite_output_files(site: Site) -> Iterable[OutputFile]:
    listed = entries(site)
    if not listed:
        warn(Location("feed.xml"), "not written, no page has a date",
             "add date: 2026-11-25 to the frontmatter of the pages to list", code="feed.empty")
        return []
    return [OutputFile(path="feed.xml", content=atom(site, listed))]


@hookimpl
def mdxsite_cli_commands(cli: click.Group) -> Iterable[click.Command]:
    @click.command("feed-preview")
    @click.argument("root", type=click.Path(exists=True, file_okay=False, path_type=Path))
    @click.pass_obj
    def feed_preview(app: Any, root: Path) -> None:
        """Print the entries feed.xml would list for the site in ROOT."""
        for e in entries(app.load_site(root)):
            click.echo(f"{e.updated:%Y-%m-%d}  {e.title}  {e.url}")

    return [feed_preview]
