"""The nine platform themes in headless Chromium: one page of one small site, built once per
theme, screenshotted light and dark at a desktop and a phone width.

The screenshots are written to tests/_out/themes/ (``<theme>-<light|dark>-<width>.png``) for a
person to look at; the test asserts that no two themes draw the page the same.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "tests" / "_out" / "themes"
THEMES = sorted(json.loads((REPO / "themes" / "THEMES.json").read_text())["themes"])
WIDTHS = (1280, 390)

DOCS = {
    "name": "Acme Queues", "colors": {"primary": "#2563EB", "light": "#60A5FA", "dark": "#1D4ED8"},
    "navbar": {"links": [{"label": "Support", "href": "mailto:help@example.com"}],
               "primary": {"type": "button", "label": "Dashboard", "href": "https://example.com"}},
    "navigation": {"tabs": [
        {"tab": "Guides", "groups": [
            {"group": "Get started", "pages": ["index", "guides/quickstart"]},
            {"group": "Jobs", "pages": ["guides/retries", "guides/schedules"]}]},
        {"tab": "API reference", "groups": [{"group": "Endpoints", "pages": ["api/jobs"]}]}]},
}
PAGE = """---
title: Retries
description: What happens when a job fails, and how to tune it.
---

A job that raises is tried again with **exponential backoff**, up to `max_attempts` times.

<Note>Retries keep the job's id, so handlers must be idempotent.</Note>

## Configure

```python
queue.enqueue(send_email, retry=Retry(max_attempts=5, backoff=2.0))
```

<CardGroup cols={2}>
  <Card title="Schedules" icon="clock" href="/guides/schedules">Run jobs on a timetable.</Card>
  <Card title="Quickstart" icon="rocket" href="/guides/quickstart">Your first queue.</Card>
</CardGroup>

## Limits

| Setting | Default |
|---|---|
| `max_attempts` | 3 |
| `backoff` | 2.0 |
"""
PAGES = {"index": "---\ntitle: Overview\n---\nHello.\n",
         "guides/quickstart": "---\ntitle: Quickstart\n---\nStart.\n",
         "guides/retries": PAGE,
         "guides/schedules": "---\ntitle: Schedules\n---\nCron.\n",
         "api/jobs": "---\ntitle: Jobs API\n---\nList jobs.\n"}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The small site, built once per theme: theme name -> output folder."""
    from click.testing import CliRunner

    from mdxsite.cli import main

    root = tmp_path_factory.mktemp("themes")
    for key, text in PAGES.items():
        (root / "site" / key).parent.mkdir(parents=True, exist_ok=True)
        (root / "site" / f"{key}.mdx").write_text(text)
    out: dict[str, Path] = {}
    for name in THEMES:
        (root / "site" / "docs.json").write_text(json.dumps({"theme": name, **DOCS}))
        out[name] = root / name
        result = CliRunner().invoke(main, ["build", str(root / "site"), "-o", str(out[name])])
        assert result.exit_code == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def shots(built: dict[str, Path], chromium, module_serve_dir: Callable[[Path], str]) -> dict[
        tuple[str, str, int], bytes]:
    """Every theme's Retries page as PNG bytes, by (theme, light|dark, width)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    found: dict[tuple[str, str, int], bytes] = {}
    bases = {name: module_serve_dir(folder) for name, folder in built.items()}
    for scheme in ("light", "dark"):
        for width in WIDTHS:
            context = chromium.new_context(viewport={"width": width, "height": 900},
                                           color_scheme=scheme)
            outside: list[str] = []
            context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
                "http://127.0.0.1") else (outside.append(r.request.url), r.abort()))
            page = context.new_page()
            for name in THEMES:
                page.goto(bases[name] + "/guides/retries/")  # waits for the stylesheets
                page.evaluate("document.fonts.ready.then(() => true)")
                data = page.screenshot()
                (SHOTS / f"{name}-{scheme}-{width}.png").write_bytes(data)
                found[(name, scheme, width)] = data
            context.close()
            assert outside == []
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
def test_no_two_themes_draw_the_page_the_same(shots: dict[tuple[str, str, int], bytes],
                                              scheme: str, width: int) -> None:
    digests: dict[str, str] = {}
    for name in THEMES:
        data = shots[(name, scheme, width)]
        assert data.startswith(b"\x89PNG") and len(data) > 10_000, name
        digest = hashlib.sha256(data).hexdigest()
        assert digest not in digests, f"{name} draws {scheme} at {width}px as {digests[digest]} does"
        digests[digest] = name
    assert (SHOTS / f"luma-{scheme}-{width}.png").is_file()


def test_dark_is_not_light(shots: dict[tuple[str, str, int], bytes]) -> None:
    for name in THEMES:
        assert shots[(name, "light", 1280)] != shots[(name, "dark", 1280)], name


def test_linden_is_monospace_unless_docs_json_sets_fonts(built: dict[str, Path], chromium,
                                                         module_serve_dir, tmp_path: Path) -> None:
    """A theme's own font is a default: docs.json ``fonts`` win over it, as on the platform."""
    from click.testing import CliRunner

    from mdxsite.cli import main

    site = tmp_path / "site"
    site.mkdir()
    (site / "index.mdx").write_text("---\ntitle: Home\n---\nText.\n")
    (site / "docs.json").write_text(json.dumps({
        "theme": "linden", "name": "F", "navigation": {"pages": ["index"]},
        "fonts": {"family": "Lato", "source": "/fonts/lato.woff2", "format": "woff2"}}))
    result = CliRunner().invoke(main, ["build", str(site), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.stderr
    context = chromium.new_context()
    page = context.new_page()
    font = "getComputedStyle(document.body).fontFamily"
    page.goto(module_serve_dir(built["linden"]) + "/guides/retries/")
    assert "monospace" in page.evaluate(font)
    page.goto(module_serve_dir(built["mint"]) + "/guides/retries/")
    assert "monospace" not in page.evaluate(font)
    page.goto(module_serve_dir(tmp_path / "out") + "/")
    assert page.evaluate(font).startswith("Lato")
    context.close()


def test_every_theme_shows_a_cards_icon(built: dict[str, Path], chromium,
                                        module_serve_dir: Callable[[Path], str]) -> None:
    """A Card's icon is a documented prop of the Cards page, with no theme said to drop it;
    willow hid it (display: none), so an author's icon="clock" did nothing there."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    hidden = []
    for name, folder in built.items():
        page.goto(module_serve_dir(folder) + "/guides/retries/")
        icons = page.locator(".card .card-icon")
        assert icons.count() == 2, name
        box = icons.first.bounding_box()
        if not icons.first.is_visible() or box is None or box["width"] < 8 or box["height"] < 8:
            hidden.append(name)
    context.close()
    assert hidden == []
