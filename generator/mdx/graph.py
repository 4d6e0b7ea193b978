"""``<Graph>``: the platform's chart component, drawn at build time as SVG.

The platform draws line, bar, area, pie and donut charts in the browser from the data written
as the component's child expression: an array of rows (one series: ``yKey``, or every numeric
key but ``xKey``), or ``{data, series}`` where each series names its ``key`` and may give a
``label`` and ``color``. mdxsite draws the same chart into the page, so it shows without
script and in the page's search text; each point and slice carries a ``<title>`` (the
browser's tooltip) with its value. Colours without an explicit one come from the theme's
``--graph-N`` variables, so dark mode and a site's CSS can change them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape

# the drawing's coordinate system: the SVG scales to its column's width, its height is the
# component's ``height`` (the platform's default, 300 px)
WIDTH = 640
DEFAULT_HEIGHT = 300
_PALETTE = 8  # --graph-1 .. --graph-8 in components.css
_LEFT, _RIGHT, _TOP, _BOTTOM = 56, 12, 12, 28


class GraphError(ValueError):
    """The data cannot be drawn: the message says what is wrong with it."""


@dataclass(frozen=True)
class Series:
    key: str
    label: str
    color: str  # a CSS colour


@dataclass(frozen=True)
class Chart:
    kind: str
    rows: list[Mapping[str, object]]
    x_key: str
    series: list[Series]


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) and math.isfinite(value):
        return float(value)
    return None


def _color(given: object, index: int) -> str:
    if isinstance(given, str) and given.strip():
        return given.strip()
    return f"var(--graph-{index % _PALETTE + 1})"


def read(kind: str, data: object, props: Mapping[str, object]) -> Chart:
    """Return the chart ``data`` (the child expression's value) describes, given the
    component's props; raise :class:`GraphError` when it cannot be drawn."""
    series_given: object = None
    if isinstance(data, Mapping):
        series_given = data.get("series")
        data = data.get("data")
    if not isinstance(data, list) or not data or \
            not all(isinstance(row, Mapping) for row in data):
        raise GraphError("its data is not a list of rows ({ name: value, … })")
    rows: list[Mapping[str, object]] = list(data)
    keys = list(dict.fromkeys(k for row in rows for k in row))
    numeric = [k for k in keys if any(_number(row.get(k)) is not None for row in rows)]
    x_key = props.get("xKey")
    if not isinstance(x_key, str) or not x_key:
        x_key = next((k for k in keys if k not in numeric), keys[0])
    y_key = props.get("yKey")
    series: list[Series] = []
    if isinstance(series_given, list) and series_given:
        for i, entry in enumerate(series_given):
            if not isinstance(entry, Mapping) or not isinstance(entry.get("key"), str):
                raise GraphError("each series needs a key naming a field of the rows")
            label = entry.get("label")
            series.append(Series(entry["key"], label if isinstance(label, str) else entry["key"],
                                 _color(entry.get("color"), i)))
    elif isinstance(y_key, str) and y_key:
        series = [Series(y_key, y_key, _color(props.get("color"), 0))]
    else:
        chosen = [k for k in numeric if k != x_key]
        if kind in ("pie", "donut"):
            chosen = chosen[:1]
        single = len(chosen) == 1
        series = [Series(k, k, _color(props.get("color") if single else None, i))
                  for i, k in enumerate(chosen)]
    if not series:
        raise GraphError("its rows hold no numbers to draw")
    missing = [s.key for s in series if not any(_number(r.get(s.key)) is not None for r in rows)]
    if missing:
        raise GraphError(f"no row has a number under {missing[0]!r}")
    return Chart(kind, rows, x_key, series)


def _label(value: object) -> str:
    number = _number(value)
    if number is None:
        return "" if value is None else str(value)
    return _figure(number)


def _figure(number: float) -> str:
    if number == int(number) and abs(number) < 1e15:
        return f"{int(number):,}"
    return f"{number:,.2f}".rstrip("0").rstrip(".")


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round axis values from ``low`` to ``high`` (1, 2, 2.5 or 5 times a power of ten apart)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    start = math.floor(low / step) * step
    values, value = [], start
    while value < high + step * 0.5:
        values.append(round(value, 10))
        if value >= high:
            break
        value += step
    return values


def _value(row: Mapping[str, object], key: str) -> float:
    return _number(row.get(key)) or 0.0


def _stacks(chart: Chart, stacked: bool) -> list[list[tuple[float, float]]]:
    """Per series, per row: (bottom, top) of its value, one on another when ``stacked``."""
    base = [0.0] * len(chart.rows)
    out = []
    for s in chart.series:
        spans = []
        for i, row in enumerate(chart.rows):
            v = _value(row, s.key)
            bottom = base[i] if stacked else 0.0
            spans.append((bottom, bottom + v))
            if stacked:
                base[i] += v
        out.append(spans)
    return out


def _tip(chart: Chart, row: Mapping[str, object], s: Series) -> str:
    name = s.label if len(chart.series) > 1 or s.label != s.key else s.key
    return escape(f"{_label(row.get(chart.x_key))}: {name} {_label(row.get(s.key))}")


def _axes(chart: Chart, height: int, spans: list[list[tuple[float, float]]], grid: bool
          ) -> tuple[list[str], list[float], float, float, float]:
    """Draw the y axis' values (to hold every span of :func:`_stacks`) and grid; return the
    parts, the category centres, the band width, and the y of value 0 and the scale (pixels
    a unit)."""
    values = [v for series in spans for span in series for v in span]
    ticks = _ticks(min(0.0, *values), max(0.0, *values))
    low, high = ticks[0], ticks[-1]
    plot_h = height - _TOP - _BOTTOM
    scale = plot_h / (high - low)
    zero = _TOP + high * scale
    parts = []
    for t in ticks:
        y = _TOP + (high - t) * scale
        if grid:
            parts.append(f'<line class="graph-grid" x1="{_LEFT}" x2="{WIDTH - _RIGHT}" '
                         f'y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(f'<text class="graph-tick" x="{_LEFT - 6}" y="{y + 4:.1f}" '
                     f'text-anchor="end">{escape(_figure(t))}</text>')
    count = len(chart.rows)
    band = (WIDTH - _LEFT - _RIGHT) / count
    centres = [_LEFT + band * (i + 0.5) for i in range(count)]
    every = max(1, math.ceil(count / 12))  # labels no closer than a twelfth of the width
    for i, (x, row) in enumerate(zip(centres, chart.rows)):
        if i % every == 0:
            parts.append(f'<text class="graph-tick" x="{x:.1f}" y="{height - 8}" '
                         f'text-anchor="middle">{escape(_label(row.get(chart.x_key)))}</text>')
    parts.append(f'<line class="graph-axis" x1="{_LEFT}" x2="{WIDTH - _RIGHT}" '
                 f'y1="{zero:.1f}" y2="{zero:.1f}"/>')
    return parts, centres, band, zero, scale


def _cartesian(chart: Chart, height: int, stacked: bool, grid: bool) -> list[str]:
    spans = _stacks(chart, stacked)
    parts, centres, band, zero, scale = _axes(chart, height, spans, grid)
    count = len(chart.series)
    for index, (s, series_spans) in enumerate(zip(chart.series, spans)):
        paint = escape(s.color)
        if chart.kind == "bar":
            width = band * 0.7 / (1 if stacked else count)
            for i, (row, (bottom, top)) in enumerate(zip(chart.rows, series_spans)):
                x = centres[i] - band * 0.35 + (0 if stacked else width * index)
                y1, y2 = zero - top * scale, zero - bottom * scale
                y, h = min(y1, y2), abs(y2 - y1)
                parts.append(f'<rect class="graph-bar" x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" '
                             f'height="{h:.1f}" style="fill:{paint}"><title>'
                             f'{_tip(chart, row, s)}</title></rect>')
            continue
        points = [(centres[i], zero - top * scale) for i, (_, top) in enumerate(series_spans)]
        line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        if chart.kind == "area":
            floor = [(centres[i], zero - bottom * scale)
                     for i, (bottom, _) in enumerate(series_spans)]
            outline = line + " " + " ".join(f"{x:.1f},{y:.1f}" for x, y in reversed(floor))
            parts.append(f'<polygon class="graph-area" points="{outline}" style="fill:{paint}"/>')
        parts.append(f'<polyline class="graph-line" points="{line}" style="stroke:{paint}"/>')
        for (x, y), row in zip(points, chart.rows):
            parts.append(f'<circle class="graph-point" cx="{x:.1f}" cy="{y:.1f}" r="3.5" '
                         f'style="fill:{paint}"><title>{_tip(chart, row, s)}</title></circle>')
    return parts


def _slices(chart: Chart, height: int) -> tuple[list[str], list[Series]]:
    key = chart.series[0].key
    values = [max(0.0, _value(row, key)) for row in chart.rows]
    total = sum(values) or 1.0
    radius = (height - _TOP * 2) / 2
    cx, cy = WIDTH / 2, height / 2
    inner = radius * 0.6 if chart.kind == "donut" else 0.0
    parts, legend, angle = [], [], -math.pi / 2
    for i, (row, value) in enumerate(zip(chart.rows, values)):
        color = chart.series[0].color if len(chart.rows) == 1 else _color(row.get("color"), i)
        name = _label(row.get(chart.x_key))
        legend.append(Series(name, name, color))
        if value <= 0:
            continue
        sweep = value / total * 2 * math.pi
        tip = escape(f"{name}: {_figure(value)} ({value / total:.0%})")
        parts.append(f'<path class="graph-slice" d="{_arc(cx, cy, radius, inner, angle, sweep)}" '
                     f'style="fill:{escape(color)}"><title>{tip}</title></path>')
        angle += sweep
    return parts, legend


def _arc(cx: float, cy: float, r: float, inner: float, start: float, sweep: float) -> str:
    if sweep >= 2 * math.pi - 1e-9:  # a whole circle: two half arcs (one arc cannot close)
        half = _arc(cx, cy, r, inner, start, math.pi)
        return half + " " + _arc(cx, cy, r, inner, start + math.pi, math.pi)
    end = start + sweep
    large = 1 if sweep > math.pi else 0

    def at(radius: float, a: float) -> str:
        return f"{cx + radius * math.cos(a):.1f} {cy + radius * math.sin(a):.1f}"

    outer = f"M {at(r, start)} A {r:.1f} {r:.1f} 0 {large} 1 {at(r, end)}"
    if not inner:
        return f"{outer} L {cx:.1f} {cy:.1f} Z"
    return (f"{outer} L {at(inner, end)} A {inner:.1f} {inner:.1f} 0 {large} 0 "
            f"{at(inner, start)} Z")


def draw(chart: Chart, *, title: str, height: int, stacked: bool, legend: bool,
         grid: bool) -> tuple[str, list[Series]]:
    """Return the chart's ``<svg>`` and the legend's entries (empty when it has none)."""
    if chart.kind in ("pie", "donut"):
        parts, entries = _slices(chart, height)
    else:
        parts = _cartesian(chart, height, stacked and chart.kind in ("bar", "area"), grid)
        entries = list(chart.series)
    label = f' aria-label="{escape(title)}"' if title else ""
    svg = (f'<svg class="graph-svg" data-type="{chart.kind}" viewBox="0 0 {WIDTH} {height}" '
           f'role="img"{label} preserveAspectRatio="xMidYMid meet">' + "".join(parts) + "</svg>")
    return svg, entries if legend else []
