"""Turn ``openapi`` navigation entries into generated API pages (stage 3).

An ``endpoint`` item (``"GET /users"`` or ``"webhook name"``) becomes one page; an element
with ``openapi`` set and no pages of its own gets every visible operation, grouped by tag.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mdxsite.errors import JsonPath, Location, MdxsiteError, Problem
from mdxsite.model import NavItem, OpenApiSource, Page, Site, frozen_mapping
from mdxsite.nav import placements
from mdxsite.openapi.check import METHODS
from mdxsite.openapi.load import Document, load_source

_SLUG = re.compile(r"[^a-z0-9]+")


def _slug(text: str) -> str:
    return _SLUG.sub("-", text.lower()).strip("-") or "index"


def operations(doc: Document) -> list[dict[str, Any]]:
    """Return every visible operation and webhook of ``doc`` in document order."""
    found = []
    for group in ("paths", "webhooks"):
        for route, item in (doc.data.get(group) or {}).items():
            if not isinstance(item, dict):
                continue
            for method, op in item.items():
                if method in METHODS and isinstance(op, dict) and not op.get("x-hidden"):
                    found.append({"method": method, "path": route, "op": op,
                                  "webhook": group == "webhooks"})
    return found


class _Expander:
    def __init__(self, site: Site):
        self.site = site
        self.docs: dict[str, Document] = {}
        self.pages: dict[str, Page] = {}
        self.problems: list[Problem] = []

    def doc(self, source: OpenApiSource) -> Document:
        if source.source not in self.docs:
            name = source.source
            if name.startswith(("http://", "https://")):
                self.docs[name] = load_source(name)
            else:
                self.docs[name] = load_source(str(self.site.root / name.lstrip("/")))
        return self.docs[source.source]

    def page_item(self, source: OpenApiSource, entry: dict[str, Any], origin: Location | None,
                  at: str) -> NavItem:
        op = entry["op"]
        meta = op.get("x-platform") or op.get("x-mint") or {}
        title = (meta.get("metadata") or {}).get("title") or op.get("summary") or (
            f"{entry['method'].upper()} {entry['path']}")
        base = f"{source.directory.strip('/')}/{_slug(op.get('operationId') or title)}"
        key, n = base, 1
        # two operations with one summary (or id) must not share, and silently lose, a page
        while key in self.pages and self.pages[key].data.get("path") is not None and (
                self.pages[key].data["path"], self.pages[key].data["method"]) != (
                entry["path"], entry["method"]):
            n += 1
            key = f"{base}-{n}"
        # x-platform metadata overrides page metadata (except the openapi field itself)
        front = {"deprecated": True} if op.get("deprecated") else {}
        front.update({k: v for k, v in (meta.get("metadata") or {}).items() if k != "openapi"})
        self.pages[key] = Page(
            key=key, source=None, url=f"/{key}/", title=title, origin=origin,
            frontmatter=frozen_mapping(front),
            body=meta.get("content"), kind="openapi",
            data=frozen_mapping({"spec": source.source, "method": entry["method"],
                                 "path": entry["path"], "webhook": entry["webhook"],
                                 "description": op.get("description", ""),
                                 "deprecated": bool(op.get("deprecated"))}))
        return NavItem(kind="page", title=title, key=key, at=at, origin=origin)

    def find(self, item: NavItem) -> dict[str, Any] | None:
        source = item.inherited_openapi
        if source is None:
            return None
        written = item.endpoint.strip()
        method, _, route = written.partition(" ")
        for entry in operations(self.doc(source)):
            if entry["webhook"] and method.lower() == "webhook" and route.strip() == entry["path"]:
                return entry
            if entry["method"] == method.lower() and entry["path"] == route.strip():
                return entry
        return None

    def visit(self, item: NavItem) -> list[NavItem]:
        if item.kind == "endpoint":
            source, entry = item.inherited_openapi, self.find(item)
            if source is None or entry is None:  # find() has no entry without a source
                self.problems.append(Problem(
                    item.origin or self.site.config.where(JsonPath(tuple(item.at.split(".")))),
                    f"endpoint {item.endpoint!r} is not in the OpenAPI document "
                    f"{item.inherited_openapi.source if item.inherited_openapi else None!r}",
                    "fix the method and path, or remove the entry", item.at,
                    "openapi.missing-endpoint"))
                return []
            return [self.page_item(source, entry, item.origin, item.at)]
        children = [c for child in item.children for c in self.visit(child)]
        if item.openapi is not None and not item.children:
            by_tag: dict[str, list[NavItem]] = {}
            for entry in operations(self.doc(item.openapi)):
                tag = (entry["op"].get("tags") or ["Webhooks" if entry["webhook"] else "API"])[0]
                by_tag.setdefault(tag, []).append(
                    self.page_item(item.openapi, entry, item.origin, item.at))
            children = [NavItem(kind="group", title=tag, children=tuple(items), at=item.at)
                        for tag, items in by_tag.items()]
        return [replace(item, children=tuple(children))]


def expand(site: Site) -> Site | None:
    """Return ``site`` with API pages added, or None when nothing refers to OpenAPI.

    Navigation entries become generated pages; pages whose frontmatter names an operation,
    webhook or schema (``openapi:``, ``openapi-schema:``) become API pages keeping their MDX.

    Raises:
        MdxsiteError: a listed endpoint or frontmatter reference is missing from its document,
            or a document is unusable.
    """
    from mdxsite.openapi.frontmatter import KEYS, expand_pages

    in_nav = any(i.openapi or i.kind == "endpoint" for i in site.nav.walk())
    in_pages = any(p.source is not None and any(k in p.frontmatter for k in KEYS)
                   for p in site.pages.values())
    if not in_nav and not in_pages:
        return None
    expander = _Expander(site)
    items = tuple(new for item in site.nav.items for new in expander.visit(item)) if in_nav \
        else site.nav.items
    own_pages, problems = expand_pages(site, expander.doc)
    if expander.problems or problems:
        raise MdxsiteError([*expander.problems, *problems])
    pages = dict(site.pages)
    pages.update(own_pages)
    for key, page in expander.pages.items():
        pages.setdefault(key, page)
    nav = replace(site.nav, items=items, placements=placements(items)) if in_nav else site.nav
    pages = {k: replace(p, trail=nav.placements.get(k, p.trail)) for k, p in pages.items()}
    return replace(site.with_pages(pages), nav=nav)
