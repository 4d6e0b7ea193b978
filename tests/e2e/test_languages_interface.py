"""Every word the theme draws on a page of a language section is in that section's language:
the feedback links, a deprecated page's badge, the RSS button, a code block's expander, the
components' labels (ParamField, Expandable, RequestExample), the API reference and its
playground, the last-modified line, redirect stubs, and the words handed to the scripts. The
English section keeps its words byte for byte."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

CODE = "\n".join(f"const v{i} = {i};" for i in range(15))
PAGE = f"""---
title: Guide
deprecated: true
rss: true
---

## Start

```js app.js expandable
{CODE}
```

<ParamField path="id" type="string" required deprecated default="a">The id.</ParamField>

<Expandable title="properties">Inside.</Expandable>

<View title="JavaScript">JS.</View>
<View title="Python">Py.</View>

<Update label="2024-03-01" description="v1">Changed.</Update>
"""
SPEC = """openapi: 3.0.3
info: {title: Pets, version: "1"}
servers: [{url: "https://pets.example.test"}]
security: [{bearer: []}]
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer, bearerFormat: JWT}
paths:
  /pets/{petId}:
    put:
      summary: Rename a pet
      parameters:
        - {name: petId, in: path, required: true, schema: {type: string}}
        - {name: dry, in: query, schema: {type: boolean}}
      requestBody:
        required: true
        content: {application/json: {schema: {type: object, properties: {name: {type: string}}}}}
      responses:
        "200":
          description: Renamed
          content:
            application/json:
              schema:
                oneOf:
                  - {title: Cat, type: object, properties: {purrs: {type: boolean}}}
                  - {title: Dog, type: object, properties: {barks: {type: boolean}}}
"""
CODES = ("en", "fr", "ja", "ar")
WHEN = "2024-03-05T12:00:00+00:00"


def _git(folder: Path, *args: str) -> None:
    env = {**os.environ, "GIT_COMMITTER_DATE": WHEN, "GIT_AUTHOR_DATE": WHEN}
    subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@example.com", "-C",
                    str(folder), *args], check=True, capture_output=True, env=env)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from mdxsite.cli import main

    root = tmp_path_factory.mktemp("site")
    (root / "pets.yaml").write_text(SPEC)
    languages = []
    for code in CODES:
        folder = "" if code == "en" else f"{code}/"
        (root / (folder or ".")).mkdir(exist_ok=True)
        (root / folder / "guide.mdx").write_text(PAGE)
        languages.append({"language": code, "groups": [
            {"group": "G", "pages": [f"{folder}guide"]},
            {"group": "API", "openapi": {"source": "pets.yaml", "directory": f"{folder}api"}}]})
    (root / "docs.json").write_text(json.dumps({
        "name": "Poly", "feedback": {"edits": True, "issues": True},
        "metadata": {"timestamp": True},
        "redirects": [{"source": "/fr/ancien", "destination": "/fr/guide"},
                      {"source": "/ar/old", "destination": "/ar/guide#start"},
                      {"source": "/old", "destination": "/guide"}],
        "navigation": {"languages": languages}}))
    _git(root, "init", "-q", "-b", "main")
    _git(root, "remote", "add", "origin", "https://github.com/acme/docs.git")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "docs")
    out = root / "_out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _page(built: Path, path: str) -> str:
    return (built / path / "index.html").read_text(encoding="utf-8")


def _api(built: Path, folder: str) -> str:
    return _page(built, f"{folder}api/rename-a-pet".lstrip("/"))


def _script_words(html: str) -> dict[str, str]:
    found = re.search(r'<script type="application/json" id="mdxsite-words">(.*?)</script>', html)
    assert found
    return json.loads(found.group(1))


def test_a_french_page_draws_its_chrome_and_components_in_french(built: Path) -> None:
    fr = _page(built, "fr/guide")
    assert '<span class="label-deprecated">obsolète</span>' in fr
    assert 'aria-label="Flux RSS" title="Flux RSS"' in fr
    assert ">Afficher les 15 lignes</button>" in fr  # the expander of the long block
    assert 'aria-label="Copier le code" data-pagefind-ignore>Copier</button>' in fr
    assert 'aria-label="Lien vers cette section">#</a>' in fr
    assert '<span class="field-required">obligatoire</span>' in fr
    assert '<span class="field-deprecated">obsolète</span>' in fr
    assert '<span class="field-default">par défaut : <code>a</code>' in fr
    assert "<summary>Afficher properties</summary>" in fr
    assert 'aria-label="Langue: Français"' in fr
    assert "Suggérer des modifications</a>" in fr and "Signaler un problème</a>" in fr
    assert ('<p class="last-modified">Dernière modification le <time datetime='
            '"2024-03-05T12:00:00+00:00">5 mars 2024</time></p>') in fr
    for english in ("Suggest edits", "Raise issue", "Show all", ">deprecated<", ">required<",
                    "RSS feed", "Link to this section", "Last modified"):
        assert english not in fr, english


def test_a_japanese_page_gets_its_words_and_date_order(built: Path) -> None:
    ja = _page(built, "ja/guide")
    assert ">15 行すべてを表示</button>" in ja
    assert '<span class="label-deprecated">非推奨</span>' in ja
    assert "編集を提案</a>" in ja
    assert "最終更新日: <time" in ja and ">2024年3月5日</time>" in ja


def test_an_api_page_speaks_the_section_language(built: Path) -> None:
    fr = _api(built, "fr/")
    assert '<h2 id="path-parameters">Paramètres de chemin</h2>' in fr
    assert '<h2 id="query-parameters">Paramètres de requête</h2>' in fr
    assert '<h2 id="body">Corps <span class="field-required">obligatoire</span></h2>' in fr
    assert '<h2 id="responses">Réponses</h2>' in fr
    assert 'aria-label="Lien vers petId">#</a>' in fr
    assert '<a href="#responses">Réponses</a>' in fr  # the table of contents follows
    assert 'aria-label="Copier l’URL du point de terminaison" data-pagefind-ignore>Copier</button>' in fr
    assert "data-pg-open data-pagefind-ignore>Essayer</button>" in fr
    assert "data-pg-send>Envoyer</button>" in fr
    assert '<div class="example-label">Requête</div>' in fr
    assert "Raise issue" not in fr and "Signaler un problème</a>" in fr  # no file: issues only
    assert ("<p>Envoyez <code>Authorization: Bearer &lt;token&gt;</code>, où le jeton est un "
            "JWT.</p>") in fr  # the code stays as it is, in the sentence's own order
    assert '<p class="api-note">L’un des suivants :</p>' in fr
    ja = _api(built, "ja/")
    assert '<h2 id="path-parameters">パスパラメータ</h2>' in ja and ">試す</button>" in ja
    assert '<h2 id="path-parameters">معاملات المسار</h2>' in _api(built, "ar/")


def test_the_scripts_get_every_word_they_draw(built: Path) -> None:
    words = _script_words(_page(built, "fr/guide"))
    assert words["view"] == "Vue"  # the variation picker's label, drawn by site.js
    assert words["send"] == "Envoyer" and words["ask_the_docs"] == "Interroger la documentation"
    assert words["zoom_in"] == "Zoom avant"


def test_a_redirect_stub_speaks_the_language_it_leads_to(built: Path) -> None:
    fr = _page(built, "fr/ancien")
    assert fr.startswith('<!doctype html><html lang="fr"><head>')
    assert "<title>Redirection…</title>" in fr and ">Cette page a été déplacée</a>" in fr
    ar = _page(built, "ar/old")  # a destination's #fragment does not hide its page
    assert ar.startswith('<!doctype html><html lang="ar" dir="rtl"><head>') and "نُقلت هذه الصفحة" in ar
    en = _page(built, "old")
    assert en.startswith('<!doctype html><html lang="en"><head>')
    assert "<title>Redirecting…</title>" in en and ">This page has moved</a>" in en


def test_the_english_section_keeps_its_words(built: Path) -> None:
    en = _page(built, "guide")
    assert '<span class="label-deprecated">deprecated</span>' in en
    assert 'aria-label="RSS feed" title="RSS feed"' in en
    assert ">Show all 15 lines</button>" in en
    assert '<span class="field-default">default: <code>a</code>' in en
    assert "Suggest edits</a>" in en and "Raise issue</a>" in en
    assert ">March 5, 2024</time>" in en
    assert 'id="mdxsite-words"' not in en
    api = _api(built, "")
    assert '<h2 id="path-parameters">Path parameters</h2>' in api and ">Try it</button>" in api
    assert "<p>Send <code>Authorization: Bearer &lt;token&gt;</code>, where the token is a JWT.</p>" in api
    assert '<p class="api-note">One of:</p>' in api


def test_lazy_schema_fragments_follow_the_language_of_their_page(make_site, cli, tmp_path: Path) -> None:
    # a schema past the page's inline budget loads its fields from a fragment: a French page
    # links the French one, the English fragment stays where it was
    props = "\n".join(f"        p{i}: {{type: string}}" for i in range(160))
    spec = ("openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /things:\n    get:\n"
            "      summary: List things\n      responses:\n        '200':\n          description: OK\n"
            "          content:\n            application/json:\n"
            "              schema: {$ref: '#/components/schemas/Big'}\n"
            "components:\n  schemas:\n    Big:\n      type: object\n      properties:\n"
            f"{props}\n        owner: {{$ref: '#/components/schemas/Owner'}}\n"
            "    Owner:\n      type: object\n      required: [name]\n"
            "      properties:\n        name: {type: string}\n")
    docs = {"name": "L", "navigation": {"languages": [
        {"language": "en", "groups": [{"group": "A", "openapi": {"source": "t.yaml", "directory": "api"}}]},
        {"language": "fr", "groups": [{"group": "A", "openapi": {"source": "t.yaml", "directory": "fr/api"}}]}]}}
    root = make_site(docs, files={"t.yaml": spec})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    folder = next((out / "_mdxsite" / "openapi").iterdir())
    fr = (out / "fr" / "api" / "list-things" / "index.html").read_text(encoding="utf-8")
    assert (f'data-src="/_mdxsite/openapi/{folder.name}/fr/response/Owner.html">'
            "<summary>Afficher les attributs enfants</summary>") in fr
    assert "obligatoire" in (folder / "fr" / "response" / "Owner.html").read_text(encoding="utf-8")
    en = (out / "api" / "list-things" / "index.html").read_text(encoding="utf-8")
    assert (f'data-src="/_mdxsite/openapi/{folder.name}/response/Owner.html">'
            "<summary>Show child attributes</summary>") in en
    assert "required" in (folder / "response" / "Owner.html").read_text(encoding="utf-8")
