"""The platform's OpenAPI extensions and settings, as a reader of the built page sees them:
x-codeSamples, several named examples, x-mint.href, api.examples.autogenerate and the
playground's display "auth"."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from mdxsite.cli import main

SPEC: dict[str, Any] = {
    "openapi": "3.1.0", "info": {"title": "X", "version": "1"},
    "servers": [{"url": "https://api.example.com"}],
    "paths": {
        "/plants": {"post": {
            "summary": "Create a plant",
            "x-codeSamples": [{"lang": "bash", "label": "Plant CLI", "source": "plant create --name Fern"},
                              {"lang": "javascript", "source": "planter.create({name: 'Fern'})"}],
            "requestBody": {"content": {"application/json": {
                "schema": {"type": "object", "properties": {"name": {"type": "string"}}},
                "examples": {"fern": {"summary": "A fern", "value": {"name": "Fern"}},
                             "cactus": {"summary": "A cactus", "value": {"name": "Cactus"}}}}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"type": "object", "properties": {"id": {"type": "integer"}}},
                "examples": {"one": {"summary": "First", "value": {"id": 1}},
                             "two": {"summary": "Second", "value": {"id": 2}}}}}}}}},
        "/moved": {"get": {"summary": "Moved", "x-mint": {"href": "/reference/Moved-Here.v2"},
                           "responses": {"200": {"description": "ok"}}}},
        "/elsewhere": {"get": {"summary": "Elsewhere",
                               "x-mint": {"href": "https://other.example.com/docs/elsewhere"},
                               "responses": {"200": {"description": "ok"}}}},
    },
}


def build(tmp_path: Path, spec: dict[str, Any] | None = None,
          **config: Any) -> tuple[Result, Path]:
    (tmp_path / "api.json").write_text(json.dumps(spec or SPEC))
    (tmp_path / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "X", "colors": {"primary": "#112233"},
        "navigation": {"tabs": [{"tab": "API", "openapi": "api.json"}]}, **config}))
    out = tmp_path / "out"
    return CliRunner().invoke(main, ["build", str(tmp_path), "-o", str(out)]), out


def tabs(doc: str, label: str) -> list[str]:
    """The tab titles of the samples column's block ``label`` (not the playground's)."""
    doc = doc[doc.index('<aside class="api-examples"'):]
    block = doc[doc.index(f'<div class="example-label">{label}</div>'):]
    block = block[:block.index("</div>", block.index('role="tablist"'))]
    return re.findall(r'role="tab"[^>]*>([^<]*)</button>', block)


def test_code_samples_named_examples_and_href(tmp_path: Path) -> None:
    result, out = build(tmp_path)
    assert result.exit_code == 0, result.output
    doc = (out / "api-reference" / "create-a-plant" / "index.html").read_text()
    # x-codeSamples first, then the generated ones of the other languages (the bash sample
    # takes the cURL tab's place, the javascript one JavaScript's)
    assert tabs(doc, "Request") == ["Plant CLI", "javascript", "Python"]
    assert "plant create --name Fern" in re.sub(r"<[^>]+>", "", doc)
    # one response tab per named example, and a picker for the request body's
    assert tabs(doc, "Response") == ["200 · First", "200 · Second"]
    assert re.search(r'<select data-pg-example><option value="0">A fern</option>'
                     r'<option value="1">A cactus</option></select>', doc)
    # x-mint.href: a path sets the page's URL (lowercased, the last dot's suffix dropped) ...
    assert (out / "reference" / "moved-here" / "index.html").is_file()
    assert 'href="/reference/moved-here/"' in doc
    # ... and a full URL makes the navigation entry a link, with no page
    assert 'href="https://other.example.com/docs/elsewhere"' in doc
    assert not list(out.rglob("elsewhere/index.html"))


def test_autogenerate_false_leaves_only_the_written_samples(tmp_path: Path) -> None:
    result, out = build(tmp_path, api={"examples": {"autogenerate": False}})
    assert result.exit_code == 0, result.output
    doc = (out / "api-reference" / "create-a-plant" / "index.html").read_text()
    assert tabs(doc, "Request") == ["Plant CLI", "javascript"]


def test_a_body_of_two_media_types_has_a_sample_set_each_unless_only_written_ones(
        tmp_path: Path) -> None:
    spec = copy.deepcopy(SPEC)
    content = spec["paths"]["/plants"]["post"]["requestBody"]["content"]
    content["application/x-www-form-urlencoded"] = {"example": {"name": "Ivy"}}
    spec["paths"]["/plants"]["post"].pop("x-codeSamples")
    for name, api in (("on", {}), ("off", {"examples": {"autogenerate": False}})):
        (tmp_path / name).mkdir()
        result, out = build(tmp_path / name, spec, api=api)
        assert result.exit_code == 0, result.output
        doc = (out / "api-reference" / "create-a-plant" / "index.html").read_text()
        sets = re.findall(r'<div class="api-sample-set" data-media="([^"]+)">', doc)
        text = re.sub(r"<[^>]+>", "", doc)
        if name == "on":  # each type's own request, every one shown without scripts
            assert sets == ["application/json", "application/x-www-form-urlencoded"]
            assert "--data 'name=Ivy'" in text and "Content-Type: application/x-www-form" in text
            # the Markdown copy has each type's cURL request too
            md = (out / "api-reference" / "create-a-plant.md").read_text()
            assert "## Request example (application/json)\n" in md
            assert "## Request example (application/x-www-form-urlencoded)\n" in md
            assert "--data 'name=Ivy'" in md
        else:  # nothing differs between the types: no set at all
            assert sets == [] and "api-sample-media" not in doc


def test_one_label_in_two_languages_gives_tabs_a_reader_tells_apart(tmp_path: Path) -> None:
    # the platform's docs give each example in bash and in JavaScript under one label
    spec = copy.deepcopy(SPEC)
    spec["paths"]["/plants"]["post"]["x-codeSamples"] = [
        {"lang": lang, "label": label, "source": f"{label} in {lang}"}
        for label in ("List all unwatered plants", "List all potted plants")
        for lang in ("bash", "javascript")] + [
        {"lang": "ruby", "label": "Again", "source": "one"},
        {"lang": "ruby", "label": "Again", "source": "two"},
        {"label": "No language", "source": "left out, as on the platform"}]
    result, out = build(tmp_path, spec)
    assert result.exit_code == 0, result.output
    assert re.search(r"api\.json:\d+:\d+: warning: paths\./plants\.post\.x-codeSamples\[6\]: a code "
                     r"sample needs lang as text; this one is left out", result.output), \
        result.output
    doc = (out / "api-reference" / "create-a-plant" / "index.html").read_text()
    assert tabs(doc, "Request") == [
        "List all unwatered plants (bash)", "List all unwatered plants (javascript)",
        "List all potted plants (bash)", "List all potted plants (javascript)",
        "Again (ruby)", "Again (ruby) 2", "Python"]


def test_display_auth_is_not_supported_and_says_so(tmp_path: Path) -> None:
    result, out = build(tmp_path, api={"playground": {"display": "auth"}})
    assert result.exit_code == 0, result.output
    assert re.search(r"docs\.json:\d+:\d+: warning: api\.playground\.display: playground display "
                     r"'auth' shows the playground to signed-in readers only.*"
                     r"\[openapi\.playground-auth\]", result.output), result.output
    doc = (out / "api-reference" / "create-a-plant" / "index.html").read_text()
    assert "data-playground" not in doc
