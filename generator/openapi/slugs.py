"""Where a generated API page lives: the platform's URL rule, shared by the build and the scraper.

A generated page's URL is ``<directory>/<tag>/<slug>``: the ``directory`` of the ``openapi``
field in lowercase (``api-reference`` by default), the operation's first tag, and its summary,
each converted the platform's way: spaces become hyphens; ``{ } ( ) , . '`` and ``/`` are
removed; the rest is lowercased (``?``, ``&``, ``:`` and non-ASCII letters stay). Without a
summary the slug is the method and the path's literal segments (``GET /users/{id}/posts`` is
``get-users-posts``); without a tag there is no tag part. Two operations landing on one URL
get ``-1``, ``-2``… in the order they come (see :class:`Placer`).
"""

from __future__ import annotations

import re
from typing import Any

_REMOVED = re.compile(r"[{}(),.'/]")
# not in the platform's list, but they cannot stand unencoded in a URL path or a file name: a
# "?" would start the query string and "#" the fragment of every link to the page
_UNSAFE = re.compile(r"[?#%\\\x00-\x1f\x7f]")
# a file name holds at most 255 bytes; the platform sets no limit, so only absurd names change
MAX_BYTES = 200
UNTAGGED = "API Reference"


def slug(text: str) -> str:
    """Convert a summary or a tag name the platform's way (``Get user`` -> ``get-user``)."""
    out = _UNSAFE.sub("", _REMOVED.sub("", text.strip().replace(" ", "-"))).lower()
    while len(out.encode()) > MAX_BYTES:
        out = out[:-1]
    return out.strip("-") or "endpoint"


def operation_slug(op: dict[str, Any], method: str, path: str, webhook: bool) -> str:
    """The last part of the URL: the summary, else the method and the path's literal parts."""
    summary = op.get("summary")
    if isinstance(summary, str) and summary.strip():
        return slug(summary)
    words = ["webhook", path] if webhook else [method.lower(), *(
        part for part in path.split("/") if part and not part.startswith("{"))]
    return slug("-".join(words))


def _declared(data: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The document's tag objects that have a name."""
    tags = (data or {}).get("tags")
    return [t for t in tags if isinstance(t, dict) and isinstance(t.get("name"), str)] \
        if isinstance(tags, list) else []


def tag_tree(data: dict[str, Any] | None) -> bool:
    """Whether ``data`` is an OpenAPI 3.2 document, whose tags have ``kind``, ``parent`` and
    ``summary`` (nested groups and badge tags); 3.0 and 3.1 keep one flat group per tag."""
    return str((data or {}).get("openapi", "")).startswith("3.2")


def _kinds(data: dict[str, Any] | None) -> dict[str, str]:
    return {t["name"]: str(t["kind"]) for t in _declared(data) if isinstance(t.get("kind"), str)}


def first_tag(op: dict[str, Any], data: dict[str, Any] | None = None) -> str:
    """The tag an operation is filed under ('' for none): its first; in an OpenAPI 3.2
    document (``data``), its first tag of ``kind: nav``, else its first without a kind."""
    tags = op.get("tags")
    names = [str(t) for t in tags if isinstance(t, (str, int))] if isinstance(tags, list) else []
    if not tag_tree(data):
        return str(tags[0]) if isinstance(tags, list) and tags and isinstance(
            tags[0], (str, int)) else ""
    kinds = _kinds(data)
    return next((t for t in names if kinds.get(t) == "nav"),
                next((t for t in names if t not in kinds), ""))


def badge(op: dict[str, Any], data: dict[str, Any] | None) -> str:
    """The sidebar pill of an operation in an OpenAPI 3.2 document: its first tag of
    ``kind: badge``, shown by its ``summary`` (else its name); '' for none."""
    if not tag_tree(data):
        return ""
    tags = op.get("tags")
    badges = {t["name"]: t for t in _declared(data) if t.get("kind") == "badge"}
    for name in tags if isinstance(tags, list) else []:
        if isinstance(name, str) and name in badges:
            summary = badges[name].get("summary")
            return summary if isinstance(summary, str) and summary.strip() else name
    return ""


def tag_parents(data: dict[str, Any] | None) -> dict[str, str]:
    """Each nav tag's ``parent`` tag in an OpenAPI 3.2 document (its group nests in the
    parent's); empty for 3.0 and 3.1, and for a parent that is not a declared tag."""
    if not tag_tree(data):
        return {}
    declared = {t["name"] for t in _declared(data)}
    return {t["name"]: t["parent"] for t in _declared(data)
            if isinstance(t.get("parent"), str) and t["parent"] in declared
            and t.get("kind") in (None, "nav")}


def tag_labels(data: dict[str, Any]) -> dict[str, str]:
    """The sidebar label of each declared tag: ``x-group``, else (OpenAPI 3.2) its
    ``summary``, else ``x-displayName``, else its name."""
    out = {}
    tree = tag_tree(data)
    for tag in _declared(data):
        label = tag.get("x-group") or (tree and tag.get("summary")) or tag.get(
            "x-displayName") or tag["name"]
        out[tag["name"]] = str(label)
    return out


def page_stem(directory: str, op: dict[str, Any], method: str, path: str, webhook: bool,
              data: dict[str, Any] | None = None) -> str:
    """``<directory>/<tag>/<slug>`` before any collision suffix (``directory`` may be '');
    ``data``, the document, decides which tag an OpenAPI 3.2 operation is filed under."""
    tag = first_tag(op, data)
    parts = [directory.strip("/").lower(), slug(tag) if tag else "",
             operation_slug(op, method, path, webhook)]
    return "/".join(p for p in parts if p)


def href_key(href: str) -> str:
    """The page key an ``x-mint.href`` path sets: lowercased, anything after the last ``.``
    of the last segment dropped (``/reference/v1.2`` -> ``reference/v1``), as the platform does."""
    parts = href.strip().strip("/").lower().split("/")
    if "." in parts[-1]:
        parts[-1] = parts[-1].rsplit(".", 1)[0]
    return "/".join(_UNSAFE.sub("", p) for p in parts if p) or "index"


class Placer:
    """Hand out unique page keys: the same operation always gets its key back, another one
    landing on a taken key gets ``-1``, ``-2``… (the platform's rule for duplicates)."""

    def __init__(self) -> None:
        self.owner: dict[str, tuple[str, ...]] = {}
        self.given: dict[tuple[str, tuple[str, ...]], str] = {}

    def place(self, stem: str, identity: tuple[str, ...]) -> tuple[str, tuple[str, ...] | None]:
        """Return the key for ``identity`` and the identity that already held ``stem`` (if any)."""
        known = self.given.get((stem, identity))
        if known is not None:
            return known, None
        taken = self.owner.get(stem)
        key, n = stem, 0
        while key in self.owner:
            n += 1
            key = f"{stem}-{n}"
        self.owner[key] = identity
        self.given[(stem, identity)] = key
        return key, taken
