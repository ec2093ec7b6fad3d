"""Player names as people typed them, minus what no one can see.

A name is shown on every screen and phone, so a name must look like what it is: no control
characters, no invisible characters (zero-width spaces, joiners) and no bidi controls that
reorder the text around them ("Ann\\u202e" would otherwise look like "Ann" and print the rest
of a line backwards). Names are compared for duplicates by ``name_key``.

>>> normalise_name("  A\\u200bnn   Lee\\n")
'Ann Lee'
>>> normalise_name("Ann\\u202e")
'Ann'
>>> normalise_name("\\uff21\\uff4e\\uff4e")  # full-width letters, as some phone keyboards type
'Ann'
>>> normalise_name("\\u200b\\u2066\\x00")
''
>>> len(normalise_name("x" * 100))
24
>>> name_key("ANN") == name_key("ann\\u200d") == name_key("Ann")
True
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from .errors import BadInput
from .text import N_

if TYPE_CHECKING:
    from .games.kit import Game

MAX_NAME = 24  # a name fits on a phone's header

# Control, format (bidi controls, zero-width characters), private use, surrogates, unassigned.
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn"})


def normalise_name(raw: str, max_length: int = MAX_NAME) -> str:
    """``raw`` in NFKC form, without invisible characters, whitespace collapsed, trimmed, capped.

    Whitespace controls (tab, newline) become spaces before the controls are dropped, so
    "Ann\\tLee" stays two words.
    """
    text = unicodedata.normalize("NFKC", raw)
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch) not in DROPPED_CATEGORIES
    )
    # Cut after collapsing, then trim again: the cut may end on a space.
    return " ".join(kept.split())[:max_length].strip()


def name_key(name: str) -> str:
    """What two names must share to count as the same player ("Ann", "ANN", "Ann\\u200b")."""
    return normalise_name(name).casefold()


def clean_players(players: Any, game: Game) -> list[str]:
    """Player names in seat order, normalised (``names.py``), checked against the player count.

    A name that normalises to nothing is dropped; duplicates are compared after normalising,
    so "Ann" and "Ann" followed by an invisible character are the same player.
    """
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadInput("bad_players", N_("Players must be a list of names."))
    names = [normalise_name(p) for p in players]
    names = [n for n in names if n]
    if not game.min_players <= len(names) <= game.max_players:
        raise BadInput(
            "player_count",
            N_("This game needs {lo} to {hi} players."),
            lo=game.min_players,
            hi=game.max_players,
        )
    if len({name_key(n) for n in names}) != len(names):
        raise BadInput("duplicate_name", N_("Two players have the same name."))
    return names
