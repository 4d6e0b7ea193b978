"""Generate the plugin author's hook reference (HOOKS.md) from the hookspec docstrings."""

from __future__ import annotations

import inspect
import textwrap
from collections.abc import Callable

from mdxsite import hookspecs


def hook_functions() -> list[tuple[str, Callable[..., object]]]:
    """Return every hookspec function, in the order hookspecs.py defines them (build order)."""
    funcs = [(n, f) for n, f in vars(hookspecs).items() if n.startswith("mdxsite_") and callable(f)]
    return sorted(funcs, key=lambda item: inspect.getsourcelines(item[1])[1])


def _shape(func: object) -> str:
    opts = getattr(func, "mdxsite_spec", {}) or {}
    doc = inspect.getdoc(func) or ""
    if opts.get("firstresult"):
        return "stage (first result wins)"
    first = doc.split(":", 1)[0].strip().lower()
    return {"contribution": "contribution (every plugin adds)", "configure": "configure",
            "event": "event (result ignored)"}.get(first, "hook")


def reference() -> str:
    """Return HOOKS.md: one section per hook with its signature, shape and documentation."""
    intro = inspect.getdoc(hookspecs) or ""
    parts = ["# mdxsite hook reference", "",
             "Generated from `mdxsite/hookspecs.py` by `mdxsite plugins --reference`; "
             "do not edit by hand.", "", intro, ""]
    for name, func in hook_functions():
        sig = str(inspect.signature(func))
        parts += [f"## `{name}`", "", f"*{_shape(func)}*", "", "```python",
                  f"def {name}{sig}", "```", "",
                  textwrap.dedent(inspect.getdoc(func) or "").strip(), ""]
    return "\n".join(parts).rstrip() + "\n"
