"""feedback.edits and feedback.issues: links to the site's repository, read from its git checkout."""

from __future__ import annotations

import html
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from mdxsite.plugins.feedback import web_address

DOCS = {"name": "F", "feedback": {"edits": True, "issues": True},
        "navigation": {"pages": ["index", "guides/intro"]}}
PAGES = {"index": "# Home\n", "guides/intro": "# Intro\n\nText.\n"}


def _git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@example.com", "-C", str(folder),
                    *args], check=True, capture_output=True)


def _links(page: Path) -> list[tuple[str, str]]:
    # id: the platform's identifier for its feedback toolbar, which sites' CSS targets
    found = re.search(r'<p class="page-feedback" id="feedback-toolbar">(.*?)</p>',
                      page.read_text(encoding="utf-8"))
    assert found is not None
    return [(html.unescape(href), re.sub(r"<[^>]+>", "", inner))  # the text beside its icon
            for href, inner in re.findall(r'<a href="([^"]+)"[^>]*>(.*?)</a>', found.group(1))]


def test_the_links_point_at_the_page_in_the_checkouts_origin(cli: Callable, make_site: Callable,
                                                            tmp_path: Path) -> None:
    site = make_site(DOCS, PAGES)
    repo = site.parent / "repo"
    repo.mkdir()
    site.rename(repo / "docs")  # the site in a sub-folder of the repository
    _git(repo, "init", "-q", "-b", "release")
    _git(repo, "remote", "add", "origin", "git@github.com:acme/handbook.git")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "docs")
    out = tmp_path / "out"
    result = cli("build", repo / "docs", "-o", out)
    assert result.exit_code == 0, result.stderr
    assert "feedback" not in result.stderr
    assert _links(out / "guides" / "intro" / "index.html") == [
        ("https://github.com/acme/handbook/edit/release/docs/guides/intro.mdx", "Suggest edits"),
        ("https://github.com/acme/handbook/issues/new?title=Issue%20on%20docs&body=Path%3A%20%2Fguides%2Fintro",
         "Raise issue")]
    assert _links(out / "index.html")[1][0].endswith("body=Path%3A%20%2F")


def test_without_a_repository_the_build_says_nothing_is_shown(cli: Callable, make_site: Callable,
                                                              tmp_path: Path) -> None:
    docs = ('{\n  "name": "F",\n  "feedback": {"edits": true, "issues": false},\n'
            '  "navigation": {"pages": ["index"]}\n}\n')
    site = make_site(docs, {"index": "# Home\n"})
    result = cli("build", site, "-o", tmp_path / "out")
    assert result.exit_code == 0
    assert [line for line in result.stderr.splitlines() if "feedback" in line] == [
        "docs.json:3:25: warning: feedback 'edits' needs the site to be in a git checkout whose "
        "origin remote is on GitHub or GitLab, which the links point to; nothing is shown. Build "
        "from a clone of the site's repository, or remove it. [config.unsupported]"]
    assert "page-feedback" not in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("remote, expected", [
    ("https://github.com/acme/docs.git", ("https://github.com/acme/docs", False)),
    ("https://x-access-token:s3cret@github.com/acme/docs", ("https://github.com/acme/docs", False)),
    ("ssh://git@gitlab.com:2222/group/sub/docs.git", ("https://gitlab.com/group/sub/docs", True)),
    ("git@gitlab.example.org:team/docs.git", ("https://gitlab.example.org/team/docs", True)),
    ("https://bitbucket.org/acme/docs.git", None),
    ("/srv/git/docs.git", None),
])
def test_a_remote_is_read_as_its_web_address(remote: str, expected: object) -> None:
    assert web_address(remote) == expected
