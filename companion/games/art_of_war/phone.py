"""A phone's own part of The Art of War's view (``me``): money, tactic cards, blueprints and the
General in hand, the setup offer, the deployment editor, the cards it could play now and the
preview of its food sale. Only that seat ever sees it.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, State
from .board import effect, home, loc_label, locations, owned, player, works
from .construction import tactic_price
from .data import (
    ADVISORS,
    ALL_BUILDINGS,
    BLUEPRINT_PRICE,
    BUILDINGS,
    FOREMEN,
    GENERALS,
    TACTICS,
)
from .food import sales_revenue
from .scoring import building_points
from .setup import allowance
from .war import deploy_targets, in_current_battle

# The optional parameters of play_tactic / use_general each card or General uses, so that a
# phone can say what to choose with it.
CARD_NEEDS: dict[str, tuple[str, ...]] = {
    "pilfer_goat": ("target", "take"),
    "borrowed_knife": ("camp", "city"),
    "besiege_wei": ("target",),
    "borrow_road": ("city",),
    "loot_fire": ("target", "take"),
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


def _cards(
    table: dict[str, dict[str, Any]], keys: list[str], **fields: str
) -> list[dict[str, Any]]:
    """Cards (buildings, Advisors, Generals) as a phone lists them: each its key and name, and
    ``fields``, each shown under its name from the table's entry under another."""
    return [
        {"key": k, "name_t": table[k]["name"], **{out: table[k][f] for out, f in fields.items()}}
        for k in keys
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
    in_battle = in_current_battle(state, seat)
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
    """The phone's deployment steppers while ``seat`` deploys: the draft (the choice it
    submitted, else every soldier in its main castle) and, for every other place it may send
    soldiers, the whole ``counts`` list for one soldier fewer, one more and all (the main
    castle keeps the rest). A phone then posts one ready-made list per tap."""
    rnd = state.get("sealed")
    if not rnd or rnd["name"] != "deploy" or seat not in rnd["seats"]:
        return None
    locs = locations(state)
    castle = home(seat)
    targets = deploy_targets(state, seat)
    if castle not in targets:
        return None
    h = locs.index(castle)
    supply = player(state, seat)["supply"]
    draft = list(rnd["choices"][seat] or [supply if loc == castle else 0 for loc in locs])

    def moved(i: int, n: int) -> str | None:
        """The whole ``counts`` list with ``n`` at location ``i`` (the castle keeps the rest),
        or None when that is not possible."""
        pool = draft[h] + draft[i]
        if n < 0 or n > pool or n == draft[i]:
            return None
        counts = list(draft)
        counts[i], counts[h] = n, pool - n
        return ",".join(str(c) for c in counts)

    rows = []
    for loc in targets:
        if loc == castle:
            continue
        i = locs.index(loc)
        n = draft[i]
        rows.append(
            {
                "loc": loc,
                "label": loc_label(state, loc),
                "n": n,
                # One tap a soldier either way; "all" sends every soldier still at home.
                "minus": moved(i, n - 1),
                "plus": moved(i, n + 1),
                "all": moved(i, n + draft[h]),
            }
        )
    return {
        "home": castle,
        "home_label": loc_label(state, castle),
        "at_home": draft[h],
        "supply": supply,
        "draft": [
            {"loc": loc, "label": loc_label(state, loc), "n": n}
            for loc, n in zip(locs, draft, strict=True)
            if n
        ],
        "all_home": ",".join(str(supply if loc == castle else 0) for loc in locs),
        # The same shortcut as a list: ``deploy`` takes ``counts`` either way.
        "all_home_counts": [supply if loc == castle else 0 for loc in locs],
        # The draft as a list, to lock in as it stands (the castle keeps what is not sent).
        "counts": ",".join(str(c) for c in draft),
        "rows": rows,
    }


def purchases(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` may buy now, on its own money (its phone alone sees this): each purchase
    is offered only when it would be accepted."""
    p = player(state, seat)
    price = tactic_price(state, seat)
    deck = bool(state["blueprint_deck"])
    return {
        "money": p["money"],
        "tactic": not p["bought_tactic"] and p["money"] >= price,
        "tactic_price": price,
        "tactic_bought": p["bought_tactic"],
        "blueprint": deck and not p["bought_blueprint"] and p["money"] >= BLUEPRINT_PRICE,
        "blueprint_bought": p["bought_blueprint"],
        "deck_empty": not deck,
    }


def building_plan(state: State, seat: int) -> dict[str, Any]:
    """The blueprints ``seat`` could start now, and why none can be when that is so (the
    reasons are public: War, Downpour, busy foremen, soldiers in hand)."""
    p = player(state, seat)
    why = None
    if p["stance"] == "war" or effect(state, seat, "downpour"):
        why = N_("You may not start new buildings this round.")
    elif len(owned(state, seat, False)) >= FOREMEN:
        why = N_("All 3 of your foremen are busy.")
    startable = []
    for k in p["blueprints"]:
        need = ALL_BUILDINGS[k]["workers"] - works(state, seat, "bathhouse")
        if k == "temple_of_heaven":
            need = 1
        if why is None and p["supply"] >= max(0, need):
            startable.append({"key": k, "name_t": ALL_BUILDINGS[k]["name"], "workers": need})
    if why is None and p["blueprints"] and not startable:
        why = N_("Not enough soldiers in hand to work on any of your blueprints.")
    return {
        "startable": startable,
        "why_not": why if p["blueprints"] else N_("You hold no blueprint."),
        "temple_of_heaven": any(b["key"] == "temple_of_heaven" for b in startable),
        "cities": [c["id"] for c in state["cities"] if c["owner"] == seat],
    }


def me(state: State, seat: int) -> dict[str, Any]:
    p = player(state, seat)
    general = p["general"]
    me: dict[str, Any] = {
        "seat": seat,
        "money": p["money"],
        "tactics": p["tactics"],
        "tactic_price": tactic_price(state, seat),
        "blueprint_price": BLUEPRINT_PRICE,
        "blueprints": _cards(ALL_BUILDINGS, p["blueprints"], workers="workers", costs="costs"),
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
        # What this phone could buy and start (its screens show them in those steps only):
        # worked out whatever the step, so moving between steps never changes a phone's own
        # part of the view.
        "buy": purchases(state, seat) if state["phase"] >= 0 else None,
        "build": building_plan(state, seat) if state["phase"] >= 0 else None,
    }
    # Blueprints the phone may add as it holds them on the table (public facts only decide).
    me["addable_blueprints"] = _cards(
        BUILDINGS,
        [
            k
            for k, info in BUILDINGS.items()
            if info.get("in_deck", True)
            and k not in p["blueprints"]
            and all(b["key"] != k for b in state["buildings"])
        ],
    )
    # What a Pilfer a Goat / Loot a Burning House may name as taken (play_tactic ``take``).
    me["takeable"] = [{"key": "tactic", "name_t": N_("a tactic card")}] + _cards(
        ALL_BUILDINGS,
        [
            k
            for k in ALL_BUILDINGS
            if k not in p["blueprints"] and all(b["key"] != k for b in state["buildings"])
        ],
    )
    # The phone knows its own money and cards: its running score counts them too.
    own = [building_points(state, seat, b) for b in owned(state, seat)]
    me["score"] = sum(pts for pts, _ in own)
    me["score_lines"] = [line for _, line in own]
    if state["phase"] < 0:
        offer = state["offers"][seat]
        me["offer"] = {
            "advisors": _cards(ADVISORS, offer["advisors"], ability_t="ability", cards="cards"),
            "generals": _cards(GENERALS, offer["generals"], ability_t="ability"),
            "allowance": allowance(state, seat),
            # For enter_offer: every Advisor and General, and whether these were entered.
            "all_advisors": _cards(ADVISORS, list(ADVISORS)),
            "all_generals": _cards(GENERALS, list(GENERALS)),
            "entered": bool((state.get("offers_entered") or [False] * (seat + 1))[seat]),
        }
    if state["phase"] == 6:
        me["sale_preview"] = next(r for r in sales_revenue(state) if r["seat"] == seat)
    return me
