"""Backups of the SQLite file: a consistent copy of a live database, its checks, its restore.

A live SQLite file is never copied with ``cp``: a copy taken between a commit's writes to the
file and its WAL can be a corrupt database. ``copy`` uses SQLite's online backup API on a
connection of its own, in one step: one read transaction, so the copy is the database exactly
as one commit left it. In WAL mode a reader never blocks the writer, so moves go on committing
while it runs (a backup in several steps would restart each time another connection
commits, and under a steady stream of moves might never finish).

``restore`` checks a file before it replaces anything (a SQLite file, ``PRAGMA
integrity_check``, the tables of Table Companion, a schema no newer than this release's),
moves the current database aside (never deletes it) and puts the copy in place; the next
start upgrades an older release's copy as any start does.

A running server holds a shared lock on ``<database>.lock`` (``serving``) for as long as its
store is open; ``restore`` takes it exclusively, so it refuses while a server uses the file,
and a server that starts meanwhile waits for the restore to finish.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from . import migrations

try:  # POSIX; elsewhere a running server is not detected (the docs say: stop it first)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

HEADER = b"SQLite format 3\x00"
# Tables every Table Companion database has, from the first release on.
OURS = {"tables", "seats", "actions"}


class Refused(RuntimeError):
    """A backup or a restore that cannot be done, with the reason, said to a person."""


def known_step(path: Path, step: int) -> int:
    """``step``, the schema step a backup was saved at, unless this release does not know it
    (a newer release saved it): then refused, saying which release can restore it."""
    if step > migrations.LATEST:
        raise Refused(
            f"{path} was saved by a newer release of Table Companion (schema step {step};"
            f" this release knows {migrations.LATEST}). Restore it with that release, or a"
            " newer one."
        )
    return step


def stamp(now: float | None = None) -> str:
    """A UTC time for file names, sortable as text (microseconds: two in a second differ).

    >>> stamp(0)
    '19700101-000000.000000Z'
    """
    at = time.time() if now is None else now
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime(at)) + f".{int(at % 1 * 1e6):06d}Z"


def size_text(size: int) -> str:
    """A file size for a person.

    >>> size_text(512), size_text(2048), size_text(5 * 1024 * 1024)
    ('512 bytes', '2.0 KB', '5.0 MB')
    """
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / 1024 / 1024:.1f} MB"


def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a power cut must not undo it)."""
    with suppress(OSError):  # not every system can open a folder
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def copy(source: str | Path, dest: Path) -> int:
    """A consistent copy of the live database ``source`` at ``dest`` (made 0600, written
    under a temporary name first, so ``dest`` is only ever a whole copy); its size."""
    # Private, as the database's own folder is: a copy holds every seat's secrets.
    dest.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    partial = dest.with_name(f".{dest.name}.partial")
    with suppress(FileNotFoundError):
        partial.unlink()
    os.close(os.open(partial, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
    uri = Path(source).resolve().as_uri() + "?mode=ro"
    try:
        src = sqlite3.connect(uri, uri=True, isolation_level=None)
        try:
            src.execute("PRAGMA busy_timeout=5000")
            dst = sqlite3.connect(partial, isolation_level=None)
            try:
                src.backup(dst)  # every page in one step: one read transaction
                # A file that stands alone: no -wal beside it to lose on the way off the Pi.
                dst.execute("PRAGMA journal_mode=DELETE")
            finally:
                dst.close()
        finally:
            src.close()
        with open(partial, "rb+") as written:
            os.fsync(written.fileno())
        os.replace(partial, dest)
    except BaseException:
        with suppress(FileNotFoundError):
            partial.unlink()
        raise
    _fsync_dir(dest.parent)
    return dest.stat().st_size


def check(path: Path) -> int:
    """Refuse (``Refused``, with the reason) unless ``path`` is a whole, undamaged Table
    Companion database this release can open; its schema step."""
    try:
        with open(path, "rb") as f:
            header = f.read(len(HEADER))
    except OSError as err:
        raise Refused(f"Cannot read {path}: {err.strerror or err}") from None
    if header != HEADER:
        raise Refused(f"{path} is not a SQLite database (a Table Companion backup is one).")
    # immutable: read the file as it is, creating nothing beside it.
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?immutable=1", uri=True)
    try:
        try:
            verdict = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        except sqlite3.DatabaseError as err:
            raise Refused(f"{path} is damaged (truncated or corrupt): {err}.") from None
        if verdict != ["ok"]:
            raise Refused(f"{path} is damaged (truncated or corrupt): {verdict[0]}.")
        if not OURS <= names:
            raise Refused(f"{path} is a SQLite database, but not one of Table Companion's.")
        step = migrations.version(conn, migrations.SQLITE)
    finally:
        conn.close()
    return known_step(path, step)


def _lock_file(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


def serving(database: str) -> Any:
    """For a server's store: a shared lock on ``<database>.lock`` while it is open (the file
    descriptor; closing it lets go), or None where it cannot be taken (no ``fcntl``, a
    read-only folder: such a server is never restored over anyway)."""
    if fcntl is None or database == ":memory:":
        return None
    try:
        fd = os.open(_lock_file(Path(database)), os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None
    # Waits only while a restore swaps the file: a server starts on the restored copy.
    fcntl.flock(fd, fcntl.LOCK_SH)
    return fd


@contextmanager
def _alone(database: Path) -> Iterator[None]:
    """Hold ``<database>.lock`` exclusively, or refuse: a server is using the database."""
    if fcntl is None:  # pragma: no cover - Windows: the docs say to stop the server first
        yield
        return
    fd = os.open(_lock_file(database), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Refused(
                f"A server is using {database}: stop it first (Ctrl+C, or systemctl stop),"
                " then restore, then start it again."
            ) from None
        yield
    finally:
        os.close(fd)


def restore(backup: Path, database: Path, now: float | None = None) -> tuple[Path | None, int]:
    """Put a checked copy of ``backup`` in place of ``database``: where the database it
    replaced was moved (None if there was none), and the copy's schema step. Nothing
    changes if the check refuses."""
    database.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    incoming = database.with_name(f".{database.name}.restoring")
    with _alone(database):
        # Checked as copied: the bytes checked are the bytes put in place.
        try:
            os.close(os.open(incoming, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600))
            with open(backup, "rb") as src, open(incoming, "wb") as dst:
                shutil.copyfileobj(src, dst)
                dst.flush()
                os.fsync(dst.fileno())
        except OSError as err:
            with suppress(FileNotFoundError):
                incoming.unlink()
            raise Refused(f"Cannot read {backup}: {err.strerror or err}") from None
        try:
            step = check(incoming)
        except Refused as refused:
            incoming.unlink()
            raise Refused(str(refused).replace(str(incoming), str(backup))) from None
        aside = None
        if database.exists():
            aside = database.with_name(f"{database.name}.before-restore-{stamp(now)}")
            # Its -wal may hold commits not yet in the file: it moves with it, under the
            # name SQLite looks for beside the moved file.
            for suffix in ("", "-wal", "-shm"):
                with suppress(FileNotFoundError):
                    os.replace(f"{database}{suffix}", f"{aside}{suffix}")
        os.replace(incoming, database)
        _fsync_dir(database.parent)
    return aside, step
