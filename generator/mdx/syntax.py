"""MDX syntax as a markdown-it plugin: JSX blocks and inlines, ``{expressions}``, import/export.

``mdx_plugin(md)`` adds named rules; per-page state lives in ``env`` (never module globals),
so one parser serves every page and worker. MDX has no indented code blocks (its authors
indent JSX children freely), so the ``code`` rule is disabled and each component's children
are dedented before parsing (:func:`dedent_children`), which keeps fences indented inside
components working.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, MutableMapping
from dataclasses import replace
from itertools import accumulate
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline

from mdxsite.mdx.jsx import Tag, scan_element, scan_tag, skip_expression, tag_problem, unclosed_braces

VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
# markdown-it-py's link rule is quadratic in a run of "[" (100,000 of them: seconds)
_BRACKET_RUN = 64
_BRACKETS = re.compile(r"\[{%d,}" % _BRACKET_RUN)
_STATEMENT = re.compile(r"^(import|export)\s")
COMMENT_ERROR = {"message": "HTML comments are not allowed in MDX",
                 "hint": "write {/* comment */} instead"}


# --------------------------------------------------------------------------- code spans

_TICKS = re.compile(r"(?<!\\)`+")


def open_code_span(text: str, open_run: int = 0) -> int:
    """Return the length of the backtick run left open at the end of ``text`` (0: none).

    A code span may cross a line break inside a paragraph, and wins over JSX there, as in
    micromark: ``<word>`` on the next line is code, not a tag. ``open_run`` is the run left open
    by earlier lines of the same paragraph.
    """
    if "`" not in text:  # most lines (speed only)
        return open_run
    for run in _TICKS.finditer(text):
        width = len(run.group())
        if not open_run:
            open_run = width
        elif width == open_run:
            open_run = 0
    return open_run


def span_closes(following: Iterable[str], width: int) -> bool:
    """True when a run of ``width`` backticks in the paragraph's ``following`` lines closes a
    span left open; without one the opening run is literal text, as in CommonMark."""
    for count, line in enumerate(following):
        if not line.strip() or count > 50:
            return False
        if any(len(run.group()) == width for run in _TICKS.finditer(line)):
            return True
    return False


def _code_continues(state: StateBlock, start_line: int) -> bool:
    """True when the paragraph above ``start_line`` leaves a code span open onto it."""
    # a paragraph asks its terminators about each next line with state.line on its first line
    if state.parentType != "paragraph" or not state.line < start_line:
        return False
    width = open_code_span(state.src[state.bMarks[state.line]:state.bMarks[start_line]])
    following = (state.src[state.bMarks[k]:state.eMarks[k]] for k in range(start_line, state.lineMax))
    return width > 0 and span_closes(following, width)


# --------------------------------------------------------------------------- indentation

def prepare(text: str) -> tuple[str, list[int], list[tuple[int, str, str, str]]]:
    """Put block JSX tags on lines of their own and dedent each component's children.

    ``<Note>Text`` and ``Text</Note>`` are split so the tag stands alone; the returned list
    maps each new line to its line in ``text``, so messages keep pointing at the source. The
    errors (prepared line, message, hint, needle) are the pairings MDX rejects: a tag opened
    inside a paragraph must close inside it, a tag opened on its own line closes on its own.
    """
    src_lines = text.split("\n")
    lines: list[str] = []
    origin: list[int] = []
    stack: list[str] = []
    fence = ""
    work = [(line, n) for n, line in enumerate(src_lines)]
    work.reverse()
    ticks = 0  # a code span left open by the paragraph's earlier lines
    in_span: set[int] = set()  # lines that continue a code span: never tags
    opened_inline: list[bool] = []  # for each tag on the stack: text followed it on its line
    errors: list[tuple[int, str, str, str]] = []
    while work:
        line, n = work.pop()
        if "`" not in line and "~" not in line:  # no fence mark, no code span (speed only)
            if fence:  # a line of code
                lines.append(line)
                origin.append(n)
                continue
            if not ticks and "<" not in line:  # no tag either: the line stays as it is
                if "[" * _BRACKET_RUN in line:
                    line = _BRACKETS.sub(lambda m: "\\[" * len(m.group()), line)
                lines.append(line)
                origin.append(n)
                continue
        m = _FENCE.match(line)
        if not fence and not m:
            carried = ticks
            ticks = open_code_span(line, ticks) if line.strip() else 0
            if ticks and not span_closes((w for w, _ in reversed(work)), ticks):
                ticks = 0
            if carried:
                in_span.add(len(lines))
                lines.append(line)  # inside a code span: text, whatever it looks like
                origin.append(n)
                continue
        if fence or m:
            if fence:
                if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and \
                        not line.strip()[len(m.group(1)):].strip():
                    fence = ""
            elif m:
                fence = m.group(1)
            lines.append(line)
            origin.append(n)
            continue
        stripped = line.lstrip()
        indent = line[:len(line) - len(stripped)]
        if stripped.startswith("<") and not stripped.startswith("<!--"):
            # a tag may span several lines: join what follows until it closes
            joined, used = stripped, 0
            tag = scan_tag(joined, 0)
            while tag is None and used < 40 and work and ">" not in joined[-1:]:
                nxt, _ = work[-1]
                if not nxt.strip():
                    break
                joined += "\n" + work.pop()[0]
                used += 1
                tag = scan_tag(joined, 0)
            if tag is not None and (tag.is_component or tag.name.lower() not in VOID):
                head, rest = joined[:tag.end], joined[tag.end:]
                if tag.self_closing and rest.strip():
                    head, rest = joined, ""  # <Icon /> and text: one paragraph, as in MDX
                elif tag.closing:
                    if stack and stack[-1] == tag.name:
                        stack.pop()
                        opened_inline.pop()
                elif not tag.self_closing:
                    whole = scan_element(joined, 0)
                    if whole < 0 or "\n" in joined[tag.end:whole] or joined[whole:].strip():
                        if whole < 0 or "\n" in joined[tag.end:whole]:
                            stack.append(tag.name)
                            inline = bool(rest.strip())
                            opened_inline.append(inline)
                            if inline and not _closes_in_paragraph(tag.name, work):
                                errors.append((len(lines), *_open_in_paragraph(tag.name)))
                        else:  # <Tip>text</Tip> more text: keep as one line
                            head, rest = joined, ""
                    else:
                        head, rest = joined, ""
                for k, part in enumerate(head.split("\n")):
                    lines.append((indent if k == 0 else "") + part)
                    origin.append(n + k)
                if rest.strip():
                    work.append((indent + rest.lstrip(), n + head.count("\n")))
                continue
            if used:  # not a tag after all: give the joined lines back
                parts = joined.split("\n")
                lines.append(indent + parts[0])
                origin.append(n)
                for k in range(len(parts) - 1, 0, -1):  # work is a stack: last line first
                    work.append((parts[k], n + k))
                continue
        if stack:
            close = f"</{stack[-1]}>"
            at = line.rfind(close)
            if at > 0 and line[:at].strip(" \t>") and not line[at + len(close):].strip() and \
                    not _opens_on_line(stack[-1], line[:at]):
                if not opened_inline[-1]:  # opened on a line of its own: it closes on one too
                    errors.append((len(lines), f"{close} follows text on its line, but "
                                   f"<{stack[-1]}> was opened on a line of its own",
                                   f"put {close} on a line of its own", close))
                lines.append(line[:at])
                origin.append(n)
                work.append((indent + close, n))
                continue
        if "[" * _BRACKET_RUN in line:  # no link starts in such a run; escaped, it stays text
            line = _BRACKETS.sub(lambda m: "\\[" * len(m.group()), line)
        lines.append(line)
        origin.append(n)
    return dedent_children("\n".join(lines), in_span), origin, errors


def _opens_on_line(name: str, text: str) -> bool:
    """True when ``text`` opens more ``<name>`` elements than it closes: a closing tag after
    it is theirs (``<Tooltip tip="t">x</Tooltip>`` inside a Tooltip's body), not the body's."""
    opened = closed = 0
    for m in re.finditer(rf"<(/?){re.escape(name)}(?=[\s/>])", text):
        tag = scan_tag(text, m.start())
        if tag is None or tag.self_closing:
            continue
        if tag.closing:
            closed += 1
        else:
            opened += 1
    return opened > closed


def _closes_in_paragraph(name: str, work: list[tuple[str, int]]) -> bool:
    """True when ``</name>`` ends a later line of the paragraph, after text (``work`` holds
    the lines to come, last first). ``<Info>Text`` opens the element inside a paragraph;
    MDX rejects the page unless it closes there too."""
    for line, _ in reversed(work):
        if not line.strip():
            return False
        at = line.find(f"</{name}>")
        if at >= 0:
            return bool(line[:at].strip())
    return False


def _open_in_paragraph(name: str) -> tuple[str, str, str]:
    return (f"<{name}> is followed by text on its line, so it opens inside a paragraph and "
            f"must close before the paragraph ends",
            f"put <{name}> on a line of its own, or close it in the same paragraph", f"<{name}")


def dedent_children(text: str, in_span: frozenset[int] | set[int] = frozenset(),
                    quotes: int = 0) -> str:
    """Remove each component body's common indentation, keeping line numbers unchanged.

    Lines in ``in_span`` continue a code span and hold no tags. ``quotes`` is how many block
    quotes ``text`` is inside (see :func:`_dedent_quotes`)."""
    lines = text.split("\n")
    offsets = [0, *accumulate(len(line) + 1 for line in lines[:-1])]
    blocks: list[tuple[int, int, int]] = []
    stack: list[tuple[str, int, int]] = []
    memo: dict[int, Tag | None] = {}  # an element's end scans the tags inside it again
    fence = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        if "`" not in line and "~" not in line and (fence or "<" not in line):
            i += 1  # a line of code, or of text without tags (speed only)
            continue
        m = _FENCE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and \
                    not line.strip()[len(m.group(1)):].strip():
                fence = ""
            i += 1
            continue
        if m:
            fence = m.group(1)
            i += 1
            continue
        stripped = line.lstrip()
        if stripped.startswith("<") and i not in in_span:
            start = offsets[i] + len(line) - len(stripped)
            tag = scan_tag(text, start, memo)
            if tag is not None and tag.name.lower() not in VOID:
                end_line = _line_of(offsets, tag.end - 1)
                if tag.closing:
                    # an unclosed tag inside (a mistake the parser reports) does not hide
                    # the bodies around it
                    names = [entry[0] for entry in stack]
                    if tag.name in names:
                        del stack[len(names) - 1 - names[::-1].index(tag.name) + 1:]
                        _, body_start, tag_line = stack.pop()
                        blocks.append((body_start, i, tag_line))
                elif not tag.self_closing:
                    whole = scan_element(text, start, memo)
                    if whole < 0 or _line_of(offsets, whole - 1) > end_line:
                        stack.append((tag.name, end_line + 1, i))
                i = max(i, end_line) + 1
                continue
        i += 1
    for start, end, tag_line in sorted(blocks):  # outer bodies first
        floor = _list_floor(lines, tag_line)
        _dedent(lines, start, end, floor)
        if _indent(lines[end]) > floor:  # a closing tag indented like the body, or deeper
            lines[end] = " " * floor + lines[end].lstrip(" \t")
    if "\n>" in text or text.startswith(">") or _QUOTE_LINE.search(text):
        _dedent_quotes(lines, quotes)
    return "\n".join(lines)


_QUOTE = re.compile(r"[ \t]*> ?")
_QUOTES_DEEPEST = 16  # quotes nested deeper keep their bodies as written (no page nests so)
_QUOTE_LINE = re.compile(r"^[ \t]+>", re.M)


def _dedent_quotes(lines: list[str], quotes: int) -> None:
    """Dedent the component bodies inside block quotes as :func:`dedent_children` does outside:
    each run of quoted lines is dedented without its first ``>`` marker, which is then put
    back; a quote inside it, the same way (down to a depth: a quote nested a thousand deep
    would be a thousand nested calls)."""
    if quotes >= _QUOTES_DEEPEST:
        return
    fence = ""
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = ""
            i += 1
            continue
        if m:
            fence = m.group(1)
            i += 1
            continue
        end = i
        while end < len(lines) and _QUOTE.match(lines[end]) is not None:
            end += 1
        if end == i:
            i += 1
            continue
        marks = [_QUOTE.match(line).group() for line in lines[i:end]]  # type: ignore[union-attr]
        inner = dedent_children("\n".join(line[len(mark):] for line, mark in
                                           zip(lines[i:end], marks)),
                                quotes=quotes + 1).split("\n")
        lines[i:end] = [mark + line for mark, line in zip(marks, inner)]
        i = end


_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])([ \t]+)(?=\S)")


def _list_floor(lines: list[str], tag_line: int) -> int:
    """The content column of the list item a component is opened in (0 outside lists).

    A body dedented past it would leave the item; within it, markdown-it's four-column rule
    holds, so the body is dedented to that column, not to the tag's own."""
    indent = _indent(lines[tag_line])
    if not indent:  # no line above is indented less: not inside a list item (speed only)
        return 0
    for k in range(tag_line - 1, max(-1, tag_line - 200), -1):
        line = lines[k]
        if not line.strip() or _indent(line) >= indent:
            continue
        item = _LIST_ITEM.match(line)
        if item is None:
            if _indent(line) == 0:
                return 0
            indent = _indent(line)  # a component inside the item: look further up
            continue
        gap = len(item.group(1))
        return min(item.end() - (gap - 1 if gap > 4 else 0), _indent(lines[tag_line]))
    return 0


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _line_of(offsets: list[int], pos: int) -> int:
    lo, hi = 0, len(offsets) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if offsets[mid] <= pos:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _dedent(lines: list[str], start: int, end: int, floor: int = 0) -> None:
    """Strip the body's indentation beyond its opening tag's (``floor``); fences do not set it.

    A fence's content moves with its opening line, so code keeps its own indentation whether
    the fence sits at the body's indentation or at column 0. The tag's own
    column stays: a component opened inside a list item keeps its body inside that item.
    """
    fence = ""
    counted: list[int] = []
    opener: dict[int, int] = {}  # a line of a fence (its fences too) -> its opening line's indent
    for k in range(start, end):
        line = lines[k]
        m = _FENCE.match(line)
        if fence:
            opener[k] = opener[k - 1]
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = ""
            continue
        if m:
            fence = m.group(1)
            opener[k] = _indent(line)
            continue  # pages put fences at column 0 inside indented bodies
        if line.strip():
            counted.append(_indent(line))
    indent = min(counted) - floor if counted else 0
    if indent <= 0:
        return
    for k in range(start, end):
        line = lines[k]
        # fence content moves with its opening line, keeping its own indentation
        cut = min(indent, opener.get(k, indent), _indent(line))
        lines[k] = line[cut:]


# --------------------------------------------------------------------------- block rules

def _line_end(state: StateBlock, pos: int, start_line: int) -> int:
    line = start_line
    while line < state.lineMax and state.eMarks[line] < pos:
        line += 1
    return line


def jsx_block(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    pos = state.bMarks[start_line] + state.tShift[start_line]
    src = state.src
    if pos >= len(src) or src[pos] != "<":
        return False
    if src.startswith("<!--", pos):
        if silent:
            return True
        close = src.find("-->", pos)
        last = _line_end(state, close if close >= 0 else len(src) - 1, start_line)
        tok = state.push("mdx_error", "", 0)
        tok.meta = dict(COMMENT_ERROR)
        tok.map = [start_line, last + 1]
        state.line = last + 1
        return True
    memo = _tag_memo(state.env, src)  # a block tag is asked about again as a terminator
    tag = scan_tag(src, pos, memo)
    if (tag is None or tag.end > state.eMarks[start_line]) and _quoted(state, start_line + 1):
        tag = memo[pos] = _quoted_tag(state, start_line, pos)
    # markdown-it asks its terminators with silent=True; a rule starting a block is not
    # continuing a paragraph, whatever state.parentType says (lheading leaves it "paragraph")
    if tag is None or (silent and _code_continues(state, start_line)):
        return False
    last = _line_end(state, tag.end - 1, start_line)
    rest = src[tag.end:state.eMarks[last]]
    if silent:
        # text after the tag: a lazy line of the paragraph, with an inline element in it
        return not (state.parentType == "paragraph" and not tag.closing and
                    _text_outside_tags(rest))
    void = tag.name.lower() in VOID and not tag.is_component
    if (tag.self_closing or void) and rest.strip():
        return False  # <Icon icon="x" /> followed by text: inline
    if not tag.closing and _text_outside_tags(rest) and _lazy_next(state, last + 1):
        return False  # <Note>text</Note> and a text line under it: one paragraph, as in MDX
    if void and tag.closing:  # </br>, </img>: the element is already whole (MDX accepts them)
        state.line = last + 1
        return True
    if tag.closing:
        tok = state.push("jsx_close", "", -1)
        tok.meta = {"tag": tag}
    elif tag.self_closing or void:
        tok = state.push("jsx_self", "", 0)
        tok.meta = {"tag": tag}
        if void and _unclosed(tag, src):
            error = state.push("mdx_error", "", 0)
            error.meta = _unclosed_error(tag)
            error.map = [start_line, last + 1]
    else:
        # only an element closing on the tag's last line matters here
        whole = scan_element(src, pos, memo, stop=state.eMarks[last])
        if whole > 0 and _line_end(state, whole - 1, start_line) == last and \
                src[whole:state.eMarks[last]].strip():
            return False  # <Link>text</Link> and more text: an inline tag opening a paragraph
        if whole > 0 and _line_end(state, whole - 1, start_line) == last and not \
                src[whole:state.eMarks[last]].strip():
            # <Tip>One line of *inline* text</Tip>
            inner_end = src.rfind("</", tag.end, whole)
            tok = state.push("jsx_open", "", 1)
            tok.meta = {"tag": tag}
            tok.map = [start_line, last + 1]
            inline = state.push("inline", "", 0)
            inline.content = src[tag.end:inner_end].strip()
            inline.map = [start_line, last + 1]
            inline.children = []
            closing = state.push("jsx_close", "", -1)
            closing.meta = {"tag": scan_tag(src, inner_end)}
            state.line = last + 1
            return True
        tok = state.push("jsx_open", "", 1)
        tok.meta = {"tag": tag}
    tok.map = [start_line, last + 1]
    if rest.strip():  # prepare() splits these; what remains (after a void tag) is inline text
        inline = state.push("inline", "", 0)
        inline.content = rest.strip()
        inline.map = [last, last + 1]
        inline.children = []
    state.line = last + 1
    return True


_MATH_OPEN = re.compile(r"(\${2,})([^$]*)$")


def math_block(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    """``$$`` on a line, the TeX, and ``$$`` on a line: math as the platform's remark-math
    reads it, a fence of dollars. The opening run may be followed by text holding no ``$``
    (``$$x$$`` on one line is inline math in a paragraph); it closes at a line of at least
    as many dollars and nothing else, or at the end of its container; blank lines stay in it."""
    start = state.bMarks[start_line] + state.tShift[start_line]
    if state.is_code_block(start_line) or not state.src.startswith("$$", start):
        return False
    opening = _MATH_OPEN.match(state.src, start, state.eMarks[start_line])
    if opening is None:
        return False
    if silent:
        return True
    run = len(opening.group(1))
    line = start_line
    closed = False
    while True:
        line += 1
        if line >= end_line:
            break
        begin, end = state.bMarks[line] + state.tShift[line], state.eMarks[line]
        if begin < end and state.sCount[line] < state.blkIndent:
            break  # a line less indented than the container ends it
        text = state.src[begin:end].rstrip()
        if not state.is_code_block(line) and len(text) >= run and \
                text == "$" * len(text):
            closed = True
            break
    lines = state.getLines(start_line + 1, line, state.sCount[start_line], False)
    tok = state.push("math_block", "math", 0)
    tok.block = True
    tok.content = lines
    tok.markup = opening.group(1)
    tok.map = [start_line, line + (1 if closed else 0)]
    state.line = line + (1 if closed else 0)
    return True


def _quoted(state: StateBlock, line: int) -> bool:
    """True when ``line`` is a line of a block quote, past its ``>`` markers (markdown-it
    moves such a line's start past them; a list item's lines keep theirs)."""
    if line >= state.lineMax:
        return False
    raw = state.eMarks[line - 1] + 1
    return state.bMarks[line] > raw and ">" in state.src[raw:state.bMarks[line]]


def _unquoted(state: StateBlock, start_line: int, pos: int) -> tuple[str, list[int]]:
    """The text from ``pos`` on, the block quote's markers left out of each following line
    (MDX reads a tag or an expression across lines without them), and where each of its
    lines starts in the source."""
    starts = [pos]
    parts = [state.src[pos:state.eMarks[start_line]]]
    for line in range(start_line + 1, min(state.lineMax, start_line + 41)):
        starts.append(state.bMarks[line])
        parts.append(state.src[state.bMarks[line]:state.eMarks[line]])
    return "\n".join(parts), starts


def _quoted_tag(state: StateBlock, start_line: int, pos: int) -> Tag | None:
    """The tag at ``pos`` read across the lines of its block quote, its end in the source."""
    text, starts = _unquoted(state, start_line, pos)
    tag = scan_tag(text, 0)
    if tag is None:
        return None
    row = text.count("\n", 0, tag.end)
    return replace(tag, start=pos, end=starts[row] + tag.end - (text.rfind("\n", 0, tag.end) + 1))


def _tag_memo(env: MutableMapping[str, Any], src: str) -> dict[int, Tag | None]:
    """The :func:`scan_tag` memo of this parse's block source (tags never change once scanned)."""
    found = env.get("mdx_block_tags")
    if found is None or found[0] is not src:
        found = env["mdx_block_tags"] = (src, {})
    memo: dict[int, Tag | None] = found[1]
    return memo


def expression_block(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    pos = state.bMarks[start_line] + state.tShift[start_line]
    src = state.src
    if pos >= len(src) or src[pos] != "{":
        return False
    end = _expression_end(state.env, src, pos)
    if end < 0:
        return False
    last = _line_end(state, end - 1, start_line)
    if src[end:state.eMarks[last]].strip():
        return False  # text follows: an inline expression inside a paragraph
    if silent:
        return True
    tok = state.push("jsx_expr_block", "", 0)
    tok.content = src[pos + 1:end - 1]
    if last > start_line and _quoted(state, start_line + 1):  # without the quote's markers
        text, _ = _unquoted(state, start_line, pos)
        tok.content = "\n".join(text.split("\n")[:last - start_line + 1])[1:].rstrip()[:-1]
    tok.map = [start_line, last + 1]
    state.line = last + 1
    return True


def statement_block(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    if state.level != 0 or state.tShift[start_line] != 0:
        return False
    pos = state.bMarks[start_line]
    src = state.src
    line_text = src[pos:state.eMarks[start_line]]
    if not _STATEMENT.match(line_text):
        return False
    if silent:
        return True
    end = statement_end(src, pos)
    last = _line_end(state, max(pos, end - 1), start_line)
    tok = state.push("mdx_statement", "", 0)
    tok.content = src[pos:end]
    tok.map = [start_line, last + 1]
    after = last + 1
    if after < end_line and not state.isEmpty(after) and state.tShift[after] == 0 and \
            not _STATEMENT.match(src[state.bMarks[after]:state.eMarks[after]]):
        # MDX's statements run to a blank line: the platform compiles this line as part of
        # them, as JavaScript, and fails (mdxsite reads it as the text it looks like)
        tok.meta = {"run_on": after}
    state.line = last + 1
    return True


def statement_end(src: str, pos: int) -> int:
    """Return where an import/export statement starting at ``pos`` ends.

    Comments are skipped, so an apostrophe or a bracket in one (``// doesn't``) opens
    nothing, and a line ending in one ends as its code does; a quoted string ends at its
    line's end at the latest, as JavaScript's do."""
    depth = 0
    i = pos
    n = len(src)
    last = -1  # the last character of code so far (not a comment, not a space)
    while i < n:
        ch = src[i]
        if ch == "/" and src.startswith("//", i):
            end = src.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch == "/" and src.startswith("/*", i):
            end = src.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        if ch in "([{":
            if ch == "{":
                end = skip_expression(src, i)
                if end < 0:
                    return n
                i, last = end, end - 1
                continue
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch in "\"'`":
            j = i + 1
            while j < n and src[j] != ch and (ch == "`" or src[j] != "\n"):
                j += 2 if src[j] == "\\" else 1
            if j < n and src[j] == "\n":  # unclosed on its line: its end is looked at as any
                i, last = j, j - 1
                continue
            i = last = j
        elif ch == "<" and i + 1 < n and src[i + 1].isalpha():
            end = scan_element(src, i)
            if end > 0:
                i, last = end, end - 1
                continue
        elif ch == "\n" and depth <= 0:
            if last >= pos and src[last] not in "=,(:+-*/?|&" and not src[i + 1:i + 2].startswith(
                    (" ", "\t", ".", ")", "]", "}")):
                return i
        elif ch == ";" and depth <= 0:
            return i + 1
        if not ch.isspace():
            last = i
        i += 1
    return n


_INTERRUPTS = re.compile(r" {0,3}(#{1,6}(\s|$)|`{3}|~{3}|>|[-*+]\s+\S|1[.)]\s+\S|\$\$|<|"
                         r"([-*_])(\s*\2){2,}\s*$)")


def _lazy_next(state: StateBlock, line: int) -> bool:
    """True when ``line`` would continue a paragraph ended by the line above it."""
    if line >= state.lineMax or state.isEmpty(line):
        return False
    text = state.src[state.bMarks[line]:state.eMarks[line]]
    return _INTERRUPTS.match(text) is None


def _text_outside_tags(text: str) -> bool:
    """True when ``text`` holds more than tags and whitespace (JSX flow allows only those
    after a tag on its line)."""
    i = 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        tag = scan_tag(text, i) if text[i] == "<" else None
        if tag is None:
            return True
        i = tag.end
    return False


def _unclosed(tag: Tag, src: str) -> bool:
    """``<br>`` with no ``/>`` and no ``</br>`` after it: MDX rejects the page (JSX closes
    every element); HTML's void elements are no exception."""
    if tag.self_closing or tag.closing:
        return False
    depth = 1
    for other in re.finditer(rf"<(/?){re.escape(tag.name)}\b[^>]*?(/?)>", src[tag.end:]):
        depth += -1 if other.group(1) else 0 if other.group(2) else 1
        if not depth:
            return False
    return True


def _unclosed_error(tag: Tag) -> dict[str, str]:
    return {"message": f"<{tag.name}> is not closed (MDX closes every tag, even HTML's void ones)",
            "hint": f"write <{tag.name} /> instead", "needle": f"<{tag.name}"}


# --------------------------------------------------------------------------- inline rules

def jsx_inline(state: StateInline, silent: bool) -> bool:
    pos = state.pos
    src = state.src
    if src.startswith("<!--", pos):  # MDX has no HTML comments, inline or not
        close = src.find("-->", pos + 4)
        if not silent:
            tok = state.push("mdx_error", "", 0)
            tok.meta = dict(COMMENT_ERROR)
        state.pos = close + 3 if close >= 0 else state.posMax
        return True
    if src[pos] != "<":
        return False
    if pos + 1 >= len(src):
        if not silent:  # a tag name must follow; a paragraph's trailing space spares it
            _ends_without_name(state, pos)
            state.pos = pos + 1
        return not silent
    if src[pos + 1].isspace():
        return False
    tag = scan_tag(src, pos) if src[pos + 1].isalpha() or src[pos + 1] in "/>" else None
    if tag is None:
        if silent or src[pos + 1] == ">":
            return False
        # MDX reads '<' before anything but a space as a tag ('x <= 3', '<5ms' too), and fails
        # the page where the tag goes wrong
        at, expected = tag_problem(src, pos)
        found = f"'{src[at]}'" if at < len(src) and not src[at].isspace() else \
            "the end of the paragraph" if at >= len(src) else "a line break"
        name = src[pos:at].split()[0] if src[pos:at].split() else src[pos:pos + 2]
        line_start = src.rfind("\n", 0, at) + 1
        state.push("mdx_error", "", 0).meta = {
            "message": f"{name}… is not a valid tag: {found} where MDX expects {expected}"
            if at > pos + 1 else f"'<' before {found} is not a valid tag: MDX reads '<' before "
            "anything but a space as a tag",
            "hint": "write a literal '<' as '\\<' or '&lt;'; give an attribute a value in quotes "
                    "(\"…\") or braces ({…}), as {'say \"hi\"'} when it holds a quote",
            # the line's text up to the fault finds the line, the shift the fault on it
            "needle": src[line_start:at].lstrip()[-60:] or name,
            "shift": len(src[line_start:at].lstrip()[-60:]),
            "line_offset": src.count("\n", 0, min(at, len(src)))}
        tok = state.push("text", "", 0)
        tok.content = "<"
        state.pos = pos + 1
        return True
    void = tag.name.lower() in VOID and not tag.is_component
    if not silent and not (void and tag.closing):  # </img> after <img …>: nothing to close
        kind = "jsx_inline_close" if tag.closing else (
            "jsx_inline_self" if tag.self_closing or void else "jsx_inline_open")
        tok = state.push(kind, "", 0)
        tok.meta = {"tag": tag}
        if void and _unclosed(tag, src):
            state.push("mdx_error", "", 0).meta = {**_unclosed_error(tag),
                                                    "line_offset": src.count("\n", 0, pos)}
    state.pos = tag.end
    return True


def _ends_without_name(state: StateInline, pos: int) -> None:
    """Record the error of a ``<`` ending the inline content (``x <``): MDX expects a tag name
    after it. markdown-it has taken a paragraph's trailing whitespace off, which in MDX's
    reading keeps the ``<`` text: the renderer asks the source (``at_end``)."""
    src = state.src
    line_start = src.rfind("\n", 0, pos) + 1
    needle = src[line_start:pos + 1].lstrip()[-60:]
    state.push("mdx_error", "", 0).meta = {
        "message": "'<' ends the paragraph: MDX reads '<' before anything but a space as a "
                   "tag, and finds no tag name after it",
        "hint": "write a literal '<' as '\\<' or '&lt;'",
        "needle": needle, "shift": len(needle), "at_end": True,
        "line_offset": src.count("\n", 0, pos)}
    state.push("text", "", 0).content = "<"


def _unclosed_expression(state: StateInline, pos: int) -> None:
    src = state.src
    line_start = src.rfind("\n", 0, pos) + 1
    needle = src[line_start:pos].lstrip()[-60:]
    state.push("mdx_error", "", 0).meta = {
        "message": "'{' opens an expression that is never closed: MDX reads every '{' as the "
                   "start of a JavaScript expression",
        "hint": "close it with '}', or write a literal brace as '\\{'",
        "needle": needle or "{", "shift": len(needle), "line_offset": src.count("\n", 0, pos)}
    state.push("text", "", 0).content = "{"


def _expression_end(env: MutableMapping[str, Any], src: str, pos: int) -> int:
    """:func:`skip_expression`, remembering (per parse, per source) which braces never close,
    so a run of unclosed ``{`` costs one scan in all, not one scan each."""
    cache: dict[str, tuple[int, set[int]]] = env.setdefault("mdx_unclosed_braces", {})
    known = cache.get(src)
    if known is not None and pos >= known[0] and pos in known[1]:
        return -1
    end = skip_expression(src, pos)
    if end < 0 and (known is None or pos < known[0]):
        cache[src] = (pos, unclosed_braces(src, pos))
    return end


def expression_inline(state: StateInline, silent: bool) -> bool:
    pos = state.pos
    if state.src[pos] != "{":
        return False
    end = _expression_end(state.env, state.src, pos)
    if end < 0:
        if not silent:
            _unclosed_expression(state, pos)
            state.pos = pos + 1
        return not silent
    if not silent:
        tok = state.push("jsx_expr", "", 0)
        tok.content = state.src[pos + 1:end - 1]
    state.pos = end
    return True


def mdx_plugin(md: MarkdownIt) -> None:
    """Teach ``md`` MDX: JSX, expressions, import/export; no HTML blocks, no indented code."""
    md.disable(["code", "html_block", "html_inline", "autolink"], ignoreInvalid=True)
    alt = ["paragraph", "reference", "blockquote", "list"]
    md.block.ruler.before("fence", "mdx_statement", statement_block, {"alt": alt})
    md.block.ruler.before("fence", "jsx_block", jsx_block, {"alt": alt})
    md.block.ruler.before("fence", "jsx_expr_block", expression_block, {"alt": alt})
    md.inline.ruler.before("html_inline", "jsx_inline", jsx_inline)
    md.inline.ruler.before("html_inline", "jsx_expr", expression_inline)


def tag_of(token_meta: dict | None) -> Tag | None:
    return (token_meta or {}).get("tag")
