"""The turn (§3): Recover -> Draw -> Play -> Discard, then the next player clockwise.

Entering Recover gives a player at 0 health all of it back; entering Draw adds the cards the
player draws; leaving the turn applies the hand limit. The players do the rest with the cards.
"""

from __future__ import annotations

from typing import Any

from ..kit import Actor, Event, Rng, State, next_seat
from .board import PHASES, count, draws, max_health
from .data import HAND_LIMIT, MAX_HAND


def recover_health(state: State) -> list[Event]:
    """§3 Recover: a player at 0 health takes it all back (the Defeat's harmlessness ends)."""
    seat = state["turn"]
    if state["health"][seat] != 0:
        return []
    state["health"][seat] = max_health(state, seat)
    return [{"type": "Recovered", "seat": seat, "n": state["health"][seat]}]


def draw_cards(state: State) -> list[Event]:
    """§3 Draw: 2 cards (the 3-player Shogun 3, Hideyoshi 1 more)."""
    seat = state["turn"]
    n = draws(state, seat)
    state["hand"][seat] = min(MAX_HAND, state["hand"][seat] + n)
    return [{"type": "CardsDrawn", "seat": seat, "n": n}]


def _clamp_hand(state: State) -> list[Event]:
    """§3 Discard: the hand limit is 7."""
    seat = state["turn"]
    if state["hand"][seat] <= HAND_LIMIT:
        return []
    over = state["hand"][seat] - HAND_LIMIT
    state["hand"][seat] = HAND_LIMIT
    return [{"type": "HandLimit", "seat": seat, "n": over}]


def _next_turn(state: State) -> list[Event]:
    """The hand limit, then the next player's turn from its Recover phase."""
    events = _clamp_hand(state)
    seat = next_seat(state["turn"], count(state))
    if seat == state["shogun"]:
        state["round"] += 1
    state["turn"] = seat
    state["weapons_played"] = 0
    events.append({"type": "TurnStarted", "seat": seat, "round": state["round"]})
    return events + PHASES.enter(state, "recover")


def act_next_phase(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Recover -> Draw -> Play -> Discard -> the next player's Recover, with their triggers."""
    following = PHASES.after(state["phase"])
    if following is None:
        return _next_turn(state)
    started = {
        "type": "PhaseStarted",
        "seat": state["turn"],
        "phase_t": PHASES.label(following),
    }
    return [started, *PHASES.enter(state, following)]


def act_end_turn(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Jump to the next player's turn (the hand limit still applies)."""
    return _next_turn(state)
