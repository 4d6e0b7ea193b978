"""Seeded fuzzed requests for the assistant endpoint, and the check every answer must pass.

A plain module shared by ``test_hostile.py`` (a few hundred requests under ``make test``) and
``benchmarks/assistant_fuzz.py`` (thousands, on SQLite and Redis). Requests vary method,
path, headers, content type and body (valid, mutated valid, random JSON, deep, huge, binary,
lone surrogates, non-finite numbers); a few are raw bytes with a malformed Content-Length or
Transfer-Encoding, which only a raw socket can send.
"""

from __future__ import annotations

import json
import random
import socket
from dataclasses import dataclass, field
from typing import Any

import httpx


def ask(text: str = "How does the backoff work?", **extra: Any) -> dict[str, Any]:
    return {"fp": "anonymous", "messages": [{"id": "m1", "role": "user", "content": text}], **extra}


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def body(r: random.Random) -> bytes | str | None:
    valid = ask(r.choice(["How are retries done?", "webhooks", "日本語", "x" * 50]))
    kind = r.randrange(16)
    if kind == 0:
        return json.dumps(valid)
    if kind == 1:  # mutated valid: one field retyped
        name = r.choice(["fp", "messages", "threadId", "retrievalPageSize", "filter"])
        valid[name] = r.choice([None, 0, -1, 1e308, "x", [], {}, [1, 2], True, 10 ** 40])
        return json.dumps(valid)
    if kind == 2:
        return json.dumps(r.choice([[], 1, "x", None, {"a": {"b": [1, None]}}, True]))
    if kind == 3:
        return deep(r.choice([40, 500, 5000]))
    if kind == 4:
        return b"x" * r.choice([70_000, 300_000])  # over the body limit
    if kind == 5:
        return bytes(r.randrange(256) for _ in range(r.randrange(1, 300)))
    if kind == 6:
        return '{"fp": "a", "messages": [{"role": "user", "content": "\\ud800"}]}'
    if kind == 7:
        return '{"fp": "a", "messages": [{"role": "user", "content": "q"}], "retrievalPageSize": ' \
            + r.choice(["1e999", "-1e999", "NaN", "Infinity", "0.5", "99999999999999999999"]) + "}"
    if kind == 8:
        valid["messages"][0]["parts"] = [{"type": "text", "text": r.choice(["a", 5, None])}]
        return json.dumps(valid)
    if kind == 9:
        valid["filter"] = {"paths": [r.choice(["", "\x00", "NEAR(a b)", '"', "col:body"])],
                           "groups": ["\x1f"], "version": r.choice(["v1", "", None])}
        return json.dumps(valid)
    if kind == 10:
        return None
    return json.dumps(valid)[: r.randrange(1, 40)]  # truncated


@dataclass
class Fuzzed:
    """One request: sent with httpx, or as ``raw`` bytes when its head is malformed."""

    method: str
    path: str
    headers: dict[str, str | bytes] = field(default_factory=dict)
    content: bytes | None = None
    raw: bytes | None = None


_BAD_HEADS = ["Content-Length: -1", "Content-Length: abc", "Content-Length: 1e3",
              "Content-Length: 5, 7", "Content-Length: " + "9" * 30, "Transfer-Encoding: gzip",
              "Transfer-Encoding: chunked\r\nContent-Length: 5"]


def request(r: random.Random, key: str, endpoint: str) -> Fuzzed:
    """Draw one request for ``endpoint`` (``/acme/message``, or with the mount prefix)."""
    prefix, domain, _ = endpoint.rsplit("/", 2)  # the mount, the domain, "message"
    method = r.choice(["POST"] * 20 + ["GET", "PUT", "DELETE", "PATCH"])
    path = r.choice([endpoint] * 20 + [f"{prefix}/other/message", f"{prefix}/{domain}/widget",
                                       endpoint + "/x", f"{prefix}/", f"{prefix}/{domain}/%00",
                                       f"{prefix}/{domain}/../{domain}/message"])
    headers: dict[str, str | bytes] = {}
    auth = r.randrange(10)
    if auth < 8:
        headers["authorization"] = f"Bearer {key}"
    elif auth == 8:
        headers["authorization"] = r.choice(["Bearer", "Basic abc", "Bearer mdx_nope",
                                             ("Bearer " + "é" * 10).encode()])
    ctype = r.choice(["application/json"] * 16 + ["text/plain", "", "application/json; "
                                                 "charset=latin-1", "multipart/form-data"])
    if ctype:
        headers["content-type"] = ctype
    if r.random() < .1:
        headers["x-vercel-ai-ui-message-stream"] = "v1"
    drawn = body(r)
    content = drawn.encode("utf-8", "surrogatepass") if isinstance(drawn, str) else drawn
    if r.random() < .05:  # a head h11 refuses: only a raw socket sends it
        head = [f"POST {endpoint} HTTP/1.1", "Host: 127.0.0.1", f"Authorization: Bearer {key}",
                "Content-Type: application/json", r.choice(_BAD_HEADS)]
        raw = ("\r\n".join(head) + "\r\n\r\n").encode() + (content or b"")[:2000]
        return Fuzzed("POST", endpoint, raw=raw)
    return Fuzzed(method, path, headers, content)


def send(client: httpx.Client, base: str, req: Fuzzed) -> tuple[int, dict[str, str], str]:
    """Send ``req``; return status, headers (lower-case names) and body text."""
    if req.raw is None:
        response = client.request(req.method, base + req.path, headers=req.headers,
                                  content=req.content)
        return response.status_code, dict(response.headers), response.text
    host, port = base.split("//")[1].split(":")
    with socket.create_connection((host, int(port)), timeout=15) as s:
        s.sendall(req.raw)
        got = b""
        while chunk := s.recv(65536):
            got += chunk
    head, _, payload = got.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), headers, payload.decode("utf-8", "replace")


def problem(req: Fuzzed, endpoint: str, status: int, headers: dict[str, str], text: str) -> str | None:
    """What is wrong with this answer, or None: no 5xx, every error the JSON shape, every
    200 stream ending with its finish part."""
    if status >= 500:
        return f"{status} for {req.method} {req.path}: {text[:200]}"
    if status == 200 and req.path == endpoint:
        last = text.rstrip("\n").split("\n")[-1]
        if headers.get("x-vercel-ai-ui-message-stream") == "v1":
            if last != "data: [DONE]" or '"type":"finish"' not in text:
                return f"a v5 stream without its finish: {text[-200:]}"
        elif not last.startswith("d:"):
            return f"a v4 stream without its finish part: {text[-200:]}"
    elif status != 200:
        if headers.get("content-type") != "application/json":
            return f"{status} is not JSON: {headers.get('content-type')} {text[:200]}"
        try:
            error = json.loads(text)
        except ValueError:
            return f"{status} body is not JSON: {text[:200]}"
        if set(error) != {"error"} or set(error["error"]) != {"code", "message"}:
            return f"{status} body is not the error shape: {text[:200]}"
    return None
