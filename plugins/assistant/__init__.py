"""Built-in plugin (extra ``mdxsite[assistant]``): the assistant endpoint of SPEC.md.

Turned on by ``"mdxsite": {"plugins": {"assistant": {"domain": "docs"}}}`` in docs.json;
for any other site every hook here returns nothing. The package holds the whole assistant: the
search index, stores, limits, keys, stream encoding, answer backends and the Starlette app
(:func:`mdxsite.plugins.assistant.app.create_app`, which an operator can mount in any ASGI
application). This module wires them into the build, ``mdxsite serve`` (mounted at
``/v1/assistant``), the ``mdxsite assistant keys`` commands and the theme's chat widget. Redis
is imported only when a ``redis://`` store is configured.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from mdxsite.plugins.assistant import settings as assistant_settings
from mdxsite.errors import Location, MdxsiteError
from mdxsite.hookspecs import hookimpl
from mdxsite.model import BuildReport, OutputFile, Page, PageResult, Setting, Site
from mdxsite.output import visibility

_BUILD: dict[str, Any] = {}  # the index being written by this process's current build


def _site_url(site: Site) -> str:
    return str(site.site_url or site.config.get("mdxsite.site_url") or "")


@hookimpl
def mdxsite_settings() -> dict[str, Setting]:
    # the names only: a misspelt option is a located error before anything builds; the
    # values are checked, with their own hints, by settings.settings_of
    return {name: Setting(object) for name in assistant_settings.OPTIONS}


@hookimpl
def mdxsite_build_started(site: Site) -> None:
    _discard()
    if not assistant_settings.enabled(site.config):
        return
    assistant_settings.settings_of(site.config, Path("_site"))  # fail early, located
    from mdxsite.plugins.assistant.index import IndexWriter

    folder = tempfile.mkdtemp(prefix="mdxsite-assistant-")
    _BUILD["folder"] = folder
    _BUILD["writer"] = IndexWriter(Path(folder) / "index.sqlite")


@hookimpl
def mdxsite_page_built(site: Site, result: PageResult) -> None:
    writer = _BUILD.get("writer")
    if writer is not None and visibility.searchable(site, result.page):
        from mdxsite.plugins.assistant.index import sections_of

        writer.add(sections_of(result, site.base_url))


@hookimpl
def mdxsite_build_finished(site: Site, out_dir: Path, report: BuildReport) -> None:
    writer = _BUILD.get("writer")
    if writer is None:
        return
    settings = assistant_settings.settings_of(site.config, report.out_dir or out_dir)
    assert settings is not None
    writer.commit()
    target = settings.index_path
    target.parent.mkdir(parents=True, exist_ok=True)
    incoming = target.with_name(target.name + ".new")
    shutil.copyfile(writer.target, incoming)
    os.replace(incoming, target)  # a running server's next connection sees the whole new index
    _discard()


def _discard() -> None:
    writer = _BUILD.pop("writer", None)
    if writer is not None and writer.target.parent.exists():
        writer.abort()
    folder = _BUILD.pop("folder", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


@hookimpl
def mdxsite_page_assets(site: Site, page: Page) -> list[str] | None:
    if not assistant_settings.enabled(site.config):
        return None
    return ["/_mdxsite/assistant.css", "/_mdxsite/assistant.js"]


@hookimpl
def mdxsite_output_files(site: Site) -> list[OutputFile] | None:
    settings = assistant_settings.settings_of(site.config, Path("_site"))
    if settings is None:
        return None
    # where the widget sends questions; no key here (keys never go into the output)
    config = {"domain": settings.domain, "endpoint": settings.endpoint}
    return [OutputFile(path="_mdxsite/assistant.json",
                       content=json.dumps(config, sort_keys=True) + "\n")]


@hookimpl
def mdxsite_asgi_apps(site: Site, out_dir: Path) -> list[tuple[str, Any]] | None:
    settings = assistant_settings.settings_of(site.config, out_dir, site_url=_site_url(site))
    if settings is None:
        return None
    if not settings.index_path.is_file():
        raise MdxsiteError.single(
            f"the assistant's search index {str(settings.index_path)!r} is missing",
            hint=f"build the site first: mdxsite build {site.root}", where=Location("mdxsite"))
    from mdxsite.plugins.assistant.app import create_app

    mount = settings.endpoint if settings.endpoint.startswith("/") else "/v1/assistant"
    return [(mount, create_app(settings))]


@hookimpl
def mdxsite_cli_commands() -> list[Any]:
    from mdxsite.plugins.assistant.cli import assistant

    return [assistant]
