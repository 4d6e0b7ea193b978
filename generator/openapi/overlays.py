"""OpenAPI Overlays (Overlay Specification 1.0 and 1.1): ordered edits of a loaded document.

An overlay document has ``overlay`` (its version), ``info`` and ``actions``; each action picks
nodes with ``target`` (an RFC 9535 JSONPath, evaluated by ``python-jsonpath``) and applies one
modifier: ``update`` (objects merge recursively, arrays append, primitives are replaced),
``remove: true`` (the nodes are deleted) or, from 1.1 on, ``copy`` (the one node another
JSONPath selects is merged into each target as ``update`` would).

Which overlays a spec takes (:func:`for_spec`):

- the object form of an ``openapi`` field lists them: ``{"source": "openapi.yaml",
  "overlays": ["rename.yaml"]}`` (paths from the site folder), applied in that order; a list,
  even an empty one, turns auto-discovery off for that spec;
- otherwise every YAML/JSON file of the site with a top-level ``overlay`` key whose
  ``extends`` names the spec (a path from the overlay's folder, or the spec's exact URL),
  in the order of their paths.

Overlays apply right after the spec is parsed, before it is checked, so pages, navigation,
``openapi:`` frontmatter and the checks all see the transformed document. A listed overlay
that fails fails the build, located in the overlay (file, JSON path of the action); an
auto-discovered one that fails is skipped with the same located problem as a warning.
"""

from __future__ import annotations

import copy as copying
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mdxsite.errors import JsonPath, Location, MdxsiteError, Problem, report_warnings
from mdxsite.model import Site
from mdxsite.openapi.load import Document, load_path

_SUFFIXES = (".yaml", ".yml", ".json")
# a top-level ``overlay`` key: column 0 in YAML, anywhere (checked after parsing) in JSON
_YAML_KEY = re.compile(r"""^["']?overlay["']?[ \t]*:""", re.MULTILINE)
_JSON_KEY = re.compile(r'"overlay"\s*:')
_VERSIONS = ("1.0", "1.1")


@dataclass(frozen=True, slots=True)
class Overlay:
    """One overlay a spec takes: its site-relative path and, when docs.json lists it, where."""

    path: str
    listed: Location | None = None

    @property
    def explicit(self) -> bool:
        return self.listed is not None


def _clean(name: str) -> str:
    path = posixpath.normpath(name.strip().lstrip("/"))
    return "" if path == "." else path


def explicit_lists(site: Site) -> dict[str, tuple[tuple[str, ...], Location]]:
    """The ``overlays`` lists of docs.json, by spec (the first list written for a spec wins),
    each with where docs.json lists it."""
    found: dict[str, tuple[tuple[str, ...], Location]] = {}
    for item in site.nav.walk():
        for source in (item.openapi, item.inherited_openapi):
            if source is not None and source.overlays is not None:
                found.setdefault(spec_key(source.source),
                                 (tuple(_clean(v) for v in source.overlays),
                                  source.origin or Location(site.config.file)))
    api = site.config.get("api.openapi")
    for i, value in enumerate(api if isinstance(api, list) else [api]):
        if isinstance(value, Mapping) and isinstance(value.get("source"), str) and \
                isinstance(value.get("overlays"), list):
            at = ("api", "openapi", i) if isinstance(api, list) else ("api", "openapi")
            found.setdefault(spec_key(value["source"]),
                             (tuple(_clean(v) for v in value["overlays"] if isinstance(v, str)),
                              site.config.where(JsonPath((*at, "overlays")))))
    return found


def spec_key(spec: str) -> str:
    """How a document is named when names are compared: a URL as written, a path normalised
    (``./api/x.yaml`` and ``/api/x.yaml`` are ``api/x.yaml``; ``.x.yaml``, ``../x.yaml`` stay)."""
    return spec.strip() if spec.strip().startswith(("http://", "https://")) else _clean(spec)


def discovered(site: Site) -> dict[str, list[str]]:
    """Auto-discovered overlays by the spec their ``extends`` names, each list in path order."""
    found: dict[str, list[str]] = {}
    for rel in sorted(site.assets):
        if not rel.endswith(_SUFFIXES):
            continue
        try:
            text = (site.root / rel).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if not (_JSON_KEY if rel.endswith(".json") else _YAML_KEY).search(text):
            continue
        try:
            data = load_path(site.root / rel, rel, kind="Overlay").data
        except MdxsiteError:
            continue  # not a usable document: not an overlay we can tell about
        if not isinstance(data, dict) or "overlay" not in data:
            continue
        extends = data.get("extends")
        if not isinstance(extends, str) or not extends.strip():
            continue
        extends = extends.strip()
        spec = extends if extends.startswith(("http://", "https://")) else \
            _clean(posixpath.join(posixpath.dirname(rel), extends))
        found.setdefault(spec, []).append(rel)
    return found


_PLAN: list[Any] = [None, None, None]  # (site.assets, site.config, the plan), of the last site


def _plan(site: Site) -> tuple[dict[str, tuple[tuple[str, ...], Location]],
                              dict[str, list[str]]]:
    """:func:`explicit_lists` and :func:`discovered` of ``site``, found once per build."""
    if _PLAN[0] is not site.assets or _PLAN[1] is not site.config:
        _PLAN[:] = [site.assets, site.config, (explicit_lists(site), discovered(site))]
    return _PLAN[2]


def for_spec(site: Site, spec: str) -> tuple[Overlay, ...]:
    """The overlays ``spec`` (as docs.json or frontmatter names it) takes, in order."""
    explicit, found = _plan(site)
    key = spec_key(spec)
    if key in explicit:
        paths, listed = explicit[key]
        return tuple(Overlay(path, listed) for path in paths)
    return tuple(Overlay(path) for path in found.get(key, ()))


def files_for(site: Site, spec: str) -> tuple[str, ...]:
    """The site-relative overlay files ``spec``'s pages depend on."""
    return tuple(o.path for o in for_spec(site, spec))


def apply_all(site: Site, doc: Document, spec: str, *, quiet: bool = False) -> Document:
    """Apply ``spec``'s overlays to ``doc`` (in place), in order; ``quiet``: a skipped
    overlay's warning is not reported (the navigation stage already did).

    Raises:
        MdxsiteError: a listed overlay is unusable or one of its actions fails.
    """
    warnings: list[Problem] = []
    for overlay in for_spec(site, spec):
        if overlay.listed is not None and not (site.root / overlay.path).is_file():
            raise MdxsiteError([Problem(overlay.listed, f"overlay {overlay.path!r} of {spec} "
                                        "not found", "create it, or fix the path in \"overlays\" "
                                        "(from the site folder)", code="openapi.overlay")])
        try:
            odoc = load_path(site.root / overlay.path, overlay.path, kind="Overlay")
            if overlay.explicit:
                apply(doc.data, odoc)
            else:  # all or nothing: a failing action leaves the spec as it was
                data = copying.deepcopy(doc.data)
                apply(data, odoc)
                doc.data = data
        except MdxsiteError as exc:
            if overlay.explicit:
                raise
            warnings += [Problem(p.where, f"{p.message}; this auto-discovered overlay of "
                                 f"{spec} is skipped", p.hint, p.path, "openapi.overlay-skipped",
                                 warning=True) for p in exc.problems]
    if not quiet:
        report_warnings(warnings)
    return doc


# --------------------------------------------------------------------------- the actions

def _fail(odoc: Document, at: JsonPath, message: str, hint: str) -> MdxsiteError:
    return MdxsiteError([Problem(odoc.where(at), message, hint, str(at), "openapi.overlay")])


def _environment() -> Any:
    import jsonpath

    return jsonpath.JSONPathEnvironment(strict=True)


def apply(data: Any, odoc: Document) -> None:
    """Apply the overlay document ``odoc``'s actions to ``data`` (in place), in order.

    Raises:
        MdxsiteError: the overlay is not an Overlay document, or an action cannot apply;
            located at the action in the overlay file.
    """
    import jsonpath

    overlay = odoc.data
    root = JsonPath()
    if not isinstance(overlay, dict):
        raise _fail(odoc, root, "an overlay document must be an object",
                    "start it with overlay: 1.1.0, info and actions")
    version = overlay.get("overlay")
    if not isinstance(version, str) or ".".join(version.split(".")[:2]) not in _VERSIONS:
        raise _fail(odoc, root / "overlay", f"unsupported overlay version {version!r}",
                    'write overlay: 1.0.0 or overlay: 1.1.0 (a string)')
    actions = overlay.get("actions")
    if not isinstance(actions, list) or not actions:
        raise _fail(odoc, root / "actions" if "actions" in overlay else root,
                    "an overlay needs \"actions\", a non-empty list",
                    "add actions: [{target: '$.info', update: {...}}]")
    env = _environment()
    for i, action in enumerate(actions):
        at = root / "actions" / i
        if not isinstance(action, dict):
            raise _fail(odoc, at, "an action must be an object",
                        "write {target: '$.paths', update: {...}} or remove: true")
        target = action.get("target")
        if not isinstance(target, str) or not target.strip():
            raise _fail(odoc, at / "target" if "target" in action else at,
                        "an action needs \"target\", a JSONPath expression",
                        "write target: \"$.paths['/users']\"")
        try:
            query = env.compile(target)
        except jsonpath.JSONPathError as exc:
            detail = str(exc).splitlines()[0]
            raise _fail(odoc, at / "target", f"target {target!r} is not a JSONPath: {detail}",
                        "write an RFC 9535 JSONPath such as $.paths['/users'].get") from None
        matches = [m.parts for m in query.finditer(data)]
        if action.get("remove") is True:
            _remove(data, matches, odoc, at)
            continue
        if "copy" in action:
            if ".".join(version.split(".")[:2]) != "1.1":
                raise _fail(odoc, at / "copy", "copy needs Overlay 1.1",
                            "write overlay: 1.1.0 at the top of the overlay")
            if "update" in action:
                raise _fail(odoc, at, "an action has either update or copy, not both",
                            "split it into two actions")
            value = _copied(env, data, action["copy"], odoc, at / "copy")
        elif "update" in action:
            value = action["update"]
        else:
            raise _fail(odoc, at, "an action needs update, remove: true or copy",
                        "add update: {...} to change the target, or remove: true")
        for parts in matches:
            _update(data, parts, copying.deepcopy(value), odoc, at)


def _copied(env: Any, data: Any, source: object, odoc: Document, at: JsonPath) -> Any:
    import jsonpath

    if not isinstance(source, str) or not source.strip():
        raise _fail(odoc, at, "copy must be a JSONPath expression",
                    "write copy: \"$.paths['/old']\"")
    try:
        found = [m.obj for m in env.finditer(source, data)]
    except jsonpath.JSONPathError as exc:
        raise _fail(odoc, at, f"copy {source!r} is not a JSONPath: {str(exc).splitlines()[0]}",
                    "write an RFC 9535 JSONPath such as $.paths['/users']") from None
    if len(found) != 1:
        raise _fail(odoc, at, f"copy {source!r} selects {len(found)} nodes, not one",
                    "narrow the expression to the one node to copy")
    return found[0]


def _node(data: Any, parts: tuple[Any, ...]) -> Any:
    for part in parts:
        data = data[part]
    return data


def _merge(into: Any, value: Any) -> Any:
    """``value`` merged into ``into``: objects recursively, arrays appended, else replaced."""
    if isinstance(into, dict) and isinstance(value, dict):
        for key, item in value.items():
            into[key] = _merge(into[key], item) if key in into else item
        return into
    if isinstance(into, list):
        into.extend(value if isinstance(value, list) else [value])
        return into
    return value


def _update(data: Any, parts: tuple[Any, ...], value: Any, odoc: Document, at: JsonPath) -> None:
    node = _node(data, parts)
    if isinstance(node, dict) and not isinstance(value, dict):
        raise _fail(odoc, at, f"cannot merge {type(value).__name__} into the object at "
                    f"{_show(parts)}", "make update an object, or target the member to replace")
    merged = _merge(node, value)
    if merged is not node:
        if not parts:
            raise _fail(odoc, at, "cannot replace the whole document",
                        "target a member of it instead of $")
        _node(data, parts[:-1])[parts[-1]] = merged


def _remove(data: Any, matches: list[tuple[Any, ...]], odoc: Document, at: JsonPath) -> None:
    if any(not parts for parts in matches):
        raise _fail(odoc, at / "target", "cannot remove the whole document",
                    "target the members to remove instead of $")
    # deeper nodes first, and array members from the last index on, so no removal moves a
    # node another match still names
    for parts in sorted(matches, key=lambda p: (len(p), p[-1] if isinstance(p[-1], int) else 0),
                        reverse=True):
        parent = _node_or_none(data, parts[:-1])
        if isinstance(parent, dict):
            parent.pop(parts[-1], None)
        elif isinstance(parent, list) and isinstance(parts[-1], int) and parts[-1] < len(parent):
            del parent[parts[-1]]


def _node_or_none(data: Any, parts: tuple[Any, ...]) -> Any:
    try:
        return _node(data, parts)
    except (KeyError, IndexError, TypeError):
        return None  # inside a node an earlier match removed


def _show(parts: tuple[Any, ...]) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f"[{p!r}]" for p in parts)
