"""Validate the ``navigation`` block of docs.json and build the :class:`NavItem` tree.

Validators are plain functions ``(value, at, ...) -> NavItem | None``: each records its problems
with their JSON path and returns None for the broken part, so one run reports everything.
The rules read best as code beside what they build:

* exactly one root pattern (pages, groups, tabs, anchors, dropdowns, products, versions or
  languages), with ``global`` beside it;
* each element holds one type of child per level;
* ``menu`` only inside a tab, and a menu item holds only groups, pages and links;
* ``expanded`` is a boolean and only means something on nested groups;
* global anchors need an absolute URL;
* language codes come from the platform's list;
* page paths exist (``.mdx`` or ``.md``) and stay inside the site folder;
* ``openapi`` and ``asyncapi`` are a string, a list of strings or ``{source, directory}`` on
  any element.
"""

from __future__ import annotations

import difflib
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from mdxsite.config.schema import TOP_LEVEL
from mdxsite.errors import JsonPath, Problems, describe
from mdxsite.model import NavItem, OpenApiSource, frozen_mapping
from mdxsite.nav import audience

ROOT_KEYS = ("pages", "groups", "tabs", "anchors", "dropdowns", "products", "versions", "languages")
CHILD_KEYS = (*ROOT_KEYS, "menu")
# the key naming an element of each array, and the NavItem kind it becomes
LABEL_KEY = {"groups": "group", "tabs": "tab", "anchors": "anchor", "dropdowns": "dropdown",
             "products": "product", "versions": "version", "languages": "language", "menu": "item"}
KIND = {"groups": "group", "tabs": "tab", "anchors": "anchor", "dropdowns": "dropdown",
        "products": "product", "versions": "version", "languages": "language", "menu": "menu"}

_SECTION = {"icon", "iconType", "hidden", "href", "openapi", "asyncapi", "global", "color"}
OWN_KEYS: dict[str, set[str]] = {
    "tab": _SECTION | {"tab", "align", "sdk", "graphql", "searchable"},
    "anchor": _SECTION | {"anchor"},
    "dropdown": _SECTION | {"dropdown", "description"},
    "product": _SECTION | {"product", "description", "name"},
    "version": _SECTION | {"version", "default", "tag"},
    "language": _SECTION | {"language", "default", "banner", "navbar", "footer"},
    "menu": _SECTION | {"item", "description"},
    "group": {"group", "icon", "iconType", "tag", "expanded", "hidden", "root", "openapi",
              "asyncapi", "public", "directory", "boost", "searchable", "audience"},
}
ALLOWED_CHILDREN: dict[str, tuple[str, ...]] = {
    "tab": ROOT_KEYS + ("menu",),
    "product": ROOT_KEYS + ("menu",),  # the platform's schema allows a product's own menu
    # as the platform's schema, which also takes tabs (drawn here as a second tab bar that
    # hides the first: still an error)
    "menu": tuple(k for k in ROOT_KEYS if k != "tabs"),
    "group": ("pages",),
}

# Which child array the platform keeps when an element holds several (its schema is a union
# tried in this order, and each member drops the keys it does not name); "root" is the
# navigation object itself. The spec allows one type of child per level: a build warns.
KEPT_FIRST: dict[str, tuple[str, ...]] = {
    "root": ("products", "languages", "versions", "tabs", "dropdowns", "anchors", "groups", "pages"),
    "tab": ("languages", "versions", "dropdowns", "anchors", "products", "groups", "pages", "menu"),
    "anchor": ("languages", "versions", "dropdowns", "tabs", "products", "groups", "pages"),
    "dropdown": ("languages", "versions", "tabs", "anchors", "products", "groups", "pages"),
    "product": ("languages", "versions", "tabs", "anchors", "dropdowns", "groups", "pages", "menu"),
    "version": ("languages", "tabs", "dropdowns", "anchors", "products", "groups", "pages"),
    "language": ("versions", "tabs", "dropdowns", "anchors", "products", "groups", "pages"),
    "menu": ("languages", "versions", "dropdowns", "anchors", "products", "tabs", "groups", "pages"),
}


def _kept(kind: str, present: list[str], at: JsonPath, out: Problems, what: str) -> str:
    """Return the child array the platform builds of ``present`` (several), warning that the
    others are ignored."""
    order = KEPT_FIRST.get(kind, ROOT_KEYS)
    kept = min(present, key=lambda k: order.index(k) if k in order else len(order))
    ignored = " and ".join(repr(k) for k in present if k != kept)
    out.warn(at, f"{what} holds both {present[0]!r} and {present[1]!r}: the spec allows one "
             f"type of child per level, and the platform builds its {kept!r} and ignores "
             f"{ignored}, as mdxsite does", hint=f"nest the {ignored} inside one of the {kept!r}, "
             "or move them to an element of their own", code="nav.mixed-children")
    return kept


LANGUAGES = frozenset(
    # the spec's 23 codes plus the others the platform's current schema accepts
    "ar cs cn zh-Hant nl en fr de hi id it jp ko lv no pt-BR ro ru es sv tr ua vi "
    "zh zh-Hans zh-CN zh-TW fr-CA fr-ca ja ja-JP ja-jp pt da uk pl uz he ca fi hu".split())

HTTP_METHODS = ("get", "post", "put", "patch", "delete", "head", "options", "trace")
_ENDPOINT = re.compile(
    r"^(?:(?P<spec>\S+)\s+)?(?P<method>get|post|put|patch|delete|head|options|trace|webhook)"
    r"\s+(?P<target>\S.*)$", re.IGNORECASE)
_URL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


@dataclass
class Context:
    """What a navigation element inherits from its parents while being checked."""

    sources: Mapping[str, Path]
    out: Problems
    openapi: OpenApiSource | None = None
    in_group: bool = False
    seen_keys: dict[str, str] = field(default_factory=dict)


def check_navigation(value: object, at: JsonPath, sources: Mapping[str, Path],
                     out: Problems) -> tuple[str, tuple[NavItem, ...], tuple[NavItem, ...]]:
    """Check the whole ``navigation`` object; return (root kind, root items, global anchors)."""
    if not isinstance(value, dict):
        out.add(at, f"expected an object, got {describe(value)}",
                hint='write "navigation": { "pages": ["index"] } or another root pattern')
        return "pages", (), ()
    ctx = Context(sources=sources, out=out)
    ctx.openapi = check_openapi(value.get("openapi"), at / "openapi", out)
    roots = [k for k in ROOT_KEYS if k in value]
    if not roots:
        out.add(at, "no root pattern",
                hint="add exactly one of " + ", ".join(repr(k) for k in ROOT_KEYS))
    elif len(roots) > 1:
        roots = [_kept("root", roots, at, out, "the navigation's root")]
    if "menu" in value:
        out.add(at / "menu", "'menu' belongs inside a tab", hint="move it into a tab")
    _unknown_keys(value, at, set(ROOT_KEYS) | {"global", "openapi", "asyncapi", "directory"}, out,
                  settings=TOP_LEVEL)
    # the root's own asyncapi is read by the AsyncAPI stage from the config: checked here
    check_asyncapi(value.get("asyncapi"), at / "asyncapi", out, lenient=True)
    globals_ = check_global(value.get("global"), at / "global", out) if "global" in value else ()
    root = roots[0] if roots else "pages"
    items = _children(value, root, at, ctx) if roots else ()
    if roots and root != "pages" and value.get(root) == []:  # as the platform's validator
        out.add(at / root, f"{root!r} is empty: the site would have nothing to show",
                hint=f'list at least one entry in "{root}"')
    return root, items, globals_


def _children(value: dict, key: str, at: JsonPath, ctx: Context) -> tuple[NavItem, ...]:
    arr = value.get(key)
    if not isinstance(arr, list):
        ctx.out.add(at / key, f"expected an array, got {describe(arr)}",
                    hint=f'write "{key}": [ … ]')
        return ()
    if key == "pages":
        items = _page_entries(arr, at / key, ctx)
    else:
        items = [check_element(v, at / key / i, key, ctx) for i, v in enumerate(arr)]
    if key == "versions":
        _unique_labels(arr, at / key, "version", ctx.out)
        _one_default(arr, at / key, ctx.out)
    if key == "languages":
        _unique_labels(arr, at / key, "language", ctx.out)
        _one_default(arr, at / key, ctx.out)
    return tuple(i for i in items if i is not None)


def check_element(value: object, at: JsonPath, array_key: str, ctx: Context) -> NavItem | None:
    """Check one tab, anchor, dropdown, product, version, language, menu item or group."""
    kind = KIND[array_key]
    label_key = LABEL_KEY[array_key]
    out = ctx.out
    if not isinstance(value, dict):
        hint = f'write {{"{label_key}": "Name", "pages": […]}}'
        if kind == "group" and isinstance(value, str):
            hint = f"a page path belongs in a \"pages\" array; a group is {hint}"
        out.add(at, f"expected a {kind} object, got {describe(value)}", hint=hint)
        return None
    label = value.get(label_key)
    if isinstance(label, str) and not label.strip() and kind != "language" and (
            label or kind == "group" and at.parts[:2] != ("navigation", "groups")):
        # the platform accepts a blank name: real sites write "group": " " for a group
        # without a heading, and mint.json's "group": "" (which its schema takes) does the
        # same; the docs.json validator refuses an empty one only in the root "groups"
        label = ""
    elif not isinstance(label, str) or not label.strip():
        if label is None:
            out.add(at, f"a {kind} needs {label_key!r}",
                    hint=f'add "{label_key}": "Name"' + _misplaced_label(value, label_key))
        else:
            out.add(at / label_key, f"{label_key!r} must be a non-empty string, got {describe(label)}",
                    hint=f'write "{label_key}": "Name"')
        label = ""
    if kind == "language" and isinstance(label, str) and label and label not in LANGUAGES:
        close = difflib.get_close_matches(label, sorted(LANGUAGES), n=1)
        out.add(at / "language", f"unknown language code {label!r}",
                hint=(f"did you mean {close[0]!r}? Use" if close else "use") +
                " one of " + " ".join(sorted(LANGUAGES)))
    # the platform's schema types the colour of anchors, dropdowns and products only
    color = value.get("color") if kind in ("anchor", "dropdown", "product") else None
    if color is not None and not (isinstance(color, dict) and all(
            isinstance(v, str) for v in color.values()) and set(color) <= {"light", "dark"}):
        out.add(at / "color", f"'color' must be {{\"light\": …, \"dark\": …}}, got {describe(color)}",
                hint='write "color": {"light": "#0D9373", "dark": "#55D799"}')
    allowed_children = ALLOWED_CHILDREN.get(kind, ROOT_KEYS)
    _unknown_keys(value, at, OWN_KEYS[kind] | set(CHILD_KEYS), ctx.out, children=allowed_children,
                  kind=kind)
    openapi = check_openapi(value.get("openapi"), at / "openapi", out) if "openapi" in value else None
    asyncapi = check_asyncapi(value.get("asyncapi"), at / "asyncapi", out,
                              lenient=kind == "group")
    if asyncapi is not None and kind == "group" and "openapi" in value:
        out.warn(at / "asyncapi", "a group with both \"openapi\" and \"asyncapi\" lists its "
                 "OpenAPI operations only, as on the platform; the asyncapi field is ignored",
                 hint="move the asyncapi field onto a group of its own",
                 code="nav.asyncapi-ignored")
        asyncapi = None
    inherited = openapi or ctx.openapi
    href = _check_href(value, at, out)
    expanded = _check_expanded(value, at, kind, ctx)
    hidden = _check_bool(value, "hidden", at, out)
    if kind == "group" and "audience" in value and audience.names(value["audience"]) is None:
        out.add(at / "audience", "\"audience\" must be a name or a list of names, got "
                f"{describe(value['audience'])}", hint='write "audience": "internal" or '
                '"audience": ["internal", "beta"]')
    elif kind == "group" and not audience.for_visitors(value.get("audience")):
        hidden = True
        out.warn(at / "audience", f"group {label!r} is for the audience "
                 f"{audience.spoken(value['audience'])}: a static site has no sign-in, so every "
                 "reader is a visitor (the \"default\" audience) and, as on the platform for "
                 "visitors, its pages are built and reachable by URL but left out of the "
                 "navigation, search, the sitemap and the llms files",
                 hint='add "default" to its audience to show it to everyone, or leave the '
                 "pages out of the site if they must stay private", code="nav.audience")
    for name in ("tag", "description"):
        if name in value and not isinstance(value[name], str):
            out.add(at / name, f"{name!r} must be a string, got {describe(value[name])}",
                    hint=f'write "{name}": "…"')
    icon = _check_icon(value, at, out)
    boost = value.get("boost")  # a group's search ranking multiplier (mdxsite.output.ranking)
    if kind == "group" and "boost" in value and (
            isinstance(boost, bool) or not isinstance(boost, (int, float)) or not boost >= 0):
        out.add(at / "boost", f"\"boost\" must be a number of 0 or more, got {describe(boost)}",
                hint='write "boost": 3 to rank the group\'s pages three times higher in search')
    if kind in ("group", "tab") and "searchable" in value:  # mdxsite.output.visibility
        _check_bool(value, "searchable", at, out)
    present = [k for k in CHILD_KEYS if k in value and k in allowed_children]
    if len(present) > 1:
        present = [_kept(kind, present, at, out, f"{kind} {label!r}")]
    if kind == "group" and "pages" not in value and "openapi" not in value and \
            "asyncapi" not in value:
        # with "openapi" and no pages, the OpenAPI stage fills the group with every operation
        # (with "asyncapi", the AsyncAPI stage with every channel)
        # the platform accepts it (an empty group): so does a build, with a warning
        out.warn(at, f"group {label!r} has no \"pages\" array, so it lists nothing",
                 hint='add "pages": ["page-path"], or "openapi" to list every API operation',
                 code="nav.empty-group")
    children: tuple[NavItem, ...] = ()
    generated = kind == "tab" and _generated_reference(value, label, at, out)
    if present:
        child_ctx = Context(ctx.sources, out, inherited, ctx.in_group or kind == "group",
                            ctx.seen_keys)
        children = _children(value, present[0], at, child_ctx)
    elif generated and not href and "openapi" not in value and "asyncapi" not in value:
        return None  # an SDK or GraphQL reference tab and nothing else: left out, said so
    elif kind != "group" and not href and "openapi" not in value and "asyncapi" not in value \
            and not any(k in value for k in CHILD_KEYS):
        out.add(at, f"{kind} {label!r} has no content",
                hint='add "groups" or "pages", an "href" link, or an "openapi" source')
    root = ""
    if kind == "group" and "root" in value:
        root = _page_key(value["root"], at / "root", ctx) or ""
    extra = {k: v for k, v in value.items()
             if k not in CHILD_KEYS and k not in {label_key, "href", "icon", "tag", "description",
                                                  "expanded", "hidden", "openapi", "asyncapi",
                                                  "root", "global"}}
    if "global" in value:  # a section's own global links: shown on its pages beside the site's
        extra["globals"] = check_global(value["global"], at / "global", out)
    if isinstance(value.get("icon"), dict):
        extra["iconStyle"] = value["icon"].get("style", "")
    tag, description = value.get("tag"), value.get("description")
    return NavItem(kind=kind, title=label or "", key=root, href=href, icon=icon,
                   tag=tag if isinstance(tag, str) else "",
                   description=description if isinstance(description, str) else "",
                   expanded=expanded, hidden=hidden, openapi=openapi, inherited_openapi=inherited,
                   asyncapi=asyncapi, children=children, at=str(at),
                   # located now only where the OpenAPI stage may need it: locating every
                   # element parses docs.json a second time (0.4 s on 10,000 pages)
                   origin=out.where(at) if openapi is not None or asyncapi is not None else None,
                   extra=frozen_mapping(extra))


def _generated_reference(value: dict, label: str, at: JsonPath, out: Problems) -> bool:
    """Warn about a tab's ``sdk`` or ``graphql`` reference; return whether it has one.

    The platform's service generates those pages from a generator artifact or a GraphQL schema
    at deploy time; a static build has neither, so the reference is left out, said so.
    """
    found = False
    for key, what in (("sdk", "SDK reference pages from a documentation generator's artifact"),
                      ("graphql", "GraphQL reference pages from a schema")):
        if key in value:
            found = True
            rest = any(k in value for k in CHILD_KEYS)
            out.warn(at / key, f"tab {label!r}: {key!r} asks the platform's service to generate "
                     f"{what}, which mdxsite does not do; "
                     + ("only the tab's own pages are shown" if rest else "the tab is left out"),
                     hint=f"generate the pages yourself and list them in \"pages\", or remove {key!r}",
                     code="config.unsupported")
    return found


def _misplaced_label(value: dict, label_key: str) -> str:
    others = [LABEL_KEY[k] for k in LABEL_KEY if LABEL_KEY[k] in value and LABEL_KEY[k] != label_key]
    return f" (it has {others[0]!r}: is it in the wrong array?)" if others else ""


def _page_entries(arr: list, at: JsonPath, ctx: Context) -> list[NavItem | None]:
    """Check a ``pages`` array: :func:`check_page_entry` of each entry, with a short cut for
    the common one, the key of an existing page file as is (a 10,000-page site has as many:
    building each entry's JSON path and its text, a regular expression or two and a
    normalised path made up most of checking the navigation)."""
    sources, openapi = ctx.sources, ctx.openapi
    prefix = str(at)
    items: list[NavItem | None] = []
    for i, value in enumerate(arr):
        if type(value) is str and value in sources and _plain_key(value):
            items.append(NavItem(kind="page", key=value, inherited_openapi=openapi,
                                 at=f"{prefix}[{i}]"))
        else:
            items.append(check_page_entry(value, at / i, ctx))
    return items


def _plain_key(value: str) -> bool:
    """Whether :func:`check_page_entry` would take a page entry as the page key it is, as is:
    neither a link (``:``, ``//``) nor an endpoint (whitespace), and nothing for the path's
    clean-up to change (blanks, a suffix, a backslash, ``.`` and ``..`` parts, a leading,
    trailing or doubled slash)."""
    return (":" not in value and "\\" not in value and "//" not in value and "/." not in value
            and not value.startswith(("/", ".")) and not value.endswith((".mdx", ".md", "/"))
            and value.split() == [value])


def check_page_entry(value: object, at: JsonPath, ctx: Context) -> NavItem | None:
    """Check one entry of a ``pages`` array: a page path, an endpoint, a link or a nested group."""
    out = ctx.out
    if isinstance(value, dict):
        if "group" not in value:
            out.add(at, "an object in \"pages\" must be a group",
                    hint='write {"group": "Name", "pages": […]}' + _misplaced_label(value, "group"))
            return None
        nested = Context(ctx.sources, out, ctx.openapi, ctx.in_group, ctx.seen_keys)
        return check_element(value, at, "groups", nested)
    if not isinstance(value, str):
        out.add(at, f"expected a page path or a group, got {describe(value)}",
                hint='write "folder/page" or {"group": "Name", "pages": […]}')
        return None
    text = value.strip()
    if _URL.match(text) or text.startswith("//"):
        return NavItem(kind="link", title=text, href=text, at=str(at), origin=out.where(at))
    m = _ENDPOINT.match(text)
    if m and (m.group("target").startswith("/") or m.group("method").lower() == "webhook"):
        spec = m.group("spec")
        if spec is None and ctx.openapi is None:
            out.add(at, f"endpoint {text!r} has no OpenAPI document to come from",
                    hint='set "openapi" on this element or a parent, or write '
                    '"openapi.yaml GET /path"')
            return None
        source = OpenApiSource(source=spec, directory=ctx.openapi.directory if ctx.openapi
                               else "api-reference", origin=out.where(at)) if spec else ctx.openapi
        method = m.group("method").upper() if m.group("method").lower() != "webhook" else "webhook"
        return NavItem(kind="endpoint", endpoint=f"{method} {m.group('target').strip()}",
                       inherited_openapi=source, at=str(at), origin=out.where(at))
    key = _page_key(value, at, ctx)
    if key is None:
        return None
    return NavItem(kind="page", key=key, inherited_openapi=ctx.openapi, at=str(at))


def _page_key(value: object, at: JsonPath, ctx: Context) -> str | None:
    out = ctx.out
    if isinstance(value, str) and value and not value.strip():  # the platform accepts " "
        out.warn(at, "a blank page entry is skipped", hint="remove it, or write \"folder/page\"",
                 code="nav.blank-page")
        return None
    if not isinstance(value, str) or not value:
        out.add(at, f"expected a page path, got {describe(value)}", hint='write "folder/page"')
        return None
    raw = value.strip()
    if "\\" in raw:
        out.add(at, f"page path {raw!r} uses backslashes", hint="use forward slashes: folder/page")
        return None
    norm = posixpath.normpath(raw.lstrip("/"))
    if norm.startswith("../") or norm == ".." or raw.startswith("../"):
        out.add(at, f"page {raw!r} is outside the site folder",
                hint="move the file into the site folder and list its path from there")
        return None
    for suffix in (".mdx", ".md"):
        if norm.endswith(suffix):
            norm = norm[: -len(suffix)]
    if norm == ".":
        norm = "index"
    if norm not in ctx.sources:
        close = ([f"{norm}/index"] if f"{norm}/index" in ctx.sources else  # a folder's page
                 difflib.get_close_matches(norm, list(ctx.sources), n=1, cutoff=0.75))
        hint = f"did you mean {close[0]!r}? Create" if close else "create"
        out.add(at, f"page {raw!r} not found (looked for {norm}.mdx, {norm}.md)",
                hint=hint + " it or fix the path")
        return None
    return norm


def check_asyncapi(value: object, at: JsonPath, out: Problems, *,
                   lenient: bool = False) -> OpenApiSource | None:
    """Check an ``asyncapi`` field: the same shapes as ``openapi``, naming AsyncAPI documents.

    ``lenient``: where the platform's schema drops a malformed value instead of refusing the
    file (on a group; the navigation root has no such field in its schema), a malformed value
    is a located warning and is ignored.
    """
    if value is None:
        return None
    if lenient and not _spec_shape(value):
        out.warn(at, f"expected a file path, a URL or {{source, directory}}, got "
                 f"{describe(value)}; it is ignored, so no channel pages come from it",
                 hint='write "asyncapi": "asyncapi.yaml"', code="nav.asyncapi-ignored")
        return None
    return check_openapi(value, at, out, field="asyncapi")


def _spec_shape(value: object) -> bool:
    """Whether ``value`` has a shape an ``openapi``/``asyncapi`` field takes."""
    if isinstance(value, str):
        return bool(value.strip())
    if isinstance(value, list):
        return bool(value) and all(isinstance(v, str) and v.strip() for v in value)
    return isinstance(value, dict) and isinstance(value.get("source"), str) and \
        bool(value["source"].strip()) and set(value) <= {"source", "directory"} and \
        isinstance(value.get("directory", ""), str)


def check_openapi(value: object, at: JsonPath, out: Problems, *,
                  field: str = "openapi") -> OpenApiSource | None:
    """Check an ``openapi`` field: a path/URL string, a list of them, or ``{source, directory}``.

    ``field="asyncapi"`` checks an ``asyncapi`` field, whose shapes are the same.
    """
    if value is None:
        return None
    example = f'"{field}": "{field}.yaml"'
    if isinstance(value, str):
        if not value.strip():
            out.add(at, f"the {field} source is empty", hint=f"write {example}")
            return None
        return OpenApiSource(source=value.strip(), origin=out.where(at))
    if isinstance(value, list) and value and all(isinstance(v, str) and v.strip() for v in value):
        # several documents: the first is the default for METHOD /path, and an element without
        # pages lists the operations of every one
        names = list(dict.fromkeys(v.strip() for v in value))
        return OpenApiSource(source=names[0], also=tuple(names[1:]), origin=out.where(at))
    if isinstance(value, dict):
        source = value.get("source")
        directory = value.get("directory", "api-reference")
        ok = True
        if not isinstance(source, str) or not source.strip():
            out.add(at / "source" if "source" in value else at,
                    f"an {field} object needs \"source\", a file path or URL",
                    hint=f'write {{"source": "{field}.yaml", "directory": "api-reference"}}')
            ok = False
        if not isinstance(directory, str) or directory.startswith("../") or directory.startswith("/.."):
            out.add(at / "directory", f"\"directory\" must be a folder inside the site, got {directory!r}",
                    hint='write "directory": "api-reference"')
            ok = False
        overlays = value.get("overlays")
        if overlays is not None and (field != "openapi" or not isinstance(overlays, list) or
                                     not all(isinstance(v, str) and v.strip() for v in overlays)):
            if field != "openapi":
                out.add(at / "overlays", f"an {field} field takes no overlays",
                        hint="remove \"overlays\"")
            else:
                out.add(at / "overlays", f"expected a list of overlay file paths, got "
                        f"{describe(overlays)}", hint='write "overlays": ["overlay.yaml"]')
            ok = False
        _unknown_keys(value, at, {"source", "directory", "overlays"}, out)
        if not ok:
            return None
        return OpenApiSource(source=str(source).strip(), directory=str(directory).strip("/") or
                             "api-reference", origin=out.where(at),
                             overlays=None if overlays is None else
                             tuple(dict.fromkeys(v.strip().lstrip("/") for v in overlays)))
    out.add(at, f"expected a file path, a URL or {{source, directory}}, got {describe(value)}",
            hint=f"write {example}")
    return None


def check_global(value: object, at: JsonPath, out: Problems) -> tuple[NavItem, ...]:
    """Check ``navigation.global``: anchors (and other links) shown on every page."""
    if not isinstance(value, dict):
        out.add(at, f"expected an object, got {describe(value)}",
                hint='write "global": {"anchors": [{"anchor": "Blog", "href": "https://…"}]}')
        return ()
    _unknown_keys(value, at, {"anchors", "tabs", "dropdowns", "products", "versions",
                              "languages"}, out)
    items: list[NavItem] = []
    for key in ("anchors", "tabs", "dropdowns", "products", "versions", "languages"):
        if key not in value:
            continue
        arr = value[key]
        if not isinstance(arr, list):
            out.add(at / key, f"expected an array, got {describe(arr)}", hint=f'write "{key}": [ … ]')
            continue
        for i, entry in enumerate(arr):
            item = check_global_anchor(entry, at / key / i, LABEL_KEY[key], out)
            if item is not None:
                items.append(item)
    return tuple(items)


def check_global_anchor(value: object, at: JsonPath, label_key: str, out: Problems) -> NavItem | None:
    """Check one entry of a ``navigation.global`` array (an anchor, tab, dropdown, product,
    version or language linking out); the NavItem's kind says where it is drawn."""
    if not isinstance(value, dict):
        out.add(at, f"expected an object, got {describe(value)}",
                hint=f'write {{"{label_key}": "Blog", "href": "https://…"}}')
        return None
    kind = label_key
    label = value.get(label_key)
    if not isinstance(label, str) or not label:  # " " is allowed, as on the platform
        out.add(at, f"a global {label_key} needs {label_key!r}, a non-empty string",
                hint=f'add "{label_key}": "Name"')
    href = value.get("href")
    if not isinstance(href, str) or not href.strip():
        if label_key == "anchor" or "href" in value:
            out.add(at / "href" if "href" in value else at,
                    f"global {label_key}s need an absolute URL, got {href!r}",
                    hint="use https://…; site paths belong in navigation.anchors")
        else:
            # the platform's own schema requires it too; a build says so instead of failing
            out.warn(at, f"global {label_key} {label!r} has no \"href\", so it has nowhere to "
                     "lead; it is left out", hint='add "href": "https://…"',
                     code="nav.global-no-href")
        href = None
    elif not href.startswith(("https://", "http://", "mailto:", "tel:")):
        # The spec forbids relative paths, yet the platform's own templates use "/": build the
        # link, but say it is not portable. A mail or phone link ("mailto:") is a whole URL.
        out.warn(at / "href", f"global {label_key}s need an absolute URL, got {href!r}",
                 hint="use https://…; site paths belong in navigation.anchors",
                 code="nav.global-anchor-relative")
    own = OWN_KEYS.get(kind, set()) - {"openapi", "asyncapi", "global"}
    _unknown_keys(value, at, own | {label_key, "href", "icon", "iconType", "color", "hidden",
                                    "directory"}, out)
    icon = _check_icon(value, at, out)
    if not isinstance(label, str) or href is None:
        return None
    extra = {k: v for k, v in value.items() if k in ("iconType", "color", "align", "default")}
    description, tag = value.get("description"), value.get("tag")
    return NavItem(kind=kind, title=label.strip(), href=href, icon=icon, at=str(at),
                   description=description if isinstance(description, str) else "",
                   tag=tag if isinstance(tag, str) else "",
                   origin=out.where(at), hidden=value.get("hidden") is True,
                   extra=frozen_mapping(extra))


# --------------------------------------------------------------------------- small checks

def _check_href(value: dict, at: JsonPath, out: Problems) -> str:
    href = value.get("href")
    if href is None:
        return ""
    if isinstance(href, str) and href and not href.strip():
        out.warn(at / "href", "a blank \"href\" is ignored", hint='write "href": "https://…" or remove it',
                 code="nav.blank-href")
        return ""
    if not isinstance(href, str):
        out.add(at / "href", f"\"href\" must be a URL or a site path, got {describe(href)}",
                hint='write "href": "https://…"')
        return ""
    return href.strip()


def _check_expanded(value: dict, at: JsonPath, kind: str, ctx: Context) -> bool | None:
    if "expanded" not in value:
        return None
    expanded = value["expanded"]
    if not isinstance(expanded, bool):
        ctx.out.add(at / "expanded", f"\"expanded\" must be true or false, got {describe(expanded)}",
                    hint='write "expanded": true')
        return None
    if kind != "group":
        ctx.out.add(at / "expanded", f"\"expanded\" applies only to groups, not to a {kind}",
                    hint="remove it")
        return None
    if not ctx.in_group:
        ctx.out.warn(at / "expanded", "top-level groups are always expanded, so \"expanded\" "
                     "has no effect here", hint="remove it, or nest this group inside another",
                     code="nav.expanded-top-level")
    return expanded


def _check_bool(value: dict, name: str, at: JsonPath, out: Problems) -> bool:
    if name not in value:
        return False
    if not isinstance(value[name], bool):
        out.add(at / name, f"{name!r} must be true or false, got {describe(value[name])}",
                hint=f'write "{name}": true')
        return False
    return value[name]


def _check_icon(value: dict, at: JsonPath, out: Problems) -> str:
    icon = value.get("icon")
    if icon is None:
        return ""
    if isinstance(icon, str):
        return icon.strip()
    if isinstance(icon, dict) and isinstance(icon.get("name"), str):
        return icon["name"].strip()
    out.add(at / "icon", f"an icon is a name or {{name, style}}, got {describe(icon)}",
            hint='write "icon": "book-open"')
    return ""


def _unique_labels(arr: list, at: JsonPath, label_key: str, out: Problems) -> None:
    seen: dict[str, int] = {}
    for i, entry in enumerate(arr):
        if isinstance(entry, dict) and isinstance(entry.get(label_key), str):
            name = entry[label_key]
            if name in seen:
                out.add(at / i / label_key, f"{label_key} {name!r} is listed twice "
                        f"(also at index {seen[name]})", hint="give each one its own name")
            else:
                seen[name] = i


def _one_default(arr: list, at: JsonPath, out: Problems) -> None:
    defaults = [i for i, e in enumerate(arr) if isinstance(e, dict) and e.get("default") is True]
    if len(defaults) > 1:
        out.add(at / defaults[1] / "default", "more than one entry is marked \"default\"",
                hint="mark one default")


# other tools' names for a group's "expanded", which the platform's schema drops without a word
_OPEN_KEYS = frozenset({"isDefaultOpen", "defaultOpen", "open", "isOpen"})


def _unknown_keys(value: dict, at: JsonPath, known: set[str], out: Problems, *,
                  children: tuple[str, ...] = CHILD_KEYS, kind: str = "",
                  settings: frozenset[str] = frozenset()) -> None:
    """Warn about each key of ``value`` outside ``known``; ``settings`` are docs.json's
    top-level keys, which a real site wrote inside its navigation ("interaction")."""
    for key in value:
        if key in CHILD_KEYS and key in known:
            if key not in children:
                where = (("an " if kind[0] in "aeiou" else "a ") + kind) if kind else "here"
                if key == "menu":
                    hint = "a menu belongs directly inside a tab or a product"
                else:
                    hint = "a menu item holds pages, groups or sections, not tabs" if kind == "menu" else \
                        "a group holds only \"pages\" (nested groups go inside pages)"
                out.add(at / key, f"{key!r} is not allowed in {where}", hint=hint, key=True)
            continue
        if key in known or key.startswith("$") or key == "expanded":  # _check_expanded says more
            continue
        if key == "thumbnail":  # the platform's per-section override of docs.json thumbnails
            out.warn(at / key, "a navigation section's thumbnail override is not drawn",
                     hint="set thumbnail (appearance, background) in its pages' frontmatter, "
                     "or in docs.json thumbnails", code="config.unsupported", key=True)
            continue
        close = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.7)
        if key in _OPEN_KEYS and "group" in value:  # a real site's "isDefaultOpen": true
            hint = 'it is ignored; a group opens by default with "expanded": true'
        elif key in settings:
            hint = (f"it is ignored: {key!r} is a setting of its own at the top of docs.json, "
                    "beside \"navigation\"; move it there")
        else:
            hint = f"did you mean {close[0]!r}?" if close else "it is ignored; remove it"
        out.warn(at / key, f"unknown key {key!r}", hint=hint, code="config.unknown-key", key=True)
