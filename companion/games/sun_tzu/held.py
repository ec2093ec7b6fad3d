"""How many cards each player holds and has left to draw: public, as the digest makes them.

On the phones the app holds the cards, so the counts are the hidden hand's and deck's lengths.
With real cards the app sees only what the table enters, and the counts follow from it alone
(§2.6, §3): a hand of 10 (cards 1-6 and 4 drawn) over a deck of 10 (8 in the beginner
variant); 5 cards go down each round; after the battles cards 1-6 come back to the hand, a
one-use card is gone (or, after Blue's 4 or Red's 5, goes to the bottom of the deck, whose top
card is discarded); then ``draw_counts`` cards are drawn and kept; a recall discards one card
from the hand. A correction sets either count to what the table sees.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Counter, Event, Rng, State, correct
from .data import BEGINNER_REMOVED, CARD_CODES, COPIES, HAND_DRAW, PERMANENT, draw_counts

HAND_START = len(PERMANENT) + HAND_DRAW
PLACED = 5  # one card opposite each province
MOST = sum(COPIES.values())  # every card of a colour in one place


def phones(state: State) -> bool:
    """Are the cards held on the phones (rather than played with the real cards)? Defined
    here, the lowest part that asks; ``common`` hands it on to the others."""
    return bool(state["options"]["cards"] == "phones")


def deal(options: dict[str, Any]) -> list[dict[str, int]] | None:
    """The counts at the start with real cards (None on the phones: the hands are the app's)."""
    if options["cards"] == "phones":
        return None
    one_use = sum(
        COPIES[c]
        for c in CARD_CODES
        if c not in PERMANENT and not (options["beginner"] and c in BEGINNER_REMOVED)
    )
    return [{"hand": HAND_START, "deck": one_use - HAND_DRAW} for _ in range(2)]


def counts(state: State, seat: int) -> tuple[int, int]:
    """(cards in ``seat``'s hand, cards left in its deck) as the table would count them."""
    if phones(state):
        priv = state["private"][seat]
        return len(priv["hand"]), len(priv["deck"])
    held = state["held"][seat]
    return held["hand"], held["deck"]


def cards_down(state: State) -> None:
    """Phase 2 with real cards: each player puts 5 cards on the board."""
    if not phones(state):
        for held in state["held"]:
            held["hand"] = max(0, held["hand"] - PLACED)


def collect_and_draw(state: State) -> list[Event]:
    """Phase 5 with real cards: 1-6 back to the hand, recycled cards under the deck, the draw.
    The table draws its real cards by the rules; the history says what each player draws and
    keeps (all public: the counts and whether the "1" was played)."""
    if phones(state):
        return []
    b = state["battle"]
    events: list[Event] = []
    for seat, held in enumerate(state["held"]):
        played = b["cards"][seat]
        held["hand"] += sum(1 for code in played if code in PERMANENT)
        held["deck"] += len(b["recycle"][seat])
        drawn, kept = draw_counts("1" in played, held["deck"])
        held["hand"] += kept
        held["deck"] -= kept
        events.append(
            {"type": "DrawCounted", "seat": seat, "drawn": drawn, "n": kept, "deck": held["deck"]}
        )
    return events


def top_discarded(state: State, seat: int) -> None:
    """Blue's 4 or Red's 5 with real cards: the top card of the deck is discarded."""
    if not phones(state):
        held = state["held"][seat]
        held["deck"] = max(0, held["deck"] - 1)


def one_use_in_hand(state: State, seat: int) -> int:
    """With real cards, the most one-use cards ``seat`` can hold now (what a recall discards).

    Cards 1-6 are all in the hand between rounds; during the battles the ones placed this
    round are on the board, and a placed card is known only once its province is revealed,
    so this counts every unrevealed card as a possible 1-6 (the most the hand can spare).
    """
    hand = state["held"][seat]["hand"]
    if state["phase"] != "battle":
        return max(0, hand - len(PERMANENT))
    b = state["battle"]
    placed_permanent = sum(
        1 for p in range(PLACED) if not b["revealed"][p] or b["cards"][seat][p] in PERMANENT
    )
    return max(0, min(hand, hand - len(PERMANENT) + placed_permanent))


def may_recall(state: State, seat: int) -> bool:
    """May ``seat`` discard a card for a recall, as far as the counts show? (Always, on a
    table whose ``recall_checked`` option is off.)"""
    return not state["options"]["recall_checked"] or one_use_in_hand(state, seat) > 0


def recalled(state: State, seat: int) -> None:
    """A card other than 1-6 discarded from the hand with real cards (refused when the
    counts show the hand holds only cards 1-6, with the ``recall_checked`` option)."""
    if phones(state):
        return
    if not may_recall(state, seat):
        raise BadValue(
            "no_card_to_discard",
            N_("That player holds only cards 1-6: there is no card to discard for a recall."),
        )
    held = state["held"][seat]
    held["hand"] = max(0, held["hand"] - 1)


def _counter(kind: str, label: str) -> Counter:
    def put(state: State, seat: int | None, value: int) -> None:
        assert seat is not None
        state["held"][seat][kind] = value

    def get(state: State, seat: int | None) -> int:
        assert seat is not None
        return int(state["held"][seat][kind])

    return Counter(kind, label, lo=0, hi=MOST, get=get, put=put)


HAND = _counter("hand", N_("cards in hand"))
DECK = _counter("deck", N_("cards in the deck"))


def act_set_cards(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table counted a player's hand or deck and the app's count differs: set it."""
    seat = params["seat"]
    events = [
        correct(state, counter, seat, params[counter.name], by=actor)
        for counter in (HAND, DECK)
        if params.get(counter.name) is not None and params[counter.name] != counter.get(state, seat)
    ]
    if not events:
        raise BadValue("no_change", N_("Those are already the counts."))
    return events


def real_cards(state: State, actor: Actor) -> bool:
    """with real cards (on the phones the app holds the cards and knows their number)"""
    return not phones(state)
