"""Built-in plugin: stage 5, write each page as ``<url>/index.html`` and copy site assets."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from mdxsite.errors import report_warnings
from mdxsite.hookspecs import hookimpl
from mdxsite.model import OutputFile, Page, PageResult, Site
from mdxsite.output import site_css, staging
from mdxsite.output.cache import document_size


def output_path(url: str) -> str:
    """Return the file that serves a page URL: ``/guides/x/`` -> ``guides/x/index.html``."""
    path = url.strip("/")
    return path + "/index.html" if path else "index.html"


@hookimpl
def mdxsite_page_files(page: Page) -> list[str]:
    return [output_path(page.url)]


@hookimpl
def mdxsite_write_output(site: Site, results: Iterable[PageResult], out_dir: Path) -> int:
    count = 0
    made: set[str] = set()
    for result in results:
        rel = output_path(result.page.url)
        count += 1
        # a warm build: the published copy already holds these bytes, skip the staging write
        # (document_size: a cached page's document is not even laid out)
        if result.unchanged and staging.keep(out_dir, rel, document_size(result)):
            continue
        staging.write_file(os.path.join(out_dir, rel), result.document.encode("utf-8"), made)
    return count


@hookimpl
def mdxsite_output_files(site: Site) -> list[OutputFile]:
    files, problems = [], []
    for rel, src in site.assets.items():
        source = site.root / src
        if rel.endswith(".css"):  # its url()s: checked, and moved under the base URL
            try:
                text = source.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                text = None
            if text is not None:
                published, found = site_css.publish(site, rel, text, site.assets)
                problems += found
                if published is not text:
                    files.append(OutputFile(path=rel, content=published))
                    continue
        files.append(OutputFile(path=rel, source=source))
    report_warnings(problems)
    return files
