"""What a move changed, from its effect on the state: a value derived from the state is kept
while the entries it read are unchanged, and is then exactly what working it out afresh
gives.

Every recorded playthrough of every game is replayed through the real pipeline; after each
step the carried views, allowed actions, "what can I do now?" panels and outcomes of the
host and every seat equal the game's own functions run on the state as it is now.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion import create_app
from companion.games import GAMES
from companion.pipeline.effects import EVERYTHING, Carried, Reads, derive
from companion.pipeline.tables import Viewer
from companion.web import cando, screens

from ..fixtures.tables import replay_log

LOGS = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "logs").glob("*.json"))


def test_reads_note_the_entries_read() -> None:
    state = {"turn": 1, "health": [3, 2], "hands": [[], []]}
    reads = Reads(state)
    assert reads["turn"] == 1
    assert reads.get("health") == [3, 2]
    assert "phase" not in reads
    assert reads.noted() == {"turn", "health", "phase"}
    whole = Reads(state)
    assert sorted(whole) == ["hands", "health", "turn"]
    assert whole.noted() is EVERYTHING


def test_a_value_is_kept_while_what_it_read_is_unchanged() -> None:
    made: list[int] = []

    def turn_of(state: Any) -> dict[str, int]:
        made.append(state["turn"])
        return {"turn": state["turn"]}

    carried = Carried()
    first = carried.value("turn", {"turn": 0, "health": [3]}, turn_of)
    # Another entry changed: the very same object, not worked out again.
    assert carried.value("turn", {"turn": 0, "health": [2]}, turn_of) is first
    # The entry it read changed: worked out again.
    assert carried.value("turn", {"turn": 1, "health": [2]}, turn_of) == {"turn": 1}
    assert made == [0, 1]


def test_a_copy_or_a_real_dict_needed_counts_as_reading_everything() -> None:
    state = {"turn": 0, "health": [3]}
    copied = derive(state, lambda s: dict(s.items()) | {"copy": json.dumps(dict(s))})
    assert copied.reads is EVERYTHING
    # A function that needs dict methods runs on the real state, and reads it whole.
    needs_dict = derive(state, lambda s: s.copy())
    assert needs_dict.reads is EVERYTHING and needs_dict.value == state
    carried = Carried()
    first = carried.value("all", state, lambda s: s.copy())
    assert carried.value("all", {"turn": 0, "health": [2]}, lambda s: s.copy()) is not first


def _fresh_view(game: Any, state: Any, actor: int | None) -> dict[str, Any]:
    if actor is None or game.private_view is None:
        return game.view(state, actor)
    return {**game.view(state, None), "me": game.private_view(state, actor)}


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return create_app({"DATABASE": str(tmp_path / "t.db"), "TESTING": True, "SECRET_KEY": "e"})


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_carried_values_equal_fresh_ones_at_every_step(app: Flask, path: Path) -> None:
    data = json.loads(path.read_text())
    game = GAMES[data["game"]]
    tables = app.extensions["tables"]
    actors: list[int | None] = [None, *range(len(data["players"]))]
    last: dict[Any, Any] = {}
    kept: Counter[str] = Counter()
    for _n, _step in replay_log(tables, "effects", data):
        loaded = tables.load("effects")
        state = loaded.state
        assert screens.result(loaded) == game.outcome(state)
        for actor in actors:
            view = loaded.view(actor)
            assert view == _fresh_view(game, state, actor)
            if not loaded.over:
                allowed = screens.allowed(loaded, actor)
                assert allowed == game.allowed(state, actor)
                panel = cando.now(
                    loaded, Viewer("host") if actor is None else Viewer("seat", actor)
                )
                assert panel == cando._panel(game, state, actor)
                kept["allowed"] += allowed is last.get(("allowed", actor))
                last[("allowed", actor)] = allowed
            kept["view"] += view is last.get(("view", actor))
            last[("view", actor)] = view
    # The point of it: on a real game's moves some screens' values are kept as they were.
    assert kept["view"] + kept["allowed"] > 0, kept
