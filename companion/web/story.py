"""The story of the night's pages: a finished play told again step by step, on the server
(``/plays/<id>/story``) and as one self-contained HTML file to share (``.../story.html``).

Whoever may see the play on the Plays page may read its story (anyone on the LAN: the
archive is public). The story is built by ``after.story`` from what the table screen showed
at each step; the result, which the end showed everyone, is added to the last step. The
saved file carries its stylesheet and charts inline, needs no script (steps are anchors,
shown with CSS ``:target``) and asks for nothing outside itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, current_app, render_template
from markupsafe import Markup

from ..after import charts, story, story_chart
from ..errors import NotFound
from ..text import N_
from .i18n import translate
from .plays import _finished, play_item
from .screens import tables

bp = Blueprint("story", __name__)


@dataclass
class StepItem:
    """One step as the page shows it; every text already in the reader's language."""

    n: int
    title: str
    lines: list[tuple[str | None, str]]
    labels: list[str]  # the charted numbers shown so far
    charts: list[tuple[str, Markup]]
    rows: list[dict[str, Any]]  # per seat: name, colour, the charted values after this step
    last: bool = False

    @property
    def id(self) -> str:
        return f"step-{self.n}"


@dataclass
class StoryPage:
    table_id: str
    game: str
    when: str
    players: str
    steps: list[StepItem]
    result: dict[str, Any] = field(default_factory=dict)


def _value(v: float | None) -> str:
    return "–" if v is None else charts.number(v)


def _line(by: str | None, text: str) -> tuple[str | None, str]:
    """A history line with who made the move, unless the line already names them."""
    return (by if by and by not in text else None, text)


def story_page(table_id: str) -> StoryPage:
    """The story of a finished play, or a NotFound in the reader's language."""
    play = _finished(table_id)
    if play.imported:  # brought from another server: its log stayed there
        raise NotFound("unknown_play", N_("There is no such finished game."))
    item = play_item(play)
    told = story.build(tables(), table_id)
    return page_of(
        told, table_id, translate(item.game), f"{item.day} · {item.time}", item.players, item.result
    )


def page_of(
    told: story.Story, table_id: str, game: str, when: str, players: str, result: dict[str, Any]
) -> StoryPage:
    """The page's view-model of a story: each step's texts in the reader's language, its
    charts drawn from the steps up to it (never a later one), the result on the last."""
    names = told.players
    blank = [None] * len(names)
    steps = []
    for k, step in enumerate(told.steps, start=1):
        # A number the table screen has not shown yet (a secret until the end) gets no chart
        # and no column: each step decides from the steps up to it, never from a later one.
        labels = [
            lb for lb in told.labels if any(v is not None for s in told.series(lb, k) for v in s)
        ]
        charts = [
            (translate(lb), story_chart.line_chart(told.series(lb, k), names, translate(lb)))
            for lb in labels
        ]
        rows = [
            {
                "name": name,
                "colour": story_chart.colour(seat),
                "values": [_value(step.numbers.get(lb, blank)[seat]) for lb in labels],
            }
            for seat, name in enumerate(names)
        ]
        steps.append(
            StepItem(
                n=k,
                title=translate(step.title),
                lines=[_line(by, translate(text)) for by, text in step.lines],
                labels=[translate(lb) for lb in labels],
                charts=charts,
                rows=rows,
                last=k == len(told.steps),
            )
        )
    return StoryPage(
        table_id=table_id,
        game=game,
        when=when,
        players=players,
        steps=steps,
        result=result,
    )


@bp.get("/plays/<table_id>/story")
def page(table_id: str) -> str:
    return render_template("story/page.html", story=story_page(table_id))


@bp.get("/plays/<table_id>/story.html")
def download(table_id: str) -> Response:
    """The story as one HTML file: its stylesheet inline, nothing fetched from anywhere."""
    told = story_page(table_id)
    css = current_app.extensions["assets"].file("css/story.css").raw.decode()
    html = render_template("story/file.html", story=told, css=Markup(css))
    response = Response(html, mimetype="text/html")
    response.headers["Content-Disposition"] = f'attachment; filename="story-{table_id}.html"'
    return response
