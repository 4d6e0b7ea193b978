"""mdxsite.memory: freed blocks go back to the system after one large block was freed."""

from __future__ import annotations

import ctypes.util
import subprocess
import sys
import textwrap

import pytest

# In a fresh interpreter: free one 16 MiB block (glibc then raises its thresholds), allocate
# 1,000 blocks of 256 KiB, keep every tenth (they pin the heap), free the rest; print how much
# the process's resident memory grew, in MiB.
PROGRAM = textwrap.dedent("""
    import sys
    from mdxsite import memory

    def rss() -> int:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * 4096 >> 20

    if sys.argv[1] == "hold":
        assert memory.hold_malloc_thresholds()
    start = rss()
    big = bytearray(16 << 20)
    del big
    blocks = [bytearray(256 << 10) for _ in range(1000)]
    kept = blocks[::10]
    del blocks
    print(rss() - start, len(kept))
""")

glibc = pytest.mark.skipif(not sys.platform.startswith("linux")
                           or "libc.so.6" not in (ctypes.util.find_library("c") or ""),
                           reason="glibc's malloc only")


def _growth(mode: str) -> int:
    done = subprocess.run([sys.executable, "-c", PROGRAM, mode], capture_output=True, text=True,
                          check=True)
    return int(done.stdout.split()[0])


@glibc
def test_freed_blocks_are_given_back_when_the_thresholds_are_held() -> None:
    held = _growth("hold")
    adapting = _growth("default")
    # 100 blocks of 256 KiB stay alive (25 MiB); glibc's adapting thresholds keep the other
    # 225 MiB in the heap, between them
    assert held < 40, held
    assert adapting > 150, adapting

