"""Built-in plugin: OpenAPI navigation expansion and API page rendering (``mdxsite.openapi``)."""

from __future__ import annotations

from mdxsite.hookspecs import hookimpl
from mdxsite.model import Page, RenderedPage, Site


@hookimpl
def mdxsite_expand_openapi(site: Site) -> Site | None:
    from mdxsite.openapi.expand import expand

    return expand(site)


@hookimpl(tryfirst=True)
def mdxsite_render_page(site: Site, page: Page) -> RenderedPage | None:
    if page.kind != "openapi":
        return None  # ordinary pages belong to the mdx plugin
    from mdxsite.openapi.render import render

    return render(site, page)
