"""The table's clocks: how long the table has waited on each seat, folded from the log's times.

The log is the truth here too: each active row has its time (``at``). For each span between
two consecutive active rows, the seats the table waited on after the earlier row are charged
the span: the seat whose turn it was, or every seat of an open sealed round that had not
locked yet (they choose at once). Nobody is charged

- while the table is paused (a ``clock`` note, the host's one Pause/Resume), and
- for a span that ends at an undo or a redo: the undone turn's time counts for nobody.

The fold is kept on the loaded table and moved on per applied row (``step``), rebuilt with
the table from its log, never re-folded per request. The span still open (since the last
active row) runs live: ``reading(now)`` adds it. The clock never acts for anyone.

>>> c = Clocks.start(3)
>>> c.step(100.0, (1,))          # Ann acted; the table waits on Bo
>>> c.step(130.0, (2,))          # Bo acted after 30 s; now Cy
>>> c.reading(140.0).seconds, c.reading(140.0).running
([0, 30, 10], [2])
>>> c.step(150.0, (2,), cursor=True)  # an undo: the span that ends here counts for nobody
>>> c.reading(150.0).seconds
[0, 30, 0]
"""

from __future__ import annotations

import math
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

from ..games.kit import Game, State
from ..games.kit.clocks import clocks_on, waited_on
from ..store.log import ActionRow
from . import notes

CLOCK_NOTE = "clock"  # the note of the host's Pause or Resume
CURSOR_NOTES = ("undo", "redo")


@dataclass(frozen=True)
class Reading:
    """The clocks as of ``now``: whole seconds per seat (the open span included), who is
    running, each seat's longest turn, and for each running seat its current turn."""

    seconds: list[int]
    running: list[int]
    longest: list[int]
    paused: bool
    waiting: list[int]  # whom the table waits on (also while paused)
    turn: dict[int, int]  # a waited-on seat -> seconds of its current turn so far
    open_for: int  # seconds into the open span (0 while paused)
    closed: list[int] = field(default_factory=list)  # per seat, before the open span


@dataclass
class Clocks:
    """The fold of the log's times (see the module's docstring). Seconds are floats here;
    a ``Reading`` rounds them down for display."""

    totals: list[float]
    longest: list[float]
    run: list[float]  # each seat's current turn so far: time it has been waited on unbroken
    since: float | None = None  # the last active row's time: the open span's start
    waiting: tuple[int, ...] = ()  # whom the table waited on after that row
    paused: bool = False

    @classmethod
    def start(cls, seats: int) -> Clocks:
        return cls([0.0] * seats, [0.0] * seats, [0.0] * seats)

    def step(
        self,
        at: float | None,
        waiting: tuple[int, ...],
        *,
        cursor: bool = False,
        paused: bool | None = None,
    ) -> None:
        """One more active row at ``at``, after which the table waits on ``waiting``.
        ``cursor``: the row is an undo or a redo; ``paused``: a Pause (True) or Resume."""
        if at is None:  # a row without a time (never written so): it moves nothing
            return
        if self.since is not None and not self.paused and not cursor:
            span = max(0.0, at - self.since)
            for seat in self.waiting:
                self.totals[seat] += span
                self.run[seat] += span
                self.longest[seat] = max(self.longest[seat], self.run[seat])
        for seat in range(len(self.run)):
            if seat not in waiting:
                self.run[seat] = 0.0  # its turn ended (a seat waited on again starts anew)
        if cursor:
            # The undone (or redone) turn's time counts for nobody: the turn starts again.
            self.run = [0.0] * len(self.run)
        if paused is not None:
            self.paused = paused
        self.since = max(at, self.since or at)
        self.waiting = waiting

    def reading(self, now: float) -> Reading:
        """The clocks as of ``now`` (the open span runs unless paused)."""
        open_for = 0.0
        if self.since is not None and not self.paused:
            open_for = max(0.0, now - self.since)
        seconds, longest, turn = [], [], {}
        for seat, total in enumerate(self.totals):
            live = open_for if seat in self.waiting else 0.0
            seconds.append(math.floor(total + live))
            longest.append(math.floor(max(self.longest[seat], self.run[seat] + live)))
            if seat in self.waiting:
                turn[seat] = math.floor(self.run[seat] + live)
        running = [] if self.paused or self.since is None else sorted(self.waiting)
        return Reading(
            seconds=seconds,
            running=running,
            longest=longest,
            paused=self.paused,
            waiting=sorted(self.waiting),
            turn=turn,
            open_for=math.floor(open_for),
            closed=[math.floor(t) for t in self.totals],
        )


def begin(options: dict[str, Any], seats: int) -> Clocks | None:
    """A new table's clocks (None when the table keeps none)."""
    return Clocks.start(seats) if clocks_on(options) else None


def started(clocks: Clocks | None, at: float | None, game: Game, state: State) -> None:
    """The clocks start when the table is set up (``at``): the table waits on its first
    seat(s) from then, before anything is logged."""
    if clocks is not None and not game.over(state):
        clocks.step(at, waited_on(game.allowed, state))


def follow(clocks: Clocks | None, row: ActionRow, game: Game, state: State) -> None:
    """Move the clocks on by one active log row, ``state`` being the game after it (a game
    that is over waits on nobody)."""
    if clocks is None or row.undone:
        return
    kind = row.action.get("type") if row.is_note else None
    if row.is_note and kind not in CURSOR_NOTES and kind != CLOCK_NOTE:
        return  # a claim or a new code: the table waits on the same seats, unbroken
    paused = bool(row.action.get("paused")) if kind == CLOCK_NOTE else None
    waiting = () if game.over(state) else waited_on(game.allowed, state)
    clocks.step(row.at, waiting, cursor=kind in CURSOR_NOTES, paused=paused)


def archived(outcome: Any, clocks: Clocks | None, at: float, ending: bool = True) -> Any:
    """The play's record as the archive keeps it: the outcome, with each seat's total and
    longest turn when the table kept clocks. ``ending``: the row at ``at`` ends the game
    (its span is charged first); else the game already ended in ``clocks``."""
    if outcome is None or clocks is None:
        return outcome
    final = deepcopy(clocks)
    if ending:
        final.step(at, ())
    reading = final.reading(at)
    return {**outcome, "clocks": {"seconds": reading.seconds, "longest": reading.longest}}


def pause_note(paused: bool) -> notes.Note:
    """The host paused (or resumed) every clock: a permanent line of the history."""
    event = {"type": "ClocksPaused" if paused else "ClocksResumed"}
    return None, {"type": CLOCK_NOTE, "paused": paused}, [event]
