"""Values worked out once per object while it lives: remembered by identity, not equality.

For objects that are costly to hash or compare (a page, a trail, an installed distribution)
and whose value is asked for again and again during one build.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ByIdentity(Generic[K, V]):
    """``compute(obj)`` remembered for ``obj`` itself: another object equal to it, or one
    given the freed object's ``id``, is computed afresh (the entry keeps ``obj`` alive)."""

    def __init__(self, compute: Callable[[K], V]) -> None:
        self._compute = compute
        self._found: dict[int, tuple[K, V]] = {}

    def __call__(self, obj: K) -> V:
        found = self._found.get(id(obj))
        if found is not None and found[0] is obj:
            return found[1]
        value = self._compute(obj)
        self._found[id(obj)] = (obj, value)
        return value

    def clear(self) -> None:
        """Forget every object (and let them go)."""
        self._found.clear()
