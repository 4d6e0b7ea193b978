"""The three request limits of the spec as fixed windows, counted in a store.

Each request names one counter per limit (the window is part of the counter's name, so a new
window starts at zero with nothing to reset); the store admits the request only if every
counter is below its limit, and then increments them all, atomically.
"""

from __future__ import annotations

import calendar
import time
from dataclasses import dataclass

from mdxsite.plugins.assistant.settings import Limits


@dataclass(frozen=True, slots=True)
class Counter:
    """One limit for one request: ``name`` says which, ``id`` is its storage key."""

    name: str          # "key-month", "domain-hour" or "ip-day"
    id: str            # "key-month:abcd1234:2025-06"
    limit: int
    window: int        # the window's length in seconds (a month counts as 30 days here)
    resets_at: int     # epoch seconds when this window ends

    def retry_after(self, now: float) -> int:
        return max(1, int(self.resets_at - now + 0.999))


def counters(limits: Limits, *, key_prefix: str, domain: str, ip: str,
             now: float | None = None) -> list[Counter]:
    """Return the three counters a request spends, in the order they are checked."""
    now = time.time() if now is None else now
    t = time.gmtime(now)
    next_month = (t.tm_year + (t.tm_mon == 12), t.tm_mon % 12 + 1)
    month_end = calendar.timegm((*next_month, 1, 0, 0, 0))
    hour = int(now // 3600)
    day = int(now // 86400)
    return [
        Counter("key-month", f"key-month:{key_prefix}:{t.tm_year}-{t.tm_mon:02d}",
                limits.key_per_month, 30 * 86400, month_end),
        Counter("domain-hour", f"domain-hour:{domain}:{hour}", limits.domain_per_hour, 3600,
                (hour + 1) * 3600),
        Counter("ip-day", f"ip-day:{ip}:{day}", limits.ip_per_day, 86400, (day + 1) * 86400),
    ]


DESCRIBE = {"key-month": "this API key's monthly limit",
            "domain-hour": "this domain's hourly limit",
            "ip-day": "this IP address's daily limit"}


def headers(hit: Counter, now: float | None = None) -> dict[str, str]:
    """Return the 429 headers naming the limit that was hit (IETF RateLimit fields)."""
    now = time.time() if now is None else now
    wait = hit.retry_after(now)
    return {
        "Retry-After": str(wait),
        "RateLimit-Limit": str(hit.limit),
        "RateLimit-Remaining": "0",
        "RateLimit-Reset": str(wait),
        "RateLimit-Policy": f'"{hit.name}";q={hit.limit};w={hit.window}',
        "RateLimit": f'"{hit.name}";r=0;t={wait}',
    }
