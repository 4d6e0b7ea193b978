"""Build the OpenAPI fixture site and read its API pages as a reader would.

The fixture (tests/fixtures/sites/openapi) is a hand-written pet shelter API: bearer auth by
default, API keys in header/query/cookie, basic and OAuth on some operations, a path
parameter, a JSON body, two servers, recursive and polymorphic schemas, and a 3.1 webhook.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mdxsite import hookimpl, pipeline, plugin_manager
from mdxsite.cli import main
from mdxsite.model import ApiOperation, RequestSample

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "sites" / "openapi"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("openapi") / "out"
    result = run("build", FIXTURE, "-o", target, "--no-cache")
    assert result.exit_code == 0, result.output
    return target


def article(out: Path, key: str) -> str:
    """The page's readable text: the article without tags, scripts or repeated spaces."""
    doc = (out / key / "index.html").read_text()
    body = doc[doc.index("<h1"):doc.index("</article>")]
    body = re.sub(r"<script\b.*?</script>", " ", body, flags=re.S)
    # code blocks read as their text; elsewhere a tag separates words, as the layout does
    body = re.sub(r"<pre\b.*?</pre>", lambda m: re.sub(r"<[^>]+>", "", m.group(0)), body,
                  flags=re.S)
    body = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body))).strip()
    body = re.sub(r" ([.,:;?])(?= |$)", r"\1", body)
    return body.replace(" \\ ", " ")  # shell line continuations in samples


def section(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end, text.index(start))]


def test_every_operation_and_webhook_has_a_page_grouped_by_tag(out: Path) -> None:
    # the platform's URLs: directory / first tag / summary
    names = {p.parent.relative_to(out / "api-reference").as_posix()
             for p in (out / "api-reference").rglob("index.html")}
    assert names == {"pets/list-pets", "pets/add-a-pet", "pets/get-a-pet", "pets/replace-a-pet",
                     "pets/remove-a-pet", "admin/list-categories", "admin/health-check",
                     "admin/read-with-oauth", "pet-adopted"}
    sidebar = (out / "api-reference" / "pets/list-pets" / "index.html").read_text()
    sidebar = sidebar[sidebar.index('id="sidebar"'):sidebar.index("</aside>")]
    # an untagged operation or webhook goes in "API Reference", as on the platform
    assert [g for g in ("Pets", "Admin", "API Reference") if g in sidebar] == [
        "Pets", "Admin", "API Reference"]


def test_query_parameters_with_types_defaults_enums_and_constraints(out: Path) -> None:
    text = article(out, "api-reference/pets/list-pets")
    assert text.startswith("List pets GET /pets")
    assert "Returns the pets in the shelter, newest first." in text
    query = section(text, "Query parameters", "Responses")
    assert "limit integer query How many pets to return at most." in query
    assert "Default: 20" in query and ">= 1" in query and "<= 100" in query
    assert "species string query Allowed values: cat dog rabbit" in query
    assert "<strong>newest first</strong>" in (out / "api-reference/pets/list-pets/index.html").read_text()
    responses = section(text, "Responses", "Request cURL")
    assert "200 A page of pets." in responses and "Pet[]" in responses
    assert "X-Next-Cursor string header Cursor of the next page." in responses
    assert "default Something went wrong. application/problem+json Error" in responses


def test_json_body_schema_and_read_write_only_fields(out: Path) -> None:
    text = article(out, "api-reference/pets/add-a-pet")
    body = section(text, "Body required", "Responses")
    assert "application/json NewPet" in body
    assert "name string required What the shelter calls the pet. length <= 60" in body
    assert "tag string | null nullable A free label." in body
    assert "birthday string<date>" in body
    assert "owner Owner | null nullable Show child attributes email string<email>" in body
    assert "adminNote string write-only" in body  # sent by clients
    assert " id string<uuid>" not in body            # readOnly: never sent
    response = section(text, "201 The pet was added.", "422")
    assert "id string<uuid> required read-only" in response
    assert "adminNote" not in response               # writeOnly: never returned
    assert "Links GetPet → showPetById petId = $response.body#/id" in response


def test_description_html_is_sanitised_not_escaped_nor_trusted(out: Path) -> None:
    doc = (out / "api-reference" / "pets/add-a-pet" / "index.html").read_text()
    assert "owned" not in doc and "&lt;script" not in doc  # the script is gone, content too
    assert "Registers a new animal." in doc


def test_safe_html_in_a_description_renders_and_unsafe_parts_go(tmp_path: Path) -> None:
    spec = {"openapi": "3.0.3", "info": {"title": "H", "version": "1"}, "paths": {"/x": {"get": {
        "summary": "Get x", "responses": {"200": {"description": "ok"}},
        "description": '<p>Stripe-style <b>bold</b> and <a href="/guides/x#y">a guide</a>, '
                       '<a href="javascript:alert(1)">bad</a>, <a href="mailto:a@b.c">mail</a>'
                       '<img src=x onerror="alert(2)"><iframe src="https://e.test"></iframe>'
                       '</p>\n\nThen **Markdown** with `<p>` in code.'}}}}
    (tmp_path / "api.json").write_text(json.dumps(spec))
    (tmp_path / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "T", "colors": {"primary": "#112233"},
        "navigation": {"tabs": [{"tab": "API", "openapi": "api.json"}]}}))
    result = run("build", tmp_path, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    doc = (tmp_path / "out" / "api-reference" / "get-x" / "index.html").read_text()
    text = doc[doc.index('<div class="api-description">'):]
    text = text[:text.index("</div>")]
    assert "<p>Stripe-style <b>bold</b> and " in text and "&lt;p&gt;Stripe" not in text
    assert '<a href="/guides/x#y" rel="nofollow noopener">a guide</a>' in text
    assert '<a href="mailto:a@b.c" rel="nofollow noopener">mail</a>' in text
    assert "javascript:" not in text and "onerror" not in text  # an https iframe may stay
    assert "<strong>Markdown</strong> with <code>&lt;p&gt;</code> in code." in text


def test_recursive_schema_links_back_instead_of_looping(out: Path) -> None:
    doc = (out / "api-reference" / "admin/list-categories" / "index.html").read_text()
    links = set(re.findall(r'class="api-recursive" href="#([^"]+)"', doc))
    assert links and all(f'id="{anchor}"' in doc for anchor in links)
    text = article(out, "api-reference/admin/list-categories")
    assert "parent Category recursive" in text and "children Category[] recursive" in text


def test_one_of_with_discriminator(out: Path) -> None:
    text = article(out, "api-reference/pets/replace-a-pet")
    body = section(text, "Body", "Responses")
    assert "One of, chosen by species: cat → Cat, dog → Dog" in body
    assert "Cat species string required Allowed values: cat indoor boolean" in body
    assert "goodBoy boolean Default: true" in body


def test_path_header_and_cookie_parameters_and_named_response_example(out: Path) -> None:
    text = article(out, "api-reference/pets/get-a-pet")
    # each parameter has an anchor id and a "#" link to itself
    assert "Path parameters # petId string<uuid> path required The pet's identifier." in text
    assert "Example: 8a3f0c3e-6f2b-4a52-9d0b-3c1f2f1e9b77" in text
    assert "Header parameters # X-Request-Id string header" in text
    assert "Cookie parameters # session string cookie" in text
    doc = (out / "api-reference" / "pets/get-a-pet" / "index.html").read_text()
    assert '<div class="field api-field" id="param-path-petId" data-field="petId">' in doc
    assert '<a class="field-anchor" href="#param-path-petId" aria-label="Link to petId">#</a>' in doc
    # the endpoint's copy button holds its full URL
    assert ('data-copy-endpoint="https://api.shelter.example/v2/pets/'
            '8a3f0c3e-6f2b-4a52-9d0b-3c1f2f1e9b77"') in doc
    samples = text[text.index("Request cURL"):]
    assert ("curl --request GET --url "
            "'https://api.shelter.example/v2/pets/8a3f0c3e-6f2b-4a52-9d0b-3c1f2f1e9b77' "
            "--header 'Authorization: Bearer <token>'") in samples
    response = samples[samples.index("Response 200"):]
    assert json.loads(response[response.index("{"):response.index("}") + 1]) == {
        "id": "8a3f0c3e-6f2b-4a52-9d0b-3c1f2f1e9b77", "name": "Biscuit", "species": "dog"}


def test_authentication_sections_follow_security_and_security_schemes(out: Path) -> None:
    listing = article(out, "api-reference/pets/list-pets")
    assert "Authorizations Authorization bearer (JWT) header required Send Authorization: " \
           "Bearer <token>, where the token is a JWT." in listing
    delete = article(out, "api-reference/pets/remove-a-pet")
    assert delete.startswith("Remove a pet deprecated DELETE /pets/{petId}")
    sidebar = (out / "api-reference" / "pets/remove-a-pet" / "index.html").read_text()
    sidebar = sidebar[sidebar.index('id="sidebar"'):sidebar.index("</aside>")]
    assert 'Remove a pet</span><span class="label-deprecated">deprecated</span>' in sidebar
    auth = section(delete, "Authorizations", "Path parameters")
    assert "X-API-Key API key header required" in auth and " or " in auth
    assert "Authorization basic header required" in auth
    assert "--header 'X-API-Key: <api-key>'" in delete
    query_key = article(out, "api-reference/admin/list-categories")
    assert "api_key API key query" in query_key
    assert "--url 'https://api.shelter.example/v2/categories?api_key=<api-key>'" in query_key
    oauth = article(out, "api-reference/admin/read-with-oauth")
    assert "OAuth 2.0" in oauth and "Flow authorizationCode" in oauth
    assert "Required scopes: pets:read" in oauth and "shelter_session API key cookie" in oauth
    health = article(out, "api-reference/admin/health-check")
    assert "Authorizations" not in health  # security: [] turns it off
    assert "--url 'https://eu.status.shelter.example/health'" in health  # operation server


def test_request_samples_in_three_languages(out: Path) -> None:
    text = article(out, "api-reference/pets/add-a-pet")
    samples = text[text.index("Request cURL Python JavaScript"):]
    assert ("curl --request POST --url 'https://api.shelter.example/v2/pets' "
            "--header 'Authorization: Bearer <token>' --header 'Content-Type: application/json' "
            "--data '{ \"name\": \"Biscuit\",") in samples
    assert 'import requests url = "https://api.shelter.example/v2/pets"' in samples
    assert 'requests.request("POST", url, headers=headers, json=payload)' in samples
    assert 'const response = await fetch("https://api.shelter.example/v2/pets", { method: "POST"' \
        in samples
    assert "Response 201 422" in samples
    doc = (out / "api-reference" / "pets/add-a-pet" / "index.html").read_text()
    assert 'data-lang="python"' in doc and '<span class="kn">import</span>' in doc  # Pygments


def test_frontmatter_pages_show_the_operation_then_their_own_content(out: Path) -> None:
    adopt = article(out, "adopt")  # "openapi: get /pets/{petId}": lower-case method
    assert adopt.startswith("Get a pet GET /pets/{petId}")
    assert adopt.index("Path parameters") < adopt.index("How to use it") < adopt.index(
        "Look a pet up before an adoption visit.")
    assert re.search(r"playground\.[0-9a-f]{10}\.js", (out / "adopt" / "index.html").read_text())
    model = article(out, "pet-model")
    assert model.startswith("The Pet object Pet Properties name string required")
    assert "A pet as the API returns it." in model and "Example" in model
    event = article(out, "adopted-event")  # "petstore webhook petAdopted": no extension
    assert event.startswith("Pet adopted WEBHOOK petAdopted Sent when a pet finds a home.")
    assert "id string<uuid> required read-only" in event  # a payload the API sends
    assert "Authorizations" not in event and "We retry for a day." in event


def _with_adopt_page(tmp_path: Path, text: str) -> Path:
    """A copy of the OpenAPI fixture site whose adopt.mdx holds ``text``."""
    root = tmp_path / "site"
    shutil.copytree(FIXTURE, root)
    (root / "adopt.mdx").write_text(text)
    return root


@pytest.mark.parametrize("front, expected", [
    ("openapi: other.yaml GET /pets", "adopt.mdx:2:10: OpenAPI document 'other.yaml' not found."),
    ("openapi: /pets", "adopt.mdx:2:10: openapi: '/pets' does not name an operation."),
    ("openapi-schema: Pets", "adopt.mdx:2:17: schema 'Pets' is not in components.schemas of "
                             "'petstore.yaml'. Did you mean 'Pet'?"),
])
def test_a_frontmatter_reference_missing_from_the_spec_is_located(
        tmp_path: Path, front: str, expected: str) -> None:
    root = _with_adopt_page(tmp_path, f"---\n{front}\n---\nText\n")
    result = run("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 1, result.output
    assert expected in result.output, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("front, expected", [
    ("openapi: GET /nope", "adopt.mdx:2:10: warning: 'GET /nope' is not in 'petstore.yaml'; the "
                           "page is built from its MDX alone, with a notice. Did you mean "
                           "'GET /pets'? Method and path must match the document exactly."),
    ("openapi: POST /pets/{petId}", "adopt.mdx:2:10: warning: 'POST /pets/{petId}' is not in "
                                    "'petstore.yaml'; the page is built from its MDX alone, with "
                                    "a notice. Did you mean 'PUT /pets/{petId}'?"),
    ("openapi: webhook petGone", "adopt.mdx:2:10: warning: 'webhook petGone' is not in "
                                 "'petstore.yaml'"),
])
def test_an_operation_missing_from_the_spec_is_a_warning_and_a_notice(
        tmp_path: Path, front: str, expected: str) -> None:
    """The platform publishes such pages (its own translated docs name operations that a
    lagging spec lacks): the page's MDX is built, with a visible notice; --strict fails."""
    root = _with_adopt_page(tmp_path, f"---\n{front}\n---\nThe prose stays.\n")
    result = run("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert expected in result.output, result.output
    text = article(tmp_path / "out", "adopt")
    assert "which its OpenAPI document does not describe" in text and "The prose stays." in text
    strict = run("build", root, "-o", tmp_path / "strict", "--strict")
    assert strict.exit_code == 1 and "Traceback" not in strict.output


def test_a_trailing_slash_difference_is_a_warning_not_an_error(tmp_path: Path) -> None:
    root = _with_adopt_page(tmp_path, "---\nopenapi: GET /pets/\n---\n")
    result = run("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ("adopt.mdx:2:10: warning: 'GET /pets/' matches '/pets' in 'petstore.yaml' only "
            "when the trailing slash is ignored") in result.output
    assert article(tmp_path / "out", "adopt").startswith("List pets GET /pets")


def test_of_several_specs_the_first_by_file_name_answers_an_unnamed_reference(
        tmp_path: Path) -> None:
    # the platform's rule ("the first match wins based on alphabetical filename order"): a
    # site whose v1 and v2 documents share an operation builds there; here it failed with
    # "is in several OpenAPI documents"
    root = tmp_path / "site"
    shutil.copytree(FIXTURE, root)
    (root / "copy.yaml").write_text((root / "petstore.yaml").read_text().replace(
        "summary: Get a pet", "summary: Get a copied pet"))
    config = json.loads((root / "docs.json").read_text())
    config["navigation"]["tabs"].append({"tab": "Copy", "openapi": {"source": "copy.yaml",
                                                                    "directory": "copy"}})
    (root / "docs.json").write_text(json.dumps(config))
    result = run("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ("adopt.mdx:2:10: warning: 'GET /pets/{petId}' is in several OpenAPI documents: "
            "'copy.yaml', 'petstore.yaml'; the first by file name, 'copy.yaml', is used. To use "
            "another, name it: 'openapi: petstore.yaml GET /pets/{petId}'"
            in result.output), result.output
    assert "Get a copied pet" in article(tmp_path / "out", "adopt")
    (root / "adopt.mdx").write_text("---\nopenapi: petstore GET /pets/{petId}\n---\n")
    (root / "pet-model.mdx").write_text("---\nopenapi-schema: copy.yaml Pet\n---\n")
    result = run("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "several OpenAPI documents" not in result.output
    assert "Get a pet" in article(tmp_path / "out", "adopt")


def test_an_unnamed_reference_finds_a_spec_docs_json_does_not_name(tmp_path: Path) -> None:
    # the platform uploads every OpenAPI file of the repository and looks an unnamed
    # reference up in all of them: a page for an operation of such a file was built from
    # its MDX alone, with a "not in the document" notice
    root = tmp_path / "site"
    shutil.copytree(FIXTURE, root)
    (root / "hooks").mkdir()
    (root / "hooks" / "events.yaml").write_text(
        "openapi: 3.1.0\ninfo: {title: Events, version: '1'}\nwebhooks:\n  petAdopted:\n"
        "    post:\n      summary: Pet adopted\n      responses: {'200': {description: ok}}\n"
        "components:\n  schemas:\n    Adoption: {type: object, properties: {when: "
        "{type: string}}}\n")
    (root / "hooks" / "broken.yaml").write_text("openapi: 2.0\n")  # not usable: left out
    (root / "adopt.mdx").write_text("---\nopenapi: webhook petAdopted\n---\n")
    (root / "pet-model.mdx").write_text("---\nopenapi-schema: Adoption\n---\n")
    result = run("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "petAdopted" not in result.output, result.output
    assert article(tmp_path / "out", "adopt").startswith("Pet adopted WEBHOOK petAdopted")
    assert "when string" in article(tmp_path / "out", "pet-model")


class GoSamples:
    """A third-party plugin adding a tab to every API page's request samples."""

    def __init__(self) -> None:
        self.seen: list[ApiOperation] = []

    @hookimpl
    def mdxsite_request_samples(self, operation: ApiOperation) -> list[RequestSample]:
        self.seen.append(operation)
        return [RequestSample(label="Go", language="go",
                              code=f'http.NewRequest("{operation.method}", "{operation.url}", nil)')]


def test_a_plugin_adds_request_samples_through_the_hook(tmp_path: Path) -> None:
    pm = plugin_manager.create()
    plugin = GoSamples()
    pm.register(plugin, name="go-samples")
    out = tmp_path / "out"
    pipeline.build(FIXTURE, out, pm, jobs=1, use_cache=False)
    text = article(out, "api-reference/pets/get-a-pet")
    assert "Request cURL Python JavaScript Go" in text
    assert ('http.NewRequest("GET", "https://api.shelter.example/v2/pets/'
            '8a3f0c3e-6f2b-4a52-9d0b-3c1f2f1e9b77", nil)') in text
    create = next(op for op in plugin.seen if op.operation_id == "createPet")
    assert create.body == {"name": "Biscuit", "species": "dog", "tag": "friendly"}
    assert create.body_type == "application/json"
    assert [(a.type, a.scheme) for a in create.auth] == [("http", "bearer")]
    assert create.servers == ("https://api.shelter.example/v2",
                              "https://sandbox.shelter.example/v2")
    assert not any(op.webhook for op in plugin.seen)  # webhooks are not requests you send


def test_a_plugins_go_sample_takes_the_place_of_the_built_in_one(tmp_path: Path) -> None:
    # api.examples.languages naming "go" adds the built-in Go sample; a plugin contributing
    # its own "Go" (HOOKS.md's example) keeps its tab instead of two plugins clashing
    root = tmp_path / "site"
    shutil.copytree(FIXTURE, root)
    config = json.loads((root / "docs.json").read_text())
    config["api"] = {"examples": {"languages": ["curl", "go"]}}
    (root / "docs.json").write_text(json.dumps(config))
    pm = plugin_manager.create()
    pm.register(GoSamples(), name="go-samples")
    out = tmp_path / "out"
    pipeline.build(root, out, pm, jobs=1, use_cache=False)
    text = article(out, "api-reference/pets/get-a-pet")
    assert "Request cURL Go" in text
    assert 'http.NewRequest("GET", "https://api.shelter.example/v2/pets/' in text
    assert "http.DefaultClient.Do(req)" not in text  # the built-in Go sample is not there


def test_a_group_with_openapi_and_no_pages_validates_and_builds(
        tmp_path: Path, make_site: Callable[..., Path]) -> None:
    root = tmp_path / "g"
    shutil.copytree(FIXTURE, root)
    (root / "docs.json").write_text(json.dumps({
        "name": "G", "theme": "mint", "navigation": {"groups": [
            {"group": "Start", "pages": ["index"]},
            {"group": "API", "openapi": "petstore.yaml"}]}}))
    result = run("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "api-reference" / "pets/add-a-pet" / "index.html").is_file()


def test_a_spec_whose_openapi_key_comes_late_is_found_for_frontmatter_pages(
        tmp_path: Path) -> None:
    """Sorted JSON puts "openapi" after every component (Stripe's is 4 MB in): read it all."""
    schemas = {f"Thing{i}": {"type": "object", "description": "x" * 200} for i in range(100)}
    spec = {"openapi": "3.0.3", "info": {"title": "Late", "version": "1"},
            "components": {"schemas": schemas},
            "paths": {"/things": {"get": {"summary": "List things", "responses": {
                "200": {"description": "ok"}}}}}}
    text = json.dumps(spec, sort_keys=True)
    assert text.index('"openapi"') > 20_000
    (tmp_path / "spec.json").write_text(text)
    (tmp_path / "things.mdx").write_text("---\nopenapi: GET /things\n---\nAbout things.\n")
    (tmp_path / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "T", "colors": {"primary": "#112233"},
        "navigation": {"pages": ["things"]}}))
    result = run("build", tmp_path, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert article(tmp_path / "out", "things").startswith("List things GET /things")


@pytest.mark.parametrize("name", ["../things.yaml", "./../things", "api/things.yaml",
                                  "/api/things.yaml"])
def test_a_spec_named_relative_to_the_page_file_is_found(tmp_path: Path, name: str) -> None:
    """'openapi: ../x.json POST /a' names the document as a link in the page's file would:
    from the page's folder (sites keep endpoint pages beside or below their spec)."""
    (tmp_path / "api" / "endpoints").mkdir(parents=True)
    (tmp_path / "api" / "things.yaml").write_text(
        "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /things:\n    post:\n"
        "      summary: Make a thing\n      responses: {'200': {description: ok}}\n")
    (tmp_path / "api" / "endpoints" / "make.mdx").write_text(
        f"---\nopenapi: {name} POST /things\n---\n")
    (tmp_path / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "T", "colors": {"primary": "#112233"},
        "navigation": {"pages": ["api/endpoints/make"]}}))
    result = run("build", tmp_path, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert article(tmp_path / "out", "api/endpoints/make").startswith("Make a thing POST /things")


def test_a_dot_slash_name_a_pages_folder_lacks_is_the_sites_document(tmp_path: Path) -> None:
    """'openapi: ./openapi.json GET /a' on a page in a sub-folder, with the document at the
    site's root: no document beside the page, so the name is read from the site folder."""
    (tmp_path / "api").mkdir()
    (tmp_path / "openapi.json").write_text(json.dumps({
        "openapi": "3.0.3", "info": {"title": "T", "version": "1"},
        "paths": {"/things": {"get": {"summary": "List things",
                                      "responses": {"200": {"description": "ok"}}}}}}))
    (tmp_path / "api" / "list.mdx").write_text("---\nopenapi: ./openapi.json GET /things\n---\n")
    (tmp_path / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "T", "colors": {"primary": "#112233"},
        "navigation": {"pages": ["api/list"]}}))
    result = run("build", tmp_path, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert article(tmp_path / "out", "api/list").startswith("List things GET /things")


def test_api_pages_show_their_method_in_the_sidebar(out: Path) -> None:
    page = (out / "api-reference" / "pets" / "list-pets" / "index.html").read_text()
    sidebar = page[page.index('<aside class="sidebar"'):page.index("</aside>")]
    pills = re.findall(r'<span class="nav-method nav-method-(\w+)">(\w+)</span><span>([^<]+)</span>',
                       sidebar)
    assert ("get", "get", "List pets") in pills and ("delete", "del", "Remove a pet") in pills
    assert any(kind == "webhook" and label == "hook" for kind, label, _ in pills)
    guide = (out / "index.html").read_text()
    links = dict(re.findall(r'<a class="nav-link" href="([^"]+)">(?:<span class="nav-method '
                            r'nav-method-(\w+)">)?', guide))
    assert links["/pet-model/"] == ""   # a schema page shows no pill
    assert links["/adopt/"] == "get" and links["/adopted-event/"] == "webhook"
