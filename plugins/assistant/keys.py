"""API keys: ``mdxa_<prefix>_<secret>``. Only a SHA-256 of the whole key is stored.

The prefix (8 hex characters) finds the record and names the key in listings and logs; the
hash is compared in constant time. An unknown prefix is compared against a dummy hash too, so
response times do not tell a guessed prefix from a wrong secret.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass

_KEY = re.compile(r"^mdxa_([0-9a-f]{8})_[A-Za-z0-9_-]{20,64}$")
_DUMMY = hashlib.sha256(b"mdxsite-no-such-key").hexdigest()


@dataclass(frozen=True, slots=True)
class KeyRecord:
    """A stored key: never the key itself."""

    prefix: str
    hash: str
    domains: tuple[str, ...]
    label: str = ""
    created: float = 0.0
    revoked: bool = False


def new_key(domains: tuple[str, ...], label: str = "") -> tuple[str, KeyRecord]:
    """Return a fresh key and the record to store for it."""
    prefix = secrets.token_hex(4)
    key = f"mdxa_{prefix}_{secrets.token_urlsafe(24)}"
    return key, KeyRecord(prefix, hash_key(key), domains, label, time.time())


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def prefix_of(key: str) -> str | None:
    """Return the key's prefix, or None when it does not look like one of our keys."""
    m = _KEY.match(key)
    return m.group(1) if m else None


def matches(record: KeyRecord | None, key: str) -> bool:
    """Compare ``key`` with a stored record in constant time (False for None or revoked)."""
    expected = record.hash if record is not None else _DUMMY
    same = hmac.compare_digest(expected, hash_key(key))
    return same and record is not None and not record.revoked
