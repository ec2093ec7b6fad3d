"""The Art of War (戰爭藝術): rules module for a homemade empire-building war game (2-5 players).

The players keep the board, tiles, soldiers and cards; this module keeps every number: the seven
phases of a round (preparation, event, war or peace, production, construction, war, food), the
digital event deck with its Great Peace counter, production and tribute, the construction
payments, the second-price epic auction, the battle calculator, upkeep and the food price table,
and the final scoring with its tie-breaks. Simultaneous secret choices (setup, war or peace,
bids, deployments, battle orders) go through ``sealed``. Data tables live in ``art_of_war_data``.

Money, tactic cards in hand, blueprints in hand and the unused General are private; food,
soldiers, workers and the map are public. Every AMBIGUOUS reading of the digest is the digest's
proposal, and the ones with a sensible alternative are table options.
"""

from __future__ import annotations

from typing import Any

from . import sealed
from .art_of_war_data import (
    ADVISORS,
    ALL_BUILDINGS,
    ALLOWANCES,
    BLUEPRINT_PRICE,
    BUILDING_KEYS,
    BUILDINGS,
    CAPTOR_BONUS,
    CHEAP_TACTIC_PRICE,
    CITY_DEFENCE,
    EPICS,
    EVENT_KEYS,
    EVENTS,
    FACILITIES,
    FOOD_PRICES,
    FOREMEN,
    GENERALS,
    MORALE,
    STARTING_BANDITS,
    TACTIC_KEYS,
    TACTIC_PRICE,
    TACTICS,
)
from .base import (
    N_,
    Action,
    Actor,
    BadValue,
    Event,
    Game,
    NotAllowed,
    Option,
    Param,
    Rng,
    RulesError,
    State,
    T,
    Text,
)

GAME_ID = "art-of-war"

PHASES: tuple[str, ...] = (
    N_("Preparation"),
    N_("Event"),
    N_("War or Peace"),
    N_("Production"),
    N_("Construction"),
    N_("War"),
    N_("Food"),
)
ORDERS = ("attack", "defend", "retreat")
ORDER_NAMES = {"attack": N_("Attack"), "defend": N_("Defend"), "retreat": N_("Retreat")}
STANCES = ("war", "peace")
STANCE_NAMES = {"war": N_("War"), "peace": N_("Peace")}
RESOURCES = ("food", "money", "soldiers")
RESOURCE_NAMES = {"food": N_("food"), "money": N_("money"), "soldiers": N_("soldiers")}
MAX_PLAYERS = 5
MAX_CAMPS = 8
# Every location id a parameter may name (the map of a 5-player table with 8 camps).
LOCATION_IDS: tuple[str, ...] = (
    tuple(f"castle-{s}" for s in range(MAX_PLAYERS))
    + tuple(f"city-{s}" for s in range(MAX_PLAYERS))
    + ("centre",)
    + tuple(f"camp-{k}" for k in range(MAX_CAMPS))
)
CITY_IDS: tuple[str, ...] = LOCATION_IDS[: 2 * MAX_PLAYERS + 1]

OPTIONS: tuple[Option, ...] = (
    Option(
        "food_rounding",
        "choice",
        "floor",
        N_("Food upkeep: 1 food per 3 population, rounded"),
        choices=(("floor", N_("down (digest)")), ("ceil", N_("up"))),
    ),
    Option(
        "food_market",
        "choice",
        "player",
        N_("Food price column counts the food sold"),
        choices=(("player", N_("by each player (digest)")), ("shared", N_("by all players"))),
    ),
    Option(
        "food_price",
        "choice",
        "uniform",
        N_("Food price"),
        choices=(
            ("uniform", N_("every unit at the price of the total (digest)")),
            ("marginal", N_("the k-th unit at the k-th price")),
        ),
    ),
    Option("money_public", "bool", False, N_("Money is public")),
    Option("fifth_allowance", "int", 10, N_("Starting resources of the 5th player"), min=0, max=20),
    Option("neutral_cities", "bool", True, N_("Neighbouring cities and the centre start unowned")),
    Option("tribute_empty_tie", "bool", False, N_("Tribute is shared when both cities are empty")),
    Option(
        "tribute_stack",
        "choice",
        "multiply",
        N_("Relay Station with the Mongol Princess"),
        choices=(("multiply", N_("tribute x4 (digest)")), ("add", N_("tribute x3"))),
    ),
    Option(
        "famine_rounding",
        "choice",
        "floor",
        N_("Famine halves food output, rounded"),
        choices=(("floor", N_("down (digest)")), ("ceil", N_("up"))),
    ),
    Option(
        "heretic_rounding",
        "choice",
        "floor",
        N_("Heretic Invasion: soldiers lost from each stack of n"),
        choices=(("floor", N_("half, rounded down (digest)")), ("ceil", N_("half, rounded up"))),
    ),
    Option("auction_from", "int", 6, N_("Epic auctions from round"), min=1, max=20),
    Option(
        "field_tie",
        "choice",
        "wiped",
        N_("A tied field battle"),
        choices=(("wiped", N_("both forces are wiped out (digest)")), ("home", N_("both go home"))),
    ),
    Option("base_morale", "int", 0, N_("Base morale of every force"), min=0, max=10),
    Option("workers_return", "bool", True, N_("Workers come back when a building is complete")),
    Option(
        "bandit_camps",
        "int",
        0,
        N_("Bandit camps on the map (0 = one per player)"),
        min=0,
        max=MAX_CAMPS,
    ),
)


# --------------------------------------------------------------------------- small helpers


def _names(state: State) -> list[str]:
    return [p["name"] for p in state["players"]]


def _name(state: State, seat: int | None) -> str:
    return state["players"][seat]["name"] if seat is not None else ""


def turn_order(start: int, n: int) -> list[int]:
    """Seats in turn order from the start player (clockwise).

    >>> turn_order(2, 4)
    [2, 3, 0, 1]
    """
    return [(start + i) % n for i in range(n)]


def _order(state: State) -> list[int]:
    return turn_order(state["start"], len(state["players"]))


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


def food_needed(population: int, rounding: str = "floor") -> int:
    """Food eaten: 1 for every 3 population (floor by default; ceil is a table option).

    >>> food_needed(8), food_needed(8, "ceil"), food_needed(9, "ceil")
    (2, 3, 3)
    """
    return population // 3 if rounding == "floor" else -(-population // 3)


def soldiers_to_discard(population: int, food: int, soldiers: int, rounding: str = "floor") -> int:
    """Soldiers that must go so that the food needed is no more than the food held.

    >>> soldiers_to_discard(14, 3, 10)   # floor: keep 3*3+2 = 11 population
    3
    >>> soldiers_to_discard(14, 3, 10, "ceil")   # ceil: keep 3*3 = 9 population
    5
    >>> soldiers_to_discard(14, 0, 2)   # capped at the soldiers owned; workers never go
    2
    """
    keep = 3 * food + 2 if rounding == "floor" else 3 * food
    return min(soldiers, max(0, population - keep))


def food_price(k: int) -> int:
    """The table's price per unit in column ``k`` (1-based; 9 or more sells for 0).

    >>> [food_price(k) for k in (1, 2, 3, 4, 8, 9, 12)]
    [6, 5, 5, 3, 1, 0, 0]
    """
    return FOOD_PRICES[min(k, len(FOOD_PRICES)) - 1] if k > 0 else 0


def sale_revenue(first: int, n: int, mode: str) -> int:
    """Base revenue of ``n`` units whose columns start after ``first`` units already sold.

    Uniform: every unit sells at the price of the column of the total (first + n).
    Marginal: the k-th unit sells at the price of column k.

    >>> sale_revenue(0, 3, "uniform"), sale_revenue(0, 3, "marginal")
    (15, 16)
    >>> sale_revenue(0, 9, "uniform"), sale_revenue(2, 2, "marginal")
    (0, 8)
    """
    if n <= 0:
        return 0
    if mode == "uniform":
        return n * food_price(first + n)
    return sum(food_price(k) for k in range(first + 1, first + n + 1))


def _player(state: State, seat: int) -> dict[str, Any]:
    return state["p"][seat]


def _check_seat(actor: Actor) -> int:
    if actor is None:
        raise NotAllowed("seat_only", N_("Only a player's phone can do that."))
    return actor


def _check_host(actor: Actor) -> None:
    if actor is not None:
        raise NotAllowed("host_only", N_("Only the table screen can do that."))


def _city(state: State, cid: str) -> dict[str, Any]:
    for city in state["cities"]:
        if city["id"] == cid:
            return city
    raise BadValue("no_such_city", N_("There is no such city on this map."))


def _is_city(state: State, loc: str) -> bool:
    return any(c["id"] == loc for c in state["cities"])


def _camp_index(state: State, loc: str) -> int:
    if loc.startswith("camp-") and int(loc[5:]) < len(state["camps"]):
        return int(loc[5:])
    raise BadValue("no_such_camp", N_("There is no such bandit camp on this map."))


def _locations(state: State) -> list[str]:
    """Every location of this map in a fixed order: cities, then bandit camps."""
    return [c["id"] for c in state["cities"]] + [f"camp-{k}" for k in range(len(state["camps"]))]


def _loc_name(state: State, loc: str) -> str:
    """The player a castle or neighbouring city is named after ("" for the others)."""
    if loc.startswith(("castle-", "city-")):
        return _name(state, int(loc.split("-")[1]))
    return ""


def _place_index(loc: str) -> int:
    return (
        0
        if loc.startswith("castle-")
        else 1
        if loc.startswith("city-")
        else 2
        if loc == "centre"
        else 3
    )


PLACES = (
    N_("{owner}'s main castle"),
    N_("City by {owner}"),
    N_("Central city"),
    N_("Bandit camp {n}"),
)


def _camp_number(loc: str) -> int:
    return int(loc[5:]) + 1 if loc.startswith("camp-") else 0


def _loc_label(state: State, loc: str) -> Text:
    return T(PLACES[_place_index(loc)], owner=_loc_name(state, loc), n=_camp_number(loc))


def _place_event(state: State, loc: str) -> dict[str, Any]:
    """The fields an event needs so that describe() can name a place."""
    return {"loc": loc, "loc_name": _loc_name(state, loc)}


def _home(seat: int) -> str:
    return f"castle-{seat}"


def _cities_of(state: State, seat: int) -> list[str]:
    return [c["id"] for c in state["cities"] if c["owner"] == seat]


def _building(state: State, key: str) -> dict[str, Any]:
    for b in state["buildings"]:
        if b["key"] == key:
            return b
    raise BadValue("no_such_building", N_("That building is not on the map."))


def _owner(state: State, b: dict[str, Any]) -> int | None:
    return _city(state, b["city"])["owner"]


def _owned(state: State, seat: int, done: bool | None = True) -> list[dict[str, Any]]:
    """Buildings in ``seat``'s cities (done=True completed, False under way, None both)."""
    owned = [b for b in state["buildings"] if _owner(state, b) == seat]
    return owned if done is None else [b for b in owned if b["done"] == done]


def _effect(state: State, seat: int, card: str) -> bool:
    """Is a tactic card's lasting effect on ``seat`` this round?"""
    rnd = state["round"]
    return any(
        e["card"] == card and e["seat"] == seat and e["first"] <= rnd <= e["last"]
        for e in state["effects"]
    )


def _bf(state: State, seat: int) -> int:
    """How strongly ``seat``'s buildings work this round: 0 (Trade Depression), 2 (Turn the
    Trick Around) or 1. Additive effects are multiplied by it; on/off effects need it > 0."""
    if _effect(state, seat, "depression"):
        return 0
    return 2 if _effect(state, seat, "counter_trick") else 1


def _works(state: State, seat: int | None, key: str) -> int:
    """The strength (0, 1 or 2) of ``seat``'s completed ``key`` building."""
    if seat is None:
        return 0
    if not any(b["key"] == key for b in _owned(state, seat)):
        return 0
    return _bf(state, seat)


def _advisor(state: State, seat: int | None, key: str) -> bool:
    """Does ``seat``'s Advisor ``key`` still work (until their General has been used)?"""
    if seat is None:
        return False
    p = _player(state, seat)
    if p["advisor"] != key:
        return False
    return not p["general_used"] or bool(GENERALS[p["general"]].get("keeps_advisor"))


def _shielded(state: State, seat: int | None) -> bool:
    """The Leshan Giant Buddha: negative events have no effect on its owner."""
    return _works(state, seat, "leshan_buddha") > 0


def _event_hits(state: State, seat: int, key: str) -> bool:
    return state["event"]["current"] == key and not _shielded(state, seat)


def _soldiers(p: dict[str, Any]) -> int:
    return p["supply"] + sum(p["at"].values())


def _workers(state: State, seat: int) -> int:
    p = _player(state, seat)
    return sum(p["facility"].values()) + sum(b["workers"] for b in _owned(state, seat, None))


def _population(state: State, seat: int) -> int:
    return _soldiers(_player(state, seat)) + _workers(state, seat)


def _add_at(p: dict[str, Any], loc: str, n: int) -> None:
    p["at"][loc] = p["at"].get(loc, 0) + n
    if p["at"][loc] <= 0:
        del p["at"][loc]


def _set_at(p: dict[str, Any], loc: str, n: int) -> None:
    p["at"].pop(loc, None)
    if n > 0:
        p["at"][loc] = n


def _send_home(state: State, seat: int, loc: str) -> None:
    """A force goes back to its main castle (the post's "nearest own city"; the app has no map)."""
    p = _player(state, seat)
    n = p["at"].pop(loc, 0)
    if n:
        _add_at(p, _home(seat), n)


def _remove_soldiers(p: dict[str, Any], n: int) -> int:
    """Discard up to ``n`` soldiers: the supply first, then the biggest stacks on the map."""
    taken = min(n, p["supply"])
    p["supply"] -= taken
    while taken < n and p["at"]:
        loc = max(p["at"], key=lambda k: p["at"][k])
        take = min(n - taken, p["at"][loc])
        _add_at(p, loc, -take)
        taken += take
    return taken


def _money_event(seat: int, name: str, delta: int, why: str) -> Event:
    """A money change only its owner may read (money is private unless the table says so)."""
    return {
        "type": "MoneyChanged",
        "seat": seat,
        "name": name,
        "n": delta,
        "why_t": why,
        "to": [seat],
    }


def _take_money(state: State, victim: int, thief: int, amount: int, why: str) -> list[Event]:
    """Move up to ``amount`` from ``victim`` to ``thief``; each learns only their own change."""
    got = min(amount, _player(state, victim)["money"])
    _player(state, victim)["money"] -= got
    _player(state, thief)["money"] += got
    names = _names(state)
    return [
        _money_event(victim, names[victim], -got, why),
        _money_event(thief, names[thief], got, why),
        # The thief counts what the victim hands over, so learns what the victim could pay:
        # this line (no amount) marks that reveal, a barrier undo never steps back across.
        {
            "type": "MoneyTaken",
            "seat": thief,
            "name": names[thief],
            "victim": victim,
            "victim_name": names[victim],
            "to": sorted({thief, victim}),
        },
    ]


def _draw_tactics(state: State, seat: int, n: int, why: str) -> Event:
    """Draw ``n`` tactic cards from the physical deck; the app counts them (privately)."""
    _player(state, seat)["tactics"] += n
    return {"type": "TacticsDrawn", "seat": seat, "name": _name(state, seat), "n": n, "why_t": why}


# --------------------------------------------------------------------------- setup


def _deal_offers(state: State, rng: Rng) -> None:
    """Deal 2 Advisors and 2 Generals to each player, one card at a time in turn order from
    the start player, while the cards last (5 players: someone may get only 1)."""
    n = len(state["players"])
    advisors = list(ADVISORS)
    generals = list(GENERALS)
    rng.shuffle(advisors)
    rng.shuffle(generals)
    offers: list[dict[str, list[str]]] = [{"advisors": [], "generals": []} for _ in range(n)]
    for _ in range(2):
        for seat in _order(state):
            if advisors:
                offers[seat]["advisors"].append(advisors.pop())
            if generals:
                offers[seat]["generals"].append(generals.pop())
    state["offers"] = offers


def allowance(state: State, seat: int) -> int:
    """The resources (soldiers + food + money) ``seat`` takes at setup: 8/9/9/10/(10)."""
    amounts = list(ALLOWANCES) + [state["options"]["fifth_allowance"]]
    return amounts[_order(state).index(seat)]


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
        "over": False,
        "end": None,
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
    state["buildings"] = [
        {
            "key": deck.pop(),
            "city": f"city-{s}",
            "progress": 0,
            "done": True,
            "workers": 0,
            "builders": 0,
        }
        for s in range(n)
    ]
    epics = list(EPICS)
    rng.shuffle(epics)
    # The Temple of Heaven scores the workers used to build it: a pre-built one would be worth
    # nothing, so the centre draws among the other epics (our reading).
    centre = next(k for k in epics if k != "temple_of_heaven")
    epics.remove(centre)
    state["buildings"].append(
        {"key": centre, "city": "centre", "progress": 0, "done": True, "workers": 0, "builders": 0}
    )
    state["blueprint_deck"] = deck
    state["epic_deck"] = epics
    state["p"] = [_new_player() for _ in range(n)]
    _deal_offers(state, rng)
    sealed.open_round(
        state, "setup", list(range(n)), T("Choose your Advisor, General and resources")
    )
    return state


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


# --------------------------------------------------------------------------- sealed choices


def _sealed_choice(state: State, actor: Actor, name: str, choice: Any) -> list[Event]:
    seat = _check_seat(actor)
    if not sealed.is_open(state, name):
        raise RulesError("not_now", N_("That choice is not being made right now."))
    return [sealed.submit(state, seat, choice)]


def act_choose_setup(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Keep one Advisor and one General of the two dealt, and split the starting resources."""
    seat = _check_seat(actor)
    offer = state["offers"][seat]
    if params["advisor"] >= len(offer["advisors"]) or params["general"] >= len(offer["generals"]):
        raise BadValue("no_such_card", N_("You were not dealt that card."))
    money = allowance(state, seat) - params["soldiers"] - params["food"]
    if money < 0:
        raise BadValue(
            "too_many_resources", N_("You may take only {n} resources."), n=allowance(state, seat)
        )
    choice = {
        "advisor": offer["advisors"][params["advisor"]],
        "general": offer["generals"][params["general"]],
        "soldiers": params["soldiers"],
        "food": params["food"],
        "money": money,
    }
    return _sealed_choice(state, actor, "setup", choice)


def act_choose_stance(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Phase 2: choose War or Peace in secret."""
    return _sealed_choice(state, actor, "stance", params["stance"])


def act_bid(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Epic auction: a secret bid from your closed hand (0 = pass); no more than you hold."""
    seat = _check_seat(actor)
    if params["amount"] > _player(state, seat)["money"]:
        raise BadValue("bid_too_high", N_("You cannot bid more money than you hold."))
    return _sealed_choice(state, actor, "bid", params["amount"])


def act_deploy(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Phase 5: deploy every soldier in hand, one count per location of the map, in secret."""
    seat = _check_seat(actor)
    counts = params["counts"]
    locs = _locations(state)
    if len(counts) != len(locs):
        raise BadValue(
            "bad_deployment", N_("Give one number for every location ({n})."), n=len(locs)
        )
    supply = _player(state, seat)["supply"]
    if sum(counts) != supply:
        raise BadValue("deploy_all", N_("Deploy all of your {n} soldiers."), n=supply)
    legal = set(deploy_targets(state, seat))
    if any(n and loc not in legal for loc, n in zip(locs, counts, strict=True)):
        raise BadValue("bad_target", N_("You may not send soldiers there this round."))
    return _sealed_choice(state, actor, "deploy", counts)


def act_choose_order(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """A field battle: choose Attack, Defend or Retreat in secret."""
    return _sealed_choice(state, actor, "orders", params["order"])


def act_lock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Lock your secret choice; when the last player locks, everything is revealed at once."""
    seat = _check_seat(actor)
    events = [dict(sealed.lock(state, seat), name=_name(state, seat))]
    if sealed.all_locked(state):
        name = state["sealed"]["name"]
        choices = sealed.reveal(state)
        events += REVEALERS[name](state, choices, rng)
    return events


def act_unlock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen lets a player change a locked secret choice (never sees it)."""
    return [dict(sealed.unlock(state, actor, params["seat"]), name=_name(state, params["seat"]))]


def _reveal_setup(state: State, choices: list[Any], rng: Rng) -> list[Event]:
    events: list[Event] = []
    for seat, choice in enumerate(choices):
        p = _player(state, seat)
        p["advisor"] = choice["advisor"]
        p["general"] = choice["general"]
        p["supply"] = choice["soldiers"]
        p["food"] = choice["food"]
        p["money"] = choice["money"]
        events.append(
            {
                "type": "SetupRevealed",
                "seat": seat,
                "name": _name(state, seat),
                "advisor_t": ADVISORS[p["advisor"]]["name"],
                "soldiers": p["supply"],
                "food": p["food"],
            }
        )
        events.append(
            _draw_tactics(state, seat, ADVISORS[p["advisor"]]["cards"], N_("their Advisor"))
        )
    state["round"] = 1
    events += _enter_phase(state, 0, rng)
    return events


def _reveal_stance(state: State, choices: list[Any], rng: Rng) -> list[Event]:
    events: list[Event] = []
    for seat, stance in enumerate(choices):
        _player(state, seat)["stance"] = stance
        events.append(
            {
                "type": "StanceRevealed",
                "seat": seat,
                "name": _name(state, seat),
                "stance_t": STANCE_NAMES[stance],
            }
        )
    return events


# --------------------------------------------------------------------------- phases


def _enter_phase(state: State, phase: int, rng: Rng) -> list[Event]:
    state["phase"] = phase
    state["computed"] = []
    state["private_lines"] = [[] for _ in state["players"]]
    state["step"] = ""
    events: list[Event] = [
        {"type": "PhaseStarted", "round": state["round"], "phase_t": PHASES[phase]}
    ]
    events += PHASE_ENTRIES[phase](state, rng)
    return events


def _enter_preparation(state: State, rng: Rng) -> list[Event]:
    """Phase 0: empty camps refill to 2 bandits; a camp that still has bandits gets +1."""
    for k, camp in enumerate(state["camps"]):
        before = camp["bandits"]
        camp["bandits"] = 2 if before == 0 else before + 1
        state["computed"].append(
            T("Bandit camp {n}: {before} -> {after}", n=k + 1, before=before, after=camp["bandits"])
        )
    for p in state["p"]:
        p["bought_tactic"] = p["bought_blueprint"] = False
        p["stance"] = None
        p["attackers"] = []
    state["sales"] = [0] * len(state["players"])
    return []


def _draw_event(state: State, rng: Rng) -> str:
    deck = state["event"]
    if not deck["deck"]:
        # The deck ran out: the used events become a new deck.
        deck["deck"] = deck["used"]
        deck["used"] = []
        rng.shuffle(deck["deck"])
    key = deck["deck"].pop()
    deck["used"].append(key)
    deck["current"] = key
    return key


def _enter_event(state: State, rng: Rng) -> list[Event]:
    """Phase 1: draw an event; Heretic Invasion acts now, the others in their phase."""
    key = _draw_event(state, rng)
    events: list[Event] = [{"type": "EventDrawn", "event_t": EVENTS[key]["name"]}]
    state["computed"].append(
        T("{event_t}: {effect_t}", event_t=EVENTS[key]["name"], effect_t=EVENTS[key]["effect"])
    )
    if key == "great_peace":
        state["event"]["great_peace"] += 1
        count = state["event"]["great_peace"]
        state["computed"].append(T("Great Peace drawn {n} times", n=count))
        if count >= 3:
            state["last_round"] = True
            state["computed"].append(T("The 3rd Great Peace: the game ends after this round."))
            events.append({"type": "LastRound"})
    if key == "heretic":
        events += _heretic_invasion(state)
    return events


def _heretic_invasion(state: State) -> list[Event]:
    events: list[Event] = []
    cut = half_down if state["options"]["heretic_rounding"] == "floor" else half_up
    for seat in _order(state):
        p = _player(state, seat)
        name = _name(state, seat)
        if _works(state, seat, "temple") or _shielded(state, seat):
            state["computed"].append(T("{name} is protected", name=name))
            continue
        lost = 0
        loss = cut(p["supply"])
        p["supply"] -= loss
        lost += loss
        for loc in list(p["at"]):
            loss = cut(p["at"][loc])
            _add_at(p, loc, -loss)
            lost += loss
        back = _apothecary(state, seat, lost)
        p["supply"] += back
        state["computed"].append(
            T("{name} loses {n} soldiers ({back} back)", name=name, n=lost, back=back)
        )
        events.append({"type": "SoldiersLost", "seat": seat, "name": name, "n": lost - back})
    return events


def _apothecary(state: State, seat: int, lost: int) -> int:
    """The Apothecary: for every 3 soldiers lost, 1 comes back (rounded down)."""
    return (lost // 3) * _works(state, seat, "apothecary")


def _enter_stance(state: State, rng: Rng) -> list[Event]:
    return [
        sealed.open_round(
            state, "stance", list(range(len(state["players"]))), T("Choose War or Peace")
        )
    ]


def _enter_production(state: State, rng: Rng) -> list[Event]:
    """Phase 3: every facility produces, then the vassal states pay tribute."""
    events: list[Event] = []
    for seat in _order(state):
        events += _produce(state, seat)
    events += _assign_tribute(state)
    return events


def production(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` produces this round, with the lines of the arithmetic."""
    p = _player(state, seat)
    stance = p["stance"]
    bf = _bf(state, seat)
    peace = 1 if stance == "peace" else 0
    lines: list[Text] = []
    money_lines: list[Text] = []
    # Mine: base 2 (+1 at Peace, stopped at War) + workers.
    mine_base = 0 if stance == "war" else FACILITIES["mine"]["base"] + peace
    money = mine_base + p["facility"]["mine"]
    money_lines.append(
        T(
            "Mine: base {base} + {n} workers = ${total}",
            base=mine_base,
            n=p["facility"]["mine"],
            total=money,
        )
    )
    if _works(state, seat, "textile_shop"):
        money += 2 * bf
        money_lines.append(T("{building_t}: +${n}", building_t=N_("Textile Shop"), n=2 * bf))
    if _advisor(state, seat, "zengzi"):
        money += 3
        money_lines.append(T("{advisor_t}: +${n}", advisor_t=ADVISORS["zengzi"]["name"], n=3))
    if _effect(state, seat, "beauty_trap"):
        money //= 2
        money_lines.append(
            T(
                "{card_t}: money income halved (rounded down) = ${n}",
                card_t=TACTICS["beauty_trap"]["name"],
                n=money,
            )
        )
    starved = _effect(state, seat, "cut_supplies")
    # Farm: base 2 (+1 at Peace) + workers, Windmill +2, Great Peace +1, Famine halves.
    farm_base = 0 if starved else FACILITIES["farm"]["base"] + peace
    food = farm_base + p["facility"]["farm"]
    lines.append(
        T(
            "Farm: base {base} + {n} workers = {total} food",
            base=farm_base,
            n=p["facility"]["farm"],
            total=food,
        )
    )
    if _works(state, seat, "windmill"):
        food += 2 * bf
        lines.append(T("{building_t}: +{n} food", building_t=N_("Windmill"), n=2 * bf))
    great_peace = state["event"]["current"] == "great_peace"
    if great_peace:
        food += 1
        lines.append(T("Great Peace: +1 food"))
    if _event_hits(state, seat, "famine"):
        food = half_down(food) if state["options"]["famine_rounding"] == "floor" else half_up(food)
        lines.append(T("Famine: food halved = {n}", n=food))
    # Barracks: base 3 (+1 at Peace) + workers, +3 at War, Great Peace +3.
    barracks_base = 0 if starved else FACILITIES["barracks"]["base"] + peace
    soldiers = barracks_base + p["facility"]["barracks"]
    lines.append(
        T(
            "Barracks: base {base} + {n} workers = {total} soldiers",
            base=barracks_base,
            n=p["facility"]["barracks"],
            total=soldiers,
        )
    )
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
    p = _player(state, seat)
    p["money"] += out["money"]
    p["food"] += out["food"]
    p["supply"] += out["soldiers"]
    name = _name(state, seat)
    state["computed"].append(
        T(
            "{name}: +{food} food, +{soldiers} soldiers",
            name=name,
            food=out["food"],
            soldiers=out["soldiers"],
        )
    )
    state["computed"] += out["lines"]
    state["private_lines"][seat] = out["money_lines"] + [T("Money: +${n}", n=out["money"])]
    return [
        {
            "type": "Produced",
            "seat": seat,
            "name": name,
            "food": out["food"],
            "soldiers": out["soldiers"],
        },
        _money_event(seat, name, out["money"], N_("production")),
    ]


def _defenders(state: State, cid: str) -> int:
    owner = _city(state, cid)["owner"]
    return 0 if owner is None else _player(state, owner)["at"].get(cid, 0)


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
    da, db = _defenders(state, a), _defenders(state, b)
    oa, ob = _city(state, a)["owner"], _city(state, b)["owner"]
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
                "Vassal {v}: {a} defenders vs {b} defenders",
                v=v + 1,
                a=_defenders(state, a),
                b=_defenders(state, b),
            )
        )
        for seat, base in tribute_shares(state, v):
            name = _name(state, seat)
            if _event_hits(state, seat, "barbarians"):
                state["computed"].append(T("Five Barbarians: {name} gets no tribute", name=name))
                continue
            mult = tribute_multiplier(
                _works(state, seat, "relay_station") > 0,
                _advisor(state, seat, "princess"),
                state["options"]["tribute_stack"],
            )
            amount = base * mult
            state["tribute"].append({"vassal": v, "seat": seat, "amount": amount, "kind": None})
            state["computed"].append(
                T(
                    "{name} receives {n} of one resource (base {base} x{mult})",
                    name=name,
                    n=amount,
                    base=base,
                    mult=mult,
                )
            )
            events.append({"type": "TributeDue", "seat": seat, "name": name, "n": amount})
    return events


def act_take_tribute(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Choose the resource of a tribute you receive (food, money or soldiers)."""
    seat = _check_seat(actor)
    match = [
        t
        for t in state["tribute"]
        if t["seat"] == seat and t["kind"] is None and t["vassal"] == params["vassal"] - 1
    ]
    if state["phase"] != 3 or not match:
        raise RulesError("no_tribute", N_("You have no tribute to take."))
    share = match[0]
    share["kind"] = kind = params["kind"]
    p = _player(state, seat)
    if kind == "food":
        p["food"] += share["amount"]
    elif kind == "soldiers":
        p["supply"] += share["amount"]
    else:
        p["money"] += share["amount"]
    return [
        {
            "type": "TributeTaken",
            "seat": seat,
            "name": _name(state, seat),
            "n": share["amount"],
            "kind_t": RESOURCE_NAMES[kind],
        }
    ]


# --------------------------------------------------------------------------- construction


def _enter_construction(state: State, rng: Rng) -> list[Event]:
    state["step"] = "purchase"
    return []


def tactic_price(state: State, seat: int) -> int:
    """$3, or $2 with a working Private School or Hanlin Academy."""
    cheap = _works(state, seat, "private_school") or _works(state, seat, "hanlin_academy")
    return CHEAP_TACTIC_PRICE if cheap else TACTIC_PRICE


def _require_step(state: State, phase: int, step: str | None = None) -> None:
    if state["phase"] != phase or (step is not None and state["step"] != step):
        raise RulesError("not_now", N_("That is not possible in this phase."))


def _pay(state: State, seat: int, amount: int) -> None:
    p = _player(state, seat)
    if p["money"] < amount:
        raise BadValue("not_enough_money", N_("You do not have enough money."))
    p["money"] -= amount


def act_buy_tactic(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Buy 1 tactic card ($3, or $2 with the Private School / Hanlin Academy); 1 a round."""
    seat = _check_seat(actor)
    _require_step(state, 4, "purchase")
    p = _player(state, seat)
    if p["bought_tactic"]:
        raise RulesError("once_a_round", N_("You may buy only one of those a round."))
    price = tactic_price(state, seat)
    _pay(state, seat, price)
    p["bought_tactic"] = True
    return [
        _draw_tactics(state, seat, 1, N_("a purchase")),
        _money_event(seat, _name(state, seat), -price, N_("a tactic card")),
    ]


def act_buy_blueprint(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Buy 1 building blueprint ($4; 1 a round). The app draws it and tells only you."""
    seat = _check_seat(actor)
    _require_step(state, 4, "purchase")
    p = _player(state, seat)
    if p["bought_blueprint"]:
        raise RulesError("once_a_round", N_("You may buy only one of those a round."))
    if not state["blueprint_deck"]:
        raise RulesError("no_blueprints", N_("No blueprints are left."))
    _pay(state, seat, BLUEPRINT_PRICE)
    p["bought_blueprint"] = True
    key = state["blueprint_deck"].pop(rng.randint(0, len(state["blueprint_deck"]) - 1))
    p["blueprints"].append(key)
    name = _name(state, seat)
    return [
        {"type": "BlueprintBought", "seat": seat, "name": name},
        {
            "type": "BlueprintDrawn",
            "seat": seat,
            "name": name,
            "building_t": ALL_BUILDINGS[key]["name"],
            "to": [seat],
        },
    ]


def act_start_building(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Start a blueprint you hold on a lot of one of your cities (not while at War)."""
    seat = _check_seat(actor)
    _require_step(state, 4, "build")
    p = _player(state, seat)
    key = params["building"]
    if key not in p["blueprints"]:
        raise BadValue("no_blueprint", N_("You do not hold that blueprint."))
    if p["stance"] == "war" or _effect(state, seat, "downpour"):
        raise RulesError("no_new_buildings", N_("You may not start new buildings this round."))
    city = params["city"] or _home(seat)
    if city not in CITY_IDS or _city(state, city)["owner"] != seat:
        raise BadValue("not_your_city", N_("Build in one of your own cities."))
    if len(_owned(state, seat, False)) >= FOREMEN:
        raise RulesError("no_foreman", N_("All 3 of your foremen are busy."))
    workers = building_workers(state, seat, key, params["workers"])
    if p["supply"] < workers:
        raise BadValue(
            "not_enough_workers", N_("You need {n} soldiers in hand as workers."), n=workers
        )
    p["supply"] -= workers
    p["blueprints"].remove(key)
    state["buildings"].append(
        {
            "key": key,
            "city": city,
            "progress": 0,
            "done": False,
            "workers": workers,
            "builders": workers,
        }
    )
    return [
        {
            "type": "BuildingStarted",
            "seat": seat,
            "name": _name(state, seat),
            "building_t": ALL_BUILDINGS[key]["name"],
            "workers": workers,
        }
    ]


def building_workers(state: State, seat: int, key: str, chosen: int | None) -> int:
    """Workers a building needs: its number, -1 with the Bathhouse; the Temple of Heaven
    takes as many as its builder chooses (at least 1)."""
    if key == "temple_of_heaven":
        if not chosen:
            raise BadValue("choose_workers", N_("Say how many workers build the Temple of Heaven."))
        return chosen
    return max(0, ALL_BUILDINGS[key]["workers"] - _works(state, seat, "bathhouse"))


def act_assign_workers(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Set the workers on your mine, farm and barracks (soldiers in hand become workers and
    back; workers on buildings stay until the building is complete)."""
    seat = _check_seat(actor)
    _require_step(state, 4, "build")
    p = _player(state, seat)
    want = {k: params[k] for k in ("mine", "farm", "barracks")}
    delta = sum(want.values()) - sum(p["facility"].values())
    if delta > p["supply"]:
        raise BadValue(
            "not_enough_workers", N_("You need {n} soldiers in hand as workers."), n=delta
        )
    p["supply"] -= delta
    p["facility"] = want
    return [{"type": "WorkersAssigned", "seat": seat, "name": _name(state, seat), **want}]


def construction_cost(state: State, seat: int, b: dict[str, Any]) -> int:
    """This round's payment for a building under way (Post Road: -$1, not below 0)."""
    cost = ALL_BUILDINGS[b["key"]]["costs"][b["progress"]]
    return max(0, cost - _works(state, seat, "post_road"))


def _advance_foremen(state: State) -> list[Event]:
    """Every foreman moves on and its owner pays; no money, no move. Completes on the last."""
    events: list[Event] = []
    state["computed"] = []
    for seat in _order(state):
        name = _name(state, seat)
        for b in _owned(state, seat, False):
            label = ALL_BUILDINGS[b["key"]]["name"]
            if _event_hits(state, seat, "stoppage") or _effect(state, seat, "downpour"):
                state["computed"].append(
                    T("{name}: {building_t} stopped", name=name, building_t=label)
                )
                continue
            cost = construction_cost(state, seat, b)
            if _player(state, seat)["money"] < cost:
                state["computed"].append(
                    T(
                        "{name}: {building_t} waits (${n} not paid)",
                        name=name,
                        building_t=label,
                        n=cost,
                    )
                )
                events.append(
                    {"type": "ForemanStuck", "seat": seat, "name": name, "building_t": label}
                )
                continue
            _player(state, seat)["money"] -= cost
            b["progress"] += 1
            rounds = len(ALL_BUILDINGS[b["key"]]["costs"])
            state["computed"].append(
                T(
                    "{name}: {building_t} paid ${n} ({k}/{total})",
                    name=name,
                    building_t=label,
                    n=cost,
                    k=b["progress"],
                    total=rounds,
                )
            )
            if b["progress"] >= rounds:
                events += _complete(state, seat, b)
    return events


def _complete(state: State, seat: int, b: dict[str, Any]) -> list[Event]:
    """A building is complete: it works from now; its workers go back (an option)."""
    b["done"] = True
    p = _player(state, seat)
    if state["options"]["workers_return"]:
        p["supply"] += b["workers"]
        b["workers"] = 0
    name = _name(state, seat)
    events: list[Event] = [
        {
            "type": "BuildingCompleted",
            "seat": seat,
            "name": name,
            "building_t": ALL_BUILDINGS[b["key"]]["name"],
        }
    ]
    if b["key"] == "private_school":
        events.append(_draw_tactics(state, seat, 1, N_("the Private School")))
    if b["key"] == "hanlin_academy":
        events.append(_draw_tactics(state, seat, 2, N_("the Hanlin Academy")))
    if b["key"] == "magistrate":
        p["magistrate"] += 1
    return events


def act_magistrate(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The completed Magistrate defeats the bandits of one camp."""
    seat = _check_seat(actor)
    p = _player(state, seat)
    if not p["magistrate"]:
        raise RulesError("no_magistrate", N_("You have no Magistrate to use."))
    k = _camp_index(state, params["camp"])
    p["magistrate"] -= 1
    state["camps"][k]["bandits"] = 0
    events: list[Event] = [
        {"type": "BanditsDefeated", "seat": seat, "name": _name(state, seat), "camp": k + 1}
    ]
    events += _heroic(state, seat)
    return events


def _heroic(state: State, seat: int) -> list[Event]:
    """Advisor 策: +$5 for each bandit group defeated."""
    if not _advisor(state, seat, "ce"):
        return []
    _player(state, seat)["money"] += 5
    return [_money_event(seat, _name(state, seat), 5, N_("defeating bandits"))]


# --------------------------------------------------------------------------- epic auction


def _auction_due(state: State) -> bool:
    return state["round"] >= state["options"]["auction_from"] and bool(
        state["auction"]["epic"] or state["epic_deck"]
    )


def _open_auction(state: State, rng: Rng) -> list[Event]:
    auction = state["auction"]
    events: list[Event] = []
    if auction["epic"] is None:
        # Turn up a new epic blueprint only when the last one was sold.
        auction["epic"] = state["epic_deck"].pop()
        events.append({"type": "EpicTurnedUp", "building_t": EPICS[auction["epic"]]["name"]})
    auction.update(bids=None, result=None, rebid=False, seats=list(range(len(state["players"]))))
    events.append(sealed.open_round(state, "bid", auction["seats"], T("Bid for the epic")))
    return events


def auction_winner(bids: list[int | None], seats: list[int]) -> tuple[list[int], int]:
    """The seats with the highest bid and the second-highest bid (the price).

    >>> auction_winner([5, 3, 7], [0, 1, 2])
    ([2], 5)
    >>> auction_winner([6, 6, 2], [0, 1, 2])
    ([0, 1], 6)
    >>> auction_winner([4, 0, 0], [0, 1, 2])
    ([0], 0)
    """
    amounts = sorted((bids[s] or 0 for s in seats), reverse=True)
    top = amounts[0]
    leaders = [s for s in seats if (bids[s] or 0) == top]
    second = amounts[1] if len(amounts) > 1 else 0
    return leaders, second


def _reveal_bids(state: State, choices: list[Any], rng: Rng) -> list[Event]:
    auction = state["auction"]
    seats = auction["seats"]
    auction["bids"] = list(choices)
    events: list[Event] = [{"type": "BidsRevealed", "names": _names(state), "bids": list(choices)}]
    leaders, price = auction_winner(choices, seats)
    top = choices[leaders[0]] or 0
    if top == 0 and not auction["rebid"]:
        # Every bid is 0: nobody buys; the blueprint stays up for next round's auction.
        auction["result"] = {"winner": None, "price": 0}
        return events + [{"type": "EpicUnsold", "building_t": EPICS[auction["epic"]]["name"]}]
    if len(leaders) > 1 and not auction["rebid"]:
        auction.update(rebid=True, seats=leaders)
        return events + [sealed.open_round(state, "bid", leaders, T("Tied: bid again"))]
    winner = leaders[0] if len(leaders) == 1 else _auction_tiebreak(state, leaders, rng)
    return events + _sell_epic(state, winner, price)


def _auction_tiebreak(state: State, tied: list[int], rng: Rng) -> int:
    """Still tied after the re-bid: fewer buildings, then smaller population, then at random."""

    def key(s: int) -> tuple[int, int]:
        return (len(_owned(state, s, None)), _population(state, s))

    best = min(key(s) for s in tied)
    left = [s for s in tied if key(s) == best]
    state["auction"]["tiebreak"] = "random" if len(left) > 1 else "buildings/population"
    return left[0] if len(left) == 1 else rng.choice(left)


def _sell_epic(state: State, winner: int, price: int) -> list[Event]:
    auction = state["auction"]
    epic = auction["epic"]
    _player(state, winner)["money"] -= price
    _player(state, winner)["blueprints"].append(epic)
    auction["result"] = {"winner": winner, "price": price, "epic": epic}
    auction["epic"] = None
    return [
        {
            "type": "EpicWon",
            "seat": winner,
            "name": _name(state, winner),
            "building_t": EPICS[epic]["name"],
            "n": price,
        }
    ]


# --------------------------------------------------------------------------- war: deployment


def deploy_targets(state: State, seat: int) -> list[str]:
    """Where ``seat`` may send soldiers: own cities and bandit camps; enemy and unowned
    cities only at War (or with Secretly Cross at Chencang)."""
    p = _player(state, seat)
    attack = p["stance"] == "war" or _effect(state, seat, "chencang")
    cities = [c["id"] for c in state["cities"] if c["owner"] == seat or attack]
    return cities + [f"camp-{k}" for k in range(len(state["camps"]))]


def _enter_war(state: State, rng: Rng) -> list[Event]:
    """Phase 5: every soldier comes off the map (the counts are public), then the secret
    deployment. A player under Dragons without a Head keeps the previous deployment."""
    state["war"] = {"queue": [], "current": None, "done": [], "press": None}
    state["step"] = "deploy"
    events: list[Event] = []
    seats = []
    for seat in _order(state):
        p = _player(state, seat)
        if _effect(state, seat, "leaderless"):
            state["computed"].append(T("{name} may not redeploy", name=_name(state, seat)))
            continue
        back = sum(p["at"].values())
        p["supply"] += back
        p["at"] = {}
        seats.append(seat)
        state["computed"].append(
            T(
                "{name} takes back {n} soldiers ({total} to deploy)",
                name=_name(state, seat),
                n=back,
                total=p["supply"],
            )
        )
        events.append(
            {"type": "SoldiersRecalled", "seat": seat, "name": _name(state, seat), "n": back}
        )
    if seats:
        events.append(sealed.open_round(state, "deploy", seats, T("Deploy your soldiers")))
    else:
        events += _start_battles(state, rng)
    return events


def _reveal_deploy(state: State, choices: list[Any], rng: Rng) -> list[Event]:
    locs = _locations(state)
    events: list[Event] = []
    for seat, counts in enumerate(choices):
        if counts is None:
            continue
        p = _player(state, seat)
        for loc, n in zip(locs, counts, strict=True):
            _add_at(p, loc, n)
        p["supply"] = 0
        placed = {loc: n for loc, n in zip(locs, counts, strict=True) if n}
        _note_attacks(state, seat)
        events.append(
            {"type": "Deployed", "seat": seat, "name": _name(state, seat), "placed": placed}
        )
    return events + _start_battles(state, rng)


def _note_attacks(state: State, seat: int) -> None:
    """Remember who attacked whom this round (for the General Sparta)."""
    for loc in _attacks(state, seat):
        owner = _city(state, loc)["owner"]
        if owner is not None and seat not in _player(state, owner)["attackers"]:
            _player(state, owner)["attackers"].append(seat)


def _start_battles(state: State, rng: Rng) -> list[Event]:
    state["step"] = "battles"
    state["war"]["queue"] = _battle_queue(state)
    state["war"]["current"] = None
    return _next_battle(state)


def _battle_queue(state: State) -> list[dict[str, Any]]:
    """Battles in order: Yellow Turbans raids, field battles, bandit camps, then cities (each
    city when its first attacker's turn comes, in turn order from the start player)."""
    queue: list[dict[str, Any]] = []
    order = _order(state)
    if state["event"]["current"] == "turbans":
        for k, camp in enumerate(state["camps"]):
            target = _city(state, camp["target"])
            owner = target["owner"]
            if camp["bandits"] and owner is not None and not _raid_immune(state, owner):
                queue.append(_battle("raid", camp["target"], camp=k))
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            la = [loc for loc in _attacks(state, a) if _city(state, loc)["owner"] == b]
            lb = [loc for loc in _attacks(state, b) if _city(state, loc)["owner"] == a]
            for x, y in zip(la, lb, strict=False):
                queue.append(_battle("field", x, sides=[a, b], locs=[x, y]))
    for k in range(len(state["camps"])):
        loc = f"camp-{k}"
        if any(_player(state, s)["at"].get(loc) for s in order):
            queue.append(_battle("camp", loc, camp=k))
    seen: list[str] = []
    for s in order:
        for loc in _attacks(state, s):
            if loc not in seen:
                seen.append(loc)
                queue.append(_battle("city", loc))
    return queue


def _raid_immune(state: State, seat: int) -> bool:
    return bool(_works(state, seat, "magistrate")) or _shielded(state, seat)


def _battle(kind: str, loc: str, **extra: Any) -> dict[str, Any]:
    battle = {"kind": kind, "loc": loc, "mods": [], "orders": None, "lines": [], "moved": 0}
    battle.update(extra)
    return battle


def _attacks(state: State, seat: int) -> list[str]:
    """Cities where ``seat`` has soldiers but does not own the city (attacking forces)."""
    p = _player(state, seat)
    return [c["id"] for c in state["cities"] if p["at"].get(c["id"]) and c["owner"] != seat]


def _current(state: State) -> dict[str, Any] | None:
    war = state.get("war")
    if not war or war["current"] is None or war["current"] >= len(war["queue"]):
        return None
    return war["queue"][war["current"]]


def _next_battle(state: State) -> list[Event]:
    """Move to the next battle that still has a fight in it (forces may have gone)."""
    war = state["war"]
    start = 0 if war["current"] is None else war["current"] + 1
    for i in range(start, len(war["queue"])):
        battle = war["queue"][i]
        if _contested(state, battle):
            war["current"] = i
            if battle["kind"] == "field":
                return [
                    sealed.open_round(
                        state, "orders", list(battle["sides"]), T("Field battle: choose your order")
                    )
                ]
            return []
        battle["skipped"] = True
    war["current"] = len(war["queue"])
    state["step"] = "after"
    return []


def _contested(state: State, battle: dict[str, Any]) -> bool:
    kind = battle["kind"]
    if kind == "field":
        return all(
            _player(state, s)["at"].get(loc)
            for s, loc in zip(battle["sides"], battle["locs"], strict=True)
        )
    if kind in ("raid", "knife"):
        return (
            state["camps"][battle["camp"]]["bandits"] > 0
            and _city(state, battle["loc"])["owner"] is not None
        )
    return any(part["role"] == "attack" for part in _participants(state, battle))


def _reveal_orders(state: State, choices: list[Any], rng: Rng) -> list[Event]:
    battle = _current(state)
    assert battle is not None
    orders = [choices[s] for s in battle["sides"]]
    for i in range(2):
        other = battle["sides"][1 - i]
        # Stalling Tactic forces the opponent to Retreat; Taunt forces them to Attack.
        if _mod(battle, other, "stall"):
            orders[i] = "retreat"
        elif _mod(battle, other, "taunt"):
            orders[i] = "attack"
    battle["orders"] = orders
    return [
        {
            "type": "OrdersRevealed",
            "names": [_name(state, s) for s in battle["sides"]],
            "orders_t": [ORDER_NAMES[o] for o in orders],
        }
    ]


# --------------------------------------------------------------------------- war: calculator


def _mod(battle: dict[str, Any], seat: int, card: str) -> bool:
    return any(m["seat"] == seat and m["card"] == card for m in battle["mods"])


def _mods_against(battle: dict[str, Any], seat: int | None, card: str) -> bool:
    return any(m["card"] == card and m["seat"] != seat for m in battle["mods"])


def _participants(state: State, battle: dict[str, Any]) -> list[dict[str, Any]]:
    """Every force in a battle: {"seat" (None for bandits), "role", "n", "loc"}."""
    kind, loc = battle["kind"], battle["loc"]
    parts: list[dict[str, Any]] = []
    if kind == "field":
        for seat, at in zip(battle["sides"], battle["locs"], strict=True):
            parts.append(
                {
                    "seat": seat,
                    "role": "field",
                    "n": _player(state, seat)["at"].get(at, 0),
                    "loc": at,
                }
            )
        return parts
    if kind == "camp":
        k = battle["camp"]
        parts.append(
            {"seat": None, "role": "defend", "n": state["camps"][k]["bandits"], "loc": loc}
        )
    else:
        owner = _city(state, loc)["owner"]
        if owner is not None:
            parts.append(
                {
                    "seat": owner,
                    "role": "defend",
                    "n": _player(state, owner)["at"].get(loc, 0),
                    "loc": loc,
                }
            )
        if kind in ("raid", "knife"):
            parts.append(
                {
                    "seat": None,
                    "role": "attack",
                    "n": state["camps"][battle["camp"]]["bandits"],
                    "loc": loc,
                }
            )
    for seat in _order(state):
        n = _player(state, seat)["at"].get(loc, 0)
        if (
            kind in ("city", "camp")
            and n
            and (kind == "camp" or seat != _city(state, loc)["owner"])
        ):
            parts.append({"seat": seat, "role": "attack", "n": n, "loc": loc})
    return parts


def city_defence(state: State, cid: str) -> int:
    """Main castle 2, small city 1; +1 when its owner is at War, +1 Earth Fort, +3 Great Wall,
    +1 with the Advisor Ye Xiaoping."""
    city = _city(state, cid)
    owner = city["owner"]
    defence = CITY_DEFENCE[city["kind"]]
    if owner is None:
        return defence
    if _player(state, owner)["stance"] == "war":
        defence += 1
    defence += _works(state, owner, "earth_fort") + 3 * _works(state, owner, "great_wall")
    if _advisor(state, owner, "ye"):
        defence += 1
    return defence


def _morale(state: State, battle: dict[str, Any], part: dict[str, Any], others: list[int]) -> int:
    seat = part["seat"]
    morale = state["options"]["base_morale"]
    morale += sum(v * _works(state, seat, k) for k, v in MORALE.items())
    if part["role"] in ("attack", "field") and _mod(battle, seat, "tree_blossoms"):
        morale += 5
    if part["role"] == "defend" and _mod(battle, seat, "back_to_river"):
        morale += 5
    if any(_works(state, o, "great_wall") for o in others):
        morale = max(0, morale - 4)
    if any(m["card"] == "four_sides" and m["seat"] in others for m in battle["mods"]):
        morale = min(morale, 1)
    return morale


def combat_power(
    state: State, battle: dict[str, Any], part: dict[str, Any], parts: list[dict[str, Any]]
) -> tuple[int, int, list[Text]]:
    """(CP, soldiers left after the city's defence, lines) of one force in a battle."""
    seat = part["seat"]
    n = part["n"]
    if seat is None:
        lines: list[Text] = [T("Bandits: {n}", n=n)]
    else:
        lines = [T("{who}: {n} soldiers", who=_name(state, seat), n=n)]
    eff = n
    kind = battle["kind"]
    attacking_city = part["role"] == "attack" and kind in ("city", "raid", "knife")
    if attacking_city:
        owner = _city(state, battle["loc"])["owner"]
        defence = 0 if _mod(battle, seat, "huanglong") else city_defence(state, battle["loc"])
        arrow = _works(state, owner, "arrow_tower")
        eff = max(0, n - defence - arrow)
        lines.append(
            T("City defence {d}, Arrow Tower {a}: {n} soldiers fight", d=defence, a=arrow, n=eff)
        )
    if eff == 0:
        lines.append(T("No soldiers left: CP 0"))
        return 0, 0, lines
    if seat is None:
        cp = eff + (1 if kind == "raid" else 0)
        if kind == "raid":
            lines.append(T("Yellow Turbans: +1 CP"))
        lines.append(T("CP {cp}", cp=cp))
        return cp, eff, lines
    others = [p["seat"] for p in parts if p["seat"] is not None and p["seat"] != seat]
    morale = _morale(state, battle, part, others)
    cp = eff + morale
    lines.append(T("Morale +{n}", n=morale))
    for card in ("battle_ready", "drums", "surprise_win"):
        if _mod(battle, seat, card):
            cp += TACTICS[card]["cp"]
            lines.append(
                T("{card_t}: +{n} CP", card_t=TACTICS[card]["name"], n=TACTICS[card]["cp"])
            )
    if _mod(battle, seat, "kou"):
        cp += 7
        lines.append(T("{general_t}: +{n} CP", general_t=GENERALS["kou"]["name"], n=7))
    if _advisor(state, seat, "chen"):
        cp += 2
        lines.append(T("{advisor_t}: +{n} CP", advisor_t=ADVISORS["chen"]["name"], n=2))
    smith = (eff // 2) * _works(state, seat, "blacksmith")
    if smith:
        cp += smith
        lines.append(T("{building_t}: +{n} CP", building_t=N_("Blacksmith"), n=smith))
    if kind == "field" and battle["orders"]:
        order = battle["orders"][battle["sides"].index(seat)]
        if order == "defend":
            cp += 2
            lines.append(T("Defend order: +2 CP"))
    lines.append(T("CP {cp}", cp=cp))
    return cp, eff, lines


def preview(state: State, battle: dict[str, Any]) -> list[dict[str, Any]]:
    """Every force's CP with its lines (what the table screen shows before resolving)."""
    parts = _participants(state, battle)
    out = []
    for part in parts:
        cp, eff, lines = combat_power(state, battle, part, parts)
        out.append({**part, "cp": cp, "eff": eff, "lines": lines})
    return out


def settle(cps: list[int], effs: list[int]) -> tuple[int | None, list[int]]:
    """The highest CP wins and keeps (highest - second-highest) soldiers, capped at its own;
    every other force is lost. A tie for the highest: nobody wins, every force is lost.

    >>> settle([9, 5], [8, 6])
    (0, [4, 0])
    >>> settle([12, 3, 2], [5, 3, 2])
    (0, [5, 0, 0])
    >>> settle([7, 7, 2], [7, 7, 2])
    (None, [0, 0, 0])
    >>> settle([0, 0], [0, 0])   # a force with no soldiers left wins nothing
    (None, [0, 0])
    >>> settle([], [])           # nobody came (every force corrected away): no winner
    (None, [])
    """
    top = max(cps, default=0)
    if top == 0 or cps.count(top) > 1:
        return None, [0] * len(cps)
    winner = cps.index(top)
    second = max((c for i, c in enumerate(cps) if i != winner), default=0)
    after = [0] * len(cps)
    after[winner] = min(effs[winner], top - second)
    return winner, after


def act_resolve_battle(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen resolves the current battle once everyone has played their cards."""
    _check_host(actor)
    battle = _current(state)
    if battle is None or state["step"] != "battles":
        raise RulesError("no_battle", N_("There is no battle to resolve."))
    if sealed.is_open(state, "orders"):
        raise RulesError("orders_pending", N_("The battle orders are not all in yet."))
    if state["war"]["press"] is not None:
        raise RulesError("press_pending", N_("The winner must first say whether to go on."))
    if battle["kind"] == "field":
        events = _resolve_field(state, battle)
    else:
        events = _resolve_fight(state, battle)
    battle["done"] = True
    if state["over"] or state["war"]["press"] is not None:
        return events
    return events + _next_battle(state)


def _losses(before: dict[int, int], state: State, battle: dict[str, Any]) -> dict[str, int]:
    """Soldiers each player lost in this battle (for the Apothecary and the Healer)."""
    out = {}
    for seat, n in before.items():
        p = _player(state, seat)
        now = sum(p["at"].values())
        if n > now:
            out[str(seat)] = n - now
    battle["losses"] = out
    return out


def _aftermath(
    state: State,
    battle: dict[str, Any],
    winner: int | None,
    losers: list[int],
    before: dict[int, int],
) -> list[Event]:
    """Compensation, Humble's $3, the Apothecary, and who attacked whom."""
    events: list[Event] = []
    for seat, lost in _losses(before, state, battle).items():
        back = _apothecary(state, int(seat), lost)
        if back:
            _add_at(_player(state, int(seat)), _home(int(seat)), back)
            battle["lines"].append(
                T(
                    "{building_t}: {name} gets {n} back",
                    building_t=N_("Apothecary"),
                    name=_name(state, int(seat)),
                    n=back,
                )
            )
    for seat in losers:
        events.append(_draw_tactics(state, seat, 1, N_("compensation")))
        if winner is not None and _advisor(state, winner, "tian"):
            events += _take_money(state, seat, winner, 3, N_("Humble"))
    return events


def _before(state: State) -> dict[int, int]:
    return {s: sum(_player(state, s)["at"].values()) for s in range(len(state["players"]))}


def _resolve_fight(state: State, battle: dict[str, Any]) -> list[Event]:
    """A city, a bandit camp or a bandit raid: several forces, the highest CP wins."""
    before = _before(state)
    rows = preview(state, battle)
    kind, loc = battle["kind"], battle["loc"]
    battle["lines"] = [line for row in rows for line in row["lines"]]
    defender = rows[0] if rows and rows[0]["role"] == "defend" else None
    events: list[Event] = []
    if defender and defender["seat"] is not None and _mod(battle, defender["seat"], "empty_fort"):
        # Empty Fort: the city holds without a fight; the attackers go home unharmed.
        for row in rows[1:]:
            if row["seat"] is not None:
                _send_home(state, row["seat"], loc)
        battle["lines"].append(T("Empty Fort: the attackers withdraw"))
        battle["winner"] = defender["seat"]
        return [{"type": "BattleResolved", **_place_event(state, loc)}]
    win, after = settle([r["cp"] for r in rows], [r["eff"] for r in rows])
    if (
        win is not None
        and rows[win]["seat"] is not None
        and rows[win]["role"] == "attack"
        and _mod(battle, rows[win]["seat"], "bloodless")
    ):
        after[win] = rows[win]["n"]
    for row, left in zip(rows, after, strict=True):
        if row["seat"] is None:
            state["camps"][battle["camp"]]["bandits"] = left
        else:
            _set_at(_player(state, row["seat"]), loc, left)
    winner = rows[win] if win is not None else None
    win_seat = winner["seat"] if winner else None
    if winner is None:
        battle["lines"].append(T("A tie for the highest CP: every force is lost"))
    else:
        battle["lines"].append(
            T("{who} wins and keeps {n} soldiers", who=_name(state, win_seat), n=after[win])
            if win_seat is not None
            else T("The bandits win; {n} go back to their camp", n=after[win])
        )
    battle["winner"] = win_seat
    losers = [r["seat"] for i, r in enumerate(rows) if r["seat"] is not None and i != win]
    if kind == "camp" and winner is not None and win_seat is not None:
        _send_home(state, win_seat, loc)
        events += _heroic(state, win_seat)
    if kind in ("raid", "knife") and winner is not None and win_seat is not None:
        events += _heroic(state, win_seat)
    events.insert(0, {"type": "BattleResolved", **_place_event(state, loc)})
    events += _aftermath(state, battle, win_seat, losers, before)
    if kind == "city" and winner is not None and winner["role"] == "attack":
        events += _capture(state, loc, win_seat)
    return events


def _capture(state: State, loc: str, captor: int) -> list[Event]:
    """A city changes hands with its buildings (and their workers). A main castle ends the
    game at once."""
    city = _city(state, loc)
    loser = city["owner"]
    city["owner"] = captor
    events: list[Event] = [
        {
            "type": "CityCaptured",
            "seat": captor,
            "name": _name(state, captor),
            **_place_event(state, loc),
            "loser": loser,
        }
    ]
    if loser is not None:
        _player(state, loser)["lost_city_round"] = state["round"]
    if city["kind"] == "castle" and loser is not None:
        state["over"] = True
        state["end"] = {"reason": "castle", "captor": captor, "loser": loser}
        state["phase"] = 5
        if sealed.is_open(state):
            state["sealed"] = None
        events.append({"type": "GameEnded", "reason_t": N_("A main castle was captured.")})
    return events


def _resolve_field(state: State, battle: dict[str, Any]) -> list[Event]:
    """Two forces meet on the plain; the revealed orders decide what happens."""
    before = _before(state)
    a, b = battle["sides"]
    oa, ob = battle["orders"]
    rows = preview(state, battle)
    battle["lines"] = [line for row in rows for line in row["lines"]]
    pair = {oa, ob}
    events: list[Event] = []
    winner: int | None = None
    losers: list[int] = []
    if pair <= {"attack", "defend"} and "attack" in pair:
        win, after = settle([r["cp"] for r in rows], [r["eff"] for r in rows])
        if win is None and state["options"]["field_tie"] == "home":
            for seat, loc in zip(battle["sides"], battle["locs"], strict=True):
                _send_home(state, seat, loc)
            battle["lines"].append(T("A tie: both forces go home"))
        else:
            if (
                win is not None
                and battle["orders"][win] == "attack"
                and _mod(battle, battle["sides"][win], "bloodless")
            ):
                after[win] = rows[win]["n"]
            for i, (seat, loc) in enumerate(zip(battle["sides"], battle["locs"], strict=True)):
                _set_at(_player(state, seat), loc, after[i])
            if win is None:
                losers = [a, b]
                battle["lines"].append(T("A tie for the highest CP: every force is lost"))
            else:
                winner = battle["sides"][win]
                losers = [battle["sides"][1 - win]]
                battle["lines"].append(
                    T("{who} wins and keeps {n} soldiers", who=_name(state, winner), n=after[win])
                )
                if battle["orders"][win] == "attack":
                    state["war"]["press"] = winner
                else:
                    _send_home(state, winner, battle["locs"][win])
    elif pair == {"attack", "retreat"}:
        r = battle["orders"].index("retreat")
        seat, loc, n = battle["sides"][r], battle["locs"][r], rows[r]["n"]
        attacker = battle["sides"][1 - r]
        loss = retreat_loss(
            n,
            _mod(battle, attacker, "catch_off_guard"),
            _mod(battle, seat, "cicada_shell"),
            _advisor(state, seat, "qing"),
        )
        _set_at(_player(state, seat), loc, n - loss)
        _send_home(state, seat, loc)
        losers = [seat]
        battle["lines"].append(
            T("{who} retreats and loses {n} soldiers", who=_name(state, seat), n=loss)
        )
        state["war"]["press"] = attacker
    else:
        # Defend/Defend, Retreat/Retreat and (our reading) Defend/Retreat: nobody fights.
        for seat, loc in zip(battle["sides"], battle["locs"], strict=True):
            _send_home(state, seat, loc)
        battle["lines"].append(T("No fight: both forces go home"))
    battle["winner"] = winner
    events.append({"type": "FieldBattleResolved", "a": _name(state, a), "b": _name(state, b)})
    events += _aftermath(state, battle, winner, losers, before)
    return events


def retreat_loss(n: int, off_guard: bool = False, shell: bool = False, light: bool = False) -> int:
    """Soldiers a retreating force loses against Attack: half rounded up; all of them with
    Catch Them Off Guard; none with the Golden Cicada; just 1 with Light Steps.

    >>> retreat_loss(7), retreat_loss(7, off_guard=True), retreat_loss(7, shell=True)
    (4, 7, 0)
    >>> retreat_loss(7, light=True), retreat_loss(7, off_guard=True, shell=True)
    (1, 0)
    """
    if shell:
        return 0
    if off_guard:
        return n
    if light:
        return min(1, n)
    return half_up(n)


def act_press_on(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The winner of a field battle (with Attack) goes on to attack the city, or goes home."""
    war = state.get("war") or {}
    seat = war.get("press")
    if seat is None:
        raise RulesError("nothing_to_decide", N_("Nobody has to decide that now."))
    if actor is not None and actor != seat:
        raise NotAllowed("not_your_seat", N_("You can only change your own counters."))
    battle = _current(state)
    assert battle is not None
    loc = battle["locs"][battle["sides"].index(seat)]
    war["press"] = None
    if not params["go"]:
        _send_home(state, seat, loc)
    return [
        {"type": "PressOn", "seat": seat, "name": _name(state, seat), "go": params["go"]}
    ] + _next_battle(state)


def act_cancel_field_battle(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """The two cities are not adjacent on the map: the forces do not meet on the plain."""
    _check_host(actor)
    battle = _current(state)
    if battle is None or battle["kind"] != "field" or battle.get("orders"):
        raise RulesError("no_field_battle", N_("There is no field battle to cancel."))
    if sealed.is_open(state, "orders"):
        state["sealed"] = None
    battle["skipped"] = True
    return [{"type": "FieldBattleCancelled"}] + _next_battle(state)


def act_twin_swallows(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Advisor Yan Qing: pay $1 a soldier to move up to 2 soldiers into the current battle."""
    seat = _check_seat(actor)
    battle, loc = _my_battle(state, seat)
    if not _advisor(state, seat, "yan"):
        raise RulesError("no_advisor", N_("Your Advisor cannot do that."))
    n, source = params["n"], params["source"]
    p = _player(state, seat)
    if battle["moved"] + n > 2:
        raise BadValue("too_many", N_("At most 2 soldiers a battle."))
    if source == loc or p["at"].get(source, 0) < n:
        raise BadValue("no_soldiers_there", N_("You do not have those soldiers there."))
    _pay(state, seat, n)
    battle["moved"] += n
    _add_at(p, source, -n)
    _add_at(p, loc, n)
    return [{"type": "SoldiersMoved", "seat": seat, "name": _name(state, seat), "n": n}]


def _my_battle(state: State, seat: int) -> tuple[dict[str, Any], str]:
    """The current battle and where ``seat``'s force in it stands (refused if not in it)."""
    battle = _current(state)
    if battle is None or state["step"] != "battles" or battle.get("done"):
        raise RulesError("no_battle", N_("There is no battle to resolve."))
    for part in _participants(state, battle):
        if part["seat"] == seat:
            return battle, part["loc"]
    raise NotAllowed("not_in_battle", N_("You are not in this battle."))


# --------------------------------------------------------------------------- food


def _enter_food(state: State, rng: Rng) -> list[Event]:
    """Phase 6: upkeep (1 food per 3 population); short players discard soldiers."""
    events: list[Event] = []
    rounding = state["options"]["food_rounding"]
    for seat in _order(state):
        p = _player(state, seat)
        name = _name(state, seat)
        pop = _population(state, seat)
        need = food_needed(pop, rounding)
        lines = [
            T(
                "{name}: population {pop}, needs {need} food, has {food}",
                name=name,
                pop=pop,
                need=need,
                food=p["food"],
            )
        ]
        if need > p["food"]:
            gone = _remove_soldiers(p, soldiers_to_discard(pop, p["food"], _soldiers(p), rounding))
            pop -= gone
            need = food_needed(pop, rounding)
            lines.append(T("Not enough food: {n} soldiers discarded", n=gone))
            events.append({"type": "SoldiersStarved", "seat": seat, "name": name, "n": gone})
        paid = min(need, p["food"])
        p["food"] -= paid
        lines.append(T("Pays {n} food; {left} left", n=paid, left=p["food"]))
        state["computed"] += lines
    return events


def act_sell_food(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Phase 6: say how much food you sell (settled when the table moves on)."""
    seat = _check_seat(actor)
    _require_step(state, 6)
    if params["n"] > _player(state, seat)["food"]:
        raise BadValue("not_enough_food", N_("You do not have that much food."))
    state["sales"][seat] = params["n"]
    return [{"type": "FoodOffered", "seat": seat, "name": _name(state, seat), "n": params["n"]}]


def sales_revenue(state: State) -> list[dict[str, Any]]:
    """What every seller gets: the price table (per player or shared, uniform or marginal),
    plus Market +$1 and Big Ships in Port +$2 a unit."""
    sales = state["sales"]
    opts = state["options"]
    out = []
    total = sum(sales)
    first = 0
    for seat in _order(state):
        n = sales[seat]
        if opts["food_market"] == "player":
            base = sale_revenue(0, n, opts["food_price"])
        elif opts["food_price"] == "uniform":
            base = n * food_price(total) if n else 0
        else:
            # A shared market with marginal prices: units take the columns in turn order.
            base = sale_revenue(first, n, "marginal")
            first += n
        bonus = _works(state, seat, "market") + (2 if state["event"]["current"] == "ships" else 0)
        out.append(
            {"seat": seat, "n": n, "base": base, "bonus": bonus * n, "money": base + bonus * n}
        )
    return out


def _settle_food(state: State) -> list[Event]:
    events: list[Event] = []
    state["computed"] = []
    for row in sales_revenue(state):
        seat = row["seat"]
        p = _player(state, seat)
        if row["n"]:
            p["food"] -= row["n"]
            p["money"] += row["money"]
            state["computed"].append(
                T(
                    "{name} sells {n} food: ${base} + ${bonus} = ${money}",
                    name=_name(state, seat),
                    n=row["n"],
                    base=row["base"],
                    bonus=row["bonus"],
                    money=row["money"],
                )
            )
            events.append(
                {
                    "type": "FoodSold",
                    "seat": seat,
                    "name": _name(state, seat),
                    "n": row["n"],
                    "money": row["money"],
                }
            )
        bank = (p["money"] // 4) * _works(state, seat, "bank")
        if bank:
            p["money"] += bank
            events.append(_money_event(seat, _name(state, seat), bank, N_("the Bank")))
    return events


# --------------------------------------------------------------------------- moving on


PHASE_ENTRIES = {
    0: _enter_preparation,
    1: _enter_event,
    2: _enter_stance,
    3: _enter_production,
    4: _enter_construction,
    5: _enter_war,
    6: _enter_food,
}

REVEALERS = {
    "setup": _reveal_setup,
    "stance": _reveal_stance,
    "bid": _reveal_bids,
    "deploy": _reveal_deploy,
    "orders": _reveal_orders,
}


def blocker(state: State) -> Text | None:
    """Why the table cannot move on yet (None when it can)."""
    if state["over"]:
        return T("The game is over.")
    if sealed.is_open(state):
        return T("Waiting for secret choices.")
    if state["phase"] == 3 and any(t["kind"] is None for t in state["tribute"]):
        return T("Waiting for tribute choices.")
    if state["phase"] == 5 and state["step"] == "battles":
        return T("Resolve the battles first.")
    if any(p["magistrate"] for p in state["p"]):
        return T("A Magistrate must defeat a bandit camp first.")
    return None


def act_next(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen moves on to the next step or phase (one tap)."""
    _check_host(actor)
    why = blocker(state)
    if why is not None:
        raise RulesError("cannot_move_on", why[0])
    phase, step = state["phase"], state["step"]
    if phase == 4 and step == "purchase":
        if _auction_due(state):
            state["step"] = "auction"
            return _open_auction(state, rng)
        state["step"] = "build"
        return []
    if phase == 4 and step == "auction":
        state["step"] = "build"
        return []
    if phase == 4 and step == "build":
        state["step"] = "payments"
        return _advance_foremen(state)
    if phase == 6:
        events = _settle_food(state)
        return events + _end_round(state, rng)
    return _enter_phase(state, phase + 1, rng)


def _end_round(state: State, rng: Rng) -> list[Event]:
    if state["last_round"]:
        state["over"] = True
        state["end"] = {"reason": "peace", "captor": None, "loser": None}
        return [{"type": "GameEnded", "reason_t": N_("The third Great Peace has ended the game.")}]
    state["start"] = (state["start"] + 1) % len(state["players"])
    state["round"] += 1
    return [
        {"type": "StartPassed", "seat": state["start"], "name": _name(state, state["start"])}
    ] + _enter_phase(state, 0, rng)


def act_set_start_player(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Before anyone has chosen at setup: who read Sun Tzu most recently starts (re-deals)."""
    _check_host(actor)
    if state["phase"] != -1 or any(state["sealed"]["submitted"]):
        raise RulesError("too_late", N_("The start player can only be set before anyone chooses."))
    state["start"] = params["seat"]
    _deal_offers(state, rng)
    return [{"type": "StartPassed", "seat": params["seat"], "name": _name(state, params["seat"])}]


# --------------------------------------------------------------------------- tactic cards


def act_play_tactic(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Play a tactic card from your hand. The app applies what it can compute; the rest
    happens on the table (with corrections if needed)."""
    seat = _check_seat(actor)
    if state["phase"] < 0:
        raise RulesError("not_now", N_("That is not possible in this phase."))
    p = _player(state, seat)
    if p["tactics"] <= 0:
        raise RulesError("no_tactics", N_("You have no tactic card to play."))
    card = params["card"]
    info = TACTICS[card]
    target = params.get("target")
    if info.get("target") and (target is None or target == seat):
        raise BadValue("choose_target", N_("Choose another player for this card."))
    events = CARD_EFFECTS.get(card, _card_recorded)(state, seat, card, params, rng)
    p["tactics"] -= 1
    state["played"].append(card)
    head = {
        "type": "TacticPlayed",
        "seat": seat,
        "name": _name(state, seat),
        "card_t": info["name"],
    }
    if target is not None:
        head["target"] = target
        head["target_name"] = _name(state, target)
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
    battle, loc = _my_battle(state, seat)
    role = next(p["role"] for p in _participants(state, battle) if p["seat"] == seat)
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
    if card == "empty_fort" and _city(state, loc)["kind"] == "castle":
        raise BadValue("not_castle", N_("That card does not work in a main castle."))
    if card == "hold_pass":
        _hold_pass(state, battle, seat, loc, params.get("target"))
    if card == "besiege_wei":
        _withdraw(state, battle, params["target"])
    if card == "lure_tiger":
        _lure(state, battle, seat)
    battle["mods"].append({"seat": seat, "card": card})
    return []


def _opponent(state: State, battle: dict[str, Any], seat: int, target: int | None) -> dict:
    others = [p for p in _participants(state, battle) if p["seat"] != seat]
    if target is not None:
        others = [p for p in others if p["seat"] == target]
    if not others:
        raise BadValue("no_opponent", N_("That player is not your opponent in this battle."))
    return others[0]


def _hold_pass(
    state: State, battle: dict[str, Any], seat: int, loc: str, target: int | None
) -> None:
    """One Man Holds the Pass: sacrifice 1 soldier, destroy 2 of the opponent's."""
    opp = _opponent(state, battle, seat, target)
    _add_at(_player(state, seat), loc, -1)
    _shrink(state, battle, opp, 2)


def _shrink(state: State, battle: dict[str, Any], part: dict[str, Any], n: int) -> int:
    """Remove up to ``n`` soldiers from a force in a battle (bandits included)."""
    take = min(n, part["n"])
    if part["seat"] is None:
        state["camps"][battle["camp"]]["bandits"] -= take
    else:
        _add_at(_player(state, part["seat"]), part["loc"], -take)
    return take


def _withdraw(state: State, battle: dict[str, Any], target: int) -> None:
    """Besiege Wei to Rescue Zhao: one attacking force goes home without a fight."""
    part = next(
        (
            p
            for p in _participants(state, battle)
            if p["seat"] == target and p["role"] in ("attack", "field")
        ),
        None,
    )
    if part is None:
        raise BadValue("no_opponent", N_("That player is not your opponent in this battle."))
    _send_home(state, target, part["loc"])


def _lure(state: State, battle: dict[str, Any], seat: int) -> None:
    """Lure the Tiger off the Mountain: the defenders leave the city (back to their hand)."""
    part = next(
        (
            p
            for p in _participants(state, battle)
            if p["role"] == "defend" and p["seat"] not in (None, seat)
        ),
        None,
    )
    if part is None:
        raise BadValue("no_defenders", N_("There are no defenders to lure away."))
    p = _player(state, part["seat"])
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
    return _take_money(
        state, target, seat, half_down(_player(state, target)["money"]), TACTICS[card]["name"]
    )


def _card_steal(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Pilfer a Goat / Loot a Burning House: take one card at random (blueprint or tactic)."""
    target = params["target"]
    victim = _player(state, target)
    if card == "loot_fire" and victim["lost_city_round"] != state["round"]:
        raise BadValue("no_city_lost", N_("That player has not lost a city this round."))
    pool = list(victim["blueprints"]) + ["tactic"] * victim["tactics"]
    if not pool:
        # Only the two players involved learn that the target's hand was empty: the size
        # of a hand is private.
        return [
            {
                "type": "NothingToTake",
                "seat": seat,
                "name": _name(state, seat),
                "to": sorted({seat, target}),
            }
        ]
    got = rng.choice(pool)
    me = _player(state, seat)
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
            "name": _name(state, seat),
            "what_t": what,
            "victim": target,
            "victim_name": _name(state, target),
            "to": [seat, target],
        }
    ]


def _card_borrow_corpse(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Borrow a Corpse: take a card back from the discard pile (play it next)."""
    if not state["played"]:
        raise RulesError("empty_discard", N_("The discard pile is empty."))
    _player(state, seat)["tactics"] += 1
    return []


def _card_borrow_road(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Borrow the Road to Conquer Guo: take a city without a fight for $7 (not a castle)."""
    cid = params.get("city")
    if cid is None or cid not in CITY_IDS:
        raise BadValue("choose_city", N_("Choose a city."))
    city = _city(state, cid)
    if city["owner"] == seat or city["kind"] == "castle":
        raise BadValue("bad_city", N_("Choose another player's small city or an unowned one."))
    _pay(state, seat, 7)
    loser = city["owner"]
    if loser is not None:
        _send_home(state, loser, cid)
    return _capture(state, cid, seat) + [
        _money_event(seat, _name(state, seat), -7, TACTICS[card]["name"])
    ]


def _card_building(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """White Colt (finish a building of yours), Remove the Firewood (demolish one),
    Stars Move (swap one of yours with someone else's)."""
    key = params.get("building")
    if key is None:
        raise BadValue("choose_building", N_("Choose a building."))
    b = _building(state, key)
    if card == "white_colt":
        if _owner(state, b) != seat or b["done"] or key in EPICS:
            raise BadValue(
                "bad_building", N_("Choose one of your buildings under way (not an epic).")
            )
        return _complete(state, seat, b)
    if card == "remove_firewood":
        owner = _owner(state, b)
        if not b["done"] and owner is not None:
            _player(state, owner)["supply"] += b["workers"]
        state["buildings"].remove(b)
        return [{"type": "BuildingDestroyed", "building_t": ALL_BUILDINGS[key]["name"]}]
    other = params.get("building2")
    if other is None:
        raise BadValue("choose_building", N_("Choose a building."))
    b2 = _building(state, other)
    if _owner(state, b) != seat or _owner(state, b2) in (seat, None):
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
    battle = _current(state)
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
    k = _camp_index(state, params.get("camp") or "")
    cid = params.get("city")
    if cid is None or cid not in CITY_IDS or _city(state, cid)["owner"] is None:
        raise BadValue("choose_city", N_("Choose a city."))
    if not state["camps"][k]["bandits"]:
        raise BadValue("no_bandits", N_("That camp has no bandits."))
    war = state["war"]
    if state["step"] == "battles":
        war["queue"].insert(war["current"] + 1, _battle("knife", cid, camp=k))
        return []
    # Every battle was over: the raid becomes the next (and last) battle.
    war["queue"].append(_battle("knife", cid, camp=k))
    war["current"] = len(war["queue"]) - 2
    state["step"] = "battles"
    return _next_battle(state)


def _card_feint(
    state: State, seat: int, card: str, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Feint East, Strike West: after the reveal and before any battle, move one of your
    forces somewhere else; the battles are worked out again."""
    war = state.get("war")
    if (
        state["phase"] != 5
        or state["step"] != "battles"
        or any(b.get("done") for b in war["queue"])
    ):
        raise RulesError("too_late", N_("Only after the deployment and before any battle."))
    src, dst = params.get("source"), params.get("city") or params.get("camp")
    p = _player(state, seat)
    if not src or not p["at"].get(src) or dst not in deploy_targets(state, seat):
        raise BadValue("bad_target", N_("You may not send soldiers there this round."))
    n = p["at"].pop(src)
    _add_at(p, dst, n)
    _note_attacks(state, seat)
    if sealed.is_open(state, "orders"):
        state["sealed"] = None
    war["queue"] = _battle_queue(state)
    war["current"] = None
    return [
        {"type": "ForceMoved", "seat": seat, "name": _name(state, seat), "n": n}
    ] + _next_battle(state)


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


# --------------------------------------------------------------------------- generals


def act_use_general(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Reveal and use your General (once). Your Advisor stops working (except after Ambush)."""
    seat = _check_seat(actor)
    p = _player(state, seat)
    if p["general"] is None or p["general_used"] or state["phase"] < 0:
        raise RulesError("no_general", N_("You have no General left to use."))
    general = p["general"]
    events = GENERAL_EFFECTS[general](state, seat, params)
    p["general_used"] = True
    return [
        {
            "type": "GeneralUsed",
            "seat": seat,
            "name": _name(state, seat),
            "general_t": GENERALS[general]["name"],
        }
    ] + events


def _gen_battle(state: State, seat: int, params: dict[str, Any]) -> list[Event]:
    """Peerless (+7 CP), Rally (+4 soldiers), Divide (half the opponent's force joins you),
    Recruit (a camp's bandits join you): all in the current battle."""
    battle, loc = _my_battle(state, seat)
    general = _player(state, seat)["general"]
    p = _player(state, seat)
    if general == "yuan":
        _add_at(p, loc, 4)
    elif general == "mao":
        opp = _opponent(state, battle, seat, params.get("target"))
        _add_at(p, loc, _shrink(state, battle, opp, half_down(opp["n"])))
    elif general == "zhi":
        k = _camp_index(state, params.get("camp") or "")
        if battle.get("camp") == k:
            raise BadValue("bad_camp", N_("Those bandits are fighting you."))
        _add_at(p, loc, state["camps"][k]["bandits"])
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
            _add_at(_player(state, seat), _home(seat), lost)
            return [{"type": "SoldiersHealed", "seat": seat, "name": _name(state, seat), "n": lost}]
    raise RulesError("no_losses", N_("You have lost no soldiers in a battle this round."))


def _gen_ambush(state: State, seat: int, params: dict[str, Any]) -> list[Event]:
    """Ambush: after losing a city this round, destroy another player's building (no epic)."""
    if _player(state, seat)["lost_city_round"] != state["round"]:
        raise RulesError("no_city_lost", N_("You have not lost a city this round."))
    key = params.get("building")
    if key is None or key in EPICS:
        raise BadValue("bad_building", N_("Choose another player's building (not an epic)."))
    b = _building(state, key)
    owner = _owner(state, b)
    if owner in (seat, None):
        raise BadValue("bad_building", N_("Choose another player's building (not an epic)."))
    if not b["done"]:
        _player(state, owner)["supply"] += b["workers"]
    state["buildings"].remove(b)
    return [{"type": "BuildingDestroyed", "building_t": ALL_BUILDINGS[key]["name"]}]


def _gen_all_in(state: State, seat: int, params: dict[str, Any]) -> list[Event]:
    """All In: buy up to 4 tactic cards at $1 each."""
    n = params.get("n") or 0
    if not 1 <= n <= 4:
        raise BadValue("bad_count", N_("Choose 1 to 4 cards."))
    _pay(state, seat, n)
    return [
        _draw_tactics(state, seat, n, GENERALS["cha"]["name"]),
        _money_event(seat, _name(state, seat), -n, GENERALS["cha"]["name"]),
    ]


def _gen_twin_hands(state: State, seat: int, params: dict[str, Any]) -> list[Event]:
    """Twin Hands: take $5 from every other player (as much as they have)."""
    events: list[Event] = []
    for other in _order(state):
        if other != seat:
            events += _take_money(state, other, seat, 5, GENERALS["huang"]["name"])
    return events


def _gen_counterattack(state: State, seat: int, params: dict[str, Any]) -> list[Event]:
    """Counterattack: a player who attacked you this round gives you all their tactic cards."""
    target = params.get("target")
    if target is None or target not in _player(state, seat)["attackers"]:
        raise BadValue("not_attacker", N_("That player has not attacked you this round."))
    victim = _player(state, target)
    n = victim["tactics"]
    victim["tactics"] = 0
    _player(state, seat)["tactics"] += n
    return [
        {
            "type": "CardsGiven",
            "seat": target,
            "name": _name(state, target),
            "n": n,
            "to_name": _name(state, seat),
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


# --------------------------------------------------------------------------- other seat actions


def act_altar(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The Altar: once a round, sacrifice 1 soldier for 2 food."""
    seat = _check_seat(actor)
    p = _player(state, seat)
    if not _works(state, seat, "altar") or p["altar_round"] == state["round"]:
        raise RulesError("no_altar", N_("You cannot use an Altar now."))
    if not _remove_soldiers(p, 1):
        raise BadValue("no_soldiers", N_("You have no soldier to sacrifice."))
    p["altar_round"] = state["round"]
    p["food"] += 2
    return [{"type": "AltarSacrifice", "seat": seat, "name": _name(state, seat)}]


def act_adjust_money(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct money by a delta: your own (or anyone's from the table when money is public)."""
    seat = params["seat"] if actor is None else actor
    if actor is None and not state["options"]["money_public"]:
        raise NotAllowed("private_money", N_("Money is private: only its owner can change it."))
    if seat is None:
        raise BadValue("choose_seat", N_("Choose a player."))
    p = _player(state, seat)
    if p["money"] + params["delta"] < 0:
        raise BadValue("not_enough_money", N_("You do not have enough money."))
    p["money"] += params["delta"]
    event = _money_event(seat, _name(state, seat), params["delta"], N_("a correction"))
    if state["options"]["money_public"]:
        event.pop("to")
    return [event]


def act_adjust_tactics(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct the number of tactic cards in your own hand (private)."""
    seat = _check_seat(actor)
    p = _player(state, seat)
    p["tactics"] = max(0, p["tactics"] + params["delta"])
    return [
        {
            "type": "TacticsCorrected",
            "seat": seat,
            "name": _name(state, seat),
            "n": p["tactics"],
            "to": [seat],
        }
    ]


# --------------------------------------------------------------------------- host corrections


def act_correct(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen corrects a public counter: a player's food or soldiers in hand."""
    _check_host(actor)
    p = _player(state, params["seat"])
    key = {"food": "food", "soldiers": "supply"}[params["what"]]
    if p[key] + params["delta"] < 0:
        raise BadValue("below_zero", N_("That would go below zero."))
    p[key] += params["delta"]
    return [
        {
            "type": "Corrected",
            "seat": params["seat"],
            "name": _name(state, params["seat"]),
            "what_t": RESOURCE_NAMES[params["what"]],
            "n": params["delta"],
        }
    ]


def act_set_soldiers(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen sets a player's soldiers at one location of the map."""
    _check_host(actor)
    if params["location"] not in _locations(state):
        raise BadValue("no_such_location", N_("There is no such place on this map."))
    _set_at(_player(state, params["seat"]), params["location"], params["n"])
    return [
        {
            "type": "MapCorrected",
            **_place_event(state, params["location"]),
            "name": _name(state, params["seat"]),
            "n": params["n"],
        }
    ]


def act_set_bandits(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen sets the bandits in a camp."""
    _check_host(actor)
    k = _camp_index(state, params["camp"])
    state["camps"][k]["bandits"] = params["n"]
    return [{"type": "BanditsCorrected", "camp": k + 1, "n": params["n"]}]


def act_set_city_owner(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen sets who owns a small city (-1 = nobody); main castles cannot move."""
    _check_host(actor)
    city = _city(state, params["city"])
    owner = params["owner"]
    if city["kind"] == "castle" or owner >= len(state["players"]):
        raise BadValue("bad_city", N_("Choose another player's small city or an unowned one."))
    city["owner"] = None if owner < 0 else owner
    return [
        {
            "type": "OwnerCorrected",
            **_place_event(state, params["city"]),
            "name": _name(state, city["owner"]),
        }
    ]


def act_set_vassal(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen says which two cities a vassal state lies between (the real map)."""
    _check_host(actor)
    a, b = params["city_a"], params["city_b"]
    _city(state, a)
    _city(state, b)
    if a == b:
        raise BadValue("same_city", N_("Choose two different cities."))
    state["vassals"][params["vassal"] - 1] = [a, b]
    return [{"type": "MapSet"}]


def act_set_camp_target(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """The table screen says which city a bandit camp raids (its nearest city)."""
    _check_host(actor)
    k = _camp_index(state, params["camp"])
    _city(state, params["city"])
    state["camps"][k]["target"] = params["city"]
    return [{"type": "MapSet"}]


def act_remove_building(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """The table screen removes a building from the map (a card effect done by hand)."""
    _check_host(actor)
    b = _building(state, params["building"])
    owner = _owner(state, b)
    if not b["done"] and owner is not None:
        _player(state, owner)["supply"] += b["workers"]
    state["buildings"].remove(b)
    return [{"type": "BuildingDestroyed", "building_t": ALL_BUILDINGS[b["key"]]["name"]}]


# --------------------------------------------------------------------------- end and scoring


def building_points(state: State, seat: int, b: dict[str, Any]) -> tuple[int, Text]:
    """Points of one completed building, with the variable epics' formulas."""
    key = b["key"]
    info = ALL_BUILDINGS[key]
    p = _player(state, seat)
    name = info["name"]
    if key == "granary":
        pts = half_down(p["food"])
        return pts, T("{building_t}: {food} food / 2 = {n}", building_t=name, food=p["food"], n=pts)
    formula = info.get("formula")
    extra, what = 0, ""
    if formula == "soldiers":
        extra, what = half_down(_soldiers(p)), N_("soldiers / 2")
    elif formula == "ordinary":
        extra = sum(1 for o in _owned(state, seat) if o["key"] in BUILDINGS)
        what = N_("ordinary buildings")
    elif formula == "territory":
        extra, what = 2 * len(_cities_of(state, seat)), N_("2 x cities")
    elif formula == "money":
        extra, what = p["money"] // 4, N_("money / 4")
    elif formula == "tactics":
        extra, what = p["tactics"], N_("tactic cards")
    elif formula == "builders":
        extra, what = b["builders"], N_("workers used")
    pts = info["points"] + extra
    if formula:
        return pts, T(
            "{building_t}: {base} + {extra} ({what_t}) = {n}",
            building_t=name,
            base=info["points"],
            extra=extra,
            what_t=what,
            n=pts,
        )
    return pts, T("{building_t}: {n}", building_t=name, n=pts)


def score(state: State, seat: int) -> tuple[int, list[Text]]:
    """A player's final score with its lines."""
    total = 0
    lines: list[Text] = []
    for b in _owned(state, seat):
        pts, line = building_points(state, seat, b)
        total += pts
        lines.append(line)
    end = state["end"] or {}
    if end.get("captor") == seat:
        total += CAPTOR_BONUS
        lines.append(T("Captured a main castle: +{n}", n=CAPTOR_BONUS))
    return total, lines


def result(state: State) -> dict[str, Any] | None:
    """The final ranking: score, then population, then money; a captured castle's owner is last."""
    if not state["over"]:
        return None
    end = state["end"]
    loser = end.get("loser")
    rows = []
    keys = {}
    for seat in range(len(state["players"])):
        total, lines = score(state, seat)
        pop = _population(state, seat)
        money = _player(state, seat)["money"]
        lines.append(T("Total {n}", n=total))
        lines.append(T("Tie-breaks: population {pop}, money ${money}", pop=pop, money=money))
        if seat == loser:
            lines.append(T("Lost the main castle: last place"))
        keys[seat] = (seat != loser, total, pop, money)
        rows.append(
            {
                "seat": seat,
                "label": T("{name}", name=_name(state, seat)),
                "score": total,
                "won": False,
                "lines": lines,
            }
        )
    best = max(keys.values())
    winners = [s for s in keys if keys[s] == best]
    for row in rows:
        row["won"] = row["seat"] in winners
    rows.sort(key=lambda r: keys[r["seat"]], reverse=True)
    reason = (
        T("A main castle was captured.")
        if end["reason"] == "castle"
        else T("The third Great Peace has ended the game.")
    )
    names = ", ".join(_name(state, s) for s in winners)
    headline = (
        T("{names} wins", names=names)
        if len(winners) == 1
        else T("Shared win: {names}", names=names)
    )
    return {"reason": reason, "headline": headline, "winners": winners, "rows": rows}


# --------------------------------------------------------------------------- allowed


SEALED_ACTIONS = {
    "setup": "choose_setup",
    "stance": "choose_stance",
    "bid": "bid",
    "deploy": "deploy",
    "orders": "choose_order",
}
HOST_ALWAYS = [
    "correct",
    "set_soldiers",
    "set_bandits",
    "set_city_owner",
    "set_vassal",
    "set_camp_target",
    "remove_building",
]


def allowed(state: State, actor: Actor) -> list[str]:
    """What this viewer may do now (the table screen is None)."""
    if state["over"]:
        return []
    return _host_allowed(state) if actor is None else _seat_allowed(state, actor)


def _host_allowed(state: State) -> list[str]:
    out = []
    if blocker(state) is None and state["phase"] >= 0:
        out.append("next")
    if state["phase"] == -1 and not any(state["sealed"]["submitted"]):
        out.append("set_start_player")
    if sealed.is_open(state) and any(state["sealed"]["locked"]):
        out.append("unlock")
    battle = _current(state)
    if battle is not None and state["step"] == "battles":
        if state["war"]["press"] is not None:
            out.append("press_on")
        elif not sealed.is_open(state):
            out.append("resolve_battle")
        if battle["kind"] == "field" and not battle.get("orders"):
            out.append("cancel_field_battle")
    if state["options"]["money_public"]:
        out.append("adjust_money")
    return out + HOST_ALWAYS


def _seat_allowed(state: State, seat: int) -> list[str]:
    out = []
    rnd = state.get("sealed")
    if rnd and seat in rnd["seats"] and not rnd["locked"][seat]:
        out.append(SEALED_ACTIONS[rnd["name"]])
        if rnd["submitted"][seat]:
            out.append("lock")
    if state["phase"] < 0:
        return out
    p = _player(state, seat)
    phase, step = state["phase"], state["step"]
    if phase == 3 and any(t["seat"] == seat and t["kind"] is None for t in state["tribute"]):
        out.append("take_tribute")
    if phase == 4 and step == "purchase":
        out += [
            a
            for a, flag in (
                ("buy_tactic", p["bought_tactic"]),
                ("buy_blueprint", p["bought_blueprint"]),
            )
            if not flag
        ]
    if phase == 4 and step == "build":
        out.append("assign_workers")
        if p["blueprints"]:
            out.append("start_building")
    if phase == 6:
        out.append("sell_food")
    if p["tactics"] > 0:
        out.append("play_tactic")
    if not p["general_used"]:
        out.append("use_general")
    if _in_current_battle(state, seat) and _advisor(state, seat, "yan"):
        out.append("twin_swallows")
    if _works(state, seat, "altar") and p["altar_round"] != state["round"]:
        out.append("altar_sacrifice")
    if p["magistrate"]:
        out.append("magistrate_camp")
    if state.get("war") and state["war"].get("press") == seat:
        out.append("press_on")
    return out + ["adjust_money", "adjust_tactics"]


def _in_current_battle(state: State, seat: int) -> bool:
    try:
        _my_battle(state, seat)
    except RulesError:
        return False
    return True


# --------------------------------------------------------------------------- view


def _phase_name(state: State) -> str:
    if state["over"]:
        return N_("Game over")
    if state["phase"] < 0:
        return N_("Setup")
    return PHASES[state["phase"]]


TODO: dict[str, str] = {
    "setup": N_("Each player keeps one Advisor and one General and splits their resources."),
    "0": N_("Bandit camps refill. Tap to draw the event."),
    "1": N_("The event for this round is drawn. Tap to choose War or Peace."),
    "2": N_("Everyone chooses War or Peace in secret."),
    "3": N_("Production is counted; players receiving tribute choose its kind."),
    "purchase": N_("Buy a tactic card and a blueprint (one each at most)."),
    "auction": N_("Bid for the epic blueprint in secret (0 = pass)."),
    "build": N_("Place workers, start buildings from your blueprints."),
    "payments": N_("Foremen moved and were paid. Tap to go to war."),
    "deploy": N_("Everyone deploys all their soldiers in secret."),
    "battles": N_("Resolve each battle: play cards, then tap Resolve."),
    "after": N_("All battles are over. Tap to go to the food phase."),
    "6": N_("Upkeep is paid; say how much food you sell, then tap to end the round."),
}


def _todo(state: State) -> str:
    if state["phase"] < 0:
        return TODO["setup"]
    return TODO.get(state["step"]) or TODO.get(str(state["phase"]), "")


# The steps inside the construction and war phases, in order (for the phase strip).
STEPS: dict[int, tuple[tuple[str, str], ...]] = {
    4: (
        ("purchase", N_("Purchases")),
        ("auction", N_("Epic auction")),
        ("build", N_("Workers and building")),
        ("payments", N_("Foremen and payments")),
    ),
    5: (
        ("deploy", N_("Deployment")),
        ("battles", N_("Battle resolution")),
        ("after", N_("After the battles")),
    ),
}

# The optional parameters of play_tactic / use_general each card or General uses, so that a
# phone can say what to choose with it.
CARD_NEEDS: dict[str, tuple[str, ...]] = {
    "pilfer_goat": ("target",),
    "borrowed_knife": ("camp", "city"),
    "besiege_wei": ("target",),
    "borrow_road": ("city",),
    "loot_fire": ("target",),
    "swap_beams": ("target",),
    "remove_firewood": ("building",),
    "beauty_trap": ("target",),
    "stars_move": ("building", "building2"),
    "pickpocket": ("target",),
    "depression": ("target",),
    "leaderless": ("target",),
    "downpour": ("target",),
    "white_colt": ("building",),
    "feint": ("source", "city", "camp"),
    "trim_sails": ("order",),
    "hold_pass": ("target",),
    "cut_supplies": ("target",),
}
GENERAL_NEEDS: dict[str, tuple[str, ...]] = {
    "mao": ("target",),
    "ling": ("building",),
    "cha": ("n",),
    "sparta": ("target",),
    "zhi": ("camp",),
}


def _steps(state: State) -> list[dict[str, Any]]:
    """The current phase's steps; the auction step only in rounds that have one."""
    return [
        {"key": key, "name": name, "current": key == state["step"]}
        for key, name in STEPS.get(state["phase"], ())
        if key != "auction" or state["step"] == "auction" or _auction_due(state)
    ]


def playable_cards(state: State, seat: int) -> list[dict[str, Any]]:
    """The tactic cards ``seat`` could play now (the app does not know which ones they hold):
    battle cards only while the seat is in the current battle, the Borrowed Knife during the
    battles, Feint only before the first battle is fought.

    >>> [c["key"] for c in playable_cards({"phase": -1}, 0)]
    []
    """
    if state["phase"] < 0:
        return []
    war = state.get("war") or {}
    in_battle = _in_current_battle(state, seat)
    battles = state["phase"] == 5 and state["step"] in ("battles", "after")
    before_fighting = (
        state["phase"] == 5
        and state["step"] == "battles"
        and not any(b.get("done") for b in war.get("queue", []))
    )
    out = []
    for key, info in TACTICS.items():
        when = info["when"]
        if when == "battle" and not in_battle:
            continue
        if when == "battles" and not battles:
            continue
        if key == "feint" and not before_fighting:
            continue
        out.append(
            {
                "key": key,
                "name_t": info["name"],
                "battle": when == "battle",
                "needs": list(CARD_NEEDS.get(key, ())),
            }
        )
    return out


def deploy_plan(state: State, seat: int) -> dict[str, Any] | None:
    """The phone's deployment editor while ``seat`` deploys: the draft (the choice it
    submitted, else every soldier in its main castle) and, for every other place it may send
    soldiers, the whole ``counts`` list for each number it may put there (the main castle
    keeps the rest). A phone then posts one ready-made list per tap."""
    rnd = state.get("sealed")
    if not rnd or rnd["name"] != "deploy" or seat not in rnd["seats"]:
        return None
    locs = _locations(state)
    home = _home(seat)
    targets = deploy_targets(state, seat)
    if home not in targets:
        return None
    h = locs.index(home)
    supply = _player(state, seat)["supply"]
    draft = list(rnd["choices"][seat] or [supply if loc == home else 0 for loc in locs])
    rows = []
    for loc in targets:
        if loc == home:
            continue
        i = locs.index(loc)
        pool = draft[h] + draft[i]
        options = []
        for n in range(pool + 1):
            counts = list(draft)
            counts[i], counts[h] = n, pool - n
            options.append({"n": n, "counts": ",".join(str(c) for c in counts)})
        rows.append({"loc": loc, "label": _loc_label(state, loc), "options": options})
    return {
        "home": home,
        "supply": supply,
        "draft": [
            {"loc": loc, "label": _loc_label(state, loc), "n": n}
            for loc, n in zip(locs, draft, strict=True)
            if n
        ],
        "all_home": ",".join(str(supply if loc == home else 0) for loc in locs),
        "rows": rows,
    }


def _player_view(state: State, seat: int, public_money: bool) -> dict[str, Any]:
    p = _player(state, seat)
    row: dict[str, Any] = {
        "seat": seat,
        "name": _name(state, seat),
        "start": seat == state["start"],
        "advisor": p["advisor"],
        "advisor_t": ADVISORS[p["advisor"]]["name"] if p["advisor"] else None,
        "advisor_ability_t": ADVISORS[p["advisor"]]["ability"] if p["advisor"] else None,
        "advisor_active": bool(p["advisor"]) and _advisor(state, seat, p["advisor"]),
        "general_t": GENERALS[p["general"]]["name"] if p["general_used"] else None,
        "stance": p["stance"],
        "food": p["food"],
        "soldiers": _soldiers(p),
        "in_hand": p["supply"],
        "at": [{"loc": loc, "label": _loc_label(state, loc), "n": n} for loc, n in p["at"].items()],
        "workers": dict(
            p["facility"], buildings=sum(b["workers"] for b in _owned(state, seat, None))
        ),
        "population": _population(state, seat),
        "cities": _cities_of(state, seat),
        "selling": state["sales"][seat] if state["phase"] == 6 else 0,
    }
    if public_money:
        row["money"] = p["money"]
    return row


def _building_view(state: State, b: dict[str, Any]) -> dict[str, Any]:
    info = ALL_BUILDINGS[b["key"]]
    owner = _owner(state, b)
    row = {
        "key": b["key"],
        "name_t": info["name"],
        "effect_t": info["effect"],
        "epic": b["key"] in EPICS,
        "city": b["city"],
        "owner": owner,
        "done": b["done"],
        "progress": b["progress"],
        "rounds": len(info["costs"]),
        "workers": b["workers"],
    }
    if not b["done"] and owner is not None:
        row["next_cost"] = construction_cost(state, owner, b)
    return row


def _battle_view(state: State, battle: dict[str, Any], current: bool) -> dict[str, Any]:
    row: dict[str, Any] = {
        "kind": battle["kind"],
        "where": _loc_label(state, battle["loc"])
        if battle["kind"] != "field"
        else T("Field battle"),
        "done": bool(battle.get("done")),
        "skipped": bool(battle.get("skipped")),
        "cards": [
            {
                "name": _name(state, m["seat"]),
                "card_t": (TACTICS.get(m["card"]) or GENERALS[m["card"]])["name"],
            }
            for m in battle["mods"]
        ],
        "orders_t": [ORDER_NAMES[o] for o in battle["orders"]] if battle.get("orders") else None,
        "lines": battle["lines"],
    }
    if battle["kind"] == "field":
        row["sides"] = [_name(state, s) for s in battle["sides"]]
    if current and not battle.get("done"):
        row["forces"] = [
            {
                "seat": f["seat"],
                "who": _name(state, f["seat"]) if f["seat"] is not None else None,
                "role": f["role"],
                "soldiers": f["n"],
                "cp": f["cp"],
                "lines": f["lines"],
            }
            for f in preview(state, battle)
        ]
    return row


def view(state: State, viewer: Actor) -> dict[str, Any]:
    """What ``viewer`` may see: the public table plus, for a seat, its private ``me``."""
    opts = state["options"]
    public_money = opts["money_public"] or state["over"]
    war = state.get("war")
    auction = state["auction"]
    out: dict[str, Any] = {
        "players": [_player_view(state, s, public_money) for s in range(len(state["players"]))],
        "turn": None,
        "round": state["round"] or None,
        "phase": _phase_name(state),
        "over": state["over"],
        "start": state["start"],
        "phase_no": state["phase"],
        "phases": [
            {"n": n, "name": name, "current": n == state["phase"] and not state["over"]}
            for n, name in enumerate(PHASES)
        ],
        "steps": _steps(state),
        "step": state["step"],
        "todo": _todo(state),
        "blocker": blocker(state),
        "computed": state["computed"],
        "event": {
            "current": state["event"]["current"],
            "name_t": EVENTS[state["event"]["current"]]["name"]
            if state["event"]["current"]
            else None,
            "effect_t": EVENTS[state["event"]["current"]]["effect"]
            if state["event"]["current"]
            else None,
            "deck_left": len(state["event"]["deck"]),
            "used": list(state["event"]["used"]),
            "used_t": [EVENTS[k]["name"] for k in state["event"]["used"]],
            "great_peace": state["event"]["great_peace"],
            "last_round": state["last_round"],
        },
        "prices": [
            {"n": k, "price": food_price(k), "revenue": k * food_price(k)}
            for k in range(1, len(FOOD_PRICES) + 1)
        ],
        "price_bonus": 2 if state["event"]["current"] == "ships" else 0,
        "sealed": sealed.public_view(state),
        "auction": {
            "epic": auction["epic"],
            "epic_t": EPICS[auction["epic"]]["name"] if auction["epic"] else None,
            "rebid": auction["rebid"],
            "bids": auction["bids"]
            if not sealed.is_open(state, "bid") or auction["rebid"]
            else None,
            "result": dict(auction["result"], epic_t=EPICS[auction["result"]["epic"]]["name"])
            if auction["result"] and auction["result"].get("epic")
            else auction["result"],
            "epics_left": len(state["epic_deck"]),
            "due": state["round"] >= opts["auction_from"],
        },
        "map": {
            "locations": [
                {"loc": loc, "label": _loc_label(state, loc)} for loc in _locations(state)
            ],
            "labels": {loc: _loc_label(state, loc) for loc in _locations(state)},
            "cities": [
                {
                    "loc": c["id"],
                    "label": _loc_label(state, c["id"]),
                    "kind": c["kind"],
                    "owner": c["owner"],
                    "defence": city_defence(state, c["id"]),
                    "defenders": _defenders(state, c["id"]),
                }
                for c in state["cities"]
            ],
            "camps": [
                {"loc": f"camp-{k}", "bandits": c["bandits"], "target": c["target"]}
                for k, c in enumerate(state["camps"])
            ],
            "vassals": [
                {"vassal": v + 1, "cities": list(pair)} for v, pair in enumerate(state["vassals"])
            ],
        },
        "tribute": [
            {"vassal": t["vassal"] + 1, "seat": t["seat"], "amount": t["amount"], "kind": t["kind"]}
            for t in state["tribute"]
        ],
        "buildings": [_building_view(state, b) for b in state["buildings"]],
        "blueprints_left": len(state["blueprint_deck"]),
        "epic_blueprints": [
            {"seat": s, "epic_t": EPICS[k]["name"]}
            for s in range(len(state["players"]))
            for k in _player(state, s)["blueprints"]
            if k in EPICS
        ],
        "battles": [_battle_view(state, b, war["current"] == i) for i, b in enumerate(war["queue"])]
        if war
        else [],
        "press_on": war["press"] if war else None,
        "effects": [
            {
                "card_t": TACTICS[e["card"]]["name"],
                "seat": e["seat"],
                "first": e["first"],
                "last": e["last"],
            }
            for e in state["effects"]
            if e["last"] >= state["round"]
        ],
        "discards": len(state["played"]),
        "options": dict(opts),
    }
    if state["over"]:
        out["final"] = [
            {
                "seat": s,
                "general_t": GENERALS[_player(state, s)["general"]]["name"]
                if _player(state, s)["general"]
                else None,
                "tactics": _player(state, s)["tactics"],
            }
            for s in range(len(state["players"]))
        ]
    if viewer is not None:
        out["me"] = _me(state, viewer)
        out["sealed"] = sealed.seat_view(state, viewer)
    return out


def _me(state: State, seat: int) -> dict[str, Any]:
    p = _player(state, seat)
    general = p["general"]
    me: dict[str, Any] = {
        "seat": seat,
        "money": p["money"],
        "tactics": p["tactics"],
        "tactic_price": tactic_price(state, seat),
        "blueprint_price": BLUEPRINT_PRICE,
        "blueprints": [
            {
                "key": k,
                "name_t": ALL_BUILDINGS[k]["name"],
                "workers": ALL_BUILDINGS[k]["workers"],
                "costs": ALL_BUILDINGS[k]["costs"],
            }
            for k in p["blueprints"]
        ],
        "general": general,
        "general_t": GENERALS[general]["name"] if general else None,
        "general_ability_t": GENERALS[general]["ability"] if general else None,
        "general_used": p["general_used"],
        "money_lines": state["private_lines"][seat],
        "deploy_targets": deploy_targets(state, seat) if state["phase"] >= 0 else [],
        "deploy": deploy_plan(state, seat),
        "cards": playable_cards(state, seat) if p["tactics"] > 0 else [],
        "general_needs": list(GENERAL_NEEDS.get(general, ()))
        if general and not p["general_used"]
        else [],
        "magistrate": p["magistrate"],
    }
    if state["phase"] < 0:
        offer = state["offers"][seat]
        me["offer"] = {
            "advisors": [
                {
                    "key": k,
                    "name_t": ADVISORS[k]["name"],
                    "ability_t": ADVISORS[k]["ability"],
                    "cards": ADVISORS[k]["cards"],
                }
                for k in offer["advisors"]
            ],
            "generals": [
                {"key": k, "name_t": GENERALS[k]["name"], "ability_t": GENERALS[k]["ability"]}
                for k in offer["generals"]
            ],
            "allowance": allowance(state, seat),
        }
    if state["phase"] == 6:
        me["sale_preview"] = next(r for r in sales_revenue(state) if r["seat"] == seat)
    return me


# --------------------------------------------------------------------------- describe


BATTLE_AT = (
    N_("Battle at {owner}'s main castle"),
    N_("Battle at the city by {owner}"),
    N_("Battle at the central city"),
    N_("Battle at bandit camp {n}"),
)
CAPTURES = (
    N_("{name} captures {owner}'s main castle"),
    N_("{name} captures the city by {owner}"),
    N_("{name} captures the central city"),
    N_("{name} captures bandit camp {n}"),
)


def _at_place(msgids: tuple[str, ...], e: Event) -> Text:
    loc = e["loc"]
    return T(
        msgids[_place_index(loc)], name=e.get("name", ""), owner=e["loc_name"], n=_camp_number(loc)
    )


def describe(event: Event) -> Text:
    """The history line of an event (names travel inside the event)."""
    kind = event["type"]
    if kind in ("SealedLocked", "SealedUnlocked"):
        names = [""] * (event["seat"] + 1)
        names[event["seat"]] = event.get("name", "")
        line = sealed.describe(event, names)
    else:
        line = sealed.describe(event, [])
    if line is not None:
        return line
    if kind in DESCRIBERS:
        return DESCRIBERS[kind](event)
    return T("Something happened")


DESCRIBERS: dict[str, Any] = {
    "PhaseStarted": lambda e: T("Round {round}: {phase_t}", round=e["round"], phase_t=e["phase_t"]),
    "SetupRevealed": lambda e: T(
        "{name} keeps {advisor_t} and takes {soldiers} soldiers and {food} food",
        name=e["name"],
        advisor_t=e["advisor_t"],
        soldiers=e["soldiers"],
        food=e["food"],
    ),
    "TacticsDrawn": lambda e: T(
        "{name} draws {n} tactic cards ({why_t})", name=e["name"], n=e["n"], why_t=e["why_t"]
    ),
    "MoneyChanged": lambda e: T(
        "{name}: money changes by {n} ({why_t})", name=e["name"], n=e["n"], why_t=e["why_t"]
    ),
    "MoneyTaken": lambda e: T(
        "{name} counts the money taken from {victim_name}",
        name=e["name"],
        victim_name=e["victim_name"],
    ),
    "EventDrawn": lambda e: T("Event: {event_t}", event_t=e["event_t"]),
    "LastRound": lambda e: T("The 3rd Great Peace: the game ends after this round."),
    "SoldiersLost": lambda e: T("{name} loses {n} soldiers", name=e["name"], n=e["n"]),
    "StanceRevealed": lambda e: T(
        "{name} chooses {stance_t}", name=e["name"], stance_t=e["stance_t"]
    ),
    "Produced": lambda e: T(
        "{name}: +{food} food, +{soldiers} soldiers",
        name=e["name"],
        food=e["food"],
        soldiers=e["soldiers"],
    ),
    "TributeDue": lambda e: T("{name} receives {n} tribute", name=e["name"], n=e["n"]),
    "TributeTaken": lambda e: T(
        "{name} takes {n} {kind_t} as tribute", name=e["name"], n=e["n"], kind_t=e["kind_t"]
    ),
    "BlueprintBought": lambda e: T("{name} buys a blueprint", name=e["name"]),
    "BlueprintDrawn": lambda e: T(
        "{name} draws the blueprint {building_t}", name=e["name"], building_t=e["building_t"]
    ),
    "BuildingStarted": lambda e: T(
        "{name} starts the {building_t} with {workers} workers",
        name=e["name"],
        building_t=e["building_t"],
        workers=e["workers"],
    ),
    "WorkersAssigned": lambda e: T(
        "{name}: workers on mine {mine}, farm {farm}, barracks {barracks}",
        name=e["name"],
        mine=e["mine"],
        farm=e["farm"],
        barracks=e["barracks"],
    ),
    "ForemanStuck": lambda e: T(
        "{name}: the {building_t} foreman does not move", name=e["name"], building_t=e["building_t"]
    ),
    "BuildingCompleted": lambda e: T(
        "{name} completes the {building_t}", name=e["name"], building_t=e["building_t"]
    ),
    "BanditsDefeated": lambda e: T(
        "{name} defeats the bandits of camp {camp}", name=e["name"], camp=e["camp"]
    ),
    "EpicTurnedUp": lambda e: T("Epic auction: {building_t}", building_t=e["building_t"]),
    "BidsRevealed": lambda e: T(
        "Bids: {list}",
        list=", ".join(
            f"{n} ${b}" for n, b in zip(e["names"], e["bids"], strict=True) if b is not None
        ),
    ),
    "EpicUnsold": lambda e: T("Nobody bid: the {building_t} stays up", building_t=e["building_t"]),
    "EpicWon": lambda e: T(
        "{name} wins the {building_t} for ${n}",
        name=e["name"],
        building_t=e["building_t"],
        n=e["n"],
    ),
    "SoldiersRecalled": lambda e: T("{name} takes back {n} soldiers", name=e["name"], n=e["n"]),
    "Deployed": lambda e: T(
        "{name} deployed {n} soldiers", name=e["name"], n=sum(e["placed"].values())
    ),
    "OrdersRevealed": lambda e: T(
        "Orders: {a} {a_t}, {b} {b_t}",
        a=e["names"][0],
        a_t=e["orders_t"][0],
        b=e["names"][1],
        b_t=e["orders_t"][1],
    ),
    "BattleResolved": lambda e: _at_place(BATTLE_AT, e),
    "FieldBattleResolved": lambda e: T("Field battle between {a} and {b}", a=e["a"], b=e["b"]),
    "CityCaptured": lambda e: _at_place(CAPTURES, e),
    "GameEnded": lambda e: T("Game over: {reason_t}", reason_t=e["reason_t"]),
    "PressOn": lambda e: (
        T("{name} attacks the city", name=e["name"])
        if e["go"]
        else T("{name} goes home", name=e["name"])
    ),
    "FieldBattleCancelled": lambda e: T("The forces do not meet on the plain"),
    "SoldiersMoved": lambda e: T(
        "{name} moves {n} soldiers into the battle", name=e["name"], n=e["n"]
    ),
    "SoldiersStarved": lambda e: T(
        "{name} discards {n} soldiers for lack of food", name=e["name"], n=e["n"]
    ),
    "FoodOffered": lambda e: T("{name} will sell {n} food", name=e["name"], n=e["n"]),
    "FoodSold": lambda e: T(
        "{name} sells {n} food for ${money}", name=e["name"], n=e["n"], money=e["money"]
    ),
    "StartPassed": lambda e: T("{name} is the start player", name=e["name"]),
    "TacticPlayed": lambda e: T("{name} plays {card_t}", name=e["name"], card_t=e["card_t"]),
    "CardTaken": lambda e: T(
        "{name} takes {what_t} from {victim_name}",
        name=e["name"],
        what_t=e["what_t"],
        victim_name=e["victim_name"],
    ),
    "NothingToTake": lambda e: T("{name} finds nothing to take", name=e["name"]),
    "BuildingDestroyed": lambda e: T("The {building_t} is destroyed", building_t=e["building_t"]),
    "BuildingsSwapped": lambda e: T(
        "The {a_t} and the {b_t} change places", a_t=e["a_t"], b_t=e["b_t"]
    ),
    "TacticCancelled": lambda e: T("{card_t} is cancelled", card_t=e["card_t"]),
    "ForceMoved": lambda e: T("{name} moves a force of {n}", name=e["name"], n=e["n"]),
    "GeneralUsed": lambda e: T(
        "{name} reveals the General {general_t}", name=e["name"], general_t=e["general_t"]
    ),
    "SoldiersHealed": lambda e: T("{name} gets back {n} soldiers", name=e["name"], n=e["n"]),
    "CardsGiven": lambda e: T(
        "{name} gives {n} tactic cards to {to_name}", name=e["name"], n=e["n"], to_name=e["to_name"]
    ),
    "AltarSacrifice": lambda e: T(
        "{name} sacrifices a soldier at the Altar for 2 food", name=e["name"]
    ),
    "TacticsCorrected": lambda e: T("{name} now holds {n} tactic cards", name=e["name"], n=e["n"]),
    "Corrected": lambda e: T(
        "Correction: {name} {what_t} changes by {n}", name=e["name"], what_t=e["what_t"], n=e["n"]
    ),
    "MapCorrected": lambda e: T(
        "Correction: {name} has {n} soldiers at a place", name=e["name"], n=e["n"]
    ),
    "BanditsCorrected": lambda e: T(
        "Correction: bandit camp {camp} has {n} bandits", camp=e["camp"], n=e["n"]
    ),
    "OwnerCorrected": lambda e: T("Correction: a city now belongs to {name}", name=e["name"]),
    "MapSet": lambda e: T("The map was set up"),
}


# --------------------------------------------------------------------------- actions


def _a(type_: str, fn: Any, label: str, doc: str, *params: Param) -> Action:
    return Action(type=type_, fn=fn, params=tuple(params), label=label, doc=doc)


CITY = Param("city", "choice", choices=CITY_IDS, optional=True, label=N_("City"))
CAMP = Param(
    "camp",
    "choice",
    choices=LOCATION_IDS[2 * MAX_PLAYERS + 1 :],
    optional=True,
    label=N_("Bandit camp"),
)
TARGET = Param("target", "seat", optional=True, label=N_("Player"))

ACTIONS: dict[str, Action] = {
    a.type: a
    for a in (
        _a(
            "choose_setup",
            act_choose_setup,
            N_("Choose"),
            "Setup: keep an Advisor and a General "
            "(0 or 1) and split the resources (money = the rest).",
            Param("advisor", "int", min=0, max=1, label=N_("Advisor")),
            Param("general", "int", min=0, max=1, label=N_("General")),
            Param("soldiers", "int", min=0, max=20, label=N_("Soldiers")),
            Param("food", "int", min=0, max=20, label=N_("Food")),
        ),
        _a(
            "choose_stance",
            act_choose_stance,
            N_("Choose"),
            "Phase 2: War or Peace (secret).",
            Param("stance", "choice", choices=STANCES, label=N_("War or Peace")),
        ),
        _a(
            "bid",
            act_bid,
            N_("Bid"),
            "Epic auction: a secret bid (0 = pass).",
            Param("amount", "int", min=0, max=999, label=N_("Bid")),
        ),
        _a(
            "deploy",
            act_deploy,
            N_("Deploy"),
            "Phase 5: soldiers per location (map order).",
            Param("counts", "ints", min=0, max=200, max_len=64, label=N_("Soldiers")),
        ),
        _a(
            "choose_order",
            act_choose_order,
            N_("Choose"),
            "Field battle order (secret).",
            Param("order", "choice", choices=ORDERS, label=N_("Order")),
        ),
        _a("lock", act_lock, N_("Lock in"), "Lock your secret choice."),
        _a(
            "unlock",
            act_unlock,
            N_("Unlock"),
            "Host: let a seat change its locked choice.",
            Param("seat", "seat", label=N_("Player")),
        ),
        _a("next", act_next, N_("Next"), "Host: move on to the next step or phase."),
        _a(
            "set_start_player",
            act_set_start_player,
            N_("Start player"),
            "Host, setup only: who starts (re-deals the offers).",
            Param("seat", "seat", label=N_("Player")),
        ),
        _a(
            "take_tribute",
            act_take_tribute,
            N_("Take tribute"),
            "Phase 3: the resource of a tribute you receive.",
            Param("vassal", "int", min=1, max=3, label=N_("Vassal")),
            Param("kind", "choice", choices=RESOURCES, label=N_("Resource")),
        ),
        _a("buy_tactic", act_buy_tactic, N_("Buy a tactic card"), "Phase 4: $3 (or $2)."),
        _a(
            "buy_blueprint",
            act_buy_blueprint,
            N_("Buy a blueprint"),
            "Phase 4: $4; the app draws it.",
        ),
        _a(
            "start_building",
            act_start_building,
            N_("Start building"),
            "Phase 4: start a blueprint in your city.",
            Param("building", "choice", choices=BUILDING_KEYS, label=N_("Building")),
            CITY,
            Param("workers", "int", min=1, max=40, optional=True, label=N_("Workers")),
        ),
        _a(
            "assign_workers",
            act_assign_workers,
            N_("Workers"),
            "Phase 4: workers on mine, farm, barracks.",
            Param("mine", "int", min=0, max=40, label=N_("Mine")),
            Param("farm", "int", min=0, max=40, label=N_("Farm")),
            Param("barracks", "int", min=0, max=40, label=N_("Barracks")),
        ),
        _a(
            "magistrate_camp",
            act_magistrate,
            N_("Defeat bandits"),
            "A completed Magistrate defeats one camp.",
            Param(
                "camp",
                "choice",
                choices=LOCATION_IDS[2 * MAX_PLAYERS + 1 :],
                label=N_("Bandit camp"),
            ),
        ),
        _a(
            "resolve_battle", act_resolve_battle, N_("Resolve"), "Host: resolve the current battle."
        ),
        _a(
            "press_on",
            act_press_on,
            N_("Go on"),
            "Field battle winner: attack the city or not.",
            Param("go", "bool", label=N_("Attack the city")),
        ),
        _a(
            "cancel_field_battle",
            act_cancel_field_battle,
            N_("Not adjacent"),
            "Host: the two forces do not meet (cities not adjacent).",
        ),
        _a(
            "twin_swallows",
            act_twin_swallows,
            N_("Twin Swallows"),
            "Advisor Yan Qing: move 1-2 soldiers into the battle at $1 each.",
            Param("source", "choice", choices=LOCATION_IDS, label=N_("From")),
            Param("n", "int", min=1, max=2, label=N_("Soldiers")),
        ),
        _a(
            "sell_food",
            act_sell_food,
            N_("Sell food"),
            "Phase 6: food to sell (settled on Next).",
            Param("n", "int", min=0, max=200, label=N_("Food")),
        ),
        _a(
            "play_tactic",
            act_play_tactic,
            N_("Play a tactic card"),
            "Play a tactic card (params as the card needs).",
            Param("card", "choice", choices=TACTIC_KEYS, label=N_("Card")),
            TARGET,
            CITY,
            CAMP,
            Param("building", "choice", choices=BUILDING_KEYS, optional=True, label=N_("Building")),
            Param(
                "building2",
                "choice",
                choices=BUILDING_KEYS,
                optional=True,
                label=N_("Other building"),
            ),
            Param("source", "choice", choices=LOCATION_IDS, optional=True, label=N_("From")),
            Param("order", "choice", choices=ORDERS, optional=True, label=N_("Order")),
        ),
        _a(
            "use_general",
            act_use_general,
            N_("Use your General"),
            "Reveal and use your General (params as it needs).",
            TARGET,
            CAMP,
            Param("building", "choice", choices=BUILDING_KEYS, optional=True, label=N_("Building")),
            Param("n", "int", min=1, max=4, optional=True, label=N_("Cards")),
        ),
        _a("altar_sacrifice", act_altar, N_("Altar"), "Once a round: 1 soldier for 2 food."),
        _a(
            "adjust_money",
            act_adjust_money,
            N_("Correct money"),
            "Your own money (host: anyone's when money is public).",
            Param("delta", "int", min=-99, max=99, label=N_("Change")),
            Param("seat", "seat", optional=True, label=N_("Player")),
        ),
        _a(
            "adjust_tactics",
            act_adjust_tactics,
            N_("Correct tactic cards"),
            "Your own tactic card count.",
            Param("delta", "int", min=-36, max=36, label=N_("Change")),
        ),
        _a(
            "correct",
            act_correct,
            N_("Correct"),
            "Host: a player's food or soldiers in hand.",
            Param("seat", "seat", label=N_("Player")),
            Param("what", "choice", choices=("food", "soldiers"), label=N_("What")),
            Param("delta", "int", min=-99, max=99, label=N_("Change")),
        ),
        _a(
            "set_soldiers",
            act_set_soldiers,
            N_("Set soldiers"),
            "Host: a player's soldiers at a location.",
            Param("seat", "seat", label=N_("Player")),
            Param("location", "choice", choices=LOCATION_IDS, label=N_("Location")),
            Param("n", "int", min=0, max=200, label=N_("Soldiers")),
        ),
        _a(
            "set_bandits",
            act_set_bandits,
            N_("Set bandits"),
            "Host: bandits in a camp.",
            Param(
                "camp",
                "choice",
                choices=LOCATION_IDS[2 * MAX_PLAYERS + 1 :],
                label=N_("Bandit camp"),
            ),
            Param("n", "int", min=0, max=50, label=N_("Bandits")),
        ),
        _a(
            "set_city_owner",
            act_set_city_owner,
            N_("Set owner"),
            "Host: a small city's owner (-1 = nobody).",
            Param("city", "choice", choices=CITY_IDS, label=N_("City")),
            Param("owner", "int", min=-1, max=MAX_PLAYERS - 1, label=N_("Player")),
        ),
        _a(
            "set_vassal",
            act_set_vassal,
            N_("Set vassal"),
            "Host: the two cities next to a vassal state.",
            Param("vassal", "int", min=1, max=3, label=N_("Vassal")),
            Param("city_a", "choice", choices=CITY_IDS, label=N_("City")),
            Param("city_b", "choice", choices=CITY_IDS, label=N_("City")),
        ),
        _a(
            "set_camp_target",
            act_set_camp_target,
            N_("Set raid target"),
            "Host: the city a bandit camp raids.",
            Param(
                "camp",
                "choice",
                choices=LOCATION_IDS[2 * MAX_PLAYERS + 1 :],
                label=N_("Bandit camp"),
            ),
            Param("city", "choice", choices=CITY_IDS, label=N_("City")),
        ),
        _a(
            "remove_building",
            act_remove_building,
            N_("Remove building"),
            "Host: take a building off the map.",
            Param("building", "choice", choices=BUILDING_KEYS, label=N_("Building")),
        ),
    )
}

# Corrections of the board, not moves of play: the platform asks the host to confirm one that
# would end the game or reveal something.
for _type in (
    "adjust_money",
    "adjust_tactics",
    "correct",
    "remove_building",
    "set_bandits",
    "set_city_owner",
    "set_soldiers",
    "set_start_player",
    "set_vassal",
):
    ACTIONS[_type] = Action(**{**vars(ACTIONS[_type]), "correction": True})


GAME = Game(
    id=GAME_ID,
    name=N_("The Art of War"),
    min_players=2,
    max_players=MAX_PLAYERS,
    setup=setup,
    actions=ACTIONS,
    allowed=allowed,
    view=view,
    result=result,
    # The history line of an event (the game still reads names from its events).
    describe=lambda event, players=(): describe(event),
    options=OPTIONS,
    # The sealed rounds' reveals (setup, stance, bids, deployment, orders) are barriers by
    # themselves. These show a card turned up from a face-down deck, or one seat's hidden
    # money, hand or General to another seat (digest: the taker sees what it takes).
    reveals={
        "EventDrawn": N_("the event card turned face up"),
        "EpicTurnedUp": N_("the epic blueprint turned face up"),
        "BlueprintDrawn": N_("the blueprint drawn from the deck"),
        "GeneralUsed": N_("a General turned face up"),
        "MoneyTaken": N_("the money taken from another player"),
        "CardTaken": N_("the card taken from another player's hand"),
        "NothingToTake": N_("another player's empty hand"),
        "CardsGiven": N_("the tactic cards handed over"),
        "ForemanStuck": N_("a foreman its owner could not pay"),
    },
    private=("money", "tactic cards", "General", "secret choices"),
    sealed=True,
)
