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


def first_tag(op: dict[str, Any]) -> str:
    """The tag an operation is filed under ('' for none): its first."""
    tags = op.get("tags")
    return str(tags[0]) if isinstance(tags, list) and tags and isinstance(
        tags[0], (str, int)) else ""


def tag_labels(data: dict[str, Any]) -> dict[str, str]:
    """The sidebar label of each declared tag: ``x-group``, else ``x-displayName``, else its name."""
    out = {}
    for tag in data.get("tags") or []:
        if isinstance(tag, dict) and isinstance(tag.get("name"), str):
            label = tag.get("x-group") or tag.get("x-displayName") or tag["name"]
            out[tag["name"]] = str(label)
    return out


def page_stem(directory: str, op: dict[str, Any], method: str, path: str, webhook: bool) -> str:
    """``<directory>/<tag>/<slug>`` before any collision suffix (``directory`` may be '')."""
    tag = first_tag(op)
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
