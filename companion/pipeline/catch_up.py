"""Bringing a process's copy of a table up to the log when another process wrote to it.

With several server processes (PostgreSQL), each keeps the tables it serves in memory. When
another process appends to a table, this one hears of it (NOTIFY) and reads the rows it
has not seen (``Store.changes_since``). New game actions and notes are applied in order,
exactly as the process that wrote them applied them (the same seed, the same seq, so the
same dice); an undo or a redo changed flags on older rows, which only a rebuild from the
whole log follows.
"""

from __future__ import annotations

from ..games.kit.driver import fresh_copy, run
from ..store.log import ActionRow
from .clocks import follow
from .loaded import Loaded

CURSOR_NOTES = ("undo", "redo")


def apply_rows(loaded: Loaded, rows: list[ActionRow], version: int) -> bool:
    """Apply ``rows`` (written elsewhere, after ``loaded.last_seq``) to the cached table and
    take it to ``version``. False, with ``loaded`` untouched, when only a rebuild will do."""
    if any(row.undone or _moves_cursor(row) for row in rows):
        return False
    if rows and rows[0].seq <= loaded.last_seq:
        return False
    state = fresh_copy(loaded.state)
    kept = list(loaded.rows)
    active, undone = loaded.active_rows, loaded.undone_rows
    for row in rows:
        if not row.is_note:
            run(loaded.game, state, row.actor, row.action, loaded.seed, row.seq)
            # As in the store: a new action abandons whatever a redo could have brought back.
            kept = [r.with_undone(2) if r.undone == 1 and not r.is_note else r for r in kept]
            active, undone = active + 1, 0
        follow(loaded.clocks, row, loaded.game, state)
        kept.append(row)
    loaded.state, loaded.rows = state, kept
    loaded.active_rows, loaded.undone_rows = active, undone
    if rows:
        loaded.last_seq = rows[-1].seq
    loaded.version = version
    # A claim or a new code may be among the rows: read the seats' tokens again.
    loaded.seat_hash_memo = None
    loaded.keep_recent()
    return True


def _moves_cursor(row: ActionRow) -> bool:
    return row.is_note and row.action.get("type") in CURSOR_NOTES
