"""Mutated AsyncAPI documents never crash the loader, the channel model or the page context:
each is either read, or refused with located problems (an MdxsiteError), nothing else.

Hypothesis (derandomized, and kept from the process's imported modules by the
``same_examples_in_any_process`` fixture, so a failure reproduces) breaks the fixtures the
ways people do: a key deleted, a value of another type, a ``$ref`` that leads nowhere or
outside the file.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mdxsite.asyncapi.channels import channels
from mdxsite.asyncapi.load import load_text
from mdxsite.asyncapi.render import context
from mdxsite.errors import MdxsiteError

pytestmark = pytest.mark.usefixtures("same_examples_in_any_process")
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "asyncapi"
DOCS = {p.name: (json.loads(p.read_text()) if p.suffix == ".json" else yaml.safe_load(p.read_text()))
        for p in sorted(FIXTURES.iterdir())}
ODD: list[Any] = [None, 0, 3.5, True, "", "text", [], {}, [1, "a"], {"x": {"y": 1}},
                  {"$ref": "#/nowhere"}, {"$ref": "other.yaml#/a"}, {"$ref": "#/channels"}]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _mutate(doc: Any, path: tuple[Any, ...], kind: str, odd: Any) -> Any:
    doc = copy.deepcopy(doc)
    if not path:
        return odd if kind == "retype" else doc
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    if kind == "delete" and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = odd
    return doc


@settings(max_examples=300, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(DOCS)), st.integers(min_value=0), st.sampled_from(["delete", "retype"]),
       st.sampled_from(range(len(ODD))), st.booleans())
def test_a_mutated_document_is_read_or_refused_with_located_problems(
        name: str, pick: int, kind: str, odd: int, as_json: bool) -> None:
    paths = _paths(DOCS[name])
    mutant = _mutate(DOCS[name], paths[pick % len(paths)], kind, ODD[odd])
    text = json.dumps(mutant) if as_json else yaml.safe_dump(mutant, sort_keys=False)
    file = "events.json" if as_json else "events.yaml"
    try:
        doc = load_text(text, file)
    except MdxsiteError as exc:
        assert exc.problems and all(p.where.file == file for p in exc.problems)
        return
    for channel in channels(doc):
        assert isinstance(context(doc, channel), dict)


@pytest.mark.parametrize("name", sorted(DOCS))
def test_the_fixtures_themselves_are_read(name: str) -> None:
    text = (FIXTURES / name).read_text()
    assert channels(load_text(text, name))
