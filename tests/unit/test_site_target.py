"""``Site.target``: the one reading of a site path (links in pages, frontmatter ``related``,
redirect destinations) as a page, a file the output ships, or nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mdxsite import pipeline, plugin_manager
from mdxsite.model import Site


@pytest.fixture
def site(make_site: Callable) -> Site:
    pages = {k: "Text.\n" for k in ("index", "guides/intro", "guides/index", "api", "café")}
    root = make_site({"name": "T", "navigation": {"pages": list(pages)}}, pages=pages,
                     files={".mintignore": "hidden.png\n", "hidden.png": "x", "logo.png": "x",
                            "tool.sh": "x"})
    return pipeline.prepare(root, plugin_manager.create())


@pytest.mark.parametrize(("path", "expected"), [
    ("/guides/intro", ("page", "guides/intro")),
    ("guides/intro", ("page", "guides/intro")),
    ("/guides/intro/", ("page", "guides/intro")),              # trailing slash
    ("guides/intro.mdx", ("page", "guides/intro")),            # the file's name
    ("/guides/intro.md", ("page", "guides/intro")),
    ("/guides/intro?tab=cli#setup", ("page", "guides/intro")),  # query and fragment ignored
    ("/guides/", ("page", "guides/index")),                    # a folder: its index page
    ("/guides/index", ("page", "guides/index")),
    ("/api/index", ("page", "api")),                           # no api/index: the api page
    ("/", ("page", "index")), ("", ("page", "index")), ("#top", ("page", "index")),
    ("/caf%C3%A9", ("page", "café")),                          # %-escapes decoded
    ("/logo.png", ("file", "logo.png")),
    ("/hidden.png", ("", "hidden.png")),                       # .mintignore: not in the output
    ("/tool.sh", ("", "tool.sh")),                             # a type the output does not ship
    ("/gone/", ("", "gone")),
])
def test_a_site_path_names_a_page_a_file_or_nothing(site: Site, path: str,
                                                    expected: tuple[str, str]) -> None:
    assert site.target(path) == expected
