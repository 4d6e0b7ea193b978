"""docs.json integrations: the page carries the configured tools and their ids, nothing when
the key is absent, and a located warning for a tool mdxsite does not load."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

INTEGRATIONS = {"ga4": {"measurementId": "G-TEST123"}, "posthog": {"apiKey": "phc_abc", "sessionRecording": True},
                "plausible": {"domain": "docs.example.com"}, "cookies": {"key": "consent", "value": "yes"},
                "telemetry": {"enabled": False}, "mystery": {"id": "x"}, "gtm": {}}


def test_configured_tools_are_on_every_page(make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    root = make_site({"name": "I", "navigation": {"pages": ["index"]}, "integrations": INTEGRATIONS})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ("warning: integrations.mystery: integration 'mystery' is not supported by mdxsite; "
            "nothing is loaded for it") in result.output
    assert "warning: integrations.gtm: integration 'gtm' needs 'tagId'" in result.output
    page = (tmp_path / "out" / "index.html").read_text()
    blob = json.loads(re.search(r'<script type="application/json" id="mdxsite-integrations">(.*?)</script>', page)[1])
    assert blob == {"consent": {"key": "consent", "value": "yes"}, "providers": {
        "ga4": {"measurementId": "G-TEST123"}, "plausible": {"domain": "docs.example.com"},
        "posthog": {"apiKey": "phc_abc", "sessionRecording": True}}}
    assert re.search(r'<script defer src="/_mdxsite/integrations\.[0-9a-f]{10}\.js"></script>', page)


def test_nothing_is_injected_without_the_key(make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    root = make_site({"name": "I", "navigation": {"pages": ["index"]}})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    page = (tmp_path / "out" / "index.html").read_text()
    assert "mdxsite-integrations" not in page and "integrations." not in page


def test_custom_scripts_load_by_url_and_a_refused_one_is_named(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    """integrations.customScripts, as the platform's custom scripts page documents it: HTTPS
    URLs, each "afterInteractive" (the default) or "lazyOnload"; an .svg, .exe or .zip, a
    plain-HTTP URL or an unknown strategy is refused."""
    root = make_site({"name": "I", "navigation": {"pages": ["index"]}, "integrations": {
        "customScripts": [{"src": "https://cdn.example.com/chat.js"},
                          {"src": "https://cdn.example.com/late.js", "strategy": "lazyOnload"},
                          {"src": "http://cdn.example.com/plain.js"},
                          {"src": "https://cdn.example.com/logo.svg"},
                          {"src": "https://cdn.example.com/x.js", "strategy": "soon"}]}})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "not supported by mdxsite" not in result.output
    assert ("warning: integrations.customScripts[2]: script 'http://cdn.example.com/plain.js' is "
            "not an HTTPS URL; it is not loaded") in result.output
    assert "integrations.customScripts[3]: script 'https://cdn.example.com/logo.svg' ends in" in result.output
    assert "integrations.customScripts[4]: script strategy 'soon' is not one of" in result.output
    page = (tmp_path / "out" / "index.html").read_text()
    blob = json.loads(re.search(r'<script type="application/json" id="mdxsite-integrations">(.*?)</script>', page)[1])
    assert blob["scripts"] == [{"src": "https://cdn.example.com/chat.js", "strategy": "afterInteractive"},
                               {"src": "https://cdn.example.com/late.js", "strategy": "lazyOnload"}]
    assert re.search(r'<script defer src="/_mdxsite/integrations\.[0-9a-f]{10}\.js"></script>', page)
