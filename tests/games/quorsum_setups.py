"""Quorsum's set-ups for its rules tests: boards written as text, a game in its first turn,
pieces moved by hand."""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from pathlib import Path
from typing import Any

from companion.games import quorsum as Q
from companion.games.quorsum.board import distance, distances
from tests.fixtures.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ann", "Bob"]
SEQ = 1  # the action's place in the log, for its seeded randomness


# --- Helpers --------------------------------------------------------------------------------


def t(row: int, col: int) -> int:
    """Tile index of a 1-based (row, col), as the API numbers tiles."""
    return (row - 1) * 4 + (col - 1)


def board(spec: str) -> list[dict[str, Any]]:
    """'4d' = value 4, dark face up; '3l' = value 3, light face up; 16 cells row by row."""
    cells = spec.split()
    assert len(cells) == 16
    return [{"value": int(c[0]), "face": {"d": "dark", "l": "light"}[c[1]]} for c in cells]


# Row 1: dark dark light light / row 2: dark light dark light / ...
STD = """
3d 4d 5l 2l
2d 6l 3d 4l
5d 4d 2l 6d
6l 3l 5d 2d
"""


RULES = Rules("quorsum", players=NAMES, seed=0, seq=SEQ)
act = RULES.act
refused = RULES.refused


def outcome(state):
    """The result as the platform serves it (None while the match runs)."""
    return Q.GAME.outcome(state)


def new_table(seed=1, **options):
    return RULES.new(2, seed=seed, **options)


def playing(spec=STD, owners=(0, 1, 1, 0), first=0, **options):
    """A game in its first turn: the given layout, Ann won the roll-off."""
    state = new_table(**options)
    state["tiles"] = board(spec)
    state, _ = act(state, None, "rolloff", die0=6, die1=2)
    state, _ = act(state, 0, "choose", option="A" if first == 0 else "B")
    state, _ = act(state, state["placer"], "place", owners=list(owners))
    assert state["turn"] == first
    return state


def put(state, pid, row, col):
    """Move a piece by hand (a scenario set-up); its best distance becomes the current one."""
    piece = state["pieces"][pid]
    piece["tile"] = t(row, col)
    piece["best"] = distance(piece["tile"], piece["home"])
    state["turn_start"] = distances(state)


def types(events):
    return [e["type"] for e in events]


def pass_turns(state, n):
    for _ in range(n):
        state, _ = act(state, state["turn"], "pass")
    return state


def brute_chain(values, dice):
    """Enumerate every die face: the chain succeeds if each step meets its value with the
    dice that met the step before."""

    @functools.cache
    def go(step, held):
        if step == len(values):
            return Fraction(1)
        total = Fraction(0)
        for faces in itertools.product(range(1, 7), repeat=held):
            met = sum(1 for f in faces if f >= values[step])
            if met:
                total += Fraction(1, 6**held) * go(step + 1, met)
        return total

    return go(0, dice)


def stalemate_after(distances_setup, **options):
    """Play with pieces placed by hand, then pass until the stalemate ends the game."""
    state = playing(**options)
    for pid, (row, col) in distances_setup.items():
        put(state, pid, row, col)
    limit = state["options"]["stalemate_turns"]
    for i in range(limit):
        assert state["phase"] == "declare", i
        state, events = act(state, state["turn"], "pass")
    return state, events


def to_declare(state, owners=(0, 1, 1, 0)):
    """From a fresh game of a match to its first turn: choose A, place."""
    if state["phase"] == "rolloff":
        state, _ = act(state, None, "rolloff", die0=6, die1=1)
    state, _ = act(state, None, "choose", option="A")
    state, _ = act(state, None, "place", owners=list(owners))
    return state
