"""Corrections of The Art of War's board, in the open: what the physical table shows wins.

A phone corrects its own private counters (money, tactic cards); the table screen corrects the
public ones (food, soldiers in hand or on the map, bandits, a city's owner, a building) and says
where the real map puts the vassal states and the camps' raid targets.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, State
from .board import building, camp_index, city, destroy, locations, money_event, player, set_at
from .data import ALL_BUILDINGS, RESOURCE_NAMES


def act_adjust_money(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct money by a delta: your own (or anyone's from the table when money is public)."""
    seat = params["seat"] if actor is None else actor
    if seat is None:
        raise BadValue("choose_seat", N_("Choose a player."))
    p = player(state, seat)
    if p["money"] + params["delta"] < 0:
        raise BadValue("not_enough_money", N_("You do not have enough money."))
    p["money"] += params["delta"]
    event = money_event(seat, params["delta"], N_("a correction"))
    if state["options"]["money_public"]:
        event.pop("to")
    return [event]


def act_adjust_tactics(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct the number of tactic cards in your own hand (private)."""
    p = player(state, actor)
    p["tactics"] = max(0, p["tactics"] + params["delta"])
    return [{"type": "TacticsCorrected", "seat": actor, "n": p["tactics"], "to": [actor]}]


def act_correct(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen corrects a public counter: a player's food or soldiers in hand."""
    p = player(state, params["seat"])
    key = {"food": "food", "soldiers": "supply"}[params["what"]]
    if p[key] + params["delta"] < 0:
        raise BadValue("below_zero", N_("That would go below zero."))
    p[key] += params["delta"]
    return [
        {
            "type": "Corrected",
            "seat": params["seat"],
            "what_t": RESOURCE_NAMES[params["what"]],
            "n": params["delta"],
        }
    ]


def act_set_soldiers(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen sets a player's soldiers at one location of the map."""
    if params["location"] not in locations(state):
        raise BadValue("no_such_location", N_("There is no such place on this map."))
    set_at(player(state, params["seat"]), params["location"], params["n"])
    return [
        {
            "type": "MapCorrected",
            "loc": params["location"],
            "seat": params["seat"],
            "n": params["n"],
        }
    ]


def act_set_bandits(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen sets the bandits in a camp."""
    k = camp_index(state, params["camp"])
    state["camps"][k]["bandits"] = params["n"]
    return [{"type": "BanditsCorrected", "camp": k + 1, "n": params["n"]}]


def act_set_city_owner(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen sets who owns a small city (-1 = nobody); main castles cannot move."""
    place = city(state, params["city"])
    owner = params["owner"]
    if place["kind"] == "castle" or owner >= len(state["players"]):
        raise BadValue("bad_city", N_("Choose another player's small city or an unowned one."))
    place["owner"] = None if owner < 0 else owner
    return [{"type": "OwnerCorrected", "loc": params["city"], "owner": place["owner"]}]


def act_set_vassal(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen says which two cities a vassal state lies between (the real map)."""
    a, b = params["city_a"], params["city_b"]
    city(state, a)
    city(state, b)
    if a == b:
        raise BadValue("same_city", N_("Choose two different cities."))
    state["vassals"][params["vassal"] - 1] = [a, b]
    return [{"type": "MapSet"}]


def act_set_camp_target(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """The table screen says which city a bandit camp raids (its nearest city)."""
    k = camp_index(state, params["camp"])
    city(state, params["city"])
    state["camps"][k]["target"] = params["city"]
    return [{"type": "MapSet"}]


def act_remove_building(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """The table screen removes a building from the map (a card effect done by hand)."""
    b = building(state, params["building"])
    destroy(state, b)
    return [{"type": "BuildingDestroyed", "building_t": ALL_BUILDINGS[b["key"]]["name"]}]
