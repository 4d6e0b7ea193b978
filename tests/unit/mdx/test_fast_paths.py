"""Shortcuts taken for speed give what the long way gives (differential tests).

Each shortcut answers a common case without the general code: linkify's pretest, the scan for
an element's end on its first line. These tests run both ways on generated input.
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mdxsite.mdx import jsx
from mdxsite.mdx.render import _IDS, element_ids, new_parser

LINKISH = ["www.example.com", "me@example.org", "http://a.io", "https://intranet/x", "HTTP://localhost:3000", "HTTPS://X.ORG/p", "ftp:", "//", "mailto:", "a@b.co", "LocalHost",
           "www.", "WWW.x", "e.g.", "x.y", ".", ":", "/", "@", "ſ", "K", "localhoſt", "\u212a",
           "é", " ", "\n", "text", "`code`", "[l](/p)", "**b**", "1.5", "a:b", "tab-4/group",
           "example.com", "Claude.ai", "MailTo:", "\u0130", "ftp://x.org", "//x.org", "Https:",
           "wWw.", "\uff20", "<", ">"]


def _reference_parser() -> Any:
    """Our parser with linkify's own pretest, not the quick one in front of it."""
    md = new_parser()
    linkify = md.linkify
    assert linkify is not None
    linkify.pretest = type(linkify).pretest.__get__(linkify)
    return md


REFERENCE = _reference_parser()
REFERENCE_ALL = _reference_parser()
_all = REFERENCE_ALL.linkify
assert _all is not None
_all.match = type(_all).match.__get__(_all)  # linkify-it's own: every link it finds
OURS = new_parser()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(LINKISH), max_size=12))
def test_the_quick_linkify_pretest_links_what_linkify_links(parts: list[str]) -> None:
    text = "".join(parts)
    assert OURS.render(text) == REFERENCE.render(text)


def test_the_quick_linkify_pretest_still_links() -> None:
    for text in ("See www.example.com", "Write to me@example.com", "Open https://a.io/x",
                 "MAILTO:me@example.com", "HTTP://A.IO"):
        assert OURS.render(text).count("<a href=") == 1, text


def test_a_plugin_that_keeps_other_links_gets_them() -> None:
    # the GFM pretest answers "no link" only for the links mdxsite's own match keeps
    md = new_parser()
    linkify = md.linkify
    assert linkify is not None
    linkify.match = type(linkify).match.__get__(linkify)  # a plugin keeping every link
    assert md.render("See example.com") == REFERENCE_ALL.render("See example.com")
    assert md.render("See example.com").count("<a href=") == 1


TAGS = ["<Note>", "</Note>", "<Card title=\"a\">", "</Card>", "<Card />", "<br/>", "text",
        "\n", " ", "<Note", ">", "{x}", "<", "/>"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TAGS), max_size=14), st.integers(0, 200))
def test_an_element_end_looked_for_before_a_stop_is_the_end_found_before_it(
        parts: list[str], stop: int) -> None:
    src = "".join(parts)
    for start in (i for i, ch in enumerate(src[:stop]) if ch == "<"):  # callers: start < stop
        whole = jsx.scan_element(src, start)
        bounded = jsx.scan_element(src, start, {}, stop=stop)
        # the caller asks whether the element ends by ``stop``: the answers agree
        assert (0 < whole and src.rfind("<", 0, whole) < stop) == (0 < bounded), (src, start)
        if bounded > 0:
            assert bounded == whole


def test_str_split_breaks_where_the_space_pattern_matches() -> None:
    # a page's search text is " ".join(text.split()), once _SPACE.sub(" ", text).strip()
    space = re.compile(r"\s")
    assert [c for c in map(chr, range(0x110000)) if (space.match(c) is None) == c.isspace()] == []


ELEMENTS = ['<h2 id="a">', '<div class="x" id="b">', '<a\nid="c" id="d">', '<p id="">', "<br>",
            '<span title="id=\\"no\\"">', "</div>", '<x-y  id="e"', ">", " id=\"f\"", "<", "text",
            '<img src="a>b" id="g">', "\t", '"', "id=", "<Card", " ", "\n"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(ELEMENTS), max_size=12))
def test_the_anchor_pattern_finds_what_the_lazy_one_found(parts: list[str]) -> None:
    html = "".join(parts)
    assert _IDS.findall(html) == re.findall(r'<[a-zA-Z][^>]*?\sid="([^"]+)"', html)


IDISH = [*ELEMENTS, 'id="h"', ' id="', 'id=""', ' id=""', "\u2003", ">", "<", "<<b", "<1 id=\"n\">",
         '<p id="x>y" id="z">', '<p\u00a0id="nb">', 'a id="t"', '"', "<a ", " b=c"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(IDISH), max_size=14))
def test_element_ids_tries_the_pattern_where_findall_would_find_it(parts: list[str]) -> None:
    html = "".join(parts)
    assert element_ids(html) == _IDS.findall(html)


def _parser_the_long_way() -> Any:
    """Our parser with markdown-it's own core ``normalize`` and ``inline`` rules, its own
    block and inline loops and the task list plugin's own rule: every page normalized, every
    inline token parsed, every rule tried at every block and every character the text rule
    stops at, every page's tokens looked at for tasks."""
    from markdown_it.rules_core import inline, normalize

    md = new_parser()
    md.core.ruler.at("normalize", normalize)
    md.core.ruler.at("inline", inline)
    del md.block.tokenize  # ParserBlock's own
    del md.inline.tokenize  # ParserInline's own
    tasklists = next(r.fn for r in md.core.ruler.__rules__ if r.name == "github-tasklists")
    md.core.ruler.at("github-tasklists", tasklists.original)
    return md


LONG_WAY = _parser_the_long_way()
INLINE_PARTS = ["plain words", "Ünïcode ✓", "a.b", "x", " ", "  ", "\t", "\n", "\n\n", "| a | b |\n|---|---|\n| c | d |\n",
                "# ", "- ", "1. ", "> ", "*", "_", "~", "`", "[", "]", "(", ")", "!", "<", ">", "{", "}",
                "$", "&amp;", "\\", ":", "@", "www.x.io", "https://a.io", "<Note>", "</Note>", "{1}",
                "^", "=", "+", "%", "#", "-", "'", '"', "[^1]", "[^1]: note\n", "[r]: /x\n", "[r]",
                "\r\n", "\r", "\0", "a\r\n---\r\n"]


def _tokens(md: Any, text: str) -> list[dict[str, Any]]:
    return [t.as_dict() for t in md.parse(text, {})]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(INLINE_PARTS), max_size=16))
def test_the_shortcut_core_rules_make_the_tokens_markdown_it_makes(parts: list[str]) -> None:
    text = "".join(parts)
    assert _tokens(OURS, text) == _tokens(LONG_WAY, text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_any_text_parses_to_the_tokens_markdown_it_makes(text: str) -> None:
    assert _tokens(OURS, text) == _tokens(LONG_WAY, text)


def test_a_plugin_inline_rule_before_text_turns_the_plain_text_shortcut_off() -> None:
    # a rule before ``text`` is asked where text starts: at the start of the content
    def shout(state: Any, silent: bool) -> bool:
        if state.src[state.pos] != "a":
            return False
        if not silent:
            state.push("shout", "", 0)
        state.pos += 1
        return True

    for md in (ours := new_parser(), long := _parser_the_long_way()):
        md.inline.ruler.before("text", "shout", shout)
    assert [c.type for c in ours.parse("apple pie")[1].children] == ["shout", "text"]
    assert _tokens(ours, "apple pie") == _tokens(long, "apple pie")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["|", "\\", "\\|", "\\\\|", "a", " ", "`", "é", "||"]), max_size=14))
def test_table_rows_split_where_markdown_its_own_split_splits_them(parts: list[str]) -> None:
    import sys

    new_parser()  # puts the shortcut in place
    split = sys.modules["markdown_it.rules_block.table"].escapedSplit
    row = "".join(parts)
    assert split.original is not split and split(row) == split.original(row)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["| a | b |", "|---|:-:|", "a \\| b", "`x|y`", "| c |", "\\\\", "\n",
                                 "x", " | "]), max_size=10))
def test_tables_parse_as_with_markdown_its_own_split(parts: list[str]) -> None:
    import sys

    table = sys.modules["markdown_it.rules_block.table"]
    text = "".join(parts)
    new_parser()
    ours = _tokens(OURS, text)
    shortcut = table.escapedSplit
    table.escapedSplit = shortcut.original
    try:
        assert ours == _tokens(LONG_WAY, text)
    finally:
        table.escapedSplit = shortcut


TAGGED = [*INLINE_PARTS, "- a\n- b\n\n  c\n", "1. x\n2. y\n", "> q\n>\n> - l\n", "***\n", "## H\n",
          "| a |\n|:-:|\n| b |\n", "![i](/s.png \"t\")", "[l](/p \"t\")", "**b** _e_ ~~s~~", "  \n",
          "- [ ] task\n", "<Note>\n- x\n</Note>\n", "a\n===\n"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TAGGED), max_size=12), st.booleans())
def test_tags_render_as_markdown_its_render_token_renders_them(parts: list[str], xhtml: bool) -> None:
    from markdown_it.renderer import RendererHTML

    from mdxsite.mdx.render import render_tag

    tokens = OURS.parse("".join(parts), {})
    options = {**OURS.options, "xhtmlOut": xhtml}
    theirs = RendererHTML()
    for stream in [tokens, *(t.children for t in tokens if t.children)]:
        for i in range(len(stream)):
            assert render_tag(stream, i, xhtml) == theirs.renderToken(stream, i, options, {})


def test_a_plugins_own_render_token_is_used() -> None:
    from markdown_it.renderer import RendererHTML

    from mdxsite.mdx.render import _renders_tags_as_markdown_it

    class Framed(RendererHTML):
        def renderToken(self, tokens: Any, idx: int, options: Any, env: Any) -> str:
            return "[" + super().renderToken(tokens, idx, options, env) + "]"

    assert _renders_tags_as_markdown_it(RendererHTML())
    assert not _renders_tags_as_markdown_it(Framed())
    patched = RendererHTML()
    patched.renderToken = lambda *a: ""  # type: ignore[method-assign]
    assert not _renders_tags_as_markdown_it(patched)


# --------------------------------------------------------------------------- frontmatter

def _reference_parts(text: str) -> tuple[str, str, int] | None:
    """frontmatter._parts the long way (the whole page split into lines); None: not closed."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].rstrip() != "---":  # the opening line, spaces after it allowed
        return "", text, 0
    for i in range(1, len(lines)):
        if lines[i].rstrip() == "---":
            return "".join(lines[1:i]), "".join(lines[i + 1:]), i + 1
    return None


PAGE_PIECES = ["---", "---\n", "--- \n", "----\n", "\n", "\r\n", "\r", "title: A\n", " ",
               "\t", "body\n", "\ufeff", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u2029",
               "\xa0", "-", "# x\n", "a: ---\n"]


_PIECES = st.lists(st.sampled_from(PAGE_PIECES), max_size=8).map("".join)
# mostly pages shaped as pages are: an opening line, lines, a closing line, a body
PAGES = st.one_of(
    st.lists(st.sampled_from(PAGE_PIECES), max_size=14).map("".join),
    st.tuples(st.sampled_from(["", "\ufeff"]), st.sampled_from(["---\n", "---\r\n", "--- \n"]),
              _PIECES, st.sampled_from(["---\n", "---", "--- \t\n", "---\r\n", "---\x85", "---\r"]),
              _PIECES).map("".join))


@settings(max_examples=1000, deadline=None)
@given(PAGES)
def test_the_frontmatter_is_split_as_the_whole_page_split_into_lines_splits_it(
        text: str) -> None:
    from mdxsite.errors import MdxsiteError
    from mdxsite.mdx import frontmatter

    want = _reference_parts(text)
    try:
        got: tuple[str, str, int] | None = frontmatter._parts(text, "p.mdx")
    except MdxsiteError:
        got = None
    assert got == want


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=40) | st.lists(st.sampled_from(
    [b"---\n", b"\r\n", b"\r", b"\n", b"x", b"\xc3\xa9", b"\xe2\x80\xa8", b"\xef\xbb\xbf"]),
    max_size=12).map(b"".join))
def test_a_page_file_reads_as_read_text_reads_it(tmp_path_factory: Any, data: bytes) -> None:
    from pathlib import Path

    from mdxsite.errors import MdxsiteError
    from mdxsite.mdx import frontmatter

    path = Path(tmp_path_factory.mktemp("page")) / "p.mdx"
    path.write_bytes(data)
    try:
        want: str | None = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        want = None
    try:
        got: str | None = frontmatter._text(path, "p.mdx")
    except MdxsiteError:
        got = None
    assert got == want


KEYS = ["title", "description", "icon", "a", "_x", "a-b", "on", "Yes", "null", "NULL", "y", "n",
        "T1", "k" * 130, "k" * 1100, "1", "-a", "a b", "<<", "=", "~", ""]
VALUES = ["x", "Getting started", "on", "Off", "TRUE", "null", "Null", "~", "", "1", "1.5", "0x1",
          "2024-01-01", ".inf", ".nan", "a: b", "a:b", "a #c", "a#c", "a - b", "(x)", "x/y.z",
          "-x", "*a", "&a", "!t", "|", ">", "[1]", "{a: 1}", "'q'", "'it''s'", '"q"', '"a\\nb"',
          '"a\\"b"', '"é ü"', '"\t"', '"\x85"', '"\u2028"', '"\ufeff"', '"\x7f"', "x  ", " x",
          "'#: x'", '"#: x"', "é", "x\ty", "'", '"', "yes", "No"]
LINES = st.one_of(
    st.tuples(st.sampled_from(KEYS), st.sampled_from([": ", ":  ", ":", " : ", ":\t"]),
              st.sampled_from(VALUES), st.sampled_from(["", " ", "\t", " # c"])).map("".join),
    st.sampled_from(["", " ", "\t", "# c", "  indented: x", "- item", "...", "%YAML 1.1"]))


@settings(max_examples=1500, deadline=None)
@given(st.lists(LINES, max_size=5).map(lambda lines: "".join(f"{line}\n" for line in lines)))
def test_simple_frontmatter_reads_as_yaml_reads_it(block: str) -> None:
    import yaml

    from mdxsite.mdx import frontmatter

    got = frontmatter._simple(block)
    if got is None:  # the long way
        return
    data = yaml.load(block, Loader=frontmatter.yaml_loader()) if block.strip() else {}
    want = {str(k): frontmatter._plain(v) for k, v in (data or {}).items()}
    assert repr(got) == repr(want)


def test_simple_frontmatter_reads_each_value_and_key_as_yaml_reads_it() -> None:
    for key in KEYS:
        test_simple_frontmatter_reads_as_yaml_reads_it.hypothesis.inner_test(f"{key}: x\n")
    for value in VALUES:
        test_simple_frontmatter_reads_as_yaml_reads_it.hypothesis.inner_test(f"a: {value}\n")


def test_simple_frontmatter_is_the_common_case() -> None:
    from mdxsite.mdx import frontmatter

    assert frontmatter._simple('title: "A: B"\ndescription: Plain words\n\nhidden: true\n'
                               "icon: 'rocket'\n") == {
        "title": "A: B", "description": "Plain words", "hidden": True, "icon": "rocket"}
    for other in ("tags:\n  - a\n", "title: x # c\n", "on: x\n", 'a: "\\n"\n', "a: 1\n"):
        assert frontmatter._simple(other) is None, other


# lines starting with each character a block rule looks for first, indented or not, in and out of
# lists, quotes and components
BLOCKS = ["a", "# h", "#h", "> q", ">", "- i", "* i", "+ i", "1. n", "12) n", "1.5", "-", "***", "___",
          "---", "- - -", "```", "```py", "~~~", "$$", "$$ x $$", "$", "[r]: /x", "[^1]: n", "[^1]",
          "[l](/x)", "<Note>", "</Note>", "<Card title=\"t\">", "<br/>", "<!-- c -->", "{x}",
          "{/* c */}", "import X from '/s.mdx'", "export const a = 1", "important", "e", "i",
          "| a |", "|---|", "a | b", "===", "    code?", "\t- t", "[ ] box", "- [ ] task",
          "- [x] done", "[X]", "é", "_e_", "`c`", "\\#"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["", " ", "  ", "   ", "    ", "\t", "> ", "- ", "1. "]),
                          st.sampled_from(BLOCKS), st.sampled_from(["\n", "\n\n"])), max_size=14))
def test_block_rules_tried_by_first_character_make_the_tokens_markdown_it_makes(
        lines: list[tuple[str, str, str]]) -> None:
    text = "".join(indent + line + end for indent, line, end in lines)
    assert _tokens(OURS, text) == _tokens(LONG_WAY, text)


def test_the_sample_site_parses_as_with_every_block_rule_tried() -> None:
    from pathlib import Path

    from mdxsite.mdx.syntax import prepare

    root = Path(__file__).parents[3] / "sample_site"
    pages = sorted(root.rglob("*.mdx"))
    assert pages
    for page in pages:
        text = prepare(page.read_text(encoding="utf-8"))[0]
        assert _tokens(OURS, text) == _tokens(LONG_WAY, text), page


def test_a_plugins_block_rule_is_tried_at_every_line() -> None:
    # a rule the shortcut does not know, added before the others or put in place of one
    def bang(state: Any, start: int, end: int, silent: bool) -> bool:
        if state.src[state.bMarks[start] + state.tShift[start]] != "!":
            return False
        if not silent:
            state.push("bang", "", 0)
        state.line = start + 1
        return True

    for name in ("before", "at"):
        md = new_parser()
        if name == "before":
            md.block.ruler.before("table", "bang", bang)
        else:
            md.block.ruler.at("heading", bang)
        assert [t.type for t in md.parse("!\n\na\n\n!", {})].count("bang") == 2


def test_markdown_its_debug_log_names_every_rule_tried(caplog: Any) -> None:
    # markdown-it's rules log each time they are tried; the shortcut skips rules, so a
    # developer reading that log gets markdown-it's own loop
    import logging

    with caplog.at_level(logging.DEBUG, logger="markdown_it"):
        new_parser().parse("plain words", {})
    assert any("entering hr" in r.getMessage() for r in caplog.records)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["- ", "* ", "1. ", "[ ]", "[x]", "[X]", "[", "]", " ", "x", "\t",
                                 "\n", "  ", "> ", "<Note>", "</Note>", "\r\n", "\0"]), max_size=16))
def test_task_lists_are_found_as_the_plugin_finds_them(parts: list[str]) -> None:
    text = "".join(parts)
    assert _tokens(OURS, text) == _tokens(LONG_WAY, text)


INLINE_MARKS = ["*", "**", "_", "~", "~~", "`", "``", "[", "]", "(", ")", "![", "[^", "[^1]", "^[", "]:",
                "<", "<a>", "</a>", "<Badge>", "<!--", "-->", "{", "}", "{x}", "&", "&amp;", "&#35;",
                "\\", "\\*", "$", "$x$", "$$", "http://a.io", "://", "www.x.io", "a@b.co", "\n",
                "  \n", " ", "w", "é", ":", "/", "!", "#", "@", "-", "+", "=", "%", "|"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(INLINE_MARKS), max_size=20))
def test_inline_rules_tried_by_first_character_make_the_tokens_markdown_it_makes(
        parts: list[str]) -> None:
    text = "".join(parts) + "\n\n[^1]: note\n"  # footnote references need a definition
    assert _tokens(OURS, text) == _tokens(LONG_WAY, text)
