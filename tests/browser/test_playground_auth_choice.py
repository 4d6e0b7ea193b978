"""Several alternative security requirements (``security: [{oauth: []}, {key: [], session:
[]}]``): the playground lets the reader pick one, shows that one's credential fields and sends
only those; it offered the first alternative's alone, so a reader holding an API key could not
send a request. The fields of what is not chosen are hidden, a server's variables included
(``hidden`` lost to the field's own ``display: grid``, so an unchosen server's variables stayed
on screen)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SPEC = """openapi: 3.1.0
info: {title: Keys, version: "1"}
servers:
  - {url: "https://{region}.keys.test", variables: {region: {default: eu}}}
  - {url: API}
security:
  - bearer: []
  - key: []
    account: []
paths:
  /items:
    get:
      summary: List items
      responses: {"200": {description: ok}}
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
    key: {type: apiKey, in: header, name: X-Key}
    account: {type: apiKey, in: query, name: account}
"""


def test_the_reader_picks_one_of_several_security_requirements(
        api_playground: Callable[[str, str, str], tuple[Any, Any]]) -> None:
    p, pg = api_playground("keys", SPEC, "/api/list-items/")
    region = pg.locator('[data-pg-var="region"]')
    assert region.is_visible()
    pg.locator("[data-pg-server]").select_option(index=1)
    assert not region.is_visible()
    choice = pg.locator("[data-pg-auth-option]")
    assert [o.strip() for o in choice.locator("option").all_inner_texts()] == [
        "bearer", "key & account"]
    # the first requirement's field shows, the others' are hidden
    assert pg.locator('[data-pg-auth="bearer"]').is_visible()
    assert not pg.locator('[data-pg-auth="key"]').is_visible()
    pg.locator('[data-pg-auth="bearer"]').fill("tok")
    choice.select_option(index=1)
    assert not pg.locator('[data-pg-auth="bearer"]').is_visible()
    pg.locator('[data-pg-auth="key"]').fill("k-1")
    pg.locator('[data-pg-auth="account"]').fill("acme")
    pg.locator("[data-pg-send]").click()
    p.wait_for_function(
        "document.querySelector('[data-pg-status]').textContent.startsWith('200')")
    echoed = json.loads(pg.locator("[data-pg-body-out]").inner_text())
    # the chosen requirement's credentials only: no bearer token from the other one
    assert (echoed["path"], echoed["key"], echoed["authorization"]) == (
        "/items?account=acme", "k-1", None)
