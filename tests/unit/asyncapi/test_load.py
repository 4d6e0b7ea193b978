"""The AsyncAPI loader: both versions read into the same channels; each broken document fails
with one located line (file:line:column, JSON path, what to do)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdxsite.asyncapi.channels import channel, channels
from mdxsite.asyncapi.load import load, load_text
from mdxsite.errors import MdxsiteError

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "asyncapi"
V3 = "asyncapi: 3.0.0\ninfo: {title: T, version: '1'}\n"
V2 = "asyncapi: 2.6.0\ninfo: {title: T, version: '1'}\n"


def test_a_3_0_channel_has_its_address_parameters_bindings_operations_and_messages() -> None:
    room = channel(load(FIXTURES, "chat-v3.yaml"), "room")
    assert room is not None
    assert (room.address, room.label, room.group) == ("/rooms/{roomId}", "Chat room", "Rooms")
    assert [(p.name, p.enum, p.default) for p in room.parameters] == [
        ("roomId", ("general", "random"), "general")]
    assert room.bindings == {"ws": {"method": "GET", "bindingVersion": "0.1.0"}}
    assert [s.url for s in room.servers] == ["wss://chat.example.com/ws"]
    # an operation listing messages carries those; one listing none carries the channel's all
    assert [(o.id, o.action, o.messages) for o in room.operations] == [
        ("sendChat", "send", ("chatMessage",)), ("receiveChat", "receive", ("chatMessage", "typing"))]
    chat, typing = room.messages
    assert (chat.label, chat.name, chat.content_type) == ("Chat message", "chatMessage",
                                                           "application/json")
    assert chat.payload == {"$ref": "#/components/schemas/Chat"}
    assert [(e.name, e.payload["text"]) for e in chat.examples] == [("hello", "Hello there")]
    assert typing.label == "Typing indicator"


def test_a_2_x_channel_is_named_by_its_address_with_publish_and_subscribe() -> None:
    doc = load(FIXTURES, "streetlights-v2.json")
    assert [c.id for c in channels(doc)] == ["light/measured/{streetlightId}", "light/turn-on"]
    measured, turn_on = channels(doc)
    assert (measured.label, measured.group) == ("light/measured/{streetlightId}", "Websockets")
    assert [(o.action, o.messages) for o in measured.operations] == [
        ("subscribe", ("lightMeasured",))]
    assert [p.name for p in measured.parameters] == ["streetlightId"]
    assert [s.url for s in measured.servers] == ["mqtt://test.mosquitto.org"]
    # oneOf: each message of the operation, named by its name
    assert [(o.action, o.messages) for o in turn_on.operations] == [
        ("publish", ("turnOn", "turnOnAll"))]


def test_2_x_and_3_0_documents_in_either_syntax_read_alike() -> None:
    as_json = load_text('{"asyncapi": "3.0.0", "info": {"title": "T", "version": "1"}, '
                        '"channels": {"a": {"address": "/a"}}}', "events.json")
    as_yaml = load_text(V3 + "channels:\n  a:\n    address: /a\n", "events.yaml")
    assert channels(as_json) == channels(as_yaml)


BROKEN = [
    ("empty", "events.yaml", "", "events.yaml: the document is empty. Write an AsyncAPI "
     "document: asyncapi: 3.0.0, info and channels."),
    ("comments only", "events.yaml", "# nothing\n", "events.yaml: the document is empty"),
    ("bad yaml", "events.yaml", V3 + "channels:\n  a: [1, 2\n",
     "events.yaml:5:1: not valid JSON or YAML: did not find expected ',' or ']'"),
    ("bad json", "events.json", '{"asyncapi": "3.0.0",}',
     "events.json:1:22: not valid JSON: Expecting property name enclosed in double quotes"),
    ("a list", "events.yaml", "- asyncapi: 3.0.0\n",
     "events.yaml:1:1: an AsyncAPI document must be a mapping at the top level. Start the file "
     "with 'asyncapi: 3.0.0'."),
    ("no version", "events.yaml", "info: {title: T, version: '1'}\nchannels: {}\n",
     "events.yaml:1:1: not an AsyncAPI document: there is no 'asyncapi' version at the top level"),
    ("openapi instead", "events.yaml", "openapi: 3.1.0\npaths: {}\n",
     "This is an OpenAPI document: name it in an \"openapi\" field instead."),
    ("version 1", "events.yaml", "asyncapi: 1.2.0\n",
     "events.yaml:1:11: asyncapi: AsyncAPI version '1.2.0' is not supported"),
    ("unknown ref", "events.yaml", V3 + "channels:\n  a:\n    messages:\n      m:\n"
     "        $ref: '#/components/messages/Nope'\n",
     "events.yaml:7:15: channels.a.messages.m.$ref: the $ref '#/components/messages/Nope' "
     "points to nothing. Fix the path, or add what it names to the document."),
    ("external ref", "events.yaml", V3 + "channels:\n  a:\n    $ref: 'other.yaml#/channels/a'\n",
     "events.yaml:5:11: channels.a.$ref: the $ref 'other.yaml#/channels/a' points outside "
     "the document"),
    ("channels a list", "events.yaml", V3 + "channels: [a]\n",
     "events.yaml:3:11: channels: 'channels' must be an object of channels by id"),
    ("bad action", "events.yaml", V3 + "channels: {a: {}}\noperations:\n  o:\n    action: "
     "publish\n    channel: {$ref: '#/channels/a'}\n",
     "events.yaml:6:13: operations.o.action: operation 'o' has action 'publish'. Write action: "
     "send or action: receive."),
    ("no channel", "events.yaml", V3 + "operations:\n  o:\n    action: send\n",
     "events.yaml:5:5: operations.o: operation 'o' names no channel"),
    ("python tag", "events.yaml", V2 + "x: !!python/object/apply:os.system ['true']\n",
     "events.yaml:3:4: the YAML tag '!!python/object/apply:os.system' is not part of JSON"),
]


@pytest.mark.parametrize(("name", "text", "expected"), [(r[1], r[2], r[3]) for r in BROKEN],
                         ids=[r[0] for r in BROKEN])
def test_a_broken_document_is_one_located_line(name: str, text: str, expected: str) -> None:
    with pytest.raises(MdxsiteError) as caught:
        load_text(text, name)
    first = str(caught.value).splitlines()[0]
    assert first.startswith(expected) or expected in first, first


def test_a_missing_file_is_named() -> None:
    with pytest.raises(MdxsiteError, match=r"^nowhere\.yaml: file not found"):
        load(FIXTURES, "nowhere.yaml")


def test_every_problem_is_reported_at_once() -> None:
    text = V3 + ("channels:\n  a:\n    messages:\n      m: {$ref: '#/nope/1'}\n"
                 "      n: {$ref: '#/nope/2'}\n")
    with pytest.raises(MdxsiteError) as caught:
        load_text(text, "events.yaml")
    assert [p.where.line for p in caught.value.problems] == [6, 7]


def test_operations_find_their_channel_by_reference_not_by_likeness() -> None:
    # two channels written alike, and one that is a $ref to a component channel
    text = V3 + ("channels:\n  a: {address: /same}\n  b: {address: /same}\n"
                 "  c: {$ref: '#/components/channels/C'}\n"
                 "operations:\n  toB: {action: send, channel: {$ref: '#/channels/b'}}\n"
                 "  toC: {action: receive, channel: {$ref: '#/channels/c'}}\n"
                 "components:\n  channels:\n    C: {address: /c, title: Component channel}\n")
    a, b, c = channels(load_text(text, "events.yaml"))
    assert [o.id for o in a.operations] == []
    assert [o.id for o in b.operations] == ["toB"]
    assert (c.address, c.label, [o.id for o in c.operations]) == ("/c", "Component channel", ["toC"])
