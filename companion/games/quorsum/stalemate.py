"""Quorsum's stalemate: turns in a row without progress are counted, and at the table's limit
the game ends, won by the player whose pieces are nearer home (closest pieces first)."""

from __future__ import annotations

from ..kit import Event, State
from .board import distances, opt, piece_distance, seat_distances
from .scoring import finish_game


def stalemate_tiebreak(dist0: list[int], dist1: list[int]) -> tuple[int | None, str | None]:
    """Who wins a stalemate on distances to home: (seat, step) or (None, None) for a draw.

    Closest pieces are compared first, then the other pieces.

    >>> stalemate_tiebreak([1, 4], [2, 2])
    (0, 'closest')
    >>> stalemate_tiebreak([0, 3], [2, 0])
    (1, 'other')
    >>> stalemate_tiebreak([2, 3], [3, 2])
    (None, None)
    """
    a, b = sorted(dist0), sorted(dist1)
    for step, (x, y) in zip(("closest", "other"), zip(a, b, strict=True), strict=True):
        if x != y:
            return (0 if x < y else 1), step
    return None, None


def _progress(state: State) -> bool:
    """Did any piece get closer to home this turn (by the `progress` option's reading)?"""
    now = distances(state)
    if opt(state, "progress") == "turn":
        return any(d < s for d, s in zip(now, state["turn_start"], strict=True))
    # AMBIGUOUS, digest default: strictly below the piece's best end-of-turn distance so far.
    return any(d < p["best"] for d, p in zip(now, state["pieces"], strict=True))


def count_turn(state: State) -> bool:
    """Count the turn that ends now: the counter goes back to 0 on progress, else up by one.

    Returns whether the turn made progress.
    """
    progress = _progress(state)
    for piece in state["pieces"]:
        piece["best"] = min(piece["best"], piece_distance(piece))
    state["stalemate"] = 0 if progress else state["stalemate"] + 1
    return progress


def stalemate(state: State, events: list[Event]) -> None:
    """End the game on the tie-break of distances (a draw when they are equal)."""
    winner, step = stalemate_tiebreak(seat_distances(state, 0), seat_distances(state, 1))
    finish_game(state, winner, "stalemate" if winner is not None else "draw", step, events)
