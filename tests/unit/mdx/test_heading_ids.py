"""Heading ids as the platform makes them (its "Format text" page), custom ``{#id}``s,
``noAnchor`` and ``<Heading>``: what sites written for the platform link to must exist."""

from __future__ import annotations

import pytest

from mdxsite.mdx.render import slugify


@pytest.mark.parametrize("text, expected", [
    ("Getting Started", "getting-started"),                        # lower case, space: hyphen
    ("Fees & billing", "fees-&-billing"),                          # & kept
    ("Processor Pause/Resume (Urgent)", "processor-pause/resume-urgent"),  # / kept, () gone
    ("What's next?", "what\u2019s-next"),                          # ' becomes ’; ? dropped
    ("What\u2019s next", "what\u2019s-next"),
    ("Step 1: Issue a proxy secret", "step-1-issue-a-proxy-secret"),  # the platform's example
    ("Triggering your task in Next.js", "triggering-your-task-in-next-js"),  # . separates
    ("tasks.batchTrigger()", "tasks-batchtrigger"),               # no hyphen left at the end
    ("enableMic(enable: boolean)", "enablemic-enable-boolean"),   # ( separates words
    ("3. VAD & Turn Analyzer Configuration", "3-vad-&-turn-analyzer-configuration"),  # one -
    ("Per-Tool Options with @tool_options", "per-tool-options-with-@tool_options"),  # @ _ kept
    ("error 🤖", "error-🤖"),                                       # emoji kept
    ("session.in — clients → task", "session-in-—-clients-→-task"),  # dashes, arrows kept
    ("Über uns", "über-uns"),                                      # not GitHub-style: no ASCII fold
    ("  a   -  b  ", "a-b"),                                       # runs of spaces and hyphens
    ("C# & F#, \"quoted\" [x] {y} a+b=c", "c-&-f-quoted-x-y-abc"),  # other punctuation dropped
    ("?!", "section"),                                             # nothing left
])
def test_slugify_makes_the_platform_ids(text: str, expected: str) -> None:
    assert slugify(text) == expected



@pytest.mark.parametrize("level", range(1, 7))
def test_a_custom_id_replaces_the_generated_one_at_every_level(render, level: int) -> None:
    out, ctx = render(f"{'#' * level} My section {{#my-anchor}}\n")
    assert out.startswith(f'<h{level} id="my-anchor">My section<a class="heading-anchor" '
                          'href="#my-anchor"')
    assert "{#" not in out and ctx.problems == []
    assert [(h.level, h.text, h.id) for h in ctx.headings] == [(level, "My section", "my-anchor")]


def test_a_custom_id_in_the_middle_or_on_a_setext_heading_stays_an_expression(render) -> None:
    # the platform reads {#id} at the end of a '#' heading only
    _, ctx = render("## A {#a} b\n\nTitle {#t}\n---\n")
    assert [h.id for h in ctx.headings] == ["a-b", "title"]
    assert [p.code for p in ctx.problems] == ["mdx.expression", "mdx.expression"]


def test_bad_and_repeated_custom_ids_are_located_warnings(render) -> None:
    out, ctx = render("## Bad {#my id}\n\n## A {#x}\n\n## x\n\n## B {#x}\n")
    assert [h.id for h in ctx.headings] == ["bad", "x", "x-2", "x-3"]
    assert [(p.code, p.where.line, p.where.column) for p in ctx.problems] == [
        ("mdx.heading-id", 1, 8), ("mdx.heading-id", 7, 6)]
    assert "has a space in it" in ctx.problems[0].message
    assert "#x is used by an earlier heading" in ctx.problems[1].message


def test_ids_are_unique_page_wide_inside_components_too(render) -> None:
    _, ctx = render("## Setup\n\n<Tabs>\n<Tab title=\"A\">\n## Setup\n</Tab>\n</Tabs>\n\n"
                           "<Heading level={3}>\nSetup\n</Heading>\n")
    assert [h.id for h in ctx.headings] == ["setup", "setup-2", "setup-3"]


def test_no_anchor_on_an_html_heading_is_not_an_attribute(render) -> None:
    out, ctx = render("<h2 noAnchor>\nHeader without anchor link\n</h2>\n")
    # listed and linkable as any heading (the platform makes it its Heading), without the link
    assert out.strip() == '<h2 id="header-without-anchor-link">Header without anchor link</h2>'
    assert ctx.problems == []


def test_the_heading_element_is_a_heading_with_an_anchor_unless_no_anchor(render) -> None:
    out, ctx = render("<Heading level={2} noAnchor>\nHeader without anchor link\n"
                             "</Heading>\n\n<Heading level={3} id=\"mine\">\nMine\n</Heading>\n")
    assert '<h2 id="header-without-anchor-link">Header without anchor link</h2>' in out
    assert '<h3 id="mine">Mine<a class="heading-anchor" href="#mine"' in out
    assert ctx.problems == []
    # listed in the table of contents like any heading, in page order
    assert [(h.level, h.id) for h in ctx.headings] == [(2, "header-without-anchor-link"),
                                                      (3, "mine")]


def test_html_headings_written_as_blocks_are_in_the_contents(render) -> None:
    # the platform lists <h1> to <h4> elements whose text is on lines of their own (MDX block
    # elements), with an id and an anchor link; a tag with its text on the same line is text
    # of a paragraph, and h5, h6 are not listed (its remarkExtractTableOfContents)
    out, ctx = render('## Intro\n\n<h2 id="given">\nGiven *id*\n</h2>\n\n<h3 className="x">\n'
                      'Sub\n</h3>\n\n<h2 id="x">One line</h2>\n\n<h5>\nFive\n</h5>\n\n'
                      '<h2>\nIntro\n</h2>\n')
    assert [(h.level, h.text, h.id) for h in ctx.headings] == [
        (2, "Intro", "intro"), (2, "Given id", "given"), (3, "Sub", "sub"), (2, "Intro", "intro-2")]
    assert '<h2 id="given">Given <em>id</em><a class="heading-anchor" href="#given"' in out
    assert '<h3 class="x" id="sub">Sub<a class="heading-anchor" href="#sub"' in out
    assert '<h2 id="x">One line</h2>' in out and "<h5>Five</h5>" in out
    assert ctx.problems == []


def test_a_heading_element_beside_its_text_is_not_in_the_contents(render) -> None:
    out, ctx = render("<Heading level={2}>One line</Heading>\n\n<Heading level={2}>\nBlock\n"
                      "</Heading>\n")
    assert [h.id for h in ctx.headings] == ["block"]
    assert "<h2>One line</h2>" in out and '<h2 id="block">Block<a' in out


def test_headings_in_collapsed_components_stay_out_of_the_contents(render) -> None:
    out, ctx = render('<Accordion title="A">\n## In accordion\n</Accordion>\n\n'
                      '<Expandable title="E">\n### In expandable\n</Expandable>\n\n'
                      '<Visibility for="agents">\n## For agents\n</Visibility>\n\n'
                      '<Visibility for={"agents"}>\n## Agents too\n</Visibility>\n\n'
                      '<Tabs>\n<Tab title="T">\n## In tab\n</Tab>\n</Tabs>\n\n'
                      '<Steps>\n<Step title="S">\n### In step\n</Step>\n</Steps>\n')
    assert [h.id for h in ctx.headings] == ["in-tab", "in-step"]
    # still linkable: the platform gives every '#' heading its id
    assert 'id="in-accordion"' in out and 'id="in-expandable"' in out


def test_steps_with_heading_titles_are_in_the_contents(render) -> None:
    out, ctx = render('<Steps titleSize="h2">\n<Step title="First">\nx\n</Step>\n'
                      '<Step title="Second" titleSize="h3" id="two">\ny\n</Step>\n'
                      '<Step title="Third" titleSize="p">\nz\n</Step>\n'
                      '<Step title="Fourth" noAnchor>\nw\n</Step>\n</Steps>\n\n'
                      '<Steps>\n<Step title="Plain">\nv\n</Step>\n</Steps>\n')
    assert [(h.level, h.text, h.id) for h in ctx.headings] == [(2, "First", "first"),
                                                              (3, "Second", "two")]
    assert '<li class="step" id="first">' in out and 'id="two"' in out
    assert ctx.problems == []


def test_an_update_is_linked_to_by_its_labels_slug_unique_on_the_page(render) -> None:
    out, ctx = render('## v1.2.0\n\n<Update label="v1.2.0">\n## Fixed\n</Update>\n\n'
                      '<Update label="March 2025" id="march">\nx\n</Update>\n')
    assert '<section class="update" id="v1-2-0-2">' in out
    assert '<section class="update" id="march">' in out
    # its headings are not in the contents: the update is, by its label
    assert [h.id for h in ctx.headings] == ["v1-2-0"]
    assert ctx.problems == []
