"""Where counters, threads and keys live: SQLite (one server) or Redis (several servers).

Both implement :class:`Store` with blocking calls; the app runs them in worker threads.
Admission is atomic in both: SQLite takes the write lock first (``BEGIN IMMEDIATE``), Redis
runs one Lua script, so concurrent requests never let more through than a limit.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from mdxsite.plugins.assistant.keys import KeyRecord
from mdxsite.plugins.assistant.limits import Counter

Message = dict[str, Any]  # {"role": "user", "content": "…"}
T = TypeVar("T")
# How long a request may wait for SQLite's write lock (in this process, then in SQLite) before
# it gets a 503: a lock held longer is an outage to report, not a queue to join.
REQUEST_BUSY_TIMEOUT = 0.4


class Store(Protocol):
    """The interface both stores implement (and a third one would)."""

    def admit(self, counters: Sequence[Counter]) -> Counter | None:
        """Spend one unit of every counter, or none: return the full counter, else None."""

    def create_thread(self, domain: str) -> str:
        """Create an empty thread and return its id."""

    def thread_messages(self, domain: str, thread_id: str) -> list[Message] | None:
        """Return the thread's messages in order, or None if it does not exist for ``domain``."""

    def append_messages(self, thread_id: str, messages: Sequence[Message]) -> None:
        """Add messages at the end of a thread."""

    def add_key(self, record: KeyRecord) -> None: ...

    def get_key(self, prefix: str) -> KeyRecord | None: ...

    def list_keys(self) -> list[KeyRecord]: ...

    def revoke_key(self, prefix: str) -> bool:
        """Revoke a key by prefix; False when there is no such key."""

    def close(self) -> None: ...


def open_store(url: str, data_dir: Path, *, busy_timeout: float = REQUEST_BUSY_TIMEOUT) -> Store:
    """Open the store ``url`` names: a ``redis://`` URL, else SQLite in ``data_dir``.

    ``busy_timeout`` bounds SQLite's wait for its write lock, in seconds (commands such as
    ``mdxsite assistant keys`` may wait longer than requests)."""
    if url.startswith(("redis://", "rediss://")):
        return RedisStore(url)
    return SQLiteStore(data_dir / "store.sqlite", busy_timeout)


def _thread_id() -> str:
    return "thr_" + uuid.uuid4().hex


# --------------------------------------------------------------------------- SQLite

_SQLITE_SCHEMA = """
CREATE TABLE IF NOT EXISTS counters (id TEXT PRIMARY KEY, n INTEGER NOT NULL, expires INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS threads (id TEXT PRIMARY KEY, domain TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS messages (thread TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL,
    PRIMARY KEY (thread, seq));
CREATE TABLE IF NOT EXISTS keys (prefix TEXT PRIMARY KEY, hash TEXT NOT NULL, domains TEXT NOT NULL,
    label TEXT NOT NULL, created REAL NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
"""


class SQLiteStore:
    """One file in WAL mode; one connection per thread; survives restarts.

    A request never waits long for the store: a call that cannot get the write lock within
    ``busy_timeout`` seconds (another process holds it, or the disk stalls) raises
    ``sqlite3.OperationalError``, which the app answers with a 503 the client may retry.
    Admission stays exact across processes: it is one ``BEGIN IMMEDIATE`` transaction, which
    either commits whole or not at all.
    """

    def __init__(self, path: Path, busy_timeout: float = REQUEST_BUSY_TIMEOUT):
        self.path = path
        self.busy_timeout = busy_timeout
        path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        # One writer at a time in this process: threads queue here instead of in SQLite's
        # busy handler, which sleeps in growing steps (measured: TTFB p50 fell several-fold
        # with 50 clients). Other processes wait through busy_timeout.
        self._write = threading.Lock()
        db = self._db()
        db.execute(f"PRAGMA busy_timeout={int(max(busy_timeout, 10) * 1000)}")  # start-up may wait
        db.execute("PRAGMA journal_mode=WAL")
        db.executescript(_SQLITE_SCHEMA)
        db.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")

    def _db(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            # autocommit mode: transactions are explicit (BEGIN IMMEDIATE) where they matter
            db = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None,
                                 check_same_thread=False)
            db.execute(f"PRAGMA busy_timeout={int(self.busy_timeout * 1000)}")
            db.execute("PRAGMA synchronous=NORMAL")
            self._local.db = db
            with self._lock:
                self._all.append(db)
        return db

    def _using(self, work: Callable[[sqlite3.Connection], T]) -> T:
        db = self._db()
        try:
            return work(db)
        except sqlite3.OperationalError:
            # a connection SQLite opened read-only (the file was unwritable) stays read-only:
            # drop it, so the store works again once the file is writable
            self._local.db = None
            with self._lock:
                if db in self._all:
                    self._all.remove(db)
            db.close()
            raise

    def _writing(self, work: Callable[[sqlite3.Connection], T]) -> T:
        if not self._write.acquire(timeout=self.busy_timeout):
            raise sqlite3.OperationalError(f"database is locked (this server's other requests "
                                           f"held it for {self.busy_timeout:g} s)")
        try:
            return self._using(work)
        finally:
            self._write.release()

    def admit(self, counters: Sequence[Counter]) -> Counter | None:
        return self._writing(lambda db: self._admit(db, counters))

    def _admit(self, db: sqlite3.Connection, counters: Sequence[Counter]) -> Counter | None:
        now = int(time.time())
        db.execute("BEGIN IMMEDIATE")  # the write lock first: no two admissions interleave
        try:
            for c in counters:
                row = db.execute("SELECT n FROM counters WHERE id = ?", (c.id,)).fetchone()
                if (row[0] if row else 0) >= c.limit:
                    db.execute("ROLLBACK")
                    return c
            for c in counters:
                db.execute("INSERT INTO counters VALUES (?, 1, ?) "
                           "ON CONFLICT(id) DO UPDATE SET n = n + 1", (c.id, c.resets_at))
            if now % 97 == 0:  # now and then, forget windows that are over
                db.execute("DELETE FROM counters WHERE expires < ?", (now,))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return None

    def create_thread(self, domain: str) -> str:
        tid = _thread_id()
        self._writing(lambda db: db.execute("INSERT INTO threads VALUES (?, ?, ?)",
                                            (tid, domain, time.time())))
        return tid

    def thread_messages(self, domain: str, thread_id: str) -> list[Message] | None:
        return self._using(lambda db: self._messages(db, domain, thread_id))

    def _messages(self, db: sqlite3.Connection, domain: str, thread_id: str) -> list[Message] | None:
        if db.execute("SELECT 1 FROM threads WHERE id = ? AND domain = ?",
                      (thread_id, domain)).fetchone() is None:
            return None
        rows = db.execute("SELECT body FROM messages WHERE thread = ? ORDER BY seq", (thread_id,))
        return [json.loads(r[0]) for r in rows]

    def append_messages(self, thread_id: str, messages: Sequence[Message]) -> None:
        self._writing(lambda db: self._append(db, thread_id, messages))

    def _append(self, db: sqlite3.Connection, thread_id: str, messages: Sequence[Message]) -> None:
        db.execute("BEGIN IMMEDIATE")
        try:
            (n,) = db.execute("SELECT count(*) FROM messages WHERE thread = ?",
                              (thread_id,)).fetchone()
            db.executemany("INSERT INTO messages VALUES (?, ?, ?)",
                           [(thread_id, n + i, json.dumps(m)) for i, m in enumerate(messages)])
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def add_key(self, record: KeyRecord) -> None:
        self._db().execute("INSERT INTO keys VALUES (?, ?, ?, ?, ?, ?)",
                           (record.prefix, record.hash, json.dumps(list(record.domains)),
                            record.label, record.created, int(record.revoked)))

    def get_key(self, prefix: str) -> KeyRecord | None:
        row = self._using(lambda db: db.execute("SELECT * FROM keys WHERE prefix = ?",
                                                (prefix,)).fetchone())
        return _record(row) if row else None

    def list_keys(self) -> list[KeyRecord]:
        return [_record(r) for r in self._db().execute("SELECT * FROM keys ORDER BY created")]

    def revoke_key(self, prefix: str) -> bool:
        cur = self._db().execute("UPDATE keys SET revoked = 1 WHERE prefix = ?", (prefix,))
        return cur.rowcount > 0

    def close(self) -> None:
        with self._lock:
            for db in self._all:
                db.close()
            self._all.clear()
        self._local = threading.local()


def _record(row: tuple[Any, ...]) -> KeyRecord:
    return KeyRecord(row[0], row[1], tuple(json.loads(row[2])), row[3], row[4], bool(row[5]))


# --------------------------------------------------------------------------- Redis

# Check every counter, then increment every one, in one script: Redis runs it atomically.
_ADMIT = """
for i, key in ipairs(KEYS) do
  local n = tonumber(redis.call('GET', key) or '0')
  if n >= tonumber(ARGV[2 * i - 1]) then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('EXPIREAT', key, ARGV[2 * i])
end
return 0
"""


class RedisStore:
    """Counters, threads and keys in Redis, shared by every server using the same URL."""

    NS = "mdxsite:assistant:"

    def __init__(self, url: str):
        import redis  # the mdxsite[assistant] extra

        self.url = url
        # a blocking pool: under a burst, callers wait for a connection instead of failing
        pool = redis.BlockingConnectionPool.from_url(
            # an outage answers 503 within about a second, not after a long wait
            url, max_connections=64, timeout=1, decode_responses=True, socket_timeout=1,
            socket_connect_timeout=0.5, health_check_interval=30, retry_on_timeout=False)
        self._r = redis.Redis(connection_pool=pool)
        self._admit = self._r.register_script(_ADMIT)

    def admit(self, counters: Sequence[Counter]) -> Counter | None:
        args: list[int] = []
        for c in counters:
            args += [c.limit, c.resets_at + 60]
        hit = int(self._admit(keys=[self.NS + "n:" + c.id for c in counters], args=args))
        return counters[hit - 1] if hit else None

    def create_thread(self, domain: str) -> str:
        tid = _thread_id()
        self._r.hset(self.NS + "t:" + tid, mapping={"domain": domain, "created": time.time()})
        return tid

    def thread_messages(self, domain: str, thread_id: str) -> list[Message] | None:
        if self._r.hget(self.NS + "t:" + thread_id, "domain") != domain:
            return None
        return [json.loads(m) for m in self._r.lrange(self.NS + "m:" + thread_id, 0, -1)]

    def append_messages(self, thread_id: str, messages: Sequence[Message]) -> None:
        if messages:
            self._r.rpush(self.NS + "m:" + thread_id, *(json.dumps(m) for m in messages))

    def add_key(self, record: KeyRecord) -> None:
        self._r.hset(self.NS + "k:" + record.prefix, mapping={
            "hash": record.hash, "domains": json.dumps(list(record.domains)),
            "label": record.label, "created": record.created, "revoked": int(record.revoked)})
        self._r.zadd(self.NS + "keys", {record.prefix: record.created})

    def get_key(self, prefix: str) -> KeyRecord | None:
        h = self._r.hgetall(self.NS + "k:" + prefix)
        if not h:
            return None
        return KeyRecord(prefix, str(h["hash"]), tuple(json.loads(h["domains"])), str(h["label"]),
                         float(h["created"]), h["revoked"] == "1")

    def list_keys(self) -> list[KeyRecord]:
        found = (self.get_key(str(p)) for p in self._r.zrange(self.NS + "keys", 0, -1))
        return [k for k in found if k is not None]

    def revoke_key(self, prefix: str) -> bool:
        if not self._r.exists(self.NS + "k:" + prefix):
            return False
        self._r.hset(self.NS + "k:" + prefix, "revoked", 1)
        return True

    def close(self) -> None:
        self._r.close()
        self._r.connection_pool.disconnect()
