"""Recorded games replay to byte-identical views: the contract any refactor of a game keeps.

``tests/fixtures/logs/`` holds full playthroughs of every game (undo and redo included),
recorded through the real pipeline with ``python -m tests.fixtures.record``. Each must:

- still name only action types and parameters the game accepts, unchanged;
- rebuild from its stored log to exactly the recorded final views, result and history;
- played again step by step through the pipeline, give every viewer exactly the recorded view
  (and history lines) after every step.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.games.kit.params import coerce
from companion.pipeline.live import Hub
from companion.pipeline.tables import HOST, Tables, Viewer
from companion.store.log import Store

from .fixtures.record import fingerprint, lines_of

LOGS = sorted((Path(__file__).resolve().parent / "fixtures" / "logs").glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def test_every_game_has_recorded_playthroughs_that_reach_the_end():
    games = {load(p)["game"] for p in LOGS}
    assert games == set(GAMES)
    assert all(load(p)["over"] for p in LOGS)


def fresh(data: dict) -> tuple[Tables, str]:
    tables = Tables(Store(":memory:"), Hub())
    codes = [f"code-{n:02d}-fixture" for n in range(len(data["players"]))]
    tables.store.create_table(
        "fixture", data["game"], data["players"], data["options"], data["seed"], "host", codes
    )
    return tables, "fixture"


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_every_logged_action_keeps_its_type_and_parameters(path):
    data = load(path)
    game = GAMES[data["game"]]
    for row in data["log"]:
        if row["kind"] != "game":
            continue
        action = row["action"]
        spec = game.actions[action["type"]]
        params = {k: v for k, v in action.items() if k != "type"}
        # A parameter added since the log was recorded must be optional (old logs replay).
        added = {p.name: p.default for p in spec.params if p.name not in params and p.optional}
        assert coerce(spec.params, params, len(data["players"])) == {**params, **added}, action


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_the_stored_log_rebuilds_to_the_recorded_views(path):
    data = load(path)
    tables, tid = fresh(data)
    with tables.store.transaction() as db:
        for row in data["log"]:
            db.execute(
                "INSERT INTO actions(table_id, seq, actor, action, events, undone, at, kind,"
                " barrier) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)",
                (
                    tid,
                    row["seq"],
                    row["actor"],
                    json.dumps(row["action"]),
                    json.dumps(row["events"]),
                    row["undone"],
                    row["kind"],
                    None if row["barrier"] is None else json.dumps(row["barrier"]),
                ),
            )
    loaded = tables.load(tid)
    game = loaded.game
    final = data["final"]
    views = [game.view(loaded.state, v) for v in [None, *range(len(data["players"]))]]
    assert json.loads(json.dumps(views)) == final["views"]
    assert json.loads(json.dumps(game.outcome(loaded.state))) == final["result"]
    history = [
        [r.seq, lines_of(loaded, r.events)] for r in tables.store.actions(tid) if not r.undone
    ]
    assert json.loads(json.dumps(history)) == final["history"]


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_played_again_every_step_shows_every_viewer_the_same(path):
    data = load(path)
    tables, tid = fresh(data)
    for n, step in enumerate(data["steps"]):
        if step.get("undo"):
            tables.undo(tid, HOST, confirm=True)
        elif step.get("redo"):
            tables.redo(tid, HOST)
        else:
            actor = step["actor"]
            viewer = HOST if actor is None else Viewer("seat", actor)
            tables.act(tid, viewer, {**step["action"], "confirm": True})
        loaded = tables.load(tid)
        got = fingerprint(tables, tid, lines_of(loaded, loaded.rows[-1].events))
        assert got == step["views"], f"step {n} ({step}) shows something else"
