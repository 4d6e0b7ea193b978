"""Where one ``mdxsite build`` spends its time: each step's wall and main-process CPU, and
each plugin's share of the per-page and end-of-build hooks.

    .venv/bin/python benchmarks/timeline.py SITE_DIR -o OUT_DIR [--jobs 2] [--keep-cache]

The build runs in this process, as ``mdxsite build`` runs it (all installed plugins, the
render cache unless ``--no-cache``). Before it, ``OUT_DIR`` and its cache are removed unless
``--keep-cache`` (then it is a warm or edit build, as the benchmark's rows). Figures:

- steps in order (stamp check, load and resolve the site, output files, cache open, render
  and write, end-of-build hooks, cache close): wall seconds and this process's CPU seconds;
- the moment the first and the last page reached the plugins, and the build's end, from the
  build's start;
- per hook and plugin: calls and wall seconds spent in this process (time in other
  processes, the render workers and Pagefind, is not in these; their work shows as wall
  time in the steps).
"""

from __future__ import annotations

import argparse
import functools
import shutil
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mdxsite import pipeline, plugin_manager
from mdxsite.output import staging

STEPS = [("stamp.take", pipeline.stamp, "take"), ("prepare", pipeline, "prepare"),
         ("output files", pipeline, "output_files"), ("cache open", pipeline.PageCache, "open"),
         ("render and write", pipeline, "_build_into")]
# after the pages: what the build does once the last page is written
END_STEPS = [("finish", pipeline, "finish"), ("publish", staging, "publish"),
             ("stamp.save", pipeline.stamp, "save")]
HOOKS = ("mdxsite_build_started", "mdxsite_page_built", "mdxsite_build_finished",
         "mdxsite_write_output")


def _clock() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("-o", "--out", type=Path, required=True)
    parser.add_argument("--jobs", type=int, default=pipeline.cpu_jobs())
    parser.add_argument("--keep-cache", action="store_true")
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args(argv)
    if not args.keep_cache:
        shutil.rmtree(args.out, ignore_errors=True)
        shutil.rmtree(staging.cache_dir_for(args.out.resolve()), ignore_errors=True)

    steps: list[tuple[str, float, float]] = []
    hook_time: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0])
    pages: list[float] = []
    t0 = time.perf_counter()

    def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def run(*a: Any, **k: Any) -> Any:
            wall, cpu = _clock()
            try:
                return fn(*a, **k)
            finally:
                w, c = _clock()
                steps.append((name, w - wall, c - cpu))
        return run

    for name, owner, attr in STEPS:
        setattr(owner, attr, timed(name, getattr(owner, attr)))
    close = pipeline.PageCache.close
    setattr(pipeline.PageCache, "close", timed("cache close", close))
    for name, owner, attr in END_STEPS:
        setattr(owner, attr, timed(name, getattr(owner, attr)))

    pm = plugin_manager.create()
    for hook in HOOKS:
        for impl in getattr(pm.hook, hook).get_hookimpls():
            def wrap(fn: Callable[..., Any], key: tuple[str, str]) -> Callable[..., Any]:
                @functools.wraps(fn)
                def run(*a: Any, **k: Any) -> Any:
                    start = time.perf_counter()
                    try:
                        return fn(*a, **k)
                    finally:
                        spent = hook_time[key]
                        spent[0] += 1
                        spent[1] += time.perf_counter() - start
                        if key[0] == "mdxsite_page_built":
                            pages.append(start - t0)
                return run
            impl.function = wrap(impl.function, (hook, impl.plugin_name))
    wall, cpu = _clock()
    report = pipeline.build(args.site, args.out, pm, jobs=args.jobs, use_cache=not args.no_cache,
                            skip_unchanged=not args.no_cache)
    total_wall, total_cpu = (x - y for x, y in zip(_clock(), (wall, cpu)))
    ended = time.perf_counter() - t0
    print(f"{report.pages} pages, {args.jobs} jobs: {total_wall:.2f} s wall, "
          f"{total_cpu:.2f} s CPU in this process")
    for name, w, c in steps:
        print(f"  {name:<18} {w:7.2f} s wall {c:7.2f} s CPU")
    if pages:
        print(f"  first page at {pages[0]:.2f} s, last at {pages[-1]:.2f} s, "
              f"build ended at {ended:.2f} s ({ended - pages[-1]:.2f} s after the last page)")
    for (hook, plugin), (calls, seconds) in sorted(hook_time.items(), key=lambda kv: -kv[1][1]):
        if seconds >= 0.01:
            print(f"  {hook:<24} {plugin:<14} {calls:6d} calls {seconds:7.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
