"""An mdxsite plugin: "Last updated <date>" under every page, the date of its last commit.

Three hooks cooperate:

- ``mdxsite_page_slots`` (worker processes) puts the line in the ``after_content`` slot;
- ``mdxsite_page_dependencies`` (main process) gives every page the key
  ``Dependency("git-head", <HEAD commit>)``: after a commit the key differs from the one stored
  with the cached render, so a warm build renders the pages again instead of reusing them;
- ``mdxsite_watch_paths`` makes ``mdxsite dev`` watch ``.git/HEAD``, ``.git/logs`` and
  ``.git/refs/heads``, which every commit, checkout or reset touches, so the open pages
  update after a commit too.

Git is asked twice per process, not once per page: ``git rev-parse`` to find the repository,
and one ``git log`` over the site's folder for every file's last commit date, kept until
HEAD moves. HEAD itself is read from the files git keeps it in, because the dependency hook
runs for every page on every build.
"""

from __future__ import annotations

import functools
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from mdxsite import Dependency, Page, Site, hookimpl


@dataclass(frozen=True)
class Repo:
    top: Path          # the working tree's root folder
    git_dir: Path      # .git (a linked worktree has its own, under the main one)
    common_dir: Path   # where the branches are (the main .git for a linked worktree)


def _git(cwd: Path, *args: str) -> str | None:
    """Run git in ``cwd``; None when git is missing or says no (not a repository...)."""
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return done.stdout


@functools.cache
def repo_of(root: Path) -> Repo | None:
    """The repository holding the site folder ``root``, or None outside one."""
    out = _git(root, "rev-parse", "--show-toplevel", "--absolute-git-dir", "--git-common-dir")
    if out is None:
        return None
    top, git_dir, common_dir = out.splitlines()
    return Repo(Path(top).resolve(), Path(git_dir), (root / common_dir).resolve())


def head(repo: Repo) -> str:
    """HEAD's commit id ("" before the first commit), read without starting a process."""
    text = (repo.git_dir / "HEAD").read_text().strip()
    if not text.startswith("ref: "):
        return text                                  # a detached HEAD holds the id itself
    ref = text.removeprefix("ref: ")
    loose = repo.common_dir / ref
    if loose.is_file():
        return loose.read_text().strip()
    packed = repo.common_dir / "packed-refs"         # after `git gc` or a fresh clone
    if packed.is_file():
        for line in packed.read_text().splitlines():
            commit, _, name = line.partition(" ")
            if name == ref:
                return commit
    # another ref storage (reftable) or an unborn branch: ask git
    return (_git(repo.top, "rev-parse", "--verify", "-q", "HEAD") or "").strip()


@functools.lru_cache(maxsize=2)
def last_commits(repo: Repo, folder: Path, at_head: str) -> Mapping[str, str]:
    """Each file's last commit date (ISO 8601) under ``folder``, by path from the repository top.

    One ``git log`` for the whole folder; ``at_head`` is only part of the cache key, so the
    log is read again when HEAD moves.
    """
    where = folder.relative_to(repo.top).as_posix() or "."
    out = _git(repo.top, "log", "--format=%x01%cI", "--name-only", "-z", "--", where) or ""
    dates: dict[str, str] = {}
    date = ""
    # -z output: "\x01<date>\0\n<file>\0<file>\0\0\x01<date>..." newest commit first
    for token in out.split("\0"):
        token = token.lstrip("\n")
        if token.startswith("\x01"):
            date = token[1:]
        elif token:
            dates.setdefault(token, date)            # the first (newest) commit wins
    return dates


def _source_in(repo: Repo, site: Site, page: Page) -> str | None:
    if page.source is None:                          # a generated page has no file
        return None
    path = (site.root / page.source).resolve()
    return path.relative_to(repo.top).as_posix() if path.is_relative_to(repo.top) else None


@hookimpl
def mdxsite_page_dependencies(site: Site, page: Page) -> Iterable[Dependency]:
    repo = repo_of(site.root.resolve())
    if repo is None or page.source is None:
        return []
    return [Dependency("git-head", head(repo))]


@hookimpl
def mdxsite_watch_paths(site: Site) -> Iterable[Path]:
    repo = repo_of(site.root.resolve())
    if repo is None:
        return []
    # A checkout rewrites HEAD; a commit appends to logs/HEAD and then moves the branch in
    # refs/heads: git writes the log first, so a rebuild woken by the log alone can still read
    # the old commit, and only the branch's own change brings the new one. (logs/ and
    # refs/heads/ appear with the first commit.)
    paths = (repo.git_dir / "HEAD", repo.git_dir / "logs", repo.common_dir / "refs" / "heads")
    return [p for p in paths if p.exists()]


@hookimpl
def mdxsite_page_slots(site: Site, page: Page) -> Mapping[str, str]:
    root = site.root.resolve()
    repo = repo_of(root)
    if repo is None:
        return {}
    source = _source_in(repo, site, page)
    committed = last_commits(repo, root, head(repo)).get(source or "")
    if not committed:                                # generated, or not committed yet
        return {}
    when = datetime.fromisoformat(committed)
    return {"after_content": (
        f'<p class="git-updated">Last updated <time datetime="{committed}">'
        f"{when:%B} {when.day}, {when.year}</time></p>")}
