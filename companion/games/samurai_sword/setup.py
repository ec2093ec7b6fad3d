"""Samurai Sword at the start: the table's options, and the state before the first turn.

Every counter is empty until the roles and characters are known. With the app's deal play
starts at once, in the Shogun's Recover phase; with the manual deal the table waits for every
phone to enter its cards (``roles``).
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, BadValue, Option, Rng, State
from .roles import deal, start_play

OPTIONS = (
    Option.choice(
        "deal",
        N_("Roles and characters"),
        app=N_("The app deals them"),
        manual=N_("Each player enters the cards they drew"),
    ),
    Option.flag("ninja_stars", N_("4 players: the Ninja with more stars scores ×2"), True),
)


def _empty_state(players: list[str], options: dict[str, Any]) -> State:
    n = len(players)
    return {
        "players": [{"name": name} for name in players],
        "options": {
            "deal": options.get("deal", "app"),
            "ninja_stars": bool(options.get("ninja_stars", True)),
        },
        # Secret per seat (only the view's "me" and the end reveal them).
        "roles": [None] * n,
        "stars": [None] * n,
        "daimyo": [0] * n,
        # Manual entry bookkeeping (public: who has entered, not what).
        "entered_role": [False] * n,
        "entered_character": [False] * n,
        "roles_mismatch": False,
        "characters_clash": False,
        "characters": [None] * n,
        "shogun": None,
        "started": False,
        "health": [None] * n,
        "honor": [None] * n,
        "hand": [None] * n,
        "armor": [0] * n,
        "fast_draw": [0] * n,
        "focus": [0] * n,
        "bushido": None,
        "turn": None,
        "phase": None,
        "round": None,
        "deck_outs": 0,
        "over": None,  # how the game ended (a dict), once it has
    }


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    """A new table: the app deals at once, or waits for every phone to enter its cards."""
    if not 3 <= len(players) <= 7:
        raise BadValue("player_count", N_("Samurai Sword is for 3 to 7 players."))
    state = _empty_state(players, options)
    if state["options"]["deal"] == "app":
        deal(state, rng)
        start_play(state)
    return state
