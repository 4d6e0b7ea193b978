"""Read an AsyncAPI document (2.x or 3.0, JSON or YAML) and check what its pages need.

The bounded JSON/YAML reader is OpenAPI's (:mod:`mdxsite.openapi.load`): the same depth,
alias and size caps, and the same line:column map. On top of it this module checks the
AsyncAPI parts the channel pages read: the version, the channels, the 3.0 operations and every
``$ref`` (internal only, as the platform resolves them). Each mistake is located in the file
with its JSON path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mdxsite.errors import JsonPath, MdxsiteError, Problem
from mdxsite.openapi.load import Document, load_path, parse
from mdxsite.openapi.schema import resolve

KIND = "AsyncAPI"
ACTIONS_3 = ("send", "receive")
ACTIONS_2 = ("publish", "subscribe")


def version(doc: Document) -> int:
    """The major version of a checked document: 2 or 3."""
    return 2 if str(doc.data.get("asyncapi", "")).startswith("2.") else 3


def _error(doc: Document, path: JsonPath, message: str, hint: str, code: str) -> Problem:
    return Problem(doc.where(path), message, hint, str(path), code)


def _refs(doc: Document, out: list[Problem]) -> None:
    """Every ``$ref`` must point inside the document, at something that exists."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(doc.data, ())]
    while stack:
        value, parts = stack.pop()
        if isinstance(value, dict):
            ref = value.get("$ref")
            if isinstance(ref, str):
                at = JsonPath((*parts, "$ref"))
                if not ref.startswith("#"):
                    out.append(_error(doc, at, f"the $ref {ref!r} points outside the document",
                                      "only references inside the document are supported: "
                                      "copy the part under components and write "
                                      "'#/components/…'", "asyncapi.external-ref"))
                elif resolve(doc.data, ref) is None:
                    out.append(_error(doc, at, f"the $ref {ref!r} points to nothing",
                                      "fix the path, or add what it names to the document",
                                      "asyncapi.unknown-ref"))
            stack.extend((v, (*parts, k)) for k, v in value.items() if k != "$ref")
        elif isinstance(value, list):
            stack.extend((v, (*parts, i)) for i, v in enumerate(value))


def check(doc: Document) -> list[Problem]:
    """Return the problems that keep ``doc`` from making channel pages (empty when usable)."""
    out: list[Problem] = []
    data = doc.data
    raw = data.get("asyncapi")
    if raw is None:
        hint = ("this is an OpenAPI document: name it in an \"openapi\" field instead"
                if "openapi" in data or "swagger" in data else
                "start the file with 'asyncapi: 3.0.0'")
        out.append(_error(doc, JsonPath(), "not an AsyncAPI document: there is no 'asyncapi' "
                          "version at the top level", hint, "asyncapi.version"))
        return out
    if not isinstance(raw, str) or not raw.startswith(("2.", "3.")):
        out.append(_error(doc, JsonPath(("asyncapi",)), f"AsyncAPI version {raw!r} is not "
                          "supported", "write a 2.x or 3.0 version, such as '3.0.0'",
                          "asyncapi.version"))
        return out
    _refs(doc, out)
    channels = data.get("channels")
    if channels is not None and not isinstance(channels, dict):
        out.append(_error(doc, JsonPath(("channels",)), "'channels' must be an object of "
                          "channels by id", "write channels: {chat: {address: /chat}}",
                          "asyncapi.channels"))
        return out
    for cid, channel in (channels or {}).items():
        if not isinstance(channel, dict):
            out.append(_error(doc, JsonPath(("channels", cid)), f"channel {cid!r} must be an "
                              "object", "write its address, messages and description under it",
                              "asyncapi.channels"))
    operations = data.get("operations") if raw.startswith("3.") else None
    if operations is not None and not isinstance(operations, dict):
        out.append(_error(doc, JsonPath(("operations",)), "'operations' must be an object of "
                          "operations by id", "write operations: {sendChat: {action: send, "
                          "channel: {$ref: '#/channels/chat'}}}", "asyncapi.operations"))
        operations = None
    for oid, op in (operations or {}).items():
        at = JsonPath(("operations", oid))
        if not isinstance(op, dict):
            out.append(_error(doc, at, f"operation {oid!r} must be an object",
                              "write its action and channel under it", "asyncapi.operations"))
            continue
        if op.get("action") not in ACTIONS_3:
            out.append(_error(doc, at / "action" if "action" in op else at,
                              f"operation {oid!r} has action {op.get('action')!r}",
                              "write action: send or action: receive", "asyncapi.operations"))
        channel = op.get("channel")
        if not (isinstance(channel, dict) and isinstance(channel.get("$ref"), str)):
            out.append(_error(doc, at / "channel" if "channel" in op else at,
                              f"operation {oid!r} names no channel",
                              "write channel: {$ref: '#/channels/<id>'}", "asyncapi.operations"))
    return out


def load(root: Path, source: str) -> Document:
    """Load and check the AsyncAPI document ``source`` (a path in the site, or an http(s) URL).

    Raises:
        MdxsiteError: the file is missing, unreadable, not JSON/YAML, or not a usable
            AsyncAPI document (each problem located in it).
    """
    if source.startswith(("http://", "https://")):
        from mdxsite.openapi.load import load_url

        doc = load_url(source, kind=KIND)
    else:  # named as in docs.json, so its problems read "events.yaml:3:5: …"
        rel = source.lstrip("/")
        doc = load_path(root / rel, rel, kind=KIND)
    problems = check(doc)
    if problems:
        raise MdxsiteError(problems)
    return doc


def load_text(text: str, name: str) -> Document:
    """Parse and check AsyncAPI ``text`` named ``name`` (what :func:`load` does to a file).

    Raises:
        MdxsiteError: as :func:`load`.
    """
    doc = parse(text, name, kind=KIND)
    problems = check(doc)
    if problems:
        raise MdxsiteError(problems)
    return doc
