"""Built-in plugin: "Last modified" under a page, as ``metadata.timestamp`` and the frontmatter
``timestamp`` ask.

The date is the page file's last commit when the site is in a git checkout (one ``git log``
for the whole site, once per process and commit), else the file's modification time. It is
placed in the theme's ``after_content`` slot, and declared as a dependency of the page
(``Dependency("git-head", …)``), so a commit renders the dated pages again in a warm build
and in watch mode, which watches HEAD, its reflog and the current branch's file. Everything here uses the public hooks.
"""

from __future__ import annotations

import datetime
import os
import subprocess
from pathlib import Path

from markupsafe import escape

from mdxsite.hookspecs import hookimpl
from mdxsite.model import Dependency, Page, Site
from mdxsite.output import i18n
from mdxsite.output.stamp import note_read

# (site root, HEAD stamp) -> (commit, {site-relative path: unix time of its last commit})
_GIT: dict[tuple[str, object], tuple[str, dict[str, int]]] = {}


def wanted(site: Site, page: Page) -> bool:
    """Whether ``page`` shows its date: its frontmatter ``timestamp``, else docs.json's."""
    own = page.frontmatter.get("timestamp")
    if isinstance(own, bool):
        return own
    return site.config.get("metadata.timestamp") is True and page.source is not None


def _git_dir(root: Path) -> Path | None:
    """The repository's git folder for ``root`` (``.git``, or where a worktree's ``.git`` file
    points), None outside a checkout."""
    for folder in (root, *root.parents):
        dot = folder / ".git"
        if dot.is_dir():
            return dot
        if dot.is_file():  # a linked worktree: "gitdir: /path/to/main/.git/worktrees/x"
            text = dot.read_text(encoding="utf-8", errors="replace").strip()
            if text.startswith("gitdir:"):
                return (folder / text[len("gitdir:"):].strip()).resolve()
    return None


def _head_files(git: Path) -> list[Path]:
    """The files a commit or checkout changes: HEAD, its reflog and the branch it names.

    A commit appends to the reflog before it moves the branch, so the branch's own file is in
    the stamp too: a look between the two would otherwise keep the old commit for good.
    """
    files = [git / "HEAD", git / "logs" / "HEAD"]
    try:
        head = (git / "HEAD").read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return files
    if head.startswith("ref: "):
        common = git
        if (git / "commondir").is_file():  # a linked worktree's branches live in the main one
            common = (git / (git / "commondir").read_text().strip()).resolve()
        ref = head[len("ref: "):]
        files += [common / ref, common / "packed-refs"]
    return files


def _head_stamp(git: Path) -> object:
    """Changes whenever HEAD moves (a commit, a checkout, a reset)."""
    stamp: list[tuple[int, int] | None] = []
    for f in _head_files(git):
        try:
            st = os.stat(f)
            stamp.append((st.st_mtime_ns, st.st_size))
        except OSError:
            stamp.append(None)
    return tuple(stamp)


def history(root: Path) -> tuple[str, dict[str, int]] | None:
    """Return (HEAD commit, last commit time of each file under ``root``), None outside git."""
    git = _git_dir(root)
    if git is None:
        return None
    for f in _head_files(git):  # a commit moves the dates without changing a file of the site
        note_read(f)
    key = (str(root), _head_stamp(git))
    found = _GIT.get(key)
    if found is not None:
        return found
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                              text=True, timeout=30, check=True).stdout.strip()
        # newest first: the first time a path appears is its last commit
        log = subprocess.run(["git", "-C", str(root), "log", "--format=@%ct", "--name-only",
                              "--no-renames", "--relative", "--", "."], capture_output=True,
                             text=True, timeout=120, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None  # no git, or no commit yet: file times
    times: dict[str, int] = {}
    when = 0
    for line in log.splitlines():
        if line.startswith("@"):
            when = int(line[1:])
        elif line and line not in times:
            times[line] = when
    _GIT.clear()
    _GIT[key] = (head, times)
    return head, times


def modified(site: Site, page: Page) -> datetime.datetime | None:
    """When the page's file last changed: its last commit, else the file's time."""
    if page.source is None:
        return None
    rel = page.source.as_posix()
    found = history(site.root)
    if found is not None and rel in found[1]:
        return datetime.datetime.fromtimestamp(found[1][rel], datetime.timezone.utc)
    try:
        return datetime.datetime.fromtimestamp((site.root / rel).stat().st_mtime,
                                               datetime.timezone.utc)
    except OSError:
        return None


@hookimpl
def mdxsite_page_dependencies(site: Site, page: Page) -> list[Dependency]:
    if not wanted(site, page):
        return []
    found = history(site.root)
    return [Dependency("git-head", found[0])] if found is not None else []


@hookimpl
def mdxsite_watch_paths(site: Site) -> list[Path]:
    git = _git_dir(site.root) if site.config.get("metadata.timestamp") is True else None
    return [f for f in _head_files(git) if f.exists()] if git is not None else []


@hookimpl
def mdxsite_page_slots(site: Site, page: Page) -> dict[str, str]:
    if not wanted(site, page):
        return {}
    when = modified(site, page)
    if when is None:
        return {}
    words = i18n.page_words(site, page)  # the line and its date in the page's language
    label = words["date_format"].format(month=words["months"].split(",")[when.month - 1],
                                        day=when.day, year=when.year)
    before, _, after = words["last_modified"].partition("{date}")
    return {"after_content": f'<p class="last-modified">{escape(before)}<time datetime='
                             f'"{escape(when.isoformat())}">{escape(label)}</time>'
                             f'{escape(after)}</p>'}
