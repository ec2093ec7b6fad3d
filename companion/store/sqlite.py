"""The store's SQLite plumbing: one file, a writer thread, a reading connection.

The embedded default, for one machine and one server process. Every write goes to the
writer thread (``companion.store.writer``), which commits waiting writes together (WAL with
``synchronous=FULL``: a commit survives a power cut) and answers each only once its own
write is committed. Reads use a connection of their own: with WAL they run beside the
writer and see every write that has returned.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import tempfile
import threading
import weakref
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from ..errors import CannotSave
from .backup import serving
from .migrations import SQLITE, tables_with
from .writer import Writer

T = TypeVar("T")


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


def writable(path: Path) -> bool:
    """Whether SQLite may write the existing database ``path``: the file, and its folder,
    where each write first creates its journal. Real attempts, not the permission bits: for
    root they say yes to nearly everything, a read-only mount says no."""
    try:
        os.close(os.open(path, os.O_RDWR))
        with tempfile.TemporaryFile(dir=path.parent):
            pass
    except OSError as err:
        if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return False
        raise
    return True


def _connect_read_only(path: str) -> sqlite3.Connection:
    """A connection that only reads, for a file this process may not write.

    Where SQLite may create its shared-memory file beside the database it reads as usual
    (``mode=ro``, seeing any other process's commits); where it may not even do that (the
    folder is read-only too), it reads the file as it is (``immutable``)."""
    uri = Path(path).resolve().as_uri()
    for query in ("mode=ro", "immutable=1"):
        conn = sqlite3.connect(
            f"{uri}?{query}", uri=True, check_same_thread=False, isolation_level=None
        )
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError:
            conn.close()
            continue
        conn.execute("PRAGMA query_only=ON")
        return conn
    raise RuntimeError(f"Cannot read the database {path}: it is not a readable SQLite file")


# The write connection's settings, chosen for a Raspberry Pi's SD card, which wears out by
# the bytes written to it (benchmarks/disk_writes.py measures them; docs/raspberry-pi.md):
# - WAL: a commit appends the pages it changed to one file and fsyncs once; a rollback
#   journal would write each page twice and fsync more often.
# - FULL: every commit is fsynced, so an acknowledged action survives a power cut. NORMAL
#   would save the fsyncs, not the bytes, and lose the last moves on a power cut: never.
# - wal_autocheckpoint stays SQLite's 1000 pages (a ~4 MB WAL). Measured: a move writes
#   ~23 KB (four 4 KB pages: the log row, its two indexes, the table's version; checkpoints
#   add little); checkpointing ten times less often saved nothing beyond the noise, and
#   a longer WAL makes every read search a bigger index.
# - journal_size_limit: after a checkpoint the WAL file is cut back to 4 MB, the size one
#   checkpoint interval fills, so it is reused in place (no regrowing, no metadata writes)
#   and a WAL swollen while a snapshot held a checkpoint back does not stay swollen.
SETTINGS = {
    "journal_mode": "WAL",
    "synchronous": "FULL",
    "wal_autocheckpoint": 1000,
    "journal_size_limit": 4 * 1024 * 1024,
}


def _connect(path: str, reader: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    if reader:
        conn.execute("PRAGMA query_only=ON")  # every write goes through the writer
    else:
        for name, value in SETTINGS.items():
            conn.execute(f"PRAGMA {name}={value}")
        conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=5000")
    return conn


def _abandon(writer: Writer, serving: int | None) -> None:
    writer.abandon()
    if serving is not None:
        os.close(serving)


class SqliteBackend:
    """One SQLite file for one server process."""

    dialect = SQLITE

    def __init__(self, path: str) -> None:
        self.path = path
        memory = path == ":memory:"
        # A file this process may not write is served as it is saved, and every write is
        # refused (``CannotSave``): a server on a read-only copy still shows its games.
        self.read_only = not memory and Path(path).exists() and not writable(Path(path))
        if not memory and not self.read_only:
            _private_file(Path(path))
        # Held while this store is open: ``companion restore`` refuses while it is.
        self._serving = None if memory or self.read_only else serving(path)
        connect = partial(_connect_read_only if self.read_only else _connect, path)
        # The writer opens the write connection on its own thread and alone uses it.
        self.writer = Writer(connect)
        self.conn = self.writer.conn
        # A store nobody closed still ends its writer thread once it is garbage.
        self._finalizer = weakref.finalize(self, _abandon, self.writer, self._serving)
        # A second connection to ":memory:" would open another, empty database: there,
        # reads go through the writer too.
        self._reader = (
            None
            if memory
            else _connect_read_only(path)
            if self.read_only
            else _connect(path, reader=True)
        )
        self._read_lock = threading.Lock()

    @property
    def before_commit(self) -> Callable[[], None] | None:
        return self.writer.before_commit

    @before_commit.setter
    def before_commit(self, hook: Callable[[], None] | None) -> None:
        self.writer.before_commit = hook

    @property
    def commits(self) -> int:
        return self.writer.commits

    @property
    def where(self) -> str:
        """Where the games are kept, as a person may be told."""
        return self.path

    def write(self, job: Callable[[Any], T]) -> T:
        if self.read_only:
            raise CannotSave("the database file is read-only")
        return self.writer.call(job)

    def read(self, job: Callable[[Any], T]) -> T:
        """``job`` on the reading connection (for a read-only file's schema check)."""
        if self._reader is None:
            return self.write(job)
        with self._read_lock:
            return job(self._reader)

    def lend(self) -> AbstractContextManager[Any]:
        return self.writer.lend()

    def one(self, sql: str, args: tuple[Any, ...]) -> tuple[Any, ...] | None:
        if self._reader is None:
            return self.write(lambda db: db.execute(sql, args).fetchone())
        with self._read_lock:
            cursor = self._reader.execute(sql, args)
            try:
                return cursor.fetchone()
            finally:
                # An unfinished statement would hold its read transaction open, and with it
                # an old snapshot: the next read would miss the newest commits.
                cursor.close()

    def all(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if self._reader is None:
            return self.write(lambda db: db.execute(sql, args).fetchall())
        with self._read_lock:
            return self._reader.execute(sql, args).fetchall()

    def announce(self, db: Any, table_id: str, version: int) -> None:
        """Nothing to do: one process holds every stream of a SQLite store."""

    def listen(self, changed: Callable[[str, int], None], resume: Callable[[], None]) -> None:
        """Nothing to hear: no other process writes to this file."""

    def tables_with(self, db: Any, column: str) -> list[str]:
        return tables_with(db, column, SQLITE)

    def integrity(self) -> str:
        row = self.one("PRAGMA integrity_check", ())
        return row[0] if row else "unknown"

    def close(self) -> None:
        self._finalizer.detach()
        self.writer.close()
        if self._reader is not None:
            with self._read_lock:
                self._reader.close()
        if self._serving is not None:
            os.close(self._serving)
            self._serving = None
