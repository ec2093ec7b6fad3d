"""Chances, in the one shape every view shows them: exact fraction and rounded percentage.

>>> from fractions import Fraction
>>> odds(Fraction(5, 9))
{'num': 5, 'den': 9, 'fraction': '5/9', 'percent': 55.6}
>>> dice_at_least(5, 2)  # two six-sided dice, at least one 5 or 6
Fraction(5, 9)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def odds(chance: Fraction) -> dict[str, Any]:
    """A probability as a view shows it."""
    return {
        "num": chance.numerator,
        "den": chance.denominator,
        "fraction": f"{chance.numerator}/{chance.denominator}",
        "percent": round(float(chance) * 100, 1),
    }


def dice_at_least(face: int, dice: int, sides: int = 6) -> Fraction:
    """The chance that at least one of ``dice`` dice shows ``face`` or more."""
    miss = Fraction(face - 1, sides)
    return 1 - miss**dice
