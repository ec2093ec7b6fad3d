"""Replay: how long rebuilding a table's state from a 1,000-action log takes, per game.

For each registered game a log is built by random legal play through the real pipeline
(random actors, action types from ``allowed``, parameters drawn from their specs; refusals
are simply not logged; an action that would end the game is undone, so the log keeps
growing, until every way on ends it: a Quorsum match to 15 points, the longest its rules
allow, ends after a few hundred actions, so its figure is also given per 1,000 actions).
Then the state is rebuilt from the log several times and timed.

    python benchmarks/replay.py [--actions 1000] [--quick]

Prints one JSON line: per game the log length and the median/max rebuild time in ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from companion.games import GAMES
from companion.games.kit import Param, RulesError
from companion.games.kit.driver import action_rng, fresh_copy
from companion.games.kit.params import coerce
from companion.pipeline.live import Hub
from companion.pipeline.tables import HOST, Tables, Viewer
from companion.store.log import Store


def random_value(param: Param, players: int, rng: random.Random) -> Any:
    lo = param.min if param.min is not None else -3
    hi = param.max if param.max is not None else 6
    kind = param.kind
    if kind == "int":
        return rng.randint(lo, min(hi, lo + 12))
    if kind == "seat":
        return rng.randrange(players)
    if kind == "choice":
        return rng.choice(param.choices)
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "ints":
        return [rng.randint(lo, min(hi, lo + 6)) for _ in range(rng.randint(1, 5))]
    if kind == "seats":
        return rng.sample(range(players), rng.randint(1, players))
    if kind == "choices":
        return [rng.choice(param.choices) for _ in range(rng.randint(1, 5))]
    return "x"


# Table options for a long game, where the game has them: a Quorsum match to 15 points
# lasts many games, so random play grows one real log instead of ending (and undoing) a
# short game over and over.
LONG_GAME = {"quorsum": {"match_points": 15, "stalemate_turns": 20}}
# Game ends undone in a row after which the builder stops: a Quorsum match that reached its
# last points cannot go on, and trying thousands of times only fills the log with undone rows.
STUCK_AT_END = 300


def build_log(tables: Tables, game_id: str, actions: int, rng: random.Random) -> str:
    game = GAMES[game_id]
    players = [f"P{n}" for n in range(game.max_players)]
    table_id = tables.create(game_id, players, LONG_GAME.get(game_id, {})).id
    viewers = [HOST] + [Viewer("seat", n) for n in range(len(players))]
    logged = attempts = ended = 0
    while logged < actions and attempts < actions * 60:
        attempts += 1
        loaded = tables.load(table_id)
        viewer = rng.choice(viewers)
        allowed = game.allowed(loaded.state, viewer.actor)
        if not allowed:
            continue
        spec = game.actions[rng.choice(allowed)]
        body: dict[str, Any] = {"type": spec.type}
        for param in spec.params:
            if param.optional and rng.random() < 0.4:
                continue
            body[param.name] = random_value(param, len(players), rng)
        try:
            # A move that would end the game is left out (the end is a barrier no undo
            # crosses): the log plays on as long as this game can.
            params = coerce(
                spec.params, {k: v for k, v in body.items() if k != "type"}, len(players)
            )
            trial = fresh_copy(loaded.state)
            spec.fn(trial, viewer.actor, params, action_rng(loaded.seed, loaded.next_seq))
            if game.result(trial) is not None:
                ended += 1
                if ended >= STUCK_AT_END:
                    break  # every way on ends the game: the log is as long as this game gets
                continue
            tables.act(table_id, viewer, body)
        except RulesError:
            continue
        logged += 1
        ended = 0
    return table_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.actions, args.repeat = 60, 2
    out: dict[str, Any] = {"benchmark": "replay", "target_ms": 50, "games": {}}
    # The log is built and read in memory: this measures the fold, not the disk
    # (every real action is fsynced; that cost is the fan-out benchmark's).
    store = Store(":memory:")
    tables = Tables(store, Hub())
    for game_id in sorted(GAMES):
        # Each game its own seed, so one game's log does not depend on the games before it.
        rng = random.Random(f"replay:{game_id}")
        began = time.perf_counter()
        table_id = build_log(tables, game_id, args.actions, rng)
        print(f"{game_id}: log built in {time.perf_counter() - began:.1f} s", file=sys.stderr)
        rows = store.actions(table_id, abandoned=True)
        active = sum(1 for r in rows if r.undone == 0)
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            tables.replay(table_id)
            times.append((time.perf_counter() - start) * 1000)
        out["games"][game_id] = {
            "actions": active,
            # Rows the rebuild must read past (each undone game end, then replaced): a real
            # table has few; a random player that keeps ending the game leaves thousands.
            "abandoned_rows": sum(1 for r in rows if r.undone == 2),
            "median_ms": round(statistics.median(times), 2),
            "max_ms": round(max(times), 2),
            # Where random play could not grow the log to the full length (a game that keeps
            # ending), the same per-action cost scaled to the target length.
            "per_1000_actions_ms": round(statistics.median(times) * 1000 / max(1, active), 2),
        }
    store.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
