"""The board as the state keeps it: cities, the troops in them, supply and score.

Every part reads the board through these helpers, and the legal targets of the turn's actions
are worked out here once: the buttons (``view``) and who may act (``rules``) use the same lists.

A city is ``{"id", "tiles", "spaces", "complete", "size", "owner", "troops"}`` where
``troops[seat]`` is ``[alert, hold]``.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, BadValue, Event, L, P, State, Text
from .data import LARGE_FROM_TILES, POINTS, TROOPS_PER_PLAYER

City = dict[str, Any]


def city_size(tiles: int) -> str:
    """Small for 1-3 tiles, large for 4 or more.

    >>> city_size(3), city_size(4)
    ('small', 'large')
    """
    return "large" if tiles >= LARGE_FROM_TILES else "small"


def name(state: State, seat: int | None) -> str:
    return "" if seat is None else state["players"][seat]["name"]


def hits(n: int) -> Text:
    """A side's hits in a roll, in the words for that many hits."""
    return P("{n} hit", "{n} hits", n)


def tiles(n: int) -> Text:
    """A number of tiles, in the words for that many."""
    return P("{n} tile", "{n} tiles", n)


def names(state: State, seats: list[int]) -> Text:
    """The seats' names as one list, joined in the reader's language."""
    return L([name(state, s) for s in seats])


def opt(state: State, key: str) -> Any:
    return state["options"][key]


def param(params: dict[str, Any], key: str, default: Any) -> Any:
    """An optional parameter (the platform fills in None; tests may leave it out)."""
    value = params.get(key)
    return default if value is None else value


def total(city: City, seat: int | None = None) -> int:
    if seat is not None:
        return sum(city["troops"][seat])
    return sum(sum(t) for t in city["troops"])


def free(city: City) -> int:
    return city["spaces"] - total(city)


def seats_in(city: City) -> list[int]:
    return [s for s, t in enumerate(city["troops"]) if sum(t)]


def in_battle(state: State, seat: int) -> int:
    """Attacking troops that left their city and are fighting (not on a city, not in supply)."""
    b = state["battle"]
    if b and b["kind"] == "national" and b["attacker"] == seat:
        return b["att"]
    return 0


def on_board(state: State, seat: int) -> tuple[int, int]:
    alert = sum(c["troops"][seat][0] for c in state["cities"]) + in_battle(state, seat)
    hold = sum(c["troops"][seat][1] for c in state["cities"])
    return alert, hold


def supply(state: State, seat: int) -> int:
    return TROOPS_PER_PLAYER - sum(on_board(state, seat))


def score(state: State, seat: int) -> int:
    return sum(POINTS[c["size"]] for c in state["cities"] if c["complete"] and c["owner"] == seat)


def is_idle(city: City) -> bool:
    return city["complete"] and city["owner"] is None and total(city) == 0


# -- one city, checked ----------------------------------------------------------------------------


def find_city(state: State, cid: int) -> City:
    for c in state["cities"]:
        if c["id"] == cid:
            return c
    raise BadValue("no_such_city", N_("There is no city {city}."), city=cid)


def open_city(state: State, cid: int) -> City:
    city = find_city(state, cid)
    if city["complete"]:
        raise BadValue("city_complete", N_("City {city} is already completed."), city=cid)
    return city


def own_city(state: State, cid: int, seat: int) -> City:
    city = find_city(state, cid)
    if not city["complete"] or city["owner"] != seat:
        raise BadValue("not_your_city", N_("City {city} is not a city you control."), city=cid)
    return city


def enemy_city(state: State, cid: int, seat: int) -> City:
    city = find_city(state, cid)
    if not city["complete"] or city["owner"] is None or city["owner"] == seat:
        raise BadValue("not_enemy_city", N_("City {city} is not another player's city."), city=cid)
    return city


def emptied(state: State, city: City, events: list[Event]) -> None:
    """A completed city its owner leaves with no troops (AMBIGUOUS, option ``emptied_city``)."""
    if city["complete"] and city["owner"] is not None and total(city) == 0:
        if opt(state, "emptied_city") == "idle":
            city["owner"] = None
            events.append({"type": "CityIdle", "city": city["id"]})


# -- the legal targets of the turn's actions (everything here is public) ------------------------


def my_cities(state: State, seat: int) -> list[City]:
    """The completed cities ``seat`` controls."""
    return [c for c in state["cities"] if c["complete"] and c["owner"] == seat]


def enemy_cities(state: State, seat: int) -> list[City]:
    """The completed cities other players control."""
    return [
        c
        for c in state["cities"]
        if c["complete"] and c["owner"] is not None and c["owner"] != seat
    ]


def reinforce_ids(state: State, seat: int) -> list[int]:
    """Own cities with a free space, while there is a troop in supply."""
    if supply(state, seat) <= 0:
        return []
    return [c["id"] for c in my_cities(state, seat) if free(c) > 0]


def withdraw_ids(state: State, seat: int) -> list[int]:
    return [c["id"] for c in my_cities(state, seat) if total(c, seat)]


def alert_ids(state: State, seat: int) -> list[int]:
    """Own cities with an Alert troop: where a transfer or an attack can start."""
    return [c["id"] for c in my_cities(state, seat) if c["troops"][seat][0]]


def occupy_ids(state: State, seat: int) -> list[int]:
    """Idle cities, while there is a troop in supply to send."""
    if supply(state, seat) <= 0:
        return []
    return [c["id"] for c in state["cities"] if c["complete"] and is_idle(c)]
