"""`mdxsite build` when nothing changed: the output is checked and kept, and nothing else runs.

Every input the build reads, and every file it published, must defeat the shortcut when it
changes; each case below compares the shortcut's absence with what a full build does.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from mdxsite import hookimpl, pipeline, plugin_manager
from mdxsite.output import stamp, staging

DOCS = {"name": "Stamped", "navigation": {"pages": ["index", "guide"]}}
PAGES = {"index": "# Home\n\nSee [the guide](/guide) and [nowhere](/missing).\n",
         "guide": "# Guide\n\nSteps.\n"}
SKIPPED = "nothing changed since the last build"


def snapshot(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_mtime_ns, p.read_bytes())
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def stamped(make_site: Callable[..., Path], cli: Callable[..., Result], tmp_path: Path,
            age_files: Callable[[Path], None]) -> tuple[Path, Path]:
    """A site built twice (the second build stamps it); returns (site, output)."""
    root = make_site(DOCS, PAGES, files={"logo.svg": "<svg/>", "snippets/note.mdx": "Note.\n"})
    out = tmp_path / "out"
    age_files(root)
    for _ in range(2):
        result = cli("build", root, "-o", out)
        assert result.exit_code == 0, result.output
    return root, out


def test_unchanged_build_keeps_output_untouched_and_repeats_warnings(
        stamped: tuple[Path, Path], cli: Callable[..., Result]) -> None:
    root, out = stamped
    first = cli("build", root, "-o", out, "--no-cache")  # the whole build, for its warnings
    assert first.exit_code == 0 and SKIPPED not in first.output
    full_warnings = [line for line in first.stderr.splitlines() if "warning" in line]
    assert full_warnings and "/missing" in "\n".join(full_warnings)
    assert SKIPPED not in cli("build", root, "-o", out).output  # --no-cache left no stamp
    before = snapshot(out)
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0
    assert "built 2 pages in" in result.output and SKIPPED in result.output
    assert [line for line in result.stderr.splitlines() if "warning" in line] == full_warnings
    assert f"{len(full_warnings)} warning" in result.output
    assert snapshot(out) == before  # not one byte or modification time changed


def _edit_page(root: Path, out: Path) -> None:
    (root / "guide.mdx").write_text("# Guide\n\nSteps, and one more.\n", encoding="utf-8")


def _same_size_edit(root: Path, out: Path) -> None:
    (root / "guide.mdx").write_text("# Guide\n\nStops.\n", encoding="utf-8")


def _edit_snippet(root: Path, out: Path) -> None:
    (root / "snippets" / "note.mdx").write_text("Changed.\n", encoding="utf-8")


def _add_asset(root: Path, out: Path) -> None:
    (root / "extra.txt").write_text("new\n", encoding="utf-8")


def _delete_output(root: Path, out: Path) -> None:
    (out / "guide" / "index.html").unlink()


def _touch_output(root: Path, out: Path) -> None:
    robots = out / "robots.txt"
    robots.write_text(robots.read_text(encoding="utf-8").upper(), encoding="utf-8")


def _template_override(root: Path, out: Path) -> None:
    (root / "_templates").mkdir()
    (root / "_templates" / "notes.txt").write_text("x\n", encoding="utf-8")


@pytest.mark.parametrize("change", [_edit_page, _same_size_edit, _edit_snippet, _add_asset,
                                    _delete_output, _touch_output, _template_override])
def test_any_change_builds_again(stamped: tuple[Path, Path], cli: Callable[..., Result],
                                 tmp_path: Path, change: Callable[[Path, Path], None]) -> None:
    root, out = stamped
    change(root, out)
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0 and SKIPPED not in result.output
    fresh = tmp_path / "fresh"
    assert cli("build", root, "-o", fresh, "--no-cache").exit_code == 0
    assert {k: v[1] for k, v in snapshot(out).items()} == \
        {k: v[1] for k, v in snapshot(fresh).items()}


@pytest.mark.parametrize(("before", "after"), [([], ["--base-url", "/docs/"]),
                                               ([], ["--site-url", "https://x.test"]),
                                               (["--disable-plugin", "search"], [])])
def test_other_options_build_again(stamped: tuple[Path, Path], cli: Callable[..., Result],
                                   before: list[str], after: list[str]) -> None:
    root, out = stamped
    result = cli(*before, "build", root, "-o", out, *after)
    assert result.exit_code == 0 and SKIPPED not in result.output


def test_strict_is_not_skipped_past_a_warning(stamped: tuple[Path, Path],
                                              cli: Callable[..., Result]) -> None:
    root, out = stamped
    result = cli("build", root, "-o", out, "--strict")
    assert result.exit_code == 1 and SKIPPED not in result.output
    assert "with --strict" in result.stderr


def test_a_file_edited_just_now_is_not_trusted(
        make_site: Callable[..., Path], cli: Callable[..., Result], tmp_path: Path,
        age_files: Callable[[Path], None], monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_site(DOCS, PAGES)
    out = tmp_path / "out"
    age_files(root)
    take = stamp.take

    def edited_just_before(site: Path, *args: Any, **kwargs: Any) -> stamp.Inputs | None:
        # the edit lands as the build starts, however long the builds take (seconds on a
        # loaded machine: the files written before the first build are old by the second)
        os.utime(site / "guide.mdx")
        return take(site, *args, **kwargs)

    monkeypatch.setattr(stamp, "take", edited_just_before)
    for _ in range(2):
        result = cli("build", root, "-o", out)
        assert result.exit_code == 0 and SKIPPED not in result.output
        assert stamp.load(out) is None
    monkeypatch.undo()
    age_files(root)  # the same files, a minute old: trusted
    assert cli("build", root, "-o", out).exit_code == 0
    assert stamp.load(out) is not None


def test_a_watch_mode_publish_forgets_the_stamp(stamped: tuple[Path, Path],
                                                tmp_path: Path) -> None:
    root, out = stamped
    assert stamp.load(out) is not None
    changes = tmp_path / "changes"
    (changes / "guide").mkdir(parents=True)
    (changes / "guide" / "index.html").write_text("<p>edited</p>", encoding="utf-8")
    staging.publish_changes(changes, out)
    assert stamp.load(out) is None


class _Reader:
    """A third-party plugin: it could read anything, so the build never skips its hooks."""

    def __init__(self) -> None:
        self.started = 0

    @hookimpl
    def mdxsite_build_started(self, site: object) -> None:
        self.started += 1


def test_a_third_party_plugin_always_gets_the_whole_build(stamped: tuple[Path, Path]) -> None:
    root, out = stamped
    pm = plugin_manager.create()
    assert pipeline.build(root, out, pm, jobs=1, skip_unchanged=True).up_to_date
    reader = _Reader()
    pm.register(reader, name="reader")
    for _ in range(2):
        report = pipeline.build(root, out, pm, jobs=1, skip_unchanged=True)
        assert not report.up_to_date
    assert reader.started == 2


def test_an_openapi_document_from_a_url_is_fetched_on_every_build(
        make_site: Callable[..., Path], cli: Callable[..., Result], tmp_path: Path,
        serve_dir: Callable[..., str], monkeypatch: pytest.MonkeyPatch,
        age_files: Callable[[Path], None]) -> None:
    monkeypatch.setenv("MDXSITE_CACHE", str(tmp_path / "fetched"))
    served = tmp_path / "served"
    served.mkdir()
    (served / "spec.yaml").write_text(
        "openapi: 3.1.0\ninfo: {title: Remote, version: '1'}\n"
        "paths:\n  /ping:\n    get: {summary: Ping, responses: {'200': {description: ok}}}\n",
        encoding="utf-8")
    url = serve_dir(served) + "/spec.yaml"
    root = make_site({"name": "Remote", "navigation": {
        "groups": [{"group": "API", "openapi": url, "pages": ["index", "GET /ping"]}]}})
    age_files(root)
    out = tmp_path / "out"
    for _ in range(3):
        result = cli("build", root, "-o", out)
        assert result.exit_code == 0 and SKIPPED not in result.output, result.output
    assert stamp.load(out) is None


def test_a_commit_that_leaves_every_file_as_it_was_builds_again(
        make_site: Callable[..., Path], cli: Callable[..., Result], tmp_path: Path,
        age_files: Callable[[Path], None]) -> None:
    """``metadata.timestamp`` dates a page by its last commit: committing an edit already
    built changes the date, though no file of the site folder changes."""
    import subprocess

    root = make_site({"name": "T", "metadata": {"timestamp": True},
                      "navigation": {"pages": ["index"]}}, {"index": "# Home\n"})

    def git(*args: str, when: str) -> None:
        env = {"GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when, "GIT_AUTHOR_NAME": "a",
               "GIT_AUTHOR_EMAIL": "a@b.c", "GIT_COMMITTER_NAME": "a",
               "GIT_COMMITTER_EMAIL": "a@b.c", "HOME": str(tmp_path), "PATH": os.environ["PATH"]}
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)

    git("init", "-q", when="2026-03-04T10:00:00+00:00")
    git("add", ".", when="2026-03-04T10:00:00+00:00")
    git("commit", "-qm", "first", when="2026-03-04T10:00:00+00:00")
    (root / "index.mdx").write_text("# Home\n\nMore.\n", encoding="utf-8")  # not committed yet
    out = tmp_path / "out"
    age_files(root)
    for _ in range(2):
        assert cli("build", root, "-o", out).exit_code == 0
    assert SKIPPED in cli("build", root, "-o", out).output  # stamped: nothing changed
    assert "March 4, 2026" in (out / "index.html").read_text(encoding="utf-8")
    git("commit", "-qam", "second", when="2026-05-06T10:00:00+00:00")
    age_files(root / ".git")  # not the site's own files: they are as the stamp saw them
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0 and SKIPPED not in result.output
    assert "May 6, 2026" in (out / "index.html").read_text(encoding="utf-8")


def test_the_stamp_tells_which_site_files_changed_and_only_when_nothing_else_did(
        stamped: tuple[Path, Path], tmp_path: Path) -> None:
    """What ``mdxsite_build_starting`` is told: the files added, removed or modified since
    the stamped build; None when the build options differ (the site may come out otherwise)."""
    root, out = stamped
    pm = plugin_manager.create()
    options = {"base_url": "/", "site_url": "", "blocked": [], "strict": False}
    same = stamp.take(root.resolve(), pm, options)
    assert same is not None and stamp.changed_files(out.resolve(), same) == set()
    (root / "guide.mdx").write_text("# Guide\n\nMore steps.\n", encoding="utf-8")
    (root / "snippets" / "note.mdx").unlink()
    (root / "new.mdx").write_text("# New\n", encoding="utf-8")
    inputs = stamp.take(root.resolve(), pm, options)
    assert inputs is not None
    assert stamp.changed_files(out.resolve(), inputs) == {"guide.mdx", "snippets/note.mdx",
                                                          "new.mdx"}
    other = stamp.take(root.resolve(), pm, {**options, "base_url": "/docs/"})
    assert other is not None and stamp.changed_files(out.resolve(), other) is None
    assert stamp.changed_files(tmp_path / "never-built", inputs) is None
