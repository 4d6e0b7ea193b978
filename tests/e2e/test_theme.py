"""The reader's site as HTML: every platform theme name, its defaults and overrides, and the
navigation elements of the showcase site (switchers, tab menus, badges, hidden pages, modes)."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from mdxsite.output import icons

REPO = Path(__file__).resolve().parents[2]
SHOWCASE = REPO / "tests" / "fixtures" / "sites" / "showcase"
TABLE = json.loads((REPO / "themes" / "THEMES.json").read_text())["themes"]


def _package(name: str) -> dict:
    """A platform theme's package settings: its theme.json over its parent's defaults."""
    own = json.loads((REPO / "themes" / TABLE[name]["theme"] / "theme.json").read_text())
    parent = json.loads((REPO / "themes" / own["parent"] / "theme.json").read_text())
    return {**parent.get("defaults", {}), **own.get("defaults", {}), "parent": own["parent"],
            "modes": own["modes"]}


def _variant(tmp_path: Path, **changes: object) -> Path:
    """Copy the showcase site with top-level docs.json keys replaced (None removes a key)."""
    root = tmp_path / "site"
    shutil.copytree(SHOWCASE, root)
    docs = json.loads((root / "docs.json").read_text())
    for key, value in changes.items():
        if value is None:
            docs.pop(key, None)
        else:
            docs[key] = value
    (root / "docs.json").write_text(json.dumps(docs))
    return root


def test_the_theme_table_names_every_platform_theme() -> None:
    assert sorted(TABLE) == sorted(["mint", "maple", "palm", "willow", "linden", "almond",
                                    "aspen", "sequoia", "luma"])
    readme = (REPO / "README.md").read_text()
    for name, entry in TABLE.items():  # the README shows the table, defaults and modes included
        package = _package(name)
        row = re.search(rf"^\| `{name}` \| `{entry['theme']}` \| `{package['parent']}` \|"
                        rf".*\| (.*) \| (on|off) \| (.*) \|$", readme, re.M)
        assert row is not None, name
        assert row.group(1) == {"section": "section name", "breadcrumbs": "breadcrumbs"}[
            package["eyebrows"]], name
        assert row.group(2) == ("on" if package["drilldown"] else "off"), name
        assert row.group(3).split(", ") == package["modes"], name


def test_nine_theme_packages_each_with_its_own_stylesheet() -> None:
    packages = {entry["theme"] for entry in TABLE.values()}
    assert len(packages) == 9
    sheets = set()
    for name in packages:
        own = json.loads((REPO / "themes" / name / "theme.json").read_text())
        assert own["parent"] in ("base", "modern"), name
        for sheet in own["stylesheets"]:
            sheets.add((REPO / "themes" / name / "static" / sheet).read_bytes())
    assert len(sheets) == 9


@pytest.mark.parametrize("name", sorted(TABLE))
def test_every_platform_theme_builds_with_its_defaults(cli: Callable, tmp_path: Path,
                                                       name: str) -> None:
    out = tmp_path / "out"
    result = cli("build", _variant(tmp_path, theme=name), "-o", out)
    assert result.exit_code == 0, result.stderr
    entry = _package(name)
    page = (out / "deep" / "one" / "index.html").read_text()
    assert f'data-theme-name="{TABLE[name]["theme"]}"' in page
    assert ('class="breadcrumbs"' in page) == (entry["eyebrows"] == "breadcrumbs")
    assert ('<p class="eyebrow">Deep dive</p>' in page) == (entry["eyebrows"] != "breadcrumbs")
    assert f'data-drilldown="{str(entry["drilldown"]).lower()}"' in page
    css = [p.name for p in (out / "_mdxsite").glob("theme.*.css")]
    assert len(css) == 1
    own = [p.name for p in (out / "_mdxsite").glob(f"{name}.*.css")]  # the theme's own look
    assert len(own) == 1 and f'href="/_mdxsite/{own[0]}"' in page
    assert not set((out / "_mdxsite").glob("*.css")) & {  # no other theme's stylesheet ships
        p for other in TABLE if other != name for p in (out / "_mdxsite").glob(f"{other}.*.css")}


@pytest.mark.parametrize(("theme", "eyebrows", "drilldown"), [
    ("maple", "section", False),        # maple: breadcrumbs and drilldown by default
    ("mint", "breadcrumbs", True),      # mint: neither by default
])
def test_docs_json_overrides_the_theme_defaults(cli: Callable, tmp_path: Path, theme: str,
                                                eyebrows: str, drilldown: bool) -> None:
    out = tmp_path / "out"
    site = _variant(tmp_path, theme=theme, styling={"eyebrows": eyebrows},
                    interaction={"drilldown": drilldown})
    assert cli("build", site, "-o", out).exit_code == 0
    page = (out / "deep" / "one" / "index.html").read_text()
    assert ('class="breadcrumbs"' in page) == (eyebrows == "breadcrumbs")
    assert f'data-drilldown="{str(drilldown).lower()}"' in page


@pytest.fixture(scope="module")
def showcase(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from mdxsite.cli import main

    out = tmp_path_factory.mktemp("showcase") / "out"
    result = CliRunner().invoke(main, ["build", str(SHOWCASE), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    return out


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def _between(html: str, start: str, end: str) -> str:
    return html[html.index(start):html.index(end, html.index(start))]


def test_product_switcher_shows_icons_and_descriptions(showcase: Path) -> None:
    page = (showcase / "deep" / "one" / "index.html").read_text()
    switcher = _between(page, '<details class="dropdown switcher switcher-product">', "</details>")
    items = re.findall(r'<a class="dropdown-item" href="([^"]+)"[^>]*>(<svg.*?</svg>)(.*?)</a>',
                       switcher)
    assert [(href, _text(rest)) for href, _, rest in items] == [
        ("/deep/one/", "Queues Durable job queues"),      # the current product: this page
        ("/cron/intro/", "Cron Schedules that run on time")]
    assert all('class="icon"' in svg for _, svg, _ in items)
    assert '<summary class="switcher-current"><span class="visually-hidden">Product: </span>' in switcher
    cron = (showcase / "cron" / "intro" / "index.html").read_text()
    assert '<span class="visually-hidden">Product: </span>' in cron and '<span class="dropdown-title">Cron</span>' in cron.split("</summary>")[0]
    assert "Deep dive" not in cron                                 # Cron's own sidebar


def test_tab_menu_lists_its_items_and_marks_the_current_one(showcase: Path) -> None:
    page = (showcase / "operate" / "scale" / "index.html").read_text()
    menu = _between(page, '<details class="dropdown tab-menu active">', "</details>")
    items = re.findall(r'<a class="dropdown-item" href="([^"]+)"([^>]*)>.*?</a>', menu)
    assert [(href, "aria-current" in attrs) for href, attrs in items] == [
        ("/", False), ("/operate/scale/", True)]
    assert "Run jobs in production" in _text(menu)
    sidebar = _between(page, '<aside class="sidebar"', "</aside>")
    assert "Production" in sidebar and "Deep dive" not in sidebar  # the menu item's own groups


def test_badges_deprecated_hidden_pages_and_sidebar_titles(showcase: Path) -> None:
    home = (showcase / "index.html").read_text()
    sidebar = _between(home, '<aside class="sidebar"', "</aside>")
    assert '<span>Start</span><span class="nav-tag">BETA</span>' in sidebar       # group tag
    assert '<span>Deep two</span><span class="nav-tag">NEW</span>' in sidebar     # page tag
    assert ('<span>Legacy API</span><span class="label-deprecated">deprecated</span>'
            in sidebar)
    assert "Hidden page" not in sidebar and "/hidden-page/" not in home           # hidden
    assert (showcase / "hidden-page" / "index.html").is_file()                     # yet built
    assert '<span>Overview</span>' in sidebar                                     # sidebarTitle
    assert '<h1 class="page-title" id="page-title">Queues overview</h1>' in home                  # title
    legacy = (showcase / "legacy" / "index.html").read_text()
    assert re.search(r'<h1 class="page-title" id="page-title">Legacy API <span class="label-deprecated">', legacy)
    assert 'href="/hidden-page/"' not in legacy                                  # pager skips it


def test_navbar_footer_logo_and_favicon(showcase: Path) -> None:
    home = (showcase / "index.html").read_text()
    assert '<a href="https://blog.example.com" rel="noopener">Blog</a>' in home
    assert re.search(r'<a class="button-primary button-github" href="https://github.com/acme/queues" '
                     r'rel="noopener"><svg[^>]*>.*?</svg>GitHub</a>', home, re.S)
    footer = _between(home, '<footer class="site-footer" id="footer">', "</footer>")
    socials = re.findall(r'<a href="([^"]+)" aria-label="(\w+)" rel="noopener"><svg', footer)
    assert socials == [("https://github.com/acme", "github"), ("https://acme.example", "website"),
                       ("https://x.com/acme", "x")]
    assert '<img class="logo logo-light" src="/logo/light.svg"' in home
    assert '<img class="logo logo-dark" src="/logo/dark.svg"' in home
    assert ('<link rel="icon" href="/logo/dark.svg" media="(prefers-color-scheme: dark)">'
            in home)


@pytest.mark.parametrize("mode", ["wide", "custom"])  # every theme draws these
def test_page_modes(showcase: Path, mode: str) -> None:
    page = (showcase / "modes" / mode / "index.html").read_text()
    assert f'<body class="mode-{mode}"' in page
    assert ('class="toc"' in page) == (mode not in ("custom",))  # custom drops it from the HTML


@pytest.mark.parametrize(("theme", "drawn"), [
    ("maple", ()), ("aspen", ("frame",)), ("almond", ("frame",)), ("luma", ("frame",)),
    ("mint", ("center",)), ("linden", ("center",)), ("palm", ()), ("willow", ()), ("sequoia", ()),
])
def test_frame_and_center_only_where_the_platform_draws_them(
        cli: Callable, tmp_path: Path, theme: str, drawn: tuple[str, ...]) -> None:
    """frame: Aspen, Almond and Luma; center: Mint and Linden (the platform's pages reference).
    Elsewhere the page falls back to the default layout with a warning at its mode line."""
    out = tmp_path / "out"
    result = cli("build", _variant(tmp_path, theme=theme), "-o", out)
    assert result.exit_code == 0, result.stderr
    for mode in ("frame", "center"):
        page = (out / "modes" / mode / "index.html").read_text()
        shown = mode if mode in drawn else "default"
        assert f'<body class="mode-{shown}"' in page, mode
        warning = (f"modes/{mode}.mdx:3:1: warning: mode {mode!r} is not drawn by the "
                   f"{theme!r} theme; the page uses the default layout")
        assert (warning in result.stderr) == (mode not in drawn), result.stderr


def test_language_selector_shows_names_and_html_lang_is_bcp47(cli: Callable, make_site: Callable,
                                                              tmp_path: Path) -> None:
    site = make_site({"name": "L", "navigation": {"languages": [
        {"language": "en", "pages": ["index"]}, {"language": "jp", "pages": ["jp/index"]}]}},
        pages={"index": "# Home\n", "jp/index": "---\ntitle: ホーム\n---\nこんにちは\n"})
    out = tmp_path / "out"
    assert cli("build", site, "-o", out).exit_code == 0
    jp = (out / "jp" / "index.html").read_text()
    assert '<html lang="ja"' in jp                       # the platform's "jp" is BCP 47 "ja"
    options = re.findall(r'<a class="dropdown-item" href="([^"]+)"( aria-current="true")? '
                         r'hreflang="([^"]+)" lang="[^"]+"><span class="dropdown-title">([^<]+)<', jp)
    assert options == [("/", "", "en", "English"), ("/jp/", ' aria-current="true"', "ja", "日本語")]


def test_a_logo_or_favicon_the_site_folder_lacks_is_a_located_warning(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    docs = ('{\n  "name": "T",\n  "logo": {"light": "/logo/light.svg", "dark": "/logo/dark.svg",'
            ' "href": "https://example.com"},\n  "favicon": "/favicon.png",\n'
            '  "navigation": {"pages": ["index"]}\n}\n')
    root = make_site(docs, pages={"index": "Hi\n"}, files={"logo/dark.svg": "<svg/>"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "config.missing-file" in line]
    assert warnings == [
        "docs.json:3:21: warning: logo.light: '/logo/light.svg' is not a file in the site folder: "
        "pages show the dark-mode logo in its place. Add the file or fix the path "
        "(relative to the site folder). [config.missing-file]",
        "docs.json:4:14: warning: favicon: '/favicon.png' is not a file in the site folder: "
        "pages have no icon. Add the file or fix the path "
        "(relative to the site folder). [config.missing-file]"]
    # no broken image, and no link to a missing file: the dark logo stands in for the light one
    page = (tmp_path / "out" / "index.html").read_text()
    assert '<img class="logo logo-light" src="/logo/dark.svg"' in page
    assert "light.svg" not in page and "favicon.png" not in page
    # with no logo file at all, the header shows the site's name
    (root / "logo" / "dark.svg").unlink()
    result = cli("build", root, "-o", tmp_path / "out2")
    assert "logo.dark: '/logo/dark.svg' is not a file in the site folder: pages show the " \
        "site's name instead." in result.stderr
    page = (tmp_path / "out2" / "index.html").read_text()
    assert '<span class="brand-name">T</span>' in page and "logo/" not in page


def test_a_font_awesome_pro_name_is_drawn_by_a_same_named_stand_in_and_said(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # the platform draws Font Awesome Pro: "sparkles" and "webhook" are Pro names, which
    # Lucide has; "GitHub" is Free's "github" in other letters; "no-such-glyph-x" has no
    # stand-in; Pro's "circle-2" is Tabler's "circle-number-2"
    docs = ('{\n  "name": "T",\n  "navigation": {"groups": [\n'
            '    {"group": "G", "icon": "webhook", "pages": ["index"]}]}\n}\n')
    page = ('# Home\n\n<Card title="A" icon="sparkles">x</Card>\n\n<Icon icon="GitHub" />\n\n'
            '<Icon icon="no-such-glyph-x" />\n\n<Icon icon="circle-2" />\n')
    root = make_site(docs, pages={"index": page})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.stderr
    html = (out / "index.html").read_text(encoding="utf-8")
    for name, library in (("sparkles", "lucide"), ("webhook", "lucide")):
        drawn = re.search(rf'<svg class="icon icon-{library}"[^>]*data-icon-substitute="{name}"', html)
        assert drawn is not None, name
    assert re.search(r'<svg class="icon" [^>]*data-icon-substitute="GitHub"[^>]*viewBox="0 0 496 512"',
                     html)  # Font Awesome's github mark
    assert 'data-icon-missing="no-such-glyph-x"' in html and 'data-icon-missing="sparkles"' not in html
    said = sorted(line for line in result.stderr.splitlines() if "[icon." in line)
    assert [re.sub(r": warning: .*\[", " [", line) for line in said] == [
        "docs.json:4:28 [icon.substituted]", "index.mdx:3:23 [icon.substituted]",
        "index.mdx:5:13 [icon.substituted]", "index.mdx:7:13 [icon.unknown]",
        "index.mdx:9:13 [icon.substituted]"]
    assert "Lucide's 'sparkles' is drawn in its place" in result.stderr
    assert "Font Awesome Free's 'github' is drawn in its place" in result.stderr
    # Pro's numbered shapes are Tabler's by another name
    assert re.search(r'<svg class="icon icon-tabler"[^>]*data-icon-substitute="circle-2"', html)


def test_a_docs_json_icon_is_not_said_again_at_a_page_whose_text_holds_its_name(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # a real site's global anchor used Pro's "webhook"; its page "webhook-types" has no icon,
    # but every page's HTML draws the anchor, and the warning was put at that page's title
    docs = ('{\n  "name": "T",\n  "navigation": {"global": {"anchors": [\n'
            '    {"anchor": "API", "href": "https://api.example", "icon": "webhook"}]},\n'
            '  "pages": ["webhook-types", "hooks"]}\n}\n')
    pages = {"webhook-types": '---\ntitle: "webhook-types"\n---\n\nSee the webhook list.\n',
             "hooks": "---\ntitle: Hooks\nicon: webhook\n---\n\n<Card title=\"W\" icon='webhook'>x</Card>\n"}
    result = cli("build", make_site(docs, pages=pages), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    said = sorted(line for line in result.stderr.splitlines() if "[icon." in line)
    assert [re.sub(r": warning: .*\[", " [", line) for line in said] == [
        "docs.json:4:62 [icon.substituted]", "hooks.mdx:3:7 [icon.substituted]"]


def test_font_awesomes_older_names_draw_its_icons_without_a_word(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """Font Awesome 5's names ("exchange-alt", "shopping-cart"), which its version 6 keeps as
    aliases, drew a question mark or another library's glyph, with a warning (a real site's
    navigation)."""
    page = '# Home\n\n<Icon icon="exchange-alt" />\n\n<Icon icon="shopping-cart" />\n'
    root = make_site({"name": "T", "navigation": {"pages": ["index"]}}, pages={"index": page})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0 and "[icon." not in result.stderr, result.stderr
    body = (out / "index.html").read_text(encoding="utf-8").split("<article", 1)[1]
    drawn = re.findall(r'<svg class="icon"[^>]*>(.*?)</svg>', body)
    glyphs = [re.findall(r'd="([^"]+)"', icons._svg_text(name, "", "fontawesome"))
              for name in ("right-left", "cart-shopping")]
    assert [re.findall(r'd="([^"]+)"', svg) for svg in drawn[:2]] == glyphs, drawn
    assert "data-icon-missing" not in body and "data-icon-substitute" not in body


def test_a_frame_page_is_a_blank_canvas_beside_the_sidebar(cli: Callable, make_site: Callable,
                                                          tmp_path: Path) -> None:
    # the platform's pages reference: "a layout similar to custom mode but keeps the sidebar"
    root = make_site({"name": "F", "theme": "almond", "navigation": {"pages": ["index", "next"]}},
                     pages={"index": "---\ntitle: Home\ndescription: Welcome.\nmode: frame\n---\n\n"
                                     "## Section\n\n<div className=\"hero\">Our own hero</div>\n",
                            "next": "# Next\n"})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    page = (out / "index.html").read_text(encoding="utf-8")
    assert '<aside class="sidebar"' in page                      # the sidebar stays
    assert 'class="page-title"' not in page and "Welcome." not in page.split("<main", 1)[1]
    assert '<article class="custom-canvas">' in page             # no text typography
    assert 'class="toc' not in page and 'class="pager"' not in page
    assert '<footer class="site-footer"' not in page


def test_a_logo_or_favicon_written_from_the_current_folder(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """'./logo/a.svg' names the site folder's logo/a.svg (a real site's favicon is written so):
    the pages linked '/./logo/a.svg', a path no fingerprint or base URL check ever matched."""
    docs = {"name": "T", "logo": "./logo/a.svg", "favicon": "./logo/icon.png",
            "navigation": {"pages": ["index"]}}
    root = make_site(docs, pages={"index": "Hi\n"},
                     files={"logo/a.svg": "<svg/>", "logo/icon.png": "png"})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out, "--base-url", "/docs/")
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr
    home = (out / "index.html").read_text()
    assert '<link rel="icon" href="/docs/logo/icon.png">' in home
    assert '<img class="logo logo-light" src="/docs/logo/a.svg"' in home
    assert "/./" not in home


def test_og_type_and_meta_tags_from_docs_json_its_paths_or_the_page(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """og:type is "website" by default, the platform's; seo.metatags set it (and any tag) for
    every page, seo.paths for the pages under a folder (a longer path over a shorter one), and
    a page's frontmatter over all of them. The template's fixed "article" dropped them all."""
    docs = {"name": "T", "seo": {
        "metatags": {"og:type": "book", "author": "Site"},
        "paths": [{"path": "guides/v2", "metatags": {"og:type": "profile"}},
                  {"path": "guides", "metatags": {"og:type": "music.song", "author": "Guides"}}]},
        "navigation": {"pages": ["index", "post", "guides/a", "guides/v2/b"]}}
    root = make_site(docs, pages={"index": "# Home\n", "guides/a": "# A\n", "guides/v2/b": "# B\n",
                                  "post": "---\ntitle: Post\nog:type: article\n---\n\nx\n"})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0

    def tags(rel: str) -> tuple[list[str], list[str]]:
        page = (out / rel / "index.html").read_text()
        return (re.findall(r'<meta property="og:type" content="([^"]+)">', page),
                re.findall(r'<meta name="author" content="([^"]+)">', page))

    assert tags(".") == (["book"], ["Site"])
    assert tags("post") == (["article"], ["Site"])             # the page's own wins
    assert tags("guides/a") == (["music.song"], ["Guides"])    # its folder's
    assert tags("guides/v2/b") == (["profile"], ["Guides"])    # the longer path's, then the shorter's
    bare = make_site({"name": "T", "navigation": {"pages": ["index"]}}, pages={"index": "# Home\n"})
    assert cli("build", bare, "-o", tmp_path / "bare").exit_code == 0
    assert '<meta property="og:type" content="website">' in (tmp_path / "bare" / "index.html").read_text()

def test_breadcrumbs_name_the_sections_the_platform_names(cli: Callable, make_site: Callable,
                                                          tmp_path: Path) -> None:
    # the platform's trail: dropdown, tab, anchor and every group, nested ones too; not the
    # version or the language, which their selectors show
    nav = {"languages": [{"language": "en", "versions": [{"version": "v2", "dropdowns": [
        {"dropdown": "Platform", "tabs": [{"tab": "Guides", "anchors": [
            {"anchor": "Jobs", "groups": [{"group": "Basics", "pages": [
                {"group": "Advanced", "pages": ["jobs/retry"]}]}]}]}]}]}]}]}
    root = make_site({"name": "T", "theme": "mint", "styling": {"eyebrows": "breadcrumbs"},
                      "navigation": nav}, pages={"jobs/retry": "---\ntitle: Retry\n---\nText.\n"})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    page = (tmp_path / "out" / "jobs" / "retry" / "index.html").read_text()
    trail = page[page.index('<nav class="breadcrumbs"'):]
    trail = trail[:trail.index("</nav>")]
    assert re.findall(r"<li>(?:<a [^>]*>)?([^<]+)", trail) == [
        "Platform", "Guides", "Jobs", "Basics", "Advanced"]


def test_a_page_listed_twice_belongs_to_its_first_listing(cli: Callable, make_site: Callable,
                                                          tmp_path: Path) -> None:
    # as on the platform: the first tab listing it is the active one, and its trail and
    # previous/next are that listing's; in the sidebar every link to it is marked current
    nav = {"tabs": [
        {"tab": "Guides", "groups": [{"group": "Start", "pages": ["a", "shared"]},
                                     {"group": "More", "pages": ["b", "shared", "c"]}]},
        {"tab": "Other", "groups": [{"group": "Elsewhere", "pages": ["d", "shared"]}]}]}
    pages = {k: f"---\ntitle: {k.title()}\n---\nText.\n" for k in ("a", "b", "c", "d", "shared")}
    root = make_site({"name": "T", "theme": "mint", "styling": {"eyebrows": "breadcrumbs"},
                      "navigation": nav}, pages=pages)
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    page = (tmp_path / "out" / "shared" / "index.html").read_text()
    assert re.findall(r'<a class="top-tab nav-tabs-item active"[^>]*>([^<]*)</a>', page) == [
        "Guides"]
    crumbs = page[page.index('<nav class="breadcrumbs"'):]
    assert re.findall(r"<li>(?:<a [^>]*>)?([^<]+)", crumbs[:crumbs.index("</nav>")]) == [
        "Guides", "Start"]
    assert 'rel="prev" href="/a/"' in page and 'rel="next" href="/b/"' in page
    sidebar = page[page.index('class="sidebar'):]
    assert len(re.findall(r'href="/shared/" aria-current="page"', sidebar)) == 2
