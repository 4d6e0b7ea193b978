"""Built-in plugin: stage 1, load and check docs.json (``mdxsite.config``)."""

from __future__ import annotations

from pathlib import Path

from mdxsite.config import load_config
from mdxsite.errors import Problems
from mdxsite.hookspecs import hookimpl
from mdxsite.model import SiteConfig


@hookimpl
def mdxsite_load_config(root: Path) -> SiteConfig:
    config, problems = load_config(root)
    if problems.errors:
        # Report navigation mistakes in the same run, so the author fixes everything at once.
        from mdxsite.nav import resolve
        from mdxsite.sources import scan_sources

        nav_problems = Problems(locate=config.locator)
        resolve(config, scan_sources(root, config), nav_problems)
        problems.items.extend(nav_problems.errors)
    problems.raise_if_errors()
    return config
