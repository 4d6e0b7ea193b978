"""MDX render speed: pages/s and MB/s of the renderer alone, on one core, on a generated corpus.

Run ``.venv/bin/python benchmarks/render_bench.py [N]`` (default 500). It generates N pages with
``benchmarks/generate.py`` (components, code blocks, tables), prepares the site once, then times
``mdxsite.mdx.render.render`` over every page in this process: no layout, no writing.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from generate import generate  # noqa: E402

from mdxsite import pipeline, plugin_manager  # noqa: E402
from mdxsite.mdx.render import render  # noqa: E402


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    with tempfile.TemporaryDirectory() as tmp:
        root, _ = generate(n, Path(tmp))
        site = pipeline.prepare(root, plugin_manager.create())
        pages = [p for p in site.pages.values() if p.source is not None]
        size = sum((root / p.source).stat().st_size for p in pages)  # type: ignore[operator]
        render(site, pages[0])  # warm caches (lexers, templates) as a worker would
        for rounds in range(3):
            started = time.perf_counter()
            for page in pages:
                render(site, page)
            seconds = time.perf_counter() - started
            print(f"round {rounds + 1}: {len(pages)} pages, {size / 1e6:.2f} MB in {seconds:.2f} s: "
                  f"{len(pages) / seconds:.0f} pages/s, {size / 1e6 / seconds:.2f} MB/s (one core)")


if __name__ == "__main__":
    main()
