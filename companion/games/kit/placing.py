"""Placing players at the end of a game: places as a game's rules give them, shared on a tie.

A game compares its players by a key per seat (a tuple, higher is better: its score, then
each tie-break in the rules' order). ``places`` turns those keys into places as "standard
competition ranking" does (1, 2, 2, 4), and ``deciding_step`` says which step of the key
separated the winners from the best of the others, so the result can name the tie-break
that decided it rather than leave a reader to wonder over an equal score.

>>> places({0: (5, 2), 1: (5, 3), 2: (1, 9), 3: (5, 3)})
{0: 3, 1: 1, 2: 4, 3: 1}
>>> deciding_step({0: (5, 2), 1: (5, 3)}, [1])
1
>>> deciding_step({0: (6, 2), 1: (5, 3)}, [0]) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def places(keys: Mapping[int, Sequence[Any]]) -> dict[int, int]:
    """Each seat's place (1 is first): one more than the number of seats with a higher key."""
    return {
        seat: 1 + sum(1 for other in keys.values() if tuple(other) > tuple(key))
        for seat, key in keys.items()
    }


def deciding_step(keys: Mapping[int, Sequence[Any]], winners: Sequence[int]) -> int | None:
    """The index of the first step of the key where the winners are ahead of the best of
    the others; None when the first step (the score itself) already does, when nobody
    else played, or when the winners are level with someone on every step (a shared place).
    """
    rest = [tuple(k) for s, k in keys.items() if s not in winners]
    if not winners or not rest:
        return None
    best_rest = max(rest)
    mine = tuple(keys[winners[0]])
    for step, (a, b) in enumerate(zip(mine, best_rest, strict=False)):
        if a != b:
            return step or None
    return None
