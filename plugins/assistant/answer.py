"""Answer backends: turn a question and the retrieved sections into streamed text.

One small interface, :class:`AnswerBackend`. The default, :class:`ExtractiveBackend`, needs no
model: it quotes the sentences of the retrieved sections that share most words with the
question, in document order, each with a citation. :class:`OpenAIBackend` streams the tokens
of any OpenAI-compatible chat-completions server, grounded in the same sections.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from mdxsite.plugins.assistant.index import Section, query_terms
from mdxsite.plugins.assistant.settings import BackendSettings
from mdxsite.plugins.assistant.stream import Source

Message = dict[str, Any]
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9`\"'(])")
_CHUNK = re.compile(r"\S+\s*|\s+")
MAX_SENTENCES = 5


class BackendUnavailable(Exception):
    """The answer backend cannot answer now (HTTP 503 before the stream, a ``3:`` part after)."""


@dataclass(slots=True)
class Answer:
    """The pages an answer cites and its text, produced piece by piece."""

    sources: list[Source]
    chunks: AsyncIterator[str]
    prompt_tokens: int = 0


class AnswerBackend(Protocol):
    async def answer(self, question: str, history: Sequence[Message],
                     sections: Sequence[Section]) -> Answer:
        """Start answering; raise BackendUnavailable if the backend cannot be reached."""


def sources_of(sections: Sequence[Section]) -> list[Source]:
    """One source per cited page, in first-cited order."""
    seen: dict[str, Source] = {}
    for s in sections:
        if s.url not in seen:
            seen[s.url] = Source(id=f"src-{len(seen) + 1}", url=s.url, title=s.title)
    return list(seen.values())


@functools.lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    for suffix in ("ing", "ies", "ed", "es", "s", "ly"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


async def _pieces(text: str, words_per_chunk: int = 4) -> AsyncIterator[str]:
    words = _CHUNK.findall(text)
    for i in range(0, len(words), words_per_chunk):
        yield "".join(words[i:i + words_per_chunk])


@dataclass(slots=True)
class ExtractiveBackend:
    """Offline answers: the most relevant sentences of the retrieved sections, cited."""

    max_sentences: int = MAX_SENTENCES

    async def answer(self, question: str, history: Sequence[Message],
                     sections: Sequence[Section]) -> Answer:
        text, cited = self.compose(question, history, sections)
        return Answer(sources=cited, chunks=_pieces(text))

    def compose(self, question: str, history: Sequence[Message],
                sections: Sequence[Section]) -> tuple[str, list[Source]]:
        weights: dict[str, float] = {}
        for m in history:  # earlier questions of the thread count, at half weight
            if m.get("role") == "user":
                for t in query_terms(str(m.get("content", ""))):
                    weights.setdefault(_stem(t), 0.5)
        for t in query_terms(question):
            weights[_stem(t)] = 1.0
        scored: list[tuple[float, int, int, str]] = []
        for rank, section in enumerate(sections):
            # a heading or title naming the subject lifts every sentence below it
            head = {_stem(w) for w in query_terms(f"{section.title} {section.heading}")}
            lift = 0.25 * sum(w for s, w in weights.items() if s in head)
            for pos, sentence in enumerate(_SENTENCE.split(section.text)):
                stems = {_stem(w) for w in query_terms(sentence)}
                score = sum(w for s, w in weights.items() if s in stems)
                if score > 0 and len(sentence) > 3:
                    scored.append((score + lift, rank, pos, sentence.strip()))
        best = sorted(scored, key=lambda x: (-x[0], x[1], x[2]))[: self.max_sentences]
        if not best:
            if not sections:
                return ("I could not find anything about that in this documentation. "
                        "Try asking with other words, or search the site.", [])
            pages = sources_of(sections)[:3]
            listing = "\n".join(f"- [{s.title}]({s.url})" for s in pages)
            return ("I found no passage that answers this directly. These pages may help:\n\n"
                    + listing, pages)
        best.sort(key=lambda x: (x[1], x[2]))  # back in document order
        used = sources_of([sections[rank] for _, rank, _, _ in best])
        number = {s.url: i + 1 for i, s in enumerate(used)}
        lines = [f"- {sentence} [{number[sections[rank].url]}]" for _, rank, _, sentence in best]
        refs = "\n".join(f"[{i + 1}] [{s.title}]({s.url})" for i, s in enumerate(used))
        return ("From the documentation:\n\n" + "\n".join(lines) + "\n\nSources:\n" + refs, used)


SYSTEM_PROMPT = """You answer questions about a documentation site. Use only the numbered \
documentation sections below. Cite the sections you use as [n]. If the sections do not \
contain the answer, say that the documentation does not cover it; do not guess.

{sections}"""


@dataclass(slots=True)
class OpenAIBackend:
    """Any OpenAI-compatible ``/chat/completions`` server, its tokens streamed through."""

    settings: BackendSettings
    history_turns: int = 10
    _key: str = field(default="", init=False)

    def messages(self, question: str, history: Sequence[Message],
                 sections: Sequence[Section]) -> list[Message]:
        listed = "\n\n".join(f"[{i + 1}] {s.title}{' > ' + s.heading if s.heading else ''} "
                             f"({s.link})\n{s.text}" for i, s in enumerate(sections))
        out: list[Message] = [{"role": "system", "content": SYSTEM_PROMPT.format(
            sections=listed or "(no section matched the question)")}]
        for m in list(history)[-self.history_turns:]:
            if m.get("role") in ("user", "assistant") and m.get("content"):
                out.append({"role": m["role"], "content": str(m["content"])})
        out.append({"role": "user", "content": question})
        return out

    async def answer(self, question: str, history: Sequence[Message],
                     sections: Sequence[Section]) -> Answer:
        import httpx

        s = self.settings
        url = s.base_url.rstrip("/") + "/chat/completions"
        headers = {"Accept": "text/event-stream"}
        key = os.environ.get(s.api_key_env, "")
        if key:
            headers["Authorization"] = f"Bearer {key}"
        payload = {"model": s.model, "stream": True,
                   "messages": self.messages(question, history, sections)}
        client = httpx.AsyncClient(timeout=httpx.Timeout(s.timeout, connect=min(5.0, s.timeout)))
        try:
            request = client.build_request("POST", url, json=payload, headers=headers)
            response = await client.send(request, stream=True)
        except httpx.HTTPError as exc:
            await client.aclose()
            raise BackendUnavailable(f"the answer backend at {s.base_url} cannot be reached "
                                     f"({type(exc).__name__})") from exc
        if response.status_code != 200:
            await response.aclose()
            await client.aclose()
            raise BackendUnavailable(f"the answer backend at {s.base_url} answered HTTP "
                                     f"{response.status_code}")

        async def tokens() -> AsyncIterator[str]:
            try:
                async for line in response.aiter_lines():
                    if not line.startswith("data:"):
                        continue
                    data = line[5:].strip()
                    if data == "[DONE]":
                        break
                    try:
                        delta = json.loads(data)["choices"][0]["delta"].get("content")
                    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
                        continue  # keep-alives and chunks without text
                    if delta:
                        yield delta
            except httpx.HTTPError as exc:
                raise BackendUnavailable(f"the answer backend at {s.base_url} stopped "
                                         f"({type(exc).__name__})") from exc
            finally:
                await response.aclose()
                await client.aclose()

        return Answer(sources=sources_of(sections), chunks=tokens())


def backend_for(settings: BackendSettings) -> AnswerBackend:
    if settings.kind == "openai":
        return OpenAIBackend(settings)
    return ExtractiveBackend()
