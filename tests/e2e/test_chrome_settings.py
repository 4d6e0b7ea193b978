"""docs.json appearance and structure settings drawn on every page: appearance, colours,
background, fonts, banner (site-wide and per language), navbar types, footer columns, search
prompt."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

DOCS = {
    "name": "Chrome", "colors": {"primary": "#2563EB", "light": "#93C5FD", "dark": "#1E3A8A"},
    "appearance": {"default": "dark", "strict": True},
    "background": {"decoration": "grid", "color": {"light": "#F8FAFC", "dark": "#0B1220"},
                   "image": {"light": "/bg/light.png", "dark": "/bg/dark.png"}},
    "fonts": {"family": "Open Sans", "weight": 500,
              "heading": {"family": "Brand", "source": "/fonts/brand.woff2", "format": "woff2"}},
    "banner": {"content": "Launched **v2**. [Read](https://example.com) <b>raw</b>", "dismissible": True,
               "type": "critical"},
    "navbar": {"links": [{"type": "github", "href": "https://github.com/acme/x"}],
               "primary": {"type": "discord", "href": "https://discord.gg/acme"}},
    "footer": {"links": [{"header": "Company", "items": [{"label": "About", "href": "https://a.example"}]}] * 5},
    "search": {"prompt": "Ask Acme"},
    "navigation": {"languages": [
        {"language": "en", "groups": [{"group": "G", "pages": ["en/index"]}]},
        {"language": "fr", "banner": {"content": "Bienvenue"}, "footer": {"links": []},
         "navbar": {"primary": {"type": "button", "label": "Essai", "href": "https://fr.example"}},
         "groups": [{"group": "G", "pages": ["fr/index"]}]}]},
}


def _build(make_site: Callable[..., Path], cli: Callable, out: Path) -> Path:
    root = make_site(DOCS, pages={"en/index": "# Hello\n", "fr/index": "# Bonjour\n"},
                     files={"fonts/brand.woff2": "x", "bg/light.png": "x", "bg/dark.png": "x"})
    result = cli("build", root, "-o", out, "--base-url", "/docs/")
    assert result.exit_code == 0, result.output
    return out


def test_settings_reach_the_page(make_site, cli, tmp_path: Path) -> None:
    page = (_build(make_site, cli, tmp_path / "out") / "en" / "index.html").read_text()
    assert re.search(r'<html [^>]*data-appearance="dark" data-strict>', page)
    assert "data-theme-toggle" not in page  # strict: no toggle
    assert "--primary-dark: #1E3A8A" in page and "decoration-grid" in page
    assert ":root:root { --bg: #F8FAFC; } :root:root.dark { --bg: #0B1220; }" in page
    assert 'body { background-image: url("/docs/bg/light.png")' in page
    assert 'html.dark body { background-image: url("/docs/bg/dark.png")' in page
    assert "fonts.googleapis.com/css2?family=Open+Sans:wght@500&amp;display=swap" in page
    assert '@font-face { font-family: "Brand"; src: url("/docs/fonts/brand.woff2") format("woff2")' in page
    assert "--font-heading: \"Brand\"" in page
    banner = re.search(r'<div class="site-banner".*?</div>', page, re.S)[0]
    assert "--banner-light: #b91c1c" in banner and "data-dismissible" in banner
    assert "<strong>v2</strong>" in banner and '<a href="https://example.com">Read</a>' in banner
    assert "&lt;b&gt;raw&lt;/b&gt;" in banner  # raw HTML is text, as the platform's basic MDX
    assert re.search(r'<a href="https://github.com/acme/x" rel="noopener"><svg[^>]*>.*?</svg>GitHub</a>', page, re.S)
    assert re.search(r'class="button-primary button-discord" href="https://discord.gg/acme"', page)
    assert page.count('<div class="footer-column">') == 4  # the platform's maximum
    assert 'data-prompt="Ask Acme"' in page and "<span>Ask Acme</span>" in page


def test_a_language_has_its_own_banner_navbar_and_footer(make_site, cli, tmp_path: Path) -> None:
    page = (_build(make_site, cli, tmp_path / "out") / "fr" / "index.html").read_text()
    assert "<p>Bienvenue</p>" in page and "data-dismissible" not in page
    assert '<a class="button-primary" href="https://fr.example" rel="noopener">Essai</a>' in page
    assert "footer-column" not in page


def test_contextual_menu_options_and_display(make_site, cli, tmp_path: Path) -> None:
    options = ["copy", "view", "chatgpt", "mcp", "assistant", "nonsense",
               {"title": "Share", "description": "Post it", "href": {"base": "https://share.example/new",
                                                                    "query": [{"key": "p", "value": "$path"}]}}]
    root = make_site({"name": "C", "navigation": {"pages": ["guide"]},
                      "contextual": {"options": options, "display": "toc"}},
                     pages={"guide": "# Guide\n\n## Part\n\nText.\n"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0
    assert "contextual.options[3]: contextual option 'mcp' needs the platform's hosted MCP server" in result.output
    assert "contextual.options[4]: contextual option 'assistant' needs the assistant plugin" in result.output
    assert "contextual.options[5]: unknown contextual option 'nonsense'" in result.output
    page = (tmp_path / "out" / "guide" / "index.html").read_text()
    toc = page[page.index('<aside class="toc"'):]
    menu = re.search(r'<div class="contextual" id="page-context-menu" data-contextual data-pagefind-ignore data-markdown="/guide.md">.*?</div>', toc, re.S)[0]
    assert re.findall(r'data-option="(\w+)"', menu) == ["copy", "copy", "view", "chatgpt", "custom"]
    assert 'data-url="https://chatgpt.com/?hints=search&amp;q={prompt}"' in menu
    assert 'href="https://share.example/new?p=$path"' in menu
    assert (tmp_path / "out" / "guide.md").read_text().startswith("# Guide")


def test_site_paths_in_docs_json_take_the_base_url(make_site, cli, tmp_path: Path) -> None:
    """docs.json may link a site path ("/contact", as the platform allows) from the navbar, the
    banner, the 404 text, a tab, an anchor, a contextual option or a page's frontmatter url:
    under --base-url /docs/
    each kept its bare path, a link off the site, where the sidebar's and the logo's had /docs/."""
    docs = {"name": "Paths",
            "navbar": {"links": [{"label": "Contact", "href": "/contact"}],
                       "primary": {"type": "button", "label": "Start", "href": "/guide"}},
            "banner": {"content": "Read [the guide](/guide) or [elsewhere](https://example.com/x)"},
            "errors": {"404": {"description": "Back to [the guide](/guide)"}},
            "contextual": {"options": ["copy", {"title": "Support", "description": "Ask us",
                                                 "href": "/contact"}]},
            "navigation": {"anchors": [
                {"anchor": "Docs", "tabs": [{"tab": "Guides", "pages": ["index", "guide", "contact"]},
                                            {"tab": "Contact us", "href": "/contact"}]},
                {"anchor": "Start here", "href": "/guide"}]}}
    root = make_site(docs, pages={"index": "# Home\n", "guide": "# Guide\n", "contact": "# Contact\n",
                                  "moved": "---\ntitle: Moved\nurl: /guide\n---\n\nx\n"})
    (root / "docs.json").write_text((root / "docs.json").read_text().replace(
        '"index", "guide", "contact"', '"index", "guide", "contact", "moved"'))
    out = tmp_path / "out"
    result = cli("build", root, "-o", out, "--base-url", "/docs/")
    assert result.exit_code == 0, result.output
    for page in (out / "index.html", out / "404.html"):
        links = re.findall(r'href="(/[^"]*)"', page.read_text())
        assert links and all(link.startswith("/docs/") for link in links), (page.name, links)
    home = (out / "index.html").read_text()
    assert '<a href="https://example.com/x">elsewhere</a>' in home
    assert re.search(r'<a class="top-tab[^"]*" href="/docs/contact"', home)
    assert 'data-url="/docs/contact" href="/docs/contact"' in home


SPEC = """openapi: 3.0.3
info: {title: Shop, version: "1"}
paths:
  /items:
    get:
      summary: List items
      responses: {"200": {description: OK}}
"""


def test_contextual_download_spec_links_an_api_pages_spec(make_site, cli, tmp_path: Path) -> None:
    """The platform's contextual menu documents 'download-spec' (the page's OpenAPI spec, on API
    pages only); 'download-pdf' and 'devin-desktop' need what a static build lacks and say so:
    all three were 'unknown contextual option'."""
    root = make_site({"name": "C", "contextual": {"options": ["copy", "download-spec",
                                                              "download-pdf", "devin-desktop"]},
                      "navigation": {"groups": [{"group": "G", "pages": ["guide"]},
                                                {"group": "API", "openapi": "specs/shop.yaml",
                                                 "pages": ["GET /items"]}]}},
                     pages={"guide": "# Guide\n\nText.\n"}, files={"specs/shop.yaml": SPEC})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out, "--base-url", "/docs/")
    assert result.exit_code == 0, result.output
    assert "unknown contextual option" not in result.output
    assert "contextual.options[2]: contextual option 'download-pdf' needs the platform's PDF" \
        in result.output
    assert "contextual.options[3]: contextual option 'devin-desktop' opens the Devin Desktop" \
        in result.output
    [api] = [p for p in out.rglob("index.html") if "List items" in p.read_text()
             and "api" in p.parent.as_posix()]
    menu = re.search(r'<div class="contextual".*?</div>', api.read_text(), re.S)[0]
    assert re.findall(r'data-option="([\w-]+)"', menu) == ["copy", "copy", "download-spec"]
    assert 'data-option="download-spec" data-url="" href="/docs/specs/shop.yaml" download>' in menu
    assert (out / "specs" / "shop.yaml").read_text() == SPEC
    guide = (out / "guide" / "index.html").read_text()
    assert "download-spec" not in guide


def test_a_navbar_links_icon_type_picks_the_icons_style(make_site, cli, tmp_path: Path) -> None:
    """The platform documents "iconType" (the Font Awesome style) on a navbar link. The build
    called it an unknown key and drew the solid icon; a real docs.json sets "brands"."""
    from mdxsite.output.icons import icon_svg

    root = make_site({"name": "N", "navigation": {"pages": ["index"]},
                      "navbar": {"links": [{"label": "Stars", "href": "https://x.example", "icon": "star",
                                            "iconType": "regular"}]}}, pages={"index": "# Home\n"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "iconType" not in result.output
    link = re.search(r'<nav class="navbar-links".*?</nav>', (tmp_path / "out" / "index.html").read_text(), re.S)[0]
    regular, solid = str(icon_svg("star", "regular")), str(icon_svg("star", "solid"))
    assert regular != solid and regular in link and solid not in link


def test_font_weights_are_drawn_on_the_text_and_the_headings(make_site, cli, tmp_path: Path) -> None:
    """fonts.weight (or fonts.body.weight) and fonts.heading.weight were only asked of Google
    Fonts: no rule drew them, so a heading weight of 500 came out bold."""
    root = make_site({"name": "F", "navigation": {"pages": ["index"]},
                      "fonts": {"family": "Inter", "weight": 300, "heading": {"family": "Lora", "weight": 500},
                                "body": {"family": "Figtree", "weight": 450.5}}}, pages={"index": "# Home\n"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out" / "index.html").read_text()
    assert ":root:root body { font-weight: 450.5; }" in page  # body's weight over the top-level one
    assert ":root:root :is(h1, h2, h3, h4, .page-title) { font-weight: 500; }" in page
    root = make_site({"name": "F", "navigation": {"pages": ["index"]},
                      "fonts": {"family": "Inter", "weight": 400}}, pages={"index": "# Home\n"})
    assert cli("build", root, "-o", tmp_path / "two").exit_code == 0
    page = (tmp_path / "two" / "index.html").read_text()
    assert ":root:root body { font-weight: 400; }" in page
    assert ":is(h1" not in page  # the top-level weight leaves the headings bold


def test_a_generic_font_family_is_the_readers_own_font_not_a_download(make_site, cli,
                                                                      tmp_path: Path) -> None:
    """"family": "system-ui" (a real docs.json) was asked of Google Fonts, which has no such
    font, and written quoted, which names a font called system-ui: the text fell back to the
    theme's font instead of the reader's system one."""
    root = make_site({"name": "T", "navigation": {"pages": ["index"]},
                      "fonts": {"family": "system-ui", "heading": {"family": "Serif"}}},
                     pages={"index": "# Home\n"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out" / "index.html").read_text()
    assert "fonts.googleapis.com" not in page
    assert "--font: system-ui, var(--font-fallback);" in page
    assert "--font-heading: serif, var(--font-fallback);" in page
