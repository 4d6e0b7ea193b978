"""Resolve the checked navigation tree: where each page sits, its trail, its neighbours."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from mdxsite.errors import JsonPath, Problems
from mdxsite.model import Crumb, Nav, NavItem, SiteConfig, frozen_mapping
from mdxsite.nav.validate import check_navigation

# element kinds that appear in a page's trail (breadcrumbs, section selectors)
TRAIL_KINDS = frozenset({"version", "language", "product", "dropdown", "tab", "anchor", "menu", "group"})


def resolve(config: SiteConfig, sources: Mapping[str, Path], out: Problems) -> Nav:
    """Check ``config.navigation`` against the page files and build the :class:`Nav`.

    Problems go to ``out``; the caller raises them. A page listed in several places is placed
    where it first appears (document order), so every build resolves it the same way.
    """
    root_kind, items, global_anchors = check_navigation(
        config.raw.get("navigation"), JsonPath(("navigation",)), sources, out)
    return Nav(root_kind=root_kind, items=items, global_anchors=global_anchors,
               placements=placements(items))


def placements(items: Iterable[NavItem]) -> Mapping[str, tuple[Crumb, ...]]:
    """Return the trail of each page's first placement, keyed by page key, in document order."""
    found: dict[str, tuple[Crumb, ...]] = {}

    def visit(item: NavItem, trail: tuple[Crumb, ...]) -> None:
        if item.kind in TRAIL_KINDS:
            trail = (*trail, Crumb(kind=item.kind, title=item.title, at=item.at,
                                   first_page=item.key or item.first_page()))
            if item.key and item.key not in found:  # a group's root page sits in the group
                found[item.key] = trail
        if item.kind == "page" and item.key and item.key not in found:
            found[item.key] = trail
        for child in item.children:
            visit(child, trail)

    for item in items:
        visit(item, ())
    return frozen_mapping(found)
