"""Every built-in component's props against the platform's documentation: a prop it does not
document and a value outside the documented ones are each a located warning
([mdx.unsupported-prop]), said once per page; documented props are silent."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

DOCS = {"name": "T", "navigation": {"pages": ["index"]}}


def _warnings(cli: Callable, make_site: Callable, tmp_path: Path, body: str) -> list[str]:
    result = cli("build", make_site(DOCS, pages={"index": body}), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    return [line for line in result.stderr.splitlines() if "[mdx.unsupported-prop]" in line]


def test_documented_props_of_every_kind_are_silent(cli: Callable, make_site: Callable,
                                                   tmp_path: Path) -> None:
    body = ('<Card title="A" icon="rocket" iconType="solid" color="#f00" href="/x" horizontal '
            'img="/i.png" cta="Go" arrow type="tip">x</Card>\n\n'
            '<Expandable title="t" defaultOpen lazy>x</Expandable>\n\n'
            '<Tabs defaultTabIndex={1} sync={false} borderBottom>\n<Tab title="a" icon="b">x</Tab>\n'
            '<Tab title="c">y</Tab>\n</Tabs>\n\n'
            '<Steps titleSize="h2">\n<Step title="s" stepNumber={3} titleSize="h3">x</Step>\n</Steps>\n\n'
            '<Badge color="blue" size="sm" shape="pill" stroke disabled>b</Badge>\n\n'
            '<Tooltip tip="t" headline="h" cta="c" href="/x">w</Tooltip>\n\n'
            '<Icon icon="rocket" size={20} className="x" color="red" />\n\n'
            '<Frame caption="c" hint="h">x</Frame>\n\n'
            '<Accordion title="a" description="d" defaultOpen icon="x">x</Accordion>\n\n'
            '<ResponseField name="n" type="string" required default="1" deprecated pre={["a"]} '
            'post={["b"]}>x</ResponseField>\n\n'
            '<Info icon="key" color="#000">i</Info>\n\n'
            '<ParamField query="id" type="string" required deprecated default="1" '
            'placeholder="42">The id.</ParamField>\n')
    assert _warnings(cli, make_site, tmp_path, body) == []


def test_undocumented_unsupported_and_wrong_props_are_located_once_per_page(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    body = ("Intro.\n\n"
            '<Card title="A" description="one">x</Card>\n\n'
            '<Card title="B" description="two">y</Card>\n\n'
            '<Badge size="xl">b</Badge>\n')
    got = _warnings(cli, make_site, tmp_path, body)
    assert got == [
        "index.mdx:3:1: warning: <Card> has no prop 'description', so it is ignored. The "
        "platform documents: arrow, color, cta, horizontal, href, icon, iconType, img, title, "
        "type. "
        "[mdx.unsupported-prop]",
        "index.mdx:7:1: warning: <Badge size='xl'> is not one of 'xs' or 'sm' or 'md' or 'lg'. "
        "Write size='xs'. [mdx.unsupported-prop]",
    ]


def test_an_undocumented_prop_mdxsite_still_draws_says_so(cli: Callable, make_site: Callable,
                                                          tmp_path: Path) -> None:
    body = '<ParamField name="limit" type="number">How many.</ParamField>\n'
    result = cli("build", make_site(DOCS, pages={"index": body}), "-o", tmp_path / "out")
    assert ("index.mdx:1:1: warning: <ParamField name> is not a prop the platform documents: "
            "mdxsite draws it, the platform may not. Use the documented props: body, default, "
            "deprecated, header, path, placeholder, query, required, type. "
            "[mdx.unsupported-prop]") in result.stderr
    assert 'id="param-limit"' in (tmp_path / "out" / "index.html").read_text()


def test_an_updates_rss_prop_is_its_feed_items_title_and_summary(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    body = ("---\ntitle: Changelog\nrss: true\n---\n\n"
            '<Update label="v2" description="Big release" '
            'rss={{ title: "Version 2 is out", description: "Faster builds" }}>\n\nDetails.\n\n</Update>\n\n'
            '<Update label="v1" description="First">\n\nHello.\n\n</Update>\n')
    result = cli("build", make_site(DOCS, pages={"index": body}), "-o", tmp_path / "out")
    assert result.exit_code == 0 and "unsupported-prop" not in result.stderr, result.stderr
    items = ET.parse(tmp_path / "out" / "rss.xml").getroot().findall("channel/item")
    assert [(i.findtext("title"), i.findtext("description")) for i in items] == [
        ("Version 2 is out", "Faster builds"), ("v1", "First")]


def test_a_page_with_updates_has_a_feed_and_rss_true_adds_its_button(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # the platform: updates make a feed at the page's URL + /rss.xml; rss: true shows a button
    import xml.etree.ElementTree as ET

    updates = '<Update label="March" description="v3">\n\nNew.\n\n</Update>\n'
    docs = {**DOCS, "navigation": {"pages": ["index", "changelog", "listed"]}}
    pages = {"index": "# Home\n\nNo updates here.\n", "changelog": "# Changelog\n\n" + updates,
             "listed": "---\ntitle: Listed\nrss: true\n---\n\n" + updates}
    result = cli("build", make_site(docs, pages=pages), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    out = tmp_path / "out"
    items = ET.parse(out / "changelog" / "rss.xml").getroot().findall("channel/item")
    assert [(i.findtext("title"), i.findtext("link")) for i in items] == [("March", "/changelog/#march")]
    changelog = (out / "changelog" / "index.html").read_text()
    assert 'type="application/rss+xml" title="Changelog - ' in changelog  # found by feed readers
    assert 'class="rss-link"' not in changelog
    assert 'class="rss-link" href="/listed/rss.xml"' in (out / "listed" / "index.html").read_text()
    assert (out / "listed" / "rss.xml").exists()
    assert not (out / "rss.xml").exists() and "rss+xml" not in (out / "index.html").read_text()


def test_response_field_pre_and_post_labels_frame_its_name(cli: Callable, make_site: Callable,
                                                            tmp_path: Path) -> None:
    body = ('<ResponseField name="id" type="string" pre={["beta"]} post={["read-only", "v2"]} '
            'required>The id.</ResponseField>\n\n'
            '<ResponseField name="plain" type="string">No labels.</ResponseField>\n')
    result = cli("build", make_site(DOCS, pages={"index": body}), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    html = (tmp_path / "out" / "index.html").read_text()
    head = html.split('id="response-id">', 1)[1].split("</div>", 1)[0]
    # before the name, then the built-in badges, then the post labels in the order written
    assert head.index(">beta<") < head.index(">id<") < head.index(">required<") \
        < head.index(">read-only<") < head.index(">v2<")
    plain = html.split('id="response-plain">', 1)[1].split("</div>", 1)[0]
    assert "field-pill" not in plain


def test_a_badges_class_name_reaches_the_badge(cli: Callable, make_site: Callable,
                                               tmp_path: Path) -> None:
    # the Badge page documents className ("additional CSS classes"): it was warned as unknown
    body = 'Plan: <Badge color="green" className="plan-pro">Pro</Badge>\n'
    assert _warnings(cli, make_site, tmp_path, body) == []
    html = (tmp_path / "out" / "index.html").read_text()
    assert '<span class="badge badge-green badge-rounded plan-pro" data-badge data-color="green">Pro</span>' in html


def test_a_linked_card_with_links_in_its_text_nests_no_link_in_a_link(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # HTML has no link inside a link: the parser closes the card's <a> at the text's, and the
    # card's text spills out of it. Such a card's link is stretched over it instead.
    from html.parser import HTMLParser

    body = ('<Card title="Intro" href="/guide">Read what [Acme](https://acme.example) is.</Card>\n\n'
            '<Card title="Plain" href="/guide">No link in here.</Card>\n')
    root = make_site({"name": "T", "navigation": {"pages": ["index", "guide"]}},
                     pages={"index": body, "guide": "# Guide\n"})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    html = (tmp_path / "out" / "index.html").read_text()

    class Links(HTMLParser):
        depth, deepest, hrefs = 0, 0, []

        def handle_starttag(self, tag: str, attrs: list) -> None:
            if tag == "a":
                self.depth += 1
                self.deepest = max(self.deepest, self.depth)
                self.hrefs.append(dict(attrs).get("href"))

        def handle_endtag(self, tag: str) -> None:
            if tag == "a":
                self.depth -= 1

    links = Links()
    links.feed(html[html.index('<article'):html.index('</article>')])
    assert links.deepest == 1
    assert '<div class="card card-linked">\n<a class="card-link" href="/guide/" aria-label="Intro"></a>' in html
    assert '<a href="https://acme.example" rel="noopener">Acme</a>' in html
    assert '<a class="card" href="/guide/">' in html  # a card without links stays one link


def test_a_steps_icon_takes_the_place_of_its_number(cli: Callable, make_site: Callable,
                                                     tmp_path: Path) -> None:
    body = ('<Steps>\n<Step title="Install" icon="download">x</Step>\n'
            '<Step title="Done">y</Step>\n</Steps>\n')
    assert cli("build", make_site(DOCS, pages={"index": body}), "-o", tmp_path / "out").exit_code == 0
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    steps = page[page.index('<ol class="steps'):page.index("</ol>")]
    first, second = steps.split('<li class="step')[1:]
    assert first.startswith(' step-with-icon"') and '<span class="step-icon" aria-hidden="true"><svg' in first
    assert '<div class="step-title">Install</div>' in first  # the title without the icon
    assert "step-with-icon" not in second and "<svg" not in second  # numbered


def test_variation_content_needs_the_willow_themes_variations(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    options = {"options": [{"id": "cloud", "label": "Cloud"}, {"id": "self", "label": "Self"}]}
    body = ('# Setup\n\n<Variation is="cloud">\nCloud words.\n</Variation>\n\n'
            '<Variation is={["self", "edge"]}>\nSelf words.\n</Variation>\n')
    willow = cli("build", make_site({**DOCS, "theme": "willow", "variations": options},
                                    pages={"index": body}), "-o", tmp_path / "w")
    assert willow.exit_code == 0
    page = (tmp_path / "w" / "index.html").read_text()
    assert '<div class="variation" data-variation="cloud">' in page  # the default: shown
    assert '<div class="variation" data-variation="self" hidden>' in page
    assert "index.mdx:7:1: warning: <Variation> names 'edge', not a variation of docs.json" \
        in willow.stderr

    # another theme: the platform shows such content nowhere, and the build says so
    mint = cli("build", make_site({**DOCS, "variations": options}, pages={"index": body}),
               "-o", tmp_path / "m")
    assert "warning: variations: variations are drawn by the willow theme only" in mint.stderr
    assert "index.mdx:3:1: warning: <Variation> content is shown nowhere" in mint.stderr
    assert "Cloud words." not in (tmp_path / "m" / "index.html").read_text()

    duplicated = {"options": [{"id": "a", "label": "A"}, {"id": "a", "label": "B"}]}
    bad = cli("build", make_site({**DOCS, "theme": "willow", "variations": duplicated}),
              "-o", tmp_path / "d")
    assert bad.exit_code == 1 and "variations.options[1].id: variation id 'a' is duplicated" in bad.stderr


def test_a_step_titles_markdown_is_drawn_and_its_contents_entry_is_plain(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # the platform: a title's inline Markdown is drawn; ids and the contents use its plain text
    body = '<Steps titleSize="h2">\n  <Step title="Run `init` **once**">\n    x\n  </Step>\n</Steps>\n'
    result = cli("build", make_site(DOCS, pages={"index": body}), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    html = (tmp_path / "out" / "index.html").read_text()
    assert '<div class="step-title">Run <code>init</code> <strong>once</strong></div>' in html
    assert '<li class="step" id="run-init-once">' in html
    assert '<a href="#run-init-once">Run init once</a>' in html


def test_a_required_prop_missing_and_a_tooltip_cta_without_href_are_located(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # the component pages mark Accordion title, Tile href and Update label required, and a
    # Tooltip's href "required when using cta": each was drawn without a word
    body = ('Hover <Tooltip tip="t" cta="Read more">API</Tooltip> here.\n\n'
            '<Tile title="T">x</Tile>\n\n'
            '<Accordion>body</Accordion>\n\n'
            '<Update description="v1">x</Update>\n')
    assert _warnings(cli, make_site, tmp_path, body) == [
        "index.mdx:1:7: warning: <Tooltip cta='Read more'> is not shown: it needs an href to "
        'link to. Add href="..." or remove cta. [mdx.unsupported-prop]',
        "index.mdx:3:1: warning: <Tile> needs the 'href' prop. Add href=\"...\". "
        "[mdx.unsupported-prop]",
        "index.mdx:5:1: warning: <Accordion> needs the 'title' prop. Add title=\"...\". "
        "[mdx.unsupported-prop]",
        "index.mdx:7:1: warning: <Update> needs the 'label' prop. Add label=\"...\". "
        "[mdx.unsupported-prop]",
    ]


def test_columns_outside_one_to_four_are_drawn_in_range_with_a_located_warning(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """The Columns page: cols "accepts values from 1 to 4" (default 2). A value the platform
    does not document is drawn as the nearest one it does, and the build says which."""
    cases = ['<Columns cols={4}>', '<Columns cols={5}>', '<Columns cols={0}>',
             '<CardGroup cols="3">', '<Columns cols="wide">', '<Columns cols={2.5}>',
             '<Columns cols>', '<Columns>']
    body = "".join(f'{tag}\n<Card title="c{i}">x</Card>\n</{tag[1:].split()[0].rstrip(">")}>\n\n'
                   for i, tag in enumerate(cases))
    result = cli("build", make_site(DOCS, pages={"index": body}), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert [line for line in result.stderr.splitlines() if "[mdx.columns]" in line] == [
        "index.mdx:5:1: warning: <Columns cols={5}> is outside the platform's 1 to 4: mdxsite "
        "draws 4 columns. Write cols={4}. [mdx.columns]",
        "index.mdx:9:1: warning: <Columns cols={0}> is outside the platform's 1 to 4: mdxsite "
        "draws 1 column. Write cols={1}. [mdx.columns]",
        'index.mdx:13:1: warning: <CardGroup cols="3"> is text; the platform documents a number: '
        "mdxsite draws 3 columns. Write cols={3}. [mdx.columns]",
        'index.mdx:17:1: warning: <Columns cols="wide"> is not a number of columns: mdxsite draws '
        "the default 2. Write cols={2}, a number from 1 to 4. [mdx.columns]",
        "index.mdx:21:1: warning: <Columns cols={2.5}> is not a whole number: mdxsite draws 2 "
        "columns. Write cols={2}. [mdx.columns]",
        "index.mdx:25:1: warning: <Columns cols> is not a number of columns: mdxsite draws the "
        "default 2. Write cols={2}, a number from 1 to 4. [mdx.columns]"]
    html = (tmp_path / "out" / "index.html").read_text()
    import re
    assert re.findall(r'class="(?:columns|card-group)" style="--cols: ([^"]*)"', html) == \
        ["4", "4", "1", "3", "2", "2", "2", "2"]
