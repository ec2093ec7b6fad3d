"""When each action of The Art of War is open: the ``when`` predicates of its declarations.

Each docstring says the condition in words; the docs' who/when table quotes it. Together with
an action's ``who`` and ``phases`` they are all ``allowed`` knows.
"""

from __future__ import annotations

from collections.abc import Callable

from ..kit import Actor, State, sealed, seat_of
from .board import advisor, player, works
from .flow import blocker, in_round
from .war import current, in_current_battle

When = Callable[[State, Actor], bool]


def playing(state: State, actor: Actor) -> bool:
    """until the game is over"""
    return not state["over"]


def after_setup(state: State, actor: Actor) -> bool:
    """after the setup"""
    return in_round(state)


def choosing(name: str, words: str) -> When:
    """A sealed round's choice: open to the seats in the round until they lock in."""

    def when(state: State, actor: Actor) -> bool:
        rnd = state["sealed"]
        return (
            not state["over"]
            and bool(rnd)
            and rnd["name"] == name
            and actor in rnd["seats"]
            and not rnd["locked"][actor]
        )

    when.__doc__ = words
    return when


def may_lock(state: State, actor: Actor) -> bool:
    """while your secret choice is made and not yet locked in"""
    rnd = state["sealed"]
    return (
        not state["over"]
        and bool(rnd)
        and actor in rnd["seats"]
        and not rnd["locked"][actor]
        and rnd["submitted"][actor]
    )


def someone_locked(state: State, actor: Actor) -> bool:
    """while a secret choice is open and someone has locked in"""
    return not state["over"] and sealed.is_open(state) and any(state["sealed"]["locked"])


def can_move_on(state: State, actor: Actor) -> bool:
    """after the setup, when nothing holds the table up (secret choices, tribute, battles)"""
    return state["phase"] >= 0 and blocker(state) is None


def before_choices(state: State, actor: Actor) -> bool:
    """at the setup, before anyone has chosen"""
    return not state["over"] and state["phase"] == -1 and not any(state["sealed"]["submitted"])


def tribute_waiting(state: State, actor: Actor) -> bool:
    """while you have a tribute to take"""
    return any(t["seat"] == actor and t["kind"] is None for t in state["tribute"])


def may_buy(flag: str) -> When:
    def when(state: State, actor: Actor) -> bool:
        actor = seat_of(actor)
        return state["step"] == "purchase" and not player(state, actor)[flag]

    when.__doc__ = "in the purchases step, once a round"
    return when


def building_step(state: State, actor: Actor) -> bool:
    """in the building step"""
    return state["step"] == "build"


def blueprint_in_hand(state: State, actor: Actor) -> bool:
    """in the building step, while you hold a blueprint"""
    actor = seat_of(actor)
    return state["step"] == "build" and bool(player(state, actor)["blueprints"])


def magistrate_ready(state: State, actor: Actor) -> bool:
    """after the setup, while your completed Magistrate has a camp to defeat"""
    actor = seat_of(actor)
    return in_round(state) and bool(player(state, actor)["magistrate"])


def battle_ready(state: State, actor: Actor) -> bool:
    """while a battle waits to be resolved (no secret orders open, no winner deciding)"""
    return (
        not state["over"]
        and current(state) is not None
        and state["step"] == "battles"
        and state["war"]["press"] is None
        and not sealed.is_open(state)
    )


def pressing_on(state: State, actor: Actor) -> bool:
    """while a field battle's winner decides whether to attack the city (or the host for them)"""
    if state["over"] or not state.get("war"):
        return False
    press = state["war"]["press"]
    if actor is None:
        return press is not None and current(state) is not None and state["step"] == "battles"
    return state["phase"] >= 0 and press == actor


def field_battle_ahead(state: State, actor: Actor) -> bool:
    """while the current field battle's orders are not yet revealed"""
    battle = current(state)
    return (
        not state["over"]
        and battle is not None
        and state["step"] == "battles"
        and battle["kind"] == "field"
        and not battle.get("orders")
    )


def yan_qing_in_battle(state: State, actor: Actor) -> bool:
    """while your Advisor Yan Qing works and you are in the current battle"""
    actor = seat_of(actor)
    return in_round(state) and in_current_battle(state, actor) and advisor(state, actor, "yan")


def tactic_in_hand(state: State, actor: Actor) -> bool:
    """after the setup, while you hold a tactic card"""
    actor = seat_of(actor)
    return in_round(state) and player(state, actor)["tactics"] > 0


def general_unused(state: State, actor: Actor) -> bool:
    """after the setup, until you have used your General"""
    actor = seat_of(actor)
    return in_round(state) and not player(state, actor)["general_used"]


def altar_ready(state: State, actor: Actor) -> bool:
    """once a round, while your Altar works"""
    actor = seat_of(actor)
    p = player(state, actor)
    return (
        in_round(state)
        and bool(works(state, actor, "altar"))
        and p["altar_round"] != state["round"]
    )


def money_correctable(state: State, actor: Actor) -> bool:
    """a phone its own money after the setup; the host anyone's (refused while money is private)"""
    if actor is None:
        return not state["over"]
    return in_round(state)


def epic_up(state: State, actor: Actor) -> bool:
    """in the epic auction, before anyone has bid"""
    sv = state["sealed"]
    return (
        not state["over"]
        and state["step"] == "auction"
        and state["auction"]["epic"] is not None
        and sv is not None
        and sv["name"] == "bid"
        and not state["auction"]["rebid"]
        and not any(sv["submitted"])
    )


def tie_drawn(state: State, actor: Actor) -> bool:
    """in the epic auction, after a tie was drawn at random"""
    auction = state["auction"]
    return (
        not state["over"]
        and state["step"] == "auction"
        and not sealed.is_open(state)
        and bool(auction.get("drawn_among"))
        and bool(auction["result"])
        and auction["result"].get("winner") is not None
    )
