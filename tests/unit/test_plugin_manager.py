"""Plugin loading and calling: a distribution's name and version read from its metadata
file's head, as importlib.metadata gives them; contribution hooks answer as pluggy does."""

from __future__ import annotations

import types
from importlib.metadata import PathDistribution
from pathlib import Path
from typing import Any

import pluggy
import pytest

from mdxsite import hookimpl, hookspecs, plugin_manager

README = "Long description\n\nName: not-this\nVersion: 9\n"
METADATA = [
    "Metadata-Version: 2.1\nName: simple\nVersion: 1.0\n\n" + README,
    "Metadata-Version: 2.1\nname: lower\nversion: 2.0 \nSummary: x\n",   # any case, a blank kept
    "Metadata-Version: 2.1\nName: folded\n  on\nVersion: 3\n\n",          # a folded value
    "Metadata-Version: 2.1\r\nName: crlf\r\nVersion: 4\r\n\r\n",
    "Metadata-Version: 2.1\nSummary: no name\n\nName: body\n",
    "Metadata-Version: 2.1\nName: first\nName: second\nVersion: 5\n",
    "Metadata-Version: 2.1\nName:\tspaced-by-tab\nVersion:6\n",
    "Metadata-Version: 2.1\nnot a header\nName: broken\nVersion: 7\n",
    "Name: only\nDescription: a\n  long\n  one\nVersion: 8\n",
]


@pytest.mark.parametrize("text", METADATA)
def test_name_and_version_are_what_importlib_metadata_says(tmp_path: Path, text: str) -> None:
    folder = tmp_path / "x-1.0.dist-info"
    folder.mkdir()
    (folder / "METADATA").write_bytes(text.encode())
    dist = PathDistribution(folder)
    assert plugin_manager.name_and_version(dist) == (dist.metadata["Name"], dist.version)


def test_an_egg_info_is_read_from_its_pkg_info(tmp_path: Path) -> None:
    folder = tmp_path / "x.egg-info"
    folder.mkdir()
    (folder / "PKG-INFO").write_text("Metadata-Version: 1.0\nName: egg\nVersion: 0.1\n")
    dist = PathDistribution(folder)
    assert plugin_manager.name_and_version(dist) == ("egg", "0.1")


# --------------------------------------------------------------------------- contributions

def _manager(*plugins: object) -> plugin_manager.Plugins:
    pm = plugin_manager.Plugins()
    pm.add_hookspecs(hookspecs)
    for i, p in enumerate(plugins):
        pm.register(p, name=f"p{i}")
    return pm


def _declaring(value: object, **opts: bool) -> object:
    return types.SimpleNamespace(mdxsite_page_dependencies=hookimpl(**opts)(
        lambda page: value))


def test_contributions_come_in_pluggys_order_from_each_plugin() -> None:
    pm = _manager(_declaring(["a"]), _declaring(["b"], tryfirst=True), _declaring(None),
                  _declaring(("c", "d")), _declaring(["e"], trylast=True), _declaring("f"))
    got = list(plugin_manager.contributions(pm, "mdxsite_page_dependencies", site=None, page=1))
    assert got == [("p1", "b"), ("p5", "f"), ("p3", "c"), ("p3", "d"), ("p0", "a"), ("p4", "e")]
    raw = pm.hook.mdxsite_page_dependencies(site=None, page=1)
    assert [item for _, item in got] == [i for r in raw for i in (r if isinstance(r, list | tuple) else [r])]


def test_a_wrapper_around_a_contribution_hook_still_runs() -> None:
    def wrap(page: Any) -> Any:
        found = yield
        return [*found, ["wrapped"]]

    pm = _manager(_declaring(["a"]), types.SimpleNamespace(
        mdxsite_page_dependencies=hookimpl(wrapper=True)(wrap)))
    got = list(plugin_manager.contributions(pm, "mdxsite_page_dependencies", site=None, page=1))
    assert got == [("p0", "a"), ("p1", "wrapped")]


def test_a_hook_call_monitor_sees_each_contribution_call() -> None:
    pm = _manager(_declaring(["a"]))
    seen: list[str] = []
    undo = pm.add_hookcall_monitoring(lambda name, impls, kwargs: seen.append(name),
                                      lambda outcome, name, impls, kwargs: None)
    assert list(plugin_manager.contributions(pm, "mdxsite_page_dependencies", site=None,
                                             page=1)) == [("p0", "a")]
    undo()
    list(plugin_manager.contributions(pm, "mdxsite_page_dependencies", site=None, page=1))
    assert seen == ["mdxsite_page_dependencies"]


def test_a_contribution_call_missing_an_argument_fails_as_pluggys() -> None:
    pm = _manager(_declaring(["a"]))
    with pytest.raises(pluggy.HookCallError, match="'page'"):
        list(plugin_manager.contributions(pm, "mdxsite_page_dependencies", site=None))
