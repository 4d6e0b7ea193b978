"""Tailwind classes an author puts on elements inside a page's text, in Chromium: they style
the element as on the platform, over the theme's typography for that element (an image's
height, a heading's size), and a class the shipped stylesheet lacks is generated for the site."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGE = """---
title: Logos
---

## A plain heading

<h2 className="text-3xl">A big heading</h2>

<img className="h-8 w-8 rounded-full" src="/logo.svg" alt="Small logo" />

<div className="mt-9" id="spaced">Spaced.</div>

<button type="button" className="rounded-md bg-gray-100 px-1.5 py-1" id="chip">Billing</button>

<iframe id="embed" className="w-full h-24 rounded-xl" src="/logo.svg" title="Embedded"></iframe>

<Frame>
  <img id="for-light" className="block dark:hidden" src="/logo.svg" alt="Light mode" />
  <img id="for-dark" className="hidden dark:block" src="/logo.svg" alt="Dark mode" />
</Frame>
"""
LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>'


def test_an_authors_utility_classes_win_over_the_text_styles(
        chromium: Any, serve_dir: Callable[..., str], make_site: Callable[..., Path],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from mdxsite.cli import main

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = make_site({"name": "U", "navigation": {"pages": ["index"]}}, pages={"index": PAGE},
                     files={"logo.svg": LOGO})
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out)])
    assert result.exit_code == 0, result.output
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.goto(serve_dir(out) + "/")
    style = tab.evaluate("""() => {
        const get = (sel) => getComputedStyle(document.querySelector(sel));
        return {plain: get('.prose h2:not(.text-3xl)').fontSize, big: get('h2.text-3xl').fontSize,
                img: [get('img[alt="Small logo"]').height, get('img[alt="Small logo"]').borderRadius],
                spaced: get('#spaced').marginTop,
                chip: [get('#chip').borderTopWidth, get('#chip').backgroundColor, get('#chip').paddingTop,
                       get('#chip').fontSize, get('.prose').fontSize],
                embed: [get('#embed').borderTopWidth, get('#embed').display],
                framed: [get('#for-light').display, get('#for-dark').display]};
    }""")
    context.close()
    assert style["plain"] == "23.2px"       # the theme's 1.45rem for a Markdown heading
    assert style["big"] == "30px"           # text-3xl, over the theme's size for h2
    assert style["img"] == ["32px", "9999px"]  # h-8 and rounded-full, over height: auto
    assert style["spaced"] == "36px"        # mt-9: not in the shipped stylesheet, generated
    # an author's button starts from Tailwind's preflight, not the browser's bevelled box
    border, background, padding, size, text = style["chip"]
    assert (border, background, padding) == ("0px", "rgb(243, 244, 246)", "4px")  # bg-gray-100, py-1
    assert size == text                     # the text's font, not the browser's 13.3px
    # an iframe too: a borderless block, not an inline box with a 2px inset frame
    assert style["embed"] == ["0px", "block"]
    # one image per mode in a Frame: the frame's own rule does not show the hidden one
    assert style["framed"] == ["block", "none"]
