"""Turn ``asyncapi`` fields and frontmatter into channel pages (run with the OpenAPI stage).

As the platform documents it: an ``asyncapi`` field (a path, a URL, a list of them or
``{source, directory}``) on any navigation element without pages of its own gets one page per
channel of each document, filed in a group per channel's first tag (``Websockets`` when it has
none; on a group, untagged channels sit in the group itself); the page lives at
``<directory>/<group>/<channel title>``. A page whose frontmatter reads
``asyncapi: "asyncapi.yaml channelId"`` (or only ``channelId``, looked up in ``api.asyncapi``
and the navigation's documents) shows that channel above its own content.
"""

from __future__ import annotations

import difflib
from dataclasses import replace

from mdxsite.asyncapi.channels import Channel, channels
from mdxsite.asyncapi.load import load
from mdxsite.errors import JsonPath, Location, MdxsiteError, Problem, report_warnings
from mdxsite.model import NavItem, OpenApiSource, Page, Site, frozen_mapping
from mdxsite.openapi import slugs
from mdxsite.openapi.expand import unread_missing, with_generated
from mdxsite.openapi.load import Document

KIND = "asyncapi"  # Page.kind of a channel page
_SUFFIXES = (".yaml", ".yml", ".json")


def source_of(raw: object) -> OpenApiSource | None:
    """The documents an ``asyncapi`` value names (already checked with the config)."""
    if isinstance(raw, str) and raw.strip():
        return OpenApiSource(source=raw.strip())
    if isinstance(raw, list):
        names = [v.strip() for v in raw if isinstance(v, str) and v.strip()]
        return OpenApiSource(source=names[0], also=tuple(names[1:])) if names else None
    if isinstance(raw, dict) and isinstance(raw.get("source"), str) and raw["source"].strip():
        directory = raw.get("directory")
        return OpenApiSource(source=raw["source"].strip(), directory=directory.strip("/")
                             if isinstance(directory, str) and directory.strip("/")
                             else "api-reference")
    return None


class _Expander:
    def __init__(self, site: Site):
        self.site = site
        self.docs: dict[str, Document | None] = {}
        self.pages: dict[str, Page] = {}
        self.problems: list[Problem] = []
        self.placer = slugs.Placer()
        self.generated = 0

    def doc(self, name: str) -> Document | None:
        """The checked document ``name``; None (its problems kept) when it is unusable."""
        if name not in self.docs:
            try:
                self.docs[name] = load(self.site.root, name)
            except MdxsiteError as exc:
                self.problems += exc.problems
                self.docs[name] = None
        return self.docs[name]

    def _at(self, parent: str) -> str:
        self.generated += 1
        return f"{parent}.asyncapi[{self.generated}]"

    def page_item(self, spec: str, directory: str, channel: Channel, group: str,
                  origin: Location | None, parent_at: str) -> NavItem:
        stem = "/".join(p for p in (directory.strip("/").lower(), slugs.slug(group) if group else "",
                                    slugs.slug(channel.label)) if p)
        key, _holder = self.placer.place(stem, (spec, channel.id))
        if key not in self.pages:
            front = {"description": channel.summary} if channel.summary else {}
            self.pages[key] = Page(key=key, source=None, url=f"/{key}/", title=channel.label,
                                   origin=origin, frontmatter=frozen_mapping(front), kind=KIND,
                                   data=frozen_mapping({"spec": spec, "channel": channel.id}))
        return NavItem(kind="page", title=channel.label, key=key, at=self._at(parent_at),
                       origin=origin)

    def groups(self, source: OpenApiSource, origin: Location | None, parent_at: str,
               in_group: bool) -> list[NavItem]:
        """Every channel of the documents, one group per first tag; on a group, its untagged
        channels are its own pages (a nested "Websockets" group would repeat it)."""
        loose: list[NavItem] = []
        by_group: dict[str, list[NavItem]] = {}
        for spec in source.sources:
            doc = self.doc(spec)
            for channel in channels(doc) if doc is not None else []:
                if in_group and not channel.tags:
                    loose.append(self.page_item(spec, source.directory, channel, "", origin,
                                                parent_at))
                    continue
                by_group.setdefault(channel.group, []).append(self.page_item(
                    spec, source.directory, channel, channel.group, origin, parent_at))
        return [*loose, *(NavItem(kind="group", title=title, children=tuple(pages),
                                  at=self._at(parent_at)) for title, pages in by_group.items())]

    def visit(self, item: NavItem) -> NavItem:
        children = tuple(self.visit(child) for child in item.children)
        if item.asyncapi is not None and not item.children:
            children = tuple(self.groups(item.asyncapi, item.origin, item.at,
                                         item.kind == "group"))
        return replace(item, children=children) if children != item.children else item

    # ------------------------------------------------------------------ frontmatter pages
    def known(self) -> list[str]:
        """The documents a bare ``asyncapi: channelId`` is looked up in: ``api.asyncapi``,
        the navigation root's, then every element's, in order."""
        found: list[str] = []
        for raw in (self.site.config.get("api.asyncapi"),
                    self.site.config.get("navigation.asyncapi")):
            source = source_of(raw)
            found += source.sources if source else []
        for item in self.site.nav.walk():
            found += item.asyncapi.sources if item.asyncapi else []
        return list(dict.fromkeys(found))

    def named(self, name: str) -> str:
        """The document a page names: as written, or a known or existing file without its
        extension (``asyncapi: "events chat"`` for ``events.yaml``)."""
        clean = name.strip().lstrip("/")
        if name.startswith(("http://", "https://")) or (self.site.root / clean).is_file():
            return name
        for spec in self.known():
            if spec.lstrip("/").rsplit(".", 1)[0] == clean and spec.endswith(_SUFFIXES):
                return spec
        return next((clean + s for s in _SUFFIXES if (self.site.root / (clean + s)).is_file()),
                    name)

    def frontmatter_page(self, page: Page) -> Page | None:
        from mdxsite.openapi.frontmatter import _where

        value = page.frontmatter.get("asyncapi")
        where = _where(self.site, page, "asyncapi")
        if not isinstance(value, str) or not value.strip():
            self.problems.append(Problem(where, f"asyncapi must be \"<file> <channel id>\", got "
                                         f"{value!r}", 'write asyncapi: "asyncapi.yaml chat"',
                                         code="asyncapi.frontmatter"))
            return None
        first, _, rest = value.strip().partition(" ")
        specs, cid = ([self.named(first)], rest.strip()) if rest.strip() else \
            (self.known(), first)
        if not specs:
            self.problems.append(Problem(where, f"asyncapi names the channel {cid!r} but no "
                                         "AsyncAPI document", 'name the file first: asyncapi: '
                                         f'"asyncapi.yaml {cid}", or set api.asyncapi in '
                                         "docs.json", code="asyncapi.frontmatter"))
            return None
        names = []
        for spec in specs:
            doc = self.doc(spec)
            if doc is None:
                return None
            found = [c.id for c in channels(doc)]
            if cid in found:
                return replace(page, kind=KIND, data=frozen_mapping({"spec": spec, "channel": cid}))
            names += found
        close = difflib.get_close_matches(cid, names, n=1)
        self.problems.append(Problem(
            where, f"channel {cid!r} is not in {' or '.join(repr(s) for s in specs)}",
            f"did you mean {close[0]!r}?" if close else
            ("use one of " + ", ".join(repr(n) for n in names[:8])) if names else
            "add the channel to the document", code="asyncapi.missing-channel"))
        return None


def _root_items(site: Site, expander: _Expander) -> tuple[tuple[NavItem, ...], list[Problem]]:
    """The navigation root's own ``asyncapi``: its channel groups follow the root's pages or
    groups; a root of tabs (or anchors…) has no place for them, so it is a warning."""
    source = source_of(site.config.get("navigation.asyncapi"))
    if source is None:
        return site.nav.items, []
    where = site.config.where(JsonPath(("navigation", "asyncapi")))
    if site.nav.root_kind not in ("pages", "groups"):
        return site.nav.items, [site.config.problems().warn(
            JsonPath(("navigation", "asyncapi")), f"an asyncapi field at the root of a "
            f"{site.nav.root_kind!r} navigation has no place in the sidebar, so no pages come "
            "from it", hint=f"move it onto one of the {site.nav.root_kind}", code="asyncapi.root")]
    return (*site.nav.items, *expander.groups(source, where, "navigation", False)), []


def expand(site: Site) -> Site | None:
    """Return ``site`` with channel pages added, or None when nothing names an AsyncAPI document.

    Raises:
        MdxsiteError: a document is missing or unusable, or a frontmatter reference names a
            channel it does not have (every problem at once).
    """
    in_nav = site.config.get("navigation.asyncapi") is not None or any(
        i.asyncapi is not None for i in site.nav.walk())
    in_pages = [p for p in site.pages.values()
                if p.source is not None and "asyncapi" in p.frontmatter]
    if not in_nav and not in_pages:
        return None
    expander = _Expander(site)
    items, warnings = _root_items(site, expander)
    items = tuple(expander.visit(item) for item in items)
    pages = dict(site.pages)
    for page in in_pages:
        changed = expander.frontmatter_page(page)
        if changed is not None:
            pages[page.key] = changed
    if expander.problems:
        raise MdxsiteError(expander.problems)
    fields = [(i.asyncapi, site.config.path(JsonPath.parse(i.at) / "asyncapi"))
              for i in site.nav.walk() if i.asyncapi]
    warnings += unread_missing(site, fields, expander.docs, "asyncapi")
    report_warnings(warnings)
    return with_generated(site, pages, expander.pages, items if in_nav else None, "asyncapi",
                          lambda page: f"the channel page of {page.data.get('channel')!r}")

