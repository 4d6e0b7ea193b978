"""Build the AsyncAPI fixture site and read its channel pages as a reader would.

The fixture (tests/fixtures/sites/asyncapi) names a 3.0 YAML document on ``api.asyncapi`` and
on a tab, and a 2.x JSON document on a group with its own ``directory``; a written page picks
one channel with ``asyncapi:`` frontmatter.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mdxsite.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "sites" / "asyncapi"


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("asyncapi") / "out"
    result = run("build", FIXTURE, "-o", target, "--no-cache")
    assert result.exit_code == 0, result.output
    assert "0 warnings" in result.output
    return target


def article(out: Path, key: str) -> str:
    """The page's readable text: from the title to the end of the article, tags removed."""
    doc = (out / key / "index.html").read_text()
    body = doc[doc.index("<h1"):doc.index("</article>")]
    body = re.sub(r"<button\b.*?</button>", " ", body, flags=re.S)  # copy buttons
    body = re.sub(r"<pre\b.*?</pre>", lambda m: re.sub(r"<[^>]+>", "", m.group(0)), body,
                  flags=re.S)
    body = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body))).strip()
    return re.sub(r" ([.,:;?])(?= |$)", r"\1", body)  # a tag before punctuation


def test_each_channel_has_a_page_filed_by_tag_under_its_directory(out: Path) -> None:
    pages = {p.parent.relative_to(out).as_posix() for p in out.rglob("index.html")
             if p.parent.name != "_mdxsite" and "_" not in p.parent.relative_to(out).as_posix()[:1]}
    assert pages == {".", "live", "api-reference/rooms/chat-room",
                     "api-reference/websockets/presence", "iot/lightmeasuredstreetlightid",
                     "iot/lightturn-on"}


def test_the_sidebar_lists_the_channels_in_their_groups(out: Path) -> None:
    doc = (out / "api-reference" / "rooms" / "chat-room" / "index.html").read_text()
    sidebar = doc[doc.index('class="sidebar'):doc.index("</nav>", doc.index('class="sidebar'))]
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", sidebar)))
    assert re.search(r"Rooms .*Chat room .*Websockets .*presence", text), text
    # on a group, untagged 2.x channels sit in the group itself, without a "Websockets" level
    lights = (out / "iot" / "lightturn-on" / "index.html").read_text()
    side = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", lights[
        lights.index('class="sidebar'):lights.index("</nav>", lights.index('class="sidebar'))])))
    assert "Streetlights light/measured/{streetlightId} light/turn-on" in side
    assert "Websockets" not in side


def test_a_3_0_channel_page_shows_address_parameters_bindings_operations_and_messages(
        out: Path) -> None:
    text = article(out, "api-reference/rooms/chat-room")
    assert text.startswith("Chat room Messages of one room CHANNEL /rooms/{roomId}")
    assert "wss://chat.example.com/ws production · wss The live service" in text
    assert "Every message posted in a room, as it is posted." in text
    assert "Parameters roomId string address required The room's id Allowed values: general " \
        "random Default: general" in text
    assert "Bindings ws binding 0.1.0 method GET" in text
    assert "SEND Post a message Post a message to the room Messages: Chat message" in text
    assert "RECEIVE Receive messages Messages: Chat message, Typing indicator" in text
    # each message: its name, summary, description, content type, headers and payload fields
    chat = text[text.index("Messages Chat message"):text.index("Typing indicator Name")]
    assert "Name: chatMessage A message in a room Sent by a member, delivered to every member." \
        in chat
    assert "application/json Correlation ID: $message.header#/x-request-id Headers x-request-id " \
        "string Correlates the reply" in chat
    assert "Payload Chat text string required The message text length <= 2000 sentAt " \
        "string<date-time> When it was sent" in chat
    example = chat[chat.index("hello: A greeting"):]
    assert json.loads(example[len("hello: A greeting"):].split("}", 1)[0] + "}") == {
        "text": "Hello there", "sentAt": "2026-01-05T10:00:00Z"}


def test_a_message_without_examples_gets_one_from_its_schema(out: Path) -> None:
    text = article(out, "api-reference/rooms/chat-room")
    typing = text[text.index("Typing indicator Name"):]
    assert 'Generated from the schema { "user": "<string>" }' in typing


def test_a_2_x_channel_page_shows_publish_and_subscribe(out: Path) -> None:
    measured = article(out, "iot/lightmeasuredstreetlightid")
    assert "CHANNEL light/measured/{streetlightId}" in measured
    assert "mqtt://test.mosquitto.org mosquitto · mqtt" in measured
    assert "streetlightId string address required The ID of the streetlight." in measured
    assert "SUBSCRIBE Inform about environmental lighting conditions Messages: Light measured" \
        in measured
    assert "lumens integer Light intensity measured in lumens. >= 0" in measured
    turn_on = article(out, "iot/lightturn-on")
    assert "PUBLISH Turn a light on Messages: turnOn, turnOnAll" in turn_on
    assert "id string Which light" in turn_on and "all boolean" in turn_on


def test_a_frontmatter_page_shows_its_channel_then_its_own_content(out: Path) -> None:
    text = article(out, "live")
    assert text.startswith("Live presence CHANNEL /presence")
    assert text.index("RECEIVE") < text.index("Our own words about presence, below the channel.")
    assert "Allowed values: online away" in text


def test_the_markdown_copy_carries_the_channel(out: Path) -> None:
    md = (out / "api-reference" / "rooms" / "chat-room.md").read_text()
    assert "`/rooms/{roomId}`" in md
    assert "- **send** Post a message: Chat message" in md
    assert "## Typing indicator" in md


BROKEN: list[tuple[str, Callable[[Path], None], str]] = [
    ("empty", lambda s: (s / "asyncapi.yaml").write_text(""),
     "asyncapi.yaml: the document is empty. Write an AsyncAPI document"),
    ("bad yaml", lambda s: (s / "asyncapi.yaml").write_text("asyncapi: 3.0.0\nchannels: [a\n"),
     "asyncapi.yaml:3:1: not valid JSON or YAML"),
    ("unknown ref", lambda s: (s / "asyncapi.yaml").write_text(
        (s / "asyncapi.yaml").read_text().replace("schemas/Chat'", "schemas/Chats'")),
     "asyncapi.yaml:86:15: components.messages.ChatMessage.payload.$ref: the $ref "
     "'#/components/schemas/Chats' points to nothing"),
    ("missing file", lambda s: (s / "lights.json").unlink(), "lights.json: file not found"),
    ("unknown channel", lambda s: (s / "live.mdx").write_text(
        (s / "live.mdx").read_text().replace('"presence"', '"presense"')),
     "live.mdx:3:11: channel 'presense' is not in 'asyncapi.yaml' or 'lights.json'. Did you "
     "mean 'presence'?"),
    ("bad field", lambda s: (s / "docs.json").write_text(
        (s / "docs.json").read_text().replace('"Chat", "asyncapi": "asyncapi.yaml"', '"Chat", "asyncapi": 3')),
     "docs.json:10:35: navigation.tabs[1].asyncapi: expected a file path, a URL or "
     "{source, directory}, got a number"),
]


@pytest.mark.parametrize(("name", "breaks", "first"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_asyncapi_input_fails_with_a_located_line(
        tmp_path: Path, name: str, breaks: Callable[[Path], None], first: str) -> None:
    site = tmp_path / "site"
    shutil.copytree(FIXTURE, site)
    breaks(site)
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.html").write_text("the last good build")
    result = run("build", site, "-o", out, "--no-cache")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if ": warning: " not in line]
    assert errors[0].startswith(first), result.output
    assert (out / "keep.html").read_text() == "the last good build"


def test_the_navigation_roots_asyncapi_adds_its_channel_groups_after_the_pages(
        make_site: Callable[..., Path], tmp_path: Path) -> None:
    events = (FIXTURE / "asyncapi.yaml").read_text()
    root = make_site({"name": "R", "navigation": {"asyncapi": "events.yaml", "pages": ["index"]}},
                     files={"events.yaml": events})
    result = run("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    doc = (tmp_path / "out" / "index.html").read_text()
    sidebar = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", doc[
        doc.index('class="sidebar'):doc.index("</nav>", doc.index('class="sidebar'))])))
    assert re.search(r"Index Rooms Chat room Websockets presence", sidebar), sidebar
    assert (tmp_path / "out" / "api-reference" / "rooms" / "chat-room" / "index.html").is_file()


def test_a_root_asyncapi_beside_tabs_is_a_warning_and_makes_no_pages(
        make_site: Callable[..., Path], tmp_path: Path) -> None:
    root = make_site('{\n  "name": "R",\n  "navigation": {\n    "asyncapi": "events.yaml",\n'
                     '    "tabs": [{"tab": "A", "pages": ["index"]}]\n  }\n}\n',
                     files={"events.yaml": (FIXTURE / "asyncapi.yaml").read_text()})
    result = run("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "docs.json:4:17: warning: navigation.asyncapi: an asyncapi field at the root of a " \
        "'tabs' navigation has no place in the sidebar, so no pages come from it. Move it " \
        "onto one of the tabs. [asyncapi.root]" in result.output
    assert not (tmp_path / "out" / "api-reference").exists()


def test_a_missing_document_on_a_group_of_pages_is_a_located_warning(
        make_site: Callable[..., Path], tmp_path: Path) -> None:
    # its pages may name its channels in their frontmatter; none does, so nothing reads it
    root = make_site({"name": "R", "navigation": {"groups": [
        {"group": "Home", "asyncapi": "event.yaml", "pages": ["index"]}]}})
    result = run("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert re.search(r"docs\.json:\d+:\d+: warning: navigation\.groups\[0\]\.asyncapi: the "
                     r"AsyncAPI document 'event\.yaml' does not exist; no page uses it yet\. "
                     r".*\[asyncapi\.missing-file\]", result.output), result.output
    assert (tmp_path / "out" / "index.html").is_file()


def test_a_group_with_openapi_and_asyncapi_lists_the_operations_only(
        make_site: Callable[..., Path], tmp_path: Path) -> None:
    openapi = "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n" \
              "      summary: Get a\n      responses: {'200': {description: OK}}\n"
    root = make_site({"name": "R", "navigation": {"groups": [
        {"group": "Home", "pages": ["index"]},
        {"group": "API", "openapi": "api.yaml", "asyncapi": "events.yaml"}]}},
        files={"api.yaml": openapi, "events.yaml": (FIXTURE / "asyncapi.yaml").read_text()})
    result = run("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "navigation.groups[1].asyncapi: a group with both \"openapi\" and \"asyncapi\" " \
        "lists its OpenAPI operations only" in result.output
    assert (tmp_path / "out" / "api-reference" / "get-a" / "index.html").is_file()
    assert not (tmp_path / "out" / "api-reference" / "rooms").exists()


def test_watch_mode_follows_edits_to_the_asyncapi_document(tmp_path: Path) -> None:
    import time

    from mdxsite import plugin_manager
    from mdxsite.server.dev import DevSession

    site = tmp_path / "site"
    shutil.copytree(FIXTURE, site)
    session = DevSession(site, tmp_path / "out", plugin_manager.create(["search"]), port=0,
                         jobs=1)
    assert session.start().ok
    try:
        spec = site / "asyncapi.yaml"
        since = session.engine.generation
        spec.write_text(spec.read_text().replace(
            "  presence:\n", "  alerts:\n    address: /alerts\n    title: Alerts\n  presence:\n"))
        page = tmp_path / "out" / "api-reference" / "websockets" / "alerts" / "index.html"
        end = time.monotonic() + 30
        while not page.is_file() or session.engine.generation == since:
            assert time.monotonic() < end, "the new channel got no page"
            time.sleep(0.05)
        assert "CHANNEL" in page.read_text()
        room = tmp_path / "out" / "api-reference" / "rooms" / "chat-room" / "index.html"
        assert "Alerts" in room.read_text()  # the sidebar lists it
    finally:
        session.close()


def test_a_frontmatter_page_may_name_its_document_without_the_extension(
        make_site: Callable[..., Path], tmp_path: Path) -> None:
    root = make_site({"name": "R", "navigation": {"pages": ["index"]}},
                     pages={"index": '---\ntitle: Room\nasyncapi: "/events room"\n---\n\nMine.\n'},
                     files={"events.yaml": (FIXTURE / "asyncapi.yaml").read_text()})
    result = run("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    text = article(tmp_path / "out", ".")
    assert text.startswith("Room CHANNEL /rooms/{roomId}") and text.endswith("Mine.")


def test_api_asyncapi_is_where_a_bare_channel_id_is_looked_up(
        make_site: Callable[..., Path], tmp_path: Path) -> None:
    files = {"specs/events.yaml": (FIXTURE / "asyncapi.yaml").read_text()}
    page = {"index": "---\ntitle: Room\nasyncapi: room\n---\n\nMine.\n"}
    with_api = make_site({"name": "R", "api": {"asyncapi": "specs/events.yaml"},
                          "navigation": {"pages": ["index"]}}, pages=page, files=files)
    result = run("build", with_api, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert article(tmp_path / "out", ".").startswith("Room CHANNEL /rooms/{roomId}")
    without = make_site({"name": "R", "navigation": {"pages": ["index"]}}, pages=page, files=files)
    result = run("build", without, "-o", tmp_path / "out2")
    assert result.exit_code == 1
    assert result.output.startswith("index.mdx:3:11: asyncapi names the channel 'room' but no "
                                    "AsyncAPI document"), result.output
