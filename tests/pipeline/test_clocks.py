"""The clocks: the pure fold of the log's times, and the pipeline that keeps it per table.

Time is the store's clock, which the tests set: nothing here waits on the real clock.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import create_app
from companion.errors import NotAllowed, RulesError
from companion.games import GAMES
from companion.games.example import GAME as TALLY
from companion.pipeline.clocks import Clocks
from companion.pipeline.tables import HOST, Tables, Viewer
from tests.fixtures.waits import eventually

# -- the fold, pure -------------------------------------------------------------------------


def test_a_turn_game_charges_each_span_to_the_seat_whose_turn_it_was():
    c = Clocks.start(3)
    c.step(0.0, (0,))  # the table waits on Ann
    c.step(20.0, (1,))  # Ann took 20 s; now Bo
    c.step(65.0, (2,))  # Bo took 45 s; now Cy
    now = c.reading(75.0)
    assert now.seconds == [20, 45, 10]
    assert now.running == [2] and now.turn == {2: 10}
    assert now.closed == [20, 45, 0] and now.open_for == 10


def test_a_sealed_round_charges_every_seat_not_yet_locked_at_once():
    c = Clocks.start(3)
    c.step(0.0, (0, 1, 2))  # a bid opens for everyone
    c.step(10.0, (1, 2))  # Ann locked after 10 s
    c.step(40.0, (2,))  # Bo locked after 40 s
    now = c.reading(50.0)
    assert now.seconds == [10, 40, 50]
    assert now.running == [2] and now.waiting == [2]


def test_paused_time_counts_for_nobody():
    c = Clocks.start(2)
    c.step(0.0, (0,))
    c.step(30.0, (0,), paused=True)  # 30 s of Ann's turn, then the host paused
    assert c.reading(500.0).seconds == [30, 0] and c.reading(500.0).running == []
    assert c.reading(500.0).paused and c.reading(500.0).waiting == [0]
    c.step(600.0, (0,), paused=False)  # resumed: the pause's 570 s count for nobody
    assert c.reading(605.0).seconds == [35, 0]
    assert c.reading(605.0).longest == [35, 0]  # the turn went on across the pause


def test_undo_takes_back_the_undone_turns_time():
    # Ann acts at 10 (Bo's turn), Bo acts at 50 (Cy's turn), the host undoes Bo's action at
    # 60: folded from the log, Bo's undone row is no active row, and the span that ends at
    # the undo counts for nobody, so Bo's 40 s and Cy's 10 s are gone.
    c = Clocks.start(3)
    c.step(10.0, (1,))
    c.step(60.0, (1,), cursor=True)
    assert c.reading(60.0).seconds == [0, 0, 0]
    assert c.reading(70.0).seconds == [0, 10, 0]


def test_the_longest_turn_is_the_longest_unbroken_wait_on_a_seat():
    c = Clocks.start(2)
    c.step(0.0, (0,))
    c.step(10.0, (0,))  # Ann acted but it is still her turn: one turn of 25 s
    c.step(25.0, (1,))
    c.step(30.0, (0,))
    c.step(35.0, (1,))  # Ann's second turn: 5 s
    now = c.reading(35.0)
    assert now.seconds == [30, 5] and now.longest == [25, 5]
    assert c.reading(100.0).longest == [25, 65]  # Bo's running turn counts as it runs


# -- through the pipeline, on a real SQLite file --------------------------------------------


class Time:
    """The store's clock, set by the test."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _app(db: Path | str, time: Time) -> Any:
    app = create_app({"DATABASE": str(db), "TESTING": True, "PUBLIC_URL": "http://x"})
    app.extensions["store"].clock = time
    return app


@pytest.fixture
def made(tmp_path: Path) -> Iterator[tuple[Any, Tables, Time, Path]]:
    GAMES.setdefault(TALLY.id, TALLY)
    time = Time()
    db = tmp_path / "clocks.db"
    app = _app(db, time)
    yield app, app.extensions["tables"], time, db
    app.extensions["store"].close()
    GAMES.pop(TALLY.id, None)


def _reading(tables: Tables, table_id: str, now: float) -> Any:
    clocks = tables.load(table_id).clocks
    assert clocks is not None
    return clocks.reading(now)


def test_times_come_from_the_log_and_survive_a_restart(made):
    app, tables, time, db = made
    tid = tables.create("tally", ["Ann", "Bo", "Cy"], {"clocks": True}).id
    time.now += 12
    tables.act(tid, Viewer("seat", 0), {"type": "end_turn"})
    time.now += 30
    tables.act(tid, Viewer("seat", 1), {"type": "end_turn"})
    time.now += 5
    before = _reading(tables, tid, time.now)
    # Ann's first turn ran from when the table was set up: nothing was logged before it.
    assert before.seconds == [12, 30, 5] and before.running == [2]
    restarted = _app(db, time)
    try:
        again = restarted.extensions["tables"]
        assert _reading(again, tid, time.now) == before
    finally:
        restarted.extensions["store"].close()


def test_pause_and_resume_are_notes_of_the_host_and_stop_every_clock(made):
    _app_, tables, time, _db = made
    tid = tables.create("tally", ["Ann", "Bo"], {"clocks": True}).id
    tables.act(tid, Viewer("seat", 0), {"type": "end_turn"})
    time.now += 20
    tables.pause_clocks(tid, HOST, True)
    with pytest.raises(RulesError):
        tables.pause_clocks(tid, HOST, True)
    with pytest.raises(NotAllowed):
        tables.pause_clocks(tid, Viewer("seat", 1), False)
    time.now += 300
    paused = _reading(tables, tid, time.now)
    assert paused.paused and paused.running == [] and paused.seconds == [0, 20]
    tables.pause_clocks(tid, HOST, False)
    time.now += 4
    assert _reading(tables, tid, time.now).seconds == [0, 24]
    # Rebuilt from the log, the same.
    rebuilt = tables._rebuild(tid).clocks
    assert rebuilt is not None and rebuilt.reading(time.now).seconds == [0, 24]


def test_an_undone_turn_counts_for_nobody_through_the_pipeline(made):
    _app_, tables, time, _db = made
    tid = tables.create("tally", ["Ann", "Bo", "Cy"], {"clocks": True}).id
    tables.act(tid, Viewer("seat", 0), {"type": "end_turn"})
    time.now += 40
    tables.act(tid, Viewer("seat", 1), {"type": "end_turn"})
    time.now += 10
    tables.undo(tid, HOST, confirm=True)
    assert _reading(tables, tid, time.now).seconds == [0, 0, 0]
    time.now += 7
    assert _reading(tables, tid, time.now).seconds == [0, 7, 0]
    assert tables._rebuild(tid).clocks.reading(time.now).seconds == [0, 7, 0]


def test_a_table_without_the_option_keeps_no_clocks_and_cannot_pause(made):
    _app_, tables, _time, _db = made
    tid = tables.create("tally", ["Ann", "Bo"], {}).id
    assert tables.load(tid).clocks is None
    with pytest.raises(RulesError):
        tables.pause_clocks(tid, HOST, True)


def test_another_process_follows_the_clocks_row_by_row_as_a_rebuild_would(pg_cluster):
    # Two apps on one PostgreSQL database stand in for two server processes: the one that
    # did not write hears of each change and applies the rows (a pause among them).
    GAMES.setdefault(TALLY.id, TALLY)
    url = pg_cluster.create_database()
    time = Time()
    one, two = _app(url, time), _app(url, time)
    try:
        writer, reader = one.extensions["tables"], two.extensions["tables"]
        tid = writer.create("tally", ["Ann", "Bo"], {"clocks": True}).id
        reader.load(tid)
        time.now += 10
        writer.act(tid, Viewer("seat", 0), {"type": "end_turn"})
        time.now += 6
        writer.pause_clocks(tid, HOST, True)
        version = writer.load(tid).version
        assert eventually(lambda: reader.load(tid).version == version, timeout=60)
        time.now += 100
        heard = _reading(reader, tid, time.now)
        assert heard == _reading(writer, tid, time.now)
        assert heard.paused and heard.seconds == [10, 6]
        assert reader._rebuild(tid).clocks.reading(time.now) == heard
    finally:
        one.extensions["store"].close()
        two.extensions["store"].close()
        pg_cluster.drop_database(url.rsplit("/", 1)[1])
        GAMES.pop(TALLY.id, None)
