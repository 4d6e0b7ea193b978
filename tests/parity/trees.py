"""Compare mdxsite's page tree (``mdxsite tree``) with the platform parser's mdast.

Every normalisation applied before the comparison is listed in NORMALISATIONS, and only
there: the parity test prints it with the agreement rate.
"""

from __future__ import annotations

import re
from urllib.parse import unquote
from typing import Any

NORMALISATIONS = [
    "positions are ignored (mdast keeps columns and end points; the tree keeps start lines)",
    "whitespace in text is collapsed to one space and trimmed at the edges of its parent: "
    "HTML rendering treats it so, and the two parsers split soft breaks differently",
    "adjacent text nodes are merged, empty ones dropped",
    "list 'start' and 'spread', list item 'spread' and 'checked', table 'align', link and "
    "image 'title', image 'alt' and code 'meta' are not compared (the renderer reads them "
    "from the source; the comparison is about structure)",
    "footnote definitions are left out (mdast keeps them in place; markdown-it moves them to "
    "the end of the page)",
    "expression sources and attribute expressions are compared with whitespace collapsed",
    "consecutive import/export statements are one mdxjsEsm node (mdast keeps a run of them "
    "in one node; mdxsite reads each statement)",
    "inline code is compared with whitespace collapsed (CommonMark turns its line endings into "
    "spaces; mdast keeps them raw with the line's indentation)",
    "link and image URLs are compared percent-decoded (markdown-it encodes them for HTML)",
    "a table row's trailing empty cells are not compared (markdown-it fills a short row to "
    "the header's width, mdast keeps it short)",
    "a paragraph holding nothing but elements and expressions (`<Note>text</Note>` alone on "
    "its line, or `<Icon /> <br /> {x}`) is those elements and expressions as blocks: mdast "
    "and mdxsite split such a line differently (mdxsite may wrap it in a <p>); the elements' "
    "own children are compared as usual",
    "line endings in code and in a quoted attribute value are compared as \\n (mdast keeps "
    "a file's \\r\\n)",
    "a table row's cells past the header's count are not compared (mdast keeps them; the "
    "platform's HTML drops them, as markdown-it does)",
    "a link or image reference is compared as the link or image its definition makes, and "
    "definitions are left out (markdown-it resolves references as it parses)",
    "a heading's trailing {#custom-id} is not compared (the platform takes it off the heading "
    "before it compiles, so the oracle is given the page without it)",
]

_KEEP = {"type", "name", "depth", "ordered", "lang", "url", "value", "attributes", "children"}
_WS = re.compile(r"\s+")


def normal(node: dict[str, Any]) -> Any:
    """The comparable form of a node: a tuple, children normalised recursively."""
    if node["type"] == "root":
        node = _resolved(node, {d["identifier"]: d["url"] for d in _walk(node)
                                if d["type"] == "definition"})
    kind = node["type"]
    fields = []
    for key in sorted(_KEEP - {"children", "type"}):
        if key not in node:
            continue
        value = node[key]
        if key == "url" and kind == "image":
            continue
        if key == "value" and isinstance(value, str):
            value = value.replace("\r\n", "\n") if kind == "code" else _WS.sub(" ", value).strip()
        if key == "url" and isinstance(value, str):
            value = unquote(value)
        if key == "attributes":
            value = tuple(_attribute(a) for a in value)
        fields.append((key, value))
    children = tuple(_children(node.get("children", [])))
    return (kind, tuple(fields), children)


def _walk(node: dict[str, Any]) -> Any:
    yield node
    for child in node.get("children", []):
        yield from _walk(child)


_REFERENCES = {"linkReference": "link", "imageReference": "image"}


def _resolved(node: dict[str, Any], urls: dict[str, str]) -> dict[str, Any]:
    """``node`` with references as the links and images their definitions make, definitions
    left out, and a heading's trailing ``{#id}`` expression dropped."""
    kind = node["type"]
    if kind in _REFERENCES and node.get("identifier") in urls:
        node = {**node, "type": _REFERENCES[kind], "url": urls[node["identifier"]]}
    children = [c for c in node.get("children", []) if c["type"] != "definition"]
    if kind == "heading" and children and children[-1]["type"] == "mdxTextExpression" and \
            str(children[-1]["value"]).startswith("#"):
        children = children[:-1]
    if kind == "table" and children:
        width = len(children[0].get("children", []))
        children = [{**row, "children": row.get("children", [])[:width]} for row in children]
    if "children" not in node:
        return node
    return {**node, "children": [_resolved(c, urls) for c in children]}


def _attribute(a: dict[str, Any]) -> Any:
    value = a.get("value", a.get("spread"))
    if isinstance(value, dict):
        value = ("expression", _WS.sub(" ", str(value.get("expression", ""))).strip())
    elif isinstance(value, str):
        value = value.replace("\r\n", "\n")
    return (a.get("name"), value)


_AS_BLOCK = {"mdxJsxTextElement": "mdxJsxFlowElement", "mdxTextExpression": "mdxFlowExpression"}


def _as_blocks(node: dict[str, Any]) -> list[dict[str, Any]] | None:
    """A paragraph of nothing but elements and expressions, as those blocks (else None)."""
    inside = [c for c in node.get("children", [])
              if not (c["type"] == "text" and not c["value"].strip())]
    if node["type"] != "paragraph" or not inside or any(c["type"] not in _AS_BLOCK for c in inside):
        return None
    return [{**c, "type": _AS_BLOCK[c["type"]]} for c in inside]


def _children(children: list[dict[str, Any]]) -> list[Any]:
    merged: list[dict[str, Any]] = []
    spliced: list[dict[str, Any]] = []
    for child in children:
        spliced += _as_blocks(child) or [child]
    for child in spliced:
        if child["type"] == "footnoteDefinition":
            continue
        if child["type"] in ("text", "mdxjsEsm") and merged and merged[-1]["type"] == child["type"]:
            glue = "\n" if child["type"] == "mdxjsEsm" else ""
            merged[-1] = {**merged[-1], "value": merged[-1]["value"] + glue + child["value"]}
        else:
            merged.append(child)
    if merged and merged[0]["type"] == "text":
        merged[0] = {**merged[0], "value": merged[0]["value"].lstrip()}
    if merged and merged[-1]["type"] == "text":
        merged[-1] = {**merged[-1], "value": merged[-1]["value"].rstrip()}
    out = [normal(c) for c in merged if not (c["type"] == "text" and not c["value"].strip())]
    while out and out[-1][0] == "tableCell" and not out[-1][2]:
        out.pop()
    return out


def first_difference(ours: Any, theirs: Any, path: str = "root") -> str:
    """Where two normalised trees first differ, for a readable failure."""
    if ours[0] != theirs[0] or ours[1] != theirs[1]:
        return f"{path}: ours {ours[0]} {dict(ours[1])}, platform {theirs[0]} {dict(theirs[1])}"
    for i, (a, b) in enumerate(zip(ours[2], theirs[2])):
        if a != b:
            return first_difference(a, b, f"{path}/{i}:{a[0]}")
    if len(ours[2]) != len(theirs[2]):
        extra = ours[2][len(theirs[2]):] or theirs[2][len(ours[2]):]
        who = "ours" if len(ours[2]) > len(theirs[2]) else "platform"
        return f"{path}: {who} has {len(extra)} more children, first {extra[0][0]} {dict(extra[0][1])}"
    return ""
