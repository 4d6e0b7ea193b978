"""Mermaid diagrams: drawn in the reader's browser by the ``mermaid`` npm package, offline.

The package is installed by ``make theme-deps`` into ``theme-deps/node_modules`` (never
committed). A page with a diagram links :data:`SCRIPTS`; the build copies mermaid's one-file
browser bundle into the output only when some page has a diagram. Without the bundle the page
still shows the diagram's source, and the build says once what to run.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import mdxsite

BUNDLE = "_mdxsite/mermaid.min.js"
# the bundle first: deferred scripts run in document order, so the starter finds `mermaid`
SCRIPTS = ("/" + BUNDLE, "/_mdxsite/mermaid-init.js")
_DIST = Path("node_modules/mermaid/dist/mermaid.min.js")


@lru_cache(maxsize=1)
def bundle() -> Path | None:
    """Return mermaid's browser bundle, or None when ``make theme-deps`` has not run.

    ``MDXSITE_THEME_DEPS``, when set, names the folder holding ``node_modules`` (for an
    installed mdxsite); otherwise it is ``theme-deps/`` in the mdxsite checkout.
    """
    folder = os.environ.get("MDXSITE_THEME_DEPS") or \
        Path(mdxsite.__file__).resolve().parent.parent / "theme-deps"
    found = Path(folder) / _DIST
    return found if found.is_file() else None
