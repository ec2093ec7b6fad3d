"""The Art of War: how many taps the table screen (the host) needs per round and per game.

Plays whole games through the real pipeline (``Tables`` on an in-memory ``Store`` with a
``Hub``), the way a table would: every player makes a sensible choice on their phone (setup
split, War or Peace, tribute, purchases, workers, buildings, bids, deployment, orders, food
sales), then says Done on their phone (Fight in a battle they are in), and the host taps only
what the screen still asks for (the start player, ``next``, ``resolve_battle``). Every host
action is counted by type, per round and per game; the players' actions per game are counted
too (``seat_actions_per_game``), Done and Fight included.

    python benchmarks/aow_taps.py [--games 8] [--rounds 40] [--quick]

Prints one JSON line: host taps per full round and per game, each also by action type.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games import GAMES  # noqa: E402
from companion.games.art_of_war import allowance  # noqa: E402
from companion.games.art_of_war.board import locations, population  # noqa: E402
from companion.games.art_of_war.flow import PHASES  # noqa: E402
from companion.games.art_of_war.ready import moment  # noqa: E402
from companion.games.kit import RulesError  # noqa: E402
from companion.pipeline.live import Hub  # noqa: E402
from companion.pipeline.tables import HOST, Tables, Viewer  # noqa: E402
from companion.store.log import Store  # noqa: E402

GAME_ID = "art-of-war"
# (players, seed) of the games played: every table size, two seeds each.
PHASE_NAMES = PHASES.order
TABLES = [(2, 1), (3, 2), (4, 3), (5, 4), (2, 5), (3, 6), (4, 7), (5, 8)]


def stance_of(state: dict[str, Any], seat: int) -> str:
    """Mostly Peace; now and then one player goes to War (barracks +3, no new buildings)."""
    return (
        "war" if state["round"] % 4 == 0 and seat == state["round"] % len(state["p"]) else "peace"
    )


def deployment(state: dict[str, Any], seat: int) -> list[int]:
    """All soldiers home, except a force big enough to clear one bandit camp when it can."""
    p = state["p"][seat]
    locs = locations(state)
    counts = dict.fromkeys(locs, 0)
    left = p["supply"]
    camps = state["camps"]
    if camps:
        k = (seat + state["round"]) % len(camps)
        need = camps[k]["bandits"] + 3
        if left >= need + 4:
            counts[f"camp-{k}"] = need
            left -= need
    counts[f"castle-{seat}"] += left
    return [counts[loc] for loc in locs]


def seat_moves(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """What a sensible player does on their phone now, in order (each tried once a step)."""
    p = state["p"][seat]
    rnd = state["sealed"]
    moves: list[dict[str, Any]] = []
    if rnd and seat in rnd["seats"] and not rnd["locked"][seat]:
        name = rnd["name"]
        if not rnd["submitted"][seat]:
            if name == "setup":
                n = allowance(state, seat)
                moves.append(
                    {"type": "choose_setup", "advisor": 0, "general": 0}
                    | {"soldiers": n // 2, "food": n // 4}
                )
            elif name == "stance":
                moves.append({"type": "choose_stance", "stance": stance_of(state, seat)})
            elif name == "bid":
                moves.append({"type": "bid", "amount": p["money"] // 3})
            elif name == "deploy":
                moves.append({"type": "deploy", "counts": deployment(state, seat)})
            elif name == "orders":
                moves.append({"type": "choose_order", "order": "attack"})
        moves.append({"type": "lock"})
        return moves
    for t in state["tribute"]:
        if t["seat"] == seat and t["kind"] is None:
            kind = "food" if p["food"] < 4 else "money"
            moves.append({"type": "take_tribute", "vassal": t["vassal"] + 1, "kind": kind})
    if p["magistrate"]:
        camp = max(range(len(state["camps"])), key=lambda k: state["camps"][k]["bandits"])
        moves.append({"type": "magistrate_camp", "camp": f"camp-{camp}"})
    if state["war"] and state["war"].get("press") == seat:
        moves.append({"type": "press_on", "go": False})
    step = state["step"]
    if step == "purchase":
        if p["money"] >= 7 and not p["blueprints"]:
            moves.append({"type": "buy_blueprint"})
        if p["money"] >= 5 and state["round"] % 2 == 0:
            moves.append({"type": "buy_tactic"})
    if step == "build":
        if state["round"] == 1 and p["supply"] >= 2:
            moves.append({"type": "assign_workers", "mine": 1, "farm": 1, "barracks": 0})
        for key in p["blueprints"]:
            moves.append({"type": "start_building", "building": key})
    if state["phase"] == 6:
        keep = population(state, seat) // 3 + 2
        if p["food"] > keep:
            moves.append({"type": "sell_food", "n": min(3, p["food"] - keep)})
    # Nothing more to do here: Done (in a battle, Fight) on the phone.
    moves.append({"type": "done"})
    return moves


def play(tables: Tables, players: int, seed: int, max_rounds: int) -> dict[str, Any]:
    """One game to its end (or ``max_rounds``): the host's taps by round and type."""
    with mock.patch("companion.pipeline.tables.secrets.randbits", return_value=seed):
        tid = tables.create(GAME_ID, [f"P{n}" for n in range(players)], {}).id
    game = GAMES[GAME_ID]
    host: dict[int, Counter[str]] = {}
    seats: Counter[int] = Counter()
    nexts: Counter[str] = Counter()
    tried: set[tuple[Any, ...]] = set()
    start_set = False
    for _ in range(20000):
        state = tables.load(tid).state
        if state["over"] or state["round"] > max_rounds:
            break
        where = (
            state["round"],
            state["phase"],
            state["step"],
            json.dumps(state["sealed"]),
            moment(state),
        )
        acted = False
        if not start_set and "set_start_player" in game.allowed(state, None):
            # The table says who read Sun Tzu last before anyone chooses.
            start_set = True
            tables.act(tid, HOST, {"type": "set_start_player", "seat": 1})
            host.setdefault(0, Counter())["set_start_player"] += 1
            continue
        for seat in range(players):
            for move in seat_moves(state, seat):
                key = (where, seat, json.dumps(move, sort_keys=True))
                if key in tried or move["type"] not in game.allowed(state, seat):
                    continue
                tried.add(key)
                try:
                    tables.act(tid, Viewer("seat", seat), move)
                except RulesError:
                    continue
                seats[state["round"]] += 1
                acted = True
                break
            if acted:
                break
        if acted:
            continue
        allowed = game.allowed(state, None)
        if "resolve_battle" in allowed:
            move = {"type": "resolve_battle"}
        elif "next" in allowed:
            move = {"type": "next"}
        else:
            raise RuntimeError(f"stuck at round {state['round']} phase {state['phase']}")
        tables.act(tid, HOST, {**move, "confirm": True})
        host.setdefault(state["round"], Counter())[move["type"]] += 1
        if move["type"] == "next":
            phase = PHASE_NAMES[state["phase"]] if state["phase"] >= 0 else "setup"
            nexts[phase + (f"/{state['step']}" if state["step"] else "")] += 1
    state = tables.load(tid).state
    # A full round is one the game went all the way through (a round a castle fell in, or
    # the one the cap stopped in, is not).
    last = state["round"] if state["over"] and state["over"]["reason"] == "peace" else None
    full = [r for r in host if r >= 1 and (r < state["round"] or r == last)]
    return {
        "players": players,
        "rounds": len(full),
        "over": bool(state["over"]),
        "setup": dict(host.get(0, Counter())),
        "per_round": [dict(host[r]) for r in full],
        "total": dict(sum(host.values(), Counter())),
        "seat_actions": sum(seats.values()),
        "next_from": dict(nexts),
    }


def mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 2) if values else 0.0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=len(TABLES))
    parser.add_argument("--rounds", type=int, default=40, help="stop a game after this round")
    parser.add_argument("--quick", action="store_true", help="one short game (a smoke test)")
    args = parser.parse_args(argv)
    runs = TABLES[: args.games]
    if args.quick:
        runs, args.rounds = [(3, 2)], 3
    tables = Tables(Store(":memory:"), Hub())
    games = [play(tables, n, seed, args.rounds) for n, seed in runs]
    rounds = [r for g in games for r in g["per_round"]]
    types = sorted({t for g in games for t in g["total"]})
    figures = {
        "game": GAME_ID,
        "games": len(games),
        "full_rounds": len(rounds),
        "host_taps_per_round": mean([sum(r.values()) for r in rounds]),
        "host_taps_per_round_by_type": {t: mean([r.get(t, 0) for r in rounds]) for t in types},
        "host_taps_per_game": mean([sum(g["total"].values()) for g in games]),
        "host_taps_per_game_by_type": {
            t: mean([g["total"].get(t, 0) for g in games]) for t in types
        },
        "next_taps_per_round_by_phase": {
            k: round(sum(g["next_from"].get(k, 0) for g in games) / max(1, len(rounds)), 2)
            for k in sorted({k for g in games for k in g["next_from"]})
        },
        "rounds_per_game": mean([g["rounds"] for g in games]),
        "seat_actions_per_game": mean([g["seat_actions"] for g in games]),
        "per_game": [
            {
                "players": g["players"],
                "rounds": g["rounds"],
                "over": g["over"],
                "host_taps": sum(g["total"].values()),
                "by_type": g["total"],
            }
            for g in games
        ],
    }
    print(json.dumps(figures, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
