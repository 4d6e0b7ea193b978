"""Every operation and webhook of every real spec under shared/openapi gets a built page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdxsite.cli import main
from mdxsite.openapi.expand import operations
from mdxsite.openapi.load import load_path

SHARED = Path(__file__).resolve().parents[3] / ".." / "shared" / "openapi"
SPECS = sorted(p for p in SHARED.glob("*") if p.suffix in (".json", ".yaml", ".yml"))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("site")
    (root / "index.mdx").write_text("---\ntitle: Home\n---\nHello\n")
    tabs = [{"tab": "Guides", "groups": [{"group": "Start", "pages": ["index"]}]}]
    for spec in SPECS:
        (root / spec.name).write_bytes(spec.read_bytes())
        tabs.append({"tab": spec.stem, "openapi": {"source": spec.name, "directory": spec.stem}})
    config = {"theme": "mint", "name": "Specs", "colors": {"primary": "#112233"},
              "navigation": {"tabs": tabs}}
    (root / "docs.json").write_text(json.dumps(config, indent=2))
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(root / "_out")])
    assert result.exit_code == 0, result.output
    return root / "_out"


@pytest.mark.parametrize("spec", SPECS, ids=lambda p: p.name)
def test_every_operation_has_a_page(built: Path, spec: Path) -> None:
    expected = operations(load_path(spec))
    pages = list((built / spec.stem.lower()).rglob("index.html"))
    assert len(pages) == len(expected), spec.name
    text = "".join(p.read_text() for p in pages)
    for entry in expected:
        assert entry["path"].replace("&", "&amp;") in text or entry["webhook"], entry["path"]
