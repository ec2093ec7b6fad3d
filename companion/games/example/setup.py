"""Tally at the start: every score 0, a random secret per seat, the first seat's turn."""

from __future__ import annotations

from typing import Any

from ..kit import Rng, State


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    return {
        "players": [{"name": n, "score": 0, "secret": rng.randint(1000, 9999)} for n in players],
        "turn": 0,
        "round": 1,
        "sealed": None,
    }
