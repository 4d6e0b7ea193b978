"""YAML frontmatter: split it from the page body and report mistakes with their line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from mdxsite.errors import Location, MdxsiteError, Problem


@cache
def yaml_loader() -> type:
    """PyYAML's C safe loader (~10x faster on thousands of pages), or its Python one when
    PyYAML was built without libyaml. Imported on first use, for frontmatter :func:`_simple`
    cannot read: PyYAML took 14-24 ms of every start."""
    import yaml

    found: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return found


def split(text: str, file: str) -> tuple[dict[str, object], str, int]:
    """Return (frontmatter, body, number of lines before the body) of a page's text.

    Raises MdxsiteError, located at the line of the YAML mistake, for malformed frontmatter.
    """
    block, body, offset = _parts(text, file)
    return _data(block, offset, file), body, offset


def _data(block: str, offset: int, file: str) -> dict[str, object]:
    """Return the frontmatter parsed from its YAML ``block`` ({} without one: ``offset`` 0)."""
    if not offset:
        return {}
    simple = _simple(block)
    if simple is not None:
        return simple
    import yaml  # see yaml_loader

    try:
        data = yaml.load(block, Loader=yaml_loader()) if block.strip() else {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 2
        col = mark.column + 1 if mark is not None else 1
        what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        lines = block.split("\n")
        text = lines[mark.line] if mark is not None and mark.line < len(lines) else ""
        raise MdxsiteError([Problem(Location(file, line, col), f"frontmatter is not valid YAML: {what}",
                                    _yaml_hint(text))]) from None
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise MdxsiteError([Problem(Location(file, 2, 1), "frontmatter must be a mapping of keys to values",
                                    "write key: value lines between the --- lines")])
    return {str(k): _plain(v) for k, v in data.items()}


# ``key: 'value'`` (or "value") whose quote closes before the line's end, text following it
_CLOSED_EARLY = re.compile(r"""\s*[^\s:#][^:]*:\s+(?:'(?:[^']|'')*'|"(?:[^"\\]|\\.)*")\s*[^\s#]""")


def _yaml_hint(line: str) -> str:
    """What to do about the YAML mistake on ``line`` (its text in the frontmatter)."""
    found = _CLOSED_EARLY.match(line)
    if found and line.split(":", 1)[1].strip().startswith("'"):
        return ("a ' inside a value quoted with '…' ends the value early: write it twice ('') "
                "or quote the value with \"…\" instead")
    if found:
        return ('a " inside a value quoted with "…" ends the value early: write it as \\" '
                "or quote the value with '…' instead")
    return "quote values that contain ': ' or start with a special character, e.g. title: \"A: B\""


# ``key: value`` with a value YAML reads as itself: a string in double or single quotes
# without escapes, line breaks or characters YAML refuses, or a plain word-like one
_SIMPLE = re.compile(
    r'([A-Za-z_][A-Za-z0-9_-]{0,127}): +(?:"([^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]*)"'
    r"|'([^'\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]*)'"
    r"|([A-Za-z](?:[A-Za-z0-9 ._/()-]*[A-Za-z0-9._/()-])?)) *")
# the plain words YAML 1.1 (PyYAML's resolver) reads as booleans and null, not as strings
_WORDS: dict[str, object] = {
    **dict.fromkeys("yes Yes YES true True TRUE on On ON".split(), True),
    **dict.fromkeys("no No NO false False FALSE off Off OFF".split(), False),
    **dict.fromkeys("null Null NULL".split(), None)}


def _simple(block: str) -> dict[str, object] | None:
    """Return the frontmatter of a block of plain ``key: value`` lines (the common case) as
    YAML reads it, without a YAML parser (40 us a page); None for anything else."""
    data: dict[str, object] = {}
    match = _SIMPLE.fullmatch
    for line in block.split("\n"):
        found = match(line)
        if found is None:
            if line.strip(" "):
                return None
            continue  # a blank line
        key, double, single, plain = found.groups()
        if key in _WORDS:
            return None  # a boolean key
        if plain is not None:
            data[key] = _WORDS.get(plain, plain)
        else:
            data[key] = double if double is not None else single
    return data


# what str.splitlines ends a line at, besides "\n": a text without any of them before its
# frontmatter's closing line splits there as it does at "\n" (see _parts)
_OTHER_BREAKS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
_FIRST_LINE = re.compile("[^\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]*")  # as splitlines ends it


def _parts(text: str, file: str) -> tuple[str, str, int]:
    """Return (frontmatter's YAML, body, number of lines before the body); 0 lines: none."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if text.startswith("---\n"):
        # the closing line looked for line by line from the start, not by splitting the whole
        # page (the body is most of it): the same answer while no other line break than "\n"
        # comes before the end of that line, else the long way below
        start = 4
        while True:
            end = text.find("\n", start)
            line = text[start:] if end < 0 else text[start:end]
            if line.rstrip() == "---":
                if _OTHER_BREAKS.search(text, 0, len(text) if end < 0 else end) is not None:
                    break
                block = text[4:start]
                return block, "" if end < 0 else text[end + 1:], block.count("\n") + 2
            if end < 0:
                break  # not closed: reported below
            start = end + 1
    # the opening line may end in spaces, as the closing one may (the platform's parser
    # reads "---  " as the fence too)
    if _FIRST_LINE.match(text).group().rstrip() != "---":  # type: ignore[union-attr]
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


def read_data(path: Path | str, file: str) -> dict[str, object]:
    """Read a page file's frontmatter only (``read(path, file)[0]``, without the body)."""
    with open(path, "rb") as f:
        return parse(f.read(), file)


def read_body(path: Path, file: str) -> tuple[str, int]:
    """Read a page file's body and the number of lines before it, leaving its frontmatter
    unparsed: rendering reads pages whose frontmatter the scan has parsed already."""
    _, body, offset = _parts(_text(path, file), file)
    return body, offset


def parse(data: bytes, file: str) -> dict[str, object]:
    """Return the frontmatter of a page file's bytes (``read_data``, from bytes read already)."""
    block, _, offset = _parts(text_of(data, file), file)
    return _data(block, offset, file)


def text_of(data: bytes, file: str) -> str:
    """Return a page file's bytes as the text ``Path.read_text(encoding="utf-8")`` gives:
    UTF-8 decoded in one piece, newlines (\\r\\n, \\r) made \\n."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MdxsiteError([Problem(Location(file), f"the file is not UTF-8 text ({exc.reason})",
                                    "save it as UTF-8")]) from None
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def _text(path: Path | str, file: str) -> str:
    with open(path, "rb") as f:
        return text_of(f.read(), file)


def key_location(root: Path, source: Path | None, key: str, fallback: str = "",
                 needle: str = "") -> Location:
    """Locate ``key:`` in a page file's frontmatter: file:line:column of its value (the file's
    first line when the key is not written there, or the file cannot be read; ``fallback``
    names a page with no file). ``needle``: the first place it is written in the key's value
    (an entry of a list on the lines below the key) when it is."""
    if source is None:
        return Location(fallback)
    file = source.as_posix()
    try:
        lines = (root / source).read_text(encoding="utf-8").splitlines()
    except OSError:
        return Location(file, 1, 1)
    for number, line in enumerate(lines[1:60], start=2):
        m = re.match(rf"""^["']?{re.escape(key)}["']?\s*:\s*""", line)
        if m:
            for below, text in enumerate(lines[number - 1:60], start=number):
                if below > number and (text.strip() == "---" or not text[:1].isspace() and
                                       not text.startswith("-")):
                    break  # the next key, or the end of the frontmatter
                at = text.find(needle, m.end() if below == number else 0) if needle else -1
                if at >= 0:
                    return Location(file, below, at + 1)
            return Location(file, number, m.end() + 1)
        if line.strip() == "---":
            break
    return Location(file, 1, 1)
