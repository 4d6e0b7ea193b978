"""Watch mode's rebuilds: re-render only the pages a change affects, keep the rest published.

The first build is an ordinary :func:`mdxsite.pipeline.build` (render cache included). From it
the :class:`Engine` keeps the resolved :class:`Site`, every page's frontmatter (with the file's
stamp) and a dependency graph: a page depends on its source file, the snippets and OpenAPI
documents it read while rendering (``RenderedPage.dependencies``) and the files plugins name
through ``mdxsite_page_dependencies``; every page depends on docs.json and the site's
``_templates/``. Each page also has a *layout signature*: what its sidebar, tabs, selectors,
breadcrumbs and prev/next links show of other pages.

On a change set the engine decides which page keys to render again:

- a page's own file changed: that page; when its title (or anything the sidebar shows of it)
  changed too, every page whose layout signature changed (its section and its neighbours);
- a snippet, an OpenAPI document (or one of its overlays) or a plugin-declared file changed:
  the pages depending on it (an OpenAPI document referenced by the navigation is expanded
  again);
- docs.json changed: navigation only, the pages whose signature changed; anything else in it
  (colours, variables, theme...), every page;
- a page added, renamed or deleted: the scan, the navigation and the signatures are
  recomputed; the files of a deleted page are removed from the output.

Only those pages render; their files and the contributed files (sitemap, llms.txt...) are
written into a staging folder and merged into the published output, file by file, where the
bytes changed. An error leaves the output as it was: a page that fails keeps its last good
HTML and is tried again with the next change; a site-level error (docs.json) keeps the whole
last good build. Rebuilds are serialised by a lock.
"""

from __future__ import annotations

import itertools
import logging
import os
import shutil
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pluggy

from mdxsite import dependencies, pipeline
from mdxsite.errors import Location, MdxsiteError, PluginError, Problem, report_warnings
from mdxsite.mdx import frontmatter
from mdxsite.model import BuildReport, OutputFile, Page, PageResult, RenderedPage, Site
from mdxsite.output import cache, layout, staging
from mdxsite.sources import (ASSET_SUFFIXES, PAGE_SUFFIXES, build_site, class_names,
                             classes_changed, custom_files, file_stamp,
                             scan_sources)

log = logging.getLogger(__name__)

# Files whose change can show on every open page (the browser reloads them all).
RELOAD_ALL_SUFFIXES = frozenset(".css .js .woff .woff2 .ttf .otf .png .jpg .jpeg .gif .svg "
                                ".webp .avif .ico".split())
CONFIG_NAMES = ("docs.json", "mint.json")


@dataclass(frozen=True)
class Rebuild:
    """What one build or rebuild did: the dev server tells the browser, tests assert on it."""

    ok: bool
    full: bool = False                       # the first build (or a retry of it)
    rendered: tuple[str, ...] = ()           # page keys rendered
    written: tuple[str, ...] = ()            # output files whose bytes changed
    removed: tuple[str, ...] = ()            # output files removed
    problems: tuple[Problem, ...] = ()       # errors: the overlay shows them
    seconds: float = 0.0
    paths: tuple[str, ...] = ()              # the changed files that caused it

    def page_urls(self) -> list[str]:
        """Return the URL paths of the HTML files written (``a/b/index.html`` -> ``/a/b/``)."""
        urls = []
        for rel in self.written:
            if rel.endswith("/index.html") or rel == "index.html":
                urls.append("/" + rel[: -len("index.html")])
            elif rel.endswith(".html"):
                urls.append("/" + rel)
        return urls

    @property
    def reload_all(self) -> bool:
        """True when a stylesheet, script, font or image changed: every open page reloads."""
        return self.full or any(os.path.splitext(r)[1].lower() in RELOAD_ALL_SUFFIXES
                                for r in (*self.written, *self.removed))


_R = TypeVar("_R", bound=Rebuild | None)  # what a guarded build returns when it succeeds


@dataclass
class _Plan:
    """A rebuild's decisions before anything renders."""

    site: Site
    dirty: set[str] = field(default_factory=set)
    removed: list[Page] = field(default_factory=list)
    structural: bool = False
    signatures: dict[str, int] | None = None   # recomputed signatures, when they were
    sources: dict[str, Path] | None = None     # a new scan, when the page set changed
    layout_only: set[str] = field(default_factory=set)  # dirty pages whose body is still good
    files: list[OutputFile] | None = None      # the output files, when the site was prepared anew


class Engine:
    """Keeps the last good build of a site and rebuilds what a change set affects.

    Args:
        root: the site folder.
        out_dir: the published output folder.
        pm: the plugin manager (shared with the dev server).
        jobs: worker processes for large rebuilds (a page or a few render in-process).
    """

    def __init__(self, root: Path, out_dir: Path, pm: pluggy.PluginManager, *, jobs: int = 1,
                 base_url: str = "/", site_url: str = "", blocked: Collection[str] = ()) -> None:
        self.root = root.resolve()
        self.out_dir = out_dir.resolve()
        self.pm = pm
        self.jobs = jobs
        self.base_url = base_url
        self.site_url = site_url
        self.blocked = tuple(blocked)
        self.site: Site | None = None
        self.problems: tuple[Problem, ...] = ()   # the current errors; () when the output is current
        self.generation = 0                       # counts finished (re)builds, good or not
        self.listeners: list[Callable[[Rebuild], None]] = []
        self.watch_paths: tuple[Path, ...] = ()   # extra paths plugins asked to watch
        self._lock = threading.RLock()
        self._sources: dict[str, Path] = {}
        self._fm: dict[str, tuple[tuple[int, int], Mapping[str, object]]] = {}
        self._deps: dict[str, frozenset[str]] = {}        # page key -> absolute paths
        self._keys: dict[str, tuple[tuple[str, str], ...]] = {}  # page key -> declared keys
        self._dependents: dict[str, set[str]] = {}        # absolute path -> page keys
        self._signatures: dict[str, int] = {}
        self._config_files: set[str] = set()
        self._specs: set[str] = set()             # local OpenAPI/AsyncAPI documents the navigation uses
        self._wanting: set[str] = set()           # pages importing a file that did not exist
        self._failed: set[str] = set()            # pages whose last render failed
        # page key -> its last rendered body: a page whose sidebar or prev/next changed is laid
        # out again from it (~0.3 ms) instead of rendered (~10 ms); ~20 KB a page in memory
        self._bodies: dict[str, RenderedPage] = {}
        self._trash = 0
        self._pending: set[str] = set()           # changed paths of a failed rebuild

    # ------------------------------------------------------------------ the first build

    def build(self) -> Rebuild:
        """Build the whole site (the render cache makes a restart cheap) and remember it."""
        return self._guarded(self._build, (), full=True)

    def apply(self, paths: Iterable[Path | str]) -> Rebuild | None:
        """Rebuild after ``paths`` changed (absolute); None when none of them matters."""
        return self._guarded(self._apply, tuple(paths), full=False)

    def _guarded(self, run: Callable[..., _R], paths: tuple[Path | str, ...], *,
                 full: bool) -> _R | Rebuild:
        """Run a build; a plugin's bug (or ours) becomes an error the overlay shows."""
        with self._lock:
            try:
                return run(*([paths] if not full else []))
            except PluginError as exc:
                message, hint = str(exc), "fix or disable that plugin (--disable-plugin NAME)"
            except Exception as exc:  # noqa: BLE001 - the server must outlive any failure
                log.exception("rebuild failed")
                message, hint = f"{type(exc).__name__}: {exc}", "this is a bug in mdxsite"
            self._pending |= {os.path.normpath(os.path.join(self.root, p)) for p in paths}
            return self._finish(Rebuild(ok=False, full=full, problems=(
                Problem(Location("mdxsite"), message, hint),)))

    def _build(self) -> Rebuild:
        started = time.perf_counter()
        stamps = {rel.as_posix(): file_stamp(self.root / rel)
                  for rel in scan_sources(self.root).values()}
        bodies: dict[str, RenderedPage] = {}
        try:
            report = pipeline.build(self.root, self.out_dir, self.pm, jobs=self.jobs,
                                    base_url=self.base_url, site_url=self.site_url,
                                    blocked=self.blocked,
                                    on_result=lambda r: bodies.__setitem__(r.page.key, r.rendered))
        except MdxsiteError as exc:
            return self._finish(Rebuild(ok=False, full=True, problems=tuple(exc.problems),
                                        seconds=time.perf_counter() - started))
        site = report.site
        assert site is not None
        self.site = site
        self._sources = scan_sources(self.root, site.config)
        self._fm = {page.source.as_posix(): (stamps.get(page.source.as_posix(), (0, 0)),
                                             page.frontmatter)
                    for page in site.pages.values() if page.source is not None}
        self._deps, self._dependents, self._keys = {}, {}, {}
        for key in site.pages:
            rendered = bodies.get(key)
            self._track(site, key, rendered.dependencies if rendered else (),
                        rendered.problems if rendered else (), report.declared.get(key))
        self._signatures = signatures(site)
        self._bodies = bodies
        self._learn(site)
        self._failed, self._pending = set(), set()
        return self._finish(Rebuild(ok=True, full=True, rendered=tuple(site.pages),
                                    seconds=time.perf_counter() - started))

    # ------------------------------------------------------------------ a change set

    def _apply(self, paths: Iterable[Path | str]) -> Rebuild | None:
        changed = {os.path.normpath(os.path.join(self.root, p)) for p in paths}
        if self.site is None:  # the first build failed: try it whole again
            return self._build()
        pipeline.files_changed(self.site, self.pm, [Path(p) for p in sorted(changed)])
        batch = changed | self._pending
        started = time.perf_counter()
        try:
            plan = self._plan(batch)
        except MdxsiteError as exc:
            self._pending = batch
            return self._finish(Rebuild(ok=False, problems=tuple(exc.problems),
                                        seconds=time.perf_counter() - started,
                                        paths=tuple(sorted(changed))))
        if plan is None:
            return None
        self._pending = set()
        return self._finish(self._render(plan, started, tuple(sorted(changed))))

    def _plan(self, changed: set[str]) -> _Plan | None:
        site = self.site
        assert site is not None
        root = str(self.root)
        rels = {p: os.path.relpath(p, root).replace(os.sep, "/") for p in changed}
        inside = {p: r for p, r in rels.items() if not r.startswith("../")}
        by_source = {rel.as_posix(): key for key, rel in self._sources.items()}
        config_changed = any(p in self._config_files or r in CONFIG_NAMES
                             for p, r in inside.items())
        templates_changed = any(r.startswith("_templates/") for r in inside.values())
        pages_moved = assets_moved = False
        for p, r in inside.items():
            exists = os.path.isfile(p)
            suffix = os.path.splitext(r)[1].lower()
            if suffix in PAGE_SUFFIXES and exists != (r in by_source):
                pages_moved = True
            elif suffix in ASSET_SUFFIXES and exists != (r in site.assets):
                assets_moved = True
            elif not exists and not suffix and any(s.startswith(r + "/") for s in by_source):
                pages_moved = True  # a folder of pages was renamed or deleted
        for p in changed:
            self._fm.pop(rels[p], None)  # re-read: a stamp can miss two quick saves
        specs_changed = bool(self._specs & changed)
        structural = config_changed or pages_moved or assets_moved or specs_changed
        depending = {k for p in changed for k in self._dependents.get(p, ())}
        # a plugin's input: ask for its keys again; the files it contributes are made again
        # even when no page depends on it (_render publishes them after the pages)
        plugin_input = any(p == w or p.startswith(w + os.sep)
                           for p in changed for w in map(str, self.watch_paths))
        if plugin_input:
            depending |= self._rekeyed(site)
        if not structural and not templates_changed and not depending and not plugin_input and not any(
                (r in by_source and by_source[r] in site.pages) or r in site.assets
                for r in inside.values()):
            return None  # nothing the site reads
        dirty = set(self._failed) | depending
        if pages_moved or assets_moved:
            dirty |= self._wanting  # an import that was missing may resolve now
        if structural:
            plan = self._plan_structural(site, config_changed, pages_moved, assets_moved)
        else:
            plan = self._plan_pages(site, [by_source[r] for r in inside.values()
                                           if r in by_source and by_source[r] in site.pages])
        plan.dirty |= {k for k in dirty if k in plan.site.pages}
        everything = templates_changed or (config_changed and _settings(site) != _settings(plan.site))
        if everything:
            plan.dirty = set(plan.site.pages)  # theme settings, variables: every page shows them
        elif assets_moved and (custom_files(site.assets, site.root)
                               != custom_files(plan.site.assets, plan.site.root)):
            plan.dirty = set(plan.site.pages)  # every page links the site's .css and .js files
        # the body of a page whose model, files and settings are unchanged is still good:
        # only its layout (sidebar, prev/next, tabs) is redone
        if not everything:
            plan.layout_only = {k for k in plan.dirty - dirty if k in self._bodies
                                and site.pages.get(k) == plan.site.pages[k]
                                and not self._deps.get(k, frozenset()) & changed}
        return plan

    def _plan_pages(self, site: Site, keys: list[str]) -> _Plan:
        """Modified page files, nothing added or removed: re-read only their frontmatter.

        A page now using a class name the site did not use is planned as a structural change:
        the utility stylesheet (mdxsite.output.utilities), and the name every page links it
        by, may change."""
        if classes_changed(self.root, [self._sources[k].as_posix() for k in keys]) and \
                set(class_names(self.root, self._sources.values(), None)) != set(site.class_names):
            plan = self._plan_structural(site, False, False, False)
            if plan.site.asset_names != site.asset_names:  # every page links the stylesheet
                plan.dirty = set(plan.site.pages)
            return plan
        pages = dict(site.pages)
        facts_changed = False
        for key in keys:
            rel = self._sources[key]
            one = build_site(self.root, site.config, site.nav, {key: rel}, base_url=site.base_url,
                             site_url=site.site_url, read_frontmatter=self._read_frontmatter,
                             assets=site.assets)
            page = one.pages[key]
            old = pages[key]
            if page != old:
                facts_changed |= _facts(page) != _facts(old) or page.trail != old.trail
                pages[key] = page
        # the same Site when no page model changed (a body edit): the theme's sidebars, rendered
        # once per section and site, stay cached
        new = site.with_pages(pages) if any(pages[k] is not site.pages[k] for k in keys) else site
        plan = _Plan(site=new, dirty=set(keys))
        if facts_changed:  # a title the sidebar or prev/next links show
            plan.signatures = signatures(new)
            plan.dirty |= {k for k, s in plan.signatures.items() if self._signatures.get(k) != s}
        return plan

    def _plan_structural(self, site: Site, config_changed: bool, pages_moved: bool,
                         assets_moved: bool) -> _Plan:
        """docs.json, the page set, an asset set or an OpenAPI document changed."""
        config = site.config
        if config_changed:
            config = pipeline.load_config(self.root, self.pm)
        sources = (scan_sources(self.root, config) if pages_moved or config_changed
                   else self._sources)
        new = pipeline.prepare_from(self.root, self.pm, config, sources, base_url=self.base_url,
                                    site_url=self.site_url,
                                    read_frontmatter=self._read_frontmatter,
                                    assets=None if assets_moved else site.assets)
        new, files = pipeline.output_files(new, self.pm)  # the fingerprinted asset names
        new_signatures = signatures(new)
        plan = _Plan(site=new, structural=True, signatures=new_signatures, sources=sources,
                     files=files)
        plan.removed = [p for k, p in site.pages.items() if k not in new.pages]
        for key, page in new.pages.items():
            if site.pages.get(key) != page or self._signatures.get(key) != new_signatures[key]:
                plan.dirty.add(key)
        return plan

    # ------------------------------------------------------------------ render and publish

    def _render(self, plan: _Plan, started: float, paths: tuple[str, ...]) -> Rebuild:
        """Render the dirty pages and publish them, then the contributed files.

        Two publishes: the pages a reader waits for land first; site-wide files (llms.txt,
        llms-full.txt, the Markdown copies...) follow. A failure in the second part leaves the
        pages published and shows as an error until a rebuild succeeds.
        """
        site = plan.site
        keys = [k for k in site.pages if k in plan.dirty]  # build order
        # asked before rendering: a key that moves while a page renders (a commit landing)
        # must differ from the one kept with the page, so that its change renders it again
        declared = {k: dependencies.declared(self.pm, site, site.pages[k]) for k in keys}
        problems: list[Problem] = []
        done: dict[str, PageResult] = {}
        tmp = self.out_dir.parent / f".{self.out_dir.name}.watch-{os.getpid()}"
        gone: set[str] = set()
        for page in plan.removed:  # what the plugins wrote for it: its HTML, its .md copy
            gone |= pipeline.page_files(self.site or site, self.pm, page)
        try:
            with self._staging(tmp):
                full = [k for k in keys if k not in plan.layout_only]
                rendering = pipeline.render_all(site, self.pm, full, jobs=self.jobs,
                                                blocked=self.blocked, problems=problems)
                results = itertools.chain(
                    self._relayout(site, [k for k in keys if k in plan.layout_only], problems),
                    rendering)
                try:
                    pipeline.write_pages(tmp, site, self.pm, results, on_result=self._keep(done))
                finally:  # a chain has no close(): end the render's frozen() block (write_pages)
                    rendering.close()
                report_warnings(sorted(p for p in problems if p.warning))
                written_files, removed_files = staging.publish_changes(
                    tmp, self.out_dir, gone, keep_staging=True)
        except MdxsiteError as exc:  # a plugin failed the build: nothing was published
            self._pending = set(paths)
            return Rebuild(ok=False, problems=tuple(exc.problems), paths=paths,
                           seconds=time.perf_counter() - started)
        cache.unpublish(self.out_dir, done)
        # adopt the new site: pages that failed keep their last good output and retry next time
        # once each, as a whole build reports them (a plugin's mistake repeats on every page)
        errors = list(dict.fromkeys(p for p in problems if not p.warning))
        self._failed = {k for k in keys if k not in done}
        self.site = site
        if plan.structural:
            assert plan.sources is not None
            self._sources = plan.sources
            for page in plan.removed:
                self._untrack(page.key)
                self._bodies.pop(page.key, None)
            self._learn(site)
        if plan.signatures is not None:
            self._signatures = plan.signatures
        for key, result in done.items():
            self._track(site, key, result.rendered.dependencies, result.rendered.problems,
                        declared.get(key))
        try:
            with self._staging(tmp):
                files = plan.files if plan.files is not None else \
                    pipeline.output_files(site, self.pm)[1]
                # a copied file (an image, a theme asset) is written again only when it changed
                fresh = set(paths)
                files = [f for f in files if f.source is None or plan.structural
                         or os.path.normpath(f.source) in fresh
                         or not (self.out_dir / f.path).exists()]
                report = BuildReport(pages=len(site.pages), out_dir=self.out_dir,
                                     changed_pages=tuple(done), site=site)
                pipeline.finish(tmp, site, self.pm, files, report)
                more, _ = staging.publish_changes(tmp, self.out_dir, keep_staging=True)
        except MdxsiteError as exc:
            errors += exc.problems
            more = []
        return Rebuild(ok=not errors, rendered=tuple(done),
                       written=tuple(sorted({*written_files, *more})),
                       removed=tuple(removed_files), problems=tuple(errors), paths=paths,
                       seconds=time.perf_counter() - started)

    @contextmanager
    def _staging(self, tmp: Path) -> Iterator[None]:
        """A fresh staging folder; afterwards its empty folders are removed on a thread.

        Removing a folder per page cost 1-3 ms each on this machine's disk: a rebuild of
        600 pages would wait seconds for it. Renamed aside (one call), it goes in the
        background; a new rebuild makes a new one.
        """
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        try:
            yield
        finally:
            self._trash += 1
            aside = tmp.with_name(f"{tmp.name}-old-{self._trash}")
            try:
                os.replace(tmp, aside)
            except OSError:
                aside = tmp
            threading.Thread(target=shutil.rmtree, args=(aside,), kwargs={"ignore_errors": True},
                             name="mdxsite-staging-cleanup", daemon=True).start()

    def close(self) -> None:
        """Remove what is left of the staging folders."""
        for old in self.out_dir.parent.glob(f".{self.out_dir.name}.watch-{os.getpid()}*"):
            shutil.rmtree(old, ignore_errors=True)

    def _relayout(self, site: Site, keys: list[str],
                  problems: list[Problem]) -> Iterator[PageResult]:
        for key in keys:
            result, found = pipeline.render_layout(site, self.pm, site.pages[key], self._bodies[key])
            problems.extend(p for p in found if not p.warning)  # its warnings were reported
            if result is not None:
                yield result

    def _keep(self, done: dict[str, PageResult]) -> Callable[[PageResult], None]:
        def keep(result: PageResult) -> None:
            # keep the small parts only: documents are written and forgotten
            done[result.page.key] = PageResult(page=result.page, rendered=result.rendered,
                                               document="")
            self._bodies[result.page.key] = result.rendered
        return keep

    def _finish(self, result: Rebuild) -> Rebuild:
        self.problems = result.problems
        self.generation += 1
        for listener in list(self.listeners):
            listener(result)
        return result

    # ------------------------------------------------------------------ the graph

    def _track(self, site: Site, key: str, read: Iterable[str],
               problems: Iterable[Problem], declared: dependencies.Declared | None = None) -> None:
        """Record what ``key`` depends on: its file, the files it ``read`` while rendering
        and what the plugins declare (:mod:`mdxsite.dependencies`), ``declared`` when they
        were asked before it was rendered."""
        page = site.pages[key]
        found = {os.path.normpath(os.path.join(self.root, d)) for d in read}
        if page.source is not None:
            found.add(os.path.normpath(os.path.join(self.root, page.source)))
        if declared is None:
            declared = dependencies.declared(self.pm, site, page)
        found.update(os.path.normpath(os.path.join(self.root, rel)) for rel in declared.files)
        self._untrack(key)
        self._keys[key] = declared.keys
        self._deps[key] = frozenset(found)
        for path in found:
            self._dependents.setdefault(path, set()).add(key)
        if any(p.code == "mdx.missing-import" for p in problems):
            self._wanting.add(key)

    def _untrack(self, key: str) -> None:
        for path in self._deps.pop(key, ()):
            keys = self._dependents.get(path)
            if keys is not None:
                keys.discard(key)
                if not keys:
                    del self._dependents[path]
        self._wanting.discard(key)

    def _learn(self, site: Site) -> None:
        """Remember the site-wide inputs: config files, OpenAPI documents, plugin watch paths."""
        files = {os.path.normpath(os.path.join(self.root, name)) for name in CONFIG_NAMES}
        locator = site.config.locator
        for table in (getattr(locator, "values", {}), getattr(locator, "keys", {})):
            files |= {os.path.normpath(os.path.join(self.root, loc.file))
                      for loc in table.values() if getattr(loc, "file", "")}
        self._config_files = files
        self._specs = {os.path.normpath(os.path.join(self.root, item.openapi.source.lstrip("/")))
                       for item in site.nav.walk() if item.openapi is not None
                       and not item.openapi.source.startswith(("http://", "https://"))}
        # their overlays (listed or found through extends) change them as much as an edit does
        from mdxsite.openapi import overlays

        self._specs |= {os.path.normpath(os.path.join(self.root, rel))
                        for item in site.nav.walk() if item.openapi is not None
                        for spec in item.openapi.sources for rel in overlays.files_for(site, spec)}
        # AsyncAPI documents the navigation lists: a channel added or renamed moves pages
        from mdxsite.asyncapi.expand import source_of

        asyncapi = [item.asyncapi for item in site.nav.walk() if item.asyncapi is not None]
        root = source_of(site.config.get("navigation.asyncapi"))
        self._specs |= {os.path.normpath(os.path.join(self.root, name.lstrip("/")))
                        for source in [*asyncapi, *([root] if root else [])]
                        for name in source.sources if not name.startswith(("http://", "https://"))}
        self.watch_paths = pipeline.watch_paths(site, self.pm)

    def _rekeyed(self, site: Site) -> set[str]:
        """Ask the plugins again what each page depends on; return the pages whose
        non-file keys (a git commit...) changed."""
        changed = set()
        for key, page in site.pages.items():
            keys = dependencies.declared(self.pm, site, page).keys
            if keys != self._keys.get(key, ()):
                changed.add(key)
                self._keys[key] = keys
        return changed

    def _read_frontmatter(self, path: Path, file: str) -> Mapping[str, object]:
        stamp = file_stamp(path)
        hit = self._fm.get(file)
        if hit is not None and hit[0] == stamp:
            return hit[1]
        fm = frontmatter.read(path, file)[0]
        self._fm[file] = (stamp, fm)
        return fm


def _settings(site: Site) -> object:
    """docs.json without its navigation: a change here shows on every page."""
    return {k: v for k, v in site.config.raw.items() if k != "navigation"}


def _facts(page: Page) -> tuple[object, ...]:
    """What other pages show of ``page``: sidebar entry, prev/next link, tab and crumb URLs."""
    fm = page.frontmatter
    return (page.url, page.title, page.sidebar_title, page.listed, fm.get("icon"),
            fm.get("deprecated"), fm.get("tag"))


def signatures(site: Site) -> dict[str, int]:
    """Return each page's layout signature: a hash of what its layout shows of other pages.

    Covers the sidebar of its section (titles, icons, tags, groups), tabs, anchors, selectors,
    breadcrumbs and prev/next. Two builds give a page the same signature exactly when these
    parts of its layout are the same (own content aside), so comparing them finds the pages a
    navigation or title change touches without rendering any (about 10 µs a page).
    """
    sections: dict[str, int] = {}
    pages = site.pages

    def url(key: str) -> str:
        return pages[key].url if key in pages else ""

    def entries(items: Iterable[Any]) -> tuple[object, ...]:
        out: list[object] = []
        for item in items:
            if item.kind == "page":
                out.append(_facts(pages[item.key]) if item.key in pages else item.key)
            else:
                out.append((item.kind, item.title, item.icon, item.tag, item.expanded,
                            item.hidden, item.href, url(item.key or item.first_page()),
                            entries(item.children)))
        return tuple(out)

    def tops(items: Iterable[Any]) -> tuple[object, ...]:
        return tuple((i.at, i.title, i.icon, i.hidden, i.href, bool(i.children),
                      url(i.first_page())) for i in items)

    globals_ = tops(site.nav.global_anchors)
    found: dict[str, int] = {}
    for key, page in pages.items():
        ctx = layout.layout_context(site, page)
        skey = ctx["sidebar_key"]
        if skey not in sections:
            sections[skey] = hash(entries(ctx["sidebar_items"]))
        prev, nxt = site.nav.neighbours(key)
        found[key] = hash((
            repr(page), sections[skey], repr(ctx["selectors"]), tops(ctx["tabs"]),
            ctx["current_tab"], tops(ctx["anchors"]), ctx["current_anchor"], globals_,
            tops(ctx["globals"]), repr(ctx["directory"]),
            tuple((c.kind, c.title, url(c.first_page)) for c in ctx["trail"]),
            _facts(pages[prev]) if prev in pages else None,
            _facts(pages[nxt]) if nxt in pages else None))
    return found
