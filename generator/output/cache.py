"""Remember rendered pages between builds, so an unchanged page is not rendered again.

The cache is one SQLite file beside the output (``cache_dir_for(out_dir) / "pages.sqlite"``).
A row holds a page's rendered body and whole document, filed under a digest of everything that
went into them:

- the *site fingerprint*: mdxsite's version, every installed distribution's version, the code of
  every registered plugin and every file of mdxsite's own packages (renderer, plugins, themes),
  the site's ``_templates/`` overrides, docs.json, the resolved navigation and the metadata of
  every page (titles and URLs appear in every page's sidebar);
- the page itself (its model and its source file's bytes);
- the files the page read while rendering (``RenderedPage.dependencies``), checked by content
  when the row is looked up (:meth:`PageCache.fresh`), since they are only known after the first render.

A change to any of them renders the page again. A row that does not unpickle (another Python,
a changed model) counts as a miss, never as an error.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import logging
import pickle
import sqlite3
import sys
import zlib
from collections.abc import Collection, Iterable
from dataclasses import replace
from pathlib import Path

import pluggy

import mdxsite
from mdxsite.model import EMPTY_MAPPING, Page, PageResult, RenderedPage, Site
from mdxsite.output.staging import cache_dir_for

log = logging.getLogger(__name__)

FILE_NAME = "pages.sqlite"
# Bump when the row layout or what the digests cover changes.
SCHEMA = 1
# Our own packages: the renderer, built-in plugins and themes all shape every page.
OWN_PACKAGES = ("mdxsite", "mdxsite.plugins", "mdxsite.themes")


def _digest(*parts: bytes | str) -> str:
    h = hashlib.blake2b(digest_size=20)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))  # length prefix: ("ab","c") != ("a","bc")
        h.update(data)
    return h.hexdigest()


def _hash_tree(h: hashlib.blake2b, folder: Path) -> None:
    for f in sorted(folder.rglob("*")):
        if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".pyc":
            rel = f.relative_to(folder).as_posix().encode()
            h.update(len(rel).to_bytes(8, "little") + rel)
            data = f.read_bytes()
            h.update(len(data).to_bytes(8, "little") + data)


def code_fingerprint(site: Site, pm: pluggy.PluginManager) -> str:
    """Return a digest of the code and templates that render ``site``.

    Covers mdxsite's version and package files, every registered plugin's module (or whole
    package), the versions of every installed distribution (markdown-it-py, Jinja, Pygments...)
    and the site's ``_templates/`` overrides.
    """
    h = hashlib.blake2b(digest_size=20)
    h.update(f"{SCHEMA}|{mdxsite.__version__}|{sys.version}".encode())
    folders: set[Path] = set()
    for name in OWN_PACKAGES:
        module = sys.modules.get(name) or __import__(name, fromlist=["_"])
        folders.update(Path(p).resolve() for p in getattr(module, "__path__", ()))
    files: set[Path] = set()
    for name, plugin in sorted(pm.list_name_plugin(), key=lambda np: str(np[0])):
        h.update(f"plugin:{name}".encode())
        file = getattr(plugin, "__file__", None)
        if file is None:  # a plugin object, not a module: its class's module
            file = getattr(sys.modules.get(type(plugin).__module__), "__file__", None)
        if file is None:
            continue
        path = Path(file).resolve()
        if path.name == "__init__.py":
            folders.add(path.parent)
        elif not any(path.is_relative_to(f) for f in folders):
            files.add(path)
    for folder in sorted(folders):
        if not any(folder != other and folder.is_relative_to(other) for other in folders):
            _hash_tree(h, folder)
    for path in sorted(files):
        h.update(path.as_posix().encode() + path.read_bytes())
    # a set: the same distribution can be seen twice (an egg-info in the working directory)
    dists = sorted({f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions()})
    h.update("\n".join(dists).encode())
    overrides = site.root / "_templates"
    if overrides.is_dir():
        _hash_tree(h, overrides)
    return h.hexdigest()


def site_fingerprint(site: Site, code: str) -> str:
    """Return a digest of what every page of ``site`` shares: config, navigation, page list."""
    h = hashlib.blake2b(digest_size=20)
    h.update(code.encode())
    h.update(json.dumps(site.config.raw, sort_keys=True, default=repr).encode())
    h.update(repr((site.nav, site.base_url, site.site_url, sorted(site.assets.items()),
                   site.data, sorted(site.asset_names.items()))).encode())
    for page in site.pages.values():
        # a generated page's body and data belong to that page alone (see page_digest)
        h.update(repr(replace(page, body=None, data=EMPTY_MAPPING)).encode())
    return h.hexdigest()


class PageCache:
    """Rendered pages from earlier builds of one output folder, by page key.

    Open with :meth:`open`, ask :meth:`fresh` and :meth:`load`, keep new renders with
    :meth:`store`, and :meth:`close` with the keys the site still has (rows of deleted pages
    are dropped). A cache another build holds locked only costs speed: storing stops, with a
    warning, and the build goes on.
    """

    def __init__(self, path: Path, site: Site, fingerprint: str) -> None:
        self.path = path
        self.site = site
        self.fingerprint = fingerprint
        self.hits = 0
        self._writable = True
        self._files: dict[str, str] = {}  # site-relative file -> content digest, this build
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = self._connect(path)
        except sqlite3.DatabaseError:  # not a database (truncated, overwritten): start afresh
            path.unlink()
            self._db = self._connect(path)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        db = sqlite3.connect(path, timeout=30)
        if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA:
            db.execute("DROP TABLE IF EXISTS pages")
            db.execute(f"PRAGMA user_version = {SCHEMA}")
        # published: this row's document is what the last successful build wrote
        db.execute("CREATE TABLE IF NOT EXISTS pages (key TEXT PRIMARY KEY, digest TEXT NOT NULL, "
                   "deps TEXT NOT NULL, rendered BLOB NOT NULL, document BLOB NOT NULL, "
                   "published INTEGER NOT NULL DEFAULT 0)")
        # one writer transaction per build; WAL lets a reader (the dev server) in meanwhile
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        return db

    @classmethod
    def open(cls, out_dir: Path, site: Site, pm: pluggy.PluginManager) -> PageCache:
        """Open (or create) the cache of ``out_dir`` for a build of ``site``."""
        fingerprint = site_fingerprint(site, code_fingerprint(site, pm))
        return cls(cache_dir_for(out_dir) / FILE_NAME, site, fingerprint)

    def file_digest(self, rel: str) -> str:
        """Return the digest of a site-relative file's bytes ('-' when it cannot be read)."""
        found = self._files.get(rel)
        if found is None:
            try:
                found = _digest((self.site.root / rel).read_bytes())
            except OSError:
                found = "-"
            self._files[rel] = found
        return found

    def page_digest(self, page: Page) -> str:
        """Return the digest of everything known before rendering that shapes ``page``."""
        source = page.source.as_posix() if page.source is not None else ""
        return _digest(self.fingerprint, repr(page), self.file_digest(source) if source else "")

    def fresh(self, pages: Iterable[Page]) -> set[str]:
        """Return the keys of ``pages`` whose cached row is still valid (no blob is read)."""
        rows = {k: (d, deps) for k, d, deps in
                self._db.execute("SELECT key, digest, deps FROM pages")}
        found: set[str] = set()
        for page in pages:
            row = rows.get(page.key)
            if row is None or row[0] != self.page_digest(page):
                continue
            deps: dict[str, str] = json.loads(row[1])
            if all(self.file_digest(rel) == digest for rel, digest in deps.items()):
                found.add(page.key)
        return found

    def load(self, page: Page) -> PageResult | None:
        """Return the cached result for a page :meth:`fresh` named (None if unreadable)."""
        row = self._db.execute("SELECT rendered, document, published FROM pages WHERE key = ?",
                               (page.key,)).fetchone()
        if row is None:
            return None
        try:
            rendered = pickle.loads(zlib.decompress(row[0]))
            document = zlib.decompress(row[1]).decode("utf-8")
        except Exception:  # noqa: BLE001 - any unreadable row is a miss, rendered afresh
            return None
        if not isinstance(rendered, RenderedPage):
            return None
        self.hits += 1
        return PageResult(page=page, rendered=rendered, document=document, unchanged=bool(row[2]))

    def store(self, result: PageResult) -> None:
        """Keep a freshly rendered result for the next build."""
        if not self._writable:
            return
        page = result.page
        deps = {rel: self.file_digest(rel) for rel in sorted(set(result.rendered.dependencies))}
        try:
            self._db.execute(
                "INSERT OR REPLACE INTO pages VALUES (?, ?, ?, ?, ?, 0)",
                (page.key, self.page_digest(page), json.dumps(deps),
                 zlib.compress(pickle.dumps(result.rendered, pickle.HIGHEST_PROTOCOL), 1),
                 zlib.compress(result.document.encode("utf-8"), 1)))
        except sqlite3.OperationalError as exc:  # locked by another build of the same output
            self._writable = False
            log.warning("%s: render cache not updated (%s); the next build renders these pages "
                        "again. Is another build of this output running?", self.path, exc)

    def close(self, keep: Collection[str] | None = None) -> None:
        """Commit what was stored.

        Args:
            keep: after a successful build, the site's page keys: rows of other pages are
                dropped, and every row left is marked as published. None after a failed
                build (the output did not change, so neither do the published marks).
        """
        try:
            if keep is not None and self._writable:
                stale = [k for (k,) in self._db.execute("SELECT key FROM pages") if k not in keep]
                self._db.executemany("DELETE FROM pages WHERE key = ?", ((k,) for k in stale))
                self._db.execute("UPDATE pages SET published = 1 WHERE published = 0")
            self._db.commit()
        except sqlite3.OperationalError as exc:  # locked by another build of the same output
            log.warning("%s: render cache not saved (%s)", self.path, exc)
        self._db.close()
