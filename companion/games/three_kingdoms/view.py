"""What the screens show. Everything in 3 Kingdoms Battle is public (digest §8): every card set
is identical and using a card is an open act, so every viewer gets the same view, and a seat's
``me`` carries only conveniences for that seat.

The view is finished for the templates: the legal targets of the turn's buttons, the battle
with its odds and each roll in words, the warning before the last tile.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..kit import N_, Actor, L, P, State, T, Text
from ..kit.odds import odds
from .board import (
    City,
    alert_ids,
    city_size,
    enemy_cities,
    find_city,
    free,
    hits,
    is_idle,
    my_cities,
    name,
    names,
    occupy_ids,
    on_board,
    reinforce_ids,
    score,
    seats_in,
    supply,
    total,
    withdraw_ids,
)
from .data import (
    COMMAND_CARDS,
    OCCUPY_FROM,
    POINTS,
    SIZE_LABELS,
    STRATAGEMS,
    TILES_TO_DRAW,
    WIN_POINTS,
    stratagem_name,
)
from .dice import hit_chance, top_die_chances
from .phases import PHASES
from .scoring import over
from .war import decides, dice_order, participants


def _choices(state: State, seat: int) -> dict[str, Any]:
    """The legal targets of the turn's actions for ``seat`` (everything here is public)."""
    mine = my_cities(state, seat)
    others = enemy_cities(state, seat)
    return {
        "mine": [c["id"] for c in mine],
        "reinforce": reinforce_ids(state, seat),
        "withdraw": withdraw_ids(state, seat),
        "transfer_from": alert_ids(state, seat),
        "transfer_to": [c["id"] for c in mine if free(c) > 0],
        "launch": alert_ids(state, seat),
        "targets": [c["id"] for c in others],
        "other_owners": len({c["owner"] for c in others}),
        "occupy": occupy_ids(state, seat),
        "open": [c["id"] for c in state["cities"] if not c["complete"]],
        "my_cities": [_my_city(state, c, seat) for c in mine],
        "stance": {
            "to_hold": _stance_picks(mine, seat, 0),
            "to_alert": _stance_picks(mine, seat, 1),
        },
        # Every city as the turn's option lists name it (no troops): those lists change
        # only when a city is added, completed or changes hands.
        "city_names": [_city_name(state, c) for c in state["cities"]],
    }


def _city_size(city: City) -> str:
    """A completed city's size, or the size its tiles would give it so far."""
    return city["size"] if city["complete"] else city_size(city["tiles"])


def _city_name(state: State, city: City) -> dict[str, Any]:
    """A city as the option lists name it: its number, owner and size (no troops)."""
    return {
        "id": city["id"],
        "label": T("City {city}", city=city["id"]),
        "owner": city["owner"],
        "owner_name": name(state, city["owner"]),
        "size_label": SIZE_LABELS[_city_size(city)],
        "complete": city["complete"],
    }


def _my_city(state: State, city: City, seat: int) -> dict[str, Any]:
    """One of ``seat``'s cities with what its buttons need (emergency orders' legal splits)."""
    alert, hold = city["troops"][seat]
    return {
        "id": city["id"],
        "label": T("City {city}", city=city["id"]),
        "alert": alert,
        "hold": hold,
        "free": free(city),
        "points": POINTS[city["size"]],
        "size_label": SIZE_LABELS[city["size"]],
        "emergency_add": free(city) >= 2 and supply(state, seat) >= 2,
        # how many of the two troops taken back may be Alert (the rest are Hold)
        "emergency_remove": [a for a in (2, 1, 0) if alert >= a and hold >= 2 - a],
    }


def _stance_picks(mine: list[City], seat: int, index: int) -> dict[str, Any]:
    """The ``cities`` lists of change_stance, per city (1..n troops) and for every troop."""
    by_city = []
    every: list[int] = []
    for c in mine:
        n = c["troops"][seat][index]
        if n:
            by_city.append(
                {"city": c["id"], "n": n, "picks": [[c["id"]] * k for k in range(1, n + 1)]}
            )
            every += [c["id"]] * n
    return {"by_city": by_city, "all": every, "n": len(every)}


def _player_view(state: State, seat: int) -> dict[str, Any]:
    alert, hold = on_board(state, seat)
    me = state["seats"][seat]
    return {
        "seat": seat,
        "name": name(state, seat),
        "score": score(state, seat),
        "supply": supply(state, seat),
        "alert": alert,
        "hold": hold,
        "commands": me["commands"],
        "commands_max": COMMAND_CARDS,
        "stratagems": [
            {"key": key, "label": stratagem_name(key), "left": me["stratagems"][key]}
            for key, _label in STRATAGEMS
        ],
        "stratagems_left": sum(me["stratagems"].values()),
        "turns": me["turns"],
        "is_turn": seat == state["turn"] and not state["over"],
    }


def _city_view(state: State, city: City) -> dict[str, Any]:
    size = _city_size(city)
    idle = is_idle(city)
    out = {
        "id": city["id"],
        "label": T("City {city}", city=city["id"]),
        "complete": city["complete"],
        "tiles": city["tiles"],
        "spaces": city["spaces"],
        "free": free(city),
        "size": size,
        "size_label": SIZE_LABELS[size],
        "points": POINTS[size],
        "owner": city["owner"],
        "owner_name": name(state, city["owner"]),
        "idle": idle,
        "contested": city["complete"] and city["owner"] is None and len(seats_in(city)) > 1,
        "troops": [
            {
                "seat": s,
                "name": name(state, s),
                "alert": city["troops"][s][0],
                "hold": city["troops"][s][1],
            }
            for s in seats_in(city)
        ],
    }
    if idle:
        out["occupy_from"] = OCCUPY_FROM[size]
        out["occupy_odds"] = odds(Fraction(7 - OCCUPY_FROM[size], 6))
    return out


def _side_view(state: State, seat: int, n: int, role: str, others: list[int]) -> dict[str, Any]:
    side = {
        "seat": seat,
        "name": name(state, seat),
        "role": role,
        "dice": n,
        "hit_odds": odds(hit_chance(n)),
    }
    if others:
        stay, outright = top_die_chances(n, others)
        side["stay_odds"] = odds(stay)
        side["win_odds"] = odds(outright)
    return side


def _national_view(state: State, b: dict[str, Any]) -> tuple[list, list, Text, dict[str, Any]]:
    target = find_city(state, b["target"])
    alert, hold = target["troops"][b["defender"]]
    sides = [
        {
            **_side_view(state, b["attacker"], b["att"], N_("Attacker"), []),
            "troops": b["att"],
            "alert": b["att"],
            "hold": 0,
        },
        {
            **_side_view(state, b["defender"], alert + hold, N_("Defender"), []),
            "troops": alert + hold,
            "alert": alert,
            "hold": hold,
        },
    ]
    history = [_national_line(state, b, i, r) for i, r in enumerate(b["rolls"], 1)]
    who = {
        "attacker": name(state, b["attacker"]),
        "defender": name(state, b["defender"]),
        "target": b["target"],
        "launch": b["launch"],
    }
    if b["via_t"] == N_("National war"):  # a plain command card: no "(National war)"
        title = T(
            "National war: {attacker} attacks city {target} of {defender} from city {launch}",
            **who,
        )
    else:
        title = T(
            "National war ({via_t}): {attacker} attacks city {target} of {defender} "
            "from city {launch}",
            via_t=b["via_t"],
            **who,
        )
    decider = {"rolling": None, "attacker_won": b["attacker"], "defender_won": b["defender"]}[
        b["stage"]
    ]
    extra = {
        "attacker": b["attacker"],
        "defender": b["defender"],
        "launch": b["launch"],
        "target": b["target"],
        "forced": b["forced"],
        "can_call_off": not b["forced"] and bool(b["rolls"]) and b["stage"] == "rolling",
        "decider": decider,
        "settle_max": _settle_max(state, b),
    }
    return sides, history, title, extra


def _civil_view(
    state: State, b: dict[str, Any], order: list[dict[str, int]]
) -> tuple[list, list, Text, dict[str, Any]]:
    city = find_city(state, b["city"])
    highest = b["mode"] == "highest"
    sides = []
    for o in order:
        others = [x["n"] for x in order if x["seat"] != o["seat"]] if highest else []
        troops = city["troops"][o["seat"]]
        sides.append(
            {
                **_side_view(state, o["seat"], o["n"], N_("Participant"), others),
                "troops": sum(troops),
                "alert": troops[0],
                "hold": troops[1],
            }
        )
    history = [_civil_line(state, i, r) for i, r in enumerate(b["rolls"], 1)]
    title = T("Civil war in city {city}", city=b["city"])
    extra = {
        "mode": b["mode"],
        "mode_label": N_("Highest die") if highest else N_("Fight to the end"),
    }
    return sides, history, title, extra


def _battle_view(state: State) -> dict[str, Any] | None:
    b = state["battle"]
    if b is None:
        return None
    order = dice_order(state)
    if b["kind"] == "national":
        sides, history, title, extra = _national_view(state, b)
    else:
        sides, history, title, extra = _civil_view(state, b, order)
    stake = find_city(state, b["target"] if b["kind"] == "national" else b["city"])
    return {
        "kind": b["kind"],
        "title": title,
        "city": stake["id"],
        "points": POINTS[stake["size"]],
        "size_label": SIZE_LABELS[stake["size"]],
        "stage": b["stage"],
        "sides": sides,
        "dice_needed": sum(o["n"] for o in order),
        "dice_order": [
            {"seat": o["seat"], "name": name(state, o["seat"]), "n": o["n"]} for o in order
        ],
        "history": history,
        "result": _result_view(state, b.get("result")),
        **extra,
    }


def _result_view(state: State, result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A battle's result as fields (``phases.battle_result``), with the names, and in words."""
    if result is None:
        return None
    winner = result["winner"]
    values = {"city": result["city"], "name": name(state, winner), "margin": result["margin"]}
    if winner is None:
        line = T("Both sides were wiped out in city {city}.", **values)
    elif result["outcome"] == "called_off":
        line = T("{name} kept city {city}: the attack was called off.", **values)
    else:
        line = P(
            "{name} won the battle for city {city} by {n} troop.",
            "{name} won the battle for city {city} by {n} troops.",
            result["margin"],
            **values,
        )
    return {
        **result,
        "winner_name": name(state, winner),
        "loser_names": names(state, result["losers"]),
        "line": line,
    }


def _settle_max(state: State, b: dict[str, Any]) -> int:
    if b["stage"] == "attacker_won":
        target = find_city(state, b["target"])
        return min(b["att"], target["spaces"] - total(target))
    if b["stage"] == "defender_won":
        target, launch = find_city(state, b["target"]), find_city(state, b["launch"])
        return min(target["troops"][b["defender"]][0], launch["spaces"] - total(launch))
    return 0


def _national_line(state: State, b: dict[str, Any], k: int, r: dict[str, Any]) -> Text:
    return T(
        "Roll {k}: {attacker} {a_dice} ({a_hits_t}), {defender} {d_dice} ({d_hits_t}). "
        "Now {attacker} {att}; {defender} {alert} Alert, {hold} Hold.",
        k=k,
        attacker=name(state, b["attacker"]),
        defender=name(state, b["defender"]),
        a_dice=" ".join(map(str, r["dice"][0])) or "-",
        d_dice=" ".join(map(str, r["dice"][1])) or "-",
        a_hits_t=hits(r["hits"][0]),
        d_hits_t=hits(r["hits"][1]),
        att=r["after"][0][0],
        alert=r["after"][1][0],
        hold=r["after"][1][1],
    )


def _civil_line(state: State, k: int, r: dict[str, Any]) -> Text:
    rolls = zip(r["sides"], r["dice"], strict=True)
    shown = L([f"{name(state, s)} {' '.join(map(str, d))}" for s, d in rolls])
    if r["mode"] == "highest":
        return T(
            "Roll {k} (highest die): {dice}. Still in: {names}.",
            k=k,
            dice=shown,
            names=names(state, r["stay"]),
        )
    return T(
        "Roll {k}: {dice}. Hits {hits}.", k=k, dice=shown, hits=f"{r['hits'][0]}-{r['hits'][1]}"
    )


def _ending(state: State) -> Text | None:
    """The warning the table needs when the tile stack is about to end the game."""
    if state["over"]:
        return None
    if state["tiles_left"] == 0:
        return T(
            "No tiles left: the game ends after {name}'s turn.",
            name=name(state, state["turn"]),
        )
    if state["tiles_left"] == 1:
        return T("Last tile: the game ends after the turn that places it.")
    return None


def view(state: State, viewer: Actor) -> dict[str, Any]:
    """What a screen shows. Everything in this game is public; ``me`` only adds conveniences."""
    ending = state["over"]  # how the game ended, or None
    out: dict[str, Any] = {
        "players": [_player_view(state, s) for s in range(len(state["players"]))],
        "turn": None if ending else state["turn"],
        "round": state["round"],
        "phase": PHASES.label(PHASES.current(state)),
        "over": over(state),
        "tiles_left": state["tiles_left"],
        "tiles_total": TILES_TO_DRAW,
        "last_tile": state["tiles_left"] == 0 and not ending,
        "ending": _ending(state),
        "win_points": WIN_POINTS,
        "last_action": state["last_action_t"],
        "cities": [_city_view(state, c) for c in state["cities"]],
        "battle": _battle_view(state),
        "civil_wars_waiting": len(state["civil_queue"]),
        "last_battle": _result_view(state, state.get("last_battle")),
        "choices": None if ending or state["battle"] else _choices(state, state["turn"]),
        "options": dict(state["options"]),
        "tiebreak": list(ending["lines"]) if ending else [],
        "winners": list(ending["winners"]) if ending else [],
    }
    if viewer is not None:
        out["me"] = private_view(state, viewer)
    return out


def private_view(state: State, seat: int) -> dict[str, Any]:
    """A seat's conveniences (its view is the table's view plus this as "me")."""
    return {
        "seat": seat,
        "is_turn": seat == state["turn"] and not state["over"],
        "in_battle": seat in participants(state),
        "decides": PHASES.current(state) == "outcome" and decides(state, seat),
        "score": score(state, seat),
        "supply": supply(state, seat),
    }


# What each screen's template reads of a view, for reusing a screen's game panel while it is
# unchanged (``Game.seat_inputs``, ``table_inputs``, ``tv_inputs``): every key a template
# reads, and nothing else. Every screen here shows every public number, so nearly every
# action changes them; what they leave out is what no screen shows (the round, the turns
# played, the last action's words). A recorded-playthrough test checks them.

# What every screen shows: the now line, the battle, the players, the cities, the end.
_SHOWN = tuple(
    "win_points over tiebreak tiles_left tiles_total ending turn last_battle "
    "civil_wars_waiting battle winners cities".split()
)


def _shown(view: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(view[k] for k in _SHOWN)


def _players(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The players' rows without the turns each has played (no screen shows them)."""
    return [{k: v for k, v in p.items() if k != "turns"} for p in view["players"]]


def seat_inputs(view: dict[str, Any], seat: int) -> tuple[Any, ...]:
    """What the phone's panel (templates/games/three-kingdoms/seat.html) reads: what every
    screen shows, and the turn's choices only while the turn is its own."""
    mine = view["me"]["is_turn"]
    return _shown(view), _players(view), mine, view["choices"] if mine else None


def table_inputs(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the table screen's board (table.html) reads: what every screen shows, the
    turn's choices (the host records the action) and the corrections' rows."""
    return _shown(view), _players(view), view["choices"]


def tv_inputs(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the TV's pages (tv.html) read: what every screen shows."""
    return _shown(view), _players(view)
