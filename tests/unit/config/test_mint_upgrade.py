"""mint.json read as docs.json: our upgrade against the platform's own ``upgradeToDocsConfig``,
on the hand-written fixtures and on seeded variations of them."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from mdxsite.config import load_config, mint

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
        "mint.json:1:26: warning: sidebar: mint.json's 'sidebar' has no docs.json form: the "
        "platform's upgrade drops it, and it does nothing here either. Remove it: in docs.json "
        "the theme (\"mint\", \"maple\", \"palm\", …) sets how the sidebar and the top bar look. "
        "[config.mint-dropped]",
        "mint.json:1:59: warning: feedback: mint.json's 'feedback' has no docs.json form: the "
        "platform's upgrade drops it, and it does nothing here either. Remove it: the platform "
        "switches page feedback on in its dashboard (Add-ons), not in docs.json. "
        "[config.mint-dropped]"]
