"""Turn OpenAPI schemas into a bounded tree of fields the page templates draw.

Schemas come from documents we do not control: they may be recursive (a ``Node`` whose
``children`` are ``Node``s), enormous (Stripe's expandable objects) or odd (3.0 ``nullable``
beside 3.1 type arrays). The walker follows internal ``$ref`` pointers, merges ``allOf``, keeps
``oneOf``/``anyOf`` as variants, and stops at a schema already open above it (the node then
links back to it).

Nothing is cut. Each section of a page (a parameter, a body, a response) draws its top level
in full and inlines nested schemas while its node budget lasts; past it, or deep down, a
*named* schema (``components.schemas``) becomes a lazy node: its fields live in a fragment
written once per document (``openapi/fragments.py``) and fetched when the reader opens it, a
link to that fragment without JavaScript. Anonymous schemas are always inlined: without a
``$ref`` they cannot repeat, so they are no bigger than the document itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mdxsite.openapi import extensions
from mdxsite.openapi.load import js_number

# Per section, not per page: sharing one budget across a page left Stripe's responses empty
# once its request body had spent it. Past the budget named schemas load on demand. Measured
# on Stripe's 417 operations (schema HTML per page, mean/max): 380/566 KB at 400 nodes,
# 214/353 KB at 150, 138/278 KB at 50; 150 keeps ordinary APIs whole on the page.
MAX_NODES = 150
MAX_DEPTH = 9        # named schemas nested deeper than this load on demand
HARD_DEPTH = 64      # anonymous nesting this deep is pathological: stop, with a visible note


def resolve(data: Any, ref: str) -> Any:
    """Follow an internal ``#/a/b`` pointer in ``data``; None when it leads nowhere."""
    if not ref.startswith("#"):
        return None
    node: Any = data
    for raw in ref[2:].split("/") if len(ref) > 1 else []:
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def deref(data: Any, value: Any) -> tuple[Any, str]:
    """Return ``value`` with ``$ref`` chains followed, and the last component name seen.

    The keys written beside each ``$ref`` of the chain are kept over its target's, the nearest
    use first: ``{$ref: Date, nullable: true, example: "2023-05-27"}`` is this use's own
    nullable date with its own example, a parameter's ``{$ref: Limit, description: ...}`` its
    own description. The platform's parser merges them so wherever a ``$ref`` stands (it
    copies in only the target's keys the object does not have), in 3.0 documents too, where
    the specification says to ignore them. Without such keys the target itself is returned.

    A broken, external or circular chain yields ``{}`` (openapi-check reports those), with the
    keys written beside it.
    """
    target, own, name = follow(data, value)
    if own and isinstance(target, dict):
        return {**target, **own}, name
    return target, name


def follow(data: Any, value: Any) -> tuple[Any, dict[str, Any], str]:
    """The walk :func:`deref` merges: the end of ``value``'s ``$ref`` chain (``{}`` when it is
    broken, external or circular), the keys written beside its links (the nearest use's
    first), and the last component name seen."""
    name = ""
    own: dict[str, Any] = {}
    seen: set[str] = set()
    while isinstance(value, dict) and isinstance(value.get("$ref"), str):
        ref = value["$ref"]
        if ref in seen:
            return {}, own, name
        seen.add(ref)
        if len(value) > 1:
            for key, item in value.items():
                if key != "$ref":
                    own.setdefault(key, item)
        if ref.startswith("#/components/schemas/"):
            name = ref.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")
        target = resolve(data, ref)
        value = target if target is not None else {}
    return value, own, name


MAX_LITERAL_REFS = 1000  # $refs followed inside one example value


def literal(data: Any, value: Any) -> Any:
    """``value`` (an example, default or const) with each internal ``{"$ref": "#/..."}`` in it
    replaced by what it points at, as the platform's parser does: it dereferences the whole
    document, so an example built from ``components.examples`` entries
    (``bots: [{$ref: "#/components/examples/Bot/value"}]``) shows those values, not the
    pointers. The value itself is returned when it holds none; a pointer that leads nowhere,
    is external or lies inside its own target stays as written.
    """
    if not isinstance(value, (dict, list)) or '"$ref"' not in _probe(value):
        return value
    budget = [MAX_LITERAL_REFS]

    def walk(node: Any, open_refs: frozenset[str]) -> Any:
        if isinstance(node, list):
            return [walk(item, open_refs) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/") and ref not in open_refs \
                and budget[0] > 0:
            target = resolve(data, ref)
            if target is not None:
                budget[0] -= 1
                return walk(target, open_refs | {ref})
        return {key: walk(item, open_refs) for key, item in node.items()}

    return walk(value, frozenset())


def _probe(value: Any) -> str:
    """The value as JSON text, to tell cheaply whether a ``$ref`` key is anywhere in it."""
    import json

    try:
        return json.dumps(value, default=str)
    except (TypeError, ValueError, RecursionError):
        return '"$ref"'


def types_of(schema: dict[str, Any]) -> tuple[list[str], bool]:
    """Return the schema's types without ``null``, and whether null is allowed (3.0 or 3.1)."""
    raw = schema.get("type")
    types = [t for t in raw if isinstance(t, str)] if isinstance(raw, list) else (
        [raw] if isinstance(raw, str) else [])
    nullable = "null" in types or schema.get("nullable") is True
    if "const" in schema and schema["const"] is None:
        nullable = True
    types = [t for t in types if t != "null"]
    if not types:
        if "properties" in schema or "additionalProperties" in schema:
            types = ["object"]
        elif "items" in schema:
            types = ["array"]
    return types, nullable


# contentMediaType values @mintlify/validation takes for a file upload (3.1 writes a file as
# a string with a binary media type instead of format: binary): every image, audio and video
# type, and these (asked of the converter: text, JSON, XML, office documents, fonts and the
# other archive types stay strings)
_FILE_MEDIA = frozenset({
    "application/octet-stream", "application/pdf", "application/zip",
    "application/x-zip-compressed", "application/gzip", "application/x-gzip",
    "application/x-tar", "application/x-7z-compressed", "application/x-rar-compressed",
    "application/vnd.rar"})


def format_of(schema: dict[str, Any]) -> str:
    """The schema's ``format``; for a 3.1 file without one (a binary ``contentMediaType``),
    the format that means the same: ``base64`` when its ``contentEncoding`` is base64 or
    base64url, else ``binary``. ``""`` for none."""
    raw = schema.get("format")
    if isinstance(raw, str):
        return raw
    media = schema.get("contentMediaType")
    if not isinstance(media, str):
        return ""
    media = media.split(";", 1)[0].strip().lower()
    if not (media in _FILE_MEDIA or media.startswith(("image/", "audio/", "video/"))):
        return ""
    encoding = schema.get("contentEncoding")
    return "base64" if isinstance(encoding, str) and encoding.lower() in (
        "base64", "base64url") else "binary"


def constraints(schema: dict[str, Any]) -> list[str]:
    """Return the validation keywords of ``schema`` as short readable phrases."""
    out = []
    low, high = js_number(schema.get("minimum")), js_number(schema.get("maximum"))
    ex_low, ex_high = (js_number(schema.get("exclusiveMinimum")),
                       js_number(schema.get("exclusiveMaximum")))
    if isinstance(ex_low, (int, float)) and not isinstance(ex_low, bool):  # 3.1 number form
        out.append(f"> {ex_low}")
    elif low is not None:
        out.append(f"{'>' if ex_low is True else '>='} {low}")
    if isinstance(ex_high, (int, float)) and not isinstance(ex_high, bool):
        out.append(f"< {ex_high}")
    elif high is not None:
        out.append(f"{'<' if ex_high is True else '<='} {high}")
    for key, phrase in (("multipleOf", "multiple of {}"), ("minLength", "length >= {}"),
                        ("maxLength", "length <= {}"), ("pattern", "pattern {}"),
                        ("minItems", "items >= {}"), ("maxItems", "items <= {}"),
                        ("minProperties", "properties >= {}"),
                        ("maxProperties", "properties <= {}")):
        if key in schema and not isinstance(schema[key], (dict, list)):
            out.append(phrase.format(js_number(schema[key])))
    if schema.get("uniqueItems") is True:
        out.append("unique items")
    return out


@dataclass
class Node:
    """One schema as the page shows it: its type line, notes and expandable children."""

    type: str = ""
    ref: str = ""                   # component name when it came from a $ref
    anchor: str = ""                # id on the page when something links back here
    description: str = ""           # Markdown source (rendered by the caller, sanitised)
    title: str = ""
    enum: list[Any] = field(default_factory=list)
    default: Any = None
    has_default: bool = False
    example: Any = None
    has_example: bool = False
    constraints: list[str] = field(default_factory=list)
    nullable: bool = False
    read_only: bool = False
    write_only: bool = False
    deprecated: bool = False
    properties: list[Field] = field(default_factory=list)
    variants: list[Node] = field(default_factory=list)
    combinator: str = ""            # "oneOf" or "anyOf"
    discriminator: str = ""
    mapping: list[tuple[str, str]] = field(default_factory=list)
    recursive: str = ""             # anchor of the open ancestor this schema repeats
    truncated: bool = False         # anonymous nesting past HARD_DEPTH (a visible note)
    lazy: str = ""                  # component whose fields load on demand (see module doc)
    lazy_mode: str = ""             # "request" or "response": which fields the fragment holds
    pre: list[str] = field(default_factory=list)   # x-platform/x-mint pills before the name
    post: list[str] = field(default_factory=list)  # ... and after the built-in ones

    @property
    def expandable(self) -> bool:
        return bool(self.properties or self.variants or self.lazy)


@dataclass
class Field:
    """A named property (or parameter, or header) with its schema."""

    name: str
    node: Node
    required: bool = False


def key_pills(schema: dict[str, Any], keys: tuple[str, ...]) -> list[str]:
    """``api.params.post``: for each key, the schema's value as the platform shows it: a
    string as written, true as the key's name, a list as one pill per item; an object (or
    false, a number, nothing) as none."""
    out: list[str] = []
    for key in keys:
        value = schema.get(key)
        if isinstance(value, str):
            out.append(value)
        elif value is True:
            out.append(key)
        elif isinstance(value, list):
            out += [str(v) for v in value if isinstance(v, str)
                    or (isinstance(v, (int, float)) and not isinstance(v, bool))]
    return out


def post_keys(config: Any) -> tuple[str, ...]:
    """``api.params.post`` of a site's config, as a tuple of its strings."""
    keys = config.get("api.params.post")
    return tuple(k for k in keys if isinstance(k, str)) if isinstance(keys, list) else ()


class Walker:
    """Build :class:`Node` trees for one page, sharing its anchor ids.

    Args:
        data: the whole OpenAPI document (refs are resolved against it).
        mode: ``request`` hides readOnly properties, ``response`` hides writeOnly ones.
        max_nodes: the inline budget of each section (each call without a stack).
        inline: False draws only the top schema's own fields and leaves every nested named
            schema lazy (how fragments are drawn: each once, whatever links to it).
        post_keys: ``api.params.post``: the schema keys whose values are pills after the name
            of every request field (:func:`key_pills`).
    """

    def __init__(self, data: Any, mode: str = "response", *, max_nodes: int = MAX_NODES,
                 inline: bool = True, post_keys: tuple[str, ...] = ()):
        self.data = data
        self.post_keys = post_keys
        self.mode = mode
        self.max_nodes = max_nodes
        self.budget = max_nodes
        self.inline = inline
        self.anchors = 0

    def node(self, raw: Any, stack: tuple[tuple[str, Node], ...] = (), depth: int = 0) -> Node:
        """Return the tree of ``raw`` (a schema, possibly a $ref)."""
        if depth == 0:
            self.budget = self.max_nodes  # a new section: a parameter, a body, a response
        schema, name = deref(self.data, raw)
        if not isinstance(schema, dict):
            schema = {}
        for open_name, open_node in stack:
            if name and open_name == name:  # the same schema is open above: link back to it
                if not open_node.anchor:
                    self.anchors += 1
                    open_node.anchor = f"schema-{_slug(name)}-{self.anchors}"
                return Node(type=name, ref=name, recursive=open_node.anchor)
        self.budget -= 1
        node = Node(ref=name)
        if name:
            stack = (*stack, (name, node))
        schema = self._merge_all_of(schema, stack)
        # pills: beside a $ref that points at the schema (3.1 allows siblings), or on it
        node.pre = extensions.pills(raw, "pre") or extensions.pills(schema, "pre")
        node.post = extensions.pills(raw, "post") or extensions.pills(schema, "post")
        if self.post_keys and self.mode == "request":  # parameters and request bodies
            node.post = [*node.post, *key_pills(schema, self.post_keys)]
        types, node.nullable = types_of(schema)
        description, title = schema.get("description"), schema.get("title")
        node.description = description if isinstance(description, str) else ""
        node.title = title if isinstance(title, str) else ""
        enum = schema.get("enum")
        node.enum = [v for v in enum if v is not None] if isinstance(enum, list) else []
        if "const" in schema and schema["const"] is not None:
            node.enum = [schema["const"]]
        if "default" in schema:
            node.default, node.has_default = literal(self.data, schema["default"]), True
        examples = schema.get("examples")
        if "example" in schema:
            node.example, node.has_example = literal(self.data, schema["example"]), True
        elif isinstance(examples, list) and examples:
            node.example, node.has_example = literal(self.data, examples[0]), True
        node.constraints = constraints(schema)
        node.read_only = schema.get("readOnly") is True
        node.write_only = schema.get("writeOnly") is True
        node.deprecated = schema.get("deprecated") is True
        fmt = format_of(schema)
        if not types and fmt in ("binary", "base64") and "format" not in schema:
            types = ["string"]  # a file written as contentMediaType alone
        nested = bool(schema.get("properties") or schema.get("oneOf") or schema.get("anyOf") or
                      isinstance(schema.get("additionalProperties"), dict) and
                      schema.get("additionalProperties"))
        if name and depth > 0 and nested and (
                not self.inline or self.budget <= 0 or depth >= MAX_DEPTH):
            node.type = self._label(types, schema, name, fmt, node.nullable)
            node.lazy, node.lazy_mode = name, self.mode
            return node
        if depth >= HARD_DEPTH:
            node.type = self._label(types, schema, name, fmt, node.nullable)
            node.truncated = nested or "items" in schema
            return node
        if "array" in types:
            item = self.node(schema.get("items") or {}, stack, depth + 1)
            node.properties, node.variants = item.properties, item.variants
            node.combinator, node.discriminator = item.combinator, item.discriminator
            node.mapping, node.recursive = item.mapping, item.recursive
            node.truncated, node.anchor = item.truncated, item.anchor
            node.lazy, node.lazy_mode = item.lazy, item.lazy_mode
            inner = item.type or "any"
            node.type = (f"({inner})[]" if " " in inner else f"{inner}[]") + (
                " | null" if node.nullable else "")
            if not node.description and item.description:
                node.description = item.description
            if not node.enum and item.enum:
                node.enum = item.enum
            return node
        node.type = self._label(types, schema, name, fmt, node.nullable)
        props = schema.get("properties")
        raw_required = schema.get("required")
        required: list[Any] = raw_required if isinstance(raw_required, list) else []
        if isinstance(props, dict):
            for prop_name, prop in props.items():
                child = self.node(prop, stack, depth + 1)
                if (self.mode == "request" and child.read_only) or (
                        self.mode == "response" and child.write_only):
                    continue
                node.properties.append(Field(str(prop_name), child, prop_name in required))
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            node.properties.append(Field("{key}", self.node(extra, stack, depth + 1)))
        for combinator in ("oneOf", "anyOf"):
            options = schema.get(combinator)
            if isinstance(options, list) and options:
                # a null option (FastAPI's anyOf: [X, {type: 'null'}]) makes the schema
                # nullable instead of being an option of its own
                kept = [o for o in options if not self._only_null(o)]
                if len(kept) < len(options):
                    if not node.nullable and node.type:
                        node.type += " | null"
                    node.nullable = True
                sets = self._required_sets(kept)
                if sets:  # options that only say which of the schema's fields are required
                    node.constraints.append(
                        ("exactly one of: " if combinator == "oneOf" else "at least one of: ") +
                        "; ".join(" and ".join(map(str, s)) for s in sets))
                    break
                if len(kept) == 1:
                    self._take(node, self.node(kept[0], stack, depth + 1))
                    break
                node.combinator = combinator
                node.variants = [self.node(o, stack, depth + 1) for o in kept]
                if not node.type:
                    node.type = " | ".join(dict.fromkeys(v.type or "any" for v in node.variants))
                    node.type += " | null" if node.nullable and node.variants else ""
                break
        disc = schema.get("discriminator")
        if isinstance(disc, dict) and isinstance(disc.get("propertyName"), str):
            node.discriminator = disc["propertyName"]
            mapping = disc.get("mapping")
            if isinstance(mapping, dict):
                # a value is a schema name or a pointer; some published specs (X's) write the
                # pointer as a reference object, {$ref: '#/components/schemas/Name'}, which
                # read "Name'}" here: the platform's parser dereferences them all the same
                node.mapping = [(str(k), target.rsplit("/", 1)[-1]) for k, v in mapping.items()
                                if isinstance(target := v.get("$ref") if isinstance(v, dict)
                                              else v, str)]
        return node

    def _required_sets(self, options: list[Any]) -> list[list[Any]]:
        """The ``required`` lists of ``options`` when each is nothing else (``anyOf: [{required:
        [url]}, {required: [id]}]`` beside the properties: give url, or id); [] otherwise. The
        platform merges the schema into each option: they are the schema's own fields."""
        sets = []
        for raw in options:
            option, _ = deref(self.data, raw)
            if not isinstance(option, dict) or not isinstance(option.get("required"), list) or \
                    not option["required"] or any(
                        k not in ("required", "description", "title") and not k.startswith("x-")
                        for k in option):
                return []
            sets.append(option["required"])
        return sets

    def _only_null(self, raw: Any) -> bool:
        """Whether ``raw`` allows null and nothing else (``type: 'null'``, ``enum: [null]``)."""
        schema, _ = deref(self.data, raw)
        if not isinstance(schema, dict) or any(
                k in schema for k in ("properties", "items", "oneOf", "anyOf", "allOf")):
            return False
        kind = schema.get("type")
        return (kind == "null" or kind == ["null"] or schema.get("enum") == [None]
                or ("const" in schema and schema["const"] is None and kind is None))

    @staticmethod
    def _take(node: Node, only: Node) -> None:
        """Fill ``node`` (a oneOf/anyOf of one option besides null) with that option: its
        type, fields and variants, and the notes ``node`` does not have itself."""
        if not node.type:
            node.type = (only.type or "any") + (
                " | null" if node.nullable and not only.type.endswith(" | null") else "")
        node.read_only = node.read_only or only.read_only
        node.write_only = node.write_only or only.write_only
        node.deprecated = node.deprecated or only.deprecated
        node.properties = node.properties + only.properties
        node.variants, node.combinator = only.variants, only.combinator
        node.discriminator, node.mapping = only.discriminator, only.mapping
        node.recursive = node.recursive or only.recursive
        node.anchor = node.anchor or only.anchor
        node.truncated = only.truncated
        node.lazy, node.lazy_mode = only.lazy, only.lazy_mode
        node.description = node.description or only.description
        node.enum = node.enum or only.enum
        node.constraints = node.constraints or only.constraints
        if not node.has_default and only.has_default:
            node.default, node.has_default = only.default, True
        if not node.has_example and only.has_example:
            node.example, node.has_example = only.example, True

    def _merge_all_of(self, schema: dict[str, Any], stack: tuple[tuple[str, Node], ...],
                      level: int = 0) -> dict[str, Any]:
        parts = schema.get("allOf")
        if not isinstance(parts, list) or level > 8:
            return schema
        merged: dict[str, Any] = {k: v for k, v in schema.items() if k != "allOf"}
        props: dict[str, Any] = {}
        required: list[Any] = []
        open_names = {n for n, _ in stack}
        for part in parts:
            sub, name = deref(self.data, part)
            if not isinstance(sub, dict) or (name and name in open_names and level > 0):
                continue
            sub = self._merge_all_of(sub, stack, level + 1)
            for key, value in sub.items():
                if key == "properties" and isinstance(value, dict):
                    props.update(value)
                elif key == "required" and isinstance(value, list):
                    required += value
                else:
                    merged.setdefault(key, value)
        if isinstance(schema.get("properties"), dict):
            props.update(schema["properties"])
        if props:
            merged["properties"] = props
            merged.setdefault("type", "object")
        if required or isinstance(schema.get("required"), list):
            merged["required"] = list(dict.fromkeys(required + list(schema.get("required") or [])))
        return merged

    @staticmethod
    def _label(types: list[str], schema: dict[str, Any], name: str, fmt: str,
               nullable: bool) -> str:
        if types == ["object"] and name:
            text = name
        elif types:
            text = " | ".join(types)
            if fmt and len(types) == 1:
                text += f"<{fmt}>"
        elif schema.get("type") in ("null", ["null"]):
            return "null"
        else:
            text = name if name else ("" if any(k in schema for k in ("oneOf", "anyOf")) else "any")
        return text + (" | null" if nullable and text else "")


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-") or "schema"
