"""Read an OpenAPI document (JSON or YAML) into plain Python data with a line:column map.

Specs may come from strangers, so loading is bounded: nesting depth and YAML aliases are
capped before any Python objects are built, and only the safe YAML loader is used.
"""

from __future__ import annotations

import datetime
import functools
import sys
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mdxsite.errors import JsonPath, Location, MdxsiteError, Problem, log
# PyYAML's C loader (much faster on multi-megabyte specs), PyYAML imported when first read
from mdxsite.mdx.frontmatter import yaml_loader

MAX_DEPTH = 200
MAX_ALIASES = 1000
MAX_EXPANDED = 2_000_000
MAX_BYTES = 50 * 1024 * 1024

if TYPE_CHECKING:
    import yaml


@dataclass
class Document:
    """A loaded OpenAPI document and where each JSON path sits in its source."""

    name: str
    data: Any
    _positions: dict[tuple[str | int, ...], tuple[int, int]] | None = None
    text: str = ""  # JSON source, kept so positions are only computed when a problem needs one

    @property
    def positions(self) -> dict[tuple[str | int, ...], tuple[int, int]]:
        if self._positions is None:
            # Locating is slow on multi-megabyte JSON; most checks never need it.
            loader = _core_loader(yaml_loader())
            self._positions = _convert(loader(self.text).get_single_node(),
                                       loader(""), self.name, unique=False)[1] if self.text else {}
        return self._positions

    def where(self, path: JsonPath) -> Location:
        """Return the source location of ``path``, or of its nearest located parent."""
        positions = self.positions
        parts = path.parts
        while parts not in positions and parts:
            parts = parts[:-1]
        line, column = positions.get(parts, (0, 0))
        return Location(self.name, line, column)


def _json_depth(name: str, data: Any) -> None:
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _unusable(name, f"nesting deeper than {MAX_DEPTH} levels",
                            "flatten the document or move shared parts under components")
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def _depth_bound(text: str) -> int:
    """Return a number at least as large as the YAML text's nesting depth, cheaply.

    A line nests no deeper than its indentation plus two levels for each compact ``- ``
    (a sequence entry and the mapping in it) plus one; flow collections (``[``, ``{``) add
    their own depth, counted outside quotes. Comments and block scalars may count too much,
    which only costs the slower Python composer.
    """
    block = flow = deepest_flow = 0
    for line in text.splitlines():
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        dashes = 0
        while stripped.startswith(("- ", "? ")) or stripped in ("-", "?"):
            dashes += 1
            stripped = stripped[2:].lstrip(" ")
        block = max(block, indent + 2 * dashes + 1)
        if "[" in stripped or "{" in stripped or flow:
            quote = ""
            for ch in stripped:
                if quote:
                    quote = "" if ch == quote else quote
                elif ch in "'\"":
                    quote = ch
                elif ch in "[{":
                    flow += 1
                    deepest_flow = max(deepest_flow, flow)
                elif ch in "]}":
                    flow = max(0, flow - 1)
                elif ch == "#":
                    break
    return block + deepest_flow


# How the platform's parser (js-yaml 4: YAML 1.2's core schema) reads plain scalars, in place
# of PyYAML's YAML 1.1 rules: there, NO (Norway in an enum), yes, on and off are booleans,
# 12:30 is the number 750, 017 is octal and 1e6 a string. (tag, pattern, first characters)
_CORE = (("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
         ("int", r"^[-+]?(?:0b[01]+|0x[0-9a-fA-F]+|0o[0-7]+|[0-9]+)$", "-+0123456789"),
         ("float", r"^(?:[-+]?[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9]+(?:[eE][-+]?[0-9]+)?"
                   r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", "-+0123456789."),
         ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
         ("merge", r"^<<$", "<"))
_BASES = {"0b": 2, "0o": 8, "0x": 16}


@functools.cache
def _core_loader(base: type) -> type:
    """``base``, a PyYAML safe loader, reading plain scalars as :data:`_CORE` says (a date
    stays the string written, as :func:`_scalar` wants)."""
    import re

    loader: Any = type(f"Core{base.__name__}", (base,), {"yaml_implicit_resolvers": {}})
    for tag, pattern, first in _CORE:
        loader.add_implicit_resolver(f"tag:yaml.org,2002:{tag}", re.compile(pattern), list(first))

    def core_int(self: Any, node: yaml.ScalarNode) -> int:  # 017 is 17; 0b, 0o and 0x signed
        text = self.construct_scalar(node)
        digits = text.lstrip("+-")
        base = _BASES.get(digits[:2], 10)
        return (-1 if text[0] == "-" else 1) * int(digits if base == 10 else digits[2:], base)

    loader.add_constructor("tag:yaml.org,2002:int", core_int)
    return loader


def _unusable(name: str, message: str, hint: str, line: int = 0, column: int = 0) -> MdxsiteError:
    return MdxsiteError([Problem(Location(name, line, column), message, hint,
                                 code="openapi.unusable")])


# the YAML tags a JSON-compatible document may carry (most implicitly); any other tag
# (``!!python/object``, ``!Ref``) belongs to some application, and its meaning would be lost
_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in
                  "str int float bool null map seq timestamp binary merge".split())


def _foreign_tag(node: yaml.Node, name: str) -> MdxsiteError:
    mark = node.start_mark
    tag = "!!" + node.tag[len("tag:yaml.org,2002:"):] if node.tag.startswith(
        "tag:yaml.org,2002:") else node.tag
    return _unusable(name, f"the YAML tag {tag!r} is not part of JSON, so an API "
                     "document cannot use it", "remove the tag and write the plain value",
                     mark.line + 1, mark.column + 1)


def _scalar(node: yaml.ScalarNode, loader: Any, name: str = "") -> Any:
    if node.tag not in _TAGS:
        raise _foreign_tag(node, name)
    value = loader.construct_object(node, deep=True)
    # YAML reads 2024-01-01 as a date; OpenAPI means the string that was written.
    if isinstance(value, (datetime.date, datetime.datetime)):
        return node.value
    return value


def js_number(value: Any) -> Any:
    """A number as JavaScript prints it, as the document's reader wrote it: 1e6 and 1.0 are
    1000000 and 1, not Python's 1000000.0 and 1.0 (anything else is returned as it is)."""
    return int(value) if isinstance(value, float) and value.is_integer() and abs(value) < 1e21 \
        else value


def _key(value: Any) -> str:
    """A mapping key as the platform's parser names it: JavaScript's ``String()`` of the value
    (``true``, ``null``, ``1`` for 1.0), as a document's keys are compared and looked up."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, float) and value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    return str(js_number(value))


def _convert(root: yaml.Node, loader: Any, name: str, *, unique: bool = True
             ) -> tuple[Any, dict]:
    """Turn a composed node tree into data, recording positions, depth-bounded, iteratively.

    ``unique``: a key written twice in one mapping is an error, as the platform's YAML parser
    makes it (the later value would replace the earlier one without a word: a path written
    twice lost its first operations). Off for a JSON document's positions: JSON keeps the
    last value, and so does the platform."""
    import yaml

    positions: dict[tuple[str | int, ...], tuple[int, int]] = {}
    aliases = 0
    expanded = 0  # values a naive walker would visit once aliases are expanded
    seen: dict[int, tuple[Any, int]] = {}

    def build(node: yaml.Node, path: tuple[str | int, ...], depth: int) -> tuple[Any, int]:
        nonlocal aliases, expanded
        mark = node.start_mark
        if depth > MAX_DEPTH:
            raise _unusable(name, f"nesting deeper than {MAX_DEPTH} levels",
                            "flatten the document or move shared parts under components",
                            mark.line + 1, mark.column + 1)
        if id(node) in seen:
            value, size = seen[id(node)]
            aliases += 1
            expanded += size
            # Aliases share one object here, but later walks (refs, rendering) expand them:
            # a "billion laughs" document must be refused before it gets that far.
            if aliases > MAX_ALIASES or expanded > MAX_EXPANDED:
                raise _unusable(name, "YAML aliases expand to too many values",
                                "use $ref instead of YAML anchors and aliases",
                                mark.line + 1, mark.column + 1)
            return value, size
        positions.setdefault(path, (mark.line + 1, mark.column + 1))
        size = 1
        if not isinstance(node, yaml.ScalarNode) and node.tag not in _TAGS:
            raise _foreign_tag(node, name)
        if isinstance(node, yaml.MappingNode):
            out: dict[str, Any] = {}
            key_lines: dict[str, int] = {}
            for key_node, value_node in node.value:
                # status codes written as 200 are integers to YAML; OpenAPI keys are strings
                key = _key(_scalar(key_node, loader, name)) \
                    if isinstance(key_node, yaml.ScalarNode) else ""
                if unique:
                    if key in key_lines:
                        raise _unusable(name, f"the key {key!r} is written twice in this "
                                        f"mapping (first on line {key_lines[key]})",
                                        "remove one of them, or merge what they hold",
                                        key_node.start_mark.line + 1,
                                        key_node.start_mark.column + 1)
                    key_lines[key] = key_node.start_mark.line + 1
                out[key], child = build(value_node, (*path, key), depth + 1)
                size += child
            seen[id(node)] = (out, size)
            return out, size
        if isinstance(node, yaml.SequenceNode):
            items: list[Any] = []
            for index, item in enumerate(node.value):
                value, child = build(item, (*path, index), depth + 1)
                items.append(value)
                size += child
            seen[id(node)] = (items, size)
            return items, size
        return _scalar(node, loader, name), 1

    data, _size = build(root, (), 0)
    return data, positions


# what each kind of document starts with, for the hints of an empty or non-mapping file
_STARTS = {"OpenAPI": ("openapi: 3.1.0, info and paths", "openapi: 3.1.0", '{"openapi": "3.1.0"'),
           "AsyncAPI": ("asyncapi: 3.0.0, info and channels", "asyncapi: 3.0.0",
                        '{"asyncapi": "3.0.0"'),
           "Overlay": ("overlay: 1.1.0, info and actions", "overlay: 1.1.0", '{"overlay": "1.1.0"')}


def parse(text: str, name: str, *, kind: str = "OpenAPI") -> Document:
    """Parse ``text`` (JSON or YAML) named ``name`` into a :class:`Document`.

    Args:
        text: the file's text.
        name: how messages name the file (``api/openapi.yaml``).
        kind: ``OpenAPI`` or ``AsyncAPI``: the words and hints of the messages.

    Raises:
        MdxsiteError: the text is not a readable JSON/YAML mapping.
    """
    whole, first, first_json = _STARTS.get(kind, _STARTS["OpenAPI"])
    if len(text) > MAX_BYTES:
        raise _unusable(name, f"document is larger than {MAX_BYTES} bytes",
                        "split the specification into several files")
    if not text.strip():
        raise _unusable(name, "the document is empty",
                        f"write an {kind} document: {whole}")
    if name.lower().endswith(".json"):
        import json

        try:
            data = json.loads(text)  # strict: YAML would accept JSON mistakes
        except json.JSONDecodeError as exc:
            raise _unusable(name, f"not valid JSON: {exc.msg}", "fix the syntax at this place",
                            exc.lineno, exc.colno) from None
        except RecursionError:
            raise _unusable(name, f"nesting deeper than {MAX_DEPTH} levels",
                            "flatten the document or move shared parts under components") from None
        if not isinstance(data, dict):
            raise _unusable(name, f"an {kind} document must be a mapping at the top level",
                            f"start the file with '{first_json}'", 1, 1)
        _json_depth(name, data)
        if kind == "OpenAPI":
            _inline_path_items(data)
        return Document(name, data, text=text)
    # libyaml composes recursively in C: a document nested a few thousand levels deep crashes
    # the process. One that might nest deeper than we accept is composed in Python instead,
    # where running out of depth is an exception.
    import yaml

    deep = _depth_bound(text) > MAX_DEPTH
    loader = _core_loader(yaml.SafeLoader if deep else yaml_loader())(text)
    limit = sys.getrecursionlimit()
    if deep:
        sys.setrecursionlimit(max(limit, MAX_DEPTH * 8 + 500))
    try:
        root = loader.get_single_node()
    except RecursionError:
        raise _unusable(name, f"nesting deeper than {MAX_DEPTH} levels",
                        "flatten the document or move shared parts under components") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        raise _unusable(name, f"not valid JSON or YAML: {exc.problem}",
                        "fix the syntax at this line", mark.line + 1 if mark else 0,
                        mark.column + 1 if mark else 0) from None
    except yaml.YAMLError as exc:
        raise _unusable(name, f"not valid JSON or YAML: {exc}", "fix the syntax") from None
    finally:
        loader.dispose()
        sys.setrecursionlimit(limit)
    if root is None:  # only comments or document markers
        raise _unusable(name, "the document is empty",
                        f"write an {kind} document: {whole}")
    if not isinstance(root, yaml.MappingNode):
        raise _unusable(name, f"an {kind} document must be a mapping at the top level",
                        f"start the file with '{first}'", 1, 1)
    sys.setrecursionlimit(max(limit, MAX_DEPTH * 4 + 200))
    try:
        data, positions = _convert(root, _core_loader(yaml_loader())(""), name)
    finally:
        sys.setrecursionlimit(limit)
    if kind == "OpenAPI":
        _inline_path_items(data)
    return Document(name, data, positions)


def _inline_path_items(data: dict[str, Any]) -> None:
    """Put in place each path item written as a ``$ref`` (``components.pathItems`` in OpenAPI
    3.1), with the keys written beside it (summary, description) over its target's: every
    reader of ``paths`` and ``webhooks`` then finds its operations, as the platform's
    converter does. A broken or circular reference stays, for openapi-check to report."""
    from mdxsite.openapi.schema import follow

    for group in ("paths", "webhooks"):
        items = data.get(group)
        if not isinstance(items, dict):
            continue
        for route, item in items.items():
            if isinstance(item, dict) and isinstance(item.get("$ref"), str):
                target, siblings, _ = follow(data, item)
                # "#" or "#/paths" would put the document inside itself
                if isinstance(target, dict) and target and target is not data and \
                        target is not items:
                    items[route] = {**target, **siblings} if siblings else target


def load_path(path: Path, name: str | None = None, *, kind: str = "OpenAPI") -> Document:
    """Read and parse the OpenAPI (or, with ``kind="AsyncAPI"``, AsyncAPI) file at ``path``.

    Raises:
        MdxsiteError: the file is missing, unreadable or not JSON/YAML.
    """
    from mdxsite.output.stamp import note_read

    label = name or str(path)
    note_read(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _unusable(label, "file not found", "check the path") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise _unusable(label, f"cannot read the file: {exc}", "save it as UTF-8 text") from None
    return parse(text, label, kind=kind)


def load_url(url: str, timeout: float = 20.0, *, kind: str = "OpenAPI") -> Document:
    """Fetch and parse the OpenAPI document at an http(s) ``url``, refusing oversized bodies.

    Raises:
        MdxsiteError: the URL cannot be fetched, answers an error, or is too large.
    """
    import hashlib
    import os

    import httpx

    from mdxsite.output.stamp import note_read

    note_read(url)
    cache_dir = Path(os.environ.get("MDXSITE_CACHE", Path.home() / ".cache" / "mdxsite"))
    cached = cache_dir / "openapi" / hashlib.sha256(url.encode()).hexdigest()
    try:
        with httpx.stream("GET", url, timeout=timeout, follow_redirects=True) as response:
            if response.status_code >= 400:
                raise _unusable(url, f"the server answered HTTP {response.status_code}",
                                "check the URL")
            chunks, size = [], 0
            for chunk in response.iter_bytes():
                size += len(chunk)
                if size > MAX_BYTES:
                    raise _unusable(url, f"document is larger than {MAX_BYTES} bytes",
                                    "download and split it")
                chunks.append(chunk)
    except httpx.HTTPError as exc:
        if cached.exists():  # offline builds reuse the last copy fetched
            log.warning("%s: cannot fetch (%s); using the cached copy from %s", url, exc, cached)
            return parse(cached.read_text(encoding="utf-8"), url, kind=kind)
        raise _unusable(url, f"cannot fetch the document: {exc}",
                        "check the URL and your network, or use a local file") from None
    text = b"".join(chunks).decode("utf-8", "replace")
    doc = parse(text, url, kind=kind)
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        cached.write_text(text, encoding="utf-8")
    except OSError:
        pass  # a read-only home only loses the offline copy, never the build
    return doc


def load_source(source: str) -> Document:
    """Load ``source``, a file path or an http(s) URL."""
    if source.startswith(("http://", "https://")):
        return load_url(source)
    return load_path(Path(source), source)


_LOADED: dict[tuple[str, str, str, tuple[int, ...]], Document] = {}


def per_process(root: Path, spec: str, kind: str, load: Callable[[], Document],
                extra: tuple[str, ...] = ()) -> Document:
    """Return ``load()``'s document for ``spec`` (a site path or URL) once per process.

    The file's modification time, size and inode are part of the key, so a long-lived dev
    server never serves a stale document (two saves within one tick of the file system's clock
    share a modification time; an editor's atomic save makes a new inode); at most 16
    documents are kept. ``extra`` files (the overlays of ``spec``) are part of the key too.
    """
    local = root / spec.lstrip("/")
    stamp: tuple[int, ...] = ()
    if not spec.startswith("http"):
        try:
            st = local.stat()
            stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:  # missing: load() says so, located
            pass
    for rel in extra:  # the overlays applied to it (site paths): an edited one reloads it
        try:
            st = (root / rel).stat()
            stamp += (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            stamp += (0, 0, 0)
    key = (kind, str(root), spec, stamp)
    if key not in _LOADED:
        if len(_LOADED) > 16:
            _LOADED.clear()
        _LOADED[key] = load()
    return _LOADED[key]
