"""Random nesting of components and Markdown never crashes the renderer (hypothesis)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mdxsite import pipeline, plugin_manager
from mdxsite.errors import MdxsiteError
from mdxsite.mdx.render import Context, render_mdx

SITE = Path(__file__).resolve().parents[2] / "golden" / "mdx" / "site"
NAMES = ["Note", "Card", "Tabs", "Tab", "Steps", "Step", "Accordion", "CodeGroup", "div", "span",
         "Tooltip", "Frame", "Unknown"]
PROPS = ['', ' title="T"', ' cols={2}', ' defaultOpen', " icon={'star'}", ' x={a.b()}',
         ' style={{color: "red"}}']
TEXT = ["text", "**bold**", "`code`", "{name}", "{' '}", "$5", "- item", "## Head", "[l](/x)",
        "```js\nx\n```", "    indented", "{/* c */}", "<", "{", "}", "</", "$x$", "> quote",
        "<!-- c -->", "![i](/images/dash.png)", "![i](gone.png)"]


@st.composite
def mdx(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        if depth < 3 and draw(st.booleans()):
            name = draw(st.sampled_from(NAMES))
            props = draw(st.sampled_from(PROPS))
            indent = " " * draw(st.sampled_from([0, 2, 4]))
            inner = draw(mdx(depth + 1)).replace("\n", "\n" + indent)
            if draw(st.integers(0, 9)) == 0:
                parts.append(f"<{name}{props}>\n{indent}{inner}\n")          # unclosed
            elif draw(st.integers(0, 9)) == 0:
                parts.append(f"<{name}{props}>\n{indent}{inner}\n</Other>")  # mismatched
            else:
                parts.append(f"<{name}{props}>\n{indent}{inner}\n</{name}>")
        else:
            parts.append(draw(st.sampled_from(TEXT)))
    return "\n\n".join(parts)


@pytest.fixture(scope="module")
def site():
    return pipeline.prepare(SITE, plugin_manager.create())


def opened_braces(source: str, at: int) -> int:
    """How many '{' are open at ``at`` (the generator writes no brace in code or quotes)."""
    depth = 0
    for ch in source[:at]:
        depth = depth + 1 if ch == "{" else max(depth - 1, 0) if ch == "}" else depth
    return depth


@pytest.mark.usefixtures("same_examples_in_any_process")
@settings(max_examples=250, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(source=mdx())
def test_rendering_never_crashes_and_errors_are_located(site, source: str) -> None:
    ctx = Context(site, "page.mdx", 3, "index", stack=("page.mdx",))
    try:
        html = render_mdx(source, ctx)
    except MdxsiteError as exc:  # pragma: no cover - render_mdx collects instead of raising
        pytest.fail(f"raised instead of collecting: {exc}")
    assert isinstance(html, str)
    lines = source.count("\n") + 1
    for problem in ctx.errors + ctx.problems:
        assert problem.where.file == "page.mdx"
        assert 4 <= problem.where.line <= lines + 3, (problem, source)
    for problem in ctx.errors:  # an error points at a column, not just a line
        assert problem.where.column >= 1, (problem, source)
    comments = [opened_braces(source, m.start()) for m in re.finditer("<!--", source)]
    if "</Other>" in source or 0 in comments:  # malformed: always a located error
        assert ctx.errors, source
    elif comments:  # inside braces: JavaScript mdxsite cannot read is at least a warning
        assert ctx.errors or any(p.code == "mdx.expression" for p in ctx.problems), source


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(source=mdx())
def test_tags_drawn_by_render_tag_are_what_markdown_its_render_token_draws(site, source: str) -> None:
    from functools import partial

    from markdown_it.renderer import RendererHTML

    from mdxsite import toolkit

    def rendered() -> tuple[str, list[str]]:
        ctx = Context(site, "page.mdx", 3, "index", stack=("page.mdx",))
        return render_mdx(source, ctx), [p.message for p in (*ctx.problems, *ctx.errors)]

    ours = rendered()
    renderer = toolkit.for_site(site).markdown.renderer
    # an instance's own renderToken is a plugin's: the renderer then asks it for every tag
    renderer.renderToken = partial(RendererHTML.renderToken, renderer)  # type: ignore[method-assign]
    try:
        assert rendered() == ours
    finally:
        del renderer.renderToken
