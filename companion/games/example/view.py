"""What each viewer of Tally sees: every score; a seat's own secret and sealed bid on its phone."""

from __future__ import annotations

from typing import Any

from ..kit import Actor, State, sealed
from .scoring import result


def view(state: State, viewer: Actor) -> dict[str, Any]:
    players = [
        {"seat": n, "name": p["name"], "score": p["score"]} for n, p in enumerate(state["players"])
    ]
    out: dict[str, Any] = {
        "players": players,
        "turn": state["turn"],
        "round": state["round"],
        "phase": None,
        "over": result(state) is not None,
        "sealed": sealed.public_view(state) if viewer is None else sealed.seat_view(state, viewer),
    }
    if viewer is not None:
        out["me"] = {"secret": state["players"][viewer]["secret"]}
    return out
