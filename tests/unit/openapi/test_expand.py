"""Building a site whose navigation lists OpenAPI endpoints: every operation gets a page."""

from __future__ import annotations

import json
import traceback
from pathlib import Path

from click.testing import CliRunner

from mdxsite.cli import main

SPEC = """openapi: 3.1.0
info: {title: Pets, version: '1'}
paths:
  /pets/{petId}:
    parameters: [{name: petId, in: path, required: true, schema: {type: string}}]
    get:
      operationId: showPet
      summary: Show a pet
      description: 'Returns <script>alert(1)</script> one pet.'
      responses: {'200': {description: The pet}}
    delete:
      operationId: deletePet
      responses: {'204': {description: Gone}}
  /secret:
    get: {operationId: secret, x-hidden: true, responses: {}}
webhooks:
  newPet:
    post: {operationId: newPet, summary: New pet, responses: {'200': {description: ok}}}
"""


def site(tmp_path: Path, groups: list, tabs: list | None = None) -> Path:
    (tmp_path / "index.mdx").write_text("---\ntitle: Home\n---\nHello\n")
    (tmp_path / "pets.yaml").write_text(SPEC)
    config = {"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "T",
              "colors": {"primary": "#112233"}, "navigation": {"tabs": tabs} if tabs else {"groups": groups}}
    (tmp_path / "docs.json").write_text(json.dumps(config, indent=2))
    return tmp_path


def build(root: Path) -> tuple[int, str, Path]:
    out = root / "_out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out)])
    # an exception that escaped the CLI is a bug: name it in the failure, not just "exit 1"
    problem = "" if result.exception is None or isinstance(result.exception, SystemExit) else \
        "".join(traceback.format_exception(result.exception))
    return result.exit_code, result.output + problem, out


def test_openapi_group_gets_every_visible_operation(tmp_path: Path) -> None:
    # (the navigation checks ask groups for "pages", so a tab carries the bare openapi field)
    root = site(tmp_path, [], tabs=[{"tab": "Guides", "groups": [
        {"group": "Start", "pages": ["index"]}]}, {"tab": "API", "openapi": "pets.yaml"}])
    code, output, out = build(root)
    assert code == 0, output
    # the platform's URLs: directory / first tag / summary (method and path without one)
    page = (out / "api-reference" / "show-a-pet" / "index.html").read_text()
    assert "/pets/{petId}" in page and "GET" in page and "petId" in page
    assert "<script>alert(1)</script>" not in page  # the sanitiser drops it, content too
    assert "alert(1)" not in page and "Returns  one pet." in page
    assert (out / "api-reference" / "delete-pets" / "index.html").exists()
    assert (out / "api-reference" / "new-pet" / "index.html").exists()
    # x-hidden: built and reachable by URL, but not in the sidebar
    assert (out / "api-reference" / "get-secret" / "index.html").exists()
    assert "/api-reference/get-secret/" not in page


def test_listed_endpoint_missing_from_spec_is_located(tmp_path: Path) -> None:
    root = site(tmp_path, [{"group": "Start", "pages": ["index"]},
                           {"group": "API", "openapi": "pets.yaml",
                            "pages": ["GET /pets/{petId}", "POST /nowhere"]}])
    code, output, _out = build(root)
    assert code == 1, output
    assert "endpoint 'POST /nowhere' is not in the OpenAPI document 'pets.yaml'" in output
    assert "docs.json:" in output


def test_a_description_written_beside_a_ref_is_this_uses_own(tmp_path: Path) -> None:
    # OpenAPI 3.1's reference object: its summary and description override the target's, and
    # a schema's $ref siblings apply beside it; the platform shows them
    spec = """openapi: 3.1.0
info: {title: T, version: '1'}
paths:
  /enroll:
    post:
      summary: Enroll
      parameters:
        - {$ref: '#/components/parameters/Branch', description: The branch to enroll in.}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                record: {$ref: '#/components/schemas/Record', description: Give this or an id.}
      responses:
        '200': {$ref: '#/components/responses/Done', description: Enrolled.}
components:
  parameters:
    Branch: {name: branch, in: query, schema: {type: string}, description: Any branch.}
  schemas:
    Record: {type: object, description: A stored record., properties: {phone: {type: string}}}
  responses:
    Done: {description: Done.}
"""
    root = site(tmp_path, [{"group": "API", "openapi": "pets.yaml"}])
    (root / "pets.yaml").write_text(spec)
    code, output, out = build(root)
    assert code == 0, output
    page = (out / "api-reference" / "enroll" / "index.html").read_text()
    for own, target in (("The branch to enroll in.", "Any branch."),
                        ("Give this or an id.", "A stored record."), ("Enrolled.", "Done.")):
        assert own in page and target not in page, (own, target)


def test_an_example_or_nullable_written_beside_a_ref_is_this_uses_own(tmp_path: Path) -> None:
    # a 3.0 document, where the specification says to ignore them: the platform's parser
    # still keeps each key written beside a $ref over the target's, and shows them
    spec = """openapi: 3.0.3
info: {title: T, version: '1'}
servers: [{url: 'https://api.example.com'}]
paths:
  /pay:
    post:
      summary: Record a payment
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                paid_on: {$ref: '#/components/schemas/Day', example: '2023-05-27'}
                left_on: {$ref: '#/components/schemas/Day', nullable: true}
                opened_on: {$ref: '#/components/schemas/Day'}
      responses: {'200': {description: ok}}
components:
  schemas:
    Day: {type: string, format: date, example: '2019-05-17'}
"""
    root = site(tmp_path, [{"group": "API", "openapi": "pets.yaml"}])
    (root / "pets.yaml").write_text(spec)
    code, output, out = build(root)
    assert code == 0, output
    copy = (out / "api-reference" / "record-a-payment.md").read_text()
    assert "- `left_on` · string<date> | null\n- `opened_on` · string<date>\n" in copy, copy
    assert '''--data '{
  "paid_on": "2023-05-27",
  "left_on": "2019-05-17",
  "opened_on": "2019-05-17"
}\'''' in copy, copy


def test_a_documents_warnings_print_in_its_line_order_as_openapi_check_prints_them(
        tmp_path: Path) -> None:
    # the build printed them last line first (the checks walk the document with a stack)
    spec = """openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /a:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}
  /b:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/B'}}}}
  /c:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/C'}}}}
"""
    root = site(tmp_path, [{"group": "API", "openapi": "pets.yaml"}])
    (root / "pets.yaml").write_text(spec)
    code, output, _out = build(root)
    assert code == 0, output
    lines = [int(line.split(":")[1]) for line in output.splitlines()
             if line.startswith("pets.yaml:") and "[openapi.broken-ref]" in line]
    assert lines == [7, 11, 15], output
    check = CliRunner().invoke(main, ["openapi-check", str(root / "pets.yaml")])
    assert [int(line.split(":")[1]) for line in check.output.splitlines()
            if "points to nothing" in line] == lines, check.output


def test_an_example_written_beside_a_parameters_schema_ref_fills_its_playground_and_sample(
        tmp_path: Path) -> None:
    spec = """openapi: 3.0.3
info: {title: T, version: '1'}
servers: [{url: 'https://api.example.com'}]
paths:
  /days:
    get:
      summary: List days
      parameters:
        - {name: since, in: query, schema: {$ref: '#/components/schemas/Day', example: '2023-05-27'}}
      responses: {'200': {description: ok}}
components:
  schemas:
    Day: {type: string, format: date}
"""
    root = site(tmp_path, [{"group": "API", "openapi": "pets.yaml"}])
    (root / "pets.yaml").write_text(spec)
    code, output, out = build(root)
    assert code == 0, output
    page = (out / "api-reference" / "list-days" / "index.html").read_text()
    assert 'data-pg-param="since" data-in="query" value="" placeholder="2023-05-27"' in page, page
    copy = (out / "api-reference" / "list-days.md").read_text()
    assert "https://api.example.com/days?since=2023-05-27" in copy, copy
