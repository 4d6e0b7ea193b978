"""Time ``mdxsite build`` against MkDocs + Material and Hugo on the same generated pages.

For each size N (default 1,000 and 10,000) this writes the corpus (benchmarks/generate.py),
then, run after run (the tools take turns, so a burst of load on the shared machine hits
them alike), times:

- mdxsite cold: no output and no cache (``rm -rf`` both first);
- mdxsite warm: the same build again, nothing changed;
- mdxsite edit: one page's body edited (a paragraph added), then built again; the page's
  bytes and modification time are put back afterwards;
- Material with ``navigation.prune`` (``mkdocs-prune``), into a fresh folder;
- Hugo (Debian's ``hugo``), into a fresh folder with a fresh cache folder;
- optionally Material as configured by default (``mkdocs``: the whole navigation in every page).

and, once at the end of each size, one more mdxsite cold build that reads the proportional set
size of its processes (PSS), which slows it: its memory is reported, its times are not.

and prints one table: medians of wall time, CPU time, pages/s, peak RSS of the process tree
and output size, the speed ratios of mdxsite's cold build to Material-prune and to Hugo, and
the issue's targets with a pass/fail mark. MkDocs runs from its own venv
(``.bench/mkdocs-venv``, made here from benchmarks/requirements.txt), so its dependencies
never touch mdxsite's; ``make bench-deps`` installs Hugo.

    .venv/bin/python benchmarks/run.py                     # what `make bench` runs
    .venv/bin/python benchmarks/run.py --sizes 1000 --runs 5
    .venv/bin/python benchmarks/run.py --sizes 10000 --tools mdxsite --runs 1
    .venv/bin/python benchmarks/run.py --runs 3,mkdocs-prune@10000:1

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

# --tools names -> the table's names, in the table's order
TOOLS = {"mdxsite": "mdxsite", "mkdocs-prune": "Material-prune", "hugo": "Hugo",
         "mkdocs": "Material"}
DEFAULT_TOOLS = "mdxsite,mkdocs-prune,hugo"
# 3 runs of everything at both sizes: about 15 minutes on 2 quiet cores, half of it
# Material-prune at 10,000 pages (benchmarks/README.md)
DEFAULT_RUNS = "3"
COLD, WARM, EDIT = "mdxsite (cold)", "mdxsite (warm)", "mdxsite (1 page edited)"
MEMORY = "mdxsite (cold, memory run)"  # reads PSS, which slows it: not a row of the table
PEERS = ("Material-prune", "Hugo")  # the ratio columns
# the targets (issue 19): set at N = 10,000, printed for every size measured
SPEEDUP = {"Material-prune": 5.0, "Hugo": 1.0}
EDIT_TARGET_S = 2.0
WARM_TARGET_S = 2.0
PEAK_TARGET_MIB = 600.0
FLAT_TOLERANCE = 0.10  # output bytes per page may grow this much from the smallest N to the largest


@dataclass
class Sample:
    wall: float
    cpu: float         # user + system seconds of the whole process tree
    peak_mib: float    # summed RSS of the process tree (errs high: shared pages count twice)
    pss_mib: float | None  # summed PSS of the tree (shared pages split): memory runs only
    out_bytes: int = 0
    timed_out: bool = False  # stopped at the time limit: ``wall`` is a lower bound


Rows = list[tuple[str, list[Sample]]]


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


def hugo_binary() -> str:
    """Return the path of ``hugo``, or stop with what to run to install it."""
    found = shutil.which("hugo")
    if not found:
        raise SystemExit("hugo is not installed: run `make bench-deps` (Debian's hugo, with "
                         "apt-get), or leave hugo out of --tools")
    return found


def compile_bytecode() -> None:
    """Write the bytecode of mdxsite's own modules, as ``pip install`` does for a wheel.

    An editable install (``make venv``) has none until Python writes it on first import, and
    never under ``PYTHONDONTWRITEBYTECODE``: every timed run then compiled ~90 modules from
    source again (0.35 s of CPU, measured on a one-page edit), which no installed mdxsite does.
    The third-party packages in the venv were compiled when pip installed them.
    """
    import compileall
    import importlib

    for name in ("mdxsite", "mdxsite.plugins", "mdxsite.themes"):
        for folder in importlib.import_module(name).__path__:
            compileall.compile_dir(folder, quiet=1)


def corpus(n: int, seed: int) -> tuple[Path, Path, Path]:
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
    return folder / "mdxsite", folder / "mkdocs", folder / "hugo"


EDIT_TEXT = b"\n\nEdited by the benchmark: one more paragraph.\n"


def edited_page(mdx_root: Path) -> Path:
    """The page the edit row changes: the middle one of the sorted page files."""
    pages = sorted(mdx_root.rglob("*.mdx"))
    return pages[len(pages) // 2]


def _digest(path: Path) -> str:
    import hashlib
    return hashlib.sha256(path.read_bytes()).hexdigest()


def folder_bytes(folder: Path) -> int:
    """Return the summed size of every file under ``folder`` (0 when it is missing)."""
    total = 0
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            try:
                total += os.lstat(os.path.join(dirpath, name)).st_size
            except OSError:
                pass
    return total


def measure(python: Path, command: list[str], output: Path, cwd: Path | None = None,
            timeout: float | None = None, pss: bool = False) -> Sample:
    """Run ``command`` once under benchmarks/measure.py; fail loudly if it fails.

    ``output`` is the folder the command writes, sized afterwards. With ``timeout``
    (seconds), a command still running then is stopped and its sample marked ``timed_out``.
    With ``pss``, the tree's PSS is read too, which slows the command: a memory run, whose
    times are not reported.
    """
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    limit = ["--timeout", f"{timeout:.0f}"] if timeout else []
    if pss:
        limit.append("--pss")
    proc = subprocess.run([str(python), str(HERE / "measure.py"), *limit, "--", *command],
                          cwd=cwd, env=env, capture_output=True, text=True, check=True)
    result = json.loads(proc.stdout)
    if result["returncode"] != 0 and not result["timed_out"]:
        raise SystemExit(f"{' '.join(command)} failed (exit {result['returncode']}):\n"
                         f"{result['stderr_tail']}")
    return Sample(result["wall"], result["cpu"], max(result["peak_tree_mib"], result["maxrss_mib"]),
                  result["peak_tree_pss_mib"], folder_bytes(output), result["timed_out"])


def pruned(mk_root: Path) -> Path:
    """Write ``mkdocs-prune.yml``: the corpus's mkdocs.yml plus Material's ``navigation.prune``.

    Material puts the whole site's navigation in every page unless ``navigation.prune`` is
    on (its own advice for large sites); mdxsite renders the current tab's sidebar, between
    the two.
    """
    config = mk_root / "mkdocs-prune.yml"
    text = (mk_root / "mkdocs.yml").read_text(encoding="utf-8")
    config.write_text(text.replace("    - navigation.tabs\n",
                                   "    - navigation.tabs\n    - navigation.prune\n", 1),
                      encoding="utf-8")
    return config


class Runs:
    """``--runs``: comma-separated ``[TOOL@][SIZE:]RUNS`` items; the most specific one wins.

    ``3`` runs everything 3 times; ``1000:5,10000:3`` sets runs per size (the old form);
    ``3,mkdocs-prune@10000:1`` runs Material-prune once at 10,000 pages and the rest 3 times.
    """

    def __init__(self, spec: str) -> None:
        self.rules: dict[tuple[str, str], int] = {}
        for item in filter(None, (part.strip() for part in spec.split(","))):
            tool, _, rest = item.rpartition("@")
            size, _, count = rest.rpartition(":")
            if tool and tool not in TOOLS:
                raise SystemExit(f"--runs {spec!r}: unknown tool {tool!r} in {item!r} "
                                 f"(known: {', '.join(TOOLS)})")
            try:
                self.rules[(tool, size.replace("_", ""))] = max(1, int(count))
            except ValueError:
                raise SystemExit(f"--runs {spec!r}: {item!r} is not [TOOL@][SIZE:]RUNS "
                                 "(for example 3, 10000:1 or mkdocs-prune@10000:1)") from None

    def __call__(self, tool: str, n: int) -> int:
        for key in ((tool, str(n)), (tool, ""), ("", str(n)), ("", "")):
            if key in self.rules:
                return self.rules[key]
        return 3


# Outputs of earlier runs are moved here and deleted once the benchmark is over. ext4 avoids
# reusing an inode deleted in the last minutes: creating files just after deleting thousands
# (a cold build after its previous output was removed) spent seconds of kernel CPU in the inode
# allocator (perf: find_inode_bit, recently_deleted; 1,000 pages: 1.4 s of system time in a
# fresh folder, 3.5-5.8 s right after a removal), in whichever tool ran next.
TRASH = BENCH / "trash"


def discard(path: Path) -> None:
    """Move ``path`` (if any) into :data:`TRASH`, out of the way, without deleting a file."""
    if path.exists():
        TRASH.mkdir(parents=True, exist_ok=True)
        os.rename(path, TRASH / f"{len(list(TRASH.iterdir()))}-{path.name}")


def run_size(python: Path, n: int, runs: Runs, tools: list[str], seed: int,
             jobs: int | None, peer_limit: float) -> Rows:
    """Time every tool on the ``n``-page corpus; return (row name, samples) in table order."""
    mdx_root, mk_root, hugo_root = corpus(n, seed)
    out = BENCH / f"out-{n}"
    samples: dict[str, list[Sample]] = {}
    build = [str(MDXSITE), "build", str(mdx_root), "-o", str(out / "mdxsite")]
    if jobs:
        build += ["--jobs", str(jobs)]
    page = edited_page(mdx_root)
    peers = {"mkdocs-prune": [str(BENCH_VENV / "bin" / "mkdocs"), "build", "-q", "-f",
                              str(pruned(mk_root)), "-d", str(out / "mkdocs")],
             "mkdocs": [str(BENCH_VENV / "bin" / "mkdocs"), "build", "-q", "-f",
                        str(mk_root / "mkdocs.yml"), "-d", str(out / "mkdocs")]}
    if "hugo" in tools:
        peers["hugo"] = [hugo_binary(), "--quiet", "-s", str(hugo_root), "-d", str(out / "hugo"),
                         "--cacheDir", str(out / "hugo-cache")]
    for i in range(max(runs(tool, n) for tool in tools)):
        for tool in tools:
            if i >= runs(tool, n):
                continue
            if tool == "mdxsite":
                discard(out / "mdxsite")
                discard(out / ".mdxsite-cache")
                cold = measure(python, build, out / "mdxsite")
                warm = measure(python, build, out / "mdxsite")
                original, st = page.read_bytes(), page.stat()
                page.write_bytes(original + EDIT_TEXT)
                try:
                    edit = measure(python, build, out / "mdxsite")
                finally:
                    page.write_bytes(original)
                    os.utime(page, ns=(st.st_atime_ns, st.st_mtime_ns))
                for name, sample in ((COLD, cold), (WARM, warm), (EDIT, edit)):
                    samples.setdefault(name, []).append(sample)
                print(f"  N={n} run {i + 1}: mdxsite cold {cold.wall:.2f} s, warm {warm.wall:.2f} s, "
                      f"one page edited {edit.wall:.2f} s", flush=True)
                continue
            name = TOOLS[tool]
            if samples.get(name) and samples[name][-1].timed_out:
                continue  # another run would be stopped too
            target = out / ("hugo" if tool == "hugo" else "mkdocs")
            discard(target)
            discard(out / "hugo-cache")
            # enough time to show the targets either way, without waiting hours for Material
            colds = samples.get(COLD)
            timeout = peer_limit * statistics.median(s.wall for s in colds) if peer_limit and colds else None
            sample = measure(python, peers[tool], target, timeout=timeout)
            discard(target)  # gigabytes at 10,000 pages: deleted at the end
            samples.setdefault(name, []).append(sample)
            stopped = " (stopped at the time limit)" if sample.timed_out else ""
            print(f"  N={n} run {i + 1}: {name} {sample.wall:.2f} s{stopped}", flush=True)
    if "mdxsite" in tools:
        # one more cold build for the tree's PSS, after the timed ones (reading it slows the
        # build, see measure.py)
        discard(out / "mdxsite")
        discard(out / ".mdxsite-cache")
        samples[MEMORY] = [measure(python, build, out / "mdxsite", pss=True)]
    order = [COLD, WARM, EDIT, MEMORY, *(TOOLS[t] for t in TOOLS if t != "mdxsite")]
    return [(name, samples[name]) for name in order if name in samples]


@dataclass
class Row:
    """The medians of one row of the table."""
    name: str
    runs: int
    wall: float
    cpu: float
    peak: float
    pss: float | None
    out_bytes: float
    stopped: bool


def medians(rows: Rows) -> dict[str, Row]:
    return {name: Row(name, len(s), statistics.median(x.wall for x in s),
                      statistics.median(x.cpu for x in s), statistics.median(x.peak_mib for x in s),
                      _median_or_none([x.pss_mib for x in s]),
                      statistics.median(x.out_bytes for x in s), any(x.timed_out for x in s))
            for name, s in rows}


def _median_or_none(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def _mark(ok: bool) -> str:
    return "pass" if ok else "FAIL"


def table(results: list[tuple[int, Rows]]) -> str:
    head = (f"{'tool':<24} {'N':>6} {'runs':>4} {'wall s':>8} {'CPU s':>7} {'pages/s':>8} "
            f"{'peak RSS MiB':>12} {'output MB':>9} {'mdxsite/Material-prune':>22} "
            f"{'mdxsite/Hugo':>12}")
    lines = [head, "-" * len(head)]
    targets: list[tuple[str, str, str, str, str]] = []  # N, what, measured, target, mark
    per_page: list[tuple[int, float]] = []
    for n, rows in results:
        meds = medians(rows)
        cold = meds.get(COLD)
        memory = meds.pop(MEMORY, None)
        for row in meds.values():
            lower = ">" if row.stopped else ""
            # pages/s only for builds of every page; a rebuild's rate would mean nothing
            rate = "" if row.name in (WARM, EDIT) else f"{'<' if row.stopped else ''}{n / row.wall:.0f}"
            ratios = ["", ""]
            if row is cold:
                for k, peer in enumerate(PEERS):
                    other = meds.get(peer)
                    if other:
                        ratios[k] = f"{'>' if other.stopped else ''}{other.wall / cold.wall:.2f}x"
            lines.append(f"{row.name:<24} {n:>6,} {row.runs:>4} {lower + format(row.wall, '.2f'):>8} "
                         f"{lower + format(row.cpu, '.1f'):>7} {rate:>8} {row.peak:>12.0f} "
                         f"{row.out_bytes / 1e6:>9.1f} {ratios[0]:>22} {ratios[1]:>12}"
                         + ("  stopped at the time limit" if row.stopped else ""))
        size = f"{n:,}"
        if cold:
            for peer in PEERS:
                other = meds.get(peer)
                if other:
                    ratio = other.wall / cold.wall  # a stopped peer's: a lower bound
                    targets.append((size, f"cold build, speed over {peer}",
                                    f"{'>' if other.stopped else ''}{ratio:.2f}x",
                                    f">= {SPEEDUP[peer]:g}x", _mark(ratio >= SPEEDUP[peer])))
        if EDIT in meds:
            targets.append((size, "one page edited, then built", f"{meds[EDIT].wall:.2f} s",
                            f"< {EDIT_TARGET_S:g} s", _mark(meds[EDIT].wall < EDIT_TARGET_S)))
        if WARM in meds:
            targets.append((size, "warm build (nothing changed)", f"{meds[WARM].wall:.2f} s",
                            f"< {WARM_TARGET_S:g} s", _mark(meds[WARM].wall < WARM_TARGET_S)))
        if cold:
            targets.append((size, "peak RSS, cold build", f"{cold.peak:.0f} MiB",
                            f"< {PEAK_TARGET_MIB:.0f} MiB",
                            f"{_mark(cold.peak < PEAK_TARGET_MIB)}  (tree RSS"
                            + (f"; PSS {memory.pss:.0f} MiB in a memory run, RSS {memory.peak:.0f})"
                               if memory is not None and memory.pss is not None else ")")))
            per_page.append((n, cold.out_bytes / n))
            targets.append((size, "output bytes per page", f"{cold.out_bytes / n / 1e3:.1f} kB", "", ""))
    if len(per_page) > 1:
        (n0, small), (n1, large) = min(per_page), max(per_page)
        growth = large / small - 1
        targets.append((f"{n0:,}->{n1:,}", "output bytes per page, growth", f"{growth:+.0%}",
                        f"flat (<= +{FLAT_TOLERANCE:.0%})", _mark(growth <= FLAT_TOLERANCE)))
    if targets:
        targets.insert(0, ("N", "what", "measured", "target", ""))
    widths = [max(len(target[k]) for target in targets) for k in range(4)] if targets else []
    legend = ["wall, CPU (user + system of every process), peak RSS (summed over the process "
              "tree) and output: medians over the runs;",
              "ratios: the peer's cold wall time over mdxsite's (2.00x: mdxsite twice as fast); "
              "'>' marks a peer stopped at the time limit (a lower bound)."]
    out = [*lines, "", *legend, "", "targets (issue 19: at N = 10,000; the speed ratios at "
           "both sizes)"]
    for target in targets:
        out.append("  " + "  ".join(cell.ljust(w) if k < 2 else cell.rjust(w)
                                    for k, (cell, w) in enumerate(zip(target, widths)))
                   + "  " + target[4])
    return "\n".join(out)


def versions(python: Path, tools: list[str]) -> str:
    """One line naming the version of each tool measured."""
    found = [f"mdxsite {_installed(Path(sys.executable), 'mdxsite')}"]
    if "mkdocs" in tools or "mkdocs-prune" in tools:
        found.append(f"mkdocs {_installed(python, 'mkdocs')}, "
                     f"mkdocs-material {_installed(python, 'mkdocs-material')}")
    if "hugo" in tools:
        found.append(subprocess.run([hugo_binary(), "version"], capture_output=True,
                                    text=True).stdout.split(" BuildDate")[0])
    return "; ".join(found)


def _installed(python: Path, dist: str) -> str:
    return subprocess.run([str(python), "-c", "import importlib.metadata as m, sys; "
                           "print(m.version(sys.argv[1]))", dist],
                          capture_output=True, text=True).stdout.strip() or "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated page counts")
    parser.add_argument("--runs", default=DEFAULT_RUNS,
                        help="runs per build (the median is reported): comma-separated "
                             "[TOOL@][SIZE:]RUNS items, the most specific winning: '3', "
                             "'1000:5,10000:1', '3,mkdocs-prune@10000:1' (default: %(default)s); "
                             "the table's runs column says how many ran")
    parser.add_argument("--tools", default=DEFAULT_TOOLS,
                        help="comma-separated: mdxsite, mkdocs-prune (Material with "
                             "navigation.prune), hugo, mkdocs (Material as configured by "
                             "default: hours at 10,000 pages, see --peer-limit) "
                             "(default: %(default)s)")
    parser.add_argument("--jobs", type=int, default=None, help="mdxsite --jobs (default: cores)")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--peer-limit", type=float, default=10.0,
                        help="stop a peer after this many times mdxsite's cold median (0: never); "
                             "the table then shows a lower bound for its time and the ratio")
    args = parser.parse_args()
    tools = [t for t in TOOLS if t in args.tools.split(",")]
    unknown = set(args.tools.split(",")) - set(TOOLS)
    if unknown or not tools:
        parser.error(f"--tools: unknown {', '.join(sorted(unknown)) or 'empty list'} "
                     f"(known: {', '.join(TOOLS)})")
    runs = Runs(args.runs)
    if "mdxsite" in tools:
        compile_bytecode()
    python = bench_python()
    if "hugo" in tools:
        hugo_binary()  # before any corpus is written: say now that it is missing
    load = lambda: subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()  # noqa: E731
    before, started = load(), time.monotonic()
    sizes = [int(s) for s in args.sizes.split(",")]
    shutil.rmtree(TRASH, ignore_errors=True)  # a stopped benchmark's, minutes ago at least
    try:
        results = [(n, run_size(python, n, runs, tools, args.seed, args.jobs, args.peer_limit))
                   for n in sizes]
    finally:
        shutil.rmtree(TRASH, ignore_errors=True)
    print()
    print(table(results))
    print()
    print(f"load before: {before}")
    print(f"load after:  {load()}")
    print(f"whole benchmark: {(time.monotonic() - started) / 60:.1f} min; "
          f"cores: {len(os.sched_getaffinity(0))}, python {sys.version.split()[0]}")
    print(versions(python, tools))


if __name__ == "__main__":
    main()
