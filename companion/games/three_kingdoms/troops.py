"""Troop orders (reinforce, withdraw, transfer), a change of stance, and occupying an idle city:
the turn's actions that move a player's own troops (digest §3 (2), (3), (5))."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, State
from .board import (
    City,
    alert_ids,
    find_city,
    free,
    is_idle,
    my_cities,
    occupy_ids,
    own_city,
    reinforce_ids,
    withdraw_ids,
)
from .data import CITY_ID, OCCUPY_FROM, STANCE_INDEX, TROOPS_PER_PLAYER
from .turns import (
    CITY,
    STANCE,
    choice_param,
    done,
    done_leaving,
    int_param,
    ints_param,
    need_supply,
    turn_action,
    turn_seat,
)


def troop_event(kind: str, seat: int, city: City, stance: str) -> Event:
    """One troop into (``Reinforced``) or out of (``Withdrew``) a city."""
    return {
        "type": kind,
        "seat": seat,
        "city": city["id"],
        "stance_t": N_("Alert") if stance == "alert" else N_("Hold"),
    }


def reinforce(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Troop orders A: 1 troop from supply into a city you control with a free space."""
    seat = turn_seat(state, actor)
    city = own_city(state, params["city"], seat)
    if free(city) < 1:
        raise BadValue("city_full", N_("City {city} has no free space."), city=city["id"])
    need_supply(state, seat, 1)
    stance = params["stance"]
    city["troops"][seat][STANCE_INDEX[stance]] += 1
    done(state, N_("Troop orders"))
    return [troop_event("Reinforced", seat, city, stance)]


def withdraw(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Troop orders B: 1 troop from a city you control back to supply."""
    seat = turn_seat(state, actor)
    city = own_city(state, params["city"], seat)
    stance = params["stance"]
    index = STANCE_INDEX[stance]
    if city["troops"][seat][index] < 1:
        raise BadValue("no_such_troop", N_("No troop in that stance there."))
    city["troops"][seat][index] -= 1
    events = [troop_event("Withdrew", seat, city, stance)]
    return done_leaving(state, city, events, N_("Troop orders"))


def transfer(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Troop orders C: 1 Alert troop to another city you control (plain, no barricade)."""
    seat = turn_seat(state, actor)
    src = own_city(state, params["from_city"], seat)
    dst = own_city(state, params["to_city"], seat)
    if src is dst:
        raise BadValue("same_city", N_("Choose two different cities."))
    if src["troops"][seat][0] < 1:
        raise BadValue("no_alert", N_("No Alert troop in city {city}."), city=src["id"])
    if free(dst) < 1:
        raise BadValue("city_full", N_("City {city} has no free space."), city=dst["id"])
    src["troops"][seat][0] -= 1
    dst["troops"][seat][0] += 1
    events: list[Event] = [
        {"type": "Transferred", "seat": seat, "src": src["id"], "dst": dst["id"]}
    ]
    return done_leaving(state, src, events, N_("Troop orders"))


def change_stance(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Turn any number of your troops, all in one direction (digest §3 (3)).

    ``cities`` names a city once per troop turned: [3, 3, 5] turns two troops in city 3 and
    one in city 5.
    """
    seat = turn_seat(state, actor)
    direction = params["direction"]
    picks = Counter(params["cities"])
    if not picks:
        raise BadValue("nothing_chosen", N_("Choose at least one troop."))
    src, dst = (0, 1) if direction == "to_hold" else (1, 0)
    for cid, n in sorted(picks.items()):
        city = own_city(state, cid, seat)
        if city["troops"][seat][src] < n:
            raise BadValue(
                "not_enough_in_stance", N_("Not that many troops to turn in city {city}."), city=cid
            )
        city["troops"][seat][src] -= n
        city["troops"][seat][dst] += n
    done(state, N_("Change stance"))
    return [
        {
            "type": "StanceChanged",
            "seat": seat,
            "n": sum(picks.values()),
            "stance_t": N_("Hold") if direction == "to_hold" else N_("Alert"),
        }
    ]


def occupy(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Roll 1 die for an idle city: 4+ takes a small one, 5+ a large one (digest §3 (5))."""
    seat = turn_seat(state, actor)
    city = find_city(state, params["city"])
    if not is_idle(city):
        raise BadValue("not_idle", N_("City {city} is not idle."), city=city["id"])
    need_supply(state, seat, 1)
    die = params.get("die") or rng.randint(1, 6)
    need = OCCUPY_FROM[city["size"]]
    won = die >= need
    if won:
        city["troops"][seat][0] = 1
        city["owner"] = seat
    done(state, N_("Occupy an idle city"))
    return [
        {
            "type": "Occupied" if won else "OccupyFailed",
            "seat": seat,
            "city": city["id"],
            "die": die,
            "need": need,
        }
    ]


# -- who may: the turn's player (or the host for them), when there is something to do --------------


def can_reinforce(state: State, actor: Actor) -> bool:
    """while a city of theirs has a free space and they have a troop in supply"""
    return bool(reinforce_ids(state, state["turn"]))


def can_withdraw(state: State, actor: Actor) -> bool:
    """while they have a troop in a city they control"""
    return bool(withdraw_ids(state, state["turn"]))


def can_transfer(state: State, actor: Actor) -> bool:
    """while they control two cities or more, one of them with an Alert troop"""
    seat = state["turn"]
    return bool(alert_ids(state, seat)) and len(my_cities(state, seat)) > 1


def controls_a_city(state: State, actor: Actor) -> bool:
    """while they control a city"""
    return bool(my_cities(state, state["turn"]))


def can_occupy(state: State, actor: Actor) -> bool:
    """while a city is idle and they have a troop in supply"""
    return bool(occupy_ids(state, state["turn"]))


ORDERS = (
    turn_action(
        "reinforce",
        reinforce,
        (CITY, STANCE),
        N_("Reinforce"),
        "Troop orders A: 1 troop from supply into a city you control.",
        when=can_reinforce,
    ),
    turn_action(
        "withdraw",
        withdraw,
        (CITY, STANCE),
        N_("Withdraw"),
        "Troop orders B: 1 troop from a city you control back to supply.",
        when=can_withdraw,
    ),
    turn_action(
        "transfer",
        transfer,
        (
            int_param("from_city", 1, CITY_ID, N_("From city")),
            int_param("to_city", 1, CITY_ID, N_("To city")),
        ),
        N_("Transfer"),
        "Troop orders C: 1 Alert troop to another city you control.",
        when=can_transfer,
    ),
    turn_action(
        "change_stance",
        change_stance,
        (
            choice_param("direction", ("to_hold", "to_alert"), N_("Direction")),
            ints_param(
                "cities", CITY_ID, TROOPS_PER_PLAYER, N_("One city per troop turned"), False
            ),
        ),
        N_("Change stance"),
        "Turn troops Alert->Hold or Hold->Alert (one direction).",
        when=controls_a_city,
    ),
)
OCCUPY = turn_action(
    "occupy",
    occupy,
    (CITY, int_param("die", 1, 6, N_("Die (empty = the app rolls)"), default=None)),
    N_("Occupy an idle city"),
    "Roll 1 die for an idle city: small 4+, large 5+.",
    when=can_occupy,
)
