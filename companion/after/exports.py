"""Exports of the results archive: CSV, JSON, a BG Stats link, a seat's receipt.

Pure functions from ``archive.Play`` values to bytes, text or data: no Flask, no clock
except the one a caller passes in (``exported_at``, an import's ``now``), texts translated
by the ``tr`` function the caller hands over (the web layer's ``translate`` in the viewer's
language). Only the stored outcome goes into an export, which every screen showed at the
end; a seat's notes reach only that seat's receipt, read by ``notes_of`` for that seat alone.

``parse_archive`` reads an exported JSON archive back for ``archive.imported``, checked by
the schema in ``archive_schema`` first: imported text is data, never a format string.
The formats are documented in docs/exports.md.
"""

from __future__ import annotations

import csv
import io
import json
import math
import time
import unicodedata
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, tzinfo
from typing import Any
from urllib.parse import quote

from pydantic import ValidationError

from ..errors import BadInput
from ..games import GAMES
from ..pipeline import seat_notes
from ..pipeline.names import normalise_name
from ..pipeline.tables import Tables
from ..text import N_
from . import archive_schema as schema
from .archive import Play, key, side_of

Translate = Callable[[Any], str]

FORMAT = "table-companion-archive"
VERSION = 1
SOURCE_NAME = "Table Companion"  # BG Stats matches games and players per source: keep it stable
BGSTATS_URL = "https://app.bgstatsapp.com/createPlay.html"

# BoardGameGeek ids, only where checked (docs/exports.md says where); BG Stats asks the
# player to match a game sent without one.
BGG_IDS: dict[str, int] = {"quorsum": 107958, "samurai-sword": 128181}

CSV_COLUMNS = (
    "play_id",
    "game_id",
    "game",
    "date",
    "duration_min",
    "seat",
    "player",
    "side",
    "score",
    "rank",
    "winner",
    "decided_by",
    "clock_s",
    "longest_turn_s",
)

# Plays one imported file may hold at most (the app's IMPORT_MAX_PLAYS may lower it): a
# group's history, not a denial of service. The other bounds are in ``archive_schema``.
MAX_PLAYS = schema.MAX_PLAYS


# -- one play as rows -------------------------------------------------------------------


def game_name(game_id: str) -> str:
    """The game's name as a msgid (its id if this server does not have the game)."""
    game = GAMES.get(game_id)
    return game.name if game is not None else game_id


def local_date(ts: float, tz: tzinfo | None = None) -> str:
    """ISO 8601 with its offset, in ``tz`` (default: the server's local time).

    >>> local_date(0, UTC)
    '1970-01-01T00:00:00+00:00'
    """
    return datetime.fromtimestamp(ts, tz or UTC).astimezone(tz).isoformat(timespec="seconds")


def duration_min(play: Play) -> int:
    """The play's length in whole minutes (at least 1 for a play that ended)."""
    return max(1, round(play.duration / 60))


def _number(score: Any) -> bool:
    """Is ``score`` a finite number (a flag is none)?"""
    return isinstance(score, (int, float)) and not isinstance(score, bool) and math.isfinite(score)


def _place(row: dict[str, Any]) -> int | None:
    place = row.get("place")
    return place if type(place) is int and place >= 1 else None


def standings(play: Play) -> list[dict[str, Any]]:
    """One entry per player, in seat order: seat, player, side (a Text or None), score
    (None when the game gives the seat none), rank, winner and start (did this seat begin?).

    The rank is the place the game's rules gave the seat (``ScoreRow.place``: a player who
    lost their main castle is last whatever their score; a tie-break decides between equal
    scores). A play stored before results carried places is ranked as it was then: winners
    1, the others by score, highest first, equal scores sharing a rank (1, 2, 2, 4), and
    without scores every other player just after the winners.
    """
    winners = {s for s in play.result.get("winners", []) if isinstance(s, int)}
    rows = {r.get("seat"): r for r in play.result.get("rows", []) if isinstance(r, dict)}
    starter = play.result.get("starter")
    found = []
    for seat, name in enumerate(play.players):
        row = rows.get(seat, {})
        score = row.get("score")
        found.append(
            {
                "seat": seat,
                "player": name,
                "side": side_of(row),
                "score": score if _number(score) else None,
                "winner": seat in winners,
                "place": _place(row),
                "start": type(starter) is int and starter == seat,
            }
        )
    won = sum(1 for f in found if f["winner"])
    for entry in found:
        place = entry.pop("place")
        if place is not None:
            entry["rank"] = place
            continue
        if entry["winner"]:
            entry["rank"] = 1
            continue
        better = sum(
            1
            for other in found
            if not other["winner"]
            and entry["score"] is not None
            and other["score"] is not None
            and other["score"] > entry["score"]
        )
        entry["rank"] = won + better + 1
    return found


def has_points(play: Play) -> bool:
    """Does the play give players points (rather than only winners, or a marker's place
    as Sun Tzu's result is)?"""
    game = GAMES.get(play.game_id)
    if game is not None and not game.points:
        return False
    return any(entry["score"] is not None for entry in standings(play))


def decided_by(play: Play, tr: Translate) -> str:
    """The tie-break that decided the play, translated ("" when the score alone did)."""
    found = play.result.get("decided_by")
    return tr(found) if found else ""


# -- CSV ----------------------------------------------------------------------------------


# What a spreadsheet app reads as the start of a formula (OWASP's CSV injection advice).
FORMULA_STARTS = frozenset("=+-@\t\r\n")
# What a spreadsheet may skip before it looks for a formula: spaces, controls, zero-width and
# bidi characters (Cf), separators, combining marks, and characters that draw nothing.
INVISIBLE = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp", "Mn", "Me", "Cn"})
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _lead(text: str) -> str:
    """The first character of ``text`` that a person would see, in NFKC form ("＝" is "=")."""
    for ch in unicodedata.normalize("NFKC", text):
        if ch.isspace() or ch in BLANKS or unicodedata.category(ch) in INVISIBLE:
            continue
        return ch
    return ""


def _cell(value: Any) -> str:
    """One CSV cell, never a formula: a text whose first visible character would start one
    (or that starts with a tab or line break) gets a leading ``'``.

    Numbers stay numbers: an int or float from the result (a score of -3) cannot hold a
    formula, and prefixing it would make the spreadsheet read it as text and stop summing it.
    A *text* that looks like a number ("-3" as a name) is still prefixed.

    >>> [_cell(v) for v in (-3, 2.5, None, "Ann", "-3", " =1+1", "\\u200b=1+1", "\\uff1d1+1")]
    ['-3', '2.5', '', 'Ann', "'-3", "' =1+1", "'\\u200b=1+1", "'\\uff1d1+1"]
    >>> _cell("\\n=1+1"), _cell("\\t@SUM(A1)"), _cell("x;=1+1"), _cell(float("-inf"))
    ("'\\n=1+1", "'\\t@SUM(A1)", 'x;=1+1', "'-inf")
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int) or (isinstance(value, float) and math.isfinite(value)):
        return str(value)
    text = str(value)  # "-inf" is a text, and prefixed like one
    if text[:1] in FORMULA_STARTS or _lead(text) in FORMULA_STARTS:
        return "'" + text
    return text


def to_csv(plays: Iterable[Play], tr: Translate, tz: tzinfo | None = None) -> bytes:
    """One row per player per play (CSV_COLUMNS), UTF-8 with a BOM so spreadsheet apps
    read Chinese names right."""
    out = io.StringIO()
    # Every cell quoted, so a separator inside one (a ";" where a spreadsheet's locale splits
    # on it) never starts a new cell that could hold a formula.
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    writer.writerow(CSV_COLUMNS)
    for play in plays:
        tied = decided_by(play, tr)
        timed = play.clocks()  # each seat's time and longest turn, if the table kept clocks
        for entry in standings(play):
            clock = timed[entry["seat"]] if timed else {}
            row = [
                play.table_id,
                play.game_id,
                tr(game_name(play.game_id)),
                local_date(play.ended, tz),
                duration_min(play),
                entry["seat"] + 1,
                entry["player"],
                tr(entry["side"]) if entry["side"] is not None else "",
                entry["score"],
                entry["rank"],
                entry["winner"],
                tied,
                clock.get("seconds"),
                clock.get("longest"),
            ]
            writer.writerow([_cell(value) for value in row])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


# -- JSON ---------------------------------------------------------------------------------


def play_data(play: Play, tr: Translate, tz: tzinfo | None = None) -> dict[str, Any]:
    """One play as data: the outcome as stored (Texts as [msgid, params]) and translated."""
    result = play.result
    return {
        "id": play.table_id,
        "game": play.game_id,
        "game_name": tr(game_name(play.game_id)),
        "players": list(play.players),
        "options": play.options,
        "created": play.created,
        "ended": play.ended,
        "date": local_date(play.ended, tz),
        "duration_min": duration_min(play),
        "hidden": play.hidden,
        "result": result,
        "result_text": {
            "headline": tr(result.get("headline")),
            "reason": tr(result.get("reason")),
            "decided_by": decided_by(play, tr),
            "rows": [
                {
                    "seat": row.get("seat"),
                    "label": tr(row.get("label")),
                    "score": row.get("score"),
                    "won": bool(row.get("won")),
                    "lines": [tr(line) for line in row.get("lines", [])],
                }
                for row in result.get("rows", [])
                if isinstance(row, dict)
            ],
        },
        "standings": [
            {**entry, "side_text": tr(entry["side"]) if entry["side"] is not None else None}
            for entry in standings(play)
        ],
    }


def to_json(
    plays: Iterable[Play],
    tr: Translate,
    language: str,
    exported_at: float,
    tz: tzinfo | None = None,
) -> dict[str, Any]:
    """The archive as data, with its format and version (docs/exports.md)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": local_date(exported_at, tz),
        "language": language,
        "plays": [play_data(play, tr, tz) for play in plays],
    }


# -- reading an exported archive back -----------------------------------------------------


def _bad(message: str, **params: Any) -> BadInput:
    return BadInput("bad_archive", message, **params)


def _play_from(found: schema.PlayIn, n: int, now: float) -> Play:
    """Play ``n`` (from 1) of the file, as the schema read it, once the checks the types
    cannot make hold; its names normalised as a table's are."""
    problem = schema.check_play(found, now)
    if problem == "times":
        raise _bad(N_("Play {n} in the file has no valid times."), n=n)
    if problem is not None:
        raise _bad(N_("Play {n} in the file names a seat it does not have."), n=n)
    players = [normalise_name(name) for name in found.players]
    if not all(players):
        raise _bad(N_("Play {n} in the file has no valid list of players."), n=n)
    return Play(
        table_id=found.id,
        game_id=found.game,
        players=players,
        options=dict(found.options),
        created=found.created,
        ended=found.ended,
        result=schema.stored_result(found.result),
        hidden=found.hidden,
    )


def _too_many(n: int, max_plays: int) -> schema.TooLarge:
    return schema.TooLarge(
        "too_many_plays",
        N_("That file holds {n} plays; this server takes at most {max} at once."),
        n=n,
        max=max_plays,
    )


def _refusal(err: ValidationError, max_plays: int) -> BadInput:
    """What is wrong with the file's plays, by the first place the schema refused."""
    first = err.errors()[0]
    loc = tuple(first["loc"])
    if loc == ("plays",) and first["type"] == "too_long":
        return _too_many(int(first.get("ctx", {}).get("actual_length", 0)), max_plays)
    if len(loc) >= 2 and loc[0] == "plays" and isinstance(loc[1], int):
        if len(loc) == 2:
            return _bad(N_("A play in the file is not readable."))
        return _bad(
            N_("Play {n} in the file is not valid (at {where})."),
            n=loc[1] + 1,
            where=schema.where(loc[2:]),
        )
    return _bad(N_("That file is not a JSON archive of plays."))


def parse_archive(data: bytes, now: float | None = None, max_plays: int = MAX_PLAYS) -> list[Play]:
    """The plays of an exported JSON archive, or a BadInput that says what is wrong.

    Checked by a schema before anything is kept (``archive_schema``): the archive's format
    and version first, then its plays (at most ``max_plays``, else a ``TooLarge``). Deep
    nesting is refused by the parser, which stops at a fixed depth without recursing.
    ``now`` (default: the clock) is when the import happens; no play may end more than a day
    after it.
    """
    now = time.time() if now is None else now
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a BOM, as a spreadsheet or an editor may have added
    try:
        header = schema.read_header(data)
    except ValidationError:
        raise _bad(N_("That file is not a JSON archive of plays.")) from None
    if header.format != FORMAT:
        raise _bad(N_("That file is not a JSON archive of plays."))
    if header.version != VERSION:
        raise _bad(
            N_("That archive has format version {got}; this server reads version {want}."),
            got=str(header.version),
            want=str(VERSION),
        )
    try:
        plays = schema.read_plays(data)
    except ValidationError as err:
        raise _refusal(err, max_plays) from None
    if len(plays) > max_plays:
        raise _too_many(len(plays), max_plays)
    return [_play_from(found, n, now) for n, found in enumerate(plays, 1)]


# -- BG Stats -----------------------------------------------------------------------------


def bgstats_date(ts: float, tz: tzinfo | None = None) -> str:
    """When a play ended as BG Stats' ``playDate`` wants it: "YYYY-MM-DD HH:MM:SS" in the
    local time of the table (``tz``, default the server's, which sits at the table), as the
    player would write it in the app, with no zone.

    >>> bgstats_date(0, UTC)
    '1970-01-01 00:00:00'
    """
    return datetime.fromtimestamp(ts, tz or UTC).astimezone(tz).strftime("%Y-%m-%d %H:%M:%S")


def bgstats_play(play: Play, tr: Translate, tz: tzinfo | None = None) -> dict[str, Any]:
    """The play as BG Stats takes a play pushed by another app (docs/exports.md)."""
    points = has_points(play)
    game: dict[str, Any] = {
        "highestWins": True,
        "name": tr(game_name(play.game_id)),
        "noPoints": not points,
        "sourceGameId": play.game_id,
    }
    if play.game_id in BGG_IDS:
        game["bggId"] = BGG_IDS[play.game_id]
    players = []
    for entry in standings(play):
        player: dict[str, Any] = {
            "name": entry["player"],
            "rank": entry["rank"],
            # The seat the game's result names as having begun (none in Sun Tzu, whose
            # rounds are simultaneous, nor in a play stored before results said so).
            "startPlayer": entry["start"],
            "sourcePlayerId": key(entry["player"]),
            "winner": entry["winner"],
        }
        if entry["side"] is not None:
            player["role"] = tr(entry["side"])
        if points and entry["score"] is not None:
            player["score"] = entry["score"]
        players.append(player)
    result = play.result
    texts = (tr(result.get("headline")), decided_by(play, tr), tr(result.get("reason")))
    comments = "\n".join(t for t in texts if t)
    return {
        "board": "",
        "comments": comments,
        "durationMin": duration_min(play),
        "game": game,
        "location": "",
        "playDate": bgstats_date(play.ended, tz),
        "players": players,
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.table_id,
    }


def bgstats_url(play: Play, tr: Translate, tz: tzinfo | None = None) -> str:
    """The link that opens BG Stats with this play filled in."""
    data = json.dumps(bgstats_play(play, tr, tz), ensure_ascii=False, separators=(",", ":"))
    return f"{BGSTATS_URL}?data={quote(data, safe='')}"


# -- a seat's receipt ---------------------------------------------------------------------


def notes_of(tables: Tables, table_id: str, seat: int) -> str:
    """The seat's own notes, for that seat's receipt only (the one read of them here)."""
    return seat_notes.read(tables.store, table_id, seat)


def receipt(play: Play, seat: int, notes: str, tr: Translate, tz: tzinfo | None = None) -> str:
    """One seat's receipt as plain text: the game, its date, the seat's own line of the
    scoring, and the seat's notes. Nothing of any other seat's."""
    row = next((r for r in play.rows() if r.get("seat") == seat), None)
    entry = next(e for e in standings(play) if e["seat"] == seat)
    lines = [
        f"{SOURCE_NAME}: {tr(game_name(play.game_id))}",
        local_date(play.ended, tz),
        tr([N_("{name}, seat {n}"), {"name": play.players[seat], "n": seat + 1}]),
        "",
        tr(play.result.get("headline")),
    ]
    if row is not None:
        score = "" if row.get("score") is None else f": {row['score']}"
        lines.append(f"{tr(row.get('label'))}{score}")
        lines += [f"  - {tr(line)}" for line in row.get("lines", [])]
    lines.append(tr(N_("You won.")) if entry["winner"] else tr(N_("You did not win.")))
    lines.append("")
    lines.append(tr(N_("Notes you kept on your phone")))
    lines.append(notes.strip() or tr(N_("(no notes)")))
    return "\n".join(lines) + "\n"
