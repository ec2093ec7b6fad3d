"""The table's notes: the permanent lines of the history that are not moves of the game.

A seat opened on a phone, a seat given a new code, an undo, a redo. Each is a row of the log
that no undo removes and that takes no part in the game's state, so nothing about a seat
changes hands, and nothing is taken back, without every screen saying so. Notes carry seats
and the events they concern, never names or display text: ``describe`` fills names in from
the seats when a line is shown.

>>> _, action, events = claimed(1, 2, at=0)
>>> action, events[0]["type"], events[0]["phones"]
({'type': 'claim', 'seat': 1}, 'SeatClaimed', 2)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..games.kit import Actor, Event, Game, sealed
from ..text import N_, T, Text, as_is

Note = tuple[Actor, dict[str, Any], list[Event]]
NOTE_EVENTS = frozenset(
    {
        "SeatClaimed",
        "SeatReissued",
        "Undone",
        "Redone",
        "UndoneYours",
        "RedoneYours",
        "ClocksPaused",
        "ClocksResumed",
    }
)


def claimed(seat: int, phones: int, at: float | None = None, shared: bool = False) -> Note:
    """``seat`` was opened on a phone; ``phones`` phones have now held it. ``shared``: it is
    played by passing a shared device (the table screen) round, with no phone of its own."""
    event = {"type": "SeatClaimed", "seat": seat, "phones": phones, "at": _now(at)}
    if shared:
        event["shared"] = True
    return seat, {"type": "claim", "seat": seat}, [event]


def reissued(seat: int, held: bool, at: float | None = None) -> Note:
    """The host gave ``seat`` a new code; ``held``: a phone held it and is now locked out."""
    event = {"type": "SeatReissued", "seat": seat, "held": held, "at": _now(at)}
    return None, {"type": "reissue", "seat": seat}, [event]


def cursor_moved(row: Any, by: Actor, undo: bool) -> Note:
    """``by`` undid (or redid) the log row ``row`` (an ``ActionRow``).

    The public line names what changed from the row's public events only. Each seat that had
    private lines in that row (other than the one who undid it) is told, on its own phone,
    which of its lines went: the host never takes back a seat's hidden input unseen.
    """
    kind = "Undone" if undo else "Redone"
    public = [e for e in row.events if "to" not in e]
    events: list[Event] = [
        {"type": kind, "by": by, "owner": row.actor, "target": row.seq, "events": public}
    ]
    owners = sorted({s for e in row.events for s in e.get("to", ()) if s != by})
    if row.actor is not None and row.actor != by and row.actor not in owners:
        owners.append(row.actor)
    for seat in owners:
        mine = [e for e in row.events if seat in e.get("to", ())]
        events.append({"type": f"{kind}Yours", "by": by, "to": [seat], "events": mine})
    return by, {"type": "undo" if undo else "redo", "target": row.seq}, events


def _now(at: float | None) -> float:
    return round(time.time() if at is None else at, 1)


def clock(at: float) -> str:
    """The server's local time of day, as a person reads it on a history line."""
    return time.strftime("%H:%M", time.localtime(at))


def describe(event: Event, players: list[str], inner: Callable[[Event], Text]) -> Text | None:
    """The history line of a note's event (None for any other event).

    ``inner`` describes the game's own events that an undo or redo names.
    """
    kind = event.get("type")
    if kind not in NOTE_EVENTS:
        return None
    if kind == "SeatClaimed":
        name = players[event["seat"]]
        if event.get("shared"):
            return T(
                "{time} {name} plays on the shared screen: it is handed over for each turn",
                time=clock(event["at"]),
                name=name,
            )
        if event.get("phones", 1) <= 1:
            return T(
                "{time} {name}'s seat was opened on a phone", time=clock(event["at"]), name=name
            )
        return T(
            "{time} {name}'s seat was opened on a new phone ({n} phones have held it)",
            time=clock(event["at"]),
            name=name,
            n=event["phones"],
        )
    if kind == "ClocksPaused":
        return T("The host paused the clocks")
    if kind == "ClocksResumed":
        return T("The host restarted the clocks")
    if kind == "SeatReissued":
        name = players[event["seat"]]
        if event.get("held"):
            return T(
                "{time} The host gave {name}'s seat a new code: the phone that held it is"
                " locked out",
                time=clock(event["at"]),
                name=name,
            )
        return T(
            "{time} The host gave {name}'s seat a new code", time=clock(event["at"]), name=name
        )
    return _cursor_line(event, players, inner)


def game_line(game: Game, players: list[str], event: Event) -> Text:
    """The history line of one of the game's own events: a sealed round's, or the game's."""
    line = sealed.describe(event, players)
    return line if line is not None else game.describe(event, players)


def _who(by: Actor, players: list[str]) -> Text:
    """Who did it, as a Text: the host's phrase is translated, a player's name never is."""
    return T("the table screen") if by is None else as_is(players[by])


# (undone rather than brought back?, what the line can name) -> its msgid.
CURSOR_LINES = {
    (True, "yours"): N_("Your last action was undone by {who_t}"),
    (False, "yours"): N_("Your last action was brought back by {who_t}"),
    (True, "yours, what"): N_("Your hidden action was undone by {who_t}: {what_t}"),
    (False, "yours, what"): N_("Your hidden action was brought back by {who_t}: {what_t}"),
    (True, "what"): N_("Undone by {who_t}: {what_t}"),
    (False, "what"): N_("Redone by {who_t}: {what_t}"),
    (True, "what and more"): N_("Undone by {who_t}: {what_t} (and {more} more)"),
    (False, "what and more"): N_("Redone by {who_t}: {what_t} (and {more} more)"),
    (True, "hidden"): N_("A hidden action was undone by {who_t}"),
    (False, "hidden"): N_("A hidden action was brought back by {who_t}"),
    (True, "someone's hidden"): N_("{name}'s hidden choice was undone by {who_t}"),
    (False, "someone's hidden"): N_("{name}'s hidden choice was brought back by {who_t}"),
}


def _cursor_line(event: Event, players: list[str], inner: Callable[[Event], Text]) -> Text:
    """An undo's or redo's line: what it took back (its first public line, or, told to its
    owner alone, its private one), else whose hidden action it was; and who did it."""
    lines = [inner(e) for e in event.get("events", ())]
    owner = event.get("owner")
    if event["type"].endswith("Yours"):
        case = "yours, what" if lines else "yours"
    else:
        case = _public_case(lines, owner)
    msgid = CURSOR_LINES[(event["type"].startswith("Undone"), case)]
    values = {
        "who_t": _who(event.get("by"), players),
        "what_t": lines[0] if lines else "",
        "more": len(lines) - 1,
        "name": "" if owner is None else players[owner],
    }
    # Only the placeholders this line has, so a line's data stays what it says.
    return T(msgid, **{k: v for k, v in values.items() if "{" + k + "}" in msgid})


def _public_case(lines: list[Text], owner: Actor) -> str:
    """Which public words name a row: its public line(s), else whose hidden action it was."""
    if lines:
        return "what" if len(lines) == 1 else "what and more"
    return "hidden" if owner is None else "someone's hidden"


# What an Undo or Redo button names before the tap, in the words the undo's history line
# will use: from the row's public lines only, so a label tells nobody anything new. (One
# public line is named as it is.)
LABELS = {
    "what and more": N_("{what_t} (and {more} more)"),
    "hidden": N_("a hidden action"),
    "someone's hidden": N_("{name}'s hidden choice"),
    "your hidden": N_("your hidden choice"),
}


def _label(lines: list[Text], owner: Actor, players: list[str], own: bool = False) -> Text:
    case = _public_case(lines, owner)
    if case == "what":
        return lines[0]
    if own and case == "someone's hidden":
        case = "your hidden"
    msgid = LABELS[case]
    values = {
        "what_t": lines[0] if lines else "",
        "more": len(lines) - 1,
        "name": "" if owner is None else players[owner],
    }
    return T(msgid, **{k: v for k, v in values.items() if "{" + k + "}" in msgid})


def cursor_label(
    row: Any, players: list[str], inner: Callable[[Event], Text], own: bool = False
) -> Text:
    """What undoing (or redoing) the log row ``row`` takes back, in public words: its first
    public line (and how many more), else whose hidden choice it was, the same words
    whatever the choice. ``own``: for the phone of the seat that made it ("your hidden
    choice"); the phone lies face up, so its button never shows the choice itself.

    >>> class Row: actor, events = 1, [{"type": "Secret", "to": [1], "n": 7}]
    >>> cursor_label(Row, ["Ann", "Bo"], lambda e: T("..."))
    ["{name}'s hidden choice", {'name': 'Bo'}]
    """
    lines = [inner(e) for e in row.events if "to" not in e]
    return _label(lines, row.actor, players, own)


# The line a phone shows (and toasts once) when someone else took back or brought back its
# own input: in public words only, as the phone lies face up on the table; its private notes
# keep what the input was. (A host's action with a private line for a seat is not told on
# the phone's face: which seats it concerned may itself be hidden. Its private line is.)
NOTICES = {
    (True, "your hidden"): N_("Your hidden choice was undone by {who_t}"),
    (False, "your hidden"): N_("Your hidden choice was brought back by {who_t}"),
    (True, "yours"): N_("Your input was undone by {who_t}: {what_t}"),
    (False, "yours"): N_("Your input was brought back by {who_t}: {what_t}"),
}


def seat_notice(
    rows: list[Any], seat: int, players: list[str], inner: Callable[[Event], Text]
) -> tuple[int, Text] | None:
    """The newest undo or redo by someone else of ``seat``'s own input, as (the note's seq,
    its line), until the seat acts again; None if there is none among ``rows`` (the recent
    log, oldest first)."""
    for row in reversed(rows):
        if not row.is_note:
            if row.undone == 0 and row.actor == seat:
                return None  # the seat has acted since: it sees the table as it is
            continue
        moved = row.events[0] if row.events else {}
        if moved.get("type") not in ("Undone", "Redone") or moved.get("owner") != seat:
            continue
        if moved.get("by") == seat:
            continue  # its own undo: it knows
        lines = [inner(e) for e in moved.get("events", ())]
        msgid = NOTICES[(moved["type"] == "Undone", "yours" if lines else "your hidden")]
        values = {"who_t": _who(moved.get("by"), players), "what_t": _label(lines, seat, players)}
        return row.seq, T(msgid, **{k: v for k, v in values.items() if "{" + k + "}" in msgid})
    return None
