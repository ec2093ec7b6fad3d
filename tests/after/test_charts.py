"""The archive's charts: server-drawn SVG whose bars follow the numbers and whose text is
escaped, with no colour or font of its own (the page's stylesheet gives both)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from markupsafe import Markup

from companion.after.charts import Bar, bar_chart, number, score_chart


def widths(svg: str) -> list[float]:
    """The bars' lengths (the tracks behind them aside)."""
    return [float(w) for w in re.findall(r'<rect class="chart-bar[^>]* width="([\d.]+)%?"', svg)]


def test_bars_are_as_long_as_their_values_with_each_value_beside_its_label():
    svg = bar_chart([Bar("Ann", 4), Bar("Bo", 2, note="2 wins"), Bar("Cy", 0)], "Wins")
    ET.fromstring(svg)  # well-formed
    assert widths(svg) == [100.0, 50.0, 0.0]
    assert '<tspan class="chart-label">Bo</tspan><tspan class="chart-value" dx="8">2 wins' in svg


def test_labels_and_titles_are_escaped():
    svg = bar_chart([Bar("<script>alert(1)</script>", 1, note='"x"&y')], "Wins & <b>")
    assert isinstance(svg, Markup)
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "&amp;y" in svg and "<b>" not in svg
    ET.fromstring(svg)


def test_a_chart_names_every_value_for_screen_readers_and_carries_no_colour_of_its_own():
    svg = bar_chart([Bar("安", 3, note="3 勝"), Bar("Bo", 1)], "各玩家勝場")
    assert 'aria-label="各玩家勝場: 安 3 勝, Bo 1"' in svg and 'role="img"' in svg
    assert "fill=" not in svg and "#" not in svg and "font" not in svg


def test_an_empty_chart_is_nothing():
    assert bar_chart([], "Wins") == "" and score_chart([], "Scores") == ""


def test_a_score_chart_draws_negative_scores_below_the_line_and_marks_the_best():
    svg = score_chart([4, -4, 2], "Scores", width=36, height=40)
    ET.fromstring(svg)
    rects = re.findall(
        r'<rect class="([^"]+)" x="[\d.]+" y="([\d.]+)" width="[\d.]+"'
        r' height="([\d.]+)"',
        svg,
    )
    zero = float(re.search(r'y1="([\d.]+)"', svg).group(1))
    assert zero == 6 + 20.0  # halfway down the plot: the scores run from -4 to 4
    (c1, y1, h1), (c2, y2, h2), (c3, _y3, h3) = rects
    assert float(y1) + float(h1) == zero and float(y2) == zero  # above, then below
    assert float(h1) == float(h2) == 2 * float(h3)
    assert c1 == "chart-bar best" and c2 == c3 == "chart-bar"
    assert 'aria-label="Scores: 4, -4, 2"' in svg


def test_numbers_are_written_as_a_person_writes_them():
    assert [number(v) for v in (7, 7.0, 7.25, -3)] == ["7", "7", "7.2", "-3"]


def test_a_score_chart_of_one_play_is_one_slim_bar():
    svg = score_chart([5], "Scores")
    assert 'width="12.00"' in svg and svg.count("<rect") == 1


def test_a_score_chart_labels_its_axes_and_its_scale():
    svg = score_chart([4, -2, 3], "Scores", "plays, oldest first", "points")
    ET.fromstring(svg)
    ticks = re.findall(r'<text class="chart-tick"[^>]*>([^<]+)</text>', svg)
    assert ticks == ["4", "-2", "0"]  # the top, the bottom and the baseline
    labels = re.findall(r'<text class="chart-tick chart-axis-label"[^>]*>([^<]+)</text>', svg)
    assert labels == ["points", "plays, oldest first"]


def test_a_rate_chart_on_a_scale_of_one_draws_one_win_of_four_as_a_quarter():
    svg = bar_chart(
        [Bar("Ann", 1 / 4, "1 win of 4 (25%)"), Bar("Bo", 1.0, "1 win of 1")], "W", top=1
    )
    assert widths(svg) == [25.0, 100.0]
    assert svg.count('class="chart-track"') == 2  # where a full bar would end
