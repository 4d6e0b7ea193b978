"""The golden MDX site, prepared once per module, and a renderer of MDX source on it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from mdxsite import pipeline, plugin_manager
from mdxsite.model import Site
from mdxsite.mdx.render import Context, render_mdx

GOLDEN_SITE = Path(__file__).parents[2] / "golden" / "mdx" / "site"


@pytest.fixture(scope="module")
def site() -> Site:
    return pipeline.prepare(GOLDEN_SITE, plugin_manager.create())


@pytest.fixture
def render(site: Site) -> Callable[[str], tuple[str, Context]]:
    """Render MDX source as a page of the golden site: (HTML, the page's context)."""
    def run(source: str) -> tuple[str, Context]:
        ctx = Context(site, "page.mdx", 0, "page", stack=("page.mdx",))
        return render_mdx(source, ctx), ctx
    return run
