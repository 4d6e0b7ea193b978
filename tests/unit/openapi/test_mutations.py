"""``openapi-check`` on mutated real specs: never a crash, exit 0 or 1, every problem located.

Hypothesis (derandomized, and kept from the process's imported modules by the
``same_examples_in_any_process`` fixture, so a failure reproduces) takes the documents of
``../shared/openapi`` and breaks them the ways people and tools do: a key deleted, a value of
another type, a subtree copied where it does not belong, a ``$ref`` that leads nowhere or
outside the file, a value buried under hundreds of levels. Each mutant goes through the real
command line. ``scripts/openapi_fuzz.py`` runs the same mutations longer and prints figures.
"""

from __future__ import annotations

import copy
import importlib
import json
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mdxsite.cli import main

SHARED = Path(__file__).resolve().parents[3] / ".." / "shared" / "openapi"
# the big ones (Stripe, Box, Discord) go to the long run: a few hundred mutants of each
# would spend minutes re-serialising megabytes
SPECS = sorted(p for p in SHARED.glob("*") if p.suffix in (".json", ".yaml", ".yml")
               and p.stat().st_size < 400_000)
pytestmark = pytest.mark.usefixtures("same_examples_in_any_process")
KINDS = ("delete", "retype", "duplicate", "dangle", "deepen")
ODD_VALUES: list[Any] = [None, 0, -1, 3.5, True, "", "text", [], {}, [1, "a"], {"x": {"y": 1}}]


def load(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)


_CACHE: dict[Path, Any] = {}


def original(path: Path) -> Any:
    if path not in _CACHE:
        _CACHE[path] = load(path)
    return _CACHE[path]


def places(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in ``data``, depth first."""
    out: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for key, child in items:
            out.append((node, key))
            stack.append(child)
    return out


def mutate(data: Any, steps: list[tuple[str, int, int]]) -> Any:
    """Apply ``steps`` (kind, which place, which variant) to a copy of ``data``."""
    data = copy.deepcopy(data)
    for kind, where, variant in steps:
        found = places(data)
        if not found:
            break
        node, key = found[where % len(found)]
        if kind == "delete":
            if isinstance(node, dict):
                del node[key]
            else:
                node.pop(key)
        elif kind == "retype":
            node[key] = copy.deepcopy(ODD_VALUES[variant % len(ODD_VALUES)])
        elif kind == "duplicate":
            other_node, other_key = found[variant % len(found)]
            node[key] = copy.deepcopy(other_node[other_key])
        elif kind == "dangle":
            node[key] = {"$ref": ["#/components/schemas/Nowhere", "other.yaml#/A", "#",
                                  "#/paths", "not a pointer"][variant % 5]}
        elif kind == "deepen":
            value: Any = node[key]
            for i in range(150 + variant % 400):
                value = [value] if i % 2 else {"k": value}
            node[key] = value
    return data


# libyaml's emitter when PyYAML has it: the pure-Python one was a large part of this file's
# CPU (a 220 kB spec: 0.45 s a dump, 0.10 s with libyaml). The two fold long quoted strings at
# other places; every mutant loads to the same data either way
_DUMPER: type = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def dump(data: Any, suffix: str) -> str:
    if suffix == ".json":
        return json.dumps(data)
    return yaml.dump(data, Dumper=_DUMPER, sort_keys=False, allow_unicode=True)


def run_check(path: Path) -> tuple[int, str, BaseException | None, float]:
    """Run openapi-check in-process: exit code, output, exception and CPU seconds (wall-clock
    time on a shared machine measures the other work on it)."""
    started = time.process_time()
    result = CliRunner().invoke(main, ["openapi-check", str(path)])
    return result.exit_code, result.output, result.exception, time.process_time() - started


def verdict(path: Path, code: int, output: str, exception: BaseException | None) -> str:
    """Return what is wrong with one run ('' when nothing is)."""
    if exception is not None and not isinstance(exception, SystemExit):
        return f"raised {type(exception).__name__}: {exception}"
    if code not in (0, 1):
        return f"exit code {code}"
    if "Traceback" in output:
        return "printed a traceback"
    for line in output.splitlines():
        if line.startswith(("failed:", f"{path}: valid")) or not line.strip():
            continue
        if not line.startswith(str(path)):
            return f"a problem that names no file: {line!r}"
    return ""


def _peak_mib() -> float:
    """The test process's peak resident memory in MiB, since :func:`_peak_from_here` (Linux:
    VmHWM, which /proc/self/clear_refs resets), else over its whole life (ru_maxrss)."""
    try:
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.fixture(scope="module", autouse=True)
def _peak_from_here() -> None:
    """Start the peak at this module: under pytest-xdist a worker may have built the large
    real-spec site (tests/unit/openapi/test_real_specs.py, over 1 GiB) just before, which a
    whole-life peak would count against openapi-check; run alone, this file came after the
    assistant, browser and e2e tests and their peak was part of the figure."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


STEP = st.tuples(st.sampled_from(KINDS), st.integers(0, 10**6), st.integers(0, 10**6))
# what the property test is given; the test that the mutants do not depend on the imported
# modules draws from the same
EXAMPLES = {"spec": st.sampled_from(SPECS), "steps": st.lists(STEP, min_size=1, max_size=4)}
CASES = {"n": 0, "codes": {0: 0, 1: 0}, "slowest": 0.0}


@settings(max_examples=240, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(**EXAMPLES)
def test_mutated_real_specs_fail_cleanly(tmp_path: Path, spec: Path,
                                         steps: list[tuple[str, int, int]]) -> None:
    mutant = tmp_path / f"mutant{spec.suffix}"
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(20_000)  # copying and dumping a deepened mutant recurses per level
    try:
        mutant.write_text(dump(mutate(original(spec), steps), spec.suffix), encoding="utf-8")
    finally:
        sys.setrecursionlimit(limit)
    code, output, exception, seconds = run_check(mutant)
    assert verdict(mutant, code, output, exception) == "", (spec.name, steps, output[-2000:])
    assert seconds < 10, (spec.name, steps, seconds)
    CASES["n"] += 1
    CASES["codes"][code] += 1
    CASES["slowest"] = max(CASES["slowest"], seconds)


def test_mutation_figures(figures: Callable[[str], None]) -> None:
    """Runs after the property test (file order): its counts go in make test's summary."""
    peak = _peak_mib()
    assert peak < 1024, f"peak memory {peak:.0f} MiB"
    figures(f"openapi-check mutations: {CASES['n']} mutants of {len(SPECS)} real specs, "
            f"exit 0: {CASES['codes'][0]}, exit 1: {CASES['codes'][1]}, 0 crashes, "
            f"slowest {CASES['slowest']:.2f} s of CPU, peak memory of the test process {peak:.0f} MiB")
    assert CASES["n"] >= 200 and CASES["codes"][1] > 0


def _drawn(count: int) -> list[tuple[str, list[tuple[str, int, int]]]]:
    """The first ``count`` (spec, steps) examples the property test's strategies give."""
    seen = []

    @settings(max_examples=count, derandomize=True, deadline=None, database=None)
    @given(**EXAMPLES)
    def record(spec: Path, steps: list[tuple[str, int, int]]) -> None:
        seen.append((spec.name, steps))

    record()
    return seen


def test_the_mutants_do_not_depend_on_what_the_process_imported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An xdist worker that ran other test files first has imported more of mdxsite, whose
    literals hypothesis used to draw from: the counts above changed from run to run."""
    before = _drawn(60)
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "more_literals.py").write_text(
        "NUMBERS = (" + ", ".join(str(n * 7919) for n in range(1, 120)) + ")\n")
    monkeypatch.syspath_prepend(folder)
    monkeypatch.setitem(sys.modules, "more_literals", importlib.import_module("more_literals"))
    assert _drawn(60) == before
