"""The playground's harder requests in Chromium, against a local API that echoes what arrived
(``echo_api`` in conftest.py): a multipart upload with a file, cookie auth and cookie
parameters, a form body with nested values, and a binary (image) response. Each is what a
reader of an API reference tries."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdxsite.cli import main

pytestmark = pytest.mark.browser

# a 1x1 PNG
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAE"
                       "hQGAhKmMIQAAAABJRU5ErkJggg==")


SPEC = """openapi: 3.1.0
info: {title: Uploads, version: '1'}
servers: [{url: 'API'}]
components:
  securitySchemes:
    session: {type: apiKey, in: cookie, name: session}
security: [{session: []}]
paths:
  /upload:
    post:
      summary: Upload a file
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                file: {type: string, format: binary}
                note: {type: string, x-default: from x-default}
      responses: {'200': {description: ok}}
  /labels:
    post:
      summary: Label an item
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                tags: {type: array, items: {type: string}}
                ids: {type: array, items: {type: integer}}
                meta: {type: array, items: {type: string}}
                note: {type: string}
              example: {tags: [red, big], ids: [1, 2], meta: [x, y], note: hi}
            encoding:
              ids: {explode: false}
              meta: {contentType: application/json}
      responses: {'200': {description: ok}}
  /charges:
    post:
      summary: Create a charge
      parameters:
        - {name: theme, in: cookie, schema: {type: string}}
        - {name: currency, in: query, schema: {type: string, x-default: eur}}
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                amount: {type: integer}
                metadata: {type: object, properties: {order: {type: string}}}
            example: {amount: 100, metadata: {order: A1}, items: [x, y]}
      responses: {'200': {description: ok}}
  /avatar:
    get:
      summary: Get the avatar
      responses:
        '200':
          description: The picture
          content: {image/png: {schema: {type: string, format: binary}}}
"""


@pytest.fixture
def api(echo_api: Callable[..., str]) -> str:
    """The conftest's echo, taking cookies, with a picture at /avatar."""
    return echo_api(credentials=True, canned={"/avatar": ("image/png", PNG)})


@pytest.fixture
def site(tmp_path: Path, api: str, serve_dir: Callable[..., str]) -> str:
    root = tmp_path / "site"
    root.mkdir()
    (root / "api.yaml").write_text(SPEC.replace("'API'", repr(api)))
    (root / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "U", "colors": {"primary": "#112233"},
        # the form body's example is sent as it is prefilled
        "api": {"examples": {"prefill": True}},
        "navigation": {"tabs": [{"tab": "API", "openapi": "api.yaml"}]}}))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return serve_dir(out)


@pytest.fixture
def page(chromium: object) -> Iterator[object]:
    context = chromium.new_context()  # type: ignore[attr-defined]
    yield context.new_page()
    context.close()


def _send(p: object) -> dict:
    pg = p.locator("[data-playground]")  # type: ignore[attr-defined]
    pg.locator("[data-pg-send]").click()
    p.wait_for_function(  # type: ignore[attr-defined]
        "document.querySelector('[data-pg-status]').textContent.startsWith('200')")
    return json.loads(pg.locator("[data-pg-body-out]").inner_text())


def test_multipart_upload_sends_the_file_with_a_boundary_and_cookie_auth(
        site: str, page: object, tmp_path: Path) -> None:
    p = page
    p.goto(f"{site}/api-reference/upload-a-file/")  # type: ignore[attr-defined]
    p.locator("[data-pg-open]").click()  # type: ignore[attr-defined]  # the bar's "Try it"
    pg = p.locator("[data-playground]")  # type: ignore[attr-defined]
    assert pg.locator('[data-pg-part="note"]').input_value() == "from x-default"
    upload = tmp_path / "hello.txt"
    upload.write_text("file body")
    pg.locator('[data-pg-part="file"]').set_input_files(str(upload))
    pg.locator('[data-pg-auth="session"]').fill("s3cret")
    preview = pg.locator("[data-pg-preview]").inner_text()
    assert "file: <file hello.txt, 9 bytes>" in preview and "Cookie: session=s3cret" in preview
    got = _send(p)
    assert got["contentType"].startswith("multipart/form-data; boundary=")
    assert got["parts"] == {"file": {"filename": "hello.txt", "content": "file body"},
                            "note": {"filename": None, "content": "from x-default"}}
    assert got["cookie"] == "session=s3cret"
    # the cookie was set for the request only
    assert p.evaluate("document.cookie") == ""  # type: ignore[attr-defined]


# an array field is sent one part per item under its own name (RFC 7578's repeated fields,
# OpenAPI's default form/exploded encoding, a browser form's repeated inputs); an encoding
# with explode: false joins the items, one with a JSON contentType keeps the JSON
LABEL_PARTS = [["tags", "red"], ["tags", "big"], ["ids", "1,2"], ["meta", '["x", "y"]'],
               ["note", "hi"]]


def test_multipart_array_fields_are_sent_one_part_per_item(site: str, page: object) -> None:
    p = page
    p.goto(f"{site}/api-reference/label-an-item/")  # type: ignore[attr-defined]
    p.locator("[data-pg-open]").click()  # type: ignore[attr-defined]
    pg = p.locator("[data-playground]")  # type: ignore[attr-defined]
    pg.locator('[data-pg-auth="session"]').fill("s3cret")
    preview = pg.locator("[data-pg-preview]").inner_text()
    assert "tags: red\ntags: big\nids: 1,2\n" in preview, preview
    got = _send(p)
    assert got["contentType"].startswith("multipart/form-data; boundary=")
    assert got["partList"] == LABEL_PARTS
    # what the reader types replaces the example, item by item
    pg.locator('[data-pg-part="tags"]').fill('["solo"]')
    assert _send(p)["partList"][0:2] == [["tags", "solo"], ["ids", "1,2"]]


def test_form_body_encodes_nested_values_and_sends_cookie_parameters(
        site: str, page: object) -> None:
    p = page
    p.goto(f"{site}/api-reference/create-a-charge/")  # type: ignore[attr-defined]
    p.locator("[data-pg-open]").click()  # type: ignore[attr-defined]  # the bar's "Try it"
    pg = p.locator("[data-playground]")  # type: ignore[attr-defined]
    assert pg.locator('[data-pg-param="currency"]').input_value() == "eur"
    pg.locator('[data-pg-param="theme"]').fill("dark")
    pg.locator('[data-pg-auth="session"]').fill("abc")
    got = _send(p)
    assert got["path"] == "/charges?currency=eur"
    assert got["contentType"] == "application/x-www-form-urlencoded"
    assert got["form"] == [["amount", "100"], ["metadata[order]", "A1"], ["items", "x"],
                           ["items", "y"]]
    assert sorted(got["cookie"].split("; ")) == ["session=abc", "theme=dark"]


def test_an_image_response_is_shown_as_an_image(site: str, page: object) -> None:
    p = page
    p.goto(f"{site}/api-reference/get-the-avatar/")  # type: ignore[attr-defined]
    p.locator("[data-pg-open]").click()  # type: ignore[attr-defined]  # the bar's "Try it"
    pg = p.locator("[data-playground]")  # type: ignore[attr-defined]
    pg.locator('[data-pg-auth="session"]').fill("x")
    pg.locator("[data-pg-send]").click()
    p.wait_for_function(  # type: ignore[attr-defined]
        "document.querySelector('[data-pg-status]').textContent.startsWith('200')")
    assert pg.locator("[data-pg-body-out]").inner_text() == f"(image/png, {len(PNG)} bytes)"
    image = pg.locator("[data-pg-media] img")
    image.wait_for()
    p.wait_for_function(  # type: ignore[attr-defined]
        "document.querySelector('[data-pg-media] img').naturalWidth === 1")
    assert image.get_attribute("src").startswith("blob:")


def _samples(p: object) -> dict[str, str]:
    """The page's request samples as a reader sees them, each tab clicked in turn."""
    box = p.locator(".api-examples .api-sample").first  # type: ignore[attr-defined]
    shown = {}
    for tab in box.get_by_role("tab").all():
        tab.click()
        shown[tab.inner_text()] = box.locator(".tab-panel:visible code").inner_text()
    return shown


def _run(label: str, code: str, workdir: Path) -> dict:
    """Run a sample as a reader would (curl in a shell, Python with requests, JavaScript with
    Node) and return the echo's answer."""
    if label == "cURL":
        command = ["bash", "-c", code]  # its progress meter goes to stderr
    elif label == "Python":
        command = [sys.executable, "-c", code]
    else:
        (workdir / "sample.mjs").write_text(code)
        command = ["node", str(workdir / "sample.mjs")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=workdir)
    assert done.returncode == 0, (label, code, done.stderr)
    out = done.stdout.strip()
    return json.loads(out if label == "cURL" else out.removeprefix("200 "))


@pytest.mark.skipif(not (shutil.which("curl") and shutil.which("node")),
                    reason="curl and node run the samples")
def test_the_request_samples_send_the_form_bodies_the_playground_sends(
        site: str, page: object, tmp_path: Path) -> None:
    """Each shown sample, run with its placeholders filled in, sends what the playground sends
    (the tests above): one part per multipart field, a file as a file, and the form fields."""
    upload = tmp_path / "hello.txt"
    upload.write_text("file body")
    p = page
    p.goto(f"{site}/api-reference/upload-a-file/")  # type: ignore[attr-defined]
    shown = _samples(p)
    assert list(shown) == ["cURL", "Python", "JavaScript"]
    assert "  --form 'file=@<path>' \\\n  --form 'note=from x-default'" in shown["cURL"]
    for label, code in shown.items():
        got = _run(label, code.replace("<path>", str(upload)).replace("<api-key>", "s3cret"),
                   tmp_path)
        assert got["contentType"].startswith("multipart/form-data; boundary="), label
        # fetch's FormData names a file without a name "blob"
        assert got["parts"] == {
            "file": {"filename": "blob" if label == "JavaScript" else "hello.txt",
                     "content": "file body"},
            "note": {"filename": None, "content": "from x-default"}}, label
        assert got["cookie"] == "session=s3cret", label

    p.goto(f"{site}/api-reference/label-an-item/")  # type: ignore[attr-defined]
    for label, code in _samples(p).items():
        got = _run(label, code.replace("<api-key>", "s3cret"), tmp_path)
        assert got["partList"] == LABEL_PARTS, (label, code)

    p.goto(f"{site}/api-reference/create-a-charge/")  # type: ignore[attr-defined]
    for label, code in _samples(p).items():
        got = _run(label, code.replace("<api-key>", "s3cret"), tmp_path)
        assert got["path"] == "/charges?currency=eur", label
        assert got["contentType"] == "application/x-www-form-urlencoded", label
        assert got["form"] == [["amount", "100"], ["metadata[order]", "A1"], ["items", "x"],
                               ["items", "y"]], label
