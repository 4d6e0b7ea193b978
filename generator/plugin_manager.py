"""Plugin loading and calling: one door in (the ``mdxsite.plugins`` entry-point group, for
built-ins too), and every hook called through pluggy.

Each implementation is wrapped when it is registered, so that anything other than
:class:`~mdxsite.MdxsiteError` it raises becomes a :class:`~mdxsite.PluginError` naming that one
plugin (its distribution, version, the hook, the page and the line that raised), whichever way
the hook was called: a stage, a contribution, a wrapper around either.
"""

from __future__ import annotations

import contextvars
import importlib
import inspect
import operator
import sys
import traceback
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from importlib.metadata import Distribution, EntryPoint, entry_points
from pathlib import Path
from typing import Any

import pluggy

from mdxsite import hookspecs
from mdxsite.errors import Location, MdxsiteError, PluginError
from mdxsite.memo import ByIdentity

GROUP = "mdxsite.plugins"


def _dist(ep: EntryPoint | None) -> str:
    dist = getattr(ep, "dist", None)
    return str(name_and_version(dist)[0]) if dist is not None else "?"


def _version(ep: EntryPoint | None) -> str:
    dist = getattr(ep, "dist", None)
    return str(name_and_version(dist)[1]) if dist is not None else "?"


def _read_name_and_version(dist: Distribution) -> tuple[str | None, str | None]:
    """Return ``(dist.name, dist.version)``, the ``Name`` and ``Version`` fields of its
    metadata (None for a missing one); :data:`name_and_version` remembers it per distribution.

    ``importlib.metadata`` parses the whole metadata file as an email message for each of
    them (a project's README is often in it): 1.5 ms a field, and a build asks for every
    installed distribution's (:func:`mdxsite.output.cache.code_fingerprint`) and each
    plugin's, 130 in all. The fields are read from the file's head here instead; any header
    this simple reading could get wrong goes to ``importlib.metadata``.
    """
    text = dist.read_text("METADATA") or dist.read_text("PKG-INFO") or dist.read_text("")
    if text is not None:
        head = text.partition("\n\n")[0]
        fields: dict[str, str] = {}
        last = ""
        for line in head.split("\n"):
            if line[:1] in (" ", "\t"):  # a folded header: its value goes on
                if last in ("name", "version"):
                    break
                continue
            name, colon, value = line.partition(":")
            last = name.lower()
            if not colon or not name or not name.isascii() or " " in name or "\t" in name \
                    or "\r" in line:
                break
            if last in ("name", "version") and last not in fields:
                fields[last] = value.lstrip(" \t")  # what the email parser keeps of it
        else:
            return fields.get("name"), fields.get("version")
    metadata = dist.metadata
    return metadata["Name"], metadata["Version"]


# distribution -> its (Name, Version), for the distributions of the plugins' entry points
name_and_version = ByIdentity(_read_name_and_version)


def _load(ep: EntryPoint) -> object:
    try:
        return ep.load()
    except ImportError as exc:
        raise MdxsiteError.single(
            f"plugin {ep.name!r} ({_dist(ep)}) cannot be imported: {exc}",
            hint=f"install what it needs, or disable it with --disable-plugin {ep.name}",
            where=Location(f"entry point {ep.value}")) from exc
    except Exception as exc:  # a bug at import time: name the plugin, never a traceback
        raise PluginError(ep.name, _dist(ep), "import", "", exc, version=_version(ep),
                          where=raised_at(exc, None)) from exc


# (hook name, plugin name, result) of each implementation that returned, while
# :func:`contributions` collects a hook's results: how a result is traced to its plugin
_RESULTS: contextvars.ContextVar[list[tuple[str, str, object]] | None] = contextvars.ContextVar(
    "mdxsite_results", default=None)


class Plugins(pluggy.PluginManager):
    """pluggy's manager, with every implementation wrapped to blame its own plugin."""

    def __init__(self) -> None:
        super().__init__("mdxsite")
        self.entry_points: dict[str, EntryPoint] = {}
        # call monitors added (add_hookcall_monitoring, enable_tracing) and not undone: while
        # any is, every call goes through pluggy, which runs them (see call_each)
        self.monitors = 0
        # hook name -> (its implementations, how call_each calls them), see _direct
        self.plans: dict[str, tuple[list[Any], Any]] = {}

    def add_hookcall_monitoring(self, before: Any, after: Any) -> Callable[[], None]:
        undo = super().add_hookcall_monitoring(before, after)
        self.monitors += 1
        done = [False]

        def undo_once() -> None:
            undo()
            if not done[0]:
                done[0] = True
                self.monitors -= 1
        return undo_once

    def register(self, plugin: object, name: str | None = None) -> str | None:
        found = super().register(plugin, name)
        if found is None:  # blocked
            return None
        for caller in self.get_hookcallers(plugin) or ():
            for impl in caller.get_hookimpls():
                if impl.plugin is plugin:
                    self._guard(impl, caller.name, found)
        return found

    def _guard(self, impl: Any, hook: str, name: str) -> None:
        if impl.hookwrapper:
            self.unregister(name=name)
            raise MdxsiteError.single(
                f"plugin {name!r} implements {hook} with hookwrapper=True, which mdxsite does "
                "not support", where=Location(_file_of(impl.function)),
                hint="use @hookimpl(wrapper=True): `result = yield` gives the inner result, "
                     "and what the wrapper returns replaces it")
        function = impl.function
        blame = self._blamer(name, hook, function)
        if inspect.isgeneratorfunction(function):
            def guarded_wrapper(*args: Any, **kwargs: Any) -> Any:
                try:
                    return (yield from function(*args, **kwargs))
                except (MdxsiteError, PluginError):
                    raise
                except Exception as exc:
                    raise template_mistake(exc, args, kwargs) or blame(exc, args, kwargs) from exc
            guarded: Callable[..., Any] = guarded_wrapper
        else:
            def guarded_call(*args: Any, **kwargs: Any) -> Any:
                try:
                    result = function(*args, **kwargs)
                except (MdxsiteError, PluginError):
                    raise
                except Exception as exc:
                    raise template_mistake(exc, args, kwargs) or blame(exc, args, kwargs) from exc
                collecting = _RESULTS.get()
                if collecting is not None and result is not None:
                    collecting.append((hook, name, result))
                return result
            guarded = guarded_call
        setattr(impl, "function", guarded)  # HookImpl read its argument names already

    def _blamer(self, name: str, hook: str, function: Callable[..., Any]
                ) -> Callable[[Exception, tuple[Any, ...], dict[str, Any]], PluginError]:
        argnames = tuple(inspect.signature(function).parameters)

        def blame(exc: Exception, args: tuple[Any, ...], kwargs: dict[str, Any]) -> PluginError:
            values = dict(zip(argnames, args), **kwargs)
            page = values.get("page")
            if page is None:  # mdxsite_page_built: the page of its result
                page = getattr(values.get("result"), "page", None)
            ep = self.entry_points.get(name)
            return PluginError(name, _dist(ep) if ep else "registered in code", hook,
                               getattr(page, "key", ""), exc,
                               version=_version(ep) if ep else "",
                               where=raised_at(exc, function))
        return blame


# the names Jinja gives the frames of template code in a traceback it rewrote
_TEMPLATE_FRAMES = ("top-level template code", "template")


def template_mistake(exc: Exception, args: tuple[Any, ...], kwargs: dict[str, Any]
                     ) -> MdxsiteError | None:
    """A Jinja error in a template mdxsite does not ship (the site's ``_templates/``, a
    plugin's template folder) as a mistake located in that template, not as a bug of the
    plugin that happened to render it (``mdx`` for a component, ``theme`` for the layout).

    None for any other exception, and for an error in mdxsite's own templates (our bug).
    """
    jinja2 = sys.modules.get("jinja2")
    if jinja2 is None or not isinstance(exc, jinja2.TemplateError):
        return None
    site = kwargs.get("site", next((a for a in args if hasattr(a, "root")), None))
    root = getattr(site, "root", None)
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename:
        file, line = exc.filename, exc.lineno
    else:
        frames = [f for f in traceback.extract_tb(exc.__traceback__)
                  if not f.filename.endswith(".py") and (
                      f.name in _TEMPLATE_FRAMES or f.name.startswith(("block ", "macro ")))]
        if frames:
            file, line = frames[-1].filename, frames[-1].lineno or 0
        elif isinstance(exc, jinja2.TemplateNotFound):  # a component's template
            page = kwargs.get("page", next((a for a in args if hasattr(a, "key")), None))
            source = getattr(page, "source", None)
            return MdxsiteError.single(
                f"no template folder has the template {exc.name!r}",
                where=Location(source.as_posix()) if source is not None else None,
                hint="a plugin's component names it: ship it in a folder the plugin returns "
                     "from mdxsite_template_folders (and in its package data), or add it to "
                     "the site's _templates/")
        else:
            return None
    themes = Path(sys.modules["mdxsite.themes"].__file__ or ".").parent \
        if "mdxsite.themes" in sys.modules else None
    if themes is not None and Path(file).is_relative_to(themes):
        return None
    if root is not None and Path(file).is_relative_to(root):
        file = Path(file).relative_to(root).as_posix()
    message = (f"no template folder has the template {exc.name!r}"
               if isinstance(exc, jinja2.TemplateNotFound)
               else getattr(exc, "message", None) or str(exc))
    return MdxsiteError.single(message, where=Location(str(file), line or 0),
                               hint="templates run with StrictUndefined: a name must be "
                                    "defined (test it with `is defined`)"
                               if isinstance(exc, jinja2.UndefinedError) else "")


def _file_of(function: Callable[..., Any]) -> str:
    try:
        return inspect.getsourcefile(function) or "?"
    except TypeError:
        return "?"


def raised_at(exc: BaseException, function: Callable[..., Any] | None) -> str:
    """Return ``file:line`` of the deepest frame of the traceback inside the plugin's own
    file (else the deepest frame at all): where the author should look."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    own = _file_of(function) if function is not None else ""
    here = Path(__file__).as_posix()
    mine = [f for f in frames if f.filename == own] or [f for f in frames
                                                        if Path(f.filename).as_posix() != here]
    frame = (mine or frames)[-1]
    return f"{frame.filename}:{frame.lineno}"


def load_plugins(pm: Plugins, blocked: Collection[str] = ()) -> None:
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
            pm.entry_points[ep.name] = ep
            pm.register(_load(ep), name=ep.name)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        name = pm.get_name(exc.plugin) if exc.plugin is not None else "?"
        raise MdxsiteError.single(
            f"plugin {name!r} implements a hook mdxsite does not have: {exc}",
            hint="check the hook name against `mdxsite plugins --hooks`") from exc


def installed_names() -> set[str]:
    """The names of the installed plugins (GROUP entry points), without importing them."""
    return {ep.name for ep in entry_points(group=GROUP)}


def create(blocked: Collection[str] = ()) -> Plugins:
    """Return a plugin manager with the hookspecs and every installed plugin registered."""
    pm = Plugins()
    pm.add_hookspecs(hookspecs)
    load_plugins(pm, blocked)
    return pm


def entry_point(pm: pluggy.PluginManager, name: str) -> EntryPoint | None:
    """Return the entry point plugin ``name`` was loaded from (None: registered in code)."""
    return getattr(pm, "entry_points", {}).get(name)


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
        ep = entry_point(pm, name)
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
        ep = entry_point(pm, name)
        if ep is None or _dist(ep) != "mdxsite" or not ep.value.startswith("mdxsite."):
            return False
    return True


def plugin_name(pm: pluggy.PluginManager, plugin: object) -> str:
    return pm.get_name(plugin) or repr(plugin)


def _direct(pm: pluggy.PluginManager, caller: Any, kwargs: dict[str, Any]
            ) -> list[tuple[Any, Callable[..., tuple[Any, ...]], str]] | None:
    """Return (implementation, its arguments' taker, plugin name) of each implementation of
    ``caller``, in the order pluggy calls them, when calling each one's function with its
    arguments is all pluggy would do; else None.

    That is: our manager (its functions are guarded, see :meth:`Plugins._guard`) with no call
    monitor, a hook that is neither ``firstresult`` nor historic and whose spec has no
    defaults, no wrapper among the implementations, none taking keyword arguments, and every
    argument they name given. Worked out once per set of implementations (see _plan).
    """
    if not isinstance(pm, Plugins) or pm.monitors or not isinstance(caller, pluggy.HookCaller):
        return None
    impls = caller.get_hookimpls()
    known = pm.plans.get(caller.name)
    if known is None or known[0] != impls:  # HookImpl compares by identity
        known = pm.plans[caller.name] = (impls, _plan(caller, impls))
    plan = known[1]
    if plan is None or not plan[1] <= kwargs.keys():
        return None
    return plan[0]


def _plan(caller: Any, impls: list[Any]
          ) -> tuple[list[tuple[Any, Callable[..., tuple[Any, ...]], str]], frozenset[str]] | None:
    """What _direct returns, and the arguments the implementations take; None: through pluggy."""
    spec = caller.spec
    if spec is None or spec.kwargdefaults or spec.opts.get("firstresult") \
            or spec.opts.get("historic"):
        return None
    if any(impl.wrapper or impl.hookwrapper or impl.kwargnames for impl in impls):
        return None
    # pluggy calls the last of the list first
    return ([(impl, _taker(impl.argnames), impl.plugin_name) for impl in reversed(impls)],
            frozenset(name for impl in impls for name in impl.argnames))


def _taker(names: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """Return a function giving the values of ``names`` from the call's keyword arguments, in
    order (itemgetter: a third of the time a comprehension takes, for each implementation)."""
    if len(names) >= 2:
        return operator.itemgetter(*names)
    if names:
        name = names[0]
        return lambda kwargs: (kwargs[name],)
    return lambda kwargs: ()


def call_each(pm: pluggy.PluginManager, hook: str, kwargs: dict[str, Any]
              ) -> list[tuple[str, Any]]:
    """Call ``hook`` with ``kwargs``; return (plugin name, result) of each implementation
    that returned something, in call order.

    What ``pm.hook.<hook>(**kwargs)`` does, but without pluggy's general call machinery when
    it has nothing to do (see :func:`_direct`): hooks called once per page (10,000 calls of
    ``mdxsite_page_built`` spent about 0.04 s in it). A plugin's exception is still its
    :class:`~mdxsite.PluginError`, raised by its guarded function. With a wrapper (or a
    monitor) the call goes through pluggy, and a result is credited as :func:`contributions`
    credits it.
    """
    caller = getattr(pm.hook, hook)
    order = _direct(pm, caller, kwargs)
    if order is None:
        return list(_through_pluggy(caller, hook, kwargs))
    out = []
    for impl, take, plugin in order:
        result = impl.function(*take(kwargs))  # read each call: a profiler may replace it
        if result is not None:
            out.append((plugin, result))
    return out


def _through_pluggy(caller: Any, hook: str, kwargs: dict[str, Any]
                    ) -> Iterator[tuple[str, Any]]:
    token = _RESULTS.set([])
    try:
        results = caller(**kwargs)
        recorded = _RESULTS.get() or []
    finally:
        _RESULTS.reset(token)
    owners = {id(result): name for called, name, result in recorded if called == hook}
    for result in results:
        yield owners.get(id(result)) or _wrappers(caller), result


def contributions(pm: pluggy.PluginManager, hook: str, **kwargs: Any) -> Iterator[tuple[str, Any]]:
    """Call a contribution hook (as pluggy does, see :func:`call_each`), yielding (plugin
    name, item) for every item.

    pluggy decides the order (``tryfirst`` first, then the last registered first) and runs
    wrappers, which may add, drop or reorder results. Lists and tuples are flattened; None is
    skipped. A result a wrapper made up is credited to the wrappers of the hook.
    """
    for owner, result in call_each(pm, hook, kwargs):
        if isinstance(result, (list, tuple, set, frozenset)) or _is_iterator(result):
            for item in result:
                yield owner, item
        else:
            yield owner, result


def _wrappers(caller: Any) -> str:
    """The plugins wrapping a hook: where a result no implementation returned came from."""
    return ", ".join(i.plugin_name for i in caller.get_hookimpls() if i.wrapper) or "?"


def _is_iterator(value: object) -> bool:
    return hasattr(value, "__next__")


def typed(items: Iterator[tuple[str, Any]], kind: type | tuple[type, ...], hook: str,
          hint: str) -> Iterator[tuple[str, Any]]:
    """Pass on contributed items, failing on the first that is not a ``kind``: a located
    error naming the plugin and what it returned, not an AttributeError in our code."""
    for plugin, item in items:
        if not isinstance(item, kind):
            raise wrong_result(plugin, item, hook, hint)
        yield plugin, item


def wrong_result(plugin: str, value: object, hook: str, hint: str) -> MdxsiteError:
    """The error for a plugin that returned something a hook does not take."""
    shown = repr(value)
    if len(shown) > 80:
        shown = shown[:77] + "..."
    return MdxsiteError.single(f"plugin {plugin!r} returns {shown} from {hook}", hint=hint,
                               where=Location(f"plugin {plugin}"))


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
