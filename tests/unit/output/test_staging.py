"""Publishing a staging folder: the manifest lists what was published, and the caller hears
when the output is in place (before the manifest is written)."""

from __future__ import annotations

import os
from pathlib import Path

from mdxsite.output import staging


def _staged(tmp_path: Path) -> Path:
    folder = tmp_path / "staging"
    (folder / "guides" / "intro").mkdir(parents=True)
    (folder / "guides" / "intro" / "index.html").write_text("<p>intro</p>", encoding="utf-8")
    (folder / "index.html").write_text("<p>home</p>", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "inside.txt").write_text("not published", encoding="utf-8")
    os.symlink(elsewhere, folder / "linked")  # a link to a folder: neither walked nor a file
    os.symlink(tmp_path / "gone", folder / "dangling")  # a file to os.walk
    return folder


def test_a_cold_publish_lists_the_files_as_os_walk_does_and_says_when_they_are_in_place(
        tmp_path: Path) -> None:
    out = tmp_path / "site"
    seen: list[tuple[bool, bool]] = []

    def published() -> None:
        seen.append(((out / "guides" / "intro" / "index.html").is_file(),
                     (staging.cache_dir_for(out) / staging.MANIFEST).exists()))

    counts = staging.publish(_staged(tmp_path), out, published=published)

    assert seen == [(True, False)]
    assert staging.read_manifest(out) == {"guides/intro/index.html", "index.html", "dangling"}
    assert counts == {"written": 3, "unchanged": 0, "removed": 0}


def test_a_warm_publish_replaces_changed_files_and_removes_gone_ones_before_saying_so(
        tmp_path: Path) -> None:
    out = tmp_path / "site"
    first = _staged(tmp_path)
    (first / "old.txt").write_text("gone next time", encoding="utf-8")
    staging.publish(first, out)
    again = tmp_path / "again"
    (again / "guides" / "intro").mkdir(parents=True)
    (again / "guides" / "intro" / "index.html").write_text("<p>edited</p>", encoding="utf-8")
    (again / "index.html").write_text("<p>home</p>", encoding="utf-8")
    seen: list[tuple[str, bool]] = []

    def published() -> None:
        seen.append(((out / "guides" / "intro" / "index.html").read_text(encoding="utf-8"),
                     (out / "old.txt").exists()))

    counts = staging.publish(again, out, published=published)

    assert seen == [("<p>edited</p>", False)]
    assert staging.read_manifest(out) == {"guides/intro/index.html", "index.html"}
    # the dangling link stays: only a file mdxsite wrote that is still a file is removed
    assert counts == {"written": 1, "unchanged": 1, "removed": 1}
