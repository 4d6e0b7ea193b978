"""``openapi-check`` rules: structure of OpenAPI 3.0-3.2 documents, refs, ids and parameters.

Errors make a document unusable for a docs site; small rule breaks that real published
specs contain (a missing ``info.version``, an unused path template) are warnings.
"""

from __future__ import annotations

import re
from typing import Any

from mdxsite.errors import JsonPath, Problems
from mdxsite.openapi.load import Document
from mdxsite.openapi.schema import resolve

# what leaves no usable document: a build fails on these; the other errors are rule breaks
# that real published documents contain, which a build reports as warnings
UNUSABLE = frozenset({"openapi.version", "openapi.paths"})
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
_TEMPLATE = re.compile(r"\{([^{}]+)\}")
# the styles OpenAPI allows in each location, its default first
_STYLES = {"path": ("simple", "label", "matrix"), "header": ("simple",), "cookie": ("form",),
           "query": ("form", "spaceDelimited", "pipeDelimited", "deepObject")}


def _resolve(doc: Document, ref: str) -> Any:
    """Follow an internal ``#/a/b`` pointer; return None when it leads nowhere."""
    return resolve(doc.data, ref)


def _refs(doc: Document, problems: Problems, node: Any, path: JsonPath) -> None:
    """Check every ``$ref`` outside example/examples/x- values (those are plain data), and
    warn of a schema ``$ref`` inside an example value."""
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
                elif (target := _resolve(doc, ref)) is None:
                    problems.add(at / "$ref", f"reference {ref!r} points to nothing",
                                 hint="define the target or fix the pointer",
                                 code="openapi.broken-ref")
                elif isinstance(target, dict) and "$ref" in target and (loop := _cycle(doc, ref)):
                    problems.add(at / "$ref", f"reference {ref!r} never arrives at a value: "
                                 f"{' -> '.join(loop)}", hint="point one of them at a real schema",
                                 code="openapi.ref-cycle")
            discriminator = value.get("discriminator")
            if isinstance(discriminator, dict):
                _mapping(doc, problems, discriminator.get("mapping"), at / "discriminator")
            for key, child in value.items():
                if key == "example":
                    _schemas_in_example(problems, child, at / key)
                elif key == "examples" and isinstance(child, dict):
                    for name, entry in child.items():  # Example Objects: their value is data
                        if isinstance(entry, dict) and "value" in entry:
                            _schemas_in_example(problems, entry["value"],
                                                at / key / name / "value")
                elif key == "examples" and isinstance(child, list):
                    _schemas_in_example(problems, child, at / key)  # a schema's: each a value
                elif key != "examples" and not key.startswith("x-"):
                    stack.append((child, at / key))
        elif isinstance(value, list):
            stack.extend((child, at / i) for i, child in enumerate(value))


def _schemas_in_example(problems: Problems, value: Any, at: JsonPath) -> None:
    """A ``$ref`` to a schema inside an example value: the platform's parser (and mdxsite,
    to show what it shows) puts the schema's JSON in the example, which is not a value the
    API takes; a ``$ref`` to a components.examples value is the way to share one."""
    stack = [(value, at)]
    while stack:
        node, where = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
                problems.warn(where / "$ref", f"this example holds {ref!r}, a schema: the "
                              "page shows the schema's JSON as the example value",
                              hint="write the value itself, or point at an example's value "
                                   "such as '#/components/examples/User/value'",
                              code="openapi.schema-in-example")
                continue
            stack.extend((child, where / key) for key, child in node.items())
        elif isinstance(node, list):
            stack.extend((child, where / i) for i, child in enumerate(node))


def _mapping(doc: Document, problems: Problems, mapping: Any, at: JsonPath) -> None:
    """Each value of a discriminator's ``mapping`` names a schema that exists: a reference
    (``#/components/schemas/Dog``) or a name in components.schemas (``Dog``). The page lists
    every mapping, so one to nothing names an option the body has no schema for."""
    if not isinstance(mapping, dict):
        return
    components = doc.data.get("components")
    schemas = components.get("schemas") if isinstance(components, dict) else None
    for key, target in mapping.items():
        if not isinstance(target, str):
            continue
        if target.startswith("#"):
            missing = _resolve(doc, target) is None
        elif "/" in target or "#" in target or target.endswith((".json", ".yaml", ".yml")):
            continue  # a reference into another file: external references are reported apart
        else:
            missing = not isinstance(schemas, dict) or target not in schemas
        if missing:
            problems.add(at / "mapping" / key, f"discriminator value {key!r} maps to "
                         f"{target!r}, which points to nothing",
                         hint="map it to a schema under components.schemas, by name or by "
                              "'#/components/schemas/…'", code="openapi.broken-ref")


def _deref(doc: Document, value: Any) -> Any:
    seen: set[str] = set()
    while isinstance(value, dict) and isinstance(value.get("$ref"), str):
        ref = value["$ref"]
        if ref in seen or not ref.startswith("#"):
            return {}
        seen.add(ref)
        value = _resolve(doc, ref) or {}
    return value


def _operations(doc: Document, problems: Problems, ids: dict[str, JsonPath],
                version: str) -> None:
    paths = doc.data.get("paths") or {}
    if not isinstance(paths, dict):
        problems.add(JsonPath(("paths",)), "'paths' must be an object",
                     hint="map each path such as '/users' to its operations", code="openapi.paths")
        return
    shapes: dict[str, str] = {}
    for route, item in paths.items():
        at = JsonPath(("paths", route))
        if not route.startswith("/"):
            problems.add(at, f"path {route!r} must start with '/'", hint=f"write '/{route}'",
                         key=True, code="openapi.path")
        # /event/{name} and /event/{id} are one path to a client: OpenAPI says such paths
        # MUST NOT both exist. Each still gets its page (the platform builds both), so a warning
        shape = _TEMPLATE.sub("{}", route)
        if shape in shapes:
            problems.warn(at, f"path {route!r} is {shapes[shape]!r} with other parameter "
                          "names: a request cannot tell them apart, and OpenAPI says such "
                          "paths must not both exist",
                          hint=f"move its operations under {shapes[shape]!r}, one name for "
                               "each parameter", key=True, code="openapi.duplicate-path")
        else:
            shapes[shape] = route
        if not isinstance(item, dict):
            problems.add(at, "a path item must be an object", hint="list its operations")
            continue
        # a $ref that led to a path item is in place already (load): one still here points
        # at nothing (reported with every $ref), loops, or points at something else
        ref = item.get("$ref")
        target = _resolve(doc, ref) if isinstance(ref, str) else None
        if target is not None and not (isinstance(target, dict) and "$ref" in target):
            problems.add(at / "$ref", f"reference {ref!r} does not point at a path item",
                         hint="point it at one, such as '#/components/pathItems/Pet'",
                         code="openapi.broken-ref")
        _servers(problems, item.get("servers"), at / "servers", version)
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
            _responses(doc, problems, op.get("responses"), op_at / "responses")
            _request_body(doc, problems, op.get("requestBody"), op_at / "requestBody")
            if method in ("get", "head") and "requestBody" in op:
                # 3.0: consumers SHALL ignore it; 3.1: SHOULD be avoided. fetch() refuses it
                problems.warn(op_at / "requestBody", f"a {method.upper()} request carries no "
                              "body from a browser: the playground sends it without one, and "
                              "the JavaScript sample's fetch() throws (OpenAPI 3.0 says the "
                              "body SHALL be ignored, 3.1 that it SHOULD be avoided)",
                              hint="send these fields as query parameters, or make it a POST",
                              code="openapi.get-body")
            _security(doc, problems, op.get("security"), op_at / "security")
            _code_samples(problems, op, op_at)
            _servers(problems, op.get("servers"), op_at / "servers", version)
            declared = set()
            for where, params in ((at / "parameters", shared),
                                  (op_at / "parameters", op.get("parameters") or [])):
                for i, param in enumerate(params if isinstance(params, list) else []):
                    param = _deref(doc, param)
                    if not isinstance(param, dict):
                        continue
                    _parameter(problems, param, where / i)
                    if param.get("in") == "path" and isinstance(param.get("name"), str):
                        declared.add(param["name"])
            used = set(_TEMPLATE.findall(route))
            for name in sorted(used - declared):
                problems.add(op_at, f"path parameter {name!r} of {route!r} is not declared",
                             hint=f"add a parameter with name {name!r} and in 'path'",
                             code="openapi.undeclared-path-param")
            for name in sorted(n for n in declared - used if isinstance(n, str)):
                problems.warn(op_at, f"path parameter {name!r} does not appear in {route!r}",
                              hint="remove it or add it to the path template",
                              code="openapi.unused-path-param")


_LOCATIONS = ("query", "header", "path", "cookie")


def _servers(problems: Problems, servers: Any, at: JsonPath, version: str) -> None:
    """Each server's URL template names only variables it defines, and each variable has a
    default that is one of its enum values: the pages' samples send the default while the
    playground offers only the enum, so a default outside it sends two different URLs.
    OpenAPI 3.0 only says the default SHOULD be in the enum (and enum SHOULD NOT be empty),
    3.1 says MUST: warnings for 3.0, errors after."""
    must = problems.warn if version.startswith("3.0") else problems.add
    for i, server in enumerate(servers if isinstance(servers, list) else []):
        if not isinstance(server, dict) or not isinstance(server.get("url"), str):
            continue
        raw = server.get("variables")
        variables = raw if isinstance(raw, dict) else {}
        for name in dict.fromkeys(_TEMPLATE.findall(server["url"])):
            if name not in variables:
                problems.warn(at / i / "url", f"{{{name}}} in the server URL has no variable, so "
                              "the URL keeps it as it is",
                              hint=f"define {name!r} under this server's variables, with a "
                                   "default", code="openapi.server-variable")
        for name, var in variables.items():
            if not isinstance(var, dict):
                continue
            enum = var.get("enum")
            if "default" not in var:
                problems.add(at / i / "variables" / name, f"server variable {name!r} has no "
                             "default", hint="add the value the URL takes when the reader "
                                             "picks none", code="openapi.server-variable")
            elif isinstance(enum, list) and enum and var["default"] not in enum:
                choices = ", ".join(map(repr, enum))
                must(at / i / "variables" / name / "default",
                     f"the default {var['default']!r} of server variable {name!r} is not one of "
                     f"its enum values ({choices})",
                     hint="add it to enum or use one of them as the default",
                     code="openapi.server-variable")
            if isinstance(enum, list) and not enum:
                must(at / i / "variables" / name / "enum", f"server variable {name!r} has an "
                     "empty enum", hint="list its values, or remove enum to allow any",
                     code="openapi.server-variable")


def _code_samples(problems: Problems, op: dict[str, Any], at: JsonPath) -> None:
    """An operation's ``x-codeSamples`` (or ``x-code-samples``) is a list of samples, each
    with a ``lang`` and a ``source`` string; the platform leaves out any other, and so do the
    pages."""
    key = "x-codeSamples" if "x-codeSamples" in op else "x-code-samples"
    if key not in op:
        return
    samples = op[key]
    if not isinstance(samples, list):
        problems.warn(at / key, f"{key} must be a list of samples; it is left out",
                      hint="write [{lang: bash, label: CLI, source: '…'}]",
                      code="openapi.code-samples")
        return
    for i, sample in enumerate(samples):
        missing = [k for k in ("lang", "source")
                   if not isinstance(sample, dict) or not isinstance(sample.get(k), str)]
        if missing:
            problems.warn(at / key / i, f"a code sample needs {' and '.join(missing)} as "
                          "text; this one is left out",
                          hint="give it lang (bash, python, …) and source (the code)",
                          code="openapi.code-samples")


def _parameter(problems: Problems, param: dict[str, Any], at: JsonPath) -> None:
    """A parameter needs a ``name`` and an ``in`` of query, header, path or cookie."""
    if not isinstance(param.get("name"), str):
        problems.add(at, "a parameter needs a 'name'", hint="name it as the request spells it",
                     code="openapi.parameter")
    where = param.get("in")
    if where is None:
        problems.add(at, f"parameter {param.get('name')!r} has no 'in'",
                     hint="say where it goes: in: query, header, path or cookie",
                     code="openapi.parameter")
    elif where not in _LOCATIONS:
        problems.add(at / "in", f"'in' must be query, header, path or cookie, got {where!r}",
                     hint="a request body is described under requestBody, not as a parameter",
                     code="openapi.parameter")
    elif isinstance(style := param.get("style"), str) and style not in _STYLES[where]:
        # the request samples and the playground spell an array or object by its style
        allowed = _STYLES[where]
        problems.add(at / "style", f"style {style!r} is not one of a {where} parameter's: "
                     f"{', '.join(allowed)}", code="openapi.parameter",
                     hint=f"use one of them, or leave 'style' out ({allowed[0]} is the default)")


def _responses(doc: Document, problems: Problems, responses: Any, at: JsonPath) -> None:
    """Each response needs a ``description`` (required by 3.0 and 3.1)."""
    if not isinstance(responses, dict):
        return
    strict = str(doc.data.get("openapi", "")).startswith("3.0")
    for status, response in responses.items():
        if isinstance(response, dict) and "$ref" not in response and \
                not isinstance(response.get("description"), str):
            message = f"response {status!r} has no 'description'"
            hint = "describe what the response means: description: OK"
            if strict:
                problems.add(at / status, message, hint=hint, code="openapi.response")
            else:
                problems.warn(at / status, message, hint=hint, code="openapi.response")
        if isinstance(response, dict) and "$ref" not in response:
            stray = [k for k in response if isinstance(k, str) and k in _SCHEMA_WORDS
                     and k not in _RESPONSE_KEYS]
            if stray:
                problems.add(at / status / stray[0],
                             f"response {status!r} has {stray[0]!r}, which a response does not "
                             "take: the page would show no body for it",
                             hint="put the schema under content, by media type: content: "
                                  "{application/json: {schema: {type: object, ...}}}",
                             code="openapi.response")


# what a Response Object holds (besides x- extensions); a schema written straight on the
# response (type, properties...) is the mistake the platform's docs show first
_RESPONSE_KEYS = frozenset({"description", "headers", "content", "links", "summary", "$ref"})
_SCHEMA_WORDS = frozenset({"type", "properties", "items", "schema", "allOf", "oneOf", "anyOf",
                           "example", "examples", "required", "enum"})


def _request_body(doc: Document, problems: Problems, body: Any, at: JsonPath) -> None:
    """A request body holds its schemas under ``content`` (required by 3.0 and 3.1)."""
    if not isinstance(body, dict) or "$ref" in body:
        return
    if not isinstance(body.get("content"), dict):
        problems.add(at, "requestBody has no 'content'",
                     hint="put the schema under content, by media type: content: "
                          "{application/json: {schema: ...}}", code="openapi.request-body")


def sends_authorization(scheme: Any) -> bool:
    """Whether a security scheme's credential travels in the Authorization header: HTTP
    schemes, OAuth 2 and OpenID Connect tokens, and an API key in a header of that name."""
    if not isinstance(scheme, dict):
        return False
    kind = scheme.get("type")
    if kind == "apiKey":
        name = scheme.get("name")
        return scheme.get("in") == "header" and isinstance(name, str) and \
            name.lower() == "authorization"
    return kind in ("http", "oauth2", "openIdConnect")


def _security(doc: Document, problems: Problems, requirements: Any, at: JsonPath) -> None:
    """Every scheme a security requirement names is defined in components.securitySchemes,
    and at most one of a requirement's schemes sends the Authorization header."""
    if not isinstance(requirements, list):
        return
    components = doc.data.get("components")
    schemes = components.get("securitySchemes") if isinstance(components, dict) else None
    defined = schemes if isinstance(schemes, dict) else {}
    for i, requirement in enumerate(requirements):
        for name in requirement if isinstance(requirement, dict) else ():
            if name not in defined:
                known = ", ".join(sorted(map(str, defined))) or "none"
                problems.add(at / i / name, f"security scheme {name!r} is not defined",
                             hint=f"define it under components.securitySchemes (defined: {known})",
                             key=True, code="openapi.security")
        header = [str(name) for name in (requirement if isinstance(requirement, dict) else ())
                  if sends_authorization(_deref(doc, defined.get(name)))]
        if len(header) > 1:
            # a request has one Authorization header: the platform keeps the last scheme's
            problems.warn(at / i, f"{', '.join(map(repr, header[:-1]))} and {header[-1]!r} "
                          f"each send the Authorization header, which a request carries once: "
                          f"the page shows and sends {header[-1]!r} only, the last (as the "
                          f"platform does)",
                          hint="list them as alternatives (security: [{a: []}, {b: []}]) if "
                               "either is accepted, or keep the one the API reads",
                          code="openapi.security-authorization")


def _security_schemes(doc: Document, problems: Problems, version: str) -> None:
    """Each security scheme has a type OpenAPI knows and the fields that type requires: the
    page and the playground are built from them (an API key without ``in`` was shown as
    "Send the API key in the X-Key ." and sent as a header)."""
    components = doc.data.get("components")
    schemes = components.get("securitySchemes") if isinstance(components, dict) else None
    types = ("apiKey", "http", "oauth2", "openIdConnect") + (
        () if version.startswith("3.0") else ("mutualTLS",))
    for name, scheme in (schemes.items() if isinstance(schemes, dict) else ()):
        at = JsonPath(("components", "securitySchemes", name))
        if not isinstance(scheme, dict) or "$ref" in scheme:
            continue
        kind = scheme.get("type")
        if kind not in types:
            hint = f"use one of {', '.join(types)}"
            if isinstance(kind, str) and kind.lower() in ("bearer", "basic"):
                hint = f"write type: http, scheme: {kind.lower()}"
            problems.add(at / "type" if "type" in scheme else at,
                         f"security scheme {name!r} has type {kind!r}, which OpenAPI does not "
                         "define", hint=hint, code="openapi.security-scheme")
            continue
        needs = {"http": ("scheme",), "apiKey": ("name", "in"), "oauth2": ("flows",),
                 "openIdConnect": ("openIdConnectUrl",)}.get(kind, ())
        for field in needs:
            if field == "flows" and isinstance(scheme.get(field), dict) or \
                    field != "flows" and isinstance(scheme.get(field), str):
                continue
            problems.add(at, f"{kind} security scheme {name!r} has no {field!r}",
                         hint={"scheme": "say which: scheme: bearer (or basic, digest…)",
                               "name": "name the header, query parameter or cookie",
                               "in": "say where the key goes: in: header, query or cookie",
                               "flows": "describe its flows, such as clientCredentials with "
                                        "a tokenUrl and scopes",
                               "openIdConnectUrl": "give the URL of its discovery document"
                               }[field], code="openapi.security-scheme")
        if kind == "apiKey" and isinstance(scheme.get("in"), str) and \
                scheme["in"] not in ("header", "query", "cookie"):
            problems.add(at / "in", f"an API key goes in a header, query or cookie, got "
                         f"{scheme['in']!r}", hint="use in: header, query or cookie",
                         code="openapi.security-scheme")


def _cycle(doc: Document, ref: str) -> list[str]:
    """Return the chain of plain ``$ref`` objects from ``ref`` back to itself ([] if none).

    A schema that reaches itself through a property (a tree, a linked list) is fine: only
    an object that is nothing but a ``$ref``, followed from ``$ref`` to ``$ref``, loops.
    """
    chain = [ref]
    target = _resolve(doc, ref)
    while isinstance(target, dict) and isinstance(target.get("$ref"), str):
        nxt = target["$ref"]
        if nxt in chain:
            return [*chain, nxt]
        chain.append(nxt)
        target = _resolve(doc, nxt)
    return []


def _tag_tree(tags: Any, problems: Problems) -> None:
    """OpenAPI 3.2's tags form a tree (``parent``): no two tags with one name, no parent that
    is not a tag, no parents in a circle (the platform fails such a document)."""
    if not isinstance(tags, list):
        return
    named: dict[str, int] = {}
    for i, tag in enumerate(tags):
        if isinstance(tag, dict) and isinstance(tag.get("name"), str):
            if tag["name"] in named:
                problems.add(JsonPath(("tags", i, "name")),
                             f"tag {tag['name']!r} is declared twice (first at tags[{named[tag['name']]}])",
                             hint="give each tag its own name", code="openapi.tags")
            else:
                named[tag["name"]] = i
    parents = {}
    for name, i in named.items():
        up = tags[i].get("parent")
        if up is None:
            continue
        if not isinstance(up, str) or up not in named:
            problems.add(JsonPath(("tags", i, "parent")),
                         f"tag {name!r} has parent {up!r}, which is not a declared tag",
                         hint="name a tag of this document's tags list", code="openapi.tags")
        else:
            parents[name] = up
    reported: set[str] = set()
    for name in parents:
        seen, up = [name], parents.get(name)
        while up is not None and up not in seen:
            seen.append(up)
            up = parents.get(up)
        if up == name and not reported & set(seen):
            reported |= set(seen)
            problems.add(JsonPath(("tags", named[name], "parent")),
                         "tag parents run in a circle: " + " -> ".join([*seen, name]),
                         hint="make one of them a top-level tag (no parent)",
                         code="openapi.tags")


def check(doc: Document) -> Problems:
    """Return every problem of ``doc`` (errors and warnings), each located, in the document's
    order (by location): the checks walk it with stacks, which would list them out of it."""
    problems = _problems(doc)
    problems.items.sort()
    return problems


def _problems(doc: Document) -> Problems:
    problems = Problems(locate=doc.where, file=doc.name)
    data = doc.data
    version = data.get("openapi")
    root = JsonPath()
    if "swagger" in data:
        problems.add(JsonPath(("swagger",)), "Swagger 2.0 documents are not supported",
                     hint="convert it to OpenAPI 3 (for example with swagger2openapi)",
                     code="openapi.version")
        return problems
    if not isinstance(version, str) or not re.match(r"3\.[012]\.\d+", version):
        problems.add(JsonPath(("openapi",)) if "openapi" in data else root,
                     f"'openapi' must be a 3.0.x, 3.1.x or 3.2.x version string, "
                     f"got {version!r}",
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
    if version.startswith("3.2"):
        _tag_tree(data.get("tags"), problems)
    _servers(problems, data.get("servers"), JsonPath(("servers",)), version)
    _operations(doc, problems, {}, version)
    _security(doc, problems, data.get("security"), JsonPath(("security",)))
    _security_schemes(doc, problems, version)
    _refs(doc, problems, data, root)
    return problems
