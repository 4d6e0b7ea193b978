"""A longer run of the ``openapi-check`` mutation test, the big specs (Stripe, Box...) included.

    .venv/bin/python scripts/openapi_fuzz.py --cases 2000 --seed 7

Each case mutates one document of ``../shared/openapi`` (the mutations of
``tests/unit/openapi/test_mutations.py``), runs the real command line on it in a child
process (so a crash of the process itself counts, not only an exception) and checks: exit
0 or 1, no traceback, every problem line names the file, under 10 s of CPU time (user + sys of
the child: on a machine shared with other work, wall-clock time measures the others). Prints
the counts, the slowest case (CPU and wall) and the peak memory of the children; exits 1 on
any failure.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    spec = importlib.util.spec_from_file_location(
        "mutations", REPO / "tests" / "unit" / "openapi" / "test_mutations.py")
    assert spec is not None and spec.loader is not None
    mutations = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mutations)
    specs = sorted(p for p in mutations.SHARED.glob("*") if p.suffix in (".json", ".yaml"))
    rng = random.Random(args.seed)
    sys.setrecursionlimit(20_000)  # copying and dumping deepened mutants
    codes: dict[int, int] = {}
    failures: list[str] = []
    slowest = (0.0, 0.0, "")
    mdxsite = Path(sys.executable).parent / "mdxsite"
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(args.cases):
            source = specs[n % len(specs)]
            steps = [(rng.choice(mutations.KINDS), rng.randrange(10**6), rng.randrange(10**6))
                     for _ in range(rng.randint(1, 4))]
            mutant = Path(tmp) / f"mutant{source.suffix}"
            mutant.write_text(mutations.dump(mutations.mutate(mutations.original(source), steps),
                                             source.suffix), encoding="utf-8")
            t = time.perf_counter()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            run = subprocess.run([str(mdxsite), "openapi-check", str(mutant)],
                                 capture_output=True, text=True, timeout=120)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            wall = time.perf_counter() - t
            seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            codes[run.returncode] = codes.get(run.returncode, 0) + 1
            wrong = mutations.verdict(mutant, run.returncode, run.stdout + run.stderr, None)
            if not wrong and seconds >= 10:
                wrong = f"took {seconds:.1f} s of CPU time ({wall:.1f} s wall)"
            if wrong:
                failures.append(f"{source.name} {steps}: {wrong}")
            if seconds > slowest[0]:
                slowest = (seconds, wall, source.name)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"{args.cases} mutants of {len(specs)} specs in {time.perf_counter() - started:.0f} s; "
          f"exit codes {dict(sorted(codes.items()))}; failures {len(failures)}; slowest "
          f"{slowest[0]:.2f} s CPU, {slowest[1]:.2f} s wall ({slowest[2]}); "
          f"peak memory of a check {peak:.0f} MiB")
    for line in failures[:20]:
        print("  " + line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
