"""Scan JSX tags and ``{expressions}`` in MDX source, with offsets for located messages."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.entities import html5

_NAME = re.compile(r"[A-Za-z][\w.:-]*")
# an attribute name as JSX has it: a name, or namespace:name (xlink:href); no '@', '.' or
# leading ':' (Vue's @click, :class), which MDX rejects
_ATTR = re.compile(r"[A-Za-z_$][\w$-]*(?::[A-Za-z_$][\w$-]*)?")
# A tag whose props are all strings or bare names, in one match (most tags are): the same
# tag _scan_tag reads character by character, which any other tag falls back to (speed only).
# Possessive and atomic, so the pattern never splits a name the scanner reads whole.
_ATTR_PART = r"""(?>\s*[A-Za-z_$][\w$-]*+(?::[A-Za-z_$][\w$-]*+)?(?:[ \t]*=\s*(?:"[^"]*"|'[^']*'))?)"""
_SIMPLE_TAG = re.compile(r"<([A-Za-z][\w.:-]*+)((?:%s)*)\s*(/?)>" % _ATTR_PART)
_SIMPLE_CLOSE = re.compile(r"</([A-Za-z][\w.:-]*+)\s*(/?)>")
_SIMPLE_ATTR = re.compile(r"""\s*([A-Za-z_$][\w$-]*+(?::[A-Za-z_$][\w$-]*+)?)(?:[ \t]*=\s*(?:"([^"]*)"|'([^']*)'))?""")
# a character reference, terminated by ';' as MDX wants it in a quoted attribute value
_LINE_INDENT = re.compile(r"\n[ \t]+")
_REFERENCE = re.compile(r"&(?:#[xX][0-9A-Fa-f]{1,6}|#[0-9]{1,7}|([A-Za-z][A-Za-z0-9]{0,31}));")


def decoded(value: str) -> str:
    """A quoted attribute value as JSX reads it: its character references decoded
    (``title="Q&amp;A"`` is ``Q&A``, ``&#169;`` and ``&copy;`` are ``©``), an unknown name
    (``&bogus;``) or a reference without its ``;`` kept as written, as the platform's parser
    (mdast-util-mdx-jsx) does; a line it continues on starts at its first character that is
    not a space or tab (the platform's parser takes the indent as the line's prefix)."""
    if "\n" in value:
        value = _LINE_INDENT.sub("\n", value)
    if "&" not in value:
        return value
    return _REFERENCE.sub(lambda m: html5.get(m.group(1) + ";", m.group()) if m.group(1)
                          else html.unescape(m.group()), value)


@dataclass
class Prop:
    """One attribute: ``title="x"`` (string), ``cols={2}`` (expr), ``open`` (bare).

    A string's ``raw`` is its value as JSX reads it (character references decoded: see
    :func:`decoded`); an expression's is its source between the braces."""

    name: str
    raw: str = ""
    kind: str = "bare"  # "string", "expr", "bare", "spread"


@dataclass
class Tag:
    name: str                     # "Card", "Tree.Folder", "div"; "" for a fragment <>
    start: int
    end: int                      # offset just after '>'
    closing: bool = False         # </Name>
    self_closing: bool = False    # <Name />
    props: list[Prop] = field(default_factory=list)

    @property
    def is_component(self) -> bool:
        return bool(self.name) and (self.name[0].isupper() or "." in self.name)


def skip_expression(src: str, i: int) -> int:
    """Return the offset just after the ``}`` matching ``src[i] == '{'``, or -1."""
    depth = 0
    for kind, at in _braces(src, i):
        if kind == "{":
            depth += 1
        elif kind == "}":
            depth -= 1
            if depth == 0:
                return at + 1
        else:
            return -1
    return -1


def unclosed_braces(src: str, i: int) -> set[int]:
    """Every ``{`` from ``src[i]`` on that :func:`skip_expression` cannot close, in one pass.

    The scan from a later ``{`` skips strings, comments and elements exactly as the scan from
    ``src[i]`` does, so one stack answers for all of them: a line of 100,000 ``{`` costs one
    pass, not one pass per brace."""
    stack: list[int] = []
    for kind, at in _braces(src, i):
        if kind == "{":
            stack.append(at)
        elif kind == "}":
            if stack:
                stack.pop()
        else:  # an unterminated string, comment or template: nothing after it closes
            break
    return set(stack)


def _braces(src: str, i: int) -> Iterator[tuple[str, int]]:
    """The braces of JavaScript-ish source from ``i`` on, outside strings, template literals,
    comments and JSX elements: ``("{", at)``, ``("}", at)``, or ``("end", at)`` where an
    unterminated one makes the rest unreadable."""
    n = len(src)
    while i < n:
        ch = src[i]
        if ch == "{":
            yield "{", i
        elif ch == "}":
            yield "}", i
        elif ch in "\"'":
            j = i + 1
            while j < n and src[j] != ch:
                if src[j] == "\\":
                    j += 1
                elif src[j] == "\n":
                    break  # a stray apostrophe in text, not a string
                j += 1
            if j < n and src[j] == ch:
                i = j
        elif ch == "`":
            j = i + 1
            while j < n and src[j] != "`":
                if src[j] == "\\":
                    j += 1
                elif src.startswith("${", j):
                    k = skip_expression(src, j + 1)
                    if k < 0:
                        yield "end", j
                        return
                    j = k - 1
                j += 1
            if j >= n:
                yield "end", i
                return
            i = j
        elif ch == "/" and src.startswith("/*", i):
            j = src.find("*/", i + 2)
            if j < 0:
                yield "end", i
                return
            i = j + 1
        elif ch == "/" and src.startswith("//", i):  # a line comment, braces and quotes too
            j = src.find("\n", i)
            i = n if j < 0 else j
            continue
        elif ch == "<" and i + 1 < n and (src[i + 1].isalpha() or src[i + 1] == ">"):
            end = scan_element(src, i)
            if end > 0:
                i = end - 1
        i += 1


def scan_tag(src: str, i: int, memo: dict[int, Tag | None] | None = None) -> Tag | None:
    """Scan the tag starting at ``src[i] == '<'``; return None if this is not a tag.

    ``memo`` (offset -> tag, for this one ``src``) answers a tag already scanned: callers
    that look at the same tags again and again (every element's end, every block start)
    keep one per source text. Tags are never changed once scanned, so they can be shared.
    """
    if memo is not None:
        if i in memo:
            return memo[i]
        found = memo[i] = _scan_tag(src, i)
        return found
    return _scan_tag(src, i)


def _scan_tag(src: str, i: int) -> Tag | None:
    m = _SIMPLE_TAG.match(src, i)
    if m is not None:
        tag = Tag(m.group(1), i, m.end(), self_closing=bool(m.group(3)))
        attrs = m.group(2)
        at = 0
        while at < len(attrs):
            a = _SIMPLE_ATTR.match(attrs, at)
            assert a is not None  # the same pattern matched it as part of the tag
            if a.group(2) is not None:
                tag.props.append(Prop(a.group(1), decoded(a.group(2)), "string"))
            elif a.group(3) is not None:
                tag.props.append(Prop(a.group(1), decoded(a.group(3)), "string"))
            else:
                tag.props.append(Prop(a.group(1)))
            at = a.end()
        return tag
    m = _SIMPLE_CLOSE.match(src, i)
    if m is not None:
        return Tag(m.group(1), i, m.end(), closing=True, self_closing=bool(m.group(2)))
    return _scan_tag_slowly(src, i)


def _scan_tag_slowly(src: str, i: int) -> Tag | None:
    n = len(src)
    j = i + 1
    closing = False
    if j < n and src[j] == "/":
        closing = True
        j += 1
    if j < n and src[j] == ">":  # fragment <> or </>
        return Tag("", i, j + 1, closing=closing)
    m = _NAME.match(src, j)
    if not m:
        return None
    tag = Tag(m.group(), i, -1, closing=closing)
    j = m.end()
    while True:
        while j < n and src[j].isspace():
            j += 1
        if j >= n:
            return None
        ch = src[j]
        if ch == ">":
            tag.end = j + 1
            return tag
        if src.startswith("/>", j):
            tag.self_closing = True
            tag.end = j + 2
            return tag
        if closing:
            return None
        if ch == "{":
            end = skip_expression(src, j)
            if end < 0:
                return None
            inner = src[j + 1: end - 1].strip()
            if inner.startswith("/*"):
                j = end
                continue
            spread = inner[3:].strip() if inner.startswith("...") else inner
            tag.props.append(Prop(spread, spread, "spread"))
            j = end
            continue
        am = _ATTR.match(src, j)
        if not am:
            return None
        name = am.group()
        j = am.end()
        k = j
        while k < n and src[k] in " \t":
            k += 1
        if k < n and src[k] == "=":
            k += 1
            while k < n and src[k].isspace():
                k += 1
            if k >= n:
                return None
            q = src[k]
            if q in "\"'":
                end = src.find(q, k + 1)
                if end < 0:
                    return None
                tag.props.append(Prop(name, decoded(src[k + 1:end]), "string"))
                j = end + 1
            elif q == "{":
                end = skip_expression(src, k)
                if end < 0:
                    return None
                tag.props.append(Prop(name, src[k + 1:end - 1], "expr"))
                j = end
            else:
                return None
        else:
            tag.props.append(Prop(name))


def tag_problem(src: str, i: int) -> tuple[int, str]:
    """Where and why ``src[i:]``, a ``<`` and a name, is no tag (:func:`scan_tag` said None):
    the offset MDX's parser stops at and what it expected there. MDX reads every ``<`` before a
    letter as JSX, and fails the page when the tag goes wrong."""
    n = len(src)
    j = i + 2 if src.startswith("</", i) else i + 1
    closing = j == i + 2
    m = _NAME.match(src, j)
    if not m:
        return j, "a tag name"
    j = m.end()
    while True:
        while j < n and src[j].isspace():
            j += 1
        if j >= n:
            return n, "the '>' ending the tag"
        if closing:
            return j, "the '>' ending the closing tag (a closing tag has no attributes)"
        if src[j] == "{":
            end = skip_expression(src, j)
            if end < 0:
                return j, "a '}' closing this expression"
            j = end
            continue
        am = _ATTR.match(src, j)
        if not am:
            return j, "an attribute name, '/>' or '>'"
        j = k = am.end()
        while k < n and src[k] in " \t":
            k += 1
        if k >= n or src[k] != "=":
            continue
        k += 1
        while k < n and src[k].isspace():
            k += 1
        if k < n and src[k] in "\"'":
            end = src.find(src[k], k + 1)
            if end < 0:
                return n, f"the {src[k]} closing the value of {am.group()!r}"
            j = end + 1
        elif k < n and src[k] == "{":
            j = skip_expression(src, k)
            if j < 0:
                return k, "a '}' closing this expression"
        else:
            return k, f'a value for {am.group()!r} in quotes ("…") or braces ({{…}})'


def scan_element(src: str, i: int, memo: dict[int, Tag | None] | None = None,
                 stop: int | None = None) -> int:
    """Return the end offset of the whole element starting at ``i`` (children included), or -1.

    ``memo`` is :func:`scan_tag`'s. With ``stop``, the closing tag is looked for only among
    the tags starting before that offset (-1 if none closes the element there): a caller asking
    whether an element closes on its first line need not scan a long body to its end."""
    first = scan_tag(src, i, memo)
    if first is None or first.closing:
        return -1
    if first.self_closing:
        return first.end
    depth = 1
    j = first.end
    limit = len(src) if stop is None else min(stop, len(src))
    while j < limit:
        k = src.find("<", j, limit)
        if k < 0:
            return -1
        tag = scan_tag(src, k, memo)
        if tag is None:
            j = k + 1
            continue
        if tag.name == first.name:
            if tag.closing:
                depth -= 1
                if depth == 0:
                    return tag.end
            elif not tag.self_closing:
                depth += 1
        j = tag.end
    return -1
