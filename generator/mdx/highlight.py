"""Pygments highlighting with less work per token: the same tokens, the same HTML bytes.

Pygments' own path costs most of a code block's render in Python bookkeeping, not in its
grammars: ``RegexLexer`` tries a state's rules one ``re.match`` call at a time (about 20 calls
a token on the benchmark corpus), and ``HtmlFormatter`` runs every token through four nested
generators. Here each state's rules become one regular expression, ``(?:rule0)(?P<_0>)|
(?:rule1)(?P<_1>)|...``: Python's ``re`` tries alternatives in order and stops at the first
that matches, as Pygments' loop does, and the empty group closing each alternative names the
rule that won. A state is combined once it has lexed enough tokens to pay for compiling that
pattern (:data:`PAYBACK`); until then its rules are tried one by one, as Pygments does. The
formatter merges runs of the same CSS class, escapes each run once and joins once. ``tests/unit/mdx/test_highlight.py`` compares both halves with Pygments on every
fence language of the corpus.

A rule whose flags differ from its state's (``(?i)`` in Python's string prefixes) joins as a
scoped group, ``(?i:...)``. A rule that cannot join safely (a backreference, whose group number
would move; a pattern Pygments did not compile itself) is tried on its own in its place, between
the combined patterns of the rules before and after it. Lexers that are not plain ``RegexLexer`` subclasses (JSON, YAML, anything with its own
``get_tokens_unprocessed``) and lexers with filters go through Pygments unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer, RegexLexer
from pygments.token import Error, Whitespace, _TokenType

Tokens = list[tuple[_TokenType, str]]
_Rule = tuple[Callable[..., Any], Any, Any]
# a backreference by number or name, or a conditional group: renumbering would break them
_UNSAFE = re.compile(r"\\[1-9]|\(\?P=|\(\?\(")
_REGEX_DRIVER = RegexLexer.get_tokens_unprocessed


_SCOPED = {re.IGNORECASE: "i", re.MULTILINE: "m", re.DOTALL: "s", re.VERBOSE: "x"}
_LEADING_FLAGS = re.compile(r"^\(\?[aiLmsux]+\)")


def _alternative(pattern: re.Pattern[str], base: int) -> str | None:
    """Return ``pattern`` as a part of a pattern compiled with ``base`` flags (None: it
    cannot be one): its own flags become a scoped group, ``(?i:...)``."""
    text = pattern.pattern
    if _UNSAFE.search(text):
        return None
    if not text:  # default(): the empty pattern matches everywhere, whatever its flags
        return ""
    flags = pattern.flags
    if (flags ^ base) & ~sum(_SCOPED):
        return None  # ASCII, LOCALE: not flags a group can switch
    on = "".join(c for f, c in _SCOPED.items() if flags & f and not base & f)
    off = "-" + "".join(c for f, c in _SCOPED.items() if base & f and not flags & f)
    # a leading (?i) is global, allowed only at the very start: it moves into the group's flags
    text = _LEADING_FLAGS.sub("", text)
    close = "\n)" if flags & re.VERBOSE else ")"  # a trailing comment must not eat the ")"
    return f"(?{on}{off if off != '-' else ''}:{text}{close}"


class _Step:
    """Rules of a state tried as one pattern (``rule_of`` maps the group closing each
    alternative to its rule), or one rule on its own (``rule_of`` is empty)."""

    __slots__ = ("match", "rule_of", "rules")

    def __init__(self, match: Callable[[str, int], re.Match[str] | None], rule_of: list[int],
                 rules: list[_Rule]):
        self.match, self.rule_of, self.rules = match, rule_of, rules


def _steps(rules: list[_Rule]) -> list[_Step]:
    """Group a state's rules, in order, into as few patterns as can be combined safely."""
    patterns = [getattr(rexmatch, "__self__", None) for rexmatch, _, _ in rules]
    shared = [p.flags for p in patterns if isinstance(p, re.Pattern) and p.pattern]
    base = max(set(shared), key=shared.count) if shared else 0
    steps: list[_Step] = []
    batch: list[tuple[str, _Rule]] = []

    def flush() -> None:
        if len(batch) > 1:
            text = "|".join(f"{alt}(?P<_{k}>)" for k, (alt, _) in enumerate(batch))
            try:
                combined = re.compile(text, base)
            except (re.error, OverflowError, RecursionError):
                combined = None  # whatever the checks above missed: keep Pygments' loop
            if combined is not None:
                rule_of = [-1] * (combined.groups + 1)
                for k in range(len(batch)):
                    rule_of[combined.groupindex[f"_{k}"]] = k
                steps.append(_Step(combined.match, rule_of, [rule for _, rule in batch]))
                batch.clear()
                return
        steps.extend(_Step(rule[0], [], [rule]) for _, rule in batch)
        batch.clear()

    for pattern, rule in zip(patterns, rules):
        alt = _alternative(pattern, base) if isinstance(pattern, re.Pattern) and \
            isinstance(pattern.pattern, str) else None
        if alt is None:
            flush()
            steps.append(_Step(rule[0], [], [rule]))
        else:
            batch.append((alt, rule))
    flush()
    return steps


def _singles(rules: list[_Rule]) -> list[_Step]:
    """A state's rules tried one by one, as Pygments' own loop tries them."""
    return [_Step(rule[0], [], [rule]) for rule in rules]


# Compiling a state's combined pattern costs about 3 us a character of its rules' patterns
# (Python's re parses them in Python: 40 to 80 ms for the root state of Python, TypeScript or
# TSX, whose identifiers are Unicode classes thousands of characters long), and each render
# worker compiles its own. Tried one by one, the rules cost about 0.06 us more a token for each
# rule of the state. A state is combined once it has lexed PAYBACK * characters / rules tokens,
# a sixth of the tokens that would pay for the compilation: the states a site's code blocks
# live in are combined early, and the many a block enters now and then (a template string's
# interpolation, an f-string's expression) never are. On the real sites of ../shared/corpus,
# half of each worker's 0.6 s of compiling went to states used a few hundred times at most;
# its highlighting now takes a fifth to a third less time in all.
PAYBACK = 8


class _State:
    """A lexer state's steps and the tokens it lexes before its rules are combined (0: they
    are, or combining them would not help)."""

    __slots__ = ("steps", "left")

    def __init__(self, rules: list[_Rule]):
        patterns = [getattr(rexmatch, "__self__", None) for rexmatch, _, _ in rules]
        size = sum(len(p.pattern) for p in patterns if isinstance(p, re.Pattern))
        self.left = PAYBACK * size // len(rules) + 1 if len(rules) > 1 else 0
        self.steps = _singles(rules) if self.left else _steps(rules)


_MACHINES: dict[type, dict[str, _State]] = {}


def tokens(lexer: Lexer, text: str) -> Iterable[tuple[_TokenType, str]]:
    """Return the (token type, value) pairs ``lexer.get_tokens(text)`` yields."""
    # a Pygments without the preprocessing step of its own get_tokens keeps its own path
    preprocess = getattr(lexer, "_preprocess_lexer_input", None)
    if lexer.filters or type(lexer).get_tokens_unprocessed is not _REGEX_DRIVER or \
            preprocess is None:
        return lexer.get_tokens(text)
    assert isinstance(lexer, RegexLexer)
    return _lex(lexer, preprocess(text))


def _lex(lexer: RegexLexer, text: str) -> Tokens:
    """RegexLexer.get_tokens_unprocessed (Pygments 2.x) with each state's rules combined."""
    out: Tokens = []
    append = out.append
    tokendefs = lexer._tokens
    machine = _MACHINES.get(type(lexer))
    if machine is None:
        machine = _MACHINES[type(lexer)] = {}
    stack = ["root"]

    def state_of(name: str) -> _State:
        found = machine.get(name)
        if found is None:
            found = machine[name] = _State(tokendefs[name])
        return found

    state = state_of("root")
    steps = state.steps
    pos = 0
    end = len(text)
    while True:
        for step in steps:
            m = step.match(text, pos)
            if m is None:
                continue
            rexmatch, action, new_state = step.rules[step.rule_of[m.lastindex or 0]] \
                if step.rule_of else step.rules[0]
            after = m.end()
            if state.left:
                state.left -= 1
                if not state.left:  # used enough: its rules become one pattern
                    state.steps = steps = _steps(tokendefs[stack[-1]])
            if action is not None:
                if type(action) is _TokenType:
                    append((action, text[pos:after]))
                else:  # a callback (bygroups, using) reads the rule's own match
                    for _, kind, value in action(lexer, rexmatch(text, pos) if step.rule_of
                                                 else m):
                        append((kind, value))
            pos = after
            if new_state is not None:
                if isinstance(new_state, tuple):
                    for name in new_state:
                        if name == "#pop":
                            if len(stack) > 1:
                                stack.pop()
                        elif name == "#push":
                            stack.append(stack[-1])
                        else:
                            stack.append(name)
                elif isinstance(new_state, int):
                    # pop, but keep at least one state on the stack (as Pygments does)
                    if abs(new_state) >= len(stack):
                        del stack[1:]
                    else:
                        del stack[new_state:]
                elif new_state == "#push":
                    stack.append(stack[-1])
                else:
                    raise AssertionError(f"wrong state def: {new_state!r}")
                state = state_of(stack[-1])
                steps = state.steps
            break
        else:  # no rule matched
            if pos >= end:
                break
            if text[pos] == "\n":  # at the end of a line, back to "root"
                stack = ["root"]
                state = state_of("root")
                steps = state.steps
                append((Whitespace, "\n"))
            else:
                append((Error, text[pos]))
            pos += 1
    return out


class _Openers(dict[_TokenType, str]):
    """Token type -> the ``<span class="…">`` HtmlFormatter opens for it ("" for none)."""

    formatter = HtmlFormatter()

    def __missing__(self, kind: _TokenType) -> str:
        css = self.formatter._get_css_classes(kind)
        found = self[kind] = f'<span class="{css}">' if css else ""
        return found


_OPENERS = _Openers()


def _add_run(add: Callable[[str], None], opener: str, run: list[str]) -> None:
    # html.escape(text, quote=False), as HtmlFormatter escapes
    text = "".join(run).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if not opener:
        add(text)
    elif "\n" not in text:
        add(f"{opener}{text}</span>")
    else:  # a span never crosses a line break: close it before, open it again after
        add("\n".join([f"{opener}{part}</span>" if part else "" for part in text.split("\n")]))


def html(stream: Iterable[tuple[_TokenType, str]], hl_lines: Iterable[int] = (),
         numbers: bool = False, marks: Mapping[int, str] | None = None) -> str:
    """Return what ``HtmlFormatter(cssclass="highlight", wrapcode=True, hl_lines=hl_lines,
    linenos="inline" if numbers else False)`` writes for ``stream``.

    Neighbouring tokens of the same class share one span in HtmlFormatter's output, and empty
    tokens leave no trace: each run of one class is escaped and written once. ``marks`` (ours,
    not Pygments'): a line number -> the classes of a span around that line, as ``hll`` wraps
    a highlighted line (with it, when the line is both)."""
    openers = _OPENERS
    pieces: list[str] = []
    add = pieces.append
    current = ""
    run: list[str] = []
    for kind, value in stream:
        if not value:
            continue
        opener = openers[kind]
        if opener != current:
            if run:
                _add_run(add, current, run)
            current = opener
            run = [value]
        else:
            run.append(value)
    if run:
        _add_run(add, current, run)
    body = "".join(pieces)
    if body and not body.endswith("\n"):
        body += "\n"
    marked = set(hl_lines)
    if numbers or marked or marks:
        lines = body.split("\n")[:-1]
        width = len(str(len(lines)))
        out = []
        for n, line in enumerate(lines, 1):
            line += "\n"
            if numbers:
                line = f'<span class="linenos">{n:>{width}}</span>{line}'
            classes = " ".join(filter(None, ("hll" if n in marked else "",
                                             marks.get(n, "") if marks else "")))
            if classes:
                line = f'<span class="{classes}">{line}</span>'
            out.append(line)
        body = "".join(out)
    return f'<div class="highlight"><pre><span></span><code>{body}</code></pre></div>\n'


def highlight(source: str, lexer: Lexer, hl_lines: Iterable[int] = (),
              numbers: bool = False) -> str:
    """``pygments.highlight(source, lexer, HtmlFormatter(...))`` with the options of :func:`html`."""
    return html(tokens(lexer, source), hl_lines, numbers)
