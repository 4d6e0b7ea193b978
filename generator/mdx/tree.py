"""The parsed tree of a page, as JSON: what ``mdxsite tree PAGE`` prints.

The shape follows mdast, the tree the platform's MDX parser builds (``mdxJsxFlowElement``,
``paragraph``, ``listItem``...), so an author can compare what mdxsite understood with what
the platform would, and the parity test can compare the two trees node by node. Each node
has ``type`` and ``line`` (1-based, in the file), and the fields mdast gives it: ``name`` and
``attributes`` for components and HTML elements, ``value`` for text and code, ``depth``,
``ordered``, ``lang``, ``url``, ``children``. Props are shown as written: a string prop's
text, an expression prop as ``{"expression": source}`` with ``"evaluated"``, its value, when
it is a literal mdxsite evaluates (``{true}``, ``{["a", "b"]}``, ``{{cols: 2}}``).
"""

from __future__ import annotations

import json
from typing import Any

from markdown_it.token import Token

from mdxsite.mdx import frontmatter, jsvalue
from mdxsite.mdx.jsx import Tag
from mdxsite.mdx.syntax import prepare

Node = dict[str, Any]

# markdown-it open tokens and the mdast node each becomes
_BLOCKS = {"paragraph_open": "paragraph", "blockquote_open": "blockquote",
           "bullet_list_open": "list", "ordered_list_open": "list", "list_item_open": "listItem",
           "table_open": "table", "tr_open": "tableRow", "th_open": "tableCell",
           "td_open": "tableCell", "footnote_open": "footnoteDefinition"}
_INLINE = {"em_open": "emphasis", "strong_open": "strong", "s_open": "delete",
           "link_open": "link"}
_SKIP = {"thead_open", "tbody_open", "thead_close", "tbody_close", "footnote_block_open",
         "footnote_block_close", "footnote_anchor"}


def page_tree(text: str, file: str = "page.mdx") -> Node:
    """Return the tree of a page's source (frontmatter included, as a ``yaml`` node)."""
    from mdxsite.mdx.render import parser

    root: Node = {"type": "root", "children": [], "line": 1}
    _, body, offset = frontmatter.split(text, file)
    if offset:
        lines = text.split("\n")[:offset]
        close = max(i for i, line in enumerate(lines) if line.strip() == "---")
        root["children"].append({"type": "yaml", "value": "\n".join(lines[1:close]),
                                 "line": 1})
    prepared, origin, _ = prepare(body)
    tokens = parser().parse(prepared, {})
    _Builder(origin, offset).blocks(tokens, root)
    return root


class _Builder:
    def __init__(self, origin: list[int], offset: int) -> None:
        self.origin, self.offset = origin, offset

    def line(self, tok: Token) -> int:
        start = tok.map[0] if tok.map else 0
        return (self.origin[start] if start < len(self.origin) else start) + self.offset + 1

    def blocks(self, tokens: list[Token], root: Node) -> None:
        stack = [root]
        for tok in tokens:
            t = tok.type
            top = stack[-1]
            if t in _SKIP:
                continue
            if t in _BLOCKS:
                node = self.block_node(tok)
                top["children"].append(node)
                stack.append(node)
            elif t == "jsx_open":
                node = self.element("mdxJsxFlowElement", tok.meta["tag"], self.line(tok))
                top["children"].append(node)
                stack.append(node)
            elif tok.nesting == -1 and len(stack) > 1 and (t == "jsx_close" or
                                                           t.replace("_close", "_open") in _BLOCKS):
                stack.pop()
            elif t == "heading_open":
                node = {"type": "heading", "depth": int(tok.tag[1]), "children": [],
                        "line": self.line(tok)}
                top["children"].append(node)
                stack.append(node)
            elif t == "heading_close" and len(stack) > 1:
                stack.pop()
            elif t == "inline":
                top["children"].extend(self.inline(tok.children or [], self.line(tok)))
            elif t in ("fence", "code_block"):
                info = tok.info.strip().split(None, 1)
                top["children"].append({"type": "code", "lang": info[0] if info else None,
                                         "meta": info[1] if len(info) > 1 else None,
                                         "value": tok.content[:-1] if
                                         tok.content.endswith("\n") else tok.content,
                                         "line": self.line(tok)})
            elif t == "hr":
                top["children"].append({"type": "thematicBreak", "line": self.line(tok)})
            elif t in ("math_block", "math_block_label"):
                top["children"].append({"type": "math", "value": tok.content.strip("\n"),
                                        "line": self.line(tok)})
            elif t == "jsx_self":
                top["children"].append(self.element("mdxJsxFlowElement", tok.meta["tag"],
                                                     self.line(tok)))
            elif t == "jsx_expr_block":
                top["children"].append({"type": "mdxFlowExpression", "value": _inner(tok.content),
                                        "line": self.line(tok)})
            elif t == "mdx_statement":
                top["children"].append({"type": "mdxjsEsm", "value": tok.content.strip(),
                                        "line": self.line(tok)})

    def block_node(self, tok: Token) -> Node:
        kind = _BLOCKS[tok.type]
        node: Node = {"type": kind, "children": [], "line": self.line(tok)}
        if kind == "list":
            node["ordered"] = tok.type == "ordered_list_open"
        return node

    def inline(self, tokens: list[Token], line: int) -> list[Node]:
        out: list[Node] = []
        stack: list[list[Node]] = [out]
        for tok in tokens:
            t = tok.type
            here = stack[-1]
            if t == "text":
                if here and here[-1]["type"] == "text":
                    here[-1]["value"] += tok.content
                else:
                    here.append({"type": "text", "value": tok.content, "line": line})
            elif t in ("softbreak", "hardbreak"):
                if t == "hardbreak":
                    here.append({"type": "break", "line": line})
                elif here and here[-1]["type"] == "text":
                    here[-1]["value"] += "\n"
                else:
                    here.append({"type": "text", "value": "\n", "line": line})
            elif t == "code_inline":
                here.append({"type": "inlineCode", "value": tok.content, "line": line})
            elif t == "math_inline" or t == "math_inline_double":
                here.append({"type": "inlineMath", "value": tok.content, "line": line})
            elif t in _INLINE:
                node: Node = {"type": _INLINE[t], "children": [], "line": line}
                if t == "link_open":
                    node["url"] = tok.attrGet("href")
                here.append(node)
                stack.append(node["children"])
            elif t.endswith("_close") and t.replace("_close", "_open") in _INLINE and len(stack) > 1:
                stack.pop()
            elif t == "image":
                here.append({"type": "image", "url": tok.attrGet("src"), "alt": tok.content,
                             "line": line})
            elif t == "jsx_inline_open":
                node = self.element("mdxJsxTextElement", tok.meta["tag"], line)
                here.append(node)
                stack.append(node["children"])
            elif t == "jsx_inline_close" and len(stack) > 1:
                stack.pop()
            elif t == "jsx_inline_self":
                here.append(self.element("mdxJsxTextElement", tok.meta["tag"], line))
            elif t == "jsx_expr":
                here.append({"type": "mdxTextExpression", "value": _inner(tok.content),
                             "line": line})
            elif t == "footnote_ref":
                here.append({"type": "footnoteReference", "line": line})
        return out

    @staticmethod
    def element(kind: str, tag: Tag, line: int) -> Node:
        attributes: list[dict[str, Any]] = []
        for prop in tag.props:
            if prop.kind == "spread":
                attributes.append({"spread": f"...{prop.raw}"})  # as mdast keeps it
            elif prop.kind == "string":
                attributes.append({"name": prop.name, "value": prop.raw})
            elif prop.kind == "expr":
                value: dict[str, Any] = {"expression": prop.raw}
                evaluated = _evaluated(prop.raw)
                if evaluated is not _UNEVALUABLE:
                    value["evaluated"] = evaluated
                attributes.append({"name": prop.name, "value": value})
            else:
                attributes.append({"name": prop.name, "value": None})
        return {"type": kind, "name": tag.name or None, "attributes": attributes,
                "children": [], "line": line}


_UNEVALUABLE = object()


def _evaluated(source: str) -> Any:
    """The JSON value of a literal prop expression (``{true}``, ``{{a: 1}}``), as mdxsite
    evaluates it for components; _UNEVALUABLE for anything else (a call, a variable, JSX)."""
    try:
        value, undefined = jsvalue.evaluate(source)
    except jsvalue.Unevaluable:
        return _UNEVALUABLE
    if undefined:
        return _UNEVALUABLE
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return _UNEVALUABLE  # JSX or a component: shown by its expression only
    return value


def _inner(source: str) -> str:
    """An expression's source without its braces."""
    text = source.strip()
    return text[1:-1] if text.startswith("{") and text.endswith("}") else text
