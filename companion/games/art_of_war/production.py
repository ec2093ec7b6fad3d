"""Phases 2 and 3 of The Art of War: War or Peace chosen in secret, then production (mine, farm,
barracks and what raises or cuts them) and the vassal states' tribute.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, Event, P, Rng, RulesError, State, T, Text, fill, sealed, seat_of
from .board import (
    advisor,
    city,
    defenders,
    effect,
    event_hits,
    half_down,
    half_up,
    money_event,
    name,
    order,
    player,
    strength,
    works,
)
from .data import ADVISORS, FACILITIES, RESOURCE_NAMES, STANCE_NAMES, TACTICS
from .flow import choose
from .lines import LINES

# --------------------------------------------------------------------------- War or Peace


def open_stance(state: State, rng: Rng) -> list[Event]:
    return [
        sealed.open_round(
            state, "stance", list(range(len(state["players"]))), T("Choose War or Peace")
        )
    ]


def act_choose_stance(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Phase 2: choose War or Peace in secret."""
    actor = seat_of(actor)
    return choose(state, actor, "stance", params["stance"])


def reveal_stance(state: State, choices: list[Any], rng: Rng) -> list[Event]:
    events: list[Event] = []
    for seat, stance in enumerate(choices):
        player(state, seat)["stance"] = stance
        events.append({"type": "StanceRevealed", "seat": seat, "stance_t": STANCE_NAMES[stance]})
    return events


# --------------------------------------------------------------------------- production


def produce_all(state: State, rng: Rng) -> list[Event]:
    """Phase 3: every facility produces, then the vassal states pay tribute."""
    events: list[Event] = []
    for seat in order(state):
        events += _produce(state, seat)
    return events + _assign_tribute(state)


# A facility's first line of arithmetic: its base plus one per worker.
FACILITY_LINES = {
    "mine": P(
        "Mine: base {base} + {n} worker = ${total}", "Mine: base {base} + {n} workers = ${total}", 0
    ),
    "farm": P(
        "Farm: base {base} + {n} worker = {total} food",
        "Farm: base {base} + {n} workers = {total} food",
        0,
    ),
    "barracks": P(
        "Barracks: base {base} + {n} worker = {total} soldiers",
        "Barracks: base {base} + {n} workers = {total} soldiers",
        0,
    ),
}


def _facility(
    p: dict[str, Any], facility: str, stopped: bool, peace: int, lines: list[Text]
) -> int:
    """What a facility makes: its base (none when stopped, +1 at Peace) plus one per worker,
    its line added to ``lines``."""
    base = 0 if stopped else FACILITIES[facility]["base"] + peace
    workers = p["facility"][facility]
    lines.append(fill(FACILITY_LINES[facility], base=base, n=workers, total=base + workers))
    return base + workers


def production(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` produces this round, with the lines of the arithmetic."""
    p = player(state, seat)
    stance = p["stance"]
    bf = strength(state, seat)
    peace = 1 if stance == "peace" else 0
    lines: list[Text] = []
    money_lines: list[Text] = []
    # Mine: base 2 (+1 at Peace, stopped at War) + workers.
    money = _facility(p, "mine", stance == "war", peace, money_lines)
    if works(state, seat, "textile_shop"):
        money += 2 * bf
        money_lines.append(T("{building_t}: +${n}", building_t=N_("Textile Shop"), n=2 * bf))
    if advisor(state, seat, "zengzi"):
        money += 3
        money_lines.append(T("{advisor_t}: +${n}", advisor_t=ADVISORS["zengzi"]["name"], n=3))
    if effect(state, seat, "beauty_trap"):
        money //= 2
        money_lines.append(
            T(
                "{card_t}: money income halved (rounded down) = ${n}",
                card_t=TACTICS["beauty_trap"]["name"],
                n=money,
            )
        )
    starved = effect(state, seat, "cut_supplies")
    # Farm: base 2 (+1 at Peace) + workers, Windmill +2, Great Peace +1, Famine halves.
    food = _facility(p, "farm", starved, peace, lines)
    if works(state, seat, "windmill"):
        food += 2 * bf
        lines.append(T("{building_t}: +{n} food", building_t=N_("Windmill"), n=2 * bf))
    great_peace = state["event"]["current"] == "great_peace"
    if great_peace:
        food += 1
        lines.append(T("Great Peace: +1 food"))
    if event_hits(state, seat, "famine"):
        food = half_down(food) if state["options"]["famine_rounding"] == "floor" else half_up(food)
        lines.append(T("Famine: food halved = {n}", n=food))
    # Barracks: base 3 (+1 at Peace) + workers, +3 at War, Great Peace +3.
    soldiers = _facility(p, "barracks", starved, peace, lines)
    if stance == "war":
        soldiers += 3
        lines.append(T("War: +3 soldiers"))
    if great_peace:
        soldiers += 3
        lines.append(T("Great Peace: +3 soldiers"))
    return {
        "money": money,
        "food": food,
        "soldiers": soldiers,
        "lines": lines,
        "money_lines": money_lines,
    }


def _produce(state: State, seat: int) -> list[Event]:
    out = production(state, seat)
    p = player(state, seat)
    p["money"] += out["money"]
    p["food"] += out["food"]
    p["supply"] += out["soldiers"]
    produced = {"type": "Produced", "seat": seat, "food": out["food"], "soldiers": out["soldiers"]}
    # The board's working opens with the history's own line for it.
    state["computed"].append(LINES.describe(produced, [each["name"] for each in state["players"]]))
    state["computed"] += out["lines"]
    state["private_lines"][seat] = out["money_lines"] + [T("Money: +${n}", n=out["money"])]
    return [produced, money_event(seat, out["money"], N_("production"))]


# --------------------------------------------------------------------------- tribute


def tribute_multiplier(relay: bool, princess: bool, stack: str = "multiply") -> int:
    """Tribute multiplier: Relay Station x2, Mongol Princess x2; both x4 (or x3 when added).

    >>> tribute_multiplier(True, True), tribute_multiplier(True, True, "add")
    (4, 3)
    >>> tribute_multiplier(False, True), tribute_multiplier(False, False)
    (2, 1)
    """
    if relay and princess:
        return 4 if stack == "multiply" else 3
    return 2 if relay or princess else 1


def tribute_shares(state: State, vassal: int) -> list[tuple[int, int]]:
    """(seat, base amount) shares of one vassal state: 2 to the city with more defenders,
    1 each on a tie; nothing when both are empty (unless the table option shares it)."""
    a, b = state["vassals"][vassal]
    da, db = defenders(state, a), defenders(state, b)
    oa, ob = city(state, a)["owner"], city(state, b)["owner"]
    if da == db:
        if da == 0 and not state["options"]["tribute_empty_tie"]:
            return []
        return [(o, 1) for o in (oa, ob) if o is not None]
    owner = oa if da > db else ob
    return [(owner, 2)] if owner is not None else []


def _assign_tribute(state: State) -> list[Event]:
    state["tribute"] = []
    events: list[Event] = []
    for v in range(len(state["vassals"])):
        a, b = state["vassals"][v]
        state["computed"].append(
            T(
                "Vassal {v}: defenders {a} vs {b}",
                v=v + 1,
                a=defenders(state, a),
                b=defenders(state, b),
            )
        )
        for seat, base in tribute_shares(state, v):
            who = name(state, seat)
            if event_hits(state, seat, "barbarians"):
                state["computed"].append(T("Five Barbarians: {name} gets no tribute", name=who))
                continue
            mult = tribute_multiplier(
                works(state, seat, "relay_station") > 0,
                advisor(state, seat, "princess"),
                state["options"]["tribute_stack"],
            )
            amount = base * mult
            state["tribute"].append({"vassal": v, "seat": seat, "amount": amount, "kind": None})
            state["computed"].append(
                T(
                    "{name} receives {n} of one resource (base {base} x{mult})",
                    name=who,
                    n=amount,
                    base=base,
                    mult=mult,
                )
            )
            events.append({"type": "TributeDue", "seat": seat, "n": amount, "vassal": v})
    return events


def act_take_tribute(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Choose the resource of a tribute you receive (food, money or soldiers)."""
    actor = seat_of(actor)
    match = [
        t
        for t in state["tribute"]
        if t["seat"] == actor and t["kind"] is None and t["vassal"] == params["vassal"] - 1
    ]
    if not match:
        raise RulesError("no_tribute", N_("You have no tribute to take."))
    share = match[0]
    share["kind"] = kind = params["kind"]
    p = player(state, actor)
    if kind == "food":
        p["food"] += share["amount"]
    elif kind == "soldiers":
        p["supply"] += share["amount"]
    else:
        p["money"] += share["amount"]
    return [
        {
            "type": "TributeTaken",
            "seat": actor,
            "n": share["amount"],
            "kind_t": RESOURCE_NAMES[kind],
        }
    ]
