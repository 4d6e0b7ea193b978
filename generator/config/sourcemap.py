"""A JSON parser that remembers where every value and key stands (line:column).

The standard ``json`` module keeps no positions, and every docs.json problem must name its
line and column, so we parse docs.json (tens of kB at most) with this small strict parser.
OpenAPI documents, which can be megabytes, use ``json`` and locate lazily instead.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field

from mdxsite.errors import Location, MdxsiteError, Problem

Path = tuple[str | int, ...]

_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_WS = re.compile(r"[ \t\r\n]*")
# a string without escapes on one line, most of a docs.json; the rest takes the long way
_PLAIN_STRING = re.compile(r'"([^"\\\n]*)"')


@dataclass
class SourceMap:
    """Where each JSON path's value (and, for object members, its key) starts in one file."""

    file: str
    values: dict[Path, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def value(self, path: Path) -> Location:
        line, col = self.values.get(path, (0, 0))
        return Location(self.file, line, col)

    def key(self, path: Path) -> Location:
        line, col = self.keys.get(path) or self.values.get(path, (0, 0))
        return Location(self.file, line, col)


class _Parser:
    def __init__(self, text: str, file: str):
        self.s = text
        self.i = 0
        self.file = file
        self.map = SourceMap(file)
        # line starts, for turning offsets into line:column (found with C loops, not a Python
        # loop over every character: the docs.json parity test loads thousands of files)
        self.starts = [0, *(m.end() for m in re.finditer("\n", text))]

    def pos(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1

    def fail(self, message: str, hint: str, offset: int | None = None) -> MdxsiteError:
        line, col = self.pos(self.i if offset is None else offset)
        return MdxsiteError([Problem(Location(self.file, line, col), message, hint)])

    def ws(self) -> None:
        match = _WS.match(self.s, self.i)  # always matches, if only ""
        self.i = i = match.end() if match else self.i
        if self.s.startswith("//", i):  # comments are not JSON; say so clearly
            raise self.fail("comments are not allowed in JSON", "remove the // comment")

    def parse(self) -> object:
        self.ws()
        value = self.value(())
        self.ws()
        if self.i < len(self.s):
            raise self.fail(f"unexpected {self.s[self.i]!r} after the end of the document",
                            "remove it, or wrap the values in one object")
        return value

    def value(self, path: Path) -> object:
        if self.i >= len(self.s):
            raise self.fail("the document ends where a value was expected",
                            "check for a missing closing bracket or brace")
        self.map.values[path] = self.pos(self.i)
        ch = self.s[self.i]
        if ch == "{":
            return self.obj(path)
        if ch == "[":
            return self.arr(path)
        if ch == '"':
            return self.string()
        if ch in "-0123456789":
            return self.number()
        for word, val in (("true", True), ("false", False), ("null", None)):
            if self.s.startswith(word, self.i):
                self.i += len(word)
                return val
        if ch == "'":
            raise self.fail("strings need double quotes in JSON", "replace ' with \"")
        raise self.fail(f"unexpected {ch!r} where a value was expected",
                        "write a string in double quotes, a number, true, false, null, [ or {")

    def obj(self, path: Path) -> dict[str, object]:
        self.i += 1
        out: dict[str, object] = {}
        self.ws()
        if self.s.startswith("}", self.i):
            self.i += 1
            return out
        comma = -1
        while True:
            self.ws()
            if not self.s.startswith('"', self.i):
                if self.s.startswith("}", self.i) and comma >= 0:
                    raise self.fail("trailing comma before '}'", "remove the last comma", comma)
                raise self.fail("expected a key in double quotes", 'write "key": value')
            key_pos = self.pos(self.i)
            key = self.string()
            if key in out:
                raise self.fail(f"key {key!r} appears twice in this object",
                                "keep one of them", offset=self.i - len(key) - 2)
            self.map.keys[(*path, key)] = key_pos
            self.ws()
            if not self.s.startswith(":", self.i):
                raise self.fail(f"expected ':' after key {key!r}", 'write "key": value')
            self.i += 1
            self.ws()
            out[key] = self.value((*path, key))
            self.ws()
            if self.s.startswith(",", self.i):
                comma = self.i
                self.i += 1
                continue
            if self.s.startswith("}", self.i):
                self.i += 1
                return out
            raise self.fail("expected ',' or '}' after a value", "add the missing comma or brace")

    def arr(self, path: Path) -> list[object]:
        self.i += 1
        out: list[object] = []
        self.ws()
        if self.s.startswith("]", self.i):
            self.i += 1
            return out
        comma = -1
        while True:
            self.ws()
            if self.s.startswith("]", self.i) and comma >= 0:
                raise self.fail("trailing comma before ']'", "remove the last comma", comma)
            out.append(self.value((*path, len(out))))
            self.ws()
            if self.s.startswith(",", self.i):
                comma = self.i
                self.i += 1
                continue
            if self.s.startswith("]", self.i):
                self.i += 1
                return out
            raise self.fail("expected ',' or ']' after a value", "add the missing comma or bracket")

    def string(self) -> str:
        plain = _PLAIN_STRING.match(self.s, self.i)
        if plain:
            self.i = plain.end()
            return plain.group(1)
        start = self.i
        self.i += 1
        s = self.s
        parts: list[str] = []
        run = self.i
        while True:
            j = s.find('"', self.i)
            k = s.find("\\", self.i)
            if j < 0:
                raise self.fail("a string is not closed", 'add the closing "', offset=start)
            if 0 <= k < j:
                parts.append(s[run:k])
                esc = s[k + 1: k + 2]
                if esc in _ESCAPES:
                    parts.append(_ESCAPES[esc])
                    self.i = k + 2
                elif esc == "u" and len(s) >= k + 6:
                    try:
                        code = int(s[k + 2: k + 6], 16)
                    except ValueError:
                        raise self.fail("bad \\u escape", "write \\u followed by four hex digits",
                                        offset=k) from None
                    self.i = k + 6
                    # a character outside the BMP is written as a surrogate pair: \ud83d\ude00
                    if 0xD800 <= code < 0xDC00 and s.startswith("\\u", self.i):
                        try:
                            low = int(s[self.i + 2: self.i + 6], 16)
                        except ValueError:
                            low = 0
                        if 0xDC00 <= low < 0xE000:
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            self.i += 6
                    parts.append(chr(code))
                else:
                    raise self.fail(f"bad escape \\{esc}", "write \\\\ for a backslash", offset=k)
                run = self.i
                continue
            chunk = s[run:j]
            if "\n" in chunk:
                raise self.fail("a string is not closed on its line", 'add the closing "',
                                offset=start)
            parts.append(chunk)
            self.i = j + 1
            return "".join(parts)

    def number(self) -> int | float:
        s, i = self.s, self.i
        j = i
        while j < len(s) and s[j] in "+-0123456789.eE":
            j += 1
        text = s[i:j]
        self.i = j
        try:
            return int(text) if text.lstrip("-").isdigit() else float(text)
        except ValueError:
            raise self.fail(f"{text!r} is not a number", "write a JSON number such as 12 or 1.5",
                            offset=i) from None


def parse(text: str, file: str) -> tuple[object, SourceMap]:
    """Parse JSON ``text``; return the value and its source map. Raise a located MdxsiteError."""
    if text.startswith("\ufeff"):
        text = text[1:]
    parser = _Parser(text, file)
    value = parser.parse()
    return value, parser.map
