"""Code blocks: Pygments highlighting at build time and the platform's fence meta string.

```` ```python main.py {1,3-4} lines wrap expandable ```` gives a titled block with lines 1, 3
and 4 highlighted, line numbers, wrapping and a collapsed long block.
"""

from __future__ import annotations

import html
import re
import shlex
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer, inherit, using
from pygments.lexers import get_lexer_by_name
from pygments.lexers.jsx import JsxLexer
from pygments.lexers.markup import MarkdownLexer
from pygments.lexers.special import TextLexer
from pygments.util import ClassNotFound

if TYPE_CHECKING:  # markdown-it is imported only by a build that renders
    from markdown_it.token import Token

_RANGES = re.compile(r"^\{([\d,\s-]+)\}$")
FLAGS = ("lines", "wrap", "expandable", "twoslash")
EXPAND_AFTER = 12  # an expandable block longer than this shows its first lines and a button
# jsx and tsx have Pygments' own lexers (JSX tags are not JavaScript operators); mdx has ours
ALIASES = {"sh": "bash", "shell": "bash", "zsh": "bash", "console": "bash", "yml": "yaml",
           "env": "bash", "dotenv": "bash", "json5": "json", "jsonc": "json", "py": "python",
           "ts": "typescript", "js": "javascript", "curl": "bash"}


class MdxLexer(MarkdownLexer):
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


@lru_cache(maxsize=256)
def lexer_for(lang: str) -> Lexer:
    """Return a (cached) Pygments lexer; unknown languages are plain text."""
    try:
        if lang == "mdx":
            return MdxLexer(stripnl=False)
        return get_lexer_by_name(ALIASES.get(lang, lang) or "text", stripnl=False)
    except ClassNotFound:
        return TextLexer(stripnl=False)


@lru_cache(maxsize=64)
def _formatter(hl_lines: tuple[int, ...], numbers: bool) -> HtmlFormatter:
    return HtmlFormatter(nowrap=False, cssclass="highlight", hl_lines=list(hl_lines),
                         linenos="inline" if numbers else False, wrapcode=True)


@lru_cache(maxsize=4096)
def _highlighted(source: str, lang: str, hl_lines: tuple[int, ...], numbers: bool) -> str:
    # the same block recurs across pages (snippets, generated references): highlight it once
    return highlight(source, lexer_for(lang), _formatter(hl_lines, numbers))


def parse_meta(info: str) -> dict[str, Any]:
    """Split a fence's info string into lang, title, highlighted lines and flags."""
    try:
        words = shlex.split(info)
    except ValueError:
        words = info.split()
    meta: dict[str, Any] = {"lang": "", "title": "", "highlight": (), "flags": set(), "attrs": {}}
    if words:
        meta["lang"] = words[0].lower()
    title_parts = []
    for word in words[1:]:
        m = _RANGES.match(word)
        if m:
            meta["highlight"] = tuple(_ranges(m.group(1)))
        elif word in FLAGS:
            meta["flags"].add(word)
        elif "=" in word and word.split("=", 1)[0].isidentifier():
            k, v = word.split("=", 1)
            meta["attrs"][k] = v.strip("\"'")
        else:
            title_parts.append(word)
    meta["title"] = " ".join(title_parts) or meta["attrs"].get("title", "")
    return meta


def _ranges(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if "-" in part:
            a, _, b = part.partition("-")
            if a.strip().isdigit() and b.strip().isdigit():
                out.extend(range(int(a), int(b) + 1))
        elif part.isdigit():
            out.append(int(part))
    return out


def render_fence(tok: Token, props: dict[str, Any] | None = None) -> dict[str, Any]:
    """Render a fence token; return {html, title, lang} for CodeGroup tabs."""
    meta = parse_meta(tok.info)
    source = tok.content
    if props:  # a snippet's props are substituted inside its code blocks too
        for name, value in props.items():
            if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                source = source.replace("{" + name + "}", str(value))
    lang = meta["lang"]
    if lang == "mermaid":
        return {"html": f'<pre class="mermaid">{html.escape(source)}</pre>\n', "title": "Mermaid",
                "lang": lang}
    body = _highlighted(source, lang, meta["highlight"], "lines" in meta["flags"])
    # a long line scrolls the block sideways: keyboard readers reach it with Tab (WCAG 2.1.1)
    body = body.replace("<pre>", '<pre tabindex="0">', 1)
    classes = ["code-block"] + [f"code-{f}" for f in sorted(meta["flags"])]
    title = meta["title"]
    header = (f'<div class="code-header"><span class="code-title">{html.escape(title)}</span>'
              if title else '<div class="code-header"><span class="code-title"></span>')
    header += ('<button type="button" class="copy-button" aria-label="Copy code">Copy</button>'
               '</div>')
    lines = source.count("\n") + (0 if source.endswith("\n") else 1)
    if "expandable" in meta["flags"] and lines > EXPAND_AFTER:
        body += (f'<button type="button" class="code-expand" aria-expanded="false">'
                 f'Show all {lines} lines</button>')
    out = (f'<div class="{" ".join(classes)}" data-lang="{html.escape(lang)}">'
           f'{header}{body}</div>\n')
    return {"html": out, "title": title or lang or "Code", "lang": lang}


def stylesheet() -> str:
    """Return the highlighting CSS for light mode and, under ``.dark``, dark mode."""
    light = HtmlFormatter(style="default").get_style_defs(".highlight")
    dark = HtmlFormatter(style="monokai").get_style_defs(".dark .highlight")
    return f"/* generated by Pygments */\n{light}\n{dark}\n"
