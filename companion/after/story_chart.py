"""The story of the night's chart: each seat's value of one public number over the steps so
far, as a line per seat, drawn on the server as inline SVG.

Like ``charts``, pure Python over markupsafe: every label is escaped. Its colours are SVG
presentation attributes (no CSS, no style attribute), so the chart looks the same on the page
(whose policy allows no inline style) and in the saved file, which has no stylesheet but its
own. A value the table screen did not show (None) breaks the seat's line there.

>>> svg = line_chart([[0, 2, 5], [1, None, 3]], ["Ann", "Bo"], "Points")
>>> svg.count("<polyline"), svg.count("<circle"), "Bo 3" in svg
(1, 3, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from .charts import number

# One colour per seat (up to 8 seats), bright on the dark page, told apart also by the dash
# of the line, so a reader who cannot tell two colours apart still can.
COLOURS = ("#ff6b6b", "#4dabf7", "#51cf66", "#fcc419", "#cc5de8", "#ff922b", "#f06595", "#ced4da")
DASHES = ("", "8 4", "2 4", "12 4 2 4", "", "8 4", "2 4", "12 4 2 4")

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 60, 16, 16, 40


def colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def dash(seat: int) -> str:
    return DASHES[seat % len(DASHES)]


def line_chart(
    values: Sequence[Sequence[float | None]], names: Sequence[str], title: str
) -> Markup:
    """A line per seat over the steps (``values[seat][point]``), with its scale on the left
    and the steps below; ``title`` names it for screen readers, with each seat's last value."""
    known = [v for row in values for v in row if v is not None]
    if not known:
        return Markup("")
    points = max(len(row) for row in values)
    high, low = max(max(known), 0), min(min(known), 0)
    span = (high - low) or 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (points - 1) if points > 1 else plot_w / 2)

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / span

    lasts = []
    for seat, row in enumerate(values):
        last = next((v for v in reversed(row) if v is not None), None)
        lasts.append(f"{names[seat]} {number(last) if last is not None else '?'}")
    label = escape(f"{title}: {', '.join(lasts)}")
    parts = [
        f'<svg class="story-chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%"'
        f' role="img" aria-label="{label}" font-size="24" fill="currentColor">',
        f"<title>{label}</title>",
    ]
    # The scale: top, bottom and 0; a faint line across at each.
    for v in sorted({high, low, 0}):
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}"'
            f' stroke="currentColor" stroke-opacity="{0.6 if v == 0 else 0.2}"/>'
            f'<text x="{LEFT - 10}" y="{y(v):.1f}" text-anchor="end" dominant-baseline="middle">'
            f"{escape(number(v))}</text>"
        )
    # The steps below: the start and the last step.
    parts.append(
        f'<text x="{LEFT}" y="{HEIGHT - 8}" text-anchor="start">0</text>'
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end">{points - 1}</text>'
    )
    for seat, row in enumerate(values):
        runs: list[list[str]] = [[]]
        for i, value in enumerate(row):
            if value is None:
                runs.append([])
            else:
                runs[-1].append(f"{x(i):.1f},{y(value):.1f}")
        stroke = f'stroke="{colour(seat)}" stroke-width="4" stroke-linejoin="round"'
        if dash(seat):
            stroke += f' stroke-dasharray="{dash(seat)}"'
        for run in runs:
            if len(run) > 1:
                parts.append(f'<polyline fill="none" {stroke} points="{" ".join(run)}"/>')
            if run:  # the run's last point, marked: a lone value is still seen
                cx, cy = run[-1].split(",")
                parts.append(f'<circle cx="{cx}" cy="{cy}" r="6" fill="{colour(seat)}"/>')
    parts.append("</svg>")
    return Markup("".join(parts))
