"""What a page's layout needs from the navigation, computed once per site and per section.

A *section* is the deepest non-group element holding a page (a tab, an anchor, a version…);
its sidebar is rendered once and reused by every page in it. Selectors (versions, languages,
products, dropdowns) and tabs come from the page's trail; switching version or language keeps
the reader on the same page when the other side has it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mdxsite.model import Crumb, NavItem, Page, Site

SELECTOR_KINDS = ("version", "language", "product", "dropdown")

# the platform's language codes -> (the name a reader picks, the BCP 47 tag for <html lang>)
LANGUAGES = {
    "ar": ("العربية", "ar"), "ca": ("Català", "ca"), "cn": ("简体中文", "zh-CN"),
    "cs": ("Čeština", "cs"), "da": ("Dansk", "da"), "de": ("Deutsch", "de"),
    "en": ("English", "en"), "es": ("Español", "es"), "fi": ("Suomi", "fi"),
    "fr": ("Français", "fr"), "fr-CA": ("Français (Canada)", "fr-CA"),
    "fr-ca": ("Français (Canada)", "fr-CA"), "he": ("עברית", "he"),
    "hi": ("हिन्दी", "hi"), "hu": ("Magyar", "hu"), "id": ("Bahasa Indonesia", "id"),
    "it": ("Italiano", "it"), "ja": ("日本語", "ja"), "ja-JP": ("日本語", "ja-JP"),
    "ja-jp": ("日本語", "ja-JP"),
    "jp": ("日本語", "ja"), "ko": ("한국어", "ko"), "lv": ("Latviešu", "lv"),
    "nl": ("Nederlands", "nl"), "no": ("Norsk", "no"), "pl": ("Polski", "pl"),
    "pt": ("Português", "pt"), "pt-BR": ("Português (Brasil)", "pt-BR"),
    "ro": ("Română", "ro"), "ru": ("Русский", "ru"), "sv": ("Svenska", "sv"),
    "tr": ("Türkçe", "tr"), "ua": ("Українська", "uk"), "uk": ("Українська", "uk"),
    "uz": ("Oʻzbekcha", "uz"), "vi": ("Tiếng Việt", "vi"), "zh": ("中文", "zh"),
    "zh-CN": ("简体中文", "zh-CN"), "zh-Hans": ("简体中文", "zh-Hans"),
    "zh-Hant": ("繁體中文", "zh-Hant"), "zh-TW": ("繁體中文", "zh-TW"),
}


def display_title(kind: str, title: str) -> str:
    """Return what a reader sees for a navigation element: a language's name, else its title."""
    return LANGUAGES[title][0] if kind == "language" and title in LANGUAGES else title


@dataclass
class SiteIndex:
    """Lookups over the navigation tree, built once per site."""

    by_at: dict[str, NavItem] = field(default_factory=dict)
    parent: dict[str, NavItem | None] = field(default_factory=dict)
    section_pages: dict[str, set[str]] = field(default_factory=dict)
    # (section, names of its siblings) -> page key without those names -> page key
    twins: dict[tuple[str, frozenset[str]], dict[str, str]] = field(default_factory=dict)
    roots: dict[str, NavItem] = field(default_factory=dict)  # a group's root page -> the group
    # the siblings of a section (their locations) -> the path segments naming one of them
    names: dict[tuple[str, frozenset[str]], frozenset[str]] = field(default_factory=dict)


_INDEX: dict[int, tuple[object, SiteIndex]] = {}


def index(site: Site) -> SiteIndex:
    """Return the site's navigation index (built once per process and navigation)."""
    cached = _INDEX.get(id(site.nav))
    if cached is not None and cached[0] is site.nav:
        return cached[1]
    idx = SiteIndex()

    def visit(item: NavItem, parent: NavItem | None) -> None:
        if item.at:
            idx.by_at[item.at] = item
            idx.parent[item.at] = parent
        if item.kind == "group" and item.key:
            idx.roots.setdefault(item.key, item)
        for child in item.children:
            visit(child, item)

    for item in site.nav.items:
        visit(item, None)
    for key, trail in site.nav.placements.items():
        for crumb in trail:
            if crumb.kind != "group":
                idx.section_pages.setdefault(crumb.at, set()).add(key)
    _INDEX.clear()
    _INDEX[id(site.nav)] = (site.nav, idx)
    return idx


def siblings(site: Site, at: str) -> tuple[NavItem, ...]:
    """Return the element at ``at`` and its siblings of the same kind, in order."""
    idx = index(site)
    item = idx.by_at.get(at)
    if item is None:
        return ()
    parent = idx.parent.get(at)
    pool = parent.children if parent is not None else site.nav.items
    return tuple(i for i in pool if i.kind == item.kind)


def section_root(site: Site, page: Page) -> NavItem | None:
    """Return the deepest non-group element of the page's trail (None: the navigation root)."""
    idx = index(site)
    for crumb in reversed(page.trail):
        if crumb.kind != "group":
            return idx.by_at.get(crumb.at)
    return None


def counterpart(site: Site, target: NavItem, twin_key: str | None) -> str:
    """Return the URL a switch to ``target`` (another version/language/product) leads to:
    the page's twin there (``twin_key``, found by :func:`twin`), else the target's first page."""
    if twin_key is not None:
        return site.pages[twin_key].url
    first_key = target.first_page()
    if first_key in site.pages:
        return site.pages[first_key].url
    return target.href or "/"


def twin(site: Site, page: Page, current: Crumb, target: NavItem) -> str | None:
    """Return the key of ``page``'s twin in the ``target`` section (a sibling version,
    language or product of ``current``), or None when it has none.

    Twins have the same key once every segment naming one of the siblings is left out:
    ``v2/en/config`` and ``v2/fr/config`` for languages, ``v1/en/config`` and
    ``v2/en/config`` for versions, ``config`` and ``fr/config`` when the default language
    has no folder. So a switch keeps the page, and the other dimension, wherever it can.
    """
    idx = index(site)
    keys = idx.section_pages.get(target.at, set())
    exact = _swap(page.key, current.title, target.title)
    if exact in keys and exact in site.pages:
        return exact
    names = _sibling_names(site, current.at)
    by_name = idx.twins.get((target.at, names))
    if by_name is None:  # once per section and sibling set, not once per page
        by_name = {}
        for k in sorted(keys, reverse=True):
            if k in site.pages:
                by_name[_without(k, names)] = k
        idx.twins[(target.at, names)] = by_name
    return by_name.get(_without(page.key, names))


def _sibling_names(site: Site, at: str) -> frozenset[str]:
    """Return the path segments that name one of the siblings of the section at ``at``: their
    titles, and each one's own folder (``v1`` for a version titled ``1.0.0`` whose pages live
    in ``v1/``), as the platform's examples write them.

    A sibling's folder is a segment found in at least half of its page keys and in none of
    the other siblings' keys, so a folder the sections share (``guides/``) is never one.
    """
    idx = index(site)
    pool = siblings(site, at)
    cache_key = ("names", frozenset(item.at for item in pool))
    found = idx.names.get(cache_key)
    if found is not None:
        return found
    counts: list[dict[str, int]] = []
    for item in pool:
        seen: dict[str, int] = {}
        for key in idx.section_pages.get(item.at, ()):
            for seg in set(key.lower().split("/")[:-1]):
                seen[seg] = seen.get(seg, 0) + 1
        counts.append(seen)
    names = {item.title.lower() for item in pool}
    for item, seen in zip(pool, counts):
        total = len(idx.section_pages.get(item.at, ()))
        others = set().union(*(c for c in counts if c is not seen))
        names.update(seg for seg, n in seen.items() if 2 * n >= total and seg not in others)
    found = frozenset(names)
    idx.names[cache_key] = found
    return found


def _without(key: str, names: frozenset[str]) -> str:
    return "/".join(seg for seg in key.split("/") if seg.lower() not in names) or "index"


def _swap(key: str, old: str, new: str) -> str:
    """``key`` with its first segment named ``old`` renamed ``new`` (any letter case)."""
    segs = key.split("/")
    for i, seg in enumerate(segs):
        if seg.lower() == old.lower():
            segs[i] = new.lower() if seg == seg.lower() else new
            return "/".join(segs)
    return f"{new.lower()}/{key}"


def trail_of(site: Site, page: Page) -> tuple[Crumb, ...]:
    """Return the trail a page shows: its own, or for an unlisted page the first page's."""
    return page.trail or _default_trail(site)


def version_of(site: Site, page: Page) -> str:
    """Return the title of the version a page belongs to ('' on a site without versions)."""
    return next((c.title for c in trail_of(site, page) if c.kind == "version"), "")


def layout_context(site: Site, page: Page) -> dict[str, Any]:
    """Return the navigation data the page template shows."""
    trail = trail_of(site, page)
    selectors = []
    tabs: tuple[NavItem, ...] = ()
    current_tab = ""
    anchors: tuple[NavItem, ...] = ()
    current_anchor = current_menu = ""
    for crumb in trail:
        if crumb.kind in SELECTOR_KINDS:
            options = []
            for item in siblings(site, crumb.at):
                here = item.at == crumb.at
                if item.hidden and not here:  # reachable by URL, not offered in the selector
                    continue
                twin_key = None if here else twin(site, page, crumb, item)
                options.append({
                    "title": display_title(item.kind, item.title), "current": here,
                    "url": page.url if here else counterpart(site, item, twin_key),
                    "description": item.description, "icon": item.icon,
                    "icon_type": item.extra.get("iconType") or item.extra.get("iconStyle") or "",
                    "external": bool(item.href and not item.children),
                    # a language twin of this very page: <link rel="alternate" hreflang>
                    "hreflang": LANGUAGES[item.title][1] if item.title in LANGUAGES else item.title,
                    "twin": here or twin_key is not None, "tag": item.tag})
            selectors.append({"kind": crumb.kind, "current": display_title(crumb.kind, crumb.title),
                              "options": options})
        elif crumb.kind == "tab":
            tabs, current_tab = siblings(site, crumb.at), crumb.at
        elif crumb.kind == "anchor":
            anchors, current_anchor = siblings(site, crumb.at), crumb.at
        elif crumb.kind == "menu":
            current_menu = crumb.at
            if not current_tab:  # a product's own menu: its items are the tab bar
                tabs, current_tab = siblings(site, crumb.at), crumb.at
    if not tabs:
        tabs = tuple(i for i in _root_level(site) if i.kind == "tab")
    globals_ = site.nav.global_anchors + _section_globals(site, trail)
    global_links = _global_options(globals_, selectors)
    if not anchors and not page.trail:
        anchors = tuple(i for i in _root_level(site) if i.kind == "anchor")
    root = section_root(site, page) if page.trail else None
    items = sidebar_items(site, root)
    return {"selectors": selectors, "tabs": tabs, "current_tab": current_tab,
            "current_menu": current_menu,
            "anchors": anchors, "current_anchor": current_anchor,
            "sidebar_key": root.at if root is not None else "", "sidebar_items": items,
            "trail": trail, "global_links": global_links, "globals": globals_,
            "directory": directory(site, page)}


def _section_globals(site: Site, trail: tuple[Crumb, ...]) -> tuple[NavItem, ...]:
    """The ``global`` links of the elements on a page's trail (a language's, a tab's…)."""
    idx = index(site)
    found: list[NavItem] = []
    for crumb in trail:
        own = idx.by_at[crumb.at].extra.get("globals") if crumb.at in idx.by_at else None
        if isinstance(own, tuple):
            found.extend(i for i in own if isinstance(i, NavItem))
    return tuple(found)


def _global_options(globals_: tuple[NavItem, ...], selectors: list[dict[str, Any]]) -> tuple[NavItem, ...]:
    """Add ``global`` versions, languages, products and dropdowns (the site's and the page's
    sections') to the page's selector of that kind, as links out; return those with no
    selector to join (the sidebar lists them with the global anchors: none dropped unseen)."""
    loose: list[NavItem] = []
    for item in globals_:
        if item.kind not in SELECTOR_KINDS or item.hidden:
            continue
        sel = next((s for s in selectors if s["kind"] == item.kind), None)
        if sel is None:
            loose.append(item)
            continue
        sel["options"].append({"title": display_title(item.kind, item.title), "current": False,
                               "url": item.href, "description": item.description,
                               "icon": item.icon, "external": True, "hreflang": "",
                               "icon_type": item.extra.get("iconType") or "",
                               "twin": False, "tag": item.tag})
    return tuple(loose)


def _root_level(site: Site) -> tuple[NavItem, ...]:
    return site.nav.items


def _default_trail(site: Site) -> tuple[Crumb, ...]:
    """An unlisted page shows the navigation of the site's first page."""
    first = next(iter(site.nav.placements.values()), ())
    return tuple(c for c in first if c.kind != "group")


def sidebar_items(site: Site, root: NavItem | None) -> tuple[NavItem, ...]:
    """Return the top level of the sidebar of the section ``root`` (None: the navigation's root)."""
    if root is None:
        return tuple(i for i in site.nav.items if i.kind in ("group", "page", "link", "endpoint"))
    items = root.children
    # a tab's menu or anchors are shown elsewhere; the sidebar holds the groups and pages
    return tuple(i for i in items if i.kind in ("group", "page", "link", "endpoint"))


DIRECTORY_STYLES = ("accordion", "card")


def directory(site: Site, page: Page) -> dict[str, Any] | None:
    """Return the listing a group's root page shows under its content, or None.

    ``directory`` (``accordion``, ``card`` or ``none``) is set on any navigation element and
    inherited by everything under it; a page that is some group's ``root`` lists that group's
    pages (title, description, link) in that style.
    """
    idx = index(site)
    item = idx.roots.get(page.key)
    if item is not None:
        style = ""
        parent: NavItem | None = item
        while parent is not None and not style:
            found = parent.extra.get("directory")
            style = found if isinstance(found, str) else ""
            parent = idx.parent.get(parent.at)
        if not style:  # "directory" beside the root pattern applies to the whole navigation
            found = site.config.get("navigation.directory")
            style = found if isinstance(found, str) else ""
        if style not in DIRECTORY_STYLES:
            return None
        entries = []
        for child in item.children:
            key = child.key if child.kind == "page" else child.first_page()
            target = site.pages.get(key)
            if target is None or key == page.key or not target.listed:
                continue
            description = target.frontmatter.get("description") if child.kind == "page" else ""
            entries.append({"title": target.sidebar_title if child.kind == "page" else child.title,
                            "url": target.url, "group": child.kind == "group",
                            "description": description if isinstance(description, str) else ""})
        return {"style": style, "entries": entries} if entries else None
    return None
