"""Plugins' options in docs.json (``mdxsite.plugins.<name>``), checked against what each plugin
declares through ``mdxsite_settings``: located errors like any docs.json mistake."""

from __future__ import annotations

import difflib
from collections.abc import Mapping

import pluggy

from mdxsite import plugin_manager
from mdxsite.errors import JsonPath, MdxsiteError, Problems, describe, report_warnings
from mdxsite.model import EMPTY_MAPPING, Setting, SiteConfig, frozen_mapping

AT = JsonPath(("mdxsite", "plugins"))


def check(pm: pluggy.PluginManager, config: SiteConfig) -> Mapping[str, Mapping[str, object]]:
    """Return every plugin's options (defaults filled in), by plugin name.

    Raises:
        MdxsiteError: a located problem per unknown option, wrong type or missing one.
    """
    declared: dict[str, dict[str, Setting]] = {}
    # each implementation's whole answer (one mapping), not contributions' flattened items: a
    # list returned by mistake is shown as it was returned
    for plugin, schema in plugin_manager.call_each(pm, "mdxsite_settings", {}):
        if not isinstance(schema, Mapping) or not all(
                isinstance(k, str) and isinstance(v, Setting) for k, v in schema.items()):
            raise plugin_manager.wrong_result(
                plugin, schema, "mdxsite_settings",
                'return a mapping of option name to Setting: {"title": Setting(str)}')
        declared.setdefault(plugin, {}).update(schema)
    raw = config.get("mdxsite.plugins")
    given: Mapping[str, object] = raw if isinstance(raw, Mapping) else {}
    out = Problems(locate=config.locator, file=config.file)
    options: dict[str, Mapping[str, object]] = {}
    known = {name for name, plugin in pm.list_name_plugin() if plugin is not None}
    blocked = {name for name, plugin in pm.list_name_plugin() if plugin is None}
    for name in given:
        if name not in known and name not in blocked:
            close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.7)
            out.warn(AT / name, f"no installed plugin is named {name!r}, so these options "
                     "are not used", code="config.unknown-plugin", key=True,
                     hint=f"did you mean {close[0]!r}?" if close else
                     "install the plugin, or see `mdxsite plugins` for the names")
    for name, schema in sorted(declared.items()):
        options[name] = _check_one(name, schema, given.get(name), out)
    report_warnings(out.warnings)
    if out.errors:
        raise MdxsiteError(out.errors)
    return frozen_mapping(options)


def _check_one(name: str, schema: Mapping[str, Setting], value: object,
               out: Problems) -> Mapping[str, object]:
    at = AT / name
    example = ", ".join(f'"{k}": …' for k in list(schema)[:2])
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        out.add(at, f"expected an object of {name!r}'s options, got {describe(value)}",
                hint=f"write \"{name}\": {{{example}}}")
        return EMPTY_MAPPING
    result: dict[str, object] = {}
    for key, given in value.items():
        setting = schema.get(key)
        if setting is None:
            close = difflib.get_close_matches(key, sorted(schema), n=1, cutoff=0.6)
            out.add(at / key, f"plugin {name!r} has no option {key!r}", key=True,
                    hint=f"did you mean {close[0]!r}?" if close else
                    f"its options are {', '.join(sorted(schema)) or 'none'}")
            continue
        problem = _mismatch(setting, given)
        if problem:
            out.add(at / key, problem, hint=setting.help or f"see the documentation of plugin {name!r}")
            continue
        result[key] = given
    for key, setting in schema.items():
        if key not in value:
            if setting.required:
                out.add(at, f"plugin {name!r} needs the option {key!r}",
                        hint=setting.help or f"add \"{key}\": …")
            result[key] = setting.default
    return frozen_mapping(result)


def _mismatch(setting: Setting, value: object) -> str:
    """Return what is wrong with ``value`` for ``setting`` ('' when nothing is)."""
    types = setting.type if isinstance(setting.type, tuple) else (setting.type,)
    accepted = isinstance(value, types) and not (isinstance(value, bool) and bool not in types)
    if not accepted and isinstance(value, int) and not isinstance(value, bool) and float in types:
        accepted = True  # 20 is a fine float
    if not accepted:
        names = " or ".join(_TYPE_NAMES.get(t, t.__name__) for t in types)
        return f"expected {names}, got {describe(value)}"
    if setting.choices is not None and value not in setting.choices:
        return f"{value!r} is not one of {', '.join(repr(c) for c in setting.choices)}"
    return ""


_TYPE_NAMES = {str: "a string", int: "a whole number", float: "a number", bool: "true or false",
               list: "an array", dict: "an object"}
