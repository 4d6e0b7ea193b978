"""``openapi`` on each kind of navigation element, as a reader of the built site sees it.

The platform's first example puts ``openapi`` straight on a tab (or an anchor, a dropdown, a
version…): every operation gets a page, grouped by tag in that section's sidebar.
"""

from __future__ import annotations

import json
import re
import traceback
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mdxsite.cli import main

STORE = """openapi: 3.1.0
info: {title: Store, version: '1'}
servers: [{url: 'https://api.example.com'}]
tags:
  - {name: pets, x-group: Pet shop}
  - {name: Store Orders}
paths:
  /pets:
    get: {tags: [pets], summary: List pets, responses: {'200': {description: ok}}}
    post: {tags: [pets], summary: Add a pet, responses: {'201': {description: ok}}}
  /orders/{id}:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    get: {tags: [Store Orders], summary: Get order, responses: {'200': {description: ok}}}
  /status:
    get: {responses: {'200': {description: ok}}}
  /internal:
    get: {tags: [pets], summary: Internal sync, x-excluded: true, responses: {}}
  /beta:
    get: {tags: [pets], summary: Beta pets, x-hidden: true, responses: {}}
"""

V2 = """openapi: 3.1.0
info: {title: Store v2, version: '2'}
paths:
  /pets:
    get: {tags: [pets], summary: List pets, description: The second version., responses: {}}
"""


def build_site(tmp_path: Path, navigation: dict[str, Any]) -> tuple[int, str, Path]:
    (tmp_path / "index.mdx").write_text("---\ntitle: Home\n---\nHello\n")
    (tmp_path / "store.yaml").write_text(STORE)
    (tmp_path / "v2.yaml").write_text(V2)
    config = {"theme": "mint", "name": "T", "colors": {"primary": "#112233"},
              "navigation": navigation}
    (tmp_path / "docs.json").write_text(json.dumps(config, indent=2))
    out = tmp_path / "_out"
    result = CliRunner().invoke(main, ["build", str(tmp_path), "-o", str(out)])
    problem = "" if result.exception is None or isinstance(result.exception, SystemExit) else \
        "".join(traceback.format_exception(result.exception))
    return result.exit_code, result.output + problem, out


def part(html: str, pattern: str) -> str:
    found = re.search(pattern, html, re.S)
    return found.group(0) if found else ""


def sidebar(html: str) -> list[tuple[str, list[str]]]:
    """The sidebar as (group heading, [link hrefs]) pairs."""
    aside = part(html, r'<aside class="sidebar".*?</aside>')
    groups = []
    for m in re.finditer(r'<div class="nav-group-title">.*?<span>(.*?)</span>.*?</div>'
                         r'(.*?)</ul>', aside, re.S):
        groups.append((m.group(1), re.findall(r'<a class="nav-link" href="([^"]+)"',
                                              m.group(2))))
    return groups


def tabs(html: str) -> list[str]:
    return re.findall(r'class="top-tab[^"]*"[^>]*>([^<]+)<', part(
        html, r'<nav class="tabs-bar nav-tabs".*?</nav>'))


GUIDES = {"group": "Start", "pages": ["index"]}
EXPECTED_SIDEBAR = [
    ("Pet shop", ["/api-reference/pets/list-pets/", "/api-reference/pets/add-a-pet/"]),
    ("Store Orders", ["/api-reference/store-orders/get-order/"]),
    ("API Reference", ["/api-reference/get-status/"]),
]

FORMS = {
    "tab": {"tabs": [{"tab": "Guides", "groups": [GUIDES]},
                     {"tab": "API", "openapi": "store.yaml"}]},
    "anchor": {"anchors": [{"anchor": "Guides", "groups": [GUIDES]},
                           {"anchor": "API", "openapi": "store.yaml"}]},
    "dropdown": {"dropdowns": [{"dropdown": "Guides", "groups": [GUIDES]},
                               {"dropdown": "API", "openapi": "store.yaml"}]},
    "version": {"versions": [{"version": "v1", "groups": [GUIDES]},
                             {"version": "v2", "openapi": "store.yaml"}]},
    "language": {"languages": [{"language": "en", "groups": [GUIDES]},
                               {"language": "fr", "openapi": "store.yaml"}]},
    "group": {"groups": [GUIDES, {"group": "API", "openapi": "store.yaml"}]},
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_openapi_on_an_element_fills_its_sidebar_grouped_by_tag(tmp_path: Path, form: str) -> None:
    code, output, out = build_site(tmp_path, FORMS[form])
    assert code == 0, output
    assert " 0 warnings" in output, output
    html = (out / "api-reference" / "pets" / "list-pets" / "index.html").read_text()
    found = sidebar(html)
    if form == "group":  # the element is itself a group: the tags nest under it
        assert found[0] == ("Start", ["/"]) and found[1][0] == "API", found
        nested = re.findall(r'<summary class="nav-link">.*?<span>(.*?)</span>', part(
            html, r'<aside class="sidebar".*?</aside>'), re.S)
        assert nested == ["Pet shop", "Store Orders", "API Reference"]
    else:
        assert found == EXPECTED_SIDEBAR
    # the page is highlighted where it sits, and every generated page exists
    assert 'href="/api-reference/pets/list-pets/" aria-current="page"' in html
    for _group, links in EXPECTED_SIDEBAR:
        for link in links:
            assert (out / link.strip("/") / "index.html").is_file(), link
    if form == "tab":
        assert tabs(html) == ["Guides", "API"]   # no tab per generated page


def test_x_hidden_page_is_built_but_not_listed_and_x_excluded_gets_nothing(tmp_path: Path) -> None:
    code, output, out = build_site(tmp_path, FORMS["tab"])
    assert code == 0, output
    hidden = out / "api-reference" / "pets" / "beta-pets" / "index.html"
    assert hidden.is_file()
    page = hidden.read_text()
    assert "Beta pets" in page and 'name="robots" content="noindex' in page
    # the hidden page keeps its section's sidebar, which does not list it
    assert sidebar(page) == EXPECTED_SIDEBAR
    everything = "".join(p.read_text() for p in out.rglob("*.html"))
    assert "beta-pets" not in (out / "llms.txt").read_text()  # nor in search or llms files
    assert "Internal sync" not in everything and "/internal" not in everything
    assert not list(out.rglob("internal-sync"))


def test_listed_excluded_endpoint_is_skipped_with_a_located_warning(tmp_path: Path) -> None:
    code, output, out = build_site(tmp_path, {"groups": [GUIDES, {
        "group": "API", "openapi": "store.yaml", "pages": ["GET /pets", "GET /internal"]}]})
    assert code == 0, output
    assert re.search(r"docs\.json:\d+:\d+: warning: navigation\.groups\[1\]\.pages\[1\]: endpoint 'GET /internal' is marked "
                     r"x-excluded .*\[openapi\.excluded-endpoint\]", output), output
    assert not list(out.rglob("internal-sync"))
    assert (out / "api-reference" / "pets" / "list-pets" / "index.html").is_file()



@pytest.mark.parametrize("document", [
    "openapi: 3.0.3\ninfo: {title: Empty, version: '1'}\npaths: {}\n",
    "openapi: 3.1.0\ninfo: {title: Hidden, version: '1'}\npaths:\n"
    "  /a:\n    get: {x-excluded: true, responses: {'200': {description: ok}}}\n"])
def test_an_element_whose_document_has_no_operation_warns_instead_of_vanishing(
        tmp_path: Path, document: str) -> None:
    (tmp_path / "empty.yaml").write_text(document)
    code, output, out = build_site(tmp_path, {"groups": [GUIDES, {
        "group": "Reference", "openapi": "empty.yaml"}]})
    assert code == 0, output
    assert re.search(r"docs\.json:\d+:\d+: warning: navigation\.groups\[1\]\.openapi: the OpenAPI "
                     r"document 'empty\.yaml' has no operation to list .*so this group gets no "
                     r"pages\. .*\[openapi\.no-operations\]", output), output
    # the group lists no page (the only link in the sidebar is the home page)
    assert [link for _group, links in sidebar((out / "index.html").read_text())
            for link in links] == ["/"]


def test_an_element_with_operations_gets_no_empty_document_warning(tmp_path: Path) -> None:
    code, output, _out = build_site(tmp_path, {"groups": [GUIDES, {
        "group": "API", "openapi": "v2.yaml"}]})
    assert code == 0, output
    assert "openapi.no-operations" not in output, output

def test_several_documents_on_one_element_all_get_pages(tmp_path: Path) -> None:
    code, output, out = build_site(tmp_path, {"tabs": [
        {"tab": "Guides", "groups": [GUIDES]},
        {"tab": "API", "openapi": {"source": "store.yaml", "directory": "store"}},
        {"tab": "More", "openapi": ["store.yaml", "v2.yaml"]}]})
    assert code == 0, output
    # the second document's GET /pets lands on the first's URL: numbered, and said so
    page = (out / "api-reference" / "pets" / "list-pets-1" / "index.html").read_text()
    assert "The second version." in page
    assert "openapi.duplicate-url" in output


def test_one_operation_in_a_v1_and_a_v2_tab_gives_two_pages_each_tab_its_own(
        tmp_path: Path) -> None:
    code, output, out = build_site(tmp_path, {"tabs": [
        {"tab": "v1", "openapi": {"source": "store.yaml", "directory": "v1"}},
        {"tab": "v2", "openapi": {"source": "v2.yaml", "directory": "v2"}}]})
    assert code == 0, output
    assert " 0 warnings" in output, output
    one = (out / "v1" / "pets" / "list-pets" / "index.html").read_text()
    two = (out / "v2" / "pets" / "list-pets" / "index.html").read_text()
    assert "The second version." in two and "The second version." not in one
    assert sidebar(two) == [("pets", ["/v2/pets/list-pets/"])]
    assert ("Pet shop", ["/v1/pets/list-pets/", "/v1/pets/add-a-pet/"]) in sidebar(one)
    assert tabs(one) == tabs(two) == ["v1", "v2"]


def test_same_directory_for_two_versions_keeps_both_pages_and_warns(tmp_path: Path) -> None:
    code, output, out = build_site(tmp_path, {"tabs": [
        {"tab": "v1", "openapi": "store.yaml"}, {"tab": "v2", "openapi": "v2.yaml"}]})
    assert code == 0, output
    assert re.search(r"docs\.json:\d+:\d+: warning: GET /pets of 'v2\.yaml' and GET /pets of "
                     r"'store\.yaml' both want the URL /api-reference/pets/list-pets/", output)
    two = (out / "api-reference" / "pets" / "list-pets-1" / "index.html").read_text()
    assert "The second version." in two
    assert sidebar(two) == [("pets", ["/api-reference/pets/list-pets-1/"])]


def test_a_document_mdxsite_cannot_use_fails_the_build_located_as_openapi_check_does(
        tmp_path: Path) -> None:
    code, output, out = build_site(tmp_path, FORMS["tab"])
    assert code == 0, output
    (tmp_path / "store.yaml").write_text("swagger: '2.0'\ninfo: {title: S, version: '1'}\npaths: {}\n")
    code, output, _ = build_site_again(tmp_path)
    assert code == 1 and "Traceback" not in output
    assert output.splitlines()[0].startswith(
        "store.yaml:1:10: swagger: Swagger 2.0 documents are not supported."), output
    assert (out / "api-reference" / "pets" / "list-pets" / "index.html").is_file()  # kept


def test_a_rule_break_in_a_usable_document_is_a_located_warning_and_fails_strict(
        tmp_path: Path) -> None:
    """openapi-check calls a dangling $ref an error; a build, like the platform, publishes
    the document and says where the reference points to nothing."""
    code, output, out = build_site(tmp_path, FORMS["tab"])
    assert code == 0, output
    (tmp_path / "store.yaml").write_text(
        "openapi: 3.0.3\ninfo: {title: S, version: '1'}\npaths:\n  /a:\n    get:\n"
        "      responses: {'200': {$ref: '#/components/responses/Nope'}}\n")
    code, output, _ = build_site_again(tmp_path)
    assert code == 0, output
    assert ("store.yaml:6:33: warning: paths./a.get.responses.200.$ref: reference "
            "'#/components/responses/Nope' points to nothing.") in output
    strict = CliRunner().invoke(main, ["build", str(tmp_path), "-o", str(tmp_path / "s"),
                                       "--strict"])
    assert strict.exit_code == 1 and not (tmp_path / "s").exists()


def test_a_missing_document_that_no_page_uses_yet_is_a_located_warning(tmp_path: Path) -> None:
    # an element with pages of its own reads its document only for "METHOD /path" entries:
    # a mistyped path there used to go unmentioned until an endpoint was listed
    code, output, out = build_site(tmp_path, {"groups": [
        {"group": "Start", "openapi": ["stor.yaml", "https://api.example.com/openapi.json"],
         "pages": ["index"]},
        {"group": "Also", "openapi": "store.yaml", "pages": [{"group": "Inner", "pages": []}]}]})
    assert code == 0, output
    assert (out / "index.html").is_file()
    found = re.findall(r"docs\.json:\d+:\d+: warning: (.*?) \[openapi\.missing-file\]", output)
    assert found == ["navigation.groups[0].openapi: the OpenAPI document 'stor.yaml' does not "
                     "exist; no page uses it yet. Fix the path (relative to the folder holding "
                     "docs.json), or remove it from the \"openapi\" field."], output
    # the navigation's own field, which every element inherits, is checked as well
    code, output, _ = build_site(tmp_path, {"openapi": "/specs/store.yaml", "groups": [GUIDES]})
    assert code == 0, output
    assert re.search(r"docs\.json:\d+:\d+: warning: the OpenAPI document '/specs/store\.yaml' "
                     r"does not exist", output), output


def test_a_default_document_no_entry_uses_is_a_located_warning(tmp_path: Path) -> None:
    """With pages of its own, an element's "openapi" is only the default document of its
    "METHOD /path" entries (the platform's docs). A real site set it beside an overview page
    and nothing else, expecting endpoint pages, and linked to them: none was made, and the
    build said nothing about the field. Used by an entry or by a page whose frontmatter names
    an operation, or with no pages, it says nothing."""
    (tmp_path / "overview.mdx").write_text("---\ntitle: Overview\n---\nAPI\n")
    (tmp_path / "list-pets.mdx").write_text("---\nopenapi: GET /pets\n---\n")
    code, output, out = build_site(tmp_path, {"groups": [
        {"group": "API", "openapi": "store.yaml", "pages": ["overview"]},
        {"group": "Used", "openapi": {"source": "v2.yaml", "directory": "v2"},
         "pages": [{"group": "In", "pages": ["GET /pets"]}]},
        {"group": "All", "openapi": "store.yaml"},
        {"group": "Frontmatter", "openapi": "store.yaml", "pages": [{"group": "In", "pages": [
            "list-pets"]}]}]})
    assert code == 0, output
    assert (out / "overview" / "index.html").is_file()
    assert "/pets" in (out / "list-pets" / "index.html").read_text()
    found = re.findall(r"(docs\.json:\d+:\d+): warning: (.*?) \[openapi\.unused-default\]", output)
    assert found == [("docs.json:11:20", "navigation.groups[0].openapi: no API page comes from "
                      "'store.yaml': this element lists pages and none is an operation "
                      "(\"METHOD /path\"), so its \"openapi\" is a default nothing uses. Remove "
                      "\"pages\" to give every operation a page, or list operations among the "
                      "pages, such as \"GET /users\".")], output


def build_site_again(tmp_path: Path) -> tuple[int, str, Path]:
    out = tmp_path / "_out"
    result = CliRunner().invoke(main, ["build", str(tmp_path), "-o", str(out)])
    return result.exit_code, result.output, out


def test_document_warnings_are_reported_located_during_a_build(tmp_path: Path) -> None:
    code, output, _ = build_site(tmp_path, FORMS["tab"])
    assert code == 0
    (tmp_path / "store.yaml").write_text(STORE.replace("info: {title: Store, version: '1'}",
                                                       "info: {title: Store}"))
    code, output, _ = build_site_again(tmp_path)
    assert code == 0, output
    assert "store.yaml:2:7: warning: info: 'info.version' is missing" in output, output


def test_the_md_copy_holds_the_endpoint_and_llms_txt_has_api_sections(tmp_path: Path) -> None:
    code, output, out = build_site(tmp_path, FORMS["tab"])
    assert code == 0, output
    copy = (out / "api-reference" / "store-orders" / "get-order.md").read_text()
    assert copy.startswith("# Get order\n\n`GET /orders/{id}`\n")
    assert "## Path parameters\n\n- `id` · string · path · required" in copy
    assert "## Responses\n\n### 200\n\nok" in copy
    assert "curl --request GET \\\n  --url 'https://api.example.com/orders/" in copy
    llms = (out / "llms.txt").read_text()
    assert "## API Reference\n- [List pets](/api-reference/pets/list-pets/): GET /pets\n" in llms
    assert "- [GET /status](/api-reference/get-status/)\n" in llms
    assert "## OpenAPI Specs\n- [store.yaml](/store.yaml)" in llms
    assert "beta-pets" not in llms  # x-hidden
    pages = llms[llms.index("## Pages"):llms.index("## API Reference")]
    assert "/api-reference/" not in pages


def test_a_page_file_at_a_generated_url_wins_with_a_warning(tmp_path: Path) -> None:
    (tmp_path / "api-reference" / "pets").mkdir(parents=True)
    (tmp_path / "api-reference" / "pets" / "list-pets.mdx").write_text(
        "---\ntitle: Hand written\n---\nMine.\n")
    code, output, out = build_site(tmp_path, FORMS["tab"])
    assert code == 0, output
    assert re.search(r"docs\.json:\d+:\d+: warning: the generated page for GET /pets and "
                     r"'api-reference/pets/list-pets\.mdx' share the URL "
                     r"/api-reference/pets/list-pets/; the page file is kept", output), output
    assert "Mine." in (out / "api-reference" / "pets" / "list-pets" / "index.html").read_text()


NESTED = """openapi: 3.2.0
info: {title: Plants, version: '1'}
tags:
  - {name: store, summary: Store, kind: nav}
  - {name: plants, summary: Plants, parent: store, kind: nav}
  - {name: care-guides, summary: Care guides, parent: store}
  - {name: beta, summary: Beta, kind: badge}
  - {name: orders, summary: Orders, x-group: Order desk}
paths:
  /plants:
    get: {summary: List plants, tags: [beta, plants], responses: {'200': {description: ok}}}
  /guides:
    get: {summary: List guides, tags: [care-guides], responses: {'200': {description: ok}}}
  /orders:
    get: {summary: List orders, tags: [orders], responses: {'200': {description: ok}}}
"""


def test_openapi_3_2_tags_nest_groups_and_badge_tags_are_pills(tmp_path: Path) -> None:
    # the platform's docs: a tag's group nests in its parent's, labelled by summary (x-group
    # first); an operation is filed (and its URL named) under its first nav tag, and a badge
    # tag is a pill beside it in the sidebar
    (tmp_path / "plants.yaml").write_text(NESTED)
    code, output, out = build_site(tmp_path, {"groups": [
        GUIDES, {"group": "API", "openapi": "plants.yaml"}]})
    assert code == 0, output
    page = out / "api-reference" / "plants" / "list-plants" / "index.html"
    assert page.is_file() and (out / "api-reference" / "care-guides" / "list-guides").is_dir()
    aside = part(page.read_text(), r'<aside class="sidebar".*?</aside>')
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", aside)).strip()
    assert text.endswith("API Store Plants get List plants Beta Care guides get List guides "
                         "Order desk get List orders"), text
    nested = re.findall(r'<summary class="nav-link">.*?<span>(.*?)</span>', aside, re.S)
    assert nested == ["Store", "Plants", "Care guides", "Order desk"]
