"""Watch the site folder with watchdog and hand debounced change sets to a callback.

Editors save in bursts: write a temporary file and rename it over the page, touch it twice,
save several files at once. Events are gathered until the folder has been quiet for
``debounce`` seconds (never longer than ``max_wait`` after the first), then the callback gets
every path of the burst once, on the watcher's own thread, one burst at a time.

A file saved in place is emptied, written and closed: a burst also waits until every file
written in it is closed (never longer than ``open_wait`` after the first event), so a rebuild
never reads half a page because the editor was slow between two of its writes.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from mdxsite.sources import SKIP_DIRS

log = logging.getLogger(__name__)

# Editor droppings that never matter: vim's write probe and swap files, backups, JetBrains'
# safe-write copies. (A hidden folder or file, such as .git or a staging folder, is skipped too,
# as are the folders the site's scan skips.)
IGNORED_SUFFIXES = (".swp", ".swx", ".swo", "~", ".tmp", "___jb_tmp___", "___jb_old___")
IGNORED_NAMES = frozenset({"4913"})


class Watcher:
    """Watches ``root`` (recursively) and extra paths; calls ``on_change(paths)`` per burst.

    Args:
        root: the site folder.
        on_change: receives the set of absolute paths that changed, were added or removed.
        ignore: folders whose events are dropped (the output and its cache).
        debounce: seconds of quiet that end a burst.
        max_wait: longest a burst is held back from the first event.
        open_wait: longest a burst is held back from the first event while a file written in
            it is still open (its close then starts a burst of its own).
    """

    def __init__(self, root: Path, on_change: Callable[[set[str]], object], *,
                 ignore: Iterable[Path] = (), debounce: float = 0.05, max_wait: float = 0.5,
                 open_wait: float = 2.0):
        self.root = root.resolve()
        self.on_change = on_change
        self.ignore = tuple(str(p.resolve()) for p in ignore)
        self.debounce = debounce
        self.max_wait = max_wait
        self.open_wait = open_wait
        self._observer = Observer()
        # only inotify (Linux) reports a file's close; elsewhere a write never waits for one
        self.sees_closes = type(self._observer).__module__ == "watchdog.observers.inotify"
        self._handler = _Handler(self)
        self._cond = threading.Condition()
        self._pending: set[str] = set()
        self._writing: set[str] = set()   # written to and not closed yet
        self._first = self._last = 0.0
        self._stopped = False
        self._busy = False
        self._thread = threading.Thread(target=self._run, name="mdxsite-watch", daemon=True)
        self._watched: set[str] = set()
        self._extra: set[str] = set()   # files or folders outside the usual filter

    def start(self) -> None:
        self._observer.schedule(self._handler, str(self.root), recursive=True)
        self._watched.add(str(self.root))
        self._observer.start()
        self._thread.start()

    def watch(self, paths: Iterable[Path]) -> None:
        """Also watch these paths (a plugin's ``mdxsite_watch_paths``)."""
        for path in paths:
            path = path.resolve()
            folder = path if path.is_dir() else path.parent
            self._extra.add(str(path))
            if str(folder) in self._watched or not folder.is_dir() or folder.is_relative_to(self.root):
                continue
            self._observer.schedule(self._handler, str(folder), recursive=path.is_dir())
            self._watched.add(str(folder))

    def stop(self) -> None:
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
        if not self._thread.is_alive():
            return  # never started
        self._observer.stop()
        self._observer.join(timeout=5)
        self._thread.join(timeout=5)

    def idle(self) -> bool:
        """True when no change is waiting or being handled."""
        with self._cond:
            return not self._pending and not self._busy

    def wanted(self, path: str) -> bool:
        """True when a change of ``path`` may matter to the site."""
        if path.startswith(self.ignore) and any(path == i or path.startswith(i + os.sep)
                                                for i in self.ignore):
            return False
        if any(path == e or path.startswith(e + os.sep) for e in self._extra):
            return True
        if not path.startswith(str(self.root) + os.sep):
            return False
        rel = path[len(str(self.root)) + 1:]
        name = os.path.basename(rel)
        if name in IGNORED_NAMES or name.endswith(IGNORED_SUFFIXES):
            return False
        # the folders the site's scan skips (mdxsite.sources): nothing in them is a page
        return not any(part.startswith(".") or part in SKIP_DIRS for part in rel.split(os.sep))

    def notify(self, paths: Iterable[str], *, writing: bool = False) -> None:
        """``paths`` changed; ``writing``: written to by a writer that has not closed them yet
        (any other event of a path, its close above all, ends that)."""
        fresh = [p for p in paths if self.wanted(p)]
        if not fresh:
            return
        with self._cond:
            now = time.monotonic()
            if not self._pending:
                self._first = now
            self._last = now
            self._pending.update(fresh)
            if writing:
                self._writing.update(fresh)
            else:
                self._writing.difference_update(fresh)
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending and not self._stopped:
                    self._cond.wait()
                if self._stopped:
                    return
                while True:  # wait for quiet, or for max_wait; for the files' close, or open_wait
                    now = time.monotonic()
                    if self._writing:
                        left = self._first + self.open_wait - now
                    else:
                        left = min(self._last + self.debounce, self._first + self.max_wait) - now
                    if left <= 0 or self._stopped:
                        break
                    self._cond.wait(left)
                batch, self._pending = self._pending, set()
                self._writing.clear()  # past open_wait: a late close is a burst of its own
                self._busy = True
            try:
                self.on_change(batch)
            except Exception:  # noqa: BLE001 - a failed rebuild must not stop the watching
                log.exception("handling a change failed")
            finally:
                self._busy = False


class _Handler(FileSystemEventHandler):
    def __init__(self, watcher: Watcher) -> None:
        self.watcher = watcher

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type in ("opened", "closed_no_write"):
            return
        if event.is_directory and event.event_type == "modified":
            return  # a file inside changed: that file's own event says which
        paths = [os.fsdecode(event.src_path)]
        dest = getattr(event, "dest_path", "")
        if dest:
            paths.append(os.fsdecode(dest))
        # "modified" is a write (or a truncation) through an open file; "closed" follows it
        # once the writer is done ("attrib", a touch, is an event of its own)
        self.watcher.notify(paths, writing=event.event_type == "modified"
                            and self.watcher.sees_closes)
