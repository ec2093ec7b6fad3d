"""The dice: what the table typed in, how many hit, and the chances the battle screens show.

Both wars hit on a 5 or a 6; a civil war of three or more players first compares highest dice.
"""

from __future__ import annotations

from fractions import Fraction

from ..kit import N_, BadValue
from ..kit.odds import dice_at_least
from .data import HIT_FROM

FACE_SEPARATORS = " ,;/|+-"


def parse_faces(text: str) -> list[int]:
    """Dice typed as digits on a phone's number pad: one digit per die, separators ignored.

    >>> parse_faces("45 6"), parse_faces("4,5/6")
    ([4, 5, 6], [4, 5, 6])
    >>> parse_faces("470")
    Traceback (most recent call last):
    ...
    companion.errors.BadValue: A die shows 1 to 6.
    """
    dice = []
    for ch in text:
        if ch in FACE_SEPARATORS:
            continue
        if ch not in "123456":
            raise BadValue("bad_die", N_("A die shows 1 to 6."))
        dice.append(int(ch))
    return dice


def hits(dice: list[int]) -> int:
    """How many dice hit (a 5 or a 6).

    >>> hits([4, 5, 6, 1])
    2
    """
    return sum(1 for d in dice if d >= HIT_FROM)


def hit_chance(n: int) -> Fraction:
    """Chance that ``n`` dice show at least one hit: 1 - (2/3)^n (digest §7).

    >>> hit_chance(1), hit_chance(2), hit_chance(3), hit_chance(4)
    (Fraction(1, 3), Fraction(5, 9), Fraction(19, 27), Fraction(65, 81))
    >>> hit_chance(0)
    Fraction(0, 1)
    """
    return dice_at_least(HIT_FROM, n)


def top_die_chances(mine: int, others: list[int]) -> tuple[Fraction, Fraction]:
    """With ``mine`` dice against the ``others``' dice, the chance that my highest die is the
    top value (I stay in) and that it is the only top value (I win outright).

    >>> top_die_chances(1, [1])
    (Fraction(7, 12), Fraction(5, 12))
    """
    stay = outright = Fraction(0)
    for k in range(1, 7):
        mine_is_k = Fraction(k, 6) ** mine - Fraction(k - 1, 6) ** mine
        at_most = Fraction(1)
        below = Fraction(1)
        for n in others:
            at_most *= Fraction(k, 6) ** n
            below *= Fraction(k - 1, 6) ** n
        stay += mine_is_k * at_most
        outright += mine_is_k * below
    return stay, outright
