"""MDX pages in real headless Chromium: Mermaid drawn offline, sized images, utility classes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from pathlib import Path

import pytest

from mdxsite.mdx import mermaid

pytestmark = pytest.mark.browser

PAGE = """---
title: Diagrams
---

```mermaid
graph TD
  A[Start] --> B[Finish]
```

<Mermaid chart="graph LR; Left-->Right" />

<div id="row" className="flex gap-4 rounded-lg">
  <span className="block dark:hidden">light only</span>
  <span id="dark-only" className="hidden dark:block">dark only</span>
</div>

<div id="boxed" className="border border-gray-200 dark:border-zinc-800/40">boxed</div>
<div id="tinted" className="border-gray-200">a colour, no width</div>

<div className="flex flex-col gap-2">
  <h3 id="hero" className="text-base">
    Text on a line of its own
  </h3>
  <p id="lead" className="text-center text-gray-600">
    Its *lead*, on lines of its own,
    centred and grey.
  </p>
</div>
"""

DIAGRAMS = """---
title: Diagram controls
---

```mermaid placement="top-left"
flowchart TB
  A[Tall] --> B[Two] --> C[Three] --> D[Four]
```

```mermaid
graph LR; Short-->Wide
```

```mermaid actions={true}
graph LR; Asked-->For
```

```mermaid actions={false}
flowchart TB
  E[Tall] --> F[Two] --> G[Three] --> H[Four]
```
"""

LONG = "\n".join(f"step_{n} = {n}" for n in range(1, 21))
CODE = f"""---
title: Code
---

```python numbered.py {{2}} lines
first = 1
second = 2
```

```python expandable
{LONG}
```

```js pitch.js {{1,4}} lines
one()
two() // [!code --]
three() // [!code ++]
four()
five()
```
"""

CANVAS = """---
title: Canvas
mode: custom
---

<h3 id="styled" className="text-base">Sized by its class</h3>

<div className="prose">
  <h3 id="opted">Typography asked for</h3>
</div>
"""

PROPS = """---
title: Props
---

<Card title="Compact" icon="rocket" horizontal>Beside its icon.</Card>

<Card title="Linked" href="/plain/" cta="Open it">With a call to action.</Card>

<Color variant="compact">
<Color.Item name="surface" value={{ light: "#ffffff", dark: "#000000" }} />
</Color>

```js focus={2}
dim()
bright()
```

```js
keep()
fresh() // [!code ++]
```

<Accordion title="More">Hidden until opened.</Accordion>

<CodeGroup>
```bash one.sh
echo one
```
```bash two.sh
echo two
```
</CodeGroup>

Labels: <Badge>plain</Badge> <Badge color="purple">new</Badge> <Badge color="white-destructive" shape="pill">gone</Badge>

<Tree>
<Tree.Folder name="src" defaultOpen>
<Tree.File name="main.py" />
<Tree.Folder name="lib">
<Tree.File name="util.py" />
</Tree.Folder>
</Tree.Folder>
<Tree.File name="readme.md" />
</Tree>
"""

EXAMPLES = """---
title: Examples
---

## Usage

Call the endpoint.

<RequestExample>

```bash Ask
curl /ping
```

</RequestExample>
"""

WIDGETS = """---
title: Widgets
---

<Timeline>
  <Timeline.Item title="v2" date="2025-03-01" color="blue">Second.</Timeline.Item>
  <Timeline.Item title="v1">First.</Timeline.Item>
</Timeline>

<Popup>
  <PopupTrigger>
    What is a key?
  </PopupTrigger>
  <PopupContent>
    A key **authenticates** requests.
  </PopupContent>
</Popup>

Text after the popup.

<Terminal title="Setup" interactive>
$ npm install
added 1 package
</Terminal>

<Graph type="bar" title="Sales" xKey="region" yKey="sales" height={200}>
  {[{ region: "North", sales: 4200 }, { region: "South", sales: 3800 }]}
</Graph>
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from mdxsite.cli import main

    if mermaid.bundle() is None:
        pytest.fail("mermaid's bundle is missing: run `make theme-deps` (make test does)")
    site = tmp_path_factory.mktemp("mdx") / "site"
    site.mkdir()
    (site / "docs.json").write_text('{"name": "T", "theme": "mint", '
                                    '"navigation": {"pages": ["index", "plain", "code", "canvas", "props", "examples", '
                                    '"diagrams", "widgets"]}}')
    (site / "index.mdx").write_text(PAGE)
    (site / "plain.mdx").write_text("---\ntitle: Plain\n---\n\nNo diagram here.\n")
    (site / "code.mdx").write_text(CODE)
    (site / "canvas.mdx").write_text(CANVAS)
    (site / "props.mdx").write_text(PROPS)
    (site / "examples.mdx").write_text(EXAMPLES)
    (site / "diagrams.mdx").write_text(DIAGRAMS)
    (site / "widgets.mdx").write_text(WIDGETS)
    out = site.parent / "out"
    result = CliRunner().invoke(main, ["build", str(site), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    return out


@pytest.fixture
def tab(local_context: Callable[..., Any], built: Path, serve_dir: Callable[..., str]):
    context = local_context(1200, 900)
    page = context.new_page()
    page.base = serve_dir(built)  # type: ignore[attr-defined]
    page.outside = context.outside  # type: ignore[attr-defined]
    return page


def test_mermaid_diagrams_render_to_svg_without_network(tab) -> None:
    tab.goto(tab.base + "/")
    tab.wait_for_selector("pre.mermaid svg", timeout=20_000)
    tab.wait_for_function("document.querySelectorAll('pre.mermaid svg').length === 2",
                          timeout=20_000)
    labels = tab.locator("pre.mermaid").all_text_contents()
    assert "Start" in labels[0] and "Finish" in labels[0]
    assert "Left" in labels[1] and "Right" in labels[1]
    assert tab.outside == []


def test_dark_mode_draws_the_diagram_again(tab) -> None:
    tab.goto(tab.base + "/")
    tab.wait_for_function("document.querySelectorAll('pre.mermaid svg').length === 2",
                          timeout=20_000)
    before = tab.locator("pre.mermaid svg").first.get_attribute("id")
    tab.evaluate("document.documentElement.classList.toggle('dark')")
    tab.wait_for_function("document.querySelectorAll('pre.mermaid svg').length === 2 && "
                          f"document.querySelector('pre.mermaid svg').id !== {before!r}",
                          timeout=20_000)
    assert "Start" in tab.locator("pre.mermaid").first.text_content()


def test_a_tall_diagram_or_one_that_asks_gets_zoom_and_pan_controls_where_placed(tab) -> None:
    # the platform's controls: shown on a diagram taller than 120px unless actions={false},
    # on any diagram with actions={true}, in the corner placement names (bottom-right default)
    tab.goto(tab.base + "/diagrams/")
    tab.wait_for_function("document.querySelectorAll('.mermaid-frame').length === 2",
                          timeout=20_000)
    pads = tab.locator(".mermaid-controls")
    assert pads.count() == 2
    assert "mermaid-controls-top-left" in pads.nth(0).get_attribute("class")
    assert "mermaid-controls-bottom-right" in pads.nth(1).get_attribute("class")
    assert "Asked" in tab.locator(".mermaid-frame").nth(1).text_content()
    svg = tab.locator(".mermaid-frame pre.mermaid svg").first
    width = svg.bounding_box()["width"]
    # the zoom is a transition: wait for where it ends, however slowly the frames come
    shown = "w => document.querySelector('.mermaid-frame pre.mermaid svg').getBoundingClientRect().width"
    pads.nth(0).get_by_role("button", name="Zoom in").click()
    tab.wait_for_function(f"w => ({shown})() > w * 1.2", arg=width, timeout=20_000)
    pads.nth(0).get_by_role("button", name="Reset view").click()
    tab.wait_for_function(f"w => Math.abs(({shown})() - w) < 1", arg=width, timeout=20_000)
    assert abs(svg.bounding_box()["width"] - width) < 1


def test_pages_without_diagrams_do_not_load_mermaid(tab, built: Path) -> None:
    requested: list[str] = []
    tab.on("request", lambda r: requested.append(r.url))
    tab.goto(tab.base + "/plain/")
    tab.wait_for_load_state("load")
    assert not any("mermaid" in url for url in requested)
    assert (built / mermaid.BUNDLE).is_file()


def test_utility_classes_apply_and_follow_dark_mode(tab) -> None:
    tab.goto(tab.base + "/")
    style = "(sel, prop) => getComputedStyle(document.querySelector(sel))[prop]"
    assert tab.evaluate(f"({style})('#row', 'display')") == "flex"
    assert tab.evaluate(f"({style})('#row', 'columnGap')") == "16px"
    assert tab.evaluate(f"({style})('#dark-only', 'display')") == "none"
    tab.evaluate("document.documentElement.classList.add('dark')")
    assert tab.evaluate(f"({style})('#dark-only', 'display')") == "block"


def test_text_on_lines_of_its_own_inside_p_and_headings_keeps_their_classes(tab) -> None:
    # MDX makes such text a paragraph inside the element; a <p> inside a <p> cannot be written
    # in HTML (the parser closes the outer one first), so the text lost the author's classes
    tab.goto(tab.base + "/")
    lead = "document.querySelector('#lead')"
    assert tab.evaluate(f"{lead}.textContent.trim()").startswith("Its lead, on lines")
    assert tab.evaluate(f"getComputedStyle({lead}).textAlign") == "center"
    assert tab.evaluate(f"getComputedStyle({lead}).color") == "rgb(75, 85, 99)"
    assert tab.evaluate("document.querySelector('#hero > p')") is None
    assert tab.evaluate("document.querySelector('#hero').firstChild.textContent.trim()") == \
        "Text on a line of its own"
    # a block <h3> is the platform's Heading: listed in the contents, with its anchor link
    assert tab.evaluate("document.querySelector('#hero > .heading-anchor').getAttribute('href')") \
        == "#hero"


def test_custom_mode_pages_have_no_prose_typography_unless_asked(tab) -> None:
    # the platform: "Custom mode pages have no default typography"; className="prose" asks
    tab.goto(tab.base + "/canvas/")
    size = "(sel) => getComputedStyle(document.querySelector(sel)).fontSize"
    assert tab.evaluate(f"({size})('#styled')") == "16px"       # text-base, not the prose h3
    assert tab.evaluate(f"({size})('#opted')") == "18.4px"      # the text's h3: 1.15rem
    tab.goto(tab.base + "/")
    # in a default page too the element's own class wins over the text's h3 size, as on the
    # platform, whose typography styles weigh one class
    assert tab.evaluate(f"({size})('#hero')") == "16px"


def test_border_utilities_draw_a_solid_line_as_with_tailwinds_preflight(tab) -> None:
    tab.goto(tab.base + "/")
    border = "(sel) => { const s = getComputedStyle(document.querySelector(sel)); " \
             "return [s.borderTopWidth, s.borderTopStyle, s.borderTopColor]; }"
    assert tab.evaluate(f"({border})('#boxed')") == ["1px", "solid", "rgb(229, 231, 235)"]
    assert tab.evaluate(f"({border})('#tinted')")[:2] == ["0px", "solid"]
    tab.evaluate("document.documentElement.classList.add('dark')")
    assert tab.evaluate(f"({border})('#boxed')") == ["1px", "solid", "rgba(39, 39, 42, 0.4)"]


def test_code_blocks_copy_highlight_number_expand_and_follow_dark_mode(tab) -> None:
    tab.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tab.goto(tab.base + "/code/")
    first = tab.locator(".code-block").first
    assert first.locator(".code-title").inner_text() == "numbered.py"
    assert first.locator(".linenos").all_inner_texts() == ["1", "2"]
    assert "second" in first.locator(".hll").inner_text()
    first.locator(".copy-button").click()
    tab.wait_for_function("document.querySelector('.copy-button').textContent === 'Copied'")
    assert tab.evaluate("navigator.clipboard.readText()") == "first = 1\nsecond = 2"

    colour = "getComputedStyle(document.querySelector('.highlight .nb, .highlight .n')).color"
    light = tab.evaluate(colour)
    tab.evaluate("document.documentElement.classList.add('dark')")
    assert tab.evaluate(colour) != light                       # the dark palette applies

    long = tab.locator(".code-expandable")
    pre_height = "document.querySelector('.code-expandable pre').getBoundingClientRect().height"
    collapsed = tab.evaluate(pre_height)
    long.locator(".code-expand").click()
    assert long.locator(".code-expand").get_attribute("aria-expanded") == "true"
    assert tab.evaluate(pre_height) > collapsed * 1.3


def test_highlighted_added_and_removed_lines_keep_the_blocks_line_pitch(tab) -> None:
    """Such a line is a block of its own inside the code: it was spaced by the code's own
    line height (the .875em font of text code resets it), 14px against the other lines' 22."""
    tab.goto(tab.base + "/code/")
    tops = tab.evaluate("""[...[...document.querySelectorAll('.code-block')]
        .find(b => b.querySelector('.code-title').textContent === 'pitch.js')
        .querySelectorAll('.linenos')].map(s => s.getBoundingClientRect().top)""")
    lines = sorted(set(round(t) for t in tops))
    assert len(lines) == 5, tops
    steps = {b - a for a, b in zip(lines, lines[1:])}
    assert max(steps) - min(steps) <= 1, lines


def test_documented_props_show_horizontal_cards_themed_colours_focus_and_diffs(tab) -> None:
    tab.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tab.goto(tab.base + "/props/")
    box = "document.querySelector('.card %s').getBoundingClientRect().%s"
    # <Card horizontal>: the icon sits beside the title, not above it
    assert tab.evaluate(box % (".card-icon", "right")) <= tab.evaluate(box % (".card-title", "left"))
    assert tab.evaluate(box % (".card-icon", "bottom")) > tab.evaluate(box % (".card-title", "top"))
    # cta: a call to action under the card's text, set apart from it
    cta = "getComputedStyle(document.querySelector('.card-cta'))"
    body = "getComputedStyle(document.querySelectorAll('.card-body')[1])"
    assert tab.evaluate(cta + ".fontWeight") == "600"
    assert tab.evaluate(cta + ".color") != tab.evaluate(body + ".color")
    # Color.Item value={{ light, dark }}: each mode its own chip and value
    chip = "getComputedStyle(document.querySelector('.color-chip')).backgroundColor"
    value = "document.querySelector('.color-item code').innerText"
    assert (tab.evaluate(chip), tab.evaluate(value)) == ("rgb(255, 255, 255)", "#ffffff")
    tab.evaluate("document.documentElement.classList.add('dark')")
    assert (tab.evaluate(chip), tab.evaluate(value)) == ("rgb(0, 0, 0)", "#000000")
    tab.locator(".color-item").click()                  # "click-to-copy": the shown value
    tab.wait_for_function("document.querySelector('.color-item').hasAttribute('data-copied')")
    assert tab.evaluate("navigator.clipboard.readText()") == "#000000"
    # focus={2}: the other line fades; the diff's added line is tinted and copies without
    # its notation comment
    faded = "getComputedStyle(document.querySelector('.code-focus .unfocused')).opacity"
    assert float(tab.evaluate(faded)) < 1
    added = tab.locator(".diff-add")
    assert added.inner_text().strip() == "fresh()"
    assert tab.evaluate("getComputedStyle(document.querySelector('.diff-add')).backgroundColor") \
        not in ("rgba(0, 0, 0, 0)", "transparent")
    tab.locator(".code-block").nth(1).locator(".copy-button").click(force=True)
    tab.wait_for_function("document.querySelectorAll('.copy-button')[1].textContent === 'Copied'")
    assert tab.evaluate("navigator.clipboard.readText()") == "keep()\nfresh()"


def test_request_examples_sit_beside_the_text_in_place_of_the_table_of_contents(tab) -> None:
    tab.goto(tab.base + "/examples/")
    rect = "document.querySelector('%s').getBoundingClientRect().%s"
    assert tab.evaluate(rect % (".page-aside", "left")) >= tab.evaluate(rect % (".page-main", "right"))
    assert tab.evaluate(rect % (".page-aside", "top")) < tab.evaluate(rect % (".page-main", "bottom"))
    assert not tab.locator(".toc").is_visible()
    tab.set_viewport_size({"width": 390, "height": 800})      # a phone: after the text
    assert tab.evaluate(rect % (".page-aside", "top")) >= tab.evaluate(rect % (".page-main", "bottom"))


def test_a_tree_is_one_tab_stop_walked_with_the_keyboard(tab) -> None:
    tab.goto(tab.base + "/props/")
    focused = ("(document.activeElement.querySelector(':scope > details > summary') "
               "|| document.activeElement).textContent.trim()")
    assert tab.evaluate("document.querySelectorAll('.tree [tabindex=\"0\"]').length") == 1
    tab.focus('.tree [role="treeitem"]')
    assert tab.evaluate(focused) == "src"
    tab.keyboard.press("ArrowDown")
    assert tab.evaluate(focused) == "main.py"
    tab.keyboard.press("ArrowDown")                         # lib is closed: its file is skipped
    assert tab.evaluate(focused) == "lib"
    tab.keyboard.press("ArrowDown")
    assert tab.evaluate(focused) == "readme.md"
    tab.keyboard.press("ArrowUp")
    tab.keyboard.press("ArrowRight")                        # opens lib
    assert tab.evaluate("document.activeElement.getAttribute('aria-expanded')") == "true"
    tab.keyboard.press("ArrowRight")                        # enters it
    assert tab.evaluate(focused) == "util.py"
    tab.keyboard.press("ArrowLeft")                         # back to its folder
    assert tab.evaluate(focused) == "lib"
    tab.keyboard.press("Home")
    assert tab.evaluate(focused) == "src"
    tab.keyboard.press("r")                                 # type-ahead
    assert tab.evaluate(focused) == "readme.md"
    tab.keyboard.press("Home")
    tab.keyboard.press("Enter")                             # closes src
    assert tab.evaluate("document.activeElement.getAttribute('aria-expanded')") == "false"
    tab.keyboard.press("End")
    assert tab.evaluate(focused) == "readme.md"


def test_badges_take_every_documented_colour_and_are_rounded_unless_pills(tab) -> None:
    tab.goto(tab.base + "/props/")
    style = "getComputedStyle(document.querySelectorAll('.badge')[%d]).%s"
    assert tab.evaluate(style % (1, "color")) != tab.evaluate(style % (0, "color"))  # purple
    assert tab.evaluate(style % (2, "backgroundColor")) == "rgb(255, 255, 255)"      # white fill
    assert tab.evaluate(style % (2, "color")) != tab.evaluate(style % (0, "color"))  # destructive
    assert tab.evaluate(style % (0, "borderTopLeftRadius")) == "6px"                 # rounded
    assert tab.evaluate(style % (2, "borderTopLeftRadius")) != "6px"                 # pill


def test_an_accordion_shows_a_chevron_that_turns_when_it_opens(tab) -> None:
    tab.goto(tab.base + "/props/")
    marker = "getComputedStyle(document.querySelector('.accordion > summary'), '::before')"
    assert tab.evaluate(marker + ".content") != "none"
    closed = tab.evaluate(marker + ".transform")
    tab.click(".accordion > summary")
    # the turn is a transition: its value moves once a frame has been drawn
    tab.wait_for_function(f"closed => {marker}.transform !== closed", arg=closed, timeout=20_000)
    assert tab.evaluate(marker + ".transform") != closed


def test_a_code_group_copies_the_code_of_the_tab_shown(tab) -> None:
    tab.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tab.goto(tab.base + "/props/")
    group = tab.locator(".code-group")
    group.locator(".tab-button", has_text="two.sh").click()
    button = group.locator(".tab-panel:not([hidden]) .copy-button")
    assert button.is_visible()                  # the hidden header took the button with it
    assert not group.locator(".tab-panel:not([hidden]) .code-title").is_visible()
    button.click()
    tab.wait_for_function("[...document.querySelectorAll('.code-group .copy-button')]"
                          ".some(b => b.textContent === 'Copied')")
    assert tab.evaluate("navigator.clipboard.readText()") == "echo two"


def test_a_copy_button_over_the_code_shows_when_the_block_is_pointed_at(tab) -> None:
    tab.goto(tab.base + "/props/")
    block = tab.locator(".code-block").filter(has=tab.locator(".code-title:empty")).first
    opacity = "el => getComputedStyle(el.querySelector('.copy-button')).opacity"
    # the opacity is a transition: wait for where it ends, however slowly the frames come
    tab.mouse.move(0, 0)
    tab.wait_for_function(f"el => ({opacity})(el) === '0'", arg=block.element_handle(),
                          timeout=20_000)
    assert block.evaluate(opacity) == "0"       # over the first line: out of the way at rest
    block.hover()
    tab.wait_for_function(f"el => ({opacity})(el) === '1'", arg=block.element_handle(),
                          timeout=20_000)
    assert block.evaluate(opacity) == "1"


def test_ctrl_c_with_nothing_selected_copies_the_page_as_markdown(tab) -> None:
    tab.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tab.goto(tab.base + "/plain/")
    tab.evaluate("navigator.clipboard.writeText('before')")
    tab.keyboard.press("Control+c")
    # the toast empties itself 2 s later: its text is read in the same wait that finds it
    tab.wait_for_function("document.querySelector('.copy-toast') && "
                          "document.querySelector('.copy-toast').textContent === "
                          "'Page copied as Markdown'")
    assert tab.evaluate("navigator.clipboard.readText()") == "# Plain\n\nNo diagram here.\n"

    # a selection is copied as usual, not replaced by the page
    tab.evaluate("navigator.clipboard.writeText('before')")
    tab.evaluate("getSelection().selectAllChildren(document.querySelector('.page-title'))")
    tab.keyboard.press("Control+c")
    tab.wait_for_timeout(300)  # give a wrongly-sent fetch the time to land
    assert tab.evaluate("navigator.clipboard.readText()") != "# Plain\n\nNo diagram here.\n"


def test_a_popup_opens_below_its_trigger_and_closes_outside_or_on_escape(tab) -> None:
    tab.goto(tab.base + "/widgets/")
    content = tab.locator(".popup-content")
    assert not content.is_visible()
    tab.get_by_text("What is a key?").click()
    assert content.is_visible() and "authenticates" in content.inner_text()
    trigger = tab.locator(".popup-trigger").bounding_box()
    box = content.bounding_box()
    assert box["y"] >= trigger["y"] + trigger["height"] - 1  # floats below its trigger
    content.click()                                            # a click inside keeps it open
    assert content.is_visible()
    tab.get_by_text("Text after the popup.").click()
    assert not content.is_visible()
    tab.get_by_text("What is a key?").click()
    tab.keyboard.press("Escape")
    assert not content.is_visible()


def test_a_terminal_copies_its_text_or_one_command(tab) -> None:
    tab.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tab.goto(tab.base + "/widgets/")
    terminal = tab.locator(".terminal")
    assert terminal.locator(".terminal-title").inner_text() == "Setup"
    terminal.locator(".copy-button").click()
    tab.wait_for_function("document.querySelector('.terminal .copy-button').textContent === 'Copied'")
    assert tab.evaluate("navigator.clipboard.readText()") == "$ npm install\nadded 1 package"
    terminal.locator("[data-copy-command]").click()
    tab.wait_for_function("document.querySelector('[data-copy-command]').hasAttribute('data-copied')")
    assert tab.evaluate("navigator.clipboard.readText()") == "npm install"


def test_a_graph_is_drawn_no_taller_than_its_height_and_timeline_markers_take_their_colour(tab) -> None:
    tab.goto(tab.base + "/widgets/")
    svg = tab.locator(".graph-svg").bounding_box()
    assert 100 < svg["height"] <= 200.5 and svg["width"] > 400
    assert tab.locator(".graph-bar").count() == 2
    assert tab.locator(".graph-legend li").all_inner_texts() == ["sales"]
    colour = tab.evaluate("getComputedStyle(document.querySelector('.timeline-marker')).backgroundColor")
    assert colour == "rgb(59, 130, 246)"
