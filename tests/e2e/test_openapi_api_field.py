"""Where docs.json names OpenAPI documents: ``api.openapi`` (in the platform's schema) and a
top-level ``openapi`` (not in it: mint.json's key, which the platform drops from a docs.json).
Each either makes what the platform documents or says in the build what mdxsite does."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

SPEC = json.dumps({
    "openapi": "3.0.0", "info": {"title": "T", "version": "1"},
    "servers": [{"url": "https://api.example.com"}],
    "paths": {"/users": {"get": {"summary": "List users",
                                 "responses": {"200": {"description": "ok"}}}}}})
OPERATION_PAGE = "---\nopenapi: GET /users\n---\n"


def _docs(extra: str) -> str:
    return ('{\n  "name": "O",\n' + extra +
            '  "navigation": {"groups": [{"group": "G", "pages": ["index", "users"]}]}\n}\n')


def _build(cli: Callable, make_site: Callable, tmp_path: Path, docs: str,
           users: str) -> tuple[list[str], str]:
    root = make_site(docs, pages={"index": "# Home\n", "users": users},
                     files={"spec.json": SPEC})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    html = (tmp_path / "out" / "users" / "index.html").read_text()
    return [line for line in result.stderr.splitlines() if "warning:" in line], html


def test_a_top_level_openapi_is_ignored_and_the_warning_says_what_still_happens(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    warnings, html = _build(cli, make_site, tmp_path, _docs('  "openapi": "spec.json",\n'),
                            OPERATION_PAGE)
    assert warnings == [
        "docs.json:3:3: warning: openapi: unknown key 'openapi'. It is ignored, as on the "
        "platform, whose docs.json has no top-level openapi: no page comes of it and a URL "
        "there is never read (pages' openapi: frontmatter still finds the site folder's "
        "OpenAPI files); write it as api.openapi, or as \"openapi\" on a navigation tab or "
        "group to give every operation a page. [config.unknown-key]"]
    # the platform searches every OpenAPI file of the repository for such a page
    assert "List users" in html


def test_api_openapi_lends_its_document_to_frontmatter_pages_silently(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    warnings, html = _build(cli, make_site, tmp_path,
                            _docs('  "api": {"openapi": "spec.json"},\n'), OPERATION_PAGE)
    assert warnings == [] and "List users" in html


def test_api_openapi_that_no_page_comes_from_is_a_located_warning(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    warnings, _ = _build(cli, make_site, tmp_path,
                         _docs('  "api": {"openapi": ["spec.json"]},\n'), "# Users\n")
    assert warnings == [
        "docs.json:3:23: warning: api.openapi[0]: no page comes from 'spec.json': mdxsite makes "
        "API pages from \"openapi\" on a navigation element, and from pages whose frontmatter "
        "names an operation (openapi: GET /users); api.openapi only lends its document to "
        "such pages. To give every operation a page, set \"openapi\": \"spec.json\" on a tab, "
        "anchor or group of the navigation. [openapi.unused-api-spec]"]


def test_api_openapi_named_by_the_navigation_too_is_silent(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    docs = ('{\n  "name": "O",\n  "api": {"openapi": "spec.json"},\n  "navigation": {"groups": '
            '[{"group": "G", "pages": ["index", "users"]}, {"group": "API", '
            '"openapi": "spec.json"}]}\n}\n')
    warnings, _ = _build(cli, make_site, tmp_path, docs, "# Users\n")
    assert warnings == []


def test_api_openapi_names_are_compared_as_paths_not_stripped_of_dots(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # '.spec.json' is a file of its own, not 'spec.json' spelt another way
    docs = ('{\n  "name": "O",\n  "api": {"openapi": ["./.spec.json", "spec.json"]},\n'
            '  "navigation": {"groups": [{"group": "G", "pages": ["index"]}, '
            '{"group": "API", "openapi": ".spec.json"}]}\n}\n')
    root = make_site(docs, pages={"index": "# Home\n"},
                     files={".spec.json": SPEC, "spec.json": SPEC})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning:" in line]
    assert len(warnings) == 1 and "api.openapi[1]: no page comes from 'spec.json'" in \
        warnings[0], warnings
