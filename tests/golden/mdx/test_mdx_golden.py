"""Golden cases for the MDX renderer: each ``*.txt`` file holds many cases.

A case is ``=== title``, the MDX input, a line holding a single ``.``, then the expected HTML
(normalised: icons' SVG bodies dropped, whitespace between tags collapsed). A failure names
the case's file and line. ``--update-goldens`` rewrites the expected parts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from mdxsite import pipeline, plugin_manager
from mdxsite.errors import MdxsiteError
from mdxsite.mdx.components import BUILTIN
from mdxsite.mdx.render import Context, render_mdx

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*.txt"))


@dataclass
class Case:
    file: Path
    line: int
    title: str
    source: str
    expected: str

    @property
    def id(self) -> str:
        return f"{self.file.name}:{self.line}"


def parse(file: Path) -> list[Case]:
    cases: list[Case] = []
    lines = file.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        if not lines[i].startswith("=== "):
            i += 1
            continue
        title, start = lines[i][4:].strip(), i + 1
        j = start
        while j < len(lines) and lines[j] != ".":
            j += 1
        k = j + 1
        while k < len(lines) and not lines[k].startswith("=== "):
            k += 1
        expected = "\n".join(lines[j + 1:k]).strip()
        cases.append(Case(file, start, title, "\n".join(lines[start:j]), expected))
        i = k
    return cases


CASES = [c for f in FILES for c in parse(f)]


def normalise(html: str) -> str:
    html = re.sub(r"<svg ([^>]*)>.*?</svg>", lambda m: "<svg/>", html, flags=re.S)
    html = re.sub(r">\s+<", "><", html.strip())
    return re.sub(r"[ \t]*\n\s*", "\n", html)


@pytest.fixture(scope="module")
def site():
    return pipeline.prepare(HERE / "site", plugin_manager.create())


def render_case(site, case: Case) -> str:
    # lines in messages count from the case's first input line, so goldens stay stable
    ctx = Context(site, f"{case.file.name}", 0, "guides/setup",
                  scope={"product": "Acme"}, stack=(case.file.name,))
    try:
        out = render_mdx(case.source, ctx)
    except MdxsiteError as exc:  # pragma: no cover - shown as the case's output
        return "ERROR " + str(exc)
    lines = [normalise(out)] if out.strip() else []
    lines += [f"WARNING {p.message}" for p in ctx.problems]
    lines += [f"ERROR {p.where.line}: {p.message}" for p in ctx.errors]
    return "\n".join(lines)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_golden(site, case: Case, update_goldens: bool) -> None:
    got = render_case(site, case)
    if update_goldens:
        _UPDATES.setdefault(case.file, {})[case.line] = got
        return
    assert got == case.expected, f"{case.id} ({case.title})"


_UPDATES: dict[Path, dict[int, str]] = {}


def teardown_module() -> None:
    for file, updates in _UPDATES.items():
        lines = file.read_text(encoding="utf-8").split("\n")
        out: list[str] = []
        i = 0
        while i < len(lines):
            out.append(lines[i])
            if lines[i].startswith("=== ") and (i + 1) in updates:
                j = i + 1
                while lines[j] != ".":
                    out.append(lines[j])
                    j += 1
                out += [".", updates[i + 1], ""]
                k = j + 1
                while k < len(lines) and not lines[k].startswith("=== "):
                    k += 1
                i = k
                continue
            i += 1
        file.write_text("\n".join(out).rstrip("\n") + "\n", encoding="utf-8")


def test_there_are_at_least_eighty_cases() -> None:
    assert len(CASES) >= 80


COMPONENTS = {c.name for c in BUILTIN}
# the components the platform documents (issue 4), written out so that dropping one from the
# built-in component set fails here too
DOCUMENTED = ("Note Tip Warning Info Check Danger Callout Card CardGroup Columns Tabs Tab "
              "CodeGroup Accordion AccordionGroup Steps Step Frame Icon Tooltip Badge Tile Tree "
              "Panel Update Expandable ParamField ResponseField RequestExample ResponseExample "
              "Mermaid Latex Color View Banner Visibility Prompt GitHub.Repo Column FileTree Timeline "
              "Popup Terminal Graph Mention").split()


def test_every_documented_component_has_a_golden_case() -> None:
    sources = "\n".join(c.source for c in CASES)
    assert set(DOCUMENTED) <= COMPONENTS
    missing = [name for name in sorted(COMPONENTS) if f"<{name}" not in sources]
    assert missing == []
    assert "```mermaid" in sources and "$$" in sources  # the fence and math forms too


def test_every_component_has_its_own_theme_template() -> None:
    folder = HERE.parents[2] / "themes" / "base" / "templates" / "components"
    templates = {c.template for c in BUILTIN}
    assert len(templates) == len(BUILTIN)  # one each: overriding one changes that one alone
    assert sorted(t for t in templates if not (folder.parent / t).is_file()) == []
