"""What the platform's MDX parser accepts, mdxsite renders without an error; what it rejects,
mdxsite rejects too, on the line the parser names; and for pages both accept, the tree
mdxsite reads (``mdxsite tree``) is the parser's mdast up to the normalisations listed in
``trees.NORMALISATIONS`` (printed with the agreement rate).

The oracle is ``@mdx-js/mdx`` 3 with the platform's remark plugins (``tests/oracle``). Pages
come from three places: every page of ``../shared/corpus``, the golden cases, and 2,000 pages
generated from a seed by ``generate.py`` from the shapes that broke real sites (components in
nested list items and block quotes, lazy-line tags around fences, closing tags on void
elements, code spans across line breaks, raw HTML with blank lines and Markdown between,
attributes across lines holding braces and '>', comments, expressions, math, footnotes, GFM,
headings' custom ids, exports and snippet imports used in props, CRLF files, non-ASCII text).
``scripts/parity.py`` runs the generator longer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mdxsite import pipeline, plugin_manager

HERE = Path(__file__).parent
CORPUS = HERE.parents[2] / "shared" / "corpus"
GOLDEN = HERE.parent / "golden" / "mdx"
_CUSTOM_ID = re.compile(r"^ {0,3}#{1,6} .*\{#[^}]*\}[ \t]*$", re.M)


@pytest.fixture(scope="module")
def site():
    return pipeline.prepare(GOLDEN / "site", plugin_manager.create())


@pytest.fixture(scope="module")
def generate(load_helper) -> Any:
    return load_helper("mdx_parity_generate", HERE / "generate.py")


@pytest.fixture(scope="module")
def trees(load_helper) -> Any:
    return load_helper("mdx_parity_trees", HERE / "trees.py")


def _report(figures: Callable[[str], None], what: str, found: dict[str, list[str]],
            trees: Any) -> None:
    """Put the figures in the summary ``make test`` prints (the ``figures`` fixture)."""
    same, other = len(found["same_tree"]), len(found["other_tree"])
    figures(f"MDX parity, {what}: accepted by both {len(found['both_ok'])}, rejected by both "
            f"{len(found['both_reject'])}, only by us {len(found['we_reject'])}, only by the "
            f"platform {len(found['we_accept'])}; trees agree on {same}/{same + other} "
            f"({100 * same / max(1, same + other):.2f}%) after the normalisations "
            + ("below:" if what == "corpus" else "above"))
    for rule in trees.NORMALISATIONS if what == "corpus" else ():
        figures(f"  - {rule}")


def test_every_corpus_page_the_platform_accepts_renders_to_the_same_tree(
        site, oracle, generate, trees, figures) -> None:
    pages = [(p.relative_to(CORPUS).as_posix(), p.read_text(encoding="utf-8", errors="replace"))
             for p in sorted(CORPUS.rglob("*.mdx"))]
    assert len(pages) > 1000
    found = generate.verdicts(site, oracle, pages, trees)
    _report(figures, "corpus", found, trees)
    assert found["we_reject"] == []
    assert len(found["both_ok"]) > 1000
    assert found["other_tree"] == []


def test_generated_pages_agree_with_the_platform_parser(site, oracle, generate, trees,
                                                       figures) -> None:
    pages = [(f"generated-{seed}.mdx", text) for seed, text in generate.pages(2000)]
    found = generate.verdicts(site, oracle, pages, trees)
    _report(figures, "generated", found, trees)
    assert found["we_reject"] == []   # the platform builds it: so do we
    assert found["we_accept"] == []   # the platform fails the page: we say so too
    assert found["other_line"] == []  # ... on the line it names
    assert found["other_tree"] == []  # ... and reads the same tree from what both accept
    # the generator reaches both sides, or this test could not fail
    assert len(found["both_ok"]) > 1500 and len(found["both_reject"]) > 50


def test_golden_cases_agree_with_the_platform_parser(site, oracle, generate, load_helper) -> None:
    golden = load_helper("mdx_parity_golden", GOLDEN / "test_mdx_golden.py")
    # a single-file compile cannot see snippets (a cycle of imports is an error only we can see);
    # the platform takes a heading's {#custom-id} off before it compiles (its "Format text"
    # page), and the oracle, its MDX compiler alone, reads those braces as an expression
    pages = [(case.id, case.source) for case in golden.CASES
             if "import " not in case.source and not _CUSTOM_ID.search(case.source)]
    found = generate.verdicts(site, oracle, pages)
    assert found["we_reject"] == [] and found["we_accept"] == []
    assert len(found["both_reject"]) >= 3  # the golden errors are the parser's errors too


def test_the_tree_command_prints_the_page_as_json(cli, tmp_path: Path) -> None:
    page = tmp_path / "page.mdx"
    page.write_text('---\ntitle: T\n---\n# Hi\n\n<Note title="x" open={true} f={go()}>\n'
                    '  Body `code` {1 + 1}\n</Note>\n')
    result = cli("tree", page)
    assert result.exit_code == 0, result.output
    root = json.loads(result.stdout)
    assert [c["type"] for c in root["children"]] == ["yaml", "heading", "mdxJsxFlowElement"]
    note = root["children"][2]
    assert (note["name"], note["attributes"], note["line"]) == ("Note", [
        {"name": "title", "value": "x"},
        {"name": "open", "value": {"expression": "true", "evaluated": True}},  # a literal
        {"name": "f", "value": {"expression": "go()"}}], 6)  # a call is not evaluated
    assert [c["type"] for c in note["children"][0]["children"]] == [
        "text", "inlineCode", "text", "mdxTextExpression"]
    missing = cli("tree", tmp_path / "nope.mdx")
    assert missing.exit_code == 1 and "cannot be read" in missing.output
