"""Bounded counters and tracks, and the one correction every game logs the same way.

A counter is a number the table keeps on the board (honor, health, money, a score track),
declared once with its bounds. A correction sets it to what the physical table shows, checked
against those bounds, and is logged as what changed, from -> to, and who changed it:
"Table screen: Ann's honor 3 → 2". Whatever the game derives from the counter (a trigger,
the end scoring) reads the corrected value, because the correction changes the state itself.

>>> honor = Counter("honor", "Honor", lo=0, hi=10, get=lambda s, seat: s["honor"][seat],
...                 put=lambda s, seat, v: s["honor"].__setitem__(seat, v))
>>> state = {"honor": [3, 4]}
>>> event = correct(state, honor, 0, 2, by=None)
>>> event["counter"], event["seat"], event["before"], event["after"], event["by"]
('honor', 0, 3, 2, None)
>>> state["honor"]
[2, 4]
>>> correct(state, honor, 1, 11, by=None)
Traceback (most recent call last):
...
companion.errors.BadValue: Honor must be between 0 and 10.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...errors import BadValue
from ...text import N_, T, Text
from .contract import Actor, Event, State
from .lines import who as who_did


@dataclass(frozen=True)
class Counter:
    """A number on the board: ``get(state, seat)`` / ``put(state, seat, value)`` reach it (seat
    None for a counter of the whole table); ``hi`` may depend on the state."""

    name: str
    label: str | Text  # a msgid, or a Text when the label names something (a city)
    lo: int
    hi: int | Callable[[State, int | None], int]
    get: Callable[[State, int | None], int]
    put: Callable[[State, int | None, int], None]

    def bounds(self, state: State, seat: int | None) -> tuple[int, int]:
        hi = self.hi(state, seat) if callable(self.hi) else self.hi
        return self.lo, hi


def correct(state: State, counter: Counter, seat: int | None, to: int, by: Actor) -> Event:
    """Set ``counter`` to ``to`` as the table shows it; the event says from -> to, and who."""
    lo, hi = counter.bounds(state, seat)
    if not lo <= to <= hi:
        raise BadValue(
            "out_of_bounds",
            N_("{counter_t} must be between {lo} and {hi}."),
            counter_t=counter.label,
            lo=lo,
            hi=hi,
        )
    before = counter.get(state, seat)
    counter.put(state, seat, to)
    return {
        "type": "Corrected",
        "counter": counter.name,
        "label": counter.label,
        "seat": seat,
        # Not "to": that key says which seats alone may read an event.
        "before": before,
        "after": to,
        "by": by,
    }


def correction_line(event: Event, players: list[str]) -> Text:
    """ "Table screen: Ann's honor 3 → 2" (or "Ann: …" when a seat corrected its own)."""
    who = who_did(event, players)
    seat = event.get("seat")
    if seat is None:
        return T(
            "{who_t}: {counter_t} {before} → {after}",
            who_t=who,
            counter_t=event["label"],
            before=event["before"],
            after=event["after"],
        )
    return T(
        "{who_t}: {name}'s {counter_t} {before} → {after}",
        who_t=who,
        name=players[seat],
        counter_t=event["label"],
        before=event["before"],
        after=event["after"],
    )
