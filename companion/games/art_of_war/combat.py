"""The battle calculator of The Art of War: who fights in a battle, each force's combat power
(CP) with the lines of its arithmetic, and who wins and keeps how many soldiers.

Pure arithmetic over the board and the battle's played cards (``battle["mods"]``); the war and
battle modules apply what it works out.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, P, State, T, Text
from .board import advisor, city, half_up, name, order, player, works
from .data import ADVISORS, CITY_DEFENCE, GENERALS, MORALE, TACTICS


def mod(battle: dict[str, Any], seat: int, card: str) -> bool:
    return any(m["seat"] == seat and m["card"] == card for m in battle["mods"])


def participants(state: State, battle: dict[str, Any]) -> list[dict[str, Any]]:
    """Every force in a battle: {"seat" (None for bandits), "role", "n", "loc"}."""
    kind, loc = battle["kind"], battle["loc"]
    parts: list[dict[str, Any]] = []
    if kind == "field":
        for seat, at in zip(battle["sides"], battle["locs"], strict=True):
            parts.append(
                {
                    "seat": seat,
                    "role": "field",
                    "n": player(state, seat)["at"].get(at, 0),
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
        owner = city(state, loc)["owner"]
        if owner is not None:
            parts.append(
                {
                    "seat": owner,
                    "role": "defend",
                    "n": player(state, owner)["at"].get(loc, 0),
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
    for seat in order(state):
        n = player(state, seat)["at"].get(loc, 0)
        if kind in ("city", "camp") and n and (kind == "camp" or seat != city(state, loc)["owner"]):
            parts.append({"seat": seat, "role": "attack", "n": n, "loc": loc})
    return parts


def city_defence(state: State, cid: str) -> int:
    """Main castle 2, small city 1; +1 when its owner is at War, +1 Earth Fort, +3 Great Wall,
    +1 with the Advisor Ye Xiaoping."""
    place = city(state, cid)
    owner = place["owner"]
    defence = CITY_DEFENCE[place["kind"]]
    if owner is None:
        return defence
    if player(state, owner)["stance"] == "war":
        defence += 1
    defence += works(state, owner, "earth_fort") + 3 * works(state, owner, "great_wall")
    if advisor(state, owner, "ye"):
        defence += 1
    return defence


def _morale(state: State, battle: dict[str, Any], part: dict[str, Any], others: list[int]) -> int:
    seat = part["seat"]
    morale = state["options"]["base_morale"]
    morale += sum(v * works(state, seat, k) for k, v in MORALE.items())
    if part["role"] in ("attack", "field") and mod(battle, seat, "tree_blossoms"):
        morale += 5
    if part["role"] == "defend" and mod(battle, seat, "back_to_river"):
        morale += 5
    if any(works(state, o, "great_wall") for o in others):
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
        lines = [P("{who}: {n} soldier", "{who}: {n} soldiers", who=name(state, seat), n=n)]
    eff = n
    kind = battle["kind"]
    attacking_city = part["role"] == "attack" and kind in ("city", "raid", "knife")
    if attacking_city:
        owner = city(state, battle["loc"])["owner"]
        defence = 0 if mod(battle, seat, "huanglong") else city_defence(state, battle["loc"])
        arrow = works(state, owner, "arrow_tower")
        eff = max(0, n - defence - arrow)
        lines.append(
            P(
                "City defence {d}, Arrow Tower {a}: {n} soldier fights",
                "City defence {d}, Arrow Tower {a}: {n} soldiers fight",
                d=defence,
                a=arrow,
                n=eff,
            )
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
        if mod(battle, seat, card):
            cp += TACTICS[card]["cp"]
            lines.append(
                T("{card_t}: +{n} CP", card_t=TACTICS[card]["name"], n=TACTICS[card]["cp"])
            )
    if mod(battle, seat, "kou"):
        cp += 7
        lines.append(T("{general_t}: +{n} CP", general_t=GENERALS["kou"]["name"], n=7))
    if advisor(state, seat, "chen"):
        cp += 2
        lines.append(T("{advisor_t}: +{n} CP", advisor_t=ADVISORS["chen"]["name"], n=2))
    smith = (eff // 2) * works(state, seat, "blacksmith")
    if smith:
        cp += smith
        lines.append(T("{building_t}: +{n} CP", building_t=N_("Blacksmith"), n=smith))
    if kind == "field" and battle["orders"]:
        given = battle["orders"][battle["sides"].index(seat)]
        if given == "defend":
            cp += 2
            lines.append(T("Defend order: +2 CP"))
    lines.append(T("CP {cp}", cp=cp))
    return cp, eff, lines


def preview(state: State, battle: dict[str, Any]) -> list[dict[str, Any]]:
    """Every force's CP with its lines (what the table screen shows before resolving)."""
    parts = participants(state, battle)
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
