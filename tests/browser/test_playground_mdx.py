"""Endpoints written in MDX (frontmatter ``api:``, no OpenAPI document) in Chromium.

A local JSON API (``echo_api`` in conftest.py) echoes what it received; the page's playground,
built from ``api.mdx.server``, ``api.mdx.auth`` and the page's ``<ParamField>`` components,
sends a real request to it and shows the answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdxsite.cli import main

pytestmark = pytest.mark.browser

CREATE = """---
title: Create user
api: "POST /users"
---

Creates a user.

<ParamField body="name" type="string" required>
The user's name.
</ParamField>

<ParamField query="dry_run" type="boolean" placeholder="true to only check">
Only check the input.
</ParamField>
"""

GET = """---
title: Get user
api: GET {api}/v1/users/{{id}}
---

<ParamField path="id" type="string" required>
The user's id.
</ParamField>
"""

# a path longer than a phone's line, beside a one-server URL (a <code>, not a <select>)
LONG = """---
title: Set a variable
api: PUT /organizations/{org}/projects/{project}/environments/{environment}/variables/{name}
---
"""


@pytest.fixture
def api(echo_api: Callable[..., str]) -> str:
    """The conftest's echo, answering a POST with 201 Created."""
    return echo_api(post_status=201)


def _build(tmp_path: Path, api: str, auth: dict[str, str]) -> Path:
    root = tmp_path / "site"
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({
        "name": "Users", "theme": "mint", "colors": {"primary": "#0E7C66"},
        "api": {"mdx": {"server": api, "auth": auth}},
        "navigation": {"groups": [{"group": "API", "pages": ["create-user", "get-user", "set-variable"]}]}}))
    (root / "create-user.mdx").write_text(CREATE)
    (root / "get-user.mdx").write_text(GET.format(api=api))
    (root / "set-variable.mdx").write_text(LONG)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out), "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output.split("built")[0], result.output
    return out


@pytest.fixture
def page(chromium: object) -> Iterator[object]:
    context = chromium.new_context()  # type: ignore[attr-defined]
    yield context.new_page()
    context.close()


def _response(p: object) -> dict[str, object]:
    p.wait_for_function(  # type: ignore[attr-defined]
        "document.querySelector('[data-pg-body-out]').textContent.length > 0")
    text = p.locator("[data-pg-body-out]").inner_text()  # type: ignore[attr-defined]
    value: dict[str, object] = json.loads(text)
    return value


def test_mdx_endpoint_with_a_relative_path_sends_through_api_mdx_server(
        tmp_path: Path, api: str, serve_dir: Callable[..., str], page: object) -> None:
    base = serve_dir(_build(tmp_path, api, {"method": "bearer"}))
    p = page
    p.goto(f"{base}/create-user/")  # type: ignore[attr-defined]
    bar = p.locator(".api-endpoint").first  # type: ignore[attr-defined]
    assert bar.inner_text().split() == ["POST", "/users", "Copy", "Try", "it"]
    # the page's own content stays below the endpoint
    assert "Creates a user." in p.locator("article").inner_text()  # type: ignore[attr-defined]
    bar.get_by_role("button", name="Try it").click()
    pg = p.locator("[data-playground]")  # type: ignore[attr-defined]
    pg.locator('[data-pg-auth="mdx"]').fill("t0ken")
    dry_run = pg.locator('[data-pg-param="dry_run"]')
    # the ParamField's placeholder, shown while the input is empty (and sent only once typed)
    assert dry_run.input_value() == ""
    assert dry_run.evaluate("e => e.placeholder") == "true to only check"
    assert dry_run.evaluate("e => e.matches(':placeholder-shown')")
    assert pg.locator("[data-pg-preview]").inner_text().startswith(f"POST {api}/users\n")
    dry_run.fill("true")
    pg.locator("[data-pg-body]").fill('{"name": "Ada"}')
    preview = pg.locator("[data-pg-preview]").inner_text()
    assert preview.startswith(f"POST {api}/users?dry_run=true")
    pg.locator("[data-pg-send]").click()
    echoed = _response(p)
    assert echoed == {"server": "echo", "method": "POST", "path": "/users?dry_run=true",
                      "authorization": "Bearer t0ken", "key": None,
                      "contentType": "application/json", "cookie": None, "body": {"name": "Ada"},
                      "form": None, "parts": None, "partList": None}
    assert pg.locator("[data-pg-status]").inner_text().startswith("201")
    assert pg.locator("[data-pg-time]").inner_text().endswith(" ms")
    p.keyboard.press("Escape")  # type: ignore[attr-defined]
    assert not pg.is_visible()
    assert p.evaluate(  # type: ignore[attr-defined]
        "document.activeElement.matches('.api-endpoint [data-pg-open]')")


def test_mdx_endpoint_with_a_full_url_and_an_api_key(
        tmp_path: Path, api: str, serve_dir: Callable[..., str], page: object) -> None:
    base = serve_dir(_build(tmp_path, api, {"method": "key", "name": "X-Key"}))
    p = page
    p.goto(f"{base}/get-user/")  # type: ignore[attr-defined]
    p.locator("[data-pg-open]").click()  # type: ignore[attr-defined]  # the bar's "Try it"
    pg = p.locator("[data-playground]")  # type: ignore[attr-defined]
    pg.locator('[data-pg-auth="mdx"]').fill("k-123")
    pg.locator('[data-pg-param="id"]').fill("u 7")
    pg.locator("[data-pg-send]").click()
    echoed = _response(p)
    assert echoed == {"server": "echo", "method": "GET", "path": "/v1/users/u%207",
                      "authorization": None, "key": "k-123", "contentType": None, "cookie": None,
                      "body": None, "form": None, "parts": None,
                      "partList": None}
    assert pg.locator("[data-pg-status]").inner_text().startswith("200")


def test_a_long_path_in_the_playground_gets_a_line_of_its_own_on_a_phone(
        tmp_path: Path, api: str, serve_dir: Callable[..., str], chromium: object) -> None:
    """The request line's path is read whole at 390 px: it had stayed beside the server URL,
    squeezed to a sliver a few letters wide with its end cut off."""
    base = serve_dir(_build(tmp_path, api, {"method": "bearer"}))
    context = chromium.new_context(viewport={"width": 390, "height": 900})  # type: ignore[attr-defined]
    p = context.new_page()
    p.goto(f"{base}/set-variable/")
    p.locator("[data-pg-open]").click()  # the bar's "Try it"
    found = p.locator(".playground-path").evaluate("""el => {
        const r = el.getBoundingClientRect(), bar = el.parentElement.getBoundingClientRect();
        return { cut: el.scrollWidth > el.clientWidth + 1, right: r.right - bar.right,
                 share: r.width / bar.width }; }""")
    assert not found["cut"] and found["right"] <= 1, found
    assert found["share"] > 0.6, found   # a line of its own, not a sliver beside the server
    assert p.evaluate("document.documentElement.scrollWidth") == 390
    context.close()
