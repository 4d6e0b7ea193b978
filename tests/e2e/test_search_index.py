"""The search index: rebuilt when a page changes, kept untouched when nothing did.

Each rebuilt index is compared with a --no-cache build of the same input into a fresh folder,
so keeping or rebuilding never changes what a reader downloads.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("pagefind")

DOCS = {"name": "Search test", "theme": "mint", "colors": {"primary": "#0D9373"},
        "navigation": {"pages": ["index", "alpha", "beta"]}}
PAGES = {"index": "---\ntitle: Home\n---\n\nWelcome to the harbour.\n",
         "alpha": "---\ntitle: Alpha\n---\n\nLighthouses guide ships.\n",
         "beta": "---\ntitle: Beta\n---\n\nTugboats push barges.\n"}


def _index(out: Path) -> dict[str, bytes]:
    folder = out / "_pagefind"
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def _stamps(out: Path) -> dict[str, int]:
    return {p.relative_to(out).as_posix(): p.stat().st_mtime_ns
            for p in (out / "_pagefind").rglob("*") if p.is_file()}


def _fresh(cli: Callable, root: Path, out: Path) -> dict[str, bytes]:
    assert cli("build", root, "-o", out, "--no-cache").exit_code == 0
    return _index(out)


def test_a_warm_build_keeps_the_index_and_a_change_rebuilds_it(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    root = make_site(DOCS, PAGES)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    first = _index(out)
    assert any(name.startswith("fragment/") for name in first)
    stamps = _stamps(out)

    assert cli("build", root, "-o", out).exit_code == 0
    assert _stamps(out) == stamps  # not one index file rewritten
    assert _index(out) == first == _fresh(cli, root, tmp_path / "fresh1")

    (root / "alpha.mdx").write_text("---\ntitle: Alpha\n---\n\nZeppelins float.\n",
                                    encoding="utf-8")
    assert cli("build", root, "-o", out).exit_code == 0
    changed = _index(out)
    assert changed != first
    assert changed == _fresh(cli, root, tmp_path / "fresh2")


def test_removing_a_page_or_the_published_index_rebuilds_it(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    root = make_site(DOCS, PAGES)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    first = _index(out)

    # the other pages' bytes are unchanged, but the index must drop the page
    (root / "beta.mdx").unlink()
    (root / "docs.json").write_text(
        '{"name": "Search test", "theme": "mint", "colors": {"primary": "#0D9373"}, '
        '"navigation": {"pages": ["index", "alpha"]}}', encoding="utf-8")
    assert cli("build", root, "-o", out).exit_code == 0
    smaller = _index(out)
    assert smaller != first and smaller == _fresh(cli, root, tmp_path / "fresh1")

    # someone deleted the published index: the next build writes it again
    for f in sorted((out / "_pagefind").rglob("*"), reverse=True):
        f.unlink() if f.is_file() else f.rmdir()
    (out / "_pagefind").rmdir()
    assert cli("build", root, "-o", out).exit_code == 0
    assert _index(out) == smaller
