"""The results archive: finished games kept with their public outcome; records by player.

Also the upgrade promise: a database made by the previous release (tests/fixtures/db,
made with the release's own code) opens with this one, keeps every table, and its finished
games appear in the archive.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from companion.after import archive
from companion.pipeline.live import Hub
from companion.pipeline.tables import HOST, Tables
from companion.store.log import Store

from ..fixtures.tables import tally

RELEASE_DB = Path(__file__).resolve().parents[1] / "fixtures" / "db" / "release-2026-11.sqlite"


def test_a_finished_game_is_archived_with_its_outcome_and_a_running_one_is_not(app):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10]).id
    running = tables.create("tally", ["Cy", "Di"], {}).id
    played = archive.plays(tables)
    assert [p.table_id for p in played] == [done]
    play = played[0]
    assert play.game_id == "tally" and play.players == ["Ann", "Bo"]
    assert play.winners == ["Bo"]
    assert play.ended >= play.created
    assert {r["name"]: r["score"] for r in play.rows()} == {"Ann": 3, "Bo": 10}
    assert archive.play(tables, running) is None


def test_hiding_keeps_a_play_out_of_the_list_but_in_the_archive(app):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [1, 10]).id
    archive.set_hidden(tables, done, True)
    assert archive.plays(tables) == []
    assert archive.play(tables, done).hidden
    archive.set_hidden(tables, done, False)
    assert [p.table_id for p in archive.plays(tables)] == [done]


def test_records_match_players_by_name_and_merged_spellings(app):
    tables = app.extensions["tables"]
    tally(tables, ["Ann", "Bo"], [3, 10])
    tally(tables, ["ann ", "Bo"], [10, 1])
    tally(tables, ["Annie", "Cy"], [2, 10])
    mine = {r.name: r for r in archive.records(archive.plays(tables))}
    assert mine["Ann"].plays == 2 and mine["Ann"].wins == 1
    assert mine["Annie"].plays == 1
    archive.merge(tables, "Annie", "Ann")
    merged = {r.name: r for r in archive.records(archive.plays(tables), archive.aliases(tables))}
    assert "Annie" not in merged
    ann = merged["Ann"]
    assert (ann.plays, ann.wins) == (3, 1)
    assert sorted(ann.games["tally"].scores) == [2, 3, 10]
    assert ann.games["tally"].best == 10 and ann.games["tally"].average == 5


def test_a_database_from_the_previous_release_opens_and_fills_the_archive(tmp_path):
    copy = tmp_path / "old.sqlite"
    shutil.copy(RELEASE_DB, copy)
    tables = Tables(Store(copy), Hub())
    try:
        archive.catch_up(tables)  # what the app does once at start-up
        ids = [r[0] for r in tables.store.query("SELECT id FROM tables ORDER BY id")]
        assert len(ids) == 6
        for table_id in ids:
            tables.load(table_id)  # every table rebuilds from its log
        finished = {p.game_id for p in archive.plays(tables)}
        assert finished == {"samurai-sword", "quorsum", "three-kingdoms", "art-of-war"}
        # It keeps working: the running table takes a new action.
        running = next(t for t in ids if archive.play(tables, t) is None and t != "B-TcHFUz")
        before = tables.load(running).version
        tables.act(running, HOST, {"type": "next_phase"})
        assert tables.load(running).version == before + 1
    finally:
        tables.store.close()
