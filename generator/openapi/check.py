"""``openapi-check`` rules: structure of OpenAPI 3.0/3.1 documents, refs, ids and parameters.

Errors make a document unusable for a docs site; small rule breaks that real published
specs contain (a missing ``info.version``, an unused path template) are warnings.
"""

from __future__ import annotations

import re
from typing import Any

from mdxsite.errors import JsonPath, Problems
from mdxsite.openapi.load import Document
from mdxsite.openapi.schema import resolve

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
_TEMPLATE = re.compile(r"\{([^{}]+)\}")


def _resolve(doc: Document, ref: str) -> Any:
    """Follow an internal ``#/a/b`` pointer; return None when it leads nowhere."""
    return resolve(doc.data, ref)


def _refs(doc: Document, problems: Problems, node: Any, path: JsonPath) -> None:
    """Check every ``$ref`` outside example/examples/x- values (those are plain data)."""
    stack = [(node, path)]
    while stack:
        value, at = stack.pop()
        if isinstance(value, dict):
            ref = value.get("$ref")
            if isinstance(ref, str):
                if not ref.startswith("#"):
                    problems.add(at / "$ref", f"external reference {ref!r} is not supported",
                                 hint="bundle the document into one file (for example with "
                                      "'redocly bundle') so every $ref starts with '#'",
                                 code="openapi.external-ref")
                elif _resolve(doc, ref) is None:
                    problems.add(at / "$ref", f"reference {ref!r} points to nothing",
                                 hint="define the target or fix the pointer",
                                 code="openapi.broken-ref")
            for key, child in value.items():
                if key in ("example", "examples") or key.startswith("x-"):
                    continue
                stack.append((child, at / key))
        elif isinstance(value, list):
            stack.extend((child, at / i) for i, child in enumerate(value))


def _deref(doc: Document, value: Any) -> Any:
    seen: set[str] = set()
    while isinstance(value, dict) and isinstance(value.get("$ref"), str):
        ref = value["$ref"]
        if ref in seen or not ref.startswith("#"):
            return {}
        seen.add(ref)
        value = _resolve(doc, ref) or {}
    return value


def _operations(doc: Document, problems: Problems, ids: dict[str, JsonPath]) -> None:
    paths = doc.data.get("paths") or {}
    if not isinstance(paths, dict):
        problems.add(JsonPath(("paths",)), "'paths' must be an object",
                     hint="map each path such as '/users' to its operations")
        return
    for route, item in paths.items():
        at = JsonPath(("paths", route))
        if not route.startswith("/"):
            problems.add(at, f"path {route!r} must start with '/'", hint=f"write '/{route}'",
                         key=True, code="openapi.path")
        if not isinstance(item, dict):
            problems.add(at, "a path item must be an object", hint="list its operations")
            continue
        shared = item.get("parameters") or []
        for method, op in item.items():
            if method not in METHODS:
                continue
            op_at = at / method
            if not isinstance(op, dict):
                problems.add(op_at, "an operation must be an object",
                             hint="give it responses")
                continue
            op_id = op.get("operationId")
            if isinstance(op_id, str):
                if op_id in ids:
                    problems.add(op_at / "operationId", f"operationId {op_id!r} is used twice",
                                 hint=f"it is also at {ids[op_id]}; make each one unique",
                                 code="openapi.duplicate-operation-id")
                else:
                    ids[op_id] = op_at / "operationId"
            if "responses" not in op:
                problems.warn(op_at, "operation has no 'responses'",
                              hint="describe at least one response", code="openapi.responses")
            declared = set()
            for params in (shared, op.get("parameters") or []):
                for param in params if isinstance(params, list) else []:
                    param = _deref(doc, param)
                    if isinstance(param, dict) and param.get("in") == "path":
                        declared.add(param.get("name"))
            used = set(_TEMPLATE.findall(route))
            for name in sorted(used - declared):
                problems.add(op_at, f"path parameter {name!r} of {route!r} is not declared",
                             hint=f"add a parameter with name {name!r} and in 'path'",
                             code="openapi.undeclared-path-param")
            for name in sorted(n for n in declared - used if isinstance(n, str)):
                problems.warn(op_at, f"path parameter {name!r} does not appear in {route!r}",
                              hint="remove it or add it to the path template",
                              code="openapi.unused-path-param")


def check(doc: Document) -> Problems:
    """Return every problem of ``doc`` (errors and warnings), each located."""
    problems = Problems(locate=doc.where, file=doc.name)
    data = doc.data
    version = data.get("openapi")
    root = JsonPath()
    if "swagger" in data:
        problems.add(JsonPath(("swagger",)), "Swagger 2.0 documents are not supported",
                     hint="convert it to OpenAPI 3 (for example with swagger2openapi)",
                     code="openapi.version")
        return problems
    if not isinstance(version, str) or not re.match(r"3\.[01]\.\d+", version):
        problems.add(JsonPath(("openapi",)) if "openapi" in data else root,
                     f"'openapi' must be a 3.0.x or 3.1.x version string, got {version!r}",
                     hint="start the document with 'openapi: 3.1.0'", code="openapi.version")
        return problems
    info = data.get("info")
    if not isinstance(info, dict):
        problems.add(JsonPath(("info",)) if "info" in data else root, "'info' object is missing",
                     hint="add info with a title and a version", code="openapi.info")
    else:
        if not isinstance(info.get("title"), str):
            problems.add(JsonPath(("info",)), "'info.title' is missing",
                         hint="give the API a title", code="openapi.info")
        if "version" not in info:
            problems.warn(JsonPath(("info",)), "'info.version' is missing",
                          hint="add the API version", code="openapi.info")
    if "webhooks" in data and version.startswith("3.0"):
        problems.add(JsonPath(("webhooks",)), "'webhooks' needs OpenAPI 3.1",
                     hint="set 'openapi: 3.1.0' or move them under a callback", key=True,
                     code="openapi.webhooks")
    if version.startswith("3.0") and "paths" not in data:
        problems.add(root, "'paths' is required in OpenAPI 3.0", hint="add 'paths: {}'",
                     code="openapi.paths")
    _operations(doc, problems, {})
    _refs(doc, problems, data, root)
    return problems
