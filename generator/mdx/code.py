"""Code blocks: Pygments highlighting at build time and the platform's fence meta string.

```` ```python main.py {1,3-4} lines wrap expandable ```` gives a titled block with lines 1, 3
and 4 highlighted, line numbers, wrapping and a collapsed long block. The platform's named
options work too: ``highlight={1,3-4}``, ``focus={2}`` (the other lines fade), ``icon="…"``
(drawn before the title and in a code group's tab), and Shiki's diff notation, a trailing
``// [!code ++]`` or ``# [!code --:2]`` comment. ``twoslash`` is accepted and warned about:
mdxsite has no TypeScript checker to show its hover types. Markdown and MDX blocks opening
with a ``---`` block highlight it as YAML frontmatter, as Shiki does.
"""

from __future__ import annotations

import html
import re
import shlex
from functools import lru_cache
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.token import (STANDARD_TYPES, Comment, Keyword, Name, Number, Operator,
                            Punctuation, String, _TokenType)
from pygments.token import Text as _TEXT
from pygments.util import ClassNotFound

from mdxsite.mdx import highlight
from mdxsite.output import i18n

if TYPE_CHECKING:  # markdown-it is imported only by a build that renders
    from markdown_it.token import Token

_RANGES = re.compile(r"^\{([\d,\s-]+)\}$")
FLAGS = ("lines", "wrap", "expandable", "twoslash")
# options that name lines: ``highlight={1-2,5}`` marks them, ``focus={2}`` dims the others
LINE_OPTIONS = ("highlight", "focus")
_LINE_OPTIONS_OPEN = frozenset(f"{option}=" for option in LINE_OPTIONS)
EXPAND_AFTER = 12  # an expandable block longer than this shows its first lines and a button
# jsx and tsx have Pygments' own lexers (JSX tags are not JavaScript operators); mdx has ours
ALIASES = {"sh": "bash", "shell": "bash", "zsh": "bash", "console": "bash", "yml": "yaml",
           "env": "bash", "dotenv": "bash", "json5": "json", "jsonc": "json", "py": "python",
           "ts": "typescript", "js": "javascript", "curl": "bash"}


@lru_cache(maxsize=256)
def lexer_for(lang: str) -> Lexer:
    """Return a (cached) Pygments lexer; unknown languages are plain text."""
    try:
        if lang in ("mdx", "md", "markdown"):
            # imported here: Pygments' Markdown, JSX and YAML lexers they build on took 14 ms
            # of every start, and a build whose code blocks are all kept highlights none
            from mdxsite.mdx.lexers import FrontmatterMarkdownLexer, MdxLexer
            return (MdxLexer if lang == "mdx" else FrontmatterMarkdownLexer)(stripnl=False)
        return get_lexer_by_name(ALIASES.get(lang, lang) or "text", stripnl=False)
    except ClassNotFound:
        from pygments.lexers.special import TextLexer
        return TextLexer(stripnl=False)


class KeptBlocks(Protocol):
    """Highlighted blocks kept between builds (:class:`mdxsite.output.highlights.HighlightStore`)."""

    def key(self, source: str, lang: str, hl_lines: tuple[int, ...], numbers: bool,
            focus: tuple[int, ...]) -> str: ...

    def get(self, key: str) -> str | None: ...

    def put(self, key: str, html: str) -> None: ...


# the blocks kept for the build rendering in this process (see use_kept_blocks)
_KEPT: list[KeptBlocks | None] = [None]


def use_kept_blocks(kept: KeptBlocks | None) -> None:
    """Read and keep highlighted blocks in ``kept`` while a build renders (None: stop).

    The blocks this process highlighted before are forgotten: each is asked of (or kept
    in) the new store once, not taken from memory past it."""
    _KEPT[0] = kept
    _highlighted.cache_clear()


@lru_cache(maxsize=4096)
def _highlighted(source: str, lang: str, hl_lines: tuple[int, ...], numbers: bool,
                 focus: tuple[int, ...] = ()) -> str:
    # the same block recurs across pages (snippets, generated references): highlight it once,
    # and a page rendered again takes its unchanged blocks from the last build's (_KEPT)
    kept = _KEPT[0]
    if kept is None:
        return _highlight(source, lang, hl_lines, numbers, focus)
    key = kept.key(source, lang, hl_lines, numbers, focus)
    found = kept.get(key)
    if found is None:
        found = _highlight(source, lang, hl_lines, numbers, focus)
        kept.put(key, found)
    return found


def _highlight(source: str, lang: str, hl_lines: tuple[int, ...], numbers: bool,
               focus: tuple[int, ...]) -> str:
    # The bytes are Pygments' HtmlFormatter(cssclass="highlight", wrapcode=True, hl_lines,
    # linenos="inline"), written by our faster driver and formatter (mdxsite.mdx.highlight)
    if not focus and "[!code" not in source:
        return highlight.highlight(source, lexer_for(lang), hl_lines, numbers)
    stream, marks = _diff_notation(highlight.tokens(lexer_for(lang), source))
    if focus:
        count = sum(value.count("\n") for _, value in stream) + 1
        for n in set(range(1, count + 1)) - set(focus):
            marks[n] = " ".join(filter(None, (marks.get(n), "unfocused")))
    return highlight.html(stream, hl_lines, numbers, marks)


# Shiki's diff notation, a comment ending a line: ``// [!code ++]`` marks the line added,
# ``# [!code --:3]`` it and the next two removed. The comment is taken out of the code; on a
# line of its own, the line goes too and the marks start at the next line.
_NOTATION = re.compile(r"(?://|#|--|/\*|<!--|;{1,2}|%{1,2})\s*\[!code (\+\+|--)(?::(\d+))?\]"
                       r"\s*(?:\*/|-->)?")
DIFF_CLASSES = {"++": "diff-add", "--": "diff-remove"}


def _diff_notation(stream: Iterable[tuple[_TokenType, str]]
                   ) -> tuple[list[tuple[_TokenType, str]], dict[int, str]]:
    """Return the tokens without their diff notation comments, and the classes of the lines
    they mark. Only a comment token counts (as in Shiki): in a plain-text block the notation
    is text and stays."""
    lines: list[list[tuple[_TokenType, str]]] = [[]]
    for kind, value in stream:  # one list of tokens a line, each newline its line's last token
        for at, part in enumerate(value.split("\n")):
            if at:
                lines[-1].append((kind, "\n"))
                lines.append([])
            if part:
                lines[-1].append((kind, part))
    kept: list[list[tuple[_TokenType, str]]] = []
    marks: dict[int, str] = {}
    pending: tuple[str, int] | None = None
    for line in lines:
        for at, (kind, value) in enumerate(line):
            found = _NOTATION.fullmatch(value.strip()) if kind in Comment else None
            if found:
                head = line[:at]
                while head and not head[-1][1].strip(" \t"):  # the space before the comment
                    head.pop()
                if head:
                    head[-1] = (head[-1][0], head[-1][1].rstrip(" \t"))
                line = head + line[at + 1:]
                pending = (DIFF_CLASSES[found.group(1)], max(int(found.group(2) or 1), 1))
                break
        else:
            found = None
        if found and not "".join(value for _, value in line).strip():
            continue  # the comment was the line: it marks the lines after it
        if pending:
            marks[len(kept) + 1], left = pending[0], pending[1] - 1
            pending = (pending[0], left) if left else None
        kept.append(line)
    return [token for line in kept for token in line], marks


def parse_meta(info: str) -> dict[str, Any]:
    """Split a fence's info string into lang, title, highlighted lines and flags."""
    meta = _parsed_meta(info)  # a fresh copy: the caller may change it
    return {**meta, "flags": set(meta["flags"]), "attrs": dict(meta["attrs"])}


@lru_cache(maxsize=1024)
def _parsed_meta(info: str) -> dict[str, Any]:
    # shlex is slow and most fences of a site share a handful of info strings
    try:
        words = shlex.split(info)
    except ValueError:
        words = info.split()
    meta: dict[str, Any] = {"lang": "", "title": "", "highlight": (), "focus": (),
                            "flags": set(), "attrs": {}}
    if words:
        meta["lang"] = words[0].lower()
    title_parts = []
    rest = words[1:]
    for at, word in enumerate(rest):
        m = _RANGES.match(word)
        if m:
            if at and rest[at - 1] in _LINE_OPTIONS_OPEN:  # focus= {2,4-5}: the option's value
                continue
            meta["highlight"] = tuple(_ranges(m.group(1)))
        elif word in FLAGS:
            meta["flags"].add(word)
        elif "=" in word and word.split("=", 1)[0].isidentifier():
            k, v = word.split("=", 1)
            if not v and at + 1 < len(rest) and _RANGES.match(rest[at + 1]):
                v = rest[at + 1]
            meta["attrs"][k] = v.strip("\"'")
        else:
            title_parts.append(word)
    for option in LINE_OPTIONS:  # highlight={1-2,5} and focus={2,4-5}: lines by number
        value = meta["attrs"].get(option, "")
        lines = _ranges(value.strip().removeprefix("{").removesuffix("}")) if value else []
        if lines:
            meta[option] = tuple(lines)
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


# where a diagram's zoom and pan controls sit (the platform's ``placement``, bottom-right unless set)
MERMAID_PLACEMENTS = ("top-left", "top-right", "bottom-left", "bottom-right")


def mermaid_options(meta: dict[str, Any]) -> tuple[dict[str, str], list[str]]:
    """The platform's options of a mermaid block, as the ``data-`` attributes mermaid-init.js
    reads, and what is wrong with the ones it cannot honour.

    ``placement="top-right"`` puts the zoom and pan controls in that corner (bottom-right by
    default); ``actions={false}`` hides them and ``actions={true}`` (or a bare ``actions``)
    shows them on any diagram, where by default they show on a diagram taller than 120px."""
    found: dict[str, str] = {}
    problems: list[str] = []
    placement = meta["attrs"].get("placement")
    if placement in MERMAID_PLACEMENTS:
        found["placement"] = placement
    elif placement is not None:
        problems.append(f"placement {placement!r} is not one of {', '.join(MERMAID_PLACEMENTS)}, "
                        "so the controls stay at the bottom right")
    actions = meta["attrs"].get("actions", "true" if "actions" in meta["title"].split() else None)
    if actions is not None:
        value = actions.strip().removeprefix("{").removesuffix("}").strip()
        if value in ("true", "false"):
            found["actions"] = value
        else:
            problems.append(f"actions {actions!r} is neither {{true}} nor {{false}}, so the "
                            "controls show on diagrams taller than 120px")
    return found, problems


def render_fence(tok: Token, props: dict[str, Any] | None = None,
                 draw_icon: Callable[[str], str] | None = None,
                 words: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Render a fence token; return {html, title, lang} for CodeGroup tabs.

    ``draw_icon`` draws the ``icon="…"`` of the fence's meta in its header (the page's icon
    library); without it the icon is left out. ``words`` are the theme's words in the page's
    language (:mod:`mdxsite.output.i18n`), English without them."""
    if words is None:
        words = i18n.words("en")
    meta = parse_meta(tok.info)
    source = tok.content
    if props:  # a snippet's props are substituted inside its code blocks too
        for name, value in props.items():
            if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                source = source.replace("{" + name + "}", str(value))
    lang = meta["lang"]
    if lang == "mermaid":
        options = "".join(f' data-{k}="{v}"' for k, v in mermaid_options(meta)[0].items())
        return {"html": f'<pre class="mermaid"{options}>{html.escape(source)}</pre>\n',
                "title": "Mermaid", "lang": lang}
    body = _highlighted(source, lang, meta["highlight"], "lines" in meta["flags"], meta["focus"])
    # a long line scrolls the block sideways: keyboard readers reach it with Tab (WCAG 2.1.1)
    body = body.replace("<pre>", '<pre tabindex="0">', 1)
    classes = ["code-block"] + [f"code-{f}" for f in sorted(meta["flags"])]
    if meta["focus"]:
        classes.append("code-focus")
    title = meta["title"]
    icon = meta["attrs"].get("icon")
    drawn = f'<span class="code-icon">{draw_icon(icon)}</span>' if icon and draw_icon else ""
    header = (f'<div class="code-header">{drawn}<span class="code-title">{html.escape(title)}</span>'
              if title else f'<div class="code-header">{drawn}<span class="code-title"></span>')
    header += (f'<button type="button" class="copy-button" '
               f'aria-label="{html.escape(words["copy_code"])}" '
               f'data-pagefind-ignore>{html.escape(words["copy"])}</button></div>')
    lines = source.count("\n") + (0 if source.endswith("\n") else 1)
    if "expandable" in meta["flags"] and lines > EXPAND_AFTER:
        body += (f'<button type="button" class="code-expand" aria-expanded="false" '
                 f'data-pagefind-ignore>'
                 f'{html.escape(words["show_all_lines"].format(count=lines))}</button>')
    out = (f'<div class="{" ".join(classes)}" data-lang="{html.escape(lang)}">'
           f'{header}{body}</div>\n')
    found = {"html": out, "title": title or lang or "Code", "lang": lang}
    if drawn:  # a code group shows it in the block's tab
        found["icon"] = drawn
    return found


# The platform highlights with Shiki; a Pygments style stands in for each of Shiki's bundled
# themes (``styling.codeblocks``), chosen by background and palette. "css-variables" (below)
# takes the colours from the site's own CSS.
SHIKI_STYLES = {
    "andromeeda": "dracula", "aurora-x": "one-dark", "ayu-dark": "github-dark",
    "catppuccin-frappe": "one-dark", "catppuccin-latte": "lovelace",
    "catppuccin-macchiato": "one-dark", "catppuccin-mocha": "one-dark", "dark-plus": "github-dark",
    "dracula": "dracula", "dracula-soft": "dracula", "everforest-dark": "gruvbox-dark",
    "everforest-light": "gruvbox-light", "github-dark": "github-dark",
    "github-dark-default": "github-dark", "github-dark-dimmed": "github-dark",
    "github-dark-high-contrast": "github-dark", "github-light": "default",
    "github-light-default": "default", "github-light-high-contrast": "default",
    "gruvbox-dark-hard": "gruvbox-dark", "gruvbox-dark-medium": "gruvbox-dark",
    "gruvbox-dark-soft": "gruvbox-dark", "gruvbox-light-hard": "gruvbox-light",
    "gruvbox-light-medium": "gruvbox-light", "gruvbox-light-soft": "gruvbox-light",
    "houston": "one-dark", "kanagawa-dragon": "zenburn", "kanagawa-lotus": "solarized-light",
    "kanagawa-wave": "zenburn", "laserwave": "paraiso-dark", "light-plus": "vs",
    "material-theme": "material", "material-theme-darker": "material",
    "material-theme-lighter": "friendly", "material-theme-ocean": "material",
    "material-theme-palenight": "material", "min-dark": "native", "min-light": "xcode",
    "monokai": "monokai", "night-owl": "night-owl", "nord": "nord", "one-dark-pro": "one-dark",
    "one-light": "xcode", "plastic": "one-dark", "poimandres": "nord-darker", "red": "rrt",
    "rose-pine": "paraiso-dark", "rose-pine-dawn": "paraiso-light", "rose-pine-moon": "paraiso-dark",
    "slack-dark": "native", "slack-ochin": "vs", "snazzy-light": "tango",
    "solarized-dark": "solarized-dark", "solarized-light": "solarized-light",
    "synthwave-84": "paraiso-dark", "tokyo-night": "one-dark", "vesper": "lightbulb",
    "vitesse-black": "github-dark", "vitesse-dark": "github-dark", "vitesse-light": "default",
}
SYSTEM = ("default", "monokai")  # "system": light code in light mode, dark code in dark mode
# The platform's custom code theme: the site's CSS sets --mint-color-text,
# --mint-color-background and --mint-token-<kind>; each Pygments token type takes the variable
# of the nearest kind (a subtype the nearest listed ancestor's), and, when the site leaves a
# variable unset, the colour "system" gives that mode
CSS_VARIABLES = "css-variables"
_KINDS: dict[_TokenType, str] = {
    Comment: "comment", Comment.Preproc: "keyword", Keyword: "keyword",
    Keyword.Constant: "constant", Name.Function: "function", Name.Builtin: "function",
    Name.Class: "function", Name.Decorator: "function", Name.Tag: "keyword",
    Name.Attribute: "parameter", Name.Variable: "parameter", Name.Constant: "constant",
    Name.Builtin.Pseudo: "constant", Name.Entity: "constant", String: "string",
    String.Doc: "comment", String.Interpol: "string-expression", String.Regex: "string-expression",
    String.Escape: "constant", String.Symbol: "constant", Number: "constant",
    Operator: "punctuation", Operator.Word: "keyword", Punctuation: "punctuation",
}


def code_styles(setting: object) -> tuple[str, str]:
    """Return the Pygments styles (light mode, dark mode) for a ``styling.codeblocks`` value.

    ``"system"`` (or nothing) follows the page; ``"dark"`` is dark code in both modes; a Shiki
    theme name, ``{"theme": name}`` or ``{"theme": {"light": a, "dark": b}}`` picks the
    nearest Pygments style. What cannot be honoured falls back to ``"system"`` (validation
    has warned about it).
    """
    if isinstance(setting, dict):
        setting = setting.get("theme")
    if isinstance(setting, dict):
        light, dark = SHIKI_STYLES.get(str(setting.get("light"))), SHIKI_STYLES.get(str(setting.get("dark")))
        return light or SYSTEM[0], dark or SYSTEM[1]
    if setting == "dark":
        return SYSTEM[1], SYSTEM[1]
    if setting == "light":
        return SYSTEM[0], SYSTEM[0]
    if isinstance(setting, str) and setting in SHIKI_STYLES:
        return SHIKI_STYLES[setting], SHIKI_STYLES[setting]
    return SYSTEM


def _block_colours(style: str, scope: str) -> str:
    from pygments.styles import get_style_by_name

    found = get_style_by_name(style)
    text = found.styles.get(_TEXT, "") or ""
    fg = next((w for w in text.split() if w.startswith("#")), "")
    rules = f"background: {found.background_color};" + (f" color: {fg};" if fg else "")
    return f"{scope}.code-block {{ {rules} }}\n{scope}.code-block .code-header {{ color: inherit; opacity: .8; }}"


def _css_variable_modes(setting: object) -> tuple[bool, bool]:
    """Whether light mode and dark mode take the "css-variables" theme."""
    if isinstance(setting, dict):
        setting = setting.get("theme")
    if isinstance(setting, dict):
        return setting.get("light") == CSS_VARIABLES, setting.get("dark") == CSS_VARIABLES
    return (setting == CSS_VARIABLES,) * 2


def _variable_rules(style: str, scope: str) -> str:
    """The "css-variables" rules of one mode: each token's colour from its --mint-token-*
    variable, else ``style``'s (the mode's "system" colours)."""
    from pygments.styles import get_style_by_name

    found = get_style_by_name(style)
    rules = [f"{scope}.code-block {{ background: var(--mint-color-background, var(--code-bg)); }}",
             f"{scope}.code-block pre {{ color: var(--mint-color-text, var(--fg)); }}"]
    for token, short in sorted(STANDARD_TYPES.items(), key=lambda item: item[1]):
        kind = next((_KINDS[t] for t in (token, *_ancestors(token)) if t in _KINDS), None)
        if kind is None or not short:
            continue
        colour = found.style_for_token(token)["color"]
        rules.append(f"{scope}.highlight .{short} {{ color: var(--mint-token-{kind}, "
                     f"{'#' + colour if colour else 'currentColor'}); }}")
    return "\n".join(rules)


def _ancestors(token: _TokenType) -> list[_TokenType]:
    found = []
    while token.parent is not None:
        token = token.parent
        found.append(token)
    return found


def stylesheet(setting: object = None) -> str:
    """Return the highlighting CSS for light mode and, under ``.dark``, dark mode."""
    light_style, dark_style = code_styles(setting)
    light = HtmlFormatter(style=light_style).get_style_defs(".highlight")
    dark = HtmlFormatter(style=dark_style).get_style_defs(".dark .highlight")
    css = f"/* generated by Pygments */\n{light}\n{dark}\n"
    if (light_style, dark_style) != SYSTEM:  # the block itself takes the style's colours too
        css += f"{_block_colours(light_style, '')}\n{_block_colours(dark_style, '.dark ')}\n"
    for variables, style, scope in zip(_css_variable_modes(setting), (light_style, dark_style),
                                       ("", ".dark ")):
        if variables:
            css += _variable_rules(style, scope) + "\n"
    return css
