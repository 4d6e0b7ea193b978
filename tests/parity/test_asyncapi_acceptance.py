"""The ``asyncapi`` field in each place the platform's docs.json schema has it (``api``, the
navigation root, a tab, a group): mdxsite accepts and refuses the same shapes as
``@mintlify/validation``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

SHAPES: list[tuple[str, object]] = [
    ("path", "asyncapi.yaml"),
    ("url", "https://example.com/asyncapi.json"),
    ("list", ["a.yaml", "b.json"]),
    ("object", {"source": "asyncapi.yaml", "directory": "websockets"}),
    ("object without directory", {"source": "asyncapi.yaml"}),
    ("number", 3),
    ("empty string", ""),
    ("object without source", {"directory": "websockets"}),
    ("boolean", True),
]
PLACES = ["api", "root", "tab", "group"]


def _docs(place: str, value: object) -> dict[str, Any]:
    group: dict[str, Any] = {"group": "G", "pages": ["index"]}
    tab: dict[str, Any] = {"tab": "T", "groups": [group]}
    nav: dict[str, Any] = {"tabs": [tab]}
    docs: dict[str, Any] = {"$schema": "https://mintlify.com/docs.json", "name": "A",
                            "theme": "mint", "colors": {"primary": "#0D9373"}, "navigation": nav}
    target = {"api": docs.setdefault("api", {}), "root": nav, "tab": tab, "group": group}[place]
    target["asyncapi"] = value
    return docs


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize(("shape", "value"), SHAPES, ids=[s[0] for s in SHAPES])
def test_asyncapi_shapes_agree_with_the_platform(oracle: Any, load_helper: Any, tmp_path: Path,
                                                 place: str, shape: str, value: object) -> None:
    mutations = load_helper("docs_parity_mutations", Path(__file__).parent / "docs_mutations.py")
    docs = _docs(place, value)
    theirs = bool(oracle.docs(docs)["ok"])
    (tmp_path / "index.mdx").write_text("# Home\n", encoding="utf-8")
    errors, _warnings = mutations.our_verdict(docs, tmp_path, {"index": tmp_path / "index.mdx"})
    assert (errors == []) == theirs, (theirs, errors)
