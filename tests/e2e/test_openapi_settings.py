"""Each ``api.*`` setting of docs.json, built on the OpenAPI fixture and read in the output.

One test per setting, each comparing a build with the setting to what a reader sees; a setting
a static site cannot honour must leave a located warning in the build's output.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from mdxsite.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "sites" / "openapi"


def build(tmp_path: Path, api: dict[str, Any], name: str = "site") -> tuple[Path, str]:
    """Build the fixture with ``api`` as docs.json's api block; return the output and log."""
    root = tmp_path / name
    shutil.copytree(FIXTURE, root)
    config = json.loads((root / "docs.json").read_text())
    config["api"] = api
    (root / "docs.json").write_text(json.dumps(config, indent=2))
    out = tmp_path / f"{name}-out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out), "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return out, result.output


def page(out: Path, key: str) -> str:
    return (out / key / "index.html").read_text()


def request_box(doc: str) -> str:
    """The request samples' tab group: from its label to the response samples' one."""
    box = doc[doc.index('<aside class="api-examples"'):]
    box = box[box.index('<div class="example-label">Request</div>'):]
    return box[:box.index('<div class="example-label">', 10)]


def sample_tabs(doc: str) -> list[str]:
    """The titles of the request-sample tabs, in order."""
    return re.findall(r'class="tab-button"[^>]*>([^<]+)</button>', request_box(doc))


def sample_code(doc: str, title: str) -> str:
    """The text of one request-sample tab."""
    box = request_box(doc)
    titles = sample_tabs(doc)
    panels = re.findall(r'<div class="tab-panel"[^>]*>(.*?)</div>\n', box, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", panels[titles.index(title)]))


def playground_field(doc: str, name: str) -> dict[str, str]:
    tag = re.search(rf'<input type="text" data-pg-param="{re.escape(name)}"[^>]*>', doc)
    assert tag, name
    return {k: html.unescape(v) for k, v in re.findall(r'(\w[\w-]*)="([^"]*)"', tag.group(0))}


def test_examples_languages_picks_and_orders_the_request_samples(tmp_path: Path) -> None:
    default, _ = build(tmp_path, {}, "default")
    assert sample_tabs(page(default, "api-reference/pets/add-a-pet")) == [
        "cURL", "Python", "JavaScript"]
    out, log = build(tmp_path, {"examples": {"languages": ["javascript", "curl"]}})
    assert sample_tabs(page(out, "api-reference/pets/add-a-pet")) == ["JavaScript", "cURL"]
    assert "openapi.language" not in log
    # Go, by the platform's name or alias, is a tab of its own (it was a warning and nothing)
    out, log = build(tmp_path, {"examples": {"languages": ["golang", "curl"]}}, "go")
    doc = page(out, "api-reference/pets/add-a-pet")
    assert sample_tabs(doc) == ["Go", "cURL"]
    assert 'http.NewRequest("POST", url, payload)' in sample_code(doc, "Go")
    assert "openapi.language" not in log


def test_examples_languages_takes_every_language_the_platform_lists(tmp_path: Path) -> None:
    # the platform's settings page lists eighteen languages (and their aliases); Ruby, C# and
    # the others were each a warning and no tab, and "node" showed the JavaScript tab where
    # the platform shows a Node.js one of its own
    out, log = build(tmp_path, {"examples": {"languages": [
        "node", "rb", "c#", "kotlin", "php", "javascript"]}})
    doc = page(out, "api-reference/pets/add-a-pet")
    assert sample_tabs(doc) == ["Node.js", "Ruby", "C#", "Kotlin", "PHP", "JavaScript"]
    assert "request = Net::HTTP::Post.new(url)" in sample_code(doc, "Ruby")
    assert "CURLOPT_CUSTOMREQUEST => 'POST'," in sample_code(doc, "PHP")
    assert "openapi.language" not in log


def test_examples_languages_without_a_sample_is_a_located_warning(tmp_path: Path) -> None:
    out, log = build(tmp_path, {"examples": {"languages": ["python", "elixir"]}})
    assert sample_tabs(page(out, "api-reference/pets/add-a-pet")) == ["Python"]
    line = next(ln for ln in log.splitlines() if "openapi.language" in ln)
    assert re.match(r"docs\.json:\d+:\d+: warning: api\.examples\.languages\[1\]: no request "
                    r"sample in the language 'elixir'", line), line


def test_examples_autogenerate_false_leaves_only_the_specs_own_samples(tmp_path: Path) -> None:
    import yaml
    spec = yaml.safe_load((FIXTURE / "petstore.yaml").read_text())
    spec["paths"]["/pets"]["post"]["x-codeSamples"] = [
        {"lang": "go", "label": "Go SDK", "source": "client.Pets.Add(ctx, pet)"}]
    for name, api in (("on", {}), ("off", {"examples": {"autogenerate": False}})):
        root = tmp_path / name
        shutil.copytree(FIXTURE, root)
        (root / "petstore.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
        config = json.loads((root / "docs.json").read_text())
        config["api"] = api
        (root / "docs.json").write_text(json.dumps(config))
        result = CliRunner().invoke(main, ["build", str(root), "-o", str(tmp_path / f"{name}-out")])
        assert result.exit_code == 0, result.output
    on = page(tmp_path / "on-out", "api-reference/pets/add-a-pet")
    off = page(tmp_path / "off-out", "api-reference/pets/add-a-pet")
    assert sample_tabs(on) == ["Go SDK", "cURL", "Python", "JavaScript"]
    assert sample_tabs(off) == ["Go SDK"]
    assert "client.Pets.Add(ctx, pet)" in sample_code(off, "Go SDK")

