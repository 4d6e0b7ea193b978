"""Our highlighter writes the bytes Pygments' HtmlFormatter writes, token for token.

``mdxsite.mdx.highlight`` runs Pygments' grammars through its own driver (each lexer state's
rules as one pattern) and formatter. Differential tests: every fence of the sample site, the
golden cases and ../shared/corpus, each with the options code blocks use (highlighted lines,
line numbers); every lexer Pygments ships on a polyglot sample; and generated text, where the
lexers' error paths and state changes are exercised on input no author wrote.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from pygments import highlight as pygments_highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_all_lexers, get_lexer_by_name
from pygments.util import ClassNotFound

from mdxsite.mdx import highlight
from mdxsite.mdx.code import ALIASES, lexer_for, parse_meta

REPO = Path(__file__).resolve().parents[3]
FOLDERS = [REPO / "sample_site", REPO / "tests" / "golden", REPO.parent / "shared" / "corpus"]
OPTIONS = [((), False), ((1, 3), True), ((2, 4, 5), False), ((), True)]


@lru_cache(maxsize=None)
def _formatter(hl_lines: tuple[int, ...], numbers: bool) -> HtmlFormatter:
    return HtmlFormatter(cssclass="highlight", wrapcode=True, hl_lines=list(hl_lines),
                         linenos="inline" if numbers else False)


def theirs(source: str, lexer: Lexer, hl_lines: tuple[int, ...] = (), numbers: bool = False) -> str:
    return pygments_highlight(source, lexer, _formatter(hl_lines, numbers))


@pytest.fixture(scope="module")
def reference() -> Iterator[dict[tuple[object, ...], object]]:
    """Pygments' own tokens and HTML, computed once per (language, text, options) for both
    ``states`` parameters: our driver's output depends on the parameter, Pygments' does not,
    and Pygments' side was half of this file's CPU. Emptied when the module ends."""
    found: dict[tuple[object, ...], object] = {}
    yield found
    found.clear()


def pygments_tokens(reference: dict[tuple[object, ...], object], key: str, lexer: Lexer,
                    text: str) -> object:
    """``list(lexer.get_tokens(text))``, once per ``key`` (the language) and text."""
    if ("tokens", key, text) not in reference:
        reference["tokens", key, text] = list(lexer.get_tokens(text))
    return reference["tokens", key, text]


def pygments_html(reference: dict[tuple[object, ...], object], key: str, lexer: Lexer,
                  text: str, hl_lines: tuple[int, ...], numbers: bool) -> object:
    """:func:`theirs`, once per ``key`` (the language), text and options."""
    if ("html", key, text, hl_lines, numbers) not in reference:
        reference["html", key, text, hl_lines, numbers] = theirs(text, lexer, hl_lines, numbers)
    return reference["html", key, text, hl_lines, numbers]


@lru_cache(maxsize=1)
def fences() -> list[tuple[str, str, str]]:
    """(file:line, language, code) of every fence in FOLDERS."""
    md = MarkdownIt("commonmark")
    found = []
    seen = set()
    for folder in FOLDERS:
        for path in sorted(folder.rglob("*")):
            if path.suffix not in (".mdx", ".md", ".txt") or not path.is_file():
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for tok in md.parse(text):
                if tok.type == "fence" and tok.map:
                    lang = parse_meta(tok.info)["lang"]
                    if (lang, tok.content) in seen:
                        continue
                    seen.add((lang, tok.content))
                    found.append((f"{path.relative_to(folder.parent)}:{tok.map[0] + 1}", lang,
                                  tok.content))
    return found


def by_language() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for _, lang, text in fences():
        out.setdefault(lang, []).append(text)
    return out


@pytest.fixture(params=["combined at once", "one rule at a time"])
def states(request: pytest.FixtureRequest) -> Iterator[None]:
    """Lex with each state's rules combined after its first token, or never combined
    (a state is combined once it has lexed enough tokens: both ways give Pygments' tokens)."""
    kept, machines = highlight.PAYBACK, dict(highlight._MACHINES)
    highlight._MACHINES.clear()
    highlight.PAYBACK = 0 if request.param == "combined at once" else 10**12
    yield
    highlight.PAYBACK = kept
    highlight._MACHINES.clear()
    highlight._MACHINES.update(machines)


def test_the_corpus_has_fences_in_many_languages() -> None:
    # the differential tests below mean little on a handful of blocks
    assert len(fences()) > 100
    assert {"python", "bash", "json", "typescript", "yaml"} <= set(by_language())


def test_every_fence_of_the_corpus_highlights_to_pygments_bytes(states: None,
                                                                reference: dict) -> None:
    differ = []
    for n, (where, lang, text) in enumerate(fences()):
        lexer = lexer_for(lang)
        if list(highlight.tokens(lexer, text)) != pygments_tokens(reference, lang, lexer, text):
            differ.append(f"{where} ({lang}): tokens")
            continue
        # the options only wrap lines: every block once, every seventh with each option
        for hl_lines, numbers in OPTIONS if n % 7 == 0 else OPTIONS[:1]:
            if highlight.highlight(text, lexer, hl_lines, numbers) != \
                    pygments_html(reference, lang, lexer, text, hl_lines, numbers):
                differ.append(f"{where} ({lang}): html with {hl_lines}, numbers={numbers}")
    assert differ == []


POLYGLOT = '''#!/usr/bin/env thing
# comment -- // /* block */ <!-- x -->
import os, "sys"; from a.b import (c as d)
def f(x: int = 0x1F, *a, **k) -> str:  \\
    return f"{x!r:>10} {{literal}}" + 'it\\'s' + r"\\d+" + b'\\x00'
class A<T> extends B implements C { public static void main(String[] args) {} }
const y = `tmpl ${a + `nested ${b}`}` / 2 / 3; let re = /ab+c/gi; x => { return <div a="1">{y}</div> }
SELECT * FROM t WHERE a = 'x' AND b IN (1, 2.5e-3) -- trailing
key: value
list:
  - "item" # c
[section]
k = v ; c
<<EOF
heredoc $VAR ${VAR:-d} $(cmd) `cmd`
EOF
if [ -f x ]; then echo "$1" | grep -E '^a' > /dev/null 2>&1; fi
{"json": [true, null, 1.5, "s\\u00e9"]}
@decorator
%macro &ref *ptr ->field ::scope ?? ?. ... ;;
\\begin{document} $x^2$ \\end{document}
\t\ttabs\r\nwindows\rline
unterminated "string
'''


def _every_lexer() -> Iterator[Lexer]:
    for _, aliases, _, _ in get_all_lexers():
        if not aliases:
            continue
        try:
            yield get_lexer_by_name(aliases[0], stripnl=False)
        except (ClassNotFound, ImportError):  # an optional dependency (e.g. a lexer plugin)
            continue


def test_every_pygments_lexer_agrees_on_a_polyglot_sample(states: None,
                                                          reference: dict) -> None:
    # a site may name any language; each lexer's states are combined on first use
    differ = []
    count = 0
    for lexer in _every_lexer():
        count += 1
        for text in (POLYGLOT, POLYGLOT[::-1], POLYGLOT.replace("\n", " ")):
            if list(highlight.tokens(lexer, text)) != \
                    pygments_tokens(reference, repr(type(lexer)), lexer, text):
                differ.append(lexer.name)
                break
    assert count > 300
    assert differ == []


def test_lexers_whose_own_driver_differs_go_through_pygments() -> None:
    # JSON and YAML lexers are not plain RegexLexers: their tokens come from Pygments itself
    for lang in ("json", "yaml", "text"):
        lexer = lexer_for(lang)
        assert list(highlight.tokens(lexer, "a: [1, 2]\n")) == list(lexer.get_tokens("a: [1, 2]\n"))


def test_a_lexer_with_filters_goes_through_pygments() -> None:
    lexer = get_lexer_by_name("python", stripnl=False)
    lexer.add_filter("keywordcase", case="upper")
    text = "def f():\n    return None\n"
    assert list(highlight.tokens(lexer, text)) == list(lexer.get_tokens(text))
    assert "DEF" in highlight.highlight(text, lexer)


@pytest.mark.parametrize("text", ["", "\n", "\n\n\n", "x", "a\n\nb", "<&>\"'", "  \n\t\n"])
@pytest.mark.parametrize("lang", ["python", "bash", "mdx", "json", "text"])
def test_edge_texts(lang: str, text: str) -> None:
    lexer = lexer_for(lang)
    for hl_lines, numbers in OPTIONS:
        assert highlight.highlight(text, lexer, hl_lines, numbers) == \
            theirs(text, lexer, hl_lines, numbers)


def _mutations(text: str, rnd: random.Random) -> Iterator[str]:
    """Cut, splice and garble a real block: unclosed strings, stray brackets, odd states."""
    for _ in range(4):
        a, b = sorted(rnd.randrange(len(text) + 1) for _ in range(2))
        yield text[:a]
        yield text[a:]
        yield text[:a] + text[b:]
        yield text[:a] + rnd.choice(['"', "'", "`", "{", "(", "/*", "<", "\\", "#", "$", "\n"]) + \
            text[a:]


LANGUAGES = sorted({*ALIASES, "python", "typescript", "tsx", "jsx", "javascript", "go", "mdx",
                    "kotlin", "swift", "toml", "sql", "xml", "html", "dockerfile", "ruby", "rust",
                    "java", "c", "cpp", "csharp", "php", "diff", "ini", "http", "graphql"})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_garbled_blocks_agree(lang: str, states: None, reference: dict) -> None:
    rnd = random.Random(lang)  # the same cases every run
    samples = by_language().get(lang) or [POLYGLOT]
    lexer = lexer_for(lang)
    for text in rnd.sample(samples, min(len(samples), 25)):
        for variant in _mutations(text, rnd):
            assert list(highlight.tokens(lexer, variant)) == \
                pygments_tokens(reference, lang, lexer, variant), (lang, variant)


CODE_CHARS = st.sampled_from(list("abcXYZ019_ \t\n\"'`\\{}()[]<>/*#$@%&|=+-.,:;!?~^") +
                             ["def ", "import ", "function ", "<div>", "</div>", "${", "/*", "*/",
                              "//", "<!--", "-->", '"""', "EOF", "\r\n", "é", "\u00a0"])


@settings(max_examples=150, deadline=None)
@given(lang=st.sampled_from(["python", "typescript", "bash", "go", "tsx", "mdx", "toml", "sql"]),
       parts=st.lists(CODE_CHARS, max_size=60),
       hl=st.lists(st.integers(1, 8), max_size=3), numbers=st.booleans())
def test_generated_text_agrees(lang: str, parts: list[str], hl: list[int], numbers: bool) -> None:
    text = "".join(parts)
    lexer = lexer_for(lang)
    assert highlight.highlight(text, lexer, tuple(hl), numbers) == \
        theirs(text, lexer, tuple(hl), numbers)


@pytest.mark.parametrize("lang", ["md", "markdown", "mdx"])
def test_a_leading_frontmatter_block_is_yaml_not_a_heading(lang: str) -> None:
    """Shiki's markdown grammar reads a leading --- block as YAML frontmatter; Pygments' read
    its last line and the closing --- as a setext heading. Later --- lines stay Markdown."""
    text = "---\nname: Widget\nkind: tool\n---\n\nSome text\n---\n"
    out = highlight.highlight(text, lexer_for(lang))
    assert '<span class="p">---</span>\n<span class="nt">name</span>' in out
    assert '<span class="nt">kind</span>' in out
    assert '<span class="gu">kind' not in out and '<span class="gu">---</span>\n\n' not in out
    assert '<span class="gu">Some text</span>\n<span class="gu">---</span>' in out  # a heading
    # and it agrees with Pygments running the same lexer
    assert out == theirs(text, lexer_for(lang))
    # no closing line: not frontmatter
    assert '<span class="nt">' not in highlight.highlight("---\nname: x\n", lexer_for(lang))
