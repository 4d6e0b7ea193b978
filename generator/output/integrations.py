"""docs.json ``integrations``: which analytics and chat tools a page loads, with their ids.

The theme writes :func:`page_config` into each page as JSON, and ``integrations.js`` loads each
provider's own script from the provider, as the platform does, only after the reader's consent
when ``integrations.cookies`` names the localStorage entry that records it (``{"key": …,
"value": …}``), and, with OneTrust's ``categoryId``, only once that category is allowed.
Nothing is injected when the key is absent.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from mdxsite.errors import JsonPath, Problems, report_warnings
from mdxsite.model import Site

# provider -> the settings its loader reads (the platform's names); integrations.js knows each
PROVIDERS: dict[str, tuple[str, ...]] = {
    "adobe": ("launchUrl",), "amplitude": ("apiKey",), "clarity": ("projectId",),
    "clearbit": ("publicApiKey",), "fathom": ("siteId",), "frontchat": ("snippetId",),
    "ga4": ("measurementId",), "gtm": ("tagId",), "heap": ("appId",),
    "hightouch": ("writeKey", "apiHost"), "hotjar": ("hjid", "hjsv"), "intercom": ("appId",),
    "koala": ("publicApiKey",), "logrocket": ("appId",), "mixpanel": ("projectToken", "region"),
    "onetrust": ("domainScript", "categoryId", "scriptSource"), "pirsch": ("id",),
    "posthog": ("apiKey", "apiHost", "sessionRecording"), "plausible": ("domain", "server"),
    "segment": ("key", "cdnUrl"), "transcend": ("bundleId", "analyticsPurpose"),
}
REQUIRED = {"adobe": "launchUrl", "amplitude": "apiKey", "clarity": "projectId",
            "clearbit": "publicApiKey", "fathom": "siteId", "frontchat": "snippetId",
            "ga4": "measurementId", "gtm": "tagId", "heap": "appId", "hightouch": "writeKey",
            "hotjar": "hjid", "intercom": "appId", "koala": "publicApiKey", "logrocket": "appId",
            "mixpanel": "projectToken", "onetrust": "domainScript", "pirsch": "id",
            "posthog": "apiKey", "plausible": "domain", "segment": "key", "transcend": "bundleId"}
# keys that configure the others, or the platform's own telemetry (mdxsite sends none)
SETTINGS = {"cookies", "telemetry"}

_CACHE: list[tuple[object, Markup | None]] = []


def _providers(value: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    found = {}
    for name, keys in PROVIDERS.items():
        given = value.get(name)
        if isinstance(given, Mapping) and isinstance(given.get(REQUIRED[name]), (str, int)):
            found[name] = {k: given[k] for k in keys if k in given}
    return found


def page_config(site: Site) -> Markup | None:
    """Return the JSON the page carries for ``integrations.js``, or None when nothing loads."""
    value = site.config.get("integrations")
    if _CACHE and _CACHE[0][0] is value:
        return _CACHE[0][1]
    found = None
    if isinstance(value, Mapping):
        providers = _providers(value)
        if providers:
            found_cookies = value.get("cookies")
            cookies: Mapping[str, Any] = found_cookies if isinstance(found_cookies, Mapping) else {}
            data = {"providers": providers,
                    "consent": {k: cookies[k] for k in ("key", "value") if isinstance(cookies.get(k), str)}}
            # "</" cannot end the script element early
            found = Markup(json.dumps(data, sort_keys=True).replace("</", "<\\/"))
    _CACHE[:] = [(value, found)]
    return found


def report(site: Site) -> None:
    """Warn, with the JSON path, about an integration mdxsite does not load or lacks an id for."""
    value = site.config.get("integrations")
    if not isinstance(value, Mapping):
        return
    out = Problems(locate=site.config.where, file=site.config.file)
    at = JsonPath(("integrations",))
    for name, given in value.items():
        if name in SETTINGS:
            continue
        if name not in PROVIDERS:
            out.warn(at / name, f"integration {name!r} is not supported by mdxsite; nothing is loaded for it",
                     hint="remove it, or load the tool with a .js file in the site folder",
                     code="config.unsupported-integration")
        elif not isinstance(given, Mapping) or not isinstance(given.get(REQUIRED[name]), (str, int)):
            out.warn(at / name, f"integration {name!r} needs {REQUIRED[name]!r}; nothing is loaded for it",
                     hint=f'write "{name}": {{"{REQUIRED[name]}": "…"}}', code="config.integration")
    report_warnings(out.warnings)
