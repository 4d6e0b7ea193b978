"""docs.json: load it (with ``$ref`` files), check it, and return a :class:`SiteConfig`."""

from __future__ import annotations

from pathlib import Path

from mdxsite.config import loader, schema
from mdxsite.errors import JsonPath, Problems
from mdxsite.model import SiteConfig, frozen_mapping


def load_config(root: Path) -> tuple[SiteConfig, Problems]:
    """Read and check docs.json in ``root``; return the config and the problems found.

    The caller decides when to raise, so navigation problems can join the same report.
    """
    raw, locator = loader.load(root)
    file = locator.default.file
    out = Problems(locate=locator, file=file)
    if locator.upgraded:
        out.warn(JsonPath(), f"read as docs.json from mint.json, the platform's old format "
                 f"(upgraded: {', '.join(locator.upgraded)})",
                 hint="run `mdxsite upgrade` to write docs.json, then check and commit it",
                 code="config.mint-json")
    schema.check_top_level(raw, out)
    nav = raw.get("navigation")
    theme = raw.get("theme")
    mdx = raw.get("mdxsite")
    name = raw.get("name")
    config = SiteConfig(
        root=root, raw=frozen_mapping(raw),
        name=name if isinstance(name, str) else "",
        theme=theme if isinstance(theme, str) and theme in schema.THEMES else "mint",
        navigation=frozen_mapping(nav if isinstance(nav, dict) else {}),
        mdxsite=frozen_mapping(mdx if isinstance(mdx, dict) else {}),
        file=file, locator=locator)
    return config, out

