"""The durable store on a real SQLite file: who may read it, a database that cannot be written,
an older schema, and tables leaving memory."""

from __future__ import annotations

import json
import sqlite3
import stat

import pytest

from companion.games.example import GAME as TALLY
from companion.pipeline.live import Hub
from companion.pipeline.tables import HOST, Tables
from companion.store.log import CannotSave, Store

# The schema of the first release, before notes, barriers and phone counts.
OLD_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players TEXT NOT NULL,
    options TEXT NOT NULL, seed INTEGER NOT NULL, host_hash TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL);
CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
    join_code TEXT UNIQUE, used_code_hash TEXT, token_hash TEXT, PRIMARY KEY (table_id, seat));
CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL,
    actor INTEGER, action TEXT NOT NULL, events TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0, at REAL NOT NULL, PRIMARY KEY (table_id, seq));
"""


@pytest.fixture
def tally():
    from companion.games import GAMES

    GAMES.setdefault(TALLY.id, TALLY)
    yield
    GAMES.pop(TALLY.id, None)


def test_the_database_is_readable_by_its_owner_only_in_a_folder_of_its_own(tmp_path):
    path = tmp_path / "fresh" / "nested" / "companion.db"
    Store(path).close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    # A database an earlier release left world-readable is closed up when opened.
    chosen = tmp_path / "mine"
    chosen.mkdir(mode=0o755)
    chosen.chmod(0o755)
    old = chosen / "old.db"
    old.touch(mode=0o644)
    old.chmod(0o644)
    Store(old).close()
    assert stat.S_IMODE(old.stat().st_mode) == 0o600
    # A folder the user chose is theirs: it is not changed.
    assert stat.S_IMODE(chosen.stat().st_mode) == 0o755


def test_a_read_only_database_refuses_with_cannot_save_and_changes_nothing(tmp_path, tally):
    store = Store(tmp_path / "ro.db")
    tables = Tables(store, Hub())
    created = tables.create("tally", ["Ann", "Bo"], {})
    tables.act(created.id, HOST, {"type": "add", "seat": 0, "n": 2})
    store._conn.execute("PRAGMA query_only=ON")  # the file as a read-only mount leaves it
    with pytest.raises(CannotSave):
        tables.act(created.id, HOST, {"type": "add", "seat": 0, "n": 3})
    assert tables.load(created.id).state["players"][0]["score"] == 2
    store._conn.execute("PRAGMA query_only=OFF")
    tables.act(created.id, HOST, {"type": "add", "seat": 0, "n": 1})
    assert Tables(store, Hub()).replay(created.id)["players"][0]["score"] == 3


def test_a_full_disk_refuses_with_cannot_save_and_the_web_says_nothing_was_lost(app, client):
    store = app.extensions["store"]
    created = client.post("/api/tables", json={"game": "tally", "players": ["Ann", "Bo"]}).json
    url = f"/api/tables/{created['id']}/actions"
    host = {"Authorization": f"Bearer {created['host_token']}"}
    # The file may not grow by a single page: the disk is full.
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count={pages}")
    replies = []
    for _ in range(300):  # each action fills the last free space a little more
        version = client.get(f"/api/tables/{created['id']}").json["version"]
        reply = client.post(url, json={"type": "add", "seat": 0, "n": 0}, headers=host)
        replies.append(reply.status_code)
        if reply.status_code != 200:
            break
    assert reply.status_code == 503, replies
    assert reply.json["error"]["code"] == "cannot_save"
    assert "Nothing that was saved before is lost" in reply.json["error"]["message"]
    assert client.get(f"/api/tables/{created['id']}").json["version"] == version
    zh = client.post(
        url, json={"type": "add", "seat": 0, "n": 0}, headers={**host, "Accept-Language": "zh-TW"}
    )
    assert zh.status_code == 503 and "無法儲存" in zh.json["error"]["message"]
    store._conn.execute("PRAGMA max_page_count=1073741823")
    assert (
        client.post(url, json={"type": "add", "seat": 0, "n": 1}, headers=host).status_code == 200
    )


def test_a_database_made_by_the_first_release_is_upgraded_in_place(tmp_path, tally):
    path = tmp_path / "first.db"
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute(
        "INSERT INTO tables VALUES ('t1', 'tally', ?, '{}', 7, 'h', 2, 0)",
        (json.dumps(["Ann", "Bo"]),),
    )
    db.execute("INSERT INTO seats(table_id, seat, join_code) VALUES ('t1', 0, 'code-ann-0000')")
    db.execute("INSERT INTO seats(table_id, seat, join_code) VALUES ('t1', 1, 'code-bo-00000')")
    for seq, n in ((1, 2), (2, 3)):
        db.execute(
            "INSERT INTO actions VALUES ('t1', ?, NULL, ?, ?, 0, 0)",
            (
                seq,
                json.dumps({"type": "add", "seat": 0, "n": n}),
                json.dumps([{"type": "Scored", "seat": 0, "name": "Ann", "n": n}]),
            ),
        )
    db.commit()
    db.close()
    store = Store(path)
    tables = Tables(store, Hub())
    assert tables.load("t1").state["players"][0]["score"] == 5
    # The old rows are game rows: undo works on them, and leaves a note.
    tables.undo("t1", HOST)
    assert tables.load("t1").state["players"][0]["score"] == 2
    assert store.phones("t1") == [0, 0]
    assert [r.kind for r in store.actions("t1")] == ["game", "game", "note"]


def test_tables_nobody_watches_leave_memory_and_come_back_from_the_log(tmp_path, tally):
    tables = Tables(Store(tmp_path / "idle.db"), Hub())
    tables.max_cached = 3
    ids = [tables.create("tally", ["Ann", "Bo"], {}).id for _ in range(8)]
    watched = tables.hub.subscribe(ids[0])
    for tid in ids:
        tables.act(tid, HOST, {"type": "add", "seat": 1, "n": 4})
    # The watched table stays, however long ago it was used; the rest keep to the cap.
    assert tables.cached() <= 4
    assert ids[0] in tables._cache
    for tid in ids:
        assert tables.load(tid).state["players"][1]["score"] == 4
    watched.close()
    # Idle for longer than the limit: everything unwatched leaves at the next sweep.
    tables.idle_seconds = 0
    tables._next_sweep = 0
    tables.load(ids[-1])
    assert tables.cached() <= 1
