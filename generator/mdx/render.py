"""Render MDX pages: markdown-it tokens (with our JSX rules) to HTML through theme templates.

Components are what the plugins contribute (``mdxsite_components``; the built-in set is
:mod:`mdxsite.mdx.components`), each rendered from its own template (a site or plugin can
override any one). Props are evaluated as JavaScript literals; what cannot be evaluated, an unknown
name or an unknown component is a located warning, never a crash. Unclosed or mismatched
tags, bad frontmatter and HTML comments are located errors.
"""

from __future__ import annotations

import html
import importlib
import logging
import posixpath
import re
import shlex
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import jinja2
from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.parser_inline import ParserInline
from markdown_it.renderer import RendererHTML
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore, normalize
from markdown_it.rules_inline import StateInline
from markdown_it.rules_inline.text import text as text_rule
from markdown_it.token import Token
from markupsafe import Markup

from mdxsite.errors import Location, MdxsiteError, Problem
from mdxsite.mdx import (audience, code, components, filetree, frontmatter, graph, images,
                         islands, jsvalue, mermaid, terminal, variables)
from mdxsite.mdx.components import CALLOUTS
from mdxsite.mdx.jsx import Prop, Tag, scan_tag
from mdxsite.mdx.syntax import COMMENT_ERROR, VOID, math_block, mdx_plugin, prepare
from mdxsite.model import Component, Heading, Page, RenderedPage, Site, frozen_mapping
from mdxsite.output import i18n
from mdxsite.sources import ASSET_SUFFIXES

_TAGS = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")
# a <video> start tag with autoplay on (any case, as JSX writes autoPlay)
_AUTOPLAY_VIDEO = re.compile(r"<video\b(?=[^>]*\sautoplay(?:[\s=/>]))([^>]*)>", re.IGNORECASE)
# an element's first id="…" attribute: the tag's name, then runs of anything but '>' and spaces,
# each space not starting the attribute. The same matches as <[a-zA-Z][^>]*?\sid="([^"]+)",
# which tried the attribute after every character of every tag (possessive: nothing to retry)
_IDS = re.compile(r'<[a-zA-Z][^>\s]*+(?:\s(?!id="[^"]+")[^>\s]*+)*+\sid="([^"]+)"')


def element_ids(html: str) -> list[str]:
    """Return ``_IDS.findall(html)``: each element's first ``id``, in order (speed only).

    The pattern is tried at every ``<`` of a page, a hundred microseconds on one with
    highlighted code. A match runs from its ``<`` to a space and ``id="`` with no ``>`` in
    between, so it can start only between the ``>`` before an ``id="`` and that ``id="``:
    the pattern is tried at those ``<`` only, left to right, each match's end being where
    findall would look on from.
    """
    found: list[str] = []
    scan_from = 0
    q = html.find('id="')
    while q >= 0:
        if q > scan_from and html[q - 1].isspace():
            p = html.find("<", max(html.rfind(">", 0, q) + 1, scan_from), q)
            while p >= 0:
                m = _IDS.match(html, p)
                if m is not None:
                    found.append(m.group(1))
                    scan_from = m.end()
                    break
                p = html.find("<", p + 1, q)
        q = html.find('id="', max(q + 1, scan_from))
    return found


# noZoom: the platform's image prop (no zoom on click); site.js reads data-no-zoom
_ATTR_RENAME = {"className": "class", "htmlFor": "for", "tabIndex": "tabindex",
                "noZoom": "data-no-zoom"}
_INERT = frozenset({"script"})
# an HTML element's event handler written as a function, onClick={async (event) => {…}}: the
# platform's React runs it on the event, so does the browser from the element's own attribute
_HANDLER_PROP = re.compile(r"on[A-Z]\w*")
_FUNCTION = re.compile(r"\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")
# React's names for events whose DOM name is not its lower case (its onChange fires on input)
_HANDLER_ATTR = {"onDoubleClick": "ondblclick", "onChange": "oninput"}


class EventHandler(str):
    """The source of a function given to an HTML element's ``on…`` prop."""


class Props(dict):
    """Component props for templates: a missing prop reads as None (most props are optional)."""

    def __getattr__(self, name: str) -> Any:
        return self.get(name)


# heading ids as the platform makes them (its "Format text" page, and the ids its sites link to):
# ASCII punctuation is dropped but for & / @ _ and the apostrophe, which becomes ’; whitespace,
# periods and parentheses separate words ("enableMic(enable: boolean)" is
# enablemic-enable-boolean), one hyphen for a run of them ("3. VAD" is 3-vad); everything else,
# non-ASCII letters, dashes, arrows and emoji included, is kept
_SLUG_DROP = re.compile(r"[!\"#$%*+,:;<=>?\[\\\]^`{|}~]+")
_SLUG_SEPARATE = re.compile(r"[\s.()-]+")


def slugify(text: str) -> str:
    """Return the id the platform gives a heading whose text (markup removed) is ``text``.

    ``Fees & billing`` is ``fees-&-billing``, ``What's next?`` is ``what’s-next``,
    ``tasks.batchTrigger()`` is ``tasks-batchtrigger``; a text with nothing left is ``section``.
    """
    text = _SLUG_DROP.sub("", text.lower().replace("'", "\u2019"))
    return _SLUG_SEPARATE.sub("-", text).strip("-") or "section"


@lru_cache(maxsize=1)
def parser() -> MarkdownIt:
    """Return the MDX parser without plugins' extensions (``mdxsite tree`` reads with it)."""
    return new_parser()


def new_parser() -> MarkdownIt:
    """Build the MDX parser; :mod:`mdxsite.toolkit` keeps one per process and site, extended
    by the plugins (``mdxsite_configure_markdown``). Per-page state lives in ``env``."""
    from mdit_py_plugins.dollarmath import dollarmath_plugin
    from mdit_py_plugins.footnote import footnote_plugin
    from mdit_py_plugins.tasklists import tasklists_plugin

    # ~one tilde~ strikes through as in GFM and the platform's remark-gfm (markdown-it-py 4.3)
    md = MarkdownIt("commonmark", {"html": False, "linkify": True, "typographer": False,
                                   "strikethrough_single_tilde": True,
                                   # components in nested lists go deeper than the preset's 20
                                   # levels, where markdown-it stops parsing (micromark has no cap)
                                   "maxNesting": 60})
    md.enable(["table", "strikethrough", "linkify"])
    md.use(footnote_plugin).use(tasklists_plugin)
    # $5 and $10 in prose stay text: math needs no space inside the dollars and no digit after
    md.use(dollarmath_plugin, allow_space=False, allow_digits=False, double_inline=True)
    md.use(mdx_plugin)
    # display math is a fence of dollars, as remark-math reads it (the plugin's rule also
    # takes "$$x$$" alone on a line, and ends at any line ending in "$$")
    md.block.ruler.at("math_block", math_block, {"alt": ["paragraph", "reference", "blockquote",
                                                         "list"]})
    math_rule = next((r.fn for r in md.block.ruler.__rules__ if r.name == "math_block"), None)
    _math_at_start(md)
    math_inline = next((r.fn for r in md.inline.ruler.__rules__ if r.name == "math_inline"), None)
    # a link's URL is normalized (mdurl parse, punycode, percent-encoding) by a pure function of
    # the URL (5 us a link), and pages link the same pages again and again
    md.normalizeLink = lru_cache(maxsize=8192)(md.normalizeLink)  # type: ignore[method-assign]
    _quick_linkify_pretest(md)
    _gfm_autolinks(md)
    md.core.ruler.at("normalize", _normalize_unless_normal)
    _quick_table_split()
    # a table sits in a scrolling box: the table itself spans the column (a narrow one's rows
    # reach across it) and a wide one scrolls sideways instead of squeezing its last column
    md.add_render_rule("table_open", _table_open)
    md.add_render_rule("table_close", _table_close)
    md.core.ruler.at("inline", _inline_with_plain_text_fast)
    _block_rules_by_first_character(md, {math_rule: "$"} if math_rule else {})
    inline_starts = {math_inline: "$"} if math_inline else {}
    from mdit_py_plugins.footnote.index import footnote_ref

    for rule in md.inline.ruler.__rules__:  # the plugin's footnote_ref is a partial of it
        if rule.name == "footnote_ref" and getattr(rule.fn, "func", None) is footnote_ref:
            inline_starts[rule.fn] = "["
    _inline_rules_by_first_character(md, inline_starts)
    _tasklists_only_with_boxes(md)
    return md


def _math_at_start(md: MarkdownIt) -> None:
    """Read math opening a paragraph whose text ends in a digit.

    The plugin's "no digit before the opening dollar" check reads ``src[pos - 1]``, which at
    the paragraph's first character is its last one (Python's index -1): ``$$E = mc^2$$ …
    see page 2`` lost its math. At that position the check is made without the plugin's
    own (there is nothing before it); the digit after the closing dollar still counts.
    """
    from mdit_py_plugins.dollarmath.index import math_inline_dollar

    rule = next((r.fn for r in md.inline.ruler.__rules__ if r.name == "math_inline"), None)
    if rule is None:
        return
    at_start = math_inline_dollar(allow_space=False, allow_digits=True, allow_double=True)

    def math_inline(state: StateInline, silent: bool) -> bool:
        if state.pos or not state.src[-1:].isdigit():
            return rule(state, silent)
        pushed = len(state.tokens)
        if not at_start(state, silent):
            return False
        if state.src[state.pos:state.pos + 1].isdigit():  # "$x$2": a price, not math
            del state.tokens[pushed:]
            state.pos = 0
            return False
        return True

    md.inline.ruler.at("math_inline", math_inline)


def _tasklists_only_with_boxes(md: MarkdownIt) -> None:
    """Run the task list rule only on a page holding a box (speed only).

    mdit-py-plugins' rule looks at every token of every page (0.6% of a page's render) for an
    inline token starting with ``[ ]``, ``[x]`` or ``[X]``. Those three characters stand on one
    line of the source as written (markdown-it changes only a line's leading indentation), so
    a page without any of them has no task item.
    """
    rule = next((r.fn for r in md.core.ruler.__rules__ if r.name == "github-tasklists"), None)
    if rule is None:
        return
    tasklists = rule

    def only_with_boxes(state: StateCore) -> None:
        src = state.src
        if "[ ]" in src or "[x]" in src or "[X]" in src:
            tasklists(state)

    only_with_boxes.original = tasklists  # type: ignore[attr-defined]
    md.core.ruler.at("github-tasklists", only_with_boxes)


def _block_rule_starts() -> dict[Callable[..., bool], str]:
    """markdown-it's block rules (and ours) that fail on a line whose first character, after
    its indentation, is not one of theirs: each reads that character before anything else."""
    from markdown_it.rules_block import blockquote, heading, hr, list_block, reference
    from mdit_py_plugins.footnote.index import footnote_def

    from mdxsite.mdx.syntax import expression_block, jsx_block, statement_block

    fence = importlib.import_module("markdown_it.rules_block.fence").fence  # markers "~`"
    return {fence: "~`", blockquote: ">", hr: "*-_", list_block: "*-+0123456789",
            footnote_def: "[", reference: "[", heading: "#", jsx_block: "<",
            expression_block: "{", statement_block: "ie"}


def _by_first_character(rules: list[Any], starts: dict[Any, str]
                        ) -> tuple[dict[str, list[Any]], list[Any]]:
    """Return ``rules`` (in order) by the first character they can start at, and those
    for any other character: the rules ``starts`` lists only for their own characters."""
    chars = {c for rule in rules for c in starts.get(rule, "")}
    return ({c: [r for r in rules if c in starts.get(r, c)] for c in chars},
            [r for r in rules if r not in starts])


def _inline_rule_starts() -> dict[Callable[..., bool], str]:
    """markdown-it's inline rules (and ours) that fail at a character not theirs, read first."""
    from markdown_it.rules_inline import (autolink, backtick, emphasis, entity, escape, image,
                                          link, linkify, newline, strikethrough)
    from mdit_py_plugins.footnote.index import footnote_inline, footnote_ref

    from mdxsite.mdx.syntax import expression_inline, jsx_inline

    return {linkify: ":", newline: "\n", escape: "\\", backtick: "`",
            strikethrough.tokenize: "~", emphasis.tokenize: "_*", link: "[", image: "!",
            footnote_inline: "^", footnote_ref: "[", autolink: "<", jsx_inline: "<",
            expression_inline: "{", entity: "&"}


def _inline_rules_by_first_character(md: MarkdownIt, more: dict[Any, str]) -> None:
    """Try at a character of inline text only the rules that can start there (speed only).

    markdown-it's inline loop tries every rule, in order, at each character its ``text`` rule
    stops at (``*``, ``[``, a backtick...): a dozen calls that fail on that character before
    the one that can start there. Each rule of :func:`_inline_rule_starts` (and ``more``)
    fails at once at a character not its own, without touching the state, so only the
    others, and those that list the character, are tried, in the ruler's order. This is
    markdown-it's own ``ParserInline.tokenize`` otherwise.
    """
    inline = md.inline
    starts = {**_inline_rule_starts(), **more}
    chosen: list[Any] = [None, None]  # the ruler's rule list, and its rules by first character

    def tokenize(state: StateInline) -> None:
        rules = inline.ruler.getRules("")
        if chosen[0] is not rules:
            chosen[:] = [rules, _by_first_character(rules, starts)]
        by_char, others = chosen[1]
        end = state.posMax
        maxNesting = state.md.options["maxNesting"]
        while state.pos < end:
            pos = state.pos
            ok = False
            if state.level < maxNesting:
                for rule in by_char.get(state.src[pos], others):
                    ok = rule(state, False)
                    if ok:
                        if state.pos <= pos:
                            raise RuntimeError("inline rule didn't increment state.pos")
                        break
            if ok:
                if state.pos >= end:
                    break
                continue
            state.append_pending(state.src[state.pos])
            state.pos += 1
        if state.pending:
            state.pushPending()

    inline.tokenize = tokenize  # type: ignore[method-assign]


def _block_rules_by_first_character(md: MarkdownIt, more: dict[Any, str]) -> None:
    """Try at a line only the block rules that can start there (speed only).

    markdown-it tries every block rule, in order, at each block's first line: a paragraph
    after ten rules that each fail on its first character (a tenth of markdown-it's parse on
    the benchmark corpus, 0.15 ms a page). Each rule
    of :func:`_block_rule_starts` (and ``more``) fails on a line whose first character (at
    ``bMarks + tShift``, where each reads it) is not one of its own, without touching the
    state: the rules tried are the others, and those that list the character, in the
    ruler's order. Any other rule (a plugin's, table, paragraph) is tried at every line. This
    is markdown-it's own ``ParserBlock.tokenize`` loop otherwise; while its rules log at
    debug level, its own loop runs, which logs each rule it tries.
    """
    block = md.block
    starts = {**_block_rule_starts(), **more}
    loggers = [logging.getLogger(f"markdown_it.rules_block.{name}")
               for name in ("fence", "blockquote", "hr", "list", "reference", "heading")]
    own = block.tokenize
    chosen: list[Any] = [None, None]  # the ruler's rule list, and its rules by first character

    def tokenize(state: StateBlock, startLine: int, endLine: int) -> None:
        rules = block.ruler.getRules("")
        if any(logger.isEnabledFor(logging.DEBUG) for logger in loggers):
            return own(state, startLine, endLine)
        if chosen[0] is not rules:
            chosen[:] = [rules, _by_first_character(rules, starts)]
        by_char, others = chosen[1]
        line = startLine
        maxNesting = state.md.options.maxNesting
        hasEmptyLines = False
        while line < endLine:
            state.line = line = state.skipEmptyLines(line)
            if line >= endLine:
                break
            if state.sCount[line] < state.blkIndent:
                break
            if state.level >= maxNesting:
                state.line = endLine
                break
            ok = False
            # a line skipEmptyLines stopped at holds a character there
            for rule in by_char.get(state.src[state.bMarks[line] + state.tShift[line]], others):
                ok = rule(state, line, endLine, False)
                if ok:
                    if state.line <= line:
                        raise RuntimeError("block rule didn't increment state.line")
                    break
            if not ok:
                raise RuntimeError("none of the block rules matched")
            state.tight = not hasEmptyLines
            line = state.line
            if (line - 1) < endLine and state.isEmpty(line - 1):
                hasEmptyLines = True
            if line < endLine and state.isEmpty(line):
                hasEmptyLines = True
                line += 1
                state.line = line
        return None

    block.tokenize = tokenize  # type: ignore[method-assign]


def _quick_table_split() -> None:
    """Split table rows without backslashes with ``str.split`` (speed only).

    markdown-it's table rule splits each row at the pipes not escaped by a backslash,
    walking the row a character at a time in Python (1% of a page's render time). In a row
    without a backslash every pipe splits, so ``row.split("|")`` is the same list; any other
    row goes to markdown-it's own function. It is looked up as a global of markdown-it's table
    module, which is where this puts the shortcut (once a process).
    """
    # the package exports the rule function under the module's name: ask for the module
    table_rule = importlib.import_module("markdown_it.rules_block.table")
    original = table_rule.escapedSplit
    if getattr(original, "mdxsite_shortcut", False):
        return

    def escaped_split(string: str) -> list[str]:
        return string.split("|") if "\\" not in string else original(string)

    escaped_split.mdxsite_shortcut = True  # type: ignore[attr-defined]
    escaped_split.original = original  # type: ignore[attr-defined]
    setattr(table_rule, "escapedSplit", escaped_split)


def _normalize_unless_normal(state: StateCore) -> None:
    """markdown-it's ``normalize`` rule, skipped for text it would leave as it is (speed only):
    it rewrites ``\\r\\n`` and ``\\r`` to ``\\n`` and NUL to U+FFFD with two passes of a
    regular expression over the whole page."""
    if "\r" in state.src or "\0" in state.src:
        normalize(state)


def _inline_with_plain_text_fast(state: StateCore) -> None:
    """markdown-it's core ``inline`` rule, answering text without markup at once (speed only).

    Two in three inline tokens (a table cell, a heading, a plain sentence) hold no character
    that stops markdown-it's ``text`` rule: its inline parser then makes one text token of the
    whole content after building its state and running its four post-processing rules (10 us
    a token). While ``text`` is the first inline rule and the post-processing rules are
    markdown-it's own (no plugin changed them), that token is made here directly; any other
    content, or another rule set, takes the parser's own way.
    """
    md = state.md
    inline = md.inline
    plain = _plain_text_ok(inline.ruler.getRules(""), inline.ruler2.getRules("")) and \
        md.options["maxNesting"] > 0
    search = inline.terminator_re.search
    for token in state.tokens:
        if token.type == "inline":
            if token.children is None:
                token.children = []
            content = token.content
            if plain and content and search(content) is None:
                token.children.append(Token("text", "", 0, content=content))
            else:
                inline.parse(content, md, state.env, token.children)


_DEFAULT_POST_RULES = frozenset(ParserInline().ruler2.getRules(""))


def _plain_text_ok(rules: list[Any], post_rules: list[Any]) -> bool:
    """True when markdown-it makes text without terminators one text token: its own ``text``
    rule runs first and only its own post-processing rules follow."""
    return bool(rules) and rules[0] is text_rule and all(r in _DEFAULT_POST_RULES for r in post_rules)


def _gfm_autolinks(md: MarkdownIt) -> None:
    """Link bare URLs as GFM does (and so the platform): ``http(s)://…``, ``www.…`` and
    e-mail addresses; linkify-it alone would also link ``AGENTS.md`` or ``Claude.ai``."""
    linkify = md.linkify
    if linkify is None:
        return
    found = linkify.match

    def match(text: str) -> list[Any] | None:
        links = [link for link in found(text) or ()
                 if link.schema.lower() in ("http:", "https:", "mailto:")
                 or (not link.schema and link.raw.lower().startswith("www."))]
        return links or None

    linkify.match = match
    # Only those links are kept, so a text without "@", "www.", "http" or "mailto:" has none
    # to find: it is answered at once, before the pretests (speed only: 7% of a page's render
    # on the real sites, whose prose is full of "e.g." and "config.yaml"). A plugin that
    # changes what match keeps gets the pretests as they were.
    pretest = linkify.pretest

    def gfm_pretest(text: str) -> bool:
        if linkify.match is match and "@" not in text:
            lower = text.lower()  # holds each kept link's schema.lower(), as match compares
            if "www." not in lower and "http" not in lower and "mailto:" not in lower:
                return False
        return pretest(text)

    linkify.pretest = gfm_pretest


def _quick_linkify_pretest(md: MarkdownIt) -> None:
    """Answer linkify's pretest with a cheap necessary condition first (speed only).

    linkify-it's pretest runs a 1,500-character regex over every text token (15% of a page's
    render time on the benchmark corpus). A link it can find needs a scheme name (``http:``,
    ``//``...), ``@``, ``localhost``, ``www.`` or a dot followed by a letter or digit (the
    start of a TLD or an IP address); text with none of them is answered "no" at once, any
    other goes to the real pretest, so what gets linked is exactly what linkify links.
    """
    linkify = md.linkify
    if linkify is None:
        return
    names = [name for name, value in linkify._compiled.items() if name and value]
    quick = re.compile("|".join([*map(re.escape, names), "@", "localhost", r"www\.", r"\.\w"]),
                       re.IGNORECASE)
    # ASCII text is answered with substring tests, without that pattern: an IGNORECASE
    # alternation is scanned at every offset (5 us a paragraph, 2% of a page's render).
    # Every scheme name holds ":" or "/", which rules most paragraphs out at once.
    lowered = [name.lower() for name in names]
    colon_or_slash = all(":" in name or "/" in name for name in names)
    dot_word = re.compile(r"\.\w")
    full = linkify.pretest

    def maybe_link(text: str) -> bool:
        if not text.isascii():  # Unicode case folding ("K" matches the Kelvin sign)
            return quick.search(text) is not None
        if "@" in text:
            return True
        lower = text.lower()
        if "localhost" in lower:
            return True
        if "." in text and ("www." in lower or dot_word.search(text) is not None):
            return True
        if colon_or_slash and ":" not in text and "/" not in text:
            return False
        return any(name in lower for name in lowered)

    def pretest(text: str) -> bool:
        return maybe_link(text) and bool(full(text))

    linkify.pretest = pretest


@dataclass
class Frame:
    """A component being rendered: its props and what its children produced."""

    name: str
    tag: Tag | None
    props: dict[str, Any]
    line: int
    parts: list[str] = field(default_factory=list)
    items: list[dict[str, Any]] = field(default_factory=list)  # child components
    blocks: list[dict[str, Any]] = field(default_factory=list)  # child code blocks
    end_line: int | None = None  # the closing tag's parsed line (block level)
    expressions: list[str] = field(default_factory=list)  # its {…} children, as written
    anchored: bool = False  # an <hN> element listed in the contents: draw its anchor link


@dataclass
class Context:
    """Everything rendering one page (or one snippet inside it) needs."""

    site: Site
    file: str                       # site-relative path shown in messages
    offset: int                     # lines before the body (frontmatter)
    page_key: str
    scope: dict[str, Any] = field(default_factory=dict)
    imports: dict[str, str] = field(default_factory=dict)   # component name -> snippet path
    problems: list[Problem] = field(default_factory=list)
    errors: list[Problem] = field(default_factory=list)
    deps: set[str] = field(default_factory=set)
    links: list[tuple[str, Location]] = field(default_factory=list)
    stack: tuple[str, ...] = ()     # snippet files being rendered, for cycle detection
    props: dict[str, Any] | None = None  # set inside a snippet
    used_ids: set[str] = field(default_factory=set)
    headings: list[Heading] = field(default_factory=list)
    line_map: list[int] = field(default_factory=list)  # parsed line -> line in the body
    features: set[str] = field(default_factory=set)  # "mermaid": the page needs its script
    source_lines: list[str] = field(default_factory=list)  # the text being rendered, for columns
    # the page body's own lines, while a JSX value or an exported component's markup renders
    # (source_lines then holds that text): where a needle not found there is written
    page_lines: list[str] = field(default_factory=list)
    page_offset: int = 0            # the offset of page_lines (the page's frontmatter lines)
    # a static component's body as written, while its lines joined into one render: where
    # its problems are (a needle is looked for there, else its first line)
    written: list[str] = field(default_factory=list)
    scripts: list[str] = field(default_factory=list)  # import/export statements for islands
    islands: list[str] = field(default_factory=list)  # components drawn in the browser
    # (component, prop) already warned about on this page: one located warning each, not one
    # per card of a grid of sixty
    prop_warned: set[tuple[str, str]] = field(default_factory=set)
    # component templates by name, looked up once a page: Jinja's lookup checks the file's
    # modification time each time (a stat call), for mdxsite dev to see an edited template
    templates: dict[str, jinja2.Template] = field(default_factory=dict)
    # the page's side column (RequestExample, ResponseExample, Panel written at its top level):
    # set by render() for the page's outermost renderer, which takes it
    aside: list[tuple[int, str]] | None = None
    # the theme's words in the page's language: its code blocks' buttons, components' labels
    words: Mapping[str, str] = field(default_factory=lambda: i18n.words("en"))

    def where(self, line: int | None, column: int = 0, needle: str = "") -> Location:
        """Locate a parsed line in the file; the column is where ``needle`` starts on it.

        An inline token knows only its paragraph's first line, so ``needle`` is looked for on
        the lines that follow too; without it the column is the line's first non-blank.
        """
        if line is None:
            return Location(self.file)
        if self.written and needle:  # not there: a prop filled it in at the call (below)
            for n, text in enumerate(self.written):
                at = text.find(needle)
                if at >= 0:
                    return Location(self.file, n + self.offset + 1, at + 1)
        elif self.written:
            first = self.written[0]
            return Location(self.file, self.offset + 1, len(first) - len(first.lstrip()) + 1)
        if 0 <= line < len(self.line_map):
            line = self.line_map[line]
        if not column and 0 <= line < len(self.source_lines):
            text = self.source_lines[line]
            column = len(text) - len(text.lstrip()) + 1
            for n in range(line, min(line + 50, len(self.source_lines))) if needle else ():
                at = self.source_lines[n].find(needle)
                if at >= 0:
                    line, column = n, at + 1
                    break
            else:
                # rendered from other text (a component's markup, its href={href} filled in at
                # the call): the needle is where the page writes it, if it does
                for n, text in enumerate(self.page_lines if needle and
                                         self.page_lines is not self.source_lines else ()):
                    at = text.find(needle)
                    if at >= 0:
                        return Location(self.file, n + self.page_offset + 1, at + 1)
        return Location(self.file, line + self.offset + 1, column)

    def spaced_after(self, line: int | None, needle: str) -> bool:
        """True when ``needle``, on the parsed ``line`` or one of the next ones, is followed
        by a space or tab in the source (text markdown-it has trimmed off a paragraph)."""
        if line is None or not 0 <= line < len(self.line_map):
            return False
        first = self.line_map[line]
        for text in self.source_lines[first:first + 50]:
            at = text.find(needle)
            if at >= 0:
                return text[at + len(needle):at + len(needle) + 1] in (" ", "\t")
        return False

    def warn(self, line: int | None, message: str, hint: str = "", code: str = "mdx",
             needle: str = "") -> None:
        self.problems.append(Problem(self.where(line, needle=needle), message, hint, code=code,
                                     warning=True))

    def error(self, line: int | None, message: str, hint: str = "", needle: str = "",
              shift: int = 0) -> None:
        """Record an error at ``line``, at ``needle`` on it (see :meth:`where`), ``shift``
        characters further right."""
        where = self.where(line, needle=needle)
        if shift and where.column:
            where = replace(where, column=where.column + shift)
        self.errors.append(Problem(where, message, hint))

    def child(self, file: str, offset: int) -> Context:
        return Context(self.site, file, offset, self.page_key, {}, {}, self.problems,
                       self.errors, self.deps, self.links, (*self.stack, file), None,
                       self.used_ids, self.headings, features=self.features,
                       scripts=self.scripts, islands=self.islands, prop_warned=self.prop_warned,
                       templates=self.templates, words=self.words)


_FIRST_TAG = re.compile(r"<([a-zA-Z][\w-]*)((?:\s+[^\s\"'>/=]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'>]+))?)*)")
_CLASS_ATTR = re.compile(r'(\sclass=")([^"]*)(")')


def _with_class(drawn: str, classes: list[str]) -> str:
    """``drawn`` with ``classes`` added to its first element's class (a component's
    ``className``, which the platform puts on the component's outer element); a class the
    element has already is not added twice."""
    tag = _FIRST_TAG.search(drawn)
    if tag is None:
        return drawn
    attrs = tag.group(2)
    found = _CLASS_ATTR.search(attrs)
    have = found.group(2).split() if found else []
    extra = " ".join(html.escape(c) for c in classes if c not in have)
    if not extra:
        return drawn
    if found is not None:
        attrs = attrs[:found.end(2)] + (" " if have else "") + extra + attrs[found.end(2):]
    else:
        attrs += f' class="{extra}"'
    return drawn[:tag.start(2)] + attrs + drawn[tag.end(2):]


def page_text(site: Site, page: Page) -> tuple[str, int]:
    """Return the page's MDX body and how many lines precede it in its file."""
    if page.body is not None:
        return page.body, 0
    assert page.source is not None
    path, file = site.root / page.source, page.source.as_posix()
    if page.frontmatter:  # the scan parsed it: only the body is wanted here
        return frontmatter.read_body(path, file)
    # none, or the scan's reader failed: reading it again reports the located mistake
    _, body, offset = frontmatter.read(path, file)
    return body, offset


def render(site: Site, page: Page, side_column: bool = True) -> RenderedPage:
    """Render one page; raise MdxsiteError with every located error found in it.

    ``side_column``: a RequestExample, ResponseExample or Panel at the page's top level goes
    to a column beside the text (:func:`with_aside`); False leaves them where they are written
    (an API page's own MDX, below the operation, whose examples column is the API's)."""
    body, offset = page_text(site, page)
    file = page.source.as_posix() if page.source else page.key
    ctx = Context(site, file, offset, page.key, stack=(file,), words=i18n.page_words(site, page))
    body = variables.apply(site.config.raw.get("variables"), body, file, offset, ctx.problems)
    defined = site.config.raw.get("variables")
    if isinstance(defined, dict):  # {name} as an expression reads them too
        ctx.scope.update({str(k): v for k, v in defined.items()})
    aside: list[tuple[int, str]] = []
    ctx.aside = aside if side_column else None
    out = render_mdx(body, ctx)
    if ctx.errors:
        raise MdxsiteError(ctx.errors)
    if aside:
        out = with_aside(out, aside, ctx.words)
    # str.split() breaks at the characters \s matches: _SPACE.sub(" ", …).strip(), twice as fast
    text = " ".join(html.unescape(_TAGS.sub(" ", out)).split())
    # the theme links meta["scripts"] from this page's <head> only
    meta: dict[str, Any] = {"scripts": mermaid.SCRIPTS} if "mermaid" in ctx.features else {}
    if ctx.islands and islands.toolchain() is not None:
        try:
            js = islands.compile_page(site.root, ctx.scripts, ctx.islands)
        except islands.CompileError as exc:
            ctx.warn(None, f"this page's React components do not compile, so their static "
                     f"fallback is shown: {exc}", "fix the component's JavaScript",
                     code="mdx.island")
        else:
            path = islands.script_path(js)
            meta["scripts"] = (*meta.get("scripts", ()), "/" + path)
            meta["island"] = (path, js)
    # components and HTML elements define anchors too (<Update label>, <div id>)
    anchors = ctx.used_ids.union(html.unescape(i) if "&" in i else i for i in element_ids(out))
    return RenderedPage(key=page.key, html=out, headings=tuple(ctx.headings),
                        anchors=tuple(sorted(anchors)), links=tuple(ctx.links), text=text,
                        markdown=audience.for_agents(body), problems=tuple(ctx.problems),
                        dependencies=tuple(sorted(ctx.deps)), meta=frozen_mapping(meta))


# Components the platform draws in the page's right column, in place of the table of contents
# ("display code blocks in the right sidebar on desktop devices"; "the components in a <Panel>
# will replace a page's table of contents"), by the order they take there: requests above
# responses whatever order they are written in
ASIDE = {"RequestExample": 0, "ResponseExample": 1, "Panel": 2}


def with_aside(body: str, aside: list[tuple[int, str]],
               words: Mapping[str, str] | None = None) -> str:
    """Return the page's HTML as two columns, its text and its side column: side by side on a
    wide screen (the table of contents gives way), the side column after the text on a narrow
    one, where the platform shows the examples as ordinary code blocks."""
    side = "".join(html_out for _, html_out in sorted(aside, key=lambda found: found[0]))
    words = words or i18n.words("en")
    label = html.escape(words["examples"] if all(order < ASIDE["Panel"] for order, _ in aside)
                        else words["side_panel"])
    return (f'<div class="page-with-aside"><div class="page-columns"><div class="page-main">\n'
            f'{body}</div>\n<aside class="page-aside" aria-label="{label}">\n{side}</aside>'
            f'</div></div>\n')


def render_fragment(site: Site, text: str, where: Location,
                    words: Mapping[str, str] | None = None,
                    problems: list[Problem] | None = None) -> str:
    """Render a piece of MDX that is not a page (an operation's ``x-mint`` content) to HTML.

    Raw HTML in ``text`` is escaped, not passed through, so untrusted text stays inert. MDX
    that does not compile is shown as its text.

    Args:
        site: the site (components, snippets and variables come from it).
        text: the MDX/Markdown source.
        where: where ``text`` starts, for located warnings.
        words: the theme's words in the language of the page it is shown on (English).
        problems: receives what rendering found: its warnings, then its errors (each an
            error: the text was shown as it is).
    """
    ctx = Context(site, where.file, max(where.line - 1, 0), "", words=words or i18n.words("en"))
    out = render_mdx(text, ctx)
    if problems is not None:
        problems += [*ctx.problems, *ctx.errors]
    return out if not ctx.errors else html.escape(text)


def render_mdx(text: str, ctx: Context) -> str:
    from mdxsite import toolkit

    md = toolkit.for_site(ctx.site).markdown
    env: dict[str, Any] = {"mdx": ctx}
    outer = ctx.line_map, ctx.source_lines  # a JSX value renders inside its page: restore after
    prepared, ctx.line_map, errors = prepare(text)
    ctx.source_lines = text.split("\n")
    if not ctx.page_lines:  # the page's own body (nested values and components inside it)
        ctx.page_lines, ctx.page_offset = ctx.source_lines, ctx.offset
    for line, message, hint, needle in errors:  # tags MDX cannot pair (prepare pairs them)
        ctx.error(line, message, hint, needle=needle)
    try:
        tokens = md.parse(prepared, env)
        _assign_heading_ids(tokens, ctx)
        return _Renderer(md, ctx, env).render(tokens)
    finally:
        ctx.line_map, ctx.source_lines = outer


def _assign_heading_ids(tokens: list[Token], ctx: Context) -> None:
    """Give each heading of ``tokens`` its id and list it for the table of contents, as the
    platform's table of contents does (@mintlify/common's remarkExtractTableOfContents).

    A ``#`` heading ending in ``{#custom-id}`` takes that id (the braces are not shown);
    others take :func:`slugify` of their text. Ids are unique page-wide, snippets and headings
    inside components included: a repeated one gets ``-2``, ``-3``. Besides ``#`` headings the
    contents list, when written as blocks (the tag on a line of its own, its text on the next
    lines: a tag with text beside it is text of a paragraph, which the platform leaves out):
    ``<Heading level={N}>``, ``<h1>`` to ``<h4>`` elements (given an id and an anchor link, as
    the platform turns them into its Heading), and a ``<Step>`` whose ``titleSize`` (its own or
    its ``<Steps>``'s) is ``h2`` or ``h3``. An ``<Update label>`` gets its id here too (the
    contents take updates from the page: :func:`mdxsite.output.feeds.toc_with_updates`).
    Headings inside ``<Accordion>``, ``<AccordionGroup>``, ``<Expandable>``, ``<Update>``,
    ``<Prompt>`` and ``<Visibility for="agents">`` are left out of the contents; ``#`` ones
    still get their ids.
    """
    shadowed = None  # whether the page imports or defines a Heading of its own
    opened: list[tuple[str, Token]] = []  # the block-level components open around tokens[i]
    hidden = 0  # how many of them keep their headings out of the contents
    for i, tok in enumerate(tokens):
        kind = tok.type
        if kind == "jsx_close":
            name = tok.meta["tag"].name if tok.meta["tag"] is not None else ""
            if any(n == name for n, _ in opened):  # a mismatch is reported when rendering
                while opened:
                    n, was = opened.pop()
                    hidden -= _hides_headings(was)
                    if n == name:
                        break
            continue
        if kind in _OPENING:
            tag = tok.meta["tag"]
            flow = kind == "jsx_self" or i + 1 == len(tokens) or tokens[i + 1].type != "inline"
            if flow and not hidden:
                if tag.name == "Heading":
                    if shadowed is None:
                        shadowed = any(t.type == "mdx_statement" and "Heading" in t.content
                                       for t in tokens)
                    if not shadowed:
                        _heading_element_id(tokens, i, ctx)
                elif tag.name in _LISTED_ELEMENTS:
                    _heading_element_id(tokens, i, ctx, level=int(tag.name[1]))
                elif tag.name == "Step":
                    parent = opened[-1][1] if opened else None
                    _step_id(tok, parent, ctx)
                elif tag.name == "Update":
                    _update_id(tok, ctx)
            if kind == "jsx_open":
                opened.append((tag.name, tok))
                hidden += _hides_headings(tok)
            continue
        if kind != "heading_open":
            continue
        inline = tokens[i + 1]
        children = inline.children or []
        line = tok.map[0] if tok.map else None
        custom = None
        if children and children[-1].type == "jsx_expr" and \
                children[-1].content.startswith("#") and tok.markup.startswith("#"):
            custom = _custom_id(children, line, ctx)
        text = "".join(c.content for c in children if c.type in ("text", "code_inline"))
        shown = text or inline.content
        slug = _unique_id(ctx, custom or slugify(text or html.unescape(_TAGS.sub("", shown))),
                          line, custom is not None)
        tok.attrSet("id", slug)
        if not hidden:
            ctx.headings.append(Heading(level=int(tok.tag[1]), text=shown, id=slug))


# the HTML headings the platform lists in the contents (h5 and h6 it does not)
_LISTED_ELEMENTS = frozenset({"h1", "h2", "h3", "h4"})
# components whose headings the platform leaves out of the contents: collapsed, or an entry
# of their own (an update is listed by its label)
_HIDING = frozenset({"Accordion", "AccordionGroup", "Expandable", "Update", "Prompt"})


def _hides_headings(tok: Token) -> bool:
    """Whether the component ``tok`` opens keeps the headings inside it out of the contents:
    one of :data:`_HIDING`, or ``<Visibility for="agents">`` (not on the page at all)."""
    tag = tok.meta["tag"]
    if tag is None:
        return False
    if tag.name == "Visibility":
        # for="agents", or for={"agents"}
        return any(p.name == "for" and p.raw.strip().strip("\"'") == "agents" for p in tag.props)
    return tag.name in _HIDING


def _string_prop(tok: Token, name: str) -> str | None:
    """The value of the string prop ``name`` of ``tok``'s tag (``title="x"``), else None."""
    for prop in tok.meta["tag"].props:
        if prop.name == name and prop.kind == "string":
            return prop.raw
    return None


def _step_id(tok: Token, parent: Token | None, ctx: Context) -> None:
    """List a ``<Step>`` whose title is drawn as an ``h2`` or ``h3`` (its ``titleSize``, else
    the one its ``<Steps>`` passes down) in the contents, and give it its id: its ``id`` prop,
    else its title's slug. ``noAnchor`` or an empty title keep it out, as on the platform."""
    size = _string_prop(tok, "titleSize")
    if size is None and parent is not None and parent.meta["tag"].name == "Steps":
        size = _string_prop(parent, "titleSize")
    # the contents list the title as read, its inline Markdown's marks taken off
    title = components.title_text(_string_prop(tok, "title") or "").strip()
    if size not in ("h2", "h3") or not title or \
            any(p.name == "noAnchor" and p.raw in ("", "true") for p in tok.meta["tag"].props):
        return
    line = tok.map[0] if tok.map else None
    given = _string_prop(tok, "id")
    slug = _unique_id(ctx, given or slugify(title), line, bool(given), "<Step")
    tok.meta["heading_id"] = slug
    ctx.headings.append(Heading(level=int(size[1]), text=title, id=slug))


def _update_id(tok: Token, ctx: Context) -> None:
    """Give an ``<Update label>`` its id, unique on the page like a heading's: its ``id`` prop,
    else its label's slug (the contents list it from the page's HTML)."""
    label = _string_prop(tok, "label")
    if not label:
        return
    line = tok.map[0] if tok.map else None
    given = _string_prop(tok, "id")
    tok.meta["heading_id"] = _unique_id(ctx, given or slugify(label), line, bool(given),
                                        "<Update")


_OPENING = frozenset({"jsx_open", "jsx_self"})
_TRIMMED = frozenset({"heading_open", "th_open", "td_open"})


def _custom_id(children: list[Token], line: int | None, ctx: Context) -> str | None:
    """Take the ``{#custom-id}`` off the end of a heading's inline ``children``: return the
    id, or None (and a located warning) when it is not one an HTML id can be."""
    wanted = children.pop().content[1:]
    if children and children[-1].type == "text":
        children[-1].content = children[-1].content.rstrip()
        if not children[-1].content:
            children.pop()
    if wanted and not _SPACE.search(wanted):
        return wanted
    ctx.warn(line, f"the heading's custom id {{#{wanted}}} "
             + ("is empty" if not wanted.strip() else "has a space in it")
             + ", so the heading gets the id made from its text",
             "write the id after '#' without spaces: {#my-section}", code="mdx.heading-id",
             needle="{#")
    return None


def _unique_id(ctx: Context, slug: str, line: int | None, custom: bool,
               needle: str = "{#") -> str:
    """Return ``slug``, or ``slug-2``, ``slug-3``... if the page already has it, and record it."""
    used = ctx.used_ids
    if slug in used:
        base, n = slug, 2
        while f"{base}-{n}" in used:
            n += 1
        slug = f"{base}-{n}"
        if custom:
            ctx.warn(line, f"the heading id #{base} is used by an earlier heading of this page, "
                     f"so this one gets #{slug}", "give each heading an id of its own",
                     code="mdx.heading-id", needle=needle)
    used.add(slug)
    return slug


def _heading_element_id(tokens: list[Token], i: int, ctx: Context, level: int = 0) -> None:
    """Give the block-level ``<Heading level={N}>`` (or, with ``level``, the ``<hN>`` element)
    at ``tokens[i]`` its id (its ``id`` prop, else its text's slug) in ``meta["heading_id"]``,
    and list it for the table of contents."""
    tok = tokens[i]
    props = {p.name: p.raw for p in tok.meta["tag"].props}
    text: list[str] = []
    depth = 1 if tok.type == "jsx_open" else 0
    for inner in tokens[i + 1:] if depth else ():
        if inner.type in ("jsx_open", "jsx_close") and inner.meta["tag"] is not None and \
                inner.meta["tag"].name == tok.meta["tag"].name:
            depth += 1 if inner.type == "jsx_open" else -1
            if not depth:
                break
        elif inner.type == "inline":
            text.extend(c.content for c in inner.children or ()
                        if c.type in ("text", "code_inline"))
    shown = " ".join("".join(text).split())
    custom = props.get("id") or None
    if not shown and not custom:
        return
    line = tok.map[0] if tok.map else None
    slug = _unique_id(ctx, custom or slugify(shown), line, custom is not None,
                      f"<{tok.meta['tag'].name}")
    tok.meta["heading_id"] = slug
    if not level:
        written = props.get("level", "2")
        level = int(written) if written in ("1", "2", "3", "4", "5", "6") else 2
    ctx.headings.append(Heading(level=level, text=shown or slug, id=slug))


def _renders_tags_as_markdown_it(renderer: RendererHTML) -> bool:
    """True when ``renderer`` draws a token with markdown-it's own renderToken and renderAttrs."""
    kind = type(renderer)
    return kind.renderToken is RendererHTML.renderToken and \
        kind.renderAttrs is RendererHTML.renderAttrs and \
        not {"renderToken", "renderAttrs"} & vars(renderer).keys()


def _table_open(self: RendererHTML, tokens: list[Token], idx: int, options: Any, env: Any) -> str:
    return '<div class="table-wrap">\n' + render_tag(tokens, idx, False)


def _table_close(self: RendererHTML, tokens: list[Token], idx: int, options: Any, env: Any) -> str:
    return render_tag(tokens, idx, False) + "</div>\n"


def render_tag(tokens: list[Token], idx: int, xhtml: bool) -> str:
    """Return what markdown-it's ``RendererHTML.renderToken`` returns for ``tokens[idx]``
    (speed only: the same steps, without its three method calls and string rebuilding)."""
    token = tokens[idx]
    if token.hidden:
        return ""
    nesting = token.nesting
    if nesting == -1:
        out = "</" + token.tag
    elif token.block and idx and tokens[idx - 1].hidden:
        out = "\n<" + token.tag
    else:
        out = "<" + token.tag
    if token.attrs:
        out += "".join([f' {escapeHtml(key)}="{escapeHtml(str(value))}"'
                        for key, value in token.attrs.items()])
    if nesting == 0 and xhtml:
        out += " /"
    if not token.block:
        return out + ">"
    if nesting == 1 and idx + 1 < len(tokens):
        following = tokens[idx + 1]
        if following.type == "inline" or following.hidden or \
                (following.nesting == -1 and following.tag == token.tag):
            return out + ">"
    return out + ">\n"


# the token types _Renderer draws itself, at block level and inline
_BLOCK_TYPES = frozenset({"jsx_open", "jsx_close", "jsx_self", "jsx_expr_block", "mdx_statement",
                          "mdx_error", "fence", "math_block", "math_block_label", "inline",
                          "heading_close"})
_INLINE_TYPES = frozenset({"text", "jsx_inline_open", "jsx_inline_close", "jsx_inline_self",
                           "jsx_expr", "mdx_error", "link_open", "image", "math_inline",
                           "math_inline_double"})


class _Renderer:
    def __init__(self, md: MarkdownIt, ctx: Context, env: dict[str, Any]):
        self.md, self.ctx, self.env = md, ctx, env
        renderer = md.renderer
        # the walker calls the HTML renderer's rules and renderToken, which the protocol lacks
        assert isinstance(renderer, RendererHTML)
        self.renderer = renderer
        self.rules = renderer.rules
        # most inline tokens are text: when no plugin re-renders it, escape it here (speed only)
        text_rule = renderer.rules.get("text")
        self.plain_text = getattr(text_rule, "__func__", None) is RendererHTML.text
        # markdown-it's renderToken for every other tag, unless a plugin changed it (speed only)
        self.own_tags = _renders_tags_as_markdown_it(renderer)
        self.xhtml = bool(md.options["xhtmlOut"])
        # token types drawn otherwise than by render_tag: ours and the renderer's rules; most
        # tokens (paragraphs, list items, table cells) are none of them and skip the checks
        self.block_special = _BLOCK_TYPES | self.rules.keys()
        self.inline_special = _INLINE_TYPES | self.rules.keys()
        # the page's outermost renderer moves side-column components there; a nested one
        # (a snippet, a JSX value) leaves them where they are written
        self.aside, ctx.aside = ctx.aside, None
        self.root: Frame | None = None
        self.section_link = escapeHtml(ctx.words["link_to_section"])  # every heading's anchor

    # ---------------------------------------------------------------- block level
    def render(self, tokens: list[Token]) -> str:
        stack = [Frame("", None, {}, 0)]
        self.root = stack[0]
        tags, special, xhtml = self.own_tags, self.block_special, self.xhtml
        for i, tok in enumerate(tokens):
            t = tok.type
            if tags and t not in special:
                stack[-1].parts.append(render_tag(tokens, i, xhtml))
                continue
            top = stack[-1]
            line = tok.map[0] if tok.map else None
            if t == "jsx_open":
                stack.append(self.opening(tok, line))
            elif t == "jsx_close":
                tag = tok.meta["tag"]
                if self.close(stack, tag.name if tag else "", line):
                    frame = stack.pop()
                    frame.end_line = line
                    self.emit(stack[-1], frame)
            elif t == "jsx_self":
                self.emit(top, self.opening(tok, line))
            elif t == "jsx_expr_block":
                top.expressions.append(tok.content)
                top.parts.append(self.expression(tok.content, line, block=True))
            elif t == "mdx_statement":
                self.statement(tok.content, line)
                if tok.meta and "run_on" in tok.meta:
                    self.ctx.warn(tok.meta["run_on"], "this line follows an import or export "
                                  "without a blank line between: the platform's MDX reads it as "
                                  "part of the statement, and fails to compile the page",
                                  "add a blank line after the statement",
                                  code="mdx.statement-run-on")
            elif t == "mdx_error":
                self.ctx.error(line, tok.meta["message"], tok.meta["hint"],
                               needle=tok.meta.get("needle", "<!--"))
            elif t == "fence":
                block = code.render_fence(tok, self.ctx.props, self.draw_icon, self.ctx.words)
                if "twoslash" in tok.info and "twoslash" in code.parse_meta(tok.info)["flags"]:
                    self.unhonoured_twoslash(line)
                if block["lang"] == "mermaid":
                    self.ctx.features.add("mermaid")
                    for problem in code.mermaid_options(code.parse_meta(tok.info))[1]:
                        self.ctx.warn(line, f"mermaid block: {problem}",
                                      "write placement=\"top-right\" (or top-left, bottom-left, "
                                      "bottom-right) and actions={true} or actions={false}",
                                      code="mdx.unsupported-prop", needle="mermaid")
                top.blocks.append(block)
                top.parts.append(block["html"])
            elif t in ("math_block", "math_block_label"):
                top.parts.append(_math(tok.content, display=True))
            elif t == "inline":
                # a heading's or cell's text ends where its trailing whitespace starts
                trimmed = i > 0 and tokens[i - 1].type in _TRIMMED
                top.parts.append(self.inline(tok.children or [], line, trimmed))
            elif t == "heading_close":
                top.parts.append(_anchor(str(tokens[i - 2].attrGet("id")), self.section_link)
                                 + f"</{tok.tag}>\n")
            elif t in self.rules:
                top.parts.append(self.rules[t](tokens, i, self.md.options, self.env))
            else:  # a plugin's own renderToken (render_tag draws the rest, above)
                top.parts.append(self.renderer.renderToken(tokens, i, self.md.options, self.env))
        for frame in reversed(stack[1:]):
            self.ctx.error(frame.line, f"<{frame.name}> is not closed",
                           f"add </{frame.name}> after its content", needle=f"<{frame.name}")
        return "".join(stack[0].parts)

    def draw_icon(self, name: str) -> str:
        """Draw an icon as the page's components do (the site's ``icons.library``)."""
        from mdxsite import toolkit

        draw = toolkit.for_site(self.ctx.site).jinja.globals["icon"]
        return str(draw(name)) if callable(draw) else ""

    def unhonoured_twoslash(self, line: int | None) -> None:
        if ("```", "twoslash") in self.ctx.prop_warned:  # once a page
            return
        self.ctx.prop_warned.add(("```", "twoslash"))
        self.ctx.warn(line, "the code block option twoslash is not supported by mdxsite, so "
                      "the block is highlighted without its hover type information",
                      "remove twoslash to silence this", code="mdx.unsupported-prop",
                      needle="twoslash")

    # ---------------------------------------------------------------- inline level
    def inline(self, children: list[Token], line: int | None, trimmed: bool = False) -> str:
        stack = [Frame("", None, {}, line or 0)]
        plain_text = self.plain_text
        tags, special, xhtml = self.own_tags, self.inline_special, self.xhtml
        for i, tok in enumerate(children):
            top = stack[-1]
            t = tok.type
            if t == "text" and plain_text:
                top.parts.append(escapeHtml(tok.content))
            elif tags and t not in special:
                top.parts.append(render_tag(children, i, xhtml))
            elif t == "jsx_inline_open":
                tag = tok.meta["tag"]
                stack.append(Frame(tag.name, tag, self.props(tag, line), line or 0))
            elif t == "jsx_inline_close":
                tag = tok.meta["tag"]
                if self.close(stack, tag.name, line, inline=True):
                    frame = stack.pop()
                    self.emit(stack[-1], frame, inline=True)
            elif t == "jsx_inline_self":
                tag = tok.meta["tag"]
                self.emit(top, Frame(tag.name, tag, self.props(tag, line), line or 0), inline=True)
            elif t == "jsx_expr":
                top.expressions.append(tok.content)
                top.parts.append(self.expression(tok.content, line))
            elif t == "mdx_error":  # an inline error knows its line within the paragraph
                at = line + tok.meta.get("line_offset", 0) if line is not None else None
                if tok.meta.get("at_end") and not trimmed and \
                        self.ctx.spaced_after(at, tok.meta["needle"]):
                    continue  # 'x < ' ending a paragraph: MDX reads the space after '<'
                self.ctx.error(at, tok.meta["message"], tok.meta["hint"],
                               needle=tok.meta.get("needle", "<!--"),
                               shift=tok.meta.get("shift", 0))
            elif t == "link_open":
                top.parts.append(self.link_open(tok, line))
            elif t == "image":
                top.parts.append(self.image(tok, line))
            elif t == "math_inline" or t == "math_inline_double":
                # inline, "$$x$$" too: remark-math makes both inlineMath, drawn in the line
                top.parts.append(_math(tok.content))
            elif t in self.rules:
                top.parts.append(self.rules[t](children, i, self.md.options, self.env))
            else:  # a plugin's own renderToken (render_tag draws the rest, above)
                top.parts.append(self.renderer.renderToken(children, i, self.md.options, self.env))
        for frame in reversed(stack[1:]):
            # an inline tag left open closes at the end of its paragraph, like MDX's parser says
            self.ctx.error(frame.line, f"<{frame.name}> is not closed",
                           f"add </{frame.name}> in the same paragraph", needle=f"<{frame.name}")
        return "".join(stack[0].parts)

    def close(self, stack: list[Frame], name: str, line: int | None, inline: bool = False) -> bool:
        """Check a closing tag against the open ones; True when it closes the innermost.

        One mistake gives one error: a close tag matching an outer element reports the inner
        ones it skips, and closes them, so the tags after it are checked as written.
        """
        if len(stack) > 1 and stack[-1].name == name:
            return True
        open_names = [f.name for f in stack[1:]]
        if name not in open_names:
            expected = f"</{stack[-1].name}>" if len(stack) > 1 else "no closing tag here"
            self.ctx.error(line, f"</{name}> does not match: expected {expected}",
                           f"remove </{name}> or open <{name}> before it", needle=f"</{name}")
            return False
        inner = stack[-1]
        self.ctx.error(line, f"</{name}> does not match: expected </{inner.name}>",
                       f"close <{inner.name}> (line {self.ctx.where(inner.line).line}) first: "
                       "tags close in the reverse order they open", needle=f"</{name}")
        while stack[-1].name != name:
            frame = stack.pop()
            self.emit(stack[-1], frame, inline=inline)
        return True

    # ---------------------------------------------------------------- pieces
    def opening(self, tok: Token, line: int | None) -> Frame:
        """The frame of a block-level opening tag. A ``<Heading>``, ``<hN>``, ``<Step>`` or
        ``<Update>`` listed by :func:`_assign_heading_ids` gets the id it was given there."""
        tag = tok.meta["tag"]
        props = self.props(tag, line)
        frame = Frame(tag.name, tag, props, line or 0)
        if "heading_id" in tok.meta:
            props["id"] = tok.meta["heading_id"]
            # an <hN> is drawn as the platform's Heading: with an anchor link, unless noAnchor
            frame.anchored = tag.name in _HEADINGS and not props.get("noAnchor")
        return frame

    def props(self, tag: Tag, line: int | None) -> dict[str, Any]:
        out: dict[str, Any] = Props()
        scope = {**self.ctx.scope, **(self.ctx.props or {})}
        for prop in tag.props:
            if prop.kind == "string":
                out[prop.name] = prop.raw
            elif prop.kind == "expr" and tag.name[:1].islower() and \
                    _HANDLER_PROP.fullmatch(prop.name) and _FUNCTION.match(prop.raw):
                out[prop.name] = EventHandler(prop.raw.strip())
            elif prop.kind == "bare":
                out[prop.name] = True
            else:
                value = self.evaluate(prop, scope, line)
                if prop.kind == "spread":
                    if isinstance(value, dict):
                        out.update(value)
                elif value is not None or prop.raw.strip() in ("null", "undefined"):
                    out[prop.name] = value
        return out

    def _comment_opens(self, source: str, line: int | None) -> bool:
        """True (and a located error) when an expression starts with ``<!``: MDX parses what
        is between braces as JavaScript, where an HTML comment cannot begin one."""
        if not source.lstrip().startswith("<!"):
            return False
        self.ctx.error(line, "an HTML comment cannot open an expression: MDX reads what is "
                       "between { } as JavaScript", COMMENT_ERROR["hint"], needle="<!")
        return True

    def evaluate(self, prop: Prop, scope: dict[str, Any], line: int | None) -> Any:
        if self._comment_opens(prop.raw, line):
            return None
        try:
            value, undefined = jsvalue.evaluate(prop.raw, scope)
        except jsvalue.Unevaluable:
            self.ctx.warn(line, f"prop {prop.name!r}: {prop.raw.strip()[:60]!r} is not a literal "
                          "mdxsite can evaluate, so it is left out",
                          "use a string, number, boolean, array or object literal",
                          code="mdx.expression")
            return None
        for name in undefined:
            self.ctx.warn(line, f"prop {prop.name!r} uses {name!r}, which is not defined",
                          "export it (export const …) or import it from a snippet",
                          code="mdx.undefined")
        return value

    def expression(self, source: str, line: int | None, block: bool = False) -> str:
        stripped = source.strip()
        if not stripped or (stripped.startswith("/*") and stripped.endswith("*/")) or \
                self._comment_opens(stripped, line):
            return ""
        scope = {**self.ctx.scope, **(self.ctx.props or {})}
        try:
            value, undefined = jsvalue.evaluate(stripped, scope)
        except jsvalue.Unevaluable:
            # in a static component's joined body, the expression's own line as written
            needle = re.split(r"\n|\\n", stripped, maxsplit=1)[0][:40] if self.ctx.written else ""
            self.ctx.warn(line, f"the expression {{{_SPACE.sub(' ', stripped)[:60]}}} is not rendered: mdxsite "
                          "evaluates literals and names only",
                          "use a literal or an exported constant", code="mdx.expression",
                          needle=needle)
            return ""
        short = _SPACE.sub(" ", stripped)[:60]
        if undefined:
            self.ctx.warn(line, f"{{{short}}} uses {undefined[0]!r}, which is not defined; "
                          "it is shown as text", "escape the braces as \\{ \\} if they are text",
                          code="mdx.undefined")
            return html.escape("{" + source + "}")
        if isinstance(value, jsvalue.JsxValue):
            return self.jsx(value)
        if isinstance(value, Markup):  # {children} inside a component: already HTML
            return str(value)
        if isinstance(value, list) and any(isinstance(v, jsvalue.JsxValue) for v in value):
            return "".join(self.jsx(v) if isinstance(v, jsvalue.JsxValue)
                           else html.escape(jsvalue.to_text(v)) for v in value)  # a .map
        text = html.escape(jsvalue.to_text(value))
        return f"<p>{text}</p>\n" if block and text else text

    def jsx(self, value: jsvalue.JsxValue) -> str:
        """Render an element written as a value, with the names a ``.map`` callback bound
        around it; such an element's lines join as JSX joins them (an indented line of it is
        not a code block)."""
        if not value.bindings:
            return render_mdx(value.source, self.ctx)
        from mdxsite.mdx.snippets import jsx_line

        saved = self.ctx.props
        self.ctx.props = {**(saved or {}), **dict(value.bindings)}
        try:
            return render_mdx(jsx_line(value.source), self.ctx)
        finally:
            self.ctx.props = saved

    def statement(self, source: str, line: int | None) -> None:
        from mdxsite.mdx import snippets

        snippets.statement(self.ctx, source, line)

    def emit(self, parent: Frame, frame: Frame, inline: bool = False) -> None:
        children = Markup("".join(frame.parts))
        html_out = self.component(frame, children, inline)
        aside = self.aside if parent is self.root and not inline else None
        side = ASIDE.get(frame.name) if aside is not None else None
        if aside is not None and side is not None:
            aside.append((side, html_out))
        else:
            parent.parts.append(html_out)
        parent.items.append({"name": frame.name, "props": frame.props, "html": Markup(html_out),
                             "children": children, "blocks": frame.blocks})
        parent.blocks.extend(b for b in frame.blocks if frame.name not in ("CodeGroup",
                                                                          "RequestExample",
                                                                          "ResponseExample"))

    def code_block(self, props: dict[str, Any], children: Markup) -> dict[str, Any]:
        """``<CodeBlock language filename icon lines wrap expandable highlight focus>``, the
        platform's code block written as JSX (its code page documents it): drawn as the fence
        with those options would be. ``highlight`` and ``focus`` are stringified arrays
        (``"[1,3]"``); the code is the children's text (``{`…`}``)."""
        source = html.unescape(_TAGS.sub("", str(children))).strip("\n")
        words = [str(props.get("language") or "text").split()[0]]
        for prop, attr in (("filename", "title"), ("icon", "icon")):
            if isinstance(props.get(prop), str) and props[prop]:
                words.append(f"{attr}={shlex.quote(props[prop])}")
        words += [flag for flag in ("lines", "wrap", "expandable") if props.get(flag) is True]
        for option in ("highlight", "focus"):
            value = props.get(option)
            lines = (",".join(str(v) for v in value) if isinstance(value, list)
                     else str(value).strip().strip("[]{}") if value is not None else "")
            if lines:
                words.append(f"{option}={{{lines.replace(' ', '')}}}")
        tok = Token("fence", "code", 0, info=" ".join(words), content=source + "\n")
        return code.render_fence(tok, None, self.draw_icon, self.ctx.words)

    def component(self, frame: Frame, children: Markup, inline: bool) -> str:
        name = frame.name
        if not name:  # fragment
            return str(children)
        if name in self.ctx.imports:
            from mdxsite.mdx import snippets

            return snippets.render_component(self.ctx, name, frame.props, frame.line)
        value = self.ctx.scope.get(name)
        if isinstance(value, jsvalue.JsxValue):
            return self.jsx(value)
        if isinstance(value, jsvalue.JsxComponent):
            from mdxsite.mdx import snippets

            return snippets.render_arrow(self.ctx, value, frame.props, str(children), frame.line)
        if isinstance(value, jsvalue.Script):
            return island(self.ctx, name, frame.props, children, inline)
        if name[0].islower() and "." not in name:
            drawn = _html_element(name, frame.props, children, self.ctx, frame.line)
            if frame.anchored:
                drawn = drawn[:-len(f"</{name}>")] + _anchor(frame.props["id"], self.section_link) \
                    + f"</{name}>"
            return drawn
        if name == "Snippet":
            from mdxsite.mdx import snippets

            return snippets.render_legacy(self.ctx, frame.props, frame.line)
        from mdxsite import toolkit

        kit = toolkit.for_site(self.ctx.site)
        found = kit.components.get(name)
        if found is None and name == "CodeBlock":
            block = self.code_block(frame.props, children)
            frame.blocks.append(block)  # a tab of the CodeGroup around it
            return str(block["html"])
        if found is None:
            why = ("its definition is JavaScript mdxsite does not run" if name in self.ctx.scope
                   else "mdxsite has no such component")
            self.ctx.warn(frame.line, f"<{name}> is rendered as a plain box: {why}",
                          "use one of the documented components, import a snippet, or add it "
                          "with a plugin (mdxsite_components)", code="mdx.unknown-component")
            tag = "span" if inline else "div"
            return f'<{tag} class="mdx-unknown" data-component="{html.escape(name)}">{children}</{tag}>'
        drawn = self.template(found, frame, children, kit.jinja, inline)
        # a text-level component with its text on one line (<Badge>…</Badge> a line, as the
        # Badge page lists its colours) is text of a paragraph in MDX: the line break between
        # two of them is a space, not nothing. A line of tags alone (<Icon />) is not text.
        # (the parser's one-line form: its closing token has no line of its own, end_line None)
        if found.inline and not inline and frame.end_line is None and frame.parts:
            return drawn + "\n"
        return drawn

    def template(self, component: Component, frame: Frame, children: Markup,
                 env: jinja2.Environment, inline: bool = False) -> str:
        name = component.name
        if name == "Mermaid":
            self.ctx.features.add("mermaid")
        props = Props(frame.props)
        for key, value in props.items():
            if isinstance(value, jsvalue.JsxValue):  # icon={<svg …/>}: render the element
                # once, for this template and for the parent's (<Tabs> draws its <Tab>s' titles
                # from their props: the element's Python repr showed in the tab button)
                props[key] = frame.props[key] = Markup(self.jsx(value).strip())
        title = props.get("title")
        if name in components.MARKDOWN_TITLES and isinstance(title, str) and \
                not isinstance(title, Markup):
            drawn = components.title_html(title)
            if drawn is not None:  # its parent's template (<Tabs>) reads it from frame.props
                props["title"] = frame.props["title"] = drawn
        for key in ("href", "img", "src"):
            if isinstance(props.get(key), str):
                props[key] = self.rewrite_url(props[key], frame.line)
        for prop, message, hint in components.prop_problems(name, frame.props):
            if (name, prop) in self.ctx.prop_warned:
                continue
            self.ctx.prop_warned.add((name, prop))
            self.ctx.warn(frame.line, message, hint,
                          code="mdx.unsupported-prop", needle=f"<{name}")
        extra = self.extra(name, props, frame, children, env)
        if name == "Latex":  # in a sentence ("Inline math: <Latex>E = mc^2</Latex>") it is inline
            extra["display"] = not inline
        children = extra.pop("children", children)
        template = self.ctx.templates.get(component.template)
        if template is None:
            template = self.ctx.templates[component.template] = env.get_template(component.template)
        body = template.render(
            name=name, kind=CALLOUTS.get(name, ""), props=props, children=children,
            items=frame.items, blocks=frame.blocks, math=_math, site=self.ctx.site,
            words=self.ctx.words, **extra)
        given = props.get("className")
        if isinstance(given, str) and given.strip():
            body = _with_class(body.strip(), given.split())
        return body.strip() + ("" if component.inline else "\n")

    def variation(self, props: Props, frame: Frame) -> dict[str, Any]:
        """``<Variation is="cloud">`` (or ``is={["a", "b"]}``): the ids it shows for, and whether
        the default variation (docs.json's first) is one, so the page reads right before its
        script picks the reader's. Without variations the platform shows it nowhere: nor does
        mdxsite, and it says so."""
        from mdxsite.output.chrome import variations  # the site's options, theme-checked

        given = props.get("is")
        ids = [given] if isinstance(given, str) else \
            [v for v in given if isinstance(v, str)] if isinstance(given, list) else []
        options = [option for option, _ in variations(self.ctx.site)]
        if not options:
            self.ctx.warn(frame.line, "<Variation> content is shown nowhere: docs.json has no "
                          "variations for the willow theme, as on the platform",
                          'add "variations": {"options": [{"id": …, "label": …}]} with '
                          '"theme": "willow", or remove the component',
                          code="mdx.variation", needle="<Variation")
            return {"ids": [], "default": False}
        unknown = [i for i in ids if i not in options]
        if unknown or not ids:
            self.ctx.warn(frame.line, f"<Variation is={given!r}> names no variation of docs.json"
                          if not ids or len(unknown) == len(ids) else
                          f"<Variation> names {', '.join(map(repr, unknown))}, not a variation "
                          "of docs.json", "use one of " + ", ".join(map(repr, options)),
                          code="mdx.variation", needle="<Variation")
        return {"ids": [i for i in ids if i in options], "default": options[0] in ids}

    def extra(self, name: str, props: Props, frame: Frame, children: Markup,
              env: jinja2.Environment) -> dict[str, Any]:
        """Template values a built-in component needs beyond its props and children."""
        if name == "Prompt":
            return self.prompt(props, frame, children)
        if name == "Variation":
            return self.variation(props, frame)
        if name == "Frame":
            return self.frame(props, children)
        if name in ("ParamField", "ResponseField") and not isinstance(props.get("default"), str):
            # default={false} or default={["a"]} shows as an OpenAPI field's default does
            # (false, ["a"]), not as Python prints it (False, ['a'])
            props["default"] = jsvalue.to_json(props.get("default"))
        if name == "Heading":  # <Heading level={2}>\ntext\n</Heading>: no <p> inside the <h2>
            level = props.get("level")
            return {"children": _without_paragraph(children),
                    "level": level if level in (1, 2, 3, 4, 5, 6) else
                    int(level) if level in ("1", "2", "3", "4", "5", "6") else 2}
        if name == "PopupTrigger":  # a <summary>: phrasing content, not a paragraph
            return {"children": _without_paragraph(children)}
        if name == "Terminal":
            return self.terminal(props, frame, children)
        if name == "Mention":
            return self.mention(props, frame)
        if name == "Graph":
            return self.graph(props, frame)
        if name in ("Columns", "CardGroup"):
            value = props.get("cols")
            cols, problem = components.column_count(name, value)
            # an undefined name (cols={n}) was reported where it was read
            if problem is not None and not isinstance(value, jsvalue.Undefined):
                self.ctx.warn(frame.line, *problem, code="mdx.columns", needle=f"<{name}")
            return {"cols": cols}
        if name == "GitHub.Repo":
            slug = components.github_repo(props.get("repo"))
            if props.get("repo") and slug is None:
                self.ctx.warn(frame.line, f"<GitHub.Repo repo={props.get('repo')!r}> names no "
                              "repository", 'write repo="owner/name" or a https://github.com/… URL',
                              code="mdx.unsupported-prop", needle="<GitHub.Repo")
            return {"repo": slug}
        if name in ("Tree", "FileTree") and not frame.items and "<ul" in children:
            tree = filetree.read_list(str(children))
            if tree is None:
                self.ctx.warn(frame.line, f"<{name}> holds text besides its Markdown list, "
                              "so it is shown as written", "keep only the nested list inside "
                              f"<{name}>, or use Tree.Folder and Tree.File",
                              code="mdx.tree-list", needle=f"<{name}")
                return {}
            folder, file = (env.get_template(components.template_for(n))
                            for n in ("Tree.Folder", "Tree.File"))
            drawn = filetree.render(
                tree,
                lambda e, inner: folder.render(name="Tree.Folder", props=Props(
                    name=e.name, defaultOpen=True, highlight=e.highlight), children=Markup(inner),
                    items=[], blocks=[], site=self.ctx.site, kind=""),
                lambda e: file.render(name="Tree.File", props=Props(
                    name=e.name, highlight=e.highlight), children=Markup(""), items=[],
                    blocks=[], site=self.ctx.site, kind=""))
            return {"children": Markup(drawn)}
        return {}

    def inline_markdown(self, text: str) -> Markup:
        """Return a prop written in Markdown (``**bold**``, links) as HTML, without the
        paragraph around a single line."""
        rendered = render_mdx(text, self.ctx).strip()
        if rendered.startswith("<p>") and rendered.endswith("</p>") and rendered.count("<p>") == 1:
            rendered = rendered[3:-4]
        return Markup(rendered)

    def frame(self, props: Props, children: Markup) -> dict[str, Any]:
        """``<Frame caption>`` is Markdown (links, bold) as the platform's page says; a
        ``<video autoPlay>`` inside plays inline, looped and muted, as the platform's frame
        makes it (browsers refuse to autoplay a video with sound)."""
        caption = props.get("caption")
        if isinstance(caption, str):
            props["caption"] = self.inline_markdown(caption)
        return {"children": Markup(_AUTOPLAY_VIDEO.sub(_quiet_video, str(children)))}

    def prompt(self, props: Props, frame: Frame, children: Markup) -> dict[str, Any]:
        description = props.get("description")
        if isinstance(description, str):  # "Supports inline markdown and badges"
            props["description"] = self.inline_markdown(description)
        actions = props.get("actions", list(components.PROMPT_ACTIONS[:1]))
        if not isinstance(actions, list):
            actions = []
        for action in actions:
            if action not in components.PROMPT_ACTIONS:
                self.ctx.warn(frame.line, f"<Prompt> action {action!r} is not one the platform "
                              "offers, so it is left out", 'use "copy" and "cursor"',
                              code="mdx.unsupported-prop", needle="<Prompt")
        text = self.source_of(frame) or _SPACE.sub(" ", html.unescape(_TAGS.sub(" ", children)))
        text = text.strip()
        return {"actions": [a for a in actions if a in components.PROMPT_ACTIONS], "text": text,
                "cursor_url": components.cursor_link(text)}

    def terminal(self, props: Props, frame: Frame, children: Markup) -> dict[str, Any]:
        text = self.source_of(frame) or html.unescape(_TAGS.sub("", children)).strip()
        style = []
        for prop, css in (("height", "height"), ("maxHeight", "max-height")):
            given = props.get(prop)
            if given is None:
                continue
            found = terminal.length(given)
            if found is None:
                self.ctx.warn(frame.line, f"<Terminal {prop}={given!r}> is not a CSS length, so "
                              "it is ignored", f'write {prop}="300px" (or rem, em, vh, %)',
                              code="mdx.unsupported-prop", needle="<Terminal")
            else:
                style.append(f"{css}: {found}")
        return {"lines": terminal.lines(text), "theme": props.get("theme") if props.get("theme")
                in ("dark", "light", "matrix", "retro") else "dark",
                "interactive": bool(props.get("interactive")),
                "copyable": props.get("copyable") is not False, "box_style": "; ".join(style)}

    def mention(self, props: Props, frame: Frame) -> dict[str, Any]:
        """``<Mention page="/path">``: a link named by the page's title; ``<Mention user>``:
        the teammate as "@name" (the platform shows their display name from its organization
        directory, which a static build has not: said once a page)."""
        page, user = props.get("page"), props.get("user")
        if isinstance(page, str) and page.strip() and not user:
            href = self.rewrite_url(page.strip(), frame.line)
            kind, key = self.ctx.site.target(_site_path(self.ctx, page.strip()))
            found = self.ctx.site.pages[key] if kind == "page" else None
            return {"href": href, "label": found.title if found is not None else page.strip()}
        if isinstance(user, str) and user.strip() and not page:
            if ("Mention", "user") not in self.ctx.prop_warned:
                self.ctx.prop_warned.add(("Mention", "user"))
                self.ctx.warn(frame.line, f"<Mention user={user!r}> shows the part of the address "
                              "before '@': the platform shows the teammate's display name from "
                              "its organization, which a static build does not have",
                              "write the teammate's name as text to show it as you want",
                              code="mdx.mention-user", needle="<Mention")
            return {"href": None, "label": user.strip().partition("@")[0]}
        self.ctx.warn(frame.line, "<Mention> needs exactly one of user or page, so it shows "
                      "nothing", 'write <Mention page="/path" /> or <Mention user="name@…" />',
                      code="mdx.unsupported-prop", needle="<Mention")
        return {"href": None, "label": ""}

    def graph(self, props: Props, frame: Frame) -> dict[str, Any]:
        """``<Graph>``: its chart drawn from its child expression (:mod:`mdxsite.mdx.graph`)."""
        value: object = None
        written = [e.strip() for e in frame.expressions if e.strip()]
        try:
            if len(written) == 1:
                value, undefined = jsvalue.evaluate(
                    written[0], {**self.ctx.scope, **(self.ctx.props or {})})
                if undefined:
                    raise graph.GraphError(f"its data uses {undefined[0]!r}, which is not "
                                           "defined")
            elif len(written) > 1:
                raise graph.GraphError("it holds more than one {…} expression")
            chart = graph.read(str(props.get("type") or "line"), value, props)
        except (jsvalue.Unevaluable, graph.GraphError) as exc:
            reason = str(exc) if isinstance(exc, graph.GraphError) else \
                "its data is not a literal or an exported constant"
            self.ctx.warn(frame.line, f"<Graph> is not drawn: {reason}",
                          "write the data as the child {[{ x: …, y: … }, …]} or "
                          "{{ data: [...], series: [{ key, label, color }] }}",
                          code="mdx.graph", needle="<Graph")
            return {"svg": None}
        height = props.get("height")
        if isinstance(height, str) and height.strip().isdigit():
            height = int(height)
        if not isinstance(height, (int, float)) or isinstance(height, bool) or height < 80:
            height = graph.DEFAULT_HEIGHT
        title = props.get("title")
        svg, legend = graph.draw(chart, title=title if isinstance(title, str) else "",
                                 height=int(height), stacked=bool(props.get("stacked")),
                                 legend=props.get("showLegend") is not False,
                                 grid=props.get("showGrid") is not False)
        return {"svg": Markup(svg), "legend": legend, "height": int(height)}

    def source_of(self, frame: Frame) -> str:
        """Return the MDX between a block component's tags as written (a prompt is copied as
        its author wrote it, Markdown and all); "" when it is not on lines of its own."""
        ctx = self.ctx
        if frame.end_line is None or not ctx.line_map or frame.end_line >= len(ctx.line_map):
            return ""
        first, last = ctx.line_map[frame.line], ctx.line_map[frame.end_line]
        text = "\n".join(ctx.source_lines[first:last + 1])
        start = text.find(f"<{frame.name}")
        tag = scan_tag(text, start) if start >= 0 else None
        end = text.rfind(f"</{frame.name}")
        if tag is None or end < tag.end:
            return ""
        return textwrap.dedent(text[tag.end:end].strip("\n")).strip()

    def link_open(self, tok: Token, line: int | None) -> str:
        href = tok.attrGet("href")
        if isinstance(href, str):
            tok.attrSet("href", self.rewrite_url(href, line))
        if isinstance(href, str) and href.startswith(("http://", "https://")):
            tok.attrSet("rel", "noopener")
        return self.renderer.renderToken([tok], 0, self.md.options, self.env)

    def image(self, tok: Token, line: int | None) -> str:
        src = tok.attrGet("src")
        alt = "".join(c.content for c in tok.children or [])
        url = rewrite_url(self.ctx, src, line, file=True) if isinstance(src, str) else ""
        title = tok.attrGet("title")
        extra = f' title="{html.escape(str(title))}"' if title else ""
        found = image_size(self.ctx, src) if isinstance(src, str) else None
        if found:
            extra += f' width="{found[0]}" height="{found[1]}"'
        return f'<img src="{html.escape(url)}" alt="{html.escape(alt)}"{extra} loading="lazy">'

    def rewrite_url(self, href: str, line: int | None) -> str:
        """Point internal links at output URLs (base URL applied) and record them for checking."""
        return rewrite_url(self.ctx, href, line)


def island(ctx: Context, name: str, props: dict[str, Any], children: str,
           inline: bool = False) -> str:
    """A use of a JavaScript component: its children as the static fallback, drawn by the
    page's island script in the browser (:mod:`mdxsite.mdx.islands`)."""
    ctx.islands.append(name)
    tag = "span" if inline else "div"
    return (f'<{tag} class="mdx-island" data-island="{html.escape(name)}" '
            f'data-props="{html.escape(islands.props_json(props))}">{children}</{tag}>')


# a URL scheme that runs script: React refuses it in JSX (so the platform does), browsers ignore
# tabs and line breaks inside it ("java\tscript:")
_SCRIPT_URL = re.compile(r"^(javascript|vbscript|livescript):", re.IGNORECASE)
_URL_NOISE = re.compile(r"[\x00-\x20]")
# attributes that hold a URL, beyond href and src
_URL_ATTRS = frozenset({"action", "formaction", "poster", "xlink:href", "xlinkHref", "data",
                        "cite", "background", "srcset"})


def script_url(value: str) -> bool:
    """True for a URL that would run script when followed (``javascript:`` and kin)."""
    return _SCRIPT_URL.match(_URL_NOISE.sub("", value)) is not None


# elements whose src names a file, never a page (an <iframe> may show a page of the site)
_FILE_SRC = frozenset({"img", "video", "audio", "source", "track", "embed"})


def rewrite_url(ctx: Context, href: str, line: int | None, file: bool = False) -> str:
    """Point an internal URL at its output URL (base URL applied) and record a link to a page
    for checking. ``file``: the URL names a file (an image's or a video's src), so a target
    that is neither a page nor a file of the site is a missing file, not a missing page."""
    if script_url(href):
        ctx.warn(line, f"{href[:40]!r} runs script, so it is left out (React blocks such URLs "
                 "in MDX, as the platform does)", "link to a page or an https:// URL",
                 code="mdx.script-url", needle=href[:12])
        return ""
    if not href or href.startswith(("#", "//", "mailto:", "tel:", "data:")) or \
            re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", href):
        if href.startswith("#"):
            ctx.links.append((f"{ctx.page_key}{href}", ctx.where(line, needle=href)))
        return href
    path, _, fragment = href.partition("#")
    path, _, query = path.partition("?")
    written = _site_path(ctx, path)
    site = ctx.site
    suffix = ("?" + query if query else "") + ("#" + fragment if fragment else "")
    kind, key = site.target(written)
    if kind == "page":
        ctx.links.append((key + ("#" + fragment if fragment else ""), ctx.where(line, needle=href)))
        return site.href(site.pages[key].url) + suffix
    if kind == "file":
        return site.href("/" + written) + suffix
    # '/images/Screen%20Shot.png' (Markdown encodes a space so) names 'images/Screen Shot.png'
    target = unquote(written) if "%" in written else written
    if file or posixpath.splitext(target)[1].lower() in ASSET_SUFFIXES:  # a file, not a page
        if (site.root / target).is_file():  # there, but not published
            ctx.warn(line, f"{href!r} points at {target!r}, which the site's .mintignore "
                     "leaves out of the output", "remove it from .mintignore, or fix the path",
                     code="mdx.missing-file", needle=href)
        else:
            ctx.warn(line, f"{href!r} points at {target!r}, which is not in the site folder",
                     "add the file or fix the path", code="mdx.missing-file", needle=href)
        return site.href("/" + written) + suffix
    ctx.links.append((key + ("#" + fragment if fragment else ""), ctx.where(line, needle=href)))
    return site.href("/" + written) + suffix


def _site_path(ctx: Context, path: str) -> str:
    """Return the site-relative path a link's path names, resolved against the page."""
    base = posixpath.dirname(ctx.page_key) if not path.startswith("/") else ""
    return posixpath.normpath(posixpath.join("/" + base, path)).lstrip("/")


def image_size(ctx: Context, src: str) -> tuple[int, int] | None:
    """Return the pixel size of the site image ``src`` names (None: remote, missing, unknown)."""
    if not src or src.startswith(("//", "data:")) or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", src):
        return None
    target = _site_path(ctx, src.partition("#")[0].partition("?")[0])
    target = unquote(target) if "%" in target else target
    if not target or target.startswith(".."):
        return None
    return images.size(ctx.site.root / target)


def _css(style: object) -> str:
    if isinstance(style, str):
        return style
    if not isinstance(style, dict):
        return ""
    parts = []
    for k, v in style.items():
        prop = re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), k)
        if isinstance(v, (int, float)) and not isinstance(v, bool) and prop not in (
                "opacity", "z-index", "font-weight", "line-height", "flex", "order"):
            v = f"{v}px"
        parts.append(f"{prop}: {v}")
    return "; ".join(parts)


def _html_element(name: str, props: dict[str, Any], children: Markup, ctx: Context,
                  line: int | None = None) -> str:
    if name.lower() in _INERT:  # React inserts these without running them; so do we not
        ctx.warn(line, f"<{name}> does not run in MDX pages, so it is left out",
                 "put scripts in a .js file in the site folder (loaded on every page)",
                 code="mdx.inert-element", needle=f"<{name}")
        return ""
    attrs = []
    for key, value in props.items():
        key = _ATTR_RENAME.get(key, key)
        if key == "noAnchor" and name in _HEADINGS:  # the platform's prop: no anchor link
            continue
        if key in ("key", "ref"):  # React's own: no attribute of the element
            continue
        if isinstance(value, EventHandler):  # the browser passes the event as `event`
            event = _HANDLER_ATTR.get(key, key.lower())
            attrs.append(f' {event}="{html.escape(f"({value}).call(this, event)")}"')
            continue
        if key.lower().startswith("on") or key.lower() == "srcdoc":
            # event handlers are functions in JSX; as strings React drops them, and so do we
            continue
        if key == "style":
            value = _css(value)
        if key in ("src", "href") and isinstance(value, str):
            value = rewrite_url(ctx, value, line, file=key == "src" and name in _FILE_SRC)
        elif key in _URL_ATTRS and isinstance(value, str) and script_url(value):
            continue
        if value is True:
            attrs.append(f" {html.escape(key)}")
        elif value is None or value is False or isinstance(value, (dict, list)):
            continue
        else:
            attrs.append(f' {html.escape(key)}="{html.escape(jsvalue.to_text(value) if not isinstance(value, str) else value)}"')
    if name == "img" and "alt" not in props:
        attrs.append(' alt=""')
    if name == "img" and "width" not in props and "height" not in props and \
            isinstance(props.get("src"), str):
        found = image_size(ctx, props["src"])
        if found:  # the browser reserves the space, so the page does not jump as it loads
            attrs.append(f' width="{found[0]}" height="{found[1]}"')
    if name in VOID:
        return f"<{name}{''.join(attrs)}>"
    if name in _PHRASING_ONLY:
        children = _without_paragraph(children)
    return f"<{name}{''.join(attrs)}>{children}</{name}>"


# elements whose content is a line of text: with the text on lines of its own, MDX makes it a
# paragraph inside them (<p className="x"><p>text</p></p>), which the platform's React puts in
# the DOM as is, but which HTML cannot say: the parser closes the outer <p> at the inner one,
# and the author's classes end up on an empty element (headings keep it, with its margins)
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_PHRASING_ONLY = _HEADINGS | {"p"}


def _anchor(heading_id: str, label: str) -> str:
    """The link to a heading that follows its text (the ``#`` shown on hover); ``label`` is
    its accessible name in the page's language, escaped."""
    return (f'<a class="heading-anchor" href="#{escapeHtml(heading_id)}" '
            f'aria-label="{label}">#</a>')


def _quiet_video(match: re.Match[str]) -> str:
    """The ``<video autoplay>`` start tag with ``playsinline``, ``loop`` and ``muted`` added
    where it has not got them."""
    attributes = match.group(1)
    added = "".join(f" {name}" for name in ("playsinline", "loop", "muted")
                    if not re.search(rf"\s{name}(?:[\s=/>]|$)", attributes, re.IGNORECASE))
    return f"<video{attributes.rstrip('/')}{added}>"


def _without_paragraph(children: Markup) -> Markup:
    """The text of ``children`` when they are one paragraph, else ``children`` unchanged."""
    inner = children.strip()
    if inner.startswith("<p>") and inner.endswith("</p>") and "<p" not in inner[3:-4]:
        return Markup(inner[3:-4])
    return children


def _math(tex: str, display: bool = False) -> Markup:
    from latex2mathml.converter import convert

    try:
        mathml = convert(tex.strip(), display="block" if display else "inline")
    except Exception:  # latex2mathml raises many types for bad input; show the source instead
        return Markup(f'<code class="math-error">{html.escape(tex)}</code>')
    return Markup(f'<span class="math{" math-display" if display else ""}">{mathml}</span>')


def source_path(site: Site, rel: str) -> Path:
    return site.root / rel
