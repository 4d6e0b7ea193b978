"""docs.json ``variables``: ``{{name}}`` replaced by its value before a page is parsed.

The platform substitutes the text itself, so a value reaches everywhere the page's source
does: prose, titles and other frontmatter, code blocks, inline code, link targets, component
props, imported snippets, and so the ``.md`` copies and llms files built from the source.
Names may hold hyphens and dots (``{{api-url}}``). A name docs.json does not define is left
as written, so the reader sees it, and reported with its line and column (in code only when
the site defines variables: otherwise ``{{x}}`` there is a template's own syntax); in prose its
braces are escaped, since ``{{x}}`` would otherwise be read as an MDX expression and vanish.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from mdxsite.errors import Location, Problem

PATTERN = re.compile(r"\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_TICKS = re.compile(r"`+")
_PROSE_SPECIAL = re.compile(r"[<>{}]")


def apply(config_value: object, text: str, file: str, offset: int, problems: list[Problem]) -> str:
    """Substitute docs.json's variables in a page's or snippet's source (``offset`` lines precede
    it in ``file``); add a located warning to ``problems`` for each name docs.json lacks."""
    values = values_of(config_value)
    text, missing = substitute(text, values)
    for line, column, name, in_code in missing:
        if in_code and not values:
            # a site without variables: {{name}} in code is a template's own syntax (Jinja,
            # Handlebars, a prompt), shown as written without a warning for each
            continue
        problem = Problem(
            Location(file, line + offset, column), f"variable {name!r} is not defined in docs.json",
            f'add it under "variables" in docs.json, e.g. "{name}": "…"', code="mdx.undefined-variable",
            warning=True)
        if problem not in problems:  # a snippet is read once for its exports, once to render
            problems.append(problem)
    return text


def values_of(config_value: object) -> dict[str, str]:
    """Return docs.json's ``variables`` as strings (numbers are written as the platform shows them)."""
    if not isinstance(config_value, Mapping):
        return {}
    return {str(k): str(v) for k, v in config_value.items() if isinstance(v, (str, int, float))}


def substitute(text: str, values: Mapping[str, str]) -> tuple[str, list[tuple[int, int, str, bool]]]:
    """Return ``text`` with every defined ``{{name}}`` replaced, and where the undefined ones are.

    Each undefined name is ``(line, column, name, in_code)``, line and column 1-based.
    """
    if "{{" not in text:
        return text, []
    missing: list[tuple[int, int, str, bool]] = []
    out = []
    for number, (line, in_code) in enumerate(_lines(text), start=1):
        out.append(_line(line, values, number, in_code, missing))
    return "".join(out), missing


def substitute_value(value: object, values: Mapping[str, str]) -> object:
    """Substitute inside a frontmatter value (strings, and lists or mappings of them)."""
    if isinstance(value, str):
        return PATTERN.sub(lambda m: values.get(m[1], m[0]), value) if "{{" in value else value
    if isinstance(value, list):
        return [substitute_value(v, values) for v in value]
    if isinstance(value, Mapping):
        return {k: substitute_value(v, values) for k, v in value.items()}
    return value


def _lines(text: str) -> Iterator[tuple[str, bool]]:
    """Yield each line with whether it lies inside a fenced code block (fence lines included)."""
    fence = ""
    for line in text.splitlines(keepends=True):
        opened = _FENCE.match(line.lstrip(" \t>") if not fence else line)
        if fence:
            if opened and opened[1][0] == fence[0] and len(opened[1]) >= len(fence) \
                    and not line.strip().strip(fence[0]):
                fence = ""
            yield line, True
        elif opened and not (opened[1][0] == "`" and "`" in line.strip()[len(opened[1]):]):
            fence = opened[1]
            yield line, True
        else:
            yield line, False


def _line(line: str, values: Mapping[str, str], number: int, in_code: bool,
          missing: list[tuple[int, int, str, bool]]) -> str:
    if "{{" not in line:
        return line
    code = _code_spans(line) if not in_code else [(0, len(line))]

    def replace(m: re.Match[str]) -> str:
        in_code = any(a <= m.start() < b for a, b in code)
        if m[1] in values:
            # a value is text, never markup: in prose its <, { and } are escaped (the platform
            # sanitises values); code shows characters as they are
            return values[m[1]] if in_code else _PROSE_SPECIAL.sub(r"\\\g<0>", values[m[1]])
        missing.append((number, m.start() + 1, m[1], in_code))
        if in_code:
            return m[0]  # code shows its text as written
        return m[0].replace("{", "\\{").replace("}", "\\}")

    return PATTERN.sub(replace, line)


def _code_spans(line: str) -> list[tuple[int, int]]:
    """Return the (start, end) of each inline code span on one line: a run of backticks up to
    the next run of the same length, as in CommonMark."""
    spans, runs = [], list(_TICKS.finditer(line))
    i = 0
    while i < len(runs):
        close = next((j for j in range(i + 1, len(runs)) if len(runs[j][0]) == len(runs[i][0])), None)
        if close is None:
            i += 1
            continue
        spans.append((runs[i].start(), runs[close].end()))
        i = close + 1
    return spans
