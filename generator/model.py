"""The data a build passes between stages: frozen dataclasses, tuples and read-only mappings.

Models hold data only (no Jinja environment, plugin manager, open file or I/O), so they pickle
cheaply to worker processes and make stable cache keys. Change them with
``dataclasses.replace``. Pages point at each other by key, never by object.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from mdxsite.errors import JsonPath, Location, Problem, Problems, plain_repr

class FrozenDict(dict):
    """A read-only dict that pickles (``MappingProxyType`` does not, and pages go to workers).

    Hashes by its keys, which is consistent with equality and enough for frozen dataclasses.
    """

    __slots__ = ()

    def _readonly(self, *args: object, **kwargs: object) -> None:
        raise TypeError("this mapping is read-only: build a new one (dataclasses.replace)")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _readonly  # type: ignore[assignment]
    __ior__ = _readonly  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self))

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (dict(self),))

    def __repr__(self) -> str:
        return f"FrozenDict({dict.__repr__(self)})"


EMPTY_MAPPING: Mapping[str, Any] = FrozenDict()


def frozen_mapping(value: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """Return a read-only copy of a mapping (nested values are left as they are)."""
    if not value:
        return EMPTY_MAPPING
    return value if isinstance(value, FrozenDict) else FrozenDict(value)


@plain_repr
@dataclass(frozen=True, slots=True, kw_only=True)
class OpenApiSource:
    """The ``openapi`` field of a navigation element: a path in the site or a URL."""

    source: str
    directory: str = "api-reference"
    origin: Location | None = None
    # "openapi": ["v1.yaml", "v2.yaml"]: the documents after the first (``source``, the default
    # for "METHOD /path" entries); an element without pages gets every operation of them all
    also: tuple[str, ...] = ()
    # "overlays" of the object form: the overlay files applied to ``source``, in order (None:
    # not written, so the overlays that name it in their ``extends`` apply; see openapi.overlays)
    overlays: tuple[str, ...] | None = None

    @property
    def sources(self) -> tuple[str, ...]:
        """Every document this field names, the default first."""
        return (self.source, *self.also)


@plain_repr
@dataclass(frozen=True, slots=True, kw_only=True)
class NavItem:
    """One element of the resolved navigation tree.

    ``kind`` is one of ``version``, ``language``, ``product``, ``dropdown``, ``tab``, ``anchor``,
    ``menu`` (a tab's menu item), ``group``, ``page``, ``link`` (an external or absolute link
    inside ``pages``) or ``endpoint`` (a ``METHOD /path`` entry the OpenAPI stage expands).
    """

    kind: str
    title: str = ""
    key: str = ""                     # page key for kind "page" (and a group's root page)
    href: str = ""                    # external link (tab/anchor/dropdown/product/link)
    icon: str = ""
    tag: str = ""
    description: str = ""
    expanded: bool | None = None      # groups only; None: not set in docs.json
    hidden: bool = False
    openapi: OpenApiSource | None = None   # as written on this element (not inherited)
    inherited_openapi: OpenApiSource | None = None  # the spec in force here (own or inherited)
    asyncapi: OpenApiSource | None = None  # the AsyncAPI document(s) whose channels it lists
    endpoint: str = ""                # kind "endpoint": the entry as written, "GET /users"
    children: tuple[NavItem, ...] = ()
    at: str = ""                      # JSON path in docs.json: navigation.tabs[0].groups[1]
    origin: Location | None = None
    extra: Mapping[str, object] = EMPTY_MAPPING  # other keys, e.g. color, style, directory

    def walk(self) -> Iterator[NavItem]:
        """Yield this item and every descendant, depth first, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def first_page(self) -> str:
        """Return the key of the first page under this item ('' when there is none); a group's
        ``root`` page comes before its children, as in the sidebar's order."""
        for item in self.walk():
            if item.kind in ("page", "group") and item.key:
                return item.key
        return ""


@plain_repr
@dataclass(frozen=True, slots=True, kw_only=True)
class Crumb:
    """One step of a page's navigation trail (breadcrumbs, section selectors)."""

    kind: str          # version, language, product, dropdown, tab, anchor, menu, group
    title: str
    at: str = ""       # JSON path of the navigation element, a stable identity
    first_page: str = ""  # key of the element's first page, for drilldown and switching


@plain_repr
@dataclass(frozen=True, slots=True, kw_only=True)
class Nav:
    """The resolved navigation: the root level, global anchors, and where each page sits."""

    root_kind: str                         # "tabs", "groups", "pages", "anchors", ...
    items: tuple[NavItem, ...] = ()
    global_anchors: tuple[NavItem, ...] = ()
    # key -> trail of the page's first placement, in document order of first appearance
    placements: Mapping[str, tuple[Crumb, ...]] = EMPTY_MAPPING

    def walk(self) -> Iterator[NavItem]:
        for item in self.items:
            yield from item.walk()

    def listed_keys(self) -> tuple[str, ...]:
        """Return every page key in the navigation, first appearance order."""
        return tuple(self.placements)

    def section_of(self, key: str) -> tuple[str, ...]:
        """Return the identity of the page's section: the JSON paths of its non-group crumbs."""
        return tuple(c.at for c in self.placements.get(key, ()) if c.kind != "group")

    def neighbours(self, key: str) -> tuple[str, str]:
        """Return the keys of the previous and next page in the page's section, in the order
        of that section's sidebar ('' for none): a page listed in two sections (two versions)
        still sits between its neighbours in the section of another page."""
        return _neighbours(self).get(key, ("", ""))

    def without(self, drop: Callable[[NavItem], bool]) -> Nav:
        """Return a copy without the page items for which ``drop`` is true."""

        def prune(item: NavItem) -> NavItem | None:
            if item.kind == "page" and drop(item):
                return None
            kids = tuple(k for k in (prune(c) for c in item.children) if k is not None)
            return replace(item, children=kids)

        items = tuple(i for i in (prune(x) for x in self.items) if i is not None)
        kept = {i.key for x in items for i in x.walk() if i.kind == "page"}
        return replace(self, items=items, placements=frozen_mapping(
            {k: v for k, v in self.placements.items() if k in kept}))


# The last navigation seen (its items and placements) -> every page's neighbours. Computed once
# per navigation: scanning the placements for each page made a 10,000-page build quadratic.
_NEIGHBOURS: list[tuple[tuple[object, object], dict[str, tuple[str, str]]]] = []
# the elements whose pages make one sidebar (a page's section); groups only nest inside one
_SECTION_KINDS = frozenset({"version", "language", "product", "dropdown", "tab", "anchor", "menu"})


def _neighbours(nav: Nav) -> dict[str, tuple[str, str]]:
    if _NEIGHBOURS and _NEIGHBOURS[0][0][0] is nav.items and _NEIGHBOURS[0][0][1] is nav.placements:
        return _NEIGHBOURS[0][1]
    # each section's pages in sidebar order, those first placed elsewhere included
    orders: dict[tuple[str, ...], list[str]] = {}

    def visit(item: NavItem, section: tuple[str, ...]) -> None:
        if item.kind in _SECTION_KINDS:
            section = (*section, item.at)
        if item.key and item.kind in ("page", "group"):
            orders.setdefault(section, []).append(item.key)
        for child in item.children:
            visit(child, section)

    for item in nav.items:
        visit(item, ())
    found: dict[str, tuple[str, str]] = {}
    for section, order in orders.items():
        for i, key in enumerate(order):
            if key in found or tuple(c.at for c in nav.placements.get(key, ())
                                     if c.kind != "group") != section:
                continue  # a page's neighbours are those of its first placement
            j, n = i - 1, i + 1  # the nearest other pages (a page listed twice in a row)
            while j >= 0 and order[j] == key:
                j -= 1
            while n < len(order) and order[n] == key:
                n += 1
            found[key] = (order[j] if j >= 0 else "", order[n] if n < len(order) else "")
    _NEIGHBOURS[:] = [((nav.items, nav.placements), found)]
    return found


@dataclass(frozen=True, slots=True, kw_only=True)
class SiteConfig:
    """docs.json after validation.

    ``raw`` is the whole document with ``$ref`` resolved (read-only); the fields below are the
    validated parts mdxsite itself uses. ``mdxsite`` holds our own settings (plugins and their
    options), kept apart so every other key keeps the platform's meaning.
    """

    root: Path
    raw: Mapping[str, object]
    name: str = ""
    theme: str = "mint"
    navigation: Mapping[str, object] = EMPTY_MAPPING
    mdxsite: Mapping[str, object] = EMPTY_MAPPING
    file: str = "docs.json"
    # JSON path -> where it was written (docs.json or a $ref'd file): a config.loader.Locator
    locator: Any = None

    def get(self, dotted: str, default: object = None) -> object:
        """Return ``raw`` at a dotted path such as ``styling.eyebrows`` (``default`` if absent)."""
        node: object = self.raw
        for part in dotted.split("."):
            if not isinstance(node, Mapping) or part not in node:
                return default
            node = node[part]
        return node

    def where(self, at: JsonPath, *, key: bool = False) -> Location:
        """Return where the value (or with ``key`` the key) at ``at`` was written."""
        if self.locator is None:
            return Location(self.file)
        return self.locator.key(at) if key else self.locator.value(at)

    def path(self, at: JsonPath) -> str:
        """Return how messages name ``at``: its JSON path, or for a site written as mint.json
        the mint.json key it was upgraded from (``topbarLinks[0].url``)."""
        return str(at) if self.locator is None else self.locator.path(at)

    def problems(self) -> Problems:
        """Return an empty :class:`Problems` that locates JSON paths as :meth:`where` does and
        names them as :meth:`path` does: ``problems().warn(at, …)`` for a located warning."""
        return Problems(locate=self.locator, file=self.file)

    def setting(self, dotted: str) -> str:
        """Return how a message asking the author to write the setting ``dotted`` names it: as
        given, or for a site written as mint.json the mint.json key the upgrade reads it from
        (``api.mdx.server``: ``api.baseUrl``)."""
        return dotted if self.locator is None else self.locator.setting(dotted)


@plain_repr
@dataclass(frozen=True, slots=True, kw_only=True)
class Page:
    """One page of the site."""

    key: str                       # "guides/quickstart": source path, posix, no suffix
    source: Path | None            # relative to the site root; None for generated pages
    url: str                       # "/guides/quickstart/": the link every page uses (no base URL)
    title: str
    frontmatter: Mapping[str, object] = EMPTY_MAPPING
    trail: tuple[Crumb, ...] = ()  # version, language, product, tab, anchor, menu item, groups
    listed: bool = True            # False: built and reachable by URL, not in the sidebar
    origin: Location | None = None  # where docs.json (or the folder scan) introduced it
    body: str | None = None        # generated pages carry their MDX here instead of a file
    kind: str = "page"             # "page", "openapi", "schema", "redirect", ... (theme picks layout)
    data: Mapping[str, object] = EMPTY_MAPPING  # stage-specific data (e.g. the OpenAPI operation)

    @property
    def sidebar_title(self) -> str:
        value = self.frontmatter.get("sidebarTitle")
        return value if isinstance(value, str) and value else self.title


@dataclass(frozen=True, slots=True, kw_only=True)
class Site:
    """Everything known about the site before pages render."""

    root: Path
    config: SiteConfig
    nav: Nav
    pages: Mapping[str, Page]                  # by key, in build order
    base_url: str = "/"                        # "/docs/" when hosted under a sub-path
    site_url: str = ""                         # "https://docs.example.com" for absolute URLs
    assets: Mapping[str, Path] = EMPTY_MAPPING  # output path -> source file (images, favicon…)
    data: Mapping[str, object] = EMPTY_MAPPING  # plugin-provided site data (openapi specs…)
    # "/_mdxsite/style.css" -> "/_mdxsite/style.3f9a0c1b2d.css": set by the build before pages
    # render (mdxsite.output.assets); ``href`` applies it, so templates keep the plain names
    asset_names: Mapping[str, str] = EMPTY_MAPPING
    # plugin name -> its options from docs.json, checked against its mdxsite_settings
    plugin_options: Mapping[str, Mapping[str, object]] = EMPTY_MAPPING
    # class name -> the site-relative file that first uses it in a class/className attribute
    # (pages, snippets, React components): what the utility stylesheet must cover
    class_names: Mapping[str, str] = EMPTY_MAPPING

    def page(self, key: str) -> Page:
        return self.pages[key]

    def target(self, path: str) -> tuple[str, str]:
        """Return what the site path ``path`` names in the output: ``("page", key)``,
        ``("file", rel)`` for a file the output ships (one of ``assets``: a file ``.mintignore``
        leaves out, or of a type not published, is none), else ``("", key)`` with the key a
        page there would have.

        One reading of a site path for links in pages, frontmatter ``related`` and redirect
        destinations: with or without its leading and trailing ``/``, ``?query`` and
        ``#fragment`` ignored, ``%``-escapes decoded, a ``.mdx``/``.md`` suffix dropped;
        ``/`` (or nothing) is the ``index`` page, ``/guides`` is ``guides/index`` when there
        is no ``guides`` page, and ``/guides/index`` is ``guides`` when there is no
        ``guides/index`` page.
        """
        path = path.partition("#")[0].partition("?")[0]
        rel = (unquote(path) if "%" in path else path).strip("/")
        key = rel[:-4] if rel.endswith(".mdx") else rel[:-3] if rel.endswith(".md") else rel
        key = key.rstrip("/") or "index"
        pages = self.pages
        if key in pages:
            return "page", key
        if key.endswith("/index") and key[:-6] in pages:
            return "page", key[:-6]
        if key + "/index" in pages:
            return "page", key + "/index"
        if rel in self.assets:
            return "file", rel
        return "", key

    def plugin_settings(self, name: str) -> Mapping[str, object]:
        """Return plugin ``name``'s options (``"mdxsite": {"plugins": {name: {…}}}``).

        For a plugin that declares them (``mdxsite_settings``) they are checked and every
        declared option is present, its default filled in; otherwise they are as written.
        """
        found = self.plugin_options.get(name)
        if found is not None:
            return found
        plugins = self.config.mdxsite.get("plugins")
        raw = plugins.get(name) if isinstance(plugins, Mapping) else None
        return frozen_mapping(raw) if isinstance(raw, Mapping) else EMPTY_MAPPING

    @property
    def public_url(self) -> str:
        """The site's absolute URL without a trailing slash, '' when unknown: ``--site-url``,
        else ``mdxsite.site_url``, else docs.json's ``seo.metatags.canonical`` (an http(s) URL).
        Canonical links, the sitemap, robots.txt and RSS feeds all start from it, then
        ``href()``: so a URL that already ends with the base URL's path loses it."""
        base = self.site_url or self.config.get("mdxsite.site_url") or \
            self.config.get("seo.metatags.canonical")
        if not isinstance(base, str) or not base.startswith(("http://", "https://")):
            return ""
        base = base.rstrip("/")
        # 'https://example.com/docs' built with --base-url /docs/: href() adds the /docs itself
        sub = self.base_url.rstrip("/")
        origin = base[:-len(sub)] if sub and base.endswith(sub) else ""
        return origin if origin.partition("://")[2] else base

    def href(self, url: str) -> str:
        """Return ``url`` (a site path such as ``/guides/x/``) with the base URL applied."""
        if not url.startswith("/") or url.startswith("//"):
            return url
        return self.base_url.rstrip("/") + self.asset_names.get(url, url)

    def with_pages(self, pages: Mapping[str, Page]) -> Site:
        return replace(self, pages=frozen_mapping(dict(pages)))


@dataclass(frozen=True, slots=True, kw_only=True)
class Heading:
    level: int
    text: str
    id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RenderedPage:
    """What rendering one page produced: its HTML body and what the theme and checks need."""

    key: str
    html: str                                   # the body fragment (no layout)
    headings: tuple[Heading, ...] = ()          # for the table of contents
    links: tuple[tuple[str, Location], ...] = ()  # internal links found, for link checking
    anchors: tuple[str, ...] = ()               # ids defined on the page
    text: str = ""                              # plain text, for search and llms-full.txt
    markdown: str = ""                          # the page's Markdown, for the .md copy
    problems: tuple[Problem, ...] = ()          # located warnings (errors raise instead)
    dependencies: tuple[str, ...] = ()          # site-relative files read (snippets, specs)
    meta: Mapping[str, object] = EMPTY_MAPPING  # anything else for the theme


@dataclass(frozen=True, slots=True, kw_only=True)
class PageResult:
    """A page after the theme wrapped it: the full document, written by ``write_output``."""

    page: Page
    rendered: RenderedPage
    document: str
    # True when the render cache knows the last successful build published exactly this
    # document: a writer may keep the published file instead of writing it again
    unchanged: bool = False
    # what plugins learnt from this document, by "plugin.name" (mdxsite_page_built may add to
    # it): kept with the page in the render cache and given back with the cached page, whose
    # document is then not laid out again just to be read. Values are str, int, float, bool,
    # None, and lists, tuples and dicts of them
    notes: dict[str, object] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class OutputFile:
    """A file a plugin adds to the output: text/bytes content, or a file to copy."""

    path: str                      # posix path inside the output folder
    content: str | bytes | None = None
    source: Path | None = None     # copy this file instead of writing content


@dataclass(slots=True)
class BuildReport:
    """What ``mdxsite build`` prints at the end."""

    pages: int = 0
    written: int = 0
    unchanged: int = 0
    reused: int = 0               # pages taken from the render cache instead of rendered
    warnings: int = 0
    seconds: float = 0.0
    out_dir: Path | None = None
    problems: list[Problem] = field(default_factory=list)
    # watch mode: the keys this rebuild rendered (the staging folder holds only their files
    # and the contributed files); None for a whole build
    changed_pages: tuple[str, ...] | None = None
    # nothing changed since the last build: the output was checked and kept, no hook ran
    up_to_date: bool = False
    site: Site | None = None      # the site built (None when nothing ran)
    # what the plugins declared each page depends on (mdxsite.dependencies.Declared), asked
    # before it was rendered; empty without the render cache. Watch mode keeps these.
    declared: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class ApiParameter:
    """A parameter of an API operation, as request samples need it."""

    name: str
    location: str                  # "path", "query", "header" or "cookie"
    required: bool = False
    example: object = None         # the spec's example, default or first enum value, else generated
    style: str = ""                # the spec's style ("form", "deepObject"...); "" when not given
    explode: bool | None = None    # the spec's explode; None when not given (the style's default)


@dataclass(frozen=True, slots=True, kw_only=True)
class ApiAuth:
    """One security scheme an operation asks for (from ``components.securitySchemes``)."""

    name: str                      # the scheme's key in securitySchemes
    type: str                      # "apiKey", "http", "oauth2", "openIdConnect", "mutualTLS"
    scheme: str = ""               # http: "bearer", "basic", ...
    location: str = ""             # apiKey: "header", "query" or "cookie"
    param: str = ""                # apiKey: the header, query or cookie name


@dataclass(frozen=True, slots=True, kw_only=True)
class ApiOperation:
    """One operation of an OpenAPI document, ready to be written as a request sample."""

    spec: str                      # the document, as docs.json or frontmatter names it
    method: str                    # upper case: "GET"
    path: str                      # as written: "/pets/{petId}" (a webhook's name for webhooks)
    url: str                       # first server + path, path parameters filled with examples
    servers: tuple[str, ...] = ()  # server URLs, variables filled with their defaults
    parameters: tuple[ApiParameter, ...] = ()
    body_type: str = ""            # media type of the request body ("application/json")
    body: object = None            # example request body (JSON-like data), None without one
    files: tuple[str, ...] = ()    # multipart body fields that are file uploads, by name
    # an urlencoded body's fields whose media type's ``encoding`` gives a style: (name, style,
    # explode); the others are spelled as form APIs (Stripe's) read nested values, a[b]=c
    form_encoding: tuple[tuple[str, str, bool], ...] = ()
    # a multipart body's array fields kept in one part by their ``encoding``: (name, "json" or
    # "csv"); the other arrays of plain values are sent one part per item, named alike
    multipart_arrays: tuple[tuple[str, str], ...] = ()
    auth: tuple[ApiAuth, ...] = ()  # the schemes of the first security requirement
    operation_id: str = ""
    summary: str = ""
    webhook: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RequestSample:
    """One tab of an API page's request samples."""

    label: str                     # the tab title: "cURL", "Python"
    language: str                  # the highlighting language: "bash", "python"
    code: str


@dataclass(frozen=True, slots=True)
class Component:
    """An MDX component a plugin adds (``mdxsite_components``): ``<Name …>…</Name>`` in a page.

    The template (looked up like any theme template: the site's ``_templates/``, plugins'
    template folders, the theme, ``base``) receives ``name``, ``props`` (a missing prop reads
    as None), ``children`` (the rendered children, as HTML), ``items`` (child components),
    ``blocks`` (child code blocks) and ``site``.
    """

    name: str                      # as written in MDX: "Kbd", "Tree.Folder"
    template: str                  # "components/kbd.html"
    inline: bool = False           # True: no line break after it (text-level, like <Badge>)


@dataclass(frozen=True, slots=True)
class Dependency:
    """Something other than a file that a page's output depends on (``mdxsite_page_dependencies``).

    A cached page is used only while every one of its dependencies has the value it had when
    the page rendered: ``Dependency("git-head", sha)`` renders pages again after a commit.
    """

    name: str
    value: str


@dataclass(frozen=True, slots=True)
class Setting:
    """One option a plugin accepts under ``"mdxsite": {"plugins": {"<name>": {…}}}`` in docs.json.

    Declared through ``mdxsite_settings``; a value of another type, a key no setting declares
    and a missing ``required`` one are located errors. ``choices`` limits the allowed values.
    """

    type: type | tuple[type, ...]
    default: object = None
    help: str = ""
    required: bool = False
    choices: tuple[object, ...] | None = None


# the theme slots a plugin may fill (``mdxsite_page_slots``)
SLOTS = ("head", "before_content", "after_content", "sidebar_footer", "page_footer")
