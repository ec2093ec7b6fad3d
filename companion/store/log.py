"""The durable store: every table, seat and action, in SQLite or PostgreSQL.

The action log is the source of truth. Rows are appended and committed before any reply is
sent. Undo and redo only flag rows; nothing is ever deleted, so the history stays complete.

The SQL here is written once for both databases; where they keep the rows is the backend's
part: ``store.sqlite`` (the embedded default: one file, a writer thread that commits in
groups, one process) or ``store.postgres`` (a connection pool, and NOTIFY so that several
server processes hear each other's changes). The schema and its upgrades are
``migrations``'s numbered steps, the same for both.

Every write that moves a table's version can say which version it expects
(``expected``): if another process moved it first, the write raises ``Stale`` and changes
nothing, so no process ever writes from an old copy of a table.

Besides the game's own actions, the log holds the table's *notes*: a seat claimed on a
phone, a seat given a new code, an undo or a redo. They are permanent (undo never touches
them) and take no part in the game's state; they are the record of who did what.

Seat and host tokens are stored as SHA-256 digests: the database never holds a usable
token. The seats, and the codes that open them, are ``store.seats.SeatStore``'s part.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any, TypeVar

from ..errors import CannotSave, Stale  # noqa: F401 - what a refused write raises
from . import migrations
from .plays import GAME_ROW, PlaysStore
from .postgres import PostgresBackend, is_url
from .rows import NOTE_ROW, ActionRow, TableRow, action_row  # noqa: F401 - the log's rows
from .seats import Note, SeatLost, SeatStore, check_holder, digest, insert_seats  # noqa: F401
from .snapshots import (  # noqa: F401
    AFTER_GAME,
    BEFORE_UPGRADE,
    Backups,
    Snapshots,
    folder_from_env,
    keep_from_env,
)
from .sqlite import SqliteBackend

T = TypeVar("T")

# The version a deleted table is announced with (no table ever has it): every process that
# holds the table drops it, and answers 404 for it from then on.
DELETED = -1


class _Unchanged:
    def __repr__(self) -> str:
        return "UNCHANGED"


# A write's ``play``: the action leaves the table's outcome (and its archived play) as it was.
UNCHANGED: Any = _Unchanged()


class Store(SeatStore, PlaysStore, Backups):
    """The database shared by every request of one server process.

    ``location`` is a SQLite file's path (or ":memory:") or a ``postgresql://`` URL. Each
    write method hands its work to the backend as a function of a connection (``_write``)
    and returns that function's result once it is committed. A write the database refuses
    (full disk, read-only file) raises ``CannotSave``, one it cannot reach
    ``StoreUnavailable``: nothing of it stays, and nothing acknowledged before is lost.

    Automatic snapshots (``store.snapshots``): a SQLite file's beside it, a PostgreSQL
    database's where ``COMPANION_BACKUPS`` says; the newest ``snapshots`` of each kind are
    kept (default: ``COMPANION_SNAPSHOTS``, else 10; 0: none).
    """

    def __init__(self, location: str | Path, snapshots: int | None = None) -> None:
        location = str(location)
        # Duck-typed: SQLite's backend answers a few more calls (``conn``, ``read``). Through a
        # local first, or the type checker reads the attribute as the union of the two.
        backend: Any = PostgresBackend(location) if is_url(location) else SqliteBackend(location)
        # The one time source of the log's ``at`` and of the clocks' "now": a test sets it
        # (e.g. ``lambda: 1000.0``) to move time without waiting.
        self.clock: Callable[[], float] = time.time
        self.backend: Any = backend
        self.dialect: str = self.backend.dialect
        self._ended_in_lock = False
        self.snapshots: Snapshots | None = None
        keep = keep_from_env() if snapshots is None else snapshots
        if self.dialect == migrations.SQLITE and location != ":memory:" and not self.read_only:
            self.snapshots = Snapshots.of_file(location, keep)
        elif self.dialect == migrations.POSTGRESQL and (folder := folder_from_env()):
            self.snapshots = Snapshots(
                self.backend.name,
                folder,
                keep,
                self.backup_to,
                self.backup_suffix,
                runs_a_tool=True,
            )
        if self.dialect == migrations.SQLITE:
            # Tests reach SQLite's write connection to make the "disk" full or read-only.
            self._conn = self.backend.conn
        if self.read_only:
            # Nothing can be upgraded: it starts only if it is already this release's.
            try:
                self.backend.read(
                    lambda db: migrations.require_current(db, self.dialect, self.where)
                )
            except BaseException:
                self.backend.close()
                raise
            self.schema_steps: list[int] = []
        else:
            self.schema_steps = self._write(
                lambda db: migrations.migrate(db, self.dialect, self._snapshot_before_upgrade)
            )

    @property
    def where(self) -> str:
        """Where the games are kept, as a person may be told (a URL without its password)."""
        return self.backend.where

    # -- for tests and benchmarks ------------------------------------------------------

    @property
    def before_commit(self) -> Callable[[], None] | None:
        """For tests and benchmarks only: called just before each COMMIT (e.g. to hold it,
        as a slow disk would; under gevent, with the unpatched ``time.sleep``). None, the
        default, costs nothing."""
        return self.backend.before_commit

    @before_commit.setter
    def before_commit(self, hook: Callable[[], None] | None) -> None:
        self.backend.before_commit = hook

    @property
    def commits(self) -> int:
        """For tests and benchmarks: how many transactions (batches, in SQLite) committed."""
        return self.backend.commits

    # -- plumbing -------------------------------------------------------------------------

    def close(self) -> None:
        """Commit the writes already handed in, then close (after a snapshot being written)."""
        if self.snapshots is not None:
            self.snapshots.wait()
        self.backend.close()

    def listen(self, changed: Callable[[str, int], None], resume: Callable[[], None]) -> None:
        """Call ``changed(table_id, version)`` when another process changes a table, and
        ``resume()`` after any notifications may have been missed (PostgreSQL only)."""
        self.backend.listen(changed, resume)

    def _write(self, job: Callable[[Any], T]) -> T:
        """Run ``job`` in a transaction and return its result once it is committed. A
        database error is ``CannotSave`` (``StoreUnavailable`` when the database cannot be
        reached); SQLite's IntegrityError alone comes back as it is (its message names the
        column, never the value)."""
        return self.backend.write(job)

    def transaction(self) -> AbstractContextManager[Any]:
        """A connection for a block of hand-written SQL, committed when it ends and rolled
        back if it raises. For tests and tools (SQL in the common dialect, ``?`` placeholders)."""
        return self.backend.lend()

    def _run(self, job: Callable[[Any], T], db: Any) -> T:
        """``job`` in the caller's transaction (``locked``) if it has one, else its own."""
        return self._write(job) if db is None else job(db)

    @contextmanager
    def locked(self, table_id: str) -> Iterator[Any]:
        """A transaction holding the table's row: every other process's write to the table
        waits until it ends (PostgreSQL queues them in turn). For a write that lost a race:
        it catches up and writes while nobody else can, so it cannot lose again."""
        lock = " FOR UPDATE" if self.dialect == migrations.POSTGRESQL else ""
        with self.backend.lend() as db:
            db.execute("SELECT version FROM tables WHERE id=?" + lock, (table_id,))
            yield db
        if self._ended_in_lock:
            self._ended_in_lock = False
            self._game_ended(True, None)

    def write(self, job: Callable[[Any], T]) -> T:
        """Run ``job`` on a write connection, committed before this returns: for the
        modules that keep their own rows beside the log (the archive, a seat's notes)."""
        return self._write(job)

    def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read-only query, from the newest commit."""
        return self._all(sql, args)

    def _one(self, sql: str, args: tuple[Any, ...]) -> tuple[Any, ...] | None:
        return self.backend.one(sql, args)

    def _all(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        return self.backend.all(sql, args)

    # -- settings -----------------------------------------------------------------

    def meta(self, key: str, make: Any) -> str:
        """The stored value of ``key``, created once with ``make()`` (e.g. the app's secret key)."""

        # Read first: a read-only database that has it still starts.
        found = self.setting(key)
        if found is not None:
            return found

        def job(db: Any) -> str:
            row = db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
            if row:
                return row[0]
            # Processes starting together may race to make it: the first one's value wins.
            db.execute(
                "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING",
                (key, make()),
            )
            return db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()[0]

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

        def job(db: Any) -> list[str]:
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
                    self.clock(),
                ),
            )
            return insert_seats(db, table_id, join_codes)

        return self._write(job)

    @property
    def read_only(self) -> bool:
        """Whether the database can only be read (a SQLite file without write permission):
        the games are shown, and every write is refused with ``CannotSave``."""
        return bool(getattr(self.backend, "read_only", False))

    @property
    def shared(self) -> bool:
        """Whether other server processes may write to this database (PostgreSQL): then this
        process's memory of a table may be behind for a moment."""
        return self.dialect == migrations.POSTGRESQL

    def version(self, table_id: str) -> int | None:
        """The table's version as committed now (None: no such table)."""
        row = self._one("SELECT version FROM tables WHERE id=?", (table_id,))
        return row[0] if row else None

    def table(self, table_id: str) -> TableRow | None:
        row = self._one(
            "SELECT id, game, players, options, seed, host_hash, version, created FROM tables"
            " WHERE id=?",
            (table_id,),
        )
        if row is None:
            return None
        return TableRow(row[0], row[1], json.loads(row[2]), json.loads(row[3]), *row[4:])

    def delete_table(self, table_id: str) -> bool:
        """Delete a table for good, with every row that belongs to it (its seats, log, revoked
        tokens, archived play, notes), in one transaction. Returns whether it existed.

        The one exception to "nothing is ever deleted": the choice of the table's host or the
        server's owner, from the archive (``Tables.delete``, which holds the table's lock).
        Every other process hears of it (``DELETED``) and drops its copy."""

        def job(db: Any) -> bool:
            # FOR UPDATE (PostgreSQL): a write to the table by another process waits, then
            # finds no table, instead of slipping in between.
            lock = " FOR UPDATE" if self.dialect == migrations.POSTGRESQL else ""
            if db.execute("SELECT 1 FROM tables WHERE id=?" + lock, (table_id,)).fetchone() is None:
                return False
            # Every table that keeps rows per table (a module may add its own): children first.
            for name in self.backend.tables_with(db, "table_id"):
                db.execute(f'DELETE FROM "{name}" WHERE table_id=?', (table_id,))
            db.execute("DELETE FROM tables WHERE id=?", (table_id,))
            self.backend.announce(db, table_id, DELETED)
            return True

        return self._write(job)

    def recent_tables(self, limit: int = 20) -> list[tuple[str, str, list[str]]]:
        rows = self._all(
            "SELECT id, game, players FROM tables ORDER BY created DESC LIMIT ?", (limit,)
        )
        return [(r[0], r[1], json.loads(r[2])) for r in rows]

    # -- the action log -----------------------------------------------------------------

    def _bump(self, db: Any, table_id: str, expected: int | None = None) -> int:
        """Move the table's version on, first thing in a write: in PostgreSQL the row lock
        this takes serialises every process's writes to the table (other tables never
        wait). With ``expected``, a version another process has moved raises ``Stale``."""
        if expected is None:
            row = db.execute(
                "UPDATE tables SET version = version + 1 WHERE id=? RETURNING version", (table_id,)
            ).fetchone()
        else:
            row = db.execute(
                "UPDATE tables SET version = version + 1 WHERE id=? AND version=?"
                " RETURNING version",
                (table_id, expected),
            ).fetchone()
            if row is None:
                raise Stale(table_id)
        self.backend.announce(db, table_id, row[0])
        return row[0]

    def append(
        self,
        table_id: str,
        seq: int,
        actor: int | None,
        action: dict[str, Any],
        events: list[dict[str, Any]],
        barrier: Any = None,
        expected: int | None = None,
        db: Any = None,
        abandon: bool = True,
        holder: tuple[int, str] | None = None,
        play: Any = UNCHANGED,
        at: float | None = None,
    ) -> int:
        """Append one action of the game (abandoning any redo branch); returns the table's new
        version. ``barrier`` (what the action revealed) makes it a row undo never crosses.
        ``expected``: the version the action was computed on (``Stale`` if it moved).
        ``db``: the transaction of ``locked``, if the caller holds the table's lock.
        ``holder``: (seat, token digest) of a seat's action: ``SeatLost`` if the seat was
        given a new code since, whichever process did it and whatever this one has heard.
        ``play``: the table's outcome after this action (None: no longer over), when the
        action changed it: its archived play is written in the same transaction.
        ``at``: when (the store's clock if not given)."""

        def job(db: Any) -> int:
            version = self._bump(db, table_id, expected)
            # After the bump: in PostgreSQL its row lock orders this write after any
            # re-issue already committed, and this statement sees that re-issue.
            check_holder(db, table_id, holder)
            # A new action after an undo makes the undone rows unredoable: flag them 2. (The
            # caller that knows there are none, and the version it knows, skips the update.)
            if abandon:
                db.execute(
                    "UPDATE actions SET undone=2 WHERE table_id=? AND undone=1 AND kind=?",
                    (table_id, GAME_ROW),
                )
            self._insert(db, table_id, seq, actor, action, events, GAME_ROW, barrier, at)
            return version

        return self._run_with_play(job, db, table_id, play)

    def note(self, table_id: str, note: Note, at: float | None = None) -> tuple[int, int]:
        """Append a note of the table (never undone); returns (its seq, the new version).
        ``at``: when (the store's clock if not given)."""

        def job(db: Any) -> tuple[int, int]:
            return self._note(db, table_id, note, at=at)

        return self._write(job)

    def set_undone(
        self,
        table_id: str,
        seq: int,
        undone: bool,
        note: Note,
        expected: int | None = None,
        db: Any = None,
        holder: tuple[int, str] | None = None,
        play: Any = UNCHANGED,
        at: float | None = None,
    ) -> tuple[int, int]:
        """Undo (or redo) the game row ``seq``, writing ``note`` (who undid what) with it.
        ``expected``: the version the choice of row was made on (``Stale`` if it moved).
        ``holder`` and ``play``: as for ``append`` (an undo may step back over the end)."""

        def job(db: Any) -> tuple[int, int]:
            written = self._note(db, table_id, note, expected, at)
            check_holder(db, table_id, holder)
            db.execute(
                "UPDATE actions SET undone=? WHERE table_id=? AND seq=? AND kind=?",
                (1 if undone else 0, table_id, seq, GAME_ROW),
            )
            return written

        return self._run_with_play(job, db, table_id, play)

    def _run_with_play(self, job: Callable[[Any], T], db: Any, table_id: str, play: Any) -> T:
        """``job`` (an action or an undo) in one transaction with what it did to the table's
        play (``play``: the finished game's record, None when it no longer is, ``UNCHANGED``);
        a game that has just ended then gets its snapshot."""

        def whole(db: Any) -> T:
            result = job(db)
            if play is not UNCHANGED:
                self._record_play(db, table_id, play)
            return result

        result = self._run(whole, db)
        self._game_ended(play is not UNCHANGED and play is not None, db)
        return result

    def _insert(
        self,
        db: Any,
        table_id: str,
        seq: int,
        actor: int | None,
        action: dict[str, Any],
        events: list[dict[str, Any]],
        kind: str,
        barrier: Any = None,
        at: float | None = None,
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
                self.clock() if at is None else at,
                kind,
                None if barrier is None else json.dumps(barrier),
            ),
        )

    def _note(
        self,
        db: Any,
        table_id: str,
        note: Note,
        expected: int | None = None,
        at: float | None = None,
    ) -> tuple[int, int]:
        # The version first: its row lock keeps another process from taking the same seq.
        version = self._bump(db, table_id, expected)
        row = db.execute("SELECT max(seq) FROM actions WHERE table_id=?", (table_id,)).fetchone()
        seq = (row[0] or 0) + 1
        actor, action, events = note
        self._insert(db, table_id, seq, actor, action, events, NOTE_ROW, at=at)
        return seq, version

    def actions(self, table_id: str, abandoned: bool = False) -> list[ActionRow]:
        """The log in order, notes included. Abandoned rows (undone, then replaced by a new
        action) stay in the database for the record but are left out unless asked for:
        neither the state nor the history needs them, and a long game can pile up many."""
        rows = self._all(
            "SELECT seq, actor, action, events, undone, kind, barrier, at FROM actions"
            " WHERE table_id=? AND undone <= ? ORDER BY seq",
            (table_id, 2 if abandoned else 1),
        )
        return [action_row(r) for r in rows]

    def log(self, table_id: str) -> tuple[int, int, list[ActionRow]]:
        """(the table's version, the highest seq ever used, the log without its abandoned
        rows), read in one statement: one snapshot, however busy other processes are."""
        rows = self._all(
            "SELECT t.version, (SELECT max(m.seq) FROM actions m WHERE m.table_id = t.id),"
            " a.seq, a.actor, a.action, a.events, a.undone, a.kind, a.barrier, a.at"
            " FROM tables t LEFT JOIN actions a ON a.table_id = t.id AND a.undone <= 1"
            " WHERE t.id = ? ORDER BY a.seq",
            (table_id,),
        )
        if not rows:
            return 0, 0, []
        return rows[0][0], rows[0][1] or 0, [action_row(r[2:]) for r in rows if r[2] is not None]

    def changes_since(self, table_id: str, seq: int) -> tuple[int | None, list[ActionRow]]:
        """(the table's version, its rows after ``seq``) read together, in one statement, so
        the two agree: how a process catches up with what others wrote. (None, []) if the
        table is gone."""
        rows = self._all(
            "SELECT t.version, a.seq, a.actor, a.action, a.events, a.undone, a.kind, a.barrier,"
            " a.at FROM tables t LEFT JOIN actions a ON a.table_id = t.id AND a.seq > ?"
            " AND a.undone <= 1 WHERE t.id = ? ORDER BY a.seq",
            (seq, table_id),
        )
        if not rows:
            return None, []
        return rows[0][0], [action_row(r[1:]) for r in rows if r[1] is not None]

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
        return self.backend.integrity()

    def setting(self, key: str) -> str | None:
        """The stored value of ``key`` in ``meta``, or None."""
        row = self._one("SELECT value FROM meta WHERE key=?", (key,))
        return row[0] if row else None

    def set_setting(self, key: str, value: str) -> None:
        """Store ``value`` under ``key`` in ``meta``, replacing what was there (e.g. the
        owner's digest)."""
        self._write(
            lambda db: db.execute(
                "INSERT INTO meta(key, value) VALUES (?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value=excluded.value",
                (key, value),
            )
        )
