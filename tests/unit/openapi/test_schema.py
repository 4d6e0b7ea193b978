"""Schema trees and generated examples: recursion, 3.0/3.1 nullability, allOf, budgets."""

from __future__ import annotations

from mdxsite.model import ApiAuth, ApiOperation, ApiParameter
from mdxsite.openapi import fields, samples
from mdxsite.openapi.schema import Walker

DOC = {"components": {"schemas": {
    "Node": {"type": "object", "properties": {
        "value": {"type": "integer", "minimum": 0, "exclusiveMaximum": 10},
        "next": {"$ref": "#/components/schemas/Node"},
        "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}},
    "Base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
    "Both": {"allOf": [{"$ref": "#/components/schemas/Base"},
                       {"properties": {"secret": {"type": "string", "writeOnly": True},
                                       "made": {"type": "string", "readOnly": True,
                                                "format": "date-time"}}}]},
    "Loop": {"$ref": "#/components/schemas/Loop"},
}}}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def test_a_recursive_schema_links_back_to_its_open_ancestor() -> None:
    node = Walker(DOC).node(ref("Node"))
    by_name = {f.name: f.node for f in node.properties}
    assert node.anchor and by_name["next"].recursive == node.anchor
    assert by_name["children"].recursive == node.anchor and by_name["children"].type == "Node[]"
    assert by_name["value"].constraints == [">= 0", "< 10"]
    # minimum 0: the platform's made-up integer is minimum + 1
    assert samples.example_of(DOC, ref("Node")) == {"value": 1, "next": {}, "children": [{}]}


def test_a_ref_cycle_with_no_content_is_empty_not_endless() -> None:
    node = Walker(DOC).node(ref("Loop"))
    assert node.type == "Loop" and not node.properties and not node.variants
    assert samples.example_of(DOC, ref("Loop")) == "<any>"  # no type: any value, as there


def test_all_of_merges_and_modes_hide_read_or_write_only() -> None:
    request = Walker(DOC, "request").node(ref("Both"))
    response = Walker(DOC, "response").node(ref("Both"))
    assert [(f.name, f.required) for f in request.properties] == [("id", True), ("secret", False)]
    assert [f.name for f in response.properties] == ["id", "made"]
    assert samples.example_of(DOC, ref("Both"), "response") == {
        "id": "<string>", "made": "2023-11-07T05:31:56Z"}


def test_nullable_in_both_spellings() -> None:
    walker = Walker(DOC)
    assert walker.node({"type": ["string", "null"]}).type == "string | null"
    assert walker.node({"type": "integer", "nullable": True}).nullable
    # a third spelling (FastAPI's Optional): a null option makes the schema nullable, and the
    # one other option is the schema, not "Any of: string, any | null" (the platform's type
    # line reads "string | null")
    optional = walker.node({"anyOf": [{"type": "string", "maxLength": 8}, {"type": "null"}],
                            "title": "Cursor"})
    assert (optional.type, optional.nullable, optional.variants) == ("string | null", True, [])
    assert optional.constraints == ["length <= 8"]
    assert walker.node({"type": "null"}).type == "null"


def test_a_null_option_beside_a_named_schema_or_several_options() -> None:
    data = {"components": {"schemas": {"Pet": {"type": "object", "properties": {
        "name": {"type": "string"}}}}}}
    walker = Walker(data)
    pet = walker.node({"oneOf": [{"$ref": "#/components/schemas/Pet"}, {"type": "null"}]})
    assert (pet.type, pet.nullable, [f.name for f in pet.properties]) == (
        "Pet | null", True, ["name"])
    both = walker.node({"anyOf": [{"type": "string"}, {"type": "integer"}, {"enum": [None]}]})
    assert both.type == "string | integer | null" and both.nullable
    assert [v.type for v in both.variants] == ["string", "integer"]


def test_past_the_budget_named_schemas_load_on_demand_and_nothing_is_cut() -> None:
    inner = {"type": "object", "properties": {f"q{j}": {"type": "string"} for j in range(50)}}
    data = {"components": {"schemas": {"Inner": inner}}}
    wide = {"type": "object", "properties": {
        **{f"p{i}": {"$ref": "#/components/schemas/Inner"} for i in range(50)},
        "anonymous": {"type": "object", "properties": {"deep": inner}}}}
    node = Walker(data, max_nodes=100).node(wide)
    by_name = {f.name: f.node for f in node.properties}
    # the top level is whole; named schemas inline while the budget lasts, then load lazily
    assert len(by_name) == 51
    assert len(by_name["p0"].properties) == 50 and not by_name["p0"].lazy
    assert by_name["p49"].lazy == "Inner" and by_name["p49"].lazy_mode == "response"
    # an anonymous schema cannot repeat: it is always drawn in full
    assert len(by_name["anonymous"].properties[0].node.properties) == 50
    assert not any(n.truncated for n in by_name.values())
    html = fields.root(node, str, lambda name, mode: f"/frag/{mode}/{name}.html")
    assert 'class="expandable api-children api-lazy" data-src="/frag/response/Inner.html"' in html
    assert '<a href="/frag/response/Inner.html">Fields of Inner</a>' in html


def test_samples_quote_for_the_shell_and_write_python_literals() -> None:
    op = ApiOperation(spec="s.yaml", method="POST", path="/x/{id}", url="https://a.test/x/it's",
                      parameters=(ApiParameter(name="q", location="query", required=True,
                                               example="a b"),),
                      body_type="application/json", body={"ok": True, "none": None},
                      auth=(ApiAuth(name="k", type="apiKey", location="header", param="X-Key"),))
    curl = samples.curl(op).code
    assert "--url 'https://a.test/x/it'\\''s?q=a+b'" in curl
    assert "--header 'X-Key: <api-key>'" in curl
    python = samples.python(op).code
    assert '"ok": True' in python and '"none": None' in python and "json=payload" in python
    assert 'body: JSON.stringify({' in samples.javascript(op).code


def test_form_bodies_encode_nested_values_as_form_apis_read_them() -> None:
    body = {"amount": 100, "metadata": {"order": "A 1"}, "items": ["x", {"y": True}], "none": None}
    assert samples.dump(body, "application/x-www-form-urlencoded") == (
        "amount=100&metadata[order]=A%201&items[0]=x&items[1][y]=true")


def test_a_parameter_example_is_taken_in_the_platforms_order() -> None:
    from mdxsite.openapi import render

    def example(schema: dict[str, object]) -> object:
        return render._param_example({}, {"name": "q", "in": "query", "schema": schema})[0]

    # example, then examples, then default, then const, then the first enum value
    assert example({"type": "string", "default": "d", "examples": ["e"], "enum": ["x"]}) == "e"
    assert example({"type": "string", "default": "d", "const": "c", "enum": ["x"]}) == "d"
    assert example({"type": "string", "const": "c", "enum": ["x"]}) == "c"
    assert example({"type": "string", "enum": ["x", "y"]}) == "x"


def test_a_combinator_cycle_outside_components_schemas_ends() -> None:
    """oneOf/allOf do not count as a level of the example (as on the platform), so a cycle
    through $refs that name no component schema is stopped by MAX_LEVEL, not by the stack."""
    for combinator in ("oneOf", "anyOf", "allOf"):
        doc = {"components": {"parameters": {"P": {"name": "p", "in": "query", "schema": {
            combinator: [{"$ref": "#/components/parameters/P/schema"}]}}}}}
        assert samples.example_of(doc, {"$ref": "#/components/parameters/P/schema"}) is None


def test_a_binary_content_media_type_reads_as_a_file() -> None:
    # the media types @mintlify/validation's converter makes a "file" of, and some it does not
    walker = Walker(DOC)
    for media in ("application/octet-stream", "image/svg+xml", "Audio/MPEG", "video/mp4",
                  "application/pdf", "application/zip; x=1", "application/vnd.rar"):
        assert walker.node({"type": "string", "contentMediaType": media}).type == "string<binary>"
    for media in ("application/json", "text/csv", "application/x-bzip2", "font/woff2"):
        assert walker.node({"type": "string", "contentMediaType": media}).type == "string"
    assert walker.node({"contentMediaType": "image/png",
                        "contentEncoding": "base64url"}).type == "string<base64>"
    assert walker.node({"type": "string", "contentEncoding": "base64"}).type == "string"
    # its example is the file placeholder the page's samples upload, not "<string>"
    assert samples.example_of(DOC, {"type": "string", "contentMediaType": "image/png"}) == \
        "<binary>"


def test_an_option_named_by_its_type_says_its_type_once() -> None:
    # "One of: string / Part[]": each option's heading is its type; the body repeated it as
    # "Type: string"; a titled option still names its type below
    node = Walker(DOC).node({"oneOf": [
        {"type": "string"}, {"type": "array", "items": {"type": "integer"}},
        {"type": "string", "format": "uuid", "title": "Identifier"}]})
    html = fields.children(node, lambda text: text)
    assert "<summary>string</summary>" in html and "<summary>integer[]</summary>" in html
    assert "Type: <code>string</code>" not in html and "Type: <code>integer[]</code>" not in html
    assert "<summary>Identifier</summary>" in html and "Type: <code>string&lt;uuid&gt;</code>" in html


def test_a_discriminator_mapping_names_its_schemas_written_as_pointers_or_refs() -> None:
    # X's published spec writes mapping values as reference objects ({$ref: ...}), which the
    # platform's parser dereferences; they read "Cat'}" (the end of the dict's repr)
    doc = {"components": {"schemas": {
        "Cat": {"type": "object", "properties": {"kind": {"type": "string"}}},
        "Dog": {"type": "object", "properties": {"kind": {"type": "string"}}},
        "Pet": {"oneOf": [ref("Cat"), ref("Dog")], "discriminator": {
            "propertyName": "kind", "mapping": {"cat": ref("Cat"),
                                                "dog": "#/components/schemas/Dog",
                                                "odd": ["not", "a", "name"]}}}}}}
    node = Walker(doc).node(ref("Pet"))
    assert node.discriminator == "kind"
    assert node.mapping == [("cat", "Cat"), ("dog", "Dog")]


def test_options_that_only_name_required_fields_are_a_note_and_the_example_has_the_fields() -> None:
    # the platform merges the schema into each option: give url, or id (a real API's body)
    for combinator, note in (("anyOf", "at least one of: url; id and kind"),
                             ("oneOf", "exactly one of: url; id and kind")):
        schema = {"type": "object",
                  "properties": {"url": {"type": "string"}, "id": {"type": "string"},
                                 "kind": {"type": "integer"}},
                  combinator: [{"required": ["url"]},
                               {"required": ["id", "kind"], "description": "By id."}]}
        node = Walker(DOC).node(schema)
        assert [f.name for f in node.properties] == ["url", "id", "kind"]
        assert node.constraints == [note] and not node.variants and node.type == "object"
        assert samples.example_of(DOC, schema) == {"url": "<string>", "id": "<string>", "kind": 123}
    # an option that is a schema of its own is still a variant
    schema = {"type": "object", "properties": {"url": {"type": "string"}},
              "anyOf": [{"required": ["url"]}, {"type": "object", "required": ["id"]}]}
    assert len(Walker(DOC).node(schema).variants) == 2
