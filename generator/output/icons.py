"""Font Awesome icons as inline SVG, read from the ``fontawesomefree`` package at build time.

Names are the platform's (``book-open``, ``github``); a ``{name, style}`` icon picks the style.
An unknown name or a URL falls back gracefully (an ``<img>`` for URLs, nothing otherwise), so
a typo never breaks a page.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable

from markupsafe import Markup

STYLES = ("solid", "regular", "brands")
_ATTRS = re.compile(r"<svg ")
# Each file carries a ~230-byte licence comment; repeated for every icon it was 15% of a page.
# The attribution is given once instead, at the top of the theme's style.css.
_COMMENT = re.compile(r"<!--.*?-->", re.S)
# renamed between Font Awesome 5 and 6; pages written for either should work
RENAMED = {"home": "house", "cog": "gear", "cogs": "gears", "external-link": "arrow-up-right-from-square",
           "sign-out": "right-from-bracket", "file-alt": "file-lines", "search": "magnifying-glass",
           "times": "xmark", "edit": "pen-to-square", "exclamation-triangle": "triangle-exclamation",
           "info-circle": "circle-info", "check-circle": "circle-check", "question-circle": "circle-question",
           "scroll-text": "scroll", "life-ring": "life-ring"}


def _folder() -> Traversable:
    return resources.files("fontawesomefree") / "static" / "fontawesomefree" / "svgs"


@lru_cache(maxsize=2048)
def icon_svg(name: object, style: str = "", label: str = "") -> Markup:
    """Return an inline ``<svg>`` for a Font Awesome icon name ('' for an unknown one)."""
    if isinstance(name, Markup):  # an inline element given as the icon (icon={<svg …/>})
        return name
    if isinstance(name, dict):
        return icon_svg(name.get("name", ""), name.get("style", ""), label)
    if not isinstance(name, str) or not name.strip():
        return Markup("")
    name = name.strip()
    if name.startswith(("http://", "https://", "/")):
        return Markup('<img class="icon" src="{}" alt="{}">').format(name, label)
    name = RENAMED.get(name, name)
    order = ([style] if style in STYLES else []) + [s for s in STYLES if s != style]
    folder = _folder()
    for s in order:
        svg = folder / s / f"{name}.svg"
        if svg.is_file():
            text = svg.read_text(encoding="utf-8")
            text = _COMMENT.sub("", text).strip()
            aria = (f'role="img" aria-label="{label}" ' if label else 'aria-hidden="true" ')
            return Markup(_ATTRS.sub(f'<svg class="icon" fill="currentColor" {aria}', text, 1))
    return Markup("")
