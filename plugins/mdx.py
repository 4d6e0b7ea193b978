"""Built-in plugin: stage 4, render each page's MDX (``mdxsite.mdx``), and check its links.

Links to other pages and ``#anchors`` are collected as pages finish rendering and checked once
every page is known; each broken one is a located warning (``--strict`` fails the build). A link
to a path that docs.json's redirects send to a page, or to another site, is not broken.
Mermaid's browser bundle is shipped only when some page draws a diagram.
"""

from __future__ import annotations

import shutil
from collections.abc import Container, Iterable, Sequence
from pathlib import Path
from urllib.parse import unquote

from mdxsite.errors import Location, Problem, report_warnings
from mdxsite.hookspecs import hookimpl
from mdxsite.mdx import code, components, mermaid
from mdxsite.model import (BuildReport, Component, OutputFile, Page, PageResult, RenderedPage,
                           Site)
from mdxsite.output import redirects

# page key -> its links ("key#anchor", where): by page, so a watch-mode rebuild replaces them;
# ``where`` stays (file, line, column) for a cached page until a broken link needs a Location
_LINKS: dict[str, Sequence[tuple[str, Location] | tuple[str, str, int, int]]] = {}
_ANCHORS: dict[str, set[str]] = {}
_MERMAID: list[Location] = []                   # where pages with diagrams start
_ISLANDS: dict[str, str] = {}                   # output path -> a page's compiled components


@hookimpl
def mdxsite_components(site: Site) -> tuple[Component, ...]:
    return components.BUILTIN


@hookimpl
def mdxsite_render_page(site: Site, page: Page) -> RenderedPage:
    # imported here: markdown-it and the renderer cost 30 ms a build that renders no page
    from mdxsite.mdx.render import render

    return render(site, page)


@hookimpl
def mdxsite_build_started(site: Site) -> None:
    _LINKS.clear()
    _ANCHORS.clear()
    _MERMAID.clear()
    _ISLANDS.clear()


@hookimpl
def mdxsite_page_built(site: Site, result: PageResult) -> None:
    rendered = result.rendered
    key = result.page.key
    _ANCHORS[key] = set(rendered.anchors)
    raw = getattr(rendered, "raw_links", None)  # a cached render (mdxsite.output.cache)
    _LINKS[key] = raw() if raw is not None else rendered.links
    meta = rendered.meta
    if not meta:  # most pages (10,000 calls a build)
        return
    island = meta.get("island")
    if isinstance(island, (tuple, list)) and len(island) == 2:
        _ISLANDS[str(island[0])] = str(island[1])
    scripts = meta.get("scripts", ())
    if isinstance(scripts, Container) and mermaid.SCRIPTS[0] in scripts:
        source = result.page.source
        _MERMAID.append(Location(source.as_posix() if source else result.page.key, 1, 1))


@hookimpl
def mdxsite_build_finished(site: Site, out_dir: Path, report: BuildReport) -> None:
    _ship_mermaid(out_dir)
    for path, js in sorted(_ISLANDS.items()):  # pages' own React components (mdx.islands)
        target = out_dir / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(js, encoding="utf-8")
    report_warnings(broken_links(site, report.changed_pages))


def broken_links(site: Site, pages: Iterable[str] | None = None) -> list[Problem]:
    """Return a located warning for every link to a missing page or anchor.

    Args:
        site: the site.
        pages: check only the links of these pages (a watch-mode rebuild); None: every page.
    """
    out = []
    sources = _LINKS if pages is None else {k: _LINKS[k] for k in pages if k in _LINKS}
    known = site.pages
    bad = []  # every link of every page on a whole build (40,000 on 10,000 pages): plain loops
    for k, links in sources.items():
        if k not in known:
            continue
        for link in links:
            key, _, anchor = link[0].partition("#")
            if key in known:
                if not anchor:
                    continue
                anchors = _ANCHORS.get(key)
                if anchors is None or anchor in anchors or \
                        ("%" in anchor and unquote(anchor) in anchors):
                    continue  # a browser finds #what%E2%80%99s-next at id="what’s-next"
            bad.append((link, key, anchor))
    rules = redirects.rules(site.config.get("redirects"), str) if bad else []
    for link, key, anchor in bad:
        where = link[1] if len(link) == 2 else Location(*link[1:])
        if key not in site.pages:
            landing = _redirected(site, rules, key)
            if landing is None:
                out.append(Problem(where, f"broken link: no page {'/' + key!r}",
                                   "fix the path or create the page", code="mdx.broken-link",
                                   warning=True))
            elif landing:
                out.append(Problem(where, f"broken link: {'/' + key!r} redirects to "
                                   f"{landing!r}, which is no page",
                                   "fix the redirect's destination, or link to a page",
                                   code="mdx.broken-link", warning=True))
        elif anchor and key in _ANCHORS:
            out.append(Problem(where, f"broken link: page {'/' + key!r} has no heading "
                               f"#{anchor}", "link to one of its headings",
                               code="mdx.broken-anchor", warning=True))
    return sorted(out)


@hookimpl
def mdxsite_output_files(site: Site) -> list[OutputFile]:
    return [OutputFile(path="_mdxsite/pygments.css", content=code.stylesheet(
        site.config.get("styling.codeblocks")))]


def _redirected(site: Site, rules: Sequence[redirects.Rule], key: str) -> str | None:
    """Where a link to ``/key``, no page, ends under the site's redirects, as a reader following
    it does: "" when on a page or another site, the site path reached when on no page, None when
    no redirect applies. The platform serves the redirects, so does the output: a link to an old
    path that a redirect sends on is no broken link."""
    path, hops = "/" + key, 0
    while (hit := redirects.first_match(rules, path)) is not None and hops < 10:
        path, hops = hit[0], hops + 1
        if "://" in path:
            return ""
        if site.target(path)[0]:  # a page, or a file the output ships
            return ""
    return path if hops else None


def _ship_mermaid(out_dir: Path) -> None:
    """Copy mermaid's bundle when a page of this build has a diagram (known only after rendering,
    so it keeps its plain name: output files are fingerprinted before pages render)."""
    if not _MERMAID:
        return
    bundle = mermaid.bundle()
    if bundle is not None:
        target = out_dir / mermaid.BUNDLE
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(bundle, target)
        return
    pages = f"{len(_MERMAID)} page{'s' if len(_MERMAID) != 1 else ''}"
    report_warnings([Problem(  # once per build, not once per page
        min(_MERMAID), f"Mermaid diagrams ({pages}) are shown as their source: "
        "mermaid's browser script is not installed",
        "run `make theme-deps` in the mdxsite checkout (npm), or point "
        "MDXSITE_THEME_DEPS at a folder where `npm install mermaid` ran",
        code="mdx.mermaid-missing", warning=True)])
