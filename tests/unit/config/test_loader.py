"""docs.json loading: the source map and $ref files, fed real files in a temp folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdxsite.config import loader, sourcemap
from mdxsite.errors import JsonPath, Location, MdxsiteError


def test_source_map_locates_values_and_keys() -> None:
    text = '{\n  "name": "T",\n  "navigation": {\n    "pages": ["a", "b"]\n  }\n}\n'
    value, smap = sourcemap.parse(text, "docs.json")
    assert value == {"name": "T", "navigation": {"pages": ["a", "b"]}}
    assert smap.value(("navigation", "pages", 1)) == Location("docs.json", 4, 20)
    assert smap.key(("navigation", "pages")) == Location("docs.json", 4, 5)


def test_source_map_parses_escapes_numbers_and_unicode() -> None:
    value, _ = sourcemap.parse('{"a": "x\\n\\u00e9\\"", "b": -1.5e2, "c": [true, false, null]}', "f")
    assert value == {"a": 'x\né"', "b": -150.0, "c": [True, False, None]}


@pytest.mark.parametrize("text,message", [
    ('{"a": 1', "docs.json:1:8: expected ',' or '}' after a value"),
    ('{"a": "b\n"}', "docs.json:1:7: a string is not closed on its line"),
    ('{"a": 01x}', "docs.json:1:9: expected ',' or '}' after a value"),
    ('', "docs.json:1:1: the document ends where a value was expected"),
])
def test_syntax_errors_are_located(text: str, message: str) -> None:
    with pytest.raises(MdxsiteError) as err:
        sourcemap.parse(text, "docs.json")
    assert str(err.value.problems[0]).startswith(message)


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def test_ref_loads_files_relative_to_their_holder_and_merges_siblings(tmp_path: Path) -> None:
    _write(tmp_path, {
        "docs.json": '{"name": "T", "navigation": {"$ref": "nav/main.json"}}',
        "nav/main.json": '{"languages": [{"$ref": "en.json", "default": true}]}',
        "nav/en.json": '{"language": "en", "default": false,\n "pages": ["index"]}',
    })
    raw, locator = loader.load(tmp_path)
    assert raw["navigation"] == {"languages": [{"language": "en", "default": True, "pages": ["index"]}]}
    # values keep the file they were written in
    assert locator.value(JsonPath(("navigation", "languages", 0, "pages", 0))) == \
        Location("nav/en.json", 2, 12)
    assert locator.value(JsonPath(("navigation", "languages", 0, "default"))) == \
        Location("nav/main.json", 1, 47)


def test_ref_with_a_pointer_takes_part_of_the_file(tmp_path: Path) -> None:
    _write(tmp_path, {
        "docs.json": '{"name": "T", "redirects": {"$ref": "shared.json#/redirects"}}',
        "shared.json": '{"redirects": [{"source": "/a", "destination": "/b"}]}',
    })
    raw, _ = loader.load(tmp_path)
    assert raw["redirects"] == [{"source": "/a", "destination": "/b"}]


def test_missing_docs_json_says_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(MdxsiteError) as err:
        loader.load(tmp_path)
    assert "no docs.json" in str(err.value) and "Create docs.json with at least a name" in str(err.value)


def test_a_mint_json_site_is_read_as_its_upgraded_docs_json(tmp_path: Path) -> None:
    (tmp_path / "mint.json").write_text('{"name": "Old", "tabs": [{"name": "API", "url": "api"}],'
                                        ' "navigation": [{"group": "G", "pages": ["index", "api/a"]}]}')
    raw, locator = loader.load(tmp_path)
    assert raw["navigation"] == {"tabs": [{"tab": "Documentation", "groups": [{"group": "G", "pages": ["index"]}]},
                                          {"tab": "API", "groups": [{"group": "G", "pages": ["api/a"]}]}]}
    assert locator.upgraded == ["navigation", "tabs"] and locator.default.file == "mint.json"
