"""3 Kingdoms Battle's phases: the turn's one action, a battle roll by roll, its outcome, the end.

A turn is one action; a battle that action starts (or a civil war a completed city starts by
itself) runs to its end before the turn passes. The phase is kept in ``state["phase"]`` and
changes only through ``PHASES.enter``; each part registers what entering its phase does
(``civil_war`` starts the next queued civil war).
"""

from __future__ import annotations

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
    """The battle is over: back to the turn (which then passes, or the next civil war starts)."""
    state["battle"] = None
    return PHASES.enter(state, "turn")
