"""The table options every game has without writing them (the clocks), and whom a table
waits on: what the platform's clocks read of a game's state.

The clock never acts: it only says how long the table waited on whom. A game gets the
options from ``assemble``; an old table, stored before they existed, reads them as off.

>>> [o.name for o in CLOCK_OPTIONS], CLOCK_FALLBACKS
(['clocks', 'turn_limit'], {'clocks': False, 'turn_limit': 0})
>>> from companion.games.kit.allowed import Allowed
>>> allowed = Allowed({}, phase=lambda s: None, turn=lambda s: s["turn"])
>>> waited_on(allowed, {"turn": 1, "sealed": None})
(1,)
>>> waited_on(allowed, {"turn": 1, "sealed": {"seats": [0, 2], "locked": [True, False, False]}})
(2,)
>>> waited_on(len, {"turn": 1})
()
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...text import N_
from .allowed import Allowed
from .contract import Option, State

TURN_LIMIT_MAX = 3600  # an hour: a soft limit beyond that says nothing at a table

CLOCK_OPTIONS: tuple[Option, ...] = (
    Option.flag("clocks", N_("Clocks: time each player's turns"), False),
    Option.number("turn_limit", N_("Soft turn limit in seconds (0: none)"), 0, 0, TURN_LIMIT_MAX),
)
# What a table stored before the clocks existed reads: off, no limit.
CLOCK_FALLBACKS: dict[str, Any] = {o.name: o.default for o in CLOCK_OPTIONS}


def clocks_on(options: dict[str, Any]) -> bool:
    """Does this table keep clocks? (An old table has no such option: off.)"""
    return bool(options.get("clocks", CLOCK_FALLBACKS["clocks"]))


def turn_limit(options: dict[str, Any]) -> int:
    """The table's soft per-turn limit in seconds (0: none)."""
    value = options.get("turn_limit", CLOCK_FALLBACKS["turn_limit"])
    return value if isinstance(value, int) and value > 0 else 0


def waited_on(allowed: Any, state: State) -> tuple[int, ...]:
    """The seats the table waits on now, from public state only: while a sealed round is
    open, every seat in it that has not locked yet (they choose at once); else the seat
    whose turn it is, if the game has turns (an ``Allowed`` with a ``turn``); else nobody."""
    rnd = state.get("sealed") if isinstance(state, Mapping) else None
    if rnd:
        locked = rnd.get("locked") or []
        return tuple(s for s in rnd.get("seats", ()) if s >= len(locked) or not locked[s])
    if not isinstance(allowed, Allowed):
        return ()
    turn = allowed.turn(state)
    return (turn,) if isinstance(turn, int) else ()
