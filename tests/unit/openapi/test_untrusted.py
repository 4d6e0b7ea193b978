"""HTML from an OpenAPI document keeps only allowed markup and http(s), mailto, relative and
fragment URLs, in any attribute holding a URL; a page the site's author wrote keeps its own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from mdxsite.errors import Location
from mdxsite.openapi.untrusted import allowed_url, clean, warnings


@pytest.mark.parametrize(("url", "kept"), [
    ("https://example.com/a", True), ("http://x", True), ("mailto:a@b.c", True),
    ("/docs/x", True), ("docs/x", True), ("../x", True), ("#top", True), ("", True),
    ("?q=1", True), ("//cdn.example.com/x.png", True), ("a/b:c", True),
    ("javascript:alert(1)", False), ("JavaScript:alert(1)", False), ("java\tscript:x", False),
    (" \njavascript:x", False), ("vbscript:x", False), ("data:text/html,x", False),
    ("data:image/png;base64,AAAA", False), ("file:///etc/passwd", False),
    ("blob:https://x/1", False), ("ftp://x", False), ("tel:123", False), ("ms-settings:x", False),
    ("filesystem:https://x/t", False), ("intent://x#Intent;end", False),
])
def test_allowed_urls_are_http_mailto_relative_and_fragments(url: str, kept: bool) -> None:
    assert allowed_url(url) is kept


@pytest.mark.parametrize(("fragment", "expected"), [
    ('<a href="data:text/html,x">d</a><a href="/ok">o</a>', '<a>d</a><a href="/ok">o</a>'),
    ('<a class="card" href="blob:https://x/1"><div class="card-body">c</div></a>',
     '<a class="card"><div class="card-body">c</div></a>'),
    ('<div data-href="javascript:alert(1)" data-tabs="">x</div>', '<div data-tabs="">x</div>'),
    ('<img src="data:image/png;base64,AA" alt="i"><img src="/a.png" srcset="/b.png 2x">',
     '<img alt="i"><img src="/a.png" srcset="/b.png 2x">'),
    ('<img src="/a.png" srcset="/b.png 1x, data:x 2x">', '<img src="/a.png">'),
    ('<button onclick="alert(1)" type="button">b</button>', '<button type="button">b</button>'),
    ('<script>alert(1)</script><style>*{}</style>ok', 'ok'),
    ('<iframe src="https://www.youtube.com/embed/x" srcdoc="&lt;script&gt;"></iframe>',
     '<iframe src="https://www.youtube.com/embed/x"></iframe>'),
    ('<iframe src="data:text/html,x"></iframe>', '<iframe></iframe>'),
    ('<object data="x.swf">o</object><embed src="x"><form action="/x"><input type="password">'
     '</form>', 'o<input>'),
    ('<ul class="contains-task-list"><li><input type="checkbox" checked="" disabled=""> t</li></ul>',
     '<ul class="contains-task-list"><li><input type="checkbox" checked="" disabled=""> t</li></ul>'),
    ('<svg viewBox="0 0 8 8" aria-hidden="true"><path d="M0 0"></path><a href="javascript:x">'
     '<text>s</text></a></svg>',
     '<svg viewBox="0 0 8 8" aria-hidden="true"><path d="M0 0"></path><a><text>s</text></a></svg>'),
    ('<a rel="nofollow noopener" href="https://x.example">x</a>',
     '<a rel="nofollow noopener" href="https://x.example">x</a>'),
])
def test_clean_keeps_components_and_drops_what_could_run_or_leave(fragment: str,
                                                                  expected: str) -> None:
    assert clean(fragment) == expected


def test_each_url_left_out_is_a_located_warning() -> None:
    found = warnings('<a href="file:///etc/passwd">f</a><a href="/ok">o</a>'
                     '<a href="file:///etc/passwd">again</a><img src="data:image/gif;base64,R0">',
                     Location("evil.json"), "x-mint content of GET /pets")
    assert [str(p) for p in found] == [
        "evil.json: warning: x-mint content of GET /pets: the URL 'file:///etc/passwd' is left "
        "out: content from an OpenAPI document keeps only http, https, mailto and relative URLs. "
        "Link to an https:// page, or move the content into an MDX page. [openapi.unsafe-url]",
        "evil.json: warning: x-mint content of GET /pets: the URL 'data:image/gif;base64,R0' is "
        "left out: content from an OpenAPI document keeps only http, https, mailto and relative "
        "URLs. Link to an https:// page, or move the content into an MDX page. [openapi.unsafe-url]"]


def test_the_site_authors_own_page_keeps_its_data_image(make_site: Callable[..., Path],
                                                        cli: Callable, tmp_path: Path) -> None:
    image = "data:image/png;base64,iVBORw0KGgo="
    root = make_site({"name": "S", "navigation": {"pages": ["index"]}},
                     pages={"index": f'# Home\n\n<img src="{image}" alt="dot" />\n'})
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    assert f'src="{image}"' in (out / "index.html").read_text()
