"""Check an assistant request body the way Part 3 of the spec says; every mistake is a 400.

The message of each error names the field (``messages[1].parts[0].text``). Unknown keys and
unknown part types are ignored, so requests from ``useChat`` (v4 with
``sendExtraMessageFields``, or v5) pass unchanged.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from mdxsite.plugins.assistant.index import Filter
from mdxsite.errors import describe

ROLES = ("user", "assistant", "system")
MAX_MESSAGES = 200
MAX_ID = 200


class ClientError(Exception):
    """A client mistake: the status, a snake_case code and a sentence for the JSON body."""

    def __init__(self, status: int, code: str, message: str,
                 headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers or {}


def _bad(field: str, message: str) -> ClientError:
    return ClientError(400, "invalid_request", f"{field}: {message}")


def _number(value: object) -> str:
    """Describe a JSON value; a non-finite number as such (JSON 1e999 parses as infinity)."""
    if isinstance(value, float) and not math.isfinite(value):
        return "an infinite number" if value == value else "not a number (NaN)"
    return describe(value)


def _unicode(text: str, at: str) -> str:
    """``text`` if it is valid Unicode: JSON's \\ud800 escape makes a lone surrogate, which
    no store or index can hold."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise _bad(at, "contains a lone surrogate (\\ud800-\\udfff), which is not valid Unicode")
    return text


def json_depth_over(body: bytes | bytearray, limit: int) -> bool:
    """True when the JSON text ``body`` nests arrays and objects deeper than ``limit``.

    Checked on the bytes before parsing, without recursion, so a document nested thousands of
    levels deep is refused before any parser or validator walks it."""
    if body.count(b"[") + body.count(b"{") <= limit:
        return False  # too few openers to nest that deep: no byte-by-byte walk (most requests)
    depth, in_string, escaped = 0, False, False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


@dataclass(frozen=True, slots=True)
class Turn:
    role: str
    content: str


@dataclass(frozen=True, slots=True)
class AssistantRequest:
    fp: str
    messages: tuple[Turn, ...]
    thread_id: str | None
    page_size: int
    filter: Filter
    v5: bool

    @property
    def question(self) -> str:
        return self.messages[-1].content


def _text_of(msg: dict[str, Any], at: str) -> str:
    content = msg.get("content")
    if content is not None and not isinstance(content, str):
        raise _bad(f"{at}.content", f"expected a string, got {describe(content)}")
    parts = msg.get("parts")
    texts: list[str] = []
    if parts is not None:
        if not isinstance(parts, list):
            raise _bad(f"{at}.parts", f"expected an array of parts, got {describe(parts)}")
        for j, part in enumerate(parts):
            if not isinstance(part, dict):
                raise _bad(f"{at}.parts[{j}]", f"expected an object, got {describe(part)}")
            kind = part.get("type")
            if not isinstance(kind, str):
                raise _bad(f"{at}.parts[{j}].type", f"expected a string, got {describe(kind)}")
            if kind == "text":
                text = part.get("text")
                if not isinstance(text, str):
                    raise _bad(f"{at}.parts[{j}].text", f"expected a string, got {describe(text)}")
                texts.append(text)
    if content and content.strip():
        return _unicode(content, f"{at}.content")
    joined = "".join(texts)
    if joined.strip():
        return _unicode(joined, f"{at}.parts")
    raise _bad(at, "a message needs text in content or in a text part")


def _strings(value: object, at: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _bad(at, f"expected an array of strings, got {describe(value)}")
    return tuple(_unicode(v, f"{at}[{i}]") for i, v in enumerate(value))


def parse_filter(value: object) -> Filter:
    if value is None:
        return Filter()
    if not isinstance(value, dict):
        raise _bad("filter", f"expected an object or null, got {describe(value)}")
    out: dict[str, Any] = {}
    for name in ("version", "language"):
        v = value.get(name)
        if v is not None and not isinstance(v, str):
            raise _bad(f"filter.{name}", f"expected a string, got {describe(v)}")
        out[name] = v if v is None else _unicode(v, f"filter.{name}")
    for name in ("paths", "groups"):
        v = value.get(name)
        out[name] = () if v is None else _strings(v, f"filter.{name}")
    return Filter(**out)


def parse_request(body: object, *, max_page_size: int, v5_header: bool) -> AssistantRequest:
    """Return the checked request or raise ClientError(400) naming the first wrong field."""
    if not isinstance(body, dict):
        raise _bad("body", f"expected a JSON object, got {describe(body)}")
    fp = body.get("fp")
    if not isinstance(fp, str) or not fp.strip():
        raise _bad("fp", "required: a fingerprint string ('anonymous' for anonymous users)"
                   if fp is None else f"expected a non-empty string, got {describe(fp)}")
    _unicode(fp, "fp")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise _bad("messages", "required: a non-empty array of messages" if messages is None
                   else f"expected a non-empty array of messages, got {describe(messages)}")
    if len(messages) > MAX_MESSAGES:
        raise _bad("messages", f"at most {MAX_MESSAGES} messages per request, got {len(messages)}")
    turns: list[Turn] = []
    for i, msg in enumerate(messages):
        at = f"messages[{i}]"
        if not isinstance(msg, dict):
            raise _bad(at, f"expected a message object, got {describe(msg)}")
        mid = msg.get("id")
        if mid is not None and not isinstance(mid, str):
            raise _bad(f"{at}.id", f"expected a string, got {describe(mid)}")
        role = msg.get("role")
        if role not in ROLES:
            raise _bad(f"{at}.role", f"expected one of 'user', 'assistant', 'system', got "
                       f"{describe(role) if role is not None else 'nothing'}")
        turns.append(Turn(role, _text_of(msg, at)))
    if turns[-1].role != "user":
        raise _bad(f"messages[{len(turns) - 1}].role", "the last message must be the user's "
                   f"question, got {turns[-1].role!r}")
    thread_id = body.get("threadId")
    if thread_id is not None and (not isinstance(thread_id, str) or not thread_id
                                  or len(thread_id) > MAX_ID):
        raise _bad("threadId", f"expected a thread id string or null, got {describe(thread_id)}")
    if thread_id is not None:
        _unicode(thread_id, "threadId")
    size = body.get("retrievalPageSize", 5)
    if size is None:
        size = 5
    if isinstance(size, bool) or not isinstance(size, (int, float)) or \
            (isinstance(size, float) and not math.isfinite(size)) or size != int(size):
        raise _bad("retrievalPageSize", f"expected a whole number, got {_number(size)}")
    if not 1 <= size <= max_page_size:
        raise _bad("retrievalPageSize", f"must be between 1 and {max_page_size}, got {int(size)}")
    return AssistantRequest(fp=fp, messages=tuple(turns), thread_id=thread_id,
                            page_size=int(size), filter=parse_filter(body.get("filter")),
                            v5=v5_header or "trigger" in body)
