"""Frontmatter the platform honours only for signed-in readers: a static build says, at the
page's own line, that the page stays public."""

from __future__ import annotations

from pathlib import Path


def test_frontmatter_groups_is_a_located_warning(cli, make_site, tmp_path: Path) -> None:
    pages = {"open": "---\ntitle: Open\n---\n\nFor all.\n",
             "staff": "---\ntitle: Staff\ndescription: Inside\ngroups: [\"admin\", \"ops\"]\n---\n\nSecret.\n"}
    root = make_site({"name": "G", "navigation": {"pages": ["open", "staff"]}}, pages=pages)
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    lines = [ln for ln in result.stderr.splitlines() if "[page.unsupported-auth]" in ln]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("staff.mdx:4:9: warning: groups keeps a page to signed-in readers")
    assert "this page is public" in lines[0]
    assert (tmp_path / "out" / "staff" / "index.html").is_file()  # still built, as the warning says
