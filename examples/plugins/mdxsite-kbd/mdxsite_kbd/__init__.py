"""An mdxsite plugin: a ``<Kbd>`` component and a quieter look for ``<Note>``.

``<Kbd>Ctrl</Kbd>+<Kbd>K</Kbd>`` renders ``<kbd>`` elements; ``<Note>`` renders through this
package's ``components/note.html`` instead of the theme's.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from mdxsite import Component, OutputFile, Page, Site, hookimpl

HERE = Path(__file__).parent
STYLESHEET = "/_mdxsite/kbd.css"


@hookimpl
def mdxsite_components(site: Site) -> Iterable[Component]:
    # inline: <Kbd> sits inside a sentence, so it must not open a block of its own
    return [Component(name="Kbd", template="components/kbd.html", inline=True)]


@hookimpl
def mdxsite_template_folders(site: Site) -> Iterable[Path]:
    # searched before the theme: components/note.html here replaces the theme's Note
    return [HERE / "templates"]


@hookimpl
def mdxsite_output_files(site: Site) -> Iterable[OutputFile]:
    return [OutputFile(path=STYLESHEET.lstrip("/"), source=HERE / "static" / "kbd.css")]


@hookimpl
def mdxsite_page_assets(site: Site, page: Page) -> Iterable[str]:
    return [STYLESHEET]
