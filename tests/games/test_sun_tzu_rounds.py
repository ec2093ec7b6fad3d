"""Sun Tzu's rounds: the battle order, phones-mode placement and draws, recall, scoring
and the end."""

from __future__ import annotations

import pytest

from companion.games import sun_tzu as st
from companion.games.kit import BadValue, NotAllowed, RulesError
from companion.games.sun_tzu import GAME
from tests.games.sun_tzu_setups import (
    BLUE,
    CHU,
    HAN,
    QIN,
    RED,
    WU,
    P,
    act,
    finish_round,
    place_both,
    placement,
    scoring_state,
    set_board,
    start,
    with_event,
)

# --------------------------------------------------------------------------- battle order


def test_round_1_goes_from_left_to_right():
    state = start()
    with pytest.raises(BadValue):
        act(state, None, "enter_cards", province="chu", card0="1", card1="2")
    state, _ = act(state, None, "enter_cards", card0="1", card1="2")
    assert state["battle"]["current"] == QIN
    assert st.view(state, None)["order"]["chooser"] is None


def round_two(cards="physical", blue=(0, 0, 0, 0, 0), red=(0, 0, 0, 0, 0), prev=None):
    state = start(cards)
    state["round"] = 2
    state["counts"] = {"prev": prev, "cur": None}
    set_board(state, blue=list(blue), red=list(red))
    return state


def test_from_round_2_the_player_with_fewer_armies_on_the_board_chooses():
    state = round_two(blue=(2, 0, 0, 0, 0), red=(0, 3, 0, 0, 0))
    view = st.view(state, None)
    assert view["order"]["chooser"] == BLUE and view["turn"] == BLUE
    state, _ = act(state, None, "enter_cards", province="han_qi", card0="1", card1="2")
    assert state["battle"]["current"] == HAN and state["chooser"] == BLUE


def test_equal_armies_fall_back_to_the_previous_round_count():
    state = round_two(blue=(2, 0, 0, 0, 0), red=(0, 2, 0, 0, 0), prev=[4, 1])
    assert st.view(state, None)["order"]["chooser"] == RED


def test_equal_now_and_last_round_resolves_left_to_right():
    state = round_two(blue=(2, 0, 0, 0, 0), red=(0, 2, 0, 0, 0), prev=[1, 1])
    assert st.view(state, None)["order"]["chooser"] is None
    with pytest.raises(BadValue):
        act(state, None, "enter_cards", province="wu", card0="1", card1="2")


def test_armies_are_counted_before_the_first_reveal_and_kept_for_the_round():
    state = round_two(blue=(3, 0, 0, 0, 0), red=(0, 2, 0, 0, 0))
    assert st.view(state, None)["order"]["chooser"] == RED
    state, _ = act(state, None, "enter_cards", province="wu", card0="9", card1="1")
    state, _ = act(state, None, "resolve")
    # Blue now has 11 on the board, Red 2; the order stays Red's and the count stays 3 vs 2.
    view = st.view(state, None)
    assert view["order"]["chooser"] == RED and view["order"]["counts"] == [3, 2]
    # The next round compares with this round's count when the new one is equal.
    state["battle"]["revealed"] = [True] * 5
    state["battle"]["resolved"] = [True] * 5
    state, _ = act(state, None, "finish_battles")
    assert state["round"] == 3 and state["counts"]["prev"] == [3, 2]


def test_marker_armies_do_not_count_for_the_battle_order():
    state = round_two(blue=(2, 0, 0, 0, 0), red=(0, 3, 0, 0, 0))
    state["markers"][BLUE] = [1, 1, 1, 0, 0]
    state["pool"][BLUE] -= 3
    assert st.view(state, None)["order"]["chooser"] == BLUE


def test_in_phones_mode_only_the_chooser_or_the_host_picks_the_next_province():
    state = round_two("phones", blue=(2, 0, 0, 0, 0), red=(0, 3, 0, 0, 0))
    state = place_both(state)
    assert "reveal" in st.allowed(state, BLUE) and "reveal" not in st.allowed(state, RED)
    with pytest.raises(NotAllowed):
        act(state, RED, "reveal", province="wu")
    state, _ = act(state, BLUE, "reveal", province="wu")
    assert state["battle"]["current"] == WU
    with pytest.raises(RulesError):
        act(state, None, "reveal", province="qin")
    state, _ = act(state, RED, "resolve")
    state, _ = act(state, None, "reveal", province="chu")
    assert state["battle"]["current"] == CHU


# --------------------------------------------------------------------------- phones mode rounds


def test_phones_placement_is_sealed_then_revealed_province_by_province():
    state = start("phones")
    assert state["phase"] == "place"
    state, events = act(state, BLUE, "place", **placement(state, BLUE, ("5", "1", "2", "3", "4")))
    assert events[0]["to"] == [BLUE]
    assert st.view(state, RED)["me"]["placed"] is None
    assert st.view(state, BLUE)["me"]["placed"] == ["5", "1", "2", "3", "4"]
    state, _ = act(state, RED, "place", **placement(state, RED, ("4", "3", "2", "1", "5")))
    state, _ = act(state, BLUE, "lock")
    state, _ = act(state, RED, "lock")
    assert state["phase"] == "battle"
    assert len(state["private"][BLUE]["hand"]) == 5
    view = st.view(state, None)
    assert all(p["cards"] is None for p in view["provinces"])
    state, _ = act(state, None, "reveal")
    state, _ = act(state, None, "resolve")
    view = st.view(state, None)
    assert view["provinces"][QIN]["cards"] == ["5", "4"]
    assert view["provinces"][CHU]["cards"] is None
    assert state["armies"][BLUE][QIN] == 1


def test_placement_must_use_five_different_cards_from_the_hand():
    state = start("phones")
    with pytest.raises(BadValue):
        act(state, BLUE, "place", qin="1", chu="1", jin_yan="2", han_qi="3", wu="4")
    missing = next(c for c in st.CARD_CODES if c not in state["private"][BLUE]["hand"])
    with pytest.raises(BadValue):
        act(state, BLUE, "place", qin=missing, chu="1", jin_yan="2", han_qi="3", wu="4")
    with pytest.raises(NotAllowed):
        act(state, None, "place", qin="5", chu="1", jin_yan="2", han_qi="3", wu="4")


def test_a_locked_placement_cannot_change_until_the_host_unlocks_it():
    state = start("phones")
    state, _ = act(state, BLUE, "place", **placement(state, BLUE))
    state, _ = act(state, BLUE, "lock")
    with pytest.raises(RulesError):
        act(state, BLUE, "place", **placement(state, BLUE))
    with pytest.raises(NotAllowed):
        act(state, RED, "unlock", seat=BLUE)
    state, _ = act(state, None, "unlock", seat=BLUE)
    act(state, BLUE, "place", **placement(state, BLUE, ("5", "4", "3", "2", "1")))


def test_draw_phase_returns_1_to_6_removes_one_use_cards_and_draws_2_keep_1():
    state = start("phones")
    hand = state["private"][BLUE]["hand"]
    one_use = next(c for c in hand if c not in st.PERMANENT)
    state = place_both(state, blue=(one_use, "2", "3", "4", "5"), red=("2", "3", "4", "5", "6"))
    deck_top = state["private"][BLUE]["deck"][:2]
    state, events = finish_round(state)
    assert state["phase"] == "draw"
    priv = state["private"][BLUE]
    assert priv["drawn"] == deck_top
    expected = list(hand)
    expected.remove(one_use)
    assert sorted(priv["hand"]) == sorted(expected)
    assert "bottom" in st.allowed(state, BLUE)
    private_events = [e for e in events if e.get("to") == [BLUE]]
    assert private_events and all(e.get("to") for e in events if e["type"] == "CardsDrawn")
    state, _ = act(state, BLUE, "bottom", card=deck_top[1])
    priv = state["private"][BLUE]
    assert priv["deck"][-1] == deck_top[1] and deck_top[0] in priv["hand"]
    assert len(priv["hand"]) == 10 and len(priv["deck"]) == 9
    assert state["phase"] == "draw"  # Red has not chosen yet
    state, _ = act(state, RED, "bottom", card=state["private"][RED]["drawn"][0])
    assert state["phase"] == "place" and state["round"] == 2


def test_playing_the_1_draws_3_and_keeps_2():
    state = start("phones")
    state = place_both(state, blue=("1", "2", "3", "4", "5"))
    top = state["private"][BLUE]["deck"][:3]
    state, _ = finish_round(state)
    assert state["private"][BLUE]["drawn"] == top
    state, _ = act(state, BLUE, "bottom", card=top[0])
    assert len(state["private"][BLUE]["hand"]) == 10 + 2
    assert state["private"][BLUE]["deck"][-1] == top[0]


@pytest.mark.parametrize(
    ("played_one", "deck", "drawn", "kept"),
    [(False, 1, 1, 1), (False, 0, 0, 0), (True, 2, 2, 2), (True, 1, 1, 1), (True, 3, 3, 2)],
)
def test_short_decks_draw_what_is_left(played_one, deck, drawn, kept):
    assert st.draw_counts(played_one, deck) == (drawn, kept)
    state = start("phones")
    for seat in (BLUE, RED):
        state["private"][seat]["deck"] = state["private"][seat]["deck"][:deck]
    first = ("1", "2", "3", "4", "5") if played_one else ("2", "3", "4", "5", "6")
    state = place_both(state, blue=first, red=first)
    state, _ = finish_round(state)
    priv = state["private"][BLUE]
    if drawn == kept:
        # Nothing to choose: the cards go straight to the hand and the next round starts.
        assert priv["drawn"] == [] and len(priv["hand"]) == 10 + kept
        assert state["phase"] == "place"
    else:
        assert len(priv["drawn"]) == drawn


# --------------------------------------------------------------------------- recall


def test_recall_discards_a_non_permanent_card_to_bring_an_army_back_to_the_pool():
    state = start("phones")
    card = next(c for c in state["private"][BLUE]["hand"] if c not in st.PERMANENT)
    before = state["private"][BLUE]["hand"].count(card)
    state, events = act(state, BLUE, "recall", card=card)
    assert state["reserve"][BLUE] == 2 and state["pool"][BLUE] == 19
    assert state["private"][BLUE]["hand"].count(card) == before - 1
    assert len(state["private"][BLUE]["hand"]) == 9
    assert st.view(state, None)["players"][BLUE]["recalled"] == [card]
    assert "to" not in events[0]  # the card is shown to the opponent


def test_recall_refuses_cards_1_to_6_an_empty_reserve_and_the_host_on_phones():
    state = start("phones")
    with pytest.raises(BadValue):
        act(state, BLUE, "recall", card="3")
    card = next(c for c in state["private"][BLUE]["hand"] if c not in st.PERMANENT)
    with pytest.raises(NotAllowed):
        act(state, None, "recall", card=card, seat=BLUE)
    with pytest.raises(NotAllowed):
        act(state, RED, "recall", card=card, seat=BLUE)
    state["reserve"][BLUE] = 0
    state["pool"][BLUE] = 21
    with pytest.raises(NotAllowed):  # no recall is offered with an empty reserve
        act(state, BLUE, "recall", card=card)
    assert "recall" not in st.allowed(state, BLUE)


def test_recall_is_refused_between_committing_and_revealing_the_cards():
    state = start("phones")
    hand = state["private"][BLUE]["hand"]
    spare = [c for c in hand if c not in st.PERMANENT]
    single = next(c for c in spare if spare.count(c) == 1)
    other = next(c for c in spare if c != single)
    cards = dict(zip(P, [single, "1", "2", "3", "4"], strict=True))
    state, _ = act(state, BLUE, "place", **cards)
    # A placed card is no longer available; another one is (the choice is not locked yet).
    with pytest.raises(BadValue):
        act(state, BLUE, "recall", card=single)
    act(state, BLUE, "recall", card=other)
    state, _ = act(state, BLUE, "lock")
    assert "recall" not in st.allowed(state, BLUE)
    with pytest.raises(RulesError):
        act(state, BLUE, "recall", card=other)


def test_recall_with_real_cards_is_entered_by_the_player_or_the_host():
    state = start()
    state, _ = act(state, None, "recall", card="P", seat=RED)
    state, _ = act(state, RED, "recall", card="P")
    assert state["reserve"][RED] == 1 and state["pool"][RED] == 20
    with pytest.raises(BadValue):
        act(state, RED, "recall", card="P")  # both Plague cards are gone
    with pytest.raises(BadValue):
        act(state, None, "recall", card="7")  # which player?


def test_a_plague_discarded_to_recall_does_not_count_towards_the_epidemic():
    state = with_event("epidemic")
    state["plagues"] = 3
    state, _ = act(state, None, "recall", card="P", seat=RED)
    assert state["plagues"] == 3 and state["event_up"] == "epidemic"


# --------------------------------------------------------------------------- scoring and end


def test_round_3_scoring_moves_the_marker_by_the_difference():
    state = scoring_state(3, [2, 0, 0, 1, 0], [0, 3, 0, 0, 4])
    state, events = act(state, None, "finish_battles")
    # Blue: Qin 1 + Han-Qi 4 = 5; Red: Chu 1 + Wu 4 = 5; Jin-Yan empty.
    assert state["score"] == 0
    state = scoring_state(6, [2, 0, 0, 1, 0], [0, 3, 1, 0, 0], score=2)
    state, _ = act(state, None, "finish_battles")
    # Round 6: Blue 2 + 1 = 3; Red 3 + 4 = 7: the marker moves 4 towards Red.
    assert state["score"] == -2
    assert st.view(state, None)["scoring"][-1][1]["diff"] == -4


def test_reaching_the_end_in_round_3_wins_at_once_and_the_marker_is_clamped():
    state = scoring_state(3, [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], score=5)
    state, _ = act(state, None, "finish_battles")
    res = GAME.outcome(state)
    assert state["score"] == 9 and res["winners"] == [BLUE]
    assert res["reason"][0] == "The score marker reached the end of the track"
    assert st.allowed(state, None) == [] and st.allowed(state, RED) == []


def test_the_marker_reaching_9_exactly_in_round_3_or_6_ends_the_game():
    state = scoring_state(6, [0, 0, 0, 0, 0], [1, 1, 1, 1, 1], score=-4)
    state, _ = act(state, None, "finish_battles")
    assert state["score"] == -9 and GAME.outcome(state)["winners"] == [RED]


def test_reaching_9_exactly_needs_the_end_in_rounds_3_and_6_only():
    state = scoring_state(3, [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], score=-2)
    state, _ = act(state, None, "finish_battles")
    assert state["score"] == 9 and GAME.outcome(state)["winners"] == [BLUE]
    state = scoring_state(3, [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], score=-3)
    state, _ = act(state, None, "finish_battles")
    assert state["score"] == 8 and GAME.outcome(state) is None


def test_no_scoring_outside_rounds_3_6_and_9():
    state = scoring_state(4, [1, 1, 1, 1, 1], [0, 0, 0, 0, 0])
    state, _ = act(state, None, "finish_battles")
    assert state["score"] == 0 and state["round"] == 5


def test_round_9_the_player_whose_end_is_closer_wins():
    state = scoring_state(9, [1, 0, 0, 0, 0], [0, 1, 0, 0, 0], score=-3)
    state, _ = act(state, None, "finish_battles")
    # Round 9 values: Qin 4 for Blue, Chu 5 for Red: -3 - 1 = -4.
    res = GAME.outcome(state)
    assert state["score"] == -4 and res["winners"] == [RED]
    assert res["reason"][0] == "Round 9 has been scored"
    rows = {row["seat"]: row for row in res["rows"]}
    assert rows[RED]["score"] == 4 and rows[BLUE]["score"] == -4 and rows[RED]["won"]
    assert any(line[1].get("new") == -4 for line in rows[RED]["lines"])


def test_round_9_in_the_centre_goes_to_the_bigger_reinforcement_pool():
    state = scoring_state(9, [0, 0, 0, 0, 0], [0, 0, 0, 0, 0])
    state["pool"] = [10, 12]
    state["reserve"] = [11, 9]
    state, _ = act(state, None, "finish_battles")
    res = GAME.outcome(state)
    assert res["winners"] == [RED]
    assert [
        "Reinforcement pool: {n} army",
        {"n": 10, "_plural": "Reinforcement pool: {n} armies"},
    ] in res["rows"][0]["lines"]


def test_round_9_in_the_centre_with_equal_pools_is_a_draw():
    state = scoring_state(9, [0, 0, 0, 0, 0], [0, 0, 0, 0, 0])
    state, _ = act(state, None, "finish_battles")
    res = GAME.outcome(state)
    assert res["winners"] == [] and not any(row["won"] for row in res["rows"])
