"""The actions of an OpenAPI Overlay: update's merge rules, remove, copy, their order, and
located failures."""

from __future__ import annotations

from typing import Any

import pytest

from mdxsite.errors import MdxsiteError
from mdxsite.openapi.load import parse
from mdxsite.openapi.overlays import apply


def spec() -> dict[str, Any]:
    return {"openapi": "3.1.0", "info": {"title": "T", "version": "1"},
            "tags": [{"name": "a"}],
            "paths": {"/a": {"get": {"summary": "A", "parameters": [{"name": "p"}]}},
                      "/b": {"get": {"summary": "B"}, "post": {"summary": "B2"}}}}


def run(data: dict[str, Any], text: str) -> dict[str, Any]:
    apply(data, parse(text, "overlay.yaml", kind="Overlay"))
    return data


HEAD = "overlay: 1.1.0\ninfo: {title: O, version: '1'}\nactions:\n"


def test_update_merges_objects_recursively_appends_to_arrays_and_replaces_primitives() -> None:
    data = run(spec(), HEAD + "  - target: $.paths['/a'].get\n"
               "    update: {summary: New, x-mint: {href: /x}, parameters: [{name: q}]}\n"
               "  - target: $.tags\n    update: {name: b}\n"
               "  - target: $.info.title\n    update: Renamed\n")
    op = data["paths"]["/a"]["get"]
    assert op == {"summary": "New", "x-mint": {"href": "/x"},
                  "parameters": [{"name": "p"}, {"name": "q"}]}
    assert data["tags"] == [{"name": "a"}, {"name": "b"}]
    assert data["info"] == {"title": "Renamed", "version": "1"}


def test_update_applies_to_every_node_the_target_selects() -> None:
    data = run(spec(), HEAD + "  - target: $.paths.*.get\n    update: {deprecated: true}\n")
    assert all(item["get"]["deprecated"] is True for item in data["paths"].values())


def test_remove_deletes_object_members_and_array_items() -> None:
    data = spec()
    data["servers"] = [{"url": "a"}, {"url": "b"}, {"url": "c"}]
    run(data, HEAD + "  - target: $.paths['/b'].*\n    remove: true\n"
        "  - target: $.servers[0,2]\n    remove: true\n")
    assert data["paths"]["/b"] == {}
    assert data["servers"] == [{"url": "b"}]


def test_copy_merges_the_selected_node_into_each_target() -> None:
    data = run(spec(), HEAD + "  - target: $.paths\n    update: {/c: {}}\n"
               "  - target: $.paths['/c']\n    copy: $.paths['/b']\n"
               "  - target: $.paths['/b']\n    remove: true\n")
    assert list(data["paths"]) == ["/a", "/c"]
    assert data["paths"]["/c"] == {"get": {"summary": "B"}, "post": {"summary": "B2"}}


def test_actions_apply_in_order() -> None:
    data = run(spec(), HEAD + "  - target: $.info\n    update: {title: One}\n"
               "  - target: $.info\n    update: {title: Two}\n")
    assert data["info"]["title"] == "Two"
    data = run(spec(), HEAD + "  - target: $.paths['/a']\n    remove: true\n"
               "  - target: $.paths['/a']\n    update: {get: {}}\n")
    assert "/a" not in data["paths"]  # the update found nothing left to change


def test_an_action_that_selects_nothing_changes_nothing() -> None:
    assert run(spec(), HEAD + "  - target: $.paths['/none']\n    update: {x: 1}\n") == spec()


@pytest.mark.parametrize("actions, where, words", [
    ("  - target: $.paths[\n    remove: true\n", "overlay.yaml:4:13", "not a JSONPath"),
    ("  - update: {x: 1}\n", "overlay.yaml:4:5", "needs \"target\""),
    ("  - target: $.info\n    copy: $.paths.*\n", "overlay.yaml:5:11", "selects 2 nodes"),
    ("  - target: $.info\n    update: 3\n", "overlay.yaml:4:5", "cannot merge int"),
    ("  - target: $.info\n", "overlay.yaml:4:5", "needs update, remove: true or copy"),
])
def test_a_failing_action_is_located_in_the_overlay(actions: str, where: str, words: str) -> None:
    with pytest.raises(MdxsiteError) as caught:
        run(spec(), HEAD + actions)
    problem = caught.value.problems[0]
    assert str(problem.where) == where and words in problem.message
    assert problem.path.startswith("actions[0]")


def test_copy_needs_overlay_1_1_and_the_version_is_checked() -> None:
    with pytest.raises(MdxsiteError, match="copy needs Overlay 1.1"):
        run(spec(), HEAD.replace("1.1.0", "1.0.0") + "  - target: $.info\n    copy: $.info\n")
    with pytest.raises(MdxsiteError, match="unsupported overlay version"):
        run(spec(), HEAD.replace("1.1.0", "2.0.0") + "  - target: $.info\n    remove: true\n")
