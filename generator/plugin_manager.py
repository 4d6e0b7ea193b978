"""Plugin loading: one door in, the ``mdxsite.plugins`` entry-point group, for built-ins too."""

from __future__ import annotations

import importlib
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import pluggy

from mdxsite import hookspecs
from mdxsite.errors import Location, MdxsiteError

GROUP = "mdxsite.plugins"


def _dist(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    return dist.name if dist is not None else "?"


def _version(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    return dist.version if dist is not None else "?"


def _load(ep: EntryPoint) -> object:
    try:
        return ep.load()
    except ImportError as exc:
        raise MdxsiteError.single(
            f"plugin {ep.name!r} ({_dist(ep)}) cannot be imported: {exc}",
            hint=f"install what it needs, or disable it with --disable-plugin {ep.name}",
            where=Location(f"entry point {ep.value}")) from exc


def load_plugins(pm: pluggy.PluginManager, blocked: Collection[str] = ()) -> None:
    """Register every GROUP entry point: built-ins first, each side sorted by name.

    Sorted because ``importlib.metadata`` yields distributions in filesystem order and pluggy
    calls the last registered first: builds stay byte-identical, and a third-party plugin
    registered later can answer a stage before the built-in.
    """
    by_name: dict[str, EntryPoint] = {}
    for ep in sorted(entry_points(group=GROUP), key=lambda ep: (_dist(ep) != "mdxsite", ep.name)):
        if ep.name in by_name:
            if _dist(by_name[ep.name]) == _dist(ep):
                continue  # the same distribution seen twice on sys.path (editable + build dir)
            raise MdxsiteError.single(
                f"plugin name {ep.name!r} is claimed by {_dist(by_name[ep.name])} and {_dist(ep)}",
                hint="uninstall one of them, or disable one with --disable-plugin NAME")
        by_name[ep.name] = ep
        if ep.name in blocked:
            pm.set_blocked(ep.name)
        else:
            pm.register(_load(ep), name=ep.name)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        name = pm.get_name(exc.plugin) if exc.plugin is not None else "?"
        raise MdxsiteError.single(
            f"plugin {name!r} implements a hook mdxsite does not have: {exc}",
            hint="check the hook name against `mdxsite plugins --hooks`") from exc
    _ENTRY_POINTS.update({name: ep for name, ep in by_name.items() if name not in blocked})


_ENTRY_POINTS: dict[str, EntryPoint] = {}


def create(blocked: Collection[str] = ()) -> pluggy.PluginManager:
    """Return a plugin manager with the hookspecs and every installed plugin registered."""
    pm = pluggy.PluginManager("mdxsite")
    pm.add_hookspecs(hookspecs)
    load_plugins(pm, blocked)
    return pm


@dataclass(frozen=True, slots=True)
class PluginInfo:
    name: str
    distribution: str
    version: str
    file: str
    hooks: tuple[str, ...]


def describe_plugins(pm: pluggy.PluginManager) -> list[PluginInfo]:
    """Return what ``mdxsite plugins`` prints: name, distribution, version, file and hooks."""
    out = []
    for name, plugin in pm.list_name_plugin():
        if plugin is None:
            continue
        ep = _ENTRY_POINTS.get(name)
        hooks = tuple(sorted(h.name for h in pm.get_hookcallers(plugin) or ()))
        file = getattr(plugin, "__file__", None) or getattr(type(plugin), "__module__", "?")
        out.append(PluginInfo(name, _dist(ep) if ep else "(registered in code)",
                              _version(ep) if ep else "", str(file), hooks))
    return sorted(out, key=lambda p: (p.distribution != "mdxsite", p.name))


def only_builtins(pm: pluggy.PluginManager) -> bool:
    """True when every registered plugin is one of mdxsite's own (loaded from its entry points)."""
    for name, plugin in pm.list_name_plugin():
        if plugin is None:
            continue  # blocked
        ep = _ENTRY_POINTS.get(name)
        if ep is None or _dist(ep) != "mdxsite" or not ep.value.startswith("mdxsite."):
            return False
    return True


def plugin_name(pm: pluggy.PluginManager, plugin: object) -> str:
    return pm.get_name(plugin) or repr(plugin)


def contributions(pm: pluggy.PluginManager, hook: str, **kwargs: Any) -> Iterator[tuple[str, Any]]:
    """Call a contribution hook, yielding (plugin name, item) for every item it returned.

    Lists and tuples are flattened; None is skipped. Plugins are visited in registration order
    (built-ins first, then sorted by name), so the result is deterministic.
    """
    caller = getattr(pm.hook, hook)
    for impl in caller.get_hookimpls():
        if impl.hookwrapper or impl.wrapper:
            continue
        args = {k: kwargs[k] for k in impl.argnames}
        result = impl.function(**args)
        if result is None:
            continue
        if isinstance(result, (list, tuple, set, frozenset)) or _is_iterator(result):
            for item in result:
                yield impl.plugin_name, item
        else:
            yield impl.plugin_name, result


def _is_iterator(value: object) -> bool:
    return hasattr(value, "__next__")


def unique_by(items: Iterator[tuple[str, Any]], key: Any, what: str) -> list[Any]:
    """Return the contributed items, failing when two plugins contribute the same key."""
    seen: dict[Any, str] = {}
    out = []
    for plugin, item in items:
        k = key(item)
        if k in seen:
            raise MdxsiteError.single(
                f"plugins {seen[k]!r} and {plugin!r} both contribute {what} {k!r}",
                hint="disable one of them with --disable-plugin NAME")
        seen[k] = plugin
        out.append(item)
    return out


def module_of(name: str) -> object:
    """Import a module by dotted name (used for theme packages)."""
    return importlib.import_module(name)
