"""The schema of an imported archive: what a play from another server may hold, with bounds.

Data from outside is checked before it is stored (docs/exports.md, "Import"). An exported
archive is read with pydantic, strictly ("5" is no number), against the types below: every
number has a range, every string and list a length, every text a fixed depth (a ``Text`` is
``[msgid, params]`` whose params may be Texts two levels down, no further), ids and game ids
a fixed alphabet. What the types cannot say (a time not in the future, a winner that is one
of the players) is checked by ``check_play`` right after. Deep nesting is refused by the
JSON parser itself (pydantic's, written in Rust, stops at a fixed depth of a couple of hundred
levels and never recurses in Python), so a file of a hundred thousand brackets costs next to
nothing; the types then allow only their own fixed depth.

A valid play is stored as the JSON dump of its ``Result``: every key the pages read is
present (a row without ``won`` gets ``won: false``), and nothing else is kept.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from ..errors import BadInput

MAX_PLAYS = 5_000  # plays in one file; the app's IMPORT_MAX_PLAYS may take fewer
MAX_PLAYERS = 20
MAX_ROWS = 40  # one per player, then one per team
MAX_LINES = 40  # the arithmetic of one score row
MAX_PARAMS = 16
MAX_OPTIONS = 32
MAX_PLAYER_NAME = 100  # as typed; normalise_name cuts it to what the app shows
EARLIEST = 946_684_800.0  # 2000-01-01 UTC: no play of this app is older
LATEST = 4_102_444_800.0  # 2100-01-01 UTC: the schema's bound; check_play asks for "by tomorrow"
FUTURE_SLACK = 24 * 60 * 60  # another server's clock may be a little ahead of ours
MAX_NUMBER = 10**12  # a param's number (a count, a total)
MAX_SCORE = 10**9

# Identifiers: a table id is URL-safe base64, once prefixed by the server it was imported to.
PLAY_ID = r"\A(?:imp\.)?[A-Za-z0-9_-]{1,64}\Z"
GAME_ID = r"\A[a-z0-9][a-z0-9_-]{0,39}\Z"
KEY = r"\A[A-Za-z_][A-Za-z0-9_]{0,39}\Z"
# A msgid is a format string whose placeholders only name a parameter ("{name}"): never an
# attribute, an index, a conversion or a width ("{n.__class__}", "{n:>20000000}").
MSGID = r"\A(?:[^{}]|\{\{|\}\}|\{[A-Za-z_][A-Za-z0-9_]{0,39}\})*\Z"

Msgid = Annotated[str, Field(max_length=500, pattern=MSGID)]
Key = Annotated[str, Field(pattern=KEY)]
Short = Annotated[str, Field(max_length=200)]
Int = Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
Float = Annotated[float, Field(ge=-MAX_NUMBER, le=MAX_NUMBER, allow_inf_nan=False)]
Scalar = Short | Int | Float | bool | None
Seat = Annotated[int, Field(ge=0, lt=MAX_PLAYERS)]
Time = Annotated[float, Field(ge=EARLIEST, le=LATEST, allow_inf_nan=False)]
Score = (
    Annotated[int, Field(ge=-MAX_SCORE, le=MAX_SCORE)]
    | Annotated[float, Field(ge=-MAX_SCORE, le=MAX_SCORE, allow_inf_nan=False)]
    | None
)

# The items of a list joined in the reader's language (``text.L``: names, numbers).
Items = Annotated[list[Short | Int], Field(max_length=MAX_PARAMS)]
# A Text three levels deep at most: [msgid, {k: [msgid, {k: [msgid, {k: scalar}]}]}].
Text2 = tuple[Msgid, Annotated[dict[Key, Scalar | Items], Field(max_length=MAX_PARAMS)]]
Text1 = tuple[Msgid, Annotated[dict[Key, Scalar | Text2], Field(max_length=MAX_PARAMS)]]
Text = Msgid | tuple[Msgid, Annotated[dict[Key, Scalar | Text1], Field(max_length=MAX_PARAMS)]]
Lines = Annotated[list[Text], Field(max_length=MAX_LINES)]

# Strict: "5" is no number and 1 no flag; Python's re for the patterns above (\A, \Z).
STRICT = ConfigDict(strict=True, extra="ignore", regex_engine="python-re")


class Row(BaseModel):
    """One score row: a seat (None for a team), its label, score, whether it won, its lines."""

    model_config = STRICT
    label: Text = ""
    seat: Seat | None = None
    score: Score = None
    won: bool = False
    lines: Lines = []
    place: Annotated[int, Field(ge=1, le=MAX_PLAYERS)] | None = None


class Clocks(BaseModel):
    """Each seat's time at the table and its longest turn, in whole seconds (optional: a
    table without clocks, or a file from before them, has none)."""

    model_config = STRICT
    seconds: Annotated[
        list[Annotated[int, Field(ge=0, le=MAX_NUMBER)]], Field(max_length=MAX_PLAYERS)
    ]
    longest: Annotated[
        list[Annotated[int, Field(ge=0, le=MAX_NUMBER)]], Field(max_length=MAX_PLAYERS)
    ]


class Result(BaseModel):
    """A play's outcome, as ``Outcome.as_dict`` serves it (``tiebreak``: a game's extra)."""

    model_config = STRICT
    reason: Text = ""
    headline: Text = ""
    winners: Annotated[list[Seat], Field(max_length=MAX_PLAYERS)] = []
    rows: Annotated[list[Row], Field(max_length=MAX_ROWS)] = []
    tiebreak: Lines = []
    decided_by: Text | None = None
    starter: Seat | None = None
    clocks: Clocks | None = None


class PlayIn(BaseModel):
    """One play of an exported archive (the fields an export adds for people are skipped)."""

    model_config = STRICT
    id: Annotated[str, Field(pattern=PLAY_ID)]
    game: Annotated[str, Field(pattern=GAME_ID)]
    players: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=MAX_PLAYER_NAME)]],
        Field(min_length=1, max_length=MAX_PLAYERS),
    ]
    created: Time
    ended: Time
    result: Result
    options: Annotated[dict[Key, Scalar], Field(max_length=MAX_OPTIONS)] = {}
    hidden: bool = False


class Header(BaseModel):
    """The archive around its plays: read first, so a wrong format or version says so."""

    model_config = STRICT
    format: Annotated[str, Field(max_length=64)] = ""
    version: Annotated[int, Field(ge=-(10**9), le=10**9)] | Short | None = None


class Archive(BaseModel):
    """The archive's plays, once its format and version are known to be right."""

    model_config = STRICT
    plays: Annotated[list[PlayIn], Field(max_length=MAX_PLAYS)]


_HEADER = TypeAdapter(Header)
_ARCHIVE = TypeAdapter(Archive)


def where(loc: tuple[int | str, ...]) -> str:
    """A place in the file (``$.result.rows[0].score``) in a safe alphabet: a refusal repeats
    no text of the file (a key that is not a plain name is shown as ``?``)."""
    path = "$"
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += "." + (part if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,39}", part) else "?")
    return path[:80]


def read_header(data: bytes) -> Header:
    """The archive's format and version (raises ``ValidationError``)."""
    return _HEADER.validate_json(data)


def read_plays(data: bytes) -> list[PlayIn]:
    """The archive's plays, each checked by ``PlayIn`` (raises ``ValidationError``)."""
    return _ARCHIVE.validate_json(data).plays


def check_play(play: PlayIn, now: float) -> str | None:
    """What the types cannot say about ``play``, or None when it holds."""
    if not play.created <= play.ended <= now + FUTURE_SLACK:
        return "times"
    seats = len(play.players)
    if any(s >= seats for s in play.result.winners) or any(
        r.seat is not None and r.seat >= seats for r in play.result.rows
    ):
        return "seats"
    return None


def stored_result(result: Result) -> dict[str, Any]:
    """The result as data to store: plain JSON values, every key the pages read present."""
    return result.model_dump(mode="json")


class TooLarge(BadInput):
    """An import over a cap (plays in the file, or imported plays in all): a 413."""
