"""docs.json ``redirects``, the site root without an index page, and ``errors.404``: what a
host, ``mdxsite serve`` and a reader's browser do with the built output."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from mdxsite.server.app import site_app

NAV = {"groups": [{"group": "Docs", "pages": ["quickstart", "v2/introduction", "collections/overview",
                                             "new/article-123", "people/42"]}]}
PAGES = {k: f"# {k}\n" for k in ("quickstart", "v2/introduction", "collections/overview",
                                  "new/article-123", "people/42")}
RULES = [
    {"source": "/start", "destination": "/quickstart"},
    {"source": "/gone", "destination": "/quickstart", "permanent": False},
    {"source": "/kept", "destination": "/quickstart", "permanent": True},
    {"source": "/beta/:slug*", "destination": "/v2/:slug*"},
    {"source": "/articles/concepts-*", "destination": "/collections/overview"},
    {"source": "/old/article-*", "destination": "/new/article-*", "permanent": False},
    {"source": "/users/:id/profile", "destination": "/people/:id"},
    {"source": "/a/*/b", "destination": "/quickstart"},
]


def _get(out: Path, path: str, base_url: str = "/") -> httpx.Response:
    """GET ``path`` from ``mdxsite serve``'s app over ``out``, without following redirects."""

    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=site_app(out, base_url=base_url))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.get(path)

    # on a thread of its own: a browser test's sync Playwright keeps an event loop running in
    # the main thread, where asyncio.run refuses to start (CI failed on this order)
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, go()).result()


@pytest.fixture
def built(make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> Path:
    root = make_site({"name": "R", "redirects": RULES, "navigation": NAV}, pages=PAGES)
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.output
    return out


def test_statuses_and_wildcards_in_the_host_rules_file(built: Path) -> None:
    lines = (built / "_redirects").read_text().splitlines()
    assert lines[:3] == ["/start /quickstart/ 308", "/gone /quickstart/ 307", "/kept /quickstart/ 308"]
    assert "/beta /v2/ 308" in lines and "/beta/* /v2/:splat 308" in lines
    assert "/articles/concepts-* /collections/overview/ 308" in lines
    assert "/old/article-* /new/article-:splat 307" in lines
    assert "/users/:id/profile /people/:id 308" in lines
    # a wildcard in the middle is beyond the hosts' syntax: said so, and left to the 404 page
    assert "# /a/*/b /quickstart/ 308 (the 404 page applies it)" in lines
    assert 'url=/quickstart/' in (built / "start" / "index.html").read_text()


@pytest.mark.parametrize(("path", "status", "location"), [
    ("/start", 308, "/quickstart/"),
    ("/gone", 307, "/quickstart/"),
    ("/beta/introduction", 308, "/v2/introduction"),
    ("/beta", 308, "/v2/"),
    ("/articles/concepts-getting-started", 308, "/collections/overview/"),
    ("/old/article-123", 307, "/new/article-123"),
    ("/users/42/profile", 308, "/people/42"),
])
def test_serve_answers_with_the_real_status(built: Path, path: str, status: int, location: str) -> None:
    response = _get(built, path)
    assert (response.status_code, response.headers["location"]) == (status, location)
    assert _get(built, "/quickstart/").status_code == 200


def test_a_destination_with_a_query_or_fragment_or_naming_a_file(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    """The slash a page's URL ends with goes before the query and the fragment, and a file's
    name gets none: '/guide?tab=py' was sent to '/guide?tab=py/' (the query's value changed)
    and '/spec' to '/openapi.yaml/', which is no file."""
    rules = [{"source": "/q", "destination": "/guide?tab=py"},
             {"source": "/f", "destination": "/guide#setup"},
             {"source": "/spec", "destination": "/openapi.yaml"},
             {"source": "/copy", "destination": "/guide.md"}]
    root = make_site({"name": "R", "redirects": rules, "navigation": {"pages": ["guide"]}},
                     pages={"guide": "# Guide\n"})
    (root / "openapi.yaml").write_text("openapi: 3.1.0\n")
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    lines = (out / "_redirects").read_text().splitlines()
    assert lines == ["/q /guide/?tab=py 308", "/f /guide/#setup 308", "/spec /openapi.yaml 308",
                     "/copy /guide.md 308", "/ /guide/ 307"]
    assert 'url=/guide/?tab=py"' in (out / "q" / "index.html").read_text()
    assert (_get(out, "/spec").headers["location"]) == "/openapi.yaml"


def test_a_source_with_a_space_is_one_field_of_the_rules_file(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    """The rules file separates its fields with spaces: '/release notes /guide/ 308' was a rule
    from '/release' to 'notes', which mdxsite serve (and a host) then applied."""
    rules = [{"source": "/release notes", "destination": "/guide"},
             {"source": "/old docs/:slug*", "destination": "/guide"}]
    root = make_site({"name": "R", "redirects": rules, "navigation": {"pages": ["guide"]}},
                     pages={"guide": "# Guide\n"})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    lines = (out / "_redirects").read_text().splitlines()
    assert lines[:3] == ["/release%20notes /guide/ 308", "/old%20docs /guide/ 308",
                         "/old%20docs/* /guide/ 308"]
    response = _get(out, "/release%20notes")
    assert (response.status_code, response.headers["location"]) == (308, "/guide/")
    assert _get(out, "/old%20docs/a/b").headers["location"] == "/guide/"
    assert _get(out, "/release").status_code == 404


def test_a_site_without_an_index_page_leads_from_its_root_to_the_default_first_page(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    nav = {"versions": [
        {"version": "v1", "groups": [{"group": "Old", "pages": ["v1/start"]}]},
        {"version": "v2", "default": True, "languages": [
            {"language": "fr", "groups": [{"group": "G", "pages": ["v2/fr/intro"]}]},
            {"language": "en", "default": True, "groups": [{"group": "G", "pages": ["v2/en/intro"]}]},
        ]}]}
    root = make_site({"name": "H", "navigation": nav},
                     pages={k: "# x\n" for k in ("v1/start", "v2/fr/intro", "v2/en/intro")})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out, "--base-url", "/docs/").exit_code == 0
    assert 'url=/docs/v2/en/intro/' in (out / "index.html").read_text()
    assert "/docs/ /docs/v2/en/intro/ 307" in (out / "_redirects").read_text().splitlines()
    response = _get(out, "/docs/", base_url="/docs/")
    assert (response.status_code, response.headers["location"]) == (307, "/docs/v2/en/intro/")


def test_a_site_with_an_index_page_keeps_it(make_site: Callable[..., Path], cli: Callable,
                                            tmp_path: Path) -> None:
    root = make_site({"name": "H", "navigation": {"pages": ["guide", "index"]}},
                     pages={"index": "# Home page\n", "guide": "# Guide\n"})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    assert "Home page" in (tmp_path / "out" / "index.html").read_text()
    assert not (tmp_path / "out" / "_redirects").exists()


def test_errors_404_title_description_and_redirect(make_site: Callable[..., Path], cli: Callable,
                                                   tmp_path: Path) -> None:
    custom = {"redirect": False, "title": "I can't be found",
              "description": "What **happened** to <b>this</b> page?"}
    root = make_site({"name": "E", "navigation": {"pages": ["index"]}, "errors": {"404": custom}})
    assert cli("build", root, "-o", tmp_path / "a").exit_code == 0
    page = (tmp_path / "a" / "404.html").read_text()
    assert "<title>I can&#39;t be found - E</title>" in page or "<title>I can't be found - E</title>" in page
    assert "<strong>happened</strong>" in page and "<b>this</b>" not in page
    assert "location.replace" not in page
    root = make_site({"name": "E", "navigation": {"pages": ["index"]}, "errors": {"404": {"redirect": True}}})
    assert cli("build", root, "-o", tmp_path / "b").exit_code == 0
    assert 'location.replace("/")' in (tmp_path / "b" / "404.html").read_text()
    # without errors.404 a missing page shows the 404 page
    root = make_site({"name": "E", "navigation": {"pages": ["index"]}})
    assert cli("build", root, "-o", tmp_path / "c").exit_code == 0
    assert "location.replace" not in (tmp_path / "c" / "404.html").read_text()


def test_errors_404_without_redirect_sends_readers_home_as_the_platforms_default(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    """The platform's schema fills errors.404.redirect with true (its settings reference:
    "Default: true"); the build took a missing "redirect" for false and showed the page."""
    root = make_site('{\n  "name": "E",\n  "navigation": {"pages": ["index"]},\n'
                     '  "errors": {"404": {"title": "Lost?"}}\n}\n')
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ('docs.json:4:14: warning: errors.404: without "redirect", a missing page sends readers to '
            'the home page ("redirect" defaults to true, as on the platform), so this title and '
            'description are never shown. Add "redirect": false to show them. '
            '[config.404-redirect]') in result.output
    assert 'location.replace("/")' in (tmp_path / "out" / "404.html").read_text()


def test_a_redirect_from_a_pages_url_says_it_replaces_the_page(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    root = make_site('{\n  "name": "R",\n  "navigation": {"pages": ["methods/overview"]},\n'
                     '  "redirects": [\n    {"source": "/methods", "destination": "/methods/overview"}\n'
                     '  ]\n}\n', pages={"methods/index": "# Methods\n", "methods/overview": "# O\n"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ("docs.json:5:16: warning: redirects[0].source: the redirect from /methods replaces the "
            "page methods/index.mdx, which has that URL: readers are sent to /methods/overview/. "
            "Remove the redirect, or move or delete the page.") in result.output
    assert 'url=/methods/overview/"' in (tmp_path / "out" / "methods" / "index.html").read_text()


def test_a_destination_written_with_the_base_path_gets_it_once(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    """Built with --base-url /docs/, '/docs/guide' (the URL readers see) was sent to
    /docs/docs/guide/, a page that does not exist. A site path that names a page keeps the
    base path added: the page 'docs/intro' is at /docs/docs/intro/."""
    rules = [{"source": "/old", "destination": "/docs/guide#setup"},
             {"source": "/older/:slug*", "destination": "/docs/guide"},
             {"source": "/moved", "destination": "/docs/intro"},
             {"source": "/gone", "destination": "/docs/nowhere"}]
    root = make_site({"name": "R", "redirects": rules, "navigation": {"pages": ["guide", "docs/intro"]}},
                     pages={"guide": "# Guide\n", "docs/intro": "# Intro\n"})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out, "--base-url", "/docs/").exit_code == 0
    lines = (out / "_redirects").read_text().splitlines()
    assert lines[:5] == ["/docs/old /docs/guide/#setup 308", "/docs/older /docs/guide/ 308",
                     "/docs/older/* /docs/guide/ 308", "/docs/moved /docs/docs/intro/ 308",
                     "/docs/gone /docs/docs/nowhere/ 308"]
    assert "url=/docs/guide/#setup" in (out / "old" / "index.html").read_text()
    response = _get(out, "/docs/older/a", base_url="/docs/")
    assert (response.status_code, response.headers["location"]) == (308, "/docs/guide/")


def test_a_redirect_to_no_page_is_told_at_its_destination(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    """A destination naming no page (a page renamed after the redirect was written) sent
    readers to the 404 page without a word from the build. A page, a copied file, a chain to
    another redirect's source, a placeholder and an external URL are all fine."""
    rules = [{"source": "/a", "destination": "/guide"},
             {"source": "/b", "destination": "/guides/renamed"},
             {"source": "/c", "destination": "/spec.yaml"},
             {"source": "/d", "destination": "/a"},
             {"source": "/e/:slug*", "destination": "/v2/:slug*"},
             {"source": "/f", "destination": "https://example.com/gone"}]
    text = '{\n  "name": "R",\n  "navigation": {"pages": ["guide"]},\n  "redirects": [\n' + \
        ",\n".join("    " + json.dumps(r) for r in rules) + "\n  ]\n}\n"
    root = make_site(text, pages={"guide": "# Guide\n"}, files={"spec.yaml": "openapi: 3.1.0\n"})
    result = cli("build", root, "-o", tmp_path / "out", "--base-url", "/docs/")
    assert result.exit_code == 0, result.output
    told = [line for line in result.output.splitlines() if "redirect-to-nothing" in line]
    assert told == ["docs.json:6:37: warning: redirects[1].destination: the redirect from /docs/b "
                    "leads to /docs/guides/renamed/, which is no page of the site: readers "
                    "following it get the 404 page. Point it at a page's path, or remove the "
                    "redirect. [config.redirect-to-nothing]"]


def test_a_wildcard_to_another_site_keeps_its_scheme_on_the_bare_prefix(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    """'/enterprise/:path*' to 'https://example.com/platform/:path*' also sends '/enterprise'
    itself to the destination without the wildcard: squeezing the slashes left by the removed
    wildcard squeezed the scheme's too, 'https:/example.com/platform/', a path on this site."""
    rules = [{"source": "/enterprise/:path*", "destination": "https://example.com/platform/:path*"}]
    root = make_site({"name": "R", "redirects": rules, "navigation": {"pages": ["guide"]}},
                     pages={"guide": "# Guide\n"})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    lines = (out / "_redirects").read_text().splitlines()
    assert lines[:2] == ["/enterprise https://example.com/platform/ 308",
                         "/enterprise/* https://example.com/platform/:splat 308"]
    assert _get(out, "/enterprise").headers["location"] == "https://example.com/platform/"


def test_a_source_with_a_fragment_is_left_out_with_a_located_warning(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    """A real site redirects '/admin#rate-limits' to another page's section; a browser never
    sends the #fragment, so no server (the platform's, a host's, mdxsite serve) can apply it.
    It wrote a rule for it and a page in a folder named 'admin#rate-limits', which no URL
    reaches; it is now left out, with a warning saying why."""
    rules = [{"source": "/admin#rate-limits", "destination": "/guide#limits"},
             {"source": "/old", "destination": "/guide"}]
    root = make_site({"name": "R", "redirects": rules, "navigation": {"pages": ["guide"]}},
                     pages={"guide": "# Guide\n"})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.output
    assert "redirects[0].source: a browser never sends a URL's #fragment to the server" in result.stderr
    assert "[config.redirect-fragment]" in result.stderr
    assert (out / "_redirects").read_text().splitlines()[:1] == ["/old /guide/ 308"]
    assert not any("#" in p.name for p in out.rglob("*"))


def test_a_redirect_from_a_file_the_build_writes_builds(make_site: Callable[..., Path], cli: Callable,
                                                         tmp_path: Path) -> None:
    """A real site redirects /llms.txt to its AGENTS.md. The build wrote the redirect's page at
    llms.txt/index.html, a folder named as the llms.txt it writes, and stopped with a traceback:
    a file's URL now gets no redirect page (no folder answers /llms.txt), and the rules file
    keeps the redirect, which ``mdxsite serve`` answers before the file."""
    root = make_site({"name": "R", "navigation": {"pages": ["index", "AGENTS"]},
                      "redirects": [{"source": "/llms.txt", "destination": "/AGENTS.md"},
                                    {"source": "/old/spec.yaml", "destination": "/AGENTS"}]},
                     pages={"index": "# Home\n", "AGENTS": "# Agents\n"})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert (out / "llms.txt").read_text().startswith("# R")
    assert not (out / "old" / "spec.yaml").exists()
    lines = (out / "_redirects").read_text().splitlines()
    assert "/llms.txt /AGENTS.md 308" in lines and "/old/spec.yaml /AGENTS/ 308" in lines
    answer = _get(out, "/llms.txt")
    assert (answer.status_code, answer.headers["location"]) == (308, "/AGENTS.md")


def test_one_page_url_twice_in_redirects_builds_and_the_first_applies(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    """A real site lists /events/for-user and /events/for-user/ as two redirects (one page URL).
    Both wrote events/for-user/index.html, and the build stopped on "plugins 'hosting' and
    'hosting' both contribute" that file. The first one's page is written, as a host applies the
    first rule; a second one leading elsewhere is a located warning."""
    root = make_site({"name": "R", "navigation": {"pages": ["index", "new", "other"]},
                      "redirects": [{"source": "/events/for-user", "destination": "/new"},
                                    {"source": "/events/for-user/", "destination": "/new"},
                                    {"source": "/guide", "destination": "/new"},
                                    {"source": "/guide/", "destination": "/other"}]},
                     pages={"index": "# Home\n", "new": "# New\n", "other": "# Other\n"})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.output
    assert 'url=/new/"' in (out / "events" / "for-user" / "index.html").read_text()
    assert 'url=/new/"' in (out / "guide" / "index.html").read_text()
    told = [line for line in result.output.splitlines() if "redirect-repeated" in line]
    assert told == ["docs.json:24:17: warning: redirects[3].source: /guide/ is the page URL of "
                    "redirects[2].source (/guide), whose redirect to /new/ applies first: this one, "
                    "to /other/, never does. Remove one of the two redirects. "
                    "[config.redirect-repeated]"]
