"""The tactic cards of The Art of War (the Thirty-Six Stratagems): playing one from the hand.

The app counts the cards in each hand but not which they are; a card played applies what the
app can work out (a battle's modifier, a lasting effect, money or a card taken, a building
finished, destroyed or moved, a raid or a force moved) and the rest happens on the table, with
corrections if needed. Each card names its effect in ``CARD_EFFECTS``.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, RulesError, State, sealed, seat_of
from .battles import capture
from .board import (
    add_at,
    building,
    camp_index,
    city,
    destroy,
    half_down,
    money_event,
    owner,
    pay,
    player,
    send_home,
    take_money,
)
from .combat import participants
from .construction import complete
from .data import ALL_BUILDINGS, CITY_IDS, EPICS, TACTICS
from .war import (
    battle_queue,
    current,
    deploy_targets,
    my_battle,
    new_battle,
    next_battle,
    note_attacks,
)


def act_play_tactic(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Play a tactic card from your hand. The app applies what it can compute; the rest
    happens on the table (with corrections if needed)."""
    seat = seat_of(actor)
    p = player(state, seat)
    card = params["card"]
    info = TACTICS[card]
    target = params.get("target")
    if info.get("target") and (target is None or target == seat):
        raise BadValue("choose_target", N_("Choose another player for this card."))
    events = CARD_EFFECTS.get(card, _card_recorded)(state, seat, card, params, rng)
    p["tactics"] -= 1
    state["played"].append(card)
    head = {"type": "TacticPlayed", "seat": seat, "card_t": info["name"]}
    if target is not None:
        head["target"] = target
    return [head] + events


def _card_recorded(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Cards whose effect the players carry out on the table (nothing to compute)."""
    return []


def _card_battle(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """A battle card: it joins the current battle's modifiers."""
    battle, loc = my_battle(state, seat)
    role = next(p["role"] for p in participants(state, battle) if p["seat"] == seat)
    need = TACTICS[card].get("role")
    if need == "defend" and role != "defend":
        raise BadValue("defence_only", N_("Only the defender may play that card."))
    if need == "attack" and role not in ("attack", "field"):
        raise BadValue("attack_only", N_("Only an attacker may play that card."))
    field_only = ("stall", "taunt", "trim_sails", "catch_off_guard", "cicada_shell")
    if card in field_only and battle["kind"] != "field":
        raise BadValue("field_only", N_("That card is for field battles."))
    if card in ("stall", "taunt") and battle["orders"]:
        raise RulesError("too_late", N_("The orders are already revealed."))
    if card == "trim_sails":
        if not battle["orders"] or params.get("order") is None:
            raise BadValue("choose_order", N_("Choose your new order after the reveal."))
        battle["orders"][battle["sides"].index(seat)] = params["order"]
    if card == "empty_fort" and city(state, loc)["kind"] == "castle":
        raise BadValue("not_castle", N_("That card does not work in a main castle."))
    if card == "hold_pass":
        _hold_pass(state, battle, seat, loc, params.get("target"))
    if card == "besiege_wei":
        _withdraw(state, battle, params["target"])
    if card == "lure_tiger":
        _lure(state, battle, seat)
    battle["mods"].append({"seat": seat, "card": card})
    return []


def opponent(state: State, battle: dict[str, Any], seat: int, target: int | None) -> dict:
    others = [p for p in participants(state, battle) if p["seat"] != seat]
    if target is not None:
        others = [p for p in others if p["seat"] == target]
    if not others:
        raise BadValue("no_opponent", N_("That player is not your opponent in this battle."))
    return others[0]


def _hold_pass(
    state: State, battle: dict[str, Any], seat: int, loc: str, target: int | None
) -> None:
    """One Man Holds the Pass: sacrifice 1 soldier, destroy 2 of the opponent's."""
    opp = opponent(state, battle, seat, target)
    add_at(player(state, seat), loc, -1)
    shrink(state, battle, opp, 2)


def shrink(state: State, battle: dict[str, Any], part: dict[str, Any], n: int) -> int:
    """Remove up to ``n`` soldiers from a force in a battle (bandits included)."""
    take = min(n, part["n"])
    if part["seat"] is None:
        state["camps"][battle["camp"]]["bandits"] -= take
    else:
        add_at(player(state, part["seat"]), part["loc"], -take)
    return take


def _withdraw(state: State, battle: dict[str, Any], target: int) -> None:
    """Besiege Wei to Rescue Zhao: one attacking force goes home without a fight."""
    part = next(
        (
            p
            for p in participants(state, battle)
            if p["seat"] == target and p["role"] in ("attack", "field")
        ),
        None,
    )
    if part is None:
        raise BadValue("no_opponent", N_("That player is not your opponent in this battle."))
    send_home(state, target, part["loc"])


def _lure(state: State, battle: dict[str, Any], seat: int) -> None:
    """Lure the Tiger off the Mountain: the defenders leave the city (back to their hand)."""
    part = next(
        (
            p
            for p in participants(state, battle)
            if p["role"] == "defend" and p["seat"] not in (None, seat)
        ),
        None,
    )
    if part is None:
        raise BadValue("no_defenders", N_("There are no defenders to lure away."))
    p = player(state, part["seat"])
    p["supply"] += p["at"].pop(part["loc"], 0)


def _card_lasting(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Cards with an effect that lasts: next 2 rounds, next round, or this round."""
    rnd = state["round"]
    first, last = {"beauty_trap": (rnd + 1, rnd + 2), "cut_supplies": (rnd + 1, rnd + 1)}.get(
        card, (rnd, rnd)
    )
    target = params.get("target")
    who = seat if card in ("counter_trick", "chencang") else target
    if card == "leaderless" and state["phase"] >= 5:
        raise RulesError("too_late", N_("Play it before the deployment starts."))
    state["effects"].append({"card": card, "seat": who, "first": first, "last": last})
    return []


def _card_pickpocket(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Empty-Handed Thief: take half (rounded down) of one player's money."""
    target = params["target"]
    return take_money(
        state, target, seat, half_down(player(state, target)["money"]), TACTICS[card]["name"]
    )


def _card_steal(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Pilfer a Goat / Loot a Burning House: take one card at random (blueprint or tactic), or
    the one the taker drew at the table (``take``: ``tactic`` or a building key)."""
    target = params["target"]
    victim = player(state, target)
    if card == "loot_fire" and victim["lost_city_round"] != state["round"]:
        raise BadValue("no_city_lost", N_("That player has not lost a city this round."))
    if params.get("take") is not None:
        return _take_named(state, seat, target, params["take"])
    pool = list(victim["blueprints"]) + ["tactic"] * victim["tactics"]
    if not pool:
        # Only the two players involved learn that the target's hand was empty: the size
        # of a hand is private.
        return [{"type": "NothingToTake", "seat": seat, "to": sorted({seat, target})}]
    got = rng.choice(pool)
    me = player(state, seat)
    if got == "tactic":
        victim["tactics"] -= 1
        me["tactics"] += 1
        what = N_("a tactic card")
    else:
        victim["blueprints"].remove(got)
        me["blueprints"].append(got)
        what = ALL_BUILDINGS[got]["name"]
    return [
        {
            "type": "CardTaken",
            "seat": seat,
            "what_t": what,
            "victim": target,
            "to": [seat, target],
        }
    ]


def _take_named(state: State, seat: int, target: int, got: str) -> list[Event]:
    """The card the taker drew from the victim's hand at the table ("we drew this"). Refused
    only on what the taker knows (a building on the map, a blueprint the taker holds). If the
    app did not have it in the victim's hand, the table is still the truth: the card comes out
    of wherever the app had it (the deck, or another hand, whose phone alone is told), and the
    victim's phone alone is told to check its hand; nobody else learns anything more."""
    me, victim = player(state, seat), player(state, target)
    events: list[Event] = []
    if got == "tactic":
        if victim["tactics"] > 0:
            victim["tactics"] -= 1
        else:
            events.append(_hand_fixed(target, N_("a tactic card")))
        me["tactics"] += 1
        what = N_("a tactic card")
    else:
        if got in me["blueprints"]:
            raise BadValue("already_held", N_("You already hold that blueprint."))
        if any(b["key"] == got for b in state["buildings"]):
            raise BadValue("already_on_map", N_("That building is already on the map."))
        if got in EPICS and all(got not in p["blueprints"] for p in state["p"]):
            # Epic blueprints reach a hand only at the auction, in the open.
            raise BadValue("not_in_a_hand", N_("Nobody holds that epic blueprint."))
        what = ALL_BUILDINGS[got]["name"]
        if got in victim["blueprints"]:
            victim["blueprints"].remove(got)
        else:
            events.append(_hand_fixed(target, what))
            holder = next(
                (s for s, p in enumerate(state["p"]) if s != target and got in p["blueprints"]),
                None,
            )
            if holder is not None:
                player(state, holder)["blueprints"].remove(got)
                events.append(_hand_fixed(holder, what))
            elif got in state["blueprint_deck"]:
                state["blueprint_deck"].remove(got)
        me["blueprints"].append(got)
    taken: Event = {
        "type": "CardTaken",
        "seat": seat,
        "what_t": what,
        "victim": target,
        "to": [seat, target],
    }
    return [taken, *events]


def _hand_fixed(seat: int, what: str) -> Event:
    """Only ``seat``'s phone: the app did not have that card in this hand; check the hand."""
    return {"type": "HandFixed", "seat": seat, "what_t": what, "to": [seat]}


def _card_borrow_corpse(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Borrow a Corpse: take a card back from the discard pile (play it next)."""
    if not state["played"]:
        raise RulesError("empty_discard", N_("The discard pile is empty."))
    player(state, seat)["tactics"] += 1
    return []


def _card_borrow_road(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Borrow the Road to Conquer Guo: take a city without a fight for $7 (not a castle)."""
    cid = params.get("city")
    if cid is None or cid not in CITY_IDS:
        raise BadValue("choose_city", N_("Choose a city."))
    place = city(state, cid)
    if place["owner"] == seat or place["kind"] == "castle":
        raise BadValue("bad_city", N_("Choose another player's small city or an unowned one."))
    pay(state, seat, 7)
    loser = place["owner"]
    if loser is not None:
        send_home(state, loser, cid)
    return capture(state, cid, seat) + [money_event(seat, -7, TACTICS[card]["name"])]


def _card_building(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """White Colt (finish a building of yours), Remove the Firewood (demolish one),
    Stars Move (swap one of yours with someone else's)."""
    key = params.get("building")
    if key is None:
        raise BadValue("choose_building", N_("Choose a building."))
    b = building(state, key)
    if card == "white_colt":
        if owner(state, b) != seat or b["done"] or key in EPICS:
            raise BadValue(
                "bad_building", N_("Choose one of your buildings under way (not an epic).")
            )
        return complete(state, seat, b)
    if card == "remove_firewood":
        destroy(state, b)
        return [{"type": "BuildingDestroyed", "building_t": ALL_BUILDINGS[key]["name"]}]
    other = params.get("building2")
    if other is None:
        raise BadValue("choose_building", N_("Choose a building."))
    b2 = building(state, other)
    if owner(state, b) != seat or owner(state, b2) in (seat, None):
        raise BadValue("bad_building", N_("Swap one of your buildings with another player's."))
    b["city"], b2["city"] = b2["city"], b["city"]
    return [
        {
            "type": "BuildingsSwapped",
            "a_t": ALL_BUILDINGS[key]["name"],
            "b_t": ALL_BUILDINGS[other]["name"],
        }
    ]


def _card_deceive(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Deceive the Heavens: cancel the last card another player put into the current battle
    (other cards are undone on the table)."""
    battle = current(state)
    if battle is None or battle.get("done"):
        return []
    for i in range(len(battle["mods"]) - 1, -1, -1):
        if battle["mods"][i]["seat"] != seat and battle["mods"][i]["card"] in TACTICS:
            gone = battle["mods"].pop(i)
            return [{"type": "TacticCancelled", "card_t": TACTICS[gone["card"]]["name"]}]
    return []


def _card_knife(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Kill with a Borrowed Knife: a camp's bandits attack a city (added as the next battle)."""
    if state["phase"] != 5 or state["step"] not in ("battles", "after"):
        raise RulesError("not_now", N_("That is not possible in this phase."))
    k = camp_index(state, params.get("camp") or "")
    cid = params.get("city")
    if cid is None or cid not in CITY_IDS or city(state, cid)["owner"] is None:
        raise BadValue("choose_city", N_("Choose a city."))
    if not state["camps"][k]["bandits"]:
        raise BadValue("no_bandits", N_("That camp has no bandits."))
    war = state["war"]
    if state["step"] == "battles":
        war["queue"].insert(war["current"] + 1, new_battle("knife", cid, camp=k))
        return []
    # Every battle was over: the raid becomes the next (and last) battle.
    war["queue"].append(new_battle("knife", cid, camp=k))
    war["current"] = len(war["queue"]) - 2
    state["step"] = "battles"
    return next_battle(state)


def _card_feint(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Feint East, Strike West: after the reveal and before any battle, move one of your
    forces somewhere else; the battles are worked out again."""
    war: dict[str, Any] | None = state.get("war")
    if (
        state["phase"] != 5
        or state["step"] != "battles"
        or war is None
        or any(b.get("done") for b in war["queue"])
    ):
        raise RulesError("too_late", N_("Only after the deployment and before any battle."))
    src, dst = params.get("source"), params.get("city") or params.get("camp")
    p = player(state, seat)
    if not src or not p["at"].get(src) or dst not in deploy_targets(state, seat):
        raise BadValue("bad_target", N_("You may not send soldiers there this round."))
    n = p["at"].pop(src)
    add_at(p, dst, n)
    note_attacks(state, seat)
    if sealed.is_open(state, "orders"):
        state["sealed"] = None
    war["queue"] = battle_queue(state)
    war["current"] = None
    return [{"type": "ForceMoved", "seat": seat, "n": n}] + next_battle(state)


BATTLE_CARDS = (
    "besiege_wei",
    "lure_tiger",
    "back_to_river",
    "tree_blossoms",
    "cicada_shell",
    "empty_fort",
    "taunt",
    "huanglong",
    "trim_sails",
    "stall",
    "hold_pass",
    "catch_off_guard",
    "bloodless",
    "battle_ready",
    "four_sides",
    "drums",
    "surprise_win",
)
CARD_EFFECTS = {
    **{card: _card_battle for card in BATTLE_CARDS},
    **{
        card: _card_lasting
        for card in (
            "beauty_trap",
            "cut_supplies",
            "depression",
            "counter_trick",
            "downpour",
            "chencang",
            "leaderless",
        )
    },
    "pickpocket": _card_pickpocket,
    "pilfer_goat": _card_steal,
    "loot_fire": _card_steal,
    "borrow_corpse": _card_borrow_corpse,
    "borrow_road": _card_borrow_road,
    "white_colt": _card_building,
    "remove_firewood": _card_building,
    "stars_move": _card_building,
    "deceive_heavens": _card_deceive,
    "borrowed_knife": _card_knife,
    "feint": _card_feint,
}
