"""Sealed simultaneous choices: each seat decides privately, everything is revealed at once.

A game opens a sealed round with ``open_round``; seats ``submit`` (and may change) a choice
until they ``lock`` it; the host may ``unlock`` a seat. When the last seat locks, the game's
resolver receives every choice at once (``reveal``) and the round closes.

The round lives in ``state["sealed"]``; its ``choices`` are the secret part. Views must be
built with ``public_view`` / ``seat_view`` only, so nobody (the host included) sees a choice
before the reveal. The reveal is a barrier: undo never steps back across it (the platform
asks ``reveals``), so nobody can choose again knowing everyone else's choice.

What happens at the reveal of a round is a plain function of the part of the game that owns
the round; the game's ``__init__`` registers them all in its ``Resolvers`` table by round name
(``ROUNDS.register({"bid": auction.bids_revealed})``), so no central function has to import
every part of the game to know what a round's reveal does.

>>> state = {"players": [{"name": "A"}, {"name": "B"}]}
>>> _ = open_round(state, "bid", [0, 1])
>>> _ = submit(state, 0, 5)
>>> public_view(state)["locked"], public_view(state)["submitted"]
([False, False], [True, False])
>>> _ = lock(state, 0); _ = submit(state, 1, 3); _ = lock(state, 1)
>>> all_locked(state), reveal(state), is_open(state)
(True, [5, 3], False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...errors import BadValue, NotAllowed, RulesError
from ...text import N_, T, Text
from .contract import Actor, Event, State


def open_round(state: State, name: str, seats: list[int], prompt: Text | None = None) -> Event:
    """Open a sealed round called ``name`` for ``seats``; returns the public event."""
    n = len(state["players"])
    state["sealed"] = {
        "name": name,
        "seats": sorted(seats),
        "choices": [None] * n,
        "submitted": [False] * n,
        "locked": [False] * n,
        "prompt": prompt,
    }
    return {"type": "SealedOpened", "name": name, "seats": sorted(seats)}


def is_open(state: State, name: str | None = None) -> bool:
    """Is a sealed round open (and, when ``name`` is given, that one)?"""
    rnd: dict[str, Any] | None = state.get("sealed")
    if not rnd:
        return False
    return name is None or bool(rnd["name"] == name)


def _round(state: State) -> dict[str, Any]:
    rnd: dict[str, Any] | None = state.get("sealed")
    if not rnd:
        raise RulesError("no_sealed_round", N_("Nothing is being chosen in secret right now."))
    return rnd


def _seat_in_round(rnd: dict[str, Any], actor: Actor) -> int:
    if actor is None or actor not in rnd["seats"]:
        raise NotAllowed("not_in_sealed_round", N_("Only the players choosing can do that."))
    return actor


def submit(state: State, actor: Actor, choice: Any) -> Event:
    """Record (or replace) ``actor``'s choice; refused once it is locked."""
    rnd = _round(state)
    seat = _seat_in_round(rnd, actor)
    if rnd["locked"][seat]:
        raise RulesError("choice_locked", N_("Your choice is locked. Ask the host to unlock it."))
    rnd["choices"][seat] = choice
    rnd["submitted"][seat] = True
    # Only the chooser sees this line; the table learns nothing of the content.
    return {"type": "SealedChosen", "seat": seat, "to": [seat]}


def lock(state: State, actor: Actor) -> Event:
    """Lock ``actor``'s submitted choice."""
    rnd = _round(state)
    seat = _seat_in_round(rnd, actor)
    if not rnd["submitted"][seat]:
        raise BadValue("nothing_to_lock", N_("Choose before you lock in."))
    if rnd["locked"][seat]:
        raise RulesError("already_locked", N_("You have already locked in."))
    rnd["locked"][seat] = True
    return {"type": "SealedLocked", "seat": seat}


def unlock(state: State, actor: Actor, seat: int) -> Event:
    """The host (actor None) lets ``seat`` change a locked choice."""
    rnd = _round(state)
    if actor is not None:
        raise NotAllowed("host_only", N_("Only the table screen can do that."))
    if seat not in rnd["seats"] or not rnd["locked"][seat]:
        raise BadValue("not_locked", N_("That player has not locked in."))
    rnd["locked"][seat] = False
    return {"type": "SealedUnlocked", "seat": seat}


def all_locked(state: State) -> bool:
    """Has every seat in the open round locked in?"""
    rnd: dict[str, Any] | None = state.get("sealed")
    if not rnd:
        return False
    return all(rnd["locked"][s] for s in rnd["seats"])


def reveal(state: State) -> list[Any]:
    """Close the round and return every choice, indexed by seat (None for seats not in it)."""
    rnd = _round(state)
    if not all_locked(state):
        raise RulesError("not_all_locked", N_("Not everyone has locked in yet."))
    choices = list(rnd["choices"])
    state["sealed"] = None
    # Counted so the platform can tell that this action revealed hidden choices: it becomes
    # a barrier that undo never steps back across.
    state["sealed_reveals"] = state.get("sealed_reveals", 0) + 1
    return choices


def reveals(before: State, after: State) -> bool:
    """Did the action that turned ``before`` into ``after`` reveal a sealed round?"""
    count_after: int = after.get("sealed_reveals", 0)
    count_before: int = before.get("sealed_reveals", 0)
    return count_after > count_before


def public_view(state: State) -> dict[str, Any] | None:
    """What everyone may see of the open round: who has chosen and locked, never what."""
    rnd: dict[str, Any] | None = state.get("sealed")
    if not rnd:
        return None
    seats = rnd["seats"]
    return {
        "name": rnd["name"],
        "seats": list(seats),
        "submitted": list(rnd["submitted"]),
        "locked": list(rnd["locked"]),
        "locked_count": sum(1 for s in seats if rnd["locked"][s]),
        "total": len(seats),
        "prompt": rnd["prompt"],
    }


def seat_view(state: State, seat: int) -> dict[str, Any] | None:
    """The public view plus this seat's own choice."""
    view = public_view(state)
    if view is None:
        return None
    rnd = state["sealed"]
    view["mine"] = rnd["choices"][seat] if seat in rnd["seats"] else None
    view["in_round"] = seat in rnd["seats"]
    return view


def describe(event: Event, names: list[str]) -> Text | None:
    """History lines for the sealed-round events (None for other events)."""
    kind = event.get("type")
    if kind == "SealedOpened":
        return T("Secret choice: everyone chooses on their phone")
    if kind == "SealedChosen":
        return T("You chose (hidden from everyone else)")
    if kind == "SealedLocked":
        return T("{name} locked in", name=names[event["seat"]])
    if kind == "SealedUnlocked":
        return T("{name} may change their choice", name=names[event["seat"]])
    return None


Resolver = Callable[[State, list[Any]], list[Event]]


class Resolvers:
    """What each sealed round's reveal does: the function of the part that owns the round.

    >>> resolvers = Resolvers()
    >>> def bids_shown(state, choices):
    ...     return [{"type": "BidsShown", "bids": choices}]
    >>> resolvers.register({"bid": bids_shown})
    >>> state = {"players": [{}, {}]}
    >>> _ = open_round(state, "bid", [0, 1])
    >>> for seat, bid in ((0, 4), (1, 2)):
    ...     _ = submit(state, seat, bid); _ = lock(state, seat)
    >>> resolvers.reveal(state)
    [{'type': 'BidsShown', 'bids': [4, 2]}]
    """

    def __init__(self) -> None:
        self._by_round: dict[str, Resolver] = {}

    def register(self, resolvers: Mapping[str, Resolver]) -> None:
        """Run ``resolver(state, choices) -> events`` at the reveal of each named round."""
        twice = set(resolvers) & set(self._by_round)
        if twice:
            raise ValueError(f"the sealed rounds {sorted(twice)!r} already have a resolver")
        self._by_round.update(resolvers)

    def resolver(self, name: str) -> Resolver:
        """The resolver of round ``name`` (for a game that calls it with more than the state)."""
        return self._by_round[name]

    def reveal(self, state: State) -> list[Event]:
        """Reveal the open round (every seat has locked) and run its resolver."""
        name = _round(state)["name"]
        choices = reveal(state)
        return self._by_round[name](state, choices)
