"""appearance and banner as a reader meets them: the default mode, strict mode ignoring a
remembered choice, and a dismissed banner that stays closed until its text changes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser


def _site(make_site: Callable[..., Path], **docs: object) -> Path:
    return make_site({"name": "B", "navigation": {"pages": ["index", "next"]}, **docs},
                     pages={"index": "# One\n", "next": "# Two\n"})


def test_default_dark_and_a_remembered_choice(make_site, cli, serve_dir, local_context, tmp_path: Path) -> None:
    root = _site(make_site, appearance={"default": "dark"})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    base = serve_dir(tmp_path / "out")
    page = local_context().new_page()
    page.goto(base + "/")
    assert page.evaluate("document.documentElement.classList.contains('dark')")
    page.click("[data-theme-toggle]")  # the reader picks light: remembered on the next page
    page.goto(base + "/next/")
    assert not page.evaluate("document.documentElement.classList.contains('dark')")


def test_strict_ignores_a_remembered_choice(make_site, cli, serve_dir, local_context, tmp_path: Path) -> None:
    root = _site(make_site, appearance={"default": "dark", "strict": True})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    base = serve_dir(tmp_path / "out")
    page = local_context().new_page()
    page.goto(base + "/")
    page.evaluate("localStorage.setItem('mdxsite-theme', 'light')")
    page.reload()
    assert page.evaluate("document.documentElement.classList.contains('dark')")
    assert page.locator("[data-theme-toggle]").count() == 0


def test_a_dismissed_banner_stays_closed_until_it_changes(make_site, cli, serve_dir, local_context,
                                                          tmp_path: Path) -> None:
    root = _site(make_site, banner={"content": "First news", "dismissible": True})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    base = serve_dir(out)
    page = local_context().new_page()
    page.goto(base + "/")
    assert page.locator(".site-banner").is_visible()
    page.click("[data-banner-close]")
    assert not page.locator(".site-banner").is_visible()
    page.goto(base + "/next/")
    assert not page.locator(".site-banner").is_visible()
    docs = json.loads((root / "docs.json").read_text())
    docs["banner"]["content"] = "Second news"
    (root / "docs.json").write_text(json.dumps(docs))
    assert cli("build", root, "-o", out).exit_code == 0
    page.goto(base + "/next/")
    assert page.locator(".site-banner").is_visible() and "Second news" in page.locator(".site-banner").inner_text()


@pytest.mark.parametrize("theme", ["maple", "sequoia", "linden"])
def test_the_site_background_colour_beats_the_theme(theme: str, make_site, cli, serve_dir, local_context,
                                                    tmp_path: Path) -> None:
    # these themes set their own --bg (sequoia and linden in light mode too); docs.json's
    # background.color is the site's choice and is what the reader sees
    root = _site(make_site, theme=theme, background={"color": {"light": "#FAF0E6", "dark": "#202830"}})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    base = serve_dir(tmp_path / "out")
    page = local_context().new_page()
    page.goto(base + "/")
    body = "getComputedStyle(document.body).backgroundColor"
    assert page.evaluate(body) == "rgb(250, 240, 230)"
    page.evaluate("document.documentElement.classList.add('dark')")
    assert page.evaluate(body) == "rgb(32, 40, 48)"
