"""The theme's own words in the page's language, and the page's writing direction.

The platform draws its chrome ("On this page", "Previous", "Copy page", the search prompt...) in
the language of the ``navigation.languages`` section a page sits in. The words are data, one
JSON file per language under the base theme's ``i18n/`` folder, named by the BCP 47 tag
``layout.LANGUAGES`` gives each of the platform's codes (``jp`` and ``ja-JP`` read ``ja.json``,
``cn`` and ``zh-CN`` ``zh-Hans.json``, ``fr-CA`` ``fr.json``), keys as in ``en.json``. A file may
give only some words: the others stay English, as every word does for a language without a
file. Placeholders (``{name}``, ``{tool}``) are filled by the template.

Arabic and Hebrew (and the other right-to-left scripts) are written right to left: the page
carries ``dir="rtl"`` and the theme's CSS, written with logical properties, mirrors itself.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from mdxsite.model import Page, Site
from mdxsite.output import layout
from mdxsite.output.theme import BASE_THEME, theme_folder

# primary language subtags written right to left (the platform's schema lists ar and he)
RTL = frozenset({"ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb"})
# tags whose words another file holds: the script decides, not the region
ALIASES = {"zh": "zh-Hans", "zh-CN": "zh-Hans", "zh-SG": "zh-Hans", "zh-TW": "zh-Hant",
           "zh-HK": "zh-Hant", "ja-JP": "ja"}
# the words the theme's scripts (site.js, search.js, assistant.js, playground.js,
# api-schema.js, mermaid-init.js) write after load: handed to them on non-English pages
SCRIPT_WORDS = ("copy", "copied", "show_less", "page_copied", "open_navigation",
                "close_navigation", "ask_ai", "ask_the_docs", "ask_placeholder", "question",
                "send", "close", "view", "image", "close_image", "search", "search_unavailable",
                "fields_not_loaded", "request_failed", "response_image", "download_response",
                "diagram_view", "zoom_in", "zoom_out", "reset_view", "pan_up", "pan_down",
                "pan_left", "pan_right")


def tag(code: str) -> str:
    """Return the BCP 47 tag of one of the platform's language codes ('en' for anything else)."""
    return layout.LANGUAGES[code][1] if code in layout.LANGUAGES else "en"


def direction(lang: str) -> str:
    """Return ``"rtl"`` for a tag written right to left, else ``"ltr"``."""
    return "rtl" if lang.split("-")[0].lower() in RTL else "ltr"


def _read(name: str) -> dict[str, str]:
    path = theme_folder(BASE_THEME) / "i18n" / f"{name}.json"
    if not path.is_file():
        return {}
    found = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in found.items() if isinstance(v, str) and v}


@lru_cache(maxsize=None)
def words(lang: str) -> Mapping[str, str]:
    """Return every theme word in ``lang`` (a BCP 47 tag), English where it has none."""
    english = _read("en")
    for name in (lang, ALIASES.get(lang, ""), lang.split("-")[0]):
        own = _read(name) if name and name != "en" else {}
        if own:
            return MappingProxyType({**english, **{k: v for k, v in own.items() if k in english}})
    return MappingProxyType(english)


def script_words(lang: str) -> dict[str, str]:
    """The words the theme's scripts write, where ``lang``'s differ from English (none: {})."""
    own, english = words(lang), words("en")
    return {k: own[k] for k in SCRIPT_WORDS if own[k] != english[k]}


def page_language(site: Site, page: Page) -> str:
    """Return the tag of the language section ``page`` sits in ('en' outside one); an unlisted
    page reads the trail it is shown with, the default section's."""
    return tag(next((c.title for c in layout.trail_of(site, page) if c.kind == "language"), "en"))


def page_words(site: Site, page: Page) -> Mapping[str, str]:
    """Return the theme words of the language ``page`` sits in (:func:`words`)."""
    return words(page_language(site, page))


def site_language(site: Site) -> str:
    """Return the tag of the language a reader lands in: the default (``"default": true``,
    else the first shown) ``navigation.languages`` entry, 'en' without languages."""
    items = site.nav.items
    while items and items[0].kind in ("version", "language"):
        shown = [i for i in items if not i.hidden] or list(items)
        chosen = next((i for i in shown if i.extra.get("default") is True), shown[0])
        if chosen.kind == "language":
            return tag(chosen.title)
        items = chosen.children
    return "en"


def contextual(menu: Mapping[str, Any] | None, lang: str) -> Mapping[str, Any] | None:
    """Return the contextual menu with the platform's own options in ``lang`` (an author's
    custom options keep their words)."""
    if menu is None or lang == "en":
        return menu
    t = words(lang)
    options = []
    for option in menu["options"]:
        option = dict(option)
        if option["id"] == "copy":
            option.update(title=t["copy_page"], description=t["copy_page_description"])
        elif option["id"] == "view":
            option.update(title=t["view_markdown"], description=t["view_markdown_description"])
        elif option["id"] not in ("custom", "assistant") and option["title"].startswith("Open in "):
            option.update(title=t["open_in"].format(tool=option["title"][len("Open in "):]),
                          description=t["ask_about_page"])
        options.append(option)
    return {**menu, "options": options}
