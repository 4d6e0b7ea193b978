"""``x-platform`` (``x-mint`` in sites written for the platform) on every object where the
platform reads it, as the built pages show it: the operation's metadata, content and href,
a schema's pills, a security scheme's ``x-default``; and, for what a static site cannot do
(the hosted MCP server, signed-in readers) or a key the platform does not read there, a
warning located in the document (file:line:column and JSON path)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from mdxsite.cli import main

SPEC = """\
openapi: 3.1.0
info: {title: Plants, version: "1"}
x-mint:
  mcp: {enabled: true}
servers: [{url: "https://api.example.com"}]
security: [{apiKey: []}]
paths:
  /plants:
    x-mint: {metadata: {title: Ignored}}
    get:
      summary: List plants
      x-mint:
        metadata: {title: All the plants, sidebarTitle: Plants, playground: simple, tag: Beta}
        content: "<Note>Paginated: 50 a page.</Note>"
        mcp: {enabled: true, name: list-plants}
      parameters:
        - name: kind
          in: query
          x-mint: {pre: [nope]}
          schema: {type: string, x-mint: {pre: [PII], post: [indexed, unique]}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Plant"}
    post:
      summary: Create a plant
      x-platform:
        metdata: {title: Typo}
        playground: {expand: false}
        metadata: {openapi: GET /plants, playground: auth, groups: [admin]}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                name: {type: string, x-platform: {post: [required-soon]}}
                x-mint: {type: string, description: a property that is called x-mint}
      responses:
        "201": {description: created}
  /plants/{id}:
    delete:
      summary: Delete a plant
      x-mint: {content: 42, mcp: {enabled: true}}
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses:
        "204": {description: gone}
components:
  securitySchemes:
    apiKey: {type: apiKey, in: header, name: X-API-Key, x-default: test-key-123}
  schemas:
    Plant:
      type: object
      properties:
        id: {type: string, x-mint: {pre: [ID], post: [read-only-ish]}}
        secret: {$ref: "#/components/schemas/Secret", x-mint: {post: [encrypted]}}
    Secret: {type: string}
"""


def build_api(root: Path, spec: str, name: str = "api.yaml",
              *options: str) -> tuple[Result, Path]:
    """Build a site of one tab whose "openapi" is ``spec`` (written as ``name``)."""
    (root / name).write_text(spec)
    (root / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "X", "colors": {"primary": "#112233"},
        "navigation": {"tabs": [{"tab": "API", "openapi": name}]}}))
    out = root / "out"
    return CliRunner().invoke(main, ["build", str(root), "-o", str(out), *options]), out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, Path]:
    return build_api(tmp_path_factory.mktemp("ext"), SPEC)


def page(out: Path, key: str) -> str:
    return (out / key / "index.html").read_text()


def head(doc: str, name: str) -> str:
    """The text of the field line of ``name`` (its pills, name and badges, in order)."""
    found = re.search(r'<div class="field-head">((?:(?!</div>).)*<code class="field-name">'
                      + re.escape(name) + r"</code>.*?)</div>", doc)
    assert found, name
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def test_operation_metadata_content_and_the_alias(built: tuple[Result, Path]) -> None:
    result, out = built
    assert result.exit_code == 0, result.output
    doc = page(out, "api-reference/list-plants")
    assert "<title>All the plants" in doc                    # metadata.title
    # sidebarTitle and tag, in the sidebar
    assert re.search(r'href="/api-reference/list-plants/"[^>]*>[^\n]*<span>Plants</span>'
                     r'<span class="nav-tag">Beta</span></a>', doc)
    assert 'data-mode="simple"' in doc                       # metadata.playground
    assert re.search(r'<div class="api-content"><div class="callout callout-note".*?'
                     r'<div class="callout-body">Paginated: 50 a page\.</div>', doc,
                     re.S)                                   # content, as MDX
    # x-platform is read as x-mint is: the misspelt key did nothing, the real one did
    post = page(out, "api-reference/create-a-plant")
    assert "<title>Create a plant" in post
    assert "data-playground" not in post                     # playground "auth": nobody


def test_schema_pills_before_and_after_the_name(built: tuple[Result, Path]) -> None:
    _, out = built
    doc = page(out, "api-reference/list-plants")
    assert head(doc, "kind") == "# PII kind string query indexed unique"
    assert head(doc, "id") == "ID id string read-only-ish"
    assert head(doc, "secret") == "secret string encrypted"  # beside a $ref
    post = page(out, "api-reference/create-a-plant")
    assert head(post, "name") == "name string required-soon"
    assert head(post, "x-mint") == "x-mint string"           # a property, not the extension


def test_security_scheme_x_default_prefills_the_playground(built: tuple[Result, Path]) -> None:
    _, out = built
    doc = page(out, "api-reference/list-plants")
    field = re.search(r'<input type="text" data-pg-auth="apiKey"[^>]*>', doc)
    assert field and 'value="test-key-123"' in field.group(0)


def test_what_is_not_honoured_is_a_located_warning(built: tuple[Result, Path]) -> None:
    result, _ = built
    lines = [line for line in result.output.splitlines() if line.startswith("api.yaml:")]
    expected = [
        r"api\.yaml:4:18: warning: x-mint\.mcp\.enabled: mcp\.enabled exposes every operation "
        r"of the document as tools of the platform's hosted MCP server \(enabled here and in 2 "
        r"more places\); mdxsite serves no MCP server, so none is exposed\. Remove mcp, or "
        r"serve the API through an MCP server of your own\. \[openapi\.extension-mcp\]",
        r"api\.yaml:9:\d+: warning: paths\./plants\.x-mint: x-mint on a path item is not read; "
        r"it is ignored\. Put it on each of its operations\. \[openapi\.extension-place\]",
        r"api\.yaml:19:\d+: warning: paths\./plants\.get\.parameters\[0\]\.x-mint: x-mint on a "
        r"parameter is not read; it is ignored\. Put it where the platform reads it: the "
        r"document, an operation or a schema\. \[openapi\.extension-place\]",
        r"api\.yaml:30:\d+: warning: paths\./plants\.post\.x-platform\.metdata: "
        r"x-platform\.metdata is not read on an operation; it is ignored\. Did you mean "
        r"'metadata'\? \[openapi\.extension-key\]",
        r"api\.yaml:31:\d+: warning: paths\./plants\.post\.x-platform\.playground\.expand: the "
        r"playground edits a body as JSON text, with no object fields to collapse; expand: "
        r"false changes nothing\. Remove it\. \[openapi\.extension-expand\]",
        r"api\.yaml:32:\d+: warning: paths\./plants\.post\.x-platform\.metadata\.openapi: "
        r"metadata\.openapi is the one frontmatter field that cannot be set here; it is "
        r"ignored\. Remove it\. \[openapi\.extension-metadata\]",
        r"api\.yaml:32:\d+: warning: paths\./plants\.post\.x-platform\.metadata\.playground: "
        r"playground 'auth' shows the playground to signed-in readers only; a static site has "
        r"no sign-in, so this page shows none\. Use \"interactive\", \"simple\" or \"none\"\. "
        r"\[openapi\.extension-auth\]",
        r"api\.yaml:32:\d+: warning: paths\./plants\.post\.x-platform\.metadata\.groups: groups "
        r"keeps the page \(or its playground\) to signed-in readers of those groups; a static "
        r"site has no sign-in, so it is ignored\. Remove groups\. \[openapi\.extension-auth\]",
        r"api\.yaml:46:\d+: warning: paths\./plants/\{id\}\.delete\.x-mint\.content: "
        r"x-mint\.content must be a string, got int; it is ignored\. Write the MDX as one "
        r"string\. \[openapi\.extension-type\]",
    ]
    for pattern in expected:
        assert any(re.fullmatch(pattern, line) for line in lines), (pattern, lines)
    assert len(lines) == len(expected), lines
    assert "Traceback" not in result.output


def test_a_document_without_the_extension_builds_without_warnings(tmp_path: Path) -> None:
    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("x-mint", "x-platform")}
        return [strip(v) for v in value] if isinstance(value, list) else value

    result, out = build_api(tmp_path, json.dumps(strip(yaml.safe_load(SPEC))), "api.json",
                            "--strict")
    assert result.exit_code == 0, result.output
    assert "api-pill" not in page(out, "api-reference/list-plants")


CONTENT_SPEC = """\
openapi: 3.1.0
info: {title: Plants, version: "1"}
paths:
  /plants:
    get:
      summary: List plants
      x-mint:
        content: |
          Water {plants.length} plants.

          <Warning>
          Unclosed
      responses: {"200": {description: ok}}
webhooks:
  planted:
    post:
      summary: Planted
      x-platform: {content: "A <Sprout>new</Sprout> plant."}
      responses: {"200": {description: ok}}
"""


def test_what_the_mdx_of_a_content_gets_wrong_is_a_warning_at_the_content(
        tmp_path: Path) -> None:
    # the MDX of x-mint content was rendered with its warnings and errors dropped: an
    # expression left out, or the whole content shown as text, without a word
    result, out = build_api(tmp_path, CONTENT_SPEC)
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("api.yaml:")]
    assert lines == [
        "api.yaml:8:18: warning: paths./plants.get.x-mint.content: line 1: {plants.length} "
        "uses 'plants', which is not defined; it is shown as text. Escape the braces as \\{ "
        "\\} if they are text. [mdx.undefined]",
        "api.yaml:8:18: warning: paths./plants.get.x-mint.content: line 3: <Warning> is not "
        "closed; the content is shown as text. Add </Warning> after its content. "
        "[openapi.content-mdx]",
        "api.yaml:18:29: warning: webhooks.planted.post.x-platform.content: line 1: <Sprout> "
        "is rendered as a plain box: mdxsite has no such component. Use one of the "
        "documented components, import a snippet, or add it with a plugin "
        "(mdxsite_components). [mdx.unknown-component]",
    ], result.output
    assert "&lt;Warning&gt;\nUnclosed" in page(out, "api-reference/list-plants")


def test_a_content_warning_points_at_the_extension_the_page_shows(tmp_path: Path) -> None:
    # with both extensions on an operation the page shows x-platform's content, and the
    # warning about it named x-mint's
    result, out = build_api(tmp_path, (
        "openapi: 3.1.0\ninfo: {title: B, version: '1'}\npaths:\n  /a:\n    get:\n"
        "      summary: A\n      x-mint: {content: 'Fine text.'}\n"
        "      x-platform: {content: 'Uses {missing}.'}\n"
        "      responses: {'200': {description: ok}}\n"))
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if "[mdx.undefined]" in line]
    assert len(said) == 1 and said[0].startswith(
        "api.yaml:8:29: warning: paths./a.get.x-platform.content: line 1: {missing} uses "), said
    assert "Fine text." not in page(out, "api-reference/a")


def test_two_operations_asking_for_one_href_is_a_warning(tmp_path: Path) -> None:
    # a slug made from two equal summaries takes -1 as the platform does; an x-mint.href is
    # a URL the author chose, and the second operation was moved off it without a word
    result, out = build_api(tmp_path, (
        "openapi: 3.1.0\ninfo: {title: H, version: '1'}\npaths:\n"
        "  /a:\n    get:\n      summary: A\n      x-mint: {href: /plants/list}\n"
        "      responses: {'200': {description: ok}}\n"
        "  /b:\n    get:\n      summary: B\n      x-mint: {href: /plants/list}\n"
        "      responses: {'200': {description: ok}}\n"
        "  /c:\n    get:\n      summary: Same\n      responses: {'200': {description: ok}}\n"
        "  /d:\n    get:\n      summary: Same\n      responses: {'200': {description: ok}}\n"))
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if "warning:" in line]
    assert len(warnings) == 1, result.output
    assert re.fullmatch(
        r"docs\.json:\d+:\d+: warning: GET /b of 'api\.yaml' asks for the URL /plants/list/ "
        r"\(x-mint\.href\), which GET /a already has; this one is at /plants/list-1/\. Give each "
        r"operation its own href\. \[openapi\.duplicate-url\]", warnings[0]), warnings
    assert "<title>B" in page(out, "plants/list-1")
    assert "<title>Same" in page(out, "api-reference/same-1")  # numbered, as the platform does
