"""Find a theme, build its Jinja environment once per process, and lay pages out."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2

from mdxsite.model import Page, RenderedPage, Site
from mdxsite.output.icons import drawer

BASE_THEME = "base"


@dataclass(frozen=True)
class Theme:
    name: str
    folder: Path
    settings: Mapping[str, Any]
    parent: Theme | None

    def chain(self) -> list[Theme]:
        out: list[Theme] = []
        t: Theme | None = self
        while t is not None:
            out.append(t)
            t = t.parent
        return out


def theme_folder(name: str) -> Path:
    return Path(str(resources.files("mdxsite.themes") / name))


@lru_cache(maxsize=None)
def load_theme(name: str) -> Theme:
    folder = theme_folder(name)
    settings = json.loads((folder / "theme.json").read_text(encoding="utf-8"))
    parent_name = settings.get("parent")
    parent = load_theme(parent_name) if parent_name else None
    return Theme(name, folder, settings, parent)


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
    env = jinja2.Environment(loader=jinja2.ChoiceLoader(loaders), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True,
                             lstrip_blocks=True)
    env.globals["icon"] = drawer(site.config.get("icons.library"))  # icons.library
    env.globals["href"] = site.href
    return env


@lru_cache(maxsize=1)
def theme_table() -> dict[str, dict[str, Any]]:
    """Return the platform's theme names -> our theme and its defaults (themes/THEMES.json)."""
    text = (resources.files("mdxsite.themes") / "THEMES.json").read_text(encoding="utf-8")
    return json.loads(text)["themes"]


def theme_for(site: Site) -> tuple[Theme, dict[str, Any]]:
    """Return the theme drawing ``site`` (from docs.json ``theme``) and its table entry."""
    entry = theme_table().get(site.config.theme) or theme_table()["mint"]
    return load_theme(entry["theme"]), entry


def site_environment(site: Site) -> jinja2.Environment:
    """Return the Jinja environment for ``site``'s theme (built once per process and site).

    Templates are looked up in the site's ``_templates/`` folder, the plugins' template
    folders, then the theme, then its parents down to ``base``. MDX components
    (``components/<name>.html``) and OpenAPI pages (``openapi/*.html``) render through this
    same environment.
    """
    from mdxsite import toolkit

    return toolkit.for_site(site).jinja
