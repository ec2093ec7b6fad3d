"""The store's PostgreSQL plumbing: a connection pool, and LISTEN/NOTIFY between processes.

For a café, a club or a hosted instance: several server processes, on one machine or many,
share one PostgreSQL (``--db postgresql://...`` or ``DATABASE_URL``). The log is the same as
SQLite's, written by the same SQL (``?`` placeholders become psycopg's ``%s`` here), with
the same promises: a write returns only once PostgreSQL has committed it.

Every write that moves a table's version sends ``NOTIFY companion_tables, '<table> <version>'``
inside its transaction, so the notification leaves only when the write is committed. Every
process LISTENs on a connection of its own (``Listener``) and hands each notification to the
tables, which catch up from the log and wake their own streams. When the listening connection
drops (PostgreSQL restarted, the network blinked), the listener reconnects and then asks the
tables to catch up on everything they hold: notifications sent meanwhile are lost, the log
is not.

While PostgreSQL is away every read and write raises ``StoreUnavailable`` (a 503 for the
players) within ``POOL_TIMEOUT`` seconds. A connection a restart broke is found on its first
statement, before anything is written, and the request goes on with a fresh one, so the
first request after PostgreSQL returns already works.

Under gevent (the server) psycopg waits cooperatively by itself (psycopg 3.1.14 and later).
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

from ..errors import CannotSave, StoreUnavailable
from .migrations import POSTGRESQL, tables_with
from .writer import green

T = TypeVar("T")
log = logging.getLogger(__name__)

CHANNEL = "companion_tables"
POOL_TIMEOUT = 2.0  # seconds a request waits for a connection before it gets its 503
POOL_SIZE = 16  # connections per process; requests are greenlets and wait for one in turn


def is_url(location: str) -> bool:
    """Whether a ``--db`` value names a PostgreSQL database rather than a SQLite file."""
    return location.startswith(("postgresql://", "postgres://"))


def shown(url: str) -> str:
    """The URL without its password, for messages and logs.

    >>> shown("postgresql://tc:s3cret@db:5432/games")
    'postgresql://tc@db:5432/games'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc}" if user else netloc))


@lru_cache(maxsize=512)
def _pg_sql(sql: str) -> str:
    """SQLite's ``?`` placeholders as psycopg's ``%s`` (a literal ``%`` doubled)."""
    return re.sub(r"\?", "%s", sql.replace("%", "%%"))


class PgDb:
    """A PostgreSQL connection that takes the store's SQL as a SQLite connection does."""

    __slots__ = ("conn",)

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    def execute(self, sql: str, args: tuple[Any, ...] | list[Any] = ()) -> Any:
        cursor = self.conn.cursor()
        cursor.execute(_pg_sql(sql), tuple(args))
        return cursor

    def executemany(self, sql: str, rows: Any) -> Any:
        cursor = self.conn.cursor()
        cursor.executemany(_pg_sql(sql), list(rows))
        return cursor


def _driver() -> tuple[Any, Any]:
    try:
        import psycopg
        import psycopg_pool
    except ImportError as err:  # the optional extra is not installed
        raise RuntimeError(
            "PostgreSQL needs its driver: pip install 'table-companion[postgresql]'"
        ) from err
    return psycopg, psycopg_pool


class PostgresBackend:
    """A pool of connections to one PostgreSQL database, for one server process."""

    dialect = POSTGRESQL

    def __init__(self, url: str, pool_size: int = POOL_SIZE) -> None:
        psycopg, psycopg_pool = _driver()
        self.url = url
        self._psycopg = psycopg
        self._unavailable: tuple[type[BaseException], ...] = (
            psycopg.OperationalError,
            psycopg.InterfaceError,
            psycopg_pool.PoolTimeout,
            psycopg_pool.PoolClosed,
        )
        self._pool_errors = (psycopg_pool.PoolTimeout, psycopg_pool.PoolClosed)
        self.pool = psycopg_pool.ConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            kwargs={"autocommit": True},
            timeout=POOL_TIMEOUT,
            # A connection broken by a restart is found before a request gets it.
            # No check before lending a connection (it costs a round trip, ~1 ms of CPU per
            # move): a connection a restart broke fails on its first statement, before
            # anything is written, and the request tries once more on a fresh one.
            # Retry for as long as it takes: a café's database may be away for minutes.
            reconnect_timeout=24 * 3600,
            open=False,
            name="companion",
        )
        try:
            self.pool.open(wait=True, timeout=10.0)
        except psycopg_pool.PoolTimeout as err:
            self.pool.close()
            raise RuntimeError(f"Cannot reach the PostgreSQL database at {shown(url)}") from err
        self.commits = 0
        self.before_commit: Callable[[], None] | None = None
        self._listener: Listener | None = None

    @property
    def name(self) -> str:
        """The database's name (what its snapshots are called by)."""
        return urlsplit(self.url).path.lstrip("/") or "postgres"

    @property
    def where(self) -> str:
        return shown(self.url)

    def _failed(self, err: BaseException) -> BaseException:
        """The store's error for a driver's error, named by its class alone: PostgreSQL's
        messages quote the values involved (a unique code's "Key (short_code)=(K7M4P)"), and
        a seat's code must never reach a log or a traceback."""
        if isinstance(err, self._unavailable):
            return StoreUnavailable(type(err).__name__)
        if isinstance(err, self._psycopg.DatabaseError):
            return CannotSave(type(err).__name__)
        return err

    def write(self, job: Callable[[Any], T]) -> T:
        """Run ``job`` in a transaction of its own; its result once PostgreSQL committed it.

        A connection found broken before the COMMIT was sent (PostgreSQL restarted since it
        was last used) wrote nothing: the job runs once more on a fresh connection. A
        failure during the COMMIT is never retried: it may have been written."""
        for attempt in (1, 2):
            committing = False
            try:
                with self.pool.connection() as conn:
                    with conn.transaction():
                        result = job(PgDb(conn))
                        if self.before_commit is not None:
                            self.before_commit()
                        committing = True
                    self.commits += 1
                    return result
            except self._psycopg.Error as err:
                if attempt == 1 and not committing and self._broken(err):
                    continue
                raise self._failed(err) from None
            except self._unavailable as err:
                raise self._failed(err) from None
        raise AssertionError("unreachable")

    def _broken(self, err: BaseException) -> bool:
        """Whether ``err`` says the connection itself is gone (not the statement refused)."""
        if isinstance(err, self._pool_errors):  # no connection at all: nothing to retry on
            return False
        return isinstance(err, self._psycopg.OperationalError | self._psycopg.InterfaceError)

    def _read(self, sql: str, args: tuple[Any, ...], fetch: Callable[[Any], Any]) -> Any:
        """A read, tried once more on a fresh connection if its connection was broken."""
        for attempt in (1, 2):
            try:
                with self.pool.connection() as conn:
                    return fetch(conn.execute(_pg_sql(sql), args))
            except self._unavailable as err:
                if attempt == 1 and self._broken(err):
                    continue
                raise self._failed(err) from None
        raise AssertionError("unreachable")

    @contextmanager
    def lend(self) -> Iterator[PgDb]:
        try:
            with self.pool.connection() as conn, conn.transaction():
                yield PgDb(conn)
        except self._unavailable as err:
            raise self._failed(err) from None

    def one(self, sql: str, args: tuple[Any, ...]) -> tuple[Any, ...] | None:
        return self._read(sql, args, lambda cursor: cursor.fetchone())

    def all(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        return self._read(sql, args, lambda cursor: cursor.fetchall())

    def announce(self, db: Any, table_id: str, version: int) -> None:
        """Tell every process the table moved; sent by PostgreSQL when the write commits."""
        db.execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{table_id} {version}"))

    def listen(self, changed: Callable[[str, int], None], resume: Callable[[], None]) -> None:
        """Hear every process's changes from now on (returns once it is listening)."""
        if self._listener is None:
            self._listener = Listener(self.url, changed, resume)

    def tables_with(self, db: Any, column: str) -> list[str]:
        return tables_with(db, column, POSTGRESQL)

    def integrity(self) -> str:
        return "ok" if self.one("SELECT 1", ()) == (1,) else "unknown"

    def close(self) -> None:
        if self._listener is not None:
            self._listener.stop()
        self.pool.close()


class Listener:
    """One connection that LISTENs, and hands each notification on as (table id, version).

    It runs on a thread of its own (a greenlet under gevent). ``resume`` is called after
    every reconnection: whatever was announced while it was away must be read from the log.
    """

    def __init__(
        self, url: str, changed: Callable[[str, int], None], resume: Callable[[], None]
    ) -> None:
        self.url = url
        self.changed = changed
        self.resume = resume
        self.listening = threading.Event()
        self._stopped = False
        self._conn: Any = None
        self.reconnects = 0
        # A notification heard but not acted on (the database went away meanwhile): every
        # table is checked against the log as soon as it can be.
        self._behind = False
        threading.Thread(target=self._run, name="companion-listen", daemon=True).start()
        # The tables loaded from now on must not miss a change: wait until it listens.
        self.listening.wait(10.0)

    def stop(self) -> None:
        self._stopped = True
        conn = self._conn
        # Without gevent its wait ends at once; under gevent a socket must not close under
        # the loop's watcher of it: the wait ends by itself within a second.
        if conn is not None and not green():
            conn.close()

    def _run(self) -> None:
        psycopg, _ = _driver()
        delay = 0.1
        while not self._stopped:
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=3) as conn:
                    self._conn = conn
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._behind = self._behind or self.reconnects > 0
                    self.listening.set()
                    delay = 0.1
                    while not self._stopped:
                        if self._behind:
                            self._resume()
                        for note in conn.notifies(timeout=1.0):
                            self._hand_on(note.payload)
            except psycopg.Error as err:
                if self._stopped:
                    return
                self.listening.clear()
                self.reconnects += 1
                log.warning("lost the database's notifications (%s); reconnecting", err)
                time.sleep(delay)
                delay = min(delay * 2, 2.0)

    def _resume(self) -> None:
        self._behind = False
        try:
            self.resume()
        except Exception as err:  # the database is away again: try once more in a second
            self._behind = True
            log.warning("catching up from the log failed (%s); trying again", err)

    def _hand_on(self, payload: str) -> None:
        table_id, _, version = payload.rpartition(" ")
        try:
            self.changed(table_id, int(version))
        except Exception as err:  # one table's trouble must not deafen the process
            self._behind = True
            log.warning("catching up table changes failed (%s); trying again", err)
