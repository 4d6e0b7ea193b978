"""Find a theme, build its Jinja environment once per process, and lay pages out."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
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


_ENVS: dict[tuple[str, int], jinja2.Environment] = {}


def environment(theme: Theme, site: Site, configure: Callable[[jinja2.Environment], None]) -> jinja2.Environment:
    """Return the theme's Jinja environment, built once per process and site root."""
    key = (theme.name, id(site.config))
    env = _ENVS.get(key)
    if env is None:
        loaders: list[jinja2.BaseLoader] = []
        overrides = site.root / "_templates"
        if overrides.is_dir():
            loaders.append(jinja2.FileSystemLoader(str(overrides)))
        loaders += [jinja2.FileSystemLoader(str(t.folder / "templates")) for t in theme.chain()]
        env = jinja2.Environment(loader=jinja2.ChoiceLoader(loaders), autoescape=True,
                                 undefined=jinja2.StrictUndefined, trim_blocks=True,
                                 lstrip_blocks=True)
        env.globals["icon"] = drawer(site.config.get("icons.library"))  # icons.library
        configure(env)
        _ENVS.clear()
        _ENVS[key] = env
    # the site of this call: it may differ from the first only in derived fields (the
    # fingerprinted asset names), which links must follow
    env.globals["href"] = site.href
    return env


def render_document(env: jinja2.Environment, site: Site, page: Page, rendered: RenderedPage,
                    context: Mapping[str, Any]) -> str:
    prev_key, next_key = site.nav.neighbours(page.key)
    template = env.get_template("page.html")
    return template.render(site=site, page=page, rendered=rendered, config=site.config,
                           prev=site.pages.get(prev_key), next=site.pages.get(next_key),
                           **context)


@lru_cache(maxsize=1)
def theme_table() -> dict[str, dict[str, Any]]:
    """Return the platform's theme names -> our theme and its defaults (themes/THEMES.json)."""
    text = (resources.files("mdxsite.themes") / "THEMES.json").read_text(encoding="utf-8")
    return json.loads(text)["themes"]  # type: ignore[no-any-return]


def theme_for(site: Site) -> tuple[Theme, dict[str, Any]]:
    """Return the theme drawing ``site`` (from docs.json ``theme``) and its table entry."""
    entry = theme_table().get(site.config.theme) or theme_table()["mint"]
    return load_theme(entry["theme"]), entry


def site_environment(site: Site) -> jinja2.Environment:
    """Return the Jinja environment for ``site``'s theme (built once per process).

    Templates are looked up in the site's ``_templates/`` folder, then the theme, then its
    parents down to ``base``. MDX components (``components/<name>.html``) and OpenAPI pages
    (``openapi/*.html``) render through this same environment.
    """
    return environment(theme_for(site)[0], site, lambda env: None)
