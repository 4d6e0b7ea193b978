"""The API part of llms.txt: a section listing the API pages, and one linking the documents.

The platform's llms.txt lists a site's OpenAPI documents under ``## OpenAPI Specs``; a model
reading the index then knows where the whole API description is, and which page holds which
endpoint.
"""

from __future__ import annotations

from mdxsite.model import Page, Site


def llms_entry(site: Site, page: Page) -> str:
    """One API page's line: its title and link, then the endpoint it documents."""
    data = page.data
    if data.get("schema"):
        what = f"schema {data['schema']}"
    elif data.get("webhook"):
        what = f"webhook {data.get('path', '')}"
    elif data.get("method"):
        what = f"{str(data['method']).upper()} {data.get('path', '')}"
    else:
        what = ""
    return f"- [{page.title}]({site.href(page.url)})" + (
        f": {what}" if what and what != page.title else "")


def llms_sections(site: Site, entries: list[str]) -> list[str]:
    """The ``## API Reference`` and ``## OpenAPI Specs`` sections ([] when there are none)."""
    out: list[str] = []
    if entries:
        out += ["", "## API Reference", *entries]
    specs = sorted({str(p.data["spec"]) for p in site.pages.values()
                    if p.kind == "openapi" and p.data.get("spec")})
    links = []
    for spec in specs:
        if spec.startswith(("http://", "https://")):
            links.append(f"- [{spec.rsplit('/', 1)[-1] or spec}]({spec})")
        elif spec.lstrip("/") in site.assets:  # the document is published with the site
            rel = spec.lstrip("/")
            links.append(f"- [{rel.rsplit('/', 1)[-1]}]({site.href('/' + rel)})")
    if links:
        out += ["", "## OpenAPI Specs", *links]
    return out
