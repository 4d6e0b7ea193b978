"""What the platform's docs.json validator accepts, mdxsite loads; every disagreement on 2,000
seeded mutations of the corpus docs.json files is a class listed, with its reason, in
``docs_known_differences.json``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mdxsite.sources import scan_sources

HERE = Path(__file__).parent
CORPUS = HERE.parents[2] / "shared" / "corpus"
KNOWN = json.loads((HERE / "docs_known_differences.json").read_text(encoding="utf-8"))["differences"]


@pytest.fixture(scope="module")
def mutations(load_helper) -> Any:
    return load_helper("docs_parity_mutations", HERE / "docs_mutations.py")


def test_every_corpus_docs_json_loads(oracle, mutations, tmp_path: Path) -> None:
    sites = sorted(p.parent for p in CORPUS.rglob("docs.json"))
    assert len(sites) >= 5
    for site in sites:
        doc = json.loads((site / "docs.json").read_text(encoding="utf-8"))
        assert oracle.docs(doc)["ok"], site
        errors, _ = mutations.our_verdict(doc, tmp_path, scan_sources(site))
        assert errors == [], site


def test_mutated_docs_json_agree_with_the_platform_validator(oracle, mutations, figures) -> None:
    counts, unexplained = mutations.compare(oracle, CORPUS, 2000, seed=14)
    figures(f"docs.json parity, 2000 mutations: {dict(sorted(counts.items()))}; "
            f"{len(KNOWN)} known classes of difference")
    assert unexplained == [], "\n".join(unexplained)
    # both sides are reached, or the comparison proves nothing
    assert counts["both_ok"] > 300 and counts["both_reject"] > 300


def test_blank_names_and_entries_the_platform_accepts_build(make_site, cli, tmp_path: Path) -> None:
    nav = {"groups": [{"group": " ", "pages": ["a", " "]}, {"group": "Named", "pages": ["b"]},
                      {"group": "Later"}]}
    root = make_site({"name": "G", "navigation": nav,
                      "redirects": [{"source": " ", "destination": "/a"}]},
                     pages={"a": "# A\n", "b": "# B\n"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "navigation.groups[0].pages[1]: a blank page entry is skipped" in result.output
    assert "redirects[0].source: a redirect with a blank 'source' is skipped" in result.output
    assert "group 'Later' has no \"pages\" array" in result.output
    html = (tmp_path / "out" / "a" / "index.html").read_text()
    # the unlabelled group has no heading; the named ones (the empty one too) keep theirs
    assert html.count('class="nav-group-title"') == 2
    assert "<span>Named</span>" in html and "<span>Later</span>" in html


def test_an_empty_group_name_below_a_division_is_a_group_without_heading(
        make_site, cli, oracle, tmp_path: Path) -> None:
    """mint.json's schema takes "group": "" (a real site's first group of loose pages), and the
    upgrade keeps it under the version and anchor it lands in, where the docs.json validator
    takes it too; mdxsite refused the build. Only the root "groups" are refused, as by the
    validator."""
    mint_json = {"name": "M", "versions": ["Latest"],
                 "anchors": [{"name": "React", "url": "react", "icon": "react"}],
                 "navigation": [{"group": "", "pages": ["overview"]},
                                {"group": "Hooks", "pages": ["react/hooks"]}]}
    upgraded = oracle.upgrade(mint_json, shouldUpgradeTheme=True)["config"]
    assert oracle.docs(upgraded)["ok"]
    root = make_site({}, pages={"overview": "# O\n", "react/hooks": "# H\n"})
    (root / "docs.json").unlink()
    (root / "mint.json").write_text(json.dumps(mint_json), encoding="utf-8")
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    html = (tmp_path / "out" / "overview" / "index.html").read_text()
    assert ('<li class="nav-group">\n<ul class="nav-list nav-nested" role="list">\n'
            '<li><a class="nav-link" href="/overview/"') in html
    assert html.count('class="nav-group-title"') == 0
    # a docs.json's root groups: the validator refuses the empty name, and so does mdxsite
    flat = {"name": "G", "navigation": {"groups": [{"group": "", "pages": ["index"]}]}}
    assert not oracle.docs({**flat, "theme": "mint", "colors": {"primary": "#000000"}})["ok"]
    result = cli("build", make_site(flat), "-o", tmp_path / "out2")
    assert result.exit_code == 1
    assert "navigation.groups[0].group: 'group' must be a non-empty string" in result.output


def test_keys_the_validator_drops_from_api_and_logo_are_located_warnings(make_site, cli,
                                                                         tmp_path: Path) -> None:
    """The validator strips unknown keys of "api" and "logo" without a word (mint.json's
    "api.baseUrl" among them, which a docs.json spells "api.mdx.server"): the build names each
    one, with the docs.json spelling where there is one."""
    root = make_site({
        "name": "W", "navigation": {"pages": ["index"]},
        "logo": {"light": "/l.svg", "dark": "/d.svg", "width": 600},
        "api": {"baseUrl": "https://api.example.com", "auth": {"method": "bearer"},
                "playground": {"display": "simple"}, "colour": "x"}}, pages={"index": "# Home\n"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    for expected in ("logo.width: unknown key 'width'; it is ignored. Logo holds",
                     "api.baseUrl: unknown key 'baseUrl'; it is ignored. 'baseUrl' is mint.json's; "
                     "in docs.json write api.mdx.server",
                     "api.auth: unknown key 'auth'; it is ignored. 'auth' is mint.json's; in "
                     "docs.json write api.mdx.auth",
                     "api.colour: unknown key 'colour'; it is ignored. Api holds 'openapi'"):
        assert expected in result.output, result.output
    assert "api.playground" not in result.output


def test_a_layout_under_appearance_is_a_located_warning_naming_the_theme(make_site, cli,
                                                                         tmp_path: Path) -> None:
    """The validator strips "appearance": {"layout": "sidenav"} (a real docs.json's; mint.json's
    top-level "layout" moved into the theme) without a word, and so did mdxsite: the sidebar
    layout its author asked for did not come, silently. The build now names the theme to use."""
    root = make_site({"name": "W", "navigation": {"pages": ["index"]},
                      "appearance": {"default": "dark", "layout": "sidenav", "mode": 1}},
                     pages={"index": "# Home\n"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    for expected in ("appearance.layout: unknown key 'layout'; it is ignored. In docs.json the "
                     'theme sets the layout ("sidenav" is "theme": "maple"',
                     "appearance.mode: unknown key 'mode'; it is ignored. Appearance holds"):
        assert expected in result.output, result.output


def test_settings_the_validator_rejects_build_with_a_located_warning(make_site, cli,
                                                                      tmp_path: Path) -> None:
    """Known difference 4: outside the navigation mdxsite leaves an unusable value out, and
    says where; never silently."""
    root = make_site({
        "name": "W", "navigation": {"pages": ["index"]},
        "colors": {"primary": "#0D9373", "accent": "#000000"},
        "logo": {"light": "/logo.svg", "href": " "},
        "navbar": {"primary": {"type": "button", "label": "Go", "href": " "}},
        "footer": {"links": [{"header": ["x"], "items": [{"label": "Blog"},
                                                         {"label": "Ok", "href": "https://x.y"}]},
                             {"header": "No items"}]},
        "contextual": {"options": "copy"}}, pages={"index": "# Home\n"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    for expected in ("colors.accent: unknown colour 'accent'",
                     "logo.href: a blank \"href\" is ignored",
                     "navbar.primary.href: the primary navbar button has a blank \"href\"",
                     "footer.links[0].header: a column header is text",
                     "footer.links[0].items[0]: a footer link needs \"label\" and \"href\"",
                     "footer.links[1]: a footer column needs \"items\"",
                     "contextual.options: expected an array of options"):
        assert expected in result.output, expected
    html = (tmp_path / "out" / "index.html").read_text()
    assert 'href="https://x.y"' in html and ">Blog<" not in html and ">Go<" not in html
