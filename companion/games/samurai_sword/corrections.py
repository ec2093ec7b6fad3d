"""Corrections: the board set to what the physical table shows, in the open (DESIGN: the
physical table is the truth).

``set_counter`` sets one public counter of a seat to a value through the kit's ``correct``
(bounded, logged from → to and by whom); ``set_turn`` sets whose turn, the phase and the round;
``set_character`` sets a seat's (face-up) character.
A correction is not a move of play: health set to 0 is no Defeat and moves no honor, but what
the game derives follows the corrected values at once (Harmless, Difficulty, the draw count,
the end at 0 honor, the end scoring).
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Counter, Event, Rng, State, correct, seat_of
from .board import PHASES, max_health
from .counters import check_end
from .data import CHARACTERS, COUNTERS


def _counter(key: str) -> Counter:
    label, top = COUNTERS[key]

    def hi(state: State, seat: int | None) -> int:
        return max_health(state, seat_of(seat)) if key == "health" else top

    def get(state: State, seat: int | None) -> int:
        return state[key][seat]

    def put(state: State, seat: int | None, value: int) -> None:
        state[key][seat] = value

    return Counter(key, label, lo=0, hi=hi, get=get, put=put)


TABLE_COUNTERS = {key: _counter(key) for key in COUNTERS}


def act_set_counter(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Set a seat's counter to the value the table shows (honor 0 ends the game, §7)."""
    counter = TABLE_COUNTERS[params["counter"]]
    seat, value = params["seat"], params["value"]
    if counter.get(state, seat) == value:
        raise BadValue("no_change", N_("That counter already shows {n}."), n=value)
    return [correct(state, counter, seat, value, by=actor), *check_end(state)]


def act_set_turn(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Set whose turn it is, the phase and the round; no phase's trigger fires (a correction)."""
    seat = params["seat"]
    phase = params.get("phase") or state["phase"]
    rnd = params.get("round") or state["round"]
    before = {"seat": state["turn"], "phase": state["phase"], "round": state["round"]}
    if (seat, phase, rnd) == (before["seat"], before["phase"], before["round"]):
        raise BadValue("no_change", N_("It is already that turn and phase."))
    if seat != before["seat"]:
        state["weapons_played"] = 0  # another player's turn: none of their Weapons played yet
    state["turn"], state["phase"], state["round"] = seat, phase, rnd
    return [
        {
            "type": "TurnCorrected",
            "before": before["seat"],
            "seat": seat,
            "phase_before_t": PHASES.label(before["phase"]),
            "phase_t": PHASES.label(phase),
            "round_before": before["round"],
            "round": rnd,
            "by": actor,
        }
    ]


def act_set_character(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Set a seat's character to the card in front of it (characters are face up in play);
    health above the new character's resilience comes down to it."""
    seat, key = params["seat"], params["character"]
    before = state["characters"][seat]
    if key == before:
        raise BadValue("no_change", N_("That player already has that character."))
    if key in state["characters"]:
        raise BadValue("character_taken", N_("Another player has that character."))
    state["characters"][seat] = key
    events: list[Event] = [
        {
            "type": "CharacterCorrected",
            "seat": seat,
            "before_t": CHARACTERS[before][0],
            "after_t": CHARACTERS[key][0],
            "by": actor,
        }
    ]
    top = max_health(state, seat)
    if state["health"][seat] > top:
        events.append(correct(state, TABLE_COUNTERS["health"], seat, top, by=actor))
    return events
