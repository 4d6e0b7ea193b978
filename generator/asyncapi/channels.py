"""The channels of an AsyncAPI document, the same shape for 2.x and 3.0.

A 3.0 channel has an id (its key), an ``address`` and its own ``messages``; operations live
beside the channels (``action: send`` or ``receive``) and point at one with a ``$ref``. A 2.x
channel's key is its address, and its operations sit inside it (``publish``, ``subscribe``),
each with one message or ``oneOf`` several. Both become a :class:`Channel` holding
:class:`Operation` and :class:`Message` records whose schemas stay raw (``$ref`` and all): the
page draws them with the OpenAPI schema walker, which resolves references in the document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mdxsite.asyncapi.load import version
from mdxsite.openapi.load import Document
from mdxsite.openapi.schema import deref, resolve

DEFAULT_GROUP = "Websockets"  # the platform files untagged channels under this group


@dataclass(frozen=True)
class Example:
    """A named example of a message: its payload and headers as written."""

    name: str = ""
    summary: str = ""
    payload: Any = None
    headers: Any = None
    has_payload: bool = False
    has_headers: bool = False


@dataclass(frozen=True)
class Message:
    """One message a channel carries."""

    id: str                      # its key in the channel (3.0), else its name or a number
    name: str = ""
    title: str = ""
    summary: str = ""
    description: str = ""
    content_type: str = ""
    payload: Any = None          # the raw schema ($ref allowed); None when there is none
    headers: Any = None
    schema_format: str = ""      # a non-JSON-Schema payload (Avro, Protobuf…) is shown as is
    examples: tuple[Example, ...] = ()
    correlation: str = ""        # where the correlation ID is: "$message.header#/requestId"
    correlation_description: str = ""

    @property
    def label(self) -> str:
        return self.title or self.name or self.id


@dataclass(frozen=True)
class Operation:
    """What an application does on the channel: send or receive (publish or subscribe in 2.x)."""

    id: str
    action: str
    title: str = ""
    summary: str = ""
    description: str = ""
    messages: tuple[str, ...] = ()   # ids of the channel's messages this operation carries


@dataclass(frozen=True)
class Parameter:
    """A ``{name}`` in the channel's address."""

    name: str
    description: str = ""
    enum: tuple[Any, ...] = ()
    default: Any = None
    has_default: bool = False
    examples: tuple[Any, ...] = ()
    location: str = ""
    type: str = ""


@dataclass(frozen=True)
class Server:
    """A server the channel is reached on."""

    name: str
    url: str
    protocol: str = ""
    description: str = ""


@dataclass(frozen=True)
class Channel:
    """One channel, its page's content."""

    id: str
    address: str
    title: str = ""
    summary: str = ""
    description: str = ""
    tags: tuple[str, ...] = ()
    parameters: tuple[Parameter, ...] = ()
    bindings: dict[str, Any] = field(default_factory=dict)
    servers: tuple[Server, ...] = ()
    operations: tuple[Operation, ...] = ()
    messages: tuple[Message, ...] = ()

    @property
    def label(self) -> str:
        """The page title, as the platform names it: the channel's title, else its id."""
        return self.title or self.id

    @property
    def group(self) -> str:
        """The sidebar group: the channel's first tag, else the platform's default."""
        return self.tags[0] if self.tags else DEFAULT_GROUP


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _obj(doc: Document, value: Any) -> dict[str, Any]:
    found, _name = deref(doc.data, value)
    return found if isinstance(found, dict) else {}


def _tags(doc: Document, raw: Any) -> tuple[str, ...]:
    out = []
    for tag in raw if isinstance(raw, list) else []:
        name = _obj(doc, tag).get("name")
        if isinstance(name, str) and name.strip():
            out.append(name.strip())
    return tuple(out)


def _examples(doc: Document, raw: Any) -> tuple[Example, ...]:
    out = []
    for item in raw if isinstance(raw, list) else []:
        ex = _obj(doc, item)
        if not ex:
            continue
        out.append(Example(name=_text(ex.get("name")), summary=_text(ex.get("summary")),
                           payload=ex.get("payload"), headers=ex.get("headers"),
                           has_payload="payload" in ex, has_headers="headers" in ex))
    return tuple(out)


def _message(doc: Document, mid: str, raw: Any, content_type: str) -> Message:
    msg = _obj(doc, raw)
    traits = msg.get("traits")
    # traits add their fields where the message has none (AsyncAPI's merge rule)
    for trait in traits if isinstance(traits, list) else []:
        msg = {**_obj(doc, trait), **msg}
    payload = msg.get("payload")
    schema_format = _text(msg.get("schemaFormat"))
    if isinstance(payload, dict) and "schemaFormat" in payload and "schema" in payload:
        # 3.0 multi-format schema: {schemaFormat, schema}
        schema_format, payload = _text(payload.get("schemaFormat")), payload.get("schema")
    if "json" in schema_format or "asyncapi" in schema_format:
        schema_format = ""  # JSON Schema (or AsyncAPI's own): drawn as fields
    # anything else (Avro, Protobuf, RAML) keeps its format and is shown as written
    correlation = _obj(doc, msg.get("correlationId"))
    return Message(id=mid, name=_text(msg.get("name")), title=_text(msg.get("title")),
                   correlation=_text(correlation.get("location")),
                   correlation_description=_text(correlation.get("description")),
                   summary=_text(msg.get("summary")), description=_text(msg.get("description")),
                   content_type=_text(msg.get("contentType")) or content_type,
                   payload=payload, headers=msg.get("headers"), schema_format=schema_format,
                   examples=_examples(doc, msg.get("examples")))


def _parameters(doc: Document, raw: Any) -> tuple[Parameter, ...]:
    out = []
    for name, value in (raw or {}).items() if isinstance(raw, dict) else ():
        param = _obj(doc, value)
        schema = _obj(doc, param.get("schema"))  # 2.x keeps enum and default in a schema
        source = {**schema, **param}
        enum = source.get("enum")
        examples = source.get("examples")
        out.append(Parameter(
            name=str(name), description=_text(source.get("description")),
            enum=tuple(enum) if isinstance(enum, list) else (),
            default=source.get("default"), has_default="default" in source,
            examples=tuple(examples) if isinstance(examples, list) else (),
            location=_text(source.get("location")), type=_text(schema.get("type")) or "string"))
    return tuple(out)


def _servers(doc: Document, names: Any) -> tuple[Server, ...]:
    servers = doc.data.get("servers")
    if not isinstance(servers, dict):
        return ()
    wanted: list[str] = []
    if isinstance(names, list) and names:  # 2.x: names; 3.0: $refs to '#/servers/<name>'
        for n in names:
            ref = n.get("$ref") if isinstance(n, dict) else None
            wanted.append(ref.rsplit("/", 1)[-1] if isinstance(ref, str) else str(n))
    out = []
    for name, raw in servers.items():
        if wanted and name not in wanted:
            continue
        server = _obj(doc, raw)
        protocol = _text(server.get("protocol"))
        if "url" in server:  # 2.x
            url = _text(server.get("url"))
            if protocol and "://" not in url:
                url = f"{protocol}://{url}"
        else:  # 3.0: host and pathname
            host, path = _text(server.get("host")), _text(server.get("pathname"))
            url = f"{protocol}://{host}{path}" if protocol else f"{host}{path}"
        out.append(Server(name=str(name), url=url, protocol=protocol,
                          description=_text(server.get("description"))))
    return tuple(out)


def _target(doc: Document, value: Any) -> Any:
    """What ``value`` stands for: the object its ``$ref`` names, else itself."""
    if isinstance(value, dict) and isinstance(value.get("$ref"), str):
        return resolve(doc.data, value["$ref"])
    return value


def _v3(doc: Document, cid: str, written: dict[str, Any], content_type: str) -> Channel:
    raw = _obj(doc, written)  # a channel may itself be a $ref to components.channels
    listed_messages = raw.get("messages")
    own: dict[str, Any] = listed_messages if isinstance(listed_messages, dict) else {}
    messages = [_message(doc, str(mid), m, content_type) for mid, m in own.items()]
    # an operation names the channel's messages by $ref ('#/channels/room/messages/chat', or
    # the component both point at): known here by object identity, to the message's id
    ids = {id(_target(doc, m)): str(mid) for mid, m in own.items()}
    ids.update({id(m): str(mid) for mid, m in own.items()})
    operations = []
    all_ops = doc.data.get("operations")
    for oid, op in (all_ops if isinstance(all_ops, dict) else {}).items():
        if not isinstance(op, dict):
            continue
        target = _target(doc, op.get("channel"))
        if target is not written and target is not raw:  # identity: two channels may be equal
            continue
        carried: list[str] = []
        listed = op.get("messages")
        for m in listed if isinstance(listed, list) else []:
            target = _target(doc, m)
            resolved = _obj(doc, target)
            mid = ids.get(id(target)) or ids.get(id(resolved)) or _text(resolved.get("name"))
            if mid:
                carried.append(mid)
        operations.append(Operation(
            id=str(oid), action=str(op.get("action")), title=_text(op.get("title")),
            summary=_text(op.get("summary")), description=_text(op.get("description")),
            # no messages listed: the operation carries every message of its channel
            messages=tuple(carried) if "messages" in op else tuple(m.id for m in messages)))
    address = raw.get("address")
    return Channel(id=cid, address=address if isinstance(address, str) else "",
                   title=_text(raw.get("title")), summary=_text(raw.get("summary")),
                   description=_text(raw.get("description")), tags=_tags(doc, raw.get("tags")),
                   parameters=_parameters(doc, raw.get("parameters")),
                   bindings=_obj(doc, raw.get("bindings")),
                   servers=_servers(doc, raw.get("servers")),
                   operations=tuple(operations), messages=tuple(messages))


def _v2(doc: Document, cid: str, written: dict[str, Any], content_type: str) -> Channel:
    raw = _obj(doc, written)
    messages: dict[str, Message] = {}
    operations = []
    for action in ("subscribe", "publish"):
        op = _obj(doc, raw.get(action))
        if not op:
            continue
        msg = _obj(doc, op.get("message"))
        one_of = msg.get("oneOf")
        variants: list[Any] = one_of if isinstance(one_of, list) else \
            [op["message"]] if msg else []
        carried = []
        for n, variant in enumerate(variants, start=1):
            name = _text(_obj(doc, variant).get("name"))
            ref = variant.get("$ref") if isinstance(variant, dict) else None
            mid = name or (ref.rsplit("/", 1)[-1] if isinstance(ref, str) else
                           f"{op.get('operationId') or action}-{n}")
            messages.setdefault(mid, _message(doc, mid, variant, content_type))
            carried.append(mid)
        operations.append(Operation(
            id=_text(op.get("operationId")) or action, action=action,
            title=_text(op.get("summary")), summary=_text(op.get("summary")),
            description=_text(op.get("description")), messages=tuple(carried)))
    return Channel(id=cid, address=cid, title=_text(raw.get("x-title")),
                   description=_text(raw.get("description")), tags=_tags(doc, raw.get("tags")),
                   parameters=_parameters(doc, raw.get("parameters")),
                   bindings=_obj(doc, raw.get("bindings")),
                   servers=_servers(doc, raw.get("servers")),
                   operations=tuple(operations), messages=tuple(messages.values()))


def channels(doc: Document) -> list[Channel]:
    """Every channel of a checked document, in document order."""
    content_type = _text(doc.data.get("defaultContentType"))
    build = _v2 if version(doc) == 2 else _v3
    return [build(doc, str(cid), raw, content_type)
            for cid, raw in (doc.data.get("channels") or {}).items() if isinstance(raw, dict)]


def channel(doc: Document, cid: str) -> Channel | None:
    """The channel whose id (3.0) or name (2.x) is ``cid``, or None."""
    return next((c for c in channels(doc) if c.id == cid), None)
