"""Built-in plugin: stage 5, write each page as ``<url>/index.html`` and copy site assets."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from mdxsite.hookspecs import hookimpl
from mdxsite.model import OutputFile, PageResult, Site
from mdxsite.output import staging


def output_path(url: str) -> str:
    """Return the file that serves a page URL: ``/guides/x/`` -> ``guides/x/index.html``."""
    return url.strip("/") + "/index.html" if url.strip("/") else "index.html"


@hookimpl
def mdxsite_write_output(site: Site, results: Iterable[PageResult], out_dir: Path) -> int:
    count = 0
    for result in results:
        rel = output_path(result.page.url)
        count += 1
        data = result.document.encode("utf-8")
        # a warm build: the published copy already holds these bytes, skip the staging write
        if result.unchanged and staging.keep(out_dir, rel, len(data)):
            continue
        target = out_dir / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return count


@hookimpl
def mdxsite_output_files(site: Site) -> list[OutputFile]:
    return [OutputFile(path=rel, source=site.root / src) for rel, src in site.assets.items()]
