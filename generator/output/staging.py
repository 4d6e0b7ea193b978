"""Swap a finished build into place, so a failed build never destroys the last good output.

A build writes into a staging folder beside the output. On success a cold build renames the
staging folder into place; a warm one ``os.replace``s only the files whose bytes changed and
removes the files the previous build wrote that this one did not. Files in the output that
mdxsite never wrote (a ``CNAME`` the operator put there) are left alone.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

MANIFEST = ".mdxsite-manifest.json"
# Says the output is what the last build made of unchanged inputs (mdxsite.output.stamp):
# deleted before anything is published, so it never outlives the output it describes.
STAMP_FILE = "stamp.pickle"


class _Open(NamedTuple):
    """A running build's staging folder: what it will replace and what it kept from it."""

    out_dir: Path
    kept: set[str]       # files kept from the published output instead of written
    # out_dir as a string ending in a separator, and the kept files' stats (_STATS): keep()
    # runs for every page and its .md copy (20,000 calls on 10,000 pages)
    prefix: str
    stats: dict[str, tuple[int, int]]


# staging folder -> its build's _Open
_OPEN: dict[Path, _Open] = {}
# output folder -> (mtime in ns, size) of each file the last build of it kept (as keep() saw
# it) or moved in (as publish() listed it): the build stamp (mdxsite.output.stamp) then stats
# only the other files
_STATS: dict[Path, dict[str, tuple[int, int]]] = {}
# staging folder -> what to call when it closes, published or discarded (see on_close)
_CLOSERS: dict[Path, list[Callable[[], None]]] = {}


def cache_dir_for(out_dir: Path) -> Path:
    """Return the folder beside the output where mdxsite keeps its cache and manifest."""
    return out_dir.parent / ".mdxsite-cache" / out_dir.name


@contextmanager
def staging_dir(out_dir: Path, stats: dict[str, int] | None = None,
                published: Callable[[], None] | None = None) -> Iterator[Path]:
    """Yield a fresh staging folder; publish it into ``out_dir`` only if the block succeeds.

    ``stats`` receives :func:`publish`'s counts; ``published()`` is called once the new
    output is in place, before the manifest is written (see :func:`publish`).
    """
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = out_dir.parent / f".{out_dir.name}.staging-{os.getpid()}"
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir()
    kept: set[str] = set()
    seen = _STATS[out_dir] = {}
    _OPEN[tmp] = _Open(out_dir, kept, os.path.join(out_dir, ""), seen)
    try:
        yield tmp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    finally:
        del _OPEN[tmp]
        for close in _CLOSERS.pop(tmp, ()):
            close()
    # a file unkept after keep() (a stale search shard's) is not vouched for
    for rel in seen.keys() - kept:
        del seen[rel]
    result = publish(tmp, out_dir, kept, published=published, stats=seen)
    if stats is not None:
        stats.update(result)


def published_for(staging: Path) -> Path | None:
    """Return the output folder a running build's staging folder will replace (None: not one)."""
    found = _OPEN.get(staging)
    return found.out_dir if found is not None else None


def on_close(staging: Path, close: Callable[[], None]) -> bool:
    """Call ``close()`` when the running build of ``staging`` ends, whether it published or
    failed (a helper process working beside the build stops then); False: not a staging
    folder of a running build, nothing registered."""
    if staging not in _OPEN:
        return False
    _CLOSERS.setdefault(staging, []).append(close)
    return True


def utf8_size(text: str) -> int:
    """Return the UTF-8 byte length of ``text`` (without encoding it when it is ASCII)."""
    return len(text) if text.isascii() else len(text.encode("utf-8"))


def file_size(path: str | Path) -> int:
    """Return the size of the file at ``path`` in bytes, -1 when there is none to stat."""
    try:
        return os.stat(path).st_size
    except OSError:
        return -1


_WRITE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)


def write_file(path: str, data: bytes, made: set[str]) -> None:
    """Write ``data`` to ``path``, making its folder first unless ``made`` (the folders a
    writer made already, which this adds to) holds it: one ``makedirs`` a folder, not a
    file, for writers of thousands of files (pages, their .md copies, search fragments)."""
    folder = os.path.dirname(path)
    if folder not in made:
        os.makedirs(folder, exist_ok=True)
        made.add(folder)
    # os.open and os.write, not open(): no buffered file object made for one write (a page
    # file: 0.11 -> 0.08 ms, best of 10); the same flags and mode as open(path, "wb")
    fd = os.open(path, _WRITE_FLAGS, 0o666)
    try:
        view = memoryview(data)
        while view:  # a regular file takes it all at once; a short write is not an error
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def keep(staging: Path, rel: str, size: int) -> bool:
    """Keep the published copy of ``rel`` instead of writing it into ``staging`` again.

    For a writer that knows a file is byte-identical to what the last build published (the
    render cache says so): skipping the write keeps a warm build cheap. Returns False, and
    keeps nothing, when the published file is missing or has another size; write it then.
    """
    found = _OPEN.get(staging)
    if found is None:  # not a staging folder of a running build
        return False
    _, kept, prefix, stats = found
    try:
        st = os.stat(prefix + rel)  # os, not pathlib: 20,000 calls
    except OSError:
        return False
    if st.st_size != size:
        return False
    kept.add(rel)
    stats[rel] = (st.st_mtime_ns, size)
    return True


def published_stats(out_dir: Path) -> dict[str, tuple[int, int]]:
    """Return (mtime in ns, size) of the files the last build of ``out_dir`` in this process
    kept from the published output or moved into it, as it saw them (a file changed since
    then no longer matches them, as a stamp expects)."""
    return _STATS.get(out_dir, {})


def keep_present(staging: Path, rels: Iterable[str]) -> bool:
    """Keep published files whose names are digests of their bytes (Pagefind's fragments),
    checking only that each is there: one listing per folder, not one ``stat`` per file.

    Returns False, and keeps nothing, when any of them is missing.
    """
    if staging not in _OPEN:
        return False
    out_dir, kept, _, _ = _OPEN[staging]
    wanted = list(rels)
    by_folder: dict[str, set[str]] = {}
    for rel in wanted:
        folder, _, name = rel.rpartition("/")
        by_folder.setdefault(folder, set()).add(name)
    for folder, names in by_folder.items():
        try:
            present = set(os.listdir(os.path.join(out_dir, folder)))
        except OSError:
            return False
        if not names <= present:
            return False
    kept.update(wanted)
    return True


def unkeep(staging: Path, rels: Iterable[str]) -> None:
    """Forget that ``rels`` were kept (:func:`keep`): a writer found them stale after all
    and writes what replaces them, or nothing."""
    if staging in _OPEN:
        _OPEN[staging].kept.difference_update(rels)


def keep_if_same(staging: Path, rel: str, data: bytes) -> bool:
    """Keep the published ``rel`` when it already holds ``data``; False: write it.

    For a large file made whole on every build (llms-full.txt: 40 MB on 10,000 pages):
    comparing it in place costs one read, where writing it and publishing cost a write and
    two reads.
    """
    if staging not in _OPEN:
        return False
    out_dir, kept, _, _ = _OPEN[staging]
    path = os.path.join(out_dir, rel)
    try:
        if os.stat(path).st_size != len(data):
            return False
        view = memoryview(data)
        with open(path, "rb") as f:
            for start in range(0, len(data), 1 << 20):
                if f.read(1 << 20) != view[start:start + (1 << 20)]:
                    return False
    except OSError:
        return False
    kept.add(rel)
    return True


def _files(folder: Path, stats: dict[str, tuple[int, int]] | None = None) -> set[str]:
    """Return every file under ``folder`` (posix paths relative to it), as ``os.walk`` lists
    them (a link to a folder is not followed, nor listed); ``stats`` receives each one's
    (mtime in ns, size).

    One ``os.scandir`` a folder and no path arithmetic: 30,566 files listed in 0.12 s where
    ``os.walk`` took 0.23 s, or listed and stat-ed in 0.23 s (a ``stat`` by path took 0.12 s
    more); ``rglob`` took ten times as long.
    """
    found: set[str] = set()
    folders = [("", os.fspath(folder))]
    while folders:
        prefix, path = folders.pop()
        try:
            entries = os.scandir(path)
        except OSError:  # os.walk skips a folder it cannot list
            continue
        with entries:
            for entry in entries:
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    is_dir = False
                if is_dir:
                    if not entry.is_symlink():
                        folders.append((prefix + entry.name + "/", entry.path))
                    continue
                rel = prefix + entry.name
                found.add(rel)
                if stats is not None:
                    try:
                        st = entry.stat()
                    except OSError:  # a dangling link: the stamp finds it gone
                        continue
                    stats[rel] = (st.st_mtime_ns, st.st_size)
    return found


def publish(staging: Path, out_dir: Path, kept: set[str] | frozenset[str] = frozenset(), *,
            published: Callable[[], None] | None = None,
            stats: dict[str, tuple[int, int]] | None = None) -> dict[str, int]:
    """Move the staging folder's content into ``out_dir``; return counts of what changed.

    ``kept`` files (see :func:`keep`) are already in ``out_dir``: they count as unchanged.
    ``published()`` is called once the output is in place, before the manifest is written:
    the render cache's commit then runs beside the listing of a cold build's 30,000 files
    (see pipeline._build). ``stats`` receives (mtime in ns, size) of each file moved in.
    """
    cache = cache_dir_for(out_dir)
    cache.mkdir(parents=True, exist_ok=True)
    _forget_stamp(out_dir)
    manifest_file = cache / MANIFEST
    if not kept and (not out_dir.exists() or not any(out_dir.iterdir())):
        if out_dir.exists():
            out_dir.rmdir()
        os.replace(staging, out_dir)  # atomic on POSIX: readers see the old or the new tree
        if published is not None:
            published()
        # listed where the files now are: a rename keeps each file's time and size
        new_files = _files(out_dir, stats)
        _write_manifest(manifest_file, new_files)
        return {"written": len(new_files), "unchanged": 0, "removed": 0}
    moved: dict[str, tuple[int, int]] = {}
    new_files = _files(staging, moved)
    old_files = _read_manifest(manifest_file)
    written = removed = 0
    unchanged = len(kept - new_files)
    for rel in sorted(new_files):
        if _replace_if_changed(staging / rel, out_dir / rel):
            written += 1
            if stats is not None and rel in moved:
                stats[rel] = moved[rel]
        else:
            unchanged += 1
    new_files |= kept
    for rel in sorted(old_files - new_files):
        if _remove(out_dir, rel):
            removed += 1
    shutil.rmtree(staging, ignore_errors=True)
    if published is not None:
        published()
    if new_files != old_files:
        _write_manifest(manifest_file, new_files)
    else:  # a warm build's usual case: the same 30,000 names, not written again, but its
        # time stays the last build's (mdxsite.server.app.needs_build reads it)
        os.utime(manifest_file)
    return {"written": written, "unchanged": unchanged, "removed": removed}


def _read_manifest(path: Path) -> set[str]:
    """The output files the last publish recorded (none when it is missing or unreadable)."""
    try:
        return set(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return set()


def read_manifest(out_dir: Path) -> set[str]:
    """Return the files mdxsite published into ``out_dir`` (posix paths relative to it)."""
    return _read_manifest(cache_dir_for(out_dir) / MANIFEST)


def _forget_stamp(out_dir: Path) -> None:
    try:
        (cache_dir_for(out_dir) / STAMP_FILE).unlink()
    except FileNotFoundError:
        pass


def _replace_if_changed(src: Path, dst: Path) -> bool:
    """Move ``src`` over ``dst`` unless ``dst`` already has its bytes; True when moved.

    Sizes are compared first, so a file that grew (llms-full.txt) is not read twice. The
    move is a rename: a reader (a static host, the dev server) never sees half a file.
    """
    try:
        if dst.stat().st_size == src.stat().st_size and dst.read_bytes() == src.read_bytes():
            return False
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        pass
    if dst.is_dir():
        shutil.rmtree(dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    os.replace(src, dst)
    return True


def _remove(out_dir: Path, rel: str) -> bool:
    """Delete ``out_dir/rel`` and the folders it leaves empty; True when a file was there."""
    target = out_dir / rel
    if not target.is_file():
        return False
    target.unlink()
    _prune_empty(target.parent, out_dir)
    return True


def _prune_empty(folder: Path, stop: Path) -> None:
    while folder != stop and folder.is_relative_to(stop):
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


def replace_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` in one step: into a file of this process beside it, then
    renamed over it, so a reader (another build) sees the old bytes or the new, never half.
    Makes the folder first; raises OSError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _write_manifest(path: Path, files: set[str]) -> None:
    replace_file(path, json.dumps(sorted(files)).encode("utf-8"))


def publish_changes(staging: Path, out_dir: Path, removed: set[str] | frozenset[str] = frozenset(),
                    *, keep_staging: bool = False) -> tuple[list[str], list[str]]:
    """Merge a watch-mode rebuild's staging folder into ``out_dir``; return what changed.

    Unlike :func:`publish`, files the staging folder lacks are kept (a rebuild writes only
    what it re-rendered); ``removed`` names the files of pages that no longer exist. Files
    mdxsite never wrote (not in the manifest) are never removed. With ``keep_staging`` the
    staging folder's (now empty) folders are kept for the next rebuild: removing and making a
    folder per page again cost a few ms each on a busy disk.

    Returns:
        (files written because their bytes changed, files removed), posix paths, sorted.
    """
    manifest_file = cache_dir_for(out_dir) / MANIFEST
    files = _read_manifest(manifest_file)
    _forget_stamp(out_dir)
    written: list[str] = []
    for rel in sorted(_files(staging)):
        files.add(rel)
        if _replace_if_changed(staging / rel, out_dir / rel):
            written.append(rel)
        elif keep_staging:
            (staging / rel).unlink()
    gone: list[str] = []
    for rel in sorted(removed & files):
        files.discard(rel)
        if _remove(out_dir, rel):
            gone.append(rel)
    if not keep_staging:
        shutil.rmtree(staging, ignore_errors=True)
    manifest_file.parent.mkdir(parents=True, exist_ok=True)
    _write_manifest(manifest_file, files)
    return written, gone
