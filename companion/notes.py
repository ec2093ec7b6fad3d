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

from .games.kit import Actor, Event
from .text import N_, T, Text, as_is

Note = tuple[Actor, dict[str, Any], list[Event]]
NOTE_EVENTS = frozenset(
    {"SeatClaimed", "SeatReissued", "Undone", "Redone", "UndoneYours", "RedoneYours"}
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
    elif lines:
        case = "what" if len(lines) == 1 else "what and more"
    else:
        case = "hidden" if owner is None else "someone's hidden"
    msgid = CURSOR_LINES[(event["type"].startswith("Undone"), case)]
    values = {
        "who_t": _who(event.get("by"), players),
        "what_t": lines[0] if lines else "",
        "more": len(lines) - 1,
        "name": "" if owner is None else players[owner],
    }
    # Only the placeholders this line has, so a line's data stays what it says.
    return T(msgid, **{k: v for k, v in values.items() if "{" + k + "}" in msgid})
