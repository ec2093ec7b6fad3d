"""Attacks in Samurai Sword (§4): the Difficulty of each target, and whom each weapon reaches.

The players roll no dice and attack with the real cards; the app answers the two questions the
table asks ("how hard is it to hit Bo?", "my Katana: whom can I hit?") for every seat at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..kit import State
from .board import count, harmless
from .data import WEAPON_DIFFICULTIES, WEAPONS

# The weapons of the deck as the view lists them.
WEAPON_TABLE = [
    {"id": name.lower(), "name": name, "copies": copies, "difficulty": diff, "damage": damage}
    for name, copies, diff, damage in WEAPONS
]


def seat_distance(harmless: Sequence[bool], attacker: int, target: int) -> int:
    """§4: the fewest places between two seats either way round, not counting Harmless players.

    For each direction: 1 + the non-Harmless players strictly between; take the smaller.

    >>> nobody = [False] * 6
    >>> [seat_distance(nobody, 0, t) for t in (1, 2, 3, 4, 5)]
    [1, 2, 3, 2, 1]
    >>> seat_distance([False, True, True, False, False, False], 0, 3)
    1
    """
    n = len(harmless)
    clockwise = 1 + sum(
        1 for k in range(1, (target - attacker) % n) if not harmless[(attacker + k) % n]
    )
    anticlockwise = 1 + sum(
        1 for k in range(1, (attacker - target) % n) if not harmless[(attacker - k) % n]
    )
    return min(clockwise, anticlockwise)


def difficulty(
    harmless: Sequence[bool],
    armor: Sequence[int],
    characters: Sequence[str | None],
    attacker: int,
    target: int,
) -> int | None:
    """§4: the Difficulty to attack ``target``: seats apart + its Armor, +1 against Benkei.

    None for yourself or a Harmless target.

    >>> seats, armor = [False] * 4, [0, 0, 2, 0]
    >>> difficulty(seats, armor, [None, "benkei", None, None], 0, 1)  # 1 apart, +1 Benkei
    2
    >>> difficulty(seats, armor, [None] * 4, 0, 2)  # 2 apart + 2 Armor
    4
    >>> difficulty(seats, armor, [None] * 4, 0, 0) is None
    True
    """
    if attacker == target or harmless[target]:
        return None
    value = seat_distance(harmless, attacker, target) + armor[target]
    return value + (1 if characters[target] == "benkei" else 0)


def helper_tables(state: State) -> tuple[list[list[dict[str, Any]]], list[list[dict]]]:
    """The attack helper's two tables (see ``_helper_tables_for``) for this state."""
    if not state["started"]:
        return [], []
    seats = tuple(harmless(state, s) for s in range(count(state)))
    return _helper_tables_for(seats, tuple(state["armor"]), tuple(state["characters"]))


# Every view of every version needs these tables, but they depend only on who is Harmless,
# the Armor and two characters, which a counter tap rarely changes. The results are shared
# between views, which only ever read them.
@lru_cache(maxsize=512)
def _helper_tables_for(
    harmless: tuple[bool, ...], armor: tuple[int, ...], characters: tuple[str | None, ...]
) -> tuple[list[list[dict[str, Any]]], list[list[dict]]]:
    """For every attacker and target: the Difficulty and the weapon difficulties that reach it;
    and for every attacker, per weapon reach (1-5), the weapons of that reach and whom they hit.

    The second is the question a player holding a weapon asks ("my Katana: whom can I hit?").
    """
    n = len(harmless)
    difficulties = []
    for attacker in range(n):
        kojiro = characters[attacker] == "kojiro"
        row: list[dict[str, Any]] = []
        for target in range(n):
            value = difficulty(harmless, armor, characters, attacker, target)
            reach = (
                [] if value is None else [w for w in WEAPON_DIFFICULTIES if kojiro or w >= value]
            )
            row.append(
                {
                    "target": target,
                    "difficulty": value,
                    "reachable_by": reach,
                    "kojiro": kojiro and value is not None,
                }
            )
        difficulties.append(row)
    attack = [
        [
            {
                "reach": reach,
                "weapons": [w[0] for w in WEAPONS if w[2] == reach],
                "targets": [e["target"] for e in row if reach in e["reachable_by"]],
            }
            for reach in WEAPON_DIFFICULTIES
        ]
        for row in difficulties
    ]
    return difficulties, attack
