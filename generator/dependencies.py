"""What a page's output depends on beyond its own file: one answer for the render cache (every
``mdxsite build``) and watch mode alike.

mdxsite tracks by itself the files a page reads while rendering (``RenderedPage.dependencies``:
snippets, OpenAPI documents); plugins declare the rest through ``mdxsite_page_dependencies``:
files, and :class:`~mdxsite.Dependency` keys that are not files (a git commit).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pluggy

from mdxsite import plugin_manager
from mdxsite.errors import Location, MdxsiteError
from mdxsite.model import Dependency, Page, Site


@dataclass(frozen=True, slots=True)
class Declared:
    """What the plugins declare one page depends on."""

    files: tuple[str, ...] = ()              # site-relative posix paths (absolute outside it)
    keys: tuple[tuple[str, str], ...] = ()   # (name, value) of each Dependency, sorted


NOTHING = Declared()


def declared(pm: pluggy.PluginManager, site: Site, page: Page) -> Declared:
    """Ask every plugin what ``page`` depends on (``mdxsite_page_dependencies``)."""
    files: set[str] = set()
    keys: dict[str, str] = {}
    for plugin, item in plugin_manager.contributions(pm, "mdxsite_page_dependencies",
                                                     site=site, page=page):
        if isinstance(item, Dependency):
            keys[f"{plugin}:{item.name}"] = str(item.value)
        elif isinstance(item, (str, Path)):
            files.add(_relative(site.root, item))
        else:
            raise MdxsiteError.single(
                f"plugin {plugin!r} returns {item!r} from mdxsite_page_dependencies",
                where=Location(f"plugin {plugin}"),
                hint="return file paths (str or Path) and Dependency(name, value) items")
    if not files and not keys:
        return NOTHING
    return Declared(tuple(sorted(files)), tuple(sorted(keys.items())))


def _relative(root: Path, path: str | Path) -> str:
    """A site-relative posix path for a file in the site, else its absolute path."""
    full = os.path.normpath(os.path.join(root, path))
    rel = os.path.relpath(full, root)
    return full if rel.startswith("..") else rel.replace(os.sep, "/")
