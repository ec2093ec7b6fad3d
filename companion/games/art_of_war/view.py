"""What each viewer of The Art of War sees: the table's public view (phases, the event, the
market's prices, the auction, the map, the buildings, the battles) and, on a phone, that
seat's own ``me`` (see ``phone``). Money is shown only on its owner's phone, unless the table
made it public (and at the end).
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, State, T, sealed
from .auction import auction_due
from .board import (
    advisor,
    cities_of,
    defenders,
    loc_label,
    locations,
    name,
    order,
    owned,
    owner,
    player,
    population,
    soldiers,
)
from .combat import city_defence, preview
from .construction import construction_cost
from .data import (
    ADVISORS,
    ALL_BUILDINGS,
    EPICS,
    EVENTS,
    FOOD_PRICES,
    GENERALS,
    ORDER_NAMES,
    TACTICS,
)
from .flow import PHASES, STEPS, blocker, in_round
from .food import food_price
from .phone import me
from .ready import done_seats, moment, waiting_for
from .scoring import over, running_score
from .setup import allowance

# Phase 6: upkeep is paid, then each player says how much food they sell.
FOOD_PHASE = PHASES.order.index("food")

TODO: dict[str, str] = {
    "setup": N_("Each player keeps one Advisor and one General and splits their resources."),
    "0": N_("Bandit camps refill. Tap to draw the event."),
    "1": N_("The event for this round is drawn. Tap to choose War or Peace."),
    "2": N_("Everyone chooses War or Peace in secret."),
    "3": N_("Production is counted; players receiving tribute choose its kind."),
    "purchase": N_("Buy a tactic card and a blueprint (one each at most), then tap Done."),
    "auction": N_("Bid for the epic blueprint in secret (0 = pass)."),
    "build": N_("Place workers, start buildings from your blueprints, then tap Done."),
    "payments": N_("Foremen moved and were paid. Everyone taps Done to go to war."),
    "deploy": N_("Everyone deploys all their soldiers in secret."),
    "battles": N_(
        "Each battle is fought when everyone in it has played their cards and tapped Fight."
    ),
    "after": N_("All battles are over. Everyone taps Done to go to the food phase."),
    "6": N_("Upkeep is paid; say how much food you sell, then tap Done to end the round."),
}


def steps(state: State) -> list[dict[str, Any]]:
    """The current phase's steps; the auction step only in rounds that have one."""
    phase = PHASES.order[state["phase"]] if state["phase"] >= 0 else None
    strip = STEPS.get(phase or "")
    if strip is None:
        return []
    return [
        {"key": key, "name": strip.labels[key], "current": key == state["step"]}
        for key in strip.order
        if key != "auction" or state["step"] == "auction" or auction_due(state)
    ]


def phase_name(state: State) -> str:
    if state["over"]:
        return N_("Game over")
    if state["phase"] < 0:
        return N_("Setup")
    return PHASES.labels[PHASES.order[state["phase"]]]


def todo(state: State) -> str:
    if state["phase"] < 0:
        return TODO["setup"]
    return TODO.get(state["step"]) or TODO.get(str(state["phase"]), "")


def _player_view(state: State, seat: int, public_money: bool) -> dict[str, Any]:
    p = player(state, seat)
    row: dict[str, Any] = {
        "seat": seat,
        "name": name(state, seat),
        "start": seat == state["start"],
        "advisor": p["advisor"],
        "advisor_t": ADVISORS[p["advisor"]]["name"] if p["advisor"] else None,
        "advisor_ability_t": ADVISORS[p["advisor"]]["ability"] if p["advisor"] else None,
        "advisor_active": bool(p["advisor"]) and advisor(state, seat, p["advisor"]),
        "general_t": GENERALS[p["general"]]["name"] if p["general_used"] else None,
        "stance": p["stance"],
        "food": p["food"],
        # soldiers / in_hand are the old names; the clearly named ones say what they hold.
        "soldiers": soldiers(p),
        "in_hand": p["supply"],
        "soldiers_total": soldiers(p),
        "soldiers_in_hand": p["supply"],
        "soldiers_on_map": soldiers(p) - p["supply"],
        "at": [{"loc": loc, "label": loc_label(state, loc), "n": n} for loc, n in p["at"].items()],
        "workers": dict(
            p["facility"], buildings=sum(b["workers"] for b in owned(state, seat, None))
        ),
        "population": population(state, seat),
        "cities": cities_of(state, seat),
        "selling": state["sales"][seat] if state["phase"] == FOOD_PHASE else 0,
    }
    row.update(running_score(state, seat, public_money))
    if public_money:
        row["money"] = p["money"]
    return row


def _building_view(state: State, b: dict[str, Any]) -> dict[str, Any]:
    info = ALL_BUILDINGS[b["key"]]
    who = owner(state, b)
    row = {
        "key": b["key"],
        "name_t": info["name"],
        "effect_t": info["effect"],
        "epic": b["key"] in EPICS,
        "city": b["city"],
        "owner": who,
        "done": b["done"],
        "progress": b["progress"],
        "rounds": len(info["costs"]),
        "workers": b["workers"],
    }
    if not b["done"] and who is not None:
        row["next_cost"] = construction_cost(state, who, b)
    return row


def _battle_view(state: State, battle: dict[str, Any], current: bool) -> dict[str, Any]:
    row: dict[str, Any] = {
        "kind": battle["kind"],
        "where": loc_label(state, battle["loc"])
        if battle["kind"] != "field"
        else T("Field battle"),
        "done": bool(battle.get("done")),
        "skipped": bool(battle.get("skipped")),
        "cards": [
            {
                "name": name(state, m["seat"]),
                "card_t": (TACTICS.get(m["card"]) or GENERALS[m["card"]])["name"],
            }
            for m in battle["mods"]
        ],
        "orders_t": [ORDER_NAMES[o] for o in battle["orders"]] if battle.get("orders") else None,
        "lines": battle["lines"],
    }
    if battle["kind"] == "field":
        row["sides"] = [name(state, s) for s in battle["sides"]]
    if current and not battle.get("done"):
        row["forces"] = [
            {
                "seat": f["seat"],
                "who": name(state, f["seat"]) if f["seat"] is not None else None,
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
    public_money = opts["money_public"] or over(state)
    war = state.get("war")
    auction = state["auction"]
    out: dict[str, Any] = {
        "players": [_player_view(state, s, public_money) for s in range(len(state["players"]))],
        "turn": None,
        "round": state["round"] or None,
        "phase": phase_name(state),
        "over": over(state),
        "start": state["start"],
        "phase_no": state["phase"],
        # What the phase means for the screens, so no template compares phase numbers.
        "in_setup": state["phase"] < 0 and not state["over"],
        "in_round": state["phase"] >= 0,
        # After the setup and before the end: a phone's cards, General and own counters are
        # in play. Public, so the buttons that open them never follow what a phone holds.
        "playing": in_round(state),
        "shows_counters": state["phase"] >= 0 or over(state),
        "phase_badge": state["phase"] if state["phase"] >= 0 and not state["over"] else None,
        "selling_food": state["phase"] == FOOD_PHASE,
        "allowances": [
            {"seat": s, "name": name(state, s), "n": allowance(state, s)} for s in order(state)
        ],
        "phases": [
            {
                "n": n,
                "name": PHASES.labels[key],
                "current": n == state["phase"] and not state["over"],
            }
            for n, key in enumerate(PHASES.order)
        ],
        "steps": steps(state),
        "step": state["step"],
        "todo": todo(state),
        # Moving on from the food phase ends the round for everyone: the screen asks first.
        "next_ends_round": state["phase"] == FOOD_PHASE and not state["over"],
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
            # "We drew this": the cards the table may enter as the event phase begins (one
            # already out since the last shuffle cannot come again).
            "enter_now": state["phase"] == 0 and not state["over"],
            "cards": [
                {
                    "key": k,
                    "name_t": EVENTS[k]["name"],
                    "out": bool(state["event"]["deck"]) and k in state["event"]["used"],
                }
                for k in EVENTS
            ],
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
            # For enter_epic: the epics the table may have turned up (the one up, the deck's).
            "enterable": [
                {"key": k, "name_t": EPICS[k]["name"]}
                for k in EPICS
                if k in state["epic_deck"] or k == auction["epic"]
            ],
            # For enter_tiebreak: the seats the app drew among after a still-tied re-bid.
            "drawn_among": list(auction.get("drawn_among") or []),
            "due": state["round"] >= opts["auction_from"],
        },
        "map": {
            "locations": [{"loc": loc, "label": loc_label(state, loc)} for loc in locations(state)],
            "labels": {loc: loc_label(state, loc) for loc in locations(state)},
            "cities": [
                {
                    "loc": c["id"],
                    "label": loc_label(state, c["id"]),
                    "kind": c["kind"],
                    "owner": c["owner"],
                    "defence": city_defence(state, c["id"]),
                    "defenders": defenders(state, c["id"]),
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
        # The tiles the table screen may still place on the map (a correction).
        "placeable": [
            {"key": k, "name_t": info["name"], "epic": k in EPICS}
            for k, info in ALL_BUILDINGS.items()
            if k != "inn" and all(b["key"] != k for b in state["buildings"])
        ],
        "epic_blueprints": [
            {"seat": s, "epic_t": EPICS[k]["name"]}
            for s in range(len(state["players"]))
            for k in player(state, s)["blueprints"]
            if k in EPICS
        ],
        "battles": [_battle_view(state, b, war["current"] == i) for i, b in enumerate(war["queue"])]
        if war
        else [],
        "press_on": war["press"] if war else None,
        # Who the table waits for (each phone's Done; Fight in a battle), None where nobody
        # says Done.
        "done": {
            "waiting": waiting_for(state),
            "done": done_seats(state),
            "battle": state["step"] == "battles",
        }
        if moment(state) is not None
        else None,
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
                "general_t": GENERALS[player(state, s)["general"]]["name"]
                if player(state, s)["general"]
                else None,
                "tactics": player(state, s)["tactics"],
            }
            for s in range(len(state["players"]))
        ]
    if viewer is not None:
        out["me"] = me(state, viewer)
        out["sealed"] = sealed.seat_view(state, viewer)
    return out


# What each live area's template reads of a view (``Game.seat_inputs``, ``table_inputs``,
# ``tv_inputs``): equal inputs give the same markup, so the platform reuses the last one
# without running the template. A recorded-playthrough test checks each against a fresh
# rendering. Each is taken from the viewer's own view, so it holds nothing that viewer
# may not see.

# The parts of a phone's ``me`` that its panel never shows.
_ME_UNREAD = frozenset(
    {"seat", "general", "deploy_targets", "magistrate", "tactic_price", "score", "score_lines"}
)


def _row(p: dict[str, Any]) -> tuple[Any, ...]:
    """What a phone's "Everyone" shows of a player (and its selects: the seat and name)."""
    return (
        p["name"],
        p["start"],
        p["stance"],
        p["food"],
        p["soldiers"],
        p["population"],
        p["score"],
        p["score_hidden"],
        p.get("money"),
        p["advisor_t"],
    )


def seat_inputs(view: dict[str, Any], seat: int) -> tuple[Any, ...]:
    """What the phone's panel (templates/games/art-of-war/seat.html and its pieces) reads of
    its seat's view: its own ``me`` and public row, everyone's names and small counters, the
    phase line and the event, its own part of a sealed round, the tribute it chooses, whom
    Done waits for once it is done, the auction, the battle being fought and the map's and
    buildings' names its forms offer."""
    me = view["me"]
    sv, done, auction = view["sealed"], view["done"], view["auction"]
    event = view["event"]
    return (
        {k: v for k, v in me.items() if k not in _ME_UNREAD},
        view["players"][seat],
        [_row(p) for p in view["players"]],
        (view["phase_badge"], view["phase"], view["steps"], view["over"], view["todo"]),
        (event["name_t"], event["effect_t"]),
        (sv["name"], sv["prompt"], sv["submitted"][seat], sv["locked"][seat], sv["mine"])
        if sv and sv["in_round"]
        else None,
        [t for t in view["tribute"] if t["seat"] == seat and t["kind"] is None],
        (done["battle"], done["waiting"] if seat in done["done"] else None) if done else None,
        view["press_on"] == seat,
        (view["in_round"], view["playing"], view["shows_counters"]),
        (auction["epic_t"], auction["bids"], auction["result"]),
        [b for b in view["battles"] if "forces" in b],
        [(b["key"], b["name_t"]) for b in view["buildings"]],
        view["map"]["labels"],
        [c["loc"] for c in view["map"]["cities"]],
        [c["loc"] for c in view["map"]["camps"]],
    )


# What the TV's pages (tv.html) read: the public board without what the host taps next.
_TV_KEYS = (
    "players",
    "shows_counters",
    "selling_food",
    "in_round",
    "over",
    "sealed",
    "battles",
    "auction",
    "map",
    "tribute",
    "computed",
    "event",
    "effects",
    "prices",
    "price_bonus",
    "options",
    "buildings",
    "epic_blueprints",
    "blueprints_left",
    "final",
)
# The table screen's board (table.html) reads those and what the host taps next: the phase
# strip, what to do now, the setup, the battle to press on, the corrections' choices.
_TABLE_KEYS = (
    *_TV_KEYS,
    "in_setup",
    "allowances",
    "phases",
    "steps",
    "todo",
    "blocker",
    "next_ends_round",
    "press_on",
    "placeable",
)


def tv_inputs(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the TV's pages (templates/games/art-of-war/tv.html) read of the public view."""
    return tuple(view.get(k) for k in _TV_KEYS)


def table_inputs(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the table screen's board (templates/games/art-of-war/table.html) reads of the
    public view: the TV's and what the host taps next; of who is done, only whom the
    table still waits for."""
    done = view["done"]
    return (*(view.get(k) for k in _TABLE_KEYS), done["waiting"] if done else None)
