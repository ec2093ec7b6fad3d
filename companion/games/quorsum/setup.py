"""Quorsum's table options and the state at the start: game 1 of the match, its layout drawn
by the app or waiting for the host to enter the tiles on the table."""

from __future__ import annotations

from typing import Any

from ..kit import N_, BadValue, Option, Rng, State
from .opening import start_game

OPTIONS = (
    Option.choice(
        "layout",
        N_("Tile layout"),
        random=N_("Random: the app draws 16 tiles"),
        entered=N_("Entered: the host types in the tiles on the table"),
    ),
    Option.number(
        "stalemate_turns",
        N_("Turns in a row without progress that end the game in a stalemate"),
        6,
        2,
        20,
    ),
    Option.number("match_points", N_("Points to win the match (1 = a single game)"), 1, 1, 15),
    Option.choice(
        "progress",
        N_("What counts as progress for the stalemate counter"),
        record=N_("A piece beats its best distance so far"),
        turn=N_("A piece ends the turn nearer home than it started"),
    ),
    Option.flag("blocking", N_("A piece may not enter a tile occupied by another piece"), True),
    Option.number("draw_points", N_("Match points each player scores for a draw"), 1, 0, 1),
    Option.choice(
        "match_opening",
        N_("Opening choice in later games of a match"),
        alternate=N_("The players take turns making it, no roll"),
        rolloff=N_("Roll off again every game"),
    ),
)
DEFAULTS = {o.name: o.default for o in OPTIONS}


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    """A new Quorsum table: game 1 of the match, its layout drawn or waiting to be entered."""
    if len(players) != 2:
        raise BadValue("two_players", N_("Quorsum is a game for exactly 2 players."))
    state: State = {
        "players": [{"seat": i, "name": name} for i, name in enumerate(players)],
        # The platform fills in every option; the defaults serve a state built by hand.
        "options": {**DEFAULTS, **options},
        "game_no": 1,
        "points": [0, 0],
        "games": [],
        "phase": "layout",
    }
    start_game(state, rng)
    return state
