"""Search ranking: the platform's ``boost`` and ``keywords``, said in Pagefind's terms.

``boost`` (page frontmatter, or a navigation group for every page under it; the nearest one
wins and the frontmatter beats the navigation) multiplies a page's relevance: ``3`` makes it
three times as relevant, ``0.5`` half. ``keywords`` (frontmatter) make a page a result for
words it does not show.

Pagefind has no page-level multiplier; it weighs words by the element they sit in
(``data-pagefind-weight``, 0 to 10, headings 7 to 2 by default, everything else 1), and a
weight counts quadratically. So a boosted page is indexed with every weight multiplied by
the square root of its boost: its body text, and each heading (an explicit weight on the body
would otherwise replace the headings' own). Pagefind caps a weight at 10, so a boost above
about 2 lifts a title match less than its text. Keywords are indexed, in the copy Pagefind
reads only, as a block weighted like the page's title. The published page is left as it is.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from mdxsite.errors import Location, Problem
from mdxsite.model import Nav, NavItem, Page, Site

MAX_WEIGHT = 10.0  # Pagefind clamps data-pagefind-weight to 0..10
_AUTO = {1: 7.0, 2: 6.0, 3: 5.0, 4: 4.0, 5: 3.0, 6: 2.0}  # Pagefind's heading weights
_HEADING = re.compile(r"<h([1-6])(?=[\s>])([^>]*)>")
_BODY = "data-pagefind-body"

# the last navigation seen -> the boost each page inherits from its groups
_INHERITED: list[tuple[Nav, dict[str, float]]] = []


@dataclass(frozen=True, slots=True)
class Rank:
    """How one page is weighted in the search index."""

    boost: float = 1.0
    keywords: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return self.boost != 1.0 or bool(self.keywords)

    def digest_line(self) -> str:
        """What a shard's state records, so a changed boost re-indexes the page's shard."""
        return f"{self.boost!r}\t{'|'.join(self.keywords)}" if self else ""


NONE = Rank()  # a page weighed as any other


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) and value >= 0 else None


def _inherited(nav: Nav) -> dict[str, float]:
    if _INHERITED and _INHERITED[0][0] is nav:
        return _INHERITED[0][1]
    found: dict[str, float] = {}

    def visit(item: NavItem, boost: float | None) -> None:
        own = _number(item.extra.get("boost")) if item.kind == "group" else None
        boost = own if own is not None else boost
        if item.key and boost is not None:
            found.setdefault(item.key, boost)  # a page placed twice: its first placement
        for child in item.children:
            visit(child, boost)

    for item in nav.items:
        visit(item, None)
    _INHERITED[:] = [(nav, found)]
    return found


def rank(site: Site, page: Page) -> tuple[Rank, list[Problem]]:
    """Return the page's boost and keywords, and a warning for a value that is not one."""
    boost = _inherited(site.nav).get(page.key, 1.0)
    if "boost" not in page.frontmatter and "keywords" not in page.frontmatter:
        # most pages: nothing to weigh (a third of the search plugin's _plan on 10,000 pages
        # went to the location and tuples below, made for no warning)
        return (Rank(boost) if boost != 1.0 else NONE), []
    problems: list[Problem] = []
    if "boost" in page.frontmatter:
        own = _number(page.frontmatter["boost"])
        if own is None:
            where = Location(page.source.as_posix() if page.source is not None else page.key)
            problems.append(Problem(where, f"boost must be a number of 0 or more, got "
                                    f"{page.frontmatter['boost']!r}; the page is ranked without it",
                                    "write boost: 3 to rank it three times higher, 0.5 for half",
                                    code="search.boost", warning=True))
        else:
            boost = own
    found = page.frontmatter.get("keywords")
    words: Sequence[object] = found.split(",") if isinstance(found, str) else \
        found if isinstance(found, (list, tuple)) else ()
    keywords = tuple(w.strip() for w in (str(x) for x in words if isinstance(x, (str, int, float)))
                     if w.strip())
    return Rank(boost, keywords), problems


def _weight(value: float) -> str:
    return f"{min(MAX_WEIGHT, value):.3g}"


def weighted(document: str, ranked: Rank) -> str:
    """Return ``document`` as Pagefind should index it for ``ranked`` (unchanged for none)."""
    if not ranked:
        return document
    start = document.find(_BODY)
    if start < 0:
        return document
    end = document.find(">", start)
    if end < 0:
        return document
    factor = math.sqrt(ranked.boost)
    opening = document[:end]
    if ranked.boost != 1.0 and "data-pagefind-weight" not in document[document.rfind("<", 0, start):end]:
        opening = document[:start] + f'{_BODY} data-pagefind-weight="{_weight(factor)}"' + \
            document[start + len(_BODY):end]
    rest = document[end + 1:]
    if ranked.boost != 1.0:
        def heading(m: re.Match[str]) -> str:
            if "data-pagefind-weight" in m.group(2):
                return m.group(0)
            level = int(m.group(1))
            return f'<h{level} data-pagefind-weight="{_weight(_AUTO[level] * factor)}"{m.group(2)}>'

        rest = _HEADING.sub(heading, rest)
    block = ""
    if ranked.keywords:
        text = " ".join(ranked.keywords).replace("&", "&amp;").replace("<", "&lt;")
        block = f'<div data-pagefind-weight="{_weight(_AUTO[1] * factor)}">{text}</div>'
    return opening + ">" + block + rest
