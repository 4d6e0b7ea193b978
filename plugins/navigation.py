"""Built-in plugin: stage 2, resolve the navigation tree (``mdxsite.nav``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from mdxsite.errors import Problems
from mdxsite.hookspecs import hookimpl
from mdxsite.model import Nav, SiteConfig
from mdxsite.nav import resolve


@hookimpl
def mdxsite_resolve_nav(config: SiteConfig, sources: Mapping[str, Path]) -> Nav:
    problems = Problems(locate=config.locator)
    nav = resolve(config, sources, problems)
    problems.raise_if_errors()
    return nav
