"""Loading OpenAPI documents: normalised keys and values, and source positions."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from mdxsite.errors import JsonPath
from mdxsite.openapi.load import Document, parse, per_process


def test_integer_status_codes_and_dates_become_strings() -> None:
    doc = parse("openapi: 3.1.0\npaths:\n  /a:\n    get:\n      responses:\n"
                "        200: {description: ok}\ninfo: {version: 2024-01-31}\n", "api.yaml")
    assert list(doc.data["paths"]["/a"]["get"]["responses"]) == ["200"]
    assert doc.data["info"]["version"] == "2024-01-31"


def test_json_documents_load_with_positions() -> None:
    doc = parse('{\n  "openapi": "3.0.0",\n  "paths": {\n    "/a": {}\n  }\n}\n', "api.json")
    assert doc.data == {"openapi": "3.0.0", "paths": {"/a": {}}}
    assert str(doc.where(JsonPath(("paths", "/a")))) == "api.json:4:11"
    # a path that does not exist is placed at its nearest existing parent
    assert str(doc.where(JsonPath(("paths", "/a", "get")))) == "api.json:4:11"


def test_aliases_share_data() -> None:
    doc = parse("a: &x {k: 1}\nb: *x\n", "api.yaml")
    assert doc.data["b"] == {"k": 1}


def test_a_document_rewritten_within_one_clock_tick_is_loaded_again(tmp_path: Path) -> None:
    # a dev server renders API pages from the document it loaded: a second save that the
    # file system stamps with the same modification time must still be seen
    spec = tmp_path / "openapi.json"

    def load() -> Document:
        return Document(name="openapi.json", data=json.loads(spec.read_text(encoding="utf-8")))

    spec.write_text('{"info": {"title": "One"}}', encoding="utf-8")
    first = spec.stat().st_mtime_ns
    assert per_process(tmp_path, "openapi.json", "OpenAPI", load).data["info"]["title"] == "One"
    spec.write_text('{"info": {"title": "Second"}}', encoding="utf-8")
    os.utime(spec, ns=(first, first))  # the same tick as the first save
    assert per_process(tmp_path, "openapi.json", "OpenAPI", load).data["info"]["title"] == "Second"


def test_plain_scalars_read_as_the_platform_reads_them_on_the_page(tmp_path: Path) -> None:
    # YAML 1.1 (PyYAML's own rules) read NO as false, 12:30 as 750, 1e6 as a string and the
    # keys on and off as true and false; the platform's parser keeps what was written
    from click.testing import CliRunner

    from mdxsite.cli import main

    (tmp_path / "docs.json").write_text(json.dumps({
        "name": "T", "theme": "mint", "colors": {"primary": "#112233"},
        "navigation": {"groups": [{"group": "API", "openapi": "api.yaml"}]}}))
    (tmp_path / "api.yaml").write_text(
        "openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\nservers: [{url: 'https://x.test'}]\n"
        "paths:\n  /x:\n    get:\n      summary: Get x\n      parameters:\n"
        "        - {name: country, in: query, schema: {type: string, enum: [DE, NO, SE]}}\n"
        "        - {name: at, in: query, required: true, schema: {type: string, example: 12:30}}\n"
        "        - {name: big, in: query, schema: {type: number, maximum: 1e6}}\n"
        "      responses:\n        '200':\n          description: ok\n          content:\n"
        "            application/json:\n              schema:\n                type: object\n"
        "                properties: {on: {type: boolean}, off: {type: string}}\n")
    result = CliRunner().invoke(main, ["build", str(tmp_path), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out" / "api-reference" / "get-x" / "index.html").read_text()
    assert "Allowed values: <code>DE</code> <code>NO</code> <code>SE</code>" in page
    assert "at=12%3A30" in page and "750" not in page
    assert "&lt;= 1000000<" in page
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "application/json object on boolean off string" in text, text


def test_a_path_item_written_as_a_ref_gets_its_pages(tmp_path: Path) -> None:
    # OpenAPI 3.1's components.pathItems: the path item is a $ref, with a description of
    # its own beside it; a broken one is reported, located
    from click.testing import CliRunner

    from mdxsite.cli import main

    (tmp_path / "docs.json").write_text(json.dumps({
        "name": "T", "theme": "mint", "colors": {"primary": "#112233"},
        "navigation": {"groups": [{"group": "API", "openapi": "api.yaml"}]}}))
    spec = ("openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths:\n"
            "  /pets/{petId}: {$ref: '#/components/pathItems/Pet', description: Beside the ref.}\n"
            "components:\n  pathItems:\n    Pet:\n      description: The target's.\n"
            "      parameters: [{name: petId, in: path, required: true, schema: {type: string}}]\n"
            "      get: {summary: Get pet, responses: {'200': {description: ok}}}\n"
            "      delete: {summary: Delete pet, responses: {'204': {description: gone}}}\n")
    (tmp_path / "api.yaml").write_text(spec)
    result = CliRunner().invoke(main, ["build", str(tmp_path), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    copy = (tmp_path / "out" / "api-reference" / "get-pet.md").read_text()
    assert copy.startswith("# Get pet\n\n`GET /pets/{petId}`\n")
    assert "- `petId` · string · path · required" in copy
    assert (tmp_path / "out" / "api-reference" / "delete-pet" / "index.html").is_file()
    assert CliRunner().invoke(main, ["openapi-check", str(tmp_path / "api.yaml")]).exit_code == 0
    (tmp_path / "api.yaml").write_text(spec.replace("pathItems/Pet'", "pathItems/Cat'"))
    result = CliRunner().invoke(main, ["openapi-check", str(tmp_path / "api.yaml")])
    assert result.exit_code == 1
    assert "api.yaml:4:25: paths./pets/{petId}.$ref: reference '#/components/pathItems/Cat' " \
        "points to nothing" in result.output, result.output
