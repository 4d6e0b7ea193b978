"""Our stream read by the AI SDK v4 client's own parser (npm ai@4 / @ai-sdk/ui-utils@1).

A tiny Node script (tests/conformance/usechat_v4.mjs) calls the endpoint on a real uvicorn
server the way ``useChat`` does and prints what the library made of the stream.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from mdxsite.plugins.assistant.app import create_app

CONFORMANCE = Path(__file__).resolve().parents[1] / "conformance"


def run_node(*args: str) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None or not (CONFORMANCE / "node_modules" / "@ai-sdk" / "ui-utils").is_dir():
        pytest.fail("node or the AI SDK packages are missing: run `make node-deps` (make test does)")
    done = subprocess.run([node, "usechat_v4.mjs", *args], cwd=CONFORMANCE, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_usechat_v4_reads_text_sources_and_thread_id(built: Any, live_server: Any) -> None:
    base = live_server(create_app(built.settings))
    url = f"{base}/acme/message"
    got = run_node(url, built.key, "How does the backoff work?")
    chat = got["callChatApi"]
    assert "The backoff doubles after each attempt" in chat["text"]
    assert chat["textParts"] == [chat["text"]]
    assert chat["finishReason"] == "stop"
    assert chat["sources"][0] == {"sourceType": "url", "id": "src-1", "url": "/jobs/retries/",
                                  "title": "Retries"}
    thread = chat["annotations"][0]["threadId"]
    assert thread.startswith("thr_") and chat["updates"] > 1
    raw = got["processDataStream"]
    assert raw["errors"] == [] and raw["text"].startswith("From the documentation")
    assert raw["startStep"]["messageId"].startswith("msg_")
    assert raw["finish"]["finishReason"] == "stop"
    assert raw["annotations"] == [{"threadId": raw["threadHeader"]}]
    # the thread id read in onFinish continues the conversation
    again = run_node(url, built.key, "Tell me more", thread)
    assert again["callChatApi"]["annotations"] == [{"threadId": thread}]
    assert again["processDataStream"]["threadHeader"] == thread
