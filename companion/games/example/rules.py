"""Tally's actions: who may use each, and what it does to the state.

Each action is declared once with who may use it (``who``) and what else must hold
(``when``); ``allowed`` is derived from those declarations, and so is the who/when table in
the docs. The functions only check what the declarations cannot say.
"""

from __future__ import annotations

from typing import Any

from ..kit import (
    ANYONE,
    HOST,
    SEAT,
    TURN_OR_HOST,
    Action,
    Actor,
    Event,
    Param,
    Rng,
    State,
    derive_allowed,
    next_seat,
    require_seat_or_host,
    sealed,
)
from .data import TARGET

ROUNDS = sealed.Resolvers()


def add(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    seat = params["seat"]
    require_seat_or_host(actor, seat)
    player = state["players"][seat]
    player["score"] = max(0, player["score"] + params["n"])
    return [{"type": "Scored", "seat": seat, "n": params["n"]}]


def reaches_target(view: dict[str, Any], params: dict[str, Any]) -> bool:
    """Could the host's ``add`` end the game? From the public scores alone (the question
    then never depends on anyone's secret number)."""
    return view["players"][params["seat"]]["score"] + params["n"] >= TARGET


def set_secret(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    state["players"][actor]["secret"] = params["n"]
    return [{"type": "SecretSet", "seat": actor, "n": params["n"], "to": [actor]}]


def end_turn(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    # Who may (the seat whose turn it is, or the host) is declared below: no check here.
    state["turn"] = next_seat(state["turn"], len(state["players"]))
    if state["turn"] == 0:
        state["round"] += 1
    return [{"type": "TurnPassed", "seat": state["turn"]}]


def bid(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    events = []
    if not sealed.is_open(state):
        events.append(sealed.open_round(state, "bid", list(range(len(state["players"])))))
    events.append(sealed.submit(state, actor, params["n"]))
    return events


def lock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    events = [sealed.lock(state, actor)]
    if sealed.all_locked(state):
        events.extend(ROUNDS.reveal(state))
    return events


@ROUNDS.on("bid")
def _bids_revealed(state: State, bids: list[Any]) -> list[Event]:
    return [{"type": "BidsRevealed", "bids": bids}]


def unlock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    return [sealed.unlock(state, actor, params["seat"])]


def bidding(state: State, actor: Actor) -> bool:
    """while a bid is open"""
    return sealed.is_open(state)


ACTIONS = {
    a.type: a
    for a in (
        Action(
            "add",
            add,
            (Param("seat", "seat"), Param("n", "int", min=-5, max=5)),
            "Add",
            doc="Add to a score (a seat: its own; the host: anyone's).",
            correction=True,
            may_reveal=reaches_target,
            who=ANYONE,
        ),
        Action(
            "set_secret",
            set_secret,
            (Param("n", "int", min=0, max=9999),),
            "Set secret",
            doc="Change your secret number.",
            who=SEAT,
        ),
        Action(
            "bid",
            bid,
            (Param("n", "int", min=0, max=99),),
            "Bid",
            doc="Bid in secret (opens the round).",
            who=SEAT,
        ),
        Action("lock", lock, (), "Lock", doc="Lock your bid.", who=SEAT, when=bidding),
        Action("end_turn", end_turn, (), "End turn", doc="Pass the turn on.", who=TURN_OR_HOST),
        Action(
            "unlock",
            unlock,
            (Param("seat", "seat"),),
            "Unlock",
            doc="Let a seat change its locked bid.",
            who=HOST,
        ),
    )
}

allowed = derive_allowed(ACTIONS, phase=lambda state: None, turn=lambda state: state["turn"])
