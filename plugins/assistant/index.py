"""The search index: every built page cut into sections, in SQLite FTS5, ranked by BM25.

Written at build time beside the output (``mdxsite.plugins.assistant.settings.data_dir_for``), read
by the server. A section is a page's text between two headings; its title and heading weigh
more than its body, so a question naming a page's subject finds that page first.
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mdxsite.model import PageResult

# BM25 column weights: title, heading, body (the other columns are not searched)
WEIGHTS = (8.0, 4.0, 1.0)
MAX_SECTION_CHARS = 6000
MAX_QUERY_TERMS = 32

_SCHEMA = """
CREATE VIRTUAL TABLE sections USING fts5(
    title, heading, body, url UNINDEXED, path UNINDEXED, anchor UNINDEXED, version UNINDEXED,
    language UNINDEXED, groups UNINDEXED, tokenize = 'porter unicode61 remove_diacritics 2');
"""
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_JSX = re.compile(r"</?[A-Za-z][\w.]*(?:\s[^<>]*)?/?>")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MARKS = re.compile(r"(\*\*|__|`|^\s*[-*+>]\s+|^\s*\d+\.\s+|\{/\*.*?\*/\})", re.M)
_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"\w+", re.UNICODE)
STOPWORDS = frozenset("""a an and are as at be but by can do does for from how i if in is it its
me my of on or so that the their them then there these this to was we what when where which who
why will with you your yours our us should could would may might must not no yes have has had
tell more about please want know get use using""".split())


@dataclass(frozen=True, slots=True)
class Filter:
    """Search criteria; a result matches every field given (a list matches any of its items)."""

    version: str | None = None
    language: str | None = None
    paths: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Section:
    """One search result: a page section with where it lives."""

    title: str
    heading: str
    text: str
    url: str
    anchor: str = ""
    score: float = 0.0

    @property
    def link(self) -> str:
        return f"{self.url}#{self.anchor}" if self.anchor else self.url


@dataclass(slots=True)
class Row:
    title: str
    heading: str
    body: str
    url: str                # the link, with the base URL (/docs/jobs/retries/)
    path: str = ""          # the page's site path, what filter.paths matches (/jobs/retries/)
    anchor: str = ""
    version: str = ""
    language: str = ""
    groups: tuple[str, ...] = field(default_factory=tuple)


def plain(markdown: str) -> str:
    """Strip Markdown and JSX marks from a section, keeping its words (and code)."""
    text = _JSX.sub(" ", markdown)
    text = _LINK.sub(r"\1", text)
    text = _MARKS.sub("", text)
    return _SPACE.sub(" ", text).strip()


def sections_of(result: PageResult, base_url: str = "/") -> Iterator[Row]:
    """Cut one rendered page into rows, one per heading (the text before the first one too)."""
    page = result.page
    link = base_url.rstrip("/") + page.url
    trail = page.trail
    version = next((c.title for c in trail if c.kind == "version"), "")
    language = next((c.title for c in trail if c.kind == "language"), "")
    groups = tuple(c.title for c in trail if c.kind == "group")
    ids = {h.text: h.id for h in result.rendered.headings}
    heading, anchor, fenced = "", "", False
    lines: list[str] = []

    def row() -> Row | None:
        body = plain("\n".join(lines))[:MAX_SECTION_CHARS]
        if not body and not heading:
            return None
        return Row(page.title, heading, body, link, page.url, anchor, version, language, groups)

    for line in (result.rendered.markdown or result.rendered.text).splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            lines.append(line.strip("`~"))
            continue
        m = None if fenced else _HEADING.match(line)
        if m:
            if (r := row()) is not None:
                yield r
            heading = plain(m.group(2))
            anchor = ids.get(heading, ids.get(m.group(2).strip(), ""))
            lines = []
        else:
            lines.append(line)
    if (r := row()) is not None:
        yield r


class IndexWriter:
    """Write an index file in one transaction; ``commit`` moves it into place atomically."""

    def __init__(self, target: Path):
        self.target = target
        target.parent.mkdir(parents=True, exist_ok=True)
        self._tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        self._tmp.unlink(missing_ok=True)
        self._db = sqlite3.connect(self._tmp)
        self._db.executescript(_SCHEMA)
        self.rows = 0

    def add(self, rows: Iterable[Row]) -> None:
        batch = [(r.title, r.heading, r.body, r.url, r.path or r.url, r.anchor, r.version, r.language,
                  "".join(f"\x1f{g}\x1f" for g in r.groups)) for r in rows]
        self._db.executemany("INSERT INTO sections VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", batch)
        self.rows += len(batch)

    def commit(self) -> None:
        self._db.execute("INSERT INTO sections(sections) VALUES ('optimize')")
        self._db.commit()
        self._db.close()
        os.replace(self._tmp, self.target)  # atomic: a server never opens half an index

    def abort(self) -> None:
        self._db.close()
        self._tmp.unlink(missing_ok=True)


def query_terms(text: str) -> list[str]:
    """Return the distinct words of a question worth searching for, in order."""
    words = [w for w in _WORD.findall(text.lower()) if len(w) > 1 and w not in STOPWORDS]
    return list(dict.fromkeys(words))[:MAX_QUERY_TERMS]


class SearchIndex:
    """Read side: one read-only connection per thread (SQLite connections are not shared)."""

    def __init__(self, path: Path):
        self.path = path
        self._local = threading.local()

    def _db(self) -> sqlite3.Connection:
        # a rebuild replaces the file (os.replace): a new inode means reconnect to the new index
        inode = os.stat(self.path).st_ino
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None or self._local.inode != inode:
            if db is not None:
                db.close()
            db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
            self._local.db, self._local.inode = db, inode
        return db

    def search(self, text: str, limit: int = 5, where: Filter = Filter()) -> list[Section]:
        """Return the ``limit`` best sections for ``text`` that match ``where``."""
        terms = query_terms(text)
        if not terms or limit < 1:
            return []
        sql = [f"SELECT title, heading, body, url, anchor, bm25(sections, {', '.join(map(str, WEIGHTS))})"
               " AS score FROM sections WHERE sections MATCH ?"]
        args: list[object] = [" OR ".join('"' + t.replace('"', '""') + '"' for t in terms)]
        if where.version is not None:
            sql.append("AND version = ?")
            args.append(where.version)
        if where.language is not None:
            sql.append("AND language = ?")
            args.append(where.language)
        if where.paths:
            sql.append("AND (" + " OR ".join("substr(path, 1, ?) = ?" for _ in where.paths) + ")")
            for p in where.paths:
                prefix = "/" + p.lstrip("/")
                args += [len(prefix), prefix]
        if where.groups:
            sql.append("AND (" + " OR ".join("instr(groups, ?) > 0" for _ in where.groups) + ")")
            args += [f"\x1f{g}\x1f" for g in where.groups]
        # equal scores by page and anchor, not by insertion order: an edit build adds the
        # edited page's sections first (hookspecs.mdxsite_page_built), a cold build in order
        sql.append("ORDER BY score, path, anchor LIMIT ?")
        args.append(limit)
        rows = self._db().execute(" ".join(sql), args).fetchall()
        return [Section(title=r[0], heading=r[1], text=r[2], url=r[3], anchor=r[4], score=-r[5])
                for r in rows]

    def count(self) -> int:
        return int(self._db().execute("SELECT count(*) FROM sections").fetchone()[0])


def write_index(target: Path, rows: Sequence[Row]) -> None:
    """Write ``rows`` as the index at ``target`` (for tests, benchmarks and tools)."""
    writer = IndexWriter(target)
    try:
        writer.add(rows)
        writer.commit()
    except BaseException:
        writer.abort()
        raise
