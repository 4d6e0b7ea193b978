"""Version and language switchers keep the page across every version x language pair, are
plain links (no JavaScript needed, crawlers follow them), and each page names its language
twins with <link rel="alternate" hreflang>."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

PAGES = ["quickstart", "config", "only-v2"]


def _language(version: str, code: str, pages: list[str]) -> dict:
    return {"language": code, "groups": [{"group": "Guide",
                                          "pages": [f"{version}/{code}/{p}" for p in pages]}]}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from mdxsite.cli import main

    root = tmp_path_factory.mktemp("site")
    nav = {"versions": [
        {"version": "v2", "languages": [_language("v2", "en", PAGES), _language("v2", "fr", PAGES)]},
        {"version": "v1", "languages": [_language("v1", "en", PAGES[:2]),
                                        _language("v1", "fr", PAGES[:1])]},
    ]}
    import json
    (root / "docs.json").write_text(json.dumps({"name": "S", "navigation": nav}))
    for version, code, pages in (("v2", "en", PAGES), ("v2", "fr", PAGES), ("v1", "en", PAGES[:2]),
                                 ("v1", "fr", PAGES[:1])):
        for p in pages:
            (root / version / code).mkdir(parents=True, exist_ok=True)
            (root / version / code / f"{p}.mdx").write_text(f"# {version} {code} {p}\n")
    out = root / "_out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out),
                                       "--site-url", "https://docs.example.com"])
    assert result.exit_code == 0, result.output
    return out


def _menu(html: str, kind: str) -> dict[str, str]:
    block = re.search(rf'<details class="dropdown selector selector-{kind}">(.*?)</details>', html, re.S)
    assert block, f"no {kind} switcher"
    return {title: href for href, title in re.findall(
        r'<a class="dropdown-item" href="([^"]+)"[^>]*><span class="dropdown-title">([^<]+)<', block.group(1))}


def test_the_language_switcher_keeps_the_page_and_the_version(built: Path) -> None:
    html = (built / "v2" / "en" / "config" / "index.html").read_text()
    assert _menu(html, "language") == {"English": "/v2/en/config/", "Français": "/v2/fr/config/"}
    old = (built / "v1" / "en" / "config" / "index.html").read_text()
    # v1 has no French config: that language's first page in v1, never another version's
    assert _menu(old, "language") == {"English": "/v1/en/config/", "Français": "/v1/fr/quickstart/"}


def test_the_version_switcher_keeps_the_page_and_the_language(built: Path) -> None:
    html = (built / "v2" / "fr" / "quickstart" / "index.html").read_text()
    assert _menu(html, "version") == {"v2": "/v2/fr/quickstart/", "v1": "/v1/fr/quickstart/"}
    en = (built / "v2" / "en" / "config" / "index.html").read_text()
    assert _menu(en, "version") == {"v2": "/v2/en/config/", "v1": "/v1/en/config/"}
    newer = (built / "v2" / "en" / "only-v2" / "index.html").read_text()
    assert _menu(newer, "version")["v1"] == "/v1/en/quickstart/"  # no twin: the first page


def test_pages_name_their_language_twins_with_hreflang(built: Path) -> None:
    html = (built / "v2" / "en" / "config" / "index.html").read_text()
    links = re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html)
    assert links == [("en", "https://docs.example.com/v2/en/config/"),
                     ("fr", "https://docs.example.com/v2/fr/config/")]
    lonely = (built / "v1" / "en" / "config" / "index.html").read_text()
    assert re.findall(r'hreflang="([^"]+)" href', lonely) == ["en"]  # no French twin to name


def test_a_version_keeps_the_page_when_its_folder_is_not_its_name(
        make_site: Callable[..., Path], cli: Callable[..., object]) -> None:
    # the platform's own example: version "1.0.0" lives in v1/, "2.0.0" in v2/; a folder
    # both versions share (guides/) names neither
    def version(title: str, folder: str, pages: list[str]) -> dict:
        return {"version": title, "groups": [{"group": "Start", "pages": [
            f"{folder}/{p}" for p in pages]}]}
    pages = ["overview", "quickstart", "guides/deploy"]
    root = make_site({"name": "S", "navigation": {"versions": [
        version("2.0.0", "v2", pages), version("1.0.0", "v1", pages[:2])]}},
        pages={f"{v}/{p}": f"# {v} {p}\n" for v in ("v1", "v2") for p in pages})
    out = root / "_out"
    result = cli("build", str(root), "-o", str(out))
    assert result.exit_code == 0, result.output
    html = (out / "v2" / "quickstart" / "index.html").read_text()
    assert _menu(html, "version") == {"2.0.0": "/v2/quickstart/", "1.0.0": "/v1/quickstart/"}
    deploy = (out / "v2" / "guides" / "deploy" / "index.html").read_text()
    assert _menu(deploy, "version")["1.0.0"] == "/v1/overview/"  # no twin: the first page


def test_a_menu_item_may_hold_dropdowns(cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # the platform's schema takes sections in a tab's menu item (a real site: one menu item per
    # programming language, each with its dropdowns)
    docs = {"name": "M", "navigation": {"tabs": [
        {"tab": "Docs", "menu": [
            {"item": "Python", "dropdowns": [{"dropdown": "Core", "pages": ["index"]},
                                             {"dropdown": "Extra", "pages": ["extra"]}]},
            {"item": "JS", "pages": ["js"]}]},
        {"tab": "Other", "pages": ["other"]}]}}
    pages = {k: f"# {k}\n" for k in ("index", "extra", "js", "other")}
    result = cli("build", make_site(docs, pages=pages), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    html = (tmp_path / "out" / "extra" / "index.html").read_text()
    titles = re.findall(r'<span class="dropdown-title">([^<]*)', html)
    # the tab's menu, then the item's dropdown switcher (its current one, then the list)
    assert titles == ["Python", "JS", "Extra", "Core", "Extra"]
    assert re.search(r'class="dropdown-item" href="/extra/" aria-current="true"', html)
    assert ">Other<" in html  # the tab bar is still the site's
