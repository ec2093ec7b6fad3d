"""The log's rows as the store reads them: a table's own row and one row of its action log.

Kept apart from ``store.log`` (the reads and writes): every wing that reads the log reads
these, and they need no database.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .plays import GAME_ROW

NOTE_ROW = "note"  # a note of the table: never replayed, never undone


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    players: list[str]
    options: dict[str, Any]
    seed: int
    host_hash: str
    version: int
    created: float | None = None  # when the table was set up: the clocks start there


class ActionRow:
    """One row of the log. Its events are decoded only when read: rebuilding a table
    needs every action but only the last few rows' events (for the history)."""

    __slots__ = (
        "seq",
        "actor",
        "action",
        "undone",
        "kind",
        "barrier",
        "at",
        "_events",
        "_events_json",
    )

    def __init__(
        self,
        seq: int,
        actor: int | None,
        action: dict[str, Any],
        events: list[dict[str, Any]] | None,
        undone: int,  # 0 active, 1 undone (redo can bring it back), 2 abandoned by a later action
        events_json: str | None = None,
        kind: str = GAME_ROW,
        barrier: Any = None,  # what this action revealed (a Text), so undo stops here
        at: float | None = None,  # when it was written (the store's clock): the clocks read it
    ) -> None:
        self.seq, self.actor, self.action, self.undone = seq, actor, action, undone
        self.kind, self.barrier, self.at = kind, barrier, at
        self._events, self._events_json = events, events_json

    @property
    def is_note(self) -> bool:
        """A note of the table (a claim, a new code, an undo), not a move of the game."""
        return self.kind == NOTE_ROW

    @property
    def events(self) -> list[dict[str, Any]]:
        if self._events is None:
            self._events = json.loads(self._events_json or "[]")
        return self._events

    def with_undone(self, undone: int) -> ActionRow:
        """The same row with another undo flag (rows are never changed in place)."""
        return ActionRow(
            self.seq,
            self.actor,
            self.action,
            self._events,
            undone,
            self._events_json,
            self.kind,
            self.barrier,
            self.at,
        )

    def __repr__(self) -> str:
        return f"ActionRow(seq={self.seq}, actor={self.actor}, undone={self.undone})"


def action_row(r: tuple[Any, ...]) -> ActionRow:
    """An ``ActionRow`` from (seq, actor, action, events, undone, kind, barrier[, at])."""
    barrier = None if r[6] is None else json.loads(r[6])
    at = r[7] if len(r) > 7 else None
    return ActionRow(r[0], r[1], json.loads(r[2]), None, r[4], r[3], r[5], barrier, at)
