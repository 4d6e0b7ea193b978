"""Any JSON in docs.json gives located problems, never a crash (hypothesis)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mdxsite.config import schema, sourcemap
from mdxsite.errors import MdxsiteError, Problems
from mdxsite.model import SiteConfig, frozen_mapping
from mdxsite.nav import resolve

KEYS = ["pages", "groups", "group", "tabs", "tab", "anchors", "anchor", "menu", "item", "global",
        "dropdowns", "dropdown", "products", "product", "versions", "version", "languages",
        "language", "expanded", "href", "icon", "tag", "openapi", "source", "directory", "root",
        "hidden", "default", "$ref", "x"]
PAGES = ["index", "guide", "GET /users", "../out", "https://example.com", "/index", "a.yaml post /x"]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(PAGES),
                    st.text(max_size=5))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)), max_leaves=25)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(navigation=values, extra=st.dictionaries(st.sampled_from(
    ["theme", "colors", "styling", "interaction", "redirects", "navbar", "footer", "seo", "api",
     "mdxsite", "logo", "variables", "appearance"]), values, max_size=3))
def test_any_docs_json_gives_problems_not_crashes(navigation: object, extra: dict) -> None:
    raw = {"name": "T", "navigation": navigation, **extra}
    text = json.dumps(raw, indent=1)
    value, smap = sourcemap.parse(text, "docs.json")   # our parser agrees with json.dumps
    assert value == raw
    out = Problems(locate=lambda at: smap.value(at.parts))
    schema.check_top_level(raw, out)
    config = SiteConfig(root=Path("."), raw=frozen_mapping(raw))
    nav = resolve(config, {"index": Path("index.mdx"), "guide": Path("guide.mdx")}, out)
    for problem in out.items:
        assert problem.where.file == "docs.json" and problem.where.line >= 1
        assert str(problem).startswith("docs.json:")
    if not out.errors:
        assert set(nav.placements) <= {"index", "guide"}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='{}[]":,0123456789.-eE tfnrul\\\n ab', max_size=40))
def test_the_json_parser_fails_only_with_located_errors(text: str) -> None:
    try:
        sourcemap.parse(text, "docs.json")
    except MdxsiteError as exc:
        where = exc.problems[0].where
        assert where.line >= 1 and where.column >= 1
