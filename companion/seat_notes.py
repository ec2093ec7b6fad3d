"""A seat's private notes: what its player jots down during a game, kept for that seat alone.

Stored beside the log in the same database (``seat_notes``), one text per seat, so they
survive reconnects and a restart. They are read only through ``read`` with the seat that
owns them; nothing else in the app renders or serves them, and the archive never holds
them (a player takes them home only in their own receipt).
"""

from __future__ import annotations

import time

from .store import Store

MAX_LENGTH = 4000  # a few paragraphs; a phone's notes, not a document


def read(store: Store, table_id: str, seat: int) -> str:
    """The seat's notes ("" if it has none)."""
    rows = store.query("SELECT text FROM seat_notes WHERE table_id=? AND seat=?", (table_id, seat))
    return rows[0][0] if rows else ""


def write(store: Store, table_id: str, seat: int, text: str) -> None:
    """Replace the seat's notes (committed before this returns)."""
    text = text[:MAX_LENGTH]
    store.write(
        lambda db: db.execute(
            "INSERT INTO seat_notes(table_id, seat, text, at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(table_id, seat) DO UPDATE SET text=excluded.text, at=excluded.at",
            (table_id, seat, text, time.time()),
        )
    )
