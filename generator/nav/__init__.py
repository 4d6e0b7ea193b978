"""Navigation: check docs.json's ``navigation`` and resolve it into a :class:`~mdxsite.Nav`."""

from mdxsite.nav.resolve import placements, resolve

__all__ = ["placements", "resolve"]
