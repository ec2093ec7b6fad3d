"""The durable store: one SQLite file holding every table, seat and action.

The action log is the source of truth. Rows are appended and committed (WAL with
``synchronous=FULL``, so a commit survives a power cut) before any reply is sent. Undo and
redo only flag rows; nothing is ever deleted, so the history stays complete.

Seat and host tokens are stored as SHA-256 digests: the database never holds a usable
token. Join codes are stored as they are until claimed (the host's screen must be able to
show them as QR codes), then only their digest is kept, to say "already used".
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    PRIMARY KEY (table_id, seq)
);
"""


def digest(token: str) -> str:
    """The stored form of a secret token."""
    return hashlib.sha256(token.encode()).hexdigest()


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

    __slots__ = ("seq", "actor", "action", "undone", "_events", "_events_json")

    def __init__(
        self,
        seq: int,
        actor: int | None,
        action: dict[str, Any],
        events: list[dict[str, Any]] | None,
        undone: int,  # 0 active, 1 undone (redo can bring it back), 2 abandoned by a later action
        events_json: str | None = None,
    ) -> None:
        self.seq, self.actor, self.action, self.undone = seq, actor, action, undone
        self._events, self._events_json = events, events_json

    @property
    def events(self) -> list[dict[str, Any]]:
        if self._events is None:
            self._events = json.loads(self._events_json or "[]")
        return self._events

    def with_undone(self, undone: int) -> ActionRow:
        """The same row with another undo flag (rows are never changed in place)."""
        return ActionRow(self.seq, self.actor, self.action, self._events, undone, self._events_json)

    def __repr__(self) -> str:
        return f"ActionRow(seq={self.seq}, actor={self.actor}, undone={self.undone})"


class Store:
    """A SQLite database shared by every request of one server process."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # One connection per process: requests are greenlets (or test threads) of one
        # process, and the lock keeps each transaction whole.
        self._conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.RLock()
        self._conn.execute("PRAGMA journal_mode=WAL")
        # FULL: every commit is fsynced, so an acknowledged action survives a power cut.
        self._conn.execute("PRAGMA synchronous=FULL")
        self._conn.execute("PRAGMA foreign_keys=ON")
        self._conn.execute("PRAGMA busy_timeout=5000")
        self._conn.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic, durable write: committed when the block ends, rolled back on error."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def _one(self, sql: str, args: tuple[Any, ...]) -> tuple[Any, ...] | None:
        with self._lock:
            return self._conn.execute(sql, args).fetchone()

    def _all(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._conn.execute(sql, args).fetchall()

    # -- settings -----------------------------------------------------------------

    def meta(self, key: str, make: Any) -> str:
        """The stored value of ``key``, created once with ``make()`` (e.g. the app's secret key)."""
        with self.transaction() as db:
            row = db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
            if row:
                return row[0]
            value = make()
            db.execute("INSERT INTO meta(key, value) VALUES (?, ?)", (key, value))
            return value

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
    ) -> None:
        with self.transaction() as db:
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
            db.executemany(
                "INSERT INTO seats(table_id, seat, join_code) VALUES (?, ?, ?)",
                [(table_id, n, code) for n, code in enumerate(join_codes)],
            )

    def table(self, table_id: str) -> TableRow | None:
        row = self._one(
            "SELECT id, game, players, options, seed, host_hash, version FROM tables WHERE id=?",
            (table_id,),
        )
        if row is None:
            return None
        return TableRow(row[0], row[1], json.loads(row[2]), json.loads(row[3]), *row[4:])

    def recent_tables(self, limit: int = 20) -> list[tuple[str, str, list[str]]]:
        rows = self._all(
            "SELECT id, game, players FROM tables ORDER BY created DESC LIMIT ?", (limit,)
        )
        return [(r[0], r[1], json.loads(r[2])) for r in rows]

    def seats(self, table_id: str) -> list[tuple[int, str | None, bool]]:
        """(seat, join code or None once claimed, claimed?) for each seat."""
        rows = self._all(
            "SELECT seat, join_code, token_hash FROM seats WHERE table_id=? ORDER BY seat",
            (table_id,),
        )
        return [(r[0], r[1], r[2] is not None) for r in rows]

    def claim(self, code: str, token: str) -> tuple[str, int] | str:
        """Claim the seat of join ``code`` for a new seat ``token``.

        Returns (table_id, seat), or "used" if the code was claimed before, or "unknown".
        """
        with self.transaction() as db:
            row = db.execute(
                "SELECT table_id, seat FROM seats WHERE join_code=?", (code,)
            ).fetchone()
            if row is None:
                used = db.execute(
                    "SELECT 1 FROM seats WHERE used_code_hash=?", (digest(code),)
                ).fetchone()
                return "used" if used else "unknown"
            db.execute(
                "UPDATE seats SET join_code=NULL, used_code_hash=?, token_hash=?"
                " WHERE table_id=? AND seat=?",
                (digest(code), digest(token), row[0], row[1]),
            )
            self._bump(db, row[0])
            return row[0], row[1]

    def reissue(self, table_id: str, seat: int, code: str) -> bool:
        """Give ``seat`` a new join code; the phone that held it loses the seat."""
        with self.transaction() as db:
            cur = db.execute(
                "UPDATE seats SET join_code=?, token_hash=NULL WHERE table_id=? AND seat=?",
                (code, table_id, seat),
            )
            if cur.rowcount:
                self._bump(db, table_id)
            return bool(cur.rowcount)

    def seat_token_hashes(self, table_id: str) -> list[tuple[int, str]]:
        rows = self._all(
            "SELECT seat, token_hash FROM seats WHERE table_id=? AND token_hash IS NOT NULL",
            (table_id,),
        )
        return [(r[0], r[1]) for r in rows]

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
    ) -> int:
        """Append one action (abandoning any redo branch); returns the table's new version."""
        with self.transaction() as db:
            # A new action after an undo makes the undone rows unredoable: flag them 2.
            db.execute("UPDATE actions SET undone=2 WHERE table_id=? AND undone=1", (table_id,))
            db.execute(
                "INSERT INTO actions(table_id, seq, actor, action, events, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, seq, actor, json.dumps(action), json.dumps(events), time.time()),
            )
            return self._bump(db, table_id)

    def set_undone(self, table_id: str, seq: int, undone: bool) -> int:
        with self.transaction() as db:
            db.execute(
                "UPDATE actions SET undone=? WHERE table_id=? AND seq=?",
                (1 if undone else 0, table_id, seq),
            )
            return self._bump(db, table_id)

    def actions(self, table_id: str, abandoned: bool = False) -> list[ActionRow]:
        """The log in order. Abandoned rows (undone, then replaced by a new action) stay in
        the database for the record but are left out unless asked for: neither the state nor
        the history needs them, and a long game can pile up many."""
        rows = self._all(
            "SELECT seq, actor, action, events, undone FROM actions"
            " WHERE table_id=? AND undone <= ? ORDER BY seq",
            (table_id, 2 if abandoned else 1),
        )
        return [ActionRow(r[0], r[1], json.loads(r[2]), None, r[4], r[3]) for r in rows]

    def last_seq(self, table_id: str) -> int:
        """The highest sequence number ever used at this table (abandoned rows included)."""
        row = self._one("SELECT max(seq) FROM actions WHERE table_id=?", (table_id,))
        return row[0] or 0 if row else 0

    def cursor_targets(self, table_id: str) -> tuple[int | None, int | None]:
        """(the last active row, the first undone row a redo can bring back)."""
        row = self._one(
            "SELECT (SELECT max(seq) FROM actions WHERE table_id=? AND undone=0),"
            " (SELECT min(seq) FROM actions WHERE table_id=? AND undone=1)",
            (table_id, table_id),
        )
        return (row[0], row[1]) if row else (None, None)

    def integrity(self) -> str:
        row = self._one("PRAGMA integrity_check", ())
        return row[0] if row else "unknown"
