"""A render worker process that dies without a Python exception (the out-of-memory killer, a
segmentation fault in a compiled extension, a plugin calling ``os._exit``): the build says
what happened and on which page, exits 1 without a traceback, and keeps the last good output.

The worker is taken down for real, by an installed plugin's render hook inside the worker."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

CRASHER = textwrap.dedent('''
    """Takes down the render worker that renders page p17, as CRASH_HOW says."""
    import multiprocessing
    import os
    import signal

    from mdxsite import hookimpl


    @hookimpl(tryfirst=True)
    def mdxsite_render_page(site, page):
        how = os.environ.get("CRASH_HOW")
        if how and page.key == "p17" and multiprocessing.parent_process() is not None:
            if how == "exit":
                os._exit(3)
            os.kill(os.getpid(), getattr(signal, how))
''')

PAGES = {f"p{i:02d}": f"# Page {i}\n\nText.\n" for i in range(50)}  # enough for the worker pool


@pytest.fixture
def crasher(install_plugin: Callable[..., Path]) -> Path:
    return install_plugin("mdxsite_crasher", CRASHER, entry="crasher", dist="mdxsite-crasher")


def _build(root: Path, out: Path, plugins: Path, how: str = "", *args: str
           ) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(plugins), "CI": "1", "CRASH_HOW": how}
    return subprocess.run([str(Path(sys.executable).parent / "mdxsite"), "--disable-plugin",
                           "search", "build", str(root), "-o", str(out), "--jobs", "2", *args],
                          env=env, capture_output=True, text=True, timeout=300)


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.mark.parametrize(("how", "said", "likely"), [
    ("SIGKILL", "was killed (SIGKILL)", ", most likely by the system's out-of-memory killer;"),
    ("SIGSEGV", "crashed (SIGSEGV, a segmentation fault)", ", in compiled code;"),
    ("exit", "exited with status 3", "';")])
def test_a_dead_worker_is_named_with_its_page_and_the_output_is_kept(
        how: str, said: str, likely: str, crasher: Path, make_site: Callable[..., Path],
        tmp_path: Path) -> None:
    root = make_site({"name": "T", "navigation": {"pages": list(PAGES)}}, pages=PAGES)
    out = tmp_path / "out"
    assert _build(root, out, crasher).returncode == 0
    before = _tree(out)
    (root / "p03.mdx").write_text("# Page 3\n\nEdited.\n")
    result = _build(root, out, crasher, how, "--no-cache")
    assert result.returncode == 1, result.stderr
    # the error's first line, after any "rendered N pages" progress line: a build slower
    # than 2 s (a loaded machine) prints one before the worker dies
    said_lines = [line for line in result.stderr.splitlines()
                  if not re.fullmatch(r"rendered \d+ pages", line)]
    first = said_lines[0]
    assert f"a render worker process {said} while rendering " in first
    assert f"{likely} nothing was published, the previous output is kept. " in first
    # the pages the workers were on (two workers: one or two pages), the dead one's among them
    pages = re.search(r"while rendering (?:'(p\d\d)'|one of ('p\d\d'(?:, 'p\d\d')*))", first)
    assert pages, first
    named = [pages.group(1)] if pages.group(1) else re.findall(r"p\d\d", pages.group(2))
    assert "p17" in named and len(named) <= 2
    assert first.startswith("p17.mdx: " if named == ["p17"] else "mdxsite: ")
    assert "--jobs 1" in first
    assert "Traceback" not in result.stderr and "bug in" not in result.stderr
    assert _tree(out) == before
    assert not [p for p in tmp_path.iterdir() if "staging" in p.name]
    # without the crash, the same build succeeds
    assert _build(root, out, crasher, "", "--no-cache").returncode == 0
    assert b"Edited." in (out / "p03" / "index.html").read_bytes()
