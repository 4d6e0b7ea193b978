"""Constructs the platform's parser (MDX 3 with remark-gfm and remark-math) reads in a way
markdown-it does not by itself: each case here was a page the parity generator found the two
parsers disagreeing on (tests/parity/generate.py)."""

from __future__ import annotations

import json

from mdxsite.mdx.tree import page_tree


def _errors(render, source: str) -> list[tuple[int | None, str]]:
    _, ctx = render(source)
    return [(p.where.line, p.message) for p in ctx.errors]


def test_a_less_than_sign_ending_a_paragraph_fails_the_page(render) -> None:
    # MDX expects a tag name after '<'; only a space or a line break after it keeps it text
    assert [line for line, _ in _errors(render, "Latency is x <\n")] == [1]
    assert [line for line, _ in _errors(render, "Intro\n\nsee\nthe value <\n")] == [4]
    assert _errors(render, "Latency is x < \n") == []  # the paragraph's space follows it
    assert _errors(render, "x <\nmore text\n") == []
    assert _errors(render, "- item < \n") == []
    # a heading's or a table cell's text ends before its trailing space
    assert [line for line, _ in _errors(render, "## Sizes < \n")] == [1]
    assert [line for line, _ in _errors(render, "| a | b |\n|---|---|\n| x < | y |\n")] == [3]
    message = _errors(render, "x <\n")[0][1]
    assert "'<' ends the paragraph" in message


def test_an_expression_never_closed_fails_the_page(render) -> None:
    errors = _errors(render, "Intro\n\nA stray { brace\n")
    assert [line for line, _ in errors] == [3] and "never closed" in errors[0][1]
    assert _errors(render, "`a {` in code and [x](/a{b) and $a{b$\n") == []
    html, ctx = render("Balanced {'}'} text\n")
    assert ctx.errors == [] and "}" in html


def test_display_math_is_a_fence_of_dollars(render) -> None:
    # "$$x$$" alone on a line is inline math in a paragraph, drawn in the line
    html, _ = render("$$x = 1$$\n")
    assert html.startswith("<p>") and "math-display" not in html
    html, _ = render("Text $$y$$ here\n")
    assert "math-display" not in html
    # a blank line stays inside the block; a closing run must stand alone on its line
    html, _ = render("$$\na\n\nb\n$$\n")
    assert html.count("math-display") == 1 and "<p>" not in html
    # math opening a paragraph that ends in a digit (the plugin read the last character as
    # the one before the first)
    html, _ = render("$x^2$ is on page 2\n")
    assert "<math" in html and "$" not in html
    tree = page_tree("$$\na\n$$ trailing\n\ntext\n")
    assert [c["type"] for c in tree["children"]] == ["math"]


def test_components_inside_block_quotes_read_as_outside(render) -> None:
    # attributes across the quote's lines, a '>' and a '}' inside their values
    source = '> <Card\n>   title="a > b"\n>   data={{c: "}"}}\n> >\n>   Body\n> </Card>\n'
    card = page_tree(source)["children"][0]["children"][0]
    assert card["name"] == "Card"
    assert [a["name"] for a in card["attributes"]] == ["title", "data"]
    assert card["attributes"][0]["value"] == "a > b"
    # a comment across the quote's lines, its markers left out
    comment = page_tree("> {/*\n>   note\n> */}\n")["children"][0]["children"][0]
    assert comment["value"].split() == ["/*", "note", "*/"]
    # bodies indented deep inside a quote close where they are written
    deep = ('> <Steps>\n>   <Step title="a">\n>     <Steps>\n>       <Step title="b">\n'
            '>         Text\n>       </Step>\n>     </Steps>\n>   </Step>\n> </Steps>\n')
    assert _errors(render, deep) == []
    # a quote inside the body keeps its own markers: the list after it is still a list
    nested = "> <Frame>\n>       > quoted\n>\n>       - one\n>       - two\n>       </Frame>\n"
    frame = page_tree(nested)["children"][0]["children"][0]
    assert [c["type"] for c in frame["children"]] == ["blockquote", "list"]
    assert len(frame["children"][1]["children"]) == 2


def test_the_tree_keeps_a_spread_attribute_as_written(tmp_path) -> None:
    node = page_tree("<Card {...rest} />\n")["children"][0]
    assert json.loads(json.dumps(node["attributes"])) == [{"spread": "...rest"}]


def test_an_inline_element_in_a_body_closes_itself_not_the_body(render) -> None:
    # the line's </Tooltip> is the inline Tooltip's: the outer one closes on the next line
    source = '<Tooltip\n  tip="a"\n>\ntext <Tooltip tip="b">inner</Tooltip>\n</Tooltip>\n'
    assert _errors(render, source) == []
    outer = page_tree(source)["children"][0]
    assert outer["name"] == "Tooltip" and len(page_tree(source)["children"]) == 1


def test_latex_in_a_sentence_is_inline_math_and_alone_on_a_line_display_math(render) -> None:
    # the platform's LaTeX page writes "Inline math: <Latex>E = mc^2</Latex>" in a sentence
    html, _ = render("Inline math: <Latex>E = mc^2</Latex> here.\n")
    assert html.startswith("<p>") and 'display="inline"' in html and "math-display" not in html
    html, _ = render("<Latex>E = mc^2</Latex>\n")
    assert 'display="block"' in html and "math-display" in html


def test_a_line_right_after_an_import_or_export_is_a_located_warning(render) -> None:
    # the platform's MDX runs a statement on to the next blank line and fails to compile the
    # page; a second statement on the next line is one program with the first, which it takes
    html, ctx = render("export const a = 1;\nexport const b = 2;\nText {a} and {b}.\n\nMore.\n")
    assert "Text 1 and 2." in html
    assert [(str(p.where), p.code) for p in ctx.problems] == [("page.mdx:3:1",
                                                               "mdx.statement-run-on")]
    html, ctx = render("export const a = 1;\nexport const b = 2;\n\nText {a}.\n")
    assert "Text 1." in html and ctx.problems == []


def test_a_quoted_value_going_on_over_lines_loses_each_lines_indent(render) -> None:
    # the platform's parser takes a continued line's leading spaces and tabs as its prefix:
    # a tooltip read "Shown\n      on hover", a title attribute kept the indent
    source = ('<Card title="x" description="one\n      two\n\tthree">y</Card>\n\n'
              'Text <Tooltip tip="Shown\n   on hover">word</Tooltip> and '
              '<a href="/x" title="a\n    b">link</a>.\n')
    tree = page_tree(source)
    card = tree["children"][0]
    assert card["attributes"][1] == {"name": "description", "value": "one\ntwo\nthree"}
    inline = tree["children"][1]["children"]
    assert [a["value"] for node in inline if node["type"] == "mdxJsxTextElement"
            for a in node["attributes"] if a["name"] != "href"] == ["Shown\non hover", "a\nb"]
    html, _ = render(source)
    assert 'data-tip="Shown\non hover"' in html and 'title="a\nb"' in html
    html, _ = render('<a href="/x" title="tab\tinside  and  spaces">y</a>\n')
    assert 'title="tab\tinside  and  spaces"' in html  # only a line's start is its prefix
