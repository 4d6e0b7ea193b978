"""Run one command and print its wall time, CPU time and peak memory as JSON (run by the bench venv).

Peak memory is the largest sum of RSS over the command's whole process tree (the build and
its worker processes), sampled every 20 ms; ``maxrss_mib`` is the kernel's peak of
the single largest process (``getrusage(RUSAGE_CHILDREN)``), which a short spike between two
samples cannot escape. Summing RSS counts pages that forked workers share with their parent
more than once, so the tree figure errs high, never low; ``peak_tree_pss_mib`` sums the
proportional set size instead (a shared page split between its sharers), the tree's real
footprint. ``cpu`` is user + system seconds of the command and every descendant it waited for
(``getrusage``): on a loaded machine it moves less than wall.

The sampler must not slow what it measures. RSS comes from ``/proc/PID/statm`` (microseconds
a process), every 20 ms. PSS needs ``/proc/PID/smaps_rollup``, a walk of the process's page
tables, and is read only with ``--pss``: a run that reports PSS is a memory run, not a timed
one. Reading it at every sample kept most of a core busy and slowed every tool (at 10,000
pages Hugo went from 74 to 56 s and mdxsite from 89 to 76 s when it stopped). Read at most
every 0.5 s near the peak, as the next version did, it still walks every process of the tree
about twice a second while the build needs both cores; three alternated pairs at 1,000 pages
showed no difference beyond this machine's noise (12.8-14.4 s of CPU without, 12.1-14.5 s
with), so the timed runs simply leave it out. (The noise: identical 10,000-page cold builds
took 53.5, 67.2 and 83.7 s of wall within twenty minutes, the CPU they used moving with them;
compare tools within one run of run.py, where they take turns.)

    .bench/mkdocs-venv/bin/python benchmarks/measure.py -- mkdocs build -q
    .bench/mkdocs-venv/bin/python benchmarks/measure.py --timeout 600 -- mkdocs build -q
    .bench/mkdocs-venv/bin/python benchmarks/measure.py --pss -- mdxsite build SITE -o OUT

With ``--timeout``, a command still running after that many seconds is stopped (its whole
process tree) and reported with ``"timed_out": true``: its wall time is then a lower bound.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time

import psutil

SAMPLE_SECONDS = 0.02
PSS_SECONDS = 0.5  # with --pss, the least time between two PSS reads
HAS_CHILDREN_FILE = os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children")


def descendants(pid: int) -> list[int]:
    """Return ``pid``'s descendants from /proc/PID/task/TID/children.

    psutil's ``children()`` reads the status of every process on the machine to find them;
    on a busy machine, sampling every 20 ms, that stole CPU from the build being measured.
    """
    found: list[int] = []
    todo = [pid]
    while todo:
        current = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{current}/task")
        except OSError:  # exited
            continue
        for tid in tasks:
            try:
                with open(f"/proc/{current}/task/{tid}/children", encoding="ascii") as f:
                    kids = [int(k) for k in f.read().split()]
            except OSError:
                continue
            found += kids
            todo += kids
    return found


def tree_processes(root: psutil.Process) -> list[psutil.Process]:
    """Return ``root`` and every descendant (an empty list once it has exited)."""
    try:
        if HAS_CHILDREN_FILE:
            return [root, *(psutil.Process(pid) for pid in descendants(root.pid))]
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


def tree_rss(procs: list[psutil.Process]) -> int:
    """Return the summed RSS of ``procs`` still alive (statm: cheap)."""
    rss = 0
    for p in procs:
        try:
            rss += p.memory_info().rss
        except psutil.Error:  # exited between listing and reading
            pass
    return rss


def tree_pss(procs: list[psutil.Process]) -> int:
    """Return the summed PSS of ``procs`` still alive (smaps_rollup: a page-table walk)."""
    pss = 0
    for p in procs:
        try:
            pss += p.memory_full_info().pss
        except psutil.Error:
            pass
    return pss


def stop(root: psutil.Process) -> None:
    """Kill ``root`` and every descendant."""
    try:
        procs = [*root.children(recursive=True), root]
    except psutil.Error:
        return
    for p in procs:
        try:
            p.kill()
        except psutil.Error:
            pass


def main(argv: list[str]) -> int:
    if "--" not in argv:
        print("usage: measure.py [--timeout S] [--pss] -- COMMAND [ARGS...]", file=sys.stderr)
        return 2
    command = argv[argv.index("--") + 1:]
    options = argv[:argv.index("--")]
    timeout = float(options[options.index("--timeout") + 1]) if "--timeout" in options else None
    read_pss = "--pss" in options
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    proc = psutil.Process(child.pid)
    peak = peak_pss = 0
    timed_out = False
    last_pss = -PSS_SECONDS
    while child.poll() is None:
        procs = tree_processes(proc)
        rss = tree_rss(procs)
        peak = max(peak, rss)
        now = time.perf_counter()
        if read_pss and rss >= 0.95 * peak and now - last_pss >= PSS_SECONDS:
            peak_pss, last_pss = max(peak_pss, tree_pss(procs)), now
        if timeout is not None and time.perf_counter() - started > timeout:
            timed_out = True
            stop(proc)
            break
        time.sleep(SAMPLE_SECONDS)
    child.wait()
    wall = time.perf_counter() - started
    stderr = child.stderr.read().decode("utf-8", "replace") if child.stderr else ""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"returncode": child.returncode, "wall": wall, "timed_out": timed_out,
                      "cpu": usage.ru_utime + usage.ru_stime,
                      "peak_tree_mib": peak / 2**20, "peak_tree_pss_mib": peak_pss / 2**20 if read_pss else None,
                      "maxrss_mib": usage.ru_maxrss / 1024,  # KiB on Linux
                      "stderr_tail": stderr[-2000:]}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
