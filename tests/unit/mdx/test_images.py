"""Image sizes from file headers: every format the renderer sizes, damage, and the cache."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import pytest

from mdxsite.mdx.images import measure, size


def png(w: int, h: int) -> bytes:
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", w, h) + b"\x08\x02\x00\x00\x00"


def jpeg(w: int, h: int) -> bytes:
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    dqt = b"\xff\xdb" + struct.pack(">H", 4) + b"\x00\x00"
    sof = b"\xff\xc2" + struct.pack(">HBHH", 11, 8, h, w) + b"\x01\x01\x11\x00"
    return b"\xff\xd8" + app0 + dqt + sof + b"\x00" * 16


def webp(chunk: bytes, payload: bytes) -> bytes:
    body = b"WEBP" + chunk + struct.pack("<I", len(payload)) + payload
    return b"RIFF" + struct.pack("<I", len(body)) + body


def vp8l(w: int, h: int) -> bytes:
    bits = (w - 1) | ((h - 1) << 14)
    return webp(b"VP8L", b"\x2f" + struct.pack("<I", bits) + b"\x00" * 8)


CASES = [
    ("png", png(640, 480), (640, 480)),
    ("gif", b"GIF89a" + struct.pack("<HH", 33, 17) + b"\x00" * 8, (33, 17)),
    ("jpeg progressive after other segments", jpeg(1920, 1080), (1920, 1080)),
    ("webp lossy", webp(b"VP8 ", b"\x00\x00\x00\x9d\x01\x2a" + struct.pack("<HH", 300, 200)
                        + b"\x00" * 8), (300, 200)),
    ("webp lossless", vp8l(1000, 563), (1000, 563)),
    ("webp extended", webp(b"VP8X", b"\x10\x00\x00\x00" + (799).to_bytes(3, "little")
                           + (599).to_bytes(3, "little")), (800, 600)),
    ("svg width and height", b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
                             b'width="24px" height="12">', (24, 12)),
    ("svg view box", b"<svg viewBox='0 0 300 150' xmlns='http://www.w3.org/2000/svg'>", (300, 150)),
    ("svg width and view box", b'<svg width="60" viewBox="0,0,300,150">', (60, 30)),
    ("svg in percent", b'<svg width="100%" height="100%">', None),
    ("truncated png", png(640, 480)[:20], None),
    ("zero-size gif", b"GIF89a\x00\x00\x00\x00", None),
    ("not an image", b"%PDF-1.7 ...", None),
]


@pytest.mark.parametrize("head,expected", [(c[1], c[2]) for c in CASES], ids=[c[0] for c in CASES])
def test_measure(head: bytes, expected: tuple[int, int] | None) -> None:
    assert measure(head) == expected


def test_size_reads_again_after_the_file_changes(tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    shot.write_bytes(png(10, 20))
    assert size(shot) == (10, 20)
    shot.write_bytes(png(30, 40) + b"\x00")   # another length: not the cached answer
    os.utime(shot, ns=(1, 1))
    assert size(shot) == (30, 40)
    assert size(tmp_path / "missing.png") is None
