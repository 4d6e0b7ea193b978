"""A page file's frontmatter parsed from its bytes (the read that also gives the render cache
the file's digest) is what parsing the file's text gives."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mdxsite.errors import MdxsiteError
from mdxsite.mdx import frontmatter
from mdxsite.output.cache import DIGEST, FileMemo, _digest

PIECES = [b"---\n", b"---\r\n", b"---\r", b"title: A\n", b"title: A\r\n", b"x: |\r\n  a\r\n  b\r",
          b"\r", b"\n", b"\r\n", b"\xef\xbb\xbf", b"\xc3\xa9", b"\xff", b"\xe2\x82", b"body ",
          b": ", b"- a\n", b"'q'"]


def _as_read_text(data: bytes) -> str:
    # what Path.read_text(encoding="utf-8") does: a text file, universal newlines
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12).map(b"".join))
def test_text_of_bytes_is_read_text(data: bytes) -> None:
    try:
        expected = _as_read_text(data)
    except UnicodeDecodeError as exc:
        with pytest.raises(MdxsiteError, match="the file is not UTF-8 text") as got:
            frontmatter.text_of(data, "p.mdx")
        assert exc.reason in str(got.value)
        return
    assert frontmatter.text_of(data, "p.mdx") == expected


def test_reading_frontmatter_remembers_the_files_digest(tmp_path: Path) -> None:
    data = b"---\r\ntitle: Caf\xc3\xa9\r\n---\r\nBody\r\n"
    page = tmp_path / "page.mdx"
    page.write_bytes(data)
    os.utime(page, (1_000_000, 1_000_000))  # long unchanged: remembered
    memo = FileMemo(None)

    fm = memo.read(tmp_path, "page.mdx", "frontmatter", lambda b: frontmatter.parse(b, "page.mdx"))

    assert fm == frontmatter.read(page, "page.mdx")[0] == {"title": "Café"}
    assert memo.get(tmp_path, "page.mdx", DIGEST, lambda path: pytest.fail("read again")) \
        == _digest(data)
