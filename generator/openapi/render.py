"""Render API pages: one operation, webhook or schema, through ``openapi/*.html`` templates.

Everything taken from the document is data to show, never markup to trust: descriptions go
through a Markdown parser (the document's own HTML kept), names and examples are escaped by
Jinja's autoescape, and the HTML of descriptions and of ``x-mint`` content passes the allowlist
of :mod:`mdxsite.openapi.untrusted` (http(s), mailto and relative URLs only; no script).
"""

from __future__ import annotations

import dataclasses
import html
import json
import re
from functools import lru_cache
from typing import Any
from urllib.parse import urljoin

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup

from mdxsite.errors import JsonPath, Location, Problem
from mdxsite.mdx import code
from mdxsite.model import (
    ApiAuth,
    ApiOperation,
    ApiParameter,
    Heading,
    OpenApiSource,
    Page,
    RenderedPage,
    RequestSample,
    Site,
)
from mdxsite.openapi import extensions, fields, fragments, samples, untrusted
from mdxsite.openapi import markdown as api_md
from mdxsite.openapi.expand import _Expander
from mdxsite.openapi import overlays
from mdxsite.openapi.check import sends_authorization
from mdxsite.openapi.load import Document, per_process
from mdxsite.openapi.sample_languages import LABELS, key_of
from mdxsite.openapi.schema import Node, Walker, deref, literal, post_keys
from mdxsite.output import i18n

_TAGS = re.compile(r"<[^>]+>")
_SCRIPTS = re.compile(r"<script\b.*?</script>", re.DOTALL)
_SPACE = re.compile(r"\s+")
LOCATIONS = ("path", "query", "header", "cookie")
DISPLAYS = ("interactive", "simple", "none")
@lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    # commonmark with HTML on: the document's HTML goes through the sanitiser afterwards
    return MarkdownIt("commonmark", {"html": True, "linkify": False}).enable(
        ["table", "strikethrough"])


@lru_cache(maxsize=2048)
def markdown(text: str) -> Markup:
    """Render untrusted Markdown (an OpenAPI description) to safe HTML: its safe HTML kept,
    everything else dropped (:func:`mdxsite.openapi.untrusted.clean`)."""
    if not isinstance(text, str) or not text.strip():
        return Markup("")
    return untrusted.clean(_markdown().render(text), foreign_links=True)


def document(site: Site, spec: str) -> Document:
    """Return the loaded document ``spec`` (a site path or URL), once per process."""
    return per_process(site.root, spec, "OpenAPI",
                       lambda: _Expander(site, quiet=True).doc(OpenApiSource(source=spec)),
                       extra=overlays.files_for(site, spec))


# --------------------------------------------------------------------------- pieces of a page

def _parameters(data: Any, item: dict[str, Any], op: dict[str, Any]) -> list[dict[str, Any]]:
    """Path-item parameters overridden by the operation's (same name and location)."""
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    for raw in [*(item.get("parameters") or []), *(op.get("parameters") or [])]:
        param = _referenced(data, raw)
        if isinstance(param, dict) and isinstance(param.get("name"), str):
            merged[(param["name"], str(param.get("in", "")))] = param
    return list(merged.values())


def _referenced(data: Any, raw: Any) -> Any:
    """What ``raw`` (a parameter, response or header, possibly a ``$ref``) points at, with the
    keys written beside the ``$ref`` (a summary, a description) over the target's: this use's
    own, as OpenAPI 3.1's reference object says and the platform shows (:func:`deref`)."""
    found, _ = deref(data, raw)
    return found


def _param_schema(param: dict[str, Any]) -> Any:
    if "schema" in param:
        return param["schema"]
    content = param.get("content")
    if isinstance(content, dict) and content:
        media = next(iter(content.values()))
        return media.get("schema", {}) if isinstance(media, dict) else {}
    return {}


def _sample_parameter(data: Any, p: dict[str, Any], raw: dict[str, Any],
                      generate: bool = True) -> ApiParameter:
    """A parameter as the request samples write it: its example (generated when it is
    required and has none, and ``generate``), and how its array or object value is spelled
    in the request."""
    example = p["example"] if p["example"] is not None else (
        samples.example_of(data, _param_schema(raw), "request") if p["required"] and generate
        else None)
    if "schema" not in raw and isinstance(raw.get("content"), dict) and \
            isinstance(example, (dict, list)):
        example = json.dumps(example)  # a parameter with content is sent serialised, as JSON
    style, explode = raw.get("style"), raw.get("explode")
    return ApiParameter(name=p["name"], location=p["in"], required=p["required"],
                        example=example, style=style if isinstance(style, str) else "",
                        explode=explode if isinstance(explode, bool) else None)


def _serialisation(data: Any, param: dict[str, Any]) -> dict[str, Any]:
    """How the playground spells a parameter's array or object value in the request, as the
    request samples do (:func:`samples._query_pairs`, :func:`samples.styled_value`): its
    ``shape`` ("array", "object", or "" for a single value or a value described by
    ``content``, sent as written), ``style`` and ``explode`` (OpenAPI's defaults: form,
    exploded, in a query or cookie; simple, not exploded, in a path or header)."""
    where = param.get("in")
    style = param.get("style")
    style = style if isinstance(style, str) else "simple" if where in ("path", "header") \
        else "form"
    explode = param.get("explode")
    explode = explode if isinstance(explode, bool) else style == "form"
    schema, _ = deref(data, param.get("schema"))
    shape = ""
    if where in LOCATIONS and "schema" in param and isinstance(schema, dict):
        written = schema.get("type")
        kinds = [t for t in (written if isinstance(written, list) else [written])
                 if isinstance(t, str) and t != "null"]
        if kinds[:1] == ["array"] or (not kinds and "items" in schema):
            shape = "array"
        elif kinds[:1] == ["object"] or (not kinds and "properties" in schema):
            shape = "object"
    if not shape and where == "path" and style in ("label", "matrix"):
        shape = "value"  # a single value still takes its prefix: .5 or ;id=5
    return {"shape": shape, "style": style, "explode": explode}


def _described(node: Node, param: dict[str, Any]) -> Node:
    """``node`` (a parameter's or header's schema) without its own description when the
    parameter has one: the platform shows the parameter's description in place of its
    schema's, once (FastAPI writes the same text on both, which read twice)."""
    if param.get("description"):
        node.description = ""
    return node


def _own_example(data: Any, param: dict[str, Any]) -> tuple[Any, bool]:
    """Return the example written on a parameter itself (its ``x-default``, ``example`` or
    first of ``examples``, or its schema's ``x-default``), and whether there was one: the
    values its field shows as "Example", which its schema's own notes do not already show.

    ``x-default`` comes first: it is the value the platform prefills in the playground without
    making it the API's default.
    """
    schema_first, _ = deref(data, _param_schema(param))
    for holder in (param, schema_first):
        if isinstance(holder, dict) and "x-default" in holder:
            return literal(data, holder["x-default"]), True
    if "example" in param:
        return literal(data, param["example"]), True
    examples = param.get("examples")
    if isinstance(examples, dict):
        for value in examples.values():
            value, _ = deref(data, value)
            if isinstance(value, dict) and "value" in value:
                return literal(data, value["value"]), True
    return None, False


def _param_example(data: Any, param: dict[str, Any]) -> tuple[Any, bool]:
    """Return the example written for a parameter (or its schema), and whether there was one:
    :func:`_own_example`, else its schema's example, default, const or first allowed value."""
    own, given = _own_example(data, param)
    if given:
        return own, True
    schema, _ = deref(data, _param_schema(param))
    if isinstance(schema, dict):  # in the order the platform's example generator takes them
        if "example" in schema:
            return literal(data, schema["example"]), True
        if isinstance(schema.get("examples"), list) and schema["examples"]:
            return literal(data, schema["examples"][0]), True
        for key in ("default", "const"):
            if key in schema:
                return literal(data, schema[key]), True
        if isinstance(schema.get("enum"), list) and schema["enum"]:
            return schema["enum"][0], True
    return None, False


def _has_x_default(data: Any, param: dict[str, Any]) -> bool:
    schema, _ = deref(data, _param_schema(param))
    return "x-default" in param or (isinstance(schema, dict) and "x-default" in schema)


_SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")


def _servers(doc: Any, item: dict[str, Any], op: dict[str, Any],
             spec: str = "") -> list[dict[str, Any]]:
    """The servers in force: the operation's, else the path's, else the document's. A
    relative server URL (``/v1``) is relative to where the document is served, as OpenAPI
    says: resolved against ``spec`` when that is a URL (a site's own document is served by
    the site, where the browser resolves it)."""
    for level in (op, item, doc):
        servers = level.get("servers")
        if isinstance(servers, list) and servers:
            out = []
            for s in servers:
                if not isinstance(s, dict) or not isinstance(s.get("url"), str):
                    continue
                variables: dict[str, dict[str, Any]] = {}
                for name, var in (s.get("variables") or {}).items():
                    if isinstance(var, dict):
                        raw_enum = var.get("enum")
                        enum = raw_enum if isinstance(raw_enum, list) else []
                        variables[str(name)] = {"default": str(var.get("default", "")),
                                                "enum": [str(v) for v in enum],
                                                "description": str(var.get("description", ""))}
                url = s["url"]
                if spec.startswith(("http://", "https://")) and not _SCHEME.match(url) and \
                        not url.startswith("{"):
                    url = urljoin(spec, url)
                filled = re.sub(r"\{([^{}]+)\}", lambda m: variables.get(
                    m.group(1), {}).get("default") or m.group(0), url)
                out.append({"url": url, "filled": filled.rstrip("/"), "base": filled,
                            "description": str(s.get("description", "")),
                            "variables": variables})
            return out
    return []


def _url_on(base: str, value: Any) -> str:
    """An OAuth or OpenID Connect URL resolved against the server URL ``base``, as OpenAPI
    reads a relative one (``/oauth/token`` on ``https://api.example.com/v1`` is
    ``https://api.example.com/oauth/token``); an absolute one, or one without a server, as
    written."""
    if not isinstance(value, str) or not value:
        return ""
    return urljoin(base, value) if base else value


def _security(doc: Any, op: dict[str, Any], base: str = "") -> list[list[dict[str, Any]]]:
    """Each alternative security requirement in force, as a list of scheme descriptions;
    their OAuth and OpenID Connect URLs resolved against ``base``, the server URL."""
    requirements = op["security"] if "security" in op else doc.get("security")
    schemes = (doc.get("components") or {}).get("securitySchemes") or {}
    out = []
    for req in requirements if isinstance(requirements, list) else []:
        if not isinstance(req, dict):
            continue
        alternative = []
        for name, scopes in req.items():
            scheme, _ = deref(doc, schemes.get(name))
            if not isinstance(scheme, dict):
                continue
            flows = []
            for flow_name, flow in (scheme.get("flows") or {}).items():
                if isinstance(flow, dict):
                    flows.append({"name": flow_name,
                                  **{key: _url_on(base, flow.get(key)) for key in (
                                      "authorizationUrl", "tokenUrl", "refreshUrl")},
                                  "scopes": sorted((flow.get("scopes") or {}).items())})
            alternative.append({
                "name": name, "type": str(scheme.get("type", "")),
                "scheme": str(scheme.get("scheme", "")).lower(),
                "in": str(scheme.get("in", "")), "param": str(scheme.get("name", "")),
                "bearerFormat": str(scheme.get("bearerFormat", "")),
                "description": str(scheme.get("description", "")), "flows": flows,
                "openIdConnectUrl": _url_on(base, scheme.get("openIdConnectUrl")),
                # x-default: what the playground's field starts with (API keys and bearer
                # tokens only, as on the platform), whatever api.examples.prefill says
                "default": scheme["x-default"] if isinstance(scheme.get("x-default"), str) and (
                    scheme.get("type") == "apiKey" or str(scheme.get("scheme", "")).lower()
                    == "bearer") else "",
                "scopes": [str(s) for s in scopes] if isinstance(scopes, list) else [],
                "authorization": sends_authorization(scheme)})
        # a request carries one Authorization header: of several schemes sending it together,
        # the last one's is sent, as on the platform (openapi-check warns about the others)
        last = max((i for i, s in enumerate(alternative) if s["authorization"]), default=-1)
        out.append([s for i, s in enumerate(alternative) if not s["authorization"] or i == last])
    return out


def _contents(walker: Walker, data: Any, content: Any, mode: str) -> list[dict[str, Any]]:
    out = []
    for media_type, media in (content.items() if isinstance(content, dict) else []):
        media, _ = deref(data, media)
        if not isinstance(media, dict):
            continue
        node = walker.node(media.get("schema") or {})
        example = samples.media_example(data, media, mode)
        encoding = samples.form_encoding(data, media)
        out.append({"type": media_type, "node": node, "encoding": encoding,
                    "multipart_arrays": samples.multipart_arrays(data, media)
                    if media_type.startswith("multipart/") else (),
                    "example": samples.dump(example, media_type, encoding)
                    if example is not None else "",
                    "examples": _named_examples(data, media, media_type, encoding)})
    return out


def _named_examples(data: Any, media: dict[str, Any], media_type: str,
                    encoding: tuple[tuple[str, str, bool], ...] = ()) -> list[tuple[str, str]]:
    """Every entry of a media type's ``examples`` as (label, text): a reader picks one."""
    found = []
    examples = media.get("examples")
    for name, value in (examples.items() if isinstance(examples, dict) else []):
        value, _ = deref(data, value)
        if isinstance(value, dict) and "value" in value:
            summary = value.get("summary")
            label = summary if isinstance(summary, str) else str(name)
            found.append((label, samples.dump(literal(data, value["value"]), media_type,
                                              encoding)))
    return found


def _code_samples(op: dict[str, Any], words: fields.Words = None) -> list[dict[str, Any]]:
    """The operation's own ``x-codeSamples`` (``x-code-samples``), highlighted."""
    raw = op.get("x-codeSamples", op.get("x-code-samples"))
    out = []
    for sample in raw if isinstance(raw, list) else []:
        # as on the platform, a sample needs its lang and source (openapi-check warns)
        if isinstance(sample, dict) and isinstance(sample.get("source"), str) and \
                isinstance(sample.get("lang"), str):
            lang = sample["lang"] or "text"
            label = sample.get("label")
            out.append(_highlight(RequestSample(label=label if isinstance(label, str) and label
                                                else lang,
                                                language=lang.lower(), code=sample["source"]),
                                  words))
    return out


def _distinct_titles(tabs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Tab titles a reader can tell apart: a label given to samples of several languages (the
    platform's docs give one example in bash and in JavaScript the same label) is followed by
    each one's language, ``List plants (javascript)``; one still repeated is numbered."""
    counts: dict[str, int] = {}
    for tab in tabs:
        counts[tab["title"]] = counts.get(tab["title"], 0) + 1
    for tab in tabs:
        if counts[tab["title"]] > 1:
            tab["title"] = f"{tab['title']} ({tab['lang']})"
    seen: dict[str, int] = {}
    for tab in tabs:
        seen[tab["title"]] = seen.get(tab["title"], 0) + 1
        if seen[tab["title"]] > 1:
            tab["title"] = f"{tab['title']} {seen[tab['title']]}"
    return tabs


def _with_authored(authored: list[dict[str, Any]],
                   generated: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The x-codeSamples first, then the generated samples of the languages they leave out:
    on the platform an authored sample takes the place of the generated one of its language
    (``lang: py`` that of Python), so a page never shows two Python tabs."""
    taken = {key_of(s["lang"]) for s in authored}
    return _distinct_titles(
        authored + [s for s in generated if not taken & _keys(s["title"], s["lang"])])


def _auth_models(security: list[list[dict[str, Any]]]) -> tuple[ApiAuth, ...]:
    first = next((alt for alt in security if alt), [])
    return tuple(ApiAuth(name=s["name"], type=s["type"], scheme=s["scheme"], location=s["in"],
                         param=s["param"]) for s in first)


def _highlight(sample: RequestSample, words: fields.Words = None) -> dict[str, Any]:
    token = Token("fence", "code", 0, info=sample.language, content=sample.code.rstrip() + "\n")
    block = code.render_fence(token, words=words)
    return {"title": sample.label, "html": Markup(block["html"]), "lang": sample.language}


def request_samples(site: Site, op: ApiOperation,
                    words: fields.Words = None) -> list[dict[str, Any]]:
    """Ask every plugin for request samples (built-ins when no build is running), keeping
    those ``api.examples.languages`` names, in its order (all of them without it); their
    copy buttons in ``words`` (English without)."""
    from mdxsite import pipeline, plugin_manager

    pm = pipeline.current_plugins()
    if pm is None:
        found = samples.builtin_samples(op, site.config.get("api.examples.languages"))
    else:
        items = list(plugin_manager.contributions(pm, "mdxsite_request_samples", site=site,
                                                  operation=op))
        # a plugin's own sample under the label of one the built-in plugin adds only when
        # api.examples.languages asks (Go, HOOKS.md's example) takes its place
        theirs = {getattr(s, "label", None) for owner, s in items if owner != "openapi"}
        found = plugin_manager.unique_by(
            ((owner, s) for owner, s in items if not (
                owner == "openapi" and s.label in samples.ON_REQUEST_LABELS and s.label in theirs)),
            key=lambda s: s.label, what="request sample")
    chosen = [s for s in found if isinstance(s, RequestSample)]
    languages = site.config.get("api.examples.languages")
    if isinstance(languages, list) and languages:
        chosen = [s for name in languages if isinstance(name, str)
                  for s in chosen if _sample_matches(s, name)]
        chosen = list(dict.fromkeys(chosen))  # "curl" and "bash" name one sample
    return [_highlight(s, words) for s in chosen]


def _keys(label: str, language: str) -> set[str]:
    """The platform's language keys a sample answers to: its label's when the label is one of
    the platform's tab titles (so "Node.js", highlighted as javascript, is not "javascript"),
    else its label's and its highlighting language's (a plugin's "Go" or "Elixir")."""
    key = key_of(label)
    return {key} if key in LABELS else {key, key_of(language)}


def _sample_matches(sample: RequestSample, name: str) -> bool:
    return key_of(name) in _keys(sample.label, sample.language)


def unknown_languages(site: Site, offered: list[RequestSample]) -> list[tuple[int, str]]:
    """The entries of ``api.examples.languages`` that no request sample answers, by index."""
    languages = site.config.get("api.examples.languages")
    return [(i, name) for i, name in enumerate(languages if isinstance(languages, list) else [])
            if not isinstance(name, str) or not any(_sample_matches(s, name) for s in offered)]


def _required_only(data: Any, media: Any, value: Any) -> Any:
    """``api.examples.defaults: required``: a body example keeps only its required fields."""
    schema, _ = deref(data, media.get("schema") if isinstance(media, dict) else None)
    if not isinstance(value, dict) or not isinstance(schema, dict):
        return value
    required = set(schema.get("required") or [])
    for part in schema.get("allOf") or []:
        part, _ = deref(data, part)
        if isinstance(part, dict):
            required |= set(part.get("required") or [])
    return {k: v for k, v in value.items() if k in required}


def display_mode(site: Site, page: Page, servers: list[dict[str, Any]], webhook: bool) -> str:
    """Return how the playground shows: ``interactive``, ``simple`` or ``none``."""
    chosen = page.frontmatter.get("playground")
    if chosen not in (*DISPLAYS, "auth"):  # a page's own (frontmatter, x-mint metadata) first
        chosen = site.config.get("api.playground.display", "interactive")
    # "auth" shows the playground to signed-in readers only; a static site has none, so nobody
    # sees it (the build warns that the setting is not supported)
    if webhook or chosen in ("none", "auth"):
        return "none"
    return "simple" if chosen == "simple" or not servers else "interactive"


# --------------------------------------------------------------------------- whole pages

def operation_context(site: Site, page: Page, doc: Document, spec: str, route: str, method: str,
                      webhook: bool) -> dict[str, Any]:
    """Return everything ``openapi/operation.html`` shows for one operation."""
    data = doc.data
    words = i18n.page_words(site, page)  # the theme's words in the page's language
    item = data["webhooks" if webhook else "paths"][route]
    op = item[method]
    # a webhook's payload is sent by the API, like a response: readOnly fields are in it
    walker = Walker(data, "response" if webhook else "request",
                    post_keys=post_keys(site.config))
    params: list[dict[str, Any]] = []
    for param in _parameters(data, item, op):
        example, given = _param_example(data, param)
        shown, own = _own_example(data, param)
        node = _described(walker.node(_param_schema(param)), param)
        params.append({"name": param["name"], "in": param.get("in", ""),
                       "required": bool(param.get("required")) or param.get("in") == "path",
                       "deprecated": param.get("deprecated") is True,
                       "description": str(param.get("description") or ""),
                       "node": node, "example": example if given else None,
                       # the field's "Example" line: the schema's own example, default and
                       # allowed values are in its notes already, written once there
                       "shown_example": shown if own else None,
                       "example_json": json.dumps(example) if given else "",
                       "prefilled": _has_x_default(data, param), **_serialisation(data, param)})
    body_raw, _ = deref(data, op.get("requestBody"))
    body: dict[str, Any] | None = None
    if isinstance(body_raw, dict):
        body = {"required": body_raw.get("required") is True,
                "description": str(body_raw.get("description") or ""),
                "contents": _contents(walker, data, body_raw.get("content"),
                                      "response" if webhook else "request")}
    response_walker = walker  # each section (parameter, body, response) has its own budget
    responses: list[dict[str, Any]] = []
    walker.mode = "response"
    for status, raw in (op.get("responses") or {}).items():
        response = _referenced(data, raw)
        if not isinstance(response, dict):
            continue
        headers = []
        for name, header in (response.get("headers") or {}).items():
            header = _referenced(data, header)
            if isinstance(header, dict):
                headers.append({"name": name, "description": str(header.get("description") or ""),
                                "node": _described(response_walker.node(_param_schema(header)),
                                                   header),
                                "required": header.get("required") is True})
        links = []
        for name, link in (response.get("links") or {}).items():
            link, _ = deref(data, link)
            if isinstance(link, dict):
                links.append({"name": name, "target": str(link.get("operationId") or
                                                          link.get("operationRef") or ""),
                              "description": str(link.get("description") or ""),
                              "parameters": sorted((str(k), json.dumps(v) if not isinstance(
                                  v, str) else v) for k, v in (link.get("parameters") or {}).items())})
        responses.append({"status": str(status), "description": str(response.get("description") or ""),
                          "headers": headers, "links": links,
                          "contents": _contents(response_walker, data, response.get("content"),
                                                "response")})
    callbacks = []
    walker.mode = "request"  # a callback's body is a request the API sends
    for name, callback in (op.get("callbacks") or {}).items():
        callback, _ = deref(data, callback)
        for expression, cb_item in (callback.items() if isinstance(callback, dict) else []):
            cb_item, _ = deref(data, cb_item)
            for cb_method, cb_op in (cb_item.items() if isinstance(cb_item, dict) else []):
                if isinstance(cb_op, dict) and cb_method in ("get", "put", "post", "delete",
                                                             "patch", "head", "options", "trace"):
                    cb_body, _ = deref(data, cb_op.get("requestBody"))
                    callbacks.append({
                        "name": name, "expression": expression, "method": cb_method.upper(),
                        "summary": str(cb_op.get("summary") or ""),
                        "description": str(cb_op.get("description") or ""),
                        "contents": _contents(walker, data, cb_body.get(
                            "content"), "request") if isinstance(cb_body, dict) else []})
    in_force = _servers(data, item, op, spec)
    servers = [] if webhook else in_force
    # document-wide security is what callers of the API send, not what a webhook carries
    security = _security(data, op, in_force[0]["base"] if in_force else "") \
        if not webhook or "security" in op else []
    # the endpoint's URL fills a path parameter only with an example the document gives
    path_values = {p["name"]: _sample_parameter(data, p, raw, generate=False)
                   for p, raw in zip(params, _parameters(data, item, op)) if p["in"] == "path"}
    first_server = servers[0]["filled"] if servers else ""
    # api.examples.defaults: "required" leaves optional parameters and body fields out of
    # the request samples ("all", the default, shows every one that has an example)
    required_only = site.config.get("api.examples.defaults", "all") == "required"
    # the request samples' body of each media type, the first one's by default
    bodies = [_sample_body(data, body_raw, content, "response" if webhook else "request",
                           required_only) for content in (body["contents"] if body else [])]
    api_op = ApiOperation(
        spec=spec, method="POST" if webhook and method == "post" else method.upper(),
        path=route, url=first_server + samples.fill_path(route, path_values) if not webhook
        else route, servers=tuple(s["filled"] for s in servers),
        parameters=tuple(_sample_parameter(data, p, raw)
                         for p, raw in zip(params, _parameters(data, item, op))
                         if p["required"] or not required_only),
        **(bodies[0] if bodies else {}), auth=_auth_models(security),
        operation_id=str(op.get("operationId") or ""), summary=str(op.get("summary") or ""),
        webhook=webhook)
    mode = display_mode(site, page, servers, webhook)
    # api.examples.prefill: the playground's fields start filled with the examples only when
    # true (the platform's default is false: the examples are placeholders); an x-default is
    # the value the author asked to prefill, so it always is
    prefill = site.config.get("api.examples.prefill", False) is True
    # several alternative requirements: the reader picks one (its schemes' fields show), as the
    # reference lists them; the request samples use the first
    choices = [alt for alt in security if alt]
    schemes = list({s["name"]: s for alt in (choices if len(choices) > 1 else choices[:1])
                    for s in alt}.values())
    defaults = {s["name"]: s["default"] for s in schemes}
    playground = {
        "method": api_op.method, "path": route, "mode": mode,
        "servers": [{"url": s["url"], "variables": s["variables"],
                     "description": s["description"]} for s in servers],
        "parameters": [{"name": p["name"], "in": p["in"], "required": p["required"],
                        "example": p["example"] if prefill or p["prefilled"] else None,
                        "placeholder": _text(p["example"]) or p["node"].type,
                        "type": p["node"].type, "enum": p["node"].enum,
                        **({"shape": p["shape"], "style": p["style"], "explode": p["explode"]}
                           if p["shape"] else {})} for p in params],
        "auth": [{"name": s["name"], "type": s["type"], "scheme": s["scheme"], "in": s["in"],
                  "param": s["param"], "default": defaults.get(s["name"], ""),
                  **({"options": [i for i, alt in enumerate(choices)
                                  if any(o["name"] == s["name"] for o in alt)]}
                     if len(choices) > 1 else {})} for s in schemes],
        # the platform's title of a requirement: its schemes' names joined by " & ", with _
        # and - read as spaces
        **({"auth_options": [" & ".join(re.sub(r"[_-]", " ", s["name"]) for s in alt)
                             for alt in choices]}
           if len(choices) > 1 else {}),
        "credentials": site.config.get("api.playground.credentials") is True,
        "body": _playground_body(data, body_raw, body["contents"], "response" if webhook
                                 else "request", prefill) if body and bodies else None,
    }
    generate = site.config.get("api.examples.autogenerate", True) is not False
    sample_sets = [] if webhook else [
        {"type": one.body_type, "curl": samples.curl(one).code, "samples": _with_authored(
            _code_samples(op, words), request_samples(site, one, words) if generate else [])}
        for one in [api_op, *(dataclasses.replace(api_op, **b) for b in bodies[1:])]]
    return {
        "method": api_op.method, "path": route, "webhook": webhook,
        "deprecated": op.get("deprecated") is True,
        # a path item's description stands for its operations' that have none, as on the
        # platform (a path item holding one operation often describes it there)
        "description": str((op if op.get("description") is not None else item).get(
            "description") or ""),
        "params": params, "locations": LOCATIONS, "body": body, "responses": responses,
        "security": security, "servers": servers, "callbacks": callbacks,
        # x-codeSamples first; api.examples.autogenerate: false leaves only them
        "request_samples": sample_sets[0]["samples"] if sample_sets else [],
        # a body of several media types: one set per type, which the body's content-type
        # pickers switch (playground.js); a page without scripts shows every set. The
        # x-codeSamples alone (autogenerate: false) are the same for every type: one set
        "request_sample_sets": sample_sets if len(sample_sets) > 1 and generate else [],
        # one tab per named example of a response (a picker), else its one example
        "response_samples": [{"title": f"{r['status']}" + (f" {c['type']}" if len(
            r["contents"]) > 1 else "") + (f" · {label}" if label else ""),
            "html": _highlight(RequestSample(
                label="", language="json" if "json" in c["type"] else "text",
                code=text), words)["html"]}
            for r in responses for c in r["contents"]
            for label, text in (c["examples"] or ([("", c["example"])] if c["example"] else []))],
        "playground": playground if mode != "none" else None,
        "playground_json": Markup(_script_json(playground)),
        "url": api_op.url,
        # api.url: "full" shows the first server's URL before the path in the endpoint bar
        "base_url": first_server if site.config.get("api.url") == "full" else "",
        "curl": "" if webhook else samples.curl(api_op).code,
        # api.spec.download: a link to the spec the page comes from (published at its path)
        "spec_download": (spec if spec.startswith(("http://", "https://"))
                          else site.href("/" + spec.lstrip("/")))
        if site.config.get("api.spec.download") is True else "",
        "words": words,
    }


def _sample_body(data: Any, body_raw: dict[str, Any], content: dict[str, Any], mode: str,
                 required_only: bool) -> dict[str, Any]:
    """The :class:`ApiOperation` fields of a request body sent as one of its media types:
    ``body_type``, ``body`` (its example, with its required fields only under
    ``api.examples.defaults: required``), ``files`` (a multipart body's file fields, sent as
    files) and ``form_encoding``."""
    media, _ = deref(data, body_raw["content"][content["type"]])
    value = samples.media_example(data, media, mode)
    multipart = content["type"].startswith("multipart/")
    return {"body_type": content["type"],
            "body": _required_only(data, media, value) if required_only else value,
            "files": tuple(f.name for f in content["node"].properties if _is_file(f.node.type))
            if multipart else (),
            "form_encoding": content["encoding"],
            "multipart_arrays": content["multipart_arrays"]}


def _playground_body(data: Any, body_raw: dict[str, Any], contents: list[dict[str, Any]],
                     mode: str, prefill: bool) -> dict[str, Any]:
    """The playground's body: the first media type's field (a text area, or one input per
    part of a multipart body), and with several media types ``choices``, one such field per
    type, which the reader picks as on the platform (the first is the one shown first)."""
    fields = []
    for content in contents:
        media_type = content["type"]
        media, _ = deref(data, body_raw["content"][media_type])
        value = samples.media_example(data, media, mode)
        fixed = _x_defaults(data, media)
        encoding = content["encoding"]
        fields.append({
            "type": media_type,
            "example": samples.dump(value, media_type, encoding) if value is not None and prefill
            else samples.dump(fixed, media_type, encoding) if fixed else "",
            "placeholder": samples.dump(value, media_type, encoding) if value is not None else "",
            "examples": [{"label": label, "text": text} for label, text in content["examples"]],
            "parts": _parts(content["node"], value, prefill, set(fixed),
                            dict(content["multipart_arrays"]))
            if media_type.startswith("multipart/") else [],
            # how the playground spells a field typed as JSON (playground.js formEncode)
            **({"encoding": {name: [style, explode] for name, style, explode in encoding}}
               if encoding and "x-www-form-urlencoded" in media_type else {})})
    return {**fields[0], "choices": fields} if len(fields) > 1 else fields[0]


def _x_defaults(data: Any, media: Any) -> dict[str, Any]:
    """The top-level body fields whose schema has an ``x-default``: prefilled in any case."""
    schema, _ = deref(data, media.get("schema") if isinstance(media, dict) else None)
    found = {}
    for name, prop in ((schema.get("properties") or {}).items()
                       if isinstance(schema, dict) else []):
        prop, _ = deref(data, prop)
        if isinstance(prop, dict) and "x-default" in prop:
            found[str(name)] = prop["x-default"]
    return found


def _parts(node: Node, example: Any, prefill: bool = True,
           fixed: set[str] | frozenset[str] = frozenset(),
           arrays: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """The fields of a multipart body, one form input each (a file input for binary ones);
    ``fixed`` names those filled even without ``prefill`` (their x-default). An array field
    holds its items as JSON and says how the playground sends them (``array``: "each", one
    part per item, or what its ``encoding`` keeps, :func:`samples.multipart_arrays`)."""
    values = example if isinstance(example, dict) else {}
    out = []
    for f in node.properties:
        binary = _is_file(f.node.type)
        value = "" if binary else _text(values.get(f.name))
        listed = f.node.type.endswith("[]")
        out.append({"name": f.name, "type": f.node.type, "required": f.required,
                    "binary": binary, "multiple": binary and listed,
                    "array": (arrays or {}).get(f.name, "each") if listed and not binary else "",
                    "example": value if prefill or f.name in fixed else "",
                    "placeholder": value})
    return out


def _is_file(type_text: str) -> bool:
    """Whether a multipart field of this shown type is a file upload (binary, base64, byte)."""
    return "binary" in type_text or "base64" in type_text or "byte" in type_text


def _text(value: Any) -> str:
    """A value as a form field holds it: strings as they are, the rest as JSON."""
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value)


def _script_json(value: Any) -> str:
    # inside <script type="application/json">: "</script>" in a spec must not end the element
    return json.dumps(value, ensure_ascii=False, default=str).replace("<", "\\u003c").replace(
        ">", "\\u003e").replace("&", "\\u0026")


def _headings(ctx: dict[str, Any]) -> list[Heading]:
    out = []
    words = ctx["words"]
    if ctx.get("security"):
        out.append(Heading(level=2, text=words["authorizations"], id="authorizations"))
    for location in LOCATIONS:
        if any(p["in"] == location for p in ctx.get("params", [])):
            out.append(Heading(level=2, text=words[f"{location}_parameters"],
                               id=f"{location}-parameters"))
    if ctx.get("body"):
        out.append(Heading(level=2, text=words["body"], id="body"))
    if ctx.get("responses"):
        out.append(Heading(level=2, text=words["responses"], id="responses"))
    if ctx.get("callbacks"):
        out.append(Heading(level=2, text=words["callbacks"], id="callbacks"))
    return out


def _finish(site: Site, page: Page, body_html: str, headings: list[Heading],
            spec: str, api_markdown: str = "") -> RenderedPage:
    """Append the page's own MDX (frontmatter pages) and build the RenderedPage, whose
    Markdown (the ``.md`` copy) is the API's, then the page's own."""
    links: tuple[Any, ...] = ()
    anchors = {h.id for h in headings}
    problems: tuple[Any, ...] = ()
    deps = {spec} if not spec.startswith("http") else set()
    deps.update(overlays.files_for(site, spec))  # an edited overlay re-renders the page
    markdown_text = ""
    if page.source is not None:
        from mdxsite.mdx.render import render as render_mdx_page

        own = render_mdx_page(site, page, side_column=False)
        if own.html.strip():
            body_html += f'\n<div class="api-page-content">\n{own.html}</div>\n'
        headings += [h for h in own.headings if h.id not in anchors]
        anchors |= set(own.anchors)
        links, problems, markdown_text = own.links, own.problems, own.markdown
        deps |= set(own.dependencies)
    if api_markdown:
        markdown_text = api_markdown + ("\n" + markdown_text if markdown_text.strip() else "")
    # the playground's JSON settings are not words a reader searches for
    text = _SPACE.sub(" ", html.unescape(_TAGS.sub(" ", _SCRIPTS.sub(" ", body_html)))).strip()
    return RenderedPage(key=page.key, html=body_html, headings=tuple(headings),
                        anchors=tuple(sorted(anchors)), links=links, text=text,
                        markdown=markdown_text, problems=problems,
                        dependencies=tuple(sorted(deps)))


def render(site: Site, page: Page) -> RenderedPage:
    """Render an API page (``kind == "openapi"``): an operation, a webhook or a schema."""
    from mdxsite.mdx.render import render_fragment
    from mdxsite.output.theme import site_environment

    spec = str(page.data["spec"])
    doc = document(site, spec)
    env = site_environment(site)
    if page.data.get("schema"):
        name = str(page.data["schema"])
        walker = Walker(doc.data, "response")
        raw = {"$ref": "#/components/schemas/" + name.replace("~", "~0").replace("/", "~1")}
        node = walker.node(raw)
        example = samples.example_of(doc.data, raw)
        words = i18n.page_words(site, page)
        sample = _highlight(RequestSample(label="", language="json",
                                          code=samples.dump(example)), words)["html"] \
            if example is not None else ""
        out = env.get_template("openapi/schema.html").render(
            name=name, node=node, md=markdown, example=sample, words=words,
            **fields.helpers(markdown, fragments.url_for(site, spec, i18n.page_language(site, page)),
                             words))
        headings = ([Heading(level=2, text=words["properties"], id="properties")]
                    if node.properties else [])
        return _finish(site, page, out, headings, spec, api_md.schema(name, node))
    ctx = operation_context(site, page, doc, spec, str(page.data["path"]),
                            str(page.data["method"]), bool(page.data.get("webhook")))
    found: list[Problem] = []
    fragment = render_fragment(site, page.body, Location(spec), ctx["words"], found) \
        if page.body else ""
    out = env.get_template("openapi/operation.html").render(
        md=markdown, content=untrusted.clean(fragment),
        **fields.helpers(markdown, fragments.url_for(site, spec, i18n.page_language(site, page)),
                         ctx["words"]), **ctx)
    out = expand_fields(site, out)
    done = _finish(site, page, out, _headings(ctx), spec, api_md.operation(ctx, ctx["curl"]))
    at = _content_path(doc, page)
    where = doc.where(at)
    what = f"x-mint content of {str(page.data['method']).upper()} {page.data['path']}"
    return dataclasses.replace(done, problems=(
        *done.problems, *_content_problems(found, where, at),
        *untrusted.warnings(fragment, where, what)))


def _content_path(doc: Document, page: Page) -> JsonPath:
    """The JSON path of the ``content`` an operation's page shows (its ``x-platform``, else
    its ``x-mint``, as :func:`extensions.of` reads them)."""
    webhook = bool(page.data.get("webhook"))
    method, route = str(page.data["method"]), str(page.data["path"])
    at = JsonPath(("webhooks" if webhook else "paths", route, method))
    op: Any = doc.data
    for part in at.parts:
        op = op.get(part) if isinstance(op, dict) else None
    return at / extensions.key_of(op) / "content"


def _content_problems(found: list[Problem], where: Location, at: JsonPath) -> list[Problem]:
    """What rendering the MDX of an ``x-mint`` content found, located at the content in the
    document, each naming its line in the content (the MDX sits in one YAML or JSON string).
    Every one is a warning: content whose MDX does not compile is shown as its text."""
    out = []
    for problem in found:
        line = f"line {problem.where.line}: " if problem.where.line else ""
        if problem.warning:
            out.append(dataclasses.replace(problem, where=where, path=str(at),
                                           message=line + problem.message))
        else:
            out.append(Problem(where, f"{line}{problem.message}; the content is shown as text",
                               problem.hint, str(at), "openapi.content-mdx", warning=True))
    return out


def expand_fields(site: Site, page_html: str) -> str:
    """``api.params.expanded: "all"``: every field's child attributes start open.

    A schema loaded from a fragment (past the page's budget) stays closed: opening every one
    would fetch them all on load.
    """
    if site.config.get("api.params.expanded") != "all":
        return page_html
    return page_html.replace('<details class="expandable api-children">',
                             '<details class="expandable api-children" open>')


def is_api_page(page: Page) -> bool:
    """Whether ``page`` shows an operation (and so needs the playground's script)."""
    return page.kind == "openapi" and not page.data.get("schema") and not page.data.get("webhook")


__all__ = ["Node", "document", "is_api_page", "markdown", "operation_context", "render"]
