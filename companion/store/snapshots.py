"""Automatic snapshots of the games: after every finished game, before every upgrade.

A SQLite file keeps them in ``backups/`` beside it (``<data>/backups/<name>-<UTC time>-
<reason>.db``). A PostgreSQL database has no folder of its own: it gets them where
``COMPANION_BACKUPS`` names one, as ``pg_dump`` files (``<database>-<time>-<reason>.dump``),
and none without it. The newest ``keep`` of each reason are kept (10 unless
``COMPANION_SNAPSHOTS`` or the app's ``SNAPSHOTS`` setting says otherwise; 0 turns them off).

A snapshot after a game is written on a thread of its own (a real OS thread, also under
gevent), with its own connection (SQLite's online backup in one read transaction, which in
WAL mode never blocks the writer; ``pg_dump``, which reads one snapshot of the database), so
a move's commit never waits for it. Games that end while one is being written are covered by
one more snapshot after it, not one each. Only the process that ended a game asks for its
snapshot. The snapshot before an upgrade is written before the upgrade starts, and the
upgrade waits for it: on PostgreSQL under the upgrade's own lock, so of several processes
starting at once only the first, the one that upgrades, writes it.
"""

from __future__ import annotations

import _thread
import logging
import os
from collections.abc import Callable
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


def folder_from_env() -> Path | None:
    """Where a PostgreSQL database's snapshots go (``COMPANION_BACKUPS``), if anywhere."""
    value = os.environ.get("COMPANION_BACKUPS", "").strip()
    return Path(value).expanduser() if value else None


class Snapshots:
    """The snapshots of one database: ``write(dest)`` makes a consistent copy at ``dest`` (its
    size); they are named ``<name>-<UTC time>-<reason><suffix>`` in ``folder``."""

    def __init__(
        self,
        name: str,
        folder: Path,
        keep: int,
        write: Callable[[Path], int],
        suffix: str = ".db",
        runs_a_tool: bool = False,
    ) -> None:
        self.name, self.folder, self.keep = name, folder, keep
        self._write, self.suffix = write, suffix
        if runs_a_tool:
            # ``pg_dump`` works in a process of its own: this side only waits for it, which
            # under gevent is a greenlet's cooperative wait (gevent's subprocess needs the
            # event loop's thread; a real thread could not start it).
            start, allocate_lock = _thread.start_new_thread, _thread.allocate_lock
        else:
            # SQLite's copy blocks its caller: a real thread, whatever gevent has patched.
            start, allocate_lock, _queue = _originals()
        self._start = start
        self._state = allocate_lock()  # guards the two flags below
        self._running = allocate_lock()  # held while a snapshot thread works
        self._busy = False
        self._again = False
        self.taken = 0  # snapshots written by this process (for tests and the benchmark)

    @classmethod
    def of_file(cls, database: str, keep: int) -> Snapshots:
        """A SQLite file's: in ``backups/`` beside it."""
        path = Path(database)
        return cls(path.stem, path.parent / "backups", keep, lambda dest: backup.copy(path, dest))

    def path(self, reason: str) -> Path:
        return self.folder / f"{self.name}-{backup.stamp()}-{reason}{self.suffix}"

    def listed(self, reason: str) -> list[Path]:
        """This database's snapshots of ``reason``, oldest first."""
        return sorted(self.folder.glob(f"{self.name}-*-{reason}{self.suffix}"))

    def take_now(self, reason: str) -> Path | None:
        """A snapshot now, in this thread (before an upgrade); its path."""
        if self.keep <= 0:
            return None
        path = self.path(reason)
        self._write(path)
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

    def _snapshot_before_upgrade(self, db: Any) -> None:
        """A snapshot of a database this start is about to upgrade (a new one has none): run
        by ``migrations.migrate`` on its connection, before it changes anything (on
        PostgreSQL under the upgrade's lock, which ``pg_dump`` does not wait for)."""
        if self.snapshots is None:
            return
        found = migrations.columns(db, "actions", self.dialect)
        if found and migrations.version(db, self.dialect) < migrations.LATEST:
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

        if green() and self.dialect != POSTGRESQL:
            # (pg_dump's wait is already cooperative, and needs the event loop's thread.)
            from gevent import get_hub

            return get_hub().threadpool.apply(make)
        return make()
