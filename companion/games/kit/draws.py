"""Draws: what the app can draw, the table can enter as it drew it, and the deck stays whole.

A deck lives in the state as ``{"pile": [...], "drawn": [...]}``: the pile in the order the
app shuffled it (seeded, so a replay draws the same), and what has come out. "The app draws"
takes the top card; "we drew this" takes the named card out of the pile wherever it is, so
the rest of the deck stays consistent and no card ever comes twice.

>>> import random
>>> deck = new_deck(["a", "b", "c"], random.Random(1))
>>> entered = draw(deck, card="b")          # the table turned up b
>>> drawn = draw(deck)                      # the app draws the next
>>> sorted([entered, drawn] + deck["pile"]), deck["drawn"][0]
(['a', 'b', 'c'], 'b')
>>> draw(deck, card="b")
Traceback (most recent call last):
...
companion.errors.BadValue: That card has already come out.
"""

from __future__ import annotations

from typing import Any

from ...errors import BadValue
from ...text import N_
from .contract import Rng


def new_deck(cards: list[Any], rng: Rng) -> dict[str, list[Any]]:
    """A shuffled deck of ``cards``."""
    pile = list(cards)
    rng.shuffle(pile)
    return {"pile": pile, "drawn": []}


def draw(deck: dict[str, list[Any]], card: Any = None) -> Any:
    """The top card (the app draws), or ``card`` as the table drew it."""
    if card is None:
        if not deck["pile"]:
            raise BadValue("deck_empty", N_("The deck is empty."))
        card = deck["pile"].pop(0)
    elif card in deck["pile"]:
        deck["pile"].remove(card)
    elif card in deck["drawn"]:
        raise BadValue("already_drawn", N_("That card has already come out."))
    else:
        raise BadValue("not_in_deck", N_("That card is not in this deck."))
    deck["drawn"].append(card)
    return card


def pick(options: list[Any], rng: Rng, chosen: Any = None) -> Any:
    """One of ``options``: drawn at random by the app, or ``chosen`` as the table picked it."""
    if chosen is None:
        return rng.choice(options)
    if chosen not in options:
        raise BadValue("not_an_option", N_("That is not one of the possibilities."))
    return chosen
