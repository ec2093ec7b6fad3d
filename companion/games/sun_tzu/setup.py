"""Sun Tzu at the start: displays, the event deck, armies, decks and hands, then the Warlords.

The five scoring displays and the event deck are drawn at random (the table may correct the
displays it laid out by hand with the corrections); on the phones each player gets the cards
1-6 and four from a shuffled deck. The game then opens the secret Warlord choice, or, in the
beginner variant (no Warlords), starts round 1 at once.
"""

from __future__ import annotations

from typing import Any

from ..kit import Rng, State
from . import held
from .common import fresh_battle, start_round
from .data import (
    ARMIES,
    BEGINNER_REMOVED,
    BLUE,
    CARD_CODES,
    COLOURS,
    COPIES,
    DISPLAYS,
    EVENTS,
    HAND_DRAW,
    OPTION_FALLBACKS,
    OPTIONS,
    PERMANENT,
    PHASES,
    POOL_START,
    PROVINCES,
    RED,
    RESERVE_START,
)


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    """Displays, event deck, armies, decks and hands; then the secret Warlord choice."""
    opts = {o.name: options.get(o.name, OPTION_FALLBACKS.get(o.name, o.default)) for o in OPTIONS}
    beginner = bool(opts["beginner"])
    displays = rng.sample(range(1, len(DISPLAYS) + 1), len(PROVINCES))
    event_deck = list(EVENTS) if opts["events"] else []
    rng.shuffle(event_deck)
    private = [_deal(opts, beginner, rng) for _ in (BLUE, RED)]
    state: State = {
        "players": [{"name": name, "colour": COLOURS[seat]} for seat, name in enumerate(players)],
        "options": opts,
        "round": 0,
        "phase": "warlords",
        "score": 0,
        "score_history": [],
        "displays": displays,
        "armies": [[0] * 5, [0] * 5],
        "markers": [[0] * 5, [0] * 5],
        "pool": [ARMIES, ARMIES] if beginner else [POOL_START, POOL_START],
        "reserve": [0, 0] if beginner else [RESERVE_START, RESERVE_START],
        "event_up": event_deck.pop(0) if event_deck else None,
        "event_deck": event_deck,
        "events_done": [],
        "plagues": 0,
        "played": [[], []],  # one-use cards revealed in battle (public)
        "recalled": [[], []],  # cards shown to recall an army from the reserve (public)
        "gone": [{}, {}],  # one-use cards known to be out of the game, by code
        "warlords_played": [[], []],
        "warlord_count": [0, 0] if beginner else [1, 1],
        "extra_warlord": [False, False],
        "private": private,
        "counts": {"prev": None, "cur": None},
        "chooser": None,
        "battle": fresh_battle(),
        "last_results": [None] * 5,
        "pending": [],
        "round_log": [],
        "last_log": [],
        "scoring": [],
        "draw_done": [True, True],
        # Real cards: the province where Red's 6 was entered on Red's own mark, until Red shows
        # Warlord 1 on the phone (public: the table saw the 6; only Red knows the Warlord).
        "six_claim": None,
        # Real cards: each player's hand and deck counts, public (see held.py).
        "held": held.deal(opts),
        "sealed": None,
        "result": None,
    }
    if beginner:
        start_round(state, [])
    else:
        PHASES.enter(state, "warlords")
    return state


def _deal(opts: dict[str, Any], beginner: bool, rng: Rng) -> dict[str, Any]:
    """One player's private cards: cards 1-6 plus 4 from the shuffled deck (phones mode only)."""
    hand: list[str] = []
    deck: list[str] = []
    if opts["cards"] == "phones":
        deck = [
            code
            for code in CARD_CODES
            if code not in PERMANENT and not (beginner and code in BEGINNER_REMOVED)
            for _ in range(COPIES[code])
        ]
        rng.shuffle(deck)
        hand = list(PERMANENT) + deck[:HAND_DRAW]
        deck = deck[HAND_DRAW:]
    return {"hand": hand, "deck": deck, "drawn": [], "warlords": [], "removed": [], "notes": []}
