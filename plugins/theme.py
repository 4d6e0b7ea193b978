"""Built-in plugin: lay rendered pages out with the site's theme, and ship its assets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mdxsite.hookspecs import hookimpl
from mdxsite.model import OutputFile, Page, RenderedPage, Site
from mdxsite.output import theme as themes


@hookimpl
def mdxsite_render_document(site: Site, page: Page, rendered: RenderedPage,
                            context: Mapping[str, Any]) -> str:
    theme = themes.load_theme(themes.BASE_THEME)
    env = themes.environment(theme, site, lambda env: None)
    return themes.render_document(env, site, page, rendered, context)


@hookimpl
def mdxsite_output_files(site: Site) -> list[OutputFile]:
    theme = themes.load_theme(themes.BASE_THEME)
    files = []
    for t in reversed(theme.chain()):
        static = t.folder / "static"
        for f in sorted(static.rglob("*")):
            if f.is_file():
                files.append(OutputFile(path="_mdxsite/" + f.relative_to(static).as_posix(), source=f))
    return files
