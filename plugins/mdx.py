"""Built-in plugin: stage 4, render each page's MDX (``mdxsite.mdx``)."""

from __future__ import annotations

from mdxsite.hookspecs import hookimpl
from mdxsite.mdx.render import render
from mdxsite.model import Page, RenderedPage, Site


@hookimpl
def mdxsite_render_page(site: Site, page: Page) -> RenderedPage:
    return render(site, page)
