"""docs.json's settings outside the navigation: the warnings a site author reads."""

from __future__ import annotations

import json
from pathlib import Path

from mdxsite.config import load_config


def _warnings(tmp_path: Path, doc: dict) -> list[str]:
    (tmp_path / "docs.json").write_text(json.dumps(doc, indent=2), encoding="utf-8")
    _, problems = load_config(tmp_path)
    return [str(p) for p in problems.warnings]


def test_mint_json_keys_in_a_docs_json_name_their_docs_json_setting(tmp_path: Path) -> None:
    """Real docs.json files carry mint.json's top-level keys ("analytics" with their Plausible
    domain, "modeToggle", "topbarLinks"): the platform drops them without a word, and the
    build's warning said "remove it", so the analytics, dark default and navbar links their
    authors asked for were lost. Each warning now names the docs.json setting to write."""
    warnings = _warnings(tmp_path, {
        "name": "W", "theme": "mint", "navigation": {"pages": ["index"]},
        "modeToggle": {"default": "dark"}, "analytics": {"plausible": {"domain": "d.example"}},
        "topbarLinks": [{"name": "Blog", "url": "https://b.example"}], "font": {"family": "Inter"},
        "layout": "sidenav", "colour": "x"})
    assert warnings == [
        "docs.json:9:3: warning: modeToggle: unknown key 'modeToggle'. It is ignored: "
        "'modeToggle' is mint.json's; in docs.json write appearance (\"default\", and \"strict\" "
        "for isHidden). [config.unknown-key]",
        "docs.json:12:3: warning: analytics: unknown key 'analytics'. It is ignored: 'analytics' "
        "is mint.json's; in docs.json write integrations (same names inside). "
        "[config.unknown-key]",
        "docs.json:17:3: warning: topbarLinks: unknown key 'topbarLinks'. It is ignored: "
        "'topbarLinks' is mint.json's; in docs.json write navbar.links ({\"label\", \"href\"}). "
        "[config.unknown-key]",
        "docs.json:23:3: warning: font: unknown key 'font'. It is ignored: 'font' is mint.json's; "
        "in docs.json write fonts (\"heading\" and \"body\"). [config.unknown-key]",
        "docs.json:26:3: warning: layout: unknown key 'layout'. It is ignored: 'layout' is "
        "mint.json's; in docs.json write theme (\"sidenav\" is \"theme\": \"maple\", "
        "\"solidSidenav\" is \"theme\": \"willow\"). [config.unknown-key]",
        "docs.json:27:3: warning: colour: unknown key 'colour'. Did you mean 'colors'? "
        "[config.unknown-key]"]


def test_mint_json_background_colours_name_background_color(tmp_path: Path) -> None:
    """mint.json kept the page background in colors.background; a real docs.json still does,
    and the warning listed the three colours without saying where the background went."""
    warnings = _warnings(tmp_path, {"name": "W", "theme": "mint", "navigation": {"pages": ["index"]},
                                    "colors": {"primary": "#6DB33F", "background": {"dark": "#0D1117"}}})
    assert warnings == [
        "docs.json:11:5: warning: colors.background: unknown colour 'background'; it is ignored. "
        "'background' is mint.json's; in docs.json write background.color ({\"light\", "
        "\"dark\"}). [config.unknown-key]"]
