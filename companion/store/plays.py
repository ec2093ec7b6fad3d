"""The results archive's rows in the durable store: plays, imported plays, merged names.

``PlaysStore`` is a part of ``store.Store`` (mixed into it, as ``store.seats.SeatStore`` is);
the plumbing it uses, ``_write``, ``_one`` and ``_all``, is the store's. A table's play is
written by the same transaction as the action that ends its game (``_record_play``), so the
archive never needs writing from a page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

GAME_ROW = "game"  # an action of the game: replayed into the state, undoable


class PlaysStore:
    """The plays of finished games, imported plays and merged spellings of names."""

    _write: Callable[..., Any]
    _all: Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]]

    # -- the archive's own rows (``companion.after.archive``) ---------------------------------

    def play_rows(self, hidden: bool = False) -> list[tuple[Any, ...]]:
        """Every finished play, this server's and imported, newest first: (id, game,
        players, options, created, ended, result, hidden), JSON columns as stored. With
        ``hidden``, the archived ones too."""
        shown = "" if hidden else " AND hidden = 0"
        return self._all(
            "SELECT table_id, game, players, options, created, ended, result, hidden FROM plays"
            " WHERE result IS NOT NULL" + shown + " UNION ALL"
            " SELECT id, game, players, options, created, ended, result, hidden FROM imported_plays"
            " WHERE 1 = 1" + shown + " ORDER BY 6 DESC",
            (),
        )

    def own_play_ids(self) -> set[str]:
        """The ids of this server's own plays (finished or not)."""
        return {row[0] for row in self._all("SELECT table_id FROM plays", ())}

    def import_plays(self, rows: list[tuple[Any, ...]], check: Callable[[int], None]) -> int:
        """Keep plays from another server: (id, game, players, options, created, ended,
        result, hidden, at) each; one already kept is skipped. ``check`` is given how many
        imported plays there would be, in the same transaction as the inserts, so two imports
        at once cannot both slip under a cap; if it raises, nothing of this import is kept.
        Returns how many were added."""

        def insert(db: Any) -> int:
            added = 0
            for row in rows:
                added += db.execute(
                    "INSERT INTO imported_plays(id, game, players, options, created, ended,"
                    " result, hidden, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT DO NOTHING",
                    row,
                ).rowcount
            check(db.execute("SELECT COUNT(*) FROM imported_plays").fetchone()[0])
            return added

        return self._write(insert)

    def delete_imported_play(self, play_id: str) -> bool:
        """Delete a play brought from another server (it has no table here); whether it was."""
        return self._write(
            lambda db: db.execute("DELETE FROM imported_plays WHERE id=?", (play_id,)).rowcount > 0
        )

    def set_play_hidden(self, play_id: str, hidden: bool) -> None:
        """Archive a play (kept, not listed) or bring it back, this server's or imported."""

        def job(db: Any) -> None:
            db.execute("UPDATE plays SET hidden=? WHERE table_id=?", (int(hidden), play_id))
            db.execute("UPDATE imported_plays SET hidden=? WHERE id=?", (int(hidden), play_id))

        self._write(job)

    def name_aliases(self) -> dict[str, str]:
        """Merged spellings as stored: a spelling's key -> the name it was merged into."""
        return dict(self._all("SELECT alias, name FROM name_aliases", ()))

    def set_alias(self, alias: str, name: str) -> None:
        """Count the spelling ``alias`` (a key) as ``name`` (replacing an earlier merge of it)."""
        self._write(
            lambda db: db.execute(
                "INSERT INTO name_aliases(alias, name) VALUES (?, ?)"
                " ON CONFLICT(alias) DO UPDATE SET name=excluded.name",
                (alias, name),
            )
        )

    def drop_alias(self, alias: str) -> bool:
        """Undo the merge of the spelling ``alias`` (a key); whether there was one."""
        return self._write(
            lambda db: db.execute("DELETE FROM name_aliases WHERE alias=?", (alias,)).rowcount > 0
        )

    # -- the results archive's plays, kept by the writes that end a game ---------------------

    def _record_play(
        self, db: Any, table_id: str, outcome: Any, version: int | None = None
    ) -> None:
        """Store the table's play as it stands in this transaction: its players, options,
        times and ``outcome`` (None while the game runs). ``ended`` is the time of the last
        action that counts. With ``version``, only if the table is still at that version."""
        guard = "" if version is None else " AND t.version = ?"
        db.execute(
            "INSERT INTO plays(table_id, version, game, players, options, created, ended,"
            " result) SELECT t.id, t.version, t.game, t.players, t.options, t.created,"
            " (SELECT max(a.at) FROM actions a WHERE a.table_id = t.id AND a.kind = ?"
            " AND a.undone = 0), ? FROM tables t WHERE t.id = ?" + guard + " ON CONFLICT(table_id)"
            " DO UPDATE SET version=excluded.version, ended=excluded.ended,"
            " result=excluded.result",
            (GAME_ROW, None if outcome is None else json.dumps(outcome), table_id)
            + (() if version is None else (version,)),
        )

    def record_play(self, table_id: str, outcome: Any, version: int) -> None:
        """``_record_play`` in a write of its own, if the table is still at ``version`` (the
        one ``outcome`` was worked out on): for bringing an older database's archive up to
        date."""
        self._write(lambda db: self._record_play(db, table_id, outcome, version))

    def unarchived(self) -> list[tuple[str, int]]:
        """(table, version) of every table whose play was not stored at its current version."""
        return [
            (r[0], r[1])
            for r in self._all(
                "SELECT t.id, t.version FROM tables t LEFT JOIN plays p ON p.table_id = t.id"
                " WHERE p.version IS NULL OR p.version != t.version",
                (),
            )
        ]
