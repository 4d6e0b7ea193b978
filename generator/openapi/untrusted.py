"""HTML made from an OpenAPI document is untrusted: an allowlist, applied by nh3 (ammonia).

A spec may come from anyone (a URL, a vendor, a generator). Its descriptions and the MDX of
its ``x-mint``/``x-platform`` ``content`` are rendered like page content, then cleaned here:
only the tags and attributes our components and Markdown produce survive, URLs only with
``http``, ``https`` or ``mailto`` (or relative, or ``#``), in any attribute that holds a URL
(``href``, ``src``, ``srcset``, ``action``, ``data-href``...). ``<script>``, ``<style>``,
``<iframe srcdoc>``, ``<object>``, ``<embed>``, forms and ``on*`` handlers never do. Pages the
site's author writes are not cleaned: their ``data:`` images are the author's choice.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import nh3
from markupsafe import Markup

from mdxsite.errors import Location, Problem

SCHEMES = frozenset({"http", "https", "mailto"})
_SVG = {"svg", "path", "g", "circle", "rect", "line", "polyline", "polygon", "ellipse", "title",
        "defs", "use", "symbol", "text", "tspan", "linearGradient", "stop", "clipPath"}
_MATH = {"math", "mrow", "mi", "mo", "mn", "ms", "mtext", "mspace", "msup", "msub", "msubsup",
         "mfrac", "msqrt", "mroot", "mtable", "mtr", "mtd", "munder", "mover", "munderover",
         "mstyle", "mpadded", "mphantom", "menclose", "semantics", "annotation"}
TAGS = frozenset(nh3.ALLOWED_TAGS | _SVG | _MATH | {
    "button", "section", "video", "audio", "source", "track", "picture", "iframe", "input",
    "label", "caption"}) - {"map", "area"}
_ANY = {"class", "id", "style", "role", "title", "hidden", "lang", "dir", "tabindex", "align",
        "width", "height"}
_SVG_ATTRS = {"viewBox", "xmlns", "fill", "stroke", "stroke-width", "stroke-linecap",
              "stroke-linejoin", "fill-rule", "clip-rule", "d", "cx", "cy", "r", "rx", "ry", "x",
              "y", "x1", "y1", "x2", "y2", "points", "transform", "opacity", "focusable",
              "preserveAspectRatio", "offset", "stop-color", "clip-path", "href"}
_MATH_ATTRS = {"display", "xmlns", "mathvariant", "stretchy", "fence", "separator", "lspace",
               "rspace", "columnalign", "displaystyle", "scriptlevel", "encoding", "notation"}
ATTRIBUTES: dict[str, set[str]] = {
    **{tag: set(attrs) for tag, attrs in nh3.ALLOWED_ATTRIBUTES.items()},
    "*": _ANY,
    "a": {"href", "hreflang", "target", "rel"},
    "img": {"src", "srcset", "sizes", "alt", "loading", "decoding"},
    "source": {"src", "srcset", "type", "media", "sizes"},
    "video": {"src", "poster", "controls", "autoplay", "loop", "muted", "playsinline", "preload"},
    "audio": {"src", "controls", "loop", "muted", "preload"},
    "track": {"src", "kind", "srclang", "label", "default"},
    "iframe": {"src", "allowfullscreen", "loading", "frameborder", "referrerpolicy"},
    "input": {"checked", "disabled"},  # type: see _VALUES
    "button": {"type"},
    "details": {"open"},
    "ol": {"start", "type", "reversed"},
    **{tag: set(_SVG_ATTRS) for tag in _SVG},
    **{tag: set(_MATH_ATTRS) for tag in _MATH},
}
_VALUES = {"input": {"type": {"checkbox"}}}  # a task list's box; no text or password field
# attributes whose value is a URL (srcset: several), also data-href and the like
_URL_ATTRIBUTES = frozenset({"action", "formaction", "poster", "cite", "data", "background",
                             "ping", "longdesc", "manifest", "codebase", "archive"})
_URL_ENDINGS = ("href", "src", "srcset", "url")
_SCHEME = re.compile(r"([a-z][a-z0-9+.\-]*):")
_INVISIBLE = re.compile(r"[\x00-\x20\x7f]+")  # browsers drop tabs and newlines inside a scheme


def allowed_url(value: str) -> bool:
    """Return True for a relative URL, a ``#`` fragment, or an http(s)/mailto URL."""
    url = _INVISIBLE.sub("", value).lower()
    scheme = _SCHEME.match(url)
    return scheme is None or scheme[1] in SCHEMES


def _url_attribute(name: str) -> bool:
    return name in _URL_ATTRIBUTES or name.endswith(_URL_ENDINGS)


def _check(tag: str, attribute: str, value: str) -> str | None:
    if _url_attribute(attribute) and not all(allowed_url(u) for u in _urls(attribute, value)):
        return None
    return value


def _urls(attribute: str, value: str) -> list[str]:
    if attribute.endswith("srcset"):  # "a.png 1x, b.png 2x"
        return [c.strip().split(" ")[0] for c in value.split(",")]
    return [value]


# a description's links are the spec author's, not ours: no referrer, no ranking credit
_AUTHORS_LINKS = {**ATTRIBUTES, "a": ATTRIBUTES["a"] - {"rel"}}


def clean(fragment: str, *, foreign_links: bool = False) -> Markup:
    """Return ``fragment`` (HTML rendered from a spec) with only allowed markup and URLs.

    With ``foreign_links`` (a description the document wrote, HTML included), every link gets
    ``rel="nofollow noopener"`` in place of any ``rel`` it had.
    """
    if not fragment:
        return Markup("")
    return Markup(nh3.clean(
        fragment, tags=set(TAGS), clean_content_tags={"script", "style"},
        attributes=_AUTHORS_LINKS if foreign_links else ATTRIBUTES, attribute_filter=_check,
        generic_attribute_prefixes={"data-", "aria-"}, tag_attribute_values=_VALUES,
        url_schemes=set(SCHEMES), link_rel="nofollow noopener" if foreign_links else None,
        strip_comments=True))


class _Urls(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.refused: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and _url_attribute(name) and not all(
                    allowed_url(u) for u in _urls(name, value)):
                self.refused.append(value)


def warnings(fragment: str, where: Location, what: str) -> tuple[Problem, ...]:
    """One located warning per URL in ``fragment`` that :func:`clean` leaves out."""
    found = _Urls()
    found.feed(fragment)
    found.close()
    return tuple(Problem(where, f"{what}: the URL {url[:60]!r} is left out: content from an "
                         "OpenAPI document keeps only http, https, mailto and relative URLs",
                         "link to an https:// page, or move the content into an MDX page",
                         code="openapi.unsafe-url", warning=True)
                 for url in dict.fromkeys(found.refused))
