"""Each phone says "Done", and the table moves on when everyone has: The Art of War without a
host tapping Next through every step.

Where the table waits on the players rather than on the app (the purchases, workers and
building, foremen and payments, after the battles, and food), every player taps Done on their
phone once they have nothing more to do there; when the last one does, the game moves on
exactly as the host's Next would, with a history line saying why. In the battles, the players
in the current battle tap Fight once they have played their cards (a player who has bought
all they may this round is not asked in the purchases); when all of them have, the
battle is resolved as the host's Resolve would. The host's Next and Resolve still work at any
time (a player without a phone, a table in a hurry).

A Done counts only where it was given: a new step, phase or battle asks everyone again, and so
does a card, a General or a soldier moved into the current battle (the others may want to
answer it). Done is public (the table screen shows who the table waits for) and tells nothing
about a hand: everyone is asked, whatever they hold.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, Event, NotAllowed, Rng, State, sealed
from .combat import participants
from .flow import PHASES, blocker
from .war import current

# The steps (and the food phase, which has none) where the table waits for every player.
STEPS = ("purchase", "build", "payments", "after")
FOOD = PHASES.order.index("food")


def _battle_ready(state: State) -> bool:
    """A battle waits for its players: no secret orders open, no winner deciding."""
    return (
        state["step"] == "battles"
        and current(state) is not None
        and state["war"]["press"] is None
        and not sealed.is_open(state)
    )


def moment(state: State) -> str | None:
    """Where the table stands, as a Done is given for it (None where nobody says Done).

    >>> moment({"over": True})
    """
    if state.get("over") or state.get("phase", -1) < 0:
        return None
    where = f"{state['round']}:{state['phase']}:{state['step']}"
    if state["phase"] == FOOD or state["step"] in STEPS:
        return where
    if _battle_ready(state):
        war = state["war"]
        battle = current(state)
        assert battle is not None
        # A card played or a soldier moved into the battle asks everyone in it again.
        return f"{where}:{war['current']}:{battle['loc']}:{len(battle['mods'])}:{battle['moved']}"
    return None


def needed(state: State) -> list[int]:
    """The seats whose Done the table waits for now (in seat order)."""
    if moment(state) is None:
        return []
    if state["step"] == "battles":
        battle = current(state)
        assert battle is not None
        return sorted({p["seat"] for p in participants(state, battle) if p["seat"] is not None})
    if state["step"] == "purchase":
        # A player who has bought all they may this round (public) is not asked.
        deck = bool(state["blueprint_deck"])
        return [
            s
            for s, p in enumerate(state["p"])
            if not p["bought_tactic"] or (deck and not p["bought_blueprint"])
        ]
    return list(range(len(state["players"])))


def done_seats(state: State) -> list[int]:
    """The seats that have said Done here (a Done given elsewhere no longer counts)."""
    ready = state.get("ready")
    at = moment(state)
    if not ready or at is None or ready["at"] != at:
        return []
    return [s for s in needed(state) if s in ready["seats"]]


def waiting_for(state: State) -> list[int]:
    """The seats the table still waits for here."""
    done = done_seats(state)
    return [s for s in needed(state) if s not in done]


def may_say_done(state: State, actor: Actor) -> bool:
    """while the table waits for your Done (a step of construction, after the battles, food,
    or a battle you are in)"""
    return actor is not None and actor in waiting_for(state)


def act_done(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Say you are done here; the table moves on when the last player does."""
    if not may_say_done(state, actor):
        raise NotAllowed("not_waiting", N_("The table is not waiting for you."))
    at = moment(state)
    ready = state.get("ready")
    if not ready or ready["at"] != at:
        ready = state["ready"] = {"at": at, "seats": []}
    ready["seats"].append(actor)
    return [{"type": "SeatDone", "seat": actor, "battle": state["step"] == "battles"}]


def everyone_done(state: State) -> bool:
    """Has every seat the table waits for said Done (and nothing else holds it up)?"""
    if not needed(state) or waiting_for(state):
        return False
    return state["step"] == "battles" or blocker(state) is None
