"""A phone's own part of The Art of War's view (``me``): money, tactic cards, blueprints and the
General in hand, the setup offer, the deployment editor, the cards it could play now and the
preview of its food sale. Only that seat ever sees it.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, State
from .board import home, loc_label, locations, owned, player
from .construction import tactic_price
from .data import ADVISORS, ALL_BUILDINGS, BLUEPRINT_PRICE, BUILDINGS, GENERALS, TACTICS
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
    """The phone's deployment editor while ``seat`` deploys: the draft (the choice it
    submitted, else every soldier in its main castle) and, for every other place it may send
    soldiers, the whole ``counts`` list for each number it may put there (the main castle
    keeps the rest). A phone then posts one ready-made list per tap."""
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
    rows = []
    for loc in targets:
        if loc == castle:
            continue
        i = locs.index(loc)
        pool = draft[h] + draft[i]
        options = []
        for n in range(pool + 1):
            counts = list(draft)
            counts[i], counts[h] = n, pool - n
            options.append({"n": n, "counts": ",".join(str(c) for c in counts)})
        rows.append({"loc": loc, "label": loc_label(state, loc), "options": options})
    return {
        "home": castle,
        "supply": supply,
        "draft": [
            {"loc": loc, "label": loc_label(state, loc), "n": n}
            for loc, n in zip(locs, draft, strict=True)
            if n
        ],
        "all_home": ",".join(str(supply if loc == castle else 0) for loc in locs),
        # The same shortcut as a list: ``deploy`` takes ``counts`` either way.
        "all_home_counts": [supply if loc == castle else 0 for loc in locs],
        "rows": rows,
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
    # Blueprints the phone may add as it holds them on the table (public facts only decide).
    me["addable_blueprints"] = [
        {"key": k, "name_t": info["name"]}
        for k, info in BUILDINGS.items()
        if info.get("in_deck", True)
        and k not in p["blueprints"]
        and all(b["key"] != k for b in state["buildings"])
    ]
    # What a Pilfer a Goat / Loot a Burning House may name as taken (play_tactic ``take``).
    me["takeable"] = [{"key": "tactic", "name_t": N_("a tactic card")}] + [
        {"key": k, "name_t": info["name"]}
        for k, info in ALL_BUILDINGS.items()
        if k not in p["blueprints"] and all(b["key"] != k for b in state["buildings"])
    ]
    # The phone knows its own money and cards: its running score counts them too.
    own = [building_points(state, seat, b) for b in owned(state, seat)]
    me["score"] = sum(pts for pts, _ in own)
    me["score_lines"] = [line for _, line in own]
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
            # For enter_offer: every Advisor and General, and whether these were entered.
            "all_advisors": [{"key": k, "name_t": a["name"]} for k, a in ADVISORS.items()],
            "all_generals": [{"key": k, "name_t": g["name"]} for k, g in GENERALS.items()],
            "entered": bool((state.get("offers_entered") or [False] * (seat + 1))[seat]),
        }
    if state["phase"] == 6:
        me["sale_preview"] = next(r for r in sales_revenue(state) if r["seat"] == seat)
    return me
