"""Phase 4 of The Art of War, construction: the purchases (tactic cards, blueprints), workers on
the mine, farm and barracks, buildings started from blueprints, and the foremen's payments that
complete them; and what completed buildings let their owner do (the Magistrate, the Altar).
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, RulesError, State, T, seat_of
from .board import (
    camp_index,
    city,
    draw_tactics,
    effect,
    event_hits,
    heroic,
    home,
    money_event,
    name,
    order,
    owned,
    pay,
    player,
    remove_soldiers,
    works,
)
from .data import (
    ALL_BUILDINGS,
    BLUEPRINT_PRICE,
    BUILDINGS,
    CHEAP_TACTIC_PRICE,
    CITY_IDS,
    FOREMEN,
    TACTIC_PRICE,
)
from .flow import BUILD_STEPS


def begin_purchases(state: State, rng: Rng) -> list[Event]:
    return BUILD_STEPS.enter(state, "purchase")


def tactic_price(state: State, seat: int) -> int:
    """$3, or $2 with a working Private School or Hanlin Academy."""
    cheap = works(state, seat, "private_school") or works(state, seat, "hanlin_academy")
    return CHEAP_TACTIC_PRICE if cheap else TACTIC_PRICE


def act_buy_tactic(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Buy 1 tactic card ($3, or $2 with the Private School / Hanlin Academy); 1 a round."""
    actor = seat_of(actor)
    price = tactic_price(state, actor)
    pay(state, actor, price)
    player(state, actor)["bought_tactic"] = True
    return [
        draw_tactics(state, actor, 1, N_("a purchase")),
        money_event(actor, -price, N_("a tactic card")),
    ]


def act_buy_blueprint(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Buy 1 building blueprint ($4; 1 a round). The app draws it and tells only you, or you
    enter the one you drew from the table (``building``)."""
    actor = seat_of(actor)
    if not state["blueprint_deck"]:
        raise RulesError("no_blueprints", N_("No blueprints are left."))
    p = player(state, actor)
    key = params.get("building")
    if key is not None:
        check_blueprint(state, actor, key)
    pay(state, actor, BLUEPRINT_PRICE)
    p["bought_blueprint"] = True
    if key is None:
        key = state["blueprint_deck"].pop(rng.randint(0, len(state["blueprint_deck"]) - 1))
    else:
        take_blueprint(state, key)
    p["blueprints"].append(key)
    return [
        {"type": "BlueprintBought", "seat": actor},
        {
            "type": "BlueprintDrawn",
            "seat": actor,
            "building_t": ALL_BUILDINGS[key]["name"],
            "to": [actor],
        },
    ]


def check_blueprint(state: State, actor: int, key: str) -> None:
    """A blueprint a phone says it holds: refused only on what that phone knows."""
    if key not in BUILDINGS or not BUILDINGS[key].get("in_deck", True):
        raise BadValue("not_a_blueprint", N_("Choose an ordinary building's blueprint."))
    if key in player(state, actor)["blueprints"]:
        raise BadValue("already_held", N_("You already hold that blueprint."))
    if any(b["key"] == key for b in state["buildings"]):
        raise BadValue("already_on_map", N_("That building is already on the map."))


def take_blueprint(state: State, key: str) -> None:
    """The physical deck is one card shorter: so is the app's (kit.draws: the named card comes
    out of the pile, never twice). If the app thought another hand held it, one other card
    leaves the deck instead: the deck count is public and must not depend on other hands."""
    deck = state["blueprint_deck"]
    if key in deck:
        deck.remove(key)
    elif deck:
        deck.pop()


def act_start_building(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Start a blueprint you hold on a lot of one of your cities (not while at War)."""
    actor = seat_of(actor)
    p = player(state, actor)
    key = params["building"]
    if key not in p["blueprints"]:
        raise BadValue("no_blueprint", N_("You do not hold that blueprint."))
    if any(b["key"] == key for b in state["buildings"]):
        raise BadValue("already_on_map", N_("That building is already on the map."))
    if p["stance"] == "war" or effect(state, actor, "downpour"):
        raise RulesError("no_new_buildings", N_("You may not start new buildings this round."))
    where = params["city"] or home(actor)
    if where not in CITY_IDS or city(state, where)["owner"] != actor:
        raise BadValue("not_your_city", N_("Build in one of your own cities."))
    if len(owned(state, actor, False)) >= FOREMEN:
        raise RulesError("no_foreman", N_("All 3 of your foremen are busy."))
    n = building_workers(state, actor, key, params["workers"])
    if p["supply"] < n:
        raise BadValue("not_enough_workers", N_("You need {n} soldiers in hand as workers."), n=n)
    p["supply"] -= n
    p["blueprints"].remove(key)
    state["buildings"].append(
        {"key": key, "city": where, "progress": 0, "done": False, "workers": n, "builders": n}
    )
    return [
        {
            "type": "BuildingStarted",
            "seat": actor,
            "building_t": ALL_BUILDINGS[key]["name"],
            "workers": n,
        }
    ]


def building_workers(state: State, seat: int, key: str, chosen: int | None) -> int:
    """Workers a building needs: its number, -1 with the Bathhouse; the Temple of Heaven
    takes as many as its builder chooses (at least 1)."""
    if key == "temple_of_heaven":
        if not chosen:
            raise BadValue("choose_workers", N_("Say how many workers build the Temple of Heaven."))
        return chosen
    return max(0, ALL_BUILDINGS[key]["workers"] - works(state, seat, "bathhouse"))


def act_assign_workers(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Set the workers on your mine, farm and barracks (soldiers in hand become workers and
    back; workers on buildings stay until the building is complete)."""
    actor = seat_of(actor)
    p = player(state, actor)
    want = {k: params[k] for k in ("mine", "farm", "barracks")}
    delta = sum(want.values()) - sum(p["facility"].values())
    if delta > p["supply"]:
        raise BadValue(
            "not_enough_workers", N_("You need {n} soldiers in hand as workers."), n=delta
        )
    p["supply"] -= delta
    p["facility"] = want
    return [{"type": "WorkersAssigned", "seat": actor, **want}]


def construction_cost(state: State, seat: int, b: dict[str, Any]) -> int:
    """This round's payment for a building under way (Post Road: -$1, not below 0)."""
    cost = ALL_BUILDINGS[b["key"]]["costs"][b["progress"]]
    return max(0, cost - works(state, seat, "post_road"))


def advance_foremen(state: State) -> list[Event]:
    """Every foreman moves on and its owner pays; no money, no move. Completes on the last."""
    events: list[Event] = []
    state["computed"] = []
    for seat in order(state):
        who = name(state, seat)
        for b in owned(state, seat, False):
            label = ALL_BUILDINGS[b["key"]]["name"]
            if event_hits(state, seat, "stoppage") or effect(state, seat, "downpour"):
                state["computed"].append(
                    T("{name}: {building_t} stopped", name=who, building_t=label)
                )
                continue
            cost = construction_cost(state, seat, b)
            if player(state, seat)["money"] < cost:
                state["computed"].append(
                    T(
                        "{name}: {building_t} waits (${n} not paid)",
                        name=who,
                        building_t=label,
                        n=cost,
                    )
                )
                events.append({"type": "ForemanStuck", "seat": seat, "building_t": label})
                continue
            player(state, seat)["money"] -= cost
            # The payer's phone gets its line: its money changed.
            events.append(money_event(seat, -cost, N_("construction")))
            b["progress"] += 1
            rounds = len(ALL_BUILDINGS[b["key"]]["costs"])
            state["computed"].append(
                T(
                    "{name}: {building_t} paid ${n} ({k}/{total})",
                    name=who,
                    building_t=label,
                    n=cost,
                    k=b["progress"],
                    total=rounds,
                )
            )
            if b["progress"] >= rounds:
                events += complete(state, seat, b)
    return events


def complete(state: State, seat: int, b: dict[str, Any]) -> list[Event]:
    """A building is complete: it works from now; its workers go back (an option)."""
    b["done"] = True
    p = player(state, seat)
    if state["options"]["workers_return"]:
        p["supply"] += b["workers"]
        b["workers"] = 0
    events: list[Event] = [
        {
            "type": "BuildingCompleted",
            "seat": seat,
            "building_t": ALL_BUILDINGS[b["key"]]["name"],
        }
    ]
    if b["key"] == "private_school":
        events.append(draw_tactics(state, seat, 1, N_("the Private School")))
    if b["key"] == "hanlin_academy":
        events.append(draw_tactics(state, seat, 2, N_("the Hanlin Academy")))
    if b["key"] == "magistrate":
        p["magistrate"] += 1
    return events


# --------------------------------------------------------------------------- completed buildings


def act_magistrate(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The completed Magistrate defeats the bandits of one camp."""
    actor = seat_of(actor)
    k = camp_index(state, params["camp"])
    player(state, actor)["magistrate"] -= 1
    state["camps"][k]["bandits"] = 0
    return [{"type": "BanditsDefeated", "seat": actor, "camp": k + 1}] + heroic(state, actor)


def act_altar(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The Altar: once a round, sacrifice 1 soldier for 2 food."""
    actor = seat_of(actor)
    p = player(state, actor)
    if not remove_soldiers(p, 1):
        raise BadValue("no_soldiers", N_("You have no soldier to sacrifice."))
    p["altar_round"] = state["round"]
    p["food"] += 2
    return [{"type": "AltarSacrifice", "seat": actor}]
