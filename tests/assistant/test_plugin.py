"""The plugin: off unless docs.json turns it on, located settings errors, the index it writes,
and the OpenAI-compatible backend against a real HTTP server speaking that protocol."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import Route

from mdxsite import pipeline, plugin_manager
from mdxsite.plugins.assistant.app import create_app
from mdxsite.plugins.assistant.settings import BackendSettings


def test_a_site_without_the_assistant_gets_nothing_from_it(make_site: Callable[..., Path]) -> None:
    root = make_site({"name": "x", "navigation": {"pages": ["index"]}})
    out = root / "_site"
    pm = plugin_manager.create()
    pipeline.build(root, out, pm, jobs=1)
    assert not (root / ".mdxsite-assistant").exists()
    assert "assistant" not in (out / "index.html").read_text(encoding="utf-8")
    assert not (out / "_mdxsite" / "assistant.json").exists()
    site = pipeline.prepare(root, pm)
    assert list(plugin_manager.contributions(pm, "mdxsite_asgi_apps", site=site, out_dir=out)) == []


def test_the_index_lives_beside_the_output_never_inside(built: Any) -> None:
    assert built.settings.index_path == built.root / ".mdxsite-assistant" / "_site" / "index.sqlite"
    assert built.settings.index_path.is_file()
    assert not list(built.out.rglob("*.sqlite"))
    config = json.loads((built.out / "_mdxsite" / "assistant.json").read_text(encoding="utf-8"))
    assert config == {"domain": "acme", "endpoint": "/v1/assistant"}
    assert re.search(r"/_mdxsite/assistant\.[0-9a-f]{10}\.js", (built.out / "index.html").read_text(encoding="utf-8"))


def test_wrong_settings_fail_the_build_with_located_lines(cli: Any, make_site: Callable[..., Path]) -> None:
    docs = """{
  "name": "x",
  "navigation": {"pages": ["index"]},
  "mdxsite": {"plugins": {"assistant": {
    "domain": 5,
    "limits": {"ip_per_day": -1},
    "backend": {"type": "openai", "model": "m", "api_key": "sk-secret"}
  }}}
}
"""
    result = cli("build", make_site(docs))
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert lines[0] == ("docs.json:5:15: mdxsite.plugins.assistant.domain: the assistant needs a "
                        "domain name, got a number. Write \"domain\": \"docs\" (the {domain} segment "
                        "of /v1/assistant/{domain}/message).")
    assert any(line.startswith("docs.json:6:30: mdxsite.plugins.assistant.limits.ip_per_day: expected a "
                                  "whole number of requests (0 or more), got -1.") for line in lines)
    assert any("backend.base_url: the openai backend needs 'base_url'" in line for line in lines)
    assert any("backend.api_key: keys are never read from docs.json" in line for line in lines)


def _fake_llm(seen: list[dict[str, Any]], fail: bool = False) -> Starlette:
    """An OpenAI-compatible chat-completions server (the protocol, not our code)."""

    async def completions(request: Request) -> Any:
        body = await request.json()
        seen.append({"body": body, "auth": request.headers.get("authorization")})
        if fail:
            return JSONResponse({"error": {"message": "overloaded"}}, 500)

        async def tokens():
            for t in ["Backoff ", "doubles ", "[1]."]:
                yield f"data: {json.dumps({'choices': [{'delta': {'content': t}}]})}\n\n"
            yield "data: [DONE]\n\n"

        return StreamingResponse(tokens(), media_type="text/event-stream")

    return Starlette(routes=[Route("/v1/chat/completions", completions, methods=["POST"])])


def test_the_openai_backend_streams_tokens_grounded_in_sections_and_history(
        built: Any, kit: Any, live_server: Any, monkeypatch: Any) -> None:
    seen: list[dict[str, Any]] = []
    llm = live_server(_fake_llm(seen))
    monkeypatch.setenv("BENCH_LLM_KEY", "sk-test")
    settings = kit.settings_for(built, backend=BackendSettings("openai", f"{llm}/v1", "tiny",
                                                               "BENCH_LLM_KEY", 10))
    key = kit.add_key(settings)
    app = create_app(settings)
    headers = {"Authorization": f"Bearer {key}"}
    first = kit.call(app, "POST", "/acme/message", headers=headers,
                     json={"fp": "u", "messages": [{"role": "user", "content": "How does backoff work?"}]})
    assert first.status_code == 200
    parts = kit.parts(first.text)
    assert "".join(v for c, v in parts if c == "0") == "Backoff doubles [1]."
    assert [c for c, _ in parts if c == "0"] == ["0", "0", "0"]  # tokens passed through one by one
    assert any(c == "h" and v["url"] == "/jobs/retries/" for c, v in parts)
    sent = seen[0]["body"]
    assert seen[0]["auth"] == "Bearer sk-test" and sent["model"] == "tiny" and sent["stream"] is True
    assert "[1] Retries > Backoff (/jobs/retries/#backoff)" in sent["messages"][0]["content"]
    thread = first.headers["x-thread-id"]
    kit.call(app, "POST", "/acme/message", headers=headers,
             json={"fp": "u", "threadId": thread, "messages": [{"role": "user", "content": "And then?"}]})
    follow = seen[1]["body"]["messages"]
    assert [(m["role"], m["content"]) for m in follow[1:]] == [
        ("user", "How does backoff work?"), ("assistant", "Backoff doubles [1]."), ("user", "And then?")]


def test_an_openai_backend_error_is_a_503(built: Any, kit: Any, live_server: Any) -> None:
    llm = live_server(_fake_llm([], fail=True))
    settings = kit.settings_for(built, backend=BackendSettings("openai", f"{llm}/v1", "tiny"))
    r = kit.call(create_app(settings), "POST", "/acme/message",
                 headers={"Authorization": f"Bearer {kit.add_key(settings)}"},
                 json={"fp": "u", "messages": [{"role": "user", "content": "backoff"}]})
    assert r.status_code == 503
    assert r.json() == {"error": {"code": "backend_unavailable", "message":
                                  f"the answer backend at {llm}/v1 answered HTTP 500; try again later"}}


def test_a_running_app_answers_from_the_rebuilt_index(assistant_site: Callable[..., Path], kit: Any) -> None:
    from mdxsite.plugins.assistant.index import SearchIndex
    from mdxsite.plugins.assistant.settings import Settings, data_dir_for

    root = assistant_site()
    out = kit.build_site(root)
    index = SearchIndex(data_dir_for(out) / "index.sqlite")
    assert index.search("webhooks signature") == []
    (root / "webhooks.mdx").write_text("---\ntitle: Webhooks\n---\n\nEvery webhook carries a "
                                       "signature header.\n", encoding="utf-8")
    # a page outside the navigation is hidden, and hidden pages are not the assistant's context
    docs = json.loads((root / "docs.json").read_text())
    docs["seo"] = {"indexing": "all"}
    (root / "docs.json").write_text(json.dumps(docs), encoding="utf-8")
    kit.build_site(root)
    assert [s.url for s in index.search("webhooks signature")] == ["/webhooks/"]
    settings = Settings(domain="acme", data_dir=data_dir_for(out))
    (settings.index_path).unlink()
    r = kit.call(create_app(settings), "POST", "/acme/message",
                 headers={"Authorization": f"Bearer {kit.add_key(settings)}"},
                 json={"fp": "u", "messages": [{"role": "user", "content": "webhooks"}]})
    assert r.status_code == 503 and r.json()["error"]["code"] == "index_unavailable"


def test_sections_scoring_alike_rank_by_page_not_by_the_order_they_were_indexed(
        tmp_path: Path) -> None:
    # an edit build indexes the edited page first (hookspecs.mdxsite_page_built), a build from
    # scratch in navigation order: the same pages must rank the same either way
    from mdxsite.plugins.assistant.index import Row, SearchIndex, write_index

    def row(path: str) -> Row:
        return Row("Retries", "Backoff", "Retry with exponential backoff.", path, path,
                   "backoff", "", "", ())

    ranked = []
    for order in (["/a/", "/b/", "/c/"], ["/c/", "/a/", "/b/"]):
        target = tmp_path / f"{''.join(p.strip('/') for p in order)}.sqlite"
        write_index(target, [row(p) for p in order])
        ranked.append([s.url for s in SearchIndex(target).search("exponential backoff")])
    assert ranked == [["/a/", "/b/", "/c/"]] * 2
