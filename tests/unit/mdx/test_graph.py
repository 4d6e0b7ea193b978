"""``<Graph>`` draws its chart into the page: what a reader sees is the SVG's shapes, their
tooltips (``<title>``) and the legend, read here from the rendered HTML."""

from __future__ import annotations

import re

import pytest


def shapes(html: str, tag: str) -> list[dict[str, str]]:
    """The attributes and tooltip of each ``<tag>`` of the drawing."""
    out = []
    for attrs, tip in re.findall(rf"<{tag} ([^>]*)><title>([^<]*)</title>", html):
        found = dict(re.findall(r'([\w-]+)="([^"]*)"', attrs))
        found["tip"] = tip
        out.append(found)
    return out


def test_a_line_chart_has_a_point_per_row_higher_for_a_larger_value(render) -> None:
    html, ctx = render('<Graph type="line" xKey="month" yKey="revenue">\n'
                       '  {[{ month: "Jan", revenue: 4000 }, { month: "Feb", revenue: 3000 },\n'
                       '    { month: "Mar", revenue: 5000 }]}\n</Graph>\n')
    points = shapes(html, "circle")
    assert [p["tip"] for p in points] == ["Jan: revenue 4,000", "Feb: revenue 3,000",
                                          "Mar: revenue 5,000"]
    ys = [float(p["cy"]) for p in points]
    assert ys[2] < ys[0] < ys[1]  # SVG's y grows downwards: the largest value is highest
    xs = [float(p["cx"]) for p in points]
    assert xs == sorted(xs)
    assert '<polyline class="graph-line"' in html and ctx.problems == []
    assert ">5,000</text>" in html or ">6,000</text>" in html  # the y axis reaches the top value


def test_every_numeric_key_is_a_series_without_ykey_and_a_series_list_names_them(render) -> None:
    html, _ = render('<Graph type="bar">\n  {[{ q: "Q1", a: 1, b: 2 }, { q: "Q2", a: 3, b: 4 }]}\n'
                     '</Graph>\n')
    assert len(shapes(html, "rect")) == 4
    assert re.findall(r"</span>(\w+)</li>", html) == ["a", "b"]
    html, _ = render('<Graph type="bar" xKey="q">\n  {{ data: [{ q: "Q1", a: 1, b: 2 }],\n'
                     '     series: [{ key: "b", label: "Bees", color: "#ff0000" }] }}\n</Graph>\n')
    bars = shapes(html, "rect")
    assert [b["tip"] for b in bars] == ["Q1: Bees 2"] and "fill:#ff0000" in bars[0]["style"]


def test_stacked_bars_stand_on_each_other(render) -> None:
    html, _ = render('<Graph type="bar" xKey="q" stacked>\n'
                     '  {[{ q: "Q1", a: 10, b: 30 }]}\n</Graph>\n')
    a, b = shapes(html, "rect")
    assert float(b["y"]) + float(b["height"]) == pytest.approx(float(a["y"]), abs=0.2)
    assert float(b["height"]) == pytest.approx(3 * float(a["height"]), rel=0.02)
    assert a["x"] == b["x"]
    html, _ = render('<Graph type="bar" xKey="q">\n  {[{ q: "Q1", a: 10, b: 30 }]}\n</Graph>\n')
    a, b = shapes(html, "rect")
    assert a["x"] != b["x"] and a["y"] != b["y"]  # side by side, from the same axis


def test_negative_values_go_below_the_zero_line(render) -> None:
    html, _ = render('<Graph type="bar" xKey="d" yKey="v">\n'
                     '  {[{ d: "Mon", v: -5 }, { d: "Tue", v: 10 }]}\n</Graph>\n')
    low, high = shapes(html, "rect")
    zero = float(re.search(r'class="graph-axis"[^>]*y1="([\d.]+)"', html).group(1))
    assert float(low["y"]) == pytest.approx(zero, abs=0.2)  # hangs from the axis
    assert float(high["y"]) + float(high["height"]) == pytest.approx(zero, abs=0.2)
    assert ">-5</text>" in html or ">-6</text>" in html or ">-10</text>" in html


def test_pie_and_donut_have_a_slice_per_row_with_its_share(render) -> None:
    data = '  {[{ s: "Organic", value: 45 }, { s: "Direct", value: 25 }, { s: "Ref", value: 30 }]}\n'
    html, _ = render('<Graph type="pie">\n' + data + '</Graph>\n')
    slices = shapes(html, "path")
    assert [s["tip"] for s in slices] == ["Organic: 45 (45%)", "Direct: 25 (25%)", "Ref: 30 (30%)"]
    assert all(s["d"].endswith("Z") for s in slices)
    assert re.findall(r"</span>(\w+)</li>", html) == ["Organic", "Direct", "Ref"]
    donut, _ = render('<Graph type="donut" showLegend={false}>\n' + data + '</Graph>\n')
    assert donut.count(" A ") == 2 * 3  # an outer and an inner arc each: a ring
    assert "graph-legend" not in donut
    whole, _ = render('<Graph type="pie">\n  {[{ s: "All", value: 1 }]}\n</Graph>\n')
    assert shapes(whole, "path")[0]["d"].count(" A ") == 2  # a full circle is two half arcs


def test_area_grid_and_data_from_an_exported_constant(render) -> None:
    html, ctx = render('export const rows = [{ h: "00", r: 1 }, { h: "04", r: 3 }]\n\n'
                       '<Graph type="area" showGrid={false}>\n  {rows}\n</Graph>\n')
    assert '<polygon class="graph-area"' in html and "graph-grid" not in html
    assert ctx.problems == []


def test_data_it_cannot_draw_is_a_located_warning(render) -> None:
    html, ctx = render('Text.\n\n<Graph type="line">\n  {[{ a: "x" }, { a: "y" }]}\n</Graph>\n')
    assert "<svg" not in html
    (problem,) = ctx.problems
    assert problem.code == "mdx.graph" and problem.where.line == 3
    assert "no numbers" in problem.message
