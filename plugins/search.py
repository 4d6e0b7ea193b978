"""Built-in plugin: full-text search with Pagefind, built after the pages are written.

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
dealt out in order from the sorted page list, each indexed by its own ``pagefind --service``
process that exits before the next starts: the peak is one shard's (2,000 pages: 350 MiB;
1,000: 195; 5,000: 770; indexing took as long in each case; the whole cold build's process
tree peaks at 560 MiB instead of 1,700, in the same wall time). The first shard stays in the
index folder, so a smaller site is laid out as before; shard N is its sub-folder ``shard~N``,
and ``shard~list.json`` beside the first lists every shard with the languages it holds::

    {"shards":[{"languages":["en"],"path":""},{"languages":["en","fr"],"path":"shard~2/"}]}

search.js fetches it when the dialog first opens and has Pagefind search the first shard
holding the reader's language and merge (``mergeIndex``) the others holding it: Pagefind
would search a shard without that language in its largest one. Any shard may come first, so
each keeps Pagefind's scripts. Without the file, the folder is the one index. Pagefind ranks
merged results by each shard's own scores, so a word's rarity is judged per shard.

Speed: the pages are streamed to the ``pagefind --service`` process without waiting for each
answer (the service handles requests one at a time, in order, so the index is the same as
when they are sent one by one; the ``pagefind`` package's own client polls for each answer
every 0.1 s, 1,000 s for 10,000 pages), without the header and sidebar, which Pagefind skips
anyway (the index is byte-identical, and Pagefind parses a third of the bytes). A shard
whose page list is the same as when it was published, and whose every page is byte-identical
to the published one, is kept unread; only the shards holding a changed page are indexed
again (one edited page of 10,000 re-indexes one shard of 1,667 pages, not the 10,000).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import logging
import os
import re
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mdxsite.errors import Location, MdxsiteError, Problem, report_warnings
from mdxsite.hookspecs import hookimpl
from mdxsite.model import BuildReport, Page, PageResult, Site
from mdxsite.output import ranking, staging, visibility
from mdxsite.output.layout import version_of
from mdxsite.output.ranking import Rank
from mdxsite.plugins.output import output_path

log = logging.getLogger(__name__)

SUBDIR = "_pagefind"
# Pagefind folders whose files are named by a digest of their content
HASHED_FOLDERS = ("fragment", "index", "filter")
# the most pages one Pagefind process indexes (see Memory above): 350 MiB, leaving the rest of
# the build (300 MiB) well under 1 GiB on pages larger than the benchmark's
SHARD_PAGES = 2000
# shard 2, 3, ... of an index, in a sub-folder of the first; "~" is in no version slug
# (bundle_dir) and in no file name Pagefind writes, so neither can collide with these
SHARD_FOLDER = "shard~{}"
# in the index folder of a sharded index: {"shards": [{"path": "shard~2/", "languages": [...]}]}
SHARD_LIST = "shard~list.json"
# beside the output's render cache: which page list the published index was built from
STATE_FILE = "search-index.json"
# navigation inside <main> (path, pager, footer) and the "#" beside headings are not content
EXCLUDE = [".heading-anchor", ".breadcrumbs", ".eyebrow", ".pager", ".site-footer"]

NO_RANK = Rank()

# per build: the output files of pages whose document differs from the published one
# (None: not known, every shard is indexed again)
_CHANGED: dict[str, set[str] | None] = {"pages": None}


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
def mdxsite_build_started(site: Site) -> None:
    _CHANGED["pages"] = set()


@hookimpl
def mdxsite_page_built(site: Site, result: PageResult) -> None:
    changed = _CHANGED["pages"]
    if not result.unchanged and changed is not None:
        changed.add(output_path(result.page.url))


@hookimpl
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
    bundles: dict[str, list[str]] = {}
    ranks: dict[str, Rank] = {}  # output file -> its boost and keywords (none: left out)
    problems: list[Problem] = []
    for page in site.pages.values():
        if visibility.searchable(site, page):  # not hidden, noindex or searchable: false
            rel = output_path(page.url)
            bundles.setdefault(bundle_dir(version_of(site, page)), []).append(rel)
            found, said = ranking.rank(site, page)
            problems += said
            if found:
                ranks[rel] = found
    report_warnings(problems)
    bundles = {folder: sorted(rels) for folder, rels in sorted(bundles.items())}
    published = report.out_dir
    try:
        shards = _index(out_dir, published, bundles, _CHANGED["pages"], ranks)
    except MdxsiteError:
        raise
    except Exception as exc:  # noqa: BLE001 - the service fails with many exception types
        raise MdxsiteError.single(f"building the search index failed: {exc}",
                                  hint="run with --disable-plugin search to build without it") from exc
    if published is not None:
        _save_state(published, shards)


def _shards(folder: str, rels: list[str]) -> list[tuple[str, list[str]]]:
    """Split one index's sorted pages into shards of at most SHARD_PAGES: (folder, pages).

    The first shard is ``folder`` itself, so an index of up to SHARD_PAGES pages is laid out
    as it was before shards; the others are ``folder/shard~2``, ``folder/shard~3``, ... The
    pages are dealt out in order, as evenly as the count allows (10,001 pages: six shards of
    1,666 or 1,667, not five full ones and a single page): the largest shard sets the peak.
    """
    count = max(1, -(-len(rels) // SHARD_PAGES))
    bounds = [len(rels) * n // count for n in range(count + 1)]
    return [(folder if n == 0 else f"{folder}/{SHARD_FOLDER.format(n + 1)}",
             rels[bounds[n]:bounds[n + 1]]) for n in range(count)]


def _digest_lines(lines: list[str]) -> str:
    return hashlib.blake2b("\n".join(lines).encode(), digest_size=20).hexdigest()


def _state_path(published: Path) -> Path:
    return staging.cache_dir_for(published) / STATE_FILE


def _load_state(published: Path | None) -> dict[str, dict[str, Any]]:
    """What each published shard was built from: {shard folder: its state} (see _index)."""
    if published is None:
        return {}
    try:
        state = json.loads(_state_path(published).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    shards = state.get("shards") if isinstance(state, dict) else None
    return shards if isinstance(shards, dict) else {}


def _save_state(published: Path, shards: dict[str, dict[str, Any]]) -> None:
    path = _state_path(published)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"shards": shards}, sort_keys=True), encoding="utf-8")


def _shard_files(out_dir: Path, shard: str, others: set[str]) -> dict[str, int]:
    """Return {path under the output: size} of the index files in ``shard``, leaving out the
    folders of ``others`` (later shards and version indexes live inside the first)."""
    found: dict[str, int] = {}
    top = out_dir / shard
    for dirpath, dirnames, filenames in os.walk(top):
        rel = Path(dirpath).relative_to(out_dir).as_posix()
        dirnames[:] = sorted(d for d in dirnames if f"{rel}/{d}" not in others)
        for name in filenames:
            if rel == shard and name == SHARD_LIST:
                continue  # written on every build from all the shards' languages
            found[f"{rel}/{name}"] = os.path.getsize(os.path.join(dirpath, name))
    return dict(sorted(found.items()))


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


def _index(out_dir: Path, published: Path | None, bundles: dict[str, list[str]],
           changed: set[str] | None, ranks: dict[str, Rank] | None = None) -> dict[str, dict[str, Any]]:
    """Write every version's index, shard by shard; return each shard's state to save.

    A shard whose pages are the same as when it was published, none of them changed
    (``changed``: output files of pages whose document changed; None: all may have), is kept
    as published. Every other shard is indexed again, in sorted order (identical input,
    identical bytes), by its own Pagefind process, which exits before the next one starts:
    the peak is one shard's. An index of several shards gets a SHARD_LIST file naming them.
    ``ranks`` weighs pages by their boost and keywords; they are part of a shard's page list,
    so changing one (in docs.json or a page) indexes its shard again.
    """
    ranks = ranks or {}
    before = _load_state(published)
    plans = {folder: _shards(folder, rels) for folder, rels in bundles.items()}
    every = {shard for parts in plans.values() for shard, _ in parts}
    states: dict[str, dict[str, Any]] = {}
    indexed: list[str] = []
    for folder, parts in plans.items():
        listing = []
        for shard, part in parts:
            # a page without boost or keywords is its file name alone, as before they counted
            pages = _digest_lines([f"{rel}\t{ranks[rel].digest_line()}" if rel in ranks else rel
                                   for rel in part])
            old = before.get(shard)
            if (published is not None and changed is not None and old is not None
                    and old.get("pages") == pages and changed.isdisjoint(part)
                    and _keep_shard(out_dir, published, shard, old)):
                state = old
            else:
                with _Service() as service:
                    languages = _index_shard(service, out_dir, shard, part, published, ranks)
                indexed.append(f"{shard}/ ({len(part)} pages)")
                state = {"pages": pages, "languages": languages,
                         "entry": (out_dir / shard / "pagefind-entry.json").read_text(
                             encoding="utf-8"),
                         "files": _shard_files(out_dir, shard, every - {shard})}
            states[shard] = state
            listing.append({"path": "" if shard == folder else f"{shard[len(folder) + 1:]}/",
                            "languages": state["languages"]})
        if len(parts) > 1:
            (out_dir / folder).mkdir(parents=True, exist_ok=True)  # a kept first shard: absent
            (out_dir / folder / SHARD_LIST).write_text(
                json.dumps({"shards": listing}, sort_keys=True, separators=(",", ":")),
                encoding="utf-8")
    log.info("search: %d of %d index shards written%s", len(indexed), len(every),
             ": " + ", ".join(indexed) if indexed else "")
    return states


def _index_shard(service: _Service, out_dir: Path, folder: str, rels: list[str],
                 published: Path | None, ranks: dict[str, Rank] | None = None) -> list[str]:
    """Index ``rels`` into ``folder`` and return the languages (``<html lang>``) it holds.

    A warm build keeps unchanged pages out of the staging folder (their published copy is
    byte-identical), so each page is read from staging, else from the published output.
    """
    index_id = service.call({"type": "NewIndex", "config": {"exclude_selectors": EXCLUDE}},
                            "NewIndex")["index_id"]
    paths = []
    for rel in rels:
        path = out_dir / rel
        if not path.is_file() and published is not None:
            path = published / rel
        if path.is_file():
            paths.append((rel, path))

    def requests() -> Iterator[dict[str, Any]]:
        for rel, path in paths:
            yield {"type": "AddFile", "index_id": index_id, "url": None,
                   "file_contents": ranking.weighted(_indexed_part(path.read_text(encoding="utf-8")),
                                                     (ranks or {}).get(rel, NO_RANK)),
                   "file_path": rel}

    service.stream(requests(), len(paths), "IndexedFile")
    # The files come back in the answer and are written here: Pagefind's own WriteFiles
    # answers before its (asynchronous) writes finish, and exiting then truncates files.
    files = service.call({"type": "GetFiles", "index_id": index_id}, "GetFiles")["files"]
    base = (out_dir / folder).resolve()
    languages: list[str] = []
    for item in sorted(files, key=lambda f: f["path"]):
        target = (base / item["path"]).resolve()
        if not target.is_relative_to(base):
            raise MdxsiteError.single(f"search: Pagefind named a file outside its folder: "
                                      f"{item['path']!r}", hint="reinstall pagefind[bin]")
        data = base64.b64decode(item["content"])
        if item["path"] == "pagefind-entry.json":
            # the language map comes in hash order; sorted keys keep builds byte-identical
            entry = json.loads(data)
            languages = sorted(entry.get("languages") or {})
            data = json.dumps(entry, sort_keys=True, separators=(",", ":")).encode("utf-8")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return languages


def _indexed_part(document: str) -> str:
    """Drop what lies between ``<body>`` and the ``data-pagefind-body`` element: Pagefind
    ignores it (the header and the sidebar, most of a page's bytes on a large site) but
    would parse it. Kept whole when that part carries any ``data-pagefind-*`` attribute.
    """
    marker = document.find("data-pagefind-body")
    body = document.find("<body")
    if marker < 0 or body < 0 or body > marker:
        return document
    start = document.find(">", body) + 1
    end = document.rfind("<", start, marker)
    if start <= 0 or end < start or "data-pagefind" in document[start:end]:
        return document
    return document[:start] + document[end:]


class _Service:
    """One ``pagefind --service`` process: base64 JSON messages, each followed by a comma."""

    def __init__(self) -> None:
        from pagefind.service import get_executable

        exe = get_executable()
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
        try:
            assert self._proc.stdin is not None
            self._proc.stdin.close()  # the service exits at end of input
            self._proc.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self._proc.kill()
            self._proc.wait()
        self._log.close()

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

    def call(self, payload: dict[str, Any], expected: str) -> dict[str, Any]:
        self._send(payload)
        assert self._proc.stdin is not None
        self._proc.stdin.flush()
        return self._receive(expected)

    def stream(self, payloads: Iterator[dict[str, Any]], count: int, expected: str) -> None:
        """Send ``payloads`` from a thread while their answers are read here, in order."""
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
        except BaseException:
            self._proc.kill()  # unblocks a writer waiting on a full pipe
            writer.join()
            if failure:  # the writer's error (an unreadable page) explains the stop
                raise failure[0] from None
            raise
        writer.join()
