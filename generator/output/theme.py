"""Find a theme, build its Jinja environment once per process, and lay pages out."""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections import ChainMap
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
import jinja2.bccache

from mdxsite.model import Page, RenderedPage, Site
from mdxsite.output.icons import drawer

log = logging.getLogger(__name__)

BASE_THEME = "base"


@dataclass(frozen=True)
class Theme:
    """A theme package: ``theme.json``, ``templates/`` and ``static/``, over its parents.

    ``theme.json`` names the ``parent`` (the themes it draws on, down to ``base``), the
    ``defaults`` a site's docs.json may override (``eyebrows``, ``drilldown``), the page
    ``modes`` it draws (a child without the key keeps its parent's) and its own
    ``stylesheets`` under ``static/``, linked after its parents' so they win.
    """

    name: str
    folder: Path
    settings: Mapping[str, Any]
    parent: Theme | None

    def chain(self) -> list[Theme]:
        """Return this theme, then its parent, down to ``base``."""
        out: list[Theme] = []
        t: Theme | None = self
        while t is not None:
            out.append(t)
            t = t.parent
        return out

    def defaults(self) -> dict[str, Any]:
        """Return the docs.json defaults: each theme's ``defaults`` over its parent's."""
        merged: dict[str, Any] = {}
        for t in reversed(self.chain()):
            found = t.settings.get("defaults")
            merged.update(found if isinstance(found, Mapping) else {})
        return merged

    def modes(self) -> tuple[str, ...]:
        """Return the page modes (frontmatter ``mode``) this theme draws."""
        for t in self.chain():
            found = t.settings.get("modes")
            if isinstance(found, list):
                return tuple(str(m) for m in found)
        return ("default",)

    def stylesheets(self) -> list[str]:
        """Return the themes' own stylesheets as site paths, parents' first."""
        return [f"/_mdxsite/{name}" for t in reversed(self.chain())
                for name in t.settings.get("stylesheets", ())]


def theme_folder(name: str) -> Path:
    return Path(str(resources.files("mdxsite.themes") / name))


@lru_cache(maxsize=None)
def load_theme(name: str) -> Theme:
    """Return the theme package ``name`` under ``mdxsite.themes``, its parents loaded too."""
    folder = theme_folder(name)
    settings = json.loads((folder / "theme.json").read_text(encoding="utf-8"))
    parent_name = settings.get("parent")
    parent = load_theme(parent_name) if parent_name else None
    return Theme(name, folder, settings, parent)


class SiteEnvironment(jinja2.Environment):
    """Jinja's environment, where a template without globals of its own reads the
    environment's ``globals`` dict itself (speed only).

    Jinja gives each template a ``ChainMap(its own, environment's)`` and copies it into the
    context of every render: iterating a ChainMap is Python code, 10 us a render, about half
    the time of a small component's template. The environment's dict reads the same and
    follows later changes to it (``href`` is set per site). A template given globals (by
    ``get_template(name, globals=…)``) still gets a ChainMap of its own, so they never leak
    into the environment's.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # templates by name while auto_reload is off, and the loader and cache they came from
        self._fixed: dict[str, jinja2.Template] = {}
        self._fixed_from: tuple[object, object] | None = None

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return self.globals if not d else super().make_globals(d)

    def _load_template(self, name: str, globals: MutableMapping[str, Any] | None) -> jinja2.Template:
        # Once templates no longer change (auto_reload off: a render worker), a template is
        # what Jinja's cache answered the first time: a dict answers (speed only; Jinja's LRU
        # cache takes a lock, makes a weak reference and moves the key in a deque, 1% of a
        # page's render and layout for the dozen lookups of a page). A new loader or cache
        # starts it again.
        if not self.auto_reload and self.cache is not None:
            if self._fixed_from != (self.loader, self.cache):
                self._fixed, self._fixed_from = {}, (self.loader, self.cache)
            found = self._fixed.get(name)
            if found is None:
                found = self._fixed[name] = self._load_globally(name)
            if globals:
                self._add_globals(found, globals)
            return found
        return self._add_globals(self._load_globally(name), globals)

    def _load_globally(self, name: str) -> jinja2.Template:
        return super()._load_template(name, None)  # Jinja would update the shared dict

    def _add_globals(self, template: jinja2.Template,
                     globals: MutableMapping[str, Any] | None) -> jinja2.Template:
        if globals:
            if template.globals is self.globals:
                template.globals = ChainMap({}, self.globals)
            template.globals.update(globals)
        return template


def new_environment(theme: Theme, site: Site, plugin_folders: Sequence[Path] = ()) -> jinja2.Environment:
    """Build the Jinja environment drawing ``site``: templates are looked up in the site's
    ``_templates/`` folder, then the plugins' template folders, then the theme and its parents
    down to ``base``. :mod:`mdxsite.toolkit` keeps one per process and site."""
    loaders: list[jinja2.BaseLoader] = []
    overrides = site.root / "_templates"
    if overrides.is_dir():
        loaders.append(jinja2.FileSystemLoader(str(overrides)))
    loaders += [jinja2.FileSystemLoader(str(folder)) for folder in plugin_folders]
    loaders += [jinja2.FileSystemLoader(str(t.folder / "templates")) for t in theme.chain()]
    env = SiteEnvironment(loader=jinja2.ChoiceLoader(loaders), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True,
                             lstrip_blocks=True)
    env.globals["icon"] = drawer(site.config.get("icons.library"), site.href)  # icons.library
    env.globals["href"] = site.href
    return env


class TemplateBytecode(jinja2.FileSystemBytecodeCache):
    """Compiled templates kept on disk between builds (in the cache folder beside the output).

    Jinja files each template's code under its name and path and checks it against a digest
    of the template's source, so an edited template (a theme's, a plugin's, the site's
    ``_templates/``) compiles again; the folder is :func:`template_bytecode`'s, one per set of
    environment settings that shape the compiled code. A file that cannot be read or written
    only costs the compilation.
    """

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # noqa: BLE001 - truncated or foreign: compile the template
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            os.makedirs(self.directory, exist_ok=True)
            super().dump_bytecode(bucket)
        except OSError as exc:
            log.debug("compiled template not kept in %s: %s", self.directory, exc)


def template_bytecode(env: jinja2.Environment, folder: Path) -> TemplateBytecode:
    """Return the on-disk bytecode cache for ``env`` (once the plugins configured it) under
    ``folder``: a sub-folder named after the settings that change what a template compiles to
    (delimiters, whitespace control, extensions, autoescaping, async), so an environment a
    plugin set up otherwise never loads another's code."""
    settings = repr((type(env).__qualname__, env.block_start_string, env.block_end_string,
                     env.variable_start_string, env.variable_end_string,
                     env.comment_start_string, env.comment_end_string,
                     env.line_statement_prefix, env.line_comment_prefix, env.trim_blocks,
                     env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline,
                     sorted(env.extensions), env.optimized, env.is_async, env.autoescape,
                     env.finalize is not None, env.code_generator_class, env.context_class,
                     jinja2.__version__))
    digest = hashlib.blake2b(settings.encode(), digest_size=10).hexdigest()
    return TemplateBytecode(str(folder / digest))


@lru_cache(maxsize=1)
def theme_table() -> dict[str, dict[str, Any]]:
    """Return the platform's theme names -> the theme package drawing each (themes/THEMES.json)."""
    text = (resources.files("mdxsite.themes") / "THEMES.json").read_text(encoding="utf-8")
    return json.loads(text)["themes"]


def theme_for(site: Site) -> tuple[Theme, dict[str, Any]]:
    """Return the theme drawing ``site`` (from docs.json ``theme``) and its settings: the
    defaults of its ``theme.json`` chain (``eyebrows``, ``drilldown``) and its ``modes``."""
    entry = theme_table().get(site.config.theme) or theme_table()["mint"]
    theme = load_theme(entry["theme"])
    return theme, {**theme.defaults(), "modes": list(theme.modes())}


BASE_STYLESHEETS = ("/_mdxsite/style.css", "/_mdxsite/theme.css", "/_mdxsite/components.css",
                    "/_mdxsite/pygments.css")


def site_stylesheets(site: Site, own_css: Sequence[str] | None = None) -> list[str]:
    """Return the stylesheets every page of ``site`` links (the base ones, the platform theme's
    own look, the site's ``.css`` files), base URL applied; a page adds its plugins' own.

    ``own_css``: the site's ``.css`` files, when the caller has them already.
    """
    from mdxsite import sources

    if own_css is None:
        own_css, _ = sources.custom_files(site.assets, site.root)
    return [site.href(u) for u in (*BASE_STYLESHEETS, *theme_for(site)[0].stylesheets(),
                                   *("/" + a for a in own_css))]


def site_environment(site: Site) -> jinja2.Environment:
    """Return the Jinja environment for ``site``'s theme (built once per process and site).

    Templates are looked up in the site's ``_templates/`` folder, the plugins' template
    folders, then the theme, then its parents down to ``base``. MDX components
    (``components/<name>.html``) and OpenAPI pages (``openapi/*.html``) render through this
    same environment.
    """
    from mdxsite import toolkit

    return toolkit.for_site(site).jinja
