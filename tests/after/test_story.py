"""The story of the night, for every recorded playthrough: each step shows exactly what the
table screen showed at its end (the public view's charted numbers and round) and, step after
step, exactly the public history of the moves that stayed (undone ones left out).

The expected values come from playing the recording again through the real pipeline (undo
and redo included) and reading the table screen's view after each step, not from the story's
own fold.
"""

from __future__ import annotations

import copy
import json
import shutil
import time
from pathlib import Path

import pytest

from companion.after import archive, story
from companion.pipeline.live import Hub
from companion.pipeline.tables import Tables
from companion.store.log import Store
from companion.text import T
from companion.web.screens import describe

from ..fixtures.tables import replay_log, seat_recorded, write_log

LOGS = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "logs").glob("*.json"))


def last_live_seq(tables: Tables, table_id: str) -> int:
    """The newest move that counts (not undone, not a note): 0 before the first."""
    rows = tables.load(table_id).rows
    return max((r.seq for r in rows if r.undone == 0 and not r.is_note), default=0)


def public_views_by_seq(tables: Tables, table_id: str, data: dict) -> dict[int, dict]:
    """The table screen's view after each move, played through the pipeline: by the seq of
    the newest move that counts (when a move is written, the moves that count before it
    are exactly those that stay before it in the end: undo takes back the newest first)."""
    seen: dict[int, dict] = {}
    steps = replay_log(tables, table_id, data)
    loaded = tables.load(table_id)
    seen[0] = copy.deepcopy(loaded.game.view(loaded.state, None))
    for _n, _step in steps:
        loaded = tables.load(table_id)
        seen[last_live_seq(tables, table_id)] = copy.deepcopy(loaded.game.view(loaded.state, None))
    return seen


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_every_step_of_the_story_is_what_the_table_screen_showed(path: Path) -> None:
    data = json.loads(path.read_text())
    tables = Tables(Store(":memory:"), Hub())
    views = public_views_by_seq(tables, "played", data)
    told = story.build(tables, "played")
    game = told.game
    assert game.story_series is not None
    seats = len(data["players"])

    assert told.start == story.numbers_of(game, views[0], seats)
    assert told.steps and told.steps[-1].last_seq == max(views)
    for step in told.steps:
        view = views[step.last_seq]
        assert step.numbers == story.numbers_of(game, view, seats), step.title
        if isinstance(view.get("round"), int):
            assert step.title == T("Round {n}", n=view["round"])

    # The public history of the moves that stayed, in order, and nothing else.
    loaded = tables.load("played")
    expected = [
        (None if r.actor is None else data["players"][r.actor], describe(loaded, e))
        for r in tables.store.actions("played")
        if not r.undone and not r.is_note
        for e in r.events
        if "to" not in e
    ]
    assert [line for step in told.steps for line in step.lines] == expected


def test_a_game_with_rounds_is_told_round_by_round_and_the_rounds_go_up() -> None:
    data = json.loads((LOGS[0].parent / "samurai-sword-3p-11.json").read_text())
    tables = Tables(Store(":memory:"), Hub())
    seat_recorded(tables.store, "t", data)
    write_log(tables.store, "t", data["log"])
    titles = [s.title for s in story.build(tables, "t").steps]
    assert titles == [T("Round {n}", n=n) for n in range(1, len(titles) + 1)]


def test_a_long_game_is_told_without_taking_seconds() -> None:
    data = json.loads((LOGS[0].parent / "art-of-war-5p-53.json").read_text())
    tables = Tables(Store(":memory:"), Hub())
    seat_recorded(tables.store, "long", data)
    write_log(tables.store, "long", data["log"])
    started = time.perf_counter()
    told = story.build(tables, "long")
    took = time.perf_counter() - started
    assert len(told.steps) >= 4
    # Generous for a loaded machine (one fold takes well under a second): a fold per step
    # or per move would take many times this.
    assert took < 10


def test_the_previous_releases_finished_plays_tell_their_stories(tmp_path) -> None:
    release = LOGS[0].parent.parent / "db" / "release-2026-11.sqlite"
    copy = tmp_path / "release.sqlite"
    shutil.copy(release, copy)
    tables = Tables(Store(str(copy)), Hub())
    try:
        archive.catch_up(tables)  # what the app does once at start-up
        played = archive.plays(tables)
        assert {p.game_id for p in played} == {
            "samurai-sword",
            "quorsum",
            "three-kingdoms",
            "art-of-war",
        }
        for play in played:
            told = story.build(tables, play.table_id)
            assert told.steps and told.labels, play.game_id
            assert any(step.lines for step in told.steps)
    finally:
        tables.store.close()
