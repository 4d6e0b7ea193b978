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
  when the row is looked up (:meth:`PageCache.fresh`), since they are only known after the first render;
- what the plugins declare it depends on (``mdxsite_page_dependencies``, :mod:`mdxsite.dependencies`):
  files, checked by content, and keys such as a git commit, which must be equal.

A change to any of them renders the page again. A row that does not unpickle (another Python,
a changed model) counts as a miss, never as an error.

A row keeps the ``RenderedPage`` and the byte size of the document, not the document: on a
large site the sidebar makes most of every document, and compressing 10,000 of them cost more
than rendering. The render is split in three: a *summary* every warm build reads (links,
anchors, dependencies, warnings; marshal, not pickle, which spent a second on 10,000 pages
rebuilding dataclasses), the Markdown, read for a page whose ``.md`` copy is written, and a
compressed *body* (HTML, text, headings) read only when a document is laid out again
(:class:`CachedRender`). A cached page is a :class:`CachedPageResult`, whose document is laid out again
from the cached render only if someone reads it (a page the last build published is kept as
published, unread).

Source files are read only when they changed: :class:`FileMemo` keeps each file's digest and
parsed frontmatter by path, size and modification time, so a warm build stats them instead.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import logging
import marshal
import os
import pickle
import sqlite3
import sys
import time
import zlib
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pluggy

import mdxsite
from mdxsite import plugin_manager
from mdxsite.dependencies import NOTHING, Declared
from mdxsite.errors import Location
from mdxsite.memo import ByIdentity
from mdxsite.mdx import islands
from mdxsite.model import EMPTY_MAPPING, Crumb, Heading, Page, PageResult, RenderedPage, Site
from mdxsite.output.staging import cache_dir_for, replace_file, utf8_size

log = logging.getLogger(__name__)

FILE_NAME = "pages.sqlite"
MEMO_FILE = "files.pickle"
# Bump when the row layout or what the digests cover changes.
SCHEMA = 6
# A file modified this close to the moment it was looked at may change again within the
# same mtime tick without changing size: such files are read, never remembered.
RACY_SECONDS = 2.0
# the FileMemo kind of a file's digest (PageCache.file_digest)
DIGEST = "digest"
# Our own packages: the renderer, built-in plugins and themes all shape every page.
OWN_PACKAGES = ("mdxsite", "mdxsite.plugins", "mdxsite.themes")


# the deps column of a page that read no other file and has no declared dependency
NO_DEPS = json.dumps({"files": {}, "keys": []})


def _digest(*parts: bytes | str) -> str:
    h = hashlib.blake2b(digest_size=20)
    for part in parts:
        _feed(h, part)
    return h.hexdigest()


def _feed(h: hashlib.blake2b, part: bytes | str) -> None:
    """Add one part to a digest, after its length: ("ab", "c") and ("a", "bc") differ."""
    data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
    h.update(len(data).to_bytes(8, "little"))
    h.update(data)


def _hash_tree(h: hashlib.blake2b, folder: Path) -> None:
    """Hash every file under ``folder`` (but bytecode), by path and bytes, in the order of
    ``sorted(folder.rglob("*"))``: folders walked as strings, not Path objects (mdxsite's own
    packages are hashed on every build: 200 files, 0.4 s of a profile in pathlib)."""
    top = os.fspath(folder)
    found: list[tuple[list[str], str]] = []
    for dirpath, dirnames, filenames in os.walk(top):  # as rglob: links to folders not walked
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        rel_dir = os.path.relpath(dirpath, top)
        prefix = "" if rel_dir == "." else rel_dir.replace(os.sep, "/") + "/"
        for name in filenames:
            path = os.path.join(dirpath, name)
            if not name.endswith(".pyc") and os.path.isfile(path):
                found.append(((prefix + name).split("/"), path))
    for parts, path in sorted(found):  # Path orders by parts, not by the whole string
        _feed(h, "/".join(parts).encode())
        with open(path, "rb") as f:
            _feed(h, f.read())


def code_fingerprint(root: Path, pm: pluggy.PluginManager) -> str:
    """Return a digest of the code and templates that render the site in ``root``.

    Covers mdxsite's version and package files, every registered plugin's module (or whole
    package) and, for a plugin installed from another distribution, every file of that
    distribution (a helper module beside a one-module plugin), the versions of every installed
    distribution (markdown-it-py, Jinja, Pygments...) and the site's ``_templates/`` overrides.
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
        ep = plugin_manager.entry_point(pm, name)
        dist = getattr(ep, "dist", None)
        if dist is not None and plugin_manager.name_and_version(dist)[0] != "mdxsite":
            files.update(_distribution_files(dist))
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
    dists = sorted({"{}=={}".format(*plugin_manager.name_and_version(d))
                    for d in importlib.metadata.distributions()})
    h.update("\n".join(dists).encode())
    h.update(_theme_deps_versions().encode())
    overrides = root / "_templates"
    if overrides.is_dir():
        _hash_tree(h, overrides)
    return h.hexdigest()


# the npm packages of ``make theme-deps`` whose presence a page's HTML depends on (icon
# files inlined, components compiled by esbuild, the Mermaid bundle it loads, the utility stylesheet Tailwind generates)
THEME_PACKAGES = ("@tabler/icons", "esbuild", "lucide-static", "mermaid", "preact", "tailwindcss")


def _theme_deps_versions() -> str:
    """Each theme package's installed version, or '-': installing them (``make theme-deps``,
    ``MDXSITE_THEME_DEPS``) changes pages rendered without them (question-mark icons)."""
    modules = islands.theme_deps() / "node_modules"
    found = []
    for name in THEME_PACKAGES:
        try:
            version = json.loads((modules / name / "package.json").read_bytes()).get("version")
        except (OSError, ValueError, AttributeError):
            version = None
        found.append(f"{name}@{version or '-'}")
    return " ".join(found)


def _distribution_files(dist: importlib.metadata.Distribution) -> set[Path]:
    """The files an installed distribution put on disk (its RECORD), but metadata and bytecode."""
    out: set[Path] = set()
    for f in dist.files or ():
        if f.suffix in (".pyc", ".pth") or any(p.endswith((".dist-info", ".egg-info"))
                                               or p == "__pycache__" for p in f.parts):
            continue
        path = Path(str(f.locate())).resolve()
        if path.is_file():
            out.add(path)
    return out


def site_fingerprint(site: Site, code: str) -> str:
    """Return a digest of what every page of ``site`` shares: config, navigation, page list."""
    h = hashlib.blake2b(digest_size=20)
    h.update(code.encode())
    h.update(json.dumps(site.config.raw, sort_keys=True, default=repr).encode())
    page_repr.clear()  # one site's pages at a time
    trail_repr.clear()
    # the navigation's placements are every page's trail again (7 of its 12 MB of text at
    # 10,000 pages): each written once per distinct trail object (trail_repr)
    nav = site.nav
    h.update(repr((replace(nav, placements=EMPTY_MAPPING), site.base_url, site.site_url,
                   sorted(site.assets.items()), site.data,
                   sorted(site.asset_names.items()))).encode())
    h.update("".join([f"{key!r}: {trail_repr(trail)}, "
                      for key, trail in nav.placements.items()]).encode())
    # a generated page's body and data belong to that page alone (see page_digest); hashed
    # in one update (the same digest as one per page, without 10,000 encode calls)
    h.update("".join([page_repr(page if page.body is None and not page.data else replace(
        page, body=None, data=EMPTY_MAPPING)) for page in site.pages.values()]).encode())
    return h.hexdigest()


# trail tuple -> its repr: pages of one group share one trail object (1,110 trails for
# 10,000 pages of the benchmark), which repr(page) wrote out again for each (half its time)
trail_repr: ByIdentity[tuple[Crumb, ...], str] = ByIdentity(repr)


def _page_repr_code() -> Callable[[Page], str]:
    """Make the function that writes ``repr(page)`` (the ``__repr__`` :func:`plain_repr`
    gives Page) with the trail's part from :func:`trail_repr`."""
    parts = [f"{f.name}={{trail_repr(page.trail)}}" if f.name == "trail"
             else f"{f.name}={{page.{f.name}!r}}" for f in fields(Page) if f.repr]
    namespace: dict[str, Any] = {"trail_repr": trail_repr}
    exec(f"def page_text(page):\n    return f'Page({', '.join(parts)})'", namespace)  # noqa: S102
    made: Callable[[Page], str] = namespace["page_text"]
    return made


_page_text = _page_repr_code()


def _page_repr(page: Page) -> str:
    return _page_text(page) if type(page) is Page else repr(page)


# Page -> repr(page), once per page object of the current site: the site fingerprint and
# every page digest need it (25 us a page)
page_repr = ByIdentity(_page_repr)


def open_database(path: Path, connect: Callable[[Path], sqlite3.Connection]
                  ) -> sqlite3.Connection:
    """Return ``connect(path)``, its folder made first; a file that is not a database
    (truncated, overwritten) is removed and connected to afresh."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return connect(path)
    except sqlite3.DatabaseError:
        path.unlink()
        return connect(path)


class FileMemo:
    """What was learnt from site files (digest, frontmatter), kept while a file's size and
    modification time stay the same, in one pickle beside the page cache.

    :meth:`get` answers from memory when the file's ``stat`` matches, else computes; the
    build calls :meth:`save` at its end. ``FileMemo(None)`` remembers within one build only.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._entries: dict[str, tuple[tuple[int, int], dict[str, Any]]] = {}
        self._dirty = False
        self._seen: set[str] = set()  # files asked about in this build: the ones kept on save
        self._stamps: dict[str, tuple[int, int]] = {}  # file -> (mtime, size), this build
        # files whose bytes changed since the last build read them (see changed), and the
        # digests of the files too recent to remember (RACY_SECONDS): the last build's,
        # loaded, and this one's, saved
        self._changed: set[str] = set()
        self._racy: dict[str, str] = {}
        self._racy_now: dict[str, str] = {}
        self._started = time.time()
        self._root: Path | None = None  # the site folder asked about last, and its string
        self._top = ""
        if path is not None:
            try:
                with open(path, "rb") as f:
                    loaded = pickle.load(f)
                if isinstance(loaded, dict) and loaded.get("schema") == SCHEMA:
                    self._entries = loaded["entries"]
                    self._racy = loaded.get("racy") or {}
            except Exception:  # noqa: BLE001 - missing or unreadable: start empty
                self._entries = {}

    @classmethod
    def open(cls, out_dir: Path) -> FileMemo:
        return cls(cache_dir_for(out_dir) / MEMO_FILE)

    def prime(self, root: Path, stats: Mapping[str, tuple[int, int]]) -> None:
        """Take files' (mtime, size) from a listing made at the start of this build, instead
        of a ``stat`` of each when it is asked about (``stats``: site-relative path -> both)."""
        top = os.fspath(root)
        self._stamps.update((os.path.join(top, rel), st) for rel, st in stats.items())

    def get(self, root: Path, rel: str, kind: str, compute: Callable[[Path], Any]) -> Any:
        """Return ``compute(root / rel)``, remembered under ``kind`` while the file is unchanged.

        ``compute`` may raise; nothing is remembered then. A missing file raises OSError.
        """
        return self._get(root, rel, kind, lambda name: {kind: compute(Path(name))})

    def read(self, root: Path, rel: str, kind: str, parse: Callable[[bytes], Any],
             also: Mapping[str, Callable[[bytes], Any]] = EMPTY_MAPPING) -> Any:
        """Return ``parse`` of the file's bytes, as :meth:`get` does, remembering the file's
        digest (:meth:`PageCache.file_digest`) from the same read: a cold build read every
        page file again for it once the page had rendered (0.12 ms a page). ``also``: more
        kinds learnt from the same bytes (:meth:`get` then answers them without a read)."""
        def compute(name: str) -> dict[str, Any]:
            # open(), not Path.read_bytes(): no Path made, no pathlib in between (a cold
            # build reads every page file here, 10,000 at 10,000 pages: 0.15 s less)
            with open(name, "rb") as f:
                data = f.read()
            return {kind: parse(data), DIGEST: _digest(data),
                    **{other: learn(data) for other, learn in also.items()}}
        return self._get(root, rel, kind, compute)

    def _get(self, root: Path, rel: str, kind: str,
             compute: Callable[[str], dict[str, Any]]) -> Any:
        """:meth:`get`, with ``compute`` given the file's path as a string."""
        # strings, not Path: called for every page, every build; the folder's string is kept
        # (os.path.join turning the Path into one each time: 30,000 calls at 10,000 pages,
        # 59-64 ms, against 36-39 ms)
        top = self._top if root is self._root else self._top_of(root)
        name = top + rel if not rel.startswith("/") else rel  # as os.path.join
        stamp = self._stamps.get(name)
        if stamp is None:  # once per build: frontmatter and digest ask about the same file
            st = os.stat(name)
            stamp = self._stamps[name] = (st.st_mtime_ns, st.st_size)
        self._seen.add(name)
        entry = self._entries.get(name)
        if entry is not None and entry[0] == stamp and kind in entry[1]:
            return entry[1][kind]
        learnt = compute(name)
        digest = learnt.get(DIGEST)
        if digest is not None:
            # what the last build read: a file too recent to remember then has its digest
            # apart, newer than the entry it left as it was
            before = self._racy.get(name)
            if before is None and entry is not None:
                before = entry[1].get(DIGEST)
            if digest != before:
                self._changed.add(name)
        if stamp[0] / 1e9 < self._started - RACY_SECONDS:
            known = entry[1] if entry is not None and entry[0] == stamp else {}
            self._entries[name] = (stamp, {**known, **learnt})
            self._dirty = True
        elif digest is not None:
            self._racy_now[name] = digest
        return learnt[kind]

    def changed(self, root: Path) -> set[str]:
        """The files of ``root`` (site-relative, ``/``-separated) read in this build
        (:meth:`read`) whose bytes the last build with this memo did not read: new or changed
        since, not only touched. A hint for work that can start early: a file rewritten
        within one tick of its clock at the same size is not read again, so not named."""
        top = self._top_of(root)
        return {name[len(top):] for name in self._changed if name.startswith(top)}

    def _top_of(self, root: Path) -> str:
        self._root, self._top = root, os.path.join(os.fspath(root), "")
        return self._top

    def save(self) -> None:
        """Write what was learnt (atomically; a failure only costs speed next time)."""
        if self.path is None:
            return
        if self._entries.keys() - self._seen:  # deleted or no longer used files
            self._entries = {k: v for k, v in self._entries.items() if k in self._seen}
            self._dirty = True
        if self._racy_now != self._racy:
            self._dirty = True
        if not self._dirty:
            return
        try:
            replace_file(self.path, pickle.dumps({"schema": SCHEMA, "entries": self._entries,
                                                  "racy": self._racy_now},
                                                 pickle.HIGHEST_PROTOCOL))
            self._dirty = False
        except OSError as exc:
            log.warning("%s: file memo not saved (%s)", self.path, exc)


class CachedPageResult(PageResult):
    """A :class:`PageResult` from the cache whose document is produced when first read.

    ``document_size`` (its UTF-8 byte length) is known without it, which is all a writer
    keeping the published file needs. Pickles as a plain ``PageResult``.
    """

    __slots__ = ("document_size", "_document", "_produce")
    document_size: int
    _document: str | None
    _produce: Callable[[], str] | None

    def __init__(self, *, page: Page, rendered: RenderedPage, unchanged: bool = False,
                 document: str | None = None, document_size: int = -1,
                 produce: Callable[[], str] | None = None,
                 notes: dict[str, object] | None = None) -> None:
        # each field set here, not by PageResult's generated __init__ through the document
        # property: one made for every cached page (10,000 on a one-page edit)
        put = object.__setattr__
        put(self, "page", page)
        put(self, "rendered", rendered)
        put(self, "_document", document)
        put(self, "unchanged", unchanged)
        put(self, "notes", notes if notes is not None else {})
        put(self, "_produce", produce)
        put(self, "document_size", document_size)

    @property
    def document(self) -> str:
        document = self._document
        if document is None:
            assert self._produce is not None
            document = self._produce()
            object.__setattr__(self, "_document", document)
            object.__setattr__(self, "_produce", None)
        return document

    @document.setter
    def document(self, value: str | None) -> None:  # only the dataclass __init__ sets it
        object.__setattr__(self, "_document", value)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_plain_result, (self.page, self.rendered, self.document, self.unchanged,
                                self.notes))


# the summary blob's fields, in order (encode_render)
_SUMMARY_FIELDS = ("key", "markdown", "anchors", "links", "dependencies", "extra")


class CachedRender(RenderedPage):
    """A :class:`RenderedPage` from the cache, decoded field by field when first used.

    The summary's fields are kept as marshal gave them (a warm build of 10,000 pages spent
    0.3 s building dataclass instances and link :class:`Location` s nobody looked at);
    ``html``, ``text`` and ``headings`` are read from the cache (one compressed blob) when
    first used. :meth:`raw_links` gives the links without building a ``Location`` each.
    Pickles as a plain ``RenderedPage``.
    """

    __slots__ = ("_summary", "_decoded", "_fetch", "_fetch_markdown")
    _summary: tuple[Any, ...]
    _decoded: dict[str, Any]
    _fetch: Callable[[], tuple[str, str, tuple[Heading, ...]]]
    _fetch_markdown: Callable[[], str] | None

    def __init__(self, *, fetch: Callable[[], tuple[str, str, tuple[Heading, ...]]],
                 summary: tuple[Any, ...], markdown: Callable[[], str] | None = None
                 ) -> None:  # pylint: disable=super-init-not-called
        object.__setattr__(self, "_fetch", fetch)
        object.__setattr__(self, "_summary", summary)
        object.__setattr__(self, "_decoded", {})
        object.__setattr__(self, "_fetch_markdown", markdown)

    def _field(self, name: str) -> Any:
        decoded: dict[str, Any] = self._decoded
        if name in decoded:
            return decoded[name]
        if name in ("html", "text", "headings"):
            decoded["html"], decoded["text"], decoded["headings"] = self._fetch()
        elif name in ("problems", "meta"):
            extra = self._raw("extra")
            decoded["problems"], decoded["meta"] = (pickle.loads(extra) if extra
                                                    else ((), EMPTY_MAPPING))
        elif name == "links":
            decoded["links"] = tuple((target, Location(f, line, col))
                                     for target, f, line, col in self.raw_links())
        elif name == "markdown" and self._fetch_markdown is not None:
            decoded["markdown"] = self._fetch_markdown()
        else:  # key, anchors, dependencies: as marshal gave them
            decoded[name] = self._raw(name)
        return decoded[name]

    def _raw(self, name: str) -> Any:
        return self._summary[_SUMMARY_FIELDS.index(name)]

    def raw_links(self) -> tuple[tuple[str, str, int, int], ...]:
        """The links as (target, file, line, column), without building their ``Location``."""
        links: tuple[tuple[str, str, int, int], ...] = self._raw("links")
        return links

    def __reduce__(self) -> tuple[Any, ...]:
        state = {f: getattr(self, f) for f in RenderedPage.__dataclass_fields__}
        return (_plain_render, (state,))

    def __repr__(self) -> str:
        return f"CachedRender(key={self.key!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RenderedPage):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in RenderedPage.__dataclass_fields__)

    __hash__ = None  # type: ignore[assignment]


def _lazy(name: str) -> property:
    if name in _AS_GIVEN:  # one index, no look-up of what was decoded: read on every page
        at = _SUMMARY_FIELDS.index(name)
        return property(lambda self: self._summary[at], doc=f"``{name}``, as marshal gave it")
    return property(lambda self: self._field(name), doc=f"``{name}``, decoded when first read")


# the summary's fields a CachedRender gives as marshal gave them (see _field); the Markdown
# is a column of its own, read when first used: 40 of the 44 MB of 10,000 pages' summaries,
# which only a page's .md copy and llms-full.txt need (mdxsite.plugins.hosting keeps those of
# unchanged pages as published)
_AS_GIVEN = ("key", "anchors", "dependencies")

for _name in RenderedPage.__dataclass_fields__:
    setattr(CachedRender, _name, _lazy(_name))


def _plain_render(state: dict[str, Any]) -> RenderedPage:
    return RenderedPage(**state)


def encode_render(rendered: RenderedPage) -> tuple[bytes, bytes]:
    """Return (summary, body) blobs for ``rendered`` (see the module docstring); the
    Markdown is stored on its own (its summary field is empty)."""
    extra = b""
    if rendered.problems or rendered.meta:
        extra = pickle.dumps((rendered.problems, rendered.meta), pickle.HIGHEST_PROTOCOL)
    summary = marshal.dumps((
        rendered.key, "", tuple(rendered.anchors),
        tuple((target, w.file, w.line, w.column) for target, w in rendered.links),
        tuple(rendered.dependencies), extra))
    body = zlib.compress(marshal.dumps((
        rendered.html, rendered.text,
        tuple((h.level, h.text, h.id) for h in rendered.headings))), 1)
    return summary, body


def decode_body(body: bytes) -> tuple[str, str, tuple[Heading, ...]]:
    html, text, headings = marshal.loads(zlib.decompress(body))
    return html, text, tuple(Heading(level=lv, text=t, id=i) for lv, t, i in headings)


def decode_summary(summary: bytes,
                   fetch: Callable[[], tuple[str, str, tuple[Heading, ...]]],
                   markdown: Callable[[], str] | None = None) -> CachedRender:
    return CachedRender(fetch=fetch, summary=marshal.loads(summary), markdown=markdown)


def _plain_result(page: Page, rendered: RenderedPage, document: str, unchanged: bool,
                  notes: dict[str, object]) -> PageResult:
    return PageResult(page=page, rendered=rendered, document=document, unchanged=unchanged,
                      notes=notes)


def document_size(result: PageResult) -> int:
    """Return the UTF-8 byte length of ``result.document``, without producing a cached one."""
    size = getattr(result, "document_size", -1)
    if size >= 0:
        return int(size)
    return utf8_size(result.document)


class PageCache:
    """Rendered pages from earlier builds of one output folder, by page key.

    Open with :meth:`open`, ask :meth:`fresh` and :meth:`load`, keep new renders with
    :meth:`store`, and :meth:`close` with the keys the site still has (rows of deleted pages
    are dropped). A cache another build holds locked only costs speed: storing stops, with a
    warning, and the build goes on.
    """

    def __init__(self, path: Path, site: Site, fingerprint: str | Callable[[], str],
                 memo: FileMemo | None = None,
                 relayout: Callable[[Page, RenderedPage], str] | None = None,
                 declare: Callable[[Page], Declared] | None = None) -> None:
        self.path = path
        self.site = site
        # the site fingerprint, or what computes it when first needed (see open)
        self._fingerprint = fingerprint
        self._fingerprinted: Any = None  # its hash, fed once (see page_digest)
        self.memo = memo if memo is not None else FileMemo(None)
        # lays a cached render out again, for a document someone reads (see CachedPageResult)
        self.relayout = relayout
        # what the plugins declare a page depends on (mdxsite.dependencies), asked once a page
        self.declare = declare
        self._declared: dict[str, Declared] = {}
        self.hits = 0
        self._writable = True
        self._files: dict[str, str] = {}  # site-relative file -> content digest, this build
        # fresh(): size, published, summary and notes of each fresh row (see load)
        self._fresh_rows: dict[str, tuple[int, int, bytes, bytes]] = {}
        # Markdown read after close() (see _fetch_markdown)
        self._late_markdown: dict[str, bytes] | None = None
        # the rows fresh() read (key -> digest, deps, size, published, ...) and the keys stored
        # since: close() then marks and drops rows without reading the table again
        self._rows: dict[str, tuple[Any, ...]] | None = None
        self._stored: set[str] = set()
        self._db = open_database(path, self._connect)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        # closed by another thread than the one that opened it (pipeline._build commits in a
        # thread beside its own last steps); never used by two threads at once
        db = sqlite3.connect(path, timeout=30, check_same_thread=False)
        if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA:
            db.execute("DROP TABLE IF EXISTS pages")
            db.execute(f"PRAGMA user_version = {SCHEMA}")
        # published: this row's document is what the last successful build wrote
        # body last: a query that does not name it never reads its overflow pages
        # notes: PageResult.notes, marshalled (what plugins read from the document)
        # markdown: RenderedPage.markdown, UTF-8, read only when used (see CachedRender)
        db.execute("CREATE TABLE IF NOT EXISTS pages (key TEXT PRIMARY KEY, digest TEXT NOT NULL, "
                   "deps TEXT NOT NULL, summary BLOB NOT NULL, size INTEGER NOT NULL, "
                   "published INTEGER NOT NULL DEFAULT 0, notes BLOB NOT NULL, "
                   "markdown BLOB NOT NULL, body BLOB NOT NULL)")
        # one writer transaction per build; WAL lets a reader (the dev server) in meanwhile
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        return db

    @classmethod
    def open(cls, out_dir: Path, site: Site, pm: pluggy.PluginManager, *,
             memo: FileMemo | None = None,
             relayout: Callable[[Page, RenderedPage], str] | None = None,
             code: str | None = None,
             declare: Callable[[Page], Declared] | None = None) -> PageCache:
        """Open (or create) the cache of ``out_dir`` for a build of ``site``.

        ``relayout(page, rendered)`` returns the document of a cached render; without it a
        cached page whose document is read counts as a miss (see :meth:`load`). ``code`` is
        :func:`code_fingerprint`, when the caller has it already.
        """
        known = code if code is not None else code_fingerprint(site.root, pm)
        # computed when a page's digest is first asked for: a cold build asks none before
        # its first render is stored, by when the render workers are busy (the repr of
        # every page, 0.13-0.25 s at 10,000 pages, off the build's one-core start)
        return cls(cache_dir_for(out_dir) / FILE_NAME, site,
                   lambda: site_fingerprint(site, known), memo, relayout, declare)

    @property
    def fingerprint(self) -> str:
        """The site fingerprint (:func:`site_fingerprint`) the rows are checked against."""
        if not isinstance(self._fingerprint, str):
            self._fingerprint = self._fingerprint()
        return self._fingerprint

    def declared(self, page: Page) -> Declared:
        """Return what the plugins declare ``page`` depends on (asked once per build)."""
        if self.declare is None:
            return NOTHING
        found = self._declared.get(page.key)
        if found is None:
            found = self._declared[page.key] = self.declare(page)
        return found

    @property
    def declared_pages(self) -> Mapping[str, Declared]:
        """What :meth:`declared` answered, by page key."""
        return self._declared

    def file_digest(self, rel: str) -> str:
        """Return the digest of a site-relative file's bytes ('-' when it cannot be read)."""
        found = self._files.get(rel)
        if found is None:
            try:
                found = self.memo.get(self.site.root, rel, DIGEST,
                                      lambda path: _digest(path.read_bytes()))
            except OSError:
                found = "-"
            self._files[rel] = found
        return found

    def page_digest(self, page: Page) -> str:
        """Return the digest of everything known before rendering that shapes ``page``:
        ``_digest(fingerprint, page_repr(page), the digest of its file)``, the fingerprint's
        part hashed once (a hash's copy costs less than hashing it for each of 10,000 pages)."""
        source = page.source.as_posix() if page.source is not None else ""
        if self._fingerprinted is None:
            self._fingerprinted = hashlib.blake2b(digest_size=20)
            _feed(self._fingerprinted, self.fingerprint)
        h = self._fingerprinted.copy()
        _feed(h, page_repr(page))
        _feed(h, self.file_digest(source) if source else "")
        return h.hexdigest()

    def fresh(self, pages: Iterable[Page]) -> set[str]:
        """Return the keys of ``pages`` whose cached row is still valid (no body is read).

        Reads every column but the render's body and Markdown, in one scan of the table: the
        summaries and notes :meth:`load` needs come with the validity columns (a second scan
        for them cost 0.075 s of CPU at 10,000 pages, the single one 0.01 s more than without).
        """
        rows = {row[0]: row[1:] for row in self._db.execute(
            "SELECT key, digest, deps, size, published, summary, notes FROM pages")}
        self._rows = rows
        self._stored = set()
        found: set[str] = set()
        self._fresh_rows = {}
        for page in pages:
            row = rows.get(page.key)
            # asked of every page now, before any is rendered: a page stored later keeps the
            # key it was rendered under, not one that moved meanwhile (a commit landing)
            want = self.declared(page)
            if row is None or row[0] != self.page_digest(page):
                continue
            if row[1] == NO_DEPS and want is NOTHING:  # most pages: no JSON
                found.add(page.key)
                self._fresh_rows[page.key] = row[2:]
                continue
            deps: dict[str, Any] = json.loads(row[1])
            files: dict[str, str] = deps["files"]
            if [tuple(k) for k in deps["keys"]] != list(want.keys) or \
                    any(rel not in files for rel in want.files):
                continue
            if all(self.file_digest(rel) == digest for rel, digest in files.items()):
                found.add(page.key)
                self._fresh_rows[page.key] = row[2:]
        return found

    def published(self, keys: Collection[str]) -> set[str]:
        """Return those of ``keys`` (named by :meth:`fresh`) whose cached document is the one
        the last successful build published: they arrive with ``PageResult.unchanged``."""
        rows = self._fresh_rows
        return {k for k in keys if k in rows and rows[k][1]}

    def _fetch_markdown(self, key: str) -> str:
        try:
            row = self._db.execute("SELECT markdown FROM pages WHERE key = ?", (key,)).fetchone()
        except sqlite3.ProgrammingError:  # read after the build closed the cache (watch mode)
            if self._late_markdown is None:  # every page's at once: one connection, not 10,000
                db = sqlite3.connect(self.path, timeout=30)
                try:
                    self._late_markdown = dict(db.execute("SELECT key, markdown FROM pages"))
                finally:
                    db.close()
            found = self._late_markdown.pop(key, None)
            row = (found,) if found is not None else None
        if row is None:
            raise LookupError(f"{self.path}: the cached render of {key!r} is gone; build again")
        return bytes(row[0]).decode("utf-8")

    def _fetch_body(self, key: str) -> tuple[str, str, tuple[Heading, ...]]:
        query = "SELECT body FROM pages WHERE key = ?"
        try:
            row = self._db.execute(query, (key,)).fetchone()
        except sqlite3.ProgrammingError:  # read after the build closed the cache
            with sqlite3.connect(self.path, timeout=30) as db:
                row = db.execute(query, (key,)).fetchone()
        if row is None:
            raise LookupError(f"{self.path}: the cached render of {key!r} is gone; build again")
        return decode_body(row[0])

    def load(self, page: Page) -> PageResult | None:
        """Return the cached result for a page :meth:`fresh` named (None if unreadable).

        Its HTML and document are read and laid out again only when used: a page the last
        build published (``unchanged``) is normally kept, never read.
        """
        relayout = self.relayout
        row = self._fresh_rows.pop(page.key, None)
        if relayout is None or row is None:
            return None
        size, published, summary, notes = row
        key = page.key
        try:
            rendered = decode_summary(summary, lambda: self._fetch_body(key),
                                      lambda: self._fetch_markdown(key))
            noted = marshal.loads(notes) if notes else {}
        except Exception:  # noqa: BLE001 - any unreadable row is a miss, rendered afresh
            return None
        self.hits += 1
        return CachedPageResult(page=page, rendered=rendered, unchanged=bool(published),
                                document_size=int(size), notes=noted,
                                produce=lambda: relayout(page, rendered))

    def store(self, result: PageResult) -> None:
        """Keep a freshly rendered result for the next build (its ``notes`` as they are now:
        the build stores a page once the plugins have seen it)."""
        if not self._writable:
            return
        page = result.page
        want = self.declared(page)
        read = result.rendered.dependencies
        deps = NO_DEPS if not read and not want.files and not want.keys else json.dumps({
            "files": {rel: self.file_digest(rel) for rel in sorted({*read, *want.files})},
            "keys": list(want.keys)})
        try:
            summary, body = encode_render(result.rendered)
            markdown = result.rendered.markdown.encode("utf-8")
            notes = marshal.dumps(result.notes) if result.notes else b""
        except (ValueError, TypeError, pickle.PicklingError) as exc:  # a plugin's odd value
            log.debug("%s: not cached (%s)", page.key, exc)
            return
        try:
            # marked published already: nothing is committed before close(), which marks the
            # rows of a failed build back (an UPDATE of every row stored by a cold build of
            # 10,000 pages took 0.09 s at its end)
            self._db.execute(
                "INSERT OR REPLACE INTO pages VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)",
                (page.key, self.page_digest(page), deps, summary,
                 document_size(result), notes, markdown, body))
            self._stored.add(page.key)
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
            if keep is None:
                if self._stored:  # marked as published when stored (see store): they are not
                    self._db.executemany("UPDATE pages SET published = 0 WHERE key = ?",
                                         ((k,) for k in self._stored))
            elif self._writable and self._rows is not None:
                # the rows are those fresh() read and those stored since: two scans of the
                # table (10,000 rows) spared
                rows = self._rows
                stale = [k for k in rows.keys() | self._stored if k not in keep]
                self._db.executemany("DELETE FROM pages WHERE key = ?", ((k,) for k in stale))
                marks = [k for k, row in rows.items() if not row[3] and k not in self._stored]
                self._db.executemany("UPDATE pages SET published = 1 WHERE key = ?",
                                     ((k,) for k in marks if k in keep))
            elif self._writable:
                stale = [k for (k,) in self._db.execute("SELECT key FROM pages") if k not in keep]
                self._db.executemany("DELETE FROM pages WHERE key = ?", ((k,) for k in stale))
                self._db.execute("UPDATE pages SET published = 1 WHERE published = 0")
            self._db.commit()
        except sqlite3.OperationalError as exc:  # locked by another build of the same output
            log.warning("%s: render cache not saved (%s)", self.path, exc)
        self._db.close()


def unpublish(out_dir: Path, keys: Collection[str]) -> None:
    """Tell the render cache of ``out_dir`` that these pages' published files were replaced
    (by a watch-mode rebuild): the next ``mdxsite build`` writes them from its cache instead
    of trusting the files."""
    path = cache_dir_for(out_dir) / FILE_NAME
    if not keys or not path.is_file():
        return
    try:
        db = sqlite3.connect(path, timeout=1)
        try:
            db.executemany("UPDATE pages SET published = 0 WHERE key = ?", ((k,) for k in keys))
            db.commit()
        finally:
            db.close()
    except sqlite3.Error as exc:  # another build holds it: that build rewrites the marks
        log.info("render cache not updated after a rebuild: %s", exc)
