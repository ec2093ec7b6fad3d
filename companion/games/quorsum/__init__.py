"""Quorsum (骰棋): a two-player dice race on a 4×4 grid of two-faced tiles.

The players lay 16 real tiles (values 2-6, a dark and a light face) and move real pieces with
real dice; the app is the table's memory and referee. It draws (or records) the layout, runs
the opening roll-off and the A/B choice, keeps the four pieces, their homes and distances,
takes each turn's public dice declaration and shows its odds, applies the entered (or rolled)
dice, enforces adjacency, same colour, blocking and the flip lock, checks the win and double
win after every move, runs the stalemate counter with its tie-break, and scores match play.

The modules, one per part of the game:

- ``data``: the board, the tile box, the dice, the phases and the words;
- ``setup``: the table options and the state at the start;
- ``board``: tiles, pieces, distances, and which moves and flips are legal now;
- ``dice``: the odds of a roll and of a chain, the declaration and its planner;
- ``opening``: each game's start (layout, roll-off, A/B choice, placement, next game);
- ``turn``: declaring, rolling, chaining, stopping and ending a turn;
- ``stalemate``: the counter of turns without progress and its tie-break;
- ``corrections``: the host's tile entry, to match the table;
- ``scoring``: the end of a game and of the match (an ``Outcome``);
- ``rules``: every action, who may use it and when (``allowed`` follows);
- ``view``: what every viewer sees; ``lines``: the history line of every event.
"""

from __future__ import annotations

from ..kit import N_, assemble
from . import data, lines, opening, rules, scoring, story, turn
from . import setup as starting
from . import view as views
from .data import PHASES

# The rules' functions by name, as the rules suites call them (``quorsum.view(state, 0)``).
from .rules import ACTIONS, allowed
from .scoring import over, result
from .setup import setup
from .view import private_view, view

# What happens when a phase begins: the parts' own functions, registered here.
PHASES.register({"layout": opening.fresh_board, "declare": turn.begin_turn})

# Nothing is hidden (digest §8): no secrets, no sealed rounds, no reveals.
GAME = assemble(
    (data, starting, rules, scoring, views, lines, story), name=N_("Quorsum"), players=(2, 2)
)

__all__ = ["ACTIONS", "GAME", "allowed", "over", "private_view", "result", "setup", "view"]
