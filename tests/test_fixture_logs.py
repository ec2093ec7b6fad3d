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
from companion.pipeline.tables import Tables
from companion.store.log import Store

from .fixtures.tables import final_of, replay_log, seat_recorded, step_views, write_log

LOGS = sorted((Path(__file__).resolve().parent / "fixtures" / "logs").glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def test_every_game_has_recorded_playthroughs_that_reach_the_end():
    games = {load(p)["game"] for p in LOGS}
    assert games == set(GAMES)
    assert all(load(p)["over"] for p in LOGS)


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
    tables = Tables(Store(":memory:"), Hub())
    seat_recorded(tables.store, "fixture", data)
    write_log(tables.store, "fixture", data["log"])
    assert json.loads(json.dumps(final_of(tables, "fixture"))) == data["final"]


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_played_again_every_step_shows_every_viewer_the_same(path):
    data = load(path)
    tables = Tables(Store(":memory:"), Hub())
    for n, step in replay_log(tables, "fixture", data):
        got = step_views(tables, "fixture")
        assert got == step["views"], f"step {n} ({step}) shows something else"
