"""The host's corrections: the board as the physical table shows it (a city's troops, spaces and
tiles; a player's cards; the tiles left; whose turn it is), checked against the rules' bounds.

Each is an ordinary logged action, taken between battles; whatever the game derives (the score,
the instant win, the end after the last tile) follows the corrected values.
"""

from __future__ import annotations

from typing import Any

from ..kit import (
    HOST,
    N_,
    Action,
    ActionFn,
    Actor,
    BadValue,
    Event,
    NotAllowed,
    Param,
    Rng,
    RulesError,
    State,
)
from .board import city_size, find_city, on_board, opt, seats_in, total
from .data import COMMAND_CARDS, STRATAGEMS, TILES_TO_DRAW, TROOPS_PER_PLAYER
from .turns import CITY, SEAT, choice_param, int_param, settled


def _host_only(state: State, actor: Actor) -> None:
    if actor is not None:
        raise NotAllowed("host_only", N_("Only the table screen can do that."))
    if state["battle"] is not None:
        raise RulesError("battle_in_progress", N_("Finish the battle first."))


def adjust_city(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct a city: one player's troops there, and optionally its spaces and tiles."""
    _host_only(state, actor)
    city = find_city(state, params["city"])
    seat = params["seat"]
    new = [params["alert"], params["hold"]]
    elsewhere = sum(on_board(state, seat)) - total(city, seat)
    if elsewhere + sum(new) > TROOPS_PER_PLAYER:
        raise BadValue("too_many_troops_total", N_("A player has only 8 troops."))
    city["troops"][seat] = new
    if params.get("tiles") is not None:
        city["tiles"] = params["tiles"]
        if city["complete"]:
            city["size"] = city_size(city["tiles"])
    if params.get("spaces") is not None:
        city["spaces"] = params["spaces"]
    if total(city) > city["spaces"]:
        raise BadValue(
            "over_capacity",
            N_("City {city} has only {n} spaces."),
            city=city["id"],
            n=city["spaces"],
        )
    if city["complete"]:
        seats = seats_in(city)
        if len(seats) > 1:
            raise BadValue("two_owners", N_("A completed city holds one player's troops only."))
        if seats:
            city["owner"] = seats[0]
        elif opt(state, "emptied_city") == "idle":
            city["owner"] = None
    return [{"type": "HostAdjusted", "what": "city", "city": city["id"]}]


def adjust_player(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct a player's unused command cards, or give back / take away one stratagem."""
    _host_only(state, actor)
    me = state["seats"][params["seat"]]
    if params.get("commands") is not None:
        me["commands"] = params["commands"]
    key = params.get("stratagem")
    if key:
        me["stratagems"][key] = not me["stratagems"][key]
    return [{"type": "HostAdjusted", "what": "player", "seat": params["seat"]}]


def adjust_tiles(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct the number of tiles left to draw."""
    _host_only(state, actor)
    state["tiles_left"] = params["tiles_left"]
    return [{"type": "HostAdjusted", "what": "tiles", "left": params["tiles_left"]}]


def set_turn(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Give the turn to a seat (to fix a mistake, or when the table started elsewhere)."""
    _host_only(state, actor)
    state["turn"] = params["seat"]
    state["turn_done"] = False
    return [{"type": "TurnPassed", "seat": params["seat"]}]


def _correction(
    type_: str, fn: ActionFn, params: tuple[Param, ...], label: str, doc: str
) -> Action:
    """A host's correction, between battles (a battle is finished first, in the open)."""
    return Action(
        type_, settled(fn), params, label, doc, correction=True, who=HOST, phases=("turn",)
    )


ACTIONS = (
    _correction(
        "adjust_city",
        adjust_city,
        (
            CITY,
            SEAT,
            int_param("alert", 0, TROOPS_PER_PLAYER, N_("Alert troops")),
            int_param("hold", 0, TROOPS_PER_PLAYER, N_("Hold troops")),
            int_param("spaces", 0, 200, N_("Garrison spaces"), default=None),
            int_param("tiles", 1, 72, N_("Tiles"), default=None),
        ),
        N_("Correct a city"),
        "Host: set a player's troops in a city (and its spaces, tiles).",
    ),
    _correction(
        "adjust_player",
        adjust_player,
        (
            SEAT,
            int_param("commands", 0, COMMAND_CARDS, N_("Command cards"), default=None),
            choice_param(
                "stratagem",
                tuple(k for k, _ in STRATAGEMS),
                N_("Stratagem to give back or take away"),
                default=None,
            ),
        ),
        N_("Correct a player"),
        "Host: set command cards, toggle a stratagem.",
    ),
    _correction(
        "adjust_tiles",
        adjust_tiles,
        (int_param("tiles_left", 0, TILES_TO_DRAW, N_("Tiles left")),),
        N_("Correct the tiles left"),
        "Host: set the number of tiles left to draw.",
    ),
    _correction(
        "set_turn",
        set_turn,
        (SEAT,),
        N_("Give the turn"),
        "Host: give the turn to a seat.",
    ),
)
