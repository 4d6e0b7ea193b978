"""What the platform's MDX parser accepts, mdxsite renders without an error; what it rejects,
mdxsite rejects too, on the line the parser names.

The oracle is ``@mdx-js/mdx`` 3 with the platform's remark plugins (``tests/oracle``). Pages
come from three places: every page of ``../shared/corpus``, the golden cases, and 2,000 pages
generated from a seed by ``generate.py`` from the shapes that broke real sites (components in
nested list items, lazy-line tags around fences, closing tags on void elements, code spans
across line breaks, raw HTML with blank lines and Markdown between).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mdxsite import pipeline, plugin_manager

HERE = Path(__file__).parent
CORPUS = HERE.parents[2] / "shared" / "corpus"
GOLDEN = HERE.parent / "golden" / "mdx"


@pytest.fixture(scope="module")
def site():
    return pipeline.prepare(GOLDEN / "site", plugin_manager.create())


@pytest.fixture(scope="module")
def generate(load_helper) -> Any:
    return load_helper("mdx_parity_generate", HERE / "generate.py")


def test_every_corpus_page_the_platform_accepts_renders(site, oracle, generate) -> None:
    pages = [(p.relative_to(CORPUS).as_posix(), p.read_text(encoding="utf-8", errors="replace"))
             for p in sorted(CORPUS.rglob("*.mdx"))]
    assert len(pages) > 1000
    found = generate.verdicts(site, oracle, pages)
    assert found["we_reject"] == []
    assert len(found["both_ok"]) > 1000


def test_generated_pages_agree_with_the_platform_parser(site, oracle, generate) -> None:
    pages = [(f"generated-{seed}.mdx", text) for seed, text in generate.pages(2000)]
    found = generate.verdicts(site, oracle, pages)
    assert found["we_reject"] == []   # the platform builds it: so do we
    assert found["we_accept"] == []   # the platform fails the page: we say so too
    assert found["other_line"] == []  # ... on the line it names
    # the generator reaches both sides, or this test could not fail
    assert len(found["both_ok"]) > 1000 and len(found["both_reject"]) > 50


def test_golden_cases_agree_with_the_platform_parser(site, oracle, generate, load_helper) -> None:
    golden = load_helper("mdx_parity_golden", GOLDEN / "test_mdx_golden.py")
    # a single-file compile cannot see snippets (a cycle of imports is an error only we can see)
    pages = [(case.id, case.source) for case in golden.CASES if "import " not in case.source]
    found = generate.verdicts(site, oracle, pages)
    assert found["we_reject"] == [] and found["we_accept"] == []
    assert len(found["both_reject"]) >= 3  # the golden errors are the parser's errors too
