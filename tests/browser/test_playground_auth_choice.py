"""Several alternative security requirements (``security: [{oauth: []}, {key: [], session:
[]}]``): the playground lets the reader pick one, shows that one's credential fields and sends
only those; it offered the first alternative's alone, so a reader holding an API key could not
send a request. The fields of what is not chosen are hidden, a server's variables included
(``hidden`` lost to the field's own ``display: grid``, so an unchosen server's variables stayed
on screen). Alternatives that both send the Authorization header send the chosen one's; schemes
combined in one requirement send one Authorization header, the last scheme's, as on the
platform (both fields showed, and the later replaced the earlier)."""

from __future__ import annotations

import base64
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
  - raw_key: []
paths:
  /items:
    get:
      summary: List items
      responses: {"200": {description: ok}}
  /both:
    get:
      summary: Both
      security: [{bearer: [], basic: []}]
      responses: {"200": {description: ok}}
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
    basic: {type: http, scheme: basic}
    key: {type: apiKey, in: header, name: X-Key}
    account: {type: apiKey, in: query, name: account}
    raw_key: {type: apiKey, in: header, name: Authorization}
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
        "bearer", "key & account", "raw key"]
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
    # two alternatives sending the Authorization header: the chosen one's value alone
    preview = pg.locator("[data-pg-preview]")
    choice.select_option(index=0)
    assert "Authorization: Bearer tok" in preview.inner_text()
    choice.select_option(index=2)
    pg.locator('[data-pg-auth="raw_key"]').fill("raw-1")
    assert "Authorization: raw-1" in preview.inner_text()
    assert "Bearer" not in preview.inner_text()
    pg.locator("[data-pg-send]").click()
    p.wait_for_function(
        "document.querySelector('[data-pg-status]').textContent.startsWith('200') && "
        "document.querySelector('[data-pg-body-out]').textContent.includes('raw-1')")
    # schemes combined in one requirement send one Authorization header: the last one's
    # field alone (bearer's showed too, and its token replaced the basic credentials)
    p.goto(p.url.replace("/list-items/", "/both/"))
    p.locator("[data-pg-open]").click()
    assert p.locator("[data-pg-auth]").evaluate_all(
        "inputs => inputs.map(i => i.getAttribute('data-pg-auth') + ':' + "
        "i.getAttribute('data-part'))") == ["basic:username", "basic:password"]
    p.locator('[data-pg-auth][data-part="username"]').fill("ann")
    p.locator("[data-pg-server]").select_option(index=1)
    p.locator("[data-pg-send]").click()
    p.wait_for_function(
        "document.querySelector('[data-pg-status]').textContent.startsWith('200')")
    echoed = json.loads(p.locator("[data-pg-body-out]").inner_text())
    assert echoed["authorization"] == "Basic " + base64.b64encode(b"ann:").decode()
