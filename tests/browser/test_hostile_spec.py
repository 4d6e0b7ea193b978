"""A page built from a hostile OpenAPI document: the MDX of its x-mint content reaches the
page, but nothing in it runs script. Every link and button on the page is clicked in
Chromium and no dialog may open; every URL left on the page is http(s), mailto, relative or
a fragment (data:, file:, blob: and odd schemes are left out, with a warning)."""

from __future__ import annotations

import json
import re
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

<iframe src="data:text/html,<script>alert('data-frame')</script>"></iframe>

<object data="data:text/html,<script>alert('object')</script>"></object> <embed src="data:text/html,<script>alert('embed')</script>" />

<Card title="Data" href="data:text/html,<script>alert('data-card')</script>">data card</Card>

<a href="data:text/html,<script>alert('data')</script>">data</a> <a href="file:///etc/passwd">file</a> <a href="blob:https://example.com/1">blob</a> <a href="ms-settings:privacy">odd</a>

<div data-href="javascript:alert('data-href')">div</div> <svg><a href="javascript:alert('svg')"><text y="10">svg</text></a></svg>

<a href="https://example.com/ok">https</a> <a href="/relative">relative</a> <a href="#anchor">fragment</a> <a href="mailto:ops@example.com">mail</a>

The operation's own words stay.
"""


def test_nothing_from_a_spec_runs_script(make_site: Callable[..., Path], cli: Callable,
                                         tmp_path: Path, serve_dir: Callable[..., str],
                                         local_context: Callable[..., object]) -> None:
    spec = {"openapi": "3.1.0", "info": {"title": "Evil", "version": "1"},
            "paths": {"/pets": {"get": {"summary": "List pets", "operationId": "listPets",
                                        "x-mint": {"content": HOSTILE},
                                        "description": "<img src=x onerror=alert('desc')> "
                                                       "[blob](blob:https://x/1) [ftp](ftp://x)",
                                        "responses": {"200": {"description": "ok"}}}}}}
    root = make_site({"name": "H", "navigation": {"groups": [
        {"group": "API", "openapi": "evil.json", "pages": ["index", "GET /pets"]}]}},
        pages={"index": "# Home\n"}, files={"evil.json": json.dumps(spec)})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.output
    assert "the URL 'file:///etc/passwd' is left out" in result.output  # said, not silent
    assert result.output.count("[openapi.unsafe-url]") >= 8
    page_file = next(out.rglob("list-pets/index.html"))
    base = serve_dir(out)
    context = local_context()
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    url = base + "/" + page_file.parent.relative_to(out).as_posix() + "/"
    page.goto(url)
    page.wait_for_timeout(300)  # frames and objects load (and would run) without a click
    assert "The operation's own words stay." in page.locator("article").inner_text()
    urls = page.eval_on_selector_all(
        "article *", "els => els.flatMap(e => [...e.attributes].filter(a => "
        "/(href|src|srcset|action|data|url)$/i.test(a.name)).map(a => a.value))")
    kept = {u.split(":")[0] for u in urls if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", u)}
    assert kept <= {"http", "https", "mailto"}, urls
    for good in ("https://example.com/ok", "/relative", "#anchor", "mailto:ops@example.com"):
        assert good in urls
    count = page.locator("article a, article button").count()
    assert count >= 6
    for i in range(count):
        page.goto(url)
        target = page.locator("article a, article button").nth(i)
        if target.is_visible():
            target.click(timeout=2000)  # a link or a form may navigate: wait for it
            page.wait_for_load_state()
    assert dialogs == []
