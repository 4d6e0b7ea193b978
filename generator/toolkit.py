"""The tools that render pages in one process: the Markdown parser, the Jinja environment and
the MDX component set, each built once per process and site and handed to the plugins'
configure hooks once.

The build sets the process's plugin manager (:func:`use`); the renderer, the theme and the
OpenAPI pages ask :func:`for_site` for the tools. A worker process forked from the build
inherits them, configured already.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import jinja2
import pluggy
from markdown_it import MarkdownIt

from mdxsite import plugin_manager
from mdxsite.errors import Location, MdxsiteError
from mdxsite.model import Component, Site, SiteConfig

_ACTIVE: list[pluggy.PluginManager] = []   # the plugin manager of this process's build
# where the build keeps compiled templates between processes (see keep_templates_in)
_BYTECODE: list[Path] = []
_CURRENT: list[Toolkit] = []
# set in a render worker: the template files stay as they are for its life (see fix_templates)
_FIXED: list[bool] = []


@dataclass(frozen=True, slots=True)
class Toolkit:
    """A site's parser, template environment and components, for one plugin manager."""

    pm: pluggy.PluginManager
    config: SiteConfig
    root: Path
    markdown: MarkdownIt
    jinja: jinja2.Environment
    components: Mapping[str, Component]


def use(pm: pluggy.PluginManager) -> None:
    """Make ``pm`` the plugin manager whose hooks configure this process's tools."""
    if not _ACTIVE or _ACTIVE[0] is not pm:
        _ACTIVE[:] = [pm]


def keep_templates_in(folder: Path | None) -> None:
    """Keep the templates this process compiles in ``folder`` for the next build, and load
    them from it (None: compile in memory only). For an environment built after this call;
    the build sets it to its cache folder before anything renders."""
    _BYTECODE[:] = [folder] if folder is not None else []


def fix_templates() -> None:
    """Tell this process its template files will not change while it lives (a render worker
    of one build): Jinja then stops checking each template file's time at every lookup
    (about 6 a page). Never in a process that outlives an edit (``mdxsite dev``)."""
    _FIXED[:] = [True]
    for kit in _CURRENT:
        kit.jinja.auto_reload = False


def active_plugins() -> pluggy.PluginManager:
    """Return the plugin manager of this process (every installed plugin, if none was set)."""
    if not _ACTIVE:
        _ACTIVE.append(plugin_manager.create())
    return _ACTIVE[0]


def for_site(site: Site) -> Toolkit:
    """Return the tools for ``site``, built (and configured by the plugins) on first use."""
    pm = active_plugins()
    kit = _CURRENT[0] if _CURRENT else None
    if kit is None or kit.pm is not pm or kit.config is not site.config or kit.root != site.root:
        kit = _build(pm, site)
        _CURRENT[:] = [kit]
    # the site of this call may differ from the first only in derived fields (the
    # fingerprinted asset names), which links must follow
    kit.jinja.globals["href"] = site.href
    return kit


def _build(pm: pluggy.PluginManager, site: Site) -> Toolkit:
    from mdxsite.mdx.render import new_parser
    from mdxsite.output import theme

    md = new_parser()
    if site.config.get("styling.latex") is False:
        # the platform's switch for a site whose dollar signs are not math ("$5 and $10",
        # shell variables): its $…$ and $$…$$ stay text; <Latex> still typesets what it holds
        md.disable(["math_inline", "math_block"])
    pm.hook.mdxsite_configure_markdown(md=md, site=site)
    folders = [_folder(plugin, p) for plugin, p in plugin_manager.contributions(
        pm, "mdxsite_template_folders", site=site)]
    env = theme.new_environment(theme.theme_for(site)[0], site, folders)
    pm.hook.mdxsite_configure_jinja(env=env, site=site)
    # after the plugins: their settings decide what templates compile to (and a plugin's own
    # bytecode cache, if it set one, is kept)
    if _BYTECODE and env.bytecode_cache is None:
        env.bytecode_cache = theme.template_bytecode(env, _BYTECODE[0])
    if _FIXED:
        env.auto_reload = False
    return Toolkit(pm=pm, config=site.config, root=site.root, markdown=md, jinja=env,
                   components=components(pm, site))


def _folder(plugin: str, value: object) -> Path:
    """A plugin's template folder; a relative one would be looked up from wherever mdxsite
    runs, so it is refused, naming the plugin."""
    if not isinstance(value, (str, Path)) or not Path(value).is_absolute():
        raise plugin_manager.wrong_result(
            plugin, value, "mdxsite_template_folders",
            'return absolute folder paths: Path(__file__).parent / "templates"')
    return Path(value)


def components(pm: pluggy.PluginManager, site: Site) -> dict[str, Component]:
    """Return every component the plugins contribute, by name; a name contributed twice is
    an error naming both plugins."""
    found: dict[str, Component] = {}
    owner: dict[str, str] = {}
    for plugin, item in plugin_manager.contributions(pm, "mdxsite_components", site=site):
        if not isinstance(item, Component):
            raise MdxsiteError.single(
                f"plugin {plugin!r} contributes {item!r} from mdxsite_components, not a Component",
                hint='return Component("Kbd", "components/kbd.html") items',
                where=Location(f"plugin {plugin}"))
        if item.name in found:
            raise MdxsiteError.single(
                f"plugins {owner[item.name]!r} and {plugin!r} both contribute the component "
                f"<{item.name}>", where=Location(f"plugin {plugin}"),
                hint="to restyle a component, override its template instead "
                     "(components/<name>.html); or disable one of the plugins")
        found[item.name], owner[item.name] = item, plugin
    return found
