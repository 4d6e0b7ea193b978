"""Built-in plugin: OpenAPI navigation expansion and API page rendering (``mdxsite.openapi``)."""

from __future__ import annotations

from collections.abc import Generator

from mdxsite.hookspecs import hookimpl
from mdxsite.model import ApiOperation, OutputFile, Page, RenderedPage, RequestSample, Site


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


@hookimpl(wrapper=True, specname="mdxsite_render_page")
def _mdx_endpoint(site: Site, page: Page) -> Generator[None, RenderedPage | None,
                                                       RenderedPage | None]:
    # whoever renders a written page, an api: frontmatter puts the endpoint bar and the
    # playground above its content
    rendered = yield
    from mdxsite.openapi.mdx_endpoint import has_endpoint, with_endpoint

    if rendered is None or not has_endpoint(page):
        return rendered
    return with_endpoint(site, page, rendered)


@hookimpl(tryfirst=True)  # the platform's three tabs first; other plugins' follow
def mdxsite_request_samples(site: Site, operation: ApiOperation) -> list[RequestSample]:
    from mdxsite.openapi.samples import builtin_samples

    return builtin_samples(operation, site.config.get("api.examples.languages"))


@hookimpl
def mdxsite_page_assets(page: Page) -> list[str]:
    from mdxsite.openapi.mdx_endpoint import has_endpoint

    if has_endpoint(page):
        return ["/_mdxsite/openapi.css", "/_mdxsite/playground.js"]
    if page.kind != "openapi":
        return []
    from mdxsite.openapi.render import is_api_page

    # the playground's script only where a playground can be: operation pages
    return ["/_mdxsite/openapi.css", "/_mdxsite/api-schema.js",
            *(["/_mdxsite/playground.js"] if is_api_page(page) else [])]


@hookimpl
def mdxsite_output_files(site: Site) -> list[OutputFile]:
    # the fields of every named schema, once per document, for the pages' lazy nodes
    specs = sorted({str(p.data["spec"]) for p in site.pages.values()
                    if p.kind == "openapi" and p.data.get("spec")})
    if not specs:  # no API pages: the renderer is not even imported (60 ms)
        return []
    from mdxsite.openapi import fragments

    return fragments.files(site, specs)
