"""Backups and restore of a SQLite file: `companion backup` under load, `companion restore`
into a fresh folder, its refusals, and the automatic snapshots.

A real `companion serve` process and real files throughout; the waits are on events (a
reply, a file appearing), with generous bounds that only stop a hung test.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from companion.cli import main
from companion.store import migrations
from companion.store.log import Store
from companion.store.snapshots import AFTER_GAME, BEFORE_UPGRADE

from ..e2e.conftest import Server, play_recorded
from ..fixtures.commands import HUNG, companion

FIXTURE = Path(__file__).parents[1] / "fixtures" / "db" / "release-2026-11.sqlite"


def until(found, what: str):  # noqa: ANN001, ANN201 - a predicate and its value
    """Wait for ``found()`` to be truthy (an event: a file appearing), bounded only
    against a hang."""
    deadline = time.monotonic() + HUNG
    while time.monotonic() < deadline:
        value = found()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"never happened: {what}")


class Tapping:
    """A phone that keeps tapping a table through the JSON API on a thread while a test does
    something else: each acknowledged version in ``acked``; an error that stopped it in
    ``failed``. Entering waits for 3 moves acknowledged; leaving stops it."""

    def __init__(self, server: Server, table_id: str, token: str) -> None:
        self.acked: list[int] = []
        self.failed: list[str] = []
        self._stop = threading.Event()
        self._path = f"/api/tables/{table_id}/actions"
        self._server, self._token = server, token
        self._thread = threading.Thread(target=self._tap, daemon=True)

    def _tap(self) -> None:
        n = 0
        while not self._stop.is_set():
            body = {"type": "adjust", "seat": 0, "counter": "hand", "delta": 1 - 2 * (n % 2)}
            try:
                reply = self._server.api("POST", self._path, body, self._token)
            except (urllib.error.URLError, OSError) as err:
                self.failed.append(repr(err))
                return
            self.acked.append(reply["version"])
            n += 1

    def more(self, what: str, n: int = 3) -> None:
        """Wait until ``n`` more moves are acknowledged."""
        after = len(self.acked)
        until(lambda: len(self.acked) >= after + n, what)

    def __enter__(self) -> Tapping:
        self._thread.start()
        until(lambda: len(self.acked) >= 3, "moves acknowledged before the backup")
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(HUNG)


def page(base: str, path: str) -> str:
    """A page as a stranger sees it, without its per-session CSRF token."""
    with urllib.request.urlopen(base + path, timeout=10) as reply:
        html = reply.read().decode()
    html = re.sub(r'(name="csrf-token"\s+content=)"[^"]+"', r"\1", html)
    return re.sub(r'(-Token": )"[^"]+"', r"\1", html)


def views(server: Server, table_id: str, tokens: list[str | None]) -> list:
    """What the table's host, each seat and the public see, with the history."""
    return [server.api("GET", f"/api/tables/{table_id}", token=t) for t in tokens]


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_backup_under_load_restores_into_a_fresh_folder_with_the_same_tables(tmp_path):
    live = Server(tmp_path / "live" / "companion.db").start()
    try:
        # A finished game, whose end also writes a snapshot in the background.
        done, done_host, players = play_recorded(live, "quorsum-2p-31", "done")
        snapshot = until(
            lambda: sorted((tmp_path / "live" / "backups").glob(f"*-{AFTER_GAME}.db")),
            "a snapshot after the game's end",
        )[-1]
        with sqlite3.connect(snapshot) as conn:
            assert conn.execute("SELECT count(*) FROM plays WHERE table_id=?", (done,)).fetchone()
        # A table whose seats were claimed by phones, and one played on while backing up.
        claimed = live.api("POST", "/api/tables", {"game": "samurai-sword", "players": list("ABC")})
        seat_tokens = [
            live.api("POST", "/api/join", {"code": s["join_code"]})["token"]
            for s in claimed["seats"]
        ]
        busy = live.api("POST", "/api/tables", {"game": "samurai-sword", "players": list("ABCD")})
        busy_token = live.api("POST", "/api/join", {"code": busy["seats"][0]["join_code"]})["token"]

        with Tapping(live, busy["id"], busy_token) as tapping:
            before = tapping.acked[-1]
            backup = tmp_path / "off-the-pi" / "copy.db"
            made = companion("backup", str(backup), "--db", str(live.db))
            tapping.more("moves acknowledged after the backup")
        acked = tapping.acked
        assert made.returncode == 0, made.stderr
        assert str(backup) in made.stdout and re.search(
            r"\((\d+(\.\d)?) (bytes|KB|MB)\)", made.stdout
        )
        assert not tapping.failed  # every move was acknowledged while the backup ran

        # A running server's database is not restored over.
        refused = companion("restore", str(backup), "--db", str(live.db))
        assert refused.returncode == 1 and "stop it first" in refused.stderr

        host_and_seats = {
            done: [done_host, None],
            claimed["id"]: [claimed["host_token"], *seat_tokens, None],
        }
        saved = {t: views(live, t, tokens) for t, tokens in host_and_seats.items()}
        plays = page(live.base, "/plays")
    finally:
        live.stop()

    fresh = tmp_path / "fresh" / "companion.db"
    restored = companion("restore", str(backup), "--db", str(fresh))
    assert restored.returncode == 0, restored.stderr
    assert not list(fresh.parent.glob("*.before-restore-*"))  # there was nothing to move aside
    again = Server(fresh).start()
    try:
        for table_id, tokens in host_and_seats.items():
            assert views(again, table_id, tokens) == saved[table_id]
        assert page(again.base, "/plays") == plays
        # The busy table holds every move acknowledged before the backup began.
        busy_view = again.api("GET", f"/api/tables/{busy['id']}", token=busy["host_token"])
        assert before <= busy_view["version"] <= acked[-1]
        # A phone's token still opens its own seat, and the tables play on.
        mine = again.api("GET", f"/api/tables/{claimed['id']}", token=seat_tokens[1])
        assert mine == saved[claimed["id"]][2]
        body = {"type": "adjust", "seat": 0, "counter": "hand", "delta": 1}
        moved = again.api("POST", f"/api/tables/{busy['id']}/actions", body, busy_token)
        assert moved["version"] == busy_view["version"] + 1
    finally:
        again.stop()


@pytest.fixture
def current(tmp_path: Path) -> Path:
    """A database with a table in it, and a good backup of it beside."""
    db = tmp_path / "data" / "companion.db"
    store = Store(db)
    store.create_table("t1", "samurai-sword", ["A", "B", "C"], {}, 7, "host", ["a", "b", "c"])
    store.close()
    assert main(["backup", str(tmp_path / "good.db"), "--db", str(db)]) is None
    return db


def _refused(capsys, file: Path, db: Path) -> str:  # noqa: ANN001 - pytest's capsys
    before = {p.name: sha(p) for p in db.parent.iterdir() if p.is_file()}
    with pytest.raises(SystemExit) as exit:
        main(["restore", str(file), "--db", str(db)])
    # Untouched, byte for byte, and nothing moved aside.
    assert {p.name: sha(p) for p in db.parent.iterdir() if p.is_file()} == before
    return str(exit.value.code)


def test_restore_refuses_a_corrupt_a_truncated_and_a_newer_releases_file(tmp_path, current, capsys):
    good = (tmp_path / "good.db").read_bytes()
    corrupt = tmp_path / "corrupt.db"
    page_size = int.from_bytes(good[16:18], "big")
    # Page 2 onwards overwritten with noise: the header still says SQLite.
    corrupt.write_bytes(good[:page_size] + bytes(range(256)) * (len(good) // 256 - 16))
    assert "damaged" in _refused(capsys, corrupt, current)

    truncated = tmp_path / "truncated.db"
    truncated.write_bytes(good[: len(good) // 2])
    assert "damaged" in _refused(capsys, truncated, current)

    newer = tmp_path / "newer.db"
    shutil.copy(tmp_path / "good.db", newer)
    with sqlite3.connect(newer) as conn:
        conn.execute(
            "INSERT INTO schema_version(step, name, applied) VALUES (?, 'from the future', 0)",
            (migrations.LATEST + 1,),
        )
    conn.close()
    said = _refused(capsys, newer, current)
    assert "newer release" in said and str(migrations.LATEST + 1) in said

    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    conn.close()
    assert "not one of Table Companion's" in _refused(capsys, other, current)
    text = tmp_path / "notes.txt"
    text.write_text("not a database")
    assert "not a SQLite database" in _refused(capsys, text, current)


def test_restore_moves_the_current_database_aside_and_never_deletes_it(tmp_path, current):
    original = sha(current)
    main(["restore", str(tmp_path / "good.db"), "--db", str(current)])
    aside = list(current.parent.glob("companion.db.before-restore-*Z"))
    assert len(aside) == 1 and sha(aside[0]) == original
    store = Store(current)
    assert store.table("t1") is not None
    store.close()


def test_an_older_releases_backup_is_restored_then_upgraded_with_a_snapshot_first(tmp_path):
    db = tmp_path / "data" / "companion.db"
    main(["restore", str(FIXTURE), "--db", str(db)])
    with sqlite3.connect(db) as conn:
        actions = conn.execute("SELECT count(*) FROM actions").fetchone()[0]
    conn.close()
    store = Store(db)  # the next start upgrades it ...
    assert store.schema_steps == list(range(1, migrations.LATEST + 1))
    store.close()
    # ... after a snapshot of it as it was: the old schema, the same log.
    [before] = (db.parent / "backups").glob(f"*-{BEFORE_UPGRADE}.db")
    with sqlite3.connect(before) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        assert "schema_version" not in names
        assert conn.execute("SELECT count(*) FROM actions").fetchone()[0] == actions
    conn.close()
    # A start with nothing to upgrade takes none.
    Store(db).close()
    assert len(list((db.parent / "backups").glob(f"*-{BEFORE_UPGRADE}.db"))) == 1


def test_snapshots_are_rotated_to_the_newest_n(tmp_path):
    store = Store(tmp_path / "companion.db", snapshots=3)
    assert store.snapshots is not None
    taken = [store.snapshots.take_now(AFTER_GAME) for _ in range(5)]
    assert store.snapshots.listed(AFTER_GAME) == taken[-3:]
    store.close()
    off = Store(tmp_path / "off.db", snapshots=0)
    assert off.snapshots is not None and off.snapshots.take_now(AFTER_GAME) is None
    off.close()


def test_a_snapshot_is_requested_once_per_game_end_while_one_is_written(tmp_path):
    store = Store(tmp_path / "companion.db", snapshots=10)
    assert store.snapshots is not None
    for _ in range(5):  # games ending together: one snapshot now, one more after it
        store.snapshots.after_game()
    store.snapshots.wait()
    assert 1 <= store.snapshots.taken <= 2
    store.close()


def test_the_backup_command_says_where_and_how_big(tmp_path, current, capsys):
    main(["backup", "--db", str(current)])
    said = capsys.readouterr().out
    [made] = (current.parent / "backups").glob("table-companion-*.db")
    assert str(made) in said and "KB" in said
    assert made.stat().st_mode & 0o077 == 0  # it holds every seat's secrets
    with sqlite3.connect(made) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    with pytest.raises(SystemExit) as exit:
        main(["backup", "--db", str(tmp_path / "nothing.db")])
    assert "nothing to back up" in str(exit.value.code)


def test_the_write_connection_keeps_every_commit_durable_with_a_bounded_wal(tmp_path):
    store = Store(tmp_path / "companion.db")
    with store.transaction() as db:
        settings = [
            db.execute(f"PRAGMA {name}").fetchone()[0]
            for name in ("journal_mode", "synchronous", "wal_autocheckpoint", "journal_size_limit")
        ]
    store.close()
    assert settings == ["wal", 2, 1000, 4 * 1024 * 1024]  # synchronous 2: FULL
