"""The playground of a body with several media types lets the reader pick the one to send
(it sent the first only), the reference shows the schema of the type picked, a form's fields
are spelled as its encoding says, and array or object path, header and cookie values are
spelled as their style says (simple: a,b) instead of as JSON text. The request samples
follow the picked type (they showed the first type's body whatever was picked)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SPEC = """openapi: 3.1.0
info: {title: Notes, version: "1"}
servers: [{url: API}]
paths:
  /notes/{ids}/{tag}:
    post:
      summary: Add note
      parameters:
        - {name: ids, in: path, required: true, schema: {type: array, items: {type: integer}}}
        - {name: X-Key, in: header, schema: {type: array, items: {type: string}}}
        - {name: tag, in: path, required: true, style: label, explode: true,
           schema: {type: array, items: {type: string}}}
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {text: {type: string, example: hi}}}
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                text: {type: string}
                tags: {type: array, items: {type: string}}
            encoding:
              tags: {style: form, explode: true}
            examples:
              short: {summary: Short, value: {text: a}}
              long: {summary: Long, value: {text: a longer note}}
          multipart/form-data:
            schema:
              type: object
              properties:
                text: {type: string}
                file: {type: string, format: binary}
      responses: {"200": {description: ok}}
"""


def test_the_reader_picks_the_body_media_type_and_arrays_follow_their_style(
        api_playground: Callable[[str, str, str], tuple[Any, Any]]) -> None:
    p, pg = api_playground("notes", SPEC, "/api/add-note/")
    picker = pg.locator("[data-pg-content-type]")
    assert picker.locator("option").all_inner_texts() == [
        "application/json", "application/x-www-form-urlencoded", "multipart/form-data"]
    pg.locator('[data-pg-param="ids"]').fill("[3, 4]")
    pg.locator('[data-pg-param="tag"]').fill("a, b")
    pg.locator('[data-pg-param="X-Key"]').fill('["k1", "k2"]')
    # the first type is shown and sent first, as before
    pg.locator('[data-pg-content="0"] [data-pg-body]').fill('{"text": "x"}')
    preview = pg.locator("[data-pg-preview]")
    assert "Content-Type: application/json" in preview.inner_text()
    # the form body's own field and its own named examples
    picker.select_option("1")
    assert pg.locator('[data-pg-content="0"]').is_hidden()
    pg.locator('[data-pg-content="1"] [data-pg-example]').select_option("1")
    assert "text=a%20longer%20note" in preview.inner_text()
    assert "Content-Type: application/x-www-form-urlencoded" in preview.inner_text()
    # a field typed as JSON is spelled as the media type's encoding says (tags=a&tags=b)
    pg.locator('[data-pg-content="1"] [data-pg-body]').fill('{"text": "n", "tags": ["a", "b"]}')
    assert preview.inner_text().endswith("\ntext=n&tags=a&tags=b")
    # multipart: its parts are sent, nothing of the other types
    picker.select_option("2")
    pg.locator('[data-pg-content="2"] [data-pg-part="text"]').fill("from a part")
    pg.locator('[data-pg-content="2"] [data-pg-part="file"]').set_input_files(
        {"name": "n.txt", "mimeType": "text/plain", "buffer": b"file body"})
    assert "X-Key: k1,k2" in preview.inner_text()
    pg.locator("[data-pg-send]").click()
    p.wait_for_function(
        "document.querySelector('[data-pg-status]').textContent.startsWith('200')")
    echoed = json.loads(pg.locator("[data-pg-body-out]").inner_text())
    assert echoed["path"] == "/notes/3,4/.a.b"
    assert echoed["key"] == "k1,k2"
    assert echoed["contentType"].startswith("multipart/form-data; boundary=")
    assert echoed["parts"] == {"text": {"filename": None, "content": "from a part"},
                               "file": {"filename": "n.txt", "content": "file body"}}
    # the reference: one type's schema at a time, the one the playground picked, and the
    # request samples of that type (they sent the first type's body whatever was picked)
    p.keyboard.press("Escape")
    body = p.locator('[data-media-pick][aria-label="Content type of the body"]')
    media = p.locator(".api-main > .api-media")
    sets = p.locator(".api-examples .api-sample-set")
    assert [media.nth(i).is_visible() for i in range(3)] == [False, False, True]
    assert [sets.nth(i).is_visible() for i in range(3)] == [False, False, True]
    curl = sets.nth(2).locator(".tab-panel").first.inner_text()
    assert "--form 'file=@<path>'" in curl and "--data" not in curl
    # the reader picks in the reference: the samples and the playground follow
    body.select_option("application/x-www-form-urlencoded")
    assert [media.nth(i).is_visible() for i in range(3)] == [False, True, False]
    assert [sets.nth(i).is_visible() for i in range(3)] == [False, True, False]
    curl = sets.nth(1).locator(".tab-panel").first.inner_text()
    assert "--header 'Content-Type: application/x-www-form-urlencoded'" in curl
    assert "--data 'text=a'" in curl
    assert picker.input_value() == "1"
    # the tab the reader chose stays chosen in the other type's samples
    sets.nth(1).get_by_role("tab", name="Python").click()
    body.select_option("application/json")
    python = sets.nth(0).get_by_role("tabpanel")
    assert python.is_visible() and "json=payload" in python.inner_text()
    assert picker.input_value() == "0"
