"""Keep a long build's memory from creeping up: glibc's malloc, told not to adapt.

glibc serves a request of 128 KiB or more with its own ``mmap`` and returns it to the system
when freed, but it raises that threshold to the size of each such block freed (up to 32 MiB),
and the threshold for giving back the free top of a heap to twice that. A build receives
large blocks now and then: a batch of rendered pages from a worker, a Pagefind shard's whole
index (about 15 MiB). After the first one, every page's document, search text and messages
(tens of KiB each) came from the heaps of the threads that handle them and stayed there,
scattered, long after they were freed: on 10,000 pages the build's main process grew steadily
to about 450 MiB, against about 290 MiB with the threshold held.

:func:`hold_malloc_thresholds` sets glibc's own default thresholds explicitly, which is what
switches the adapting off (``mallopt(3)``; the same as ``MALLOC_MMAP_THRESHOLD_=131072`` in the
environment). Forked worker processes inherit it. Elsewhere (musl, macOS, Windows) it does
nothing.
"""

from __future__ import annotations

import ctypes
import functools
import sys

# mallopt parameters (glibc's malloc.h)
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
# glibc's defaults, held fixed
MMAP_THRESHOLD = 128 * 1024
TRIM_THRESHOLD = 128 * 1024


@functools.cache
def hold_malloc_thresholds() -> bool:
    """Fix glibc's mmap and trim thresholds at their defaults, once per process; return
    whether this process's C library took it (False where it is not glibc)."""
    if not sys.platform.startswith("linux"):
        return False
    libc = ctypes.CDLL(None)  # the process's own symbols: its C library's among them
    if not hasattr(libc, "gnu_get_libc_version"):  # glibc only (musl has no such thresholds)
        return False
    mallopt = libc.mallopt
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and \
        bool(mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
