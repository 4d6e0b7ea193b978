"""The plugin contract: every hook mdxsite calls, in build order.

This module is the plugin author's documentation; the hook reference is generated from these
docstrings. A plugin is a module (or object) with functions named like the hooks below and
marked ``@hookimpl``, registered through the ``mdxsite.plugins`` entry-point group, the same
door the built-in plugins use::

    # pyproject.toml of your package
    [project.entry-points."mdxsite.plugins"]
    shout = "mdxsite_shout"

    # mdxsite_shout.py
    from mdxsite import hookimpl

    @hookimpl
    def mdxsite_template_context(site, page):
        return {"shout": page.title.upper()}

Hook shapes:

* **stage** (``firstresult``): one implementation answers; a built-in plugin does unless yours
  answers first (``tryfirst=True``). To adjust the built-in answer, wrap it with
  ``@hookimpl(wrapper=True)`` and ``result = yield``.
* **contribution**: every implementation returns data; mdxsite flattens it and rejects a
  clash, naming both plugins. Items come in pluggy's call order: ``tryfirst`` implementations,
  then the most recently registered plugin first (third-party plugins before the built-ins),
  then ``trylast``. A ``wrapper=True`` implementation receives the list of results and may
  change it.
* **configure**: receives a tool to set up once per process.
* **event**: told that something happened; the return value is ignored.

Every hook is called through pluggy, wrappers and tracing included. An exception other than
:class:`~mdxsite.MdxsiteError` raised by an implementation is reported as a bug of that one
plugin (its distribution and version, the hook, the page and the line), never a traceback.
``hookwrapper=True`` (pluggy's old wrapper style) is refused when the plugin loads. To report
a mistake, raise :class:`~mdxsite.MdxsiteError` (the build stops, the last good output stays)
or call :func:`mdxsite.warn` with a :class:`~mdxsite.Location` (a located warning, counted,
fatal with ``--strict``)::

    raise MdxsiteError.single("no date in the frontmatter", hint="add date: 2026-01-05",
                              where=Location("changelog/v2.mdx", 1, 1))

(``MdxsiteError([Problem(where, message, hint), ...])`` reports several at once.) A result
of the wrong type (a dict where a :class:`~mdxsite.Page` is due, a relative template
folder) is such a mistake too, naming the plugin and what it returned. So is a Jinja
error in a template you ship: it is located at that template's line.

Implementations declare only the arguments they use. Hooks marked *worker* run in worker
processes (``--jobs``): they must use only their arguments and return picklable data.

Every build calls the hooks, with one exception that never concerns a third-party plugin:
when only mdxsite's own plugins are installed and nothing a ``mdxsite build`` reads changed
since the last one (``mdxsite.output.stamp``), it checks the output and stops before the
first hook. With any other plugin registered, every build runs them all.

"Them all" is not "each of them for every page": a page the render cache holds (its file,
what it reads, docs.json, ``_templates/``, every plugin's code and
:func:`mdxsite_page_dependencies` unchanged) is not rendered again, so
:func:`mdxsite_render_page`, :func:`mdxsite_request_samples`,
:func:`mdxsite_template_context`, :func:`mdxsite_page_slots`, :func:`mdxsite_page_assets`
and :func:`mdxsite_render_document` are not called for it (the last four run again, in the
main process, only if a plugin reads its ``result.document``). Make what those hooks return
a function of their arguments and declared dependencies, and gather nothing in them:
:func:`mdxsite_page_built` receives every page of every build.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    import click
    from jinja2 import Environment
    from markdown_it import MarkdownIt

    from mdxsite.model import (
        ApiOperation,
        BuildReport,
        Component,
        Dependency,
        Nav,
        OutputFile,
        Page,
        PageResult,
        RenderedPage,
        RequestSample,
        Setting,
        Site,
        SiteConfig,
    )

hookspec = pluggy.HookspecMarker("mdxsite")
hookimpl = pluggy.HookimplMarker("mdxsite")


# --------------------------------------------------------------------------- stage 0: a build begins

@hookspec
def mdxsite_build_starting(root: Path, out_dir: Path,
                           changed_files: frozenset[str] | None) -> None:
    """Event: a build begins, before anything of the site is read (main process).

    A hint, for slow work that depends on what changed and can start before the site is
    loaded (the search plugin starts indexing the edited page's search shard here, beside
    the loading). Nothing here is final: :func:`mdxsite_build_started` follows with the
    pages that may differ, and work started here must be checked against it, then kept or
    dropped. A build that fails before then calls no other hook, so keep such work easy to
    abandon (a daemon thread, a child process ending with the build's) and stop what is left
    of it at the next :func:`mdxsite_build_starting` or :func:`mdxsite_build_started`.

    Args:
        root: the site folder.
        out_dir: the staging folder the build writes into (the same folder
            :func:`mdxsite_build_started` is given).
        changed_files: the files of the site folder (site-relative, ``/``-separated) added,
            removed or modified since the last ``mdxsite build`` of this output, when mdxsite
            can tell that nothing else it read changed; ``None`` when it cannot (a first
            build, watch mode, ``--no-cache``, a third-party plugin installed, other options,
            code or variables, a file read from outside the site folder changed).
    """


# --------------------------------------------------------------------------- stage 1: config
@hookspec(firstresult=True)
def mdxsite_load_config(root: Path) -> SiteConfig | None:
    """Stage 1: read and validate ``docs.json`` in ``root``.

    The built-in ``config`` plugin answers: it resolves ``$ref`` files, validates every key it
    knows and reports all problems at once, each with its file, JSON path and line:column.

    Args:
        root: the site folder (it holds docs.json).

    Returns:
        The validated :class:`~mdxsite.model.SiteConfig`; the first implementation that returns
        one wins. Raise :class:`~mdxsite.MdxsiteError` for mistakes in docs.json.
    """


@hookspec
def mdxsite_settings() -> Mapping[str, Setting] | None:
    """Contribution: declare the options your plugin reads from docs.json.

    A plugin's options live under its entry-point name in mdxsite's own key::

        "mdxsite": {"plugins": {"feed": {"title": "Changelog", "limit": 20}}}

    mdxsite checks them right after docs.json is read: a key no setting declares (with a
    did-you-mean hint), a value of the wrong type or outside ``choices`` and a missing
    ``required`` one are located errors (``docs.json:7:30: mdxsite.plugins.feed.titel: …``),
    exit code 1, like any docs.json mistake. Read the values, defaults filled in, with
    ``site.plugin_settings("feed")``::

        from mdxsite import Setting, hookimpl

        @hookimpl
        def mdxsite_settings():
            return {"title": Setting(str, default="Updates", help="the feed's title"),
                    "limit": Setting(int, default=20)}

    A plugin that declares nothing accepts any options (mdxsite does not check them).

    Returns:
        Option name -> :class:`~mdxsite.Setting` (type, default, help, required, choices).
    """


# --------------------------------------------------------------------------- stage 2: navigation
@hookspec(firstresult=True)
def mdxsite_resolve_nav(config: SiteConfig, sources: Mapping[str, Path]) -> Nav | None:
    """Stage 2: turn the validated ``navigation`` block into the resolved tree.

    The built-in ``navigation`` plugin answers. To adjust its answer, wrap it::

        @hookimpl(wrapper=True)
        def mdxsite_resolve_nav(config, sources):
            nav = yield
            return nav.without(lambda item: item.key.startswith("drafts/"))

    Args:
        config: docs.json after validation.
        sources: every page file under the site root, by page key (``guides/intro``), relative
            to the root.

    Returns:
        The navigation; the first implementation that returns one wins. Raise MdxsiteError,
        one Problem per broken rule with its JSON path, for mistakes in docs.json.
    """


# --------------------------------------------------------------------------- stage 3: OpenAPI
@hookspec(firstresult=True)
def mdxsite_expand_openapi(site: Site) -> Site | None:
    """Stage 3: turn ``openapi`` navigation fields and frontmatter into API pages.

    The built-in ``openapi`` plugin answers: it loads each referenced document, replaces
    ``endpoint`` navigation items by generated pages and fills ``openapi:`` pages. The
    built-in ``asyncapi`` plugin wraps the answer and adds the channel pages of ``asyncapi``
    fields and frontmatter, so it runs whoever answered.

    Args:
        site: the site with its navigation and source pages.

    Returns:
        The expanded site, or None to leave it unchanged.
    """


@hookspec
def mdxsite_extra_pages(site: Site) -> Iterable[Page] | None:
    """Contribution: add pages that have no source file (changelogs, indexes, generated docs).

    A page carries its MDX in ``Page.body`` and renders like any other page::

        from mdxsite import Page, hookimpl

        @hookimpl
        def mdxsite_extra_pages(site):
            return [Page(key="changelog/all", source=None, url="/changelog/all/",
                         title="Every change", body="# Every change\\n\\n...")]

    It is written at its ``url`` and reachable there, but not added to the navigation. Two
    plugins adding the same key is an error naming both, and so is a key the site has
    already.

    Args:
        site: the site after OpenAPI expansion.

    Returns:
        The pages to add (may be empty).
    """


# --------------------------------------------------------------------------- stage 4: render
@hookspec
def mdxsite_configure_markdown(md: MarkdownIt, site: Site) -> None:
    """Configure: extend the Markdown parser once per process (``md.use(plugin)``, new rules).

    *worker*. Runs once per process and site (again only when docs.json changes in watch
    mode), before the first page renders; worker processes forked from the build inherit
    the configured parser. For example, footnote-style abbreviations::

        from mdit_py_plugins.abbr import abbr_plugin

        @hookimpl
        def mdxsite_configure_markdown(md):
            md.use(abbr_plugin)

    Args:
        md: the markdown-it-py parser that renders every page.
        site: the site being built.
    """


@hookspec
def mdxsite_components(site: Site) -> Iterable[Component] | None:
    """Contribution: MDX components, ``<Kbd>Ctrl</Kbd>`` in a page.

    *worker*. Asked once per process and site. The built-in ``mdx`` plugin contributes the
    platform's component set (``Note``, ``Card``, ``Tabs``…) through this same hook. Each
    component names its template, looked up like every template (the site's
    ``_templates/``, the plugins' :func:`mdxsite_template_folders`, the theme, ``base``)::

        from mdxsite import Component, hookimpl

        @hookimpl
        def mdxsite_components():
            return [Component("Kbd", "components/kbd.html", inline=True)]

    ``inline=True`` makes a text-level component (like ``<Badge>``): nothing follows its HTML,
    so it sits inside the sentence; without it a line break follows, as after a block.
    Written alone on its line, either kind is a block of its own (no ``<p>`` around it).

    ``components/kbd.html`` receives ``name``, ``props`` (a prop not given reads as None),
    ``children`` (the rendered children, HTML), ``items`` (child components), ``blocks``
    (child code blocks) and ``site``, plus the globals of :func:`mdxsite_configure_jinja`
    (to read your settings there, set a global from ``site.plugin_settings(...)``). Two
    plugins contributing the same name is an error naming both: to restyle a built-in
    component, override its template instead (``components/note.html`` changes ``<Note>``
    alone).

    Args:
        site: the site being built.

    Returns:
        :class:`~mdxsite.Component` items.
    """


@hookspec
def mdxsite_template_folders(site: Site) -> Iterable[Path] | None:
    """Contribution: folders of Jinja templates your plugin ships.

    *worker*. They are searched after the site's ``_templates/`` folder and before the theme,
    so a template here adds a component's look (``components/kbd.html``) or replaces the
    theme's (``components/note.html``, ``partials/footer.html``)::

        from pathlib import Path

        @hookimpl
        def mdxsite_template_folders():
            return [Path(__file__).parent / "templates"]

    A relative path is an error naming the plugin. List the templates in your package's data
    files (setuptools ``package-data``), or an installed wheel ships the folder empty.

    Args:
        site: the site being built.

    Returns:
        Absolute folder paths.
    """


@hookspec(firstresult=True)
def mdxsite_render_page(site: Site, page: Page) -> RenderedPage | None:
    """Stage 4: render one page's MDX to an HTML body fragment.

    *worker*. The built-in ``mdx`` plugin answers.

    Args:
        site: the whole site (read-only).
        page: the page to render; its source is ``site.root / page.source`` or ``page.body``.

    Returns:
        The rendered body; raise MdxsiteError with located problems for a malformed page.
    """


@hookspec
def mdxsite_request_samples(site: Site, operation: ApiOperation) -> Iterable[RequestSample] | None:
    """Contribution: code samples shown as tabs in the request panel of an API page.

    *worker*. Called once per operation page while it renders, and once more for each further
    media type of a request body that has several (``operation.body_type`` and ``body`` are
    that type's): the page shows one set of tabs per type. The built-in ``openapi`` plugin
    contributes cURL, Python (requests) and JavaScript (fetch), and the sample of each other
    language ``api.examples.languages`` names (Node.js, PHP, Go, Java, Ruby, PowerShell, Swift,
    C#, .NET, TypeScript, C, C++, Kotlin, Rust, Dart); other plugins' tabs follow in plugin
    order, and one labelled as a built-in sample of those other languages takes its place. Two plugins contributing the same ``label`` is an error naming both. For
    example, a Go sample::

        from mdxsite import hookimpl
        from mdxsite.model import RequestSample

        @hookimpl
        def mdxsite_request_samples(operation):
            return [RequestSample(label="Go", language="go", code=(
                f'req, _ := http.NewRequest("{operation.method}", "{operation.url}", nil)'))]

    Args:
        site: the whole site (read-only).
        operation: the method, path, sample URL (first server, path parameters filled in),
            parameters with example values, example body and its media type, and the
            security schemes in force (:class:`~mdxsite.model.ApiOperation`).

    Returns:
        :class:`~mdxsite.model.RequestSample` items (label, highlighting language, code); the
        code is highlighted with Pygments and never run.
    """


@hookspec
def mdxsite_configure_jinja(env: Environment, site: Site) -> None:
    """Configure: add filters, tests or globals to the theme's Jinja environment.

    *worker*. Runs once per process and site, before the first page is laid out; the MDX
    components and the page layout render through this environment. To ship templates, use
    :func:`mdxsite_template_folders`::

        @hookimpl
        def mdxsite_configure_jinja(env):
            env.filters["shout"] = str.upper

    Args:
        env: the theme's environment (autoescape on, StrictUndefined).
        site: the site being built.
    """


@hookspec
def mdxsite_template_context(site: Site, page: Page) -> Mapping[str, Any] | None:
    """Contribution: add variables to the template context of one page.

    *worker*. The variables reach the page layout and the templates it includes; the theme's
    own templates do not read them, so a variable is for a template you ship
    (:func:`mdxsite_template_folders`) or the site overrides (``_templates/``). Keys from
    different plugins must not clash, nor with the variables the theme sets itself (``page``,
    ``nav``, ``toc``…) or mdxsite's ``page_assets`` and ``slots``: either is an error naming
    the plugin, as is a result that is not a mapping with string keys. To show HTML on every
    page without editing a template, fill a slot (:func:`mdxsite_page_slots`).

    Args:
        site: the whole site.
        page: the page being laid out.

    Returns:
        A mapping of names to values for the page template.
    """


@hookspec
def mdxsite_page_slots(site: Site, page: Page) -> Mapping[str, str] | None:
    """Contribution: HTML for the theme's slots on one page.

    *worker*. The slots are ``head`` (inside ``<head>``), ``before_content`` and
    ``after_content`` (around the page body), ``sidebar_footer`` (below the navigation) and
    ``page_footer`` (above the site footer). The HTML is placed as given (not escaped):
    escape what you did not write yourself (``markupsafe.escape``). Several plugins filling
    one slot follow each other in plugin order. A slot name the theme does not have, or a
    value that is not a string, is an error naming the plugin::

        from markupsafe import escape

        @hookimpl
        def mdxsite_page_slots(page):
            return {"after_content": f'<p class="edited">{escape(page.title)} was reviewed</p>'}

    Args:
        site: the whole site.
        page: the page being laid out.

    Returns:
        Slot name -> HTML.
    """


@hookspec
def mdxsite_page_assets(site: Site, page: Page) -> Iterable[str] | None:
    """Contribution: scripts and stylesheets the theme links from a page's ``<head>``.

    *worker*. Return site paths such as ``/_mdxsite/assistant.js`` (``.js`` become deferred
    scripts, ``.css`` stylesheets); ship the files themselves with ``mdxsite_output_files``.
    The theme receives them, in that order and without duplicates, as the template variable
    ``page_assets`` and applies the base URL.

    Args:
        site: the whole site.
        page: the page being laid out.

    Returns:
        Site paths of ``.js`` and ``.css`` files.
    """


@hookspec(firstresult=True)
def mdxsite_render_document(site: Site, page: Page, rendered: RenderedPage,
                            context: Mapping[str, Any]) -> str | None:
    """Stage 4b: wrap a rendered body in the theme's layout, giving the whole HTML document.

    *worker*. The built-in ``theme`` plugin answers.

    Args:
        site: the whole site.
        page: the page.
        rendered: what ``mdxsite_render_page`` produced.
        context: the merged ``mdxsite_template_context`` contributions.

    Returns:
        The HTML document as a string.
    """


@hookspec
def mdxsite_page_rendered_early(site: Site, result: PageResult) -> None:
    """Event: a page whose file changed was rendered before the build checked which pages
    changed, so before :func:`mdxsite_build_started` (main process).

    A hint, as :func:`mdxsite_build_starting` is, for slow work that waits for an edited
    page: the search plugin hands the page to the Pagefind process already indexing its
    shard, instead of waiting while the render cache checks every page of the site (0.3 s
    on 10,000 pages). A build with the render cache (not ``--no-cache``) calls it once for
    each page whose file holds bytes the last build of the same output did not read (a new
    or edited file; one touched with the same bytes does not count), when fewer than 40 do.

    The page then arrives in :func:`mdxsite_page_built` as every page does, as this same
    ``result`` object: the page is not rendered twice. Should the render cache hold the
    page as published after all, its cached result arrives instead. Check the work you
    started against what arrives there. Keep nothing here that
    :func:`mdxsite_build_started` clears: it comes later.

    Args:
        site: the site about to render.
        result: the page, its rendered body and the whole document.
    """


@hookspec
def mdxsite_build_started(site: Site, out_dir: Path, changed: frozenset[str]) -> None:
    """Event: rendering is about to start (main process). Reset any per-build state here.

    Watch mode (``mdxsite dev``) calls it for its first build only: a rebuild after a save
    renders just the affected pages, so state gathered per page must survive it (keep it by
    page key and let :func:`mdxsite_page_built` replace the entry).

    Every page still arrives in :func:`mdxsite_page_built`, cached or not; ``changed`` says
    in advance which ones may differ from the published output, so work that depends on
    them (an index of the published files) can start before they arrive.

    Args:
        site: the site about to render.
        out_dir: the staging folder the pages are written into (a post-processor that works
            page by page, such as the search indexer, may write there while pages render).
        changed: the keys of the pages whose document may differ from the last published
            one: every page on a first build or with ``--no-cache``, else those the render
            cache does not hold as published. Each other page comes from the render cache
            with ``result.unchanged`` set (but for a cached row found unreadable, which is
            rendered again and arrives with it unset).
    """


@hookspec
def mdxsite_page_built(site: Site, result: PageResult) -> None:
    """Event: one page finished rendering (main process), just before it is written.

    Pages arrive one at a time, so keep only what you need (a search row, a link list),
    never every document. Raise MdxsiteError to fail the build. In watch mode it is called
    again for each page a rebuild re-renders.

    They arrive in navigation order, but for a build that renders a few pages among cached
    ones (an edit of a page or two): the pages rendered afresh come first, then the cached
    ones in order, so work that waits for the edited page starts at once. Keep what you
    gather by page key, or in ``site.pages`` order, not in arrival order.

    ``result`` is a :class:`~mdxsite.model.PageResult`: ``result.page`` (the
    :class:`~mdxsite.Page`), ``result.rendered`` (the :class:`~mdxsite.RenderedPage`: body
    ``html``, plain ``text``, ``markdown``, ``headings``, ``links``), ``result.document`` (the
    whole HTML document), ``result.unchanged`` (a cached page whose published files stay as
    they are) and ``result.notes``.

    Every page arrives, the ones the render cache holds too, with ``result.rendered`` whole. A
    cached page's ``result.document`` is laid out again when first read (about 1 ms; the
    layout hooks then run for it in this process): what you read from it, put in
    ``result.notes`` under ``"yourplugin.name"`` when the key is missing, and read it from
    there when it is present. The render cache keeps the notes with the page (values:
    str, int, float, bool, None, and lists, tuples and dicts of them)::

        @hookimpl
        def mdxsite_page_built(site, result):
            found = result.notes.get("myplugin.forms")
            if found is None:
                found = result.notes["myplugin.forms"] = result.document.count("<form")

    Args:
        site: the whole site.
        result: the page, its rendered body and the whole document.
    """


# --------------------------------------------------------------------------- stage 5: output
@hookspec(firstresult=True)
def mdxsite_write_output(site: Site, results: Iterable[PageResult], out_dir: Path) -> int | None:
    """Stage 5: write the pages into ``out_dir`` (a staging folder, swapped in on success).

    The built-in ``output`` plugin answers. ``results`` is consumed as pages finish rendering,
    so a site of any size is never held in memory at once.

    Args:
        site: the whole site.
        results: each page with its rendered body and whole document.
        out_dir: the staging folder.

    Returns:
        The number of pages written.
    """


@hookspec
def mdxsite_page_files(site: Site, page: Page) -> Iterable[str] | None:
    """Contribution: the output files your plugin writes for one page.

    Watch mode removes them from the output when the page's file is deleted or renamed (a
    whole build starts from an empty folder and needs no help). The built-in ``output``
    plugin answers ``guides/x/index.html``, the ``hosting`` plugin ``guides/x.md``.

    Args:
        site: the site before the page was removed.
        page: the page that is gone.

    Returns:
        Paths inside the output folder (posix).
    """


@hookspec
def mdxsite_output_files(site: Site) -> Iterable[OutputFile] | None:
    """Contribution: add files to the output (assets, sitemap.xml, robots.txt, redirects…).

    Called once per build, before pages render: ``OutputFile(path="robots.txt",
    content="...")`` (text or bytes) or ``OutputFile(path="_mdxsite/logo.svg",
    source=Path(...))`` to copy a file; ``path`` is posix, relative to the output folder. A
    file made from the pages (an index of them) cannot be contributed here: gather its rows
    in :func:`mdxsite_page_built` and write it into ``out_dir`` in
    :func:`mdxsite_build_finished`. Stylesheets and scripts under ``_mdxsite/``
    are written under a name holding a digest of their bytes (``_mdxsite/app.3f9a0c1b2d.js``)
    so a CDN can cache them forever; ``site.href("/_mdxsite/app.js")`` (the ``href`` template
    global) returns that name, so link them through it, never by a hand-written path.
    Two plugins writing the same path is an error naming both plugins.

    Args:
        site: the whole site.

    Returns:
        The files to write or copy.
    """


@hookspec
def mdxsite_build_finished(site: Site, out_dir: Path, report: BuildReport) -> None:
    """Event: every page and file this build wrote is in ``out_dir`` (still the staging folder).

    Post-processors run here. Raising MdxsiteError fails the build and keeps the previous
    output.

    A build over an earlier output (a warm ``mdxsite build``) does not write again what it can
    keep: the files of a page the render cache holds as published (``result.unchanged``) and
    the ``_pagefind/`` files that did not change are not in ``out_dir``; they stay in the
    published folder, ``report.out_dir``, with the same bytes. So gather what you need from
    the pages in :func:`mdxsite_page_built` rather than by reading ``out_dir``. Publishing
    replaces the files whose bytes changed and removes those the previous build wrote that
    this one neither wrote nor kept: a file you write here is published like the pages, so
    write it on every build (one a build stops writing is removed).

    The built-in search plugin's implementation is ``trylast``, so the others run while
    Pagefind indexes: ``_pagefind/`` is not in ``out_dir`` yet when they do. A plugin that
    reads the search index implements this hook with ``@hookimpl(wrapper=True)`` and reads
    it after its ``yield`` (in a warm build, a file missing from ``out_dir/_pagefind`` is
    unchanged in ``report.out_dir``).

    In a watch-mode rebuild ``report.changed_pages`` lists the keys of the pages it rendered
    and ``out_dir`` holds only their files and the contributed files: write what changed
    (its files are merged into the published output; nothing else is removed). It is None
    in a whole build.

    Args:
        site: the whole site.
        out_dir: the staging folder, about to replace the output.
        report: the build's counts so far; ``report.out_dir`` is the published output
            folder (the previous build's files, until this one is published).
    """


# --------------------------------------------------------------------------- serving, watching
@hookspec
def mdxsite_asgi_apps(site: Site, out_dir: Path) -> Iterable[tuple[str, Any]] | None:
    """Contribution: mount ASGI applications beside the static site in ``mdxsite serve``/``dev``.

    Args:
        site: the built site.
        out_dir: the output folder being served.

    Returns:
        Pairs of (mount path, ASGI app), for example ``("/v1/assistant", app)``. Two plugins
        claiming the same path is an error.
    """


@hookspec
def mdxsite_watch_paths(site: Site) -> Iterable[Path] | None:
    """Contribution: extra files or folders that ``mdxsite dev`` watches for changes.

    Called after each successful build of the site. A change under them is announced by
    :func:`mdxsite_files_changed` and re-renders the pages that declare the file through
    :func:`mdxsite_page_dependencies`.

    Args:
        site: the site.

    Returns:
        Absolute paths.
    """


@hookspec
def mdxsite_page_dependencies(site: Site, page: Page) -> Iterable[str | Path | Dependency] | None:
    """Contribution: what ``page``'s output depends on beyond what mdxsite tracks itself.

    The render cache (every ``mdxsite build``) and watch mode both use the answer: a cached
    page is used again only while each file has the content, and each
    :class:`~mdxsite.Dependency` the value, it had when the page rendered. mdxsite already
    tracks the page's file, the snippets and OpenAPI documents it reads, docs.json,
    ``_templates/`` and the code of every plugin (its whole distribution), so declare only
    what your own hooks read: a data file, or a fact that is not a file::

        @hookimpl
        def mdxsite_page_dependencies(site, page):
            return ["data/authors.yaml", Dependency("git-head", _head_commit(site.root))]

    Called in the main process for every page of every build (and again in watch mode after
    a change under :func:`mdxsite_watch_paths`): keep it cheap, work out shared values
    once per build. It is asked before the page renders, and the answer is kept with the
    render: a value that moves while the page renders (a commit landing mid-build) differs
    from the kept one, so the next build or the watch path's change renders the page again.

    Args:
        site: the site.
        page: the page.

    Returns:
        Files (relative to the site root, or absolute) and :class:`~mdxsite.Dependency` keys.
    """


@hookspec
def mdxsite_files_changed(site: Site, paths: Sequence[Path]) -> None:
    """Event: watch mode saw these files change, before it rebuilds.

    Drop whatever you cached from them here. Several saves close together (an editor's
    write-then-rename) arrive as one call.

    Args:
        site: the site as last built.
        paths: absolute paths that changed, were added or were removed.
    """


@hookspec
def mdxsite_cli_commands(cli: click.Group) -> Iterable[click.Command] | None:
    """Contribution: add click commands or groups to the ``mdxsite`` command line.

    Called when the command line needs the plugins' commands (``mdxsite --help``, a command
    name mdxsite does not have), not for a built-in command such as ``build``: a mistake here
    fails ``--help`` naming the plugin, and leaves ``mdxsite build`` working. A name that
    clashes with a built-in command or another plugin's is an error naming both;
    ``--disable-plugin NAME`` leaves the plugin's commands out (a name no installed plugin
    has is a command-line error, exit code 2). A command reaches the plugin
    manager and the site through click's context object (``@click.pass_obj``), an
    :class:`~mdxsite.cli.App`::

        import click

        @click.command("pages")
        @click.argument("directory", default=".")
        @click.pass_obj
        def pages(app, directory):
            \"\"\"List the site's pages.\"\"\"
            for page in app.load_site(directory).pages.values():
                click.echo(page.url)

        @hookimpl
        def mdxsite_cli_commands(cli):
            return [pages]

    ``app.load_site(directory)`` runs the stages before rendering (config, navigation,
    OpenAPI, extra pages); a mistake in the site is printed located and exits with 1.

    Args:
        cli: the ``mdxsite`` command group (to read the built-in commands' names).

    Returns:
        click commands.
    """
