"""Samurai Sword (武士刀): the table's memory and referee for the card game.

The players keep playing with the real cards; the app keeps what is tracked on the table:
hidden roles (dealt by the app or entered on each phone), characters, health, honor, hand
sizes, Armor / Fast Draw / Focus in play, the Bushido holder, whose turn and which phase it
is. It fires the rules' automatic triggers (recovery at the start of a turn, the draw count,
the hand limit, the 1-honor transfer on a defeat, the Bushido check, the empty-deck honor
loss), computes attack difficulties, detects both game ends (0 honor, Swordmaster) and scores
the end with every line of the arithmetic.

Source of truth: ../shared/rules/samurai-sword.md (the digest); section numbers are its.

The modules, as in every game on the kit:

- ``data``: the printed tables (roles, characters, weapons, honor, hands, multipliers);
- ``board``: the facts every part reads (teams, Harmless, draws, the phases of a turn);
- ``setup``: the options and the state at the start;
- ``roles``: the deal, each phone's manual entry, the Shogun;
- ``turn``: Recover -> Draw -> Play -> Discard and the next player;
- ``counters``: public counters, defeats and the end of the game;
- ``attacks``: the Difficulty table and whom each weapon reaches;
- ``bushido``: the Bushido check and the empty deck;
- ``combat``: attacks resolved by the app (Weapons, Battle Cry, Jujutsu);
- ``corrections``: counters, the turn and characters set to what the table shows;
- ``rules``: the actions, who may use each and when;
- ``scoring``: the end of the game as an ``Outcome``;
- ``view``: what each viewer may see;
- ``lines``: the history line of every event;
- ``__init__`` (this file): the ``Game`` that puts them together.
"""

from __future__ import annotations

from ..kit import N_, assemble
from . import board, data, lines, rules, scoring, setup, story, turn, view
from .data import CHARACTERS, NINJA, NINJA_STARS, ROLE_COUNTS, ROLES, SHOGUN

__all__ = [
    "CHARACTERS",
    "GAME",
    "NINJA",
    "NINJA_STARS",
    "ROLE_COUNTS",
    "ROLES",
    "SHOGUN",
]

# What happens when a turn's phase begins: the turn's own functions, registered here.
board.PHASES.register({"recover": turn.recover_health, "draw": turn.draw_cards})

GAME = assemble(
    (data, board, setup, rules, scoring, view, lines, story),
    name=N_("Samurai Sword"),
    players=(3, 7),
    # The end of the game (every role face up) is a barrier by itself.
    reveals={
        "ShogunRevealed": N_("the Shogun's role card turned face up"),
        "RolesMismatch": N_("the check of the entered roles"),
        "CharactersClash": N_("the check of the entered characters"),
        "PlayStarted": N_("the characters turned face up"),
        "SwordmasterVoid": N_("a defeat that shows two players are teammates"),
    },
    private=("role", "Daimyo in hand"),
)
