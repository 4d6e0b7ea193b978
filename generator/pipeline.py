"""The build: calls the hooks in order and does nothing else of its own.

load config -> resolve navigation -> expand OpenAPI -> render pages (workers) -> write output.
Nothing touches the output folder until every page has rendered: pages are written into a
staging folder that replaces the output only when the whole build succeeded.
"""

from __future__ import annotations

import gc
import itertools
import logging
import os
import signal
import threading
import time
from collections import deque
from collections.abc import (Callable, Collection, Generator, Iterable, Iterator, Mapping,
                             Sequence)
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy
from markupsafe import Markup

from mdxsite import dependencies, memory, plugin_manager, toolkit
from mdxsite.config import plugin_settings
from mdxsite.config.loader import check_root
from mdxsite.errors import Location, MdxsiteError, Problem, report_warnings
from mdxsite.mdx import code as code_blocks
from mdxsite.model import SLOTS, BuildReport, OutputFile, Page, PageResult, RenderedPage, Site
from mdxsite.model import Nav, SiteConfig  # for prepare_from (watch mode)
from mdxsite.output import stamp
from mdxsite.output.assets import fingerprint as fingerprint_assets
from mdxsite.output.cache import FileMemo, PageCache, code_fingerprint
from mdxsite.output.highlights import HighlightStore
from mdxsite.output.staging import cache_dir_for, staging_dir
from mdxsite.sources import build_site, scan

if TYPE_CHECKING:  # imported where a pool starts: a build rendering a few pages starts none
    import multiprocessing
    from concurrent.futures import Future

log = logging.getLogger(__name__)

# Below this many pages a process pool costs more than it saves (measured: ~80 ms start-up).
PARALLEL_THRESHOLD = 40
# Batches each worker may have queued or finished-but-unwritten: enough to keep both cores
# busy, few enough that memory does not grow with the site.
IN_FLIGHT_PER_JOB = 3
# Pages per task sent to a worker: big enough to amortise the pickling round trip (measured:
# 16 and 64 ran alike within noise on 1,000 pages, and 16 peaked at 106 MiB instead of 145).
BATCH_PAGES = 16


def _answer(value: Any, hook: str) -> Any:
    if value is None:
        raise MdxsiteError.single(
            f"no plugin answered {hook}",
            hint="is mdxsite installed? run `make dev`, or re-enable the built-in plugin")
    return value


def prepare(root: Path, pm: pluggy.PluginManager, *, base_url: str = "/",
            site_url: str = "", memo: FileMemo | None = None,
            listing: Mapping[str, object] | None = None) -> Site:
    """Run the stages before rendering: config, navigation, OpenAPI, extra pages.

    With ``memo``, page frontmatter is parsed only for files that changed since it was kept;
    ``listing`` (:func:`mdxsite.sources.listing`) stands for the walk of the folder.
    """
    config = load_config(root, pm)
    sources, assets = scan(root, listing)
    return prepare_from(root, pm, config, sources, base_url=base_url, site_url=site_url,
                        assets=assets, memo=memo)


def prepare_from(root: Path, pm: pluggy.PluginManager, config: SiteConfig,
                 sources: Mapping[str, Path], *, nav: Nav | None = None, base_url: str = "/",
                 site_url: str = "", read_frontmatter: Callable[[Path, str], Mapping[str, object]]
                 | None = None, assets: Mapping[str, Path] | None = None,
                 memo: FileMemo | None = None) -> Site:
    """Run the stages of :func:`prepare` from a known config and scan (watch mode).

    ``nav`` skips resolving the navigation again (docs.json and the page set are unchanged);
    ``read_frontmatter`` and ``assets`` let the caller reuse what it read before.
    """
    hook = pm.hook
    toolkit.use(pm)
    options = plugin_settings.check(pm, config)
    if nav is None:
        nav = _answer(hook.mdxsite_resolve_nav(config=config, sources=sources),
                      "mdxsite_resolve_nav")
    site = build_site(root, config, nav, sources, base_url=base_url, site_url=site_url,
                      read_frontmatter=read_frontmatter, assets=assets, memo=memo)
    site = replace(site, plugin_options=options)
    site = hook.mdxsite_expand_openapi(site=site) or site
    extra = plugin_manager.unique_by(plugin_manager.typed(
        plugin_manager.contributions(pm, "mdxsite_extra_pages", site=site),
        Page, "mdxsite_extra_pages", 'return Page(key=..., source=None, url=..., title=..., '
        'body="...") items'), key=lambda p: p.key, what="page")
    if extra:
        pages = dict(site.pages)
        for page in extra:
            if page.key in pages:
                raise MdxsiteError.single(
                    f"a plugin adds page {page.key!r}, which the site already has",
                    where=page.origin, hint="give the generated page another key")
            pages[page.key] = page
        site = site.with_pages(pages)
    return site


# --------------------------------------------------------------------------- rendering

# how many frozen() blocks this process is in: the garbage collector's freezing is one
# process-wide state, and a render inside a build must not thaw what the build froze
_FROZEN = [0]


@contextmanager
def frozen() -> Iterator[None]:
    """Freeze what the process holds now (``gc.freeze``) for the block: the garbage
    collector's full passes skip it. Frozen objects are still freed when unreferenced; the
    outermost block unfreezes them. Also a decorator (a build)."""
    gc.freeze()
    _FROZEN[0] += 1
    try:
        yield
    finally:
        _FROZEN[0] -= 1
        if not _FROZEN[0]:
            gc.unfreeze()


_WORKER: dict[str, Any] = {}


def _init_worker(site: Site | None, blocked: Collection[str], pm: pluggy.PluginManager | None) -> None:
    """Set up a worker: a plugin manager of its own (or the parent's, when forked)."""
    _WORKER["pm"] = pm if pm is not None else plugin_manager.create(blocked)
    toolkit.use(_WORKER["pm"])
    if site is not None:
        _WORKER["site"] = site


def _start_worker(site: Site | None, blocked: Collection[str],
                  pm: pluggy.PluginManager | None, progress: Any = None) -> None:
    """Set up a pool's worker process (:func:`_init_worker`), its start-up state frozen.

    ``progress`` (shared memory, a byte per page of the render) is where it marks each page
    it starts (1) and finishes (2): the pages a worker that died was on (see _worker_died).
    """
    _init_worker(site, blocked, pm)
    toolkit.fix_templates()  # a worker lives for one build
    _WORKER["progress"] = progress
    # what a worker holds now (the site, plugins, modules) lives as long as it does: the
    # garbage collector's full passes need not walk it again and again (on 10,000 pages they
    # took 0.4 ms a page, 8% of rendering). A forked worker inherits its parent's frozen
    # state (render_all); a spawned one has just unpickled the site.
    gc.freeze()
    # and what a page leaves behind is mostly freed by reference counting as the page ends: a
    # collection every 700 net allocations (the default) ran 0.7 times a page for 0.07 ms a
    # page (1.1% of rendering) and found little; every 10,000, a page's worth of cycles waits a
    # little longer (peak memory unchanged)
    gc.set_threshold(10_000, 10, 10)


def current_plugins() -> pluggy.PluginManager | None:
    """Return the plugin manager rendering pages in this process (None outside a render).

    For built-in stages that call a contribution hook of their own while a page renders
    (the OpenAPI page asks every plugin for request samples).
    """
    pm: pluggy.PluginManager | None = _WORKER.get("pm")
    return pm


def _render_one(key: str) -> tuple[PageResult | None, tuple[Problem, ...]]:
    """Render one page in a worker; return the result or the page's located problems."""
    pm: pluggy.PluginManager = _WORKER["pm"]
    site: Site = _WORKER["site"]
    page = site.pages[key]
    hook = pm.hook
    try:  # a plugin's bug raises PluginError, naming it (mdxsite.plugin_manager)
        rendered: RenderedPage = _answer(hook.mdxsite_render_page(site=site, page=page),
                                         "mdxsite_render_page")
        document = lay_out(pm, site, page, rendered)
    except MdxsiteError as exc:
        return None, exc.problems
    return PageResult(page=page, rendered=rendered, document=document), rendered.problems


def lay_out(pm: pluggy.PluginManager, site: Site, page: Page, rendered: RenderedPage) -> str:
    """Return the whole document of a rendered page (template context, then the theme)."""
    context = _template_context(pm, site, page)
    return _answer(pm.hook.mdxsite_render_document(
        site=site, page=page, rendered=rendered, context=context), "mdxsite_render_document")


class TemplateContext(dict[str, Any]):
    """The plugins' template variables, with the plugin that set each (``owners``)."""

    owners: dict[str, str]


# the variables _template_context adds after the plugins' own
_OURS = frozenset({"page_assets", "slots"})


def _template_context(pm: pluggy.PluginManager, site: Site, page: Page) -> TemplateContext:
    merged = TemplateContext()
    owner: dict[str, str] = {}
    for plugin, ctx in plugin_manager.contributions(pm, "mdxsite_template_context",
                                                    site=site, page=page):
        if not isinstance(ctx, Mapping) or not all(isinstance(k, str) for k in ctx):
            raise plugin_manager.wrong_result(plugin, ctx, "mdxsite_template_context",
                                              'return a mapping of variable names to values: '
                                              '{"myplugin_minutes": 3}')
        for k, v in ctx.items():
            if k in _OURS:
                raise MdxsiteError.single(
                    f"plugin {plugin!r} sets the template variable {k!r}, which mdxsite sets "
                    "itself", where=Location(f"plugin {plugin}"),
                    hint="return page_assets from mdxsite_page_assets and slot HTML from "
                         "mdxsite_page_slots, or give the variable a name of its own")
            if k in merged:
                raise MdxsiteError.single(
                    f"plugins {owner[k]!r} and {plugin!r} both set template variable {k!r}",
                    hint="disable one of them with --disable-plugin NAME")
            merged[k], owner[k] = v, plugin
    merged.owners = owner
    # scripts and styles plugins want linked: one ordered, de-duplicated list for the theme
    assets = [a for _, a in plugin_manager.typed(
        plugin_manager.contributions(pm, "mdxsite_page_assets", site=site, page=page),
        str, "mdxsite_page_assets", 'return site paths: ["/_mdxsite/myplugin.js"]')]
    merged["page_assets"] = list(dict.fromkeys(assets))
    merged["slots"] = _slots(pm, site, page)
    return merged


def _slots(pm: pluggy.PluginManager, site: Site, page: Page) -> dict[str, Markup]:
    """Return the HTML plugins put in each theme slot (``mdxsite_page_slots``), in plugin order."""
    parts: dict[str, list[str]] = {name: [] for name in SLOTS}
    for plugin, filled in plugin_manager.contributions(pm, "mdxsite_page_slots", site=site,
                                                       page=page):
        if not isinstance(filled, Mapping) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in filled.items()):
            raise plugin_manager.wrong_result(plugin, filled, "mdxsite_page_slots",
                                              'return a mapping of slot name to HTML: '
                                              '{"after_content": "<p>...</p>"}')
        for name, html in filled.items():
            if name not in parts:
                raise MdxsiteError.single(
                    f"plugin {plugin!r} fills the slot {name!r}, which the theme does not have",
                    hint=f"use one of {', '.join(SLOTS)}", where=Location(f"plugin {plugin}"))
            parts[name].append(str(html))
    return {name: Markup("\n".join(html)) for name, html in parts.items()}


def render_all(site: Site, pm: pluggy.PluginManager, keys: list[str], *, jobs: int,
               blocked: Collection[str] = (),
               problems: list[Problem], cache: PageCache | None = None,
               fresh: Collection[str] | None = None,
               highlights: HighlightStore | None = None,
               early: Mapping[str, tuple[PageResult | None, tuple[Problem, ...]]] | None = None
               ) -> Generator[PageResult, None, None]:
    """Render ``keys`` (in order), on ``jobs`` processes; problems are appended to ``problems``.

    Results are yielded as they finish so the writer streams them to disk, in the order of
    ``keys``, but for a build rendering a few pages among cached ones (an edit): the rendered
    pages come first, then the cached ones in order. With ``cache``,
    pages whose cached row is still valid are loaded from it instead of rendered (their
    warnings replay from the cached ``RenderedPage``), and fresh renders are stored in it.
    ``fresh`` is what :meth:`PageCache.fresh` answered, when the caller asked it already.
    ``highlights`` takes the code blocks the workers highlight
    (:mod:`mdxsite.output.highlights`). ``early`` holds what :func:`render_early` rendered
    already (key -> its ``_render_one`` answer): used for those keys, not rendered again.
    """
    if fresh is None:
        fresh = cache.fresh(site.pages[k] for k in keys) if cache is not None else set()
    misses = [k for k in keys if k not in fresh]
    ready = {k: early[k] for k in misses if k in early} if early else {}
    if cache is not None:
        log.info("cache: %d of %d pages unchanged, rendering %d", len(fresh), len(keys),
                 len(misses))
    # the site and everything loaded so far outlive the render: the garbage collector's full
    # passes skip them (see _start_worker) until it ends; before the pool forks, so its
    # workers inherit it
    with frozen():
        renders = _render_many(site, pm, [k for k in misses if k not in ready], jobs=jobs,
                               blocked=blocked, highlights=highlights)
        rendered: Iterator[tuple[PageResult | None, tuple[Problem, ...]]] = renders
        try:
            order: Iterable[str] = keys
            if fresh and len(misses) < PARALLEL_THRESHOLD:
                # an edit among cached pages: rendered first, and handed on first, so the
                # work that waits for it beside the build (the search shard holding it)
                # starts before thousands of cached pages stream past (see
                # hookspecs.mdxsite_page_built)
                rendered = iter(list(renders))
                order = itertools.chain(misses, (k for k in keys if k in fresh))
            pages = site.pages
            load = cache.load if cache is not None else None
            for key in order:
                result: PageResult | None = None
                cached = key in fresh
                if cached:
                    assert load is not None
                    result = load(pages[key])
                    found = result.rendered.problems if result is not None else ()
                new = result is None
                if result is None and cached:  # unreadable row: render it here
                    _init_worker(site, blocked, pm)
                    result, found = _render_one(key)
                elif result is None:
                    result, found = ready.pop(key) if key in ready else next(rendered)
                if found:
                    problems.extend(found)
                if result is not None:
                    yield result
                    if new and cache is not None:  # after the plugins saw it: with their notes
                        cache.store(result)
        finally:
            renders.close()  # leaves the pool's `with`, so its workers exit


def render_early(site: Site, pm: pluggy.PluginManager, keys: list[str],
                 edited: Collection[str] | None, *, blocked: Collection[str] = (),
                 declare: Callable[[Page], object] | None = None
                 ) -> dict[str, tuple[PageResult | None, tuple[Problem, ...]]]:
    """Render the pages whose source file is in ``edited`` (site-relative: the files whose
    bytes changed since the last build, :meth:`FileMemo.changed`) now, in this process,
    before the render cache is checked, and tell the plugins of each
    (``mdxsite_page_rendered_early``); return the ``_render_one`` answer of each, for
    :func:`render_all`'s ``early``.

    The render cache's check of every page (0.3 s on 10,000 pages) then runs while the work
    that waits for an edited page (its search shard) already has it. Only for an edit: with
    PARALLEL_THRESHOLD pages or more, the pool renders them side by side instead.
    ``declare`` (the render cache's) is called with each page just before it renders.
    """
    if not edited:
        return {}
    pages = site.pages
    wanted = [k for k in keys if (source := pages[k].source) is not None
              and source.as_posix() in edited]
    if not wanted or len(wanted) >= PARALLEL_THRESHOLD:
        return {}
    _init_worker(site, blocked, pm)
    done: dict[str, tuple[PageResult | None, tuple[Problem, ...]]] = {}
    for key in wanted:
        if declare is not None:  # asked before it renders: the key its render is stored under
            declare(pages[key])
        done[key] = answer = _render_one(key)
        if answer[0] is not None:
            pm.hook.mdxsite_page_rendered_early(site=site, result=answer[0])
    return done


def _render_many(site: Site, pm: pluggy.PluginManager, keys: list[str], *, jobs: int,
                 blocked: Collection[str], highlights: HighlightStore | None = None
                 ) -> Generator[tuple[PageResult | None, tuple[Problem, ...]], None, None]:
    """Yield ``_render_one`` for each key, in order, on a process pool when it pays."""
    if jobs <= 1 or len(keys) < PARALLEL_THRESHOLD:
        _init_worker(site, blocked, pm)
        for key in keys:
            yield _render_one(key)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    # fork shares the parent's loaded plugins and site without pickling them (Linux, macOS
    # opt-in); elsewhere each worker loads plugins itself and receives the site once.
    methods = multiprocessing.get_all_start_methods()
    ctx: multiprocessing.context.BaseContext
    warm: tuple[PageResult | None, tuple[Problem, ...]] | None = None
    if "fork" in methods:
        ctx = multiprocessing.get_context("fork")
        _init_worker(site, blocked, pm)
        init_args: tuple[Any, ...] = (None, blocked, pm)
        # the first page renders here, before the fork: the workers inherit the parser, the
        # compiled templates and the lexers it made, instead of each making them again
        # (about 0.5 s of CPU a worker in a cold build, where templates compile from source)
        warm, keys = _render_one(keys[0]), keys[1:]
    else:
        ctx = multiprocessing.get_context()
        init_args = (site, blocked, None)
    # Small batches: each carries whole documents, and the window below holds jobs * 3 of them.
    chunk = max(1, min(BATCH_PAGES, len(keys) // (jobs * 8)))
    batches = [(i, keys[i:i + chunk]) for i in range(0, len(keys), chunk)]
    _WORKER["highlights"] = highlights  # a forked worker sends back the blocks it highlighted
    progress = ctx.RawArray("b", len(keys))  # shared, lock-free: one writer per page
    dead: list[multiprocessing.process.BaseProcess] | None = None
    window: deque[Future[tuple[list[_Sent], list[tuple[str, bytes]]]]]
    with ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_start_worker,
                             initargs=(*init_args, progress)) as pool:
        # A bounded window of batches in flight, not pool.map's all-at-once submission: when
        # the writer falls behind, finished documents would otherwise pile up in memory.
        window = deque()
        pending = iter(batches)
        try:
            for first, batch in itertools.islice(pending, jobs * IN_FLIGHT_PER_JOB):
                window.append(pool.submit(_render_batch, batch, first))
            if warm is not None:  # once the workers are forked, as every other page
                yield warm
            while window:
                done, blocks = window.popleft().result()
                for first, batch in itertools.islice(pending, 1):
                    window.append(pool.submit(_render_batch, batch, first))
                if blocks and highlights is not None:
                    highlights.add(blocks)
                for sent in done:
                    yield _received(site, sent)
        except BrokenProcessPool:
            # a worker died: the pool's processes (CPython keeps them here) tell how, once the
            # pool has shut down (leaving the `with` joins them; reading an exit code before
            # would race the pool's own thread reaping them)
            processes = getattr(pool, "_processes", None)
            dead = list(processes.values()) if isinstance(processes, dict) else []
    if dead is not None:
        raise _worker_died(site, dead, [k for k, state in zip(keys, progress) if state == 1])


def render_layout(site: Site, pm: pluggy.PluginManager, page: Page, rendered: RenderedPage
                  ) -> tuple[PageResult | None, tuple[Problem, ...]]:
    """Lay an already rendered body out again (watch mode: only the navigation around it changed).

    Runs ``mdxsite_template_context`` and ``mdxsite_render_document`` in this process; returns
    the result or the page's located problems, as rendering does.
    """
    try:
        document = lay_out(pm, site, page, rendered)
    except MdxsiteError as exc:
        return None, exc.problems
    return PageResult(page=page, rendered=rendered, document=document), rendered.problems


# what a worker sends back for a page: its key, its render and document (None: it failed),
# and its problems; the page itself is the main process's own (site.pages[key]), not a
# pickled copy (its trail and frontmatter, 0.03 ms a page both ways)
_Sent = tuple[str, tuple[RenderedPage, str] | None, tuple[Problem, ...]]


def _render_batch(keys: list[str], first: int = 0
                  ) -> tuple[list[_Sent], list[tuple[str, bytes]]]:
    """Render ``keys`` (``first`` is the index of the first among the pool's pages); with
    them, the code blocks highlighted afresh meanwhile (see render_all's ``highlights``)."""
    sent: list[_Sent] = []
    progress = _WORKER.get("progress")
    for index, key in enumerate(keys, first):
        if progress is not None:
            progress[index] = 1
        result, problems = _render_one(key)
        if progress is not None:
            progress[index] = 2
        sent.append((key, (result.rendered, result.document) if result is not None else None,
                     problems))
    highlights: HighlightStore | None = _WORKER.get("highlights")
    return sent, highlights.taken() if highlights is not None else []


def _received(site: Site, sent: _Sent) -> tuple[PageResult | None, tuple[Problem, ...]]:
    key, done, problems = sent
    if done is None:
        return None, problems
    return PageResult(page=site.pages[key], rendered=done[0], document=done[1]), problems


# how a worker process can end without a Python exception, as a reader would put it
_DEATHS: dict[int, tuple[str, str]] = {  # signal -> what happened, what most likely did it
    signal.SIGKILL: ("was killed (SIGKILL)", ", most likely by the system's out-of-memory killer"),
    signal.SIGSEGV: ("crashed (SIGSEGV, a segmentation fault)", ", in compiled code"),
    signal.SIGBUS: ("crashed (SIGBUS, a bus error)", ", in compiled code"),
    signal.SIGABRT: ("crashed (SIGABRT)", ": compiled code aborted")}


def _worker_died(site: Site, processes: list[multiprocessing.process.BaseProcess],
                 pages: list[str]) -> MdxsiteError:
    """Describe a render worker process that died without a Python exception (the
    out-of-memory killer, a crash in a compiled extension, a plugin calling ``os._exit``),
    naming the pages the workers were rendering: one of them took it down."""
    # the pool stopped the others (SIGTERM) as it broke: the dead one ended otherwise
    codes = [p.exitcode for p in processes]
    code = next((c for c in codes if c is not None and c != -signal.SIGTERM),
                next((c for c in codes if c is not None), None))
    how, likely = "died", ""
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        how, likely = _DEATHS.get(-code, (f"was stopped by {name}", ""))
    elif code is not None:
        how = f"exited with status {code}"
    where = Location("mdxsite")
    named = "one of " + ", ".join(repr(k) for k in pages)
    if len(pages) == 1:
        page = site.pages[pages[0]]
        named = repr(page.key)
        if page.source is not None:
            where = Location(page.source.as_posix())
    if code == -signal.SIGKILL:
        hint = ("free some memory, or build again with --jobs 1 (one process: less memory); "
                "on Linux, dmesg names what the out-of-memory killer stopped")
    else:
        hint = ("build again with --jobs 1 to see whether it happens on its own; if the "
                "page named here brings it down again, look at what renders it (a plugin, a "
                "compiled library it uses)")
    return MdxsiteError.single(
        f"a render worker process {how}" + (f" while rendering {named}" if pages else "")
        + f"{likely}; nothing was published, the previous output is kept", hint=hint,
        where=where)


# --------------------------------------------------------------------------- the build

def build(root: Path, out_dir: Path, pm: pluggy.PluginManager, *, jobs: int = 2,
          base_url: str = "/", site_url: str = "", blocked: Collection[str] = (),
          on_page: Callable[[str], None] | None = None, use_cache: bool = True,
          strict: bool = False, skip_unchanged: bool = False,
          on_result: Callable[[PageResult], None] | None = None) -> BuildReport:
    """Build the site in ``root`` into ``out_dir``; raise MdxsiteError with every problem found.

    A failed build leaves ``out_dir`` exactly as it was. With ``use_cache`` (the default),
    pages unchanged since the last build of ``out_dir`` are taken from its cache
    (``mdxsite.output.cache``) instead of rendered again. With ``strict``, any warning fails
    the build before the output is touched.

    With ``skip_unchanged`` (``mdxsite build``; needs ``use_cache``), a build whose inputs and
    published output are exactly those of the last one stops after checking them, calls no
    hook and reports ``up_to_date`` (see :mod:`mdxsite.output.stamp`; never when a
    third-party plugin is registered).

    ``on_page`` is told each page key as it is written, ``on_result`` gets its whole result
    (watch mode keeps the rendered bodies and their dependencies); ``report.site`` is the
    site built.
    """
    memory.hold_malloc_thresholds()  # see mdxsite.memory: 10,000 pages, 450 -> 290 MiB
    counter = _WarningCounter()
    logging.getLogger("mdxsite").addHandler(counter)
    try:
        return _build(root, out_dir, pm, jobs=jobs, base_url=base_url, site_url=site_url,
                      blocked=blocked, on_page=on_page, use_cache=use_cache,
                      strict=strict, counter=counter,
                      skip_unchanged=skip_unchanged and use_cache, on_result=on_result)
    finally:
        logging.getLogger("mdxsite").removeHandler(counter)


class _WarningCounter(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0
        self.records: list[logging.LogRecord] = []  # what a stamp replays

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        self.records.append(record)


def output_files(site: Site, pm: pluggy.PluginManager) -> tuple[Site, list[OutputFile]]:
    """Gather the plugins' output files and fingerprint the theme's assets.

    Returns the site whose ``href`` maps the fingerprinted names, and the files to write.
    """
    files = plugin_manager.unique_by(plugin_manager.typed(
        plugin_manager.contributions(pm, "mdxsite_output_files", site=site),
        OutputFile, "mdxsite_output_files", 'return OutputFile(path="robots.txt", '
        'content="...") items, or OutputFile(path=..., source=Path(...)) to copy a file'),
        key=lambda f: f.path, what="output file")
    return fingerprint_assets(site, files)


# what the build keeps until its end (modules and plugins, then the listing, the site and the
# cache's rows) is frozen as it is made (frozen() here, gc.freeze() as each is made): the
# garbage collector's full passes, which the build's own allocations trigger, need not walk it
# again (at 10,000 pages, 4 of them took 0.15 s of a one-page edit)
@frozen()
def _build(root: Path, out_dir: Path, pm: pluggy.PluginManager, *, jobs: int, base_url: str,
           site_url: str, blocked: Collection[str], on_page: Callable[[str], None] | None,
           use_cache: bool, strict: bool, counter: _WarningCounter,
           skip_unchanged: bool = False,
           on_result: Callable[[PageResult], None] | None = None) -> BuildReport:
    started = time.perf_counter()
    root = root.resolve()
    out_dir = out_dir.resolve()
    _check_out_dir(root, out_dir)
    # before the staging folder beside the output is made: a mistyped site folder must not
    # be created (the default output lies inside it)
    check_root(root)
    inputs = stamp.take(root, pm, {"base_url": base_url, "site_url": site_url,
                                   "blocked": sorted(blocked), "strict": strict}
                        ) if skip_unchanged else None
    if inputs is not None:
        last = stamp.load(out_dir, inputs)
        if last is not None and stamp.up_to_date(last, out_dir):
            log.info("nothing changed since the last build of %s", out_dir)
            stamp.replay(last)
            return BuildReport(pages=last.pages, out_dir=out_dir, unchanged=len(last.outputs),
                               reused=last.pages, up_to_date=True,
                               seconds=time.perf_counter() - started)
    # compiled templates are kept beside the render cache (0.06 s of a one-page edit's
    # start-up); a build without the cache compiles them afresh
    toolkit.keep_templates_in(cache_dir_for(out_dir) / "templates" if use_cache else None)
    memo = FileMemo.open(out_dir) if use_cache else None
    if memo is not None and inputs is not None:
        memo.prime(root, inputs.listing)
    changed_files = stamp.changed_files(out_dir, inputs) if inputs is not None else None
    gc.freeze()
    problems: list[Problem] = []
    published: dict[str, int] = {}
    site: Site | None = None
    cache: PageCache | None = None
    highlights: HighlightStore | None = None
    succeeded = False
    outside: set[str] = set()  # files outside the site folder pages read, for the stamp
    closing: list[Callable[[], None]] = []  # waits for the cache's close (in_place)

    def in_place() -> None:
        # the output is published: the cache may mark its rows so. Committing copies the
        # build's rows into the database file (at 10,000 pages, 90 MB: 0.35 s of sqlite's
        # code, which lets go of the GIL): beside the listing of the published files and
        # memo.save, in a thread, instead of after them
        store, current = cache, site
        if store is not None and current is not None:
            report.reused = store.hits
            closing.append(_beside(lambda: store.close(keep=current.pages)))

    try:
        # the staging folder comes first: work a plugin starts before the site is loaded
        # (mdxsite_build_starting) stops with it if loading fails
        with staging_dir(out_dir, published, in_place) as tmp:
            pm.hook.mdxsite_build_starting(root=root, out_dir=tmp, changed_files=changed_files)
            site = prepare(root, pm, base_url=base_url, site_url=site_url, memo=memo,
                           listing=inputs.listing if inputs is not None else None)
            # gathered before rendering: every page links the fingerprinted asset names
            site, files = output_files(site, pm)
            gc.freeze()
            report = BuildReport(pages=len(site.pages), out_dir=out_dir, site=site)
            keys = list(site.pages)
            built = site
            if use_cache:
                code = inputs.code if inputs is not None else code_fingerprint(root, pm)
                cache = PageCache.open(
                    out_dir, site, pm, memo=memo, code=code,
                    relayout=lambda page, rendered: lay_out(pm, built, page, rendered),
                    declare=lambda page: dependencies.declared(pm, built, page))
                highlights = HighlightStore.open(out_dir, code)
                code_blocks.use_kept_blocks(highlights)
            gc.freeze()
            _build_into(tmp, site, pm, keys, files, jobs=jobs, blocked=blocked,
                        problems=problems, cache=cache, on_page=on_page, report=report,
                        outside=outside, on_result=on_result, highlights=highlights,
                        edited=memo.changed(root) if memo is not None else None)
            if cache is not None:
                report.declared = cache.declared_pages
            if strict and counter.count:
                raise MdxsiteError.single(
                    f"{counter.count} warning{'s' if counter.count != 1 else ''} with --strict; "
                    "the previous output is kept",
                    hint="fix the warnings above, or build without --strict")
        succeeded = True
    finally:
        try:
            if highlights is not None:
                code_blocks.use_kept_blocks(None)
                highlights.close(keep=succeeded)
            if memo is not None:
                memo.save()
        finally:
            # renders are kept even when another page failed: fixing it rebuilds just that page
            if cache is not None and site is not None and not closing:
                report.reused = cache.hits
                cache.close(keep=site.pages if succeeded else None)
            for wait in closing:  # before the stamp takes the warnings: the close may warn
                wait()
    assert site is not None
    if inputs is not None:
        inputs.records = counter.records
        stamp.save(inputs, out_dir, len(site.pages), outside)
    report.written = published.get("written", 0)
    report.unchanged = published.get("unchanged", 0)
    report.seconds = time.perf_counter() - started
    return report


def _beside(call: Callable[[], None]) -> Callable[[], None]:
    """Start ``call()`` in a thread; return a function that waits for it and raises what it
    raised. For work done in code that lets go of the GIL (sqlite, file writes)."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            call()
        except BaseException as exc:  # noqa: BLE001 - raised again by wait(), in the build's thread
            failed.append(exc)

    thread = threading.Thread(target=run, name="mdxsite beside the build")
    thread.start()

    def wait() -> None:
        thread.join()
        if failed:
            raise failed[0]

    return wait


def _build_into(tmp: Path, site: Site, pm: pluggy.PluginManager, keys: list[str],
                files: list[OutputFile], *, jobs: int,
                blocked: Collection[str], problems: list[Problem], cache: PageCache | None,
                on_page: Callable[[str], None] | None, report: BuildReport,
                outside: set[str] | None = None,
                on_result: Callable[[PageResult], None] | None = None,
                highlights: HighlightStore | None = None,
                edited: Collection[str] | None = None) -> None:
    early = render_early(site, pm, keys, edited, blocked=blocked,
                         declare=cache.declared if cache is not None else None)
    fresh = cache.fresh(site.pages[k] for k in keys) if cache is not None else set()
    kept = cache.published(fresh) if cache is not None else set()
    pm.hook.mdxsite_build_started(site=site, out_dir=tmp,
                                  changed=frozenset(k for k in keys if k not in kept))
    results = render_all(site, pm, keys, jobs=jobs, blocked=blocked, problems=problems,
                         cache=cache, fresh=fresh, highlights=highlights, early=early)
    written = write_pages(tmp, site, pm, results, on_page=on_page, outside=outside,
                          on_result=on_result)
    # once each: a plugin's mistake in a per-page hook is the same problem on every page
    errors = list(dict.fromkeys(p for p in problems if not p.warning))
    if errors:
        report_warnings([p for p in problems if p.warning])
        raise MdxsiteError(errors)
    report_warnings(sorted(p for p in problems if p.warning))
    report.written = written  # pages; replaced in build() by what publishing changed
    finish(tmp, site, pm, files, report)


def write_pages(tmp: Path, site: Site, pm: pluggy.PluginManager, results: Iterator[PageResult],
                *, on_page: Callable[[str], None] | None = None, outside: set[str] | None = None,
                on_result: Callable[[PageResult], None] | None = None) -> int:
    """Write rendered pages into ``tmp`` (``mdxsite_write_output``), telling the plugins of
    each (``mdxsite_page_built``) as it goes; return how many were written.

    ``outside`` gathers the files pages read that may lie outside the site folder (``../``
    or absolute), for the build stamp.
    """
    call_each = plugin_manager.call_each
    kwargs: dict[str, Any] = {"site": site}

    def tapped() -> Iterator[PageResult]:
        for r in results:
            kwargs["result"] = r
            call_each(pm, "mdxsite_page_built", kwargs)
            if on_page is not None:
                on_page(r.page.key)
            if on_result is not None:
                on_result(r)
            if outside is not None:
                dependencies = r.rendered.dependencies
                if dependencies:  # most pages read no other file
                    outside.update(d for d in dependencies
                                   if d.startswith(("../", "/")) or d == "..")
            yield r

    try:
        written = pm.hook.mdxsite_write_output(site=site, results=tapped(), out_dir=tmp)
    finally:
        # a plugin that raised (or a writer that stopped early) leaves render_all suspended
        # inside its frozen() block: closed now, not whenever the collector gets to it (the
        # suspended generator is itself frozen: never, and every later build stays frozen)
        _close(results)
    return _answer(written, "mdxsite_write_output")


def _close(results: Iterator[Any]) -> None:
    close = getattr(results, "close", None)
    if close is not None:
        close()


def finish(tmp: Path, site: Site, pm: pluggy.PluginManager, files: list[OutputFile],
           report: BuildReport) -> None:
    """Write the contributed files into ``tmp``, then let the plugins post-process it
    (``mdxsite_build_finished``); a whole build and a watch-mode rebuild end alike."""
    write_files(tmp, files)
    pm.hook.mdxsite_build_finished(site=site, out_dir=tmp, report=report)


def load_config(root: Path, pm: pluggy.PluginManager) -> SiteConfig:
    """Stage 1: docs.json, read and checked by the plugin that answers."""
    return _answer(pm.hook.mdxsite_load_config(root=root),
                   "mdxsite_load_config")


def files_changed(site: Site, pm: pluggy.PluginManager, paths: Sequence[Path]) -> None:
    """Tell the plugins that these files changed, before watch mode rebuilds."""
    pm.hook.mdxsite_files_changed(site=site, paths=list(paths))


def watch_paths(site: Site, pm: pluggy.PluginManager) -> tuple[Path, ...]:
    """Return the extra paths the plugins want watched (``mdxsite_watch_paths``)."""
    return tuple(sorted({Path(p) for _, p in plugin_manager.contributions(
        pm, "mdxsite_watch_paths", site=site)}))


def asgi_apps(site: Site, pm: pluggy.PluginManager, out_dir: Path) -> list[tuple[str, Any]]:
    """Return every ``(path, ASGI app)`` the plugins mount beside the site; two plugins
    claiming one path is an error naming both."""
    return plugin_manager.unique_by(
        plugin_manager.contributions(pm, "mdxsite_asgi_apps", site=site, out_dir=out_dir),
        key=lambda pair: pair[0], what="mount path")


def page_files(site: Site, pm: pluggy.PluginManager, page: Page) -> set[str]:
    """Return the output files the plugins write for ``page`` (``mdxsite_page_files``)."""
    return {str(f) for _, f in plugin_manager.contributions(pm, "mdxsite_page_files",
                                                           site=site, page=page)}


def _check_out_dir(root: Path, out_dir: Path) -> None:
    if out_dir == root or root.is_relative_to(out_dir):
        raise MdxsiteError.single(
            f"the output folder {str(out_dir)!r} holds the site itself",
            hint="choose an output folder such as _site with -o",
            where=Location("command line"))


def write_files(out_dir: Path, files: list[OutputFile]) -> None:
    """Write contributed files into ``out_dir``, refusing paths that leave it."""
    base = out_dir.resolve()
    for f in sorted(files, key=lambda f: f.path):
        target = (base / f.path).resolve()
        if not target.is_relative_to(base):
            raise MdxsiteError.single(f"output file {f.path!r} would be written outside the output",
                                      hint="use a relative path without '..'")
        target.parent.mkdir(parents=True, exist_ok=True)
        if f.source is not None:
            target.write_bytes(f.source.read_bytes())
        elif isinstance(f.content, bytes):
            target.write_bytes(f.content)
        else:
            target.write_text(f.content or "", encoding="utf-8")


def cpu_jobs() -> int:
    """Return the default number of worker processes: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS
        return max(1, os.cpu_count() or 1)
