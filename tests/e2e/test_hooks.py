"""A plugin implementing every hookspec goes through real runs; each hook must be called.

The recording plugin is registered in code (jobs=1 keeps every call in this process) and
checks the arguments each hook receives. A hookspec nothing calls fails this test, so the
contract in hookspecs.py cannot drift from what mdxsite actually does.
"""

from __future__ import annotations

import inspect
from collections import defaultdict
from pathlib import Path
from typing import Any

from mdxsite import hookspecs, pipeline, plugin_manager
from mdxsite.model import BuildReport, Page, PageResult, RenderedPage, Site, SiteConfig

HOOKS = sorted(n for n, f in vars(hookspecs).items() if n.startswith("mdxsite_") and callable(f))
REPO = Path(__file__).resolve().parents[2]


class Recorder:
    """Implements every hook; each returns nothing, so built-ins still answer the stages."""

    def __init__(self) -> None:
        self.calls: dict[str, list[dict[str, Any]]] = defaultdict(list)


def _recording(name: str):
    """Build ``def name(self, <the hookspec's arguments>)`` that records its arguments."""
    params = list(inspect.signature(getattr(hookspecs, name)).parameters)
    source = (f"def {name}(self, {', '.join(params)}):\n"
              f"    self.calls[{name!r}].append({{{', '.join(f'{p!r}: {p}' for p in params)}}})\n")
    scope: dict[str, Any] = {}
    exec(source, scope)  # a real signature: pluggy reads argument names from the code object
    return hookspecs.hookimpl(scope[name])


for _name in HOOKS:
    setattr(Recorder, _name, _recording(_name))


BUILD_HOOKS = {
    "mdxsite_load_config", "mdxsite_resolve_nav", "mdxsite_expand_openapi", "mdxsite_extra_pages",
    "mdxsite_render_page", "mdxsite_template_context", "mdxsite_render_document",
    "mdxsite_write_output", "mdxsite_output_files", "mdxsite_build_started",
    "mdxsite_page_built", "mdxsite_build_finished", "mdxsite_page_assets",
}


def test_a_build_calls_every_build_hook_with_its_documented_arguments(tmp_path: Path) -> None:
    pm = plugin_manager.create()
    rec = Recorder()
    pm.register(rec, name="recorder")
    out = tmp_path / "out"
    pipeline.build(REPO / "sample_site", out, pm, jobs=1)
    called = set(rec.calls)
    assert BUILD_HOOKS - called == set()
    assert isinstance(rec.calls["mdxsite_load_config"][0]["root"], Path)
    assert isinstance(rec.calls["mdxsite_resolve_nav"][0]["config"], SiteConfig)
    assert all(isinstance(c["page"], Page) and isinstance(c["site"], Site)
               for c in rec.calls["mdxsite_render_page"])
    assert {c["page"].key for c in rec.calls["mdxsite_render_page"]} >= {"index", "jobs/retries"}
    assert all(isinstance(c["rendered"], RenderedPage) for c in rec.calls["mdxsite_render_document"])
    assert all(isinstance(c["result"], PageResult) for c in rec.calls["mdxsite_page_built"])
    finished = rec.calls["mdxsite_build_finished"][0]
    assert isinstance(finished["report"], BuildReport) and finished["out_dir"] != out
    assert (out / "index.html").is_file()


def test_a_dev_start_up_and_one_watched_edit_call_every_other_hook(tmp_path: Path) -> None:
    from mdxsite.server.dev import DevSession

    root = tmp_path / "site"
    root.mkdir()
    (root / "docs.json").write_text('{"name": "Hooks", "navigation": {"pages": ["index"]}}')
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nHello.\n")
    pm = plugin_manager.create(["search"])
    rec = Recorder()
    pm.register(rec, name="recorder")
    session = DevSession(root, tmp_path / "out", pm, port=0, jobs=1)
    try:
        assert session.start().ok
        (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nHello again.\n")
        rebuilt = session.engine.apply([root / "index.mdx"])
    finally:
        session.close()
    assert rebuilt is not None and rebuilt.rendered == ("index",)
    watch_hooks = {"mdxsite_asgi_apps", "mdxsite_watch_paths", "mdxsite_page_dependencies",
                   "mdxsite_files_changed"}
    assert BUILD_HOOKS | watch_hooks <= set(rec.calls)
    assert rec.calls["mdxsite_files_changed"][0]["paths"] == [root.resolve() / "index.mdx"]
    assert isinstance(rec.calls["mdxsite_asgi_apps"][0]["site"], Site)
    assert rec.calls["mdxsite_asgi_apps"][0]["out_dir"] == (tmp_path / "out").resolve()
    assert {c["page"].key for c in rec.calls["mdxsite_page_dependencies"]} == {"index"}
    assert isinstance(rec.calls["mdxsite_watch_paths"][0]["site"], Site)
    changed = rec.calls["mdxsite_build_finished"][-1]["report"]
    assert changed.changed_pages == ("index",)
