"""``<Terminal>``: a shell session drawn as a terminal window (the platform's component).

Its text is taken as its author wrote it, line by line: a line starting with a prompt
(``$`` or ``❯``, then a space) is a command, any other line is output. The window's
``height`` and ``maxHeight`` are CSS lengths (a bare number is pixels).
"""

from __future__ import annotations

import re
from typing import Any

_PROMPT = re.compile(r"^(\$|❯)(?: |$)")
_LENGTH = re.compile(r"^\d+(?:\.\d+)?(?:px|rem|em|vh|%)?$")


def lines(text: str) -> list[dict[str, Any]]:
    """Return the session's lines: ``{"command": True, "prompt": "$", "text": "ls"}`` for a
    command, ``{"command": False, "text": …}`` for output."""
    out: list[dict[str, Any]] = []
    for raw in text.split("\n"):
        found = _PROMPT.match(raw)
        if found:
            out.append({"command": True, "prompt": found.group(1) + " ",
                        "text": raw[found.end():]})
        else:
            out.append({"command": False, "text": raw})
    return out


def length(value: object) -> str | None:
    """Return ``value`` as a CSS length (``300`` -> ``300px``), None when it is not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) and value > 0:
        return f"{value:g}px"
    if isinstance(value, str) and _LENGTH.match(value.strip()):
        text = value.strip()
        return text + "px" if text[-1].isdigit() else text
    return None
