"""Turn ``openapi`` navigation entries into generated API pages (stage 3).

An ``endpoint`` item (``"GET /users"`` or ``"webhook name"``) becomes one page; an element
with ``openapi`` set and no pages of its own (a tab, an anchor, a version, a group…) gets
every operation of each document it names, one group per tag. Page URLs follow the
platform's rule (:mod:`mdxsite.openapi.slugs`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import replace
from typing import Any

from mdxsite.config.loader import LEGACY_NAMES
from mdxsite.errors import JsonPath, Location, MdxsiteError, Problem, report_warnings
from mdxsite.model import NavItem, OpenApiSource, Page, Site, frozen_mapping
from mdxsite.nav import placements
from mdxsite.openapi import extensions, slugs
from mdxsite.openapi.check import METHODS, UNUSABLE, check
from mdxsite.openapi import overlays
from mdxsite.openapi.load import Document, load_path, load_source


def operations(doc: Document) -> list[dict[str, Any]]:
    """Return every published operation and webhook of ``doc`` in document order.

    ``x-excluded: true`` leaves an operation out entirely; ``x-hidden: true`` keeps it with
    ``"hidden": True`` (its page is built and reachable by URL, but not in the navigation).
    """
    found = []
    for group in ("paths", "webhooks"):
        for route, item in (doc.data.get(group) or {}).items():
            if not isinstance(item, dict):
                continue
            for method, op in item.items():
                if method in METHODS and isinstance(op, dict) and op.get("x-excluded") is not True:
                    found.append({"method": method, "path": route, "op": op,
                                  "webhook": group == "webhooks",
                                  "hidden": op.get("x-hidden") is True})
    return found


def _is_link(href: object) -> bool:
    return isinstance(href, str) and href.startswith(("http://", "https://", "//", "mailto:"))


class _Expander:
    def __init__(self, site: Site, *, quiet: bool = False):
        self.site = site
        self.quiet = quiet  # loading again to render: the overlays' warnings were reported
        self.docs: dict[str, Document] = {}
        self.pages: dict[str, Page] = {}
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        self.placer = slugs.Placer()
        self.generated = 0  # numbers the generated groups and pages, for their unique ``at``

    def doc(self, source: OpenApiSource | str) -> Document:
        name = source if isinstance(source, str) else source.source
        if name not in self.docs:
            if name.startswith(("http://", "https://")):
                self.docs[name] = load_source(name)
            else:  # named as in docs.json, so its problems read "api/openapi.yaml:3:5: …"
                rel = name.lstrip("/")
                self.docs[name] = load_path(self.site.root / rel, rel)
            overlays.apply_all(self.site, self.docs[name], name, quiet=self.quiet)
        return self.docs[name]

    def _at(self, parent: str) -> str:
        # the navigation identifies elements by their JSON path: generated ones get their own
        # (sharing the parent's made the layout take a generated page for the tab itself)
        self.generated += 1
        return f"{parent}.openapi[{self.generated}]"

    def page_item(self, spec: str, directory: str, entry: dict[str, Any],
                  origin: Location | None, parent_at: str) -> NavItem:
        op = entry["op"]
        meta = extensions.of(op)  # x-platform, or x-mint as sites written for the platform say
        raw_metadata = meta.get("metadata")
        metadata: dict[str, Any] = raw_metadata if isinstance(raw_metadata, dict) else {}
        title = metadata.get("title") or op.get("summary") or (
            f"{entry['method'].upper()} {entry['path']}")
        href = meta.get("href")
        if _is_link(href):  # the navigation entry links to the endpoint's page elsewhere
            return NavItem(kind="link", title=str(title), href=str(href), at=self._at(parent_at),
                           origin=origin)
        identity = (spec, entry["method"], entry["path"], str(entry["webhook"]))
        if isinstance(href, str) and href.strip():
            stem = slugs.href_key(href)
        else:
            stem = slugs.page_stem(directory, op, entry["method"], entry["path"],
                                   entry["webhook"], self.doc(spec).data)
        key, holder = self.placer.place(stem, identity)
        if holder is not None and holder[0] == spec and isinstance(href, str) and href.strip():
            # a slug made from two summaries takes -1 as the platform does; an href is a URL
            # the author chose, and this one was moved off it without a word
            self.warnings.append(Problem(
                origin or Location(self.site.config.file),
                f"{_spell(entry)} of {spec!r} asks for the URL /{stem}/ (x-mint.href), which "
                f"{_spell_identity(holder)} already has; this one is at /{key}/",
                "give each operation its own href", code="openapi.duplicate-url",
                warning=True))
        if holder is not None and holder[0] != spec:
            self.warnings.append(Problem(
                origin or Location(self.site.config.file),
                f"{_spell(entry)} of {spec!r} and {_spell_identity(holder)} of {holder[0]!r} "
                f"both want the URL /{stem}/; this one is at /{key}/",
                'give each document its own folder: "openapi": {"source": "…", '
                '"directory": "v2/api-reference"} (the platform keeps only one of the pages)',
                code="openapi.duplicate-url", warning=True))
        if key not in self.pages:
            # x-mint metadata overrides page metadata (except the openapi field itself)
            front: dict[str, Any] = {"deprecated": True} if op.get("deprecated") else {}
            pill = slugs.badge(op, self.doc(spec).data)  # an OpenAPI 3.2 badge tag
            if pill:
                front["tag"] = pill
            front.update({k: v for k, v in metadata.items() if k != "openapi"})
            self.pages[key] = Page(
                key=key, source=None, url=f"/{key}/", title=str(title), origin=origin,
                frontmatter=frozen_mapping(front), listed=not entry["hidden"],
                body=meta.get("content") if isinstance(meta.get("content"), str) else None,
                kind="openapi",
                data=frozen_mapping({"spec": spec, "method": entry["method"],
                                     "path": entry["path"], "webhook": entry["webhook"],
                                     "description": op.get("description", ""),
                                     "deprecated": bool(op.get("deprecated"))}))
        return NavItem(kind="page", title=str(title), key=key, at=self._at(parent_at),
                       origin=origin, hidden=entry["hidden"])

    def find(self, item: NavItem) -> tuple[str, dict[str, Any]] | None:
        source = item.inherited_openapi
        if source is None:
            return None
        method, _, route = item.endpoint.strip().partition(" ")
        method, route = method.lower(), route.strip()
        # the default document first, then the others the element names
        for spec in source.sources:
            for entry in operations(self.doc(spec)):
                if entry["webhook"] == (method == "webhook") and entry["path"] == route and (
                        entry["webhook"] or entry["method"] == method):
                    return spec, entry
        return None

    def excluded(self, item: NavItem) -> bool:
        source = item.inherited_openapi
        method, _, route = item.endpoint.strip().partition(" ")
        for spec in source.sources if source else ():
            ops = self.doc(spec).data.get("webhooks" if method == "webhook" else "paths") or {}
            path_item = ops.get(route.strip())
            if isinstance(path_item, dict) and any(
                    isinstance(op, dict) and op.get("x-excluded") is True and
                    (method == "webhook" or m == method.lower()) for m, op in path_item.items()):
                return True
        return False

    def visit(self, item: NavItem) -> list[NavItem]:
        if item.kind == "endpoint":
            found = self.find(item)
            source = item.inherited_openapi
            at = JsonPath.parse(item.at)
            where = item.origin or self.site.config.where(at)
            if found is None and self.excluded(item):
                self.warnings.append(Problem(
                    where, f"endpoint {item.endpoint!r} is marked x-excluded in its OpenAPI "
                    "document, so it gets no page", "remove the entry, or x-excluded from the "
                    "operation", self.site.config.path(at), "openapi.excluded-endpoint",
                    warning=True))
                return []
            if found is None:
                self.problems.append(Problem(
                    where, f"endpoint {item.endpoint!r} is not in the OpenAPI document "
                    f"{' or '.join(source.sources) if source else None!r}",
                    "fix the method and path, or remove the entry", self.site.config.path(at),
                    "openapi.missing-endpoint"))
                return []
            assert source is not None
            spec, entry = found
            return [self.page_item(spec, source.directory, entry, item.origin, item.at)]
        children = [c for child in item.children for c in self.visit(child)]
        if item.openapi is not None and not item.children:
            children = self.groups(item, item.openapi)
            if not children:
                # without this the element vanishes from the sidebar and nothing says why
                names = " or ".join(repr(s) for s in item.openapi.sources)
                at = JsonPath.parse(item.at)
                self.warnings.append(Problem(
                    item.origin or self.site.config.where(at),
                    f"the OpenAPI document {names} has no operation to list (no paths or "
                    f"webhooks, or every one x-excluded), so this {item.kind} gets no pages",
                    "add operations to the document, list pages here, or remove \"openapi\"",
                    self.site.config.path(at / "openapi"), "openapi.no-operations",
                    warning=True))
        return [replace(item, children=tuple(children))]

    def groups(self, item: NavItem, source: OpenApiSource) -> list[NavItem]:
        """Every operation of the element's documents, one group per first tag, as the
        platform does (operations without a tag in "API Reference")."""
        by_tag: dict[str, list[NavItem]] = {}
        labels: dict[str, str] = {}
        parents: dict[str, str] = {}
        for spec in source.sources:
            doc = self.doc(spec)
            labels = {**slugs.tag_labels(doc.data), **labels}
            parents = {**slugs.tag_parents(doc.data), **parents}
            for entry in operations(doc):
                tag = slugs.first_tag(entry["op"], doc.data)
                by_tag.setdefault(tag, []).append(
                    self.page_item(spec, source.directory, entry, item.origin, item.at))
        # OpenAPI 3.2: a tag's group nests in its parent tag's, which exists while any tag
        # below it has operations; groups come in the order of their first operation
        order: list[str] = []
        for tag in by_tag:
            chain, seen = [tag], {tag}
            while chain[-1] in parents and parents[chain[-1]] not in seen:
                seen.add(parents[chain[-1]])
                chain.append(parents[chain[-1]])
            order += [t for t in reversed(chain) if t not in order]

        def parent(tag: str) -> str | None:
            up = parents.get(tag)
            return up if up in order and up != tag else None

        def group(tag: str, trail: frozenset[str]) -> NavItem:
            nested = [group(t, trail | {t}) for t in order
                      if parent(t) == tag and t not in trail]
            children = [*by_tag.get(tag, []), *nested]
            return NavItem(kind="group", title=labels.get(tag, tag) or slugs.UNTAGGED,
                           children=tuple(children), at=self._at(item.at),
                           # a tag whose every operation is x-hidden shows no empty heading
                           hidden=all(c.hidden for c in children))

        tops: list[NavItem] = []
        placed: set[str] = set()
        for tag in order:
            # a tag whose parents run in a circle (openapi-check reports it) heads its circle
            if tag not in placed and (parent(tag) is None or _cycle(tag, parents)):
                tops.append(group(tag, frozenset({tag})))
                placed |= _below(tag, order, parent)
        return tops


def _cycle(tag: str, parents: dict[str, str]) -> bool:
    """Whether ``tag``'s parents lead back to it (openapi-check reports that; such a tag's
    group is shown at the top, once, rather than lost)."""
    seen, up = {tag}, parents.get(tag)
    while up is not None and up not in seen:
        seen.add(up)
        up = parents.get(up)
    return up == tag


def _below(tag: str, order: list[str], parent: Callable[[str], str | None]) -> set[str]:
    """``tag`` and every tag nested under it."""
    found, todo = {tag}, [tag]
    while todo:
        up = todo.pop()
        for t in order:
            if parent(t) == up and t not in found:
                found.add(t)
                todo.append(t)
    return found


def _spell(entry: dict[str, Any]) -> str:
    return f"webhook {entry['path']}" if entry["webhook"] else \
        f"{entry['method'].upper()} {entry['path']}"


def _spell_identity(identity: tuple[str, ...]) -> str:
    _spec, method, path, webhook = identity
    return f"webhook {path}" if webhook == "True" else f"{method.upper()} {path}"


def expand(site: Site) -> Site | None:
    """Return ``site`` with API pages added, or None when nothing refers to OpenAPI.

    Navigation entries become generated pages; pages whose frontmatter names an operation,
    webhook or schema (``openapi:``, ``openapi-schema:``) become API pages keeping their MDX.

    Raises:
        MdxsiteError: a listed endpoint or frontmatter reference is missing from its document,
            or a document is unusable.
    """
    from mdxsite.openapi.frontmatter import KEYS, expand_pages

    in_nav = any(i.openapi or i.inherited_openapi or i.kind == "endpoint" for i in site.nav.walk())
    in_pages = any(p.source is not None and any(k in p.frontmatter for k in KEYS)
                   for p in site.pages.values())
    if not in_nav and not in_pages:
        report_warnings(unused_api_specs(site, {}))
        return None
    expander = _Expander(site)
    items = tuple(new for item in site.nav.items for new in expander.visit(item)) if in_nav \
        else site.nav.items
    own_pages, problems = expand_pages(site, expander.doc)
    # the openapi-check rules, on every document the site uses: a Swagger 2.0 document (or
    # one without paths) fails here, located in it, instead of building pages with nothing on
    # them; the other errors are located warnings, since the platform publishes such documents
    for doc in expander.docs.values():
        found = check(doc)
        problems += [p for p in found.errors if p.code in UNUSABLE]
        # in the document's order, as openapi-check prints them
        expander.warnings += [p if p.warning else replace(p, warning=True)
                              for p in found.items if p.warning or p.code not in UNUSABLE]
        # x-platform / x-mint where mdxsite does not do what the platform does with it
        expander.warnings += extensions.check(doc)
    if expander.problems or problems:
        raise MdxsiteError([*expander.problems, *problems])
    walked = list(site.nav.walk())  # an element's own field first: its JSON path names it
    expander.warnings += unread_missing(site, [
        *((i.openapi, site.config.path(JsonPath.parse(i.at) / "openapi"))
          for i in walked if i.openapi),
        *((i.inherited_openapi, "") for i in walked if i.inherited_openapi)], expander.docs,
        "openapi")
    expander.warnings += unused_defaults(site, walked)
    expander.warnings += unused_api_specs(site, {**own_pages, **expander.pages})
    if site.config.get("api.playground.display") == "auth":
        expander.warnings.append(site.config.problems().warn(
            JsonPath(("api", "playground", "display")),
            "playground display 'auth' shows the playground to signed-in readers only; a "
            "static site has no sign-in, so no page shows it",
            hint='use "interactive", "simple" or "none"', code="openapi.playground-auth"))
    expander.warnings += language_warnings(site)
    report_warnings(expander.warnings)
    pages = dict(site.pages)
    pages.update(own_pages)
    return with_generated(site, pages, expander.pages, items if in_nav else None, "openapi",
                          lambda page: f"the generated page for "
                          f"{str(page.data.get('method', '')).upper()} {page.data.get('path', '')}")


def unused_api_specs(site: Site, api_pages: Mapping[str, Page]) -> list[Problem]:
    """Warnings for the documents of docs.json's ``api.openapi`` that no page came from.

    The platform's settings page says api.openapi holds the documents "for generating API
    reference pages", and does not say which pages; mdxsite makes API pages from ``openapi``
    on navigation elements and from pages whose frontmatter names an operation or schema,
    and api.openapi serves only the latter. An author who listed a document there expecting
    an API reference got no page and no word."""
    from mdxsite.openapi.frontmatter import api_openapi_entries

    used = {overlays.spec_key(str(page.data.get("spec", ""))) for page in api_pages.values()}
    used |= {overlays.spec_key(name) for item in site.nav.walk()
             for source in (item.openapi, item.inherited_openapi) if source is not None
             for name in source.sources}
    found = site.config.problems()
    for at, name in api_openapi_entries(site):
        if not _present(site, name) or overlays.spec_key(name) in used:
            continue
        # mint.json's groups have no "openapi" (the upgrade drops it): only tabs and anchors
        legacy = site.config.file in LEGACY_NAMES
        place = f"one of {site.config.file}'s tabs or anchors" if legacy else \
            "a tab, anchor or group of the navigation"
        field = f"{site.config.file}'s top-level openapi" if legacy else "api.openapi"
        found.warn(
            at, f"no page comes from {name!r}: mdxsite makes API pages from \"openapi\" "
            "on a navigation element, and from pages whose frontmatter names an operation "
            f"(openapi: GET /users); {field} only lends its document to such pages",
            hint=f'to give every operation a page, set "openapi": "{name}" on {place}',
            code="openapi.unused-api-spec")
    return found.items


def unread_missing(site: Site, fields: Iterable[tuple[OpenApiSource, str]], read: Collection[str],
                   field: str) -> list[Problem]:
    """The ``openapi`` or ``asyncapi`` ``fields`` (each with its JSON path as messages name it,
    ``site.config.path``, or "") naming a file that is not there, among the documents no page
    needed (``read``: those loaded). An element with pages of its own reads its document only
    for the entries that name an operation or a channel: without this, a mistyped path on such
    an element would go unmentioned."""
    named: dict[str, tuple[Location | None, str]] = {}
    for source, path in fields:
        for name in source.sources:
            named.setdefault(name, (source.origin, path))
    kind = {"openapi": "OpenAPI", "asyncapi": "AsyncAPI"}[field]
    return [Problem(origin or Location(site.config.file),
                    f"the {kind} document {name!r} does not exist; no page uses it yet",
                    f"fix the path (relative to the folder holding {site.config.file}), or "
                    f"remove it from the \"{field}\" field", path, f"{field}.missing-file", warning=True)
            for name, (origin, path) in named.items()
            if name not in read and not _present(site, name)]


def _present(site: Site, name: str) -> bool:
    """Whether the document ``name`` of an ``openapi``/``asyncapi`` field can be read: a URL
    (fetched when a page needs it), or a file of the site folder."""
    return name.startswith(("http://", "https://")) or (site.root / name.lstrip("/")).is_file()


def unused_defaults(site: Site, items: Iterable[NavItem]) -> list[Problem]:
    """The ``openapi`` fields of elements that list pages with no "METHOD /path" entry among
    them (nor below them, short of an element with its own field). There the field only sets
    the default document of such entries, as the platform documents; with none, no API page
    comes of it. A real site set it on a group beside an overview page and nothing else,
    linked to endpoint pages that were never made, and the build said nothing of the field.
    A page among them whose frontmatter names an operation (``openapi: GET /users``) may read
    the field: no warning then."""
    def reads(key: str) -> bool:  # a page whose frontmatter names an operation: "GET /users"
        page = site.pages.get(key) if key else None
        return page is not None and isinstance(page.frontmatter.get("openapi"), str)

    def uses(item: NavItem) -> bool:
        return reads(item.key) or any(
            child.kind == "endpoint" or (child.openapi is None and uses(child))
            for child in item.children)

    found: list[Problem] = []
    for item in items:
        source = item.openapi
        if source is None or not item.children or uses(item):
            continue
        if not any(_present(site, n) for n in source.sources):
            continue  # a missing file: unread_missing says so
        found.append(Problem(
            source.origin or Location(site.config.file),
            f"no API page comes from {source.source!r}: this element lists pages and none is "
            "an operation (\"METHOD /path\"), so its \"openapi\" is a default nothing uses",
            'remove "pages" to give every operation a page, or list operations among the '
            'pages, such as "GET /users"', site.config.path(JsonPath.parse(item.at) / "openapi"),
            "openapi.unused-default",
            warning=True))
    return found


def with_generated(site: Site, pages: dict[str, Page], generated: dict[str, Page],
                   items: tuple[NavItem, ...] | None, field: str,
                   name: Callable[[Page], str]) -> Site:
    """Return ``site`` with ``pages`` plus the ``generated`` ones (OpenAPI operations, AsyncAPI
    channels) and, unless ``items`` is None, the navigation they were placed in.

    A page file already at a generated page's URL wins, with a warning naming both (``name``
    says what the generated page is; ``field`` is the docs.json field that made it).
    """
    clashes = []
    for key, page in generated.items():
        if key in pages:
            source = pages[key].source
            clashes.append(Problem(
                page.origin or Location(site.config.file),
                f"{name(page)} and {source.as_posix() if source else key!r} share "
                f"the URL /{key}/; the page file is kept",
                f"rename the file, or give the {field} field another \"directory\"",
                code=f"{field}.page-clash", warning=True))
        pages.setdefault(key, page)
    report_warnings(clashes)
    nav = site.nav if items is None else replace(site.nav, items=items,
                                                  placements=placements(items))
    pages = {k: replace(p, trail=nav.placements.get(k, p.trail)) for k, p in pages.items()}
    return replace(site.with_pages(pages), nav=nav)


def language_warnings(site: Site) -> list[Problem]:
    """``api.examples.languages`` entries that no request sample answers (built-in or a
    plugin's), each located in docs.json: they would silently show nothing."""
    from mdxsite import pipeline, plugin_manager
    from mdxsite.model import ApiOperation, RequestSample
    from mdxsite.openapi.render import unknown_languages
    from mdxsite.openapi.samples import builtin_samples

    probe = ApiOperation(spec="", method="GET", path="/", url="https://example.com/")
    pm = pipeline.current_plugins()
    offered = builtin_samples(probe, site.config.get("api.examples.languages")) \
        if pm is None else [
        s for _, s in plugin_manager.contributions(pm, "mdxsite_request_samples", site=site,
                                                   operation=probe)
        if isinstance(s, RequestSample)]
    found = site.config.problems()
    for i, name in unknown_languages(site, offered):
        found.warn(JsonPath(("api", "examples", "languages", i)),
                   f"no request sample in the language {name!r}; it is left out",
                   hint="use a language the platform lists (curl, python, javascript, node, php, "
                   "go, java, ruby, powershell, swift, csharp, dotnet, typescript, c, c++, "
                   "kotlin, rust, dart), or add a plugin answering mdxsite_request_samples",
                   code="openapi.language")
    return found.items
