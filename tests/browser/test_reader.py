"""The reader's site in Chromium at 1280 and 390 px, light and dark, on the sample site and two
real sites of the corpus: links in prose stand out, nothing overflows a phone, the sidebar
opens from a visible button, the search dialog and the navbar button suit dark mode, search
keeps every key typed right after Ctrl+K, and axe-core finds no serious accessibility issue.

Screenshots of every page, width and mode go to tests/_out/browser/reader/ for review.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus"
SHOTS = REPO / "tests" / "_out" / "browser" / "reader"
AXE = REPO / "tests" / "browser" / "node_modules" / "axe-core" / "axe.min.js"
pytestmark = pytest.mark.browser

# site -> (its source folder, pages a reader opens: prose with links, components, code, and
# the modes it offers: trigger.dev's docs.json sets appearance strict dark)
SITES = {
    "sample": (REPO / "sample_site", ["/quickstart/", "/installation/"], ("light", "dark")),
    "trigger": (CORPUS / "triggerdotdev__trigger.dev", ["/guides/introduction/"], ("dark",)),
    "mem0": (CORPUS / "mem0ai__mem0", ["/platform/platform-vs-oss/"], ("light", "dark")),
    # written by the test (COMPONENTS_PAGE), with a light site colour links must still read on
    "components": (Path("components"), ["/components/"], ("light", "dark")),
}
WIDTHS = (1280, 390)
SCHEMES = ("light", "dark")

# resolve any CSS colour (oklch(), color-mix(), named...) to sRGB through a canvas, and find
# what an element's text is drawn on: the first ancestor with a background, blended down
_COLOURS = """
(() => {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const g = canvas.getContext("2d", { willReadFrequently: true });
  const rgba = (css) => {
    g.clearRect(0, 0, 1, 1);
    g.fillStyle = "#000"; g.fillStyle = css; g.fillRect(0, 0, 1, 1);
    const [r, gr, b, a] = g.getImageData(0, 0, 1, 1).data;
    return [r, gr, b, a / 255];
  };
  const over = (top, below) => top.slice(0, 3).map((c, i) => c * top[3] + below[i] * (1 - top[3]));
  const backdrop = (el) => {
    const layers = [];
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const bg = rgba(getComputedStyle(node).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let colour = [255, 255, 255];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  window.__textColours = (el) => {
    const fg = rgba(getComputedStyle(el).color);
    const bg = backdrop(el);
    return { fg: over(fg, bg), bg };
  };
})();
"""


def contrast(a: list[float], b: list[float]) -> float:
    """WCAG 2 contrast ratio of two sRGB colours (0-255 channels)."""
    def luminance(rgb: list[float]) -> float:
        def channel(c: float) -> float:
            c /= 255
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b = map(channel, rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# a page of the components this issue added, next to the common ones, for axe and the eye
COMPONENTS_PAGE = """---
title: Components
description: Every component on one page.
---

Read the [quickstart](/index) first.

<Visibility for="humans">
<Note>Humans see this note; agents read the API call instead.</Note>
</Visibility>

<Visibility for="agents">
Call `POST /v1/accounts`.
</Visibility>

<Prompt description="Write **clear** docs." icon="pen" actions={["copy", "cursor"]}>
You are a **technical writer**.
- Use active verbs.
</Prompt>

<GitHub.Repo repo="mintlify/docs" />

<Columns cols={2}>
<Column>
**Installation**

```bash
npm install my-package
```
</Column>
<Column>
**Usage**

```jsx
const A = () => <div className="x">{name}</div>;
```
</Column>
</Columns>

<Tree>
- app/
  - **layout.tsx**
  - page.tsx
- package.json
</Tree>

```mdx Example.mdx
<Card title="Hi" icon="rocket">
  **bold** text
</Card>
```

<Steps>
<Step title="Install">Run the installer.</Step>
<Step title="Deploy">Ship it.</Step>
</Steps>

<AccordionGroup>
<Accordion title="Why?">Because.</Accordion>
</AccordionGroup>

<Tabs>
<Tab title="One">First tab.</Tab>
<Tab title="Two">Second tab.</Tab>
</Tabs>

<Tip>A tip with a [link](/index).</Tip>

Words longer than a phone's line: https://status.example.com/incidents/2024/queue-latency/postmortem-and-timeline
and `ACCOUNT_SERVICE_MAXIMUM_CONCURRENT_CONNECTIONS_PER_REGION`.
"""


def _components_site(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "docs.json").write_text(json.dumps({
        "name": "Components", "colors": {"primary": "#A8FF53"},
        "navigation": {"pages": ["index", "components"]}}), "utf-8")
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nSee [components](/components).\n",
                                    "utf-8")
    (root / "components.mdx").write_text(COMPONENTS_PAGE, "utf-8")
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    from click.testing import CliRunner

    from mdxsite.cli import main

    out: dict[str, Path] = {}
    for name, (source, _, _) in SITES.items():
        if name == "components":
            source = _components_site(tmp_path_factory.mktemp("components") / "src")
        elif not source.is_dir():
            pytest.fail(f"{source} is missing: the corpus lives in ../shared/corpus")
        target = tmp_path_factory.mktemp(name) / "out"
        result = CliRunner().invoke(main, ["build", str(source), "-o", str(target)])
        assert result.exit_code == 0, result.stderr
        out[name] = target
    return out


@pytest.fixture(scope="module")
def bases(built: dict[str, Path], module_serve_dir: Callable[..., str]) -> dict[str, str]:
    return {name: module_serve_dir(folder) for name, folder in built.items()}




def _open(chromium: Any, url: str, width: int, scheme: str) -> tuple[Any, Any]:
    context = chromium.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    outside: list[str] = []

    def route(r: Any) -> None:
        if r.request.url.startswith("http://127.0.0.1"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    # the reader's choice, as the theme toggle stores it
    context.add_init_script(f"localStorage.setItem('mdxsite-theme', {json.dumps(scheme)})")
    tab = context.new_page()
    tab.goto(url)
    tab.add_script_tag(content=_COLOURS)
    assert tab.evaluate("document.documentElement.classList.contains('dark')") == (scheme == "dark")
    return context, tab


VIEWS = [(site, path, width, scheme) for site, (_, paths, schemes) in SITES.items()
         for path in paths for width in WIDTHS for scheme in schemes]


@pytest.mark.parametrize(("site", "path", "width", "scheme"), VIEWS)
def test_prose_links_stand_out_and_nothing_overflows(chromium: Any, bases: dict[str, str],
                                                     site: str, path: str, width: int,
                                                     scheme: str) -> None:
    context, tab = _open(chromium, bases[site] + path, width, scheme)
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / f"{site}{path.rstrip('/').replace('/', '-')}-{width}-{scheme}.png"
    tab.screenshot(path=str(shot), full_page=False)
    links = tab.locator("article.prose a[href]:not([class])")
    # each site's first page is chosen for its links in prose; the others may have none
    assert links.count() > 0 or path != SITES[site][1][0], "the page has links in prose"
    checked = 0
    for i in range(min(links.count(), 25)):
        link = links.nth(i)
        if not link.is_visible():  # in a closed accordion or another tab
            continue
        found = link.evaluate("el => ({...window.__textColours(el), "
                              "line: getComputedStyle(el).textDecorationLine, "
                              "text: getComputedStyle(el.parentElement).color})")
        ratio = contrast(found["fg"], found["bg"])
        label = f"{site}{path} {width}px {scheme}: link {link.inner_text()[:30]!r}"
        assert ratio >= 4.5, f"{label} has contrast {ratio:.2f}:1 against its background"
        assert "underline" in found["line"], f"{label} is told from text by colour alone"
        checked += 1
    assert checked or not links.count()
    overflow = tab.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{site}{path} at {width}px is {overflow}px wider than the screen"
    if width == 390:  # every header control is on screen
        outside = tab.evaluate("""[...document.querySelectorAll('.topbar a, .topbar button, .topbar summary')]
            .filter(el => el.offsetParent !== null && el.closest('.tabs-bar') === null)
            .map(el => [el.className || el.textContent.trim(), el.getBoundingClientRect().right])
            .filter(([, right]) => right > window.innerWidth)""")
        assert outside == [], f"header controls past the screen's edge: {outside}"
    context.close()


@pytest.mark.parametrize("site", list(SITES))
def test_the_sidebar_opens_and_closes_on_a_phone(chromium: Any, bases: dict[str, str],
                                                 site: str) -> None:
    path = SITES[site][1][0]
    context, tab = _open(chromium, bases[site] + path, 390, SITES[site][2][0])
    button = tab.locator("[data-menu-toggle]")
    box = button.bounding_box()
    assert button.is_visible() and box is not None and 0 <= box["x"] and box["x"] + box["width"] <= 390
    sidebar = tab.locator("#sidebar")
    assert not sidebar.is_visible()
    button.click()
    assert sidebar.is_visible() and button.get_attribute("aria-expanded") == "true"
    current = tab.locator('#sidebar [aria-current="page"]')
    assert current.is_visible()
    panel, header = sidebar.bounding_box(), tab.locator(".topbar").bounding_box()
    assert panel is not None and header is not None
    # the panel fills the screen below the header: the page does not show through, and the
    # header (with the button that closes it) is not covered
    assert abs(panel["y"] - (header["y"] + header["height"])) <= 2, (panel, header)
    assert panel["y"] + panel["height"] >= 900 - 1 and panel["width"] >= 390 - 1, panel
    tab.screenshot(path=str(SHOTS / f"{site}-menu-open-390.png"))
    button.click()
    assert not sidebar.is_visible() and button.get_attribute("aria-expanded") == "false"
    button.click()
    tab.keyboard.press("Escape")                    # Escape closes it too
    assert not sidebar.is_visible()
    context.close()


@pytest.mark.parametrize(("site", "scheme"), [(site, scheme) for site, spec in SITES.items()
                                              for scheme in spec[2] if site != "components"])
def test_the_navbar_button_reads_in_both_modes(chromium: Any, bases: dict[str, str], site: str,
                                               scheme: str) -> None:
    context, tab = _open(chromium, bases[site] + SITES[site][1][0], 1280, scheme)
    button = tab.locator(".navbar-links .button-primary")
    assert button.is_visible()
    found = button.evaluate("el => window.__textColours(el)")
    ratio = contrast(found["fg"], found["bg"])
    assert ratio >= 4.5, f"{site} {scheme}: the navbar button's label is {ratio:.2f}:1"
    context.close()


def _search_results(tab: Any) -> list[str]:
    tab.locator(".pagefind-ui__result-link").first.wait_for(timeout=10000)
    return tab.locator(".pagefind-ui__result-link").evaluate_all("els => els.map(e => e.href)")


def test_search_typed_right_after_ctrl_k_keeps_every_key(chromium: Any,
                                                         bases: dict[str, str]) -> None:
    base = bases["sample"]
    context, tab = _open(chromium, base + "/quickstart/", 1280, "light")
    tab.keyboard.press("Control+k")
    tab.keyboard.type("retries")                   # no wait: Pagefind has not loaded yet
    links = _search_results(tab)
    box = tab.locator(".search-dialog input")
    assert box.count() == 1 and box.input_value() == "retries"
    assert base + "/jobs/retries/" in [link.split("#")[0] for link in links], links
    assert not any("/v1/" in link or "/fr/" in link for link in links), links
    tab.keyboard.type(" policy")                   # the reader carries on in the same box
    assert box.input_value() == "retries policy"
    tab.keyboard.press("Escape")
    tab.goto(base + "/fr/")                        # a French v2 page searches French v2 pages
    tab.keyboard.press("Control+k")
    tab.keyboard.type("install")
    fr = _search_results(tab)
    assert fr and all("/fr/" in link and "/v1/" not in link for link in fr), fr
    context.close()


def test_on_a_phone_the_copy_page_menu_stands_apart_from_the_description(
        chromium: Any, bases: dict[str, str]) -> None:
    """At 390 px the page's contextual menu wraps under the title: the description below had
    no gap, the text touching the button's border."""
    context, tab = _open(chromium, bases["mem0"] + "/platform/platform-vs-oss/", 390, "light")
    gap = tab.evaluate("""() => document.querySelector('.page-description').getBoundingClientRect().top
        - document.querySelector('.page-header .contextual').getBoundingClientRect().bottom""")
    assert gap >= 8, f"{gap}px between the menu and the description"
    context.close()


def test_arrow_keys_walk_the_search_results_and_enter_opens_one(chromium: Any,
                                                               bases: dict[str, str]) -> None:
    """As in the platform's search: Down from the box enters the results, Down and Up move
    through them, Up from the first returns to the box, Enter opens the result. Pagefind's
    list took Tab only: the arrows moved the caret in the box."""
    base = bases["sample"]
    context, tab = _open(chromium, base + "/quickstart/", 1280, "light")
    tab.keyboard.press("Control+k")
    tab.keyboard.type("jobs")
    links = _search_results(tab)
    assert len(links) >= 2, links
    focused = "document.activeElement.href || document.activeElement.tagName"
    tab.keyboard.press("ArrowDown")
    assert tab.evaluate(focused) == links[0]
    tab.keyboard.press("ArrowDown")
    assert tab.evaluate(focused) == links[1]
    tab.keyboard.press("ArrowUp")
    tab.keyboard.press("ArrowUp")                  # from the first result, back to the box
    assert tab.evaluate("document.activeElement.matches('.search-dialog input')")
    tab.keyboard.press("ArrowDown")
    tab.keyboard.press("Enter")
    tab.wait_for_url(links[0])
    context.close()


def test_the_search_dialog_is_dark_in_dark_mode(chromium: Any, bases: dict[str, str]) -> None:
    context, tab = _open(chromium, bases["sample"] + "/quickstart/", 1280, "dark")
    tab.keyboard.press("Control+k")
    tab.keyboard.type("jobs")
    _search_results(tab)
    tab.screenshot(path=str(SHOTS / "sample-search-1280-dark.png"))
    for selector in (".search-dialog input", ".pagefind-ui__result-link",
                     ".pagefind-ui__result-excerpt", ".pagefind-ui__result-excerpt mark"):
        el = tab.locator(selector).first
        found = el.evaluate("el => window.__textColours(el)")
        assert sum(found["bg"]) / 3 < 60, f"{selector} sits on a light background: {found['bg']}"
        ratio = contrast(found["fg"], found["bg"])
        assert ratio >= 4.5, f"{selector} reads at {ratio:.2f}:1 in dark mode"
    context.close()


@pytest.mark.parametrize(("site", "path", "width", "scheme"), VIEWS)
def test_axe_finds_no_serious_issue(chromium: Any, bases: dict[str, str], site: str, path: str,
                                    width: int, scheme: str) -> None:
    if not AXE.is_file():
        pytest.fail(f"{AXE.relative_to(REPO)} is missing: run `make browser-deps` (npm)")
    context, tab = _open(chromium, bases[site] + path, width, scheme)
    tab.add_script_tag(path=str(AXE))
    result = tab.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + " " + (n.failureSummary || "").slice(0, 160)) }));
    }""")
    SHOTS.mkdir(parents=True, exist_ok=True)
    name = f"{site}{path.rstrip('/').replace('/', '-')}-{width}-{scheme}"
    (SHOTS / f"axe-{name}.json").write_text(json.dumps(result, indent=1), "utf-8")
    serious = [v for v in result if v["impact"] in ("serious", "critical")]
    assert serious == [], json.dumps(serious, indent=1)
    context.close()


def test_the_new_components_work_in_the_browser(chromium: Any, bases: dict[str, str]) -> None:
    context, tab = _open(chromium, bases["components"] + "/components/", 1280, "light")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    prompt = tab.locator("[data-prompt]")
    prompt.locator("[data-prompt-copy]").click()
    tab.wait_for_function("document.querySelector('[data-prompt-copy][data-copied]') !== null")
    copied = tab.evaluate("navigator.clipboard.readText()")
    assert copied == "You are a **technical writer**.\n- Use active verbs."
    cursor = prompt.locator("a.prompt-action").get_attribute("href") or ""
    assert cursor.startswith("https://cursor.com/link/prompt?text=You%20are%20a%20")
    assert tab.locator(".callout-note", has_text="Humans see this note").is_visible()
    assert "POST /v1/accounts" not in tab.locator("article").inner_text()
    assert tab.locator(".columns > .column").count() == 2
    folder = tab.locator(".tree .tree-folder summary", has_text="app")
    assert tab.locator(".tree-file", has_text="page.tsx").is_visible()
    folder.click()                                  # the list form's folders open and close
    assert not tab.locator(".tree-file", has_text="page.tsx").is_visible()
    highlighted = tab.locator('.code-block[data-lang="mdx"] .nt', has_text="Card")
    assert highlighted.count() == 2                 # <Card> and </Card> are tags, not text
    repo = tab.locator("a.github-repo")
    assert repo.get_attribute("href") == "https://github.com/mintlify/docs"
    tab.screenshot(path=str(SHOTS / "components-full-1280-light.png"), full_page=True)
    context.close()


def test_a_word_longer_than_the_line_breaks_instead_of_widening_the_page(
        chromium: Any, bases: dict[str, str]) -> None:
    """A bare URL or a long identifier in `code` wraps inside the text's column at 390 px: it
    had pushed the whole page sideways, the reader scrolling it left and right."""
    context, tab = _open(chromium, bases["components"] + "/components/", 390, "light")
    found = tab.evaluate("""() => {
        const column = document.querySelector('article.prose').getBoundingClientRect().right;
        const p = [...document.querySelectorAll('article.prose p')]
            .find(el => el.textContent.startsWith("Words longer"));
        return { past: [...p.querySelectorAll('a, code')].map(el => el.getBoundingClientRect().right - column),
                 page: document.documentElement.scrollWidth }; }""")
    assert len(found["past"]) == 2 and max(found["past"]) <= 1, found
    assert found["page"] == 390, found
    context.close()


_INTERACTIVE = """() => [...document.querySelectorAll(
    'a[href], button, summary, input, select, textarea, [tabindex]:not([tabindex="-1"])')]
  .filter(el => !el.disabled && el.checkVisibility({ visibilityProperty: true })
          && el.getAttribute('tabindex') !== '-1'  // a widget's roving items (a tree's): arrows
          && !el.closest('[inert], [aria-hidden="true"]')
          && (el.tagName !== 'SUMMARY' || el.parentElement.tagName === 'DETAILS'))
  .map(el => { el.dataset.kbd = el.dataset.kbd || String(Math.random()); return el.dataset.kbd; })"""


@pytest.mark.parametrize(("site", "width"), [(site, width) for site in SITES for width in WIDTHS])
def test_every_interactive_element_is_reachable_by_keyboard(chromium: Any, bases: dict[str, str],
                                                            site: str, width: int) -> None:
    path, scheme = SITES[site][1][0], SITES[site][2][0]
    context, tab = _open(chromium, bases[site] + path, width, scheme)
    wanted = set(tab.evaluate(_INTERACTIVE))
    reached: set[str] = set()
    for _ in range(len(wanted) * 2 + 20):
        tab.keyboard.press("Tab")
        key = tab.evaluate("document.activeElement && document.activeElement.dataset.kbd || ''")
        if key in reached and reached >= wanted:
            break
        reached.add(key)
    missed = tab.evaluate("""keys => keys.map(k => document.querySelector(`[data-kbd="${k}"]`))
        .map(el => el.outerHTML.slice(0, 120))""", sorted(wanted - reached))
    assert missed == [], f"{site} at {width}px: not reachable with Tab: {missed}"
    context.close()


def test_arrow_keys_move_through_the_version_menu(chromium: Any, bases: dict[str, str]) -> None:
    context, tab = _open(chromium, bases["sample"] + "/quickstart/", 1280, "light")
    tab.focus(".selector-version > summary")
    tab.keyboard.press("ArrowDown")                 # opens the menu on its first item
    focused = "document.activeElement.textContent.trim()"
    assert tab.evaluate(focused) == "v2"
    tab.keyboard.press("ArrowDown")
    assert tab.evaluate(focused) == "v1"
    tab.keyboard.press("ArrowDown")                 # wraps round
    assert tab.evaluate(focused) == "v2"
    tab.keyboard.press("ArrowUp")
    assert tab.evaluate(focused) == "v1"
    tab.keyboard.press("Enter")
    tab.wait_for_url("**/v1/quickstart/")
    context.close()
