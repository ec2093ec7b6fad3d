"""Corrections of The Art of War's board, in the open: what the physical table shows wins.

A phone corrects its own private counters (money, tactic cards); the table screen corrects the
public ones (food, soldiers in hand or on the map, bandits, a city's owner, a building) and says
where the real map puts the vassal states and the camps' raid targets.
"""

from __future__ import annotations

from typing import Any

from ..kit import (
    N_,
    Actor,
    BadValue,
    Counter,
    Event,
    NotAllowed,
    Rng,
    RulesError,
    State,
    correct,
    seat_of,
)
from .board import (
    building,
    camp_index,
    city,
    destroy,
    locations,
    money_event,
    name,
    owned,
    player,
    set_at,
)
from .construction import check_blueprint, take_blueprint
from .data import ALL_BUILDINGS, FOREMEN, GREAT_PEACE_END, RESOURCE_NAMES


def act_adjust_money(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct money by a delta: your own (or anyone's from the table when money is public)."""
    seat = params["seat"] if actor is None else actor
    if seat is None:
        raise BadValue("choose_seat", N_("Choose a player."))
    if actor is None and not state["options"]["money_public"]:
        # Only the table's option decides: the refusal says nothing about anyone's money.
        raise NotAllowed(
            "money_private",
            N_("Money is private: {name} corrects it on their own phone."),
            name=name(state, seat),
        )
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
    actor = seat_of(actor)
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
    p = player(state, params["seat"])
    before = p["at"].get(params["location"], 0)
    set_at(p, params["location"], params["n"])
    return [
        {
            "type": "MapCorrected",
            "loc": params["location"],
            "seat": params["seat"],
            "before": before,
            "n": params["n"],
        }
    ]


def act_set_bandits(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen sets the bandits in a camp."""
    k = camp_index(state, params["camp"])
    before = state["camps"][k]["bandits"]
    state["camps"][k]["bandits"] = params["n"]
    return [{"type": "BanditsCorrected", "camp": k + 1, "before": before, "n": params["n"]}]


def act_set_city_owner(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen sets who owns a small city (-1 = nobody); main castles cannot move."""
    place = city(state, params["city"])
    owner = params["owner"]
    if place["kind"] == "castle" or owner >= len(state["players"]):
        raise BadValue("bad_city", N_("Choose another player's small city or an unowned one."))
    before = place["owner"]
    place["owner"] = None if owner < 0 else owner
    return [
        {"type": "OwnerCorrected", "loc": params["city"], "before": before, "owner": place["owner"]}
    ]


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


# --------------------------------------------------------------------------- the table is the truth


def _great_peace_put(state: State, seat: int | None, value: int) -> None:
    state["event"]["great_peace"] = value
    # The count feeds the end trigger: a third Great Peace makes this the last round.
    state["last_round"] = value >= GREAT_PEACE_END


GREAT_PEACE = Counter(
    "great_peace",
    N_("Great Peace count"),
    lo=0,
    hi=GREAT_PEACE_END,
    get=lambda state, seat: state["event"]["great_peace"],
    put=_great_peace_put,
)


def act_set_great_peace(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """The table screen sets how many times Great Peace has been drawn (0-3; 3 = last round)."""
    return [correct(state, GREAT_PEACE, None, params["n"], by=actor)]


def _facility_counter(facility: str) -> Counter:
    return Counter(
        f"{facility}_workers",
        FACILITY_WORKERS[facility],
        lo=0,
        hi=40,
        get=lambda state, seat: player(state, seat_of(seat))["facility"][facility],
        put=lambda state, seat, v: player(state, seat_of(seat))["facility"].__setitem__(
            facility, v
        ),
    )


FACILITY_WORKERS = {
    "mine": N_("workers on the mine"),
    "farm": N_("workers on the farm"),
    "barracks": N_("workers on the barracks"),
}


def act_set_workers(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen sets a player's workers on the mine, farm or barracks, at any time
    (soldiers in hand stay as they are: correct them with ``correct``)."""
    counter = _facility_counter(params["facility"])
    return [correct(state, counter, params["seat"], params["n"], by=actor)]


MONEY = Counter(
    "money",
    N_("money"),
    lo=0,
    hi=999,
    get=lambda state, seat: player(state, seat_of(seat))["money"],
    put=lambda state, seat, v: player(state, seat_of(seat)).__setitem__("money", v),
)


def act_set_money(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """A phone sets its own money to what it holds (private: only that phone sees the line)."""
    event = correct(state, MONEY, actor, params["n"], by=actor)
    if not state["options"]["money_public"]:
        event["to"] = [actor]
    return [event]


def act_add_building(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen puts a building on the map as the real board shows it: in a city,
    completed or under way (its foreman after ``progress`` payments, ``workers`` on it)."""
    key = params["building"]
    if key == "inn":
        raise BadValue("not_in_game", N_("The Inn is not part of this game."))
    if any(b["key"] == key for b in state["buildings"]):
        raise BadValue("already_on_map", N_("That building is already on the map."))
    where = params["city"] or "centre"
    place = city(state, where)
    rounds = len(ALL_BUILDINGS[key]["costs"])
    done = params["done"] is not False
    progress = params["progress"] or 0
    if not done and progress >= rounds:
        raise BadValue(
            "bad_progress",
            N_("A building under way has paid between 0 and {n} of its amounts."),
            n=rounds - 1,
        )
    who = place["owner"]
    if not done and who is not None and len(owned(state, who, False)) >= FOREMEN:
        raise RulesError("no_foreman", N_("All 3 of that player's foremen are busy."))
    workers = params["workers"] or 0
    builders = workers or ALL_BUILDINGS[key]["workers"]
    state["buildings"].append(
        {
            "key": key,
            "city": where,
            "progress": rounds if done else progress,
            "done": done,
            "workers": 0 if done and state["options"]["workers_return"] else workers,
            "builders": builders,
        }
    )
    # An epic's blueprint can no longer be auctioned (epics held are public). An ordinary
    # blueprint stays where it is: whether it is still in the deck depends on the players'
    # hidden hands, and a blueprint for a building on the map cannot be started.
    if key in state["epic_deck"]:
        state["epic_deck"].remove(key)
    return [
        {
            "type": "BuildingPlaced",
            "by": actor,
            "loc": where,
            "owner": who,
            "building_t": ALL_BUILDINGS[key]["name"],
            "done": done,
            "progress": progress if not done else rounds,
            "rounds": rounds,
            "workers": workers,
        }
    ]


def act_add_blueprint(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """A phone adds a blueprint it holds in real life (taken out of the app's deck, so it is
    never drawn again). Only what the phone itself knows can refuse it."""
    actor = seat_of(actor)
    key = params["building"]
    p = player(state, actor)
    check_blueprint(state, actor, key)
    take_blueprint(state, key)
    p["blueprints"].append(key)
    return [
        {
            "type": "BlueprintAdded",
            "seat": actor,
            "building_t": ALL_BUILDINGS[key]["name"],
            "to": [actor],
        }
    ]
