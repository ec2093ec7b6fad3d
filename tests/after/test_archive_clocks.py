"""The archive's clocks: a finished play keeps each seat's total and longest turn, its JSON
export carries them, an import keeps them, and a file from before the clocks (none) or with
nonsense in them is handled as the schema says. A database from the previous release loads
with the clocks off."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from companion.after import exports
from companion.errors import BadInput, RulesError
from companion.pipeline.live import Hub
from companion.pipeline.tables import HOST, Tables
from companion.store.log import Store

from .test_exports import exported, plain, sword_play

RELEASE_DB = Path(__file__).resolve().parents[1] / "fixtures" / "db" / "release-2026-11.sqlite"
TIMES = {"seconds": [300, 420, 95, 610], "longest": [60, 90, 30, 200]}


def test_an_exported_play_with_clocks_imports_with_them_and_an_old_file_without():
    timed = sword_play(result={**sword_play().result, "clocks": TIMES})
    back = exports.parse_archive(exported(timed))[0]
    assert back.result["clocks"] == TIMES
    assert [c["seconds"] for c in back.clocks()] == TIMES["seconds"]
    assert [c["name"] for c in back.clocks()] == timed.players
    rows = exports.to_csv([back], plain).decode("utf-8-sig").splitlines()
    assert rows[0].endswith('"clock_s","longest_turn_s"')
    assert rows[1].endswith('"300","60"') and rows[4].endswith('"610","200"')
    old = exports.parse_archive(exported(sword_play()))[0]
    assert old.result.get("clocks") is None and old.clocks() == []


@pytest.mark.parametrize(
    "clocks",
    [
        {"seconds": [-1, 0, 0, 0], "longest": [0, 0, 0, 0]},
        {"seconds": ["5", 0, 0, 0], "longest": [0, 0, 0, 0]},
        {"seconds": [0] * 21, "longest": [0] * 21},
    ],
)
def test_clocks_out_of_bounds_in_an_imported_file_are_refused(clocks):
    data = json.loads(exported(sword_play()))
    data["plays"][0]["result"]["clocks"] = clocks
    with pytest.raises(BadInput):
        exports.parse_archive(json.dumps(data).encode())


def test_a_stored_result_with_odd_clocks_shows_none_rather_than_failing():
    play = sword_play()
    for odd in ({"seconds": [1, 2], "longest": [1, 2]}, {"seconds": "x"}, [1, 2]):
        assert replace(play, result={**play.result, "clocks": odd}).clocks() == []


def test_the_previous_releases_tables_load_with_the_clocks_off(tmp_path):
    copy = tmp_path / "release.sqlite"
    shutil.copy(RELEASE_DB, copy)
    tables = Tables(Store(copy), Hub())
    try:
        ids = [r[0] for r in tables.store.query("SELECT id FROM tables ORDER BY id")]
        assert ids
        for table_id in ids:
            assert tables.load(table_id).clocks is None
        with pytest.raises(RulesError) as refused:
            tables.pause_clocks(ids[0], HOST, True)
        assert refused.value.code == "no_clocks"
    finally:
        tables.store.close()
