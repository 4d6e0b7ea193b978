"""Highlighted code blocks kept between builds (mdxsite.output.highlights): a page rendered
again takes its unchanged blocks from the last build, in the render workers too, and the
pages come out byte for byte as a build without any cache makes them."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from mdxsite.mdx import code
from mdxsite.output.highlights import HighlightStore

# more pages than a build renders in one process (pipeline.PARALLEL_THRESHOLD): workers render
PAGES = {f"p{n}": f"# Page {n}\n\n```python\nprint({n % 7})\n```\n\n```js {{2}}\nlet a = 1;\n"
         f"let b = {n};\n```\n" for n in range(48)}
DOCS = {"name": "Blocks", "navigation": {"pages": list(PAGES)}}
FEW = {key: PAGES[key] for key in ("p0", "p1", "p2")}
FEW_DOCS = {"name": "Blocks", "navigation": {"pages": list(FEW)}}


def _pages(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*.html"))}


def _blocks(out: Path) -> int:
    db = sqlite3.connect(out.parent / ".mdxsite-cache" / out.name / "highlights.sqlite")
    try:
        return int(db.execute("SELECT COUNT(*) FROM blocks").fetchone()[0])
    finally:
        db.close()


def _rename(root: Path, name: str) -> None:
    docs = json.loads((root / "docs.json").read_text(encoding="utf-8"))
    docs["name"] = name  # every page shows it: every page is rendered again
    (root / "docs.json").write_text(json.dumps(docs), encoding="utf-8")


def test_pages_rendered_again_take_their_unchanged_blocks_from_the_last_build(
        cli: Callable[..., Result], make_site: Callable[..., Path], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_site(DOCS, PAGES)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    assert _blocks(out) == 7 + 48  # the distinct blocks: print(0..6), and one js block a page

    # highlighting now fails, in this process and in the workers it forks: a block not
    # taken from the store would fail its page
    def refuse(*args: object) -> str:
        raise AssertionError("highlighted again")

    monkeypatch.setattr(code, "_highlight", refuse)
    code._highlighted.cache_clear()
    _rename(root, "Blocks, renamed")
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.output
    monkeypatch.undo()
    code._highlighted.cache_clear()
    fresh = tmp_path / "fresh"
    assert cli("build", root, "-o", fresh, "--no-cache").exit_code == 0
    assert _pages(out) == _pages(fresh)
    assert "Blocks, renamed" in (out / "p3" / "index.html").read_text(encoding="utf-8")

    # a block edited is highlighted afresh, and kept beside the old one
    (root / "p3.mdx").write_text(PAGES["p3"].replace("let b = 3;", "let b = 3.5;"),
                                 encoding="utf-8")
    assert cli("build", root, "-o", out).exit_code == 0
    assert _blocks(out) == 7 + 48 + 1
    assert "3.5" in (out / "p3" / "index.html").read_text(encoding="utf-8")


def test_a_build_without_the_cache_neither_reads_nor_writes_blocks(
        cli: Callable[..., Result], make_site: Callable[..., Path], tmp_path: Path) -> None:
    root = make_site(FEW_DOCS, FEW)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out, "--no-cache").exit_code == 0
    assert not (tmp_path / ".mdxsite-cache" / "out" / "highlights.sqlite").exists()


def test_the_store_forgets_every_block_when_the_code_that_highlights_changes(
        tmp_path: Path) -> None:
    out = tmp_path / "out"
    store = HighlightStore.open(out, "code one")
    assert not store.known and store.get(store.key("x", "py", (), False, ())) is None
    key = store.key("print(1)\n", "python", (), False, ())
    store.put(key, "<pre>kept</pre>")
    store.close(keep=True)
    again = HighlightStore.open(out, "code one")
    assert again.known and again.get(key) == "<pre>kept</pre>"
    again.put(store.key("y", "js", (), False, ()), "<pre>failed build</pre>")
    again.close(keep=False)  # a failed build writes nothing
    assert HighlightStore.open(out, "code one").get(store.key("y", "js", (), False, ())) is None
    other = HighlightStore.open(out, "code two")  # mdxsite or Pygments upgraded
    assert not other.known and other.get(key) is None
    other.close(keep=True)


def test_a_damaged_store_is_started_afresh_and_the_build_goes_on(
        cli: Callable[..., Result], make_site: Callable[..., Path], tmp_path: Path) -> None:
    root = make_site(FEW_DOCS, FEW)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    (tmp_path / ".mdxsite-cache" / "out" / "highlights.sqlite").write_bytes(b"not a database")
    _rename(root, "Blocks, renamed")
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.output
    fresh = tmp_path / "fresh"
    assert cli("build", root, "-o", fresh, "--no-cache").exit_code == 0
    assert _pages(out) == _pages(fresh)
    assert _blocks(out) == 6  # made anew, and filled: print(0..2) and three js blocks
