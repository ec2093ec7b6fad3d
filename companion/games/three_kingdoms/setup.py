"""3 Kingdoms Battle at the start, and the table's options: every ambiguous reading of the
digest is an option whose default is the digest's reading."""

from __future__ import annotations

from typing import Any

from ..kit import N_, Option, Rng, State
from .data import COMMAND_CARDS, STRATAGEMS, TILES_TO_DRAW

OPTIONS = (
    Option.flag(
        "join_contested",
        N_("Troops may be placed on a new tile whose city already holds other players' troops"),
        True,
    ),
    Option.choice(
        "emptied_city",
        N_("A city its owner leaves without troops"),
        idle=N_("becomes idle (no owner, no points)"),
        kept=N_("stays with its owner"),
    ),
    Option.choice(
        "hold_hits",
        N_("Attacker hits against Hold troops in one roll"),
        pool=N_("turn Hold troops Alert first, then remove Alert troops, new ones too"),
        one_per_troop=N_("each defending troop takes at most one hit per roll"),
    ),
    Option.choice(
        "simultaneous_eight",
        N_("Several players reach 8 points at once"),
        tiebreak=N_("highest score, then the tie-break chain"),
        shared=N_("they share the win"),
    ),
    Option.choice(
        "tiebreak_alert",
        N_("Tie-break D counts Alert troops"),
        map=N_("everywhere on the map"),
        completed=N_("in completed cities only"),
    ),
    Option.choice(
        "final_tie",
        N_("Still tied after tie-break D"),
        shared=N_("the tied players share the win"),
        fewer_turns=N_("the tied player who took fewer turns wins"),
    ),
)


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    """A new game: 8 troops, 5 command cards and the 4 stratagems each; seat 0 starts."""
    opts = {o.name: options.get(o.name, o.default) for o in OPTIONS}
    return {
        "players": [{"name": name} for name in players],
        "options": opts,
        "seats": [
            {
                "commands": COMMAND_CARDS,
                "stratagems": {key: True for key, _ in STRATAGEMS},
                "turns": 0,
            }
            for _ in players
        ],
        "tiles_left": TILES_TO_DRAW,
        "turn": 0,
        "round": 1,
        # The phase the game is in (see ``phases``): the turn's actions, a battle, its outcome,
        # or the end.
        "phase": "turn",
        "turn_done": False,
        "last_action_t": None,
        "cities": [],
        "next_city": 1,
        "battle": None,
        "civil_queue": [],
        # The result of the last battle fought (``phases.battle_result``), or None.
        "last_battle": None,
        "over": None,
    }
