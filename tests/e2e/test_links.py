"""Internal links are resolved and checked: --strict fails and keeps the last good output."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

DOCS = {"name": "T", "navigation": {"pages": ["index", "guides/setup"]}}
SETUP = "---\ntitle: Setup\n---\n## Install\n\nText.\n"


def test_links_resolve_to_output_urls(cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    root = make_site(DOCS, pages={"index": "[a](/guides/setup) [b](guides/setup.mdx#install)\n",
                                  "guides/setup": SETUP})
    assert cli("build", root, "-o", tmp_path / "out", "--base-url", "/docs/").exit_code == 0
    home = (tmp_path / "out" / "index.html").read_text()
    assert 'href="/docs/guides/setup/"' in home and 'href="/docs/guides/setup/#install"' in home


def test_broken_links_warn_and_strict_keeps_the_previous_output(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    root = make_site(DOCS, pages={"index": "Fine.\n", "guides/setup": SETUP})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out, "--strict").exit_code == 0
    before = (out / "index.html").read_bytes()
    (root / "index.mdx").write_text("Line one.\n\n[gone](/nowhere) and [x](/guides/setup#nope)\n")
    result = cli("build", root, "-o", out, "--strict")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert "index.mdx:3:8: warning: broken link: no page '/nowhere'. Fix the path or create the page. [mdx.broken-link]" in lines
    assert ("index.mdx:3:26: warning: broken link: page '/guides/setup' has no heading #nope. "
            "Link to one of its headings. [mdx.broken-anchor]") in lines
    assert (out / "index.html").read_bytes() == before


def test_broken_links_command_lists_them_all(cli: Callable, make_site: Callable) -> None:
    root = make_site(DOCS, pages={"index": "[a](/x)\n", "guides/setup": "[b](/y)\n"})
    result = cli("broken-links", root)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == "2 broken links"
    assert any(line.startswith("guides/setup.mdx:1:") for line in result.stdout.splitlines())
    clean = make_site(DOCS, pages={"index": "[a](/guides/setup)\n", "guides/setup": SETUP})
    ok = cli("broken-links", clean)
    assert ok.exit_code == 0 and ok.stdout.strip() == "0 broken links"


def test_links_to_headings_by_the_platform_ids_resolve(cli: Callable, make_site: Callable,
                                                       tmp_path: Path) -> None:
    # ids as the platform makes them (its "Format text" page): sites link to them as written
    setup = ("---\ntitle: Setup\n---\n## What's next?\n\n## tasks.batchTrigger()\n\n"
             "<Tabs>\n<Tab title=\"A\">\n## Fees & billing\n</Tab>\n</Tabs>\n\n## Fees & billing\n")
    index = ("## Fees & billing\n\n[a](#fees-&-billing) [b](/guides/setup#what’s-next) "
             "[c](/guides/setup#what%E2%80%99s-next) [d](/guides/setup#tasks-batchtrigger) "
             "[e](/guides/setup#fees-&-billing-2) [f](#fees-&-billing-2) [g](#my-anchor)\n\n"
             "### Fees & billing\n\n## Custom {#my-anchor}\n")
    root = make_site(DOCS, pages={"index": index, "guides/setup": setup})
    result = cli("build", root, "-o", tmp_path / "out", "--strict")
    assert result.exit_code == 0, result.output
    assert "broken" not in result.output
    home = (tmp_path / "out" / "index.html").read_text()
    assert '<h2 id="fees-&amp;-billing">' in home and '<h3 id="fees-&amp;-billing-2">' in home
    assert '<h2 id="my-anchor">Custom<a' in home
    # the table of contents links the same ids, in page order
    toc = home.index('<a href="#fees-&amp;-billing">')
    assert toc < home.index('<a href="#fees-&amp;-billing-2">')
    assert cli("broken-links", root).stdout.strip() == "0 broken links"
    # the GitHub-style ids mdxsite made before are not the platform's: links to them are broken
    (root / "index.mdx").write_text("[x](/guides/setup#whats-next) [y](#fees-billing)\n")
    listed = cli("broken-links", root)
    assert listed.exit_code == 1 and listed.stdout.splitlines()[-1] == "2 broken links"


def test_a_link_docs_json_redirects_to_a_page_is_not_broken(cli: Callable, make_site: Callable,
                                                            tmp_path: Path) -> None:
    """A link to a redirect's source reaches a page on the platform and in the output (a page
    at the source, or the host's rule): warning about it was noise. A redirect leading nowhere,
    or round in a loop, leaves the link broken."""
    docs = {**DOCS, "redirects": [
        {"source": "/old", "destination": "/guides/setup"},
        {"source": "/moved/:slug*", "destination": "/guides/:slug*"},
        {"source": "/ext", "destination": "https://example.com/x"},
        {"source": "/hop", "destination": "/old"},
        {"source": "/loop", "destination": "/loop2"}, {"source": "/loop2", "destination": "/loop"},
        {"source": "/dead", "destination": "/nowhere"}]}
    page = "[a](/old) [b](/moved/setup) [c](/ext) [d](/hop) [e](/loop) [f](/dead)\n"
    root = make_site(docs, pages={"index": page, "guides/setup": SETUP})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    broken = sorted(re.search(r"broken link: (?:no page )?('[^']+')", line)[1]
                    for line in result.stderr.splitlines() if "[mdx.broken-link]" in line)
    assert broken == ["'/dead'", "'/loop'"]
    listed = cli("broken-links", root)
    assert listed.stdout.splitlines()[-1] == "2 broken links"


def test_a_broken_link_a_components_prop_fills_in_is_located_at_the_call(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """A component exported by the page links href={href}: the link is written where the
    page calls it, and the warning points there (it pointed at the component's first line,
    the same place for every call)."""
    page = ("export const Tile = ({ title, href }) => (\n"
            "  <a className=\"tile\" href={href}>\n"
            "    <strong>{title}</strong>\n"
            "  </a>\n"
            ");\n\n"
            "Intro.\n\n"
            "<Tile title=\"One\" href=\"/guides/setup\" />\n\n"
            "<Tile\n  title=\"Two\"\n  href=\"/gone\"\n/>\n")
    root = make_site(DOCS, pages={"index": page, "guides/setup": SETUP})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    broken = [line for line in result.stderr.splitlines() if "[mdx.broken-link]" in line]
    assert broken == ["index.mdx:13:9: warning: broken link: no page '/gone'. Fix the path or "
                      "create the page. [mdx.broken-link]"], result.stderr


def test_a_link_to_a_redirected_path_is_broken_only_where_the_redirect_leads_nowhere(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """A site that moved its pages keeps linking to the old paths, which its redirects send on
    (the platform and the output both serve them): '/en/setup' under '/en/:slug*' to
    '/guides/:slug*' reaches a page, so it is no broken link; one whose redirect lands on no
    page says where it lands."""
    docs = dict(DOCS, redirects=[{"source": "/en/:slug*", "destination": "/guides/:slug*"},
                                 {"source": "/old", "destination": "/en/setup"},
                                 {"source": "/out", "destination": "https://example.com/x"}])
    root = make_site(docs, pages={"index": "[a](/en/setup) [b](/old#install) [c](/out)\n\n"
                                           "[d](/en/gone)\n", "guides/setup": SETUP})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if "broken" in line]
    assert warnings == ["index.mdx:3:5: warning: broken link: '/en/gone' redirects to "
                        "'/guides/gone', which is no page. Fix the redirect's destination, or "
                        "link to a page. [mdx.broken-link]"]


def test_links_redirects_and_related_read_a_site_path_alike(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """A link, a redirect's destination and frontmatter ``related`` read a site path the same
    way (``Site.target``). A file .mintignore leaves out is not in the output: a link to it,
    or to a redirect landing on it, is broken (the redirect's destination was looked up on
    disk). '/guides/setup/index' names the setup page, and its #anchor is checked (it was
    not). A related path with a ?query is the page, the query kept (it was not found)."""
    docs = {**DOCS, "redirects": [{"source": "/old-sheet", "destination": "/files/sheet.pdf"},
                                  {"source": "/old-kept", "destination": "/files/kept.pdf"}]}
    index = ("---\ntitle: Home\nrelated:\n  - /guides/setup.mdx?tab=cli#install\n---\n\n"
             "[a](/old-sheet) [b](/old-kept) [c](/files/sheet.pdf) [d](/guides/setup/index#nope)\n")
    root = make_site(docs, pages={"index": index, "guides/setup": SETUP},
                     files={".mintignore": "files/sheet.pdf\n", "files/sheet.pdf": "%PDF",
                            "files/kept.pdf": "%PDF"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert sorted(line for line in result.stderr.splitlines() if "warning" in line) == [
        "index.mdx:7:36: warning: '/files/sheet.pdf' points at 'files/sheet.pdf', which the "
        "site's .mintignore leaves out of the output. Remove it from .mintignore, or fix the "
        "path. [mdx.missing-file]",
        "index.mdx:7:58: warning: broken link: page '/guides/setup' has no heading #nope. "
        "Link to one of its headings. [mdx.broken-anchor]",
        "index.mdx:7:5: warning: broken link: '/old-sheet' redirects to '/files/sheet.pdf', "
        "which is no page. Fix the redirect's destination, or link to a page. [mdx.broken-link]"]
    home = (tmp_path / "out" / "index.html").read_text()
    assert 'href="/guides/setup/?tab=cli#install"' in home
    assert not (tmp_path / "out" / "files" / "sheet.pdf").exists()
