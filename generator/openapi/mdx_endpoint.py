"""Endpoints written in MDX: the ``api:`` frontmatter with ``api.mdx.server`` and ``api.mdx.auth``.

A page with ``api: "POST https://api.example.com/users"`` (or ``api: "POST /users"`` with
``api.mdx.server`` in docs.json) gets the endpoint bar and the playground of an API page with no
OpenAPI document: the servers come from the URL or the setting, the auth field from
``api.mdx.auth`` (a page's ``authMethod`` frontmatter overriding its method, ``none`` for no
auth field), and the playground's fields from the page's ``<ParamField>`` components, whose
``path``/``query``/``header``/``cookie``/``body`` attribute names the parameter, as the
platform reads them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from markupsafe import Markup

from mdxsite.errors import JsonPath, Location, Problem
from mdxsite.model import Page, RenderedPage, Site
from mdxsite.output import i18n

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE")
_PARAM_FIELD = re.compile(r"<ParamField\b((?:[^>\"'{}]|\"[^\"]*\"|'[^']*'|\{[^{}]*\})*)/?>")
_ATTRIBUTE = re.compile(r"([A-Za-z_][\w-]*)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|\{([^{}]*)\}))?")
# a JavaScript string literal in an attribute's {…}: "…", '…', or `…` without ${…}
_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\''
                      r"|`((?:[^`\\$]|\\.|\$(?!\{))*)`", re.S)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0"}
LOCATIONS = ("path", "query", "header", "cookie", "body")
# api.mdx.auth.method -> the playground's auth description (the shape OpenAPI pages use)
AUTH = {"bearer": {"type": "http", "scheme": "bearer", "in": "header"},
        "basic": {"type": "http", "scheme": "basic", "in": "header"},
        "key": {"type": "apiKey", "scheme": "", "in": "header"}}


def has_endpoint(page: Page) -> bool:
    """Whether a written page declares an endpoint with the ``api:`` frontmatter."""
    return page.kind != "openapi" and isinstance(page.frontmatter.get("api"), str)


def _written(dotted: str, value: str) -> str:
    """The JSON an author writes to set ``dotted`` to ``value``:
    ``"api": {"mdx": {"server": "https://…"}}``."""
    first, *rest = dotted.split(".")
    text = json.dumps(value, ensure_ascii=False)
    for key in reversed(rest):
        text = f'{{"{key}": {text}}}'
    return f'"{first}": {text}'


def parse(value: str, servers: list[str], server: str = "api.mdx.server in docs.json"
          ) -> tuple[str, str, list[str]] | str:
    """Split ``"POST https://host/base/users"`` or ``"POST /users"`` into method, path and
    servers; return a message saying what is wrong instead (``server`` names the setting a
    path alone needs, and its file)."""
    parts = value.split(None, 1)
    if len(parts) != 2 or parts[0].upper() not in METHODS:
        return (f"api {value!r} is not METHOD URL; write \"POST https://api.example.com/users\" "
                f"or \"POST /users\" with {server}")
    method, target = parts[0].upper(), parts[1].strip()
    if target.startswith(("https://", "http://")):
        split = urlsplit(target)
        return method, split.path or "/", [f"{split.scheme}://{split.netloc}"]
    if not target.startswith("/"):
        target = "/" + target
    return method, target, servers


def _servers(site: Site) -> list[str]:
    raw = site.config.get("api.mdx.server")
    found = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else []
    return [s.rstrip("/") for s in found if isinstance(s, str) and s]


def _string_literal(expression: str) -> str:
    """The text of a JavaScript string literal (``"a"``, ``'a'``, a backtick template without
    ``${}``); any other expression as it is written."""
    literal = _LITERAL.fullmatch(expression)
    if literal is None:
        return expression
    inner = next(g for g in literal.groups() if g is not None)
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), inner, flags=re.S)


def param_fields(source: str) -> list[dict[str, Any]]:
    """The ``<ParamField>`` components of an MDX source: name, location, type, required,
    default and placeholder (the playground input's placeholder text, as the platform
    documents it; empty when the field gives none)."""
    out = []
    for match in _PARAM_FIELD.finditer(source):
        attrs: dict[str, str | bool] = {}
        for attr in _ATTRIBUTE.finditer(match.group(1)):
            given = [g for g in attr.groups()[1:] if g is not None]
            value = given[0].strip() if given else None
            if value is not None and attr.group(4) is not None:
                value = _string_literal(value)  # placeholder={"Search"} as placeholder="Search"
            attrs[attr.group(1)] = True if value is None else value  # bare: `required`
        location = next((loc for loc in LOCATIONS if isinstance(attrs.get(loc), str)), "")
        if not location:
            continue
        required = attrs.get("required")
        default = attrs.get("default")
        placeholder = attrs.get("placeholder")
        out.append({"name": str(attrs[location]), "in": location,
                    "type": str(attrs.get("type") or "string"),
                    "required": required is True or required == "true",
                    "default": default if isinstance(default, str) else "",
                    "placeholder": placeholder if isinstance(placeholder, str) else ""})
    return out


def _body_example(fields: list[dict[str, Any]], *, placeholders: bool = False) -> str:
    """A JSON body holding each body field: its default, else a value of its type. With
    ``placeholders``, a field's placeholder text comes first: the body is one JSON text box, so
    each field's placeholder shows as its value in the box's own placeholder."""
    blank = {"number": 0, "integer": 0, "boolean": False, "object": {}, "array": []}
    value: dict[str, Any] = {}
    for f in fields:
        if placeholders and f["placeholder"]:
            value[f["name"]] = f["placeholder"]
        elif f["default"]:
            try:
                value[f["name"]] = json.loads(f["default"])
            except ValueError:
                value[f["name"]] = f["default"]
        else:
            value[f["name"]] = blank.get(f["type"].split("[")[0].lower(), "")
    return json.dumps(value, indent=2)


def endpoint_context(site: Site, page: Page, source: str) -> tuple[dict[str, Any], list[Problem]]:
    """The context of ``openapi/mdx-endpoint.html`` for a page, and the problems found."""
    from mdxsite.openapi.render import _script_json, display_mode

    from mdxsite.openapi.frontmatter import _where

    where = _where(site, page, "api") if page.source is not None else Location(page.key)
    problems: list[Problem] = []
    parsed = parse(str(page.frontmatter["api"]), _servers(site),
                   f"{site.config.setting('api.mdx.server')} in {site.config.file}")
    if isinstance(parsed, str):
        return {}, [Problem(where, parsed, "fix the api field of the frontmatter",
                            code="openapi.mdx-api", warning=True)]
    method, path, servers = parsed
    if not servers:
        server = site.config.setting("api.mdx.server")
        problems.append(Problem(where, f"api {page.frontmatter['api']!r} has a relative path "
                                f"and {site.config.file} has no {server}, so the playground "
                                f"cannot send it", f"add {_written(server, 'https://…')} to "
                                f"{site.config.file}, or write the full URL",
                                code="openapi.mdx-server", warning=True))
    auth = []
    method_name = site.config.get("api.mdx.auth.method")
    own = page.frontmatter.get("authMethod")
    if own is not None:  # the page's own method overrides the site's, as the platform documents
        if own == "none":
            method_name = None
        elif isinstance(own, str) and own in AUTH:
            method_name = own
        else:
            problems.append(Problem(
                _where(site, page, "authMethod") if page.source is not None else where,
                f"authMethod {own!r} is not an auth method the playground can send; the "
                f"site's {site.config.setting('api.mdx.auth')} applies", 'use "bearer", "basic", "key" or "none"',
                code="openapi.mdx-auth", warning=True))
    if isinstance(method_name, str) and method_name in AUTH:
        # api.mdx.auth.name names the site's key; a page switching to bearer or basic sends
        # the Authorization header
        name = site.config.get("api.mdx.auth.name") if own is None or method_name == "key" else None
        param = name if isinstance(name, str) and name else (
            "Authorization" if method_name != "key" else "X-API-Key")
        auth.append({"name": "mdx", "param": param, "default": "", **AUTH[method_name]})
    elif method_name is not None:
        problems.append(site.config.problems().warn(
            JsonPath(("api", "mdx", "auth", "method")),
            f"auth method {method_name!r} cannot be sent by the playground of a static site; "
            "it shows no auth field", hint='use "bearer", "basic" or "key"', code="openapi.mdx-auth"))
    fields = param_fields(source)
    params = [f for f in fields if f["in"] != "body"]
    body_fields = [f for f in fields if f["in"] == "body"]
    mode = display_mode(site, page, [{"url": s} for s in servers], False)
    body_text = _body_example(body_fields) if body_fields else ""
    prefill = site.config.get("api.examples.prefill", False) is True
    playground = {
        "method": method, "path": path, "mode": mode,
        "servers": [{"url": s, "variables": {}, "description": ""} for s in servers],
        "parameters": [{"name": p["name"], "in": p["in"], "required": p["required"] or
                        p["in"] == "path", "example": p["default"] or None,
                        "placeholder": p["placeholder"] or p["default"] or p["type"],
                        "type": p["type"], "enum": []}
                       for p in params],
        "auth": auth,
        "credentials": site.config.get("api.playground.credentials") is True,
        "body": {"type": "application/json", "example": body_text if prefill else "",
                 "placeholder": _body_example(body_fields, placeholders=True),
                 "examples": [], "parts": []} if body_fields else None,
    }
    base = servers[0] if servers else ""
    return {"method": method, "path": path, "webhook": False,
            "servers": [{"url": s, "variables": {}, "description": ""} for s in servers],
            "url": base + path,
            "base_url": base if site.config.get("api.url") == "full" else "",
            "playground": playground if mode != "none" else None,
            "playground_json": Markup(_script_json(playground))}, problems


def with_endpoint(site: Site, page: Page, rendered: RenderedPage) -> RenderedPage:
    """Put the endpoint bar and the playground above a written page's own content."""
    import dataclasses

    from mdxsite.output.theme import site_environment

    source = ""
    if page.source is not None:
        path = site.root / page.source
        source = path.read_text(encoding="utf-8") if Path(path).is_file() else ""
    ctx, problems = endpoint_context(site, page, source)
    if not ctx:
        return dataclasses.replace(rendered, problems=(*rendered.problems, *problems))
    head = site_environment(site).get_template("openapi/mdx-endpoint.html").render(
        words=i18n.page_words(site, page), **ctx)
    return dataclasses.replace(rendered, html=head + "\n" + rendered.html,
                               problems=(*rendered.problems, *problems))
