"""Real docs sites in the platform's format build with zero errors; warnings are reported.

Paths a corpus site's SKIPPED.tsv lists (left-out media and .jsx components) are treated as
present: warnings that only name such a path are not counted against the site.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[3] / "shared" / "corpus"
SITES = sorted({p.parent for p in SHARED.glob("*/docs.json")} |
               {p.parent for p in SHARED.glob("*/*/docs.json")}) if SHARED.is_dir() else []


def _skipped(site: Path) -> set[str]:
    for folder in (site, site.parent):
        tsv = folder / "SKIPPED.tsv"
        if tsv.is_file():
            return {line.split("\t")[0].split("/", 1)[-1] for line in tsv.read_text().splitlines()[1:]}
    return set()


@pytest.mark.slow
@pytest.mark.skipif(not SITES, reason="../shared/corpus is not beside the checkout")
@pytest.mark.parametrize("site", SITES, ids=[str(s.relative_to(SHARED)) for s in SITES])
def test_corpus_site_builds_without_errors(cli: Callable, tmp_path: Path, site: Path) -> None:
    result = cli("build", site, "-o", tmp_path / "out")
    assert result.exit_code == 0, "\n".join(result.stderr.splitlines()[-20:])
    assert "Traceback" not in result.stderr
    warnings = [line for line in result.stderr.splitlines() if ": warning: " in line]
    skipped = _skipped(site)
    counted = [w for w in warnings if not any(s and s in w for s in skipped)]
    codes: dict[str, int] = {}
    for w in counted:
        m = re.search(r"\[([\w.-]+)\]$", w)
        codes[m.group(1) if m else "?"] = codes.get(m.group(1) if m else "?", 0) + 1
    print(f"\n{site.relative_to(SHARED)}: {len(counted)} warnings {codes}")
    pages = sum(1 for _ in (tmp_path / "out").rglob("index.html"))
    assert pages >= len(list(site.rglob("*.mdx"))) * 0.5
