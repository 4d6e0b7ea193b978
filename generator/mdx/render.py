"""Render a page's Markdown to HTML (plain CommonMark + GFM tables for now; MDX is issue #4)."""

from __future__ import annotations

import re
from functools import lru_cache

from markdown_it import MarkdownIt

from mdxsite.errors import Location
from mdxsite.mdx import frontmatter
from mdxsite.model import Heading, Page, RenderedPage, Site

_TAGS = re.compile(r"<[^>]+>")


def slugify(text: str) -> str:
    """Return a stable heading id: lower case, words joined by '-'."""
    text = _TAGS.sub("", text).strip().lower()
    text = re.sub(r"[^\w\- ]+", "", text)
    return re.sub(r"[\s]+", "-", text).strip("-") or "section"


@lru_cache(maxsize=1)
def parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough")


def page_text(site: Site, page: Page) -> tuple[str, int]:
    """Return the page's Markdown body and how many lines precede it in its file."""
    if page.body is not None:
        return page.body, 0
    assert page.source is not None
    _, body, offset = frontmatter.read(site.root / page.source, page.source.as_posix())
    return body, offset


def render(site: Site, page: Page) -> RenderedPage:
    body, _ = page_text(site, page)
    md = parser()
    tokens = md.parse(body, {})
    headings: list[Heading] = []
    used: set[str] = set()
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open":
            text = tokens[i + 1].content
            slug = base = slugify(text)
            n = 1
            while slug in used:
                n += 1
                slug = f"{base}-{n}"
            used.add(slug)
            tok.attrSet("id", slug)
            headings.append(Heading(level=int(tok.tag[1]), text=text, id=slug))
    html = md.renderer.render(tokens, md.options, {})
    return RenderedPage(key=page.key, html=html, headings=tuple(headings),
                        anchors=tuple(h.id for h in headings), markdown=body,
                        text=_TAGS.sub(" ", html))


def where(page: Page) -> Location:
    return Location(page.source.as_posix() if page.source else page.key)


def render_fragment(site: Site, text: str, where: Location) -> str:
    """Render a piece of MDX that is not a page (an OpenAPI description) to HTML.

    Args:
        site: the site (components, snippets and variables come from it).
        text: the MDX/Markdown source.
        where: where ``text`` starts, for located warnings.
    """
    return parser().render(text)
