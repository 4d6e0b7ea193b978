"""Audiences (a group's ``"audience"``, a page's frontmatter ``audience``): a static site has
no sign-in, so every reader is a visitor, in the ``default`` audience, and sees what the
platform shows a visitor: untagged pages and pages tagged ``default``. Pages for other
audiences are built and open by URL, out of the sidebar, search, the sitemap and llms files,
and the build says so where they are tagged."""

from __future__ import annotations

import json
import re
from pathlib import Path

PAGES = {
    "index": "# Home\n",
    "platform/flags": "# Public flags\n",
    "internal/flags": "# Internal flags\n",
    "internal/unreleased": "# Unreleased\n",
    "shared": "---\naudience: [\"default\", \"beta\"]\n---\n# Shared\n",
    "tagged": "---\ntitle: Tagged\naudience: internal\n---\n# Tagged page\n",
}
DOCS = {"name": "Aud", "navigation": {"groups": [
    {"group": "Get started", "pages": ["index", "shared", "tagged"]},
    {"group": "Feature flags", "audience": "default", "pages": ["platform/flags"]},
    {"group": "Feature flags", "audience": "internal", "pages": ["internal/flags"]},
    {"group": "Early access", "audience": ["internal", "beta"], "pages": ["internal/unreleased"]}]}}


def _sidebar(out: Path) -> list[str]:
    html = (out / "index.html").read_text()
    nav = html[html.index('class="sidebar'):]
    return re.findall(r'href="/([^"]*)"', nav[:nav.index("</nav>")])


def test_pages_for_other_audiences_are_built_but_offered_to_no_visitor(make_site, cli,
                                                                          tmp_path: Path) -> None:
    root = make_site(DOCS, pages=PAGES)
    out = tmp_path / "out"
    result = cli("build", root, "-o", out, "--site-url", "https://docs.example.com")
    assert result.exit_code == 0, result.output
    links = _sidebar(out)
    assert "platform/flags/" in links and "shared/" in links
    assert not {"internal/flags/", "internal/unreleased/", "tagged/"} & set(links)
    assert "Early access" not in (out / "index.html").read_text()  # an emptied group goes too
    for key in ("internal/flags", "internal/unreleased", "tagged"):
        assert (out / key / "index.html").is_file()             # open by URL
        assert f"/{key}/" not in (out / "llms.txt").read_text()
        assert f"docs.example.com/{key}/" not in (out / "sitemap.xml").read_text()
    entry = json.loads((out / "_pagefind" / "pagefind-entry.json").read_text())
    assert sum(lang["page_count"] for lang in entry["languages"].values()) == 3

    lines = [line for line in result.output.splitlines() if "audience" in line]
    assert any(line.startswith("docs.json:") and "navigation.groups[2].audience" in line
               and "'internal'" in line and "[nav.audience]" in line for line in lines)
    assert any("navigation.groups[3].audience" in line and "'internal' or 'beta'" in line
               for line in lines)
    assert any(line.startswith("tagged.mdx:3:") and "[page.audience]" in line for line in lines)
    assert not any("groups[1]" in line or "shared.mdx" in line for line in lines)


def test_an_audience_that_is_not_a_name_is_a_located_error(make_site, cli, tmp_path: Path) -> None:
    docs = {"name": "Aud", "navigation": {"groups": [
        {"group": "G", "audience": 3, "pages": ["index"]}]}}
    root = make_site(docs, pages={"index": "# Home\n"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert "navigation.groups[0].audience: \"audience\" must be a name or a list of names" \
        in result.output
