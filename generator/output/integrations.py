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
# customScripts: third-party scripts by URL, each loaded when the page is interactive or, with
# "lazyOnload", once the browser is idle; the platform takes up to 20 HTTPS URLs, none of them
# an .svg, .exe or .zip
SCRIPT_STRATEGIES = ("afterInteractive", "lazyOnload")
MAX_SCRIPTS = 20
_NOT_SCRIPTS = (".svg", ".exe", ".zip")

_CACHE: list[tuple[object, Markup | None]] = []


def _providers(value: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    found = {}
    for name, keys in PROVIDERS.items():
        given = value.get(name)
        if isinstance(given, Mapping) and isinstance(given.get(REQUIRED[name]), (str, int)):
            found[name] = {k: given[k] for k in keys if k in given}
    return found


def _script_problem(entry: object) -> str | None:
    if not isinstance(entry, Mapping) or not isinstance(entry.get("src"), str):
        return 'each script needs "src", its HTTPS URL'
    src = entry["src"]
    if not src.startswith("https://"):
        return f"script {src!r} is not an HTTPS URL"
    if src.split("?", 1)[0].split("#", 1)[0].lower().endswith(_NOT_SCRIPTS):
        return f"script {src!r} ends in {', '.join(_NOT_SCRIPTS)}, which the platform refuses"
    strategy = entry.get("strategy", "afterInteractive")
    if strategy not in SCRIPT_STRATEGIES:
        return f"script strategy {strategy!r} is not one of {', '.join(SCRIPT_STRATEGIES)}"
    return None


def _custom_scripts(value: Mapping[str, Any]) -> list[dict[str, str]]:
    given = value.get("customScripts")
    if not isinstance(given, list):
        return []
    return [{"src": e["src"], "strategy": e.get("strategy", "afterInteractive")}
            for e in given[:MAX_SCRIPTS] if _script_problem(e) is None]


def page_config(site: Site) -> Markup | None:
    """Return the JSON the page carries for ``integrations.js``, or None when nothing loads."""
    value = site.config.get("integrations")
    if _CACHE and _CACHE[0][0] is value:
        return _CACHE[0][1]
    found = None
    if isinstance(value, Mapping):
        providers = _providers(value)
        scripts = _custom_scripts(value)
        if providers or scripts:
            found_cookies = value.get("cookies")
            cookies: Mapping[str, Any] = found_cookies if isinstance(found_cookies, Mapping) else {}
            data: dict[str, Any] = {
                "providers": providers,
                "consent": {k: cookies[k] for k in ("key", "value") if isinstance(cookies.get(k), str)}}
            if scripts:
                data["scripts"] = scripts
            # "</" cannot end the script element early
            found = Markup(json.dumps(data, sort_keys=True).replace("</", "<\\/"))
    _CACHE[:] = [(value, found)]
    return found


def report(site: Site) -> None:
    """Warn, with the JSON path, about an integration mdxsite does not load or lacks an id for."""
    value = site.config.get("integrations")
    if not isinstance(value, Mapping):
        return
    out = site.config.problems()
    at = JsonPath(("integrations",))
    for name, given in value.items():
        if name in SETTINGS:
            continue
        if name == "customScripts":
            _report_scripts(given, at / name, out)
            continue
        if name not in PROVIDERS:
            out.warn(at / name, f"integration {name!r} is not supported by mdxsite; nothing is loaded for it",
                     hint="remove it, or load the tool with a .js file in the site folder",
                     code="config.unsupported-integration")
        elif not isinstance(given, Mapping) or not isinstance(given.get(REQUIRED[name]), (str, int)):
            out.warn(at / name, f"integration {name!r} needs {REQUIRED[name]!r}; nothing is loaded for it",
                     hint=f'write "{name}": {{"{REQUIRED[name]}": "…"}}', code="config.integration")
    report_warnings(out.warnings)


def _report_scripts(given: object, at: JsonPath, out: Problems) -> None:
    if not isinstance(given, list):
        out.warn(at, "customScripts must be a list of scripts; nothing is loaded for it",
                 hint='write "customScripts": [{"src": "https://…"}]', code="config.integration")
        return
    for i, entry in enumerate(given):
        if i >= MAX_SCRIPTS:
            out.warn(at / i, f"only the first {MAX_SCRIPTS} custom scripts load, as on the platform",
                     hint="combine scripts or remove some", code="config.integration")
            break
        problem = _script_problem(entry)
        if problem is not None:
            out.warn(at / i, f"{problem}; it is not loaded",
                     hint='write {"src": "https://…/widget.js", "strategy": "afterInteractive"}',
                     code="config.integration")
