"""The Generals of The Art of War: each player's face-down General, revealed and used once.

Using it stops the Advisor working (except after Ambush). Battle Generals join the current
battle; the others take money or cards, heal, destroy a building or buy cards cheaply.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, RulesError, State, seat_of
from .board import (
    add_at,
    building,
    camp_index,
    destroy,
    draw_tactics,
    half_down,
    home,
    money_event,
    order,
    owner,
    pay,
    player,
    take_money,
)
from .cards import opponent, shrink
from .data import ALL_BUILDINGS, EPICS, GENERALS
from .war import my_battle


def act_use_general(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Reveal and use your General (once). Your Advisor stops working (except after Ambush)."""
    seat = seat_of(actor)
    p = player(state, seat)
    if p["general"] is None:
        raise RulesError("no_general", N_("You have no General left to use."))
    general = p["general"]
    events = GENERAL_EFFECTS[general](state, seat, params)
    p["general_used"] = True
    return [
        {
            "type": "GeneralUsed",
            "seat": seat,
            "general_t": GENERALS[general]["name"],
        }
    ] + events


def _gen_battle(state: State, seat: int, params: dict[str, Any]) -> list[Event]:
    """Peerless (+7 CP), Rally (+4 soldiers), Divide (half the opponent's force joins you),
    Recruit (a camp's bandits join you): all in the current battle."""
    battle, loc = my_battle(state, seat)
    general = player(state, seat)["general"]
    p = player(state, seat)
    if general == "yuan":
        add_at(p, loc, 4)
    elif general == "mao":
        opp = opponent(state, battle, seat, params.get("target"))
        add_at(p, loc, shrink(state, battle, opp, half_down(opp["n"])))
    elif general == "zhi":
        k = camp_index(state, params.get("camp") or "")
        if battle.get("camp") == k:
            raise BadValue("bad_camp", N_("Those bandits are fighting you."))
        add_at(p, loc, state["camps"][k]["bandits"])
        state["camps"][k]["bandits"] = 0
    battle["mods"].append({"seat": seat, "card": general})
    return []


def _gen_healer(state: State, seat: int, params: dict[str, Any]) -> list[Event]:
    """Healer: get back every soldier lost in the last battle you lost soldiers in."""
    war = state.get("war") or {"queue": []}
    for battle in reversed(war["queue"]):
        lost = (battle.get("losses") or {}).get(str(seat), 0)
        if battle.get("done") and lost:
            battle["losses"][str(seat)] = 0
            add_at(player(state, seat), home(seat), lost)
            return [{"type": "SoldiersHealed", "seat": seat, "n": lost}]
    raise RulesError("no_losses", N_("You have lost no soldiers in a battle this round."))


def _gen_ambush(state: State, seat: int, params: dict[str, Any]) -> list[Event]:
    """Ambush: after losing a city this round, destroy another player's building (no epic)."""
    if player(state, seat)["lost_city_round"] != state["round"]:
        raise RulesError("no_city_lost", N_("You have not lost a city this round."))
    key = params.get("building")
    if key is None or key in EPICS:
        raise BadValue("bad_building", N_("Choose another player's building (not an epic)."))
    b = building(state, key)
    if owner(state, b) in (seat, None):
        raise BadValue("bad_building", N_("Choose another player's building (not an epic)."))
    destroy(state, b)
    return [{"type": "BuildingDestroyed", "building_t": ALL_BUILDINGS[key]["name"]}]


def _gen_all_in(state: State, seat: int, params: dict[str, Any]) -> list[Event]:
    """All In: buy up to 4 tactic cards at $1 each."""
    n = params.get("n") or 0
    if not 1 <= n <= 4:
        raise BadValue("bad_count", N_("Choose 1 to 4 cards."))
    pay(state, seat, n)
    return [
        draw_tactics(state, seat, n, GENERALS["cha"]["name"]),
        money_event(seat, -n, GENERALS["cha"]["name"]),
    ]


def _gen_twin_hands(state: State, seat: int, params: dict[str, Any]) -> list[Event]:
    """Twin Hands: take $5 from every other player (as much as they have)."""
    events: list[Event] = []
    for other in order(state):
        if other != seat:
            events += take_money(state, other, seat, 5, GENERALS["huang"]["name"])
    return events


def _gen_counterattack(state: State, seat: int, params: dict[str, Any]) -> list[Event]:
    """Counterattack: a player who attacked you this round gives you all their tactic cards."""
    target = params.get("target")
    if target is None or target not in player(state, seat)["attackers"]:
        raise BadValue("not_attacker", N_("That player has not attacked you this round."))
    victim = player(state, target)
    n = victim["tactics"]
    victim["tactics"] = 0
    player(state, seat)["tactics"] += n
    return [
        {
            "type": "CardsGiven",
            "seat": target,
            "n": n,
            "receiver": seat,
            "to": [seat, target],
        }
    ]


GENERAL_EFFECTS = {
    "mao": _gen_battle,
    "kou": _gen_battle,
    "yuan": _gen_battle,
    "zhi": _gen_battle,
    "shan": _gen_healer,
    "ling": _gen_ambush,
    "cha": _gen_all_in,
    "huang": _gen_twin_hands,
    "sparta": _gen_counterattack,
}
