"""A finished table's log folded once, move by move, for the story of the night.

``moves`` replays the table's log from its setup, as the pipeline rebuilds a table, and hands
out, after each move that counts (not undone, not a note of the table's), the table screen's
view of the game at that moment and the move's PUBLIC history lines (events addressed to
seats, ``to``, are left out, as the table screen's history leaves them out). Nothing private
leaves this module: no state, no seat's view, no private line.

The log is read once and folded once, so a long game costs one replay (as a restart does).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import NotFound
from ..games import GAMES
from ..games.kit import Game
from ..games.kit.driver import run, setup_rng
from ..text import N_, Text
from . import notes
from .tables import Tables


@dataclass(frozen=True)
class Move:
    """One move as the table screen saw it: its seq, who made it (a name, None for the table
    screen), its public lines (oldest first) and the public view after it."""

    seq: int
    by: str | None
    lines: list[Text]
    view: dict[str, Any]


@dataclass(frozen=True)
class Folded:
    """The table's facts and a generator of its moves (the first is the setup, seq 0). Each
    move's view may share parts with the state the next move changes: read it before
    asking for the next move."""

    game: Game
    players: list[str]
    moves: Iterator[Move]


def fold(tables: Tables, table_id: str) -> Folded:
    """The table's log folded from its setup; an unknown table is a NotFound."""
    row = tables.store.table(table_id) if isinstance(table_id, str) else None
    if row is None or row.game not in GAMES:
        raise NotFound("unknown_table", N_("There is no such table."))
    game = GAMES[row.game]
    _version, _last, rows = tables.store.log(table_id)
    return Folded(game, list(row.players), _moves(game, row, rows))


def _moves(game: Game, table: Any, rows: list[Any]) -> Iterator[Move]:
    players = list(table.players)
    state = game.setup(players, table.options, setup_rng(table.seed))
    yield Move(0, None, [], game.view(state, None))
    for action in rows:
        if action.undone != 0 or action.is_note:
            continue  # an undone move is not part of the night; notes are not moves
        run(game, state, action.actor, action.action, table.seed, action.seq)
        # The events as the log stored them (what the history shows), public ones only.
        lines = [notes.game_line(game, players, e) for e in action.events if "to" not in e]
        seat = action.actor
        by = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
        yield Move(action.seq, by, lines, game.view(state, None))
