"""The render cache: a warm build renders nothing, and a change renders only what it affects.

A counting plugin, installed through real entry-point metadata (a ``.dist-info`` on
``sys.path``), answers ``mdxsite_render_page`` first and appends each page key it renders to
a log file, so the test sees exactly which pages rendered. It also renders pages whose
frontmatter says ``include: FILE`` itself, reporting FILE as a dependency, the way snippets
and OpenAPI pages do.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdxsite.cli import main

PLUGIN = '''
"""Test plugin: logs every page it is asked to render."""
from html import escape
from pathlib import Path

from mdxsite import Location, MdxsiteError, hookimpl
from mdxsite.model import RenderedPage

LOG = Path({log!r})
CHANGED = Path({log!r} + ".changed")
ARRIVED = Path({log!r} + ".arrived")


@hookimpl
def mdxsite_build_started(changed):
    CHANGED.write_text(" ".join(sorted(changed)), encoding="utf-8")
    ARRIVED.write_text("", encoding="utf-8")


@hookimpl
def mdxsite_page_built(result):
    with ARRIVED.open("a", encoding="utf-8") as f:
        f.write(result.page.key + "\\n")


@hookimpl(tryfirst=True)
def mdxsite_render_page(site, page):
    with LOG.open("a", encoding="utf-8") as f:
        f.write(page.key + "\\n")
    if "FAIL" in (site.root / page.source).read_text(encoding="utf-8"):
        raise MdxsiteError.single("this page asked to fail", where=Location(str(page.source)),
                                  hint="remove FAIL from it")
    include = page.frontmatter.get("include")
    if not include:
        return None
    text = (site.root / include).read_text(encoding="utf-8")
    return RenderedPage(key=page.key, html="<p>" + escape(text) + "</p>", text=text,
                        markdown=text, dependencies=(include,))
'''


def write_site(root: Path) -> None:
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({
        "name": "Cache test", "theme": "mint", "colors": {"primary": "#0D9373"},
        "navigation": {"pages": ["index", "alpha", "beta"]}}), encoding="utf-8")
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nWelcome home.\n", encoding="utf-8")
    (root / "alpha.mdx").write_text("---\ntitle: Alpha\n---\n\nAlpha body.\n", encoding="utf-8")
    (root / "beta.mdx").write_text("---\ntitle: Beta\ninclude: snippets/shared.md\n---\n",
                                   encoding="utf-8")
    (root / "snippets").mkdir()
    (root / "snippets" / "shared.md").write_text("shared text v1", encoding="utf-8")


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest,
        install_plugin: Callable[..., Path]):
    # a module name per test: sys.modules must not hand one test another test's plugin
    name = "cachecount_" + re.sub(r"\W", "_", request.node.name)
    log = tmp_path / "rendered.log"
    lib = install_plugin(name, PLUGIN.format(log=str(log)), entry=name, dist=name)
    monkeypatch.syspath_prepend(str(lib))
    yield tmp_path / "site", tmp_path / "out", log, lib / f"{name}.py"
    sys.modules.pop(name, None)


def build(site: Path, out: Path) -> str:
    result = CliRunner().invoke(main, ["build", str(site), "-o", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return result.output


def rendered(log: Path) -> list[str]:
    keys = log.read_text(encoding="utf-8").split() if log.exists() else []
    log.write_text("", encoding="utf-8")
    return sorted(keys)


def snapshot(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}


def test_warm_build_renders_nothing_and_keeps_the_output(env) -> None:
    site, out, log, _ = env
    write_site(site)
    build(site, out)
    assert rendered(log) == ["alpha", "beta", "index"]
    first = snapshot(out)
    assert "shared text v1" in first["beta/index.html"].decode()
    full_written = (out / "llms-full.txt").stat().st_mtime_ns

    output = build(site, out)

    assert rendered(log) == []
    assert snapshot(out) == first
    assert (out / "llms-full.txt").stat().st_mtime_ns == full_written  # kept, not rewritten
    assert "built 3 pages" in output
    assert f"{len(first)} unchanged" in output  # every file, kept pages included


def test_changing_a_dependency_rerenders_only_the_page_that_read_it(env) -> None:
    site, out, log, _ = env
    write_site(site)
    build(site, out)
    rendered(log)
    before = snapshot(out)

    (site / "snippets" / "shared.md").write_text("shared text v2", encoding="utf-8")
    build(site, out)

    assert rendered(log) == ["beta"]
    after = snapshot(out)
    assert "shared text v2" in after["beta/index.html"].decode()
    assert after["alpha/index.html"] == before["alpha/index.html"]
    assert after["index.html"] == before["index.html"]


def test_editing_a_page_body_rerenders_only_that_page(env) -> None:
    site, out, log, _ = env
    write_site(site)
    build(site, out)
    rendered(log)

    (site / "alpha.mdx").write_text("---\ntitle: Alpha\n---\n\nAlpha edited.\n", encoding="utf-8")
    build(site, out)

    assert rendered(log) == ["alpha"]
    assert "Alpha edited." in (out / "alpha" / "index.html").read_text(encoding="utf-8")
    # the files made from every page's Markdown follow the edit too
    assert "Alpha edited." in (out / "alpha.md").read_text(encoding="utf-8")
    full = (out / "llms-full.txt").read_text(encoding="utf-8")
    assert "Alpha edited." in full and "Alpha body." not in full


def noted(log: Path, what: str) -> list[str]:
    """The page keys the plugin noted in its ``.changed`` or ``.arrived`` file last build."""
    return log.with_name(f"{log.name}.{what}").read_text(encoding="utf-8").split()


def test_build_started_names_the_pages_that_may_differ_from_the_published_output(env) -> None:
    site, out, log, _ = env
    write_site(site)
    build(site, out)
    assert noted(log, "changed") == ["alpha", "beta", "index"]
    build(site, out)
    assert noted(log, "changed") == []
    (site / "alpha.mdx").write_text("---\ntitle: Alpha\n---\n\nAlpha edited.\n", encoding="utf-8")
    (site / "snippets" / "shared.md").write_text("shared text v2", encoding="utf-8")
    build(site, out)
    assert noted(log, "changed") == ["alpha", "beta"]
    assert rendered(log) == ["alpha", "alpha", "beta", "beta", "index"]  # the first build too


def test_an_edited_page_reaches_the_plugins_before_the_cached_ones(env) -> None:
    site, out, log, _ = env
    write_site(site)
    build(site, out)
    assert noted(log, "arrived") == ["index", "alpha", "beta"]
    (site / "snippets" / "shared.md").write_text("shared text v2", encoding="utf-8")
    build(site, out)  # beta, last in the navigation, is the one page rendered
    assert noted(log, "arrived") == ["beta", "index", "alpha"]
    assert "shared text v2" in (out / "beta" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("change", ["docs.json", "title", "plugin code"])
def test_site_wide_changes_rerender_every_page(env, change: str) -> None:
    # the site name, any page title (every sidebar lists it) and the code that renders pages
    # all reach every document
    site, out, log, module = env
    write_site(site)
    build(site, out)
    rendered(log)

    if change == "docs.json":
        config = json.loads((site / "docs.json").read_text(encoding="utf-8"))
        config["name"] = "Renamed docs"
        (site / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    elif change == "title":
        (site / "alpha.mdx").write_text("---\ntitle: Alpha two\n---\n\nAlpha body.\n",
                                        encoding="utf-8")
    else:
        module.write_text(module.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    build(site, out)

    assert rendered(log) == ["alpha", "beta", "index"]
    if change == "title":
        assert "Alpha two" in (out / "beta" / "index.html").read_text(encoding="utf-8")


def test_deleted_output_is_written_again_from_the_cache(env) -> None:
    site, out, log, _ = env
    write_site(site)
    build(site, out)
    rendered(log)
    first = snapshot(out)

    for page in ("alpha/index.html", "index.html", "alpha.md", "llms-full.txt"):
        (out / page).unlink()
    build(site, out)

    assert rendered(log) == []
    assert snapshot(out) == first


def test_an_edit_build_takes_the_other_pages_llms_text_from_the_published_files(env) -> None:
    """An unchanged page's part of llms-full.txt is copied from the published file and its
    .md copy kept by size, their Markdown unread; a published file changed since the last
    build is still noticed and written again from the page."""
    site, out, log, _ = env
    write_site(site)
    build(site, out)
    for n, body in enumerate(("Alpha edited.", "Alpha edited again.", "Alpha, third edit.")):
        full = out / "llms-full.txt"
        if n == 1:  # the published file changed under the build, its size kept
            full.write_text(full.read_text(encoding="utf-8").replace("Welcome", "WELCOME"),
                            encoding="utf-8")
        if n == 2:  # a kept page's published copy cut short, another one deleted
            (out / "index.md").write_text("# Home\n", encoding="utf-8")
            (out / "beta.md").unlink()
        (site / "alpha.mdx").write_text(f"---\ntitle: Alpha\n---\n\n{body}\n",
                                        encoding="utf-8")
        rendered(log)
        build(site, out)
        assert rendered(log) == ["alpha"]
        fresh = out.parent / f"fresh{n}"
        build(site, fresh)
        for name in ("llms-full.txt", "index.md", "alpha.md", "beta.md"):
            assert (out / name).read_bytes() == (fresh / name).read_bytes(), name
        assert body in full.read_text(encoding="utf-8")


def test_a_corrupt_cache_is_rebuilt_not_reported(env) -> None:
    site, out, log, _ = env
    write_site(site)
    build(site, out)
    rendered(log)
    for db in (out.parent / ".mdxsite-cache").rglob("pages.sqlite*"):
        db.write_bytes(b"not a database" * 100)

    build(site, out)

    assert rendered(log) == ["alpha", "beta", "index"]
    assert "Alpha body." in (out / "alpha" / "index.html").read_text(encoding="utf-8")


def test_a_cache_of_another_schema_is_rebuilt_not_misread(env) -> None:
    """A cache written by an older mdxsite (another row layout) renders every page again."""
    import sqlite3

    site, out, log, _ = env
    write_site(site)
    build(site, out)
    published = snapshot(out)
    rendered(log)
    (db_file,) = (out.parent / ".mdxsite-cache").rglob("pages.sqlite")
    db = sqlite3.connect(db_file)
    db.execute("DROP TABLE pages")  # schema 4: no notes column
    db.execute("CREATE TABLE pages (key TEXT PRIMARY KEY, digest TEXT NOT NULL, deps TEXT NOT "
               "NULL, summary BLOB NOT NULL, size INTEGER NOT NULL, published INTEGER NOT NULL "
               "DEFAULT 0, body BLOB NOT NULL)")
    db.execute("PRAGMA user_version = 4")
    db.commit()
    db.close()

    build(site, out)

    assert rendered(log) == ["alpha", "beta", "index"]
    assert snapshot(out) == published
    build(site, out)
    assert rendered(log) == []


def test_no_cache_renders_every_page(env) -> None:
    site, out, log, _ = env
    write_site(site)
    build(site, out)
    rendered(log)

    result = CliRunner().invoke(main, ["build", str(site), "-o", str(out), "--jobs", "1",
                                       "--no-cache"])

    assert result.exit_code == 0, result.output
    assert rendered(log) == ["alpha", "beta", "index"]


def test_parallel_build_writes_what_a_serial_build_writes(env) -> None:
    # enough pages for the worker pool (pipeline.PARALLEL_THRESHOLD), in several batches
    site, out, log, _ = env
    write_site(site)
    extra = [f"p{i:02d}" for i in range(60)]
    for key in extra:
        (site / f"{key}.mdx").write_text(f"---\ntitle: Page {key}\n---\n\nBody of {key}.\n",
                                         encoding="utf-8")
    config = json.loads((site / "docs.json").read_text(encoding="utf-8"))
    config["navigation"]["pages"] += extra
    (site / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    serial = out.parent / "serial"
    build(site, serial)
    rendered(log)

    result = CliRunner().invoke(main, ["build", str(site), "-o", str(out), "--jobs", "2"])

    assert result.exit_code == 0, result.output
    assert snapshot(out) == snapshot(serial)
    assert len(snapshot(out)) > 60


def test_after_a_failed_build_only_the_fixed_page_renders(env) -> None:
    site, out, log, _ = env
    write_site(site)
    build(site, out)
    rendered(log)
    good = snapshot(out)
    (site / "alpha.mdx").write_text("---\ntitle: Alpha\n---\n\nAlpha FAIL.\n", encoding="utf-8")
    (site / "snippets" / "shared.md").write_text("shared text v2", encoding="utf-8")

    failed = CliRunner().invoke(main, ["build", str(site), "-o", str(out), "--jobs", "1"])
    assert failed.exit_code == 1
    assert "alpha.mdx: this page asked to fail" in failed.output
    assert rendered(log) == ["alpha", "beta"]
    assert snapshot(out) == good  # the last good output stays

    (site / "alpha.mdx").write_text("---\ntitle: Alpha\n---\n\nAlpha fixed.\n", encoding="utf-8")
    build(site, out)

    assert rendered(log) == ["alpha"]  # beta's new render was kept although that build failed
    assert "shared text v2" in (out / "beta" / "index.html").read_text(encoding="utf-8")
    assert "Alpha fixed." in (out / "alpha" / "index.html").read_text(encoding="utf-8")


def test_a_warm_build_reads_no_unchanged_source_file(env, age_files) -> None:
    site, out, log, _ = env
    write_site(site)
    age_files(site)  # files modified just now are never remembered
    build(site, out)
    rendered(log)
    first = snapshot(out)

    # same size and modification time: the memo answers, so this edit goes unseen...
    alpha = site / "alpha.mdx"
    stamp = alpha.stat()
    alpha.write_text("---\ntitle: Gamma\n---\n\nGamma body.\n", encoding="utf-8")
    os.utime(alpha, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    build(site, out)
    assert rendered(log) == []
    assert snapshot(out) == first

    # ...and any real save (a new modification time) is read again
    os.utime(alpha, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1_000_000_000))
    build(site, out)
    assert rendered(log) == ["alpha", "beta", "index"]  # a new title is in every sidebar
    assert "Gamma body." in (out / "alpha" / "index.html").read_text(encoding="utf-8")
    assert "<title>Gamma" in (out / "alpha" / "index.html").read_text(encoding="utf-8")


def test_touching_a_file_without_changing_it_renders_nothing(env, age_files) -> None:
    site, out, log, _ = env
    write_site(site)
    age_files(site)  # files modified just now are never remembered
    build(site, out)
    rendered(log)
    first = snapshot(out)
    for f in (site / "alpha.mdx", site / "snippets" / "shared.md"):
        os.utime(f)  # now: a new mtime, the same bytes
    build(site, out)
    assert rendered(log) == []
    assert snapshot(out) == first


DOC_PLUGIN = '''
import hashlib
from pathlib import Path
from mdxsite import hookimpl

LOG = Path({log!r})


@hookimpl
def mdxsite_page_built(site, result):
    with LOG.open("a", encoding="utf-8") as f:
        f.write(result.page.key + " " + hashlib.sha256(result.document.encode()).hexdigest() + "\\n")
'''


def test_a_plugin_reading_a_cached_document_gets_the_published_bytes(
        env, tmp_path: Path, install_plugin: Callable[..., Path]) -> None:
    site, out, _, _ = env
    write_site(site)
    docs_log = tmp_path / "documents.log"
    name = "doclog_" + tmp_path.name.replace("-", "_")
    install_plugin(name, DOC_PLUGIN.format(log=str(docs_log)), entry=name, dist=name)
    try:
        build(site, out)
        cold = docs_log.read_text(encoding="utf-8")
        docs_log.write_text("", encoding="utf-8")
        build(site, out)  # every page from the cache: documents laid out again when read
        assert docs_log.read_text(encoding="utf-8") == cold
        for line in cold.split("\n")[:-1]:
            key, digest = line.split()
            path = out / ("index.html" if key == "index" else f"{key}/index.html")
            assert hashlib.sha256(path.read_bytes()).hexdigest() == digest
    finally:
        sys.modules.pop(name, None)


NOTE_PLUGIN = '''
from pathlib import Path
from mdxsite import hookimpl

LOG = Path({log!r})


@hookimpl
def mdxsite_page_built(site, result):
    found = result.notes.get("notes.paragraphs")
    how = "note"
    if found is None:
        found = result.notes["notes.paragraphs"] = result.document.count("<p")
        how = "document"
    with LOG.open("a", encoding="utf-8") as f:
        f.write(f"{{result.page.key}} {{how}} {{found}}\\n")
'''


def test_a_plugin_note_comes_back_with_the_cached_page(
        env, tmp_path: Path, install_plugin: Callable[..., Path]) -> None:
    site, out, _, _ = env
    write_site(site)
    notes_log = tmp_path / "notes.log"
    name = "notes_" + tmp_path.name.replace("-", "_")
    install_plugin(name, NOTE_PLUGIN.format(log=str(notes_log)), entry=name, dist=name)

    def seen() -> dict[str, tuple[str, int]]:
        lines = notes_log.read_text(encoding="utf-8").split("\n")[:-1]
        notes_log.write_text("", encoding="utf-8")
        return {key: (how, int(n)) for key, how, n in (line.split() for line in lines)}

    try:
        build(site, out)
        cold = seen()
        assert {how for how, _ in cold.values()} == {"document"}
        assert all(n > 0 for _, n in cold.values())
        build(site, out)
        assert seen() == {key: ("note", n) for key, (_, n) in cold.items()}
        (site / "alpha.mdx").write_text("---\ntitle: Alpha\n---\n\nOne.\n\nTwo.\n\nThree.\n",
                                        encoding="utf-8")
        build(site, out)
        edited = seen()
        assert edited["alpha"] == ("document", cold["alpha"][1] + 2)
        assert edited["index"] == ("note", cold["index"][1])
    finally:
        sys.modules.pop(name, None)


def test_a_cached_page_still_warns_about_its_unknown_icon(env) -> None:
    # the warning comes from the laid-out document, which a cached page does not lay out again
    site, out, log, _ = env
    write_site(site)
    (site / "index.mdx").write_text('---\ntitle: Home\n---\n\n<Card title="A" icon="bogus-glyph">'
                                    "Body</Card>\n", encoding="utf-8")
    warning = re.compile(r"index\.mdx:5:\d+: warning: icon 'bogus-glyph' is not in Font Awesome Free")
    assert warning.search(build(site, out))
    rendered(log)

    (site / "alpha.mdx").write_text("---\ntitle: Alpha\n---\n\nAlpha edited.\n", encoding="utf-8")
    output = build(site, out)

    assert rendered(log) == ["alpha"]
    assert warning.search(output), output
    assert not list(out.parent.rglob("missing-icons.json"))  # kept in the render cache's rows
    (site / "index.mdx").write_text("---\ntitle: Home\n---\n\nNo icon now.\n", encoding="utf-8")
    assert "bogus-glyph" not in build(site, out)


def test_installing_the_theme_packages_renders_cached_pages_again(tmp_path: Path) -> None:
    # a site built before `make theme-deps` drew question marks for lucide icons; once the
    # packages are there, the next build draws the icons instead of serving the cached page
    site, out, deps = tmp_path / "site", tmp_path / "out", tmp_path / "deps"
    site.mkdir()
    (site / "docs.json").write_text(json.dumps({
        "name": "Icons", "theme": "mint", "colors": {"primary": "#0D9373"},
        "icons": {"library": "lucide"}, "navigation": {"pages": ["index"]}}), encoding="utf-8")
    (site / "index.mdx").write_text('---\ntitle: Home\n---\n\n<Icon icon="rocket" />\n',
                                    encoding="utf-8")
    command = [str(Path(sys.executable).parent / "mdxsite"), "build", str(site), "-o", str(out)]
    environment = {**os.environ, "MDXSITE_THEME_DEPS": str(deps)}

    first = subprocess.run(command, env=environment, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    assert "unknown icon 'rocket'" in first.stdout + first.stderr
    assert 'data-icon-missing="rocket"' in (out / "index.html").read_text(encoding="utf-8")

    package = deps / "node_modules" / "lucide-static"
    (package / "icons").mkdir(parents=True)
    (package / "package.json").write_text('{"name": "lucide-static", "version": "9.9.9"}',
                                          encoding="utf-8")
    (package / "icons" / "rocket.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M1 1h9"/></svg>',
        encoding="utf-8")
    second = subprocess.run(command, env=environment, capture_output=True, text=True)
    assert second.returncode == 0, second.stderr
    assert "unknown icon" not in second.stdout + second.stderr
    page = (out / "index.html").read_text(encoding="utf-8")
    assert 'data-icon-missing="rocket"' not in page
    assert 'd="M1 1h9"' in page
