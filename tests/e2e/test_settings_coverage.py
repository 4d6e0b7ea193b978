"""The settings-coverage table in README.md, checked against built sites.

Each row of the table names a docs.json key or frontmatter field, its status and its check. A
check is either a function here (``check_…``: one small site per group of keys, built once,
asserting on the built output what a reader or a crawler sees) or a test elsewhere
(``tests/e2e/test_x.py::test_name``, which must exist). A row that says "honoured" or
"warned" fails when its check disagrees with the output; a check nobody's row names fails too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

REPO = Path(__file__).resolve().parents[2]
START, END = "<!-- settings-coverage:start -->", "<!-- settings-coverage:end -->"
STATUSES = ("honoured", "warned", "open")


@dataclass(frozen=True)
class Row:
    setting: str
    status: str
    check: str
    line: int


def table_rows() -> list[Row]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    head = text.index(START)
    rows = []
    for n, line in enumerate(text[head:text.index(END)].splitlines(), text.count("\n", 0, head) + 1):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not line.startswith("|") or cells[1] == "Status" or cells[0].startswith("-"):
            continue
        rows.append(Row(cells[0], cells[1], cells[2].strip("`"), n))
    return rows


# ------------------------------------------------------------------ the small sites, by group

@dataclass
class Built:
    out: Path
    log: str

    def page(self, rel: str) -> str:
        return (self.out / rel).read_text(encoding="utf-8")


SPEC = json.dumps({
    "openapi": "3.1.0", "info": {"title": "Things", "version": "1"},
    "servers": [{"url": "https://api.example.com"}],
    "paths": {"/things": {"get": {"summary": "List things", "responses": {"200": {
        "description": "The things", "content": {"application/json": {"schema": {
            "type": "array", "items": {"$ref": "#/components/schemas/Thing"}}}}}}}},
              "/other": {"post": {"summary": "Make another", "responses": {"204": {"description": "Done"}}}}},
    "components": {"schemas": {"Thing": {"type": "object", "properties": {"part": {"$ref": "#/components/schemas/Part"}}},
                               "Part": {"type": "string"}, "Unused": {"type": "integer"}}}})
# four pages alike but for their boost and keywords, so only those can order them
RANKED = "---\ntitle: Guide\n{}---\n\nDeploy the service from the console.\n\n## Steps\n\nPress the button.\n"
MATH_PAGE = "# Home\n\nEnergy $E=mc^2$ here.\n\n$$\nx^2\n$$\n\n<Latex>y^2</Latex>\n"
SITES: dict[str, tuple[dict[str, object], dict[str, str]]] = {
    "navigation": ({
        "name": "Nav", "styling": {"codeblocks": {"theme": {"light": "github-light", "dark": "dracula"}}},
        "navigation": {
            "global": {"products": [{"product": "Nowhere", "description": "no href"},
                                    {"product": "Status", "description": "Live", "href": "https://status.example.com"}],
                       "tabs": [{"tab": "Blog", "href": "https://blog.example.com"}],
                       "versions": [{"version": "v0", "href": "https://old.example.com"}]},
            "versions": [
                {"version": "v2", "tag": "Latest", "products": [
                    {"product": "API", "menu": [{"item": "Reference", "pages": ["index"]},
                                                {"item": "More", "pages": ["more"]}]},
                    {"product": "SDK", "tabs": [
                        {"tab": "Python", "sdk": {"format": "sphinx", "source": "sdk.zip"}},
                        {"tab": "Guide", "pages": ["guide"]},
                        {"tab": "Changelog", "align": "end", "pages": ["changes"]}]}]},
                {"version": "v1", "pages": ["v1/index"]},
                {"version": "beta", "hidden": True, "pages": ["beta/index"]}]}},
        {"index": "# Home\n\n```python\nprint('hi')\n```\n", "more": "# More\n", "guide": "# Guide\n",
         "changes": "# Changes\n", "v1/index": "# Old\n", "beta/index": "# Beta\n"}),
    "icons": ({
        "name": "Icons", "icons": {"library": "lucide"},
        "navigation": {"groups": [{"group": "G", "icon": "rocket", "pages": ["index", "two"]},
                                  {"group": "H", "icon": "no-such-glyph", "pages": ["three"]}]}},
        {"index": "---\ntitle: Home\nicon: house\n---\n\n<Card title=\"A\" icon=\"bogus-glyph\">x</Card>\n",
         "two": "---\ntitle: Two\n---\n\n<Card title=\"B\" icon=\"star\" iconType=\"solid\">x</Card>\n",
         "three": "# Three\n"}),
    "sections": ({
        "name": "Dir", "navigation": {"languages": [
            {"language": "en", "global": {"anchors": [{"anchor": "Forum", "href": "https://forum.example.com",
                                                       "color": {"light": "#ff0000", "dark": "#00ff00"}}]},
             "anchors": [{"anchor": "Docs", "color": {"light": "#123456", "dark": "#abcdef"}, "groups": [
                 {"group": "Guides", "root": "guides/index", "directory": "card", "pages": [
                     "guides/a", "guides/b", {"group": "Deep", "root": "guides/deep", "pages": ["guides/c"]}]}]}]},
            {"language": "fr", "groups": [{"group": "G", "root": "fr/index", "directory": "accordion",
                                           "pages": ["fr/a"]}]},
            {"language": "de", "hidden": True, "pages": ["de/index"]}]}},
        {"guides/index": "---\ntitle: Guides\n---\n\nAll guides.\n",
         "guides/a": "---\ntitle: Alpha\ndescription: The first\n---\n\nA\n",
         "guides/b": "# Beta\n", "guides/deep": "# Deep\n", "guides/c": "# Gamma\n",
         "fr/index": "# Accueil\n", "de/index": "# Start\n", "fr/a": "---\ntitle: Un\ndescription: Premier\n---\n\nX\n"}),
    "basics": ({
        "$schema": "https://mintlify.com/docs.json", "name": "Acme Docs", "description": "All about Acme",
        "public": False, "feedback": {"thumbs": True}, "colors": {"primary": "#7C3AED"},
        "thumbnails": {"appearance": "dark", "fonts": {"family": "Inter"}},
        "markdown": {"instructions": ["Use the acme CLI.", "Prefer v2."]},
        "navigation": {"pages": ["index", "guide"]}},
        {"index": "---\ntitle: Home\nsidebarTitle: Start\ntag: NEW\ndeprecated: true\nicon: rocket\n---\n\nHi\n",
         "guide": "---\ntitle: Guide\ndescription: How to\nog:image: https://img.example/own.png\n---\n\nText\n"}),
    "frontmatter": ({
        "name": "Fm", "seo": {"metatags": {"og:title": "Site title"}},
        "mdxsite": {"site_url": "https://docs.acme.dev"},
        "navigation": {"pages": ["index", "out", "last", "canvas", "centred", "changelog"]}},
        {"index": "---\ntitle: Home\ndescription: Plain\nog:title: Shared title\n"
                  "og:description: Shared description\nkeywords: [alpha, beta]\nrobots: nofollow\n"
                  "hideFooterPagination: true\n---\n\nBody\n",
         "out": "---\ntitle: Elsewhere\nurl: https://elsewhere.example.com/doc\n---\n\nx\n",
         "last": "# Last\n\n<Card title=\"S\" icon=\"star\" iconType=\"regular\">x</Card>\n",
         "canvas": "---\ntitle: Canvas\ndescription: Landing\nmode: custom\n---\n\n<div class=\"hero\">Hero</div>\n\n## Part\n",
         "centred": "---\ntitle: Centred\nmode: center\n---\n\n## Part\n",
         "changelog": "---\ntitle: Changelog\ndescription: What changed\nrss: true\n---\n\n## Intro\n\n"
                      "<Update label=\"2026-11-01\" description=\"v2.0\" tags={[\"Feature\"]}>\n  New **API**.\n"
                      "</Update>\n\n<Update label=\"2026-10-01\" tags={[\"Fix\"]}>\n  A fix.\n</Update>\n"}),
    "openapi": ({"name": "Api", "navigation": {"groups": [{"group": "API", "openapi": "api.json"}]}},
                {"api.json": SPEC}),
    "openapi-no-schema": ({"name": "Api", "markdown": {"schema": False},
                           "navigation": {"groups": [{"group": "API", "openapi": "api.json"}]}},
                          {"api.json": SPEC}),
    "ranking": ({"name": "Rank", "navigation": {"groups": [
        {"group": "A", "pages": ["alpha", "beta"]},
        {"group": "B", "boost": 3, "pages": ["gamma", "delta"]}]}},
                {"alpha": RANKED.format(""), "beta": RANKED.format("boost: 0.25\nkeywords: [rollout, ship]\n"),
                 "gamma": RANKED.format(""), "delta": RANKED.format("boost: 1\n")}),
    "ranking-plain": ({"name": "Rank", "navigation": {"groups": [
        {"group": "A", "pages": ["alpha", "beta"]}, {"group": "B", "pages": ["gamma", "delta"]}]}},
                      {key: RANKED.format("") for key in ("alpha", "beta", "gamma", "delta")}),
    "latex": ({"name": "Math", "styling": {"latex": True}, "navigation": {"pages": ["index"]}},
              {"index": MATH_PAGE}),
    "latex-off": ({"name": "Prices", "styling": {"latex": False}, "navigation": {"pages": ["index"]}},
                  {"index": MATH_PAGE}),
}
_BUILT: dict[str, Built] = {}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Built]:

    from mdxsite.cli import main

    def build(group: str) -> Built:
        if group not in _BUILT:
            docs, pages = SITES[group]
            root = tmp_path_factory.mktemp(group)
            (root / "docs.json").write_text(json.dumps(docs, indent=2), encoding="utf-8")
            for key, body in pages.items():  # a page key, or a file name with its suffix
                path = root / (key if "." in key.rsplit("/", 1)[-1] else f"{key}.mdx")
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(body, encoding="utf-8")
            result = CliRunner().invoke(main, ["build", str(root), "-o", str(root / "_site")],
                                        catch_exceptions=False)
            assert result.exit_code == 0, result.output
            _BUILT[group] = Built(root / "_site", result.output)
        return _BUILT[group]

    return build


def _strip_svg(html: str) -> str:
    return re.sub(r"<svg.*?</svg>", "", html, flags=re.S)


# ------------------------------------------------------------------ the checks

def check_codeblocks(site: Callable[[str], Built]) -> None:
    css = next((site("navigation").out / "_mdxsite").glob("pygments*.css")).read_text()
    assert ".code-block { background: #f8f8f8; }" in css  # github-light -> Pygments default
    assert ".dark .code-block { background: #282a36; color: #f8f8f2; }" in css  # dracula


def check_tab_sdk(site: Callable[[str], Built]) -> None:
    built = site("navigation")
    assert "'sdk' asks the platform's service to generate SDK reference pages" in built.log
    assert ">Python<" not in _strip_svg(built.page("guide/index.html"))


def check_global_products(site: Callable[[str], Built]) -> None:
    built = site("navigation")
    assert "global product 'Nowhere' has no \"href\"" in built.log
    page = _strip_svg(built.page("index.html"))
    switcher = re.search(r'<details class="dropdown switcher switcher-product">.*?</details>', page, re.S)
    assert switcher and 'href="https://status.example.com" rel="noopener"' in switcher.group(0)
    assert "Nowhere" not in page


def check_product_menu(site: Callable[[str], Built]) -> None:
    bar = re.search(r'<nav class="tabs-bar nav-tabs".*?</nav>', _strip_svg(site("navigation").page("index.html")), re.S)
    assert bar and 'href="/" aria-current="true" data-active>Reference</a>' in bar.group(0)
    assert 'href="/more/">More</a>' in bar.group(0)


def check_tab_align(site: Callable[[str], Built]) -> None:
    bar = _strip_svg(site("navigation").page("guide/index.html"))
    assert re.search(r'class="top-tab nav-tabs-item tab-align-end" href="/changes/">Changelog</a>', bar)


def check_global_tabs(site: Callable[[str], Built]) -> None:
    page = _strip_svg(site("navigation").page("index.html"))
    assert '<a class="top-tab nav-tabs-item tab-global" href="https://blog.example.com" rel="noopener">Blog</a>' in page


def check_version_tag_hidden_global(site: Callable[[str], Built]) -> None:
    page = _strip_svg(site("navigation").page("index.html"))
    selector = re.search(r'<details class="dropdown selector selector-version">.*?</details>', page, re.S)
    assert selector is not None
    text = selector.group(0)
    assert '<span>v2</span><span class="nav-tag">Latest</span>' in text
    assert ">v1<" in text and ">beta<" not in text  # hidden: reachable by URL only
    assert 'href="https://old.example.com" rel="noopener"' in text  # navigation.global.versions
    assert (site("navigation").out / "beta" / "index.html").is_file()


def check_icons_library(site: Callable[[str], Built]) -> None:
    built = site("icons")
    page = built.page("index.html")
    assert 'class="icon icon-lucide"' in page and "stroke-linecap" in page
    assert 'data-icon-missing="bogus-glyph"' in page  # a question mark, never a blank
    assert re.search(r"index\.mdx:6:\d+: warning: unknown icon 'bogus-glyph' in the lucide library", built.log)
    assert re.search(r"docs\.json:\d+:\d+: warning: navigation\.groups\[1\]\.icon: unknown icon "
                     r"'no-such-glyph'", built.log)


def check_icon_type(site: Callable[[str], Built]) -> None:
    page = site("frontmatter").page("last/index.html")
    regular, solid = _icon_of("star", "regular", "fontawesome"), _icon_of("star", "solid", "fontawesome")
    assert regular != solid and regular in page  # the Card's iconType="regular"
    assert 'stroke-width' not in _icon_of("star", "solid", "tabler")  # tabler's filled set


def _icon_of(name: str, style: str, library: str) -> str:
    from mdxsite.output.icons import icon_svg

    return str(icon_svg(name, style, "", library))


def check_group_root(site: Callable[[str], Built]) -> None:
    page = _strip_svg(site("sections").page("guides/a/index.html"))
    assert '<div class="nav-group-title"><a class="nav-group-root" href="/guides/">Guides</a>' in page
    assert '<summary class="nav-link"><a class="nav-group-root" href="/guides/deep/">Deep</a>' in page
    # the anchor leads to its first page: the group's root
    assert re.search(r'<a class="anchor-link active"[^>]*href="/guides/">', page)


def check_directory(site: Callable[[str], Built]) -> None:
    built = site("sections")
    cards = re.search(r'<nav class="directory directory-card".*?</nav>', built.page("guides/index.html"), re.S)
    assert cards is not None
    assert re.findall(r'href="([^"]*)"', cards.group(0)) == ["/guides/a/", "/guides/b/", "/guides/deep/"]
    assert '<span class="directory-description">The first</span>' in cards.group(0)
    listing = built.page("fr/index.html")
    assert '<ul class="directory-list" role="list"><li><a href="/fr/a/">Un</a><p>Premier</p></li></ul>' in listing
    assert 'class="directory' not in built.page("guides/a/index.html")  # not a root page


def check_hidden_language(site: Callable[[str], Built]) -> None:
    built = site("sections")
    selector = re.search(r'<details class="dropdown selector selector-language">.*?</details>',
                         built.page("fr/a/index.html"), re.S)
    assert selector is not None and "Français" in selector.group(0) and "English" in selector.group(0)
    assert "Deutsch" not in selector.group(0)  # hidden: built, reachable by URL, not offered
    assert "Deutsch" in built.page("de/index.html")  # its own page still names itself


def check_anchor_color(site: Callable[[str], Built]) -> None:
    page = site("sections").page("guides/a/index.html")
    assert 'style="--anchor-light: #123456; --anchor-dark: #abcdef;"' in page
    assert 'style="--anchor-light: #ff0000; --anchor-dark: #00ff00;" href="https://forum.example.com"' in page


def check_section_global(site: Callable[[str], Built]) -> None:
    built = site("sections")
    assert "https://forum.example.com" in built.page("guides/a/index.html")
    assert "https://forum.example.com" not in built.page("fr/a/index.html")  # English only


def check_modes(site: Callable[[str], Built]) -> None:
    built = site("frontmatter")
    canvas = built.page("canvas/index.html")
    main = canvas[canvas.index('<main id="content-area"'):canvas.index("</main>")]
    assert '<body class="mode-custom"' in canvas and '<header class="topbar" id="navbar">' in canvas
    for gone in ('class="sidebar"', 'class="toc"', 'class="page-title"', 'class="page-description"',
                 'class="pager"', 'class="site-footer"'):
        assert gone not in canvas, gone
    assert '<div class="hero">Hero</div>' in main
    centred = built.page("centred/index.html")
    assert '<body class="mode-center"' in centred and 'class="page-title" id="page-title">Centred' in centred


def check_update_toc(site: Callable[[str], Built]) -> None:
    page = site("frontmatter").page("changelog/index.html")
    toc = re.search(r'<aside class="toc".*?</aside>', page, re.S)
    assert toc is not None
    assert re.findall(r'<a href="#([^"]+)">', toc.group(0)) == ["intro", "2026-11-01", "2026-10-01"]
    assert re.findall(r'data-update-tag="([^"]+)"', toc.group(0)) == ["Feature", "Fix"]


def check_rss(site: Callable[[str], Built]) -> None:
    import xml.etree.ElementTree as ET

    built = site("frontmatter")
    page = built.page("changelog/index.html")
    assert '<link rel="alternate" type="application/rss+xml" title="Changelog - Fm" href="/changelog/rss.xml">' in page
    # rss: true also shows a button to the feed at the top of the page
    assert re.search(r'<h1 class="page-title" id="page-title">Changelog <a class="rss-link" href="/changelog/rss.xml"', page)
    channel = ET.fromstring(built.page("changelog/rss.xml")).find("channel")
    assert channel is not None and channel.findtext("link") == "https://docs.acme.dev/changelog/"
    items = [(i.findtext("title"), i.findtext("link"), i.findtext("description"), i.findtext("category"))
             for i in channel.findall("item")]
    assert items == [("2026-11-01", "https://docs.acme.dev/changelog/#2026-11-01", "v2.0", "Feature"),
                     ("2026-10-01", "https://docs.acme.dev/changelog/#2026-10-01", "<p>A fix.</p>", "Fix")]
    assert not (built.out / "rss.xml").exists()  # only pages with updates (or rss: true)


def check_name_description(site: Callable[[str], Built]) -> None:
    built = site("basics")
    assert "<title>Guide - Acme Docs</title>" in built.page("guide/index.html")
    assert '<meta name="description" content="How to">' in built.page("guide/index.html")
    assert built.page("llms.txt").startswith("# Acme Docs\n\n> All about Acme\n")
    assert "unknown key '$schema'" not in built.log


def check_sidebar_entry(site: Callable[[str], Built]) -> None:
    sidebar = re.search(r'<aside class="sidebar".*?</aside>', site("basics").page("guide/index.html"), re.S)
    assert sidebar is not None
    entry = re.search(r'<a class="nav-link" href="/">(.*?)</a>', sidebar.group(0), re.S)
    assert entry is not None
    assert 'class="icon"' in entry.group(1) and "<span>Start</span>" in entry.group(1)  # icon, sidebarTitle
    assert '<span class="label-deprecated">deprecated</span>' in entry.group(1)
    assert '<span class="nav-tag">NEW</span>' in entry.group(1)


def check_markdown_instructions(site: Callable[[str], Built]) -> None:
    built = site("basics")
    assert built.page("guide.md").endswith("\n---\n\nUse the acme CLI.\nPrefer v2.\n")
    assert "Use the acme CLI." not in built.page("llms-full.txt")  # the .md copies only


def check_unsupported_warned(site: Callable[[str], Built]) -> None:
    log = site("basics").log
    assert re.search(r'docs\.json:\d+:\d+: warning: public: "public": false asks the platform', log)
    assert re.search(r"docs\.json:\d+:\d+: warning: feedback\.thumbs: feedback 'thumbs' is not supported", log)
    assert "unknown key" not in log


def check_thumbnails(site: Callable[[str], Built]) -> None:
    from PIL import Image

    built = site("basics")
    home = built.page("index.html")
    assert '<meta property="og:image" content="/_mdxsite/thumbnails/index.png">' in home
    assert '<meta name="twitter:card" content="summary_large_image">' in home
    with Image.open(built.out / "_mdxsite" / "thumbnails" / "index.png") as image:
        assert image.size == (1200, 630)
        assert image.getpixel((600, 600)) == (11, 15, 23)  # appearance: dark
        assert image.getpixel((600, 5)) == (124, 58, 237)  # the primary colour's band
    guide = built.page("guide/index.html")  # the page's own og:image wins
    assert guide.count('property="og:image"') == 1 and "https://img.example/own.png" in guide
    assert not (built.out / "_mdxsite" / "thumbnails" / "guide.png").exists()
    assert re.search(r"warning: thumbnails\.fonts\.family: thumbnails use the font Pillow ships", built.log)


def check_frontmatter_url(site: Callable[[str], Built]) -> None:
    page = site("frontmatter").page("index.html")
    assert 'href="https://elsewhere.example.com/doc" rel="noopener"' in page


def check_hide_footer_pagination(site: Callable[[str], Built]) -> None:
    built = site("frontmatter")
    assert 'class="pager"' not in built.page("index.html")
    assert 'class="pager"' in built.page("last/index.html")


def check_og_overrides(site: Callable[[str], Built]) -> None:
    built = site("frontmatter")
    page = built.page("index.html")
    assert page.count('property="og:title"') == 1 and 'content="Shared title"' in page
    assert page.count('property="og:description"') == 1 and 'content="Shared description"' in page
    assert '<meta property="og:title" content="Home">' not in page
    # no og:title of its own: seo.metatags overrides the generated one (the page's title), as
    # the platform's SEO page says of every generated tag
    last = built.page("last/index.html")
    assert last.count('property="og:title"') == 1
    assert '<meta property="og:title" content="Site title">' in last


def check_keywords_robots(site: Callable[[str], Built]) -> None:
    page = site("frontmatter").page("index.html")
    assert '<meta name="keywords" content="alpha, beta">' in page
    assert '<meta name="robots" content="nofollow">' in page


def check_markdown_schema(site: Callable[[str], Built]) -> None:
    copy = site("openapi").page("api-reference/list-things.md")
    found = re.search(r"\n## OpenAPI\n\n````json api\.json GET /things\n(.*?)````\n", copy, re.S)
    assert found is not None, copy
    excerpt = json.loads(found.group(1))
    assert list(excerpt["paths"]) == ["/things"]  # this page's operation only
    assert excerpt["servers"] == [{"url": "https://api.example.com"}]
    assert list(excerpt["components"]["schemas"]) == ["Thing", "Part"]  # what it reaches, by $ref
    assert "## OpenAPI" not in site("openapi-no-schema").page("api-reference/list-things.md")
    assert "## OpenAPI" not in site("openapi").page("llms-full.txt")  # the .md copies only


# node search.mjs BUNDLE_URL TERM... -> {term: [[url, score], ...]}: Pagefind's own pagefind.js
# from the build, reading the index files as a browser would fetch them
SEARCH = """
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
const [bundle, ...terms] = process.argv.slice(2);
globalThis.fetch = async (url) => new Response(await readFile(fileURLToPath(String(url).split("?")[0])));
const pagefind = await import(new URL("pagefind.js", bundle).href);
await pagefind.options({ basePath: bundle, baseUrl: "/" });
const out = {};
for (const term of terms) {
  const found = await pagefind.search(term);
  out[term] = await Promise.all(found.results.map(async (r) => [(await r.data()).url, r.score]));
}
console.log(JSON.stringify(out));
"""


def _search(built: Built, *terms: str) -> dict[str, list[tuple[str, float]]]:
    import shutil
    import subprocess

    node = shutil.which("node")
    assert node is not None, "node is missing: install nodejs (make test needs it)"
    script = built.out.parent / "search.mjs"
    script.write_text(SEARCH, encoding="utf-8")
    done = subprocess.run([node, str(script), (built.out / "_pagefind").as_uri() + "/", *terms],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return {term: [(url, score) for url, score in found] for term, found in json.loads(done.stdout).items()}


def check_search_ranking(site: Callable[[str], Built]) -> None:
    plain = _search(site("ranking-plain"), "deploy", "rollout")
    assert len({score for _, score in plain["deploy"]}) == 1  # alike pages rank alike...
    assert plain["rollout"] == []
    ranked = _search(site("ranking"), "deploy", "steps", "rollout")
    for term in ("deploy", "steps"):  # ... until boost and keywords order them
        order = [url for url, _ in ranked[term]]
        assert order[0] == "/gamma/", order  # its group's boost: 3
        assert set(order[1:3]) == {"/alpha/", "/delta/"}, order  # delta's boost: 1 beats its group's
        assert order[3] == "/beta/", order  # boost: 0.25
        scores = dict(ranked[term])
        assert scores["/alpha/"] == scores["/delta/"]
    assert [url for url, _ in ranked["rollout"]] == ["/beta/"]  # a keyword the page never shows
    page = site("ranking").page("beta/index.html")
    assert "rollout" not in page.split("</head>", 1)[1]  # the reader does not see it
    assert "data-pagefind-weight" not in page  # the published page is left as it is


def check_latex(site: Callable[[str], Built]) -> None:
    def prose(group: str) -> str:
        page = site(group).page("index.html")
        return page[page.index('<article class="prose">'):page.index("</article>")]

    on, off = prose("latex"), prose("latex-off")
    assert on.count("<math ") == 3 and "$" not in on  # inline, display and <Latex>
    assert "<p>Energy $E=mc^2$ here.</p>" in off and "<p>$$\nx^2\n$$</p>" in off
    assert off.count("<math ") == 1 and "<mi>y</mi>" in off  # <Latex> still typesets


CHECKS = {name: fn for name, fn in globals().items() if name.startswith("check_") and callable(fn)}


# ------------------------------------------------------------------ the table against the checks

ROWS = table_rows()


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.setting.replace("`", ""))
def test_a_row_agrees_with_the_built_output(row: Row, site: Callable[[str], Built]) -> None:
    where = f"README.md:{row.line}: {row.setting}"
    assert row.status in STATUSES, f"{where}: status {row.status!r} is not one of {STATUSES}"
    if row.status == "open":
        assert row.check == "-", f"{where}: an open row has no check yet"
        pytest.skip(f"{row.setting}: open (accepted, not yet honoured)")
    if "::" in row.check:  # a test elsewhere: it must exist (it runs in its own module)
        path, _, name = row.check.partition("::")
        assert re.search(rf"^def {re.escape(name)}\(", (REPO / path).read_text(), re.M), \
            f"{where}: no test {row.check}"
        return
    assert row.check in CHECKS, f"{where}: no check named {row.check!r}"
    CHECKS[row.check](site)


def test_every_check_is_named_by_a_row() -> None:
    named = {r.check for r in ROWS}
    assert sorted(set(CHECKS) - named) == []


def test_a_library_that_is_not_installed_is_said_once(make_site, cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("MDXSITE_THEME_DEPS", str(tmp_path / "nowhere"))
    root = make_site({"name": "T", "icons": {"library": "tabler"}, "navigation": {"groups": [
        {"group": "G", "icon": "home", "pages": ["index"]}]}})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0
    assert re.search(r"docs\.json:\d+:\d+: warning: icons\.library: the tabler icons are not installed", result.output)
    assert "unknown icon" not in result.output  # one warning, not one per icon
