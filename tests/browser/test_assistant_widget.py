"""The theme's "Ask AI" widget in Chromium, against ``site_app`` + the assistant under uvicorn."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

PAGES = {
    "index": "---\ntitle: Welcome\n---\n\nAcme runs background jobs.\n",
    "retries": "---\ntitle: Retries\n---\n\n## Backoff\n\nThe backoff doubles after each attempt, "
               "up to one hour.\n",
}


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    import uvicorn

    from mdxsite import pipeline, plugin_manager
    from mdxsite.plugins.assistant import keys
    from mdxsite.plugins.assistant.settings import data_dir_for
    from mdxsite.plugins.assistant.store import SQLiteStore
    from mdxsite.server.app import site_app
    from mdxsite.server.dev import bind

    root = tmp_path / "site"
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({
        "name": "Acme", "navigation": {"pages": ["index", "retries"]},
        "mdxsite": {"plugins": {"assistant": {"domain": "acme"}}}}), encoding="utf-8")
    for key, body in PAGES.items():
        (root / f"{key}.mdx").write_text(body, encoding="utf-8")
    out = root / "_site"
    pm = plugin_manager.create()
    pipeline.build(root, out, pm, jobs=1)
    key, record = keys.new_key(("acme",), "widget")
    store = SQLiteStore(data_dir_for(out) / "store.sqlite")
    store.add_key(record)
    store.close()
    monkeypatch.setenv("MDXSITE_ASSISTANT_WIDGET_KEY", key)
    site = pipeline.prepare(root, pm)
    mounts = [m for _, m in plugin_manager.contributions(pm, "mdxsite_asgi_apps", site=site, out_dir=out)]
    sock = bind("127.0.0.1", 0)  # bound here and handed over: no other server can take the port
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(site_app(out, mounts), host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        assert thread.is_alive(), "uvicorn stopped before it started"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def test_the_widget_answers_with_cited_sources_and_keeps_the_thread(chromium, served: str) -> None:
    page = chromium.new_page()
    seen: list[str] = []
    bodies: list[dict] = []
    page.on("request", lambda r: seen.append(r.url))
    page.on("request", lambda r: bodies.append(json.loads(r.post_data)) if r.method == "POST" else None)
    page.goto(served + "/")
    page.get_by_role("button", name="Ask AI").click()
    box = page.get_by_role("textbox", name="Question")
    box.fill("How does the backoff work?")
    box.press("Enter")
    answer = page.locator(".assistant-answer").first
    answer.locator(".assistant-text").filter(has_text="[1]").wait_for(timeout=10_000)
    assert "The backoff doubles after each attempt" in answer.inner_text()
    link = answer.locator(".assistant-sources a").first
    assert link.inner_text() == "Retries" and link.get_attribute("href") == "/retries/"
    box.fill("Tell me more")
    box.press("Enter")
    page.locator(".assistant-answer").nth(1).locator(".assistant-sources a").first.wait_for(timeout=10_000)
    posts = [u for u in seen if u.endswith("/v1/assistant/acme/message")]
    assert len(posts) == 2
    assert bodies[0]["threadId"] is None and bodies[1]["threadId"].startswith("thr_")
    assert [m["role"] for m in bodies[1]["messages"]] == ["user", "assistant", "user"]
    assert all(u.startswith(served) for u in seen)  # nothing leaves 127.0.0.1
    page.close()
