"""Which pages crawlers, site search, the assistant and the llms files see: one rule, the
platform's.

A page is *hidden* when readers cannot reach it through the navigation: it is not in
docs.json's ``navigation``, its frontmatter says ``hidden: true``, or a group, tab or other
element above it is ``hidden``. Hidden pages are built and reachable by URL, but left out of
the sitemap (and marked ``noindex``), site search, the assistant's context and the llms
files, unless ``seo.indexing`` is ``"all"``. ``noindex: true`` (or ``robots: noindex``) leaves
one page out of all of them; ``searchable: false`` leaves it out of site search and the
assistant only. A hidden tab or group that also says ``searchable: true`` keeps the pages under
it in site search and the assistant's context (still out of the sitemap and llms files).
"""

from __future__ import annotations

from mdxsite.model import Nav, NavItem, Page, Site

# the last navigation seen -> keys of the pages under a hidden element, and those of them a
# hidden element's ``searchable: true`` keeps in site search: computed once a build
_UNDER_HIDDEN: list[tuple[Nav, frozenset[str], frozenset[str]]] = []


def _hidden_keys(nav: Nav) -> tuple[frozenset[str], frozenset[str]]:
    if _UNDER_HIDDEN and _UNDER_HIDDEN[0][0] is nav:
        return _UNDER_HIDDEN[0][1], _UNDER_HIDDEN[0][2]
    shown: set[str] = set()
    under: set[str] = set()
    opted: set[str] = set()

    def visit(item: NavItem, inside_hidden: bool, searchable: bool) -> None:
        inside_hidden = inside_hidden or item.hidden
        searchable = searchable or (item.hidden and item.extra.get("searchable") is True)
        if item.key:  # a page, or a group's root page
            (under if inside_hidden else shown).add(item.key)
            if inside_hidden and searchable:
                opted.add(item.key)
        for child in item.children:
            visit(child, inside_hidden, searchable)

    for item in nav.items:
        visit(item, False, False)
    keys = frozenset(under - shown)  # a page also placed in a visible section is reachable
    _UNDER_HIDDEN[:] = [(nav, keys, frozenset(opted & keys))]
    return _UNDER_HIDDEN[0][1], _UNDER_HIDDEN[0][2]


def _under_hidden(nav: Nav) -> frozenset[str]:
    return _hidden_keys(nav)[0]


def hidden(site: Site, page: Page) -> bool:
    """True when the page is not reachable through the navigation (see the module's rule)."""
    return not page.listed or page.key in _under_hidden(site.nav)


def _noindex_written(page: Page) -> bool:
    fm = page.frontmatter
    return fm.get("noindex") is True or str(fm.get("robots", "")).lower().startswith("noindex")


def noindex(site: Site, page: Page) -> bool:
    """True when crawlers are asked not to index the page (its ``<meta name="robots">``)."""
    if _noindex_written(page):
        return True
    return hidden(site, page) and site.config.get("seo.indexing") != "all"


def indexed(site: Site, page: Page) -> bool:
    """True when the page belongs in the sitemap and the llms files."""
    return not noindex(site, page)


def searchable(site: Site, page: Page) -> bool:
    """True when site search and the assistant should find the page."""
    if page.frontmatter.get("searchable") is False:
        return False
    if indexed(site, page):
        return True
    # hidden under a tab or group that says searchable: true (a page's own noindex still wins)
    return page.listed and not _noindex_written(page) and page.key in _hidden_keys(site.nav)[1]
