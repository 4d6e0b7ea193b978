"""Several alternative security requirements (``security: [{oauth: []}, {key: [], session:
[]}]``): the playground lets the reader pick one, shows that one's credential fields and sends
only those; it offered the first alternative's alone, so a reader holding an API key could not
send a request. The fields of what is not chosen are hidden, a server's variables included
(``hidden`` lost to the field's own ``display: grid``, so an unchosen server's variables stayed
on screen)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdxsite.cli import main

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
        tmp_path: Path, echo_api: Callable[..., str], serve_dir: Callable[..., str],
        chromium: object) -> None:
    root = tmp_path / "site"
    root.mkdir()
    (root / "keys.yaml").write_text(SPEC.replace("API", echo_api("keys")))
    (root / "docs.json").write_text(json.dumps({
        "name": "K", "theme": "mint", "navigation": {"tabs": [
            {"tab": "API", "openapi": {"source": "keys.yaml", "directory": "api"}}]}}))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["--disable-plugin", "search", "build", str(root), "-o",
                                       str(out)])
    assert result.exit_code == 0, result.output
    base = serve_dir(out)
    context = chromium.new_context()  # type: ignore[attr-defined]
    try:
        p = context.new_page()
        p.goto(f"{base}/api/list-items/")
        p.locator("[data-pg-open]").click()
        pg = p.locator("[data-playground]")
        region = pg.locator('[data-pg-var="region"]')
        assert region.is_visible()
        pg.locator("[data-pg-server]").select_option(index=1)
        assert not region.is_visible()
        choice = pg.locator("[data-pg-auth-option]")
        assert [o.strip() for o in choice.locator("option").all_inner_texts()] == [
            "bearer", "key + account"]
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
    finally:
        context.close()
