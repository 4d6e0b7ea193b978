"""The safe subset of HTML an OpenAPI document may use in its descriptions.

Real documents write HTML in their Markdown (Stripe's descriptions are ``<p>…</p>``): shown
escaped, readers saw the tags as text. Descriptions are the document author's, not ours, so
the HTML goes through ``nh3`` (the Rust ``ammonia`` sanitiser): an allowlist of tags and
attributes, links limited to http(s), mailto, site-relative paths and ``#`` fragments, and
``<script>``/``<style>`` dropped with their content.
"""

from __future__ import annotations

import nh3

TAGS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "code", "dd", "del", "details", "div", "dl", "dt",
    "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "kbd", "li", "ol", "p", "pre",
    "s", "small", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot",
    "th", "thead", "tr", "u", "ul",
})
ATTRIBUTES = {
    "a": {"href", "title"},
    "img": {"src", "alt", "title", "width", "height"},
    "td": {"align", "colspan", "rowspan"},
    "th": {"align", "colspan", "rowspan"},
    "ol": {"start"},
    "code": {"class"},  # a fenced block's language (markdown-it writes language-x)
}
URL_SCHEMES = frozenset({"http", "https", "mailto"})  # relative and "#" URLs pass as they are


def clean_html(html: str) -> str:
    """Return ``html`` with every tag, attribute and URL outside the allowlist removed."""
    return nh3.clean(html, tags=set(TAGS), attributes={k: set(v) for k, v in ATTRIBUTES.items()},
                     url_schemes=set(URL_SCHEMES), link_rel="nofollow noopener",
                     clean_content_tags={"script", "style"})
