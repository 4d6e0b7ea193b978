"""The example plugins under ``examples/plugins/``, installed for real once per test session.

Each package is built by pip from a copy of its folder (so no ``build/`` or ``.egg-info``
lands in the repository) into a ``site-packages`` folder of its own, never into the test
venv: the other tests must keep seeing only mdxsite's plugins. The ``mdxsite`` console script
then runs in a subprocess with that folder on ``PYTHONPATH``, as for a user who ran
``pip install mdxsite-kbd``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples" / "plugins"
PACKAGES = ("mdxsite-kbd", "mdxsite-git-updated", "mdxsite-feed")
GUIDE = REPO / "docs" / "WRITING_A_PLUGIN.md"
BIN = Path(sys.executable).parent

# commits with fixed names and dates, whatever the machine's git configuration says
GIT_ENV = {"GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com",
           "GIT_COMMITTER_NAME": "Ada", "GIT_COMMITTER_EMAIL": "ada@example.com",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


def _guide_file(name: str, language: str) -> str:
    """The code block the guide introduces with ```name```:, as a newcomer would copy it."""
    found = re.search(rf"`{re.escape(name)}`:\n\n```{language}\n(.*?)```", GUIDE.read_text(),
                      re.DOTALL)
    assert found, f"{GUIDE.name} no longer shows {name}"
    return found[1]


def _guide_package(where: Path) -> Path:
    """Section 1 of the guide, mdxsite-reading-time, written out file by file."""
    package = where / "mdxsite-reading-time"
    (package / "mdxsite_reading_time").mkdir(parents=True)
    (package / "pyproject.toml").write_text(_guide_file("pyproject.toml", "toml"))
    (package / "README.md").write_text("# mdxsite-reading-time\n")
    (package / "mdxsite_reading_time" / "__init__.py").write_text(
        _guide_file("mdxsite_reading_time/__init__.py", "python"))
    return package


@pytest.fixture(scope="session")
def example_plugins(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ``site-packages`` folder holding the example plugins, installed by pip.

    The three packages of ``examples/plugins/`` and the guide's first plugin, written from
    the guide's code blocks (so the guide cannot drift from what works).
    """
    work = tmp_path_factory.mktemp("example-plugins")
    target = work / "site-packages"
    copies = [str(_guide_package(work / "src"))]
    for name in PACKAGES:
        copy = work / "src" / name
        shutil.copytree(EXAMPLES / name, copy, ignore=shutil.ignore_patterns(
            "build", "*.egg-info", "__pycache__"))
        copies.append(str(copy))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
         "--target", str(target), *copies],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    assert done.returncode == 0, done.stderr
    return target


Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def mdxsite_with(example_plugins: Path) -> Run:
    """Run ``mdxsite ARGS`` with the example plugins (and ``also`` folders) importable.

    Pagefind's index is left out (``--disable-plugin search``): it has nothing to do with the
    examples and would double each build's time.
    """

    def run(*args: str | Path, also: Sequence[Path] = (), cwd: Path | None = None,
            env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        path = os.pathsep.join(str(p) for p in (*also, example_plugins))
        return subprocess.run([str(BIN / "mdxsite"), "--disable-plugin", "search",
                               *map(str, args)], cwd=cwd,
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ, **(env or {}), "PYTHONPATH": path, "CI": "1"})

    return run


@pytest.fixture
def git() -> Callable[..., str]:
    """``git(root, *args, date="2026-01-02T10:00:00+00:00")``: run git, return its output.

    ``date`` is the author and committer date of a commit.
    """

    def run(root: Path, *args: str, date: str = "") -> str:
        env = {**os.environ, **GIT_ENV}
        if date:
            env |= {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
        done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        return done.stdout

    return run
