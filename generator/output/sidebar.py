"""How much of its section's sidebar a page carries.

A section's sidebar (see :mod:`mdxsite.output.layout`) is written whole into every page of the
section while it holds at most :data:`LIMIT` entries (listed pages, links and visible groups,
counted at every depth). A larger one would make the sidebar most of every page's bytes, and
the bytes of the whole site grow with the square of the section's size: on the benchmark's
generated site (200 pages a tab at 1,000 pages, 1,250 at 10,000) the output went from 56 to
186 kB a page; with windows it is 35 kB a page at both sizes.

So a page of a larger section carries a *window*: the top-level group holding it (or, when
that group alone has more than :data:`LIMIT` entries, the deepest group on its path that does
not, under its ancestors' headings; or, in a long flat list, the run of neighbours around it
that fits), its ancestor groups open, and a link to the section's whole sidebar. That whole
sidebar is written once, as a page of its own named after its bytes (see ``nav_file_path``),
which the theme's script fetches once per section and swaps in. No page then carries more
than :data:`LIMIT` entries of navigation, whatever the size of the site.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from mdxsite.model import NavItem, Page, Site
from mdxsite.output import layout

# Entries a page's sidebar holds at most, inline or windowed alike. The corpus's sidebars take
# a median 172 bytes an entry (icons, tags, methods), so 150 entries are about 26 kB: four
# fifths of the median page's own HTML (33 kB without its sidebar, 1,149 pages of
# ../shared/corpus). Past that the navigation outweighs the page it sits on, and the site's
# bytes grow with the square of a section's size. 22 of the corpus's 24 sections stay under it
# and keep their inline sidebar byte for byte; pipecat's API reference (395 entries) and
# trigger.dev's Documentation (192) are windowed. The benchmark's tabs (230 entries at 1,000
# pages, 1,450 at 10,000) are both windowed, so its bytes per page stay flat.
LIMIT = 150

NAV_FOLDER = "_mdxsite/nav"

_KINDS = ("group", "page", "link", "endpoint")


def entries(site: Site, items: Iterable[NavItem]) -> int:
    """Return how many entries ``items`` show in a sidebar: listed pages, links, and visible
    groups with everything under them (as ``partials/sidebar.html`` draws them)."""
    count = 0
    for item in items:
        if item.kind == "page":
            page = site.pages.get(item.key)
            count += page is not None and page.listed
        elif item.kind == "link":
            count += 1
        elif item.kind == "group" and not item.hidden:
            count += 1 + entries(site, item.children)
    return count


# (navigation, page map) -> entry counts by section key, and by navigation element (``at``):
# counted once per build and process, not once per page (a page asks about its path's groups)
_COUNTS: list[tuple[object, object, dict[str, int], dict[str, int]]] = []


def _counts(site: Site) -> tuple[dict[str, int], dict[str, int]]:
    if not _COUNTS or _COUNTS[0][0] is not site.nav or _COUNTS[0][1] is not site.pages:
        _COUNTS[:] = [(site.nav, site.pages, {}, {})]
    return _COUNTS[0][2], _COUNTS[0][3]


def _entries_of(site: Site, item: NavItem) -> int:
    by_item = _counts(site)[1]
    if item.at not in by_item:
        by_item[item.at] = entries(site, [item])
    return by_item[item.at]


def is_large(site: Site, section_key: str, items: Sequence[NavItem]) -> bool:
    """Return whether the section's sidebar has more than :data:`LIMIT` entries."""
    by_section = _counts(site)[0]
    if section_key not in by_section:
        by_section[section_key] = entries(site, items)
    return by_section[section_key] > LIMIT


@dataclass(frozen=True, slots=True)
class Window:
    """The part of a large section's sidebar one page shows, as sets of navigation elements
    (by their ``at``, their JSON path) that ``partials/sidebar.html`` reads."""

    shown: frozenset[str]   # drawn at their level: the path's groups, then the window itself
    whole: frozenset[str]   # groups drawn with everything under them
    open: frozenset[str]    # groups drawn open: the current page's ancestors

    @property
    def key(self) -> str:
        """A string naming the window, for caching its HTML (pages that share it share it)."""
        return "|".join(sorted(self.shown)) + "#" + "|".join(sorted(self.whole)) + "#" + \
            "|".join(sorted(self.open))


def window(site: Site, page: Page, items: Sequence[NavItem]) -> Window:
    """Return the window of the section sidebar ``items`` that ``page`` shows.

    Walking down from the section to the page, the first group of at most :data:`LIMIT`
    entries is the window, drawn whole; the groups above it are drawn as headings holding only
    the way down. When no group on the way fits, the window is the run of the page's
    neighbours (pages, links and groups that fit whole) around it, at most :data:`LIMIT`
    entries. A page outside the section's sidebar (outside the navigation, or under a hidden
    group) shows the window of the section's first page.
    """
    path = _path(site, page, items) or _first_path(site, items)
    chain: list[NavItem] = []
    level: Sequence[NavItem] = items
    for node in path:
        # the headings above the window count: a page never shows more than LIMIT entries
        if node.kind == "group" and _entries_of(site, node) <= LIMIT - len(chain):
            return Window(frozenset(i.at for i in (*chain, node)), frozenset([node.at]),
                          frozenset(i.at for i in path if i.kind == "group"))
        if node.kind != "group":
            return _run(site, level, node, chain, path)
        chain.append(node)
        level = node.children
    return Window(frozenset(), frozenset(), frozenset())


def _run(site: Site, level: Sequence[NavItem], node: NavItem, chain: list[NavItem],
         path: list[NavItem]) -> Window:
    """The window of a page whose parent has too many entries: the page and the neighbours
    on either side, taken in turn, while they fit; a group too large to fit ends that side."""
    siblings = [i for i in level if i.kind in _KINDS]
    at = next(i for i, item in enumerate(siblings) if item is node)
    lo, hi, budget = at, at + 1, LIMIT - len(chain) - _entries_of(site, node)
    sides = [True, True]  # [left open, right open]
    while any(sides):
        for side in (0, 1):
            if not sides[side]:
                continue
            index = lo - 1 if side == 0 else hi
            if not 0 <= index < len(siblings):
                sides[side] = False
                continue
            cost = _entries_of(site, siblings[index])
            if cost > budget:
                sides[side] = False
                continue
            budget -= cost
            if side == 0:
                lo -= 1
            else:
                hi += 1
    run = siblings[lo:hi]
    return Window(frozenset(i.at for i in (*chain, *run)),
                  frozenset(i.at for i in run if i.kind == "group"),
                  frozenset(i.at for i in path if i.kind == "group"))


def _path(site: Site, page: Page, items: Sequence[NavItem]) -> list[NavItem]:
    """The navigation elements from the section's top level down to ``page``'s entry, by its
    trail (its first placement); [] when the page is not in this sidebar."""
    by_at = layout.index(site).by_at
    groups: list[str] = []
    for crumb in page.trail:
        if crumb.kind == "group":
            groups.append(crumb.at)
        else:
            groups.clear()  # the section's own groups follow its last non-group element
    path: list[NavItem] = []
    level: Sequence[NavItem] = items
    for at in groups:
        group = by_at.get(at)
        # a hidden group is not drawn: a page under it shows the first page's window
        if group is None or group.hidden or not any(child is group for child in level):
            return []
        path.append(group)
        level = group.children
    entry = next((i for i in level if i.kind == "page" and i.key == page.key), None)
    return [*path, entry] if entry is not None else []


def _first_path(site: Site, items: Sequence[NavItem]) -> list[NavItem]:
    """The path down to the first listed page of the sidebar ([] when it has none)."""
    for item in items:
        if item.kind == "page" and item.key in site.pages and site.pages[item.key].listed:
            return [item]
        if item.kind == "group" and not item.hidden:
            below = _first_path(site, item.children)
            if below:
                return [item, *below]
    return []


def section_title(site: Site, section_key: str) -> str:
    """Return what a reader calls the section: its elements' titles, outermost first
    (``v2 · English · API reference``), or the site's name for the navigation root."""
    idx = layout.index(site)
    titles: list[str] = []
    item = idx.by_at.get(section_key)
    while item is not None:
        if item.title:
            titles.append(layout.display_title(item.kind, item.title))
        item = idx.parent.get(item.at)
    name = site.config.get("name")
    return " · ".join(reversed(titles)) or (name if isinstance(name, str) and name else "Docs")


def section_language(site: Site, section_key: str) -> str:
    """Return the BCP 47 tag of the section's language ('en' when it has none)."""
    idx = layout.index(site)
    item = idx.by_at.get(section_key)
    while item is not None:
        if item.kind == "language" and item.title in layout.LANGUAGES:
            return layout.LANGUAGES[item.title][1]
        item = idx.parent.get(item.at)
    return "en"


def nav_file_path(site: Site, section_key: str) -> str:
    """Return the output path of the section's whole-sidebar page, before its digest is
    added: ``_mdxsite/nav/<section titles as a slug>.html``."""
    title = section_title(site, section_key) if section_key else "all"
    plain = unicodedata.normalize("NFKD", title.lower()).encode("ascii", "ignore").decode()
    slug = "".join(c if c.isalnum() else "-" for c in plain)
    slug = "-".join(part for part in slug.split("-") if part)[:60] or "nav"
    return f"{NAV_FOLDER}/{slug}.html"


def large_sections(site: Site) -> dict[str, tuple[NavItem, ...]]:
    """Return every section with a large sidebar: its key -> its sidebar's top-level items."""
    roots: dict[str, NavItem | None] = {"": None}  # unlisted pages show the root's sidebar
    for page in site.pages.values():
        root = layout.section_root(site, page) if page.trail else None
        if root is not None:
            roots.setdefault(root.at, root)
    found: dict[str, tuple[NavItem, ...]] = {}
    for key, root in roots.items():
        items = layout.sidebar_items(site, root)
        if is_large(site, key, items):
            found[key] = items
    return found
