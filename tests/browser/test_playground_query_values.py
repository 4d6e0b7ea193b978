"""Array and object query parameters in the playground, sent as the request samples spell
them (form exploded by default, explode: false, deepObject), not as JSON text; and a
prefilled array value arrives whole in its input (its JSON's quotes used to end the
attribute, leaving '[')."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SPEC = """openapi: 3.1.0
info: {title: Search, version: "1"}
servers: [{url: API}]
paths:
  /search:
    get:
      summary: Search
      parameters:
        - {name: ids, in: query, schema: {type: array, items: {type: integer}}}
        - name: tags
          in: query
          explode: false
          schema: {type: array, items: {type: string}}
          x-default: [red, "say \\"hi\\""]
        - name: filter
          in: query
          style: deepObject
          schema: {type: object, properties: {status: {type: string}}}
        - {name: q, in: query, schema: {type: string}}
      responses: {"200": {description: ok}}
"""


def test_array_and_object_query_values_are_spelled_by_style_and_explode(
        api_playground: Callable[[str, str, str], tuple[Any, Any]]) -> None:
    p, pg = api_playground("search", SPEC, "/api/search/")
    # the x-default prefills the input with the whole array
    assert json.loads(pg.locator('[data-pg-param="tags"]').input_value()) == [
        "red", 'say "hi"']
    pg.locator('[data-pg-param="ids"]').fill("1, 2")  # a comma list
    pg.locator('[data-pg-param="filter"]').fill('{"status": "open", "kind": "cat"}')
    pg.locator('[data-pg-param="q"]').fill("a,b")  # a plain value is sent as typed
    pg.locator("[data-pg-send]").click()
    p.wait_for_function(
        "document.querySelector('[data-pg-status]').textContent.startsWith('200')")
    echoed = json.loads(pg.locator("[data-pg-body-out]").inner_text())
    assert echoed["path"] == ("/search?ids=1&ids=2&tags=red%2Csay%20%22hi%22"
                              "&filter%5Bstatus%5D=open&filter%5Bkind%5D=cat&q=a%2Cb")
    # a JSON array typed into an exploded parameter is spelled the same way
    pg.locator('[data-pg-param="ids"]').fill("[3, 4]")
    assert "?ids=3&ids=4&" in pg.locator("[data-pg-preview]").inner_text()


def test_a_path_written_with_its_own_query_takes_the_parameters_after_an_ampersand(
        api_playground: Callable[[str, str, str], tuple[Any, Any]]) -> None:
    spec = ('openapi: 3.0.3\ninfo: {title: Q, version: "1"}\nservers: [{url: API}]\npaths:\n'
            '  /query?format=tabular:\n    post:\n      summary: Query\n      parameters:\n'
            '        - {name: nocache, in: query, required: true, schema: {type: boolean}}\n'
            '      responses: {"200": {description: ok}}\n')
    p, pg = api_playground("query", spec, "/api/query/")
    # the request sample shows the same URL as the one the playground sends
    assert "/query?format=tabular&nocache=true'" in p.locator(".api-sample").first.inner_text()
    pg.locator('[data-pg-param="nocache"]').fill("true")
    pg.locator("[data-pg-send]").click()
    p.wait_for_function(
        "document.querySelector('[data-pg-status]').textContent.startsWith('200')")
    assert json.loads(pg.locator("[data-pg-body-out]").inner_text())["path"] == \
        "/query?format=tabular&nocache=true"
