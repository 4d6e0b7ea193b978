"""MDX render speed: pages/s, MB/s and CPU ms a page of the renderer alone, on one core.

Run ``.venv/bin/python benchmarks/render_bench.py [N | SITE]`` (default 500). A number
generates N pages with ``benchmarks/generate.py`` (components, code blocks, tables); a folder
renders that site (``benchmarks/render_bench.py .bench/corpus-1000/mdxsite``). The site is
prepared once, then ``mdxsite.mdx.render.render`` runs over every page in this process: no
layout, no writing. ``--code`` times only the code blocks: every fence of the site highlighted
by Pygments' own ``highlight()`` and by ours (:mod:`mdxsite.mdx.highlight`), with memos cleared.

CPU time (``time.process_time``) is the figure to compare on a shared machine; wall time is
printed beside it. On a loaded machine even CPU time swings by a fifth between rounds:
``--fastest 5`` renders (and lays out) each page five times and sums each page's fastest run,
a figure that holds to a few percent from one run to the next.
"""

from __future__ import annotations

import argparse
import gc
import tempfile
import time
from pathlib import Path

import pluggy
from generate import generate

from mdxsite import pipeline, plugin_manager
from mdxsite.mdx import code, highlight
from mdxsite.mdx.render import page_text, render
from mdxsite.model import Site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", nargs="?", default="500", help="pages to generate, or a site folder")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--code", action="store_true", help="time the code blocks only")
    parser.add_argument("--fastest", type=int, metavar="N", default=0,
                        help="render and lay out each page N times; sum each page's fastest")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(args.what) if not args.what.isdigit() else generate(int(args.what), Path(tmp))[0]
        pm = plugin_manager.create()
        site = pipeline.prepare(root, pm)
        if args.fastest:
            fastest(site, pm, args.fastest)
        else:
            (code_rounds if args.code else render_rounds)(site, args.rounds)


def render_rounds(site: Site, rounds: int) -> None:
    pages = [p for p in site.pages.values() if p.source is not None]
    size = sum((site.root / p.source).stat().st_size for p in pages)  # type: ignore[operator]
    render(site, pages[0])  # warm caches (lexers, templates) as a worker would
    for n in range(rounds):
        code._highlighted.cache_clear()  # each round highlights as a cold build does
        started, cpu = time.perf_counter(), time.process_time()
        for page in pages:
            render(site, page)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        print(f"round {n + 1}: {len(pages)} pages, {size / 1e6:.2f} MB: {cpu:.2f} s CPU "
              f"({cpu / len(pages) * 1000:.2f} ms a page, {size / 1e6 / cpu:.2f} MB/s), "
              f"{seconds:.2f} s wall (one core)")


def fastest(site: Site, pm: pluggy.PluginManager, tries: int) -> None:
    """Print the sum over pages of each page's fastest render and layout (CPU), in ms a page."""
    # set up as a build's worker is (its plugins, its site, fixed templates, the collector's
    # settings), then its warmed caches frozen too
    pipeline._start_worker(site, (), pm)
    pages = [p for p in site.pages.values() if p.source is not None]
    pipeline.lay_out(pm, site, pages[0], render(site, pages[0]))  # warm caches
    gc.freeze()
    rendering = laying_out = 0.0
    for page in pages:
        best_render = best_layout = float("inf")
        for _ in range(tries):
            code._highlighted.cache_clear()  # every code block highlighted, as in a cold build
            start = time.process_time()
            rendered = render(site, page)
            middle = time.process_time()
            pipeline.lay_out(pm, site, page, rendered)
            end = time.process_time()
            best_render, best_layout = min(best_render, middle - start), min(best_layout, end - middle)
        rendering += best_render
        laying_out += best_layout
    print(f"{len(pages)} pages, fastest of {tries} each: render {rendering / len(pages) * 1000:.2f} "
          f"ms a page, layout {laying_out / len(pages) * 1000:.2f} ms a page (CPU)")


def code_rounds(site: Site, rounds: int) -> None:
    from markdown_it import MarkdownIt
    from pygments import highlight as pygments_highlight
    from pygments.formatters import HtmlFormatter

    md = MarkdownIt("commonmark")
    fences = [(code.parse_meta(t.info)["lang"], t.content)
              for p in site.pages.values() if p.source is not None
              for t in md.parse(page_text(site, p)[0]) if t.type == "fence"]
    fences = [(lang, text) for lang, text in fences if lang != "mermaid"]
    formatter = HtmlFormatter(cssclass="highlight", wrapcode=True)
    for lang, text in fences:  # compile every lexer's patterns first
        highlight.highlight(text, code.lexer_for(lang))
    for n in range(rounds):
        cpu = time.process_time()
        for lang, text in fences:
            pygments_highlight(text, code.lexer_for(lang), formatter)
        theirs = time.process_time() - cpu
        cpu = time.process_time()
        for lang, text in fences:
            highlight.highlight(text, code.lexer_for(lang))
        ours = time.process_time() - cpu
        print(f"round {n + 1}: {len(fences)} code blocks: Pygments {theirs:.2f} s CPU, "
              f"ours {ours:.2f} s CPU ({theirs / ours:.1f}x)")


if __name__ == "__main__":
    main()
