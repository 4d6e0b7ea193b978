"""The OpenAPI document behind one API page, for its ``.md`` copy (docs.json ``markdown.schema``).

The platform serves an API page to AI agents as Markdown followed by the specification of
what the page documents, so an agent can call the endpoint without guessing. This is that
part: a ``## OpenAPI`` section holding a JSON document cut down to the page's operation (or
webhook, or schema) and every component it reaches through ``$ref``, with the document's own
``openapi``, ``info``, ``servers`` and ``security``. ``"markdown": {"schema": false}`` leaves it out.

The excerpt is compact JSON: an operation of a large API reaches hundreds of schemas (Stripe's
``POST /v1/charges``: 0.8 MB), which PyYAML took 0.64 s a page to write against 0.02 s here,
and an agent reads JSON as readily, in fewer tokens.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any


# the top-level keys an excerpt keeps whole: what a client needs to call any operation
_KEPT = ("openapi", "info", "servers", "security")
_REF = "#/components/"


def section(data: Any, page_data: Mapping[str, object], spec: str) -> str:
    """Return the page's ``## OpenAPI`` section ("" when the document has no such part)."""
    if not isinstance(data, dict):
        return ""
    excerpt = {key: data[key] for key in _KEPT if key in data}
    schema = page_data.get("schema")
    if schema:
        label = f"{spec} {schema}"
        start: Any = {"$ref": _REF + "schemas/" + _escape(str(schema))}
    else:
        where = "webhooks" if page_data.get("webhook") else "paths"
        route, method = str(page_data.get("path", "")), str(page_data.get("method", "")).lower()
        item = (data.get(where) or {}).get(route)
        if not isinstance(item, dict) or not isinstance(item.get(method), dict):
            return ""
        # path-level fields (parameters, servers, summary) apply to the operation too
        kept = {k: v for k, v in item.items() if k not in _METHODS}
        kept[method] = item[method]
        excerpt[where] = {route: kept}
        start = kept
        label = f"{spec} {'webhook' if where == 'webhooks' else method.upper()} {route}"
    components = _reached(data, start, excerpt.get("security"))
    if schema and not components.get("schemas"):
        return ""  # the schema is not in the document
    if components:
        excerpt["components"] = components
    text = json.dumps(excerpt, ensure_ascii=False, separators=(",", ":"), default=str) + "\n"
    # a fence longer than any run of backticks in the document, so none of them ends it
    fence = "`" * max(4, 1 + max((len(run) for run in re.findall(r"`+", text)), default=0))
    return f"## OpenAPI\n\n{fence}json {label}\n{text}{fence}\n"


_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})


def _escape(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


def _unescape(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~")


def _reached(data: dict[str, Any], start: Any, security: Any) -> dict[str, dict[str, Any]]:
    """Every ``#/components/<kind>/<name>`` reachable from ``start`` (refs inside the
    components followed too), plus the security schemes the security requirements name."""
    found_components = data.get("components")
    components: dict[str, Any] = found_components if isinstance(found_components, dict) else {}
    found: dict[str, dict[str, Any]] = {}
    stack: list[Any] = [start]
    requirements = [r for r in (security or []) if isinstance(r, dict)]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
            continue
        if not isinstance(node, dict):
            continue
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(_REF):
            kind, _, name = ref[len(_REF):].partition("/")
            name = _unescape(name)
            table = components.get(kind)
            if isinstance(table, dict) and name in table and name not in found.get(kind, {}):
                found.setdefault(kind, {})[name] = table[name]
                stack.append(table[name])
        if isinstance(node.get("security"), list):  # an operation's own requirements
            requirements += [r for r in node["security"] if isinstance(r, dict)]
        stack.extend(v for k, v in node.items() if k != "$ref")
    schemes = components.get("securitySchemes")
    for requirement in requirements:
        for name in requirement:
            if isinstance(schemes, dict) and name in schemes:
                found.setdefault("securitySchemes", {})[name] = schemes[name]
    # in the document's own order, so the excerpt reads like the document
    return {kind: {name: table[name] for name in components[kind] if name in table}
            for kind in components if (table := found.get(kind))}
