"""Seeded mutations of the corpus docs.json files, and mdxsite's verdict on each.

A mutation drops, renames or retypes one key, blanks or empties a string, adds an unknown key,
or wraps a value in an array (or unwraps one). :func:`our_verdict` loads the mutated file with
mdxsite's config loader and navigation resolver, as a build does, over the site's real pages.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mdxsite.config import load_config
from mdxsite.errors import MdxsiteError
from mdxsite.nav import resolve
from mdxsite.sources import scan_sources

KNOWN_FILE = Path(__file__).with_name("docs_known_differences.json")

STRINGS = [" ", "", "  \t", "x", "Ünïcode ✓"]


def _spots(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if at:
        yield at
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _spots(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _spots(v, (*at, i))


def mutate(doc: dict[str, Any], r: random.Random,
           spots: list[tuple[Any, ...]] | None = None) -> tuple[dict[str, Any], str]:
    """Return a mutated copy of ``doc`` and a description: ``"<kind> <json.path>"``.

    ``spots`` is ``list(_spots(doc))`` when the caller mutates one document many times. Only
    the objects and arrays on the path to the mutated value are copied: the rest of the copy
    is ``doc``'s own values, to be read, not changed (a deep copy of each corpus docs.json
    was a fifth of the comparison's CPU).
    """
    at = r.choice(spots if spots is not None else list(_spots(doc)))
    doc = dict(doc)
    parent: Any = doc
    for k in at[:-1]:
        parent[k] = dict(parent[k]) if isinstance(parent[k], dict) else list(parent[k])
        parent = parent[k]
    key = at[-1]
    kind = r.choice(["drop", "rename", "retype", "string", "unknown", "nest"])
    if kind in ("drop", "rename", "unknown") and not isinstance(parent, dict):
        kind = "retype"
    if kind == "drop":
        del parent[key]
    elif kind == "rename":
        parent[key + r.choice(["s", "_", "X"])] = parent.pop(key)
    elif kind == "retype":
        parent[key] = r.choice([1, True, None, [], {}, "text", 2.5])
    elif kind == "string":
        parent[key] = r.choice(STRINGS)
    elif kind == "unknown":
        parent[r.choice(["unknownKey", "foo", "color"])] = r.choice(["x", 1, {}])
    else:
        value = parent[key]
        parent[key] = [value] if not isinstance(value, list) else (value[0] if value else value)
    return doc, f"{kind} {'.'.join(map(str, at))}"


def our_verdict(doc: dict[str, Any], folder: Path, sources: dict[str, Path]) -> tuple[list[str], list[str]]:
    """(errors, warnings) of loading ``doc`` as the docs.json of a site with ``sources``.

    Only errors about the file's content count: a page entry naming no file is beyond a schema.
    """
    (folder / "docs.json").write_text(json.dumps(doc), encoding="utf-8")
    try:
        config, problems = load_config(folder)
        resolve(config, sources, problems)
    except MdxsiteError as exc:
        return [p.message for p in exc.problems], []
    errors = [p.message for p in problems.errors if not _MISSING_FILE.search(p.message)]
    return errors, [p.message for p in problems.warnings]


_MISSING_FILE = re.compile(r"no page|not found|no such file|does not exist")


def known(direction: str, path: str, errors: list[str], classes: list[dict[str, str]]) -> bool:
    """True when a disagreement belongs to a class of ``docs_known_differences.json``."""
    for entry in classes:
        if entry["direction"] != direction or not re.search(entry["path"], path):
            continue
        if "message" not in entry or (errors and re.search(entry["message"], errors[0])):
            return True
    return False


def compare(oracle: Any, corpus: Path, count: int, seed: int) -> tuple[Counter[str], list[str]]:
    """Mutate the corpus docs.json files ``count`` times; return the verdict counts and the
    disagreements no known class explains."""
    classes = json.loads(KNOWN_FILE.read_text(encoding="utf-8"))["differences"]
    r = random.Random(seed)
    sites = [(doc, scan_sources(p), list(_spots(doc)))
             for p in sorted(p.parent for p in corpus.rglob("docs.json"))
             for doc in [json.loads((p / "docs.json").read_text(encoding="utf-8"))]]
    counts: Counter[str] = Counter()
    unexplained: list[str] = []
    cases = []
    for _ in range(count):
        doc, sources, spots = r.choice(sites)
        cases.append((sources, *mutate(doc, r, spots)))
    # the platform's verdicts stream in while ours are computed (Node and Python in parallel)
    answers = oracle.docs_many([mutated for _, mutated, _ in cases])
    with tempfile.TemporaryDirectory() as folder:
        for (sources, mutated, what), answer in zip(cases, answers, strict=True):
            platform_ok = answer["ok"]
            errors, warnings = our_verdict(mutated, Path(folder), sources)
            verdict = ("both_ok" if platform_ok and not errors else "we_reject" if platform_ok
                       else "we_accept" if not errors else "both_reject")
            counts[verdict] += 1
            path = what.split(" ", 1)[1]
            if verdict in ("we_reject", "we_accept") and not known(verdict, path, errors, classes):
                unexplained.append(f"{verdict}: {what}: {errors[:1] or warnings[:1]}")
    return counts, unexplained
