"""What the platform's docs.json validator accepts, mdxsite loads; every disagreement on 2,000
seeded mutations of the corpus docs.json files is a class listed, with its reason, in
``docs_known_differences.json``."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mdxsite.sources import scan_sources

HERE = Path(__file__).parent
CORPUS = HERE.parents[2] / "shared" / "corpus"
KNOWN = json.loads((HERE / "docs_known_differences.json").read_text(encoding="utf-8"))["differences"]


@pytest.fixture(scope="module")
def mutations(load_helper) -> Any:
    return load_helper("docs_parity_mutations", HERE / "docs_mutations.py")


def _known(direction: str, path: str, errors: list[str]) -> bool:
    for entry in KNOWN:
        if entry["direction"] != direction or not re.search(entry["path"], path):
            continue
        if "message" not in entry or (errors and re.search(entry["message"], errors[0])):
            return True
    return False


def test_every_corpus_docs_json_loads(oracle, mutations, tmp_path: Path) -> None:
    sites = sorted(p.parent for p in CORPUS.rglob("docs.json"))
    assert len(sites) >= 5
    for site in sites:
        doc = json.loads((site / "docs.json").read_text(encoding="utf-8"))
        assert oracle.docs(doc)["ok"], site
        errors, _ = mutations.our_verdict(doc, tmp_path, scan_sources(site))
        assert errors == [], site


def test_mutated_docs_json_agree_with_the_platform_validator(oracle, mutations, tmp_path: Path) -> None:
    r = random.Random(14)
    sites = [(json.loads((p / "docs.json").read_text(encoding="utf-8")), scan_sources(p))
             for p in sorted(p.parent for p in CORPUS.rglob("docs.json"))]
    counts: Counter[str] = Counter()
    unexplained: list[str] = []
    for _ in range(2000):
        doc, sources = r.choice(sites)
        mutated, what = mutations.mutate(doc, r)
        platform_ok = oracle.docs(mutated)["ok"]
        errors, warnings = mutations.our_verdict(mutated, tmp_path, sources)
        verdict = ("both_ok" if platform_ok and not errors else "we_reject" if platform_ok
                   else "we_accept" if not errors else "both_reject")
        counts[verdict] += 1
        path = what.split(" ", 1)[1]
        if verdict in ("we_reject", "we_accept") and not _known(verdict, path, errors):
            unexplained.append(f"{verdict}: {what}: {errors[:1] or warnings[:1]}")
    print(f"docs.json mutations: {dict(counts)}")
    assert unexplained == [], "\n".join(unexplained)
    # both sides are reached, or the comparison proves nothing
    assert counts["both_ok"] > 300 and counts["both_reject"] > 300


def test_blank_names_and_entries_the_platform_accepts_build(make_site, cli, tmp_path: Path) -> None:
    nav = {"groups": [{"group": " ", "pages": ["a", " "]}, {"group": "Named", "pages": ["b"]},
                      {"group": "Later"}]}
    root = make_site({"name": "G", "navigation": nav,
                      "redirects": [{"source": " ", "destination": "/a"}]},
                     pages={"a": "# A\n", "b": "# B\n"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "navigation.groups[0].pages[1]: a blank page entry is skipped" in result.output
    assert "redirects[0].source: a redirect with a blank 'source' is skipped" in result.output
    assert "group 'Later' has no \"pages\" array" in result.output
    html = (tmp_path / "out" / "a" / "index.html").read_text()
    # the unlabelled group has no heading; the named ones (the empty one too) keep theirs
    assert html.count('class="nav-group-title"') == 2
    assert "<span>Named</span>" in html and "<span>Later</span>" in html
