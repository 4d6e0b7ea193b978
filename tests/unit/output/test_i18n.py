"""The theme's words per language (mdxsite.output.i18n): every file is well formed, keeps the
placeholders, and each of the platform's language codes finds its file."""

from __future__ import annotations

import json
import re

import pytest

from mdxsite.output import i18n, layout
from mdxsite.output.theme import BASE_THEME, theme_folder

FOLDER = theme_folder(BASE_THEME) / "i18n"
ENGLISH = json.loads((FOLDER / "en.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.json")), ids=lambda p: p.stem)
def test_each_file_holds_known_keys_with_their_placeholders(path) -> None:
    found = json.loads(path.read_text(encoding="utf-8"))
    assert set(found) <= set(ENGLISH), set(found) - set(ENGLISH)
    for key, text in found.items():
        # the same placeholders, in the language's own order (a date's day before its month)
        assert sorted(re.findall(r"\{\w+\}", text)) == sorted(re.findall(r"\{\w+\}", ENGLISH[key])), (
            path.stem, key)


@pytest.mark.parametrize("code, expected", [
    ("jp", "このページの内容"), ("ja-JP", "このページの内容"), ("cn", "本页内容"), ("zh", "本页内容"),
    ("zh-Hans", "本页内容"), ("zh-TW", "本頁內容"), ("zh-Hant", "本頁內容"), ("fr-CA", "Sur cette page"),
    ("pt-BR", "Nesta página"), ("ua", "На цій сторінці"), ("uk", "На цій сторінці"),
    ("fr-ca", "Sur cette page"), ("ja-jp", "このページの内容")])
def test_codes_find_their_language(code: str, expected: str) -> None:
    assert i18n.words(i18n.tag(code))["on_this_page"] == expected


def test_every_platform_code_is_covered_or_falls_back() -> None:
    for code in layout.LANGUAGES:
        words = i18n.words(i18n.tag(code))
        assert set(words) == set(ENGLISH)
    assert i18n.words("xx") == ENGLISH


@pytest.mark.parametrize("tag, direction", [("ar", "rtl"), ("he", "rtl"), ("fa", "rtl"),
                                            ("en", "ltr"), ("zh-Hant", "ltr"), ("ur-PK", "rtl")])
def test_direction(tag: str, direction: str) -> None:
    assert i18n.direction(tag) == direction


def test_the_scripts_fall_back_to_the_english_file_and_are_handed_their_words() -> None:
    # t("key", "English") in the theme's scripts: the English is en.json's, and the key is one
    # the page hands them (SCRIPT_WORDS), else a translated page would still show English
    static = theme_folder(BASE_THEME) / "static"
    found = {(path.name, key, english)
             for path in sorted(static.glob("*.js"))
             for key, english in re.findall(r"""\bt\(["'](\w+)["'], ["']([^"']*)["']\)""",
                                            path.read_text(encoding="utf-8"))}
    assert len({key for _, key, _ in found}) >= 25
    for name, key, english in sorted(found):
        assert key in i18n.SCRIPT_WORDS, (name, key)
        assert ENGLISH[key] == english, (name, key)
    assert set(i18n.SCRIPT_WORDS) <= set(ENGLISH)


def test_a_complete_language_has_every_word() -> None:
    # the languages the theme translates in full (lv and uz give a few words)
    for path in sorted(FOLDER.glob("*.json")):
        found = json.loads(path.read_text(encoding="utf-8"))
        if path.stem not in ("lv", "uz"):
            assert set(found) == set(ENGLISH), (path.stem, set(ENGLISH) - set(found))
        if "months" in found:
            assert len(found["months"].split(",")) == 12, path.stem


def test_templates_read_words_named_as_mapping_methods_by_key() -> None:
    """Jinja's ``words.copy`` finds the mapping's ``copy`` method before its "copy" word: a
    page then showed "<built-in method copy of mappingproxy …>" as a button's text. Words whose
    key is a method's name are read as ``words["copy"]``."""
    methods = {name for name in dir(dict) if not name.startswith("_")}
    clashing = sorted(set(ENGLISH) & methods)
    assert "copy" in clashing  # the check covers a key that exists
    pattern = re.compile(r"\bwords\.(" + "|".join(clashing) + r")\b")
    root = theme_folder(BASE_THEME).parent
    found = [f"{path.relative_to(root)}:{text[:m.start()].count(chr(10)) + 1}: {m.group()}"
             for path in sorted(root.rglob("*.html"))
             for text in [path.read_text(encoding="utf-8")]
             for m in pattern.finditer(text)]
    assert found == []
