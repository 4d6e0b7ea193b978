"""Built-in plugin: the "Suggest edits" and "Raise issue" links of ``feedback.edits`` and
``feedback.issues``.

The platform builds both links from the repository its dashboard is connected to. A
self-hosted site has no dashboard, so the repository is the git checkout the site is in: its
``origin`` remote, on GitHub or GitLab (a host named ``gitlab.…`` counts as GitLab), and its
current branch (``HEAD`` when detached, which both hosts read as the default branch). Like the
platform's, the links go under the page's text: "Suggest edits" opens the page's file in the
host's editor (``…/edit/<branch>/<path in the repository>``), "Raise issue" a new issue titled
"Issue on docs" whose text names the page's path. A page with no file of its own (an OpenAPI
endpoint) gets only "Raise issue". Without such a checkout the build warns, where docs.json
asks for them, that nothing is shown. Everything here uses the public hooks.
"""

from __future__ import annotations

import re
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote, urlencode

from markupsafe import escape

from mdxsite.errors import JsonPath, Problem, report_warnings
from mdxsite.hookspecs import hookimpl
from mdxsite.model import Dependency, Page, Site
from mdxsite.output import i18n
from mdxsite.output.icons import icon_svg

KEYS = ("edits", "issues")
# git@host:owner/repo.git, ssh://git@host[:port]/owner/repo, https://[user@]host/owner/repo.git
_REMOTE = re.compile(r"^(?:[a-z+]+://)?(?:[^@/]+@)?([^:/]+)(?::\d+)?[:/](.+?)(?:\.git)?/?$")


class Repository(NamedTuple):
    """Where the site's files live on their host."""

    web: str      # https://github.com/owner/repo
    gitlab: bool
    branch: str
    prefix: str   # the site folder's path in the repository, "" or ending in "/"

    def edit_url(self, source: Path) -> str:
        path = quote(self.prefix + source.as_posix())
        middle = "/-/edit/" if self.gitlab else "/edit/"
        return f"{self.web}{middle}{quote(self.branch, safe='')}/{path}"

    def issue_url(self, url: str) -> str:
        title, body = "Issue on docs", f"Path: {url}"
        if self.gitlab:
            return f"{self.web}/-/issues/new?" + urlencode(
                {"issue[title]": title, "issue[description]": body}, quote_via=quote)
        return f"{self.web}/issues/new?" + urlencode({"title": title, "body": body}, quote_via=quote)


def _git(root: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                              timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def web_address(remote: str) -> tuple[str, bool] | None:
    """(web address, on GitLab) of a GitHub or GitLab remote URL, credentials left out; None
    for another host."""
    found = _REMOTE.match(remote.strip())
    if found is None:
        return None
    host, path = found[1].lower(), found[2].strip("/")
    gitlab = host == "gitlab.com" or host.startswith("gitlab.")
    if host != "github.com" and not gitlab or "/" not in path:
        return None
    return f"https://{host}/{path}", gitlab


@lru_cache(maxsize=8)
def repository(root: Path) -> Repository | None:
    """The repository of the checkout ``root`` is in, once per process; None outside one or
    when its origin is not on GitHub or GitLab."""
    remote = _git(root, "config", "--get", "remote.origin.url")
    found = web_address(remote) if remote else None
    head = _git(root, "rev-parse", "--abbrev-ref", "HEAD", "--show-prefix")
    if found is None or head is None:
        return None
    branch, _, prefix = head.partition("\n")
    return Repository(found[0], found[1], branch.strip() or "HEAD", prefix.strip())


def _wanted(site: Site) -> tuple[bool, bool]:
    return (site.config.get("feedback.edits") is True, site.config.get("feedback.issues") is True)


@hookimpl
def mdxsite_build_started(site: Site) -> None:
    wanted = _wanted(site)
    if not any(wanted) or repository(site.root) is not None:
        return
    report_warnings([Problem(
        site.config.where(JsonPath(("feedback", key))),
        f"feedback {key!r} needs the site to be in a git checkout whose origin remote is on "
        "GitHub or GitLab, which the links point to; nothing is shown",
        "build from a clone of the site's repository, or remove it", code="config.unsupported",
        warning=True) for key, on in zip(KEYS, wanted) if on])


@hookimpl
def mdxsite_page_dependencies(site: Site, page: Page) -> list[Dependency]:
    if not any(_wanted(site)):
        return []
    found = repository(site.root)
    return [Dependency("feedback-repository", repr(tuple(found)) if found else "")]


@hookimpl
def mdxsite_page_slots(site: Site, page: Page) -> dict[str, str]:
    edits, issues = _wanted(site)
    found = repository(site.root) if edits or issues else None
    if found is None:
        return {}
    links = []
    words = i18n.page_words(site, page)  # the links are in the page's language
    if edits and page.source is not None:
        links.append(f'<a href="{escape(found.edit_url(page.source))}" rel="noopener">'
                     f'{icon_svg("pen-to-square")}{escape(words["suggest_edits"])}</a>')
    if issues:
        path = page.url.rstrip("/") or "/"  # the platform's page path: no trailing slash
        links.append(f'<a href="{escape(found.issue_url(path))}" rel="noopener">'
                     f'{icon_svg("circle-exclamation")}{escape(words["raise_issue"])}</a>')
    return {"after_content": f'<p class="page-feedback" id="feedback-toolbar">{"".join(links)}</p>'} if links else {}
