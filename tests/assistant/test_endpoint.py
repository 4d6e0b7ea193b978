"""POST /v1/assistant/{domain}/message over HTTP: every status of Part 3 with its JSON body,
the v4 and v5 streams, threads, filters, and 200 requests racing for a limit of 50."""

from __future__ import annotations

import json
import socket
from types import SimpleNamespace
from typing import Any

import pytest

from mdxsite.plugins.assistant.app import create_app
from mdxsite.plugins.assistant.settings import BackendSettings, Limits

PATH = "/acme/message"


def ask(text: str = "How does the backoff work?", **extra: Any) -> dict[str, Any]:
    return {"fp": "anonymous", "messages": [{"id": "m1", "role": "user", "content": text}], **extra}


@pytest.fixture
def app(built: Any) -> Any:
    return create_app(built.settings)


@pytest.fixture
def auth(built: Any) -> dict[str, str]:
    return {"Authorization": f"Bearer {built.key}"}


def assert_error(response: Any, status: int, code: str, *words: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    assert body["error"]["code"] == code
    for word in words:
        assert word in body["error"]["message"]
    assert "Traceback" not in response.text
    return body


# --------------------------------------------------------------------------- 200

def test_a_question_streams_text_sources_and_the_thread_id(app: Any, auth: Any, kit: SimpleNamespace) -> None:
    r = kit.call(app, "POST", PATH, json=ask(), headers=auth)
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/plain; charset=utf-8"
    assert r.headers["x-vercel-ai-data-stream"] == "v1"
    parts = kit.parts(r.text)
    codes = [c for c, _ in parts]
    assert codes[0] == "f" and codes[-1] == "d" and codes[-3:] == ["8", "e", "d"]
    text = "".join(v for c, v in parts if c == "0")
    assert "The backoff doubles after each attempt, up to one hour. [1]" in text
    sources = [v for c, v in parts if c == "h"]
    assert sources[0] == {"sourceType": "url", "id": "src-1", "url": "/jobs/retries/",
                          "title": "Retries"}
    thread = r.headers["x-thread-id"]
    assert parts[-1][1]["threadId"] == thread and parts[-1][1]["finishReason"] == "stop"
    assert parts[-3][1] == [{"threadId": thread}]
    assert "3" not in codes


def test_a_usechat_v4_body_with_extra_fields_and_part_types_is_accepted(app: Any, auth: Any, kit: SimpleNamespace) -> None:
    body = {"id": "chat-1", "fp": "user-42", "threadId": None, "retrievalPageSize": 3,
            "filter": None, "messages": [
                {"id": "a", "role": "system", "content": "Be brief."},
                {"id": "b", "role": "user", "content": "What is a queue?", "createdAt": "2025-01-01T00:00:00Z",
                 "parts": [{"type": "text", "text": "What is a queue?"}]},
                {"id": "c", "role": "assistant", "content": "A queue…", "annotations": [{"x": 1}],
                 "revisionId": "r1", "parts": [{"type": "step-start"}, {"type": "reasoning", "reasoning": "…"},
                                               {"type": "text", "text": "A queue…"}]},
                {"id": "d", "role": "user", "content": "", "parts": [{"type": "text", "text": "And cron?"}],
                 "experimental_attachments": []}]}
    r = kit.call(app, "POST", PATH, json=body, headers=auth)
    assert r.status_code == 200, r.text
    assert any(v["url"] == "/jobs/cron/" for c, v in kit.parts(r.text) if c == "h")


def test_a_follow_up_gets_the_earlier_turns_as_context(app: Any, auth: Any, built: Any, kit: SimpleNamespace) -> None:
    first = kit.call(app, "POST", PATH, json=ask("How are failed jobs retried?"), headers=auth)
    thread = first.headers["x-thread-id"]
    # "tell me more" alone matches nothing: the earlier question makes it about retries
    follow = kit.call(app, "POST", PATH, json=ask("Tell me more", threadId=thread), headers=auth)
    assert follow.status_code == 200 and follow.headers["x-thread-id"] == thread
    parts = kit.parts(follow.text)
    assert any(v["url"] == "/jobs/retries/" for c, v in parts if c == "h")
    assert parts[-1][1]["threadId"] == thread
    store = app.state.assistant.store
    roles = [m["role"] for m in store.thread_messages("acme", thread)]
    assert roles == ["user", "assistant", "user", "assistant"]


@pytest.mark.parametrize("filter_, urls", [
    ({"version": "v1"}, {"/v1/"}),
    ({"paths": ["/jobs/"]}, {"/jobs/retries/"}),
    ({"groups": ["Start"], "version": "v2"}, set()),
    ({"groups": ["Jobs"]}, {"/jobs/retries/"}),
])
def test_filter_narrows_the_sources(filter_: Any, urls: Any, app: Any, auth: Any, kit: SimpleNamespace) -> None:
    r = kit.call(app, "POST", PATH, json=ask("retries backoff", filter=filter_), headers=auth)
    assert r.status_code == 200
    assert {v["url"] for c, v in kit.parts(r.text) if c == "h"} == urls


def test_retrieval_page_size_bounds_the_sections_used(built: Any, auth: Any, kit: SimpleNamespace) -> None:
    from mdxsite.plugins.assistant.index import SearchIndex

    index = SearchIndex(built.settings.index_path)
    assert len(index.search("retries backoff job queue", 1)) == 1
    assert len(index.search("retries backoff job queue", 20)) > 1


def test_v5_clients_get_a_ui_message_stream(app: Any, auth: Any, kit: SimpleNamespace) -> None:
    r = kit.call(app, "POST", PATH, json=ask(trigger="submit-message"), headers=auth)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/event-stream")
    assert r.headers["x-vercel-ai-ui-message-stream"] == "v1"
    events = [e.removeprefix("data: ") for e in r.text.strip().split("\n\n")]
    assert events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]]
    types = [c["type"] for c in chunks]
    assert types[0] == "start" and types[1] == "text-start" and types[-1] == "finish"
    assert "text-end" in types and "source-url" in types
    thread = r.headers["x-thread-id"]
    assert chunks[0]["messageMetadata"] == {"threadId": thread}
    assert chunks[-1] == {"type": "finish", "messageMetadata": {"threadId": thread}}
    delta = next(c for c in chunks if c["type"] == "text-delta")
    assert set(delta) == {"type", "id", "delta"}
    src = next(c for c in chunks if c["type"] == "source-url")
    assert set(src) == {"type", "sourceId", "url", "title"}
    r2 = kit.call(app, "POST", PATH, json=ask(), headers={**auth, "x-vercel-ai-ui-message-stream": "v1"})
    assert r2.headers["content-type"].startswith("text/event-stream")


# --------------------------------------------------------------------------- 400

@pytest.mark.parametrize("body, field", [
    ({"messages": [{"role": "user", "content": "hi"}]}, "fp"),
    ({"fp": 7, "messages": [{"role": "user", "content": "hi"}]}, "fp"),
    ({"fp": "anonymous"}, "messages"),
    ({"fp": "anonymous", "messages": []}, "messages"),
    ({"fp": "anonymous", "messages": "hi"}, "messages"),
    ({"fp": "anonymous", "messages": ["hi"]}, "messages[0]"),
    ({"fp": "anonymous", "messages": [{"content": "hi"}]}, "messages[0].role"),
    ({"fp": "anonymous", "messages": [{"role": "robot", "content": "hi"}]}, "messages[0].role"),
    ({"fp": "anonymous", "messages": [{"role": "user", "content": 3}]}, "messages[0].content"),
    ({"fp": "anonymous", "messages": [{"role": "user"}]}, "messages[0]: a message needs text"),
    ({"fp": "anonymous", "messages": [{"role": "user", "id": 5, "content": "hi"}]}, "messages[0].id"),
    ({"fp": "anonymous", "messages": [{"role": "user", "content": "a"},
                                      {"role": "user", "parts": [{"type": "text", "text": 1}]}]},
     "messages[1].parts[0].text"),
    ({"fp": "anonymous", "messages": [{"role": "user", "parts": [{"text": "x"}]}]},
     "messages[0].parts[0].type"),
    ({"fp": "anonymous", "messages": [{"role": "user", "parts": "x"}]}, "messages[0].parts"),
    ({"fp": "anonymous", "messages": [{"role": "user", "content": "hi"},
                                      {"role": "assistant", "content": "yo"}]},
     "messages[1].role: the last message must be the user's question"),
    ({**ask(), "threadId": 12}, "threadId"),
    ({**ask(), "retrievalPageSize": 0}, "retrievalPageSize: must be between 1 and 20"),
    ({**ask(), "retrievalPageSize": 21}, "retrievalPageSize"),
    ({**ask(), "retrievalPageSize": "5"}, "retrievalPageSize"),
    ({**ask(), "retrievalPageSize": 2.5}, "retrievalPageSize"),
    ({**ask(), "filter": []}, "filter"),
    ({**ask(), "filter": {"version": 2}}, "filter.version"),
    ({**ask(), "filter": {"paths": "/jobs"}}, "filter.paths"),
    ({**ask(), "filter": {"groups": [1]}}, "filter.groups"),
    ([1, 2], "body"),
])
def test_a_wrong_field_is_a_400_naming_it(body: Any, field: str, app: Any, auth: Any, kit: SimpleNamespace) -> None:
    r = kit.call(app, "POST", PATH, json=body, headers=auth)
    assert_error(r, 400, "invalid_request", field)


def test_a_body_that_is_not_json_is_a_400(app: Any, auth: Any, kit: SimpleNamespace) -> None:
    r = kit.call(app, "POST", PATH, content=b"{not json", headers={**auth, "Content-Type": "application/json"})
    assert_error(r, 400, "invalid_json", "not valid JSON")


# --------------------------------------------------------------------------- 401, 403

@pytest.mark.parametrize("header, code", [
    (None, "missing_api_key"),
    ("Basic dXNlcjpwYXNz", "invalid_authorization"),
    ("Bearer", "invalid_authorization"),
    ("Bearer not-a-key", "invalid_api_key"),
    ("Bearer mdxa_0000abcd_" + "x" * 32, "invalid_api_key"),
])
def test_no_or_a_bad_key_is_a_401_with_a_bearer_challenge(header: Any, code: str, app: Any, kit: SimpleNamespace) -> None:
    headers = {"Authorization": header} if header else {}
    r = kit.call(app, "POST", PATH, json=ask(), headers=headers)
    assert_error(r, 401, code)
    assert r.headers["www-authenticate"].startswith("Bearer")


def test_a_revoked_key_is_a_401(built: Any, kit: SimpleNamespace) -> None:
    key = kit.add_key(built.settings)
    app = create_app(built.settings)
    assert kit.call(app, "POST", PATH, json=ask(), headers={"Authorization": f"Bearer {key}"}).status_code == 200
    app.state.assistant.store.revoke_key(key.split("_")[1])
    r = kit.call(app, "POST", PATH, json=ask(), headers={"Authorization": f"Bearer {key}"})
    assert_error(r, 401, "invalid_api_key", "revoked")


def test_a_key_for_another_domain_is_a_403(built: Any, kit: SimpleNamespace) -> None:
    key = kit.add_key(built.settings, "other")
    r = kit.call(create_app(built.settings), "POST", PATH, json=ask(),
                 headers={"Authorization": f"Bearer {key}"})
    assert_error(r, 403, "key_not_allowed", "'acme'")


# --------------------------------------------------------------------------- 404, 405, 413, 415

def test_an_unknown_domain_is_a_404(app: Any, auth: Any, kit: SimpleNamespace) -> None:
    assert_error(kit.call(app, "POST", "/nope/message", json=ask(), headers=auth), 404,
                 "domain_not_found", "'nope'")


def test_an_unknown_thread_is_a_404_thread_not_found(app: Any, auth: Any, kit: SimpleNamespace) -> None:
    r = kit.call(app, "POST", PATH, json=ask(threadId="thr_nope"), headers=auth)
    assert_error(r, 404, "thread_not_found", "thr_nope")


def test_an_unknown_path_is_a_json_404(app: Any, auth: Any, kit: SimpleNamespace) -> None:
    assert_error(kit.call(app, "POST", "/acme/messages", json=ask(), headers=auth), 404, "not_found")


def test_get_is_a_405(app: Any, auth: Any, kit: SimpleNamespace) -> None:
    r = kit.call(app, "GET", PATH, headers=auth)
    assert_error(r, 405, "method_not_allowed", "POST")
    assert r.headers["allow"] == "POST"


def test_a_body_over_the_cap_is_a_413(built: Any, kit: SimpleNamespace) -> None:
    settings = kit.settings_for(built, max_body_bytes=2048)
    auth = {"Authorization": f"Bearer {kit.add_key(settings)}"}
    app = create_app(settings)
    big = ask("x " * 2000)
    assert_error(kit.call(app, "POST", PATH, json=big, headers=auth), 413, "body_too_large", "2048")

    async def chunks():  # no Content-Length: the cap holds while reading
        yield json.dumps(big).encode()

    r = kit.call(app, "POST", PATH, content=chunks(), headers={**auth, "Content-Type": "application/json"})
    assert_error(r, 413, "body_too_large")


def test_a_body_that_is_not_declared_json_is_a_415(app: Any, auth: Any, kit: SimpleNamespace) -> None:
    r = kit.call(app, "POST", PATH, content=json.dumps(ask()), headers={**auth, "Content-Type": "text/plain"})
    assert_error(r, 415, "unsupported_media_type", "application/json")


# --------------------------------------------------------------------------- 429, 503

@pytest.mark.usefixtures("one_window")
@pytest.mark.parametrize("limits, name", [
    (Limits(key_per_month=2), "key-month"),
    (Limits(domain_per_hour=2), "domain-hour"),
    (Limits(ip_per_day=2), "ip-day"),
])
def test_the_third_request_over_a_limit_of_2_is_a_429_naming_it(limits: Limits, name: str, built: Any,
                                                                 store_url: str, kit: SimpleNamespace) -> None:
    settings = kit.settings_for(built, store_url, limits=limits)
    key = kit.add_key(settings)
    app = create_app(settings)
    headers = {"Authorization": f"Bearer {key}"}
    for _ in range(2):
        assert kit.call(app, "POST", PATH, json=ask(), headers=headers).status_code == 200
    r = kit.call(app, "POST", PATH, json=ask(), headers=headers)
    assert_error(r, 429, "rate_limited", "limit of 2 requests")
    assert int(r.headers["retry-after"]) > 0
    assert r.headers["ratelimit-policy"].startswith(f'"{name}";q=2;')
    assert r.headers["ratelimit-limit"] == "2" and r.headers["ratelimit-remaining"] == "0"


@pytest.mark.usefixtures("one_window")
def test_200_requests_racing_for_a_limit_of_50_admit_exactly_50(built: Any, store_url: str,
                                                                kit: SimpleNamespace) -> None:
    settings = kit.settings_for(built, store_url, limits=Limits(domain_per_hour=50))
    key = kit.add_key(settings)
    app = create_app(settings)
    request = {"method": "POST", "url": PATH, "json": ask("cron"),
               "headers": {"Authorization": f"Bearer {key}"}}
    statuses = [r.status_code for r in kit.gather(app, [request] * 200)]
    assert statuses.count(200) == 50 and statuses.count(429) == 150


def test_an_unreachable_answer_backend_is_a_503(built: Any, kit: SimpleNamespace) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    backend = BackendSettings("openai", f"http://127.0.0.1:{port}/v1", "m", timeout=2)
    settings = kit.settings_for(built, backend=backend)
    app = create_app(settings)
    r = kit.call(app, "POST", PATH, json=ask(), headers={"Authorization": f"Bearer {kit.add_key(settings)}"})
    assert_error(r, 503, "backend_unavailable", f"127.0.0.1:{port}", "cannot be reached")
