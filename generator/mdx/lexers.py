"""Pygments lexers of our own for code blocks (see :func:`mdxsite.mdx.code.lexer_for`, which
imports this module when a block needs one)."""

from __future__ import annotations

from pygments.lexer import bygroups, inherit, using
from pygments.lexers.data import YamlLexer
from pygments.lexers.jsx import JsxLexer
from pygments.lexers.markup import MarkdownLexer
from pygments.token import Punctuation


class FrontmatterMarkdownLexer(MarkdownLexer):
    """Markdown whose leading ``---`` block is YAML frontmatter, as Shiki's markdown grammar
    reads it: Pygments' own lexer read the block's last line and closing ``---`` as a setext
    heading (every page example of the platform's docs opens with one)."""

    name = "Markdown"
    aliases = ["md", "markdown"]
    tokens = {
        "root": [
            (r"\A(---[ \t]*\n)((?:.*\n)*?)(---[ \t]*)$",
             bygroups(Punctuation, using(YamlLexer), Punctuation)),
            inherit,
        ],
    }


class MdxLexer(FrontmatterMarkdownLexer):
    """Markdown with JSX: tags and their props, ``{expressions}`` and import/export lines are
    highlighted as JSX, the rest as Markdown (Pygments has no MDX lexer)."""

    name = "MDX"
    aliases = ["mdx"]
    _tag = r"</?[A-Za-z][\w.:-]*(?:\s+(?:[^<>{}\"']|\"[^\"]*\"|'[^']*'|\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\})*)?/?>"
    tokens = {
        "root": [
            (r"^(?:import|export)\b[^\n]*\n", using(JsxLexer)),
            (r"^[ \t]*" + _tag + r"[ \t]*\n", using(JsxLexer)),
            inherit,
        ],
        "inline": [
            (_tag, using(JsxLexer)),
            (r"\{[^{}\n]*\}", using(JsxLexer)),
            inherit,
        ],
    }
