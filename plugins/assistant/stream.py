"""Stream encodings of an answer: AI SDK v4 data stream and v5 UI-message stream (SSE).

Both take the same events (start, text, source, finish, error) so the app does not care which
one the client asked for. The threadId travels in every carrier Part 3 of the spec names.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Source:
    """A cited page."""

    id: str
    url: str
    title: str


class V4DataStream:
    """AI SDK v4 data-stream protocol: one ``CODE:JSON`` line per part."""

    media_type = "text/plain; charset=utf-8"

    def __init__(self, message_id: str, thread_id: str):
        self.message_id, self.thread_id = message_id, thread_id

    def headers(self) -> dict[str, str]:
        return {"x-vercel-ai-data-stream": "v1", "x-thread-id": self.thread_id,
                "cache-control": "no-store", "x-accel-buffering": "no"}

    def start(self) -> str:
        return f"f:{_json({'messageId': self.message_id})}\n"

    def text(self, delta: str) -> str:
        return f"0:{_json(delta)}\n"

    def source(self, src: Source) -> str:
        return f"h:{_json({'sourceType': 'url', 'id': src.id, 'url': src.url, 'title': src.title})}\n"

    def finish(self, completion_tokens: int, prompt_tokens: int = 0) -> str:
        usage = {"promptTokens": prompt_tokens, "completionTokens": completion_tokens}
        return (f"8:{_json([{'threadId': self.thread_id}])}\n"
                f"e:{_json({'finishReason': 'stop', 'usage': usage, 'isContinued': False})}\n"
                f"d:{_json({'finishReason': 'stop', 'usage': usage, 'threadId': self.thread_id})}\n")

    def error(self, message: str) -> str:
        usage = {"promptTokens": 0, "completionTokens": 0}
        return (f"3:{_json(message)}\n"
                f"d:{_json({'finishReason': 'error', 'usage': usage, 'threadId': self.thread_id})}\n")


class V5UIMessageStream:
    """AI SDK v5 UI-message stream: server-sent events, one JSON chunk per event."""

    media_type = "text/event-stream"

    def __init__(self, message_id: str, thread_id: str):
        self.message_id, self.thread_id = message_id, thread_id
        self._text_open = False
        self._text_id = "text-0"

    def headers(self) -> dict[str, str]:
        return {"x-vercel-ai-ui-message-stream": "v1", "x-thread-id": self.thread_id,
                "cache-control": "no-cache", "x-accel-buffering": "no"}

    @staticmethod
    def _event(chunk: dict[str, Any]) -> str:
        return f"data: {_json(chunk)}\n\n"

    def start(self) -> str:
        return self._event({"type": "start", "messageId": self.message_id,
                            "messageMetadata": {"threadId": self.thread_id}})

    def text(self, delta: str) -> str:
        out = ""
        if not self._text_open:
            self._text_open = True
            out = self._event({"type": "text-start", "id": self._text_id})
        return out + self._event({"type": "text-delta", "id": self._text_id, "delta": delta})

    def _close_text(self) -> str:
        if not self._text_open:
            return ""
        self._text_open = False
        return self._event({"type": "text-end", "id": self._text_id})

    def source(self, src: Source) -> str:
        return self._close_text() + self._event(
            {"type": "source-url", "sourceId": src.id, "url": src.url, "title": src.title})

    def finish(self, completion_tokens: int, prompt_tokens: int = 0) -> str:
        return (self._close_text()
                + self._event({"type": "finish", "messageMetadata": {"threadId": self.thread_id}})
                + "data: [DONE]\n\n")

    def error(self, message: str) -> str:
        return (self._close_text() + self._event({"type": "error", "errorText": message})
                + "data: [DONE]\n\n")
