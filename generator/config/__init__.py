"""docs.json: load it (with ``$ref`` files), check it, and return a :class:`SiteConfig`."""

from __future__ import annotations

import re
from pathlib import Path

from mdxsite.config import loader, schema
from mdxsite.errors import JsonPath, Problem, Problems
from mdxsite.model import SiteConfig, frozen_mapping


# what replaced the mint.json settings the upgrade drops, where something did
_DROPPED_HINTS = {
    key: 'remove it: in docs.json the theme ("mint", "maple", "palm", …) sets how the sidebar '
         "and the top bar look" for key in ("sidebar", "topbar", "rounded")} | {
    "feedback": "remove it: the platform switches page feedback on in its dashboard (Add-ons), "
                "not in docs.json"}


# the same for keys inside mint.json's objects, by path with list indexes as []
_DROPPED_NESTED_HINTS = {
    "tabs[].icon": "docs.json's tabs take an icon: run `mdxsite upgrade`, then add it to the tab",
    "tabs[].iconType": "docs.json's tabs take an icon: run `mdxsite upgrade`, then add it to the "
                       'tab as {"name": …, "style": …}',
    "anchors[].color.to": "docs.json gives an anchor one colour (the upgrade keeps 'from'); "
                          "remove it",
    "anchors[].color.via": "docs.json gives an anchor one colour (the upgrade keeps 'from'); "
                           "remove it",
    "topbarLinks[].name": "a link with a type is labelled with the type's name; to choose the "
                          "label, remove the type",
    "topbarCtaButton.name": 'a "github" button shows the repository, not a name; remove it',
    "footerSocials": "footer.socials is read instead; keep one of the two",
    "colors.anchors": "docs.json has no colour for anchors as a group (each anchor may have "
                      "its own \"color\"): remove it",
}


def _warn_dropped(locator: loader.UpgradedLocator, out: Problems) -> None:
    """Warn, at each one in mint.json, for the keys the upgrade to docs.json drops: they do
    nothing on the platform either, and the author would otherwise never learn it."""
    found: list[tuple[tuple[str | int, ...], str, str]] = [
        ((key,), f"mint.json's {key!r} has no docs.json form", _DROPPED_HINTS.get(key, "remove it"))
        for key in locator.dropped]
    for at in locator.dropped_nested:
        found.append((at, f"{at[-1]!r} has no docs.json form",
                      _DROPPED_NESTED_HINTS.get(_shape(at), "remove it; if docs.json has such a "
                                                "setting, run `mdxsite upgrade` and set it there")))
    found.sort(key=lambda item: locator.source.key(item[0]))
    for at, message, hint in found:
        out.items.append(Problem(locator.source.key(at), message + ": the platform's upgrade "
                                 "drops it, and it does nothing here either", hint,
                                 str(JsonPath(at)), "config.mint-dropped", warning=True))


def _refuse_misshapen(locator: loader.UpgradedLocator, out: Problems) -> None:
    """An error at each mint.json value the upgrade reads as an array (or an object in one)
    that is of another type: the platform's mint.json schema refuses the file."""
    for at, wrong, hint in locator.misshapen:
        out.items.append(Problem(locator.source.value(at), f"{wrong}; the platform refuses this "
                                 "mint.json, and the upgrade leaves it out", hint, str(JsonPath(at))))


def _shape(at: tuple[str | int, ...]) -> str:
    """``tabs[2].icon`` as ``tabs[].icon``: the path with its list indexes left out."""
    return re.sub(r"\[\d+\]", "[]", str(JsonPath(at)))


def load_config(root: Path) -> tuple[SiteConfig, Problems]:
    """Read and check docs.json in ``root``; return the config and the problems found.

    The caller decides when to raise, so navigation problems can join the same report.
    """
    raw, locator = loader.load(root)
    file = locator.default.file
    out = Problems(locate=locator, file=file)
    if isinstance(locator, loader.UpgradedLocator):
        out.warn(JsonPath(), f"read as docs.json from mint.json, the platform's old format "
                 f"(upgraded: {', '.join(locator.upgraded)})",
                 hint="run `mdxsite upgrade` to write docs.json, then check and commit it",
                 code="config.mint-json")
        _warn_dropped(locator, out)
        _refuse_misshapen(locator, out)
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

