"""The story of the night: a finished game told again, round by round, from its log.

Each step is built ONLY from what the table screen showed at that moment: the public history
lines of its moves and the numbers the game charts (``Game.story_series``), read from the
public view after the step's last move. A secret therefore appears in the story exactly
when the table learnt it (a reveal's public line, a role in the public view), and the rest
only in the result, which the page adds to the last step. The log is folded once
(``pipeline.fold``), however long the game.

Steps follow the public view's round (and, for a match of several games, its game number);
a game whose view has no rounds is told move by move.

>>> [title_of(k, n, False) for n, k in enumerate([(None, None), (None, 2), (None, None)])]
[['Setup', {}], ['Round {n}', {'n': 2}], ['Setup', {}]]
>>> title_of((None, None), 3, True)
['The end', {}]
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..games.kit import Game
from ..pipeline.fold import Move, fold
from ..pipeline.tables import Tables
from ..text import T, Text


@dataclass
class Step:
    """One step of the story: its title, its moves' public lines (oldest first, each with
    who made it: a name, or None for the table screen) and the charted numbers after it."""

    n: int  # 1-based
    title: Text
    lines: list[tuple[str | None, Text]] = field(default_factory=list)
    numbers: dict[str, list[float | None]] = field(default_factory=dict)
    last_seq: int = 0  # the last log row it covers (0: the setup alone)


@dataclass
class Story:
    """The whole story: the game, its players, its steps, and what it charts."""

    game: Game
    players: list[str]
    steps: list[Step]
    labels: list[str]  # the charted series' msgids, in the game's order
    start: dict[str, list[float | None]] = field(default_factory=dict)  # at the setup

    def series(self, label: str, upto: int) -> list[list[float | None]]:
        """Each seat's values of one series: at the setup, then after steps 1..``upto``
        (never a later step's: a step's chart knows nothing of what came after it)."""
        blank = [None] * len(self.players)
        points = [self.start.get(label, blank)]
        points += [step.numbers.get(label, blank) for step in self.steps[:upto]]
        return [[p[seat] for p in points] for seat in range(len(self.players))]


def _number(value: Any) -> float | None:
    """A charted value, or None for anything that is not a finite number (a hidden one)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value if math.isfinite(value) else None


def numbers_of(
    game: Game, public_view: dict[str, Any], seats: int
) -> dict[str, list[float | None]]:
    """The game's charted numbers in this public view: label -> a value per seat."""
    if game.story_series is None:
        return {}
    found = game.story_series(public_view)
    return {
        str(label): [_number(v) for v in (list(values) + [None] * seats)[:seats]]
        for label, values in found.items()
    }


def key_of(public_view: dict[str, Any]) -> tuple[Hashable, Hashable]:
    """Which step a moment belongs to: the match's game number and the round, as public."""
    game_no, round_no = public_view.get("game_no"), public_view.get("round")
    return (
        game_no if isinstance(game_no, (int, str)) else None,
        round_no if isinstance(round_no, int) and not isinstance(round_no, bool) else None,
    )


def title_of(key: tuple[Hashable, Hashable], n: int, after_rounds: bool) -> Text:
    """A step's title: its round, or the setup before the first round, or the end after it."""
    if key[1] is not None:
        return T("Round {n}", n=key[1])
    return T("The end") if after_rounds else T("Setup")


def build(tables: Tables, table_id: str) -> Story:
    """The story of one table, from its log (an unknown table is a NotFound)."""
    folded = fold(tables, table_id)
    return tell(folded.game, folded.players, folded.moves)


def tell(game: Game, players: list[str], moves: Iterable[Move]) -> Story:
    """The story of these moves (the setup first), each read from its public view and its
    public lines alone: what ``build`` tells of a table's log, and what the secrecy suite
    tells of a log whose secrets it changed."""
    seats = len(players)
    moments: list[tuple[Move, tuple[Hashable, Hashable], dict[str, list[float | None]]]] = []
    for move in moves:
        # The view may share parts with the state the next move changes: read it now.
        moments.append((move, key_of(move.view), numbers_of(game, move.view, seats)))
    labels = list(moments[0][2]) if moments else []
    if len({key for _m, key, _n in moments}) > 1:
        steps = _by_key(moments)
    else:
        steps = _by_move(moments)
    start = moments[0][2] if moments else {}
    return Story(game, players, steps, labels, start)


def _by_key(moments: list[tuple[Move, Any, dict[str, Any]]]) -> list[Step]:
    steps: list[Step] = []
    current: Any = object()
    seen_round = False
    for move, key, numbers in moments:
        if key != current:
            steps.append(Step(len(steps) + 1, title_of(key, len(steps), seen_round)))
            current = key
            seen_round = seen_round or key[1] is not None
        _add(steps[-1], move, numbers)
    return steps


def _by_move(moments: list[tuple[Move, Any, dict[str, Any]]]) -> list[Step]:
    steps: list[Step] = []
    for n, (move, _key, numbers) in enumerate(moments):
        title = T("Setup") if n == 0 else T("Move {n}", n=n)
        steps.append(Step(n + 1, title))
        _add(steps[-1], move, numbers)
    return steps


def _add(step: Step, move: Move, numbers: dict[str, Any]) -> None:
    step.lines.extend((move.by, line) for line in move.lines)
    step.numbers = numbers
    step.last_seq = move.seq
