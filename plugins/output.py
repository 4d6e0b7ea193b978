"""Built-in plugin: stage 5, write each page as ``<url>/index.html`` and copy site assets."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from mdxsite.hookspecs import hookimpl
from mdxsite.model import OutputFile, PageResult, Site


def output_path(url: str) -> str:
    """Return the file that serves a page URL: ``/guides/x/`` -> ``guides/x/index.html``."""
    return url.strip("/") + "/index.html" if url.strip("/") else "index.html"


@hookimpl
def mdxsite_write_output(site: Site, results: Iterable[PageResult], out_dir: Path) -> int:
    count = 0
    for result in results:
        target = out_dir / output_path(result.page.url)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(result.document, encoding="utf-8")
        count += 1
    return count


@hookimpl
def mdxsite_output_files(site: Site) -> list[OutputFile]:
    return [OutputFile(path=rel, source=site.root / src) for rel, src in site.assets.items()]
