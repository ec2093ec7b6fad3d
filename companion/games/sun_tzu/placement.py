"""The cards on the phones: the sealed placement (phase 2), the draw (phase 5) and the recall.

With ``cards = "phones"`` the app holds every hand and deck. Each round both players place one
card opposite each province in secret; the reveal of the placement keeps the cards face down
until each province is revealed in battle. After the battles the cards 1-6 go back to the hand,
the others leave the game, and each player draws (choosing one to put at the bottom).
A card other than 1-6 may be discarded at any time to recall an army from the reserve.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, L, NotAllowed, Rng, RulesError, State, T, sealed
from . import held
from .battles import freeze, valid_code
from .common import note, phones, private_note, start_round
from .data import BLUE, COPIES, PERMANENT, PHASES, PROVINCES, RED, draw_counts
from .events import stabilise


def open_placement(state: State) -> list[Event]:
    """Phase 2 on the phones: both players place their cards in secret."""
    prompt = T("Place one card opposite each province")
    return [sealed.open_round(state, "cards", [BLUE, RED], prompt)]


def may_six_again(state: State, seat: int) -> bool:
    """May ``seat`` place a 6 where its own 6 already stands? (Red, holding Warlord 1.)"""
    return seat == RED and 1 in state["private"][RED]["warlords"]


def act_place(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """One card from the hand opposite each province, in secret."""
    assert actor is not None
    cards = [params[p] for p in PROVINCES]
    hand = list(state["private"][actor]["hand"])
    for code in cards:
        if code not in hand:
            raise BadValue("not_in_hand", N_("Place cards from your hand, each card once."))
        hand.remove(code)
    again = [p for p, code in enumerate(cards) if code == "6" and state["markers"][actor][p] > 0]
    if again and not may_six_again(state, actor):
        raise BadValue(
            "six_marked",
            N_("Your own 6 already marks that province: you may not play a 6 there again."),
        )
    # The player decided here, knowing their own Warlords, to play the 6 a second time: the
    # reveal shows the Warlord for that province only (a mark added later by a correction
    # does not make the app play it).
    state["private"][actor]["six_again"] = again
    return [sealed.submit(state, actor, cards)]


def cards_placed(state: State, choices: list[Any]) -> list[Event]:
    """Both placements are in: the cards stay face down until each province is revealed."""
    for seat in (BLUE, RED):
        for code in choices[seat]:
            state["private"][seat]["hand"].remove(code)
        state["battle"]["cards"][seat] = list(choices[seat])
    events = PHASES.enter(state, "battle")
    events.append({"type": "CardsPlaced"})
    freeze(state, events)
    return events


def collect_and_draw(state: State) -> list[Event]:
    """Phase 5 on the phones: 1-6 back to the hand, the rest removed (or recycled); draw."""
    events: list[Event] = []
    b = state["battle"]
    for seat in (BLUE, RED):
        priv = state["private"][seat]
        played = b["cards"][seat]
        for p, code in enumerate(played):
            if code in PERMANENT:
                priv["hand"].append(code)
            elif p in b["recycle"][seat]:
                priv["deck"].append(code)
        n_drawn, n_kept = draw_counts("1" in played, len(priv["deck"]))
        drawn = priv["deck"][:n_drawn]
        del priv["deck"][:n_drawn]
        keep = n_kept == n_drawn
        if keep:
            priv["hand"].extend(drawn)
            text = T("You draw {cards} and keep them", cards=L(drawn) if drawn else "-")
        else:
            priv["drawn"] = drawn
            text = T("You draw {cards}: put one at the bottom of your deck", cards=L(drawn))
        state["draw_done"][seat] = keep
        drew = {"type": "CardsDrawn", "n": len(drawn), "keep": keep}
        private_note(state, events, seat, text, drew)
    if all(state["draw_done"]):
        start_round(state, events)
    return events


def act_bottom(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Of the cards drawn, the one that goes to the bottom of the deck; the rest are kept."""
    assert actor is not None
    priv = state["private"][actor]
    card = params["card"]
    if card not in priv["drawn"]:
        raise BadValue("not_drawn", N_("Choose one of the cards you drew."))
    priv["drawn"].remove(card)
    priv["deck"].append(card)
    priv["hand"].extend(priv["drawn"])
    kept = L(list(priv["drawn"]))
    n_kept = len(priv["drawn"])
    priv["drawn"] = []
    state["draw_done"][actor] = True
    events: list[Event] = [{"type": "DrawDone", "seat": actor}]
    text = T("You keep {kept} and put {card} at the bottom of your deck", kept=kept, card=card)
    private_note(state, events, actor, text, {"type": "CardKept", "kept": n_kept})
    if all(state["draw_done"]):
        start_round(state, events)
    return events


def act_recall(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """A card other than 1-6 discarded: one army from the reserve back to the pool."""
    seat = params.get("seat")
    if actor is not None:
        if seat is not None and seat != actor:
            raise NotAllowed("not_your_seat", N_("You can only change your own counters."))
        seat = actor
    if seat is None:
        raise BadValue("which_seat", N_("Say which player recalls an army."))
    card = params["card"]
    if card in PERMANENT:
        raise BadValue("permanent", N_("Only a card other than 1-6 can be discarded to recall."))
    if state["reserve"][seat] < 1:
        raise BadValue("empty_reserve", N_("That player has no army in the reserve."))
    valid_code(state, card)
    if phones(state):
        _recall_from_hand(state, actor, seat, card)
    elif state["gone"][seat].get(card, 0) >= COPIES[card]:
        raise BadValue("used_up", N_("Every copy of that card has already been used."))
    else:
        held.recalled(state, seat)
    state["gone"][seat][card] = state["gone"][seat].get(card, 0) + 1
    state["recalled"][seat].append(card)
    state["reserve"][seat] -= 1
    state["pool"][seat] += 1
    events: list[Event] = []
    # On the phones the card comes out of the hidden hand (a barrier for undo); with real
    # cards the host only enters a card everyone saw discarded.
    kind = "Recalled" if phones(state) else "RecallEntered"
    note(state, events, {"type": kind, "seat": seat, "card": card})
    stabilise(state, events)
    return events


def _recall_from_hand(state: State, actor: Actor, seat: int, card: str) -> None:
    """Phones mode: the card leaves the hand; not between committing and revealing cards."""
    if actor is None:
        raise NotAllowed("hand_is_private", N_("Only the player can discard from their hand."))
    hand = list(state["private"][seat]["hand"])
    if sealed.is_open(state, "cards"):
        rnd = state["sealed"]
        if rnd["locked"][seat]:
            raise RulesError("committed", N_("Your cards are committed: recall after the reveal."))
        for code in rnd["choices"][seat] or []:
            hand.remove(code)
    if card not in hand:
        raise BadValue("not_in_hand", N_("That card is not in your hand (or it is placed)."))
    state["private"][seat]["hand"].remove(card)


def can_recall(state: State, actor: Actor) -> bool:
    """May ``actor`` recall an army now? (On the phones: from their own hand only.)"""
    if phones(state):
        if actor is None or state["reserve"][actor] < 1:
            return False
        if sealed.is_open(state, "cards") and state["sealed"]["locked"][actor]:
            return False
        return any(c not in PERMANENT for c in state["private"][actor]["hand"])
    seats = (BLUE, RED) if actor is None else (actor,)
    return any(state["reserve"][s] > 0 and held.may_recall(state, s) for s in seats)
