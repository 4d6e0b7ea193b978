"""The platform's own OpenAPI extension, ``x-platform`` (``x-mint`` in sites written for it).

The platform reads it on three kinds of object, and mdxsite does the same:

- the document: ``mcp`` (``enabled``) exposes every operation as a tool of the platform's
  hosted MCP server;
- an operation: ``metadata`` (page frontmatter), ``content`` (MDX above the generated page),
  ``href`` (the page's URL, or a link instead of a page), ``playground`` (``expand``) and
  ``mcp`` (``enabled``, ``name``, ``description``);
- a schema: ``pre`` and ``post``, pills shown before and after a field's name.

What mdxsite honours is read where the pages are made (:mod:`mdxsite.openapi.expand`,
:mod:`mdxsite.openapi.schema`); :func:`check` warns, located, about the rest: what the platform
documents but a static site cannot do (its MCP server, a playground for signed-in readers),
keys it does not read, and the extension on an object where it is not read.
"""

from __future__ import annotations

import difflib
from typing import Any

from mdxsite.errors import JsonPath, Problem
from mdxsite.openapi.load import Document

NAMES = ("x-platform", "x-mint")
METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})
# the keys the platform documents, by the object that carries the extension
KEYS = {"document": ("mcp",),
        "operation": ("metadata", "content", "href", "playground", "mcp"),
        "schema": ("pre", "post")}
DISPLAYS = ("interactive", "simple", "none", "auth")
# values of an object that are data, not more of the document: nothing in them is read
_DATA_KEYS = frozenset({"example", "examples", "default", "const", "enum"})
# where the value under a key is a schema, or a map of schemas
_SCHEMA_KEYS = frozenset({"schema", "items", "not", "additionalProperties", "contains",
                          "propertyNames", "if", "then", "else", "unevaluatedItems",
                          "unevaluatedProperties", "contentSchema"})
_SCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions",
                          "dependentSchemas"})
_SCHEMA_LISTS = frozenset({"allOf", "oneOf", "anyOf", "prefixItems"})
_NAME_MAPS = _SCHEMA_MAPS | {"paths", "webhooks", "schemas", "responses", "content",
                             "securitySchemes", "parameters", "headers", "callbacks", "links",
                             "pathItems", "requestBodies", "variables", "encoding", "mapping"}


# key -> (the type it must have, that type in words, how to write it)
_TYPES: dict[str, tuple[type, str, str]] = {
    "metadata": (dict, "an object", 'write {"title": "…"}'),
    "content": (str, "a string", "write the MDX as one string"),
    "href": (str, "a string", 'write a path ("/guides/users") or a full URL'),
    "playground": (dict, "an object", 'write {"expand": false}'),
    "mcp": (dict, "an object", 'write {"enabled": true}'),
    "pre": (list, "a list", 'write ["beta"]'), "post": (list, "a list", 'write ["beta"]')}


def of(obj: Any) -> dict[str, Any]:
    """The extension's object on ``obj`` (``x-platform``, else ``x-mint``); {} without one."""
    value = obj.get(key_of(obj)) if isinstance(obj, dict) else None
    return value if isinstance(value, dict) else {}


def key_of(obj: Any) -> str:
    """The key of the extension's object that :func:`of` reads on ``obj`` (``x-mint`` when
    there is none): where a problem in it is located."""
    found = (n for n in NAMES if isinstance(obj, dict) and isinstance(obj.get(n), dict))
    return next(found, NAMES[-1])


def _a(kind: str) -> str:
    return ("an " if kind[0] in "aeiou" else "a ") + kind


def _name(obj: dict[str, Any]) -> str:
    return next((n for n in NAMES if n in obj), NAMES[0])


def pills(obj: Any, key: str) -> list[str]:
    """A schema's ``pre`` or ``post`` pills: the strings of that list, in order."""
    value = of(obj).get(key)
    return [v for v in value if isinstance(v, str) and v.strip()] if isinstance(value, list) else []


def _kind(parts: tuple[str | int, ...]) -> str:
    """What object the JSON path ``parts`` names: document, path item, operation, schema…"""
    if not parts:
        return "document"
    if parts[0] in ("paths", "webhooks"):
        if len(parts) == 2:
            return "path item"
        if len(parts) == 3 and str(parts[2]) in METHODS:
            return "operation"
    if len(parts) == 3 and parts[:2] == ("components", "schemas"):
        return "schema"
    if len(parts) == 3 and parts[:2] == ("components", "pathItems"):
        return "path item"
    parent = parts[-1]
    if parent in _SCHEMA_KEYS:
        return "schema"
    if len(parts) >= 2 and (parts[-2] in _SCHEMA_MAPS or parts[-2] in _SCHEMA_LISTS):
        return "schema"
    if len(parts) >= 3 and parts[-3] == "callbacks" and str(parent) in METHODS:
        return "callback operation"
    kinds = {"tags": "tag", "servers": "server", "parameters": "parameter",
             "responses": "response", "securitySchemes": "security scheme",
             "requestBodies": "request body", "headers": "header", "info": "info object",
             "components": "components object", "requestBody": "request body"}
    for part in reversed(parts):
        if isinstance(part, str) and part in kinds:
            return kinds[part]
    return "object"


def check(doc: Document) -> list[Problem]:
    """Warn, located, about each use of the extension that mdxsite does not honour."""
    if doc.text and "x-mint" not in doc.text and "x-platform" not in doc.text:
        return []  # most documents never use it: no need to walk them
    found: list[Problem] = []
    mcp: list[tuple[str | int, ...]] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(doc.data, ())]
    while stack:
        value, parts = stack.pop()
        if isinstance(value, dict):
            # a map of names (properties, paths…) may hold a property called x-mint
            if any(n in value for n in NAMES) and not (parts and parts[-1] in _NAME_MAPS):
                found += _one(doc, value, parts, mcp)
            for key, child in value.items():
                if isinstance(child, (dict, list)) and key not in _DATA_KEYS and not (
                        isinstance(key, str) and key.startswith("x-")):
                    stack.append((child, (*parts, key)))
        elif isinstance(value, list):
            stack.extend((child, (*parts, i)) for i, child in enumerate(value)
                         if isinstance(child, (dict, list)))
    if mcp:  # one warning per document: a spec may enable it on hundreds of operations
        mcp.sort(key=lambda p: (len(p), [str(x) for x in p]))
        what = "every operation of the document" if len(mcp[0]) == 2 else "this operation"
        more = f" (enabled here and in {len(mcp) - 1} more place{'s' * (len(mcp) > 2)})" \
            if len(mcp) > 1 else ""
        found.append(_problem(
            doc, JsonPath(mcp[0]) / "enabled", f"mcp.enabled exposes {what} as tools of the "
            f"platform's hosted MCP server{more}; mdxsite serves no MCP server, so none is "
            "exposed",
            "remove mcp, or serve the API through an MCP server of your own",
            "openapi.extension-mcp"))
    return sorted(found)


def _problem(doc: Document, at: JsonPath, message: str, hint: str, code: str) -> Problem:
    return Problem(doc.where(at), message, hint, str(at), code, warning=True)


def _one(doc: Document, obj: dict[str, Any], parts: tuple[str | int, ...],
         mcp: list[tuple[str | int, ...]]) -> list[Problem]:
    name = _name(obj)
    at = JsonPath((*parts, name))
    value = obj[name]
    kind = _kind(parts)
    if kind not in KEYS:
        where = {"path item": "on each of its operations"}.get(kind, "where the platform reads "
                                                                 "it: the document, an "
                                                                 "operation or a schema")
        return [_problem(doc, at, f"{name} on {_a(kind)} is not read; it is ignored",
                         f"put it {where}", "openapi.extension-place")]
    if not isinstance(value, dict):
        return [_problem(doc, at, f"{name} must be an object, got {type(value).__name__}",
                         'write for example {"metadata": {"title": "…"}}',
                         "openapi.extension-type")]
    out: list[Problem] = []
    for key, setting in value.items():
        here = at / str(key)
        wanted = _TYPES.get(str(key))
        if key in KEYS[kind] and wanted and not isinstance(setting, wanted[0]):
            out.append(_problem(doc, here, f"{name}.{key} must be {wanted[1]}, got "
                                f"{type(setting).__name__}; it is ignored", wanted[2],
                                "openapi.extension-type"))
        elif key not in KEYS[kind]:
            close = difflib.get_close_matches(str(key), KEYS[kind], n=1, cutoff=0.6)
            out.append(_problem(doc, here, f"{name}.{key} is not read on {_a(kind)}; it is ignored",
                                f"did you mean {close[0]!r}?" if close else
                                "the platform reads " + ", ".join(KEYS[kind]) + " here",
                                "openapi.extension-key"))
        elif key == "mcp":
            if isinstance(setting, dict) and setting.get("enabled") is True:
                mcp.append(here.parts)
        elif key == "playground" and isinstance(setting, dict) and setting.get("expand") is False:
            out.append(_problem(doc, here / "expand", "the playground edits a body as JSON "
                                "text, with no object fields to collapse; expand: false "
                                "changes nothing", "remove it", "openapi.extension-expand"))
        elif key == "metadata" and isinstance(setting, dict):
            out += _metadata(doc, here, setting)
        elif key in ("pre", "post") and not all(isinstance(v, str) for v in setting):
            out.append(_problem(doc, here, f"{name}.{key} must hold strings, one per pill; "
                                "the others are left out", f'write "{key}": ["beta"]',
                                "openapi.extension-type"))
    return out


def _metadata(doc: Document, at: JsonPath, metadata: dict[str, Any]) -> list[Problem]:
    out = []
    if "openapi" in metadata:
        out.append(_problem(doc, at / "openapi", "metadata.openapi is the one frontmatter field "
                            "that cannot be set here; it is ignored", "remove it",
                            "openapi.extension-metadata"))
    playground = metadata.get("playground")
    # both are about signed-in readers, whom a static site never has
    if playground == "auth":
        out.append(_problem(doc, at / "playground", "playground 'auth' shows the playground to "
                            "signed-in readers only; a static site has no sign-in, so this "
                            "page shows none", 'use "interactive", "simple" or "none"',
                            "openapi.extension-auth"))
    if "groups" in metadata:
        out.append(_problem(doc, at / "groups", "groups keeps the page (or its playground) to "
                            "signed-in readers of those groups; a static site has no sign-in, "
                            "so it is ignored", "remove groups", "openapi.extension-auth"))
    if playground is not None and playground not in DISPLAYS:
        out.append(_problem(doc, at / "playground", f"playground {playground!r} is not a "
                            "display mode; the site's api.playground.display applies",
                            'use "interactive", "simple" or "none"',
                            "openapi.extension-metadata"))
    return out
