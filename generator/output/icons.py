"""Icons as inline SVG, read at build time from the package of the site's ``icons.library``.

Font Awesome (the default) comes from the ``fontawesomefree`` PyPI package; Lucide and Tabler
from the ``lucide-static`` and ``@tabler/icons`` npm packages that ``make theme-deps`` installs
(``MDXSITE_THEME_DEPS`` names their folder for an installed mdxsite). Names are the library's
own (``book-open``, ``github``); ``iconType`` (or a ``{name, style}`` icon) picks the style.
A URL is drawn as an ``<img>``. An unknown name is never a blank: the library's question-mark
glyph is drawn, marked ``data-icon-missing``, and the build warns where the name was written.

The platform draws Font Awesome Pro, whose names (``sparkles``, ``webhook``, ``life-buoy``)
real sites use freely; no package installs Pro. A Font Awesome name that Free lacks is drawn
as written in lower case when Free has that (``GitHub``), else from the same-named icon of
Lucide or Tabler when one of them has it, or Tabler's ``circle-number-1`` for Pro's
``circle-1`` (:func:`substitute`), marked ``data-icon-substitute``;
the build warns where the name was written that it draws a stand-in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from markupsafe import Markup, escape

from mdxsite.mdx import islands

STYLES = ("solid", "regular", "brands")
_ATTRS = re.compile(r"<svg ")
# Each file carries a ~230-byte licence comment; repeated for every icon it was 15% of a page.
# The attribution is given once instead, at the top of the theme's style.css.
_COMMENT = re.compile(r"<!--.*?-->", re.S)
# renamed between Font Awesome 5 and 6, beside the package's own aliases (_aliases): pages
# written for either should work
RENAMED = {"home": "house", "cog": "gear", "cogs": "gears", "external-link": "arrow-up-right-from-square",
           "sign-out": "right-from-bracket", "file-alt": "file-lines", "search": "magnifying-glass",
           "times": "xmark", "edit": "pen-to-square", "exclamation-triangle": "triangle-exclamation",
           "info-circle": "circle-info", "check-circle": "circle-check", "question-circle": "circle-question",
           "scroll-text": "scroll", "life-ring": "life-ring"}


def _package() -> Traversable:
    return resources.files("fontawesomefree") / "static" / "fontawesomefree"


def _folder() -> Traversable:
    return _package() / "svgs"


LIBRARIES = ("fontawesome", "lucide", "tabler")
# the glyph drawn for a name the library does not have (each library's own question mark)
MISSING = {"fontawesome": "circle-question", "lucide": "circle-question-mark", "tabler": "help-circle"}
_NPM = {"lucide": ("lucide-static/icons",), "tabler": ("@tabler/icons/icons/outline",
                                                       "@tabler/icons/icons/filled")}
MISSING_ATTR = "data-icon-missing"
SUBSTITUTE_ATTR = "data-icon-substitute"


def npm_folder(library: str, filled: bool = False) -> Path | None:
    """Return the folder of ``library``'s SVG files, or None when ``make theme-deps`` has not run."""
    parts = _NPM[library]
    found = islands.theme_deps() / "node_modules" / parts[1 if filled and len(parts) > 1 else 0]
    return found if found.is_dir() else None


def has_icon(name: str, library: str = "fontawesome") -> bool:
    """Return whether ``library`` draws ``name`` (a URL or an unknown library counts as yes)."""
    if name.startswith(("http://", "https://", "/")) or library not in LIBRARIES:
        return True
    if library != "fontawesome" and (name in CHROME or (_folder() / "brands" / f"{name}.svg").is_file()):
        return True  # drawn from Font Awesome, as :func:`drawer` does
    return bool(_svg_text(name, "", library))


@lru_cache(maxsize=4096)
def _svg_text(name: str, style: str, library: str) -> str:
    """The SVG file's text for ``name`` in ``library`` ('' when it has none)."""
    if library in ("lucide", "tabler"):
        for filled in ((True, False) if style in ("solid", "filled") else (False,)):
            npm = npm_folder(library, filled)
            if npm is not None and (npm / f"{name}.svg").is_file():
                return (npm / f"{name}.svg").read_text(encoding="utf-8")
        return ""
    name = RENAMED.get(name, name)
    order = ([style] if style in STYLES else []) + [s for s in STYLES if s != style]
    folder = _folder()
    for s in order:
        svg = folder / s / f"{name}.svg"
        if svg.is_file():
            return svg.read_text(encoding="utf-8")
    alias = _aliases().get(name)
    return _svg_text(alias, style, library) if alias else ""


@lru_cache(maxsize=1)
def _aliases() -> dict[str, str]:
    """Font Awesome's older names for its icons (``exchange-alt`` for ``right-left``,
    ``shopping-cart`` for ``cart-shopping``: 597 in Font Awesome 6), from the package's own
    metadata; read once, and only when a name is not a file of the package."""
    try:
        icons = json.loads((_package() / "metadata" / "icons.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {alias: canonical for canonical, icon in icons.items() if isinstance(icon, dict)
            for alias in ((icon.get("aliases") or {}).get("names") or ()) if alias != canonical}


@lru_cache(maxsize=1024)
def substitute(name: str) -> tuple[str, str] | None:
    """Return (library, name) of the stand-in for a Font Awesome ``name`` that Font Awesome
    Free lacks (see the module's text), or None when there is none."""
    lower = name.lower()
    if lower != name and _svg_text(lower, "", "fontawesome"):
        return "fontawesome", lower
    for library in ("lucide", "tabler"):
        if _svg_text(lower, "", library):
            return library, lower
    # Pro's numbered and lettered shapes (circle-1, square-e) are Tabler's circle-number-1, ...
    shaped = _SHAPED.match(lower)
    if shaped is not None:
        kind = "number" if shaped[2].isdigit() else "letter"
        tabler = f"{shaped[1]}-{kind}-{shaped[2]}"
        if _svg_text(tabler, "", "tabler"):
            return "tabler", tabler
    return None


_SHAPED = re.compile(r"(circle|square)-([0-9a-z])$")


def stand_in_said(name: str, library: str = "fontawesome") -> tuple[str, str] | None:
    """The warning and hint for ``name`` when it is drawn by a stand-in (:func:`substitute`),
    else None."""
    found = substitute(name) if library == "fontawesome" else None
    if found is None:
        return None
    drawn = f"Font Awesome Free's {found[1]!r}" if found[0] == "fontawesome" else \
        f"{found[0].capitalize()}'s {found[1]!r}"
    return (f"icon {name!r} is not in Font Awesome Free (the platform has Font Awesome Pro, which no package installs); "
            f"{drawn} is drawn in its place",
            "pick a Font Awesome Free name to draw the same glyph as the platform, or set "
            "\"icons\": {\"library\": …}")


def unknown_said(name: str, library: str) -> tuple[str, str]:
    """The warning and hint for ``name``, which ``library`` does not draw and no stand-in
    replaces. Font Awesome here is the Free set: a Pro name (the mint starter's
    ``book-open-cover``) is drawn on the platform, so the warning says so rather than call the
    name unknown."""
    if library == "fontawesome":
        return (f"icon {name!r} is not in Font Awesome Free, and no stand-in is known; a question "
                "mark is drawn in its place",
                "if it is a Font Awesome Pro name the platform draws it, but no package installs "
                "Pro: pick a Font Awesome Free name, or set \"icons\": {\"library\": …}")
    return (f"unknown icon {name!r} in the {library} library; a question mark is drawn in its place",
            f"pick a name from the {library} icon set, or set \"icons\": {{\"library\": …}}")


_SVG_OPEN = re.compile(r"<svg\b[^>]*>", re.S)
_VIEWBOX = re.compile(r'viewBox="([^"]*)"')


def _inline(text: str, library: str, aria: str, extra: str = "") -> Markup:
    text = _COMMENT.sub("", text).strip()
    if library == "fontawesome":
        return Markup(_ATTRS.sub(f'<svg class="icon" fill="currentColor" {aria}{extra}', text, 1))
    # Lucide and Tabler draw with strokes: keep their stroke attributes, drop size and class
    head = _SVG_OPEN.search(text)
    if head is None:
        return Markup("")
    box = _VIEWBOX.search(head.group(0))
    filled = 'fill="currentColor"' in head.group(0)
    attrs = (f'<svg class="icon icon-{library}" viewBox="{box.group(1) if box else "0 0 24 24"}" '
             + ('fill="currentColor" ' if filled else 'fill="none" stroke="currentColor" '
                'stroke-width="2" stroke-linecap="round" stroke-linejoin="round" ') + aria + extra + ">")
    body = re.sub(r"\s*\n\s*", "", text[head.end():])
    return Markup(attrs + body)


@lru_cache(maxsize=2048)
def icon_svg(name: object, style: str = "", label: str = "", library: str = "fontawesome") -> Markup:
    """Return an inline ``<svg>`` for an icon name of ``library`` (Font Awesome by default).

    An unknown name draws the library's question mark, marked with :data:`MISSING_ATTR`.
    """
    if isinstance(name, Markup):  # an inline element given as the icon (icon={<svg …/>})
        return name
    if isinstance(name, dict):
        return icon_svg(name.get("name", ""), name.get("style", "") or style, label, library)
    if not isinstance(name, str) or not name.strip():
        return Markup("")
    name = name.strip()
    if name.startswith(("http://", "https://", "/")):
        return Markup('<img class="icon" src="{}" alt="{}">').format(name, label)
    if library not in LIBRARIES:
        library = "fontawesome"
    aria = (f'role="img" aria-label="{escape(label)}" ' if label else 'aria-hidden="true" ')
    text = _svg_text(name, style, library)
    if text:
        return _inline(text, library, aria.rstrip() if library != "fontawesome" else aria)
    found = substitute(name) if library == "fontawesome" else None
    if found is not None:
        library, stand_in = found
        marker = str(Markup('{}="{}"').format(SUBSTITUTE_ATTR, name))
        text = _svg_text(stand_in, style if library == "fontawesome" else "", library)
        if library == "fontawesome":
            return _inline(text, library, aria, marker + " ")
        return _inline(text, library, aria.rstrip(), " " + marker)
    if not _svg_text(MISSING[library], "", library):  # the npm package is not installed
        library = "fontawesome"
    marker = str(Markup('{}="{}"').format(MISSING_ATTR, name))
    if library == "fontawesome":
        return _inline(_svg_text(MISSING[library], "", library), library, aria, marker + " ")
    return _inline(_svg_text(MISSING[library], "", library), library, aria.rstrip(), " " + marker)


# Font Awesome names the theme draws itself (chevrons, the search glass, callouts, the page
# menu): with another library they still come from Font Awesome, as do brand logos (footer
# socials, navbar github/discord), which Lucide and Tabler do not carry.
CHROME = frozenset(
    "arrow-up-right-from-square bars chevron-down circle-check circle-exclamation circle-info "
    "comments copy file file-lines folder layer-group lightbulb link magnifying-glass moon "
    "sparkles sun triangle-exclamation xmark globe".split())


def drawer(library: object, href: Callable[[str], str] = str) -> Callable[..., Markup]:
    """Return the templates' ``icon(name, icon_type='', label='')`` for a site's ``icons.library``.

    ``href`` (the site's ``Site.href``) gives an icon file named by its site path
    (``/images/redis.svg``) the site's base URL, as every other link of the page has it."""
    lib = library if isinstance(library, str) and library in LIBRARIES else "fontawesome"

    def icon(name: object, style: str = "", label: str = "") -> Markup:
        if isinstance(name, str) and name.strip().startswith("/") and not name.strip().startswith("//"):
            name = href(name.strip())
        elif isinstance(name, dict) and isinstance(name.get("name"), str) and \
                name["name"].strip().startswith("/") and not name["name"].strip().startswith("//"):
            name = {**name, "name": href(name["name"].strip())}
        if lib != "fontawesome" and isinstance(name, str) and not _svg_text(name.strip(), style or "", lib) \
                and has_icon(name.strip(), lib):  # a theme glyph or a brand: Font Awesome draws it
            return icon_svg(name, style or "", label or "", "fontawesome")
        return icon_svg(name, style or "", label or "", lib)

    return icon
