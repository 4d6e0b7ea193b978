"""Pages' own React components (``export const`` with hooks, a ``.jsx`` snippet) compiled with
esbuild at build time and drawn by Preact in Chromium; without the toolchain the build says
how to get it and the static fallback stays."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mdxsite.mdx import islands

pytestmark = pytest.mark.browser

COUNTER = '''import { useState } from "react";
export const Counter = ({ start = 0, label }) => {
  const [n, setN] = useState(start);
  return <button className="counter" onClick={() => setN(n + 1)}>{label}: {n}</button>;
};
'''
PAGE = '''---
title: Islands
---

import { Counter } from "/snippets/counter.jsx";

export const Clock = ({ when }) => {
  const [t, setT] = useState(when);
  return <button className="clock" onClick={() => setT("later")}>at {t}</button>;
};

export const Hello = ({ name }) => (<strong className="hello">Hello {name}</strong>);

<Counter start={2} label="Clicks" />

<Clock when="noon">The clock needs JavaScript.</Clock>

<Hello name="static" />
'''


def _site(make_site: Callable[..., Path]) -> Path:
    docs = {"name": "Islands", "navigation": {"pages": ["index"]}}
    return make_site(docs, pages={"index": PAGE}, files={"snippets/counter.jsx": COUNTER})


def test_components_run_in_the_browser_after_hydration(cli: Callable, make_site: Callable,
                                                       tmp_path: Path, local_context: Any,
                                                       serve_dir: Callable[..., str]) -> None:
    if islands.toolchain() is None:
        pytest.fail("esbuild and preact are missing: run `make theme-deps` (make test does)")
    out = tmp_path / "out"
    result = cli("build", _site(make_site), "-o", out)
    assert result.exit_code == 0, result.stderr
    assert "warning" not in result.stderr
    html = (out / "index.html").read_text("utf-8")
    assert "The clock needs JavaScript." in html              # the static fallback
    assert '<strong class="hello">Hello static</strong>' in html  # static JSX stays static
    assert "export const Clock" in (out / "index.md").read_text("utf-8")
    context = local_context(1280, 800)
    tab = context.new_page()
    tab.goto(serve_dir(out) + "/")
    tab.wait_for_selector("[data-island][data-hydrated] button.clock")
    counter, clock = tab.locator("button.counter"), tab.locator("button.clock")
    assert counter.inner_text() == "Clicks: 2" and clock.inner_text() == "at noon"
    counter.click()
    clock.click()
    assert counter.inner_text() == "Clicks: 3" and clock.inner_text() == "at later"
    assert "The clock needs JavaScript." not in tab.locator("article").inner_text()
    assert context.outside == []


def test_without_the_toolchain_the_build_says_how_to_get_it(
        cli: Callable, make_site: Callable, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MDXSITE_THEME_DEPS", str(tmp_path / "nothing-here"))
    islands.toolchain.cache_clear()
    try:
        out = tmp_path / "out"
        result = cli("build", _site(make_site), "-o", out)
    finally:
        monkeypatch.undo()
        islands.toolchain.cache_clear()
    assert result.exit_code == 0
    assert "index.mdx:7:1: warning: export 'Clock' is JavaScript mdxsite does not run" in result.stderr
    assert "run `make theme-deps`" in result.stderr
    html = (out / "index.html").read_text("utf-8")
    assert "islands/" not in html and '<strong class="hello">Hello static</strong>' in html


def test_a_snippets_hooks_need_no_import_and_a_broken_island_spares_the_others(
        cli: Callable, make_site: Callable, tmp_path: Path, local_context: Any,
        serve_dir: Callable[..., str]) -> None:
    """The platform pre-injects React's hooks into snippet files too (its React page's
    snippet calls useState with no import), and each component of a page draws on its own:
    one that throws (a prop it maps over left out) leaves the others drawn."""
    if islands.toolchain() is None:
        pytest.fail("esbuild and preact are missing: run `make theme-deps` (make test does)")
    snippet = ("export const Toggle = () => {\n  const [on, setOn] = useState(false);\n"
               "  const box = useRef(null);\n  return <button ref={box} className=\"toggle\" "
               "onClick={() => setOn(!on)}>{on ? \"on\" : \"off\"}</button>;\n};\n"
               "export const List = ({ rows }) => <ul className=\"list\">{rows.map((r) => "
               "<li key={r}>{r}</li>)}</ul>;\n")
    page = ('import { Toggle, List } from "/snippets/toggle.jsx";\n\n'
            "<List />\n\n<Toggle />\n")
    docs = {"name": "Islands", "navigation": {"pages": ["index"]}}
    out = tmp_path / "out"
    result = cli("build", make_site(docs, pages={"index": page},
                                    files={"snippets/toggle.jsx": snippet}), "-o", out)
    assert result.exit_code == 0, result.stderr
    context = local_context(1280, 800)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(serve_dir(out) + "/")
    tab.wait_for_selector("[data-island][data-hydrated] button.toggle")
    toggle = tab.locator("button.toggle")
    assert toggle.inner_text() == "off"
    toggle.click()
    assert toggle.inner_text() == "on"
    assert not any("is not defined" in e for e in errors), errors
