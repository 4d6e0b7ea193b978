"""Read a legacy ``mint.json`` as the docs.json it stands for, as the platform upgrades it.

The platform's old format kept pages in one flat ``navigation`` list of groups and cut it into
tabs, anchors and versions by URL prefix (``"tabs": [{"name": "API", "url": "api"}]`` holds
every page under ``api/``). :func:`upgrade` rebuilds the docs.json model from that: the same
sections, settings renamed to their docs.json keys, and the choices the platform's own
upgrade makes (the more inclusive of tabs and anchors at the root, pages outside every prefix
in a first "Documentation" section, divisions that are all external links as global ones).
The test suite checks it against the platform's ``upgradeToDocsConfig``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from typing import Any

from mdxsite.errors import describe

SCHEMA = "https://mintlify.com/docs.json"
_THEMES = {"venus": "palm", "quill": "willow"}
LAYOUT_THEMES = {"sidenav": "maple", "solidSidenav": "willow"}
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:.")


class _Missing:
    """A key mint.json did not have: dropped from the result (JSON has no 'undefined')."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()

Path = tuple[str | int, ...]


# While :func:`upgrade_located` runs, mint.json's values are these subclasses of the JSON
# types, each carrying the mint.json path it was read at. The upgrade copies values through
# untouched (a page path, a URL, a whole ``redirects`` list), so each arrives in the docs.json
# document still saying where the author wrote it; bools and null cannot be subclassed and
# take their container's origin.
class _Dict(dict[str, Any]):
    at: Path


class _List(list[Any]):
    at: Path


class _Str(str):
    at: Path


class _Int(int):
    at: Path


class _Float(float):
    at: Path


_TRACKED = {dict: _Dict, list: _List, str: _Str, int: _Int, float: _Float}


def _track(value: Any, at: Path) -> Any:
    kind = _TRACKED.get(type(value))
    if kind is None:
        return value
    if kind is _Dict:
        found: Any = _Dict({k: _track(v, (*at, k)) for k, v in value.items()})
    elif kind is _List:
        found = _List(_track(v, (*at, i)) for i, v in enumerate(value))
    else:
        found = kind(value)
    found.at = at
    return found


def _from(source: Any, value: Any) -> Any:
    """``value``, made by the upgrade out of mint.json's ``source``, marked as coming from it."""
    at = getattr(source, "at", None)
    kind = _TRACKED.get(type(value))
    if at is None or kind is None:
        return value
    found = kind(value)
    found.at = at
    return found


_TRACKED_BASE: dict[type, Any] = {_Str: str, _Int: int, _Float: float}


def _settle(value: Any, at: Path, origins: dict[Path, Path]) -> tuple[Any, Path | None]:
    """Return ``value`` as plain JSON types, recording in ``origins`` the mint.json path each
    docs.json path came from. A container the upgrade made itself comes from where all its
    values came from (``navbar.primary`` from ``topbarCtaButton``), if they share a place."""
    if isinstance(value, dict):
        pairs = [(k, _settle(v, (*at, k), origins)) for k, v in value.items()]
        plain: Any = {k: v for k, (v, _) in pairs}
        inner = [o for _, (_, o) in pairs if o is not None]
    elif isinstance(value, list):
        items = [_settle(v, (*at, i), origins) for i, v in enumerate(value)]
        plain = [v for v, _ in items]
        inner = [o for _, o in items if o is not None]
    else:
        plain = _TRACKED_BASE.get(type(value), lambda v: v)(value)
        inner = []
    origin = getattr(value, "at", None)
    if origin is None and inner:
        origin = os.path.commonprefix(inner) or None
    if origin is not None:
        origins[at] = origin
    return plain, origin



def upgrade_located(mint: Mapping[str, Any], leave_out: Sequence[Path] = ()
                    ) -> tuple[dict[str, Any], dict[Path, Path]]:
    """Return :func:`upgrade`'s docs.json and, for its JSON paths, the mint.json path each one
    was read from, so a problem found in the upgraded document points at what the author wrote.
    A docs.json path missing from the table comes from its nearest listed parent. The values
    at ``leave_out`` (:func:`misshapen`'s) are left out first; the others keep their paths."""
    origins: dict[Path, Path] = {}
    tracked = _track(dict(mint), ())
    # deepest first, then from a list's end, so no removal moves another one's place
    for at in sorted(leave_out, key=lambda p: (len(p), p[-1] if isinstance(p[-1], int) else -1),
                     reverse=True):
        parent = tracked
        for part in at[:-1]:
            parent = parent[part]
        del parent[at[-1]]
    doc, _ = _settle(upgrade(tracked), (), origins)
    origins[()] = ()
    return doc, origins


def upgrade(mint: Mapping[str, Any]) -> dict[str, Any]:
    """Return the docs.json for a mint.json document (an object already parsed)."""
    api = _obj(mint, "api")
    out: dict[str, Any] = {
        "$schema": SCHEMA, "theme": _theme(mint), "name": _get(mint, "name"),
        "colors": _colors(mint), "favicon": _get(mint, "favicon"),
        "navigation": _Navigation(mint).build(),
    }
    eyebrows, codeblocks = _eyebrows(mint), _codeblocks(mint)
    if eyebrows is not MISSING or codeblocks is not MISSING:
        out["styling"] = {"eyebrows": eyebrows, "codeblocks": codeblocks}
    out["logo"] = _get(mint, "logo")  # after "styling", where the platform writes it
    api_section = _api(mint, api)
    if api_section is not MISSING:
        out["api"] = api_section
    toggle = _obj(mint, "modeToggle")
    if _js(toggle.get("default")) or toggle.get("isHidden") is not None:
        out["appearance"] = {"default": _get(toggle, "default"), "strict": _get(toggle, "isHidden")}
    background = _background(mint)
    if background is not MISSING:
        out["background"] = background
    if _js(mint.get("topbarLinks")) or _js(mint.get("topbarCtaButton")):
        navbar: dict[str, Any] = {}
        if _js(mint.get("topbarLinks")):
            navbar["links"] = [_topbar_link(link) for link in mint["topbarLinks"]]
        navbar["primary"] = _primary_button(mint.get("topbarCtaButton"))
        out["navbar"] = navbar
    if _js(_obj(mint, "search").get("prompt")):
        out["search"] = {"prompt": mint["search"]["prompt"]}
    seo = _obj(mint, "seo")
    if _js(mint.get("metadata")) or "indexHiddenPages" in seo:
        out["seo"] = {**({"metatags": mint["metadata"]} if _js(mint.get("metadata")) else {}),
                      "indexing": "all" if _js(seo.get("indexHiddenPages")) else "navigable"}
    footer = _footer(mint)
    if footer is not MISSING:
        out["footer"] = footer
    if _js(mint.get("integrations")) or _js(mint.get("analytics")):
        out["integrations"] = _integrations(mint)
    fonts = _fonts(mint.get("font"))
    if fonts is not MISSING:
        out["fonts"] = fonts
    if _js(mint.get("redirects")):
        out["redirects"] = mint["redirects"]
    return _prune(out)


# mint.json's keys the platform's upgrade reads; it drops every other one (its schema's
# "sidebar", "topbar", "rounded", "feedback", "isWhiteLabeled", and any unknown key)
READ_KEYS = frozenset((
    "$schema", "name", "theme", "layout", "colors", "favicon", "navigation", "tabs", "anchors",
    "versions", "topAnchor", "primaryTab", "logo", "eyebrow", "codeBlock", "api", "openapi",
    "modeToggle", "background", "backgroundImage", "topbarLinks", "topbarCtaButton", "search",
    "seo", "metadata", "footer", "footerSocials", "integrations", "analytics", "font",
    "redirects"))


# mint.json's keys the upgrade reads as arrays, with what to write for each
_ARRAYS = {
    "navigation": '[{"group": "Get started", "pages": ["index"]}]',
    "tabs": '[{"name": "API reference", "url": "api-reference"}]',
    "anchors": '[{"name": "Blog", "icon": "newspaper", "url": "https://…"}]',
    "versions": '["v2", "v1"]',
    "topbarLinks": '[{"name": "Blog", "url": "https://…"}]',
}
_COLUMN = '{"title": "Company", "links": [{"label": "Blog", "url": "https://…"}]}'
_FOOTER_LINK = '{"label": "Blog", "url": "https://…"}'


def misshapen(mint: Mapping[str, Any]) -> list[tuple[Path, str, str]]:
    """Return the values the upgrade reads as an array (or as objects in one) that are of
    another type, each as (mint.json path, what is wrong, what to write).

    The platform's mint.json schema refuses each one, and its upgrade fails on most
    ("tabs.every is not a function"); :func:`upgrade_located` leaves them out, so the upgrade
    runs and the build can say where each one is.
    """
    found: list[Path] = []
    expected: list[tuple[str, str]] = []

    def array(value: Any, at: Path, write: str) -> bool:
        if value is None or isinstance(value, list):
            return isinstance(value, list)
        found.append(at)
        expected.append((f"expected an array, got {describe(value)}", f'write "{at[-1]}": {write}'))
        return False

    def objects(items: list[Any], at: Path, write: str) -> None:
        for i, item in enumerate(items):
            if not isinstance(item, Mapping):
                found.append((*at, i))
                expected.append((f"expected an object, got {describe(item)}", f"write {write}"))

    for key, write in _ARRAYS.items():
        if array(mint.get(key), (key,), write) and key != "versions":
            objects(mint[key], (key,), write[1:-1])
    for i, version in enumerate(mint["versions"] if isinstance(mint.get("versions"), list) else ()):
        if not isinstance(version, (str, Mapping)):
            found.append(("versions", i))
            expected.append((f"expected a version's name, got {describe(version)}", 'write "v2"'))
    footer = mint.get("footer")
    if isinstance(footer, Mapping) and array(footer.get("links"), ("footer", "links"), f"[{_COLUMN}]"):
        objects(footer["links"], ("footer", "links"), _COLUMN)
        for i, column in enumerate(footer["links"]):
            if isinstance(column, Mapping) and \
                    array(column.get("links"), ("footer", "links", i, "links"), f"[{_FOOTER_LINK}]"):
                objects(column["links"], ("footer", "links", i, "links"), _FOOTER_LINK)
    return [(at, what, hint) for at, (what, hint) in zip(found, expected)]


def dropped_keys(mint: Mapping[str, Any]) -> list[str]:
    """Return the mint.json keys the upgrade drops, for the warning that says so."""
    return [k for k in mint if k not in READ_KEYS]


# What the platform's upgrade reads inside mint.json's objects: an object's keys (each with
# what is read of its value), ``[item]`` for each item of a list, None for a value copied
# whole. A spec applies only to a value of its own JSON type (``footerSocials`` may be an
# object, copied whole, or a list of {type, url}).
_GROUP: dict[str, Any] = {"group": None, "icon": None, "iconType": None, "version": None}
_GROUP["pages"] = [_GROUP]
_DIVISION = {"name": None, "url": None, "version": None, "isDefaultHidden": None, "openapi": None}
NESTED: dict[str, Any] = {
    "colors": {"primary": None, "light": None, "dark": None,
               "background": {"light": None, "dark": None}},
    "navigation": [_GROUP],
    "tabs": [_DIVISION],
    "anchors": [{**_DIVISION, "icon": None, "iconType": None, "color": {"from": None}}],
    "versions": [{"name": None, "url": None, "default": None, "locale": None}],
    "topAnchor": {"name": None, "icon": None, "iconType": None},
    "primaryTab": {"name": None, "isDefaultHidden": None},
    "eyebrow": {"display": None},
    "codeBlock": {"mode": None},
    "api": {"baseUrl": None, "auth": {"method": None, "name": None},
            "playground": {"mode": None, "disableProxy": None},
            "request": {"example": {"languages": None}}},
    "modeToggle": {"default": None, "isHidden": None},
    "background": {"style": None},
    "topbarLinks": [{"type": None, "name": None, "url": None}],
    "topbarCtaButton": {"type": None, "name": None, "url": None},
    "search": {"prompt": None},
    "seo": {"indexHiddenPages": None},
    "footer": {"socials": None, "links": [{"title": None, "links": [{"label": None, "url": None}]}]},
    "footerSocials": [{"type": None, "url": None}],
    "integrations": {"intercom": None, "frontchat": None},
}


def dropped_nested(mint: Mapping[str, Any]) -> list[Path]:
    """Return the paths of the keys inside mint.json's objects that the upgrade drops (an
    ``api.auth.inputPrefix``, a tab's ``icon``), for the warning that says so."""
    found: list[Path] = []

    def walk(value: Any, spec: Any, at: Path) -> None:
        if isinstance(spec, dict) and isinstance(value, Mapping):
            for k, v in value.items():
                if k in spec:
                    walk(v, spec[k], (*at, k))
                else:
                    found.append((*at, k))
        elif isinstance(spec, list) and isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, spec[0], (*at, i))

    for key, spec in NESTED.items():
        walk(mint.get(key), spec, (key,))
    # read only in some forms: a link's name beside a type other than "link" (the label is
    # the type's name then), an icon's style without the icon, a font's parts beside "family"
    for key, items in (("topbarLinks", mint.get("topbarLinks")),
                       ("topbarCtaButton", [mint.get("topbarCtaButton")])):
        for i, link in enumerate(items if isinstance(items, list) else []):
            if isinstance(link, Mapping) and "name" in link and link.get("type") not in (None, "link"):
                found.append((key, i, "name") if key == "topbarLinks" else (key, "name"))
    if isinstance(mint.get("footer"), Mapping) and mint["footer"].get("socials") is not None \
            and "footerSocials" in mint:
        found.append(("footerSocials",))  # footer.socials is read instead
    font = mint.get("font")
    if isinstance(font, Mapping) and "family" not in font:
        found += [("font", k) for k in font if k not in ("headings", "body")]
    return found


# docs.json settings that messages ask an author to write, and mint.json's key for each (the
# upgrade's renames read backwards). Only these: mint.json's api.auth.name alone, say, is
# dropped by the upgrade (it is read beside a method), so it has no entry.
SETTINGS = {"api.mdx.server": "api.baseUrl", "api.mdx.auth": "api.auth",
            "api.mdx.auth.method": "api.auth.method", "seo.metatags": "metadata"}
# settings the upgrade copies whole: a key below one is the same key below mint.json's
COPIED = ("seo.metatags",)


def setting(dotted: str) -> str | None:
    """Return the mint.json key the upgrade reads docs.json's setting ``dotted`` from
    (``api.mdx.server``: ``api.baseUrl``), or None when :data:`SETTINGS` does not name it."""
    if dotted in SETTINGS:
        return SETTINGS[dotted]
    whole = next((docs for docs in COPIED if dotted.startswith(docs + ".")), None)
    return None if whole is None else SETTINGS[whole] + dotted[len(whole):]


def upgraded_keys(mint: Mapping[str, Any]) -> list[str]:
    """Return the mint.json keys whose docs.json form differs, for the warning that says so."""
    renamed = ("tabs", "anchors", "versions", "topbarLinks", "topbarCtaButton", "footerSocials",
               "modeToggle", "eyebrow", "codeBlock", "backgroundImage", "font", "analytics",
               "metadata", "topAnchor", "primaryTab", "layout", "openapi")
    return [k for k in ("navigation", *renamed) if k in mint]


# ----------------------------------------------------------------- settings

def _js(value: Any) -> bool:
    """JavaScript's truthiness, which the platform's upgrade tests keys with: an empty object
    or list is true, 0 and "" are false."""
    if value is MISSING or value is None or value is False or value == "":
        return False
    return not (isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0)


def _get(obj: Mapping[str, Any], key: str) -> Any:
    return obj[key] if key in obj else MISSING


def _field(value: Any, key: str) -> Any:
    """``value.key`` as JavaScript reads it: MISSING (undefined) unless ``value`` is an object."""
    return _get(value, key) if isinstance(value, Mapping) else MISSING


def _obj(obj: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = obj.get(key)
    return value if isinstance(value, Mapping) else {}


def _theme(mint: Mapping[str, Any]) -> str:
    theme = _THEMES.get(mint.get("theme") or "", "mint")
    return LAYOUT_THEMES.get(mint.get("layout") or "", theme)


def _colors(mint: Mapping[str, Any]) -> dict[str, Any]:
    colors = mint.get("colors")
    if not _js(colors):
        return {"primary": "#16A34A"}
    return {k: _field(colors, k) for k in ("primary", "light", "dark")}


def _eyebrows(mint: Mapping[str, Any]) -> Any:
    display = _obj(mint, "eyebrow").get("display")
    return MISSING if display is None else _from(display, "breadcrumbs" if display == "breadcrumbs"
                                                 else "section")


def _codeblocks(mint: Mapping[str, Any]) -> Any:
    mode = _obj(mint, "codeBlock").get("mode")
    return MISSING if mode is None else _from(mode, "dark" if mode == "dark" else "system")


def _api(mint: Mapping[str, Any], api: Mapping[str, Any]) -> Any:
    playground = _obj(api, "playground")
    mode, no_proxy = playground.get("mode"), playground.get("disableProxy", MISSING)
    languages = _obj(_obj(api, "request"), "example").get("languages")
    auth = _obj(api, "auth")
    has_playground = _js(mode) or no_proxy is not MISSING
    if not (has_playground or _js(languages) or _js(api.get("baseUrl")) or _js(auth.get("method"))
            or _js(mint.get("openapi"))):
        return MISSING
    section: dict[str, Any] = {}
    if _js(mint.get("openapi")):
        section["openapi"] = mint["openapi"]
    if has_playground:
        display = (({"show": "interactive", "hide": "none"}.get(mode, mode)
                    if isinstance(mode, str) else mode) if _js(mode) else None)
        proxy = None if no_proxy is MISSING or no_proxy is None else not no_proxy
        section["playground"] = _from(api.get("playground"), {
            **({"display": _from(mode, display)} if display else {}),
            **({"proxy": proxy} if proxy is not None else {})})
    if _js(languages):
        section["examples"] = {"languages": languages}
    if _js(api.get("baseUrl")) or _js(auth.get("method")) or _js(auth.get("name")):
        section["mdx"] = {"server": _get(api, "baseUrl")}
        if _js(auth.get("method")) or _js(auth.get("name")):
            section["mdx"]["auth"] = _from(api.get("auth"), {"method": _get(auth, "method"),
                                                             "name": _get(auth, "name")})
    return section


def _background(mint: Mapping[str, Any]) -> Any:
    colors = _obj(mint, "colors")
    if not (_js(mint.get("background")) or _js(mint.get("backgroundImage")) or _js(colors.get("background"))):
        return MISSING
    found: dict[str, Any] = {}
    if _js(mint.get("backgroundImage")):
        found["image"] = mint["backgroundImage"]
    found["decoration"] = _get(_obj(mint, "background"), "style")
    if _js(colors.get("background")):
        shades = colors["background"]
        found["color"] = _from(shades, {"light": _get(shades, "light"), "dark": _get(shades, "dark")})
    return found


def _topbar_link(link: Mapping[str, Any]) -> dict[str, Any]:
    kind = link.get("type")
    label = _get(link, "name") if kind in (None, "link") else str(kind)[:1].upper() + str(kind)[1:].lower()
    return _from(link, {"label": _from(kind, label) if kind not in (None, "link") else label,
                        "href": _get(link, "url")})


def _primary_button(button: Any) -> Any:
    if not _js(button):
        return MISSING
    if button.get("type") in (None, "link"):
        return _from(button, {"type": "button", "label": _get(button, "name"),
                              "href": _get(button, "url")})
    return _from(button, {"type": _from(button.get("type"), "github"), "href": _get(button, "url")})


def _footer(mint: Mapping[str, Any]) -> Any:
    footer = _obj(mint, "footer")
    if not (_js(mint.get("footer")) or _js(mint.get("footerSocials"))):
        return MISSING
    found: dict[str, Any] = {}
    socials = footer.get("socials") if footer.get("socials") is not None else mint.get("footerSocials")
    if _js(footer.get("socials")) or _js(mint.get("footerSocials")):
        found["socials"] = (_from(socials, {s.get("type"): s.get("url") for s in socials})
                            if isinstance(socials, list) else socials)
    if _js(footer.get("links")):
        found["links"] = [_from(group, {
            "header": _get(group, "title"),
            "items": _from(group.get("links"), [
                _from(link, {"label": _get(link, "label"), "href": _get(link, "url")})
                for link in group.get("links", [])])})
            for group in footer["links"]]
    return found


def _integrations(mint: Mapping[str, Any]) -> dict[str, Any]:
    found = dict(_obj(mint, "analytics"))
    old = _obj(mint, "integrations")
    if _js(old.get("intercom")):
        found["intercom"] = _from(old["intercom"], {"appId": old["intercom"]})
    if _js(old.get("frontchat")):
        found["frontchat"] = _from(old["frontchat"], {"snippetId": old["frontchat"]})
    return found


def _fonts(font: Any) -> Any:
    if not _js(font):
        return MISSING

    def details(value: Mapping[str, Any]) -> dict[str, Any]:
        rest = {k: v for k, v in value.items() if k != "url"}
        return _from(value, {**rest, **({"source": value["url"]} if _js(value.get("url")) else {})})

    if "family" in font:
        return details(font)
    found = {}
    if _js(font.get("headings")):
        found["heading"] = details(font["headings"])
    if _js(font.get("body")):
        found["body"] = details(font["body"])
    return found


def _prune(value: Any) -> Any:
    if isinstance(value, dict):
        return _from(value, {k: _prune(v) for k, v in value.items() if v is not MISSING})
    if isinstance(value, list):
        return _from(value, [_prune(v) for v in value if v is not MISSING])
    return value


# ----------------------------------------------------------------- navigation

def _lead(path: str) -> str:
    return path if path.startswith("/") else "/" + path


def _trail(path: str) -> str:
    return path if path.endswith("/") else path + "/"


def _under(page: str, prefix: str) -> bool:
    return _lead(_trail(page)).startswith(_lead(_trail(prefix)))


def _remote(url: Any) -> bool:
    return isinstance(url, str) and url.startswith(("https://", "http://"))


def _absolute(url: Any) -> bool:
    return isinstance(url, str) and _SCHEME.match(url) is not None


def _icon(icon: Any, style: Any) -> Any:
    return _from(icon, {"name": icon, "style": style}) if style else icon


def _group_head(group: Mapping[str, Any]) -> dict[str, Any]:
    head: dict[str, Any] = _from(group, {"group": _get(group, "group")})
    if _js(group.get("icon")):
        head["icon"] = _icon(group["icon"], group.get("iconType"))
    return head


def _in_version(group: Mapping[str, Any], version: Any) -> bool:
    return group.get("version") == version or group.get("version") is None or not version


class _Navigation:
    """mint.json's flat groups cut into docs.json's nested sections."""

    def __init__(self, mint: Mapping[str, Any]):
        self.mint = mint
        self.groups: list[Mapping[str, Any]] = [g for g in mint.get("navigation") or []
                                                if isinstance(g, Mapping)]
        tabs = [t for t in mint.get("tabs") or [] if isinstance(t, Mapping)]
        anchors = [a for a in mint.get("anchors") or [] if isinstance(a, Mapping)]
        versions = list(mint.get("versions") or [])
        self.has_tabs, self.has_anchors = bool(tabs), bool(anchors)
        self.global_: dict[str, Any] = {}
        if versions and all(isinstance(v, Mapping) and _remote(v.get("url")) for v in versions):
            self.global_["versions"] = [_from(v, {"version": _get(v, "name"), "href": v["url"]})
                                        for v in versions]
        if tabs and all(not t.get("version") and _remote(t.get("url")) for t in tabs):
            self.global_["tabs"] = [_from(t, {"tab": _get(t, "name"), "href": t["url"],
                                              **({"hidden": True} if t.get("isDefaultHidden") else {})})
                                    for t in tabs]
        if anchors and all(not a.get("version") and _remote(a.get("url")) for a in anchors):
            self.global_["anchors"] = [self._global_anchor(a) for a in anchors]
        self.tabs = [] if "tabs" in self.global_ else tabs
        self.anchors = [] if "anchors" in self.global_ else anchors
        self.versions = [] if "versions" in self.global_ else versions

    @staticmethod
    def _global_anchor(anchor: Mapping[str, Any]) -> dict[str, Any]:
        found: dict[str, Any] = {"anchor": _get(anchor, "name"), "href": anchor["url"]}
        if anchor.get("icon"):
            found["icon"] = _icon(anchor["icon"], anchor.get("iconType"))
        if isinstance(anchor.get("color"), str):
            found["color"] = {"light": anchor["color"], "dark": anchor["color"]}
        if anchor.get("isDefaultHidden"):
            found["hidden"] = True
        return _from(anchor, found)

    def build(self) -> dict[str, Any]:
        if self.versions:
            nav = self._versioned()
        else:
            nav = self._sections(self.groups, None) or {"groups": []}
        extra = {k: self.global_[k] for k in ("tabs", "anchors") if k in self.global_}
        if extra:
            nav["global"] = extra
        return nav

    # --- versions and languages: every group (or page under a version's prefix) per version
    def _versioned(self) -> dict[str, Any]:
        prefixes: dict[str, list[Any]] = {}
        for v in self.versions:
            name = v if isinstance(v, str) else v.get("name") if isinstance(v, Mapping) else None
            for division in (*self.anchors, *self.tabs):
                url = division.get("url")
                if division.get("version") == name and isinstance(url, str) and not _remote(url):
                    prefixes.setdefault(url, []).append(name)
        locale = all(isinstance(v, Mapping) and v.get("locale") for v in self.versions)
        found = []
        for v in self.versions:
            if locale:
                entry: dict[str, Any] = {"language": v["locale"], **({"default": v["default"]} if v.get("default") else {})}
                name, section_name = v.get("name"), v.get("name") or v["locale"]
            elif isinstance(v, Mapping):
                entry = {"version": _get(v, "name"), "default": _get(v, "default")}
                name = section_name = v.get("name")
            else:
                entry, name, section_name = {"version": v}, v, v
            if isinstance(v, Mapping) and v.get("url"):
                found.append(_from(v, {**entry, "href": v["url"]}))
                continue
            own = self._version_groups(self.groups, name, prefixes)
            sections = self._sections(own or self.groups, section_name)
            found.append(_from(v, {**entry, **sections} if sections else {**entry, "groups": own}))
        return {"languages" if locale else "versions": found}

    def _version_groups(self, groups: list[Any], version: Any,
                        prefixes: Mapping[str, list[Any]]) -> list[dict[str, Any]]:
        found = []
        for group in groups:
            pages: list[Any] = []
            if group.get("version") == version or group.get("version") is None:
                for page in group.get("pages", []):
                    if isinstance(page, str):
                        gated = any(version in names and page.startswith(href)
                                    for href, names in prefixes.items())
                        if gated or not any(page.startswith(href) for href in prefixes):
                            pages.append(page)
                    elif isinstance(page, Mapping):
                        pages += self._version_groups([page], version, prefixes)
            if pages:
                found.append(_from(group, {**_group_head(group), "pages": pages}))
        return found

    # --- tabs and anchors: the more inclusive kind at the root, the other nested where it fits
    def _sections(self, groups: list[Any], version: Any) -> dict[str, Any] | None:
        root, other = ("anchors", "tabs") if self._anchors_first() else ("tabs", "anchors")
        has = {"tabs": self.has_tabs, "anchors": self.has_anchors}
        divisions = {"tabs": self.tabs, "anchors": self.anchors}
        if has[root]:
            result, remaining = self._divisions(root, divisions[root], groups, False, version,
                                                divisions[other])
            if remaining or divisions[other]:
                if divisions[other]:
                    nested, _ = self._divisions(other, divisions[other], remaining or groups, True, version)
                    result.insert(0, {**self._primary(root), other: nested})
                else:
                    matched, _ = self._by_prefix(remaining, None, version)
                    result.insert(0, {**self._primary(root), "groups": matched})
            return {root: result}
        if has[other]:
            result, _ = self._divisions(other, divisions[other], groups, True, version)
            return {other: result}
        if groups:
            # the platform writes a root group's icon after its pages (and before them below
            # a division): the same order, so `mdxsite upgrade` writes the platform's file
            return {"groups": [_from(g, {"group": _get(g, "group"), "pages": _get(g, "pages"),
                                         **{k: v for k, v in _group_head(g).items() if k != "group"}})
                               for g in groups if _in_version(g, version)]}
        return None

    def _anchors_first(self) -> bool:
        if not self.tabs:
            return True
        if not self.anchors:
            return False
        inside_anchor = [t for t in self.tabs
                         if any(_lead(str(t.get("url"))).startswith(_lead(str(a.get("url")))) for a in self.anchors)]
        inside_tab = [a for a in self.anchors
                      if any(_lead(str(a.get("url"))).startswith(_lead(str(t.get("url")))) for t in self.tabs)]
        if len(inside_anchor) == len(self.tabs):
            return False
        if len(inside_tab) == len(self.anchors):
            return True
        return not len(inside_anchor) > len(inside_tab)

    def _primary(self, kind: str) -> dict[str, Any]:
        if kind == "anchors":
            top = _obj(self.mint, "topAnchor")
            found = {"anchor": top["name"]} if _js(top.get("name")) else {"anchor": "Documentation", "icon": "book-open"}
            if _js(top.get("icon")):
                found["icon"] = _icon(top["icon"], top.get("iconType"))
            return found
        primary = self.mint.get("primaryTab")
        if not _js(primary):
            return {"tab": "Documentation"}
        return {"tab": _field(primary, "name"),
                **({"hidden": primary["isDefaultHidden"]}
                   if isinstance(primary, Mapping) and "isDefaultHidden" in primary else {})}

    def _divisions(self, kind: str, divisions: list[Mapping[str, Any]], groups: list[Any],
                   insert_rest: bool, version: Any, others: list[Mapping[str, Any]] | None = None
                   ) -> tuple[list[dict[str, Any]], list[Any]]:
        remaining = [g for g in groups if _in_version(g, version)]
        found: list[dict[str, Any]] = []
        label = "tab" if kind == "tabs" else "anchor"
        for division in divisions:
            if version and division.get("version") and division.get("version") != version:
                continue
            url = division.get("url")
            entry: dict[str, Any] = {label: _get(division, "name"), "href": _get(division, "url")}
            if division.get("isDefaultHidden"):
                entry["hidden"] = division["isDefaultHidden"]
            if _js(division.get("openapi")):
                # the object stands for mint.json's "openapi": a problem with it names that key
                entry["openapi"] = (division["openapi"] if _remote(url) else _from(
                    division["openapi"],
                    {"source": division["openapi"], "directory": _get(division, "url")}))
            if kind == "anchors":
                if _js(division.get("icon")):
                    entry["icon"] = _icon(division["icon"], division.get("iconType"))
                color = division.get("color")
                if _js(color):
                    shade = color if isinstance(color, str) else _field(color, "from")
                    entry["color"] = {"light": shade, "dark": shade}
            here = _lead(str(url))
            ignored = [d for d in divisions
                       if d.get("url") and _lead(str(d["url"])).startswith(here) and d.get("url") != url]
            nested: dict[str, list[dict[str, Any]]] = {}
            inside = [d for d in others or () if _lead(str(d.get("url"))).startswith(here)]
            if inside:
                other_kind = "anchors" if kind == "tabs" else "tabs"
                nested[other_kind], _ = self._divisions(other_kind, inside, groups, False, version)
            matched, remaining = self._by_prefix(remaining, division, version, ignored)
            bare = {k: v for k, v in entry.items() if k != "href"}
            if nested.get("tabs"):
                found.append(_from(division, {**bare, "tabs": nested["tabs"]}))
            elif nested.get("anchors"):
                found.append(_from(division, {**bare, "anchors": nested["anchors"]}))
            elif matched:
                found.append(_from(division, {**bare, "groups": matched}))
            elif not _absolute(url) and not _js(division.get("openapi")):
                continue
            elif _js(division.get("openapi")) and not _remote(url):
                found.append(_from(division, bare))
            else:
                found.append(_from(division, entry))
        if remaining and insert_rest:
            matched, _ = self._by_prefix(remaining, None, version)
            found.insert(0, {**self._primary(kind), "groups": matched})
        return found, remaining

    def _by_prefix(self, groups: list[Any], division: Mapping[str, Any] | None, version: Any,
                   ignored: Sequence[Mapping[str, Any]] = ()) -> tuple[list[dict[str, Any]], list[Any]]:
        prefix = division.get("url") if division is not None else None
        if _remote(prefix):
            return [], list(groups)
        matched: list[dict[str, Any]] = []
        unmatched: list[Any] = []
        for group in groups:
            taken: list[Any] = []
            left: list[Any] = []
            if _in_version(group, version):
                for page in group.get("pages", []):
                    if isinstance(page, str):
                        if (not prefix or _under(page, str(prefix))) and \
                                not any(_under(page, str(d["url"])) for d in ignored):
                            taken.append(page)
                        else:
                            left.append(page)
                    elif isinstance(page, Mapping):
                        inner, rest = self._by_prefix([page], division, version, ignored)
                        taken += inner
                        if rest:
                            left.append(page)
            if taken:
                matched.append(_from(group, {**_group_head(group), "pages": taken}))
            if left:
                unmatched.append(_from(group, {**group, "pages": left}))
        return matched, unmatched
