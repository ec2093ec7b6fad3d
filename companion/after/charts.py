"""Small charts for the results archive, drawn on the server as inline SVG.

Pure Python, no dependency beyond markupsafe (Flask's own): every label is escaped, and the
output is ``Markup`` a template can place as it is. The charts carry no colour or font of
their own: bars are drawn with CSS classes (``static/css/plays.css`` gives them the app's
palette, ``currentColor`` by default) and text inherits the page's font, so a chart reads
the same in English and Chinese, on a phone and on a large screen.

>>> print(bar_chart([Bar("Ann", 2), Bar("Bo", 1)], "Wins").count("chart-bar"))
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

ROW = 44  # px per bar: its label above, the bar below
BAR = 16


@dataclass(frozen=True)
class Bar:
    """One bar: its label (already in the reader's language), its value, and what to write
    after it (the value itself if empty)."""

    label: str
    value: float
    note: str = ""
    highlight: bool = False


def number(value: float) -> str:
    """A value as a person writes it: 3, 2.5, -4.

    >>> [number(v) for v in (3, 3.0, 2.5, -4, 1 / 3)]
    ['3', '3', '2.5', '-4', '0.3']
    """
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.1f}"


def bar_chart(bars: Sequence[Bar], title: str, top: float | None = None) -> Markup:
    """A horizontal bar chart, one row per bar, as wide as its container.

    Lengths are in % of the width and text in the page's own size (no viewBox), so the
    labels never shrink on a phone nor swell on a TV. Each label has its value beside it.
    ``top`` is the value of a full bar (default: the largest value), so rates can be drawn
    on a scale of 1 and a win of one play never looks like a win of every play.
    ``title`` names the chart for screen readers, with every bar's value.
    """
    if not bars:
        return Markup("")
    top = top or max((b.value for b in bars), default=0) or 1
    summary = ", ".join(f"{b.label} {b.note or number(b.value)}" for b in bars)
    label = escape(f"{title}: {summary}")
    parts = [
        f'<svg class="chart bar-chart" width="100%" height="{ROW * len(bars)}"'
        f' role="img" aria-label="{label}">',
        f"<title>{label}</title>",
    ]
    for n, b in enumerate(bars):
        y = n * ROW
        width = min(100.0, max(0.0, b.value) / top * 100)
        cls = "chart-bar highlight" if b.highlight else "chart-bar"
        # The value goes on the label's line: after the bar it could run off a phone. A
        # track behind each bar shows where a full one would end.
        parts += [
            f'<text x="0" y="{y + 16}"><tspan class="chart-label">{escape(b.label)}</tspan>'
            f'<tspan class="chart-value" dx="8">{escape(b.note or number(b.value))}</tspan>'
            "</text>",
            f'<rect class="chart-track" x="0" y="{y + 22}" width="100%" height="{BAR}" rx="3"/>',
            f'<rect class="{cls}" x="0" y="{y + 22}" width="{width:.2f}%" height="{BAR}" rx="3"/>',
        ]
    parts.append("</svg>")
    return Markup("".join(parts))


# Room around a score chart's bars for its axes: the scores on the left, the plays below.
LEFT, TOP, BOTTOM = 30, 6, 16


def score_chart(
    scores: Sequence[float],
    title: str,
    x_label: str = "",
    y_label: str = "",
    width: int = 120,
    height: int = 48,
) -> Markup:
    """A small chart of one player's scores at one game, oldest first: a bar per play,
    above the line for a positive score and below it for a negative one; the best is marked.

    Its axes are labelled: the highest and lowest score (and 0) on the left, ``y_label``
    (what is counted: "points") beside them, ``x_label`` ("plays, oldest first") below.
    Drawn in a viewBox of its own size, so it may be scaled to fit a table cell.
    """
    if not scores:
        return Markup("")
    high = max(max(scores), 0)
    low = min(min(scores), 0)
    span = (high - low) or 1
    zero = TOP + height * high / span  # the baseline, from the top
    # A bar per play, no wider than a finger's width: a single play is one slim bar.
    step = min(width / len(scores), 14)
    plot = round(step * len(scores))
    # Wide enough for the label under the axis, however few the plays.
    full_w, full_h = LEFT + max(plot, 110) + 2, TOP + height + BOTTOM
    gap = min(2.0, step / 4)
    best = max(scores)
    label = f"{title}: {', '.join(number(s) for s in scores)}"
    parts = [
        f'<svg class="chart score-chart" viewBox="0 0 {full_w} {full_h}" width="{full_w}"'
        f' height="{full_h}" role="img" aria-label="{escape(label)}">',
        f"<title>{escape(label)}</title>",
        f'<line class="chart-axis" x1="{LEFT}" x2="{LEFT + plot}" y1="{zero:.2f}"'
        f' y2="{zero:.2f}"/>',
        f'<line class="chart-axis" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{TOP + height}"/>',
    ]
    # The scale: the top and bottom of the axis, and 0 where it lies between them.
    ticks: dict[float, float] = {TOP: high, TOP + height: low}
    if high > 0 > low:
        ticks[zero] = 0
    for y, value in ticks.items():
        parts.append(
            f'<text class="chart-tick" x="{LEFT - 3}" y="{y:.2f}" text-anchor="end"'
            f' dominant-baseline="middle">{escape(number(value))}</text>'
        )
    if y_label:
        mid = TOP + height / 2
        parts.append(
            f'<text class="chart-tick chart-axis-label" x="6" y="{mid:.2f}" text-anchor="middle"'
            f' transform="rotate(-90 6 {mid:.2f})">{escape(y_label)}</text>'
        )
    if x_label:
        parts.append(
            f'<text class="chart-tick chart-axis-label" x="{LEFT}" y="{full_h - 2}">'
            f"{escape(x_label)}</text>"
        )
    for n, score in enumerate(scores):
        tall = abs(score) / span * height
        y = zero - tall if score >= 0 else zero
        cls = "chart-bar best" if score == best else "chart-bar"
        parts.append(
            f'<rect class="{cls}" x="{LEFT + n * step + gap / 2:.2f}" y="{y:.2f}"'
            f' width="{step - gap:.2f}" height="{max(tall, 1.5):.2f}"/>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
