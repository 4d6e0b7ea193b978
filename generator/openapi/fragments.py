"""The fields of each named schema, written once per document and loaded when a reader opens them.

A page inlines its schemas while each section's budget lasts (:mod:`mdxsite.openapi.schema`);
a named schema past it is a lazy node pointing here. Every ``components.schemas`` entry of
each document the site's API pages use gets two fragments, one per direction (a request hides
readOnly fields, a response writeOnly ones), holding its own fields with nested named schemas
lazy again: each schema is drawn once, so the output grows with the document, not with the
number of paths through it. A document used by pages of a language section other than English
gets that language's fragments too (their labels in its words), beside the English ones.
"""

from __future__ import annotations

import hashlib
import re
from html import escape
from collections.abc import Callable
from typing import Any

from mdxsite.model import OutputFile, Site
from mdxsite.openapi import fields
from mdxsite.openapi.schema import Walker, post_keys
from mdxsite.output import i18n

FOLDER = "_mdxsite/openapi"
MODES = ("request", "response")
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def _name(text: str) -> str:
    """A file name for ``text``: itself when safe, else a cleaned form plus a short digest."""
    clean = _UNSAFE.sub("-", text).strip("-")[:80]
    if clean == text:
        return text
    return f"{clean or 'x'}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


def path(spec: str, name: str, mode: str, lang: str = "en") -> str:
    """The output path (no leading slash) of schema ``name``'s fragment for ``mode``, its
    labels in ``lang`` (a BCP 47 tag)."""
    own = "" if lang == "en" else f"{_name(lang)}/"
    return f"{FOLDER}/{_name(spec)}/{own}{mode}/{_name(name)}.html"


def url_for(site: Site, spec: str, lang: str = "en") -> Callable[[str, str], str]:
    """Return ``(name, mode) -> URL`` for lazy nodes of ``spec`` on a page in ``lang`` (the
    base URL applied)."""
    return lambda name, mode: site.href("/" + path(spec, name, mode, lang))


def body(data: Any, name: str, mode: str, md: fields.Markdown,
         url: Callable[[str, str], str], keys: tuple[str, ...] = (),
         words: fields.Words = None) -> str:
    """The HTML a lazy node of ``name`` opens to: its fields and variants (``keys``:
    ``api.params.post``), labelled in ``words`` (English without)."""
    ref = "#/components/schemas/" + name.replace("~", "~0").replace("/", "~1")
    node = Walker(data, mode, inline=False, post_keys=keys).node({"$ref": ref})
    html = fields.content(node, md, url, words)
    no_fields = (words or i18n.words("en"))["no_fields"]
    return html or f'<p class="api-note">{escape(no_fields)}</p>'


def files(site: Site, specs: list[str]) -> list[OutputFile]:
    """Every fragment of every document in ``specs``."""
    from mdxsite.openapi.render import document, markdown

    out = []
    keys = post_keys(site.config)
    used: dict[str, set[str]] = {}  # spec -> the languages of the pages showing it
    for page in site.pages.values():
        if page.data.get("spec") in specs:
            used.setdefault(str(page.data["spec"]), set()).add(i18n.page_language(site, page))
    for spec in specs:
        data = document(site, spec).data
        schemas = (data.get("components") or {}).get("schemas") if isinstance(data, dict) else None
        # English always (as before languages were drawn), then each other language shown
        for lang in ["en", *sorted(used.get(spec, set()) - {"en"})]:
            url, words = url_for(site, spec, lang), i18n.words(lang)
            for name in schemas if isinstance(schemas, dict) else {}:
                for mode in MODES:
                    out.append(OutputFile(path=path(spec, str(name), mode, lang), content=body(
                        data, str(name), mode, markdown, url, keys, words)))
    return out
