"""The site's own files: every .css and .js file is loaded on every page, and .mintignore keeps
what it matches out of the build, as on the platform."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

DOCS = {"name": "F", "navigation": {"pages": ["index", "guide"]}}


def _linked(page: Path) -> tuple[list[str], list[str]]:
    text = page.read_text()
    return (re.findall(r'<link rel="stylesheet" href="([^"]+)"', text),
            re.findall(r'<script defer src="([^"]+)"', text))


def test_every_css_and_js_file_of_the_site_is_on_every_page(make_site: Callable[..., Path],
                                                            cli: Callable, tmp_path: Path) -> None:
    root = make_site(DOCS, pages={"index": "# Home\n", "guide": "# Guide\n"}, files={
        "style.css": "body { color: red }", "brand/colors.css": ".brand { color: blue }",
        "analytics.js": "window.loaded = true;", "widgets/chat.js": "console.log(1)",
        "snippets/data.js": "export const rows = [1];", "components/table.js": "export const t = 1;",
    })
    out = tmp_path / "out"
    assert cli("build", root, "-o", out, "--base-url", "/docs/").exit_code == 0
    for page in (out / "index.html", out / "guide" / "index.html"):
        css, js = _linked(page)
        assert {"/docs/brand/colors.css", "/docs/style.css"} <= set(css), css
        assert {"/docs/analytics.js", "/docs/widgets/chat.js"} <= set(js), js
        # snippets and ES modules are imported by pages, not loaded as scripts
        assert not any("data.js" in s or "table.js" in s for s in js), js
    assert (out / "brand" / "colors.css").is_file() and (out / "analytics.js").is_file()


def test_mintignore_keeps_matching_files_out(make_site: Callable[..., Path], cli: Callable,
                                             tmp_path: Path) -> None:
    root = make_site(DOCS, pages={"index": "# Home\n", "guide": "# Guide\n",
                                  "drafts/wip": "# WIP\n", "notes.draft": "# Draft\n"},
                     files={".mintignore": "# drafts\ndrafts/\n*.draft.mdx\nprivate.css\n",
                            "private.css": "x {}", "public.css": "y {}"})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.output
    assert (out / "guide" / "index.html").is_file()
    assert not (out / "drafts").exists() and not (out / "notes.draft").exists()
    assert not (out / "private.css").exists() and (out / "public.css").is_file()
    css, _ = _linked(out / "index.html")
    assert "/public.css" in css and "/private.css" not in css


def test_an_icon_file_named_by_its_site_path_takes_the_base_url(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    """An icon given as a file of the site (a product's in docs.json, a Card's in a page) was
    drawn at its bare path under --base-url /docs/, a broken image; one naming a file the site
    lacks is a located warning, as a missing logo or favicon is."""
    docs = {"name": "Icons", "navigation": {"products": [
        {"product": "Cache", "icon": "/img/cache.svg", "pages": ["index"]},
        {"product": "Queue", "icon": "/img/queue.svg", "pages": ["queue"]}]}}
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>'
    root = make_site(docs, pages={"index": '# Home\n\n<Card title="Cache" icon="/img/cache.svg">Fast.</Card>\n',
                                  "queue": "# Queue\n"}, files={"img/cache.svg": svg})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out, "--base-url", "/docs/")
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text()
    assert page.count('<img class="icon" src="/docs/img/cache.svg"') >= 2  # switcher and card
    assert 'src="/img/' not in page
    assert (out / "img" / "cache.svg").is_file()
    assert "navigation.products[1].icon: '/img/queue.svg' is not a file in the site folder" in \
        result.stderr
    assert "/img/cache.svg' is not a file" not in result.stderr


def test_the_site_stylesheets_paths_follow_the_base_url_and_missing_files_are_told(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    """A site's CSS naming its own image by site path (url('/images/bg.png')) kept that path
    under --base-url /docs/, so the image was a 404; a url() naming no file at all was silent."""
    css = ("/* url(/commented.png) */\n.hero {\n  background: url('/images/bg.png'),"
           " url(data:image/gif;base64,R0lGOD);\n}\n.logo { background: url(/images/gone.png) }\n"
           "@font-face { src: url(\"fonts/a.woff2?v=2\") }\n.clip { clip-path: url(#c) }\n")
    root = make_site(DOCS, pages={"index": "# Home\n", "guide": "# Guide\n"},
                     files={"theme/site.css": css, "images/bg.png": "png",
                            "theme/fonts/a.woff2": "font"})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out, "--base-url", "/docs/")
    assert result.exit_code == 0
    published = (out / "theme" / "site.css").read_text()
    assert published == css.replace("'/images/bg.png'", "'/docs/images/bg.png'").replace(
        "url(/images/gone.png)", "url(/docs/images/gone.png)")
    # the one missing file, told at its line and column; the comment, data: URL, relative font
    # (theme/fonts/a.woff2 exists) and fragment are not
    told = [line for line in result.stderr.splitlines() if "theme.css-missing-file" in line]
    assert len(told) == 1 and told[0].startswith("theme/site.css:5:25: warning: '/images/gone.png'")
    # at the site's root the file is copied as it is
    assert cli("build", root, "-o", tmp_path / "root").exit_code == 0
    assert (tmp_path / "root" / "theme" / "site.css").read_text() == css
