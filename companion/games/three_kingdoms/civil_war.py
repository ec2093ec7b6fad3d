"""The civil war (digest §4): a completed city holding several players' troops is fought over by
itself, roll by roll. Three or more players first roll for the highest die (below the top, every
troop goes home); two fight to the end, each hit taking one troop, Alert troops first.
"""

from __future__ import annotations

from typing import Any

from ..kit import Event, State
from .board import City, find_city, seats_in, total
from .dice import hits
from .phases import battle_over, battle_result


def next_civil_war(state: State) -> list[Event]:
    """Start the civil war of the first city waiting for one."""
    cid = state["civil_queue"].pop(0)
    seats = seats_in(find_city(state, cid))
    state["battle"] = {
        "kind": "civil",
        "city": cid,
        "sides": seats,
        "fighters": seats,
        "mode": "duel" if len(seats) == 2 else "highest",
        "stage": "rolling",
        "rolls": [],
    }
    return [{"type": "CivilWarStarted", "city": cid, "seats": seats}]


def dice_order(state: State) -> list[dict[str, int]]:
    """Who rolls how many dice: every side still in, with all its troops there."""
    b = state["battle"]
    city = find_city(state, b["city"])
    return [{"seat": s, "n": total(city, s)} for s in b["sides"]]


def civil_roll(state: State, dice: list[list[int]]) -> list[Event]:
    """One roll of the civil war, ``dice`` per side in the order of ``dice_order``."""
    b = state["battle"]
    city = find_city(state, b["city"])
    sides = b["sides"]
    events: list[Event] = []
    if b["mode"] == "highest":
        tops = [max(d) for d in dice]
        top = max(tops)
        stay = [s for s, t in zip(sides, tops, strict=True) if t == top]
        for s in sides:
            if s not in stay:
                city["troops"][s] = [0, 0]  # below the top value: every troop goes home
        events.append(_rolled(b, dice, {"stay": stay}, {"top": top, "seats": stay}))
        b["sides"] = stay
        if len(stay) == 2:
            b["mode"] = "duel"
    else:
        got = [hits(d) for d in dice]
        _take(city, sides[0], got[1])
        _take(city, sides[1], got[0])
        left = [total(city, s) for s in sides]
        events.append(_rolled(b, dice, {"hits": got}, {"hits": f"{got[0]}-{got[1]}", "left": left}))
        b["sides"] = [s for s in sides if total(city, s)]
    if len(b["sides"]) <= 1:
        winner = b["sides"][0] if b["sides"] else None
        city["owner"] = winner
        survivors = total(city, winner) if winner is not None else 0
        result = battle_result(
            state, "won" if winner is not None else "both_gone", winner, survivors
        )
        events.append({"type": "CivilWarEnded", "city": city["id"], "seat": winner, **result})
        events.extend(battle_over(state))
    return events


# A roll's event by the battle's mode when it was rolled.
ROLL_EVENTS = {"highest": "CivilRollHighest", "duel": "CivilRollDuel"}


def _rolled(
    b: dict[str, Any], dice: list[list[int]], kept: dict[str, Any], shown: dict[str, Any]
) -> Event:
    """Keep a roll with the battle (``kept``: what it decided) and return its event (``shown``:
    what its line shows), both naming the sides that rolled and their dice."""
    sides = b["sides"]
    b["rolls"].append({"mode": b["mode"], "sides": sides, "dice": dice, **kept})
    kind = ROLL_EVENTS[b["mode"]]
    return {"type": kind, "k": len(b["rolls"]), "sides": sides, "dice": dice, **shown}


def _take(city: City, seat: int, n: int) -> None:
    """Remove ``n`` of ``seat``'s troops, Alert ones first (a civil-war casualty: the owner keeps
    the Hold troops, which are worth more against a later national war)."""
    troops = city["troops"][seat]
    from_alert = min(n, troops[0])
    troops[0] -= from_alert
    troops[1] -= min(n - from_alert, troops[1])
