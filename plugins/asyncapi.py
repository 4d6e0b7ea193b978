"""Built-in plugin: AsyncAPI channel pages (``mdxsite.asyncapi``).

Channel pages are made in the OpenAPI stage: this plugin wraps its answer, so a site's
``asyncapi`` fields and frontmatter are expanded whoever expanded its OpenAPI.
"""

from __future__ import annotations

from collections.abc import Generator

from mdxsite.hookspecs import hookimpl
from mdxsite.model import OutputFile, Page, RenderedPage, Site


@hookimpl(wrapper=True)
def mdxsite_expand_openapi(site: Site) -> Generator[None, Site | None, Site | None]:
    from mdxsite.asyncapi.expand import expand

    expanded = yield
    return expand(expanded or site) or expanded


@hookimpl(tryfirst=True)
def mdxsite_render_page(site: Site, page: Page) -> RenderedPage | None:
    if page.kind != "asyncapi":
        return None
    from mdxsite.asyncapi.render import render

    return render(site, page)


@hookimpl
def mdxsite_page_assets(page: Page) -> list[str]:
    # the API pages' stylesheet, and the script that opens lazy schema fields
    return ["/_mdxsite/openapi.css", "/_mdxsite/api-schema.js"] if page.kind == "asyncapi" else []


@hookimpl
def mdxsite_output_files(site: Site) -> list[OutputFile]:
    # the fields of every named schema, for lazy nodes, as the OpenAPI pages have them
    specs = sorted({str(p.data["spec"]) for p in site.pages.values()
                    if p.kind == "asyncapi" and p.data.get("spec")})
    if not specs:  # no channel pages: the renderers are not even imported
        return []
    from mdxsite.asyncapi.render import document
    from mdxsite.openapi import fragments

    for spec in specs:
        document(site, spec)  # checked before the fragments read it
    return fragments.files(site, specs)
