"""Pagefind's share of a build: CPU ms a page of ``pagefind --service`` on a built site's pages,
as the search plugin sends them and with less markup.

Run ``.venv/bin/python benchmarks/search_bench.py OUT`` on a built site (``mdxsite build SITE -o
OUT``; the pages are read from it). The pages are sent in shards of ``SHARD_PAGES`` to one
Pagefind process at a time, as a build does, once per variant:

- ``sent``: what the plugin sends (:func:`mdxsite.plugins.search._indexed_part`);
- ``whole``: the written file;
- ``text``: the lower bound: each page's words alone in one ``<p>`` (not the same index).

For each it prints Pagefind's CPU seconds (user + sys of the child processes), ms a page, the
bytes sent, the CPU the plugin spent preparing the texts, and whether the index files are the
same bytes as those of ``sent`` (``text`` never is). CPU time is the figure to compare on a
shared machine.

With ``--beside-busy N``, it times instead one shard's pages (``sent``) through one process,
N times alone and N times beside a thread running Python, as the build's own thread is while
a shard's writer talks to Pagefind: the wall seconds of adding the pages and of getting the
index's files back (one answer of several MB, read while the other thread holds the lock),
fastest and median.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import re
import resource
import statistics
import threading
import time
from collections.abc import Callable
from pathlib import Path

from mdxsite.plugins import search

TAG = re.compile(r"<[^>]+>")


def _text_only(document: str) -> str:
    """The words of the indexed part, without markup: what no parsing would cost."""
    part = search._indexed_part(document)
    start = part.find("data-pagefind-body")
    words = " ".join(html.unescape(TAG.sub(" ", part[part.find(">", start) + 1:])).split())
    return (f'<!doctype html><html lang="en"><head><title>t</title></head><body>'
            f'<main data-pagefind-body><p>{html.escape(words)}</p></main></body></html>')


VARIANTS: dict[str, Callable[[str], str]] = {
    "sent": search._indexed_part,
    "whole": lambda document: document,
    "text": _text_only,
}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _index(shards: list[list[tuple[str, str]]]) -> tuple[float, str]:
    """Index each shard in its own process; return their CPU seconds and a digest of the files."""
    digest = hashlib.sha256()
    before = _children_cpu()
    for pages in shards:
        _, _, files = _indexed(pages)
        for item in sorted(files, key=lambda f: f["path"]):
            data = base64.b64decode(item["content"])
            if item["path"] == "pagefind-entry.json":  # hash-ordered languages (_write_index)
                data = json.dumps(json.loads(data), sort_keys=True).encode()
            digest.update(item["path"].encode() + b"\0" + data)
    return _children_cpu() - before, digest.hexdigest()


def _indexed(pages: list[tuple[str, str]]) -> tuple[float, float, list[dict[str, str]]]:
    """Index ``pages`` in one Pagefind process, as a shard's writer does; return the wall
    seconds of adding them and of getting the files back, and the files."""
    with search._Service() as service:
        index_id = service.call({"type": "NewIndex",
                                 "config": {"exclude_selectors": search.EXCLUDE}},
                                "NewIndex")["index_id"]
        started = time.perf_counter()
        service.stream(iter({"type": "AddFile", "index_id": index_id, "url": None,
                             "file_contents": text, "file_path": rel}
                            for rel, text in pages), len(pages), "IndexedFile")
        added = time.perf_counter()
        files = service.call({"type": "GetFiles", "index_id": index_id}, "GetFiles")["files"]
        return added - started, time.perf_counter() - added, files


def _timed_shard(pages: list[tuple[str, str]], busy: bool) -> tuple[float, float]:
    """Index ``pages`` in one process, beside a thread running Python if ``busy``; return the
    wall seconds of adding them and of getting the files back."""
    stop = threading.Event()

    def spin() -> None:
        total = 0
        while not stop.is_set():
            for n in range(1000):
                total += n * n

    spinner = threading.Thread(target=spin)
    if busy:
        spinner.start()
    try:
        add, get, _ = _indexed(pages)
        return add, get
    finally:
        stop.set()
        if busy:
            spinner.join()


def _beside_busy(pages: list[tuple[str, str]], runs: int) -> None:
    shard = [(rel, search._indexed_part(document)) for rel, document in pages[:search.SHARD_PAGES]]
    print(f"{len(shard)} pages in one Pagefind process, {runs} runs each, wall seconds "
          "(fastest / median)")
    print(f"{'beside':<14} {'add':>13} {'get files':>13}")
    timed: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
    for _ in range(runs):  # alternated: the machine's drift touches both alike
        for busy in (False, True):
            timed[busy].append(_timed_shard(shard, busy))
    for busy, runs_of in timed.items():
        adds, gets = [a for a, _ in runs_of], [g for _, g in runs_of]
        print(f"{'a busy thread' if busy else 'nothing':<14} "
              f"{min(adds):>6.3f}/{statistics.median(adds):.3f} "
              f"{min(gets):>6.3f}/{statistics.median(gets):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="a built site's output folder")
    parser.add_argument("--variants", default=",".join(VARIANTS),
                        help="which to run, comma-separated (default: all)")
    parser.add_argument("--beside-busy", type=int, metavar="N", default=0,
                        help="time one shard N times alone and beside a busy thread instead")
    args = parser.parse_args()
    pages = sorted(
        (path.relative_to(args.out).as_posix(), path.read_text(encoding="utf-8"))
        for path in args.out.rglob("*.html")
        if "data-pagefind-body" in path.read_text(encoding="utf-8"))
    if not pages:
        parser.error(f"{args.out}: no built page there (an .html file holding data-pagefind-body); "
                     "build a site into it first: mdxsite build SITE -o OUT")
    if args.beside_busy > 0:
        _beside_busy(pages, args.beside_busy)
        return
    print(f"{len(pages)} pages of {args.out}, shards of {search.SHARD_PAGES}")
    print(f"{'variant':<8} {'Pagefind s':>10} {'ms/page':>8} {'MB sent':>8} "
          f"{'prep ms/page':>12}  index")
    reference = ""
    for name in args.variants.split(","):
        prepare = VARIANTS[name]
        started = time.process_time()
        texts = [(rel, prepare(document)) for rel, document in pages]
        prep = time.process_time() - started
        shards = [texts[n:n + search.SHARD_PAGES] for n in range(0, len(texts), search.SHARD_PAGES)]
        cpu, digest = _index(shards)
        if name == "sent":
            reference = digest
        same = "-" if not reference or name == "sent" else "same" if digest == reference else "DIFFERS"
        print(f"{name:<8} {cpu:>10.2f} {1000 * cpu / len(pages):>8.2f} "
              f"{sum(len(t) for _, t in texts) / 1e6:>8.1f} {1000 * prep / len(pages):>12.3f}  "
              f"{same}")


if __name__ == "__main__":
    main()
