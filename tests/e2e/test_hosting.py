"""Files a static host or CDN needs, and byte-identical output for identical input."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def test_host_files_for_the_sample_site(cli: Callable, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = cli("build", REPO / "sample_site", "-o", out, "--site-url", "https://docs.example.com",
                 "--base-url", "/docs/")
    assert result.exit_code == 0, result.stderr
    sitemap = (out / "sitemap.xml").read_text()
    assert "<loc>https://docs.example.com/docs/jobs/retries/</loc>" in sitemap
    assert "Sitemap: https://docs.example.com/docs/sitemap.xml" in (out / "robots.txt").read_text()
    assert (out / "_redirects").read_text() == "/docs/start /docs/quickstart/ 308\n"
    assert 'url=/docs/quickstart/' in (out / "start" / "index.html").read_text()
    assert "Page not found" in (out / "404.html").read_text()
    llms = (out / "llms.txt").read_text().splitlines()
    assert llms[0] == "# Acme Cloud"
    assert "- [Retries](/docs/jobs/retries/): Retry failed jobs with exponential backoff." in llms
    copy = (out / "jobs" / "retries.md").read_text()
    assert copy.startswith("# Retries\n\nA failed job is retried up to `max_attempts` times")
    assert "Source: /docs/jobs/idempotency/" in (out / "llms-full.txt").read_text()


def test_no_sitemap_without_a_site_url(cli: Callable, tmp_path: Path) -> None:
    assert cli("build", REPO / "sample_site", "-o", tmp_path / "out").exit_code == 0
    assert not (tmp_path / "out" / "sitemap.xml").exists()
    # the platform's default Content Signals: training, search and AI answers allowed
    assert (tmp_path / "out" / "robots.txt").read_text() == (
        "User-agent: *\nContent-Signal: ai-train=yes, search=yes, ai-input=yes\nAllow: /\n")


def test_seo_canonical_is_the_site_url_of_the_sitemap_too(cli: Callable, tmp_path: Path) -> None:
    """docs.json's seo.metatags.canonical gave every page an absolute canonical link, yet no
    sitemap.xml was written: the sitemap read only --site-url and mdxsite.site_url."""
    import json

    site = tmp_path / "site"
    site.mkdir()
    (site / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "Shop", "colors": {"primary": "#112233"},
        "seo": {"metatags": {"canonical": "https://example.com/docs/"}},
        "navigation": {"pages": ["intro", "setup/install"]}}))
    (site / "intro.mdx").write_text("---\ntitle: Intro\n---\n\nHello.\n")
    (site / "setup").mkdir()
    (site / "setup" / "install.mdx").write_text("---\ntitle: Install\n---\n\nSteps.\n")
    out = tmp_path / "out"
    assert cli("build", site, "-o", out).exit_code == 0
    assert '<link rel="canonical" href="https://example.com/docs/setup/install/">' in \
        (out / "setup" / "install" / "index.html").read_text()
    sitemap = (out / "sitemap.xml").read_text()
    assert "<loc>https://example.com/docs/setup/install/</loc>" in sitemap
    assert "Sitemap: https://example.com/docs/sitemap.xml" in (out / "robots.txt").read_text()
    # the same site built for its sub-path: the URL's /docs is the base URL's, not said twice
    out = tmp_path / "sub"
    assert cli("build", site, "-o", out, "--base-url", "/docs/").exit_code == 0
    assert '<link rel="canonical" href="https://example.com/docs/setup/install/">' in \
        (out / "setup" / "install" / "index.html").read_text()
    assert "<loc>https://example.com/docs/setup/install/</loc>" in (out / "sitemap.xml").read_text()
    assert "Sitemap: https://example.com/docs/sitemap.xml" in (out / "robots.txt").read_text()


def test_two_builds_of_the_same_input_are_byte_identical(cli: Callable, tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert cli("build", REPO / "sample_site", "-o", tmp_path / name, "--no-cache",
                   "--site-url", "https://x.example").exit_code == 0
    assert _tree(tmp_path / "a") == _tree(tmp_path / "b")


def test_every_page_has_one_h1_a_title_lang_and_alt_text(cli: Callable, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert cli("build", REPO / "sample_site", "-o", out).exit_code == 0
    import re
    pages = [p for p in out.rglob("index.html") if "Redirecting" not in p.read_text()]
    assert len(pages) >= 18
    for page in pages:
        text = page.read_text()
        assert text.count("<h1") == 1, page
        assert re.search(r"<title>[^<]+</title>", text), page
        assert re.search(r'<html lang="[a-zA-Z-]+"', text), page
        assert all("alt=" in img for img in re.findall(r"<img [^>]*>", text)), page
    assert '<html lang="fr"' in (out / "fr" / "quickstart" / "index.html").read_text()


def test_assets_have_fingerprinted_names_that_every_page_links(cli: Callable, tmp_path: Path) -> None:
    import hashlib
    import re

    out = tmp_path / "out"
    assert cli("build", REPO / "sample_site", "-o", out, "--base-url", "/docs/").exit_code == 0
    names = sorted(p.name for p in (out / "_mdxsite").iterdir() if p.suffix in (".css", ".js"))
    assert names and all(re.fullmatch(r"[a-z-]+\.[0-9a-f]{10}\.(css|js)", n) for n in names), names
    for name in names:  # the name comes from the bytes
        data = (out / "_mdxsite" / name).read_bytes()
        assert name.split(".")[1] == hashlib.sha256(data).hexdigest()[:10]
    style = next(n for n in names if n.startswith("style."))
    pages = [p for p in out.rglob("*.html") if "Redirecting" not in p.read_text()]
    for page in pages:  # the 404 page too
        linked = re.findall(r'(?:href|src)="(/docs/_mdxsite/[^"]+)"', page.read_text())
        assert f"/docs/_mdxsite/{style}" in linked, page
        assert all((out / link.removeprefix("/docs/")).is_file() for link in linked), page
    headers = (out / "_headers").read_text()
    assert f"/docs/_mdxsite/{style}\n  Cache-Control: public, max-age=31536000, immutable\n" in headers


def test_a_changed_asset_gets_a_new_name_and_the_old_one_leaves(tmp_path: Path) -> None:
    from mdxsite import pipeline, plugin_manager
    from mdxsite.hookspecs import hookimpl
    from mdxsite.model import OutputFile

    class Extra:
        css = "body { color: red }\n"

        @hookimpl
        def mdxsite_output_files(self, site):
            return [OutputFile(path="_mdxsite/extra.css", content=self.css)]

        @hookimpl
        def mdxsite_page_assets(self, site, page):
            return ["/_mdxsite/extra.css"]

    extra = Extra()
    pm = plugin_manager.create()
    pm.register(extra, name="extra")
    out = tmp_path / "out"
    pipeline.build(REPO / "sample_site", out, pm, jobs=1)
    first = [p.name for p in (out / "_mdxsite").glob("extra.*.css")]
    extra.css = "body { color: blue }\n"
    pipeline.build(REPO / "sample_site", out, pm, jobs=1)  # warm: the render cache is on
    second = [p.name for p in (out / "_mdxsite").glob("extra.*.css")]
    assert len(first) == len(second) == 1 and first != second
    assert (out / "_mdxsite" / second[0]).read_text() == "body { color: blue }\n"
    assert f'href="/_mdxsite/{second[0]}"' in (out / "jobs" / "retries" / "index.html").read_text()


def test_canonical_open_graph_and_noindex(cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    site = make_site(
        {"name": "Tags", "navigation": {"pages": ["index", "secret"]},
         "seo": {"metatags": {"og:site_name": "Tags docs", "og:image": "https://x.example/a.png"}}},
        pages={"index": '---\ntitle: Home\ndescription: "The start."\n'
                        'og:image: "https://x.example/home.png"\n---\nHi\n',
               "secret": "---\ntitle: Secret\nnoindex: true\n---\nShh\n"})
    out = tmp_path / "out"
    assert cli("build", site, "-o", out, "--site-url", "https://docs.example.com",
               "--base-url", "/docs/").exit_code == 0
    home = (out / "index.html").read_text()
    assert '<link rel="canonical" href="https://docs.example.com/docs/">' in home
    assert '<meta property="og:url" content="https://docs.example.com/docs/">' in home
    assert '<meta property="og:title" content="Home">' in home
    assert '<meta property="og:description" content="The start.">' in home
    assert '<meta property="og:site_name" content="Tags docs">' in home
    assert home.count('property="og:image"') == 1               # the page's own replaces the site's
    assert '<meta property="og:image" content="https://x.example/home.png">' in home
    assert 'name="robots"' not in home
    secret = (out / "secret" / "index.html").read_text()
    assert '<meta name="robots" content="noindex">' in secret
    assert '<link rel="canonical" href="https://docs.example.com/docs/secret/">' in secret
    sitemap = (out / "sitemap.xml").read_text()
    assert "https://docs.example.com/docs/" in sitemap and "/secret/" not in sitemap


def test_a_social_image_given_as_a_site_path_takes_the_base_and_site_url(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """Real docs.json files write seo.metatags {"og:image": "/images/og.png"}: it went out as
    written, without the base URL, and relative where crawlers read only absolute URLs."""
    site = make_site({"name": "Img", "navigation": {"pages": ["index", "other"]},
                      "seo": {"metatags": {"og:image": "/og.png", "twitter:image": "/og.png"}}},
                     pages={"index": "# Home\n", "other": '---\ntitle: Other\nog:image: "/own.png"\n---\nHi\n'},
                     files={"og.png": "x", "own.png": "x"})
    out = tmp_path / "out"
    assert cli("build", site, "-o", out, "--site-url", "https://docs.example.com",
               "--base-url", "/docs/").exit_code == 0
    home = (out / "index.html").read_text()
    assert '<meta property="og:image" content="https://docs.example.com/docs/og.png">' in home
    assert 'content="https://docs.example.com/docs/og.png">' in home.split("twitter:image", 1)[1][:80]
    other = (out / "other" / "index.html").read_text()
    assert '<meta property="og:image" content="https://docs.example.com/docs/own.png">' in other
    assert cli("build", site, "-o", tmp_path / "plain", "--base-url", "/docs/").exit_code == 0
    assert '<meta property="og:image" content="/docs/og.png">' in (tmp_path / "plain" / "index.html").read_text()


def test_a_build_failing_on_a_page_keeps_the_published_markdown_copies(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # .md copies are written as pages are built, before a later page fails: they must go
    # with the discarded build, the published ones stay as they were
    root = make_site({"name": "T", "navigation": {"pages": ["index", "guide", "last"]}},
                     pages={"index": "# Home\n", "guide": "# Guide\n\nFirst text.\n",
                            "last": "# Last\n"})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    before = _tree(out)
    assert b"First text." in before["guide.md"]
    (root / "guide.mdx").write_text("# Guide\n\nSecond text.\n")
    (root / "last.mdx").write_text("# Last\n\n<Card>\nnever closed\n")
    result = cli("build", root, "-o", out, "--no-cache")
    assert result.exit_code == 1
    assert "last.mdx" in result.stderr
    assert _tree(out) == before
    assert not [p for p in tmp_path.iterdir() if "staging" in p.name]
    (root / "last.mdx").write_text("# Last\n")
    assert cli("build", root, "-o", out).exit_code == 0
    assert "Second text." in (out / "guide.md").read_text()


def test_a_navigation_listing_no_page_is_a_located_warning(make_site, cli, tmp_path: Path) -> None:
    root = make_site('{\n  "name": "E",\n  "navigation": {"groups": [{"group": "G", "pages": []}]}\n}\n',
                     pages={})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ("docs.json:3:17: warning: navigation: the navigation lists no page: the site has no "
            "sidebar, and its 1 page is reached by URL only") in result.output
    assert "[nav.no-pages]" in result.output
    listed = make_site({"name": "F", "navigation": {"pages": ["index"]}}, pages={"index": "# Hi\n"})
    assert "nav.no-pages" not in cli("build", listed, "-o", tmp_path / "out2").output


def test_llms_files_are_also_under_well_known(cli: Callable, tmp_path: Path) -> None:
    """The platform serves llms.txt and llms-full.txt at /.well-known/ too, for tools that look
    there; the site's own llms.txt is the one served at both places."""
    import json

    site = tmp_path / "site"
    site.mkdir()
    (site / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "Shop", "colors": {"primary": "#112233"},
        "navigation": {"pages": ["intro"]}}))
    (site / "intro.mdx").write_text("---\ntitle: Intro\n---\n\nHello there.\n")
    out = tmp_path / "out"
    for _ in range(2):  # the second build keeps the published llms-full.txt: still named twice
        assert cli("build", site, "-o", out).exit_code == 0
        assert (out / ".well-known" / "llms.txt").read_text() == (out / "llms.txt").read_text()
        full = (out / ".well-known" / "llms-full.txt").read_text()
        assert full == (out / "llms-full.txt").read_text() and "Hello there." in full
    (site / "llms.txt").write_text("# Shop\n\nOur own list.\n")
    assert cli("build", site, "-o", out).exit_code == 0
    assert (out / ".well-known" / "llms.txt").read_text() == "# Shop\n\nOur own list.\n"
