"""A Quorsum turn: declare what each of the four dice is for (or give them all up), roll each
declared action (entered from the real dice, or rolled by the app), follow a chain of moves or
stop it, and end the turn (by hand, or by itself once nothing can still be tried).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, RulesError, State
from ..kit.odds import odds
from .board import action_problem, distances, flip, flip_problem, move_problem, opt, other, row_col
from .data import DICE, PHASES
from .dice import parse_plan, plan_chance
from .scoring import check_win
from .stalemate import count_turn, stalemate


def begin_turn(state: State) -> list[Event]:
    """A turn starts with four fresh dice, nothing declared and no tile locked."""
    state.update(plan=[], given_up=0, flipped=[])
    state["turn_start"] = distances(state)
    return []


def act_declare(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Declare how the dice are used; unassigned dice are given up. May be redone before rolling."""
    seat = state["turn"]
    plan = parse_plan(state, seat, params)
    used = sum(a["dice"] for a in plan)
    state.update(plan=plan, given_up=DICE - used)
    events = PHASES.enter(state, "resolve")
    chance = odds(plan_chance(state, plan))
    declared = {"type": "Declared", "seat": seat, "actions": len(plan), "dice": used}
    return [{**declared, "given_up": DICE - used, "percent": chance["percent"]}, *events]


def act_pass(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Give up all four dice: pass them to the opponent and end the turn."""
    state["given_up"] = DICE
    events: list[Event] = [{"type": "DiceGivenUp", "seat": state["turn"]}]
    end_turn(state, events)
    return events


def _attempt_target(act: dict[str, Any], tile: int) -> tuple[int, int]:
    """(destination, dice) of the next roll of a declared action; refuses what the rules forbid."""
    if act["status"] == "pending":
        if tile not in (-1, act["tile"]):
            raise BadValue("declared_target", N_("The target was declared before rolling."))
        return act["tile"], act["dice"]
    if act["status"] != "chain":
        raise BadValue("resolved", N_("That action has already been resolved."))
    if tile == -1:
        step = len(act["rolls"]) - 1  # every roll so far succeeded, one per planned tile
        if step >= len(act["path"]):
            raise BadValue("name_destination", N_("Name the next tile of the chain."))
        tile = act["path"][step]
    return tile, act["chain_dice"]


def _attempt(
    state: State, params: dict[str, Any], roller: Callable[[int], list[int]]
) -> list[Event]:
    """Roll one declared action (or the next step of its chain) and apply the result."""
    seat = state["turn"]
    index = params["index"]
    if index >= len(state["plan"]):
        raise BadValue("no_such_action", N_("No declared action has that number."))
    act = state["plan"][index]
    tile, n = _attempt_target(act, params.get("tile", -1))
    for other_act in state["plan"]:
        if other_act is not act and other_act["status"] == "chain":
            other_act["status"] = "done"  # starting another action ends an open chain
    problem = (
        flip_problem(state, tile)
        if act["kind"] == "flip"
        else move_problem(state, act["piece"], tile)
    )
    if problem is not None:
        raise RulesError("illegal_" + act["kind"], problem)
    values = roller(n)
    value = state["tiles"][tile]["value"]
    met = [v for v in values if v >= value]
    act["rolls"].append({"tile": tile, "values": values, "ok": bool(met)})
    row, col = row_col(tile)
    events: list[Event] = [
        {
            "type": "Rolled",
            "seat": seat,
            "kind": act["kind"],
            "index": index,
            "tile": tile,
            "row": row,
            "col": col,
            "value": value,
            "values": values,
            "ok": bool(met),
        }
    ]
    if act["kind"] == "flip":
        act["status"] = "done" if met else "failed"
        if met:
            flip(state, tile)
    elif met:
        state["pieces"][act["piece"]]["tile"] = tile
        act.update(status="chain", chain_dice=len(met))
        # The chain stays open: the tile just left is always a legal way on (same colour, empty).
        if check_win(state, seat, events):
            return events
    else:
        act["status"] = "done" if len(act["rolls"]) > 1 else "failed"
    _maybe_end_turn(state, events)
    return events


def act_resolve(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Enter the real dice of one declared action (or of the next step of its chain)."""

    def entered(n: int) -> list[int]:
        if len(params["values"]) != n:
            raise BadValue("dice_count", N_("Enter exactly {n} dice values."), n=n)
        return list(params["values"])

    return _attempt(state, params, entered)


def act_roll(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The app's dice roller, for tables without dice: rolls the action's dice with ``rng``."""
    return _attempt(state, params, lambda n: [rng.randint(1, 6) for _ in range(n)])


def act_stop(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Stop the open chain of moves; its dice are spent."""
    open_chains = [a for a in state["plan"] if a["status"] == "chain"]
    open_chains[0]["status"] = "done"  # `stop` is offered only while a chain is open
    events: list[Event] = [{"type": "ChainStopped", "seat": state["turn"]}]
    _maybe_end_turn(state, events)
    return events


def act_end_turn(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """End the turn now; declared actions not yet rolled are spent."""
    events: list[Event] = []
    end_turn(state, events)
    return events


def _maybe_end_turn(state: State, events: list[Event]) -> None:
    """The turn ends by itself once no chain is open and no declared action can still be tried.

    Only a roll changes the board, so if every action left is illegal now it stays illegal.
    """
    if state["phase"] != "resolve":
        return
    plan = state["plan"]
    if any(a["status"] == "chain" for a in plan):
        return
    if any(a["status"] == "pending" and action_problem(state, a) is None for a in plan):
        return
    end_turn(state, events)


def end_turn(state: State, events: list[Event]) -> None:
    """Spend what is left of the turn, count it for the stalemate, and hand the dice over."""
    seat = state["turn"]
    unused = 0
    for act in state["plan"]:
        if act["status"] == "pending":
            act["status"] = "spent"
            unused += 1
        elif act["status"] == "chain":
            act["status"] = "done"
    progress = count_turn(state)
    limit = opt(state, "stalemate_turns")
    events.append(
        {
            "type": "TurnEnded",
            "seat": seat,
            "unused": unused,
            "progress": progress,
            "count": state["stalemate"],
            "limit": limit,
        }
    )
    if state["stalemate"] >= limit:
        stalemate(state, events)
        return
    state["turn"] = other(seat)
    state["turn_no"] += 1
    events.extend(PHASES.enter(state, "declare"))
