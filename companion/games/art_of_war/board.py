"""The board every part of The Art of War reads: the map's cities and camps, each player's
holdings (money, food, soldiers, workers, cards), and what a building, an Advisor or a lasting
card does for its owner this round.

Helpers only: no action and no phase lives here, so every part may import it.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, BadValue, Event, State, T, Text, turn_order
from .data import GENERALS

PLACES = (
    N_("{owner}'s main castle"),
    N_("City by {owner}"),
    N_("Central city"),
    N_("Bandit camp {n}"),
)


def half_down(n: int) -> int:
    """Half, rounded down (the digest's reading wherever the post says "half").

    >>> half_down(7), half_down(6)
    (3, 3)
    """
    return n // 2


def half_up(n: int) -> int:
    """Half, rounded up (retreat losses: the post says "向上取").

    >>> half_up(7), half_up(6)
    (4, 3)
    """
    return (n + 1) // 2


def name(state: State, seat: int | None) -> str:
    """A seat's name ("" for nobody), for the lines the board shows as it works things out."""
    return state["players"][seat]["name"] if seat is not None else ""


def order(state: State) -> list[int]:
    """Seats in turn order from the start player (clockwise)."""
    return turn_order(state["start"], len(state["players"]))


def player(state: State, seat: int) -> dict[str, Any]:
    return state["p"][seat]


# --------------------------------------------------------------------------- the map


def city(state: State, cid: str) -> dict[str, Any]:
    for c in state["cities"]:
        if c["id"] == cid:
            return c
    raise BadValue("no_such_city", N_("There is no such city on this map."))


def camp_index(state: State, loc: str) -> int:
    if loc.startswith("camp-") and int(loc[5:]) < len(state["camps"]):
        return int(loc[5:])
    raise BadValue("no_such_camp", N_("There is no such bandit camp on this map."))


def locations(state: State) -> list[str]:
    """Every location of this map in a fixed order: cities, then bandit camps."""
    return [c["id"] for c in state["cities"]] + [f"camp-{k}" for k in range(len(state["camps"]))]


def place_index(loc: str) -> int:
    """0 a main castle, 1 a neighbouring city, 2 the centre, 3 a bandit camp.

    >>> [place_index(loc) for loc in ("castle-1", "city-0", "centre", "camp-2")]
    [0, 1, 2, 3]
    """
    if loc.startswith("castle-"):
        return 0
    if loc.startswith("city-"):
        return 1
    return 2 if loc == "centre" else 3


def place_seat(loc: str) -> int | None:
    """The seat a castle or neighbouring city is named after (None for the others)."""
    return int(loc.split("-")[1]) if loc.startswith(("castle-", "city-")) else None


def camp_number(loc: str) -> int:
    return int(loc[5:]) + 1 if loc.startswith("camp-") else 0


def loc_label(state: State, loc: str) -> Text:
    return T(PLACES[place_index(loc)], owner=name(state, place_seat(loc)), n=camp_number(loc))


def home(seat: int) -> str:
    return f"castle-{seat}"


def cities_of(state: State, seat: int) -> list[str]:
    return [c["id"] for c in state["cities"] if c["owner"] == seat]


def defenders(state: State, cid: str) -> int:
    owner = city(state, cid)["owner"]
    return 0 if owner is None else player(state, owner)["at"].get(cid, 0)


# --------------------------------------------------------------------------- buildings


def building(state: State, key: str) -> dict[str, Any]:
    for b in state["buildings"]:
        if b["key"] == key:
            return b
    raise BadValue("no_such_building", N_("That building is not on the map."))


def owner(state: State, b: dict[str, Any]) -> int | None:
    return city(state, b["city"])["owner"]


def owned(state: State, seat: int, done: bool | None = True) -> list[dict[str, Any]]:
    """Buildings in ``seat``'s cities (done=True completed, False under way, None both)."""
    mine = [b for b in state["buildings"] if owner(state, b) == seat]
    return mine if done is None else [b for b in mine if b["done"] == done]


def destroy(state: State, b: dict[str, Any]) -> None:
    """Take a building off the map; the workers of one under way go back to its owner."""
    who = owner(state, b)
    if not b["done"] and who is not None:
        player(state, who)["supply"] += b["workers"]
    state["buildings"].remove(b)


def effect(state: State, seat: int, card: str) -> bool:
    """Is a tactic card's lasting effect on ``seat`` this round?"""
    rnd = state["round"]
    return any(
        e["card"] == card and e["seat"] == seat and e["first"] <= rnd <= e["last"]
        for e in state["effects"]
    )


def strength(state: State, seat: int) -> int:
    """How strongly ``seat``'s buildings work this round: 0 (Trade Depression), 2 (Turn the
    Trick Around) or 1. Additive effects are multiplied by it; on/off effects need it > 0."""
    if effect(state, seat, "depression"):
        return 0
    return 2 if effect(state, seat, "counter_trick") else 1


def works(state: State, seat: int | None, key: str) -> int:
    """The strength (0, 1 or 2) of ``seat``'s completed ``key`` building."""
    if seat is None:
        return 0
    if not any(b["key"] == key for b in owned(state, seat)):
        return 0
    return strength(state, seat)


def advisor(state: State, seat: int | None, key: str) -> bool:
    """Does ``seat``'s Advisor ``key`` still work (until their General has been used)?"""
    if seat is None:
        return False
    p = player(state, seat)
    if p["advisor"] != key:
        return False
    return not p["general_used"] or bool(GENERALS[p["general"]].get("keeps_advisor"))


def shielded(state: State, seat: int | None) -> bool:
    """The Leshan Giant Buddha: negative events have no effect on its owner."""
    return works(state, seat, "leshan_buddha") > 0


def event_hits(state: State, seat: int, key: str) -> bool:
    return state["event"]["current"] == key and not shielded(state, seat)


# --------------------------------------------------------------------------- soldiers and workers


def soldiers(p: dict[str, Any]) -> int:
    return p["supply"] + sum(p["at"].values())


def workers(state: State, seat: int) -> int:
    p = player(state, seat)
    return sum(p["facility"].values()) + sum(b["workers"] for b in owned(state, seat, None))


def population(state: State, seat: int) -> int:
    return soldiers(player(state, seat)) + workers(state, seat)


def add_at(p: dict[str, Any], loc: str, n: int) -> None:
    p["at"][loc] = p["at"].get(loc, 0) + n
    if p["at"][loc] <= 0:
        del p["at"][loc]


def set_at(p: dict[str, Any], loc: str, n: int) -> None:
    p["at"].pop(loc, None)
    if n > 0:
        p["at"][loc] = n


def send_home(state: State, seat: int, loc: str) -> None:
    """A force goes back to its main castle (the post's "nearest own city"; the app has no map)."""
    p = player(state, seat)
    n = p["at"].pop(loc, 0)
    if n:
        add_at(p, home(seat), n)


def remove_soldiers(p: dict[str, Any], n: int) -> int:
    """Discard up to ``n`` soldiers: the supply first, then the biggest stacks on the map."""
    taken = min(n, p["supply"])
    p["supply"] -= taken
    while taken < n and p["at"]:
        loc = max(p["at"], key=lambda k: p["at"][k])
        take = min(n - taken, p["at"][loc])
        add_at(p, loc, -take)
        taken += take
    return taken


def apothecary(state: State, seat: int, lost: int) -> int:
    """The Apothecary: for every 3 soldiers lost, 1 comes back (rounded down)."""
    return (lost // 3) * works(state, seat, "apothecary")


# --------------------------------------------------------------------------- money and cards


def money_event(seat: int, delta: int, why: str) -> Event:
    """A money change only its owner may read (money is private unless the table says so)."""
    return {"type": "MoneyChanged", "seat": seat, "n": delta, "why_t": why, "to": [seat]}


def pay(state: State, seat: int, amount: int) -> None:
    p = player(state, seat)
    if p["money"] < amount:
        raise BadValue("not_enough_money", N_("You do not have enough money."))
    p["money"] -= amount


def take_money(state: State, victim: int, thief: int, amount: int, why: str) -> list[Event]:
    """Move up to ``amount`` from ``victim`` to ``thief``; each learns only their own change."""
    got = min(amount, player(state, victim)["money"])
    player(state, victim)["money"] -= got
    player(state, thief)["money"] += got
    return [
        # Each names the other player: one General may take from several players at once,
        # and each change must read as its own line.
        {**money_event(victim, -got, why), "other": thief},
        {**money_event(thief, got, why), "other": victim},
        # The thief counts what the victim hands over, so learns what the victim could pay:
        # this line (no amount) marks that reveal, a barrier undo never steps back across.
        {"type": "MoneyTaken", "seat": thief, "victim": victim, "to": sorted({thief, victim})},
    ]


def draw_tactics(state: State, seat: int, n: int, why: str) -> Event:
    """Draw ``n`` tactic cards from the physical deck; the app counts them (privately)."""
    player(state, seat)["tactics"] += n
    return {"type": "TacticsDrawn", "seat": seat, "n": n, "why_t": why}


def heroic(state: State, seat: int) -> list[Event]:
    """Advisor 策: +$5 for each bandit group defeated."""
    if not advisor(state, seat, "ce"):
        return []
    player(state, seat)["money"] += 5
    return [money_event(seat, 5, N_("defeating bandits"))]
