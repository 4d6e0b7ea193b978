"""Pages whose frontmatter names an operation, a webhook or a schema of an OpenAPI document.

``openapi: GET /pets/{id}`` (methods in any case), ``openapi: specs/store.yaml POST /orders``,
``openapi: store webhook orderPaid`` (a spec may be named without its extension) and
``openapi-schema: [spec] Pet``. Without a spec name the operation is looked up in every
document the site uses, then, as the platform uploads every OpenAPI file of the repository, in
the site's other OpenAPI files; when several documents have it, the first by file name wins (the
platform's rule), with a located warning. A reference that matches nothing is located too.
"""

from __future__ import annotations

import difflib
import json
import posixpath
import re
from dataclasses import replace
from typing import Any

from mdxsite.config.loader import LEGACY_NAMES
from mdxsite.errors import JsonPath, Location, MdxsiteError, Problem, report_warnings
from mdxsite.mdx import frontmatter
from mdxsite.model import OpenApiSource, Page, Site, frozen_mapping
from mdxsite.openapi.check import METHODS, UNUSABLE, check
from mdxsite.openapi.load import Document, load_path

KEYS = ("openapi", "openapi-schema")
_SUFFIXES = (".yaml", ".yml", ".json")


def known_specs(site: Site) -> list[str]:
    """Return the documents the site names (navigation, then ``api.openapi``), in order."""
    found: list[str] = []
    for item in site.nav.walk():
        for source in (item.openapi, item.inherited_openapi):
            if source is not None:
                found.extend(source.sources)
    found.extend(name for _at, name in api_openapi_entries(site))
    if not found:  # nothing configured: any OpenAPI file in the site
        for rel in sorted(site.assets):
            if rel.endswith(_SUFFIXES) and _looks_like_openapi(site, rel):
                found.append(rel)
    return list(dict.fromkeys(found))


def api_openapi_entries(site: Site) -> list[tuple[JsonPath, str]]:
    """The documents docs.json's ``api.openapi`` names (a string, a ``source``, or a list of
    them), each with its JSON path, in order; blank and non-string entries are skipped."""
    api = site.config.get("api.openapi")
    found = []
    for i, value in enumerate(api if isinstance(api, list) else [api]):
        if isinstance(value, dict):
            value = value.get("source")
        if isinstance(value, str) and value.strip():
            found.append((JsonPath(("api", "openapi", i) if isinstance(api, list)
                                   else ("api", "openapi")), value.strip()))
    return found


def _looks_like_openapi(site: Site, rel: str) -> bool:
    """Whether a site file is an OpenAPI document: its top level has an ``openapi`` key.

    The whole file is read: JSON writers often sort keys, which puts ``openapi`` after
    megabytes of ``components`` (Stripe's), so a look at the head misses it.
    """
    try:
        text = (site.root / rel).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    if rel.endswith(".json"):
        if '"openapi"' not in text:
            return False
        try:
            data = json.loads(text)
        except ValueError:
            return False
        return isinstance(data, dict) and "openapi" in data
    # block YAML: a top-level key starts its line; flow YAML ({openapi: …}) is rare but legal
    return re.search(r"""^["']?openapi["']?\s*:""", text, re.MULTILINE) is not None or \
        re.match(r"""\s*\{\s*["']?openapi["']?\s*:""", text) is not None


def _where(site: Site, page: Page, key: str) -> Location:
    """Locate ``key:`` in the page's frontmatter (file:line:column of its value)."""
    assert page.source is not None
    return frontmatter.key_location(site.root, page.source, key)


class Resolver:
    """Find frontmatter references in the site's documents (each loaded once)."""

    def __init__(self, site: Site, load: Any):
        self.site = site
        self.load = load   # OpenApiSource -> Document (the expander's cached loader)
        self.specs = known_specs(site)
        self._others: dict[str, Document] | None = None

    def others(self) -> dict[str, Document]:
        """The site's OpenAPI files that docs.json does not name, by file name (read once,
        when a reference without a spec name is in none of :attr:`specs`), each with its
        document; a file that is not a usable document is left out. Only the one a page
        takes is loaded through :meth:`doc`, so the build checks it like the others it uses."""
        if self._others is None:
            named = {s.lstrip("./").lstrip("/") for s in self.specs}
            self._others = {}
            for rel in sorted(self.site.assets):
                if rel.endswith(_SUFFIXES) and rel not in named and \
                        _looks_like_openapi(self.site, rel):
                    try:
                        doc = load_path(self.site.root / rel, rel)
                    except MdxsiteError:
                        continue
                    if not any(p.code in UNUSABLE for p in check(doc).errors):
                        self._others[rel] = doc
        return self._others

    def named(self, name: str, page: str = "") -> str | None:
        """Return the document a page names: a known spec, with or without its extension.

        A name starting ``./`` or ``../`` is first read relative to the folder of ``page``
        (the page's file, from the site folder), as a link in that file would be, then, when
        no document is there, from the site folder (``./openapi.json`` on a page in a
        sub-folder names the site's one); any other name is from the site folder, with or
        without a leading ``/``.
        """
        clean = name.strip()
        if clean.startswith(("http://", "https://")):
            return clean
        if clean.startswith(("./", "../")) and page:
            joined = posixpath.normpath(posixpath.join(posixpath.dirname(page), clean))
            if joined != ".." and not joined.startswith("../"):
                found = self._from_root(joined)
                if found is not None:
                    return found
        return self._from_root(clean)

    def _from_root(self, name: str) -> str | None:
        clean = name.lstrip("./").lstrip("/")
        for spec in self.specs:
            bare = spec.lstrip("./").lstrip("/")
            if clean == bare or (clean == bare.rsplit(".", 1)[0] and bare.endswith(_SUFFIXES)):
                return spec
        for candidate in (clean, *(clean + s for s in _SUFFIXES)):
            if (self.site.root / candidate).is_file():
                return candidate
        return None

    def doc(self, spec: str) -> Document:
        return self.load(OpenApiSource(source=spec))


def _operation_keys(doc: Document) -> dict[tuple[str, str], bool]:
    out: dict[tuple[str, str], bool] = {}
    for group in ("paths", "webhooks"):
        for route, item in (doc.data.get(group) or {}).items():
            if not isinstance(item, dict):
                continue
            for method in item:
                if method in METHODS:
                    key = ("webhook", route) if group == "webhooks" else (method, route)
                    out.setdefault(key, group == "webhooks")
    return out


def _spell(key: tuple[str, str]) -> str:
    return f"webhook {key[1]}" if key[0] == "webhook" else f"{key[0].upper()} {key[1]}"


def resolve(site: Site, resolver: Resolver, page: Page) -> tuple[Page | None, Problem | None]:
    """Turn one page with an ``openapi``/``openapi-schema`` field into an API page."""
    fm = page.frontmatter
    key = "openapi" if "openapi" in fm else "openapi-schema"
    where = _where(site, page, key)
    value = fm.get(key)
    if not isinstance(value, str) or not value.strip():
        return None, Problem(where, f"{key!r} must be a string, got {value!r}",
                             'write "openapi: GET /path"' if key == "openapi" else
                             'write "openapi-schema: SchemaName"', code="openapi.frontmatter")
    words = value.split()
    if key == "openapi-schema":
        spec_name, name = " ".join(words[:-1]), words[-1]
        return _schema_page(resolver, page, where, spec_name, name)
    index = next((i for i, w in enumerate(words) if w.lower() in (*METHODS, "webhook")), None)
    if index is None or index == len(words) - 1:
        return None, Problem(where, f"openapi: {value!r} does not name an operation",
                             "write 'METHOD /path' (for example 'GET /pets'), "
                             "'<spec> METHOD /path' or 'webhook <name>'",
                             code="openapi.frontmatter")
    spec_name = " ".join(words[:index])
    method = words[index].lower()
    target = " ".join(words[index + 1:])
    wanted = ("webhook", target) if method == "webhook" else (method, target)
    specs, problem = _specs_for(resolver, where, spec_name)
    if problem:
        return None, problem
    hits = [s for s in specs if wanted in _operation_keys(resolver.doc(s))]
    if not hits and not spec_name:
        hits = [s for s, d in resolver.others().items() if wanted in _operation_keys(d)]
    if not hits:
        # the hosted platform matches '/a/b' with '/a/b/': sites written for it rely on that
        loose = [(s, k) for s in specs for k in _operation_keys(resolver.doc(s))
                 if k[0] == wanted[0] and k[1].rstrip("/") == target.rstrip("/")]
        if len(loose) == 1:
            spec, (_, route) = loose[0]
            report_warnings([Problem(where, f"{_spell(wanted)!r} matches {route!r} in {spec!r} "
                                     "only when the trailing slash is ignored",
                                     f"write the path as the document does: {route!r}",
                                     code="openapi.trailing-slash", warning=True)])
            hits, target, wanted = [spec], route, (wanted[0], route)
    if len(hits) > 1:
        hits = _first_by_name(hits, where, _spell(wanted), "openapi")
    if not hits:
        # the platform publishes such a page (its own translated docs name operations a
        # lagging spec lacks): build its MDX with a visible notice, and warn
        known = [_spell(k) for s in specs for k in _operation_keys(resolver.doc(s))]
        close = difflib.get_close_matches(_spell(wanted), known, n=1, cutoff=0.6)
        missing = f"{_spell(wanted)!r} is not in {' or '.join(repr(s) for s in specs)}"
        report_warnings([Problem(
            where, f"{missing}; the page is built from its MDX alone, with a notice",
            (f"did you mean {close[0]!r}? Method" if close else "method") +
            " and path must match the document exactly", code="openapi.missing-endpoint",
            warning=True)])
        return replace(page, data=frozen_mapping({**page.data, "notice": (
            f"This page documents {_spell(wanted)}, which its OpenAPI document does not "
            "describe (yet).")})), None
    spec = hits[0]
    doc = resolver.doc(spec)
    webhook = wanted[0] == "webhook"
    item = doc.data["webhooks" if webhook else "paths"][target]
    op_method = next(m for m in item if m in METHODS) if webhook else method
    op = item[op_method]
    title = fm.get("title") if isinstance(fm.get("title"), str) and fm.get("title") else (
        op.get("summary") or f"{'webhook' if webhook else method.upper()} {target}")
    front = dict(page.frontmatter)
    if op.get("deprecated") and "deprecated" not in front:
        front["deprecated"] = True
    return replace(page, kind="openapi", title=str(title), frontmatter=frozen_mapping(front),
                   data=frozen_mapping({
        "spec": spec, "method": op_method, "path": target, "webhook": webhook,
        "description": op.get("description", ""),
        "deprecated": bool(op.get("deprecated"))})), None


def _first_by_name(hits: list[str], where: Location, what: str, key: str) -> list[str]:
    """Of several documents holding what a page names, the first by file name, as the
    platform takes it (a located warning says which, and how to name another)."""
    ordered = sorted(hits, key=lambda s: s.lstrip("./").lstrip("/"))
    report_warnings([Problem(
        where, f"{what!r} is in several OpenAPI documents: "
        + ", ".join(repr(h) for h in ordered) + f"; the first by file name, {ordered[0]!r}, "
        "is used", f"to use another, name it: '{key}: {ordered[1]} {what.removeprefix('schema ')}'",
        code="openapi.ambiguous", warning=True)])
    return ordered[:1]


def _specs_for(resolver: Resolver, where: Location, spec_name: str) -> tuple[list[str], Problem | None]:
    if spec_name:
        spec = resolver.named(spec_name, where.file)
        if spec is None:
            return [], Problem(where, f"OpenAPI document {spec_name!r} not found",
                               "give its path from the site folder (the extension may be left "
                               "out), e.g. 'openapi: api/openapi.yaml GET /pets'",
                               code="openapi.frontmatter")
        return [spec], None
    if not resolver.specs:
        file = resolver.site.config.file
        # mint.json gives its document at the top level (its groups have no "openapi")
        place = f'the top-level "openapi" in {file}' if file in LEGACY_NAMES else \
            f'"openapi" in {file} navigation'
        return [], Problem(where, "no OpenAPI document to look the operation up in",
                           f"set {place}, or name the file: "
                           "'openapi: openapi.yaml GET /path'", code="openapi.frontmatter")
    return resolver.specs, None


def _schema_page(resolver: Resolver, page: Page, where: Location, spec_name: str,
                 name: str) -> tuple[Page | None, Problem | None]:
    specs, problem = _specs_for(resolver, where, spec_name)
    if problem:
        return None, problem

    def schemas(spec: str | Document) -> dict[str, Any]:
        doc = resolver.doc(spec) if isinstance(spec, str) else spec
        components = doc.data.get("components")
        found = components.get("schemas") if isinstance(components, dict) else None
        return found if isinstance(found, dict) else {}

    hits = [s for s in specs if name in schemas(s)]
    if not hits and not spec_name:
        hits = [s for s, d in resolver.others().items() if name in schemas(d)]
    if len(hits) > 1:
        hits = _first_by_name(hits, where, f"schema {name}", "openapi-schema")
    if hits:
        resolver.doc(hits[0])  # the build checks the document it takes
    if not hits:
        known = [n for s in specs for n in schemas(s)]
        close = difflib.get_close_matches(name, known, n=1)
        return None, Problem(where, f"schema {name!r} is not in components.schemas of "
                             + " or ".join(repr(s) for s in specs),
                             (f"did you mean {close[0]!r}? " if close else "") +
                             "use a name from components.schemas", code="openapi.missing-schema")
    title = page.frontmatter.get("title")
    return replace(page, kind="openapi", title=str(title) if isinstance(title, str) and title
                   else name, data=frozen_mapping({"spec": hits[0], "schema": name})), None


def expand_pages(site: Site, load: Any) -> tuple[dict[str, Page], list[Problem]]:
    """Return the site's frontmatter API pages, replaced, and every problem found."""
    pages = [p for p in site.pages.values()
             if p.source is not None and any(k in p.frontmatter for k in KEYS)]
    if not pages:
        return {}, []
    resolver = Resolver(site, load)
    out: dict[str, Page] = {}
    problems: list[Problem] = []
    for page in pages:
        new, problem = resolve(site, resolver, page)
        if problem is not None:
            problems.append(problem)
        elif new is not None:
            out[new.key] = new
    return out, problems
