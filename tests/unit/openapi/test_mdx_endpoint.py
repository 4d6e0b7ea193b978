"""The ``<ParamField>`` components of an MDX endpoint page, read into playground fields."""

from __future__ import annotations

import pytest

from mdxsite.openapi.mdx_endpoint import param_fields, parse


def test_placeholder_is_read_with_the_other_props() -> None:
    got = param_fields('<ParamField query="limit" type="integer" default="10" required '
                       'placeholder="1 to 100">How many.</ParamField>\n'
                       '<ParamField path="id">The id.</ParamField>')
    assert got == [
        {"name": "limit", "in": "query", "type": "integer", "required": True, "default": "10",
         "placeholder": "1 to 100"},
        {"name": "id", "in": "path", "type": "string", "required": False, "default": "",
         "placeholder": ""}]


@pytest.mark.parametrize(("written", "placeholder"), [
    ('placeholder={"Ada"}', "Ada"),
    ("placeholder={'Ada'}", "Ada"),
    ("placeholder={`Ada`}", "Ada"),
    ('placeholder={"tab\\there"}', "tab\there"),
    ("placeholder='say \"hi\"'", 'say "hi"'),
    ("placeholder={'it\\'s'}", "it's"),
    ('placeholder={"a" + b}', '"a" + b'),   # any other expression: left as written
    ('placeholder={"a" + "b"}', '"a" + "b"'),
    ("placeholder={name}", "name"),
])
def test_a_string_literal_expression_is_its_text(written: str, placeholder: str) -> None:
    [field] = param_fields(f'<ParamField body="name" {written}>The name.</ParamField>')
    assert field["placeholder"] == placeholder


def test_an_api_value_that_is_not_method_url_names_the_server_setting() -> None:
    # a docs.json site is told docs.json's setting; a mint.json site's caller passes its own
    assert parse("FETCH users", []) == (
        "api 'FETCH users' is not METHOD URL; write \"POST https://api.example.com/users\" or "
        "\"POST /users\" with api.mdx.server in docs.json")
    assert str(parse("FETCH users", [], "api.baseUrl in mint.json")).endswith(
        "with api.baseUrl in mint.json")
