"""`mdxsite build` as a user runs it: output layout, base URL, safety of the last good output."""

from __future__ import annotations

import gc
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURE_SITES = REPO / "tests" / "fixtures" / "sites"

ALL_FIXTURES = sorted(p.name for p in FIXTURE_SITES.iterdir() if (p / "docs.json").is_file())


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def test_there_is_a_fixture_site_per_root_pattern() -> None:
    roots = {next(iter(k for k in json.loads((FIXTURE_SITES / name / "docs.json").read_text())
                       ["navigation"] if k != "global")) for name in ALL_FIXTURES}
    assert roots == {"pages", "groups", "tabs", "anchors", "dropdowns", "products", "versions",
                     "languages"}
    assert len(ALL_FIXTURES) >= 10


@pytest.mark.parametrize("name", ALL_FIXTURES)
def test_fixture_site_builds_one_file_per_page(cli: Callable, tmp_path: Path, name: str) -> None:
    site = FIXTURE_SITES / name
    result = cli("build", site, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    if name == "showcase":  # it shows every page mode; its theme, maple, draws neither of these
        assert "2 warnings" in result.stdout
        assert [line.split(": warning: ")[0] for line in result.stderr.splitlines()
                if "[page.unsupported-mode]" in line] == ["modes/center.mdx:3:1", "modes/frame.mdx:3:1"]
    else:
        assert "0 warnings" in result.stdout
    for page in sorted(site.rglob("*.mdx")):
        key = page.relative_to(site).with_suffix("").as_posix()
        folder = key.removesuffix("index").rstrip("/")   # fr/index is served at /fr/
        target = f"{folder}/index.html" if folder else "index.html"
        assert (tmp_path / "out" / target).is_file(), target


def test_sample_site_builds_without_warnings(cli: Callable, tmp_path: Path) -> None:
    result = cli("build", REPO / "sample_site", "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.count("warning") == 0
    assert (tmp_path / "out" / "jobs" / "idempotency" / "index.html").is_file()
    assert (tmp_path / "out" / "fr" / "quickstart" / "index.html").is_file()
    assert (tmp_path / "out" / "logo" / "light.svg").is_file()


def test_links_use_clean_urls_and_the_base_url(cli: Callable, make_site: Callable,
                                               tmp_path: Path) -> None:
    root = make_site({"name": "T", "navigation": {"pages": ["index", "guides/setup"]}},
                     pages={"index": "# Home\n", "guides/setup": "---\ntitle: Setup\n---\nText.\n"})
    assert cli("build", root, "-o", tmp_path / "a").exit_code == 0
    assert 'href="/guides/setup/"' in (tmp_path / "a" / "index.html").read_text()
    assert cli("build", root, "-o", tmp_path / "b", "--base-url", "/docs/").exit_code == 0
    home = (tmp_path / "b" / "index.html").read_text()
    assert 'href="/docs/guides/setup/"' in home
    assert 'href="/guides/setup/"' not in home


def test_unlisted_pages_are_built_but_not_in_the_sidebar(cli: Callable, make_site: Callable,
                                                         tmp_path: Path) -> None:
    root = make_site({"name": "T", "navigation": {"pages": ["index"]}},
                     pages={"index": "# Home\n", "secret/page": "# Hidden\n",
                            "snippets/part": "shared text\n"},
                     files={"README.md": "# The repository readme\n", "CHANGELOG.md": "# Releases\n",
                            "changelog.mdx": "# Changelog\n"})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    assert (tmp_path / "out" / "secret" / "page" / "index.html").is_file()
    assert "/secret/page/" not in (tmp_path / "out" / "index.html").read_text()
    assert not (tmp_path / "out" / "snippets").exists()
    assert not (tmp_path / "out" / "README").exists()
    # the repository's CHANGELOG.md is not a page; a changelog.mdx page is (/changelog, the
    # global anchor of the platform's navigation doc, links to it)
    assert (tmp_path / "out" / "changelog" / "index.html").is_file()


def test_a_failed_build_leaves_the_last_good_output(cli: Callable, make_site: Callable,
                                                    tmp_path: Path) -> None:
    root = make_site({"name": "T", "navigation": {"pages": ["index", "guide"]}},
                     pages={"index": "# Home\n", "guide": "# Guide\n"})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    before = _tree(out)
    (root / "docs.json").write_text('{"name": "T", "navigation": {"pages": ["index", "gone"]}}')
    result = cli("build", root, "-o", out)
    assert result.exit_code == 1
    assert _tree(out) == before
    assert not [p for p in tmp_path.iterdir() if "staging" in p.name]


def test_a_build_leaves_the_garbage_collector_as_it_found_it(cli: Callable, make_site: Callable,
                                                             tmp_path: Path) -> None:
    # rendering freezes what the build holds (the collector skips it); a long-running process
    # (mdxsite dev, a plugin's test suite) would never free its garbage if it stayed frozen
    pages = {f"p{i:02d}": f"# Page {i}\n" for i in range(50)}  # enough for the worker pool
    root = make_site({"name": "T", "navigation": {"pages": list(pages)}}, pages=pages)
    assert gc.get_freeze_count() == 0
    assert cli("build", root, "-o", tmp_path / "out", "--jobs", "2").exit_code == 0
    assert gc.get_freeze_count() == 0
    (root / "p07.mdx").write_text("# Page 7\n\n<Card>\nnever closed\n")
    assert cli("build", root, "-o", tmp_path / "out", "--jobs", "2").exit_code == 1
    assert gc.get_freeze_count() == 0



def test_the_render_does_not_thaw_what_the_build_froze(make_site: Callable,
                                                      tmp_path: Path) -> None:
    # the build freezes what it keeps until its end, and the render freezes again before its
    # pool forks: the render ending must not unfreeze the build's part while the end-of-build
    # hooks still run (their allocations trigger full passes over it again)
    from mdxsite import pipeline, plugin_manager
    from mdxsite.hookspecs import hookimpl

    seen: list[int] = []

    class Watcher:
        @hookimpl
        def mdxsite_build_finished(self) -> None:
            seen.append(gc.get_freeze_count())

    pages = {f"p{i:02d}": f"# Page {i}\n" for i in range(50)}  # enough for the worker pool
    root = make_site({"name": "T", "navigation": {"pages": list(pages)}}, pages=pages)
    pm = plugin_manager.create()
    pm.register(Watcher(), "watcher")
    pipeline.build(root, tmp_path / "out", pm, jobs=2)
    assert seen and seen[0] > 0
    assert gc.get_freeze_count() == 0

def test_a_rebuild_replaces_only_changed_files_and_keeps_the_operators(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    root = make_site({"name": "T", "navigation": {"pages": ["index", "guide", "old"]}},
                     pages={"index": "# Home\n", "guide": "# Guide\n", "old": "# Old\n"})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    (out / "CNAME").write_text("docs.example.com\n")
    (root / "docs.json").write_text('{"name": "T", "navigation": {"pages": ["index", "guide"]}}')
    (root / "old.mdx").unlink()
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0
    assert (out / "CNAME").read_text() == "docs.example.com\n"
    assert not (out / "old").exists()
    again = cli("build", root, "-o", out)
    assert "0 written" in again.stdout


def test_a_rebuild_of_the_same_files_still_dates_the_output_for_serve(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # `mdxsite serve` builds first when a site file is newer than the last build, which it
    # reads from the manifest's time: a build publishing the same file names (the manifest
    # is then not written again) must still date it
    import os

    from mdxsite.output.staging import MANIFEST, cache_dir_for
    from mdxsite.server.app import needs_build

    root = make_site({"name": "T", "navigation": {"pages": ["index"]}}, pages={"index": "# Home\n"})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    manifest = cache_dir_for(out.resolve()) / MANIFEST
    before = manifest.read_bytes()
    os.utime(manifest, (1_000_000_000, 1_000_000_000))
    (root / "index.mdx").write_text("# Home\n")  # the same bytes: the same output files
    assert needs_build(root, out)
    assert cli("build", root, "-o", out).exit_code == 0
    assert manifest.read_bytes() == before
    assert not needs_build(root, out)


def test_output_inside_the_site_root_is_refused(cli: Callable, make_site: Callable) -> None:
    root = make_site({"name": "T", "navigation": {"pages": ["index"]}})
    result = cli("build", root, "-o", root)
    assert result.exit_code == 1
    assert "holds the site itself" in result.stderr


def test_exit_codes_from_the_real_command(run_mdxsite: Callable, tmp_path: Path) -> None:
    usage = run_mdxsite("build", "--no-such-option")
    assert usage.returncode == 2
    assert "No such option" in usage.stderr
    missing = run_mdxsite("build", tmp_path / "nowhere")
    assert missing.returncode == 1
    assert missing.stderr.splitlines()[0].endswith(
        "does not exist. Pass the folder that holds docs.json.")
    assert not (tmp_path / "nowhere").exists()  # nor made (the default output lies in it)
    assert "Traceback" not in missing.stderr


def test_the_real_command_leaves_a_complete_output_and_cache_when_it_ends(
        run_mdxsite: Callable, make_site: Callable, tmp_path: Path) -> None:
    # `mdxsite build` ends its process without the interpreter's clean-up (cli._Group.main):
    # all it printed, wrote and cached must be there all the same
    root = make_site({"name": "T", "navigation": {"pages": ["index", "guide"]}},
                     pages={"index": "# Hi\n\n<Nonesuch />\n", "guide": "# Guide\n\nText.\n"})
    out = tmp_path / "out"
    first = run_mdxsite("build", root, "-o", out)
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("built 2 pages in ") and first.stdout.endswith(f"-> {out}\n")
    assert "index.mdx:3:1: warning: <Nonesuch>" in first.stderr
    assert (out / "guide" / "index.html").read_text().count("Guide") >= 1
    assert (out / "guide.md").is_file() and "# Guide" in (out / "llms-full.txt").read_text()
    assert (out / "_pagefind" / "pagefind-entry.json").is_file()
    # a page touched, not changed: the stamp no longer vouches for the output (on a loaded
    # machine the first build may start long enough after the site was written to be
    # stamped, and the second would then skip the build), the render cache still does
    os.utime(root / "guide.mdx")
    again = run_mdxsite("-v", "build", root, "-o", out)
    assert again.returncode == 0, again.stderr
    # the render cache and the output's record were closed: nothing is rendered or written
    # again, and the page's warning is told again from the cache
    assert "cache: 2 of 2 pages unchanged, rendering 0" in again.stderr
    assert "(0 written, " in again.stdout
    assert "index.mdx:3:1: warning: <Nonesuch>" in again.stderr


def test_help_teaches_with_examples(run_mdxsite: Callable) -> None:
    top = run_mdxsite("--help")
    assert top.returncode == 0 and "mdxsite dev" in top.stdout and "build" in top.stdout
    build = run_mdxsite("build", "--help")
    assert "--base-url" in build.stdout and "Examples:" in build.stdout


def test_warnings_of_a_parallel_build_are_those_of_a_serial_one(
        run_mdxsite: Callable, make_site: Callable, tmp_path: Path) -> None:
    # enough pages for the worker pool: each warning once, in the same order as with --jobs 1
    pages = {}
    for i in range(50):
        body = f"# Page {i}\n\nText.\n"
        if i % 7 == 3:
            body += f"\nSee [gone](/nowhere-{i}).\n"
        if i % 11 == 5:
            body += f'\n<Icon icon="no-such-icon-{i}" />\n'
        if i % 13 == 2:
            body += "\n<Unknownthing>x</Unknownthing>\n"
        pages[f"p{i:02d}"] = body
    root = make_site({"name": "T", "navigation": {"pages": list(pages)}}, pages=pages)
    serial = run_mdxsite("build", root, "-o", tmp_path / "serial", "--jobs", "1")
    parallel = run_mdxsite("build", root, "-o", tmp_path / "parallel", "--jobs", "2")
    assert serial.returncode == parallel.returncode == 0
    warnings = [line for line in serial.stderr.splitlines() if ": warning: " in line]
    assert len(warnings) == 4 + 5 + 7  # unknown components, unknown icons, broken links
    assert [line for line in parallel.stderr.splitlines() if ": warning: " in line] == warnings
    assert _tree(tmp_path / "parallel") == _tree(tmp_path / "serial")


def test_plugins_see_the_sites_own_pages_in_a_parallel_build(make_site: Callable,
                                                             tmp_path: Path) -> None:
    from mdxsite import hookimpl, pipeline, plugin_manager

    seen: list[bool] = []

    class Watcher:
        @hookimpl
        def mdxsite_page_built(self, site, result):  # type: ignore[no-untyped-def]
            seen.append(result.page is site.pages[result.page.key])

    pages = {f"p{i:02d}": f"# Page {i}\n" for i in range(50)}
    root = make_site({"name": "T", "navigation": {"pages": list(pages)}}, pages=pages)
    pm = plugin_manager.create(())
    pm.register(Watcher(), name="watcher")
    pipeline.build(root, tmp_path / "out", pm, jobs=2, use_cache=False)
    assert seen == [True] * 50
