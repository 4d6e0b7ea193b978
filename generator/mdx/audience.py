"""``<Visibility>`` in the Markdown agents read: the ``.md`` copy of a page and llms-full.txt.

On the HTML page ``for="humans"`` content shows and ``for="agents"`` content does not; in the
Markdown it is the other way round (the platform's rule). This turns a page's MDX body into
its agents' Markdown: humans-only blocks are dropped, agents-only ones are kept without their
tags. Fenced code is left as written, so a page documenting the component keeps its example.
"""

from __future__ import annotations

import re
import textwrap

_OPEN = re.compile(r"""<Visibility\s+for\s*=\s*(?:"(\w+)"|'(\w+)'|\{\s*["'](\w+)["']\s*\})\s*>""")
_CLOSE = "</Visibility>"
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_INLINE = re.compile(_OPEN.pattern + r"(.*?)" + re.escape(_CLOSE), re.S)


def for_agents(body: str) -> str:
    """Return ``body`` as agents read it (unchanged when it has no ``<Visibility>``)."""
    if "<Visibility" not in body:
        return body
    out: list[str] = []
    fence = ""
    held: list[str] | None = None   # the lines of an open block
    audience = ""
    for line in body.split("\n"):
        target = out if held is None else held
        marker = _FENCE.match(line)
        if fence:  # inside fenced code: as written, until the fence closes
            target.append(line)
            if marker and marker.group(1)[0] == fence[0] and len(marker.group(1)) >= len(fence) \
                    and line.strip() == marker.group(1):
                fence = ""
            continue
        if marker:
            fence = marker.group(1)
            target.append(line)
            continue
        if held is None:
            opened = _OPEN.match(line.strip())
            if opened and _CLOSE not in line:
                audience = next(g for g in opened.groups() if g)
                held = []
            else:
                out.append(_inline(line))
            continue
        if line.strip() == _CLOSE:
            if audience != "humans":
                out.extend(textwrap.dedent("\n".join(held)).split("\n"))
            held = None
            continue
        held.append(line)
    if held is not None:  # unclosed: the renderer reports it; keep the text
        out.extend(held)
    return "\n".join(out)


def _inline(line: str) -> str:
    """``<Visibility for="…">…</Visibility>`` within one line."""
    def keep(match: re.Match[str]) -> str:
        audience = next(g for g in match.groups()[:3] if g)
        return "" if audience == "humans" else match.group(4)

    return _INLINE.sub(keep, line)
