"""Built-in plugin: full-text search with Pagefind, built after the pages are written.

Pagefind (PyPI ``pagefind[bin]``) indexes the written HTML into ``_pagefind/``: a static index
split into small fragments, so a page loads only what a query needs, even on 10,000 pages.
Search is scoped to the reader's version and language: Pagefind indexes each ``<html lang>``
separately, and a site with versions gets one index per version (``_pagefind/<version>/``),
which the page's ``data-version`` selects. (Pagefind's filters could scope versions in one
index, but its filter files come out in hash order, which would break byte-identical builds;
separate indexes also keep each one, and what a query downloads, smaller.) Without Pagefind
installed the build still succeeds, with a warning saying how to get search.
"""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from mdxsite.errors import Location, MdxsiteError, Problem, report_warnings
from mdxsite.hookspecs import hookimpl
from mdxsite.model import BuildReport, Page, Site
from mdxsite.output.layout import version_of

SUBDIR = "_pagefind"


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
    try:
        # a thread of its own: the caller may already run an event loop (an ASGI server, tests)
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, _index(site, out_dir, report.out_dir)).result()
    except Exception as exc:  # the Pagefind service reports failures with many exception types
        raise MdxsiteError.single(f"building the search index failed: {exc}",
                                  hint="run with --disable-plugin search to build without it") from exc


async def _index(site: Site, out_dir: Path, published: Path | None) -> None:
    """Index every page, one index per version, in sorted order: identical input, identical bytes.

    A warm build keeps unchanged pages out of the staging folder (their published copy is
    byte-identical), so each page is read from staging, else from the published output.
    """
    from mdxsite.plugins.output import output_path

    bundles: dict[str, list[str]] = {}
    for page in site.pages.values():
        bundles.setdefault(bundle_dir(version_of(site, page)), []).append(output_path(page.url))
    for folder, rels in sorted(bundles.items()):
        await _index_bundle(out_dir, folder, sorted(rels), published)


async def _index_bundle(out_dir: Path, folder: str, rels: list[str], published: Path | None) -> None:
    from pagefind.index import IndexConfig, PagefindIndex

    # navigation inside <main> (path, pager, footer) and the "#" beside headings are not content
    config = IndexConfig(output_path=str(out_dir / folder),  # type: ignore[typeddict-unknown-key]
                         exclude_selectors=[".heading-anchor", ".breadcrumbs", ".eyebrow",
                                            ".pager", ".site-footer"])
    async with PagefindIndex(config=config) as index:
        for rel in rels:
            path = out_dir / rel
            if not path.is_file() and published is not None:
                path = published / rel
            if path.is_file():
                await index.add_html_file(content=path.read_text(encoding="utf-8"), source_path=rel)
    # Pagefind writes its language map in hash order; sorted keys keep builds byte-identical
    entry = out_dir / folder / "pagefind-entry.json"
    entry.write_text(json.dumps(json.loads(entry.read_text(encoding="utf-8")), sort_keys=True,
                                separators=(",", ":")), encoding="utf-8")
