"""The turn: one action by the player whose turn it is, then what follows every action by itself
(the instant win, a queued civil war, the end of the turn); and what the turn's actions share.

Every action runs through ``settled`` (the action table's ``then``, in ``rules``), so the
automatic triggers of digest §6 ("checked after every change") fire in one place, whatever part
of the game the action belongs to.
"""

from __future__ import annotations

from typing import Any

from ..kit import (
    N_,
    TURN_OR_HOST,
    ActionFn,
    Actor,
    BadValue,
    Event,
    NotAllowed,
    Param,
    Rng,
    RulesError,
    State,
    action_group,
)
from .board import City, emptied, supply
from .data import CITY_ID, STANCES, TROOPS_PER_PLAYER
from .phases import PHASES
from .scoring import check_eight, finish


def settled(fn: ActionFn) -> ActionFn:
    """Run an action, then the automatic triggers (instant win, civil wars, end of turn)."""

    def run(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
        if state["over"]:
            raise RulesError("game_over", N_("The game is over."))
        events = fn(state, actor, params, rng)
        _settle(state, events)
        return events

    run.__doc__ = fn.__doc__
    return run


def _settle(state: State, events: list[Event]) -> None:
    """Fire the automatic triggers after any change (digest §6: checked after every change)."""
    if state["over"]:
        return
    ended = check_eight(state)
    if ended:
        events.extend(ended)
        return
    if state["phase"] == "turn" and state["civil_queue"]:
        # A civil war waiting for the last one to end (one tile completed several cities).
        events.extend(PHASES.enter(state, "civil_war"))
    if state["phase"] == "turn" and state["turn_done"]:
        _end_turn(state, events)


def _end_turn(state: State, events: list[Event]) -> None:
    seat = state["turn"]
    state["seats"][seat]["turns"] += 1
    state["turn_done"] = False
    if state["tiles_left"] <= 0:
        events.extend(finish(state, "tiles", list(range(len(state["players"])))))
        return
    nxt = (seat + 1) % len(state["players"])
    if nxt == 0:
        state["round"] += 1
    state["turn"] = nxt
    events.append({"type": "TurnPassed", "seat": nxt})


# -- what the turn's actions share ----------------------------------------------------------------


def turn_seat(state: State, actor: Actor) -> int:
    """The seat acting this turn (the host records the turn's action for that seat)."""
    if state["battle"] is not None:
        raise RulesError("battle_in_progress", N_("Finish the battle first."))
    if actor is not None and actor != state["turn"]:
        raise NotAllowed("not_your_turn", N_("It is not your turn."))
    return state["turn"]


def done(state: State, label: str) -> None:
    """The turn's one action is taken: the turn passes once any battle it started is over."""
    state["turn_done"] = True
    state["last_action_t"] = label


def done_leaving(state: State, city: City, events: list[Event], label: str) -> list[Event]:
    """The turn's action took troops out of ``city``: an emptied city may fall idle (the
    option ``emptied_city``) before the action is done."""
    emptied(state, city, events)
    done(state, label)
    return events


def need_supply(state: State, seat: int, n: int) -> None:
    have = supply(state, seat)
    if have < n:
        raise BadValue("no_troops", N_("Not enough troops in supply ({n} left)."), n=have)


def use_command(state: State, seat: int, stratagem: str | None = None) -> None:
    """Spend a command card (and the stratagem played with it)."""
    me = state["seats"][seat]
    if me["commands"] <= 0:
        raise RulesError("no_command_cards", N_("No command cards left."))
    if stratagem is not None:
        if not me["stratagems"][stratagem]:
            raise RulesError("stratagem_used", N_("That stratagem has been used."))
        me["stratagems"][stratagem] = False
    me["commands"] -= 1


# -- the parameters the actions share ------------------------------------------------------------


def int_param(name: str, lo: int, hi: int, label: str, **optional: Any) -> Param:
    """An int parameter; pass ``default=...`` to make it optional."""
    return Param(name, "int", min=lo, max=hi, label=label, optional=bool(optional), **optional)


def ints_param(name: str, hi: int, max_len: int, label: str, optional: bool = True) -> Param:
    return Param(name, "ints", min=1, max=hi, max_len=max_len, label=label, optional=optional)


def choice_param(name: str, choices: tuple[str, ...], label: str, **optional: Any) -> Param:
    return Param(name, "choice", choices=choices, label=label, optional=bool(optional), **optional)


CITY = int_param("city", 1, CITY_ID, N_("City"))
STANCE = choice_param("stance", STANCES, N_("Stance"))
TROOPS = int_param(
    "troops", 0, TROOPS_PER_PLAYER, N_("Attacking Alert troops (0 = all)"), default=0
)
LAUNCH = int_param("launch", 1, CITY_ID, N_("Launching city"))
TARGET = int_param("target", 1, CITY_ID, N_("Target city"))
# Every move of a turn: by the player whose turn it is (or the host for them), in the turn phase.
turn_action = action_group(who=TURN_OR_HOST, phases=("turn",))
