"""API pages against the platform's own converter (``OpenApiToEndpointConverter``,
``generateExampleFromSchema``), on every spec of ../shared/openapi.

``scripts/openapi_parity.py`` runs the same comparison (its ``compare``) on every operation
and prints the agreement rates and how often each normalisation applied; this test holds
every operation of every spec to full agreement (Stripe's 417 included: the oracle converts
them in about a second now that it leaves response schemas out, see ``oracle.mjs``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "openapi"
SPECS = sorted(p.name for p in SHARED.glob("*") if p.suffix in (".json", ".yaml")) if \
    SHARED.is_dir() else []


def _script() -> Any:
    """scripts/openapi_parity.py as a module (pytest runs in importlib mode)."""
    import importlib.util
    import sys

    name = "mdxsite_openapi_parity"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / "openapi_parity.py")
        assert spec is not None and spec.loader is not None
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    return sys.modules[name]


@pytest.mark.parametrize("name", SPECS)
def test_operations_agree_with_the_platform_converter(oracle: Any, name: str) -> None:
    from mdxsite.openapi.load import load_path

    script = _script()
    data = load_path(SHARED / name).data
    if not str(data.get("openapi", "")).startswith("3"):
        pytest.skip(f"{name} is not OpenAPI 3")
    theirs = oracle.endpoints(json.loads(json.dumps(data, default=str)))
    assert theirs or not data.get("paths"), name
    for t in theirs:
        assert "error" not in t, t
        found = {check: d for check, d in script.compare(data, t).items() if d is not None}
        assert not found, f"{name} {t['method'].upper()} {t['path']}: {found}"


def test_the_comparison_sees_a_wrong_example(oracle: Any) -> None:
    """The comparison is not blind: a made-up value that is not the platform's disagrees,
    and only at the JSON path where it differs."""
    script = _script()
    doc = {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/items": {
        "post": {"requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "properties": {
                "count": {"type": "integer", "minimum": 1, "maximum": 9},
                "tags": {"type": "array", "items": {"type": "string"}},
                "size": {"type": "number", "maximum": 50}}}}}},
            "responses": {"200": {"description": "ok"}}}}}}
    [theirs] = oracle.endpoints(doc)
    assert theirs["example"] == {"count": 5, "tags": ["<string>"], "size": 49}
    assert script.compare(doc, theirs)["body example"] is None
    wrong = script._difference(theirs["example"], {"count": 5, "tags": ["string"], "size": 49})
    assert wrong is not None and wrong.startswith("$.tags[0]:")


# one property per rule of the platform's generateExampleFromSchema that mdxsite follows
RULES: dict[str, Any] = {
    "between": {"type": "integer", "minimum": 2, "maximum": 9},        # middle, floored: 5
    "half": {"type": "number", "minimum": 0, "maximum": 1},            # 0.5
    "above": {"type": "number", "minimum": 7},                         # minimum + 1
    "below": {"type": "integer", "maximum": 50},                       # maximum - 1
    "capped": {"type": "integer", "maximum": 500},                     # 123
    "huge": {"type": "integer", "minimum": -9223372036854775808,
             "maximum": 9223372036854775807},                          # doubles: 0
    "text": {"type": "string"},                                        # "<string>"
    "link": {"type": "string", "format": "uri"},                       # "<string>" too
    "when": {"type": "string", "format": "DATE-TIME"},                 # formats ignore case
    "anything": {"description": "no type"},                            # "<any>"
    "inferred": {"maxLength": 3},                                      # a string
    "map": {"type": "object", "additionalProperties": {"type": "string"}},  # {}
    "maybe": {"type": ["null", "string"]},                             # the first type: null
    "order": {"type": "string", "default": "d", "examples": ["e"]},    # examples before default
    "typed_enum": {"type": "string", "enum": [None, "x"]},             # the first string
    "no_value": {"type": "string", "enum": []},                        # left out
    "own_enum": {"type": "string", "enum": ["own"], "allOf": [{"enum": ["own", "part"]}]},
    "parts": {"allOf": [{"type": "string", "example": "3"}, {"description": "says nothing"}]},
    "hidden": {"type": "string", "x-mint": {"href": "/x"}},            # left out
    "nulls": {"type": "array", "items": {"oneOf": [{"type": "null"}, {"type": "string"}]}},
    # a default is dropped where the converter merges: an enum option wins, a part says nothing
    "combined_default": {"oneOf": [{"type": "string", "enum": ["auto"]}, {"type": "null"}],
                         "default": "null"},
    "part_default": {"allOf": [{"type": "string", "default": "in"}]},
    "merged": {"type": "object", "properties": {"own": {"type": "boolean"}},
               "oneOf": [{"properties": {"first": {"type": "integer"}}},
                         {"properties": {"second": {"type": "integer"}}}]},
}


def test_made_up_values_are_the_platforms(oracle: Any) -> None:
    """Each rule above, against the converter itself (no normalisation applies)."""
    from mdxsite.openapi import samples

    script = _script()
    doc = {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/r": {"post": {
        "requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "properties": RULES}}}},
        "responses": {"200": {"description": "ok"}}}}}}
    [theirs] = oracle.endpoints(doc)
    ours = samples.example_of(doc, {"type": "object", "properties": RULES}, "request")
    assert script._difference(theirs["example"], ours) is None, (theirs["example"], ours)
    assert ours["between"] == 5 and ours["half"] == 0.5 and ours["huge"] == 0
    assert ours["anything"] == "<any>" and ours["maybe"] is None and ours["map"] == {}
    assert "no_value" not in ours and "hidden" not in ours and ours["parts"] == "3"
    assert ours["merged"] == {"first": 123, "own": True}
    assert ours["combined_default"] == "auto" and ours["part_default"] == "<string>"
