"""API pages in Chromium: two columns at 1280 px, one at 390 px, as on the platform.

At 1280 px the reference (description, parameters, body, responses) is on the left and the
request and response samples on the right, level with it, below the endpoint bar, and the
samples stay on screen while the reader scrolls; at 390 px the samples follow the reference
in one column and nothing scrolls sideways. The playground is in neither column: the bar's
"Try it" button opens it in a dialog that fits the window at both widths.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdxsite.cli import main

pytestmark = pytest.mark.browser

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "sites" / "openapi"
PAGE = "/api-reference/pets/add-a-pet/"
BOXES = """() => {
  const box = s => { const r = document.querySelector(s).getBoundingClientRect();
                     return {x: r.x, y: r.y, w: r.width, h: r.height, bottom: r.bottom}; };
  return {bar: box('.api-endpoint'), main: box('.api-main'), side: box('.api-examples'),
          description: box('.api-description'), responses: box('#responses'),
          scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth,
          tryIt: box('.api-endpoint [data-pg-open]'),
          inColumns: !!document.querySelector('.api-columns [data-playground]')};
}"""


def _open_playground(p: object, width: int, height: int) -> None:
    """The bar's button opens the playground in a dialog inside the window."""
    p.locator(".api-endpoint").get_by_role("button", name="Try it").click()  # type: ignore[attr-defined]
    dialog = p.get_by_role("dialog")  # type: ignore[attr-defined]
    assert dialog.is_visible()
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert box["y"] >= 0 and box["y"] + box["height"] <= height
    assert dialog.locator("[data-pg-preview]").is_visible()
    assert p.evaluate("document.documentElement.scrollWidth") == width  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("columns") / "out"
    result = CliRunner().invoke(main, ["build", str(FIXTURE), "-o", str(out), "--no-cache"])
    assert result.exit_code == 0, result.output
    return out


def test_two_columns_at_1280_with_sticky_samples(
        site: Path, serve_dir: Callable[..., str], chromium: object) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    p = context.new_page()
    p.goto(serve_dir(site) + PAGE)
    b = p.evaluate(BOXES)
    # side by side, the samples on the right, starting level with the reference
    assert b["side"]["x"] >= b["main"]["x"] + b["main"]["w"]
    assert abs(b["side"]["y"] - b["main"]["y"]) < 2
    assert b["main"]["w"] >= 400 and b["side"]["w"] >= 300
    assert b["side"]["x"] + b["side"]["w"] <= 1280
    # the endpoint bar spans both, above them
    assert b["bar"]["bottom"] <= b["main"]["y"]
    assert b["bar"]["x"] <= b["main"]["x"] and b["bar"]["x"] + b["bar"]["w"] >= b["side"]["x"] + b["side"]["w"] - 1
    # the description and the responses are in the left column
    for part in ("description", "responses"):
        assert b["main"]["x"] <= b[part]["x"] < b["side"]["x"]
    assert b["scroll"] == b["width"]
    # "Try it" ends the bar; the playground is not in the columns
    assert b["tryIt"]["x"] + b["tryIt"]["w"] <= b["bar"]["x"] + b["bar"]["w"]
    assert b["tryIt"]["x"] > b["side"]["x"] and not b["inColumns"]

    # scrolled down to the responses, the samples are still on screen
    p.evaluate("window.scrollTo(0, document.querySelector('#responses').offsetTop)")
    p.wait_for_timeout(100)
    after = p.evaluate(BOXES)
    assert after["main"]["y"] < b["main"]["y"] - 500
    assert 0 <= after["side"]["y"] < 300
    _open_playground(p, 1280, 900)
    context.close()


def test_one_column_at_390_without_sideways_scrolling(
        site: Path, serve_dir: Callable[..., str], chromium: object) -> None:
    context = chromium.new_context(viewport={"width": 390, "height": 844})  # type: ignore[attr-defined]
    p = context.new_page()
    p.goto(serve_dir(site) + PAGE)
    b = p.evaluate(BOXES)
    assert b["scroll"] == b["width"] == 390
    # the samples come after the reference, in the same column
    assert b["side"]["y"] >= b["main"]["bottom"]
    assert abs(b["side"]["x"] - b["main"]["x"]) < 1 and abs(b["side"]["w"] - b["main"]["w"]) < 1
    assert b["main"]["x"] >= 0 and b["main"]["x"] + b["main"]["w"] <= 390
    assert b["bar"]["bottom"] <= b["main"]["y"]
    assert b["tryIt"]["x"] + b["tryIt"]["w"] <= 390 and not b["inColumns"]
    _open_playground(p, 390, 844)
    context.close()


AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_method_pills_read_and_keep_one_colour_per_method(
        site: Path, serve_dir: Callable[..., str], chromium: object, scheme: str) -> None:
    """The method pills of the sidebar and of the endpoint bar read at 4.5:1 (small bold text):
    white on the sidebar's solid green (get) read 3.3:1 and on its yellow (put) 2.9:1. A
    method has one colour on a page, as on the platform: the bar drew post green and get blue,
    the sidebar the other way round."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make browser-deps`")
    context = chromium.new_context(color_scheme=scheme)  # type: ignore[attr-defined]
    context.add_init_script(f"localStorage.setItem('mdxsite-theme', '{scheme}')")
    p = context.new_page()
    p.goto(serve_dir(site) + PAGE)
    methods = p.evaluate("""() => [...document.querySelectorAll('.nav-method')]
        .map(el => el.className.match(/nav-method-(\\w+)/)[1])""")
    assert {"get", "post", "put", "delete"} <= set(methods)
    p.add_script_tag(path=str(AXE))
    found = p.evaluate("""async () => (await axe.run(
        { include: [['.nav-method'], ['.api-method']] },
        { runOnly: ['color-contrast'], resultTypes: ['violations'] }))
        .violations.flatMap(v => v.nodes.map(n => n.target.join(' ') + ': '
                                             + n.any.map(a => a.message).join(' ')))""")
    assert found == []
    colours = p.evaluate("""() => {
        const look = el => { const s = getComputedStyle(el); return [s.color, s.backgroundColor]; };
        return { bar: look(document.querySelector('.api-endpoint .api-method')),
                 side: look(document.querySelector('[aria-current="page"] .nav-method')) }; }""")
    assert colours["bar"] == colours["side"], colours
    context.close()
