"""Time watch mode on a generated site: from saving a file to its HTML being written.

A copy of the generated site (``benchmarks/generate.py``, 5,000 pages by default) gets one
snippet imported by 50 pages; ``mdxsite dev``'s session (watchdog, the incremental engine,
no HTTP traffic) builds it, then this script edits files as an editor would and polls the
output until the new text is in it:

- a page body, 20 times (a different page each time): median and worst;
- the snippet, 10 times: until all 50 pages importing it show the new text;
- for reference, once each: a page title (its section and neighbours re-render) and a
  navigation change in docs.json (a group renamed);
- what the rebuilds spent, and ``pipeline.prepare`` alone (re-reading every page's frontmatter
  from scratch, which the previous watch mode did on every save).

Targets on the 2-core machine: a page under 150 ms, the snippet under 1 s.

    .venv/bin/python benchmarks/watch_bench.py                # 5,000 pages
    .venv/bin/python benchmarks/watch_bench.py --pages 1000 --edits 10

The Pagefind search index is left out (``--disable-plugin search``): a rebuild never updates
it, and it would only lengthen the first build.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import run  # noqa: E402  (a sibling script: reuses its cached corpus)

SNIPPET_USERS = 50


def prepare_site(n: int, work: Path) -> tuple[Path, list[str]]:
    """Copy the corpus of ``n`` pages into ``work`` and make 50 pages import one snippet."""
    source = run.corpus(n, 8)[0]
    root = work / "site"
    shutil.copytree(source, root)
    docs = json.loads((root / "docs.json").read_text(encoding="utf-8"))
    keys = [p for tab in docs["navigation"]["tabs"] for g in tab["groups"]
            for sub in g["pages"] for p in sub["pages"]]
    (root / "snippets").mkdir()
    (root / "snippets" / "shared.mdx").write_text("Shared text v0.\n", encoding="utf-8")
    step = max(1, len(keys) // SNIPPET_USERS)
    users = keys[::step][:SNIPPET_USERS]
    for key in users:
        path = root / f"{key}.mdx"
        text = path.read_text(encoding="utf-8")
        head, sep, body = text.partition("\n---\n")
        path.write_text(f"{head}{sep}\nimport Shared from '/snippets/shared.mdx';\n\n<Shared />\n"
                        f"{body}", encoding="utf-8")
    return root, keys


def html_of(out: Path, key: str) -> Path:
    return out / key / "index.html"


def wait_for(paths: list[Path], marker: str, deadline: float = 60.0) -> float:
    """Poll until every file contains ``marker``; return the moment the last one did."""
    end = time.perf_counter() + deadline
    left = list(paths)
    while left:
        keep = []
        for p in left:
            try:
                if marker not in p.read_text(encoding="utf-8"):
                    keep.append(p)
            except OSError:
                keep.append(p)
        left = keep
        if left:
            if time.perf_counter() > end:
                raise TimeoutError(f"{len(left)} files never showed {marker!r}")
            time.sleep(0.002)
    return time.perf_counter()


def quiet(session: object) -> None:
    end = time.monotonic() + 60
    while not session.watcher.idle():  # type: ignore[attr-defined]
        if time.monotonic() > end:
            raise TimeoutError("the watcher never went quiet")
        time.sleep(0.005)
    time.sleep(0.05)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=5000)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--snippet-edits", type=int, default=10)
    args = parser.parse_args()

    from mdxsite import pipeline, plugin_manager
    from mdxsite.server.dev import DevSession

    # a fixed place: the render cache beside the output makes a second run's first build fast
    work = run.BENCH / f"watch-{args.pages}"
    shutil.rmtree(work / "site", ignore_errors=True)
    work.mkdir(parents=True, exist_ok=True)
    try:
        root, keys = prepare_site(args.pages, work)
        pm = plugin_manager.create(["search"])
        rebuilds: list[float] = []
        session = DevSession(root, work / "out", pm, port=0, jobs=pipeline.cpu_jobs())
        session.engine.listeners.append(lambda r: rebuilds.append(r.seconds) if not r.full else None)
        t = time.perf_counter()
        first = session.start()
        assert first.ok, first.problems
        print(f"first build of {len(keys)} pages: {time.perf_counter() - t:.1f} s "
              f"(render cache: {'warm' if first.seconds < 30 else 'cold'})", flush=True)
        out = session.engine.out_dir
        try:
            quiet(session)
            page_times = []
            step = max(1, len(keys) // args.edits)
            for i in range(args.edits):
                key = keys[(i * step + 7) % len(keys)]
                marker = f"watch-bench-edit-{i}-{time.time_ns()}"
                path = root / f"{key}.mdx"
                text = path.read_text(encoding="utf-8")
                t0 = time.perf_counter()
                path.write_text(text + f"\n{marker}\n", encoding="utf-8")
                page_times.append(wait_for([html_of(out, key)], marker) - t0)
                quiet(session)
            page_rebuilds = list(rebuilds)

            users = [k for k in keys if "import Shared" in (root / f"{k}.mdx").read_text(encoding="utf-8")]
            snippet_times = []
            rebuilds.clear()
            for i in range(args.snippet_edits):
                marker = f"shared-v{i + 1}-{time.time_ns()}"
                t0 = time.perf_counter()
                (root / "snippets" / "shared.mdx").write_text(f"Shared text {marker}.\n",
                                                              encoding="utf-8")
                snippet_times.append(wait_for([html_of(out, k) for k in users], marker) - t0)
                quiet(session)
            snippet_rebuilds = list(rebuilds)

            key = keys[len(keys) // 2]
            path = root / f"{key}.mdx"
            text = path.read_text(encoding="utf-8")
            marker = f"Retitled {time.time_ns()}"
            head, _, rest = text.partition("\n")
            rest = "\n".join(f'title: "{marker}"' if line.startswith("title:") else line
                             for line in rest.split("\n"))
            rebuilds.clear()
            t0 = time.perf_counter()
            path.write_text(head + "\n" + rest, encoding="utf-8")
            title_time = wait_for([html_of(out, key)], marker) - t0
            quiet(session)
            docs_path = root / "docs.json"
            docs = json.loads(docs_path.read_text(encoding="utf-8"))
            group = docs["navigation"]["tabs"][0]["groups"][0]
            marker = f"Renamed group {time.time_ns()}"
            group["group"] = marker
            first_key = group["pages"][0]["pages"][0]
            t0 = time.perf_counter()
            docs_path.write_text(json.dumps(docs, indent=2), encoding="utf-8")
            nav_time = wait_for([html_of(out, first_key)], marker) - t0
            quiet(session)
        finally:
            session.close()

        t = time.perf_counter()
        pipeline.prepare(root, pm)
        prepare_time = time.perf_counter() - t

        def ms(values: list[float]) -> str:
            return (f"median {statistics.median(values) * 1000:.0f} ms, "
                    f"min {min(values) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms")

        load = os.getloadavg()
        print(f"\nwatch mode on {len(keys)} pages ({pipeline.cpu_jobs()} cores, load average "
              f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f})")
        print(f"page body saved -> its HTML written ({args.edits} edits): {ms(page_times)}"
              f"   [target < 150 ms]")
        print(f"  of which the rebuild itself: {ms(page_rebuilds)}")
        print(f"snippet used by {len(users)} pages saved -> all {len(users)} written "
              f"({args.snippet_edits} edits): {ms(snippet_times)}   [target < 1000 ms]")
        print(f"  of which the rebuild itself: {ms(snippet_rebuilds)}")
        print(f"page title saved -> its HTML written (section re-rendered): "
              f"{title_time * 1000:.0f} ms")
        print(f"docs.json group renamed -> a page of it written: {nav_time * 1000:.0f} ms")
        print(f"for comparison, pipeline.prepare alone (every frontmatter re-read, what each "
              f"save cost before): {prepare_time * 1000:.0f} ms")
    finally:
        shutil.rmtree(work / "site", ignore_errors=True)


if __name__ == "__main__":
    main()
