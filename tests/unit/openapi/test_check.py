"""``mdxsite openapi-check``: the real specs pass, broken documents fail with located lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mdxsite.cli import main

SHARED = Path(__file__).resolve().parents[3] / ".." / "shared" / "openapi"
SPECS = sorted(p for p in SHARED.glob("*") if p.suffix in (".json", ".yaml", ".yml"))

HEAD = "openapi: 3.1.0\ninfo: {title: T, version: '1'}\n"


def run(tmp_path: Path, text: str) -> tuple[int, str]:
    spec = tmp_path / ("api.json" if text.startswith(("{", "[]")) else "api.yaml")
    spec.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["openapi-check", str(spec)])
    return result.exit_code, result.output


@pytest.mark.parametrize("spec", SPECS, ids=lambda p: p.name)
def test_real_specs_pass(spec: Path) -> None:
    result = CliRunner().invoke(main, ["openapi-check", str(spec)])
    assert result.exit_code == 0, result.output
    assert "valid OpenAPI 3." in result.output


BROKEN = [
    ("swagger", "swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}\n", 1,
     "api.yaml:1:10: swagger: Swagger 2.0 documents are not supported"),
    ("no-version", "info: {title: T, version: '1'}\npaths: {}\n", 1,
     "'openapi' must be a 3.0.x, 3.1.x or 3.2.x version string, got None"),
    ("version-2", "openapi: 2.0.0\ninfo: {title: T, version: '1'}\npaths: {}\n", 1,
     "api.yaml:1:10: openapi: 'openapi' must be a 3.0.x, 3.1.x or 3.2.x version string, got '2.0.0'"),
    ("version-number", "openapi: 3.1\ninfo: {title: T, version: '1'}\npaths: {}\n", 1,
     "got 3.1"),
    ("no-info", "openapi: 3.1.0\npaths: {}\n", 1, "'info' object is missing"),
    ("info-no-title", "openapi: 3.1.0\ninfo:\n  version: '1'\npaths: {}\n", 1,
     "api.yaml:3:3: info: 'info.title' is missing"),
    ("webhooks-3.0", "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\n"
     "webhooks:\n  ping: {post: {responses: {'200': {description: ok}}}}\n", 1,
     "webhooks: 'webhooks' needs OpenAPI 3.1"),
    ("3.0-no-paths", "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n", 1,
     "'paths' is required in OpenAPI 3.0"),
    ("paths-list", HEAD + "paths: [1]\n", 1, "api.yaml:3:8: paths: 'paths' must be an object"),
    ("path-no-slash", HEAD + "paths:\n  users: {}\n", 1, "path 'users' must start with '/'"),
    ("item-not-object", HEAD + "paths:\n  /a: 3\n", 1,
     "api.yaml:4:7: paths./a: a path item must be an object"),
    ("op-not-object", HEAD + "paths:\n  /a:\n    get: 3\n", 1,
     "api.yaml:5:10: paths./a.get: an operation must be an object"),
    ("duplicate-id", HEAD + "paths:\n  /a:\n    get: {operationId: x, responses: {}}\n"
     "  /b:\n    get: {operationId: x, responses: {}}\n", 1,
     "api.yaml:7:24: paths./b.get.operationId: operationId 'x' is used twice"),
    ("undeclared-param", HEAD + "paths:\n  /u/{id}:\n    get: {responses: {}}\n", 1,
     "path parameter 'id' of '/u/{id}' is not declared"),
    ("external-ref", HEAD + "paths:\n  /a:\n    get:\n      responses:\n"
     "        '200': {$ref: 'other.yaml#/R'}\n", 1,
     "paths./a.get.responses.200.$ref: external reference 'other.yaml#/R' is not supported"),
    ("broken-ref", HEAD + "paths:\n  /a:\n    get:\n      responses:\n"
     "        '200': {$ref: '#/components/responses/Nope'}\n", 1,
     "reference '#/components/responses/Nope' points to nothing"),
    ("broken-param-ref", HEAD + "paths:\n  /a:\n    parameters: [{$ref: '#/x'}]\n", 1,
     "paths./a.parameters[0].$ref: reference '#/x' points to nothing"),
    ("two-problems", "openapi: 3.0.0\ninfo: {version: '1'}\nwebhooks: {}\npaths: {}\n", 1,
     "failed: 2 problems"),
    ("not-yaml", "openapi: [3.1\n", 1, "api.yaml:2:1: not valid JSON or YAML"),
    ("not-json", '{"openapi": "3.1.0",\n  "info": }\n', 1, "api.json:2:11: not valid JSON"),
    ("top-list", "- 1\n- 2\n", 1, "api.yaml:1:1: an OpenAPI document must be a mapping"),
    ("top-scalar", "hello\n", 1, "must be a mapping at the top level"),
    ("too-deep", "openapi: 3.1.0\nx: " + "[" * 300 + "]" * 300 + "\n", 1,
     "nesting deeper than 200 levels"),
    ("json-too-deep", '{"openapi": "3.1.0", "x": ' + "[" * 300 + "]" * 300 + "}", 1,
     "api.json: nesting deeper than 200 levels"),
    ("json-top-list", "[]", 1,
     "must be a mapping at the top level"),
    ("json-dup-id", '{"openapi": "3.0.0", "info": {"title": "T", "version": "1"},\n'
     ' "paths": {"/a": {"get": {"operationId": "x", "responses": {}},\n'
     '                  "put": {"operationId": "x", "responses": {}}}}}', 1,
     "api.json:3:42: paths./a.put.operationId: operationId 'x' is used twice"),
    ("alias-bomb", "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
     + "".join(f"{c}: &{c} [{', '.join(['*' + p] * 10)}]\n"
               for p, c in zip("abcdefg", "bcdefgh")), 1, "YAML aliases expand to too many values"),
]


OP = HEAD + "paths:\n  /u/{id}:\n    get:\n"
BROKEN += [
    ("empty", "", 1, "api.yaml: the document is empty"),
    ("only-comments", "# nothing yet\n", 1, "api.yaml: the document is empty"),
    ("python-tag", "openapi: !!python/object/apply:os.system ['true']\n", 1,
     "api.yaml:1:10: the YAML tag '!!python/object/apply:os.system' is not part of JSON"),
    ("custom-tag", HEAD + "paths: !Paths {}\n", 1, "api.yaml:3:8: the YAML tag '!Paths'"),
    ("block-nesting", "openapi: 3.1.0\n" + "".join("  " * i + f"k{i}:\n" for i in range(5000)),
     1, "nesting deeper than 200 levels"),
    ("compact-nesting", "openapi: 3.1.0\nx:\n" + "- " * 5000 + "1\n", 1,
     "nesting deeper than 200 levels"),
    ("param-without-in", OP + "      parameters: [{name: id, in: path, required: true}, "
     "{name: q}]\n      responses: {'200': {description: ok}}\n", 1,
     "api.yaml:6:58: paths./u/{id}.get.parameters[1]: parameter 'q' has no 'in'"),
    ("param-in-body", OP + "      parameters: [{name: id, in: path, required: true}, "
     "{name: q, in: body}]\n      responses: {'200': {description: ok}}\n", 1,
     "paths./u/{id}.get.parameters[1].in: 'in' must be query, header, path or cookie, got 'body'"),
    ("header-form-style", OP + "      parameters: [{name: id, in: path, required: true}, "
     "{name: X-Ids, in: header, style: form, schema: {type: array}}]\n"
     "      responses: {'200': {description: ok}}\n", 1,
     "paths./u/{id}.get.parameters[1].style: style 'form' is not one of a header parameter's: "
     "simple"),
    ("path-deep-object", OP + "      parameters: [{name: id, in: path, required: true, "
     "style: deepObject}]\n      responses: {'200': {description: ok}}\n", 1,
     "style 'deepObject' is not one of a path parameter's: simple, label, matrix. Use one of "
     "them, or leave 'style' out (simple is the default)"),
    ("undefined-scheme", HEAD + "security: [{token: []}]\npaths: {}\n", 1,
     "api.yaml:3:20: security[0].token: security scheme 'token' is not defined"),
    ("undefined-op-scheme", OP + "      parameters: [{name: id, in: path, required: true}]\n"
     "      security: [{key: []}]\n      responses: {'200': {description: ok}}\n", 1,
     "paths./u/{id}.get.security[0].key: security scheme 'key' is not defined"),
    ("3.0-no-description", "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n"
     "    get:\n      responses: {'200': {content: {}}}\n", 1,
     "api.yaml:6:26: paths./a.get.responses.200: response '200' has no 'description'"),
    ("ref-cycle", HEAD + "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: '#/components/schemas/B'}\n"
     "    B: {$ref: '#/components/schemas/A'}\n", 1,
     "components.schemas.A.$ref: reference '#/components/schemas/B' never arrives at a value"),
    ("self-ref", HEAD + "paths: {}\n$ref: '#'\n", 1, "$ref: reference '#' never arrives"),
    ("path-item-ref-to-document", HEAD + "paths:\n  /a: {$ref: '#'}\n", 1,
     "api.yaml:4:14: paths./a.$ref: reference '#' does not point at a path item"),
    ("path-item-ref-to-a-string", HEAD + "paths:\n  /a: {$ref: '#/info/title'}\n", 1,
     "api.yaml:4:14: paths./a.$ref: reference '#/info/title' does not point at a path item"),
    # the platform's YAML parser refuses it; the later value would silently replace the first
    ("key-twice", HEAD + "paths:\n  /a:\n    get: {responses: {'200': {description: ok}}}\n"
     "  /a:\n    post: {responses: {'200': {description: ok}}}\n", 1,
     "api.yaml:6:3: the key '/a' is written twice in this mapping (first on line 4). Remove "
     "one of them, or merge what they hold"),
]


def test_a_schema_reaching_itself_through_a_property_is_fine(tmp_path: Path) -> None:
    exit_code, output = run(tmp_path, HEAD + "paths: {}\ncomponents:\n  schemas:\n    Tree:\n"
                            "      type: object\n      properties:\n        kids:\n"
                            "          type: array\n          items: {$ref: '#/components/schemas/Tree'}\n")
    assert exit_code == 0, output


def test_a_3_1_response_without_description_is_a_warning(tmp_path: Path) -> None:
    exit_code, output = run(tmp_path, HEAD + "paths:\n  /a:\n    get:\n"
                            "      responses: {'200': {content: {}}}\n")
    assert exit_code == 0, output
    assert "warning: paths./a.get.responses.200: response '200' has no 'description'" in output


@pytest.mark.parametrize(("text", "code", "line"), [b[1:] for b in BROKEN],
                         ids=[b[0] for b in BROKEN])
def test_broken_documents(tmp_path: Path, text: str, code: int, line: str) -> None:
    exit_code, output = run(tmp_path, text)
    assert exit_code == code, output
    assert line in output, output


def test_missing_file_is_unusable(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["openapi-check", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 1
    assert "nope.yaml: file not found. Check the path." in result.output


def test_ref_inside_example_is_data(tmp_path: Path) -> None:
    exit_code, output = run(tmp_path, HEAD + "paths:\n  /a:\n    get:\n      responses:\n"
                            "        '200':\n          description: ok\n          content:\n"
                            "            application/json:\n"
                            "              example: {$ref: 'elsewhere.yaml'}\n"
                            "              x-note: {$ref: '#/nowhere'}\n")
    assert exit_code == 0, output


def test_unused_path_param_is_a_warning(tmp_path: Path) -> None:
    exit_code, output = run(tmp_path, HEAD + "paths:\n  /a:\n    get:\n      parameters:\n"
                            "        - {name: id, in: path, required: true}\n"
                            "      responses: {}\n")
    assert exit_code == 0, output
    assert "warning: paths./a.get: path parameter 'id' does not appear in '/a'" in output
    assert "[openapi.unused-path-param]" in output


def test_two_paths_that_differ_only_in_parameter_names_warn_at_the_second(
        tmp_path: Path) -> None:
    item = ("    parameters: [{name: %s, in: path, required: true, schema: {type: string}}]\n"
            "    %s: {responses: {'200': {description: ok}}}\n")
    exit_code, output = run(tmp_path, HEAD + "paths:\n  /event/{name}:\n" + item % ("name", "get")
                            + "  /event/{id}:\n" + item % ("id", "put")
                            + "  /event/{id}/runs:\n" + item % ("id", "get"))
    assert exit_code == 0, output
    assert ("api.yaml:8:5: warning: paths./event/{id}: path '/event/{id}' is '/event/{name}' "
            "with other parameter names") in output, output
    assert "[openapi.duplicate-path]" in output
    assert output.count("openapi.duplicate-path") == 1, output   # /event/{id}/runs is another path


def test_an_openapi_3_2_document_is_checked_with_its_tag_tree(tmp_path: Path) -> None:
    # the platform takes 3.2 documents (their tags nest through parent); a 3.2.0 file failed
    # as "'openapi' must be a 3.0.x, 3.1.x or 3.2.x version string"
    good = ("openapi: 3.2.0\ninfo: {title: T, version: '1'}\ntags:\n"
            "  - {name: store, kind: nav}\n  - {name: plants, parent: store}\n"
            "  - {name: beta, kind: badge}\npaths: {}\n")
    exit_code, output = run(tmp_path, good)
    assert exit_code == 0, output
    bad = ("openapi: 3.2.0\ninfo: {title: T, version: '1'}\ntags:\n"
           "  - {name: a, parent: b}\n  - {name: b, parent: a}\n"
           "  - {name: c, parent: nowhere}\n  - {name: a}\npaths: {}\n")
    exit_code, output = run(tmp_path, bad)
    assert exit_code == 1, output
    assert "api.yaml:4:23: tags[0].parent: tag parents run in a circle: a -> b -> a" in output
    assert "api.yaml:6:23: tags[2].parent: tag 'c' has parent 'nowhere', which is not a " \
        "declared tag" in output
    assert "api.yaml:7:12: tags[3].name: tag 'a' is declared twice (first at tags[0])" in output
    # 3.1 has no tag tree: the same tags are not checked as one
    exit_code, output = run(tmp_path, bad.replace("3.2.0", "3.1.0"))
    assert exit_code == 0, output


def test_a_schema_written_on_the_response_or_a_body_without_content_is_located(
        tmp_path: Path) -> None:
    # the first mistakes the platform's troubleshooting page shows; both passed, and the
    # pages showed no body for them
    text = (HEAD + "paths:\n  /users:\n    get:\n      responses:\n        '200':\n"
            "          description: ok\n          type: object\n"
            "          properties: {id: {type: string}}\n"
            "    post:\n      requestBody:\n        description: A user\n"
            "        schema: {type: object}\n      responses: {'200': {description: ok}}\n")
    exit_code, output = run(tmp_path, text)
    assert exit_code == 1, output
    assert ("api.yaml:9:17: paths./users.get.responses.200.type: response '200' has 'type', "
            "which a response does not take") in output
    assert "api.yaml:13:9: paths./users.post.requestBody: requestBody has no 'content'" in output


def test_schemes_sending_the_authorization_header_together_are_a_warning(
        tmp_path: Path) -> None:
    # a request has one Authorization header: bearer and an API key named Authorization in
    # one requirement cannot both be sent; as alternatives they are fine
    exit_code, output = run(tmp_path, HEAD + "paths:\n  /a:\n    get:\n"
                            "      security: [{bearer: [], key: []}, {bearer: []}, {key: []}]\n"
                            "      responses: {'200': {description: ok}}\n"
                            "components:\n  securitySchemes:\n"
                            "    bearer: {type: http, scheme: bearer}\n"
                            "    key: {type: apiKey, in: header, name: authorization}\n")
    assert exit_code == 0, output
    assert ("api.yaml:6:18: warning: paths./a.get.security[0]: 'bearer' and 'key' each send the "
            "Authorization header, which a request carries once: the page shows and sends 'key' "
            "only, the last (as the platform does). List them as alternatives") in output
    assert output.count("[openapi.security-authorization]") == 1


def test_code_samples_the_platform_leaves_out_are_warnings(tmp_path: Path) -> None:
    exit_code, output = run(tmp_path, HEAD + "paths:\n  /a:\n    get:\n"
                            "      x-code-samples: {lang: bash, source: ls}\n"
                            "      responses: {'200': {description: ok}}\n")
    assert exit_code == 0, output
    assert ("api.yaml:6:23: warning: paths./a.get.x-code-samples: x-code-samples must be a list "
            "of samples; it is left out") in output
    exit_code, output = run(tmp_path, HEAD + "paths:\n  /a:\n    get:\n"
                            "      x-codeSamples: [{lang: bash, source: ls}, {lang: 3}]\n"
                            "      responses: {'200': {description: ok}}\n")
    assert "paths./a.get.x-codeSamples[1]: a code sample needs lang and source as text" in output
    assert output.count("[openapi.code-samples]") == 1


def test_server_variables_the_url_and_the_playground_disagree_on(tmp_path: Path) -> None:
    # the samples send a variable's default, the playground offers only its enum: a default
    # outside the enum sent two different URLs, and openapi-check said the document was valid
    servers = ("servers:\n"
               "  - url: https://{env}.example.com/{version}\n"
               "    variables:\n"
               "      env: {default: prod, enum: [staging, dev]}\n"
               "      region: {enum: [eu]}\n"
               "      zone: {default: a, enum: []}\n"
               "paths:\n  /a:\n    get:\n"
               "      servers: [{url: 'https://{host}/v1'}]\n"
               "      responses: {'200': {description: ok}}\n")
    exit_code, output = run(tmp_path, HEAD + servers)
    assert exit_code == 1, output
    lines = [line[line.index("api.yaml:"):] for line in output.splitlines()
             if "api.yaml:" in line]
    assert lines == [
        "api.yaml:4:10: warning: servers[0].url: {version} in the server URL has no variable, "
        "so the URL keeps it as it is. Define 'version' under this server's variables, with a "
        "default. [openapi.server-variable]",
        "api.yaml:6:22: servers[0].variables.env.default: the default 'prod' of server "
        "variable 'env' is not one of its enum values ('staging', 'dev'). Add it to enum or "
        "use one of them as the default.",
        "api.yaml:7:15: servers[0].variables.region: server variable 'region' has no default. "
        "Add the value the URL takes when the reader picks none.",
        "api.yaml:8:32: servers[0].variables.zone.enum: server variable 'zone' has an empty "
        "enum. List its values, or remove enum to allow any.",
        "api.yaml:12:23: warning: paths./a.get.servers[0].url: {host} in the server URL has no "
        "variable, so the URL keeps it as it is. Define 'host' under this server's variables, "
        "with a default. [openapi.server-variable]",
    ], output
    # OpenAPI 3.0 only says the default SHOULD be one of the enum's values
    exit_code, output = run(tmp_path, HEAD.replace("3.1.0", "3.0.3") + servers.replace(
        "      region: {enum: [eu]}\n", ""))
    assert exit_code == 0, output
    assert "warning: servers[0].variables.env.default: the default 'prod'" in output


def test_a_get_with_a_body_is_a_warning(tmp_path: Path) -> None:
    # a browser's fetch() refuses a body on GET or HEAD: the page's JavaScript sample threw
    # and the playground sent the request without it, with no word about it
    exit_code, output = run(tmp_path, HEAD + "paths:\n  /a:\n    get:\n"
                            "      requestBody:\n        content:\n          application/json:\n"
                            "            schema: {type: object}\n"
                            "      responses: {'200': {description: ok}}\n"
                            "    delete:\n"
                            "      requestBody: {content: {application/json: {}}}\n"
                            "      responses: {'200': {description: ok}}\n")
    assert exit_code == 0, output
    assert ("api.yaml:7:9: warning: paths./a.get.requestBody: a GET request carries no body "
            "from a browser: the playground sends it without one, and the JavaScript sample's "
            "fetch() throws (OpenAPI 3.0 says the body SHALL be ignored, 3.1 that it SHOULD be "
            "avoided). Send these fields as query parameters, or make it a POST. "
            "[openapi.get-body]") in output
    assert output.count("[openapi.get-body]") == 1  # a DELETE may carry one


def test_a_discriminator_mapping_to_nothing_is_located(tmp_path: Path) -> None:
    # the page lists every mapping ("ghost → Ghost") and openapi-check called the document
    # valid; a mapping value is a schema name or a reference, both checked
    exit_code, output = run(tmp_path, HEAD + "paths: {}\ncomponents:\n  schemas:\n"
                            "    Pet:\n      oneOf: [{$ref: '#/components/schemas/Cat'}]\n"
                            "      discriminator:\n        propertyName: kind\n        mapping:\n"
                            "          cat: Cat\n          ref: '#/components/schemas/Cat'\n"
                            "          ghost: '#/components/schemas/Ghost'\n"
                            "          typo: Kat\n"
                            "          other: 'pets.yaml#/Cat'\n"
                            "    Cat: {type: object}\n")
    assert exit_code == 1, output
    lines = [line[line.index("api.yaml:"):] for line in output.splitlines()
             if "api.yaml:" in line]
    assert lines == [
        "api.yaml:13:18: components.schemas.Pet.discriminator.mapping.ghost: discriminator "
        "value 'ghost' maps to '#/components/schemas/Ghost', which points to nothing. Map it "
        "to a schema under components.schemas, by name or by '#/components/schemas/…'.",
        "api.yaml:14:17: components.schemas.Pet.discriminator.mapping.typo: discriminator "
        "value 'typo' maps to 'Kat', which points to nothing. Map it to a schema under "
        "components.schemas, by name or by '#/components/schemas/…'.",
    ], output


def test_security_schemes_without_what_their_type_needs_are_located(tmp_path: Path) -> None:
    # the page and the playground are built from these fields: an API key without 'in' was
    # shown as "Send the API key in the X-Key ." and the document was called valid
    exit_code, output = run(tmp_path, HEAD + "paths: {}\ncomponents:\n  securitySchemes:\n"
                            "    b1: {type: bearer}\n    b2: {type: http}\n"
                            "    b3: {type: apiKey, name: X-Key}\n"
                            "    b4: {type: apiKey, name: k, in: body}\n"
                            "    b5: {type: oauth2}\n    b6: {type: openIdConnect}\n"
                            "    fine: {type: http, scheme: bearer}\n    mtls: {type: mutualTLS}\n")
    assert exit_code == 1, output
    lines = [line[line.index("api.yaml:"):] for line in output.splitlines()
             if "api.yaml:" in line]
    assert lines == [
        "api.yaml:6:16: components.securitySchemes.b1.type: security scheme 'b1' has type "
        "'bearer', which OpenAPI does not define. Write type: http, scheme: bearer.",
        "api.yaml:7:9: components.securitySchemes.b2: http security scheme 'b2' has no "
        "'scheme'. Say which: scheme: bearer (or basic, digest…).",
        "api.yaml:8:9: components.securitySchemes.b3: apiKey security scheme 'b3' has no "
        "'in'. Say where the key goes: in: header, query or cookie.",
        "api.yaml:9:37: components.securitySchemes.b4.in: an API key goes in a header, query "
        "or cookie, got 'body'. Use in: header, query or cookie.",
        "api.yaml:10:9: components.securitySchemes.b5: oauth2 security scheme 'b5' has no "
        "'flows'. Describe its flows, such as clientCredentials with a tokenUrl and scopes.",
        "api.yaml:11:9: components.securitySchemes.b6: openIdConnect security scheme 'b6' has "
        "no 'openIdConnectUrl'. Give the URL of its discovery document.",
    ], output
    # mutualTLS is OpenAPI 3.1's
    exit_code, output = run(tmp_path, HEAD.replace("3.1.0", "3.0.3") + "paths: {}\n"
                            "components:\n  securitySchemes:\n    mtls: {type: mutualTLS}\n")
    assert "security scheme 'mtls' has type 'mutualTLS', which OpenAPI does not define. " \
        "Use one of apiKey, http, oauth2, openIdConnect." in output


def test_a_schema_ref_inside_an_example_value_is_a_located_warning(tmp_path: Path) -> None:
    # the page (as the platform's) shows the schema's JSON as the value; a $ref to an
    # example's value, and $refs beside example data, are fine
    exit_code, output = run(tmp_path, HEAD + """paths:
  /a:
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/User'}
            examples:
              one:
                value:
                  user: {$ref: '#/components/schemas/User'}
              two:
                value: {$ref: '#/components/examples/Shared/value'}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: object, example: {owner: {$ref: '#/components/schemas/User'}}}
components:
  examples:
    Shared: {value: {name: Ada}}
  schemas:
    User: {type: object, properties: {name: {type: string}}}
""")
    assert exit_code == 0, output
    found = [line for line in output.splitlines() if "[openapi.schema-in-example]" in line]
    assert len(found) == 2, output
    assert found[0].startswith(f"{tmp_path / 'api.yaml'}:13:32: warning: paths./a.post.requestBody"
                               ".content.application/json.examples.one.value.user.$ref: this "
                               "example holds '#/components/schemas/User', a schema"), found
    assert ".responses.200.content.application/json.schema.example.owner.$ref" in found[1], found
