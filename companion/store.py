"""The durable store: one SQLite file holding every table, seat and action.

The action log is the source of truth. Rows are appended and committed (WAL with
``synchronous=FULL``, so a commit survives a power cut) before any reply is sent. Undo and
redo only flag rows; nothing is ever deleted, so the history stays complete.

Writes run on the store's writer thread (``companion.writer``), which commits together
whatever writes are waiting, so the server's event loop never waits for the disk; a write
method returns once its own write is committed. Reads use a connection of their own: with
WAL they run beside the writer and see every write that has returned.

Besides the game's own actions, the log holds the table's *notes*: a seat claimed on a
phone, a seat given a new code, an undo or a redo. They are permanent (undo never touches
them) and take no part in the game's state; they are the record of who did what.

Seat and host tokens are stored as SHA-256 digests: the database never holds a usable
token. The seats, and the codes that open them, are ``seats_store.SeatStore``'s part.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from .errors import CannotSave  # noqa: F401 - what a refused write raises; imported from here
from .seats_store import Note, SeatStore, digest, insert_seats, upgrade_seats
from .writer import Writer

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    host_hash TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    join_code TEXT UNIQUE,
    used_code_hash TEXT,
    token_hash TEXT,
    claims INTEGER NOT NULL DEFAULT 0,
    short_code TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_used ON seats(used_code_hash);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    actor INTEGER,
    action TEXT NOT NULL,
    events TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL,
    kind TEXT NOT NULL DEFAULT 'game',
    barrier TEXT,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS plays (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    version INTEGER NOT NULL,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    created REAL NOT NULL,
    ended REAL,
    result TEXT,
    hidden INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS name_aliases (alias TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seat_notes (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS revoked (
    token_hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    at REAL NOT NULL
);
"""

# Columns added after the first release, for databases made by it: (table, column, SQL type).
ADDED_COLUMNS = (
    ("actions", "kind", "TEXT NOT NULL DEFAULT 'game'"),
    ("actions", "barrier", "TEXT"),
    ("seats", "claims", "INTEGER NOT NULL DEFAULT 0"),
    ("seats", "short_code", "TEXT"),
)

GAME_ROW = "game"  # an action of the game: replayed into the state, undoable
NOTE_ROW = "note"  # a note of the table: never replayed, never undone


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    players: list[str]
    options: dict[str, Any]
    seed: int
    host_hash: str
    version: int


class ActionRow:
    """One row of the log. Its events are decoded only when read: rebuilding a table
    needs every action but only the last few rows' events (for the history)."""

    __slots__ = ("seq", "actor", "action", "undone", "kind", "barrier", "_events", "_events_json")

    def __init__(
        self,
        seq: int,
        actor: int | None,
        action: dict[str, Any],
        events: list[dict[str, Any]] | None,
        undone: int,  # 0 active, 1 undone (redo can bring it back), 2 abandoned by a later action
        events_json: str | None = None,
        kind: str = GAME_ROW,
        barrier: Any = None,  # what this action revealed (a Text), so undo stops here
    ) -> None:
        self.seq, self.actor, self.action, self.undone = seq, actor, action, undone
        self.kind, self.barrier = kind, barrier
        self._events, self._events_json = events, events_json

    @property
    def is_note(self) -> bool:
        """A note of the table (a claim, a new code, an undo), not a move of the game."""
        return self.kind == NOTE_ROW

    @property
    def events(self) -> list[dict[str, Any]]:
        if self._events is None:
            self._events = json.loads(self._events_json or "[]")
        return self._events

    def with_undone(self, undone: int) -> ActionRow:
        """The same row with another undo flag (rows are never changed in place)."""
        return ActionRow(
            self.seq,
            self.actor,
            self.action,
            self._events,
            undone,
            self._events_json,
            self.kind,
            self.barrier,
        )

    def __repr__(self) -> str:
        return f"ActionRow(seq={self.seq}, actor={self.actor}, undone={self.undone})"


def _private_file(path: Path) -> None:
    """Make sure the database file exists readable by its owner only (0600), in a folder of
    its own (0700) when this creates the folder: the log holds every seat's secrets.

    SQLite creates the -wal and -shm files beside it with the same permissions.
    """
    if not path.parent.exists():
        path.parent.mkdir(parents=True, mode=0o700)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    os.close(fd)
    if path.stat().st_mode & 0o077:
        os.chmod(path, 0o600)


def _connect(path: str, reader: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    if reader:
        conn.execute("PRAGMA query_only=ON")  # every write goes through the writer
    else:
        conn.execute("PRAGMA journal_mode=WAL")
        # FULL: every commit is fsynced, so an acknowledged action survives a power cut.
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=5000")
    return conn


class Store(SeatStore):
    """A SQLite database shared by every request of one server process.

    Each write method hands its work to the writer as a function of the write connection
    (``_write``) and returns that function's result once it is committed. A write the
    database refuses (full disk, read-only file) raises ``CannotSave``: nothing of it
    stays, and nothing acknowledged before is lost.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        memory = self.path == ":memory:"
        if not memory:
            _private_file(Path(self.path))
        # The writer opens the write connection on its own thread and alone uses it. (Tests
        # reach it as ``_conn`` to make the "disk" full or read-only with a PRAGMA.)
        self._writer = Writer(partial(_connect, self.path))
        self._conn = self._writer.conn
        # A store nobody closed still ends its writer thread once it is garbage.
        self._finalizer = weakref.finalize(self, self._writer.abandon)
        self._write(self._upgrade)
        # A second connection to ":memory:" would open another, empty database: there,
        # reads go through the writer too.
        self._reader = None if memory else _connect(self.path, reader=True)
        self._read_lock = threading.Lock()

    # -- for tests and benchmarks ------------------------------------------------------

    @property
    def before_commit(self) -> Callable[[], None] | None:
        """For tests and benchmarks only: called on the writer thread just before each COMMIT
        (e.g. to hold it as a slow disk would; under gevent, with the unpatched
        ``time.sleep``). None, the default, costs nothing."""
        return self._writer.before_commit

    @before_commit.setter
    def before_commit(self, hook: Callable[[], None] | None) -> None:
        self._writer.before_commit = hook

    @property
    def commits(self) -> int:
        """For tests and benchmarks: how many batches of writes have been committed."""
        return self._writer.commits

    # -- plumbing -------------------------------------------------------------------------

    @staticmethod
    def _upgrade(db: sqlite3.Connection) -> None:
        """Create the schema, and bring a database made by an earlier release up to it."""
        for statement in SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
        for table, column, decl in ADDED_COLUMNS:
            have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            if column not in have:
                db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {decl}")
        upgrade_seats(db)

    def close(self) -> None:
        """Commit the writes already handed in, then close; the writer thread ends."""
        self._finalizer.detach()
        self._writer.close()
        if self._reader is not None:
            with self._read_lock:
                self._reader.close()

    def _write(self, job: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``job`` on the writer (in a transaction, with whatever else is waiting) and
        return its result once it is committed. ``sqlite3.IntegrityError`` comes back as it
        is, any other database error as ``CannotSave``."""
        return self._writer.call(job)

    def transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """The write connection for a block of hand-written SQL, committed when it ends and
        rolled back if it raises (a database error as ``CannotSave``). For tests and tools:
        the writer waits while the block runs on the caller's thread, so the block must only
        run SQL on the connection it is given."""
        return self._writer.lend()

    def write(self, job: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``job`` on the write connection, committed before this returns: for the
        modules that keep their own rows beside the log (the archive, a seat's notes)."""
        return self._write(job)

    def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read-only query, from the newest commit."""
        return self._all(sql, args)

    def _one(self, sql: str, args: tuple[Any, ...]) -> tuple[Any, ...] | None:
        if self._reader is None:
            return self._write(lambda db: db.execute(sql, args).fetchone())
        with self._read_lock:
            cursor = self._reader.execute(sql, args)
            try:
                return cursor.fetchone()
            finally:
                # An unfinished statement would hold its read transaction open, and with it
                # an old snapshot: the next read would miss the newest commits.
                cursor.close()

    def _all(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if self._reader is None:
            return self._write(lambda db: db.execute(sql, args).fetchall())
        with self._read_lock:
            return self._reader.execute(sql, args).fetchall()

    # -- settings -----------------------------------------------------------------

    def meta(self, key: str, make: Any) -> str:
        """The stored value of ``key``, created once with ``make()`` (e.g. the app's secret key)."""

        def job(db: sqlite3.Connection) -> str:
            row = db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
            if row:
                return row[0]
            value = make()
            db.execute("INSERT INTO meta(key, value) VALUES (?, ?)", (key, value))
            return value

        return self._write(job)

    # -- tables and seats ---------------------------------------------------------------

    def create_table(
        self,
        table_id: str,
        game: str,
        players: list[str],
        options: dict[str, Any],
        seed: int,
        host_token: str,
        join_codes: list[str],
    ) -> list[str]:
        """Store a new table and its seats; returns the seats' short codes, in seat order."""

        def job(db: sqlite3.Connection) -> list[str]:
            db.execute(
                "INSERT INTO tables(id, game, players, options, seed, host_hash, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    game,
                    json.dumps(players),
                    json.dumps(options),
                    seed,
                    digest(host_token),
                    time.time(),
                ),
            )
            return insert_seats(db, table_id, join_codes)

        return self._write(job)

    def table(self, table_id: str) -> TableRow | None:
        row = self._one(
            "SELECT id, game, players, options, seed, host_hash, version FROM tables WHERE id=?",
            (table_id,),
        )
        if row is None:
            return None
        return TableRow(row[0], row[1], json.loads(row[2]), json.loads(row[3]), *row[4:])

    def delete_table(self, table_id: str) -> bool:
        """Delete a table for good, with every row that belongs to it (its seats, log, revoked
        tokens, archived play, notes), in one transaction. Returns whether it existed.

        The one exception to "nothing is ever deleted": the host's choice, from the archive."""

        def job(db: sqlite3.Connection) -> bool:
            if db.execute("SELECT 1 FROM tables WHERE id=?", (table_id,)).fetchone() is None:
                return False
            # Every table that keeps rows per table (a module may add its own): children first.
            names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
            for name in names:
                columns = {row[1] for row in db.execute(f'PRAGMA table_info("{name}")')}
                if name != "tables" and "table_id" in columns:
                    db.execute(f'DELETE FROM "{name}" WHERE table_id=?', (table_id,))
            db.execute("DELETE FROM tables WHERE id=?", (table_id,))
            return True

        return self._write(job)

    def recent_tables(self, limit: int = 20) -> list[tuple[str, str, list[str]]]:
        rows = self._all(
            "SELECT id, game, players FROM tables ORDER BY created DESC LIMIT ?", (limit,)
        )
        return [(r[0], r[1], json.loads(r[2])) for r in rows]

    # -- the action log -----------------------------------------------------------------

    def _bump(self, db: sqlite3.Connection, table_id: str) -> int:
        db.execute("UPDATE tables SET version = version + 1 WHERE id=?", (table_id,))
        return db.execute("SELECT version FROM tables WHERE id=?", (table_id,)).fetchone()[0]

    def append(
        self,
        table_id: str,
        seq: int,
        actor: int | None,
        action: dict[str, Any],
        events: list[dict[str, Any]],
        barrier: Any = None,
    ) -> int:
        """Append one action of the game (abandoning any redo branch); returns the table's new
        version. ``barrier`` (what the action revealed) makes it a row undo never crosses."""

        def job(db: sqlite3.Connection) -> int:
            # A new action after an undo makes the undone rows unredoable: flag them 2.
            db.execute(
                "UPDATE actions SET undone=2 WHERE table_id=? AND undone=1 AND kind=?",
                (table_id, GAME_ROW),
            )
            self._insert(db, table_id, seq, actor, action, events, GAME_ROW, barrier)
            return self._bump(db, table_id)

        return self._write(job)

    def note(self, table_id: str, note: Note) -> tuple[int, int]:
        """Append a note of the table (never undone); returns (its seq, the new version)."""

        def job(db: sqlite3.Connection) -> tuple[int, int]:
            return self._note(db, table_id, note)

        return self._write(job)

    def set_undone(self, table_id: str, seq: int, undone: bool, note: Note) -> tuple[int, int]:
        """Undo (or redo) the game row ``seq``, writing ``note`` (who undid what) with it."""

        def job(db: sqlite3.Connection) -> tuple[int, int]:
            db.execute(
                "UPDATE actions SET undone=? WHERE table_id=? AND seq=? AND kind=?",
                (1 if undone else 0, table_id, seq, GAME_ROW),
            )
            return self._note(db, table_id, note)

        return self._write(job)

    def _insert(
        self,
        db: sqlite3.Connection,
        table_id: str,
        seq: int,
        actor: int | None,
        action: dict[str, Any],
        events: list[dict[str, Any]],
        kind: str,
        barrier: Any = None,
    ) -> None:
        db.execute(
            "INSERT INTO actions(table_id, seq, actor, action, events, at, kind, barrier)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                seq,
                actor,
                json.dumps(action),
                json.dumps(events),
                time.time(),
                kind,
                None if barrier is None else json.dumps(barrier),
            ),
        )

    def _note(self, db: sqlite3.Connection, table_id: str, note: Note) -> tuple[int, int]:
        row = db.execute("SELECT max(seq) FROM actions WHERE table_id=?", (table_id,)).fetchone()
        seq = (row[0] or 0) + 1
        actor, action, events = note
        self._insert(db, table_id, seq, actor, action, events, NOTE_ROW)
        return seq, self._bump(db, table_id)

    def actions(self, table_id: str, abandoned: bool = False) -> list[ActionRow]:
        """The log in order, notes included. Abandoned rows (undone, then replaced by a new
        action) stay in the database for the record but are left out unless asked for:
        neither the state nor the history needs them, and a long game can pile up many."""
        rows = self._all(
            "SELECT seq, actor, action, events, undone, kind, barrier FROM actions"
            " WHERE table_id=? AND undone <= ? ORDER BY seq",
            (table_id, 2 if abandoned else 1),
        )
        return [
            ActionRow(
                r[0],
                r[1],
                json.loads(r[2]),
                None,
                r[4],
                r[3],
                r[5],
                None if r[6] is None else json.loads(r[6]),
            )
            for r in rows
        ]

    def last_seq(self, table_id: str) -> int:
        """The highest sequence number ever used at this table (abandoned rows included)."""
        row = self._one("SELECT max(seq) FROM actions WHERE table_id=?", (table_id,))
        return row[0] or 0 if row else 0

    def cursor_targets(self, table_id: str) -> tuple[int | None, int | None]:
        """(the last active game row, the first undone game row a redo can bring back)."""
        row = self._one(
            "SELECT (SELECT max(seq) FROM actions WHERE table_id=? AND undone=0 AND kind=?),"
            " (SELECT min(seq) FROM actions WHERE table_id=? AND undone=1 AND kind=?)",
            (table_id, GAME_ROW, table_id, GAME_ROW),
        )
        return (row[0], row[1]) if row else (None, None)

    def integrity(self) -> str:
        row = self._one("PRAGMA integrity_check", ())
        return row[0] if row else "unknown"
