"""A third-party plugin, installed the way pip would (a module + real .dist-info entry points)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

PLUGIN = textwrap.dedent('''
    """A third-party mdxsite plugin: adds a footer line to every page and a file."""
    from dataclasses import replace

    from mdxsite import OutputFile, hookimpl


    @hookimpl(wrapper=True)
    def mdxsite_render_page(site, page):
        rendered = yield
        return replace(rendered, html=rendered.html + f'<p class="shout">{page.title.upper()}!</p>')


    @hookimpl
    def mdxsite_output_files(site):
        return [OutputFile(path="shout.txt", content=f"{len(site.pages)} pages shouted\\n")]
''')


@pytest.fixture
def plugin_path(install_plugin: Callable[..., Path]) -> Path:
    return install_plugin("mdxsite_shout", PLUGIN, entry="shout", dist="mdxsite-shout",
                          version="1.2.0")


def _run(args: list[str], plugin_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(plugin_path), "CI": "1"}
    return subprocess.run([str(Path(sys.executable).parent / "mdxsite"), *args], env=env,
                          capture_output=True, text=True, timeout=120)


def test_installed_plugin_changes_the_output(plugin_path: Path, make_site, tmp_path: Path) -> None:
    root = make_site({"name": "T", "navigation": {"pages": ["index", "guide"]}},
                     pages={"index": "---\ntitle: Home\n---\nHi\n", "guide": "---\ntitle: Guide\n---\nG\n"})
    result = _run(["build", str(root), "-o", str(tmp_path / "out")], plugin_path)
    assert result.returncode == 0, result.stderr
    assert '<p class="shout">GUIDE!</p>' in (tmp_path / "out" / "guide" / "index.html").read_text()
    assert (tmp_path / "out" / "shout.txt").read_text() == "2 pages shouted\n"

    off = _run(["--disable-plugin", "shout", "build", str(root), "-o", str(tmp_path / "off")],
               plugin_path)
    assert off.returncode == 0, off.stderr
    assert "shout" not in (tmp_path / "off" / "guide" / "index.html").read_text()
    assert not (tmp_path / "off" / "shout.txt").exists()


def test_disabling_a_plugin_that_is_not_installed_is_a_command_line_error(
        plugin_path: Path, make_site, tmp_path: Path) -> None:
    # a typo used to be ignored: the plugin kept running, and `mdxsite plugins` listed the
    # misspelt name as disabled
    root = make_site({"name": "T", "navigation": {"pages": ["index"]}},
                     pages={"index": "---\ntitle: Home\n---\nHi\n"})
    for args in (["build", str(root), "-o", str(tmp_path / "out")], ["plugins"]):
        result = _run(["--disable-plugin", "shuot", *args], plugin_path)
        assert result.returncode == 2, result.stderr
        assert "no installed plugin is named 'shuot': did you mean 'shout'?" in result.stderr
        assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_plugins_command_lists_it_with_its_distribution(plugin_path: Path) -> None:
    result = _run(["plugins"], plugin_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("shout "))
    assert "mdxsite-shout 1.2.0" in lines[row] and "mdxsite_shout.py" in lines[row]
    assert lines[row + 1].split() == ["mdxsite_output_files,", "mdxsite_render_page"]
    assert any(line.startswith("navigation  mdxsite ") for line in lines)


def test_a_misspelt_hook_is_a_located_error(plugin_path: Path) -> None:
    (plugin_path / "mdxsite_shout.py").write_text(
        "from mdxsite import hookimpl\n\n@hookimpl\ndef mdxsite_render_pages(site, page):\n    pass\n")
    result = _run(["plugins"], plugin_path)
    assert result.returncode == 1
    assert "plugin 'shout' implements a hook mdxsite does not have" in result.stderr
    assert "Traceback" not in result.stderr


INDEX_READER = '''
from pathlib import Path

from mdxsite import hookimpl


@hookimpl(wrapper=True)
def mdxsite_build_finished(site, out_dir, report):
    yield  # every other implementation, the search index last, has run
    entry = Path(out_dir) / "_pagefind" / "pagefind-entry.json"
    (Path(out_dir) / "index-seen.txt").write_text(str(entry.is_file()), encoding="utf-8")
'''


def test_a_wrapper_reads_the_search_index_after_its_yield(
        install_plugin: Callable[..., Path], make_site, tmp_path: Path) -> None:
    # the search plugin finishes last (trylast); HOOKS.md tells a plugin reading its index to
    # wrap the hook and read after the yield
    path = install_plugin("mdxsite_index_reader", INDEX_READER, entry="index-reader",
                          dist="mdxsite-index-reader")
    root = make_site({"name": "T", "navigation": {"pages": ["index"]}})
    out = tmp_path / "out"
    done = _run(["build", str(root), "-o", str(out)], path)
    assert done.returncode == 0, done.stderr
    assert (out / "index-seen.txt").read_text(encoding="utf-8") == "True"


LINGERING = '''
import atexit
import threading
import time
from pathlib import Path

from mdxsite import hookimpl


@hookimpl
def mdxsite_build_finished(site, out_dir, report):
    def later():
        time.sleep(0.3)
        Path(site.root, "from-thread.txt").write_text("done\\n")

    threading.Thread(target=later).start()  # not a daemon: the process waits for it
    atexit.register(lambda: Path(site.root, "from-atexit.txt").write_text("done\\n"))
'''


def test_the_process_ends_after_a_plugins_thread_and_exit_functions(
        install_plugin: Callable[..., Path], make_site, tmp_path: Path) -> None:
    # `mdxsite build` ends without the interpreter's teardown (cli._end_now), but as the
    # interpreter would for a plugin: after its threads and its atexit functions
    path = install_plugin("mdxsite_lingering", LINGERING, entry="lingering",
                          dist="mdxsite-lingering")
    root = make_site({"name": "T", "navigation": {"pages": ["index"]}})
    out = tmp_path / "out"
    result = _run(["build", str(root), "-o", str(out)], path)
    assert result.returncode == 0, result.stderr
    assert (root / "from-thread.txt").read_text() == "done\n"
    assert (root / "from-atexit.txt").read_text() == "done\n"
