"""The API playground in Chromium: real requests from the page to small local APIs.

Two local echo APIs (``echo_api`` in conftest.py, one per server of the fixture's spec, each
on its own 127.0.0.1 port, with CORS) answer what they received, so the test sees exactly what
the browser sent.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from mdxsite.cli import main

pytestmark = pytest.mark.browser

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "sites" / "openapi"
REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "tests" / "_out" / "browser" / "playground"
AXE = REPO / "tests" / "browser" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture
def echo_apis(echo_api: Callable[..., str]) -> list[str]:
    """Two local APIs, 'production' and 'sandbox' (the conftest's echo); their base URLs."""
    return [echo_api("production"), echo_api("sandbox")]


def _build(tmp_path: Path, apis: list[str], display: str = "interactive") -> Path:
    from click.testing import CliRunner

    root = tmp_path / "site"
    shutil.copytree(FIXTURE, root)
    spec = root / "petstore.yaml"
    spec.write_text(spec.read_text().replace("https://api.shelter.example", apis[0])
                    .replace("https://sandbox.shelter.example", apis[1]))
    config = json.loads((root / "docs.json").read_text())
    # the examples prefilled, so a request can be sent as the page comes
    config["api"] = {"playground": {"display": display}, "examples": {"prefill": True}}
    (root / "docs.json").write_text(json.dumps(config))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(out), "--no-cache"])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def page(chromium: object) -> Iterator[object]:
    context = chromium.new_context()  # type: ignore[attr-defined]
    tab = context.new_page()
    yield tab
    context.close()


def test_playground_sends_bearer_path_parameter_and_json_body(
        tmp_path: Path, echo_apis: list[str], serve_dir: Callable[..., str], page: object) -> None:
    base = serve_dir(_build(tmp_path, echo_apis))
    p = page
    p.goto(f"{base}/api-reference/pets/replace-a-pet/")  # type: ignore[attr-defined]
    p.locator("[data-pg-open]").click()  # type: ignore[attr-defined]  # the bar's "Try it"
    pg = p.locator("[data-playground]")  # type: ignore[attr-defined]
    pg.locator('[data-pg-auth="bearerAuth"]').fill("secret-token")
    pg.locator('[data-pg-param="petId"]').fill("pet 42")
    pg.locator("[data-pg-body]").fill('{"species": "cat", "indoor": true}')
    preview = pg.locator("[data-pg-preview]").inner_text()
    assert preview.startswith(f"PUT {echo_apis[0]}/v2/pets/pet%2042")
    assert "Authorization: Bearer secret-token" in preview
    pg.locator("[data-pg-send]").click()
    status = pg.locator("[data-pg-status]")
    status.wait_for(state="visible")
    p.wait_for_function(  # type: ignore[attr-defined]
        "document.querySelector('[data-pg-status]').textContent.startsWith('200')")
    assert status.inner_text().startswith("200")
    echoed = json.loads(pg.locator("[data-pg-body-out]").inner_text())
    assert echoed == {"server": "production", "method": "PUT", "path": "/v2/pets/pet%2042",
                      "authorization": "Bearer secret-token", "key": None,
                      "contentType": "application/json", "cookie": None,
                      "body": {"species": "cat", "indoor": True}, "form": None, "parts": None,
                      "partList": None}
    assert "x-served-by: production" in pg.locator("[data-pg-headers]").text_content()
    assert pg.locator("[data-pg-time]").inner_text().endswith("ms")

    # the dropdown switches the target server
    pg.locator("[data-pg-server]").select_option(index=1)
    assert pg.locator("[data-pg-preview]").inner_text().startswith(
        f"PUT {echo_apis[1]}/v2/pets/pet%2042")
    pg.locator("[data-pg-send]").click()
    p.wait_for_function(  # type: ignore[attr-defined]
        "document.querySelector('[data-pg-body-out]').textContent.includes('sandbox')")
    assert json.loads(pg.locator("[data-pg-body-out]").inner_text())["server"] == "sandbox"


def test_query_parameters_and_a_get_without_body(
        tmp_path: Path, echo_apis: list[str], serve_dir: Callable[..., str], page: object) -> None:
    base = serve_dir(_build(tmp_path, echo_apis))
    p = page
    p.goto(f"{base}/api-reference/pets/list-pets/")  # type: ignore[attr-defined]
    p.locator("[data-pg-open]").click()  # type: ignore[attr-defined]  # the bar's "Try it"
    pg = p.locator("[data-playground]")  # type: ignore[attr-defined]
    pg.locator('[data-pg-param="limit"]').fill("5")
    pg.locator('[data-pg-param="species"]').select_option("dog")
    pg.locator('[data-pg-auth="bearerAuth"]').fill("t")
    pg.locator("[data-pg-send]").click()
    p.wait_for_function(  # type: ignore[attr-defined]
        "document.querySelector('[data-pg-body-out]').textContent.includes('production')")
    echoed = json.loads(pg.locator("[data-pg-body-out]").inner_text())
    assert echoed["method"] == "GET" and echoed["path"] == "/v2/pets?limit=5&species=dog"
    assert echoed["body"] is None


def test_simple_mode_shows_the_request_but_cannot_send_it(
        tmp_path: Path, echo_apis: list[str], serve_dir: Callable[..., str], page: object) -> None:
    base = serve_dir(_build(tmp_path, echo_apis, display="simple"))
    p = page
    p.goto(f"{base}/api-reference/pets/add-a-pet/")  # type: ignore[attr-defined]
    p.locator("[data-pg-open]").click()  # type: ignore[attr-defined]  # the bar's "Try it"
    pg = p.locator("[data-playground]")  # type: ignore[attr-defined]
    assert pg.is_visible()
    assert pg.get_attribute("data-mode") == "simple"
    assert pg.locator("[data-pg-send]").count() == 0
    pg.locator('[data-pg-auth="bearerAuth"]').fill("abc")
    preview = pg.locator("[data-pg-preview]").inner_text()
    assert preview.startswith(f"POST {echo_apis[0]}/v2/pets")
    assert "Authorization: Bearer abc" in preview and '"name": "Biscuit"' in preview


def test_display_none_has_no_playground_and_schema_pages_no_script(
        tmp_path: Path, echo_apis: list[str], serve_dir: Callable[..., str], page: object) -> None:
    out = _build(tmp_path, echo_apis, display="none")
    base = serve_dir(out)
    p = page
    p.goto(f"{base}/api-reference/pets/add-a-pet/")  # type: ignore[attr-defined]
    assert p.locator("[data-playground]").count() == 0  # type: ignore[attr-defined]
    assert p.get_by_role("button", name="Try it").count() == 0  # type: ignore[attr-defined]
    assert "Add a pet" in p.locator("h1").inner_text()  # type: ignore[attr-defined]
    assert "playground.js" not in (out / "pet-model" / "index.html").read_text()
    assert "playground.js" not in (out / "index.html").read_text()


@pytest.mark.parametrize(("width", "scheme"), [(1280, "light"), (1280, "dark"),
                                               (390, "light"), (390, "dark")])
def test_try_it_opens_the_playground_dialog_from_the_endpoint_bar(
        tmp_path: Path, echo_apis: list[str], serve_dir: Callable[..., str], chromium: object,
        width: int, scheme: str) -> None:
    """The platform's way: the playground is not in the page but a dialog that the bar's
    "Try it" button opens; modal (the page behind is inert), Esc closes it and the focus goes
    back to the button. Screenshots go to tests/_out/browser/playground/ for review."""
    base = serve_dir(_build(tmp_path, echo_apis))
    context = chromium.new_context(  # type: ignore[attr-defined]
        viewport={"width": width, "height": 900}, color_scheme=scheme)
    p = context.new_page()
    p.goto(f"{base}/api-reference/pets/replace-a-pet/")
    dialog = p.get_by_role("dialog", name="Try it PUT /pets/{petId}")
    assert not dialog.is_visible()                    # closed until asked for
    button = p.locator(".api-endpoint").get_by_role("button", name="Try it")
    assert button.get_attribute("aria-haspopup") == "dialog"
    button.click()
    assert dialog.is_visible()
    assert p.evaluate("document.querySelector('dialog').matches(':modal')")
    assert p.evaluate("document.querySelector('dialog').contains(document.activeElement)")
    # Tab never reaches the page behind, which is inert (past the last field the focus may
    # go to the browser's own controls, as a native modal dialog lets it)
    inside = 0
    for _ in range(16):
        p.keyboard.press("Tab")
        where = p.evaluate("""() => document.querySelector('dialog').contains(document.activeElement)
            ? 'dialog' : document.activeElement === document.body ? 'browser' : 'page'""")
        assert where != "page"
        inside += where == "dialog"
    assert inside >= 8
    box = dialog.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert p.evaluate("document.documentElement.scrollWidth") == width

    dialog.get_by_label("Authorization").fill("secret-token")
    dialog.locator('[data-pg-param="petId"]').fill("42")
    dialog.locator("[data-pg-body]").fill('{"species": "dog"}')
    dialog.get_by_role("button", name="Send").click()
    p.wait_for_function("document.querySelector('[data-pg-status]').textContent.startsWith('200')")
    assert dialog.locator("[data-pg-status]").inner_text() == "200 OK"
    assert dialog.locator("[data-pg-time]").inner_text().endswith(" ms")
    status = dialog.locator("[data-pg-status]").bounding_box()
    assert status is not None and 0 <= status["y"] < 900   # in view, at 390 px too
    dialog.get_by_text("Headers").click()
    assert "x-served-by: production" in dialog.locator("[data-pg-headers]").inner_text()
    echoed = json.loads(dialog.locator("[data-pg-body-out]").inner_text())
    assert echoed["path"] == "/v2/pets/42" and echoed["body"] == {"species": "dog"}
    assert echoed["authorization"] == "Bearer secret-token"
    SHOTS.mkdir(parents=True, exist_ok=True)
    p.screenshot(path=str(SHOTS / f"try-it-{width}-{scheme}.png"))
    if AXE.is_file():  # the open dialog, for axe: labelled, its fields named, contrast kept
        p.add_script_tag(path=str(AXE))
        found = p.evaluate("""async () => (await axe.run(document, { resultTypes: ["violations"] }))
            .violations.map(v => ({ id: v.id, impact: v.impact,
                                    nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ")) }))""")
        assert [v for v in found if v["impact"] in ("serious", "critical")] == []

    p.keyboard.press("Escape")
    assert not dialog.is_visible()
    assert p.evaluate("document.activeElement.matches('.api-endpoint [data-pg-open]')")
    button.click()                                    # opened again, it kept the response
    assert dialog.locator("[data-pg-status]").inner_text() == "200 OK"
    dialog.get_by_role("button", name="Close the playground").click()
    assert not dialog.is_visible()
    assert p.evaluate("document.activeElement.matches('.api-endpoint [data-pg-open]')")
    context.close()


def test_without_javascript_the_playground_stays_in_the_page(
        tmp_path: Path, echo_apis: list[str], serve_dir: Callable[..., str],
        chromium: object) -> None:
    """With scripts off nothing could send a request or open a dialog: the form shows in the
    page, as it did before the dialog, with a note, and no button that would do nothing."""
    base = serve_dir(_build(tmp_path, echo_apis))
    context = chromium.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    p = context.new_page()
    p.goto(f"{base}/api-reference/pets/replace-a-pet/")
    pg = p.locator("[data-playground]")
    assert pg.is_visible()
    assert pg.locator('[data-pg-param="petId"]').is_visible()
    note = p.locator("dialog noscript p")  # (text search skips <noscript>)
    assert note.is_visible() and note.inner_text().startswith("The playground needs JavaScript")
    assert not p.get_by_role("button", name="Try it").is_visible()
    assert not pg.get_by_role("button", name="Send").is_visible()
    context.close()


def test_a_browser_without_invoker_commands_opens_the_dialog_through_the_script(
        tmp_path: Path, echo_apis: list[str], serve_dir: Callable[..., str],
        chromium: object) -> None:
    """Older browsers do not know commandfor/command: playground.js opens and closes the
    dialog there. Simulated by hiding the feature from scripts and cancelling the browser's own
    handling of the click (a page-level listener that runs after the button's)."""
    base = serve_dir(_build(tmp_path, echo_apis))
    context = chromium.new_context()  # type: ignore[attr-defined]
    context.add_init_script("""
        delete HTMLButtonElement.prototype.command;
        document.addEventListener("click", e => {
            if (e.target.closest && e.target.closest("[commandfor]")) e.preventDefault();
        });""")
    p = context.new_page()
    p.goto(f"{base}/api-reference/pets/replace-a-pet/")
    assert p.evaluate("'command' in HTMLButtonElement.prototype") is False
    dialog = p.get_by_role("dialog")
    p.get_by_role("button", name="Try it").click()
    assert dialog.is_visible()
    assert p.evaluate("document.querySelector('dialog').matches(':modal')")
    dialog.get_by_role("button", name="Close the playground").click()
    assert not dialog.is_visible()
    assert p.evaluate("document.activeElement.matches('.api-endpoint [data-pg-open]')")
    context.close()
