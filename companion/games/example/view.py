"""What each viewer of Tally sees: every score and the public part of a sealed bid; a seat's
phone also its own secret number and its own bid (the privacy gate)."""

from __future__ import annotations

from typing import Any

from ..kit import Actor, State, sealed
from .data import PHASES
from .scoring import over


def private_view(state: State, seat: int) -> dict[str, Any]:
    """What only this seat may see: its secret number and, while a bid is open, its bid."""
    rnd = sealed.seat_view(state, seat)
    return {
        "secret": state["players"][seat]["secret"],
        "bid": rnd["mine"] if rnd is not None else None,
    }


def view(state: State, viewer: Actor) -> dict[str, Any]:
    out: dict[str, Any] = {
        "players": [
            {"seat": n, "name": p["name"], "score": p["score"]}
            for n, p in enumerate(state["players"])
        ],
        "turn": state["turn"],
        "round": state["round"],
        "phase": PHASES.label(PHASES.current(state)),
        "over": over(state),
        # Who has bid and locked, never what: a seat's own bid is in its "me".
        "sealed": sealed.public_view(state),
    }
    if viewer is not None:
        out["me"] = private_view(state, viewer)
    return out
