"""The Art of War at the table's start: the options, the map and decks, the Advisors and Generals
dealt to each player, and the sealed setup choice whose reveal starts round 1.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Option, Rng, State, T, sealed, seat_of
from .board import draw_tactics, order, player
from .data import (
    ADVISORS,
    ALLOWANCES,
    BUILDINGS,
    EPICS,
    EVENT_KEYS,
    GAME_ID,
    GENERALS,
    MAX_CAMPS,
    STARTING_BANDITS,
)
from .flow import PHASES, choose

ROUNDED = {"floor": N_("down"), "ceil": N_("up")}  # the two readings of "halve" or "divide"

OPTIONS: tuple[Option, ...] = (
    Option.choice("food_rounding", N_("Food upkeep: 1 food per 3 population, rounded"), **ROUNDED),
    Option.choice(
        "food_market",
        N_("Food price column counts the food sold"),
        player=N_("by each player"),
        shared=N_("by all players"),
    ),
    Option.choice(
        "food_price",
        N_("Food price"),
        uniform=N_("every unit at the price of the total"),
        marginal=N_("the k-th unit at the k-th price"),
    ),
    Option.flag("money_public", N_("Money is public"), False),
    Option.number("fifth_allowance", N_("Starting resources of the 5th player"), 10, 0, 20),
    Option.flag("neutral_cities", N_("Neighbouring cities and the centre start unowned"), True),
    Option.flag("tribute_empty_tie", N_("Tribute is shared when both cities are empty"), False),
    Option.choice(
        "tribute_stack",
        N_("Relay Station with the Mongol Princess"),
        multiply=N_("tribute x4"),
        add=N_("tribute x3"),
    ),
    Option.choice("famine_rounding", N_("Famine halves food output, rounded"), **ROUNDED),
    Option.choice(
        "heretic_rounding",
        N_("Heretic Invasion: soldiers lost from each stack of n"),
        floor=N_("half, rounded down"),
        ceil=N_("half, rounded up"),
    ),
    Option.number("auction_from", N_("Epic auctions from round"), 6, 1, 20),
    Option.choice(
        "field_tie",
        N_("A tied field battle"),
        wiped=N_("both forces are wiped out"),
        home=N_("both go home"),
    ),
    Option.number("base_morale", N_("Base morale of every force"), 0, 0, 10),
    Option.flag("workers_return", N_("Workers come back when a building is complete"), True),
    Option.number(
        "bandit_camps", N_("Bandit camps on the map (0 = one per player)"), 0, 0, MAX_CAMPS
    ),
)


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    """A new table: the map, the decks, the offers, and the sealed setup choice."""
    n = len(players)
    opts = {o.name: options.get(o.name, o.default) for o in OPTIONS}
    camps = opts["bandit_camps"] or n
    state: State = {
        "game": GAME_ID,
        "options": opts,
        "players": [{"name": name} for name in players],
        "start": rng.randint(0, n - 1),
        "round": 0,
        "phase": -1,
        "step": "setup",
        "over": None,  # how the game ended (reason, captor, loser), once it has
        "last_round": False,
        "sealed": None,
        "effects": [],
        "tribute": [],
        "computed": [],
        "private_lines": [[] for _ in range(n)],
        "sales": [0] * n,
        "war": None,
        "auction": {"epic": None, "bids": None, "result": None, "rebid": False, "seats": []},
        "played": [],
        "p": [],
    }
    state["cities"] = (
        [{"id": f"castle-{s}", "kind": "castle", "owner": s} for s in range(n)]
        + [
            {"id": f"city-{s}", "kind": "city", "owner": None if opts["neutral_cities"] else s}
            for s in range(n)
        ]
        + [{"id": "centre", "kind": "city", "owner": None}]
    )
    state["camps"] = [
        {"bandits": STARTING_BANDITS, "target": f"castle-{k % n}"} for k in range(camps)
    ]
    state["vassals"] = [[f"city-{v % n}", f"city-{(v + 1) % n}"] for v in range(3)]
    events = list(EVENT_KEYS)
    rng.shuffle(events)
    state["event"] = {"deck": events, "used": [], "current": None, "great_peace": 0}
    deck = [k for k, b in BUILDINGS.items() if b.get("in_deck", True)]
    rng.shuffle(deck)
    # The neighbouring cities start with a completed building each, the centre with an epic.
    state["buildings"] = [_built(deck.pop(), f"city-{s}") for s in range(n)]
    epics = list(EPICS)
    rng.shuffle(epics)
    # The Temple of Heaven scores the workers used to build it: a pre-built one would be worth
    # nothing, so the centre draws among the other epics (our reading).
    centre = next(k for k in epics if k != "temple_of_heaven")
    epics.remove(centre)
    state["buildings"].append(_built(centre, "centre"))
    state["blueprint_deck"] = deck
    state["epic_deck"] = epics
    state["p"] = [_new_player() for _ in range(n)]
    deal_offers(state, rng)
    sealed.open_round(
        state, "setup", list(range(n)), T("Choose your Advisor, General and resources")
    )
    return state


def _built(key: str, city: str) -> dict[str, Any]:
    """A building that stands complete on the map from the start."""
    return {"key": key, "city": city, "progress": 0, "done": True, "workers": 0, "builders": 0}


def _new_player() -> dict[str, Any]:
    return {
        "money": 0,
        "food": 0,
        "supply": 0,
        "at": {},
        "facility": {"mine": 0, "farm": 0, "barracks": 0},
        "advisor": None,
        "general": None,
        "general_used": False,
        "tactics": 0,
        "blueprints": [],
        "stance": None,
        "bought_tactic": False,
        "bought_blueprint": False,
        "altar_round": 0,
        "magistrate": 0,
        "lost_city_round": 0,
        "attackers": [],
    }


def deal_offers(state: State, rng: Rng) -> None:
    """Deal 2 Advisors and 2 Generals to each player, one card at a time in turn order from
    the start player, while the cards last (5 players: someone may get only 1). A seat that
    entered the cards the table dealt it keeps them; the others are dealt from the rest."""
    n = len(state["players"])
    advisors = list(ADVISORS)
    generals = list(GENERALS)
    rng.shuffle(advisors)
    rng.shuffle(generals)
    entered = state.get("offers_entered") or [False] * n
    offers: list[dict[str, list[str]]] = [
        state["offers"][s] if entered[s] else {"advisors": [], "generals": []} for s in range(n)
    ]
    kept = [
        k for s in range(n) if entered[s] for k in offers[s]["advisors"] + offers[s]["generals"]
    ]
    advisors = [k for k in advisors if k not in kept]
    generals = [k for k in generals if k not in kept]
    for _ in range(2):
        for seat in order(state):
            if entered[seat]:
                continue
            if advisors:
                offers[seat]["advisors"].append(advisors.pop())
            if generals:
                offers[seat]["generals"].append(generals.pop())
    state["offers"] = offers


def act_enter_offer(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """A phone enters the Advisors and Generals the table dealt it ("we drew this"), before
    anyone has chosen. Refused only on what the phone knows (how many it was dealt, the same
    card twice). Every seat still on the app's deal is dealt again from the cards nobody
    entered, so no card comes twice and no seat learns which cards were entered."""
    n = len(state["players"])
    offer = state["offers"][actor]
    new = {
        "advisors": [k for k in (params["advisor_a"], params.get("advisor_b")) if k],
        "generals": [k for k in (params["general_a"], params.get("general_b")) if k],
    }
    for kind in ("advisors", "generals"):
        if len(new[kind]) != len(offer[kind]):
            raise BadValue(
                "wrong_count", N_("You were dealt {n} cards of that kind."), n=len(offer[kind])
            )
        if len(set(new[kind])) != len(new[kind]):
            raise BadValue("same_card_twice", N_("Each card comes once."))
    entered = state.setdefault("offers_entered", [False] * n)
    state["offers"][actor] = new
    entered[actor] = True
    events: list[Event] = [{"type": "OfferEntered", "seat": actor}]
    # Every seat still on the app's deal is dealt again from the cards nobody entered, whether
    # or not its cards clashed with this entry: a change only where they clashed would tell
    # that seat which cards the entering phone holds.
    redealt = [s for s in range(n) if s != actor and not entered[s]]
    for kind, every in (("advisors", ADVISORS), ("generals", GENERALS)):
        counts = {seat: len(state["offers"][seat][kind]) for seat in redealt}
        for seat in redealt:
            state["offers"][seat][kind] = []
        for seat in redealt:
            used = {k for o in state["offers"] for k in o[kind]}
            free = [k for k in every if k not in used]
            state["offers"][seat][kind] = [
                free.pop(rng.randint(0, len(free) - 1)) for _ in range(counts[seat])
            ]
        for seat in range(n):
            if seat == actor or not entered[seat]:
                continue
            other = state["offers"][seat][kind]
            if set(other) & set(new[kind]):
                # Two phones entered the same card, which a real deal cannot do: a mistake.
                # The last entry keeps it; the phone that entered first gets another card
                # and is asked to check its cards again.
                used = {k for o in state["offers"] for k in o[kind]}
                free = [k for k in every if k not in used]
                for i, key in enumerate(other):
                    if key in new[kind]:
                        other[i] = free.pop(rng.randint(0, len(free) - 1))
                if entered[seat]:
                    entered[seat] = False
                    events.append({"type": "OfferChanged", "seat": seat, "to": [seat]})
    for seat in redealt:
        events.append({"type": "OfferRedealt", "seat": seat, "to": [seat]})
    return events


def allowance(state: State, seat: int) -> int:
    """The resources (soldiers + food + money) ``seat`` takes at setup: 8/9/9/10/(10)."""
    amounts = list(ALLOWANCES) + [state["options"]["fifth_allowance"]]
    return amounts[order(state).index(seat)]


def act_choose_setup(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Keep one Advisor and one General of the two dealt, and split the starting resources."""
    actor = seat_of(actor)
    offer = state["offers"][actor]
    if params["advisor"] >= len(offer["advisors"]) or params["general"] >= len(offer["generals"]):
        raise BadValue("no_such_card", N_("You were not dealt that card."))
    money = allowance(state, actor) - params["soldiers"] - params["food"]
    if money < 0:
        raise BadValue(
            "too_many_resources", N_("You may take only {n} resources."), n=allowance(state, actor)
        )
    choice = {
        "advisor": offer["advisors"][params["advisor"]],
        "general": offer["generals"][params["general"]],
        "soldiers": params["soldiers"],
        "food": params["food"],
        "money": money,
    }
    return choose(state, actor, "setup", choice)


def reveal_setup(state: State, choices: list[Any], rng: Rng) -> list[Event]:
    """Everyone's Advisor, soldiers and food are shown; the Advisor's cards are drawn; round 1."""
    events: list[Event] = []
    for seat, choice in enumerate(choices):
        p = player(state, seat)
        p["advisor"] = choice["advisor"]
        p["general"] = choice["general"]
        p["supply"] = choice["soldiers"]
        p["food"] = choice["food"]
        p["money"] = choice["money"]
        events.append(
            {
                "type": "SetupRevealed",
                "seat": seat,
                "advisor_t": ADVISORS[p["advisor"]]["name"],
                "soldiers": p["supply"],
                "food": p["food"],
            }
        )
        events.append(
            draw_tactics(state, seat, ADVISORS[p["advisor"]]["cards"], N_("their Advisor"))
        )
    state["round"] = 1
    return events + PHASES.enter(state, "preparation", rng)


def act_set_start_player(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Before anyone has chosen at setup: who read Sun Tzu most recently starts (re-deals)."""
    state["start"] = params["seat"]
    deal_offers(state, rng)
    return [{"type": "StartPassed", "seat": params["seat"]}]
