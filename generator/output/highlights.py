"""Highlighted code blocks kept between builds, for the pages a build renders again.

A page the render cache cannot take (its file edited, docs.json or a template changed) is
rendered afresh, yet most of its code blocks are the ones it had, and highlighting is the
dearest part of rendering one: a third of a page's time, and in a process that has not yet
highlighted a language, its lexer's set-up (0.1 s for the five languages of the edited
benchmark page, most of a one-page edit's render). So each block a build highlights is kept
in ``highlights.sqlite`` beside the render cache, by a digest of everything that shapes its
HTML: the code, its language, its highlighted and focused lines and line numbers. The HTML
is the theme's classes, not colours, so the theme is not part of it. A change of mdxsite's
code or of any installed distribution (:func:`mdxsite.output.cache.code_fingerprint`) empties
the store: a block read from it is byte-identical to highlighting it again.

Render workers read the file through a read-only connection of their own; what they
highlight afresh goes back to the main process with their pages
(:meth:`HighlightStore.taken`), which writes them as they come, in one transaction committed
once the build succeeded. A first build into a folder has nothing to read and asks nothing.

The store only grows between changes of code: a block edited leaves its old HTML behind (a
few KB compressed). ``--no-cache`` neither reads nor writes it.
"""

from __future__ import annotations

import hashlib
import logging
import os
import sqlite3
import zlib
from pathlib import Path

from mdxsite.output.cache import open_database
from mdxsite.output.staging import cache_dir_for

log = logging.getLogger(__name__)

FILE_NAME = "highlights.sqlite"
SCHEMA = 1


class HighlightStore:
    """The highlighted blocks of an output folder's builds (see the module docstring)."""

    def __init__(self, path: Path, db: sqlite3.Connection | None, known: bool) -> None:
        self.path = path
        self._db = db  # the main process's, for writing; None when the file is unusable
        self._pid = os.getpid()
        self._reader: sqlite3.Connection | None = None  # a forked worker's own, read-only
        self.known = known  # it held blocks of this code when opened: worth asking
        self._added: list[tuple[str, bytes]] = []  # a worker's, to send (the main's: none)

    @classmethod
    def open(cls, out_dir: Path, code: str) -> HighlightStore:
        """Open (or create) the store of ``out_dir`` for builds of mdxsite's ``code``
        (:func:`~mdxsite.output.cache.code_fingerprint`)."""
        path = cache_dir_for(out_dir) / FILE_NAME
        try:
            db = open_database(path, lambda at: cls._connect(at, code))
            known = db.execute("SELECT 1 FROM blocks LIMIT 1").fetchone() is not None
        except (sqlite3.Error, OSError) as exc:  # locked by another build: highlight as ever
            log.debug("%s: highlighted blocks not kept (%s)", path, exc)
            return cls(path, None, False)
        return cls(path, db, known)

    @staticmethod
    def _connect(path: Path, code: str) -> sqlite3.Connection:
        """Connect, set up the tables, empty them for other ``code``."""
        db = sqlite3.connect(path, timeout=30)
        if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA:
            db.execute("DROP TABLE IF EXISTS blocks")
            db.execute("DROP TABLE IF EXISTS meta")
            db.execute(f"PRAGMA user_version = {SCHEMA}")
        db.execute("PRAGMA journal_mode=WAL")  # workers read while the build writes
        db.execute("CREATE TABLE IF NOT EXISTS blocks (key TEXT PRIMARY KEY, html BLOB NOT NULL)")
        db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT)")
        row = db.execute("SELECT value FROM meta WHERE name = 'code'").fetchone()
        if row is None or row[0] != code:
            db.execute("DELETE FROM blocks")
            db.execute("INSERT OR REPLACE INTO meta VALUES ('code', ?)", (code,))
            db.commit()
        return db

    @staticmethod
    def key(source: str, lang: str, hl_lines: tuple[int, ...], numbers: bool,
            focus: tuple[int, ...]) -> str:
        """The digest of what shapes a block's HTML."""
        return hashlib.blake2b(repr((lang, hl_lines, numbers, focus, source)).encode(),
                               digest_size=20).hexdigest()

    def get(self, key: str) -> str | None:
        """The HTML kept for ``key``, None when there is none (or it cannot be read)."""
        if not self.known:
            return None
        try:
            if os.getpid() == self._pid:
                db = self._db
            else:  # a forked worker never uses its parent's connection
                db = self._reader
                if db is None:
                    db = self._reader = sqlite3.connect(f"{self.path.as_uri()}?mode=ro",
                                                        uri=True, timeout=30)
            if db is None:
                return None
            row = db.execute("SELECT html FROM blocks WHERE key = ?", (key,)).fetchone()
            return zlib.decompress(row[0]).decode("utf-8") if row is not None else None
        except (sqlite3.Error, zlib.error, UnicodeDecodeError) as exc:
            log.debug("%s: a highlighted block not read (%s)", self.path, exc)
            return None

    def put(self, key: str, html: str) -> None:
        """Keep a block highlighted afresh: a worker sends it with its pages (:meth:`taken`),
        the main process writes it now (committed by :meth:`close`)."""
        row = (key, zlib.compress(html.encode("utf-8"), 1))
        if os.getpid() == self._pid:
            self.add([row])
        else:
            self._added.append(row)

    def taken(self) -> list[tuple[str, bytes]]:
        """The blocks put since the last call (a worker sends them with its pages)."""
        added, self._added = self._added, []
        return added

    def add(self, rows: list[tuple[str, bytes]]) -> None:
        """Write blocks a worker highlighted (the main process), as they come: the build's
        end need not wait for thousands of them (committed by :meth:`close`)."""
        if self._db is None:
            return
        try:
            self._db.executemany("INSERT OR IGNORE INTO blocks VALUES (?, ?)", rows)
        except sqlite3.Error as exc:  # locked by another build: this build keeps none
            log.debug("%s: highlighted blocks not written (%s)", self.path, exc)
            self._db.close()
            self._db = None

    def close(self, keep: bool) -> None:
        """Commit the blocks highlighted afresh (``keep``: the build succeeded; else they are
        dropped), then close."""
        db, self._db = self._db, None
        if db is None:
            return
        try:
            if keep:
                db.commit()
            else:
                db.rollback()
        except sqlite3.Error as exc:
            log.debug("%s: highlighted blocks not written (%s)", self.path, exc)
        finally:
            db.close()
