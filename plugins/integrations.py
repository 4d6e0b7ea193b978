"""Built-in plugin: the analytics and chat ``integrations`` of docs.json, loaded in the reader's
browser as on the platform (:mod:`mdxsite.output.integrations` says which and how)."""

from __future__ import annotations

from typing import Any

from mdxsite.hookspecs import hookimpl
from mdxsite.model import Site
from mdxsite.output import integrations


@hookimpl
def mdxsite_template_context(site: Site) -> dict[str, Any]:
    return {"integrations": integrations.page_config(site)}


@hookimpl
def mdxsite_page_assets(site: Site) -> list[str]:
    return ["/_mdxsite/integrations.js"] if integrations.page_config(site) else []


@hookimpl
def mdxsite_build_started(site: Site) -> None:
    integrations.report(site)

