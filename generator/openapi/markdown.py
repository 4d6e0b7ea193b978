"""The Markdown copy of an API page (its ``.md`` file and its llms-full.txt part).

What a reader or a language model needs without the HTML: the endpoint, the description,
authentication, parameters, the body, responses and callbacks with their fields (nested fields
indented, as deep as the page draws them inline), and a cURL request.
"""

from __future__ import annotations

import json
from typing import Any

from mdxsite.openapi.schema import Field, Node


def _line(text: str) -> str:
    return " ".join(str(text).split())


def _field(name: str, node: Node, required: bool, depth: int, out: list[str], *,
           location: str = "", description: str = "", deprecated: bool = False) -> None:
    bits = [f"`{name}`"]
    if node.type:
        bits.append(f"{node.type}")
    if location:
        bits.append(location)
    if required:
        bits.append("required")
    if node.deprecated or deprecated:
        bits.append("deprecated")
    about = _line(description or node.description)
    if node.enum:
        about += (" " if about else "") + "Allowed values: " + ", ".join(
            f"`{json.dumps(v) if not isinstance(v, str) else v}`" for v in node.enum) + "."
    if node.has_default:
        about += (" " if about else "") + f"Default: `{json.dumps(node.default, default=str)}`."
    out.append("  " * depth + "- " + " · ".join(bits) + (f": {about}" if about else ""))
    _children(node, depth + 1, out)


def _children(node: Node, depth: int, out: list[str]) -> None:
    for f in node.properties:
        _field(f.name, f.node, f.required, depth, out)
    if node.variants:
        out.append("  " * depth + "- " + ("One of:" if node.combinator == "oneOf" else "Any of:"))
        for index, variant in enumerate(node.variants, start=1):
            label = variant.title or variant.ref or variant.type or f"Option {index}"
            _field(label, variant, False, depth + 1, out)
    if node.lazy:
        out.append("  " * depth + f"- (the fields of `{node.lazy}`)")


def fields(items: list[Field]) -> str:
    out: list[str] = []
    for f in items:
        _field(f.name, f.node, f.required, 0, out)
    return "\n".join(out)


def schema(name: str, node: Node) -> str:
    """The Markdown of an ``openapi-schema`` page."""
    out = [f"`{name}`: {node.type}", ""]
    if node.description:
        out += [node.description.strip(), ""]
    lines: list[str] = []
    _children(node, 0, lines)
    return "\n".join(out + lines).strip() + "\n"


def operation(ctx: dict[str, Any], curl: str) -> str:
    """The Markdown of an operation or webhook page, from its template context."""
    head = "WEBHOOK" if ctx["webhook"] else ctx["method"]
    out = [f"`{head} {ctx['path']}`", ""]
    if ctx.get("url") and not ctx["webhook"]:
        out += [f"Server URL: `{ctx['url']}`", ""]
    if ctx.get("deprecated"):
        out += ["Deprecated.", ""]
    if ctx.get("description"):
        out += [ctx["description"].strip(), ""]
    if ctx.get("security"):
        out.append("## Authorizations\n")
        for alternative in ctx["security"]:
            names = [f"`{s['name']}` ({s['type']}{' ' + s['scheme'] if s['scheme'] else ''}"
                     f"{', ' + s['in'] + ' ' + s['param'] if s['in'] else ''})"
                     for s in alternative]
            out.append("- " + (" and ".join(names) if names else "none (optional)"))
        out.append("")
    for location in ctx.get("locations", ()):
        group = [p for p in ctx.get("params", []) if p["in"] == location]
        if group:
            out.append(f"## {location.capitalize()} parameters\n")
            lines: list[str] = []
            for p in group:
                _field(p["name"], p["node"], p["required"], 0, lines, location=location,
                       description=p["description"], deprecated=p["deprecated"])
            out += [*lines, ""]
    body = ctx.get("body")
    if body:
        out.append("## Body" + (" (required)" if body["required"] else "") + "\n")
        if body.get("description"):
            out += [body["description"].strip(), ""]
        for c in body["contents"]:
            out.append(f"`{c['type']}`: {c['node'].type}\n")
            lines = []
            _children(c["node"], 0, lines)
            out += [*lines, ""]
    if ctx.get("responses"):
        out.append("## Responses\n")
        for r in ctx["responses"]:
            out.append(f"### {r['status']}\n")
            if r["description"]:
                out += [r["description"].strip(), ""]
            for c in r["contents"]:
                out.append(f"`{c['type']}`: {c['node'].type}\n")
                lines = []
                _children(c["node"], 0, lines)
                out += [*lines, ""]
    if ctx.get("callbacks"):
        out.append("## Callbacks\n")
        for cb in ctx["callbacks"]:
            out.append(f"### `{cb['method']} {cb['expression']}` ({cb['name']})\n")
            for text in (cb["summary"], cb["description"]):
                if text:
                    out += [text.strip(), ""]
            for c in cb["contents"]:
                out.append(f"`{c['type']}`: {c['node'].type}\n")
                lines = []
                _children(c["node"], 0, lines)
                out += [*lines, ""]
    sets = [(f" ({one['type']})", one["curl"]) for one in ctx.get("request_sample_sets", [])]
    for title, code in sets or ([("", curl)] if curl else []):
        out += [f"## Request example{title}", "", "```bash", code.rstrip(), "```", ""]
    return "\n".join(out).strip() + "\n"
