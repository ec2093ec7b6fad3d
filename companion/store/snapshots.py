"""Automatic snapshots of the SQLite file: after every finished game, before every upgrade.

Kept in ``backups/`` beside the database (``<data>/backups/<name>-<UTC time>-<reason>.db``),
the newest ``keep`` of each reason (10 unless ``COMPANION_SNAPSHOTS`` or the app's
``SNAPSHOTS`` setting says otherwise; 0 turns them off).

A snapshot after a game is written on a thread of its own (a real OS thread, also under
gevent), with its own connection (``backup.copy``: one read transaction, which in WAL mode
never blocks the writer), so a move's commit never waits for it. Games that end while one is
being written are covered by one more snapshot after it, not one each. One server process
writes a SQLite file, so one process writes its snapshots. The snapshot before an upgrade is
written before the upgrade starts, and the upgrade waits for it: nothing else runs yet.
"""

from __future__ import annotations

import logging
import os
from contextlib import suppress
from pathlib import Path
from typing import IO, Any

from . import backup, migrations
from .migrations import POSTGRESQL
from .writer import _originals, green

log = logging.getLogger(__name__)

KEEP = 10
AFTER_GAME, BEFORE_UPGRADE = "after-game", "before-upgrade"


def keep_from_env(default: int = KEEP) -> int:
    """How many snapshots of each kind to keep, from ``COMPANION_SNAPSHOTS`` (else 10)."""
    value = os.environ.get("COMPANION_SNAPSHOTS", "").strip()
    try:
        return max(0, int(value)) if value else default
    except ValueError:
        return default


class Snapshots:
    """The snapshots of one SQLite file."""

    def __init__(self, database: str, keep: int) -> None:
        self.database = Path(database)
        self.keep = keep
        self.folder = self.database.parent / "backups"
        start, allocate_lock, _queue = _originals()
        self._start = start
        self._state = allocate_lock()  # guards the two flags below
        self._running = allocate_lock()  # held while a snapshot thread works
        self._busy = False
        self._again = False
        self.taken = 0  # snapshots written by this process (for tests and the benchmark)

    def path(self, reason: str) -> Path:
        return self.folder / f"{self.database.stem}-{backup.stamp()}-{reason}.db"

    def listed(self, reason: str) -> list[Path]:
        """This database's snapshots of ``reason``, oldest first."""
        return sorted(self.folder.glob(f"{self.database.stem}-*-{reason}.db"))

    def take_now(self, reason: str) -> Path | None:
        """A snapshot now, in this thread (before an upgrade); its path."""
        if self.keep <= 0:
            return None
        path = self.path(reason)
        backup.copy(self.database, path)
        self.taken += 1
        self._rotate(reason)
        return path

    def after_game(self) -> None:
        """Ask for a snapshot, written in the background; returns at once."""
        if self.keep <= 0:
            return
        with self._state:
            if self._busy:
                self._again = True  # the running one may have missed this game's end
                return
            self._busy = True
            self._again = False
        self._running.acquire()
        self._start(self._work, ())

    def _work(self) -> None:
        try:
            while True:
                try:
                    self.take_now(AFTER_GAME)
                except Exception as err:  # a full disk must not take the server down
                    log.warning("Could not write a snapshot of the database: %s", err)
                with self._state:
                    if not self._again:
                        self._busy = False
                        return
                    self._again = False
        finally:
            self._running.release()

    def wait(self) -> None:
        """Until no snapshot is being written (for ``close`` and tests)."""
        self._running.acquire()
        self._running.release()

    def _rotate(self, reason: str) -> None:
        for old in self.listed(reason)[: -self.keep]:
            with suppress(FileNotFoundError):
                old.unlink()


class Backups:
    """The store's backups and snapshots (a part of ``store.log.Store``)."""

    backend: Any
    dialect: str
    snapshots: Snapshots | None
    _ended_in_lock: bool

    def backup_to(self, dest: Path) -> int:
        """A consistent copy of the live database at ``dest`` (SQLite: a database file;
        PostgreSQL: ``pg_dump``'s custom format); its size. ``backup.Refused`` if it cannot."""
        if self.dialect == POSTGRESQL:
            from . import pgdump

            return pgdump.dump(self.backend.url, dest)
        if self.backend.path == ":memory:":
            raise backup.Refused("An in-memory database has no file to back up.")
        return backup.copy(self.backend.path, dest)

    @property
    def backup_suffix(self) -> str:
        """The file name ending of this store's backups."""
        return ".dump" if self.dialect == POSTGRESQL else ".db"

    def _snapshot_before_upgrade(self) -> None:
        """A snapshot of a database this start is about to upgrade (a new one has none)."""
        if self.snapshots is None:
            return

        def behind(db: Any) -> bool:
            found = migrations.columns(db, "actions", self.dialect)
            return bool(found) and migrations.version(db, self.dialect) < migrations.LATEST

        if self.backend.read(behind):
            self.snapshots.take_now(BEFORE_UPGRADE)

    def _game_ended(self, ended: bool, db: Any) -> None:
        """After a write that changed a table's outcome: if it ended the game, a snapshot
        once the write is committed."""
        if not ended or self.snapshots is None:
            return
        if db is None:
            self.snapshots.after_game()
        else:  # committed when the store's ``locked`` block ends
            self._ended_in_lock = True

    def backup_stream(self, folder: Path) -> IO[bytes]:
        """A fresh consistent copy (``backup_to``) in ``folder``, opened for reading and
        already unlinked: it disappears once the reader closes it (a download). Under gevent
        the copy runs on gevent's thread pool, so the event loop serves everyone meanwhile."""
        path = folder / f".download-{backup.stamp()}{self.backup_suffix}"

        def make() -> IO[bytes]:
            self.backup_to(path)
            try:
                return open(path, "rb")  # noqa: SIM115 - the caller closes it
            finally:
                path.unlink()

        if green():
            from gevent import get_hub

            return get_hub().threadpool.apply(make)
        return make()
