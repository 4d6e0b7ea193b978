"""Image sizes read from file headers, so pages get ``width``/``height`` and do not jump.

A few hundred bytes of PNG, GIF, JPEG, WebP or SVG are enough; no imaging library is needed
for that. Sizes are cached by path, modification time and length, so a page set that shows the
same logo a thousand times reads it once, and an edited image is read again.
"""

from __future__ import annotations

import re
import struct
from pathlib import Path

_CACHE: dict[tuple[str, int, int], tuple[int, int] | None] = {}
_SVG_ROOT = re.compile(rb"<svg\b[^>]*>", re.S)
_SVG_ATTR = re.compile(rb"""\b(width|height|viewBox)\s*=\s*["']([^"']*)["']""")
_LENGTH = re.compile(rb"^\s*([\d.]+)\s*(px)?\s*$")


def size(path: Path) -> tuple[int, int] | None:
    """Return (width, height) in pixels of the image at ``path``, or None when unknown."""
    try:
        st = path.stat()
    except OSError:
        return None
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key not in _CACHE:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        try:
            with path.open("rb") as f:
                head = f.read(64 * 1024)
        except OSError:
            return None
        _CACHE[key] = measure(head)
    return _CACHE[key]


def measure(head: bytes) -> tuple[int, int] | None:
    """Return the size an image's first bytes declare (None for other formats or damage)."""
    try:
        if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
            return _positive(*struct.unpack(">II", head[16:24]))
        if head[:6] in (b"GIF87a", b"GIF89a"):
            return _positive(*struct.unpack("<HH", head[6:10]))
        if head.startswith(b"\xff\xd8"):
            return _jpeg(head)
        if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
            return _webp(head)
        if b"<svg" in head[:4096]:
            return _svg(head)
    except struct.error:  # a truncated header
        return None
    return None


def _positive(w: int, h: int) -> tuple[int, int] | None:
    return (w, h) if w > 0 and h > 0 else None


def _jpeg(head: bytes) -> tuple[int, int] | None:
    # walk the segments to the first start-of-frame marker (C0-CF, except C4, C8 and CC)
    i = 2
    while i + 9 < len(head):
        if head[i] != 0xFF:
            return None
        marker = head[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", head[i + 5:i + 9])
            return _positive(w, h)
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # markers without a length
            i += 2
            continue
        i += 2 + struct.unpack(">H", head[i + 2:i + 4])[0]
    return None  # the frame header lies beyond what was read (huge EXIF)


def _webp(head: bytes) -> tuple[int, int] | None:
    chunk = head[12:16]
    if chunk == b"VP8 ":  # lossy: 14-bit sizes after the frame tag and start code
        w, h = struct.unpack("<HH", head[26:30])
        return _positive(w & 0x3FFF, h & 0x3FFF)
    if chunk == b"VP8L":  # lossless: 14-bit width-1 and height-1 packed after the signature
        b = head[21:25]
        w = 1 + (((b[1] & 0x3F) << 8) | b[0])
        h = 1 + (((b[3] & 0x0F) << 10) | (b[2] << 2) | ((b[1] & 0xC0) >> 6))
        return _positive(w, h)
    if chunk == b"VP8X":  # extended: 24-bit width-1 and height-1
        w = 1 + int.from_bytes(head[24:27], "little")
        h = 1 + int.from_bytes(head[27:30], "little")
        return _positive(w, h)
    return None


def _svg(head: bytes) -> tuple[int, int] | None:
    root = _SVG_ROOT.search(head)
    if root is None:
        return None
    attrs = {k.decode(): v for k, v in _SVG_ATTR.findall(root.group(0))}
    w, h = _length(attrs.get("width")), _length(attrs.get("height"))
    if w and h:
        return _positive(round(w), round(h))
    box = attrs.get("viewBox", b"").replace(b",", b" ").split()
    if len(box) == 4:
        try:
            bw, bh = float(box[2]), float(box[3])
        except ValueError:
            return None
        if w and bw > 0:  # one length given: keep the view box's proportions
            return _positive(round(w), round(w * bh / bw))
        if h and bh > 0:
            return _positive(round(h * bw / bh), round(h))
        return _positive(round(bw), round(bh))
    return None


def _length(value: bytes | None) -> float | None:
    if value is None:
        return None
    m = _LENGTH.match(value)  # "100%" or "10em" have no pixel size
    return float(m.group(1)) if m else None
