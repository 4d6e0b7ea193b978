"""YAML frontmatter: split it from the page body and report mistakes with their line."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import yaml

from mdxsite.errors import Location, MdxsiteError, Problem

try:  # the C loader is ~10x faster on thousands of pages; same safe subset
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader


def split(text: str, file: str) -> tuple[dict[str, object], str, int]:
    """Return (frontmatter, body, number of lines before the body) of a page's text.

    Raises MdxsiteError, located at the line of the YAML mistake, for malformed frontmatter.
    """
    block, body, offset = _parts(text, file)
    if not offset:
        return {}, body, 0
    try:
        data = yaml.load(block, Loader=_Loader) if block.strip() else {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 2
        col = mark.column + 1 if mark is not None else 1
        what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise MdxsiteError([Problem(Location(file, line, col), f"frontmatter is not valid YAML: {what}",
                                    "quote values that contain ': ' or start with a special "
                                    "character, e.g. title: \"A: B\"")]) from None
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise MdxsiteError([Problem(Location(file, 2, 1), "frontmatter must be a mapping of keys to values",
                                    "write key: value lines between the --- lines")])
    return {str(k): _plain(v) for k, v in data.items()}, body, offset


def _parts(text: str, file: str) -> tuple[str, str, int]:
    """Return (frontmatter's YAML, body, number of lines before the body); 0 lines: none."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not (text.startswith("---\n") or text.startswith("---\r\n") or text.strip() == "---"):
        return "", text, 0
    lines = text.splitlines(keepends=True)
    for i in range(1, len(lines)):
        if lines[i].rstrip() == "---":
            break
    else:
        raise MdxsiteError([Problem(Location(file, 1, 1), "frontmatter is not closed",
                                    "end it with a line of three dashes: ---")])
    return "".join(lines[1:i]), "".join(lines[i + 1:]), i + 1


def _plain(value: object) -> object:
    """Turn YAML dates and other non-JSON scalars into strings so pages pickle and template."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return str(value)


def read(path: Path, file: str) -> tuple[dict[str, object], str, int]:
    """Read a page file and split it (see :func:`split`)."""
    return split(_text(path, file), file)


def read_body(path: Path, file: str) -> tuple[str, int]:
    """Read a page file's body and the number of lines before it, leaving its frontmatter
    unparsed: rendering reads pages whose frontmatter the scan has parsed already."""
    _, body, offset = _parts(_text(path, file), file)
    return body, offset


def _text(path: Path, file: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise MdxsiteError([Problem(Location(file), f"the file is not UTF-8 text ({exc.reason})",
                                    "save it as UTF-8")]) from None
