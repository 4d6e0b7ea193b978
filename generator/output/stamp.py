"""Know that nothing changed since the last build of an output folder, and skip that build.

After a successful ``mdxsite build``, a *stamp* beside the output (``stamp.pickle`` in the
cache folder) records:

- a digest of everything the build read: the stat (modification time and size) of every file
  in the site folder that the build walks, the code that renders (mdxsite, its plugins, every
  installed distribution's version, see :func:`mdxsite.output.cache.code_fingerprint`), the
  browser bundles from ``make theme-deps``, the build options and the ``MDXSITE_*`` variables;
- each file the build published, with its modification time and size;
- the warnings the build printed;
- the listing it was given (every site file's stat), so the next build can say which files
  changed since (:func:`changed_files`) before it loads the site.

The next build with the same digest checks that every published file is still there, not
modified since, prints the same warnings and stops: nothing would change. Anything else runs
the whole build. The stamp is only written when the build can know everything it read:

- every registered plugin is one of mdxsite's own (a third-party plugin may read anything, so
  a site with one always takes the whole build, and its hooks always run);
- no OpenAPI document came from a URL;
- no input file was modified within :data:`RACY_SECONDS` of being looked at (a second edit
  in the same clock tick could keep both its size and its time).

Publishing into the output (a build, a watch-mode rebuild) deletes the stamp first, so a stamp
never describes an output another build has since changed.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import time
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pluggy

from mdxsite import plugin_manager, sources
from mdxsite.errors import Problem, report_warnings
from mdxsite.mdx import mermaid
from mdxsite.output.cache import code_fingerprint
from mdxsite.output.staging import (STAMP_FILE, cache_dir_for, published_stats,
                                    read_manifest, replace_file)

log = logging.getLogger(__name__)

SCHEMA = 4
RACY_SECONDS = 2.0

# What builds in this process read besides the site folder (see note_read).
_REMOTE: set[str] = set()
_OUTSIDE: set[str] = set()


def note_read(source: str | Path) -> None:
    """Tell the stamp that a build read ``source`` (a path or an http(s) URL).

    Stage code that reads a file outside the site folder (or inside it where the walk does
    not look, such as ``.git``), or anything over the network, calls this; a URL keeps the
    next build from being skipped.
    """
    text = os.fspath(source)
    if text.startswith(("http://", "https://")):
        _REMOTE.add(text)
    else:
        _OUTSIDE.add(os.path.abspath(text))


@dataclass
class Stamp:
    """What the last build of an output folder read, published and printed."""

    inputs: str
    outside: tuple[str, ...]           # files read outside the site folder, absolute
    outputs: dict[str, tuple[int, int]]  # published file -> (mtime in ns, size)
    pages: int
    # a located problem, or a plain log line as (logger name, level, message)
    warnings: list[Problem | tuple[str, int, str]] = field(default_factory=list)


@dataclass
class Inputs:
    """What one build reads, taken before it reads anything (see :func:`take`)."""

    root: Path
    listing: Mapping[str, tuple[int, int]]
    code: str                          # code_fingerprint, which the render cache keys by too
    parts: tuple[str, ...]             # options, variables and bundles, as text
    started: float = field(default_factory=time.time)
    records: list[logging.LogRecord] = field(default_factory=list)
    # the digest's state after the code, options and listing: hashed once, as load and save
    # both ask (the listing's part is 40 ms on 20,000 files)
    _listed: Any = field(default=None, repr=False, compare=False)

    def digest(self, outside: Iterable[str]) -> str:
        if self._listed is None:
            listed = hashlib.blake2b(digest_size=20)
            listed.update(repr((SCHEMA, self.code, self.parts)).encode())
            listed.update(repr(sorted(self.listing.items())).encode())
            self._listed = listed
        return _with_outside(self._listed.copy(), outside)

    def setting(self, outside: Iterable[str]) -> str:
        """A digest of what the build read besides the site folder's listing: the code, the
        options and variables, the files outside the folder (their stat now)."""
        return _with_outside(hashlib.blake2b(repr((SCHEMA, self.code, self.parts)).encode(),
                                             digest_size=20), outside)

    def racy(self, outside: Iterable[str]) -> bool:
        """True when an input changed too recently to trust its stat next time."""
        limit = (self.started - RACY_SECONDS) * 1e9
        if any(mtime >= limit for mtime, _ in self.listing.values()):
            return True
        return any(sources.file_stamp(p)[0] >= limit for p in outside)


def _with_outside(h: Any, outside: Iterable[str]) -> str:
    """Finish the digest ``h`` with the stat of each file read outside the site folder."""
    for path in sorted(outside):
        h.update(repr((path, sources.file_stamp(path))).encode())
    return str(h.hexdigest())


def _head(f: Any) -> dict[str, Any] | None:
    """The head of a stamp file open at its start (None: not a stamp of this schema)."""
    head = pickle.load(f)
    return head if isinstance(head, dict) and head.get("schema") == SCHEMA else None


def take(root: Path, pm: pluggy.PluginManager, options: Mapping[str, object]) -> Inputs | None:
    """Take the inputs of a build of ``root`` about to start (None: it cannot be stamped).

    ``options`` are the build options that shape the output (base URL, site URL, blocked
    plugins, strictness). Lists the site folder once; the build reuses that listing.
    """
    if not plugin_manager.only_builtins(pm):
        return None
    _REMOTE.clear()
    _OUTSIDE.clear()
    started = time.time()
    bundle = mermaid.bundle()
    env = sorted((k, v) for k, v in os.environ.items() if k.startswith("MDXSITE_"))
    parts = (repr(sorted(options.items())), repr(env),
             repr((str(bundle), sources.file_stamp(bundle)) if bundle is not None else None))
    return Inputs(root=root, listing=sources.listing(root), code=code_fingerprint(root, pm),
                  parts=parts, started=started)


def path_for(out_dir: Path) -> Path:
    return cache_dir_for(out_dir) / STAMP_FILE


def load(out_dir: Path, inputs: Inputs | None = None) -> Stamp | None:
    """Return the stamp of ``out_dir``'s last build (None when missing or unreadable).

    With ``inputs``, only a stamp of a build that read the same inputs (else None): the
    file's head holds the digest, so a build after an edit does not read the rest (the
    published files' list, 30,000 of them on a 10,000-page site).
    """
    try:
        with open(path_for(out_dir), "rb") as f:
            head = _head(f)
            if head is None:
                return None
            if inputs is not None and inputs.digest(head["outside"]) != head["inputs"]:
                return None
            f.seek(head["listing"], os.SEEK_CUR)
            stamp = pickle.load(f)
        if isinstance(stamp, Stamp):
            return stamp
    except Exception:  # noqa: BLE001 - missing, truncated, another mdxsite: build in full
        pass
    return None


def changed_files(out_dir: Path, inputs: Inputs) -> frozenset[str] | None:
    """Return the site files (site-relative) added, removed or modified since the last
    stamped build of ``out_dir``, when nothing else it read changed; else None (unknown: no
    stamp, other code, options or variables, a file outside the site folder changed).

    A hint for work that can start before the site is loaded (see
    ``hookspecs.mdxsite_build_starting``); 0.01 s for the listing of 10,000 pages.
    """
    try:
        with open(path_for(out_dir), "rb") as f:
            head = _head(f)
            if head is None or inputs.setting(head["outside"]) != head["setting"]:
                return None
            before = pickle.load(f)
    except Exception:  # noqa: BLE001 - missing, truncated, another mdxsite: unknown
        return None
    if not isinstance(before, dict):
        return None
    now = inputs.listing
    return frozenset(rel for rel in now.keys() | before.keys() if now.get(rel) != before.get(rel))


def up_to_date(stamp: Stamp, out_dir: Path) -> bool:
    """True when every file ``stamp``'s build published is still in ``out_dir`` as it left it.

    Whether the inputs are the same is for :func:`load` to say: given the inputs, it returns
    only a stamp of a build that read them (the digest over every file's stat, computed once).
    """
    return _published(out_dir, stamp.outputs) == stamp.outputs


def _published(out_dir: Path, rels: Iterable[str],
               known: Mapping[str, tuple[int, int]] | None = None
               ) -> dict[str, tuple[int, int]] | None:
    """Return each of ``rels`` in ``out_dir`` with its (mtime in ns, size); None if one is gone.

    ``known`` gives those the build stat-ed already (:func:`staging.published_stats`).
    """
    top = os.fspath(out_dir)
    found: dict[str, tuple[int, int]] = {}
    known = known or {}
    for rel in rels:
        if rel in known:
            found[rel] = known[rel]
            continue
        try:
            st = os.stat(os.path.join(top, rel))
        except OSError:
            return None
        found[rel] = (st.st_mtime_ns, st.st_size)
    return found


def replay(stamp: Stamp) -> None:
    """Print the warnings the stamped build printed, the way it printed them."""
    for warning in stamp.warnings:
        if isinstance(warning, Problem):
            report_warnings([warning])
        else:
            name, level, message = warning
            logging.getLogger(name).log(level, "%s", message)


def save(inputs: Inputs, out_dir: Path, pages: int, dependencies: Collection[str]) -> None:
    """Stamp ``out_dir`` after a successful build that read ``inputs``.

    ``dependencies`` are the site-relative files the pages read (those outside the site
    folder are stat-ed into the stamp). Nothing is written when the build read something the
    stamp cannot cover (see the module docstring); a failure only costs speed next time.
    """
    path = path_for(out_dir)
    inside = os.path.join(os.fspath(inputs.root), "")
    outside = {os.path.normpath(os.path.join(inputs.root, d)) for d in dependencies}
    outside = {p for p in outside if not p.startswith(inside)}
    # a file noted as read is stamped unless the listing has it: git's HEAD files lie in the
    # site folder, where the walk never looks (.git)
    outside |= {p for p in _OUTSIDE if not p.startswith(inside)
                or p[len(inside):].replace(os.sep, "/") not in inputs.listing}
    if _REMOTE or inputs.racy(outside):
        log.debug("not stamped: read %s", "a URL" if _REMOTE else "a file changed just now")
        return
    # the files the build kept or moved in were stat-ed then (all 30,000 of a cold build of
    # 10,000 pages, 20,000 of an edit's)
    outputs = _published(out_dir, read_manifest(out_dir), published_stats(out_dir))
    if outputs is None:
        return  # the output changed under the build: let the next one look
    warnings: list[Problem | tuple[str, int, str]] = []
    for record in inputs.records:
        problem = getattr(record, "problem", None)
        warnings.append(problem if isinstance(problem, Problem)
                        else (record.name, record.levelno, record.getMessage()))
    stamp = Stamp(inputs=inputs.digest(outside), outside=tuple(sorted(outside)),
                  outputs=outputs, pages=pages, warnings=warnings)
    # the header first: load() reads it alone to tell a stale stamp, and skips the listing
    # (changed_files reads it) by its length
    listing = pickle.dumps(dict(inputs.listing), pickle.HIGHEST_PROTOCOL)
    try:
        replace_file(path, pickle.dumps({"schema": SCHEMA, "inputs": stamp.inputs,
                                         "outside": stamp.outside, "listing": len(listing),
                                         "setting": inputs.setting(outside)},
                                        pickle.HIGHEST_PROTOCOL)
                     + listing + pickle.dumps(stamp, pickle.HIGHEST_PROTOCOL))
    except (OSError, pickle.PicklingError) as exc:
        log.debug("%s: not stamped (%s)", path, exc)
