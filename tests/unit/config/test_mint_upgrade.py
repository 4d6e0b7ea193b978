"""mint.json read as docs.json: our upgrade against the platform's own ``upgradeToDocsConfig``,
on the hand-written fixtures and on seeded variations of them."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from mdxsite.config import load_config, mint
from mdxsite.errors import JsonPath, MdxsiteError

FIXTURES = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "mint").glob("*.json"))
# The platform's upgrade keeps a mint.json ``null`` where its code reads a key as missing and
# copies it through where it copies a value: the same rule here, nothing to normalise.


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_upgrade_agrees_with_the_platform(path: Path, oracle) -> None:
    source = json.loads(path.read_text())
    expected = oracle.upgrade(source, shouldUpgradeTheme=True)
    assert expected["ok"], expected
    assert _ordered(mint.upgrade(source)) == _ordered(expected["config"])


def _ordered(doc: dict) -> str:
    """The document as `mdxsite upgrade` writes it: key order is part of the file."""
    return json.dumps(doc, indent=2)


def _mutations(rng: random.Random, base: dict) -> dict:
    """Drop, empty or shuffle what the navigation upgrade reads."""
    doc = copy.deepcopy(base)
    for _ in range(rng.randint(1, 4)):
        key = rng.choice(["tabs", "anchors", "versions", "navigation", "topAnchor", "primaryTab",
                          "topbarLinks", "footerSocials", "modeToggle", "api", "colors", "font"])
        action = rng.choice(["drop", "shuffle", "empty", "borrow"])
        if action == "drop":
            doc.pop(key, None)
        elif action == "shuffle" and isinstance(doc.get(key), list):
            rng.shuffle(doc[key])
        elif action == "empty" and key in doc:
            doc[key] = [] if isinstance(doc[key], list) else {}
        elif action == "borrow":  # the same key from another fixture
            other = json.loads(rng.choice(FIXTURES).read_text())
            if key in other:
                doc[key] = other[key]
    return doc


def test_upgrade_agrees_on_seeded_variations(oracle) -> None:
    rng = random.Random(20261124)
    bases = [json.loads(p.read_text()) for p in FIXTURES]
    compared = 0
    for _ in range(300):
        doc = _mutations(rng, rng.choice(bases))
        expected = oracle.upgrade(doc, shouldUpgradeTheme=True)
        if not expected["ok"]:  # the platform's upgrade itself fails on this input
            continue
        assert _ordered(mint.upgrade(doc)) == _ordered(expected["config"]), json.dumps(doc)
        compared += 1
    print(f"mint.json upgrade: {compared} seeded variations agree with upgradeToDocsConfig")
    assert compared > 200


_NAV = {"name": "x", "navigation": [{"group": "G", "pages": ["a", "v1/b"]}]}
# Values of the wrong JSON type where the upgrade reads a field (mint.json is not validated
# first): each one raised a TypeError or AttributeError before mypy pointed at it.
ODD_VALUES = {
    "colors-number": {**_NAV, "colors": 5},
    "colors-string": {**_NAV, "colors": "primary"},
    "playground-mode-list": {**_NAV, "api": {"playground": {"mode": ["show"]}}},
    "versioned-tab-without-url": {**_NAV, "versions": ["v1"],
                                  "tabs": [{"name": "T", "version": "v1"}]},
    "primary-tab-number": {**_NAV, "tabs": [{"name": "T", "url": "v1"}], "primaryTab": 5},
    "primary-tab-string": {**_NAV, "tabs": [{"name": "T", "url": "v1"}],
                           "primaryTab": "isDefaultHidden"},
    "anchor-color-number": {**_NAV, "anchors": [{"name": "A", "url": "v1", "color": 5}]},
    "anchor-color-list": {**_NAV, "anchors": [{"name": "A", "url": "v1", "color": ["x"]}]},
    "anchor-color-without-from": {**_NAV, "anchors": [{"name": "A", "url": "v1",
                                                       "color": {"to": "#fff"}}]},
}


@pytest.mark.parametrize("name", ODD_VALUES)
def test_upgrade_agrees_on_values_of_the_wrong_type(name: str, oracle) -> None:
    expected = oracle.upgrade(ODD_VALUES[name], shouldUpgradeTheme=True)
    assert expected["ok"], expected
    assert mint.upgrade(ODD_VALUES[name]) == expected["config"]


# mint.json values the upgrade reads as an array (or an object in one), of another type: the
# platform's mint.json schema refuses each, and the build failed with "plugin 'config' failed…
# TypeError: '_Int' object is not iterable" on several
MISSHAPEN = [
    ({"tabs": 5}, "mint.json:1:96: tabs: expected an array, got a number",
     'Write "tabs": [{"name": "API reference", "url": "api-reference"}].'),
    ({"anchors": "x"}, "mint.json:1:99: anchors: expected an array, got the string 'x'",
     'Write "anchors": [{"name": "Blog", "icon": "newspaper", "url": "https://…"}].'),
    ({"navigation": {}}, "mint.json:1:50: navigation: expected an array, got an object",
     'Write "navigation": [{"group": "Get started", "pages": ["index"]}].'),
    ({"topbarLinks": 3}, "mint.json:1:103: topbarLinks: expected an array, got a number",
     'Write "topbarLinks": [{"name": "Blog", "url": "https://…"}].'),
    ({"versions": 3}, "mint.json:1:100: versions: expected an array, got a number",
     'Write "versions": ["v2", "v1"].'),
    ({"tabs": [5]}, "mint.json:1:97: tabs[0]: expected an object, got a number",
     'Write {"name": "API reference", "url": "api-reference"}.'),
    ({"footer": {"links": 3}}, "mint.json:1:108: footer.links: expected an array, got a number",
     'Write "links": [{"title": "Company", "links": [{"label": "Blog", "url": "https://…"}]}].'),
    ({"footer": {"links": [{"title": "C", "links": 3}]}},
     "mint.json:1:133: footer.links[0].links: expected an array, got a number",
     'Write "links": [{"label": "Blog", "url": "https://…"}].'),
]


@pytest.mark.parametrize(("value", "where", "hint"), MISSHAPEN, ids=[json.dumps(v) for v, *_ in MISSHAPEN])
def test_a_mint_json_array_of_the_wrong_type_is_a_located_error(
        tmp_path: Path, oracle, value: dict, where: str, hint: str) -> None:
    doc = {"name": "M", "favicon": "/f.png", "navigation": [{"group": "G", "pages": ["index"]}],
           **value}
    assert oracle.mint(doc)["ok"] is False  # the platform refuses it too
    (tmp_path / "mint.json").write_text(json.dumps(doc), encoding="utf-8")
    _, problems = load_config(tmp_path)
    assert [str(p) for p in problems.errors] == [
        f"{where}; the platform refuses this mint.json, and the upgrade leaves it out. {hint}"]


def test_the_rest_of_a_mint_json_with_a_misshapen_value_is_upgraded(tmp_path: Path) -> None:
    """An item left out keeps the others located where the author wrote them."""
    (tmp_path / "mint.json").write_text(json.dumps({
        "name": "M", "navigation": [{"group": "G", "pages": ["index"]}],
        "topbarLinks": ["Blog", {"name": "Docs", "url": "https://d.example"}]}, indent=1),
        encoding="utf-8")
    config, problems = load_config(tmp_path)
    assert config.raw["navbar"]["links"] == [{"label": "Docs", "href": "https://d.example"}]
    assert config.locator.value(JsonPath(("navbar", "links", 0, "href"))).line == 15
    assert [p.path for p in problems.errors] == ["topbarLinks[0]"]


# mint.json keys with no docs.json form: the platform's upgrade drops each one
DROPPED = {"sidebar": {"items": "card"}, "topbar": {"style": "gradient"}, "rounded": "sharp",
           "feedback": {"thumbsRating": True}, "isWhiteLabeled": True, "mintlify": "2.0",
           "hideFeedbackButtons": True}


def test_the_keys_named_dropped_are_the_ones_the_platform_drops(oracle) -> None:
    """A key of the fixtures is named dropped exactly when taking it out changes nothing in the
    platform's upgrade ("$schema" aside: it only tells editors the schema); each key of DROPPED
    changes nothing, and is named."""
    for path in FIXTURES:
        source = json.loads(path.read_text())
        full = oracle.upgrade(source, shouldUpgradeTheme=True).get("config")
        for key in source:
            less = oracle.upgrade({k: v for k, v in source.items() if k != key},
                                  shouldUpgradeTheme=True).get("config")
            dropped = key in mint.dropped_keys(source)
            assert (less == full) == (dropped or key == "$schema"), (path.stem, key)
    base = json.loads(FIXTURES[0].read_text())
    for key, value in DROPPED.items():
        with_key = {**base, key: value}
        assert oracle.upgrade(with_key, shouldUpgradeTheme=True) == \
            oracle.upgrade(base, shouldUpgradeTheme=True), key
        assert mint.dropped_keys(with_key) == [key]


def test_a_dropped_mint_json_setting_is_a_warning(tmp_path: Path) -> None:
    """mint.json's "sidebar" and "feedback" (real sites write both) did nothing, silently."""
    (tmp_path / "mint.json").write_text(json.dumps({
        "name": "M", "sidebar": {"items": "border"}, "feedback": {"thumbsRating": True},
        "navigation": [{"group": "G", "pages": ["index"]}]}), encoding="utf-8")
    _, problems = load_config(tmp_path)
    assert [str(p) for p in problems.warnings][1:] == [
        "mint.json:1:15: warning: sidebar: mint.json's 'sidebar' has no docs.json form: the "
        "platform's upgrade drops it, and it does nothing here either. Remove it: in docs.json "
        "the theme (\"mint\", \"maple\", \"palm\", …) sets how the sidebar and the top bar look. "
        "[config.mint-dropped]",
        "mint.json:1:47: warning: feedback: mint.json's 'feedback' has no docs.json form: the "
        "platform's upgrade drops it, and it does nothing here either. Remove it: the platform "
        "switches page feedback on in its dashboard (Add-ons), not in docs.json. "
        "[config.mint-dropped]"]


def test_the_located_upgrade_is_the_upgrade(oracle) -> None:
    """Tracking where values came from changes nothing in the document (key order included)."""
    rng = random.Random(20261128)
    bases = [json.loads(p.read_text()) for p in FIXTURES]
    for doc in [*bases, *(_mutations(rng, rng.choice(bases)) for _ in range(100))]:
        located, origins = mint.upgrade_located(doc)
        assert _ordered(located) == _ordered(mint.upgrade(doc)), json.dumps(doc)
        assert all(type(v) in (str, int, float, bool, type(None)) for v in _leaves(located))


def _leaves(value: object) -> list[object]:
    if isinstance(value, dict):
        assert type(value) is dict
        return [leaf for v in value.values() for leaf in _leaves(v)]
    if isinstance(value, list):
        assert type(value) is list
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


def test_problems_in_an_upgraded_mint_json_name_the_authors_keys(tmp_path: Path) -> None:
    """A mint.json author never wrote navbar.links[0].href: each problem points at the
    mint.json value it came from, with its line:column."""
    (tmp_path / "index.mdx").write_text("# Hi\n", encoding="utf-8")
    (tmp_path / "mint.json").write_text("""{
  "name": "M",
  "colors": {"primary": "red"},
  "topbarLinks": [{"name": "Blog", "url": "https://b.example"}, {"name": "X", "url": 5}],
  "topbarCtaButton": {"name": "Go"},
  "tabs": [{"name": "API", "url": "api"}],
  "navigation": [{"group": "G", "pages": ["index", "api/missing"]}]
}
""", encoding="utf-8")
    config, problems = load_config(tmp_path)
    from mdxsite.plugins.navigation import mdxsite_resolve_nav
    from mdxsite.sources import scan_sources

    with pytest.raises(MdxsiteError) as nav:
        mdxsite_resolve_nav(config=config, sources=scan_sources(tmp_path))
    lines = [str(p) for p in (*problems.errors, *nav.value.problems)]
    assert [line.split(": ", 2)[:2] for line in lines] == [
        ["mint.json:3:25", "colors.primary"],
        ["mint.json:4:65", "topbarLinks[1] (read as docs.json's navbar.links[1])"],
        ["mint.json:5:22", "topbarCtaButton (read as docs.json's navbar.primary)"],
        ["mint.json:7:52",
         "navigation[0].pages[1] (read as docs.json's navigation.tabs[1].groups[0].pages[0])"],
    ], lines


# nested keys the platform's upgrade drops, each checked against it below
NESTED_DROPPED = {
    "api": {"baseUrl": "https://a.example", "auth": {"method": "bearer", "inputPrefix": "Bearer"},
            "paramFields": {"expanded": "all"}, "playground": {"mode": "simple", "x": 1}},
    "topbarCtaButton": {"name": "Go", "url": "https://go.example", "style": "pill"},
    "topbarLinks": [{"type": "github", "name": "GH", "url": "https://g.example"}],
    "tabs": [{"name": "T", "url": "t", "icon": "book"}],
    "anchors": [{"name": "A", "url": "a", "icon": "x", "color": {"from": "#ffffff", "to": "#000000"}}],
    "navigation": [{"group": "G", "pages": ["t/a", "a/b", {"group": "N", "pages": ["c"], "open": 1}],
                    "collapsed": True}],
    "footer": {"socials": {"x": "https://x.example"},
               "links": [{"title": "T", "links": [{"label": "L", "url": "https://l.example", "y": 1}]}]},
    "footerSocials": [{"type": "github", "url": "https://g.example"}],
    "integrations": {"intercom": "abc", "zapier": "z"},
    "search": {"prompt": "Ask", "location": "side"},
    "colors": {"primary": "#000001", "anchors": {"from": "#000002"}},
    "modeToggle": {"default": "dark", "x": 1},
    "font": {"headings": {"family": "Inter"}, "weight": 3},
}


def test_the_nested_keys_named_dropped_are_the_ones_the_platform_drops(oracle) -> None:
    """Every key named dropped changes nothing in the platform's upgrade when taken out, and
    every other key written here changes something (or lies inside a dropped one)."""
    doc = {"name": "N", **NESTED_DROPPED}
    full = oracle.upgrade(doc, shouldUpgradeTheme=True)["config"]
    dropped = mint.dropped_nested(doc)
    assert sorted(str(JsonPath(at)) for at in dropped) == sorted([
        "colors.anchors", "navigation[0].pages[2].open", "navigation[0].collapsed", "tabs[0].icon",
        "anchors[0].color.to", "api.auth.inputPrefix", "api.paramFields", "api.playground.x",
        "modeToggle.x", "topbarLinks[0].name", "topbarCtaButton.style", "search.location",
        "footer.links[0].links[0].y", "integrations.zapier", "footerSocials", "font.weight"])

    def without(at: tuple) -> dict:
        less = copy.deepcopy(doc)
        node = less
        for part in at[:-1]:
            node = node[part]
        del node[at[-1]]
        return less

    for at in _key_paths(doc):
        same = oracle.upgrade(without(at), shouldUpgradeTheme=True).get("config") == full
        inside_dropped = any(at[:len(d)] == d and at != d for d in dropped)
        assert same == (at in dropped or inside_dropped), at


def _key_paths(value: object, at: tuple = ()) -> list[tuple]:
    found: list[tuple] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if at:  # top-level keys are the other test's
                found.append((*at, k))
            found += _key_paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _key_paths(v, (*at, i))
    return found


def test_a_dropped_nested_key_is_a_located_warning(tmp_path: Path) -> None:
    (tmp_path / "index.mdx").write_text("# Hi\n", encoding="utf-8")
    (tmp_path / "mint.json").write_text("""{
  "name": "M",
  "tabs": [{"name": "API", "url": "api", "icon": "code"}],
  "api": {"auth": {"method": "bearer", "inputPrefix": "Bearer"}},
  "navigation": [{"group": "G", "pages": ["index"]}]
}
""", encoding="utf-8")
    _, problems = load_config(tmp_path)
    assert [str(p) for p in problems.warnings][1:] == [
        "mint.json:3:42: warning: tabs[0].icon: 'icon' has no docs.json form: the platform's "
        "upgrade drops it, and it does nothing here either. Docs.json's tabs take an icon: run "
        "`mdxsite upgrade`, then add it to the tab. [config.mint-dropped]",
        "mint.json:4:40: warning: api.auth.inputPrefix: 'inputPrefix' has no docs.json form: the "
        "platform's upgrade drops it, and it does nothing here either. Remove it; if docs.json "
        "has such a setting, run `mdxsite upgrade` and set it there. [config.mint-dropped]"]


@pytest.mark.parametrize("docs_path, value", [
    ("api.mdx.server", "https://api.example.com"), ("api.mdx.auth", {"method": "bearer"}),
    ("api.mdx.auth.method", "bearer"), ("seo.metatags", {"robots": "noindex"}),
    ("seo.metatags.canonical", "https://docs.example.com")])
def test_the_mint_json_key_a_hint_names_is_the_one_the_upgrade_reads(docs_path: str,
                                                                     value: object) -> None:
    # messages asking a mint.json author to write a docs.json setting name mint.json's key:
    # written there, it must come out of the upgrade as that setting
    legacy = mint.setting(docs_path)
    assert legacy is not None
    written: dict = {"name": "T", "navigation": [{"group": "G", "pages": ["index"]}]}
    node = written
    *parents, last = legacy.split(".")
    for key in parents:
        node = node.setdefault(key, {})
    node[last] = value
    upgraded: object = mint.upgrade(written)
    for key in docs_path.split("."):
        assert isinstance(upgraded, dict), (legacy, upgraded)
        upgraded = upgraded.get(key)
    assert upgraded == value, legacy


def test_a_setting_the_upgrade_reads_only_beside_another_names_no_mint_json_key() -> None:
    # mint.json's api.auth.name alone is dropped by the upgrade: a hint naming it would send
    # the author to write a key that does nothing
    assert mint.upgrade({"name": "T", "api": {"auth": {"name": "X-Key"}}}).get("api") is None
    assert mint.setting("api.mdx.auth.name") is None
