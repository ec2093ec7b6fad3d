"""Sun Tzu: what the app no longer decides for the table, and the counts it now shows.

From the digest (../shared/rules/sun-tzu.md): §8 War Chariot, "that player may choose 1 more
Warlord card (from their removed Warlords)": every removed Warlord is offered, Blue's 3 too
(it does nothing now, and the phone says so). §2.6 and §3 phase 5: with real cards the hand
and deck counts follow from what the table enters (a hand of 10 over a deck of 10; 5 cards
down a round; 1-6 back to the hand; one-use cards gone; draw 2 keep 1, or 3 keep 2 after
playing the "1"; a recall discards a card other than 1-6), with a correction when the table
counts otherwise.
"""

from __future__ import annotations

import random

from companion.games import sun_tzu as st
from companion.games.kit import NotAllowed

from .sun_tzu_setups import BLUE, RED, RULES, act, start
from .sun_tzu_setups import P as PROVINCES


def counts(state, viewer=None):
    players = st.view(state, viewer)["players"]
    return [(p["hand_count"], p["deck_count"]) for p in players]


def play_round(state, blue, red):
    """Enter the five provinces' real cards left to right, resolve each, finish the round."""
    for p, (b, r) in enumerate(zip(blue, red, strict=True)):
        state, _ = act(state, None, "enter_cards", province=PROVINCES[p], card0=b, card1=r)
        state, _ = act(state, None, "resolve")
    state, _ = act(state, None, "finish_battles")
    return state


# ----------------------------------------------------------------------------- War Chariot


def test_war_chariot_offers_blue_every_removed_warlord_the_start_of_game_one_too():
    state = start(blue_w=1)
    state["extra_warlord"][BLUE] = True
    choices = st.view(state, BLUE)["me"]["extra_choices"]
    assert [w["n"] for w in choices] == [2, 3, 4, 5]
    # Only Blue's 3 says it would do nothing now (it moves the marker at the start).
    assert [w["spent"] for w in choices] == [False, True, False, False]
    state, events = act(state, BLUE, "choose_extra_warlord", warlord=3)
    assert state["private"][BLUE]["warlords"] == [1, 3]
    assert state["score"] == 0  # taken now, it does not move the score marker
    held = {w["n"]: w for w in st.view(state, BLUE)["me"]["warlords"]}
    assert held[3]["spent"] and not held[1]["spent"]
    assert [e["to"] for e in events if "to" in e] == [[BLUE]]  # which one stays secret


def test_blue_warlord_3_chosen_at_the_start_is_not_spent_while_it_is_chosen():
    state = RULES.new(2, seed=1)
    choices = st.view(state, BLUE)["me"]["warlord_choices"]
    assert [w["n"] for w in choices] == [1, 2, 3, 4, 5]


# ----------------------------------------------------------------------------- counts


def test_real_cards_start_with_a_hand_of_ten_over_a_deck_of_ten_and_five_go_down():
    fresh = RULES.new(2, seed=1, cards="physical")
    assert counts(fresh) == [(10, 10), (10, 10)]
    # Round 1's battles: the five placed cards are on the board.
    assert counts(start()) == [(5, 10), (5, 10)]


def test_the_beginner_deck_has_no_plus_two_or_three():
    state = start(beginner=True)
    assert counts(state) == [(5, 8), (5, 8)]


def test_after_a_round_1_to_6_come_back_one_use_cards_go_and_the_draw_follows_the_1():
    state = start()
    # Blue plays its "1" (draws 3, keeps 2) and two one-use cards; Red four 1-6 and a 7.
    state = play_round(state, ["1", "2", "3", "+1", "8"], ["2", "3", "4", "5", "7"])
    assert state["round"] == 2
    # Blue: 10 - 5 down + 3 back + 2 kept = 10, deck 10 - 2 = 8; then 5 go down again.
    # Red: 10 - 5 + 4 back + 1 kept = 10, deck 9; then 5 go down again.
    assert counts(state) == [(5, 8), (5, 9)]
    # The same counts on every screen: they are public.
    assert counts(state, BLUE) == counts(state, RED) == counts(state)


def test_the_history_says_what_each_player_draws_and_keeps_at_the_end_of_a_round():
    state = start()
    state, _ = act(state, None, "set_cards", seat=RED, deck=0)
    blue, red = ["1", "2", "3", "+1", "8"], ["2", "3", "4", "5", "7"]
    for p, (b, r) in enumerate(zip(blue, red, strict=True)):
        state, _ = act(state, None, "enter_cards", province=PROVINCES[p], card0=b, card1=r)
        state, _ = act(state, None, "resolve")
    state, events = act(state, None, "finish_battles")
    drawn = [e for e in events if e["type"] == "DrawCounted"]
    lines = RULES.lines(drawn, state)
    # Blue played its "1": draws 3, keeps 2, 1 to the bottom; Red's deck is empty.
    assert lines[0] == [
        "{name} draws {drawn} cards, keeps {n} and puts 1 at the bottom of the deck"
        " ({deck} left in it)",
        {"name": "Ann", "drawn": 3, "n": 2, "deck": 8},
    ]
    assert lines[1] == ["{name}'s deck is empty: nothing to draw", {"name": "Bob"}]
    assert all("to" not in e for e in drawn)  # public: counts, not cards


def test_an_empty_deck_draws_nothing():
    state = start()
    state, _ = act(state, None, "set_cards", seat=BLUE, deck=0)
    state = play_round(state, ["1", "2", "3", "4", "5"], ["2", "3", "4", "5", "6"])
    assert counts(state)[BLUE] == (5, 0)  # 5 back, none drawn, 5 down again


def test_a_recall_takes_a_card_from_the_hand_and_is_refused_when_only_1_to_6_are_left():
    state = start()
    state["reserve"][BLUE] = 2
    state, _ = act(state, None, "recall", card="7", seat=BLUE)
    assert counts(state)[BLUE] == (4, 10)
    # 1 card in hand while 5 lie face down: the 6 cards 1-6 account for it, no card to discard.
    state, _ = act(state, None, "set_cards", seat=BLUE, hand=1)
    assert "recall" not in st.allowed(state, BLUE)
    RULES.refused(state, None, "recall", code="no_card_to_discard", card="8", seat=BLUE)


def test_a_revealed_one_use_card_shows_the_rest_of_the_hand_is_1_to_6():
    state = start()
    state["reserve"][BLUE] = 1
    state, _ = act(state, None, "set_cards", seat=BLUE, hand=2)
    # 2 in hand, 5 face down: at most 5 of the 6 cards 1-6 are down, so one may be one-use.
    assert "recall" in st.allowed(state, BLUE)
    # Qin shows Blue's 9: at most 4 of the cards 1-6 are down, the other 2 are the hand.
    state, _ = act(state, None, "enter_cards", province="qin", card0="9", card1="2")
    assert "recall" not in st.allowed(state, BLUE)


def test_blue_4_puts_the_minus_one_under_the_deck_and_discards_the_top_card():
    state = start(blue_w=4)
    state, _ = act(state, None, "enter_cards", province="qin", card0="-1", card1="3")
    state, _ = act(state, BLUE, "warlord", warlord=4, province="qin")
    assert counts(state)[BLUE] == (5, 9)  # the top card discarded
    state, _ = act(state, None, "resolve")
    for p, (b, r) in enumerate([("2", "4"), ("3", "5"), ("4", "6"), ("5", "1")], start=1):
        state, _ = act(state, None, "enter_cards", province=PROVINCES[p], card0=b, card1=r)
        state, _ = act(state, None, "resolve")
    state, _ = act(state, None, "finish_battles")
    # Blue: 5 + 4 back (2-5) + 1 kept = 10, 5 down: 5; deck 9 + the -1 under it - 1 kept = 9.
    assert counts(state)[BLUE] == (5, 9)


def test_the_host_corrects_a_count_the_table_sees_otherwise_in_the_open():
    state = start()
    state, events = act(state, None, "set_cards", seat=RED, hand=6, deck=7)
    assert counts(state)[RED] == (6, 7)
    lines = RULES.lines(events, state)
    assert lines[0][1]["before"] == 5 and lines[0][1]["after"] == 6
    assert [e["counter"] for e in events] == ["hand", "deck"]
    RULES.refused(state, None, "set_cards", code="no_change", seat=RED, hand=6)  # nothing new
    RULES.refused(state, RED, "set_cards", error=NotAllowed, seat=RED, hand=3)  # the host's


def test_on_the_phones_the_counts_are_the_hidden_hand_and_no_correction_is_offered():
    state = start(cards="phones")
    assert counts(state) == [(10, 10), (10, 10)]
    assert "set_cards" not in st.allowed(state, None)
    RULES.refused(state, None, "set_cards", error=NotAllowed, seat=BLUE, hand=3)


def test_a_table_from_before_the_counts_keeps_its_recalls():
    # A table stored by an earlier release has no ``recall_checked`` in its options: its log
    # may hold recalls the counts would now refuse, and it must still rebuild from it.
    state = RULES.new(2, seed=1, cards="physical")
    stored = {k: v for k, v in state["options"].items() if k != "recall_checked"}
    old = st.setup(["Ann", "Bob"], stored, random.Random(1))  # as the platform rebuilds it
    assert old["options"]["recall_checked"] is False
    old["reserve"][BLUE] = 1
    old, _ = act(old, None, "set_cards", seat=BLUE, hand=0)
    old, _ = act(old, None, "recall", card="7", seat=BLUE)
    assert counts(old)[BLUE] == (0, 10)
