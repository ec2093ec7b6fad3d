"""Seats and turn order: who sits where, who is next, who may change whose counters.

>>> next_seat(2, 3), turn_order(1, 4), others(4, 2)
(0, [1, 2, 3, 0], [0, 1, 3])
>>> next_seat(0, 4, skip=lambda s: s == 1)
2
"""

from __future__ import annotations

from collections.abc import Callable

from ...errors import NotAllowed
from ...text import N_
from .contract import Actor


def next_seat(seat: int, players: int, skip: Callable[[int], bool] | None = None) -> int:
    """The seat after ``seat`` clockwise, passing over seats ``skip`` says are out."""
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if skip is None or not skip(candidate):
            return candidate
    return seat


def turn_order(start: int, players: int) -> list[int]:
    """Every seat once, clockwise from ``start``."""
    return [(start + k) % players for k in range(players)]


def others(players: int, seat: int) -> list[int]:
    """Every seat but ``seat``, in seat order."""
    return [s for s in range(players) if s != seat]


def require_seat_or_host(actor: Actor, seat: int) -> None:
    """A seat may change only its own counters; the table screen (host) may change anyone's."""
    if actor is not None and actor != seat:
        raise NotAllowed("not_your_seat", N_("You can only change your own counters."))


def seat_of(actor: Actor) -> int:
    """The seat taking an action declared for seats (``SEAT``, ``TURN``).

    The declarations already turn the host away before the action runs; this says so to the
    type checker, and refuses the host as the declarations would if one ever slipped through.
    """
    if actor is None:
        raise NotAllowed("not_now", N_("Only a player can do that, on their phone."))
    return actor
