"""Every real spec under shared/openapi: each operation and webhook gets a built page, and
every response that has fields shows them (nothing cut, nested schemas loaded on demand)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdxsite.cli import main
from mdxsite.openapi.expand import operations
from mdxsite.openapi.load import load_path
from mdxsite.openapi.schema import resolve

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
    # no search index and no hosting files (a .md copy of each page, llms.txt, robots.txt,
    # 404.html): no test here reads them, every page and fragment the tests read is the same
    # byte for byte without them, and they were a third (Pagefind) and then a quarter (the
    # copies: 86 -> 66 s of CPU) of this build, the longest fixture of the parallel suite
    result = CliRunner().invoke(main, ["--disable-plugin", "search", "--disable-plugin",
                                       "hosting", "build", str(root), "-o", str(root / "_out")])
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


def _schema_fields(data: dict, raw: object, seen: frozenset[str] = frozenset()) -> set[str]:
    """The top-level field names a reader should see for a response schema (read from the
    document here, not through the walker under test): allOf merged, array items opened,
    writeOnly fields left out."""
    schema = raw
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str):
        if schema["$ref"] in seen:
            return set()
        seen = seen | {schema["$ref"]}
        schema = resolve(data, schema["$ref"])
    if not isinstance(schema, dict):
        return set()
    if schema.get("type") == "array" or (isinstance(schema.get("items"), dict) and
                                         "properties" not in schema):
        return _schema_fields(data, schema.get("items") or {}, seen)
    names = set()
    for part in schema.get("allOf") or []:
        names |= _schema_fields(data, part, seen)
    for name, prop in (schema.get("properties") or {}).items():
        target = prop
        while isinstance(target, dict) and isinstance(target.get("$ref"), str):
            target = resolve(data, target["$ref"])
        if not (isinstance(target, dict) and target.get("writeOnly") is True):
            names.add(name)
    return names


@pytest.mark.parametrize("spec", SPECS, ids=lambda p: p.name)
def test_every_response_with_fields_shows_them_and_nothing_is_cut(built: Path, spec: Path) -> None:
    data = load_path(spec).data
    checked = 0
    for page in (built / spec.stem.lower()).rglob("index.html"):
        doc = page.read_text()
        assert "api-truncated" not in doc, page
        endpoint = re.search(r'<span class="api-method api-method-(\w+)">\w+</span>\s*'
                             r'<code class="api-path">([^<]+)</code>', doc)
        assert endpoint, page
        method, route = endpoint.group(1), html.unescape(endpoint.group(2))
        if method == "webhook" or route not in (data.get("paths") or {}):
            continue
        op = data["paths"][route][method]
        for status, raw in (op.get("responses") or {}).items():
            response = raw
            while isinstance(response, dict) and "$ref" in response:
                response = resolve(data, response["$ref"])
            for media in ((response or {}).get("content") or {}).values():
                expected = _schema_fields(data, (media or {}).get("schema") or {})
                if not expected:
                    continue
                section = re.search(rf'<section class="api-response" data-status="'
                                    rf'{re.escape(str(status))}">(.*?)</section>', doc, re.S)
                assert section, f"{page}: no {status} section"
                shown = set(re.findall(r'data-field="([^"]*)"', section.group(1)))
                missing = {n for n in expected if html.escape(n) not in shown}
                assert not missing, f"{method.upper()} {route} {status}: {sorted(missing)[:5]}"
                checked += 1
        # a nested schema loaded on demand has its fragment in the output
        for src in set(re.findall(r'data-src="([^"]+)"', doc)):
            assert (built / html.unescape(src).lstrip("/")).is_file(), src
    if spec.stem in ("stripe-spec3-2022-04", "box", "discord"):
        assert checked > 100, checked
