"""Sun Tzu (孫子兵法): Al Newman's two-player battle card game (2007), on the game kit.

Blue (seat 0) plays Sun Tzu of Wu, Red (seat 1) the King of Chu. Over at most 9 rounds both
players place one action card opposite each of five provinces in secret, the cards are revealed
province by province, and the app resolves each battle (the full card matrix, the +2/+3 army
costs, the Plague, the "6" marker, army movement with the shortfall rule), fires the face-up event
when its condition is met, scores rounds 3, 6 and 9 on the score track and decides the end.

The cards are played either on the real board (option ``cards = "physical"``: the table screen
enters each province's two revealed cards) or on the phones (``cards = "phones"``: the app holds
every hand and deck, the placement is a sealed round and the draw phase happens on the phone).
The digest this package follows is ``shared/rules/sun-tzu.md``; every ``AMBIGUOUS`` point there is
implemented as proposed, with a table option where the digest asks for a toggle.

The modules, one per part of the game:

- ``data``: the board, the cards, the events, the Warlords, the options, the phases;
- ``setup``: the state at the start;
- ``common``: what the parts share (notes, the new round, the sealed rounds' resolvers);
- ``warlords``: the secret choice, playing a Warlord, the War Chariot's extra one;
- ``placement``: the cards on the phones (sealed placement, the draw, the recall);
- ``battles``: phase 3 (the battle order, reveal or entry, resolution, the 6 marker);
- ``armies``: the army moves (costs, the winner's armies, the shortfall);
- ``events``: the event deck and its triggers;
- ``corrections``: the host's corrections of the board and the score;
- ``scoring``: phase 4 and the end of the game (an ``Outcome``);
- ``rules``: every action, who may use it and when (``allowed`` follows);
- ``view``: what every viewer sees; ``lines``: the history line of every event.
"""

from __future__ import annotations

from ..kit import N_, assemble
from . import data, lines, placement, rules, scoring, story, warlords
from . import setup as starting
from . import view as views
from .common import ROUNDS
from .data import (
    ARMIES,
    BLUE,
    CARD_CODES,
    DISPLAYS,
    END_REASONS,
    EVENT_TEXTS,
    EVENTS,
    OPTIONS,
    PERMANENT,
    PHASES,
    PRIVATE_NOTES,
    PROVINCES,
    RED,
    draw_counts,
    fight,
)

# The rules' functions by name, as the rules suites call them (``sun_tzu.view(state, 0)``).
from .rules import ACTIONS, allowed
from .scoring import over, result
from .setup import setup
from .view import private_view, view

# What happens when a phase begins, and when a sealed round is revealed: the parts' own
# functions, registered here.
PHASES.register(
    {
        "warlords": warlords.open_choice,
        "place": placement.open_placement,
        "draw": placement.collect_and_draw,
        "over": scoring.close_game,
    }
)
ROUNDS.register({"warlord": warlords.warlords_chosen, "cards": placement.cards_placed})

GAME = assemble(
    (data, starting, rules, scoring, views, lines, story),
    name=N_("Sun Tzu"),
    players=(2, 2),
    # The Warlord choice and the phones' placement are sealed rounds: barriers by themselves.
    # With real cards the host enters cards the table turned over ("CardsEntered",
    # "RecallEntered"): the app hides nothing there, so undo may fix a typo.
    reveals={
        "ProvinceRevealed": N_("the province's two cards turned face up"),
        "WarlordPlayed": N_("a Warlord played face up"),
        "Recalled": N_("the card shown from a hand to recall an army"),
        "EventTurnedUp": N_("the event card turned face up"),
    },
    private=("hand", "Warlords"),
    sealed=True,
    # What a host correction changes, fires or ends follows from the public board alone.
    corrections_public=True,
    # A result is the marker's place on the track, not points: no average, none to BG Stats.
    points=False,
)

__all__ = [
    "ACTIONS",
    "ARMIES",
    "BLUE",
    "CARD_CODES",
    "DISPLAYS",
    "END_REASONS",
    "EVENTS",
    "EVENT_TEXTS",
    "GAME",
    "OPTIONS",
    "PERMANENT",
    "PRIVATE_NOTES",
    "PROVINCES",
    "RED",
    "allowed",
    "draw_counts",
    "fight",
    "over",
    "private_view",
    "result",
    "setup",
    "view",
]
