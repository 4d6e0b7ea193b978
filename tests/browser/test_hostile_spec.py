"""A page built from a hostile OpenAPI document: the MDX of its x-mint content reaches the
page, but nothing in it runs script. Every link and button on the page is clicked in
Chromium and no dialog may open."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

HOSTILE = """<Card title="Card" href="javascript:alert('card')">card</Card>

<a href="java&#x09;script:alert('entity')">entity</a> <a href="JAVASCRIPT:alert('upper')">upper</a>

<a href="#" onClick="alert('click')">handler</a> <img src="/missing.png" onError="alert('img')" />

<script>alert('script')</script>

<form action="javascript:alert('form')"><button>send</button></form>

[markdown](javascript:alert('md')) <iframe srcdoc="<script>alert('frame')</script>"></iframe>

The operation's own words stay.
"""


def test_nothing_from_a_spec_runs_script(make_site: Callable[..., Path], cli: Callable,
                                         tmp_path: Path, serve_dir: Callable[..., str],
                                         local_context: Callable[..., object]) -> None:
    spec = {"openapi": "3.1.0", "info": {"title": "Evil", "version": "1"},
            "paths": {"/pets": {"get": {"summary": "List pets", "operationId": "listPets",
                                        "x-mint": {"content": HOSTILE},
                                        "description": "<img src=x onerror=alert('desc')>",
                                        "responses": {"200": {"description": "ok"}}}}}}
    root = make_site({"name": "H", "navigation": {"groups": [
        {"group": "API", "openapi": "evil.json", "pages": ["index", "GET /pets"]}]}},
        pages={"index": "# Home\n"}, files={"evil.json": json.dumps(spec)})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.output
    page_file = next(out.rglob("list-pets/index.html"))
    base = serve_dir(out)
    context = local_context()
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    url = base + "/" + page_file.parent.relative_to(out).as_posix() + "/"
    page.goto(url)
    assert "The operation's own words stay." in page.locator("article").inner_text()
    count = page.locator("article a, article button").count()
    assert count >= 6
    for i in range(count):
        page.goto(url)
        target = page.locator("article a, article button").nth(i)
        if target.is_visible():
            target.click(timeout=2000)  # a link or a form may navigate: wait for it
            page.wait_for_load_state()
    assert dialogs == []
