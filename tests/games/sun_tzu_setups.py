"""Sun Tzu's set-ups for its rules tests: a game after the Warlord choice, cards entered and
battles resolved, armies put on the board by hand."""

from __future__ import annotations

from pathlib import Path

from companion.games import sun_tzu as st
from companion.games.sun_tzu import GAME
from tests.fixtures.rules import Rules

BLUE, RED = 0, 1
QIN, CHU, JIN, HAN, WU = range(5)
P = st.PROVINCES
NAMES = ["Ann", "Bob"]
PACKAGE = Path(st.__file__).parent


# --------------------------------------------------------------------------- helpers

RULES = Rules("sun-tzu", players=NAMES, seed=7)
act = RULES.act


def start(cards="physical", blue_w=2, red_w=2, seed=1, events=False, **options):
    """A game after setup and the Warlord choice; by default with no event cards in play."""
    state = RULES.new(2, seed=seed, cards=cards, **options)
    if not state["options"]["beginner"]:
        state, _ = act(state, BLUE, "choose_warlord", warlord=blue_w)
        state, _ = act(state, RED, "choose_warlord", warlord=red_w)
        state, _ = act(state, BLUE, "lock")
        state, _ = act(state, RED, "lock")
    if not events:
        state["event_up"] = None
        state["event_deck"] = []
    return state


def reveal(state, p, blue, red):
    """Enter a province's two real cards. Round 1 goes from left to right, so the provinces to
    its left that are still face down are skipped (marked as done) to reach it."""
    b = state["battle"]
    for q in range(p):
        if not b["revealed"][q]:
            b["revealed"][q] = b["resolved"][q] = True
    return act(state, None, "enter_cards", province=P[p], card0=blue, card1=red)


def battle(state, p, blue, red):
    """Enter a province's two cards (real cards) and resolve it."""
    state, ev1 = reveal(state, p, blue, red)
    state, ev2 = act(state, None, "resolve")
    return state, ev1 + ev2


def fought(p, blue_card, red_card, **board):
    """A new game (see ``start``) with ``board`` set (see ``set_board``) after the battle of
    province ``p`` with these two real cards."""
    state, _ = battle(set_board(start(), **board), p, blue_card, red_card)
    return state


def set_board(state, blue=None, red=None, pool=None, reserve=None):
    """Put armies on the board and keep the 21 armies per colour by adjusting the pools."""
    for seat, row in ((BLUE, blue), (RED, red)):
        if row is not None:
            state["armies"][seat] = list(row)
    if reserve is not None:
        state["reserve"] = list(reserve)
    for seat in (BLUE, RED):
        rest = sum(state["armies"][seat]) + sum(state["markers"][seat]) + state["reserve"][seat]
        state["pool"][seat] = st.ARMIES - rest
    if pool is not None:
        state["pool"] = list(pool)
    return state


def texts(events):
    return [GAME.describe(e, NAMES)[0] for e in events]


def total(state, seat):
    return (
        state["pool"][seat]
        + state["reserve"][seat]
        + sum(state["armies"][seat])
        + sum(state["markers"][seat])
    )


def placement(state, seat, order=("1", "2", "3", "4", "5")):
    hand = list(state["private"][seat]["hand"])
    for card in order:
        hand.remove(card)
    return dict(zip(P, order, strict=True))


def place_both(state, blue=("1", "2", "3", "4", "5"), red=("1", "2", "3", "4", "5")):
    state, _ = act(state, BLUE, "place", **placement(state, BLUE, blue))
    state, _ = act(state, RED, "place", **placement(state, RED, red))
    state, _ = act(state, BLUE, "lock")
    state, _ = act(state, RED, "lock")
    return state


def finish_round(state):
    """Reveal and resolve the remaining provinces, then end the battles."""
    while state["battle"]["current"] is not None or not all(state["battle"]["revealed"]):
        if state["battle"]["current"] is None:
            state, _ = act(state, None, "reveal")
        state, _ = act(state, None, "resolve")
    return act(state, None, "finish_battles")


def scoring_state(round_, blue, red, score=0, **options):
    state = start(**options)
    state["round"] = round_
    state["score"] = score
    state["displays"] = [1, 2, 3, 9, 10]  # values r3: 1 1 1 4 4; r6: 2 3 4 1 3; r9: 4 5 3 4 2
    set_board(state, blue=blue, red=red)
    state["battle"]["revealed"] = [True] * 5
    state["battle"]["resolved"] = [True] * 5
    return state


def with_event(event, deck=("hero",), **kw):
    state = start(**kw)
    state["event_up"] = event
    state["event_deck"] = list(deck)
    return state
