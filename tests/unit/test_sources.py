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
