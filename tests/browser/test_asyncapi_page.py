"""An AsyncAPI channel page in Chromium: axe-core finds no serious accessibility issue at 1280
and 390 px, light and dark, and nothing scrolls sideways on a phone."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mdxsite.cli import main

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "sites" / "asyncapi"
AXE = REPO / "tests" / "browser" / "node_modules" / "axe-core" / "axe.min.js"
PAGE = "/api-reference/rooms/chat-room/"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("asyncapi") / "out"
    result = CliRunner().invoke(main, ["build", str(FIXTURE), "-o", str(out), "--no-cache"])
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize(("width", "scheme"), [(1280, "light"), (1280, "dark"), (390, "light")])
def test_a_channel_page_has_no_serious_axe_violation(
        site: Path, module_serve_dir: Callable[..., str], chromium: Any, width: int,
        scheme: str) -> None:
    if not AXE.is_file():
        pytest.fail(f"{AXE.relative_to(REPO)} is missing: run `make browser-deps` (npm)")
    context = chromium.new_context(viewport={"width": width, "height": 900},
                                   color_scheme=scheme)
    tab = context.new_page()
    tab.goto(module_serve_dir(site) + PAGE)
    assert tab.locator("h3#message-chatmessage").is_visible()
    tab.add_script_tag(path=str(AXE))
    result = tab.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + " " + (n.failureSummary || "").slice(0, 160)) }));
    }""")
    serious = [v for v in result if v["impact"] in ("serious", "critical")]
    assert serious == [], json.dumps(serious, indent=1)
    sizes = tab.evaluate("() => [document.documentElement.scrollWidth, "
                         "document.documentElement.clientWidth]")
    assert sizes[0] == sizes[1], sizes
    context.close()
