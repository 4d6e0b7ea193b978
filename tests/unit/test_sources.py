"""The site scan's string shortcuts answer as the Path methods they replace."""

from __future__ import annotations

import fnmatch
import itertools
from pathlib import Path

from mdxsite import sources


def _excluded_by_parts(key: str, rel: Path, patterns: list[str]) -> bool:
    """sources._excluded through rel.name and rel.parts, as it was written first."""
    if sources.REPO_FILES.match(rel.name):
        return True
    if key.startswith(sources.SNIPPET_DIRS) or any(p.startswith("_") for p in rel.parts[:-1]):
        return True
    return any(fnmatch.fnmatch(rel.as_posix(), p) for p in patterns)


def test_a_page_is_excluded_as_its_path_parts_say() -> None:
    parts = ["a", "_a", "b_", "README.md", "x.mdx", "_x.mdx", "snippets", "_snippets", "",
             "/", ".", "..", "CHANGELOG.mdx", "a.b"]
    for n in range(1, 4):
        for combo in itertools.product(parts, repeat=n):
            rel = Path("/".join(combo))
            key = rel.as_posix().rsplit(".", 1)[0]
            for patterns in ([], ["*/x.mdx"], ["a/*"]):
                assert sources._excluded(key, rel, patterns) == \
                    _excluded_by_parts(key, rel, patterns), (rel, patterns)


def test_a_previous_build_inside_the_site_is_not_scanned(tmp_path: Path) -> None:
    # a folder with both index.html and 404.html is an output; one of them alone is not
    for folder, names in {"out": ("index.html", "404.html", "a.mdx"),
                          "only-index": ("index.html", "b.mdx"),
                          "only-404": ("404.html", "c.mdx"),
                          "out/nested": ("d.mdx",)}.items():
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        for name in names:
            (tmp_path / folder / name).write_text("x", encoding="utf-8")
    (tmp_path / "404.html").write_text("x", encoding="utf-8")
    (tmp_path / "index.html").write_text("x", encoding="utf-8")
    (tmp_path / "docs.mdx").write_text("x", encoding="utf-8")
    (tmp_path / "linked").symlink_to(tmp_path / "only-index")
    (tmp_path / "index-dir").mkdir()
    (tmp_path / "index-dir" / "index.html").mkdir()  # a folder of that name is not a file
    (tmp_path / "index-dir" / "404.html").write_text("x", encoding="utf-8")
    (tmp_path / "index-dir" / "e.mdx").write_text("x", encoding="utf-8")

    pages, _ = sources.scan(tmp_path)
    assert sorted(pages) == ["docs", "index-dir/e", "only-404/c", "only-index/b"]
    assert sorted(sources.listing(tmp_path)) == [
        "404.html", "docs.mdx", "index-dir/404.html", "index-dir/e.mdx", "index.html",
        "only-404/404.html", "only-404/c.mdx", "only-index/b.mdx", "only-index/index.html"]
