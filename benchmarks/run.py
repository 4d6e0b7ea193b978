"""Time ``mdxsite build`` against ``mkdocs build`` (Material) on the same generated content.

For each size N (default 1,000 and 10,000) this writes the corpus (benchmarks/generate.py),
then, for several runs each, times:

- mdxsite cold: no output and no cache (``rm -rf`` both first);
- mdxsite warm: the same build again, nothing changed;
- mdxsite edit: one page's body edited (a paragraph added), then built again; the page's
  bytes and modification time are put back afterwards;
- mkdocs: ``mkdocs build`` with mkdocs-material, into a fresh folder.

and prints medians of wall time, pages/s and peak RSS of the process tree, plus the ratio.
MkDocs runs from its own venv (``.bench/mkdocs-venv``, made here from
benchmarks/requirements.txt), so its dependencies never touch mdxsite's.

    .venv/bin/python benchmarks/run.py                     # what `make bench` runs
    .venv/bin/python benchmarks/run.py --sizes 1000 --runs 5
    .venv/bin/python benchmarks/run.py --sizes 10000 --tools mdxsite

The machine's load (``uptime``) is printed beside the figures: on a shared machine they move.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
import venv
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402  (a sibling script, not an installed module)

BENCH = REPO / ".bench"
BENCH_VENV = BENCH / "mkdocs-venv"
MDXSITE = Path(sys.executable).parent / "mdxsite"


@dataclass
class Sample:
    wall: float
    peak_mib: float
    timed_out: bool = False  # stopped at the time limit: ``wall`` is a lower bound


def bench_python() -> Path:
    """Return the bench venv's python, creating the venv and installing its pins if needed."""
    python = BENCH_VENV / "bin" / "python"
    stamp = BENCH_VENV / ".installed"
    wanted = (HERE / "requirements.txt").read_text(encoding="utf-8")
    if not python.exists():
        print(f"creating {BENCH_VENV} for mkdocs-material and psutil", flush=True)
        venv.create(BENCH_VENV, with_pip=True)
    if not stamp.exists() or stamp.read_text(encoding="utf-8") != wanted:
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                        "-r", str(HERE / "requirements.txt")], check=True)
        stamp.write_text(wanted, encoding="utf-8")
    return python


def corpus(n: int, seed: int) -> tuple[Path, Path]:
    """Return the corpus for ``n`` pages, generating it unless the same one is on disk."""
    folder = BENCH / f"corpus-{n}"
    stamp = folder / ".stamp"
    want = json.dumps({"n": n, "seed": seed, "generator": _digest(Path(generate.__file__))})
    if not (stamp.exists() and stamp.read_text(encoding="utf-8") == want):
        shutil.rmtree(folder, ignore_errors=True)
        print(f"generating {n} pages in {folder}", flush=True)
        generate.generate(n, folder, seed)
        stamp.write_text(want, encoding="utf-8")
        # mdxsite never trusts the stat of a file written in the last 2 s to mean "unchanged"
        # (mdxsite.output.stamp): a cold build started at once would leave the warm one to
        # check everything
        time.sleep(2.5)
    return folder / "mdxsite", folder / "mkdocs"


EDIT = b"\n\nEdited by the benchmark: one more paragraph.\n"


def edited_page(mdx_root: Path) -> Path:
    """The page the edit row changes: the middle one of the sorted page files."""
    pages = sorted(mdx_root.rglob("*.mdx"))
    return pages[len(pages) // 2]


def _digest(path: Path) -> str:
    import hashlib
    return hashlib.sha256(path.read_bytes()).hexdigest()


def measure(python: Path, command: list[str], cwd: Path | None = None,
            timeout: float | None = None) -> Sample:
    """Run ``command`` once under benchmarks/measure.py; fail loudly if it fails.

    With ``timeout`` (seconds), a command still running then is stopped and its sample
    marked ``timed_out``.
    """
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    limit = ["--timeout", f"{timeout:.0f}"] if timeout else []
    proc = subprocess.run([str(python), str(HERE / "measure.py"), *limit, "--", *command],
                          cwd=cwd, env=env, capture_output=True, text=True, check=True)
    result = json.loads(proc.stdout)
    if result["timed_out"]:
        return Sample(result["wall"], max(result["peak_tree_mib"], result["maxrss_mib"]), True)
    if result["returncode"] != 0:
        raise SystemExit(f"{' '.join(command)} failed (exit {result['returncode']}):\n"
                         f"{result['stderr_tail']}")
    return Sample(result["wall"], max(result["peak_tree_mib"], result["maxrss_mib"]))


def pruned(mk_root: Path) -> Path:
    """Write ``mkdocs-prune.yml``: the corpus's mkdocs.yml plus Material's ``navigation.prune``.

    Material puts the whole site's navigation in every page unless ``navigation.prune`` is
    on (its own advice for large sites); mdxsite renders the current tab's sidebar, between
    the two. ``--material-prune`` times this variant beside the default.
    """
    config = mk_root / "mkdocs-prune.yml"
    text = (mk_root / "mkdocs.yml").read_text(encoding="utf-8")
    config.write_text(text.replace("    - navigation.tabs\n",
                                   "    - navigation.tabs\n    - navigation.prune\n", 1),
                      encoding="utf-8")
    return config


def run_size(python: Path, n: int, runs: int, tools: list[str], seed: int,
             jobs: int | None, peer_limit: float) -> list[tuple[str, list[Sample]]]:
    mdx_root, mk_root = corpus(n, seed)
    out = BENCH / f"out-{n}"
    rows: list[tuple[str, list[Sample]]] = []
    if "mdxsite" in tools:
        cold: list[Sample] = []
        warm: list[Sample] = []
        edit: list[Sample] = []
        build = [str(MDXSITE), "build", str(mdx_root), "-o", str(out / "mdxsite")]
        if jobs:
            build += ["--jobs", str(jobs)]
        page = edited_page(mdx_root)
        for i in range(runs):
            shutil.rmtree(out / "mdxsite", ignore_errors=True)
            shutil.rmtree(out / ".mdxsite-cache", ignore_errors=True)
            cold.append(measure(python, build))
            warm.append(measure(python, build))
            original, st = page.read_bytes(), page.stat()
            page.write_bytes(original + EDIT)
            try:
                edit.append(measure(python, build))
            finally:
                page.write_bytes(original)
                os.utime(page, ns=(st.st_atime_ns, st.st_mtime_ns))
            print(f"  N={n} run {i + 1}/{runs}: mdxsite cold {cold[-1].wall:.2f} s, "
                  f"warm {warm[-1].wall:.2f} s, one page edited {edit[-1].wall:.2f} s",
                  flush=True)
        rows += [("mdxsite build (cold)", cold), ("mdxsite build (warm)", warm),
                 ("mdxsite build (1 edit)", edit)]
    # enough time to show the 5x target either way, without waiting hours for the peer
    timeout = (peer_limit * statistics.median(s.wall for s in rows[0][1])
               if peer_limit and rows else None)
    variants = [("mkdocs", "mkdocs build (material)", mk_root / "mkdocs.yml")]
    if "mkdocs-prune" in tools:
        variants.append(("mkdocs-prune", "mkdocs build (prune)", pruned(mk_root)))
    for tool, label, config in variants:
        if tool not in tools:
            continue
        samples: list[Sample] = []
        mkdocs = BENCH_VENV / "bin" / "mkdocs"
        for i in range(runs):
            shutil.rmtree(out / "mkdocs", ignore_errors=True)
            samples.append(measure(python, [str(mkdocs), "build", "-q", "-f", str(config),
                                            "-d", str(out / "mkdocs")], timeout=timeout))
            stopped = " (stopped at the time limit)" if samples[-1].timed_out else ""
            print(f"  N={n} run {i + 1}/{runs}: {label} {samples[-1].wall:.2f} s{stopped}",
                  flush=True)
            if samples[-1].timed_out:
                break  # another run would be stopped too
        shutil.rmtree(out / "mkdocs", ignore_errors=True)  # gigabytes at 10,000 pages
        rows.append((label, samples))
    return rows


def table(results: list[tuple[int, list[tuple[str, list[Sample]]]]]) -> str:
    lines = [f"{'pages':>6}  {'build':<24} {'runs':>4} {'wall s':>8} {'pages/s':>8} "
             f"{'peak RSS MiB':>12}"]
    for n, rows in results:
        medians: dict[str, float] = {}
        peaks: dict[str, float] = {}
        stopped: set[str] = set()
        for name, samples in rows:
            wall = statistics.median(s.wall for s in samples)
            peak = statistics.median(s.peak_mib for s in samples)
            medians[name], peaks[name] = wall, peak
            if any(s.timed_out for s in samples):
                stopped.add(name)
                lines.append(f"{n:>6}  {name:<24} {len(samples):>4} {'>' + format(wall, '.0f'):>8} "
                             f"{'<' + format(n / wall, '.0f'):>8} {peak:>12.0f}  stopped at the "
                             "time limit, unfinished")
                continue
            # pages/s only where every page is built; a rebuild's rate would mean nothing
            rate = "" if name.endswith(("(warm)", "(1 edit)")) else f"{n / wall:.0f}"
            lines.append(f"{n:>6}  {name:<24} {len(samples):>4} {wall:>8.2f} {rate:>8} "
                         f"{peak:>12.0f}")
        cold = medians.get("mdxsite build (cold)")
        for label in ("mkdocs build (material)", "mkdocs build (prune)"):
            mk = medians.get(label)
            if cold and mk:
                bound = "at least " if label in stopped else ""
                lines.append(f"{n:>6}  mdxsite cold is {bound}{mk / cold:.1f}x as fast as "
                             f"mkdocs {label.removeprefix('mkdocs build ')} (target: at least 5x)")
        warm = medians.get("mdxsite build (warm)")
        if warm:
            lines.append(f"{n:>6}  mdxsite warm rebuild {warm:.2f} s (target at 10,000: under 2 s)")
        edit = medians.get("mdxsite build (1 edit)")
        if edit:
            lines.append(f"{n:>6}  mdxsite build after editing one page {edit:.2f} s "
                         "(renders it, re-indexes its search shard)")
        mdx_peak = max((v for k, v in peaks.items() if k.startswith("mdxsite")), default=0)
        if mdx_peak:
            lines.append(f"{n:>6}  mdxsite peak RSS {mdx_peak:.0f} MiB, whole process tree "
                         f"(target: under 1,024 MiB)")
    return "\n".join(lines)


def runs_for(spec: str, n: int) -> int:
    """Return the runs for size ``n`` from ``--runs`` ("3", or "1000:3,10000:1"; 1 if unlisted)."""
    if ":" not in spec:
        return max(1, int(spec))
    pairs = dict(part.split(":") for part in spec.split(","))
    return max(1, int(pairs.get(str(n), 1)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated page counts")
    parser.add_argument("--runs", default="1000:3,10000:1",
                        help="runs per build (median reported): one number for every size, or "
                             "SIZE:RUNS pairs (the default: 3 at 1,000 pages, 1 at 10,000, where "
                             "mkdocs alone takes many minutes); the table says how many ran")
    parser.add_argument("--tools", default="mdxsite,mkdocs",
                        help="comma-separated: mdxsite, mkdocs (Material as configured by "
                             "default), mkdocs-prune (Material with navigation.prune)")
    parser.add_argument("--jobs", type=int, default=None, help="mdxsite --jobs (default: cores)")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--peer-limit", type=float, default=10.0,
                        help="stop mkdocs after this many times mdxsite's cold median (0: never); "
                             "the table then shows a lower bound for its time and the ratio")
    args = parser.parse_args()
    tools = args.tools.split(",")
    python = bench_python()
    load = lambda: subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()  # noqa: E731
    before = load()
    sizes = [int(s) for s in args.sizes.split(",")]
    results = [(n, run_size(python, n, runs_for(args.runs, n), tools, args.seed, args.jobs,
                            args.peer_limit))
               for n in sizes]
    print()
    print(table(results))
    print(f"load before: {before}")
    print(f"load after:  {load()}")
    print(f"cores: {len(os.sched_getaffinity(0))}, python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
