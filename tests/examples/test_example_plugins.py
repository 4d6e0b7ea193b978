"""The three example plugins, installed by pip, driving the real ``mdxsite`` command.

``mdxsite-kbd`` (a component and a template override), ``mdxsite-git-updated`` (a
non-file dependency that a commit changes, in a warm build and in watch mode) and
``mdxsite-feed`` (an output file, validated settings, a CLI subcommand); plus a plugin that
raises, to check that the message names it. The ``example_plugins``, ``mdxsite_with`` and
``git`` fixtures are in this folder's conftest.py.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ATOM = "{http://www.w3.org/2005/Atom}"
DEADLINE = 30.0  # seconds, for watch mode on a loaded 2-core machine; passing takes far less
JAN = "2026-01-02T10:00:00+00:00"
MAR = "2026-03-04T16:30:00+01:00"

Git = Callable[..., str]
Run = Callable[..., subprocess.CompletedProcess[str]]
MakeSite = Callable[..., Path]


def page(title: str, body: str = "Text.", **front: str) -> str:
    extra = "".join(f"{k}: {v}\n" for k, v in front.items())
    return f"---\ntitle: {title}\n{extra}---\n\n{body}\n"


def docs(pages: list[str], plugins: dict[str, object] | None = None) -> dict[str, object]:
    out: dict[str, object] = {"$schema": "https://mintlify.com/docs.json", "theme": "mint",
                              "name": "Keys", "colors": {"primary": "#0D9373"},
                              "navigation": {"pages": pages}}
    if plugins is not None:
        out["mdxsite"] = {"plugins": plugins}
    return out


def html(out: Path, key: str) -> str:
    return (out / key / "index.html").read_text() if key != "index" else (
        out / "index.html").read_text()


def updated_line(text: str) -> str:
    found = re.findall(r'<p class="git-updated">Last updated <time datetime="[^"]*">[^<]*</time></p>',
                       text)
    assert len(found) == 1, found
    return found[0]


def shown(date: str, words: str) -> str:
    return f'<p class="git-updated">Last updated <time datetime="{date}">{words}</time></p>'


def feed_titles(out: Path) -> list[str]:
    root = ET.parse(out / "feed.xml").getroot()
    return [e.findtext(f"{ATOM}title") or "" for e in root.iter(f"{ATOM}entry")]


# --------------------------------------------------------------------------- the sample site


def test_the_sample_site_with_all_three(mdxsite_with: Run, git: Git, tmp_path: Path) -> None:
    site = tmp_path / "sample"
    shutil.copytree(REPO / "sample_site", site,
                    ignore=shutil.ignore_patterns("_site", ".mdxsite-cache"))
    quick = site / "quickstart.mdx"
    quick.write_text(quick.read_text() + "\nSearch with <Kbd>Ctrl</Kbd>+<Kbd>K</Kbd>.\n")
    log = site / "resources" / "changelog.mdx"
    log.write_text(log.read_text().replace("---\n", "---\ndate: 2026-02-01\n", 1))
    git(site, "init", "-q")
    git(site, "add", ".")
    git(site, "commit", "-qm", "The sample site", date=JAN)

    out = tmp_path / "out"
    result = mdxsite_with("build", site, "-o", out)
    assert result.returncode == 0, result.stderr

    quickstart = html(out, "quickstart")
    assert ("Search with <kbd class=\"kbd\">Ctrl</kbd>+<kbd class=\"kbd\">K</kbd>."
            in quickstart)
    install = html(out, "installation")
    assert '<aside class="kbd-note" role="note">' in install   # the plugin's note.html
    assert "callout-note" not in install                       # the theme's is not used
    stylesheet = re.search(r'href="(/_mdxsite/kbd[^"]*\.css)"', install)
    assert stylesheet is not None and (out / stylesheet[1].lstrip("/")).is_file()

    sources = [p.relative_to(site).with_suffix("").as_posix() for p in site.rglob("*.mdx")]
    assert len(sources) == 18
    for key in sources:
        built = out / (key.removesuffix("index")) / "index.html"
        assert updated_line(built.read_text()) == shown(JAN, "January 2, 2026"), key

    assert feed_titles(out) == ["Changelog"]


# --------------------------------------------------------------------------- mdxsite-kbd


def test_kbd_renders_keys_and_only_note_changes_look(mdxsite_with: Run, make_site: MakeSite, tmp_path: Path) -> None:
    root = make_site(docs(["index"]), pages={"index": page("Home", textwrap.dedent("""\
        Press <Kbd>Ctrl</Kbd>+<Kbd>Shift</Kbd>+<Kbd>P</Kbd> to open the palette.

        <Note>Read this.</Note>

        <Tip>And this.</Tip>"""))})
    result = mdxsite_with("build", root, "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert "Kbd" not in result.stderr              # a known component: no warning about it
    text = html(tmp_path / "out", "index")
    assert ('Press <kbd class="kbd">Ctrl</kbd>+<kbd class="kbd">Shift</kbd>+'
            '<kbd class="kbd">P</kbd> to open the palette.') in text
    assert re.search(r'<aside class="kbd-note" role="note">\s*<p class="kbd-note-label">Note</p>'
                     r'\s*<div class="kbd-note-body">\s*(<p>)?Read this.', text)
    assert 'class="callout callout-tip"' in text   # Tip keeps the theme's callout.html

    off = mdxsite_with("--disable-plugin", "kbd", "build", root, "-o", tmp_path / "off")
    assert off.returncode == 0, off.stderr
    plain = html(tmp_path / "off", "index")
    assert '<kbd class="kbd">' not in plain and "kbd-note" not in plain
    assert 'class="callout callout-note"' in plain


def test_plugins_lists_each_with_its_distribution(mdxsite_with: Run) -> None:
    result = mdxsite_with("plugins")
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line for line in result.stdout.splitlines() if line and line[0] != " "}
    assert "mdxsite-kbd 0.1.0" in rows["kbd"]
    assert "mdxsite-git-updated 0.1.0" in rows["git-updated"]
    assert "mdxsite-feed 0.1.0" in rows["feed"]
    assert "mdxsite-reading-time 0.1.0" in rows["reading-time"]        # the guide's


# --------------------------------------------------------------------------- mdxsite-git-updated


@pytest.fixture
def git_site(make_site: MakeSite, git: Git) -> Path:
    root = make_site(docs(["index", "guide"]),
                     pages={"index": page("Home"), "guide": page("Guide", "Old words.")})
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "First pages", date=JAN)
    return root


def test_the_git_line_follows_a_commit_on_a_warm_build(mdxsite_with: Run, git_site: Path, git: Git,
                                                      tmp_path: Path) -> None:
    out = tmp_path / "out"

    def build() -> None:
        result = mdxsite_with("build", git_site, "-o", out)
        assert result.returncode == 0, result.stderr

    build()
    assert updated_line(html(out, "guide")) == shown(JAN, "January 2, 2026")

    (git_site / "guide.mdx").write_text(page("Guide", "New words."))
    build()                      # edited, not committed: the page shows its last commit still
    assert "New words." in html(out, "guide")
    assert updated_line(html(out, "guide")) == shown(JAN, "January 2, 2026")

    git(git_site, "commit", "-qam", "New words", date=MAR)
    build()                      # same file bytes as the cached render; HEAD moved
    assert updated_line(html(out, "guide")) == shown(MAR, "March 4, 2026")
    assert updated_line(html(out, "index")) == shown(JAN, "January 2, 2026")


def test_no_line_outside_a_repository_or_before_the_first_commit(
        mdxsite_with: Run, make_site: MakeSite, git: Git, tmp_path: Path) -> None:
    root = make_site(docs(["index"]), pages={"index": page("Home")})
    result = mdxsite_with("build", root, "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert "git-updated" not in html(tmp_path / "out", "index")

    git(root, "init", "-q")
    result = mdxsite_with("build", root, "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert "git-updated" not in html(tmp_path / "out", "index")


def test_the_git_line_follows_a_commit_in_watch_mode(example_plugins: Path, git_site: Path,
                                                    git: Git, tmp_path: Path,
                                                    first_line: Callable[..., str]) -> None:
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(example_plugins), "CI": "1"}
    proc = subprocess.Popen([str(Path(sys.executable).parent / "mdxsite"), "--disable-plugin",
                             "search", "dev", str(git_site), "--port", "0", "-o", str(out),
                             "-j", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)

    def wait_for(key: str, wanted: str) -> None:
        end = time.monotonic() + DEADLINE
        path = out / key / "index.html"
        while not (path.is_file() and wanted in path.read_text()):
            assert proc.poll() is None and time.monotonic() < end, f"{wanted!r} never showed"
            time.sleep(0.05)

    try:
        assert proc.stdout is not None
        assert first_line(proc, DEADLINE).startswith(f"serving {git_site} on http://127.0.0.1:")
        wait_for("guide", shown(JAN, "January 2, 2026"))
        (git_site / "guide.mdx").write_text(page("Guide", "New words."))
        wait_for("guide", "New words.")
        assert shown(JAN, "January 2, 2026") in (out / "guide" / "index.html").read_text()
        git(git_site, "commit", "-qam", "New words", date=MAR)
        wait_for("guide", shown(MAR, "March 4, 2026"))   # no file of the site changed
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=DEADLINE)
        print(err)               # shown by pytest when an assertion above failed
    assert "Traceback" not in err


# --------------------------------------------------------------------------- mdxsite-feed


@pytest.fixture
def dated_site(make_site: MakeSite) -> Path:
    return make_site(docs(["index", "one", "two", "three"], {"feed": {"limit": 2}}), pages={
        "index": page("Home"),
        "one": page("Release 1", date="2026-01-05", description="The first one."),
        "two": page("Release 2", date="2026-02-05"),
        "three": page("Release 3", date="2026-03-05T09:00:00+01:00"),
    })


def test_the_feed_lists_dated_pages_and_follows_edits(mdxsite_with: Run, dated_site: Path,
                                                      tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = mdxsite_with("build", dated_site, "-o", out)
    assert result.returncode == 0, result.stderr
    assert feed_titles(out) == ["Release 3", "Release 2"]         # newest first, limit 2
    feed = ET.parse(out / "feed.xml").getroot()
    assert feed.findtext(f"{ATOM}title") == "Keys"                 # the site's name by default
    assert feed.findtext(f"{ATOM}updated") == "2026-03-05T09:00:00+01:00"
    links = [e.get("href") for e in feed.iter(f"{ATOM}link")]
    assert links == ["/feed.xml", "/three/", "/two/"]

    (dated_site / "two.mdx").write_text(page("Release 2, renamed", date="2026-02-05"))
    result = mdxsite_with("build", dated_site, "-o", out)
    assert result.returncode == 0, result.stderr
    assert feed_titles(out) == ["Release 3", "Release 2, renamed"]

    settings = docs(["index", "one", "two", "three"], {"feed": {"title": "Releases", "limit": 5}})
    (dated_site / "docs.json").write_text(json.dumps(settings))
    result = mdxsite_with("build", dated_site, "-o", out, "--site-url", "https://docs.example.com")
    assert result.returncode == 0, result.stderr
    feed = ET.parse(out / "feed.xml").getroot()
    assert feed.findtext(f"{ATOM}title") == "Releases"
    assert feed_titles(out) == ["Release 3", "Release 2, renamed", "Release 1"]
    assert [e.findtext(f"{ATOM}summary") for e in feed.iter(f"{ATOM}entry")] == [
        None, None, "The first one."]
    links = [e.get("href") for e in feed.iter(f"{ATOM}link")]
    assert links[:2] == ["https://docs.example.com/feed.xml", "https://docs.example.com/three/"]


def test_a_site_without_dates_gets_a_warning_and_no_feed(mdxsite_with: Run, make_site: MakeSite,
                                                        tmp_path: Path) -> None:
    root = make_site(docs(["index"]), pages={"index": page("Home")})
    result = mdxsite_with("build", root, "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert "feed.xml: warning: not written, no page has a date." in result.stderr
    assert not (tmp_path / "out" / "feed.xml").exists()


@pytest.mark.parametrize(("settings", "first_line"), [
    ('{"titel": "Releases"}', 'docs.json:3:35: mdxsite.plugins.feed.titel: '),
    ('{"limit": "ten"}', 'docs.json:3:44: mdxsite.plugins.feed.limit: '),
    ('{"limit": 0}', 'docs.json:3:44: mdxsite.plugins.feed.limit: must be 1 or more, got 0'),
])
def test_a_settings_mistake_is_located(mdxsite_with: Run, make_site: MakeSite, tmp_path: Path,
                                       settings: str, first_line: str) -> None:
    text = ('{"name": "Keys", "theme": "mint", "colors": {"primary": "#0D9373"},\n'
            ' "navigation": {"pages": ["index"]},\n'
            f' "mdxsite": {{"plugins": {{"feed": {settings}}}}}}}\n')
    root = make_site(text, pages={"index": page("Home", date="2026-01-05")})
    result = mdxsite_with("build", root, "-o", tmp_path / "out")
    assert result.returncode == 1
    assert result.stderr.splitlines()[0].startswith(first_line), result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()
    if "titel" in settings:
        assert "title" in result.stderr.splitlines()[0]           # did you mean 'title'?


def test_a_date_that_is_not_one_is_located(mdxsite_with: Run, make_site: MakeSite,
                                           tmp_path: Path) -> None:
    root = make_site(docs(["index", "news/soon"]),
                     pages={"index": page("Home"), "news/soon": page("Soon", date="next week")})
    result = mdxsite_with("build", root, "-o", tmp_path / "out")
    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == (
        "news/soon.mdx: frontmatter date 'next week' is not a date. Write it as date: 2026-11-25 "
        "(or 2026-11-25T09:30:00+01:00).")
    assert not (tmp_path / "out").exists()


def test_feed_preview_prints_the_entries(mdxsite_with: Run, dated_site: Path) -> None:
    result = mdxsite_with("feed-preview", dated_site)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["2026-03-05  Release 3  /three/",
                                          "2026-02-05  Release 2  /two/"]

    gone = mdxsite_with("--disable-plugin", "feed", "feed-preview", dated_site)
    assert gone.returncode == 2 and "No such command 'feed-preview'" in gone.stderr


def test_feed_preview_reports_a_broken_site_located(mdxsite_with: Run, make_site: MakeSite) -> None:
    root = make_site('{"name": "Keys", "theme": "mint",\n "navigation": {"pages": ["nope"]}}\n')
    result = mdxsite_with("feed-preview", root)
    assert result.returncode == 1
    assert result.stderr.startswith("docs.json:2:"), result.stderr
    assert "Traceback" not in result.stderr


# --------------------------------------------------------------------------- a plugin that raises


BROKEN = '''\
from mdxsite import hookimpl


@hookimpl
def {hook}({args}):
    raise ValueError("the plugin's own bug")
'''


@pytest.mark.parametrize(("hook", "args", "page_key"), [
    ("mdxsite_page_slots", "site, page", "guide"),     # per page, in a worker
    ("mdxsite_output_files", "site", ""),              # once per build, main process
])
def test_a_raising_hook_names_its_plugin(mdxsite_with: Run, make_site: MakeSite, tmp_path: Path,
                                         install_plugin: Callable[..., Path],
                                         hook: str, args: str, page_key: str) -> None:
    where = install_plugin("mdxsite_broken", BROKEN.format(hook=hook, args=args),
                           entry="broken", dist="mdxsite-broken", version="0.3.1")
    root = make_site(docs(["guide"]), pages={"guide": page("Guide")})

    result = mdxsite_with("build", root, "-o", tmp_path / "out", also=[where])
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    first = next(line for line in result.stderr.splitlines() if line.startswith("plugin "))
    for part in ("'broken'", "mdxsite-broken", "0.3.1", hook, "the plugin's own bug",
                 "mdxsite_broken.py:6"):
        assert part in first, (part, result.stderr)
    if page_key:
        assert page_key in first
    assert not (tmp_path / "out").exists()


# --------------------------------------------------------------------------- the guide's plugin


def test_the_guides_first_plugin_works_as_written(mdxsite_with: Run, make_site: MakeSite, tmp_path: Path) -> None:
    words = " ".join(["word"] * 450)
    root = make_site(docs(["index", "long"]),
                     pages={"index": page("Home", "Hello there."), "long": page("Long", words)})
    result = mdxsite_with("build", root, "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert '<p class="reading-time">1 min read</p>' in html(tmp_path / "out", "index")
    assert '<p class="reading-time">3 min read</p>' in html(tmp_path / "out", "long")
