"""JSX expressions the platform's MDX runs and mdxsite evaluates at build time: an array's
.map with an element per item, the string methods that only reshape text, and className on a
built-in component."""

from __future__ import annotations

import re

import pytest

from mdxsite.mdx import jsvalue


def test_a_map_over_a_literal_draws_an_element_per_item(render) -> None:
    source = ("<div>\n  {['integrations', 'billing'].map((term) => (\n"
              "    <button\n      key={term}\n      data-term={term}\n    >\n"
              "      {term.toUpperCase()}\n    </button>\n  ))}\n</div>\n")
    html, ctx = render(source)
    assert re.findall(r"<button[^>]*>[^<]*</button>", html) == [
        '<button data-term="integrations">INTEGRATIONS</button>',  # React's key is no attribute
        '<button data-term="billing">BILLING</button>']
    assert ctx.problems == []


def test_a_map_over_an_exported_list_destructures_and_counts(render) -> None:
    source = ("export const links = [{ title: 'Start', href: '/start' }, { title: 'API', href: '/api' }]\n\n"
              "<ul>{links.map(({ title, href }, i) => <li key={href}><a href={href}>{i}. {title}</a></li>)}</ul>\n")
    html, ctx = render(source)
    assert re.findall(r"<li><a href=\"[^\"]+\">[^<]+</a></li>", html) == [
        '<li><a href="/start">0. Start</a></li>', '<li><a href="/api">1. API</a></li>']


@pytest.mark.parametrize("source, value", [
    ("['a', 'b'].map(x => x.toUpperCase()).join(' / ')", "A / B"),
    ("'  Mixed Case '.trim().toLowerCase()", "mixed case"),
    ("[1, 2].map((n) => { return n; })", [1, 2]),
    ("[].map(x => <i>{x}</i>)", []),
])
def test_reshaping_calls_evaluate(source: str, value: object) -> None:
    assert jsvalue.evaluate(source)[0] == value


@pytest.mark.parametrize("source", ["[1].filter(x => x)", "[1].map(x => x + 1)", "fetch('/x')",
                                    "'a'.split(',')", "[1].map(function (x) { return x; })"])
def test_other_calls_stay_unevaluable(source: str) -> None:
    with pytest.raises(jsvalue.Unevaluable):
        jsvalue.evaluate(source)


def test_class_name_lands_on_a_built_in_components_outer_element(render) -> None:
    html, ctx = render('<Card title="A" href="/x" className="feature-card wide">Text</Card>\n\n'
                              '<Columns cols={2} className="suggested">\n<Card title="B">b</Card>\n</Columns>\n')
    assert re.search(r'<a class="card[^"]* feature-card wide"', html)
    assert re.search(r'<div class="columns[^"]* suggested"', html)
    assert not [p for p in ctx.problems if "className" in p.message]


def test_a_js_files_literal_exports_are_its_data_and_nothing_else() -> None:
    src = ('export const rows = [{ "a": 1 }]\nexport const name = "x"; export const skip = 1\n'
           "export const sum = 1 + 2\nexport const Table = ({ rows }) => <ul/>\n"
           "export const call = load(1)\nexport const tagged = { k: `t` };\n")
    assert jsvalue.literal_exports(src) == {"rows": [{"a": 1}], "name": "x", "tagged": {"k": "t"}}


def test_an_html_elements_event_handler_function_runs_from_its_attribute(render) -> None:
    """onClick={async (event) => {…}} on a <button> (a real site's copy-prompt button) is run by
    the platform's React on a click; it was left out with a warning, a button doing nothing.
    The browser now runs it from the element's attribute, with the event; a handler given as a
    string (React drops those) and a component's onClick stay as they were."""
    source = ("<button type=\"button\" onClick={async (event) => {\n"
              "  event.currentTarget.textContent = \"Done\";\n}} onDoubleClick={e => 1}>Go</button>\n\n"
              "<button onclick=\"alert(1)\">Plain</button>\n")
    html, ctx = render(source)
    assert ('<button type="button" onclick="(async (event) =&gt; {\n'
            '  event.currentTarget.textContent = &quot;Done&quot;;\n}).call(this, event)" '
            'ondblclick="(e =&gt; 1).call(this, event)">Go</button>') in html
    assert "<button>Plain</button>" in html
    assert ctx.problems == []
    _, card = render("<Card title=\"A\" onClick={() => go()}>x</Card>\n")
    assert [p.code for p in card.problems] == ["mdx.expression"]


@pytest.mark.parametrize("source, value", [
    ("'' || 'fallback'", "fallback"),
    ("0 ?? 'kept zero'", 0),
    ("null ?? 'default'", "default"),
    ("1 && 'shown'", "shown"),
    ("0 && 'hidden'", 0),
    ("!'' ? 'empty' : 'full'", "empty"),
    ("[] ? 'arrays are true' : 'no'", "arrays are true"),
    ("false ? 'a' : null ? 'b' : 'c'", "c"),
    ("`${'' || 'x'}-y`", "x-y"),
    ("{ size: null || 32 }", {"size": 32}),
])
def test_choices_between_values_follow_javascripts_truthiness(source: str, value: object) -> None:
    assert jsvalue.evaluate(source)[0] == value


@pytest.mark.parametrize("source", ["a?.b", "1 + 2 ? 'x' : 'y'", "a == 1 ? 'a' : 'b'",
                                    "'1' < 2", "x === [] ? 1 : 2", "1 ? 'x'", "'a' || f()"])
def test_comparisons_calls_and_optional_chains_in_a_choice_stay_unevaluable(source: str) -> None:
    with pytest.raises(jsvalue.Unevaluable):
        jsvalue.evaluate(source, {"a": {}, "x": 1})


def test_a_component_draws_the_branch_its_props_choose(render) -> None:
    source = ("export const Hero = ({ dark, title, note }) => (\n"
              "  <a className=\"hero\">\n"
              "    {dark ? (\n      <>\n        <img src={`https://cdn.example/i/${dark}`} />\n      </>\n"
              "    ) : (\n      <img src=\"https://cdn.example/i/plain.png\" />\n    )}\n"
              "    <h3>{title || 'Untitled'}</h3>\n    {note && <p className=\"note\">{note}</p>}\n"
              "  </a>\n)\n\n"
              "<Hero dark=\"night.png\" title=\"Install\" note=\"Start here\" />\n\n<Hero />\n")
    html, ctx = render(source)
    heroes = re.findall(r'<a class="hero">(.*?)</a>', html, re.S)
    assert [re.findall(r'<img src="([^"]+)"', h) for h in heroes] == [["https://cdn.example/i/night.png"],
                                                                      ["https://cdn.example/i/plain.png"]]
    assert [re.findall(r"<h3>([^<]*)</h3>", h) for h in heroes] == [["Install"], ["Untitled"]]
    assert [re.findall(r'<p class="note">([^<]*)</p>', h) for h in heroes] == [["Start here"], []]
    assert ctx.problems == []


@pytest.mark.parametrize("source, value", [
    ("lang === 'ruby' ? 'png' : 'svg'", "svg"),
    ("lang !== 'ruby' && lang", "python"),
    ("cols >= 3 ? 'u-grid--3' : 'u-grid--2'", "u-grid--2"),
    ("cols < 3", True),
    ("items.length > 0 && 'some'", "some"),
    ("missing == null", True),
    ("missing === null", False),
    ("'b' > 'a'", True),
])
def test_comparisons_of_primitives_choose_like_javascript(source: str, value: object) -> None:
    scope = {"lang": "python", "cols": 2, "items": [1], "missing": jsvalue.UNDEFINED}
    assert jsvalue.evaluate(source, scope)[0] == value


def test_a_component_compares_its_props_to_pick_a_class(render) -> None:
    source = ("export const Grid = ({ cols = 3 }) => (\n"
              "  <div className={cols >= 3 ? 'grid-3' : 'grid-2'}>{cols === 1 && <b>one</b>}</div>\n)\n\n"
              "<Grid />\n\n<Grid cols={1} />\n")
    html, ctx = render(source)
    assert re.findall(r'<div class="(grid-\d)">(.*?)</div>', html) == [("grid-3", ""),
                                                                        ("grid-2", "<b>one</b>")]
    assert ctx.problems == []
