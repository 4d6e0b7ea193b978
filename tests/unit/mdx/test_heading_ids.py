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
                           "<Heading level={3}>Setup</Heading>\n")
    assert [h.id for h in ctx.headings] == ["setup", "setup-2", "setup-3"]


def test_no_anchor_on_an_html_heading_is_not_an_attribute(render) -> None:
    out, ctx = render("<h2 noAnchor>\nHeader without anchor link\n</h2>\n")
    assert out.strip() == "<h2>Header without anchor link</h2>"
    assert ctx.problems == []


def test_the_heading_element_is_a_heading_with_an_anchor_unless_no_anchor(render) -> None:
    out, ctx = render("<Heading level={2} noAnchor>\nHeader without anchor link\n"
                             "</Heading>\n\n<Heading level={3} id=\"mine\">Mine</Heading>\n")
    assert '<h2 id="header-without-anchor-link">Header without anchor link</h2>' in out
    assert '<h3 id="mine">Mine<a class="heading-anchor" href="#mine"' in out
    assert ctx.problems == []
    # listed in the table of contents like any heading, in page order
    assert [(h.level, h.id) for h in ctx.headings] == [(2, "header-without-anchor-link"),
                                                      (3, "mine")]
