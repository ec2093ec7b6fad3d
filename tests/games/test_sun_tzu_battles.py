"""Sun Tzu's battles: the card matrix, army movement, the plague and the "6"."""

from __future__ import annotations

import copy

import pytest

from companion.games import sun_tzu as st
from companion.games.kit import BadValue, NotAllowed, RulesError
from companion.games.sun_tzu import GAME
from tests.games.sun_tzu_setups import (
    BLUE,
    CHU,
    HAN,
    JIN,
    NAMES,
    QIN,
    RED,
    WU,
    P,
    act,
    battle,
    fought,
    reveal,
    set_board,
    start,
    texts,
)

# --------------------------------------------------------------------------- battle matrix


NUMBERS = [str(n) for n in range(1, 11)]
SPECIAL_MATRIX = {
    # (a, b): (winner, difference), straight from the digest's table.
    ("+1", "+1"): (None, 0),
    ("+1", "+2"): (1, 1),
    ("+1", "+3"): (1, 2),
    ("+1", "-1"): (0, 1),
    ("+2", "+2"): (None, 0),
    ("+2", "+3"): (1, 1),
    ("+2", "-1"): (0, 2),
    ("+3", "+3"): (None, 0),
    ("+3", "-1"): (0, 3),
    ("-1", "-1"): (None, 0),
}


@pytest.mark.parametrize("a", NUMBERS)
@pytest.mark.parametrize("b", NUMBERS)
def test_number_against_number_the_higher_wins_by_the_difference(a, b):
    x, y = int(a), int(b)
    expected = (None, 0) if x == y else ((0, x - y) if x > y else (1, y - x))
    assert st.fight(a, b) == (*expected, False)


@pytest.mark.parametrize("n", NUMBERS)
@pytest.mark.parametrize(("special", "win", "diff"), [("+1", 1, 1), ("+2", 1, 2), ("+3", 1, 3)])
def test_a_modifier_beats_any_number_by_its_face_value(n, special, win, diff):
    assert st.fight(special, n) == (0, diff, False)
    assert st.fight(n, special) == (1, diff, False)


@pytest.mark.parametrize("n", NUMBERS)
def test_minus_one_loses_to_any_number_by_one(n):
    assert st.fight("-1", n) == (1, 1, False)
    assert st.fight(n, "-1") == (0, 1, False)


@pytest.mark.parametrize(("pair", "expected"), list(SPECIAL_MATRIX.items()))
def test_every_special_pair_of_the_matrix_both_ways(pair, expected):
    a, b = pair
    winner, diff = expected
    assert st.fight(a, b) == (winner, diff, False)
    flipped = None if winner is None else 1 - winner
    assert st.fight(b, a) == (flipped, diff, False)


@pytest.mark.parametrize("other", NUMBERS + ["+1", "+2", "+3", "-1", "P"])
def test_plague_against_anything_stops_the_battle(other):
    assert st.fight("P", other) == (None, 0, True)
    assert st.fight(other, "P") == (None, 0, True)


# Armies to the reserve for each special pair, from the matrix's last column.
COST_MATRIX = {
    ("+1", "+2"): (0, 1),
    ("+1", "+3"): (0, 2),
    ("+2", "+2"): (1, 1),
    ("+2", "+3"): (1, 2),
    ("+2", "-1"): (1, 0),
    ("+3", "+3"): (2, 2),
    ("+3", "-1"): (2, 0),
    ("+1", "-1"): (0, 0),
    ("-1", "-1"): (0, 0),
    ("+1", "+1"): (0, 0),
}


@pytest.mark.parametrize(("pair", "costs"), list(COST_MATRIX.items()))
def test_every_special_pair_on_the_board_moves_armies_and_pays_its_costs(pair, costs):
    state = start()
    state, _ = battle(state, QIN, pair[0], pair[1])
    winner, diff = SPECIAL_MATRIX[pair]
    assert state["reserve"] == [3 + costs[0], 3 + costs[1]]
    for seat in (BLUE, RED):
        expected = diff if seat == winner else 0
        assert state["armies"][seat][QIN] == expected
        assert state["pool"][seat] == 18 - costs[seat] - expected


@pytest.mark.parametrize(("card", "cost"), [("+2", 1), ("+3", 2)])
def test_plus_two_or_three_against_a_plague_still_costs_its_armies(card, cost):
    state = start()
    state, _ = battle(state, QIN, card, "P")
    assert state["reserve"] == [3 + cost, 3]
    state = start()
    state, _ = battle(state, CHU, "P", card)
    assert state["reserve"] == [3, 3 + cost]


def test_a_card_cost_comes_from_the_board_when_the_pool_is_empty():
    state = start()
    set_board(state, blue=[0, 0, 4, 0, 0], pool=[0, 18])
    state["reserve"] = [17, 3]
    state, _ = battle(state, WU, "+3", "5")
    # 2 armies from Jin-Yan (the only province) to the reserve, then +3 wins by 3 but the pool
    # is empty: the shortfall takes the remaining 2 from Jin-Yan too.
    assert state["reserve"][BLUE] == 19
    assert state["armies"][BLUE] == [0, 0, 0, 0, 2]


# --------------------------------------------------------------------------- army movement


def test_the_winner_of_an_empty_province_puts_the_difference_from_the_pool():
    state = start()
    state, _ = battle(state, QIN, "9", "4")
    assert state["armies"][BLUE][QIN] == 5 and state["pool"][BLUE] == 13


def test_the_winner_adds_to_a_province_it_already_holds():
    state = fought(QIN, "5", "3", blue=[2, 0, 0, 0, 0])
    assert state["armies"][BLUE][QIN] == 4


def test_a_loser_with_at_least_the_difference_takes_that_many_back_to_the_pool():
    state = fought(CHU, "8", "5", red=[0, 6, 0, 0, 0])
    assert state["armies"][RED][CHU] == 3 and state["pool"][RED] == 12 + 3
    assert state["armies"][BLUE][CHU] == 0


def test_a_loser_with_fewer_than_the_difference_leaves_and_the_winner_moves_in():
    state = fought(CHU, "10", "5", red=[0, 2, 0, 0, 0])
    assert state["armies"][RED][CHU] == 0 and state["pool"][RED] == 16 + 2
    assert state["armies"][BLUE][CHU] == 3
    assert not (state["armies"][BLUE][CHU] and state["armies"][RED][CHU])


def test_a_tie_moves_nothing():
    state = start()
    set_board(state, red=[0, 2, 0, 0, 0])
    before = copy.deepcopy(state["armies"])
    state, _ = battle(state, CHU, "4", "4")
    assert state["armies"] == before


def test_shortfall_waits_for_the_winner_to_choose_and_suggests_adjacent_provinces():
    state = start()
    set_board(state, blue=[3, 0, 0, 0, 3], pool=[1, 18])
    state["reserve"][BLUE] = 14
    state, _ = battle(state, CHU, "5", "1")
    # 4 to place: 1 from the pool, 3 short; Qin is adjacent to Chu, Wu is not.
    view = st.view(state, None)
    assert view["pending"][0]["n"] == 3 and view["pending"][0]["seat"] == BLUE
    assert view["pending"][0]["suggested"] == ["qin"]
    assert view["pending"][0]["sources"] == ["qin", "wu"]
    assert view["turn"] == BLUE
    assert "take" not in st.allowed(state, RED) and "take" in st.allowed(state, BLUE)
    with pytest.raises(NotAllowed):
        act(state, RED, "take", province="qin")
    with pytest.raises(RulesError):
        act(state, None, "resolve")
    # The suggestion is only a suggestion: the winner may take from Wu.
    state, _ = act(state, BLUE, "take", province="wu", n=2)
    assert state["pending"][0]["n"] == 1
    state, _ = act(state, BLUE, "take", province="qin")
    assert state["pending"] == []
    assert state["armies"][BLUE] == [2, 4, 0, 0, 1]


def test_shortfall_is_automatic_when_only_one_province_can_supply():
    state = start()
    set_board(state, blue=[0, 0, 0, 0, 6], pool=[0, 18])
    state["reserve"][BLUE] = 15
    state, _ = battle(state, QIN, "7", "4")
    assert state["pending"] == [] and state["armies"][BLUE] == [3, 0, 0, 0, 3]


def test_shortfall_with_no_armies_anywhere_places_only_what_exists():
    state = start()
    set_board(state, pool=[2, 18])
    state["reserve"][BLUE] = 19
    state, events = battle(state, QIN, "9", "2")
    assert state["armies"][BLUE][QIN] == 2 and state["pending"] == []
    assert "{name} has no more armies on the board to move ({n} missing)" in texts(events)


def test_the_any_adjacency_option_suggests_every_province():
    state = start(adjacency="any")
    set_board(state, blue=[3, 0, 0, 0, 3], pool=[0, 18])
    state["reserve"][BLUE] = 15
    state, _ = battle(state, CHU, "5", "1")
    assert st.view(state, None)["pending"][0]["suggested"] == ["qin", "wu"]


# --------------------------------------------------------------------------- plague


@pytest.mark.parametrize(("n", "left"), [(1, 1), (2, 1), (5, 3), (7, 4), (0, 0)])
def test_plague_halves_the_armies_rounding_the_loss_down(n, left):
    state = fought(JIN, "P", "10", red=[0, 0, n, 0, 0])
    assert state["armies"][RED][JIN] == left
    assert state["pool"][RED] == 18 - left  # 3 armies are in the reserve
    assert state["armies"][BLUE][JIN] == 0


def test_two_plagues_halve_only_once():
    state = fought(QIN, "P", "P", blue=[8, 0, 0, 0, 0])
    assert state["armies"][BLUE][QIN] == 4


def test_red_counter_plague_warlord_prevents_the_damage_by_default():
    state = start(red_w=3)
    set_board(state, red=[0, 6, 0, 0, 0])
    state, _ = reveal(state, CHU, "P", "4")
    assert "warlord" in st.allowed(state, RED)
    state, events = act(state, RED, "warlord", warlord=3)
    assert events[0]["type"] == "WarlordPlayed"
    state, _ = act(state, None, "resolve")
    assert state["armies"][RED][CHU] == 6


def test_counter_plague_as_zero_option_lets_the_other_card_win():
    state = start(red_w=3, counter_plague="zero")
    set_board(state, red=[0, 2, 0, 0, 0])
    state, _ = reveal(state, CHU, "P", "4")
    state, _ = act(state, RED, "warlord", warlord=3)
    state, _ = act(state, None, "resolve")
    # The Plague is a 0: Red's 4 wins by 4.
    assert state["armies"][RED][CHU] == 6


def test_counter_plague_cannot_be_played_without_a_plague():
    state = start(red_w=3)
    state, _ = act(state, None, "enter_cards", province="qin", card0="5", card1="4")
    assert "warlord" not in st.allowed(state, RED)
    with pytest.raises(RulesError):
        act(state, RED, "warlord", warlord=3)


@pytest.mark.parametrize("occupant", [BLUE, RED])
def test_harsh_plague_leaves_one_army_whoever_holds_the_province(occupant):
    state = start(red_w=4)
    row = [0, 0, 0, 7, 0]
    set_board(state, blue=row if occupant == BLUE else None, red=row if occupant == RED else None)
    state, _ = reveal(state, HAN, "3", "P")
    state, _ = act(state, RED, "warlord", warlord=4)
    state, _ = act(state, None, "resolve")
    assert state["armies"][occupant][HAN] == 1


# --------------------------------------------------------------------------- the "6"


def test_a_revealed_6_locks_an_army_from_the_pool_above_the_province():
    state = start()
    state, _ = battle(state, WU, "6", "2")
    assert state["markers"][BLUE][WU] == 1
    assert state["armies"][BLUE][WU] == 4
    assert state["pool"][BLUE] == 18 - 1 - 4


def test_a_6_takes_its_marker_army_from_the_board_when_the_pool_is_empty():
    state = start()
    set_board(state, blue=[0, 3, 0, 0, 0], pool=[0, 18])
    state["reserve"][BLUE] = 18
    state, _ = battle(state, QIN, "6", "6")
    assert state["markers"][BLUE][QIN] == 1 and state["armies"][BLUE][CHU] == 2
    assert state["markers"][RED][QIN] == 1


def test_a_player_may_not_play_a_6_where_their_own_6_already_stands():
    state = start()
    state["markers"][BLUE][QIN] = 1
    state["pool"][BLUE] -= 1
    with pytest.raises(BadValue):
        act(state, None, "enter_cards", province="qin", card0="6", card1="2")
    # Red is refused when everyone can tell Red cannot hold the Warlord that allows it.
    state["markers"][RED][QIN] = 1
    state["warlords_played"][RED] = [2]
    state["private"][RED]["warlords"] = []
    with pytest.raises(BadValue):
        act(state, None, "enter_cards", province="qin", card0="5", card1="6")


def test_red_warlord_1_lets_red_play_a_6_a_second_time_and_marks_again():
    state = start(red_w=1)
    state["markers"][RED][QIN] = 1
    state["pool"][RED] -= 1
    state, events = act(state, None, "enter_cards", province="qin", card0="2", card1="6")
    assert state["markers"][RED][QIN] == 2
    # The host's entry shows nothing of Red's hand: Red shows the Warlord from the phone.
    assert "WarlordPlayed" not in [e["type"] for e in events]
    assert st.view(state, None)["six_claim"]["province"] == "qin"
    assert "warlord" in st.allowed(state, RED)
    state, _ = act(state, None, "resolve")
    state, events = act(state, RED, "warlord", warlord=1)
    assert state["warlords_played"][RED] == [1]
    assert "WarlordPlayed" in [e["type"] for e in events]
    assert st.view(state, None)["six_claim"] is None


def test_red_without_warlord_1_is_told_on_the_phone_that_the_entered_6_needs_checking():
    state = start(red_w=2)
    state["markers"][RED][QIN] = 1
    state, _ = act(state, None, "enter_cards", province="qin", card0="2", card1="6")
    assert "warlord" not in st.allowed(state, RED)
    assert "check the entry" in st.view(state, RED)["me"]["six_check"][0]
    with pytest.raises(NotAllowed):  # not among Red's actions: Red holds no Warlord 1
        act(state, RED, "warlord", warlord=1)
    # A second 6 again waits on the first: refused in public, whatever Red holds.
    state, _ = act(state, None, "resolve")
    for q in range(5):
        state["battle"]["revealed"][q] = state["battle"]["resolved"][q] = True
    state, _ = act(state, None, "finish_battles")
    with pytest.raises(BadValue, match="already marks"):
        act(state, None, "enter_cards", province="qin", card0="2", card1="6")


def _hidden_warlord_pair(red_warlords):
    """Two real-card games identical in public; Red's 6 marks Qin; Red's Warlords differ."""
    out = []
    for held in red_warlords:
        state = start(red_w=2)
        state["private"][RED]["warlords"] = [held]
        state["private"][RED]["removed"] = [n for n in range(1, 6) if n != held]
        state["markers"][RED][QIN] = 1
        state["pool"][RED] -= 1
        out.append(state)
    assert st.view(out[0], None) == st.view(out[1], None)
    return out


def _seen_by(actor, state, events):
    """What the asker sees of an action: its view and the events addressed to it."""
    visible = [e for e in events if "to" not in e or actor in e["to"]]
    return st.view(state, actor), [GAME.describe(e, NAMES) for e in visible]


def _outcome(state, actor, kind, **params):
    try:
        new, events = act(state, actor, kind, **params)
    except RulesError as err:
        return ("refused", type(err).__name__, err.code, err.message, err.params)
    return ("done", _seen_by(actor, new, events))


def test_the_host_entering_a_card_for_red_gets_the_same_answer_whatever_reds_hand_holds():
    with_w1, without = _hidden_warlord_pair([1, 3])
    for red_card in ("6", "5"):
        a = _outcome(with_w1, None, "enter_cards", province="qin", card0="2", card1=red_card)
        b = _outcome(without, None, "enter_cards", province="qin", card0="2", card1=red_card)
        assert a == b


def test_blue_sees_the_same_battle_whatever_warlord_red_holds_after_the_host_enters_a_6():
    states = []
    for state in _hidden_warlord_pair([1, 4]):
        state, _ = act(state, None, "enter_cards", province="qin", card0="2", card1="6")
        states.append(state)
    assert _seen_by(BLUE, *act(states[0], None, "resolve")) == _seen_by(
        BLUE, *act(states[1], None, "resolve")
    )


def test_a_mark_added_by_a_correction_after_placing_does_not_make_the_app_show_reds_warlord():
    outcomes = []
    for red_w in (1, 2):
        state = start("phones", red_w=red_w)
        hand = state["private"][RED]["hand"]
        cards = ["6"] + [c for c in hand if c != "6"][:4]
        state, _ = act(state, RED, "place", **dict(zip(P, cards, strict=True)))
        blue = state["private"][BLUE]["hand"][:5]
        state, _ = act(state, BLUE, "place", **dict(zip(P, blue, strict=True)))
        state, _ = act(state, None, "move_armies", seat=RED, src="pool", dst="mark_qin", n=1)
        state, _ = act(state, BLUE, "lock")
        state, _ = act(state, RED, "lock")
        state, events = act(state, None, "reveal", province="qin")
        outcomes.append([e["type"] for e in events])
    assert outcomes[0] == outcomes[1] and "WarlordPlayed" not in outcomes[0]


def test_phones_placement_refuses_a_second_6_unless_red_holds_warlord_1():
    for red_w, ok in ((2, False), (1, True)):
        state = start("phones", red_w=red_w)
        state["markers"][RED][CHU] = 1
        hand = state["private"][RED]["hand"]
        cards = {"qin": "1", "chu": "6", "jin_yan": "2", "han_qi": "3", "wu": "4"}
        assert all(c in hand for c in cards.values())
        if ok:
            act(state, RED, "place", **cards)
        else:
            with pytest.raises(BadValue):
                act(state, RED, "place", **cards)


def test_marker_armies_do_not_score():
    state = start()
    state["round"] = 3
    state["markers"] = [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0]]
    set_board(state, red=[0, 0, 0, 0, 1])
    state["battle"]["resolved"] = [True] * 5
    state["battle"]["revealed"] = [True] * 5
    state, _ = act(state, None, "finish_battles")
    value = st.DISPLAYS[state["displays"][WU] - 1][0]
    assert state["score"] == -value
