"""The results archive's pages: the list of finished plays, a play's result sheet, the
players' records, and their retention (archive, restore, delete, merge spellings).

What is shown is public: a play's stored outcome (what its end screen showed) and the
table's public facts (players, options, when, how long). Anyone on the LAN may read it.
A play is archived, restored or deleted by its own table's host or the server's owner;
spellings are merged (and unmerged) by the owner alone (docs/security.md).
Views build finished view-models (``PlayItem``, ``PlayerItem``); templates only display.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from babel.dates import format_date, format_time
from babel.lists import format_list
from babel.numbers import format_percent
from flask import Blueprint, redirect, render_template, request, session, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from ..after import archive, charts
from ..after.archive import Play
from ..errors import BadInput, NotFound, RulesError
from ..games import GAMES
from ..text import N_, P, T, Text, as_is
from . import ownership
from .clock_board import shown
from .i18n import lang, translate
from .screens import tables
from .security import check_csrf

bp = Blueprint("plays", __name__)

BABEL_LOCALE = {"en": "en", "zh_TW": "zh_Hant_TW"}


# -- who may change the archive --------------------------------------------------------

HOST_ONLY = N_(
    "Only this game's host (the device that set up its table) or the server's owner can"
    " change this play."
)


def hosts_table(table_id: str) -> bool:
    """Does this device hold the working host token of this very table?"""
    token = session.get("host", {}).get(table_id)
    if not token:
        return False
    try:
        return tables().viewer_for(table_id, token).kind == "host"
    except RulesError:  # a deleted table, a stale token: not a host's
        return False


def may_change(play: Play) -> bool:
    """A play is changed by its own table's host or the server's owner; an imported play
    (no table here) by the owner alone."""
    return ownership.is_owner() or (not play.imported and hosts_table(play.table_id))


def may_manage() -> bool:
    """May this device change some play (so the list offers its archived plays)?"""
    return ownership.is_owner() or bool(session.get("host"))


def _changeable(table_id: str) -> Play:
    """The play to change, or a refusal (its own host's or the owner's, or nobody's)."""
    play = _finished(table_id)
    if not may_change(play):
        ownership.refuse("host_only", HOST_ONLY)
    return play


def _finished(table_id: str) -> Play:
    found = archive.play(tables(), table_id)
    if found is None:
        raise NotFound("unknown_play", N_("There is no such finished game."))
    return found


# -- view-models -----------------------------------------------------------------------


def _when(at: float) -> datetime:
    return datetime.fromtimestamp(at)  # the server's local time, as the history lines use


def day_label(at: float) -> str:
    return format_date(_when(at), "full", locale=BABEL_LOCALE[lang()])


def time_label(at: float) -> str:
    return format_time(_when(at), "short", locale=BABEL_LOCALE[lang()])


def duration_label(seconds: float) -> str:
    """How long a play took, in whole minutes (hours once it is an hour)."""
    minutes = round(seconds / 60)
    if minutes < 1:
        return translate(N_("under a minute"))
    if minutes < 60:
        return translate(P("{n} minute", "{n} minutes", minutes))
    return translate(T("{h} h {m} min", h=minutes // 60, m=minutes % 60))


def joined(names: list[str]) -> str:
    """Names in a row, as the reader's language lists them: "Ann, Bo, and Cy" or "Ann、Bo和Cy"."""
    return format_list(names, locale=BABEL_LOCALE[lang()]) if names else ""


def score_text(score: Any) -> str:
    """A score as a person writes it; anything that is no finite number shows as nothing."""
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not math.isfinite(score):
        return ""
    return charts.number(score)


def game_name(game_id: str) -> Text | str:
    game = GAMES.get(game_id)
    return game.name if game is not None else as_is(game_id)


def option_lines(play: Play) -> list[tuple[Any, Any]]:
    """The table's options as (label, value) texts, in the game's order."""
    game = GAMES.get(play.game_id)
    if game is None:
        return []
    out: list[tuple[Any, Any]] = []
    for option in game.options:
        if option.name not in play.options:
            continue
        value = play.options[option.name]
        if option.kind == "bool":
            shown: Any = N_("Yes") if value else N_("No")
        elif option.kind == "choice":
            shown = next((lbl for v, lbl in option.choices if v == value), as_is(str(value)))
        else:
            shown = as_is(str(value))
        out.append((option.label, shown))
    return out


@dataclass
class PlayItem:
    """One play as the list and the result sheet show it."""

    table_id: str
    game: Any  # the game's name (a msgid)
    day: str
    time: str
    duration: str
    players: str  # the names, listed
    winners: list[str]
    rows: list[dict[str, Any]]  # label (Text), score (text), won
    result: dict[str, Any]
    options: list[tuple[Any, Any]] = field(default_factory=list)
    hidden: bool = False
    can_change: bool = False  # may this device archive, restore or delete it?
    clocks: list[dict[str, Any]] = field(default_factory=list)  # name, total, longest (m:ss)
    has_story: bool = False  # played here (not imported): its log tells the story of the night


def play_item(play: Play) -> PlayItem:
    """The play as the pages show it; every text in it goes through ``translate``, which
    formats only the app's own msgids (a stored result is data, wherever it came from)."""
    rows = play.rows()  # each with every key the result's template reads
    result = {"headline": "", "reason": "", **play.result, "rows": rows}
    return PlayItem(
        table_id=play.table_id,
        game=game_name(play.game_id),
        day=day_label(play.ended),
        time=time_label(play.ended),
        duration=duration_label(play.duration),
        players=joined(play.players),
        winners=play.winners,
        rows=[
            {"label": r["label"], "score": score_text(r["score"]), "won": r["won"] is True}
            for r in rows
        ],
        result=result,
        options=option_lines(play),
        hidden=play.hidden,
        can_change=may_change(play),
        clocks=[
            {"name": c["name"], "total": shown(c["seconds"]), "longest": shown(c["longest"])}
            for c in play.clocks()
        ],
        has_story=not play.imported,
    )


def _game_filter() -> str | None:
    game = request.args.get("game") or None
    if game is not None and game not in GAMES:
        raise NotFound("unknown_game", N_("There is no such game."))
    return game


def _game_counts(played: list[Play]) -> list[tuple[str, Any, int]]:
    """(game id, name, plays) of each game that has plays, in the registry's order."""
    counts: dict[str, int] = {}
    for p in played:
        counts[p.game_id] = counts.get(p.game_id, 0) + 1
    return [(gid, game_name(gid), counts[gid]) for gid in GAMES if gid in counts]


# -- the list --------------------------------------------------------------------------


@bp.get("/plays")
def plays() -> str:
    game = _game_filter()
    archived = request.args.get("archived") == "1"
    played = archive.plays(tables(), hidden=archived)
    shown = [p for p in played if game is None or p.game_id == game]
    days: list[tuple[str, list[PlayItem]]] = []
    for p in shown:  # newest first, so each day's plays come together
        item = play_item(p)
        if not days or days[-1][0] != item.day:
            days.append((item.day, []))
        days[-1][1].append(item)
    return render_template(
        "plays/list.html",
        days=days,
        games=_game_counts(played),
        game=game,
        archived=archived,
        total=len(shown),
        manage=may_manage(),
        owner=ownership.is_owner(),
    )


# -- the players' records ------------------------------------------------------------------


@dataclass
class GameLine:
    game: Any
    plays: int
    wins: int
    rate: str  # "1 of 4 (25%)": a share with the counts it comes from
    average: str  # empty for a game without points (Sun Tzu's marker is no score)
    best: str
    sides: str  # what was played (roles, sides, colours), translated, each with how often
    chart: Markup


@dataclass
class PlayerItem:
    name: str
    plays: int
    wins: int
    games: list[GameLine]


def _side(stored: str) -> Any:
    """A side as ``records`` counts it: a msgid, or a Text kept as JSON."""
    if stored.startswith("["):
        try:
            return json.loads(stored)
        except ValueError:
            return as_is(stored)
    return stored


def has_points(game_id: str) -> bool:
    """Does the game give points (so an average and a score chart mean something)?"""
    game = GAMES.get(game_id)
    return game is None or game.points


def win_rate(wins: int, plays: int) -> str:
    """Wins as a share with its counts, in the reader's language: "1 of 4 (25%)"."""
    percent = format_percent(wins / plays if plays else 0, locale=BABEL_LOCALE[lang()])
    return translate(
        P(
            "{n} win of {plays} ({percent})",
            "{n} wins of {plays} ({percent})",
            wins,
            plays=plays,
            percent=percent,
        )
    )


def player_items(records: list[archive.Record]) -> list[PlayerItem]:
    out = []
    x_label = translate(N_("plays, oldest first"))
    y_label = translate(N_("points"))
    for r in records:
        games = []
        for gid in [x for x in GAMES if x in r.games] + [x for x in r.games if x not in GAMES]:
            rec = r.games[gid]
            title = translate(T("{name}'s scores at {game_t}", name=r.name, game_t=game_name(gid)))
            points = has_points(gid)
            games.append(
                GameLine(
                    game=game_name(gid),
                    plays=rec.plays,
                    wins=rec.wins,
                    rate=win_rate(rec.wins, rec.plays),
                    average=score_text(rec.average) if points else "",
                    best=score_text(rec.best) if points else "",
                    sides=joined(
                        [
                            translate(_side(s)) + (f" ×{n}" if n > 1 else "")
                            for s, n in rec.sides.most_common()
                        ]
                    ),
                    # One play's score is its number: a chart starts with two.
                    chart=charts.score_chart(rec.scores, title, x_label, y_label)
                    if points and len(rec.scores) > 1
                    else Markup(""),
                )
            )
        out.append(PlayerItem(r.name, r.plays, r.wins, games))
    return out


def wins_chart(records: list[archive.Record]) -> Markup:
    """Each player's share of wins, a full bar being every play won, with the counts beside
    it: one win of four plays never looks like one of one."""
    ranked = sorted(records, key=lambda r: (-r.wins, -r.plays, archive.key(r.name)))[:12]
    top = max((r.wins for r in ranked), default=0)
    bars = [
        charts.Bar(
            r.name,
            r.wins / r.plays if r.plays else 0,
            win_rate(r.wins, r.plays),
            highlight=r.wins == top and top > 0,
        )
        for r in ranked
    ]
    return charts.bar_chart(bars, translate(N_("Share of plays won")), top=1)


def spellings(played: list[Play]) -> list[str]:
    """Every name written at a table, once per spelling (case and spaces aside)."""
    seen: dict[str, str] = {}
    for p in sorted(played, key=lambda p: p.ended):
        for name in p.players:
            seen.setdefault(archive.key(name), " ".join(name.split()))
    return sorted(seen.values(), key=archive.key)


@bp.get("/plays/players")
def players() -> str:
    game = _game_filter()
    played = archive.plays(tables(), hidden=True)
    shown = [p for p in played if game is None or p.game_id == game]
    merged = archive.aliases(tables())
    records = archive.records(shown, merged)
    return render_template(
        "plays/players.html",
        players=player_items(records),
        chart=wins_chart(records),
        games=_game_counts(played),
        game=game,
        names=spellings(played),
        merged=archive.merged(tables()),
        owner=ownership.is_owner(),
    )


def _spellings_asked() -> tuple[str, str]:
    """The two names of a merge, each a spelling written at some table, or a refusal."""
    spelling = request.values.get("spelling", "")
    into = request.values.get("into", "")
    known = {archive.key(n) for n in spellings(archive.plays(tables(), hidden=True))}
    if archive.key(spelling) not in known or archive.key(into) not in known:
        raise BadInput("unknown_player", N_("Pick two names from the list."))
    return spelling, into


@bp.get("/plays/players/merge")
def merge_confirm() -> str:
    """Ask first: both players' records now, and the one player they become."""
    ownership.owner_only()
    spelling, into = _spellings_asked()
    first, second, after = archive.merge_preview(tables(), spelling, into)
    return render_template(
        "plays/merge.html", spelling=spelling, into=into, records=[first, second], after=after
    )


@bp.post("/plays/players/merge")
def merge() -> BaseResponse:
    check_csrf()
    ownership.owner_only()
    spelling, into = _spellings_asked()
    archive.merge(tables(), spelling, into)
    return redirect(url_for("plays.players"), code=303)


@bp.post("/plays/players/unmerge")
def unmerge() -> BaseResponse:
    check_csrf()
    ownership.owner_only()
    archive.unmerge(tables(), request.form.get("alias", ""))
    return redirect(url_for("plays.players"), code=303)


# -- one play ------------------------------------------------------------------------------


@bp.get("/plays/<table_id>")
def sheet(table_id: str) -> str:
    item = play_item(_finished(table_id))
    return render_template("plays/sheet.html", p=item)


CHANGES = {
    # what: (the question, the button, the button's class)
    "archive": (
        N_("Archive this play? It leaves the list but is kept: “Show archived” brings it back."),
        N_("Archive"),
        "",
    ),
    "delete": (
        N_(
            "Delete this play for good? Its table, history and result are removed and"
            " cannot be brought back."
        ),
        N_("Delete for good"),
        "danger",
    ),
}


@bp.get("/plays/<table_id>/<any(archive, delete):what>")
def confirm(table_id: str, what: str) -> str:
    question, button, style = CHANGES[what]
    return render_template(
        "plays/confirm.html",
        p=play_item(_changeable(table_id)),
        what=what,
        question=question,
        button=button,
        style=style,
    )


@bp.post("/plays/<table_id>/archive")
def hide(table_id: str) -> BaseResponse:
    check_csrf()
    _changeable(table_id)
    archive.set_hidden(tables(), table_id, True)
    return redirect(url_for("plays.plays"), code=303)


@bp.post("/plays/<table_id>/restore")
def restore(table_id: str) -> BaseResponse:
    check_csrf()
    _changeable(table_id)
    archive.set_hidden(tables(), table_id, False)
    return redirect(url_for("plays.plays", archived="1"), code=303)


@bp.post("/plays/<table_id>/delete")
def delete(table_id: str) -> BaseResponse:
    check_csrf()
    _changeable(table_id)
    archive.delete(tables(), table_id)
    return redirect(url_for("plays.plays"), code=303)
