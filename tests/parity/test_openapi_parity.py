"""API pages against the platform's own converter (``OpenApiToEndpointConverter``,
``generateExampleFromSchema``), on the small specs of ../shared/openapi and the fixture.

``scripts/openapi_parity.py`` runs the same comparison on every spec there and prints the
agreement rates; this test holds the specs that agree in full to that.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "openapi"
SPECS = ["oai-v3.0-petstore.yaml", "oai-v3.0-petstore-expanded.yaml", "oai-v3.0-uspto.yaml",
         "oai-v3.0-link-example.yaml", "oai-v3.1-tictactoe.yaml", "redocly-museum.yaml",
         "train-travel.yaml"]


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
    spec = SHARED / name
    if not spec.exists():
        pytest.skip(f"{spec} is not on this machine")
    data = load_path(spec).data
    theirs = oracle.endpoints(json.loads(json.dumps(data, default=str)))
    assert theirs, name
    for t in theirs:
        assert "error" not in t, t
        ours = script.ours_for(data, t["path"], t["method"])
        where = f"{name} {t['method'].upper()} {t['path']}"
        assert sorted((p["name"], p["in"], p["required"], script._base_type(p["type"]))
                      for p in t["parameters"]) == sorted(
            (p["name"], p["in"], p["required"], p["type"]) for p in ours["parameters"]), where
        assert sorted(t["body"]) == sorted(ours["body"]), where
        assert sorted(t["responses"]) == sorted(ours["responses"]), where
        assert script._same_example(t.get("example"), ours["example"]), where
