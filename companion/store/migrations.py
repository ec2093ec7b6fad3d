"""The database schema as numbered upgrade steps, the same for SQLite and PostgreSQL.

``schema_version`` holds one row per step applied (its number, its name, when). On start
the store runs, in one transaction, every step above the highest recorded one. A database
made before the table existed (the first releases, which created the schema with ``IF NOT
EXISTS`` and added columns as they came) runs every step: each one is written to find its
work already done (``CREATE ... IF NOT EXISTS``, a column added only when it is missing), so
such a database ends where a new one does.

A step is a function of the connection and the dialect. The DDL is written once, in the
common subset of the two dialects; ``ddl`` maps its two types that differ: SQLite's
``INTEGER`` is 64-bit where PostgreSQL's is 32-bit (a table's seed needs 63 bits), and
SQLite's ``REAL`` is a double where PostgreSQL's is a single (a timestamp needs a double).

Several server processes may start at once against one PostgreSQL: an advisory lock makes
the second wait for the first and then find nothing to do.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

SQLITE, POSTGRESQL = "sqlite", "postgresql"
MIGRATION_LOCK = 0x7C0A1  # an arbitrary advisory lock key, the same in every process

Step = Callable[[Any, str], None]


def ddl(sql: str, dialect: str) -> str:
    """``sql`` (written for SQLite) in ``dialect``.

    >>> ddl("seed INTEGER NOT NULL, at REAL", "postgresql")
    'seed BIGINT NOT NULL, at DOUBLE PRECISION'
    """
    if dialect != POSTGRESQL:
        return sql
    sql = re.sub(r"\bINTEGER\b", "BIGINT", sql)
    return re.sub(r"\bREAL\b", "DOUBLE PRECISION", sql)


def run_script(db: Any, script: str, dialect: str) -> None:
    for statement in script.split(";"):
        if statement.strip():
            db.execute(ddl(statement, dialect))


# Every (table, column) of the database, the one question each dialect answers its own way.
_SCHEMA = {
    POSTGRESQL: "SELECT table_name, column_name FROM information_schema.columns"
    " WHERE table_schema = current_schema()",
    SQLITE: "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p"
    " WHERE m.type = 'table'",
}


def columns(db: Any, table: str, dialect: str) -> set[str]:
    """The columns ``table`` has now."""
    return {c for t, c in db.execute(_SCHEMA[dialect]).fetchall() if t == table}


def tables_with(db: Any, column: str, dialect: str) -> list[str]:
    """Every table that has ``column`` (e.g. every table that keeps rows per game table)."""
    return sorted({t for t, c in db.execute(_SCHEMA[dialect]).fetchall() if c == column})


def add_column(db: Any, table: str, column: str, decl: str, dialect: str) -> None:
    """Add a column unless the table has it already."""
    if column not in columns(db, table, dialect):
        db.execute(ddl(f"ALTER TABLE {table} ADD COLUMN {column} {decl}", dialect))


# -- the steps, oldest first: never edit one that has shipped, add a new one ---------------


def _the_log(db: Any, dialect: str) -> None:
    """Tables, seats, the action log, revoked seat tokens, settings."""
    run_script(
        db,
        """
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
        CREATE TABLE IF NOT EXISTS revoked (
            token_hash TEXT PRIMARY KEY,
            table_id TEXT NOT NULL REFERENCES tables(id),
            seat INTEGER NOT NULL,
            at REAL NOT NULL
        );
        """,
        dialect,
    )


def _notes_and_barriers(db: Any, dialect: str) -> None:
    """The table's notes (claims, new codes, undos) in the log, and the reveal barriers."""
    add_column(db, "actions", "kind", "TEXT NOT NULL DEFAULT 'game'", dialect)
    add_column(db, "actions", "barrier", "TEXT", dialect)


def _phones_per_seat(db: Any, dialect: str) -> None:
    add_column(db, "seats", "claims", "INTEGER NOT NULL DEFAULT 0", dialect)


def _short_codes(db: Any, dialect: str) -> None:
    """A five-character code per waiting seat, for a phone without a camera."""
    from .seats import upgrade_seats

    add_column(db, "seats", "short_code", "TEXT", dialect)
    upgrade_seats(db)


def _archive(db: Any, dialect: str) -> None:
    """The plays of the results archive, merged names, imported plays, seat notes."""
    run_script(
        db,
        """
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
        CREATE TABLE IF NOT EXISTS imported_plays (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            players TEXT NOT NULL,
            options TEXT NOT NULL,
            created REAL NOT NULL,
            ended REAL NOT NULL,
            result TEXT NOT NULL,
            hidden INTEGER NOT NULL DEFAULT 0,
            at REAL NOT NULL
        );
        CREATE TABLE IF NOT EXISTS seat_notes (
            table_id TEXT NOT NULL REFERENCES tables(id),
            seat INTEGER NOT NULL,
            text TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (table_id, seat)
        );
        """,
        dialect,
    )


def _log_by_table(db: Any, dialect: str) -> None:
    """A process catching up reads a table's newest rows: an index on (table, kind, undone)
    keeps the undo cursor's lookups off a full scan of a long log."""
    db.execute("CREATE INDEX IF NOT EXISTS actions_cursor ON actions(table_id, kind, undone)")


def _guess_budget(db: Any, dialect: str) -> None:
    """Wrong short-code guesses, counted server-wide in one row (one counter update per wrong
    guess, nothing to prune), and per seat the count when its short code was issued: a short
    code is retired once the count has grown by its budget since (``store.seats``)."""
    run_script(
        db,
        """
        CREATE TABLE IF NOT EXISTS guesses (id INTEGER PRIMARY KEY, failures INTEGER NOT NULL);
        INSERT INTO guesses(id, failures) SELECT 1, 0 WHERE NOT EXISTS (SELECT 1 FROM guesses)
        """,
        dialect,
    )
    add_column(db, "seats", "short_since", "INTEGER NOT NULL DEFAULT 0", dialect)


STEPS: list[tuple[str, Step]] = [
    ("the log", _the_log),
    ("notes and reveal barriers", _notes_and_barriers),
    ("phones per seat", _phones_per_seat),
    ("short codes", _short_codes),
    ("the results archive", _archive),
    ("the undo cursor's index", _log_by_table),
    ("the short codes' guess budget", _guess_budget),
]

LATEST = len(STEPS)


def version(db: Any, dialect: str) -> int:
    """The highest step applied (0: a new database, or one from before steps were counted)."""
    if "step" not in columns(db, "schema_version", dialect):
        return 0
    row = db.execute("SELECT max(step) FROM schema_version").fetchone()
    return row[0] or 0


def require_current(db: Any, dialect: str, where: str) -> None:
    """For a database this process may only read: refuse, in one line, unless its schema
    is this release's (it cannot be upgraded, and this release cannot read another's)."""
    done = version(db, dialect)
    if done < LATEST:
        raise RuntimeError(
            f"The database {where} is read-only and needs an upgrade to this release"
            f" (schema step {done} of {LATEST}): make it writable for one start, or open it"
            " with the release that saved it."
        )
    if done > LATEST:
        raise RuntimeError(
            f"This database was upgraded by a newer release (schema step {done}; this release"
            f" knows {LATEST}). Run that release, or a newer one."
        )


def migrate(db: Any, dialect: str, before: Callable[[Any], None] | None = None) -> list[int]:
    """Apply every step the database lacks, in the caller's transaction; the steps applied.
    ``before(db)`` runs first (once this process holds the upgrade, on PostgreSQL), having
    changed nothing yet: the snapshot of a database about to be upgraded."""
    if dialect == POSTGRESQL:
        db.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
    if before is not None:
        before(db)
    db.execute(
        ddl(
            "CREATE TABLE IF NOT EXISTS schema_version"
            " (step INTEGER PRIMARY KEY, name TEXT NOT NULL, applied REAL NOT NULL)",
            dialect,
        )
    )
    done = version(db, dialect)
    if done > LATEST:
        raise RuntimeError(
            f"This database was upgraded by a newer release (schema step {done}; this release"
            f" knows {LATEST}). Run that release, or a newer one."
        )
    applied = []
    for number, (name, step) in enumerate(STEPS, start=1):
        if number <= done:
            continue
        step(db, dialect)
        db.execute(
            "INSERT INTO schema_version(step, name, applied) VALUES (?, ?, ?)",
            (number, name, time.time()),
        )
        applied.append(number)
    return applied
