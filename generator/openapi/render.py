"""Render one generated API page (kind ``openapi``) to an HTML body fragment."""

from __future__ import annotations

import html
import re
from typing import Any

from mdxsite.errors import Location
from mdxsite.mdx.render import render_fragment
from mdxsite.model import OpenApiSource, Page, RenderedPage, Site
from mdxsite.openapi.expand import _Expander

_TAGS = re.compile(r"<[^>]+>")


def _describe(site: Site, text: object, where: Location) -> str:
    # Specs may be untrusted: raw HTML in a description is shown as text, never injected.
    if not isinstance(text, str) or not text:
        return ""
    return render_fragment(site, html.escape(text, quote=False), where)


def _deref(data: Any, value: Any) -> Any:
    seen: set[str] = set()
    while isinstance(value, dict) and isinstance(value.get("$ref"), str):
        ref = value["$ref"]
        if ref in seen or not ref.startswith("#/"):
            return {}
        seen.add(ref)
        node: Any = data
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            node = node.get(part, {}) if isinstance(node, dict) else {}
        value = node
    return value


_DOCS: dict[tuple[str, str, int], object] = {}


def _document(site: Site, spec: str) -> Any:
    # Worker processes render many pages of one spec: load each document once per process.
    local = site.root / spec.lstrip("/")
    # the modification time keeps a long-lived dev server from serving a stale spec
    stamp = local.stat().st_mtime_ns if not spec.startswith("http") and local.exists() else 0
    key = (str(site.root), spec, stamp)
    if key not in _DOCS:
        _DOCS[key] = _Expander(site).doc(OpenApiSource(source=spec))
    return _DOCS[key]


def render(site: Site, page: Page) -> RenderedPage:
    """Render ``page``'s operation through ``openapi/operation.html``."""
    from mdxsite.output.theme import site_environment

    spec = str(page.data["spec"])
    doc = _document(site, spec)
    where = Location(spec)
    kind = "webhooks" if page.data.get("webhook") else "paths"
    item = doc.data[kind][page.data["path"]]
    op = item[page.data["method"]]
    params = []
    for raw in [*(item.get("parameters") or []), *(op.get("parameters") or [])]:
        param = _deref(doc.data, raw)
        if isinstance(param, dict):
            schema = _deref(doc.data, param.get("schema") or {})
            params.append({"name": param.get("name", ""), "in": param.get("in", ""),
                           "required": bool(param.get("required")),
                           "type": schema.get("type", "") if isinstance(schema, dict) else "",
                           "description": _describe(site, param.get("description"), where)})
    responses = [{"status": status,
                  "description": _describe(site, _deref(doc.data, r).get("description"), where)}
                 for status, r in (op.get("responses") or {}).items() if isinstance(r, dict)]
    body = render_fragment(site, page.body, where) if page.body else ""
    html_out = site_environment(site).get_template("openapi/operation.html").render(
        method=page.data["method"].upper(), path=page.data["path"], title=page.title,
        description=_describe(site, op.get("description"), where), params=params,
        responses=responses, deprecated=bool(op.get("deprecated")), content=body,
        webhook=bool(page.data.get("webhook")))
    return RenderedPage(key=page.key, html=html_out, text=_TAGS.sub(" ", html_out),
                        dependencies=() if spec.startswith("http") else (spec,))
