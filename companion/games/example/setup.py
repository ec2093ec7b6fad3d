"""Tally at the start: every score 0, a random secret per seat, the first seat's turn."""

from __future__ import annotations

from typing import Any

from ..kit import Rng, State


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    """Plain JSON data; randomness only from ``rng`` (a replay draws the same secrets)."""
    return {
        "players": [{"name": n, "score": 0, "secret": rng.randint(1000, 9999)} for n in players],
        "turn": 0,
        "round": 1,
        "phase": "play",
        "sealed": None,  # the open sealed bid, as the kit's ``sealed`` keeps it
        "over": None,  # how the game ended: "target" or "last round"
    }
