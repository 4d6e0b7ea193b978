"""docs.json: load it (with ``$ref`` files), check it, and return a :class:`SiteConfig`."""

from __future__ import annotations

from pathlib import Path

from mdxsite.config import loader, schema
from mdxsite.errors import JsonPath, Problems
from mdxsite.model import SiteConfig, frozen_mapping


# what replaced the mint.json settings the upgrade drops, where something did
_DROPPED_HINTS = {
    key: 'remove it: in docs.json the theme ("mint", "maple", "palm", …) sets how the sidebar '
         "and the top bar look" for key in ("sidebar", "topbar", "rounded")} | {
    "feedback": "remove it: the platform switches page feedback on in its dashboard (Add-ons), "
                "not in docs.json"}


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
    for key in locator.dropped:
        out.warn(JsonPath((key,)), f"mint.json's {key!r} has no docs.json form: the platform's "
                 "upgrade drops it, and it does nothing here either",
                 hint=_DROPPED_HINTS.get(key, "remove it"), code="config.mint-dropped")
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

