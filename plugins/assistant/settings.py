"""The assistant's settings: ``docs.json`` → ``mdxsite.plugins.assistant``, checked with locations.

Secrets never come from docs.json: the LLM key is read from the environment variable that
``backend.api_key_env`` names, and a store URL with a password belongs in
``MDXSITE_ASSISTANT_STORE``, which overrides ``store``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from mdxsite.errors import JsonPath, MdxsiteError, describe
from mdxsite.model import SiteConfig

AT = JsonPath(("mdxsite", "plugins", "assistant"))
STORE_ENV = "MDXSITE_ASSISTANT_STORE"
# every option of mdxsite.plugins.assistant (see settings_of)
OPTIONS = ("enabled", "domain", "store", "limits", "backend", "max_body_bytes",
           "cors_origins", "endpoint")
DEFAULT_LIMIT = 10_000  # Part 2 of the spec: per key per month, per domain per hour, per IP per day


@dataclass(frozen=True, slots=True)
class Limits:
    """The three windows of the spec; each is the number of requests admitted per window."""

    key_per_month: int = DEFAULT_LIMIT
    domain_per_hour: int = DEFAULT_LIMIT
    ip_per_day: int = DEFAULT_LIMIT


@dataclass(frozen=True, slots=True)
class BackendSettings:
    """Which answer backend: ``extractive`` (offline, the default) or ``openai`` (compatible)."""

    kind: str = "extractive"
    base_url: str = ""
    model: str = ""
    api_key_env: str = "OPENAI_API_KEY"
    timeout: float = 30.0


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the assistant app needs; build one by hand to mount the app yourself."""

    domain: str
    data_dir: Path                       # index.sqlite and store.sqlite live here
    store: str = ""                      # "" for SQLite in data_dir, or "redis://host:port/db"
    limits: Limits = field(default_factory=Limits)
    backend: BackendSettings = field(default_factory=BackendSettings)
    max_body_bytes: int = 1 << 20
    max_page_size: int = 20
    cors_origins: tuple[str, ...] = ()
    endpoint: str = "/v1/assistant"      # where the widget sends questions

    @property
    def index_path(self) -> Path:
        return self.data_dir / "index.sqlite"

    @property
    def store_url(self) -> str:
        return os.environ.get(STORE_ENV) or self.store


def data_dir_for(out_dir: Path) -> Path:
    """Return the folder beside the output (never inside it) holding the index and the store."""
    return out_dir.parent / ".mdxsite-assistant" / out_dir.name


def enabled(config: SiteConfig) -> bool:
    """Return True when docs.json turns the assistant on (``mdxsite.plugins.assistant``)."""
    raw = config.get("mdxsite.plugins.assistant")
    return isinstance(raw, dict) and raw.get("enabled", True) is not False


def settings_of(config: SiteConfig, out_dir: Path, *, site_url: str = "") -> Settings | None:
    """Read and check the settings; None when the site does not enable the assistant.

    Raises:
        MdxsiteError: one located problem per wrong value.
    """
    if not enabled(config):
        return None
    raw = config.get("mdxsite.plugins.assistant")
    assert isinstance(raw, dict)
    found = config.problems()

    def bad(path: JsonPath, message: str, hint: str) -> None:
        found.add(path, message, hint=hint)

    domain = raw.get("domain")
    if not isinstance(domain, str) or not domain or "/" in domain:
        bad(AT / "domain", f"the assistant needs a domain name, got {describe(domain)}",
            'write "domain": "docs" (the {domain} segment of /v1/assistant/{domain}/message)')
        domain = ""
    store = raw.get("store", "")
    if not isinstance(store, str) or (store and not store.startswith(("redis://", "rediss://"))):
        bad(AT / "store", f"expected a redis:// URL, got {describe(store)}",
            f'leave it out for SQLite beside the output, or set {STORE_ENV}=redis://host:6379/0')
        store = ""
    limits = Limits()
    raw_limits = raw.get("limits", {})
    if not isinstance(raw_limits, dict):
        bad(AT / "limits", f"expected an object, got {describe(raw_limits)}",
            'write "limits": {"key_per_month": 10000, "domain_per_hour": 10000, "ip_per_day": 10000}')
    else:
        values = {}
        for name in ("key_per_month", "domain_per_hour", "ip_per_day"):
            v = raw_limits.get(name, DEFAULT_LIMIT)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                got = repr(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else describe(v)
                bad(AT / "limits" / name, f"expected a whole number of requests (0 or more), got {got}",
                    f'write "{name}": {DEFAULT_LIMIT}')
                v = DEFAULT_LIMIT
            values[name] = v
        limits = Limits(**values)
    backend = BackendSettings()
    raw_backend = raw.get("backend", {"type": "extractive"})
    if not isinstance(raw_backend, dict) or raw_backend.get("type", "extractive") not in (
            "extractive", "openai"):
        bad(AT / "backend", f"expected a backend object, got {describe(raw_backend)}",
            'write {"type": "extractive"} or {"type": "openai", "base_url": "http://…/v1", '
            '"model": "…", "api_key_env": "OPENAI_API_KEY"}')
    elif raw_backend.get("type") == "openai":
        for name in ("base_url", "model"):
            if not isinstance(raw_backend.get(name), str) or not raw_backend.get(name):
                bad(AT / "backend" / name, f"the openai backend needs {name!r}",
                    'e.g. "base_url": "http://127.0.0.1:11434/v1", "model": "llama3.2"')
        env = raw_backend.get("api_key_env", "OPENAI_API_KEY")
        if "api_key" in raw_backend:
            bad(AT / "backend" / "api_key", "keys are never read from docs.json",
                'remove it and name an environment variable instead: "api_key_env": "OPENAI_API_KEY"')
        timeout = raw_backend.get("timeout", 30)
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0:
            bad(AT / "backend" / "timeout", f"expected seconds, got {describe(timeout)}",
                '"timeout": 30')
            timeout = 30
        backend = BackendSettings("openai", str(raw_backend.get("base_url", "")),
                                  str(raw_backend.get("model", "")), str(env), float(timeout))
    max_body = raw.get("max_body_bytes", 1 << 20)
    if isinstance(max_body, bool) or not isinstance(max_body, int) or max_body < 1024:
        bad(AT / "max_body_bytes", f"expected a number of bytes (at least 1024), got "
            f"{describe(max_body)}", '"max_body_bytes": 1048576')
        max_body = 1 << 20
    origins = raw.get("cors_origins", [])
    if not isinstance(origins, list) or not all(isinstance(o, str) for o in origins):
        bad(AT / "cors_origins", "expected an array of origins", '"cors_origins": ["https://docs.example.com"]')
        origins = []
    if site_url:
        origins = [site_url.rstrip("/"), *origins]
    endpoint = raw.get("endpoint", "/v1/assistant")
    if not isinstance(endpoint, str) or not endpoint:
        bad(AT / "endpoint", f"expected a URL or path, got {describe(endpoint)}", '"endpoint": "/v1/assistant"')
        endpoint = "/v1/assistant"
    if found.items:
        raise MdxsiteError(found.items)
    return Settings(domain=domain, data_dir=data_dir_for(out_dir), store=store, limits=limits,
                    backend=backend, max_body_bytes=max_body,
                    cors_origins=tuple(dict.fromkeys(origins)), endpoint=endpoint.rstrip("/"))
