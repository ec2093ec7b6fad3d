"""The tiles: placing the drawn tile (its city, its garrison, the cities it completes) or
removing one that fits nowhere; the stack of tiles left to draw.

The app does not know the tiles' artwork, so it never checks where a tile may go: the players
say which city a tile extends, how many garrison spaces it has and whether it closes the city
(digest §1, AMBIGUOUS: tile data).
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Param, Rng, RulesError, State
from .board import City, city_size, open_city, opt, param, seats_in
from .data import CITY_ID, POINTS, SIZE_LABELS
from .turns import choice_param, done, int_param, ints_param, need_supply, turn_action, turn_seat


def tiles_left(state: State, actor: Actor) -> bool:
    """while tiles are left to draw"""
    return state["tiles_left"] > 0


def discard_tile(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """A drawn tile that fits nowhere leaves the game; the player draws again (digest §3 (1))."""
    seat = turn_seat(state, actor)
    if state["tiles_left"] <= 0:
        raise RulesError("no_tiles", N_("No tiles are left."))
    state["tiles_left"] -= 1
    if state["tiles_left"] == 0:
        # The stack ran out with a tile nobody could place: the turn (and the game) ends.
        done(state, N_("Expand"))
    return [{"type": "TileRemoved", "seat": seat, "left": state["tiles_left"]}]


def expand(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Place a tile, garrison its spaces, complete cities (digest §3 (1))."""
    seat = turn_seat(state, actor)
    if state["tiles_left"] <= 0:
        raise RulesError("no_tiles", N_("No tiles are left."))
    spaces = params["spaces"]
    cid = param(params, "city", 0)
    joins = list(param(params, "joins", []))
    alert, hold = param(params, "alert", 0), param(params, "hold", 0)
    completes = param(params, "complete", False)
    also = list(param(params, "also_complete", []))
    if spaces == 0 and (cid or joins or alert or hold or completes):
        raise BadValue("no_city_area", N_("A tile without garrison spaces has no city part."))
    if alert + hold > spaces:
        raise BadValue("too_many_troops", N_("This tile has {n} garrison spaces."), n=spaces)
    need_supply(state, seat, alert + hold)
    state["tiles_left"] -= 1
    events: list[Event] = []
    city = None
    if spaces:
        city = open_city(state, cid) if cid else new_city(state)
        for jid in joins:
            other = open_city(state, jid)
            if other is city:
                raise BadValue("join_itself", N_("A city cannot join itself."))
            _merge(state, city, other)
        city["tiles"] += 1
        city["spaces"] += spaces
        others_there = [s for s in seats_in(city) if s != seat]
        if alert + hold and others_there and not opt(state, "join_contested"):
            raise BadValue(
                "contested_tile", N_("Other players' troops are in this city: no troops here.")
            )
        city["troops"][seat][0] += alert
        city["troops"][seat][1] += hold
    events.append(
        {
            "type": "TilePlaced",
            "seat": seat,
            "city": city["id"] if city else 0,
            "alert": alert,
            "hold": hold,
            "left": state["tiles_left"],
        }
    )
    closing: list[tuple[City, str]] = []
    if completes and city is not None:
        closing.append((city, param(params, "size", "auto")))
    for oid in also:
        other = open_city(state, oid)
        if any(other is c for c, _ in closing):
            raise BadValue("closed_twice", N_("City {city} is named twice."), city=oid)
        other["tiles"] += 1  # the tile's wall closes it, so the tile is part of that city
        closing.append((other, "auto"))
    for c, size in closing:
        complete_city(state, c, size, events)
    done(state, N_("Expand"))
    return events


def new_city(state: State) -> City:
    city = {
        "id": state["next_city"],
        "tiles": 0,
        "spaces": 0,
        "complete": False,
        "size": None,
        "owner": None,
        "troops": [[0, 0] for _ in state["players"]],
    }
    state["next_city"] += 1
    state["cities"].append(city)
    return city


def _merge(state: State, into: City, other: City) -> None:
    into["tiles"] += other["tiles"]
    into["spaces"] += other["spaces"]
    for seat, troops in enumerate(other["troops"]):
        into["troops"][seat][0] += troops[0]
        into["troops"][seat][1] += troops[1]
    state["cities"].remove(other)


def complete_city(state: State, city: City, size: str, events: list[Event]) -> None:
    """Digest §3 (1): several players' troops -> civil war; one -> control; none -> idle."""
    city["complete"] = True
    city["size"] = size if size in POINTS else city_size(city["tiles"])
    seats = seats_in(city)
    base = {"city": city["id"], "size_t": SIZE_LABELS[city["size"]], "tiles": city["tiles"]}
    if not seats:
        city["owner"] = None
        events.append({"type": "CityCompleted", "outcome": "idle", **base})
    elif len(seats) == 1:
        city["owner"] = seats[0]
        events.append({"type": "CityCompleted", "outcome": "owned", "seat": seats[0], **base})
    else:
        city["owner"] = None
        # The civil war starts once this action is over (``turns``), one city after another.
        state["civil_queue"].append(city["id"])
        events.append({"type": "CityCompleted", "outcome": "contested", "seats": seats, **base})


EXPAND_PARAMS = (
    int_param("spaces", 0, 2, N_("Garrison spaces on the tile")),
    int_param("city", 0, CITY_ID, N_("City the tile extends (0 = a new city)"), default=0),
    ints_param("joins", CITY_ID, 8, N_("Other open cities it joins")),
    int_param("alert", 0, 2, N_("Alert troops"), default=0),
    int_param("hold", 0, 2, N_("Hold troops"), default=0),
    Param(
        "complete", "bool", optional=True, default=False, label=N_("The tile completes this city")
    ),
    choice_param(
        "size", ("auto", "small", "large"), N_("Size of the completed city"), default="auto"
    ),
    ints_param("also_complete", CITY_ID, 4, N_("Other open cities it completes")),
)

ACTIONS = (
    turn_action(
        "expand",
        expand,
        EXPAND_PARAMS,
        N_("Place a tile"),
        "Place the drawn tile: its city, garrison troops, completed cities.",
        when=tiles_left,
    ),
    turn_action(
        "discard_tile",
        discard_tile,
        (),
        N_("Tile cannot be placed"),
        "The drawn tile fits nowhere: it leaves the game (the player draws again).",
        when=tiles_left,
    ),
)
