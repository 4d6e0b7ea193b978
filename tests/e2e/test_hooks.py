"""The hook contract: every hookspec is called by a real run, with its documented arguments.

A recording plugin implements every function of :mod:`mdxsite.hookspecs` (read from the
module, not from a list written here) and goes through what users do: a build of a site with
an API section, the command line gathering plugin commands, ``mdxsite serve`` preparing its
apps, and watch mode (start-up, an edited page, a change under a watched path, a deleted page).
A hookspec that no code path calls fails the first test, so hookspecs.py cannot promise a
hook mdxsite never calls.
"""

from __future__ import annotations

import inspect
import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

import click
import pytest

from mdxsite import cli, hookspecs, plugin_manager
from mdxsite.model import (BuildReport, Page, PageResult, RenderedPage, Site, SiteConfig)
from mdxsite.server.app import prepare_serving

HOOKS = sorted(n for n, f in vars(hookspecs).items()
               if n.startswith("mdxsite_") and inspect.isfunction(f))
REPO = Path(__file__).resolve().parents[2]


class Recorder:
    """Implements every hook; each returns nothing, so built-ins still answer the stages."""

    def __init__(self, watched: Path) -> None:
        self.calls: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self.watched = watched


def _recording(name: str):
    """Build ``def name(self, <the hookspec's arguments>)`` that records its arguments."""
    params = list(inspect.signature(getattr(hookspecs, name)).parameters)
    result = "[self.watched]" if name == "mdxsite_watch_paths" else "None"
    source = (f"def {name}(self, {', '.join(params)}):\n"
              f"    self.calls[{name!r}].append({{{', '.join(f'{p!r}: {p}' for p in params)}}})\n"
              f"    return {result}\n")
    scope: dict[str, Any] = {}
    exec(source, scope)  # a real signature: pluggy reads argument names from the code object
    return hookspecs.hookimpl(scope[name])


for _name in HOOKS:
    setattr(Recorder, _name, _recording(_name))


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Recorder, Path]:
    from mdxsite.server.dev import DevSession

    tmp = tmp_path_factory.mktemp("contract")
    root = tmp / "site"
    shutil.copytree(REPO / "tests" / "fixtures" / "sites" / "openapi", root)
    (root / "data.txt").write_text("one\n")
    (root / "notes.mdx").write_text("---\ntitle: Notes\n---\n\nOutside the navigation.\n")
    pm = plugin_manager.create(["search"])
    rec = Recorder(root / "data.txt")
    pm.register(rec, name="recorder")

    app = cli.App()
    app._pm = pm
    cli.main.list_commands(click.Context(cli.main, obj=app))   # the CLI gathers commands

    prepare_serving(root, tmp / "served", pm)                   # mdxsite serve, before listening

    session = DevSession(root, tmp / "out", pm, port=0, jobs=1)  # mdxsite dev
    try:
        assert session.start().ok
        # the test applies each change itself, as the watcher would: a running watcher would
        # race it to the same change (under load it took the deletion first, and the test's
        # own apply then found nothing to do). tests/e2e/test_watch.py drives the watcher.
        session.watcher.stop()
        rec.calls.pop("mdxsite_files_changed", None)
        (root / "index.mdx").write_text(
            (root / "index.mdx").read_text() + "\nEdited.\n")
        rebuilt = session.engine.apply([root / "index.mdx"])
        assert rebuilt is not None and rebuilt.ok and "index" in rebuilt.rendered
        (root / "data.txt").write_text("two\n")
        session.engine.apply([root / "data.txt"])
        (root / "notes.mdx").unlink()
        removed = session.engine.apply([root / "notes.mdx"])
        assert removed is not None and removed.ok
        assert {"notes/index.html", "notes.md"} <= set(removed.removed)  # output + hosting
    finally:
        session.close()
    return rec, root


def test_every_hookspec_is_called_by_a_build_the_cli_serve_or_watch_mode(
        recorded: tuple[Recorder, Path]) -> None:
    rec, _ = recorded
    assert len(HOOKS) >= 25
    assert [h for h in HOOKS if h not in rec.calls] == []


def test_stage_hooks_receive_their_documented_arguments(recorded: tuple[Recorder, Path]) -> None:
    rec, root = recorded
    assert rec.calls["mdxsite_load_config"][0]["root"] == root.resolve()
    assert isinstance(rec.calls["mdxsite_resolve_nav"][0]["config"], SiteConfig)
    assert all(isinstance(c["page"], Page) and isinstance(c["site"], Site)
               for c in rec.calls["mdxsite_render_page"])
    # the openapi plugin answers its own pages first (tryfirst): the recorder sees the others
    assert {c["page"].key for c in rec.calls["mdxsite_render_page"]} >= {"index", "notes"}
    assert all(isinstance(c["rendered"], RenderedPage) for c in rec.calls["mdxsite_render_document"])
    laid_out = [c["page"] for c in rec.calls["mdxsite_render_document"]]
    assert {p.key for p in laid_out} >= {"index", "adopt"}
    assert any(p.kind == "openapi" and p.data.get("method") for p in laid_out)
    assert all(isinstance(c["result"], PageResult) for c in rec.calls["mdxsite_page_built"])
    finished = rec.calls["mdxsite_build_finished"][0]
    assert isinstance(finished["report"], BuildReport)
    assert any(c["operation"].method for c in rec.calls["mdxsite_request_samples"])


def test_configure_hooks_run_once_per_process_and_site(recorded: tuple[Recorder, Path]) -> None:
    rec, _ = recorded
    # jobs=1: every page of the serve build, the dev build and its rebuilds rendered here;
    # the same docs.json object throughout a dev session, so one parser for its renders
    assert 1 <= len(rec.calls["mdxsite_configure_markdown"]) <= 3
    assert len(rec.calls["mdxsite_configure_jinja"]) == len(rec.calls["mdxsite_configure_markdown"])
    md = rec.calls["mdxsite_configure_markdown"][0]["md"]
    assert hasattr(md, "parse") and isinstance(rec.calls["mdxsite_configure_jinja"][0]["site"], Site)


def test_watch_mode_hooks_see_the_change(recorded: tuple[Recorder, Path]) -> None:
    rec, root = recorded
    changed = [c["paths"] for c in rec.calls["mdxsite_files_changed"]]
    assert changed[0] == [root.resolve() / "index.mdx"]
    assert [root.resolve() / "data.txt"] in changed
    gone = [c["page"].key for c in rec.calls["mdxsite_page_files"]]
    assert gone == ["notes"]
    last = rec.calls["mdxsite_build_finished"][-1]["report"]
    assert last.changed_pages is not None  # a rebuild's report lists the pages it rendered
    assert isinstance(rec.calls["mdxsite_cli_commands"][0]["cli"], click.Group)
    assert {c["out_dir"].name for c in rec.calls["mdxsite_asgi_apps"]} >= {"served", "out"}

