"""Built-in plugin: full-text search with Pagefind, indexed while the pages render.

Pagefind (PyPI ``pagefind[bin]``) indexes the written HTML into ``_pagefind/``: a static index
split into small fragments, so a page loads only what a query needs, even on 10,000 pages.
Search is scoped to the reader's version and language: Pagefind indexes each ``<html lang>``
separately, and a site with versions gets one index per version (``_pagefind/<version>/``),
which the page's ``data-version`` selects. (Pagefind's filters could scope versions in one
index, but its filter files come out in hash order, which would break byte-identical builds;
separate indexes also keep each one, and what a query downloads, smaller.) Without Pagefind
installed the build still succeeds, with a warning saying how to get search.

Memory: Pagefind keeps every page of an index in memory until it writes the index, about
0.15 MiB a page (the 10,000-page benchmark: 1,500 MiB RSS in one process, more than the 1 GiB
the whole build may take). So an index of more than SHARD_PAGES pages is split into shards,
dealt out in build (navigation) order, each indexed by its own ``pagefind --service``
process that exits before the next starts: the peak is one shard's (2,000 pages: 350 MiB;
1,000: 195; 5,000: 770; indexing took as long in each case). Shards are now 500 pages, for
speed more than memory: see Speed. The first shard stays in the
index folder, so a smaller site is laid out as before; shard N is its sub-folder ``shard~N``,
and ``shard~list.json`` beside the first lists every shard with the languages it holds (an
index of one shard has it too, listing that one)::

    {"shards":[{"languages":["en"],"path":""},{"languages":["en","fr"],"path":"shard~2/"}]}

search.js fetches it when the dialog first opens and has Pagefind search the first shard
holding the reader's language and merge (``mergeIndex``) the others holding it: Pagefind
would search a shard without that language in its largest one. Any shard may come first, so
each keeps Pagefind's scripts. Without the file (an index built before it was written for one
shard), the folder is the one index. Pagefind ranks
merged results by each shard's own scores, so a word's rarity is judged per shard. Pagefind's
UI scripts are loaded from the index folder alone: the shard sub-folders have none
(:data:`UI_FILES`), but each keeps ``pagefind.js``, its worker and wasm, as it may be the shard
a search starts from.

Speed: the pages are streamed to the ``pagefind --service`` process without waiting for each
answer (the service handles requests one at a time, in order, so the index is the same as
when they are sent one by one; the ``pagefind`` package's own client polls for each answer
every 0.1 s, 1,000 s for 10,000 pages), without the header and sidebar, which Pagefind skips
anyway, nor the table of contents, icons, code token tags and the head's scripts, styles,
links and metas (:func:`_indexed_part`; the index is byte-identical, and Pagefind parses a
third of the bytes of the written pages and spends ~0.3 ms a page less than on the pages
without their header and sidebar, and ~0.3 ms less again than with the head's tags). A shard
whose page list is the same as when it was published, and whose every page is byte-identical
to the published one, is kept unread; only the shards holding a changed page are indexed
again. Pagefind spends about 3.4 ms of CPU a page, linearly (two thirds adding the pages, a
third building the index's files, all after the shard's last page), so a shard's size is what a
one-page edit pays for search: 500 pages (1.1 s adding them and 0.6 s writing the index, 1.7 s
of Pagefind's CPU on the benchmark's pages, in its own process beside the rest of the build)
rather than 2,000, at the cost of more shards to merge when a reader searches (20 on 10,000
pages) and rarity judged over fewer pages. Smaller shards would shorten that edit, but each
shard costs the reader's first search its entry, its metadata and a chunk of its index (the
wasm is fetched once): on the 10,000-page benchmark, in Chromium from a local server, 500
pages a shard made the first search 83 requests and 1,257 KiB (2.4 s to results), 250 pages
145 requests and 1,727 KiB (2.6 s), 125 pages 312 requests and 4,014 KiB (4.7 s), for an
edit build 0.5-1 s shorter at best (the render of the edited page and the build's set-up
remain). A smaller site can have the smaller shards and few of them: an index is split into
shards of 250 pages while that makes at most 20 (SMALL_SHARD_PAGES, SHARDS_MERGED), so up to
5,000 pages a reader's first search merges no more shards than on 10,000 pages of 500. On the
1,000-page benchmark (4 shards of 250 instead of 2 of 500), the first search made 24-28
requests and 390-493 KiB instead of 17-19 and 320-380 KiB, in the same 0.7-1.3 s, and a
one-page edit build took 1.6 s instead of 2.1; Pagefind's CPU for the same 500 pages is the
same in one process or two (1.3-1.5 s).

Pages are indexed while the build renders them (:class:`_Indexer`), not after the last one
is written: each shard's process starts when its first page is built and writes its files as
soon as its last one came, so only the last shard's index writing is left when rendering ends.
A build with a render cache knows before the first page which pages may change
(``mdxsite_build_started``'s ``changed``): each shard holding one starts at once, fed its
other pages as the last indexing of the shard sent them (stored beside the render cache, see
:class:`_TextStore`), else their published files, so the shard of a one-page edit is indexed
beside the rest of the build with no page of it read back. Each of those pages is checked
when it arrives (that its document is the published one; for a published file, the file's
size against its document's); a shard fed one that was not the page is indexed again at the
end from what the build wrote. Earlier still, when the only files changed since the last
``mdxsite build`` are sources of indexed pages (``mdxsite_build_starting``, from the build
stamp), their shards start before the site is even loaded (:func:`_start_early`), and the
indexer adopts each one the site's plan and the render cache agree with. The edited page is
handed to its shard as soon as the build has rendered it, ahead of the render cache's check
of every page (``mdxsite_page_rendered_early``), and checked when it is built.
"""

from __future__ import annotations

import base64
import collections
import functools
import hashlib
import importlib.util
import io
import json
import logging
import marshal
import os
import queue
import re
import subprocess
import tempfile
import threading
import zlib
from collections.abc import Callable, Collection, Iterator, Sequence
from pathlib import Path
from typing import Any

from mdxsite.errors import Location, MdxsiteError, Problem, report_warnings
from mdxsite.hookspecs import hookimpl
from mdxsite.model import BuildReport, Page, PageResult, Site
from mdxsite.output import ranking, staging, visibility
from mdxsite.output.layout import version_of
from mdxsite.output.ranking import Rank
from mdxsite.output.cache import document_size
from mdxsite.plugins.output import output_path

log = logging.getLogger(__name__)

SUBDIR = "_pagefind"
# Pagefind folders whose files are named by a digest of their content
HASHED_FOLDERS = ("fragment", "index", "filter")
# the most pages one Pagefind process indexes (see Memory and Speed above): ~90 MiB, and what
# one edited page costs to index again (~1.2 s of CPU)
SHARD_PAGES = 500
# an index is split finer, into shards of this many pages, as long as that makes at most
# SHARDS_MERGED of them (a reader's first search fetches a part of each shard): a one-page
# edit of a 1,000-page site then indexes 250 pages again, not 500 (see Speed above)
SMALL_SHARD_PAGES = 250
SHARDS_MERGED = 20
# shard 2, 3, ... of an index, in a sub-folder of the first; "~" is in no version slug
# (bundle_dir) and in no file name Pagefind writes, so neither can collide with these
SHARD_FOLDER = "shard~{}"
# rendered pages sent to a Pagefind process and not yet indexed, at most (the build waits):
# ~15 KB each on the benchmark; enough to keep Pagefind busy while a page renders
BACKLOG_PAGES = 64
# in the index folder of a sharded index: {"shards": [{"path": "shard~2/", "languages": [...]}]}
SHARD_LIST = "shard~list.json"
# beside the output's render cache: which page list the published index was built from
STATE_FILE = "search-index.json"
# beside it: what each shard's Pagefind was sent last (see _TextStore), one file a shard
TEXTS_FOLDER = "search-texts"
# Pagefind's own search interfaces and its highlighting script: search.js loads Pagefind's UI
# from the index's folder (its first shard) alone, so a shard sub-folder's copies (~420 KB a
# shard, 8 MB of 10,000 pages) would be files no reader fetches; the first shard keeps them,
# for a template of the site's own that uses them
UI_FILES = frozenset({"pagefind-ui.js", "pagefind-ui.css", "pagefind-modular-ui.js",
                      "pagefind-modular-ui.css", "pagefind-component-ui.js",
                      "pagefind-component-ui.css", "pagefind-highlight.js"})
# navigation inside <main> (path, pager, footer) and the "#" beside headings are not content
EXCLUDE = [".heading-anchor", ".breadcrumbs", ".eyebrow", ".pager", ".site-footer"]

NO_RANK = ranking.NONE

# the indexer of the build running now (see _Indexer), set up by mdxsite_build_started
_RUNNING: dict[str, _Indexer | None] = {"indexer": None}
# shards started before the site loaded (mdxsite_build_starting), for the indexer to adopt
_EARLY: list[_Shard] = []


def bundle_dir(version: str) -> str:
    """Return the index folder for a version: ``_pagefind/<slug>`` (``_pagefind`` for none).

    search.js derives the same slug from the page's ``data-version``: keep the two in step.
    """
    if not version:
        return SUBDIR
    return f"{SUBDIR}/{re.sub(r'[^a-z0-9._-]', '-', version.lower())}"


def _available() -> bool:
    try:
        import pagefind  # noqa: F401
    except ImportError:
        return False
    return True


@hookimpl
def mdxsite_page_assets(site: Site, page: Page) -> list[str]:
    return ["/_mdxsite/search.js"]


@hookimpl
def mdxsite_build_starting(out_dir: Path, changed_files: frozenset[str] | None) -> None:
    _stop_running()
    _stop_early()
    published = staging.published_for(out_dir)
    if not changed_files or published is None or not _available():
        return
    _EARLY.extend(_start_early(out_dir, published, changed_files))
    if _EARLY and not staging.on_close(out_dir, _stop_early):
        _stop_early()


@hookimpl
def mdxsite_page_rendered_early(site: Site, result: PageResult) -> None:
    """Hand an edited page to the shard started for it (:func:`_start_early`) as soon as it
    is rendered: Pagefind indexes the shard while the build checks its cache. The indexer
    checks it against the page built (:meth:`_Indexer.add`)."""
    page = result.page
    rel = output_path(page.url)
    shard = next((s for s in _EARLY if rel in s.rels and rel not in s.items), None)
    if shard is None or site.config.mdxsite.get("search") is False or \
            not visibility.searchable(site, page):
        return  # the indexer drops the shard if the plan no longer has the page there
    found, _ = ranking.rank(site, page)  # its warnings are reported with the plan's
    shard.items[rel] = ranking.weighted(_indexed_part(result.document), found or NO_RANK)
    shard.ahead[rel] = result.document
    assert shard.writer is not None
    shard.release()
    log.info("search: %s handed to %s/ as it rendered, before the cache check", rel,
             shard.folder)


@hookimpl
def mdxsite_build_started(site: Site, out_dir: Path, changed: frozenset[str]) -> None:
    _stop_running()
    early = _EARLY[:]
    _EARLY.clear()
    if site.config.mdxsite.get("search") is False or not _available():
        _abort(early)
        return
    published = staging.published_for(out_dir)
    indexer = _Indexer(out_dir, published, *_plan(site), early=early)
    if staging.on_close(out_dir, indexer.abort):  # a failed build stops its Pagefind processes
        _RUNNING["indexer"] = indexer
        indexer.expect({output_path(site.pages[k].url) for k in changed if k in site.pages})
    else:
        indexer.abort()


@hookimpl
def mdxsite_page_built(site: Site, result: PageResult) -> None:
    indexer = _RUNNING["indexer"]
    if indexer is not None:  # None in a watch-mode rebuild (see mdxsite_build_finished)
        indexer.add(result)


# last: the other plugins' end-of-build work (llms-full.txt, the 404 page, ...) then runs while
# the last shard's Pagefind process is still indexing, instead of after this waited for it
@hookimpl(trylast=True)
def mdxsite_build_finished(site: Site, out_dir: Path, report: BuildReport) -> None:
    if site.config.mdxsite.get("search") is False:
        return
    if report.changed_pages is not None:
        # watch mode: Pagefind cannot update an index in place, and indexing the whole site
        # on every save would take seconds; `mdxsite dev` searches the index of its start-up
        return
    if not _available():
        report_warnings([Problem(Location("mdxsite"), "search is off: Pagefind is not installed",
                                 "pip install 'mdxsite[search]'", code="search.unavailable",
                                 warning=True)])
        return
    indexer = _RUNNING["indexer"]
    _RUNNING["indexer"] = None
    if indexer is None or indexer.out_dir != out_dir:  # no build_started: every page from disk
        if indexer is not None:
            indexer.abort()
        indexer = _Indexer(out_dir, report.out_dir, *_plan(site))
    try:
        shards = indexer.finish()
    except MdxsiteError:
        raise
    except Exception as exc:  # noqa: BLE001 - the service fails with many exception types
        raise MdxsiteError.single(f"building the search index failed: {exc}",
                                  hint="run with --disable-plugin search to build without it") from exc
    finally:
        indexer.abort()  # a no-op when it finished
    if indexer.published is not None:
        _save_state(indexer.published, shards, _sources(site, indexer))


def _stop_running() -> None:
    indexer = _RUNNING["indexer"]
    _RUNNING["indexer"] = None
    if indexer is not None:
        indexer.abort()


def _stop_early() -> None:
    early = _EARLY[:]
    _EARLY.clear()
    _abort(early)


def _abort(shards: list[_Shard]) -> None:
    writers = [shard.writer for shard in shards if shard.writer is not None]
    for writer in writers:  # all told first: a writer may be waiting for another
        writer.abort()
    for writer in writers:
        writer.join()


def _sources(site: Site, indexer: _Indexer) -> dict[str, list[str]]:
    """Each indexed page's source file (site-relative) -> the output files it makes: what
    the next build's early start (:func:`_start_early`) reads a changed file as."""
    found: dict[str, list[str]] = {}
    for page in site.pages.values():
        if page.source is not None:
            rel = output_path(page.url)
            if rel in indexer.rels:
                found.setdefault(page.source.as_posix(), []).append(rel)
    return found


def _start_early(out_dir: Path, published: Path, changed_files: frozenset[str]) -> list[_Shard]:
    """Start indexing the shards of the pages whose source files changed, before the site
    is loaded: each fed the texts its other pages had when it was last indexed (_TextStore),
    the changed pages to come. A one-page edit of 10,000 pages has Pagefind at work on the
    edited page's shard while the build loads the site and checks its cache (about 0.7 s
    earlier than from :func:`mdxsite_build_started`).

    Only when every changed file is the source of pages the last index held (a page edited
    or touched): any other file may change which pages there are, their order and shards.
    The indexer adopts a shard started here only if the site's plan gives it the same pages
    and the build says its other pages are unchanged (:meth:`_Indexer.expect`); else stopped.
    """
    state = _load_state_file(published)
    shards, sources = state.get("shards"), state.get("sources")
    if not isinstance(shards, dict) or not isinstance(sources, dict):
        return []
    pages: set[str] = set()
    for rel in changed_files:
        found = sources.get(rel)
        if not isinstance(found, list):
            return []
        pages.update(found)
    texts = _TextStore(staging.cache_dir_for(published) / TEXTS_FOLDER)
    started: list[_Shard] = []
    last: _ShardWriter | None = None
    for folder, old in sorted(shards.items()):
        rels = old.get("rels") if isinstance(old, dict) else None
        if not isinstance(rels, list) or pages.isdisjoint(rels) or \
                not texts.holds(folder, old.get("texts")):
            continue
        shard = _Shard(folder, rels, published, lazy=True)
        for rel in rels:
            if rel not in pages:
                shard.items[rel] = _STORED
                shard.stored.add(rel)
        shard.changed = True
        shard.writer = last = _ShardWriter(out_dir, folder, len(rels), last, None, texts,
                                           published)
        shard.writer.start()
        shard.release()
        started.append(shard)
        log.info("search: indexing %s/ from the build's start (%d changed file%s)", folder,
                 len(changed_files), "" if len(changed_files) == 1 else "s")
    return started


def _plan(site: Site) -> tuple[dict[str, list[str]], dict[str, Rank]]:
    """Return each index folder's searchable pages (output files), in build order, and the
    boost and keywords of those that have any (:mod:`mdxsite.output.ranking`)."""
    bundles: dict[str, list[str]] = {}
    ranks: dict[str, Rank] = {}
    problems: list[Problem] = []
    folders: dict[str, str] = {}  # version -> its index folder (a regex each, else)
    for page in site.pages.values():
        if visibility.searchable(site, page):  # not hidden, noindex or searchable: false
            rel = output_path(page.url)
            version = version_of(site, page)
            folder = folders.get(version)
            if folder is None:
                folder = folders[version] = bundle_dir(version)
            bundles.setdefault(folder, []).append(rel)
            found, said = ranking.rank(site, page)
            problems += said
            if found:
                ranks[rel] = found
    report_warnings(problems)
    return dict(sorted(bundles.items())), ranks


def _shards(folder: str, rels: list[str]) -> list[tuple[str, list[str]]]:
    """Split one index's pages (in build order) into shards of at most SHARD_PAGES, or of
    at most SMALL_SHARD_PAGES while that makes no more than SHARDS_MERGED shards (1,000
    pages: 4 shards of 250; 6,000: 20 of 300; 20,000: 40 of 500): (folder, its pages sorted).

    The first shard is ``folder`` itself, so an index of up to SHARD_PAGES pages is laid out
    as it was before shards; the others are ``folder/shard~2``, ``folder/shard~3``, ... The
    pages are dealt out in build (navigation) order, as evenly as the count allows (10,001
    pages: 21 shards of 476 or 477, not 20 full ones and a single page): the pages of one
    shard are then built one after the other, so its Pagefind process runs from its first
    page to its last and the next starts after it, holding at most one shard's pages waiting
    for their turn (a shard is indexed in sorted order). Sorted shards of a large site (a
    dealing by output path) were each waiting for pages the build reached much later.
    """
    count = max(1, -(-len(rels) // SHARD_PAGES),
                min(-(-len(rels) // SMALL_SHARD_PAGES), SHARDS_MERGED))
    bounds = [len(rels) * n // count for n in range(count + 1)]
    return [(folder if n == 0 else f"{folder}/{SHARD_FOLDER.format(n + 1)}",
             sorted(rels[bounds[n]:bounds[n + 1]])) for n in range(count)]


def _digest_lines(lines: list[str]) -> str:
    return hashlib.blake2b("\n".join(lines).encode(), digest_size=20).hexdigest()


def _state_path(published: Path) -> Path:
    return staging.cache_dir_for(published) / STATE_FILE


def _load_state_file(published: Path) -> dict[str, Any]:
    """The search state the last build saved ({} when missing or unreadable); read once
    for both the early start and the indexer (1.8 MB on 10,000 pages: 14 ms each)."""
    path = _state_path(published)
    try:
        with open(path, "rb") as file:
            st = os.fstat(file.fileno())
            key = (os.fspath(path), st.st_mtime_ns, st.st_size)
            if _STATE_READ[0] == key:
                return _STATE_READ[1]
            state = json.loads(file.read())
    except (OSError, ValueError):
        return {}
    if not isinstance(state, dict):
        return {}
    _STATE_READ[:] = [key, state]
    return state


# the state file last read: (path, mtime, size), its content
_STATE_READ: list[Any] = [None, {}]


def _load_state(published: Path | None) -> dict[str, dict[str, Any]]:
    """What each published shard was built from: {shard folder: its state} (see _index)."""
    if published is None:
        return {}
    shards = _load_state_file(published).get("shards")
    return shards if isinstance(shards, dict) else {}


def _save_state(published: Path, shards: dict[str, dict[str, Any]],
                sources: dict[str, list[str]]) -> None:
    path = _state_path(published)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"shards": shards, "sources": sources}, sort_keys=True),
                    encoding="utf-8")


def _keep_shard(out_dir: Path, published: Path, shard: str, state: dict[str, Any]) -> bool:
    """Keep a published shard's files unread; False (and maybe some kept): index it again.

    The state is saved after each build; the entry file's bytes tie it to the shard actually
    published (a build that failed to publish left another entry file behind).
    """
    files = state.get("files")
    if not isinstance(files, dict) or not files:
        return False
    try:  # the entry file names the index's hash: the published shard is this one
        entry = (published / shard / "pagefind-entry.json").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if entry != state.get("entry"):
        return False
    # fragment/, index/ and filter/ files are named by a digest of their bytes: being there is
    # enough (10,000 pages have 10,000 fragments); the few others are checked by size
    hashed: list[str] = []
    for rel, size in files.items():
        if rel.rsplit("/", 2)[-2] in HASHED_FOLDERS:
            hashed.append(rel)
        elif not staging.keep(out_dir, rel, size):
            return False
    return staging.keep_present(out_dir, hashed)


class _TextStore:
    """What each shard's Pagefind process was last sent, one file a shard beside the render
    cache: {page's output file: its indexed part (:func:`_indexed_part`, weighed)}.

    A one-page edit has the edited page's shard indexed again: its other pages' texts come
    from here instead of their published files, read back and trimmed again in the build's
    process (499 pages of the benchmark: ~0.3 s of CPU beside the build's own loop, each
    stat of that loop then waiting for the lock). A file starts with a token the shard's
    saved state names (``"texts"``); the state is saved only once a build succeeded, so a
    file a failed build left is not trusted. A text is used only for a page that arrives
    ``unchanged``: the render cache's word that its document is the one the last build
    published, which is the document that build indexed (see :meth:`_Indexer.add`).
    Compressed (~1.5 KB a page): storing a shard's texts costs ~40 ms of CPU in its writer,
    outside the lock (zlib releases it).
    """

    MAGIC = b"mdxsite search texts 1\n"

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def path(self, shard: str) -> Path | None:
        if self.folder is None:
            return None
        return self.folder / (hashlib.blake2b(shard.encode(), digest_size=8).hexdigest() + ".bin")

    def holds(self, shard: str, token: object) -> bool:
        """True when the file of ``shard`` is the one with ``token`` (its body is not read)."""
        path = self.path(shard)
        if path is None or not isinstance(token, str) or not token:
            return False
        head = self.MAGIC + token.encode() + b"\n"
        try:
            with open(path, "rb") as file:
                return file.read(len(head)) == head
        except OSError:
            return False

    def load(self, shard: str) -> dict[str, str]:
        """The texts of ``shard`` ({} when unreadable)."""
        path = self.path(shard)
        try:
            assert path is not None
            data = path.read_bytes()
            if not data.startswith(self.MAGIC):
                return {}
            texts = marshal.loads(zlib.decompress(data[data.index(b"\n", len(self.MAGIC)) + 1:]))
        except (AssertionError, OSError, ValueError, EOFError, TypeError, zlib.error):
            return {}
        return texts if isinstance(texts, dict) else {}

    def save(self, shard: str, texts: dict[str, str]) -> str | None:
        """Store the texts of ``shard``; return the token naming them (None: not stored)."""
        path = self.path(shard)
        if path is None:
            return None
        token = os.urandom(16).hex()
        try:
            staging.replace_file(path, self.MAGIC + token.encode() + b"\n" +
                                 zlib.compress(marshal.dumps(texts), 1))
        except (OSError, ValueError) as exc:
            log.debug("search: texts of %s/ not stored (%s)", shard, exc)
            return None
        return token

    def prune(self, shards: Collection[str]) -> None:
        """Remove the files of shards the index no longer has."""
        if self.folder is None:
            return
        wanted = {path.name for shard in shards if (path := self.path(shard)) is not None}
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            if name not in wanted:
                (self.folder / name).unlink(missing_ok=True)


class _FromStore:
    """A page whose indexed part is the one its shard's last indexing sent (_TextStore)."""


# an item for a shard's queue: a page's indexed part, the published file holding its
# document, or the text stored when the shard was last indexed
_Item = str | Path | _FromStore
_STORED = _FromStore()
# in a shard's arrivals: the page's published file, made a Path only if it is sent (a
# one-page edit of 10,000 pages made 9,500 Paths for shards kept unread)
_PUBLISHED = None
# tells a shard's writer that no page will come (the build failed)
_ABORT = object()


class _Indexer:
    """Index the pages into Pagefind while the build renders them, shard by shard.

    Every shard's page list is known before the first page renders (:func:`_plan`); pages
    arrive in build order and go to their shard's Pagefind process in the shard's (sorted)
    order, a page waiting only for those before it, so a shard's bytes are those of indexing
    its sorted pages in one go. A shard's process starts when its first page arrives and
    after the previous shard's has exited (one at a time: see Memory in the module
    docstring); it writes its files into the staging folder as soon as its last page came,
    while later pages render. :meth:`finish` waits for the last one.

    A shard the last build published, with the same page list, waits instead (pages of a
    cached, published document are only remembered by file): if none of its pages changed,
    its published files are kept unread; the first changed page starts its process, fed the
    published files of the pages before it.
    """

    def __init__(self, out_dir: Path, published: Path | None,
                 bundles: dict[str, list[str]], ranks: dict[str, Rank] | None = None, *,
                 early: Sequence[_Shard] = ()) -> None:
        self.out_dir = out_dir
        self.published = published
        # the published folder with its separator, to stat files with no Path made
        self._prefix = os.path.join(published, "") if published is not None else ""
        self.ranks = ranks or {}
        self._before = _load_state(published)
        self._texts = _TextStore(staging.cache_dir_for(published) / TEXTS_FOLDER
                                 if published is not None else None)
        self._plans = {folder: _shards(folder, rels) for folder, rels in bundles.items()}
        self._every = {shard for parts in self._plans.values() for shard, _ in parts}
        self._shards: list[_Shard] = []
        self._by_rel: dict[str, _Shard] = {}
        self._last: _ShardWriter | None = None  # the writer started last: the next waits for it
        self._lock = threading.Lock()
        # started before the site loaded (_start_early): adopted when the plan agrees
        waiting = {shard.folder: shard for shard in early}
        self._dropped: list[_Shard] = []  # stopped, joined by abort()
        if early:
            self._last = early[-1].writer
        for parts in self._plans.values():
            for folder, rels in parts:
                lazy = self._published_as(folder, rels)
                shard = waiting.pop(folder, None)
                if shard is not None and (not lazy or shard.rels != rels):
                    self._drop(shard)
                    shard = None
                if shard is None:
                    shard = _Shard(folder, rels, published, lazy=lazy)
                else:
                    shard.early = True
                    assert shard.writer is not None
                    shard.writer.ranks = self.ranks
                self._shards.append(shard)
                self._by_rel.update((rel, shard) for rel in rels)
        for shard in waiting.values():
            self._drop(shard)
        self.rels = self._by_rel.keys()

    def _drop(self, shard: _Shard) -> None:
        """Stop a shard's writer (abort() waits for it)."""
        log.info("search: %s/ started early for pages that did not change as guessed: "
                 "stopped", shard.folder)
        assert shard.writer is not None
        shard.writer.abort()
        self._dropped.append(shard)

    def _renew(self, shard: _Shard) -> _Shard:
        """Replace an early shard whose guess was wrong with one started as if there were none."""
        self._drop(shard)
        fresh = _Shard(shard.folder, shard.rels, shard.published, lazy=True)
        self._shards[self._shards.index(shard)] = fresh
        self._by_rel.update((rel, fresh) for rel in fresh.rels)
        return fresh

    def _published_as(self, folder: str, rels: list[str]) -> bool:
        """True when the published shard was built from these pages (it may then be kept)."""
        old = self._before.get(folder)
        if self.published is None or old is None or old.get("pages") != self._digest(rels):
            return False
        try:
            entry = (self.published / folder / "pagefind-entry.json").read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return False
        return entry == old.get("entry")

    def _digest(self, rels: list[str]) -> str:
        """A shard's page list; boost and keywords are part of it, so changing one (in
        docs.json or a page) indexes the shard again. A page without them is its file alone."""
        return _digest_lines([f"{rel}\t{self.ranks[rel].digest_line()}" if rel in self.ranks
                              else rel for rel in rels])

    def expect(self, changed: Collection[str]) -> None:
        """Start now each shard that will be indexed again, fed the published files of its
        pages that are not in ``changed`` (output files), before any page is built.

        A one-page edit then has Pagefind index the edited page's shard beside the rest of
        the build instead of after the pages before it came by; :meth:`add` checks each of
        these pages when it arrives (:meth:`_redo` when one is not what was published).
        """
        if self.published is None:
            return
        for shard in list(self._shards):
            touched = any(rel in changed for rel in shard.rels)
            if shard.early:
                if touched and shard.stored.isdisjoint(changed):
                    continue  # fed already: every page but the changed ones
                shard = self._renew(shard)  # a page it was fed changed, or none did
            if shard.writer is not None or (shard.lazy and not touched):
                continue  # kept unread when its pages arrive as published
            old = self._before.get(shard.folder)
            # the texts sent when the published shard was made, when they are at hand: no
            # published file is read (the lazy shard's state names its page list)
            stored = shard.lazy and old is not None and \
                self._texts.holds(shard.folder, old.get("texts"))
            for rel in shard.rels:
                if rel in changed or rel in shard.items:
                    continue
                if stored:
                    shard.items[rel] = _STORED
                    shard.stored.add(rel)
                elif staging.file_size(self._prefix + rel) >= 0:
                    shard.items[rel] = _PUBLISHED
                    shard.unconfirmed.add(rel)
            if touched or shard.items:
                shard.changed |= touched
                self._start(shard)
                shard.release()

    def add(self, result: PageResult) -> None:
        """Take one built page (the main process, before it is written)."""
        rel = output_path(result.page.url)
        shard = self._by_rel.get(rel)
        if shard is None:
            return
        published = self.published
        if rel in shard.stored:
            # fed the text its published document had (expect): is that still its document?
            shard.stored.discard(rel)
            if not result.unchanged:
                shard.stale = True
            return
        if rel in shard.ahead:
            # fed as it rendered early (mdxsite_page_rendered_early): is this that document?
            if result.document != shard.ahead.pop(rel):
                shard.stale = True
            return
        if rel in shard.unconfirmed and published is not None:
            # fed from its published file (expect): was that the page's document?
            shard.unconfirmed.discard(rel)
            if not (result.unchanged and staging.file_size(self._prefix + rel) == document_size(result)):
                shard.stale = True
            return
        if rel in shard.items:
            return
        item: _Item | None
        if result.unchanged and published is not None and shard.writer is None \
                and shard.lazy:
            # kept unread unless another page of the shard changes: checked then (_start)
            item = _PUBLISHED
            shard.unchecked[rel] = document_size(result)
        elif result.unchanged and published is not None and \
                staging.file_size(self._prefix + rel) == document_size(result):
            item = _PUBLISHED  # kept as published: read it only if indexed
        else:
            item = ranking.weighted(_indexed_part(result.document),
                                    self.ranks.get(rel, NO_RANK))
            shard.changed = True
        shard.items[rel] = item
        if shard.writer is None and (shard.changed or not shard.lazy):
            self._start(shard)
        if shard.writer is not None:
            shard.release()

    def _start(self, shard: _Shard) -> None:
        published = self.published
        for rel, size in shard.unchecked.items():  # now read: is each the page's document?
            if published is None or staging.file_size(self._prefix + rel) != size:
                shard.stale = True
        shard.unchecked.clear()
        with self._lock:
            shard.writer = _ShardWriter(self.out_dir, shard.folder, len(shard.rels), self._last,
                                        self.ranks, self._texts, self.published)
            self._last = shard.writer
        shard.writer.start()

    def _redo(self, shard: _Shard, files: dict[str, int]) -> tuple[list[str], dict[str, int]]:
        """Index a shard again once every page is written: a published file it was fed was
        not the page's document (someone changed the output, or the cached row was
        unreadable). Each page is read from the staging folder, else the published output.
        """
        log.info("search: indexing %s/ again: a published page changed under the build",
                 shard.folder)
        for rel in files:  # what the stale index wrote or kept
            (self.out_dir / rel).unlink(missing_ok=True)
        staging.unkeep(self.out_dir, files)
        assert self.published is not None
        with self._lock:
            writer = _ShardWriter(self.out_dir, shard.folder, len(shard.rels), self._last,
                                  self.ranks, self._texts, self.published)
            self._last = shard.writer = writer
        writer.start()
        for rel in shard.rels:
            written = self.out_dir / rel
            writer.put(rel, written if written.is_file() else self.published / rel)
        return writer.result()

    def finish(self) -> dict[str, dict[str, Any]]:
        """Wait for every shard; keep or index the rest; return each shard's state to save.

        A page that never arrived (a build that wrote it without telling the plugins) is
        read from the staging folder, else from the published output.
        """
        for shard in self._shards:
            for rel in shard.rels:
                if rel not in shard.items:
                    path = self.out_dir / rel
                    if not path.is_file() and self.published is not None:
                        path = self.published / rel
                    shard.items[rel] = path
                    shard.changed = True
            if shard.writer is not None:
                shard.release()
        states: dict[str, dict[str, Any]] = {}
        indexed: list[str] = []
        for shard in self._shards:
            old = self._before.get(shard.folder)
            if shard.writer is None and shard.lazy and not shard.changed and old is not None \
                    and self.published is not None \
                    and _keep_shard(self.out_dir, self.published, shard.folder, old):
                states[shard.folder] = old
                continue
            if shard.writer is None:
                self._start(shard)
                shard.release()
            assert shard.writer is not None
            languages, files = shard.writer.result()
            if shard.stale or shard.writer.unsure:
                languages, files = self._redo(shard, files)
            indexed.append(f"{shard.folder}/ ({len(shard.rels)} pages)")
            states[shard.folder] = {
                "pages": self._digest(shard.rels), "rels": shard.rels, "languages": languages,
                "entry": (self.out_dir / shard.folder / "pagefind-entry.json").read_text(
                    encoding="utf-8"),
                "files": files}
            if shard.writer.token is not None:
                states[shard.folder]["texts"] = shard.writer.token
        # every index has its listing, one shard or many: search.js asks for it, and a missing
        # file was a 404 in the console of every reader's first search on a site of one shard
        for folder, parts in self._plans.items():
            listing = [{"path": "" if shard == folder else f"{shard[len(folder) + 1:]}/",
                        "languages": states[shard]["languages"]} for shard, _ in parts]
            (self.out_dir / folder).mkdir(parents=True, exist_ok=True)  # kept: absent
            (self.out_dir / folder / SHARD_LIST).write_text(
                json.dumps({"shards": listing}, sort_keys=True, separators=(",", ":")),
                encoding="utf-8")
        if indexed:
            self._texts.prune(self._every)
        log.info("search: %d of %d index shards written%s", len(indexed), len(self._every),
                 ": " + ", ".join(indexed) if indexed else "")
        return states

    def abort(self) -> None:
        """Stop every Pagefind process still running (the build failed or was replaced)."""
        _abort(self._shards + self._dropped)


class _Shard:
    """One shard's pages, as they arrive, and the writer indexing them."""

    def __init__(self, folder: str, rels: list[str], published: Path | None, *,
                 lazy: bool) -> None:
        self.folder = folder
        self.rels = rels
        self.published = published
        self.lazy = lazy          # published from these pages: start only if one changed
        self.changed = False
        self.items: dict[str, _Item | None] = {}  # _PUBLISHED: the published file
        self.unconfirmed: set[str] = set()   # fed from the published output before arriving
        self.stored: set[str] = set()        # fed their stored texts before arriving
        self.ahead: dict[str, str] = {}      # fed as rendered early: the document fed
        self.unchecked: dict[str, int] = {}  # published file -> its document's size, unread
        self.stale = False                   # a published file fed was not the document
        self.sent = 0             # rels[:sent] are with the writer
        self.writer: _ShardWriter | None = None
        self.early = False        # started before the site loaded (_start_early), adopted

    def release(self) -> None:
        """Hand the writer the pages that arrived, in the shard's order, up to the first gap."""
        assert self.writer is not None
        while self.sent < len(self.rels) and self.rels[self.sent] in self.items:
            rel = self.rels[self.sent]
            item = self.items[rel]
            if item is _PUBLISHED:
                assert self.published is not None
                item = self.published / rel
            assert item is not None
            self.writer.put(rel, item)
            if isinstance(item, str):
                self.items[rel] = ""  # sent: keep the arrival, not the text
            self.sent += 1


class _ShardWriter(threading.Thread):
    """One shard's ``pagefind --service``: indexes the pages put to it, then writes the
    shard's files into ``folder`` (:meth:`result` waits for it)."""

    def __init__(self, out_dir: Path, shard: str, count: int,
                 previous: _ShardWriter | None, ranks: dict[str, Rank] | None = None,
                 texts: _TextStore | None = None, published: Path | None = None) -> None:
        super().__init__(daemon=True, name=f"pagefind {shard}")
        self.out_dir = out_dir
        self.ranks = ranks or {}  # a published file's page is weighed when it is read
        self.texts = texts if texts is not None else _TextStore(None)
        self.published = published
        # the token of the texts this shard was indexed from, once stored (_TextStore)
        self.token: str | None = None
        # a page put as stored (_STORED) had no stored text: it was read from its published
        # file, unchecked, and the shard is indexed again at the end (_Indexer._redo)
        self.unsure = False
        self.shard = shard
        self.count = count
        self.previous = previous
        self._queue: queue.SimpleQueue[tuple[str, _Item] | object] = queue.SimpleQueue()
        self._service: _Service | None = None
        self._aborted = threading.Event()
        self._languages: list[str] = []
        self._files: dict[str, int] = {}
        self._error: BaseException | None = None
        # texts put and not yet answered for by Pagefind: the build waits while there are too
        # many (rendering can outrun Pagefind; the backlog would pile up in memory). A page
        # given by its published file weighs nothing: a warm build feeds hundreds at once
        self._pending = 0
        self._weights: collections.deque[int] = collections.deque()  # per page put, in order
        self._running = False  # its process is up (never wait on one queued behind another)
        self._progress = threading.Condition()

    def put(self, rel: str, item: _Item) -> None:
        weight = 1 if isinstance(item, str) else 0
        with self._progress:
            while weight and self._running and self._pending >= BACKLOG_PAGES:
                self._progress.wait()
            self._pending += weight
            self._weights.append(weight)
        self._queue.put((rel, item))

    def _answer(self) -> None:
        with self._progress:
            self._pending -= self._weights.popleft()
            self._progress.notify_all()

    def _stopped(self) -> None:
        with self._progress:
            self._running = False
            self._progress.notify_all()

    def run(self) -> None:
        try:
            if self.previous is not None:  # one Pagefind process at a time
                self.previous.join()
                self.previous = None  # a chain of finished writers would keep them all
            if self._aborted.is_set():
                return
            with _Service() as service:
                self._service = service
                if self._aborted.is_set():
                    return
                with self._progress:
                    self._running = True
                self._languages, self._files = self._index(service)
        except BaseException as exc:  # noqa: BLE001 - result() raises it in the main thread
            self._error = exc
        finally:
            self._service = None  # its buffer holds the whole index's answer (megabytes)
            self._stopped()

    def _index(self, service: _Service) -> tuple[list[str], dict[str, int]]:
        index_id = service.call({"type": "NewIndex", "config": {"exclude_selectors": EXCLUDE}},
                                "NewIndex")["index_id"]

        sent: dict[str, str] = {}  # what this shard is indexed from, stored at the end
        stored: dict[str, str] | None = None

        def requests() -> Iterator[dict[str, Any]]:
            nonlocal stored
            for _ in range(self.count):
                try:
                    got = self._queue.get_nowait()
                except queue.Empty:  # Pagefind has every page sent so far: let it work on them
                    service.flush()
                    got = self._queue.get()
                if got is _ABORT or not isinstance(got, tuple):
                    raise _Aborted
                rel, item = got
                text = item if isinstance(item, str) else None
                if isinstance(item, _FromStore):
                    if stored is None:  # read here, not in the build's thread
                        stored = self.texts.load(self.shard)
                    text = stored.pop(rel, None)
                    if text is None:
                        self.unsure = True
                        assert self.published is not None
                        item = self.published / rel
                if text is None:
                    assert isinstance(item, Path)
                    text = ranking.weighted(_indexed_part(item.read_text(encoding="utf-8")),
                                            self.ranks.get(rel, NO_RANK))
                sent[rel] = text
                yield {"type": "AddFile", "index_id": index_id, "url": None,
                       "file_contents": text, "file_path": rel}

        service.stream(requests(), self.count, "IndexedFile", on_answer=self._answer)
        self._stopped()  # every page answered: nothing left to wait for

        def store() -> None:  # while Pagefind writes the index (zlib lets go of the lock)
            if not self.unsure:
                self.token = self.texts.save(self.shard, sent)
            sent.clear()

        return _write_index(service, index_id, self.out_dir, self.shard, store)

    def result(self) -> tuple[list[str], dict[str, int]]:
        """Wait for the shard; return the languages it holds and its files (see
        :func:`_write_index`), or raise what stopped it."""
        self.join()
        if self._error is not None:
            raise self._error
        return self._languages, self._files

    def abort(self) -> None:
        """Tell the writer to stop, killing its process (join it to wait)."""
        self._aborted.set()
        self._queue.put(_ABORT)
        service = self._service
        if service is not None and self.is_alive():
            service.kill()


class _Aborted(Exception):
    """The build stopped before every page of a shard came."""


def _write_index(service: _Service, index_id: int, out_dir: Path, shard: str,
                 meanwhile: Callable[[], None] | None = None) -> tuple[list[str], dict[str, int]]:
    """Write an index's files into ``out_dir/shard``; return the languages (``<html lang>``)
    it holds and its files ({path under ``out_dir``: size}).

    The files come back in the answer and are written here: Pagefind's own WriteFiles answers
    before its (asynchronous) writes finish, and exiting then truncates files. A shard
    sub-folder gets no copy of Pagefind's UI scripts (:data:`UI_FILES`). A file named
    by a digest of its bytes (a fragment) that the published output has is kept, not written:
    a one-page edit re-indexes 500 pages but changes a few of their fragments.
    """
    files = service.call({"type": "GetFiles", "index_id": index_id}, "GetFiles",
                         meanwhile)["files"]
    base = os.path.realpath(out_dir / shard)
    made: set[str] = set()  # folders created (a shard writes ~500 files into a few folders)
    published = staging.published_for(out_dir)
    listed: dict[str, set[str]] = {}  # published folder -> its file names
    languages: list[str] = []
    written: dict[str, int] = {}
    present: dict[str, tuple[str, bytes]] = {}  # published already: kept, not written
    sub_shard = shard.rpartition("/")[2].startswith(SHARD_FOLDER.format(""))
    for item in sorted(files, key=lambda f: f["path"]):
        if sub_shard and item["path"] in UI_FILES:
            continue
        # checked by name, not by resolving each path (3 system calls a folder, 500 files)
        target = os.path.normpath(os.path.join(base, item["path"]))
        if not target.startswith(base + os.sep):
            raise MdxsiteError.single(f"search: Pagefind named a file outside its folder: "
                                      f"{item['path']!r}", hint="reinstall pagefind[bin]")
        data = base64.b64decode(item["content"])
        if item["path"] == "pagefind-entry.json":
            # the language map comes in hash order; sorted keys keep builds byte-identical
            entry = json.loads(data)
            languages = sorted(entry.get("languages") or {})
            data = json.dumps(entry, sort_keys=True, separators=(",", ":")).encode("utf-8")
        rel = f"{shard}/{item['path']}"
        written[rel] = len(data)
        folder, _, name = rel.rpartition("/")
        if published is not None and folder.rsplit("/", 1)[-1] in HASHED_FOLDERS:
            if folder not in listed:
                try:
                    listed[folder] = set(os.listdir(published / folder))
                except OSError:
                    listed[folder] = set()
            if name in listed[folder]:
                present[rel] = (target, data)
                continue
        staging.write_file(target, data, made)
    if present and not staging.keep_present(out_dir, present):  # one gone meanwhile: write
        for target, data in present.values():
            staging.write_file(target, data, made)
    return languages, dict(sorted(written.items()))


def _indexed_part(document: str) -> str:
    """Return what Pagefind needs of a page: the same index from fewer bytes to parse.

    Dropped: what lies between ``<body>`` and the ``data-pagefind-body`` element (the header
    and the sidebar, most of a page's bytes on a large site) and what follows that element
    (the table of contents), which Pagefind ignores; ``<svg>`` icons, which it ignores too;
    the tags of each ``<span>`` holding only text with at most a class (Pygments' tokens),
    whose text Pagefind adds to the enclosing element's as if the tags were not there; and the
    head's scripts, style sheets, links and metas (:func:`_trimmed_head`). The
    index files are byte-identical (benchmarks/search_bench.py compares them). The header and
    what follows are kept when they hold something Pagefind reads there, an ``<svg>`` when it
    holds an id (an anchor, which Pagefind numbers), and the body's markup when it holds a
    comment or an element whose content Pagefind indexes as written text (a ``<textarea>``,
    ...) holds a ``<``.
    """
    marker = document.find("data-pagefind-body")
    body = document.find("<body")
    if marker < 0 or body < 0 or body > marker:
        return document
    start = document.find(">", body) + 1
    opening = document.rfind("<", start, marker)
    if start <= 0 or opening < start:
        return document
    if document.find("data-pagefind", start, opening) >= 0 or \
            document.find("<h1", start, opening) >= 0:  # the header's, or a title
        start = opening
    end = _body_end(document, opening)
    part = document[opening:end]
    if _markup_only(part):
        part = "".join(_PLAIN_SPAN.split(_SVG.sub("", part)))  # split: the text between tags
    tail = document[end:]
    closing = tail.rfind("</body>")
    if closing > 0 and _KEEP.search(_SVG.sub("", tail[:closing])) is None:
        tail = tail[closing:]
    return _trimmed_head(document[:body]) + document[body:start] + part + tail


def _trimmed_head(head: str) -> str:
    """Return what precedes ``<body`` without its scripts, style sheets, links and ``<meta>``
    tags, which Pagefind reads nothing from (~1.4 KB of a page's ~8.7 KB sent on the
    benchmark); whole when it holds a ``data-pagefind`` attribute, a comment or an element
    that could hide markup (:data:`_HEAD_KEEP`)."""
    if "data-pagefind" in head.lower() or _HEAD_KEEP.search(head) is not None:
        return head
    return _HEAD_DROP.sub("", head)


# what Pagefind reads outside the data-pagefind-body element: data-pagefind-* attributes, ids
# (anchors), the first <h1> (the title), the first <img> after it (the image), <title> (the
# title without an <h1>); and what may hide markup in text (comments, scripts, ...): a part
# holding any is kept whole
_KEEP = re.compile(r"data-pagefind|\sid\s*=|<(?:h1|img|title|svg|html|body|script|style"
                   r"|textarea|template|xmp|iframe|noembed|noframes|noscript|plaintext)\b|<!",
                   re.I)
# what a head may not hold for its scripts, styles, links and metas to be dropped (it is kept
# whole otherwise), besides data-pagefind-* attributes: a comment (the doctype aside) and the
# elements whose content is not markup; "<" first, for a fast search
_HEAD_KEEP = re.compile(r"<(?:!(?!doctype)|(?:noscript|template|textarea|xmp|iframe|noembed"
                        r"|noframes|plaintext|svg|math)\b)", re.I)
# an element Pagefind reads nothing from in a head; a script or style whose text holds
# "</script" or "</style" other than as its end is not matched, so kept
_HEAD_TAG = r"""(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*\s*/?>"""
_HEAD_DROP = re.compile(r"<(?:(?:link|meta)" + _HEAD_TAG +
                        r"|script" + _HEAD_TAG + r"[^<]*(?:<(?!/script)[^<]*)*</script>"
                        r"|style" + _HEAD_TAG + r"[^<]*(?:<(?!/style)[^<]*)*</style>)", re.I)
# elements whose content is indexed text, not markup (the first letter outside the case-blind
# group keeps the search fast)
_RAW = re.compile(r"<([tTxXpPnN](?i:extarea|itle|mp|laintext|oembed|oframes))\b")
# an <svg> icon: shapes alone, no id (an anchor, which Pagefind numbers even in an svg it
# ignores), no data-pagefind-* attribute; any other <svg> is kept
_ATTRIBUTES = r'(?:\s+(?!id\b|data-pagefind)[\w:-]+(?:="[^"<>]*")?)*'
_SVG = re.compile(r"<svg" + _ATTRIBUTES + r">(?:\s+|</?(?:path|g|circle|rect|line|polyline"
                  r"|polygon|ellipse)" + _ATTRIBUTES + r"\s*/?>)*</svg>")
# a <span> holding text alone (the group), with no attribute but a class none of EXCLUDE's
_PLAIN_SPAN = re.compile(
    r'<span(?: class="(?![^"]*(?<![^\s"])(?:'
    + "|".join(re.escape(selector.removeprefix(".")) for selector in EXCLUDE)
    + r')(?![^\s"]))[^"<>]*")?>([^<]*)</span>')


def _markup_only(html: str) -> bool:
    """False when an element whose content Pagefind indexes as text (a ``<textarea>``, ...)
    holds a ``<``, which the text could hide markup behind, or when a comment could (a span
    opened in one and closed after it; none of the corpus' pages has a comment there)."""
    if "<!--" in html:
        return False
    for found in _RAW.finditer(html):
        start = html.find(">", found.end())
        close = re.compile(f"</{found[1]}", re.I).search(html, start) if start >= 0 else None
        if close is None or html.find("<", start, close.start()) >= 0:
            return False
    return True


def _body_end(document: str, opening: int) -> int:
    """Where the data-pagefind-body element opened at ``opening`` ends (after its closing tag),
    or the end of ``document`` when that is not certain."""
    name = re.match(r"<([a-z][a-z0-9]*)[\s>]", document[opening:opening + 20])
    if name is None:
        return len(document)
    close = document.rfind(f"</{name[1]}>")
    if close < opening or document.count(f"<{name[1]}", opening, close) != \
            document.count(f"</{name[1]}>", opening, close) + 1:
        return len(document)
    return close + len(name[1]) + 3


@functools.cache
def _executable() -> Path | None:
    """Pagefind's binary, where ``pagefind.service.get_executable`` finds it: the binary
    package's own (``pagefind[bin]``) unless a variable or the extended package says
    otherwise. That module is imported only then: it imports asyncio, 0.1 s of CPU in the
    first shard's thread, beside the build loading the site."""
    if os.getenv("PAGEFIND_BINARY_PATH") is None and \
            importlib.util.find_spec("pagefind_bin_extended") is None:
        try:
            from pagefind_bin import get_executable as packaged
            return Path(packaged())
        except (ImportError, FileNotFoundError):
            pass
    from pagefind.service import get_executable
    return get_executable()


class _Service:
    """One ``pagefind --service`` process: base64 JSON messages, each followed by a comma."""

    def __init__(self) -> None:
        exe = _executable()
        if exe is None:
            raise MdxsiteError.single("search: the Pagefind binary is missing",
                                      hint="pip install 'mdxsite[search]'")
        self._log = tempfile.TemporaryFile()
        self._proc = subprocess.Popen([str(exe), "--service"], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=self._log)
        self._next_id = 0
        self._buffer = b""  # answers read but not yet taken, from self._pos on
        self._pos = 0

    def __enter__(self) -> _Service:
        return self

    def __exit__(self, *exc: object) -> None:
        # Stopped, not told to exit: the service exits at the end of its input, but a process
        # forked while it ran (a render worker: the pool starts after the first shard's
        # service) holds a copy of the pipe's writing end, so the end never comes while the
        # workers live. Waiting for it held the first shard's writer, and every shard chained
        # behind it, for 30 s on 10,000 pages. Its files came in the GetFiles answer
        # (_write_index); it writes nothing itself, so nothing is lost.
        self._proc.kill()
        self._proc.wait()
        if self._proc.stdin is not None:
            try:
                self._proc.stdin.close()
            except OSError:  # a pipe it left unread (an aborted build)
                pass
        self._log.close()
        self._buffer = b""

    def _send(self, payload: dict[str, Any]) -> None:
        self._next_id += 1
        message = json.dumps({"message_id": self._next_id, "payload": payload})
        assert self._proc.stdin is not None
        self._proc.stdin.write(base64.b64encode(message.encode("utf-8")) + b",")

    def _receive(self, expected: str) -> dict[str, Any]:
        stdout = self._proc.stdout
        assert isinstance(stdout, io.BufferedReader)  # a pipe with Popen's default buffering
        end = self._buffer.find(b",", self._pos)
        if end < 0:  # read on; chunks gathered in a list, as one answer may be the whole index
            parts = [self._buffer[self._pos:]]
            while True:
                chunk = stdout.read1(1 << 16)
                if not chunk:
                    self._log.seek(0)
                    tail = self._log.read()[-500:].decode("utf-8", "replace").strip()
                    raise MdxsiteError.single(
                        f"search: Pagefind stopped unexpectedly ({tail or 'no message'})",
                        hint="run with --disable-plugin search to build without it")
                parts.append(chunk)
                if b"," in chunk:
                    break
            self._buffer, self._pos = b"".join(parts), 0
            end = self._buffer.find(b",")
        raw = self._buffer[self._pos:end]
        self._pos = end + 1
        payload: dict[str, Any] = json.loads(base64.b64decode(raw))["payload"]
        if payload.get("type") != expected:
            raise MdxsiteError.single(f"search: Pagefind answered {payload.get('message') or payload}",
                                      hint="run with --disable-plugin search to build without it")
        return payload

    def flush(self) -> None:
        assert self._proc.stdin is not None
        self._proc.stdin.flush()

    def kill(self) -> None:
        """Stop the process now (a reader or writer blocked on it then fails)."""
        self._proc.kill()

    def call(self, payload: dict[str, Any], expected: str,
             meanwhile: Callable[[], None] | None = None) -> dict[str, Any]:
        """Send ``payload`` and return the answer; ``meanwhile()`` runs while Pagefind works."""
        self._send(payload)
        assert self._proc.stdin is not None
        self._proc.stdin.flush()
        if meanwhile is not None:
            meanwhile()
        return self._receive(expected)

    def stream(self, payloads: Iterator[dict[str, Any]], count: int, expected: str,
               on_answer: Callable[[], None] | None = None) -> None:
        """Send ``payloads`` from a thread while their answers are read here, in order
        (``on_answer`` is called after each)."""
        failure: list[BaseException] = []

        def write() -> None:
            try:
                for payload in payloads:
                    self._send(payload)
                assert self._proc.stdin is not None
                self._proc.stdin.flush()
            except BaseException as exc:  # noqa: BLE001 - re-raised by the reading side
                failure.append(exc)
                self._proc.kill()

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        try:
            for _ in range(count):
                self._receive(expected)
                if on_answer is not None:
                    on_answer()
        except BaseException:
            self._proc.kill()  # unblocks a writer waiting on a full pipe
            writer.join()
            if failure:  # the writer's error (an unreadable page) explains the stop
                raise failure[0] from None
            raise
        writer.join()
