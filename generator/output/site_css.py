"""The site's own stylesheets as published: the files their ``url()`` and ``@import`` name.

A site's ``.css`` files are copied to the output as they are, with two exceptions a reader
would otherwise meet as a missing background or font:

- a site path (``url('/images/texture.png')``) is a path from the site's root, which under
  ``--base-url /docs/`` is ``/docs/``: it is rewritten to ``/docs/images/texture.png``, as the
  pages' own image and link paths are. Relative paths (``url(fonts/a.woff2)``) resolve
  against the stylesheet's own folder and work under any base URL, so they are left alone;
- a path naming no file of the site is a warning at its line and column (the browser would
  get a 404 for it).

URLs with a scheme (``https:``, ``data:``), protocol-relative ones and fragments
(``url(#clip)``, SVG references) are not the site's files and are neither checked nor
rewritten.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Collection

from mdxsite.errors import Location, Problem
from mdxsite.model import Site
from mdxsite.output import redirects

# url(x), url('x'), url("x"); @import 'x' / "x" (the url() form is the first pattern's)
_REFERENCE = re.compile(
    r"""url\(\s*(?:"(?P<dq>[^"\n]*)"|'(?P<sq>[^'\n]*)'|(?P<bare>[^'")\s]*))\s*\)"""
    r"""|@import\s+(?:"(?P<idq>[^"\n]*)"|'(?P<isq>[^'\n]*)')""")
_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_FOREIGN = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|//|#)")
_GROUPS = ("dq", "sq", "bare", "idq", "isq")
_GENERATED = ("_mdxsite/", "_pagefind/")  # mdxsite's own files, written beside the site's


def publish(site: Site, rel: str, text: str, present: Collection[str]
            ) -> tuple[str, list[Problem]]:
    """Return the stylesheet at output path ``rel`` as it is published, and its warnings.

    ``present`` holds the output paths that will exist (the site's files and those plugins
    add), each without a leading slash.
    """
    problems: list[Problem] = []
    pieces: list[str] = []
    last = 0
    blanked = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)  # same offsets
    rebase = site.base_url.rstrip("/")
    for match in _REFERENCE.finditer(blanked):
        name = next(g for g in _GROUPS if match.group(g) is not None)
        target = match.group(name)
        if not target or _FOREIGN.match(target) or target.startswith("var("):
            continue
        path = redirects.bare(target)
        if path.startswith("/"):
            wanted = posixpath.normpath(path).lstrip("/")
        else:
            wanted = posixpath.normpath(posixpath.join(posixpath.dirname(rel), path))
        if wanted not in present and not wanted.startswith(_GENERATED):
            start = match.start(name)
            line = text.count("\n", 0, start) + 1
            column = start - (text.rfind("\n", 0, start) + 1) + 1
            problems.append(Problem(
                Location(rel, line, column),
                f"'{target}' names no file of the site ({wanted} is not in the site folder): "
                "readers' browsers get a 404 for it",
                "add the file or fix the path (a path starting with / is from the site's root)",
                code="theme.css-missing-file", warning=True))
        if rebase and path.startswith("/"):
            pieces += [text[last:match.start(name)], rebase + target]
            last = match.end(name)
    if not pieces:
        return text, problems
    return "".join(pieces) + text[last:], problems
