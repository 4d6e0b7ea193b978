"""The fields of each named schema, written once per document and loaded when a reader opens them.

A page inlines its schemas while each section's budget lasts (:mod:`mdxsite.openapi.schema`);
a named schema past it is a lazy node pointing here. Every ``components.schemas`` entry of
each document the site's API pages use gets two fragments, one per direction (a request hides
readOnly fields, a response writeOnly ones), holding its own fields with nested named schemas
lazy again: each schema is drawn once, so the output grows with the document, not with the
number of paths through it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any

from mdxsite.model import OutputFile, Site
from mdxsite.openapi import fields
from mdxsite.openapi.schema import Walker, post_keys

FOLDER = "_mdxsite/openapi"
MODES = ("request", "response")
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def _name(text: str) -> str:
    """A file name for ``text``: itself when safe, else a cleaned form plus a short digest."""
    clean = _UNSAFE.sub("-", text).strip("-")[:80]
    if clean == text:
        return text
    return f"{clean or 'x'}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


def path(spec: str, name: str, mode: str) -> str:
    """The output path (no leading slash) of schema ``name``'s fragment for ``mode``."""
    return f"{FOLDER}/{_name(spec)}/{mode}/{_name(name)}.html"


def url_for(site: Site, spec: str) -> Callable[[str, str], str]:
    """Return ``(name, mode) -> URL`` for lazy nodes of ``spec`` (the base URL applied)."""
    return lambda name, mode: site.href("/" + path(spec, name, mode))


def body(data: Any, name: str, mode: str, md: fields.Markdown,
         url: Callable[[str, str], str], keys: tuple[str, ...] = ()) -> str:
    """The HTML a lazy node of ``name`` opens to: its fields and variants (``keys``:
    ``api.params.post``)."""
    ref = "#/components/schemas/" + name.replace("~", "~0").replace("/", "~1")
    node = Walker(data, mode, inline=False, post_keys=keys).node({"$ref": ref})
    html = fields.content(node, md, url)
    return html or '<p class="api-note">No fields.</p>'


def files(site: Site, specs: list[str]) -> list[OutputFile]:
    """Every fragment of every document in ``specs``."""
    from mdxsite.openapi.render import document, markdown

    out = []
    keys = post_keys(site.config)
    for spec in specs:
        data = document(site, spec).data
        schemas = (data.get("components") or {}).get("schemas") if isinstance(data, dict) else None
        url = url_for(site, spec)
        for name in schemas if isinstance(schemas, dict) else {}:
            for mode in MODES:
                out.append(OutputFile(path=path(spec, str(name), mode),
                                      content=body(data, str(name), mode, markdown, url, keys)))
    return out
