"""Schema trees and generated examples: recursion, 3.0/3.1 nullability, allOf, budgets."""

from __future__ import annotations

from mdxsite.model import ApiAuth, ApiOperation, ApiParameter
from mdxsite.openapi import samples
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
    assert samples.example_of(DOC, ref("Node")) == {"value": 0, "next": {}, "children": [{}]}


def test_a_ref_cycle_with_no_content_is_empty_not_endless() -> None:
    node = Walker(DOC).node(ref("Loop"))
    assert node.type == "Loop" and not node.properties and not node.variants
    assert samples.example_of(DOC, ref("Loop")) is None


def test_all_of_merges_and_modes_hide_read_or_write_only() -> None:
    request = Walker(DOC, "request").node(ref("Both"))
    response = Walker(DOC, "response").node(ref("Both"))
    assert [(f.name, f.required) for f in request.properties] == [("id", True), ("secret", False)]
    assert [f.name for f in response.properties] == ["id", "made"]
    assert samples.example_of(DOC, ref("Both"), "response") == {
        "id": "string", "made": "2024-01-01T12:00:00Z"}


def test_nullable_in_both_spellings() -> None:
    walker = Walker(DOC)
    assert walker.node({"type": ["string", "null"]}).type == "string | null"
    assert walker.node({"type": "integer", "nullable": True}).nullable
    assert walker.node({"anyOf": [{"type": "string"}, {"type": "null"}]}).combinator == "anyOf"


def test_the_node_budget_bounds_a_huge_schema() -> None:
    wide = {"type": "object", "properties": {f"p{i}": {"type": "object", "properties": {
        f"q{j}": {"type": "string"} for j in range(50)}} for i in range(50)}}
    node = Walker({}, max_nodes=100).node(wide)
    assert sum(1 + len(f.node.properties) for f in node.properties) <= 101
    assert node.truncated or any(f.node.truncated for f in node.properties)


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
