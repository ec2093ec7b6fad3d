"""3 Kingdoms Battle's phases: the turn's one action, a battle roll by roll, its outcome, the end.

A turn is one action; a battle that action starts (or a civil war a completed city starts by
itself) runs to its end before the turn passes. The phase is kept in ``state["phase"]`` and
changes only through ``PHASES.enter``; what entering a phase does is the function of the part
that owns it, registered in the game's ``__init__`` (``civil_war`` starts the next queued
civil war).
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Event, Phases, State

PHASES = Phases(
    [
        ("turn", N_("Choose an action")),
        ("civil_war", N_("Civil war")),
        ("national_war", N_("National war")),
        ("outcome", N_("Battle outcome")),
        ("over", N_("Game over")),
    ]
)

BATTLE = ("civil_war", "national_war")  # the phases where the battle is rolled


def battle_over(state: State) -> list[Event]:
    """The battle is over: back to the turn (which then passes, or the next civil war starts).
    Its result stays in the view as ``last_battle``."""
    result = state["battle"].get("result")
    if result is not None:
        state["last_battle"] = result
    state["battle"] = None
    return PHASES.enter(state, "turn")


def battle_result(
    state: State, outcome: str, winner: int | None, survivors: int, left: int = 0
) -> dict[str, Any]:
    """The battle's result as fields (kept on the battle, then as ``last_battle``): who won
    (None: both sides gone), who lost, the winner's troops left and the margin (the winner's
    troops left minus the loser's; a battle fought to the end leaves the loser none).

    Returns the fields an event about the result carries."""
    b = state["battle"]
    if b["kind"] == "national":
        fighters, city = [b["attacker"], b["defender"]], b["target"]
    else:
        fighters, city = list(b.get("fighters", b["sides"])), b["city"]
    b["result"] = {
        "kind": b["kind"],
        "city": city,
        "outcome": outcome,
        "winner": winner,
        "losers": [s for s in fighters if s != winner],
        "survivors": survivors,
        "margin": survivors - left,
    }
    return {"winner": winner, "margin": survivors - left}
