"""A language section is drawn in its language: the theme's own words (table of contents,
pager, search prompt, code blocks' copy button, contextual menu, 404 page) come from the base
theme's i18n files, English where a language has none; right-to-left languages carry
dir="rtl"; every page says its language in <html lang>."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

PAGE = "---\ntitle: {title}\n---\n\nText.\n\n## First\n\n```js\nconst a = 1;\n```\n\n## Second\n\nMore.\n"
CODES = ("en", "es", "jp", "ar", "he", "uz", "cn")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from mdxsite.cli import main

    root = tmp_path_factory.mktemp("site")
    languages = []
    for code in CODES:
        folder = "" if code == "en" else f"{code}/"
        languages.append({"language": code, "default": code == "es",
                          "groups": [{"group": "G", "pages": [f"{folder}index", f"{folder}next"]}]})
        (root / folder).mkdir(exist_ok=True)
        (root / folder / "index.mdx").write_text(PAGE.format(title="One"))
        (root / folder / "next.mdx").write_text(PAGE.format(title="Two"))
    (root / "docs.json").write_text(json.dumps({
        "name": "Poly", "contextual": {"options": ["copy", "view", "claude"]},
        "navigation": {"languages": languages}}))
    out = root / "_out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _html(built: Path, folder: str) -> str:
    return (built / folder / "index.html").read_text(encoding="utf-8")


def _open_tag(html: str) -> str:
    found = re.search(r"<html[^>]*>", html)
    assert found
    return found.group(0)


@pytest.mark.parametrize("folder, lang, rtl", [
    ("", "en", False), ("es", "es", False), ("jp", "ja", False), ("cn", "zh-CN", False),
    ("ar", "ar", True), ("he", "he", True)])
def test_each_section_says_its_language_and_direction(built: Path, folder: str, lang: str, rtl: bool) -> None:
    tag = _open_tag(_html(built, folder))
    assert f'lang="{lang}"' in tag
    assert ('dir="rtl"' in tag) is rtl  # left-to-right pages carry no dir (the default)


def test_the_theme_words_are_in_the_page_language(built: Path) -> None:
    es = _html(built, "es")
    assert '<p class="toc-title">En esta página</p>' in es
    assert "<span>Anterior</span>" not in es and "<span>Siguiente</span>" in es  # the first page
    assert 'data-prompt="Buscar"' in es
    assert 'aria-label="Copiar código" data-pagefind-ignore>Copiar</button>' in es
    assert "Copiar página" in es and "Abrir en Claude" in es and "Ver como Markdown" in es
    assert "On this page" not in es and ">Copy<" not in es
    assert '<p class="toc-title">このページの内容</p>' in _html(built, "jp")
    assert '<p class="toc-title">本页内容</p>' in _html(built, "cn")  # cn reads Simplified Chinese
    assert '<p class="toc-title">في هذه الصفحة</p>' in _html(built, "ar")
    second = (built / "es" / "next" / "index.html").read_text(encoding="utf-8")
    assert "<span>Anterior</span>" in second


def test_english_pages_are_unchanged_and_carry_no_word_list(built: Path) -> None:
    en = _html(built, "")
    assert '<p class="toc-title">On this page</p>' in en and 'data-prompt="Search"' in en
    assert 'data-pagefind-ignore>Copy</button>' in en and "Copy page" in en
    assert 'id="mdxsite-words"' not in en


def test_the_scripts_get_the_words_they_write(built: Path) -> None:
    found = re.search(r'<script type="application/json" id="mdxsite-words">(.*?)</script>',
                      _html(built, "es"))
    assert found
    assert json.loads(found.group(1))["copied"] == "Copiado"
    site_js = next((built / "_mdxsite").glob("site*.js")).read_text()
    assert 'getElementById("mdxsite-words")' in site_js


def test_a_language_with_few_words_falls_back_to_english(built: Path) -> None:
    uz = _html(built, "uz")
    assert '<p class="toc-title">Ushbu sahifada</p>' in uz  # in uz.json
    assert 'aria-label="Back to top"' in uz  # not in uz.json: English, not a guess


def test_the_404_page_speaks_the_default_language(built: Path) -> None:
    page = (built / "404.html").read_text(encoding="utf-8")
    assert 'lang="es"' in _open_tag(page)
    assert "Página no encontrada" in page and "Volver a Poly" in page
