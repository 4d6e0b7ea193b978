"""Block rules tried only where they can match (speed only).

markdown-it tries every block rule, in order, at the start of each block, and every
terminator rule at each line of a paragraph (twice: ``lheading`` looks ahead for a setext
underline, then ``paragraph`` reads the same lines). Most rules give up at once on the line's
first character (a fence needs a backtick or tilde, a heading ``#``), but each try is a Python
call: about 400 a page. :func:`use` replaces the block tokenizer, ``lheading`` and
``paragraph`` with copies of markdown-it's own that skip a rule known to fail on the line's
first character (the table rule: on a line without ``|``). A rule this module does not
know (a plugin's) is always tried, in its place in the order. The copies leave out only
markdown-it's debug log lines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markdown_it import MarkdownIt, rules_block
from markdown_it.common.utils import mdTrim
from markdown_it.rules_block import StateBlock

from mdxsite.mdx import syntax

Rule = Callable[[StateBlock, int, int, bool], bool]
ANY = None  # tried on any line

# the first characters (after indentation) a rule can match on; "|" for the table: a pipe
# anywhere on its header line
_KNOWN: dict[Any, str] = {
    rules_block.fence: "`~",
    rules_block.blockquote: ">",
    rules_block.hr: "*-_",
    rules_block.list_block: "*-+0123456789",
    rules_block.reference: "[",
    rules_block.heading: "#",
    syntax.statement_block: "ie",
    syntax.jsx_block: "<",
    syntax.expression_block: "{",
}
_KNOWN_BY_NAME = {
    ("mdit_py_plugins.footnote.index", "footnote_def"): "[",
    ("mdit_py_plugins.dollarmath.index", "math_block_dollar.<locals>._math_block_dollar"): "$",
}


def _starts(rule: Any) -> str | None:
    """The characters ``rule`` can match on at a line's start; None when it is not known."""
    if rule is rules_block.table:
        return "|"
    try:
        found = _KNOWN.get(rule)
    except TypeError:  # an unhashable callable
        return ANY
    if found is not None:
        return found
    return _KNOWN_BY_NAME.get((getattr(rule, "__module__", ""), getattr(rule, "__qualname__", "")))


class _Chain:
    """One chain's rules (``getRules(name)``), with the sublists worth trying by first
    character and whether the line has a pipe."""

    def __init__(self, rules: list[Rule]) -> None:
        self.rules = rules  # kept: the cache is keyed by this list's identity
        self.starts = [_starts(r) for r in rules]
        self.lists: dict[tuple[str, bool], list[Rule]] = {}

    def for_line(self, state: StateBlock, line: int) -> list[Rule]:
        pos = state.bMarks[line] + state.tShift[line]
        src = state.src
        first = src[pos] if pos < len(src) else ""
        pipe = src.find("|", pos, state.eMarks[line]) >= 0
        key = (first, pipe)
        found = self.lists.get(key)
        if found is None:
            found = self.lists[key] = [
                rule for rule, starts in zip(self.rules, self.starts)
                if starts is ANY or (pipe if starts == "|" else bool(first) and first in starts)]
        return found


_CHAINS: dict[int, _Chain] = {}


def chain(md: MarkdownIt, name: str) -> _Chain:
    """The dispatching view of ``md``'s block chain ``name`` (rebuilt when the rules change:
    the ruler then makes a new list)."""
    rules = md.block.ruler.getRules(name)
    found = _CHAINS.get(id(rules))
    if found is None or found.rules is not rules:
        if len(_CHAINS) > 64:
            _CHAINS.clear()
        found = _CHAINS[id(rules)] = _Chain(rules)
    return found


def tokenize(state: StateBlock, startLine: int, endLine: int) -> None:
    """``ParserBlock.tokenize``, trying at each block only the rules that can match there."""
    md = state.md
    rules = chain(md, "")
    line = startLine
    maxNesting = md.options.maxNesting
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
        for rule in rules.for_line(state, line):
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


def _terminates(state: StateBlock, terminators: _Chain, line: int, endLine: int) -> bool:
    for rule in terminators.for_line(state, line):
        if rule(state, line, endLine, True):
            return True
    return False


def paragraph(state: StateBlock, startLine: int, endLine: int, silent: bool) -> bool:
    """markdown-it's ``paragraph`` rule, asking only the terminators that can match."""
    nextLine = startLine + 1
    terminators = chain(state.md, "paragraph")
    endLine = state.lineMax

    oldParentType = state.parentType
    state.parentType = "paragraph"

    while nextLine < endLine:
        if state.isEmpty(nextLine):
            break
        if state.sCount[nextLine] - state.blkIndent > 3:
            nextLine += 1
            continue
        if state.sCount[nextLine] < 0:
            nextLine += 1
            continue
        if _terminates(state, terminators, nextLine, endLine):
            break
        nextLine += 1

    content = mdTrim(state.getLines(startLine, nextLine, state.blkIndent, False))

    state.line = nextLine

    token = state.push("paragraph_open", "p", 1)
    token.map = [startLine, state.line]

    token = state.push("inline", "", 0)
    token.content = content
    token.map = [startLine, state.line]
    token.children = []

    token = state.push("paragraph_close", "p", -1)

    state.parentType = oldParentType

    return True


def lheading(state: StateBlock, startLine: int, endLine: int, silent: bool) -> bool:
    """markdown-it's ``lheading`` rule, asking only the terminators that can match."""
    level = None
    nextLine = startLine + 1
    terminators = chain(state.md, "paragraph")

    if state.is_code_block(startLine):
        return False

    oldParentType = state.parentType
    state.parentType = "paragraph"

    marker = ""
    while nextLine < endLine and not state.isEmpty(nextLine):
        if state.sCount[nextLine] - state.blkIndent > 3:
            nextLine += 1
            continue

        if state.sCount[nextLine] >= state.blkIndent:
            pos = state.bMarks[nextLine] + state.tShift[nextLine]
            maximum = state.eMarks[nextLine]

            if pos < maximum:
                marker = state.src[pos]

                if marker in ("-", "="):
                    pos = state.skipCharsStr(pos, marker)
                    pos = state.skipSpaces(pos)

                    if pos >= maximum:
                        level = 1 if marker == "=" else 2
                        break

        if state.sCount[nextLine] < 0:
            nextLine += 1
            continue

        if _terminates(state, terminators, nextLine, endLine):
            break

        nextLine += 1

    if not level:
        return False

    content = mdTrim(state.getLines(startLine, nextLine, state.blkIndent, False))

    state.line = nextLine + 1

    token = state.push("heading_open", "h" + str(level), 1)
    token.markup = marker
    token.map = [startLine, state.line]

    token = state.push("inline", "", 0)
    token.content = content
    token.map = [startLine, state.line - 1]
    token.children = []

    token = state.push("heading_close", "h" + str(level), -1)
    token.markup = marker

    state.parentType = oldParentType

    return True


def use(md: MarkdownIt) -> None:
    """Put the dispatching tokenizer, ``paragraph`` and ``lheading`` in ``md`` (where
    markdown-it's own are in place)."""
    rules = {rule.name: rule for rule in md.block.ruler.__rules__}
    for name, own, ours in (("paragraph", rules_block.paragraph, paragraph),
                            ("lheading", rules_block.lheading, lheading)):
        if name in rules and rules[name].fn is own:
            md.block.ruler.at(name, ours)
    md.block.tokenize = tokenize  # type: ignore[method-assign]
