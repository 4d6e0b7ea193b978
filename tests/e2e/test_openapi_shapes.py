"""Shapes real OpenAPI documents use, built into a small site and read as a reader sees them.

Each spec below is written for its test; the shapes come from real documents (a FastAPI
export, a hand-written 3.1 file), not their text.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdxsite.cli import main

SPEC = """openapi: 3.1.0
info: {title: Shapes, version: '1'}
servers: [{url: 'https://api.example.test'}]
paths:
  /things/{thingId}:
    get:
      summary: Get a thing
      parameters:
        - name: thingId
          in: path
          required: true
          description: The thing's identifier.
          schema: {type: string, description: The thing's identifier., example: th_123}
        - name: country
          in: query
          schema: {type: string, example: US, pattern: '^[A-Z]{2}$'}
        - name: sort
          in: query
          description: Order of the list.
          schema: {type: string, default: asc, enum: [asc, desc], description: Sort order}
        - name: cursor
          in: query
          schema:
            anyOf: [{type: string}, {type: 'null'}]
            title: Cursor
      responses:
        '200':
          description: The thing
          headers:
            X-Left:
              description: Requests left.
              schema: {type: integer, description: Requests left.}
  /imports:
    post:
      summary: Import files
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              required: [archive]
              properties:
                archive: {type: string, contentMediaType: application/zip}
                photo: {type: string, contentMediaType: image/png, contentEncoding: base64}
                manifest: {type: string, contentMediaType: application/json}
      responses: {'200': {description: ok}}
"""


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("shapes")
    (root / "openapi.yaml").write_text(SPEC)
    (root / "docs.json").write_text(
        '{"theme": "mint", "name": "Shapes", "colors": {"primary": "#0D9373"},'
        ' "navigation": {"groups": [{"group": "API", "pages": ["thing", "imports"]}]}}')
    (root / "thing.mdx").write_text('---\nopenapi: "GET /things/{thingId}"\n---\n')
    (root / "imports.mdx").write_text('---\nopenapi: "POST /imports"\n---\n')
    built = root.parent / "shapes-out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(built), "--no-cache"])
    assert result.exit_code == 0, result.output
    return built


def _text(doc: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", doc)))


@pytest.fixture(scope="module")
def page(out: Path) -> str:
    doc = (out / "thing" / "index.html").read_text()
    return _text(doc[doc.index("<main"):doc.index('<aside class="api-examples"')])


def field(text: str, name: str, location: str) -> str:
    """The text of one parameter's field, from its name to the next field's '#' link."""
    start = text.index(f"# {name} ")
    end = text.find(" # ", start + 2)
    section = text.find(" Responses ", start)
    return text[start:min(e for e in (end, section) if e > 0)]


def test_a_schema_example_is_written_once(page: str) -> None:
    # the schema's example was shown by its notes and again as the parameter's example
    assert field(page, "country", "query").count("Example: US") == 1
    assert field(page, "thingId", "path").count("Example: th_123") == 1


def test_a_default_or_allowed_value_is_not_also_an_example(page: str) -> None:
    sort = field(page, "sort", "query")
    assert "Default: asc" in sort and "Allowed values: asc desc" in sort
    assert "Example" not in sort


def test_the_parameter_description_replaces_its_schema_description(page: str) -> None:
    # as the platform's converter does: the parameter's description, once; the schema's
    # only when the parameter has none
    assert field(page, "thingId", "path").count("The thing's identifier.") == 1
    sort = field(page, "sort", "query")
    assert "Order of the list." in sort and "Sort order" not in sort
    assert page.count("Requests left.") == 1


def test_an_optional_value_reads_as_nullable_not_as_options(page: str) -> None:
    cursor = field(page, "cursor", "query")
    assert cursor.startswith("# cursor string | null query")
    assert "Any of" not in cursor and "any" not in cursor


def test_a_binary_content_media_type_is_a_file_upload(out: Path) -> None:
    # OpenAPI 3.1 writes a file as a string with a binary contentMediaType (the platform's
    # docs: images, audio, video, PDFs, archives; not structured types such as JSON): it is a
    # file input in the playground and an uploaded file in the samples, not a text field
    doc = (out / "imports" / "index.html").read_text()
    inputs = re.findall(r'<input type="file" data-pg-part="([^"]+)"', doc)
    assert inputs == ["archive", "photo"]
    text = _text(doc)
    assert "archive string<binary> required" in text and "photo string<base64>" in text
    assert "manifest string " in text
    assert "--form 'archive=@<path>'" in text and "--form 'photo=@<path>'" in text
    assert "--form-string 'manifest=<string>'" in text
