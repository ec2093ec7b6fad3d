"""The archive is kept by the writes that end a game, never by a page that shows it.

The game's end stores its play in the same transaction as the action; an undo that steps
back over the end of a game without secrets takes it out again, a redo puts it back. A
database from before that (games that ended with no play stored) is brought up to date
once, when the app starts. The archive's pages only read: a GET commits nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from flask import Flask

from companion import create_app
from companion.after import archive
from companion.pipeline.tables import HOST, Tables

from ..fixtures.tables import replay_log, tally
from .test_plays import host_client

QUORSUM = Path(__file__).parent.parent / "fixtures" / "logs" / "quorsum-2p-31.json"


def quorsum_to_its_end(tables: Tables) -> str:
    """A recorded game of Quorsum (a game without secrets) played again to its last move."""
    data = json.loads(QUORSUM.read_text())
    for _step in replay_log(tables, "kept", data):
        pass
    assert tables.load("kept").over
    return "kept"


def listed(app: Flask) -> list[str]:
    return [p.table_id for p in archive.plays(app.extensions["tables"], hidden=True)]


def test_the_archives_pages_write_nothing(app, client):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10])
    running = tables.create("tally", ["Cy", "Di"], {})
    tables.act(running.id, HOST, {"type": "add", "seat": 0, "n": 2})
    store = app.extensions["store"]
    host = host_client(app, done)
    before = store.commits
    for path in ("/plays", "/plays?game=tally", f"/plays/{done.id}", "/plays/players"):
        assert client.get(path).status_code == 200, path
        assert host.get(path).status_code == 200, path
    assert store.commits == before
    assert listed(app) == [done.id]


def test_a_game_that_ends_is_archived_by_its_last_move_and_an_undo_takes_it_out(app, client):
    tables = app.extensions["tables"]
    store = app.extensions["store"]
    done = quorsum_to_its_end(tables)
    # Stored with the move that ended it, at that move's version.
    (row,) = store.query("SELECT version, result FROM plays WHERE table_id=?", (done,))
    assert row[0] == tables.load(done).version and row[1] is not None
    assert listed(app) == [done]
    assert f'href="/plays/{done}"' in client.get("/plays").get_data(as_text=True)
    # Quorsum has no secrets: the host may step back over its end, and the play goes.
    assert not tables.load(done).game.secrets
    tables.undo(done, HOST, confirm=True)
    assert listed(app) == []
    assert f'href="/plays/{done}"' not in client.get("/plays").get_data(as_text=True)
    tables.redo(done, HOST)
    assert listed(app) == [done]
    (again,) = store.query("SELECT version, result FROM plays WHERE table_id=?", (done,))
    assert again == (tables.load(done).version, row[1])


def test_an_older_databases_finished_games_are_archived_once_at_start_up(app, database):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10])
    tables.create("tally", ["Cy", "Di"], {})
    # As a database from before: the games ended, no play was stored, no catch-up was made.
    with app.extensions["store"].transaction() as db:
        db.execute("DELETE FROM plays")
        db.execute("DELETE FROM meta WHERE key=?", (archive.ARCHIVE_KEPT,))
    app.extensions["store"].close()
    again = create_app({"DATABASE": database, "TESTING": True, "PUBLIC_URL": "http://x"})
    try:
        assert listed(again) == [done.id]
        store = again.extensions["store"]
        assert store.setting(archive.ARCHIVE_KEPT) == "1"
        before = store.commits
        assert again.test_client().get("/plays").status_code == 200
        assert store.commits == before
    finally:
        again.extensions["store"].close()
