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


def test_a_spec_sample_takes_the_place_of_the_generated_one_of_its_language(
        tmp_path: Path) -> None:
    # an x-codeSamples entry in Python (lang "py", an alias) beside the generated Python
    # sample made two Python tabs; on the platform the author's sample is the Python one
    import yaml
    spec = yaml.safe_load((FIXTURE / "petstore.yaml").read_text())
    spec["paths"]["/pets"]["post"]["x-codeSamples"] = [
        {"lang": "py", "label": "Python SDK", "source": "client.pets.add(pet)"},
        {"lang": "curl", "source": "petstore pets add"}]
    root = tmp_path / "site"
    shutil.copytree(FIXTURE, root)
    (root / "petstore.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    config = json.loads((root / "docs.json").read_text())
    config["api"] = {"examples": {"languages": ["python", "javascript", "ruby", "curl"]}}
    (root / "docs.json").write_text(json.dumps(config))
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    doc = page(tmp_path / "out", "api-reference/pets/add-a-pet")
    assert sample_tabs(doc) == ["Python SDK", "curl", "JavaScript", "Ruby"]
    assert "import requests" not in request_box(doc)


def test_examples_defaults_required_leaves_optional_values_out_of_samples(
        tmp_path: Path) -> None:
    everything, _ = build(tmp_path, {}, "all")
    listing = sample_code(page(everything, "api-reference/pets/list-pets"), "cURL")
    assert "limit=20" in listing
    body = sample_code(page(everything, "api-reference/pets/add-a-pet"), "cURL")
    assert '"tag": "friendly"' in body and '"name": "Biscuit"' in body

    out, _ = build(tmp_path, {"examples": {"defaults": "required"}})
    listing = sample_code(page(out, "api-reference/pets/list-pets"), "cURL")
    assert "limit=" not in listing and "/pets" in listing
    body = sample_code(page(out, "api-reference/pets/add-a-pet"), "cURL")
    assert '"name": "Biscuit"' in body and '"species": "dog"' in body
    assert "tag" not in body
    # the required path parameter stays in the URL
    get = sample_code(page(out, "api-reference/pets/get-a-pet"), "cURL")
    assert "/pets/{petId}" not in get and "/pets/" in get


def test_examples_prefill_fills_the_playground_only_when_true(tmp_path: Path) -> None:
    plain, _ = build(tmp_path, {}, "plain")
    field = playground_field(page(plain, "api-reference/pets/list-pets"), "limit")
    assert field["value"] == "" and field["placeholder"] == "20"
    body = re.search(r"<textarea data-pg-body[^>]*>([^<]*)</textarea>",
                     page(plain, "api-reference/pets/add-a-pet"))
    assert body and body.group(1).strip() == ""
    assert "Biscuit" in html.unescape(re.search(
        r'<textarea data-pg-body[^>]*placeholder="([^"]*)"',
        page(plain, "api-reference/pets/add-a-pet")).group(1))  # type: ignore[union-attr]

    out, _ = build(tmp_path, {"examples": {"prefill": True}})
    assert playground_field(page(out, "api-reference/pets/list-pets"), "limit")["value"] == "20"
    body = re.search(r"<textarea data-pg-body[^>]*>([^<]*)</textarea>",
                     page(out, "api-reference/pets/add-a-pet"))
    assert body and json.loads(html.unescape(body.group(1)))["name"] == "Biscuit"


def test_params_expanded_all_opens_child_attributes(tmp_path: Path) -> None:
    closed, _ = build(tmp_path, {}, "closed")
    doc = page(closed, "api-reference/pets/add-a-pet")
    assert '<details class="expandable api-children">' in doc
    assert '<details class="expandable api-children" open>' not in doc
    out, _ = build(tmp_path, {"params": {"expanded": "all"}})
    doc = page(out, "api-reference/pets/add-a-pet")
    assert '<details class="expandable api-children" open>' in doc
    assert '<details class="expandable api-children">' not in doc


def test_params_post_shows_the_named_schema_keys_as_pills(tmp_path: Path) -> None:
    # api.params.post lists schema keys whose values the platform shows as pills after a
    # field's name on every parameter (a string as written, true as the key's name, a list as
    # one pill each, an object not at all); it was read by nothing
    import yaml
    spec = yaml.safe_load((FIXTURE / "petstore.yaml").read_text())
    props = spec["components"]["schemas"]["NewPet"]["properties"]
    props["name"].update({"x-since": "v2.1", "x-beta": True, "x-regions": ["eu", "us"]})
    props["species"].update({"x-since": {"major": 2}, "x-beta": False})
    spec["paths"]["/pets"]["get"]["parameters"][0]["schema"]["x-since"] = "v1"
    root = tmp_path / "site"
    shutil.copytree(FIXTURE, root)
    (root / "petstore.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    config = json.loads((root / "docs.json").read_text())
    # a misspelt key of api.params was read by nothing, silently
    config["api"] = {"params": {"post": ["x-since", "x-beta", "x-regions"], "expand": "all"}}
    (root / "docs.json").write_text(json.dumps(config))
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert result.output.count("api.params.expand: unknown key 'expand'; it is ignored") == 1

    def pills(doc: str, name: str) -> list[str]:
        head = re.search(rf'<code class="field-name">{name}</code>(.*?)</div>', doc, flags=re.S)
        assert head, name
        return re.findall(r'<span class="api-badge api-pill">([^<]*)</span>', head.group(1))

    add = page(tmp_path / "out", "api-reference/pets/add-a-pet")
    assert pills(add, "name") == ["v2.1", "x-beta", "eu", "us"]
    assert pills(add, "species") == []
    assert pills(page(tmp_path / "out", "api-reference/pets/list-pets"), "limit") == ["v1"]


def test_url_full_shows_the_server_in_the_endpoint_bar(tmp_path: Path) -> None:
    def bar(out: Path) -> str:
        doc = page(out, "api-reference/pets/get-a-pet")
        code = re.search(r'<code class="api-path">(.*?)</code>', doc)
        assert code
        return re.sub(r"<[^>]+>", "", code.group(1))

    short, _ = build(tmp_path, {}, "short")
    assert bar(short) == "/pets/{petId}"
    out, _ = build(tmp_path, {"url": "full"})
    assert bar(out) == "https://api.shelter.example/v2/pets/{petId}"


def test_spec_download_links_the_pages_spec(tmp_path: Path) -> None:
    """api.spec.download, documented in the platform's API settings, shows a download link for
    the spec on API pages (the spec is published at its path); it was an unknown key."""
    plain, _ = build(tmp_path, {}, "plain")
    assert "api-spec-download" not in page(plain, "api-reference/pets/get-a-pet")
    out, log = build(tmp_path, {"spec": {"download": True}})
    assert "unknown key" not in log
    link = re.search(r'<p class="api-spec-download"[^>]*><a href="([^"]+)" download>',
                     page(out, "api-reference/pets/get-a-pet"))
    assert link and link.group(1) == "/petstore.yaml"
    assert (out / "petstore.yaml").is_file()
    _, odd = build(tmp_path, {"spec": {"download": True, "zip": True}}, "odd")
    assert "api.spec.zip: unknown key 'zip'" in odd
    root = tmp_path / "odd"
    config = json.loads((root / "docs.json").read_text())
    config["api"] = {"spec": {"download": "yes"}}
    (root / "docs.json").write_text(json.dumps(config, indent=2))
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(tmp_path / "x"), "--no-cache"])
    assert result.exit_code == 1
    assert re.search(r"docs\.json:\d+:\d+: api\.spec\.download: expected true or false",
                     result.output), result.output


def _playground_config(doc: str) -> dict[str, Any]:
    raw = re.search(r'<script type="application/json" class="api-playground-config">(.*?)'
                    r"</script>", doc, flags=re.S)
    assert raw
    value: dict[str, Any] = json.loads(raw.group(1))
    return value


def test_playground_credentials_reaches_the_playground(tmp_path: Path) -> None:
    plain, _ = build(tmp_path, {}, "plain")
    assert _playground_config(page(plain, "api-reference/pets/list-pets"))["credentials"] is False
    out, _ = build(tmp_path, {"playground": {"credentials": True, "proxy": False}})
    assert _playground_config(page(out, "api-reference/pets/list-pets"))["credentials"] is True


def test_playground_proxy_true_is_a_located_warning(tmp_path: Path) -> None:
    _, quiet = build(tmp_path, {"playground": {"proxy": False}}, "direct")
    assert "api.playground.proxy" not in quiet
    _, log = build(tmp_path, {"playground": {"proxy": True}})
    line = next(ln for ln in log.splitlines() if "api.playground.proxy" in ln)
    assert re.match(r"docs\.json:\d+:\d+: warning: api\.playground\.proxy: a static site has "
                    r"no proxy server", line), line


X_DEFAULT_SPEC = """openapi: 3.1.0
info: {title: X, version: '1'}
servers: [{url: 'https://x.example'}]
paths:
  /upload:
    post:
      summary: Upload
      parameters:
        - {name: currency, in: query, schema: {type: string, x-default: eur}}
        - {name: limit, in: query, schema: {type: integer, example: 5}}
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                note: {type: string, x-default: from x-default}
                tag: {type: string, example: plain}
      responses: {'200': {description: ok}}
"""


def test_x_default_is_prefilled_without_examples_prefill(tmp_path: Path) -> None:
    root = tmp_path / "site"
    root.mkdir()
    (root / "api.yaml").write_text(X_DEFAULT_SPEC)
    (root / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "X", "colors": {"primary": "#112233"},
        "navigation": {"tabs": [{"tab": "API", "openapi": "api.yaml"}]}}))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out), "--no-cache"])
    assert result.exit_code == 0, result.output
    doc = page(out, "api-reference/upload")
    assert playground_field(doc, "currency")["value"] == "eur"
    assert playground_field(doc, "limit")["value"] == ""
    assert playground_field(doc, "limit")["placeholder"] == "5"
    assert re.search(r'data-pg-part="note" value="from x-default"', doc)
    assert re.search(r'data-pg-part="tag" value="" placeholder="plain"', doc)


PAGE_FIELD = '<ParamField query="page" type="integer">Page.</ParamField>\n'


def _mdx_site(tmp_path: Path, api: dict[str, Any], frontmatter: str,
              fields: str = PAGE_FIELD) -> tuple[Path, str]:
    root = tmp_path / "mdx"
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "M", "colors": {"primary": "#112233"}, "api": api,
        "navigation": {"groups": [{"group": "API", "pages": ["users"]}]}}, indent=2))
    (root / "users.mdx").write_text(f"---\ntitle: Users\napi: {frontmatter}\n---\n\n{fields}")
    out = tmp_path / "mdx-out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out), "--no-cache"])
    assert result.exit_code == 0, result.output
    return out, result.output


def test_mdx_endpoint_bar_with_api_mdx_server_and_url_full(tmp_path: Path) -> None:
    out, log = _mdx_site(tmp_path, {"mdx": {"server": "https://api.example.com/v1"},
                                    "url": "full"}, '"GET /users"')
    doc = page(out, "users")
    code = re.search(r'<code class="api-path">(.*?)</code>', doc)
    assert code and re.sub(r"<[^>]+>", "", code.group(1)) == "https://api.example.com/v1/users"
    assert 'data-copy-endpoint="https://api.example.com/v1/users"' in doc
    assert playground_field(doc, "page")["data-in"] == "query"
    assert "warning" not in log.split("built")[0]


def test_mdx_param_field_placeholder_is_its_playground_inputs_placeholder(
        tmp_path: Path) -> None:
    """The platform documents ``placeholder`` as the playground input's placeholder text: it
    comes before the default and the type, and it is never sent (the value stays empty)."""
    fields = ('<ParamField query="page" type="integer" placeholder="1 to 40">Page.</ParamField>\n'
              '<ParamField query="sort" default="name" placeholder={"name or age"}>By.</ParamField>\n'
              "<ParamField header=\"X-Trace\" placeholder='a \"trace\" <id>'>Trace.</ParamField>\n"
              '<ParamField query="plain" type="boolean">Plain.</ParamField>\n'
              '<ParamField body="name" type="string" placeholder="Ada">Name.</ParamField>\n'
              '<ParamField body="age" type="integer" default="3">Age.</ParamField>\n')
    out, log = _mdx_site(tmp_path, {"mdx": {"server": "https://api.example.com"}},
                         '"POST /users"', fields)
    assert "warning" not in log.split("built")[0], log
    doc = page(out, "users")
    assert playground_field(doc, "page")["placeholder"] == "1 to 40"
    assert playground_field(doc, "page")["value"] == ""
    assert playground_field(doc, "sort")["placeholder"] == "name or age"
    assert playground_field(doc, "sort")["value"] == "name"
    assert playground_field(doc, "X-Trace")["placeholder"] == 'a "trace" <id>'
    assert playground_field(doc, "plain")["placeholder"] == "boolean"
    body = re.search(r'<textarea data-pg-body[^>]*placeholder="([^"]*)"', doc)
    assert body and json.loads(html.unescape(body.group(1))) == {"name": "Ada", "age": 3}
    # the examples a request starts from (prefilled on request) hold no placeholder text
    (tmp_path / "prefill").mkdir()
    out, _ = _mdx_site(tmp_path / "prefill", {"mdx": {"server": "https://api.example.com"},
                                              "examples": {"prefill": True}},
                       '"POST /users"', fields)
    body = re.search(r'<textarea data-pg-body[^>]*>([^<]*)</textarea>', page(out, "users"))
    assert body and json.loads(html.unescape(body.group(1))) == {"name": "", "age": 3}


def test_mdx_endpoint_problems_are_located_warnings(tmp_path: Path) -> None:
    out, log = _mdx_site(tmp_path, {"mdx": {"auth": {"method": "cobo"}}}, '"GET /users"')
    lines = [ln for ln in log.splitlines() if "warning:" in ln]
    assert any(re.match(r"users\.mdx:3:6: warning: api 'GET /users' has a relative path", ln)
               for ln in lines), lines
    assert any(re.match(r"docs\.json:\d+:\d+: warning: api\.mdx\.auth\.method: auth method "
                        r"'cobo'", ln) for ln in lines), lines
    # the endpoint bar is still there; without a server the playground only builds the request
    doc = page(out, "users")
    assert 'data-mode="simple"' in doc


def test_mdx_page_auth_method_overrides_the_sites(tmp_path: Path) -> None:
    """The platform documents ``authMethod`` in a page's frontmatter as overriding
    api.mdx.auth for that page, ``none`` disabling auth; an unknown method is a located
    warning and the site's method stays."""
    api = {"mdx": {"server": "https://api.example.com", "auth": {"method": "key",
                                                                 "name": "x-token"}}}
    fields = PAGE_FIELD
    runs = {"site": "", "bearer": "\nauthMethod: bearer", "none": "\nauthMethod: none",
            "bogus": "\nauthMethod: oauth"}
    auth, logs = {}, {}
    for name, extra in runs.items():
        (tmp_path / name).mkdir()
        out, logs[name] = _mdx_site(tmp_path / name, api, '"GET /users"' + extra, fields)
        auth[name] = [(a["scheme"], a["param"])
                      for a in _playground_config(page(out, "users"))["auth"]]
    assert auth["site"] == [("", "x-token")]
    assert auth["bearer"] == [("bearer", "Authorization")]
    assert auth["none"] == []
    assert auth["bogus"] == [("", "x-token")]
    assert re.search(r"users\.mdx:4:13: warning: authMethod 'oauth' is not an auth method",
                     logs["bogus"]), logs["bogus"]
    assert "warning" not in logs["bearer"].split("built")[0]
