"""Render a channel page: its address, servers, parameters, bindings, operations and messages.

Descriptions are Markdown from a document we do not control: they go through the OpenAPI
pages' sanitising renderer. Payloads and headers are JSON Schemas, drawn as field lists by the
OpenAPI schema walker (``$ref``s resolved inside the document, recursion linked back).
"""

from __future__ import annotations

import json
from typing import Any

from mdxsite.asyncapi.channels import Channel, Message, channel
from mdxsite.asyncapi.load import load, version
from mdxsite.errors import Location, MdxsiteError, Problem
from mdxsite.model import Heading, Page, RenderedPage, RequestSample, Site
from mdxsite.openapi import fields, fragments, samples
from mdxsite.openapi import markdown as api_md
from mdxsite.openapi.load import Document, per_process
from mdxsite.openapi.render import _finish, _highlight, markdown
from mdxsite.openapi.schema import Field, Node, Walker
from mdxsite.output import i18n

def document(site: Site, spec: str) -> Document:
    """The checked document ``spec``, once per process (reloaded when its file changes)."""
    return per_process(site.root, spec, "AsyncAPI", lambda: load(site.root, spec))


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in text.lower()).strip("-")


def _code(value: Any, language: str = "json", words: fields.Words = None) -> Any:
    text = value if isinstance(value, str) and language != "json" else samples.dump(value)
    return _highlight(RequestSample(label="", language=language, code=text), words)["html"]


def _bindings(raw: dict[str, Any]) -> list[dict[str, Any]]:
    """Each protocol's binding as name/value rows; nested values are shown as JSON."""
    out = []
    for protocol, binding in raw.items():
        if not isinstance(binding, dict):
            continue
        rows = [(str(k), v if isinstance(v, (str, int, float, bool)) else
                 json.dumps(v, ensure_ascii=False, default=str))
                for k, v in binding.items() if k != "bindingVersion"]
        out.append({"protocol": protocol, "version": binding.get("bindingVersion", ""),
                    "rows": rows})
    return out


def _message(walker: Walker, msg: Message, words: fields.Words = None) -> dict[str, Any]:
    payload: Node | None = None
    if msg.payload is not None and not msg.schema_format:
        payload = walker.node(msg.payload)
    headers: list[Field] = []
    if msg.headers is not None:
        node = walker.node(msg.headers)
        headers = node.properties
    examples = []
    for n, ex in enumerate(msg.examples, start=1):
        examples.append({"name": ex.name or f"Example {n}", "summary": ex.summary,
                         "payload": _code(ex.payload, words=words) if ex.has_payload else "",
                         "headers": _code(ex.headers, words=words) if ex.has_headers else ""})
    if not examples and payload is not None:  # as the OpenAPI pages: one made from the schema
        made = samples.example_of(walker.data, msg.payload)
        if made is not None:
            examples.append({"name": "Generated from the schema", "summary": "",
                             "payload": _code(made, words=words), "headers": ""})
    return {"id": msg.id, "anchor": "message-" + _slug(msg.id), "label": msg.label,
            "name": msg.name, "title": msg.title, "summary": msg.summary,
            "description": msg.description, "content_type": msg.content_type,
            "payload": payload, "headers": headers, "examples": examples,
            "schema_format": msg.schema_format, "correlation": msg.correlation,
            "correlation_description": msg.correlation_description,
            "raw_payload": _code(msg.payload, "yaml" if "yaml" in msg.schema_format else "text",
                                 words)
            if msg.schema_format and msg.payload is not None else ""}


def context(doc: Document, ch: Channel, words: fields.Words = None) -> dict[str, Any]:
    """What ``asyncapi/channel.html`` draws for ``ch``, its labels in ``words`` (English)."""
    words = words if words is not None else i18n.words("en")
    walker = Walker(doc.data, "response")
    messages = [_message(walker, m, words) for m in ch.messages]
    labels = {m["id"]: m for m in messages}
    return {
        "channel": ch, "version": version(doc), "address": ch.address or ch.id,
        "servers": ch.servers, "parameters": ch.parameters, "bindings": _bindings(ch.bindings),
        "operations": [{"op": op, "messages": [labels[m] for m in op.messages if m in labels]}
                       for op in ch.operations],
        "messages": messages, "description": ch.description, "words": words,
    }


def _headings(ctx: dict[str, Any]) -> list[Heading]:
    out = []
    for key in ("parameters", "bindings", "operations", "messages"):
        if ctx[key]:
            out.append(Heading(level=2, text=ctx["words"][key], id=key))
            if key == "messages":
                out += [Heading(level=3, text=m["label"], id=m["anchor"]) for m in ctx[key]]
    return out


def _markdown_copy(ctx: dict[str, Any]) -> str:
    """The channel in Markdown, for the page's ``.md`` copy."""
    ch: Channel = ctx["channel"]
    out = [f"`{ctx['address']}`", ""]
    if ch.description:
        out += [ch.description, ""]
    for op in ctx["operations"]:
        names = ", ".join(m["label"] for m in op["messages"])
        out.append(f"- **{op['op'].action}** {op['op'].title or op['op'].id}: {names}")
    for m in ctx["messages"]:
        out += ["", f"## {m['label']}", ""]
        if m["description"]:
            out += [m["description"], ""]
        if m["payload"] is not None:
            out.append(api_md.schema("Payload", m["payload"]))
    return "\n".join(out).strip() + "\n"


def render(site: Site, page: Page) -> RenderedPage:
    """Render a channel page (``kind == "asyncapi"``).

    Raises:
        MdxsiteError: the channel left the document since the navigation was read (watch mode).
    """
    from mdxsite.output.theme import site_environment

    spec, cid = str(page.data["spec"]), str(page.data["channel"])
    doc = document(site, spec)
    ch = channel(doc, cid)
    if ch is None:
        raise MdxsiteError([Problem(Location(spec), f"channel {cid!r} is not in the document",
                                    "add it back, or remove the page", code="asyncapi.missing-channel")])
    ctx = context(doc, ch, i18n.page_words(site, page))
    env = site_environment(site)
    out = env.get_template("asyncapi/channel.html").render(
        md=markdown, **fields.helpers(markdown, fragments.url_for(
            site, spec, i18n.page_language(site, page)), ctx["words"]), **ctx)
    return _finish(site, page, out, _headings(ctx), spec, _markdown_copy(ctx))
