"""Sun Tzu's event cards and the Warlords played during the game."""

from __future__ import annotations

import random

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
    act,
    battle,
    finish_round,
    place_both,
    set_board,
    start,
    texts,
    total,
    with_event,
)

# --------------------------------------------------------------------------- events


def test_with_the_reveal_timing_epidemic_fires_when_the_fourth_plague_is_revealed():
    state = with_event("epidemic", event_timing="reveal")
    state, _ = battle(state, QIN, "P", "P")
    assert state["event_up"] == "epidemic"
    state, events = act(state, None, "enter_cards", province="chu", card0="P", card1="P")
    assert state["event_up"] == "hero" and state["events_done"] == ["epidemic"]
    assert state["reserve"] == [4, 4] and state["pool"] == [17, 17]
    fired = [e for e in events if e["type"] == "EventFired"]
    line = GAME.describe(fired[0], NAMES)
    assert fired and line[1]["event_t"] == "Epidemic"
    assert line[1]["rule_t"] == st.EVENT_TEXTS["epidemic"]


def test_epidemic_takes_from_the_board_when_a_pool_is_empty():
    state = with_event("epidemic")
    state["plagues"] = 3
    set_board(state, red=[0, 0, 2, 0, 3], pool=[18, 0])
    state["reserve"][RED] = 16
    state, _ = battle(state, QIN, "P", "1")
    assert st.view(state, None)["pending"][0]["seat"] == RED
    assert "take" in st.allowed(state, RED) and "take" not in st.allowed(state, BLUE)
    state, _ = act(state, RED, "take", province="wu")
    assert state["armies"][RED] == [0, 0, 2, 0, 2] and state["reserve"][RED] == 17


def test_a_state_event_already_true_when_turned_up_fires_at_once():
    state = with_event("champion", deck=("epidemic", "hero"))
    state["plagues"] = 4
    state, events = battle(state, QIN, "9", "10")
    # Champion fires on Blue's lost 9, then Epidemic turns up with 4 plagues already played.
    assert state["events_done"] == ["champion", "epidemic"]
    assert state["reserve"] == [3 + 1 + 1, 3 + 1]
    assert state["event_up"] == "hero"


def test_a_battle_event_turned_up_does_not_look_at_the_battle_just_resolved():
    state = with_event("champion", deck=("hero", "epidemic"))
    state, _ = battle(state, QIN, "10", "9")  # Red's 9 loses: Champion fires, Hero turns up
    assert state["events_done"] == ["champion"] and state["reserve"] == [3, 4]
    state, _ = battle(state, CHU, "4", "10")  # Red's 10 wins: no Hero
    assert state["event_up"] == "hero"
    state, _ = battle(state, JIN, "P", "2")
    state, _ = battle(state, HAN, "2", "3")
    state, _ = battle(state, WU, "5", "5")
    assert state["event_up"] == "hero"


@pytest.mark.parametrize(
    ("red", "fires"), [("10", True), ("9", True), ("P", True), ("8", False), ("-1", False)]
)
def test_champions_challenge_fires_when_a_9_does_not_win(red, fires):
    state = with_event("champion")
    state, _ = battle(state, QIN, "9", red)
    assert (state["events_done"] == ["champion"]) == fires
    blue_extra = 1 if fires else 0
    red_extra = 1 if fires and red == "9" else 0
    assert state["reserve"] == [3 + blue_extra, 3 + red_extra]


@pytest.mark.parametrize(("red", "fires"), [("+1", True), ("10", True), ("P", True), ("2", False)])
def test_heros_challenge_costs_two_armies_when_a_10_does_not_win(red, fires):
    state = with_event("hero", deck=("champion",))
    state, _ = battle(state, QIN, "10", red)
    assert state["reserve"][BLUE] == (5 if fires else 3)


def test_blue_warlord_2_plays_a_9_as_a_6_without_a_marker_and_avoids_the_challenge():
    state = with_event("champion", blue_w=2)
    state, _ = act(state, None, "enter_cards", province="qin", card0="9", card1="7")
    state, _ = act(state, BLUE, "warlord", warlord=2)
    state, _ = act(state, None, "resolve")
    assert state["markers"][BLUE][QIN] == 0
    assert state["armies"][RED][QIN] == 1  # 7 beats 6 by 1
    assert state["event_up"] == "champion" and state["reserve"][BLUE] == 3


def test_light_infantry_lets_the_player_behind_place_an_army():
    state = with_event("light_infantry")
    state["score"] = 2
    state, _ = battle(state, WU, "1", "1")
    assert state["armies"][RED][WU] == 1 and state["events_done"] == ["light_infantry"]


def test_light_infantry_with_the_marker_in_the_centre_does_nothing_but_counts():
    state = with_event("light_infantry")
    state, events = battle(state, WU, "1", "1")
    assert state["armies"] == [[0] * 5, [0] * 5]
    assert state["events_done"] == ["light_infantry"] and state["event_up"] == "hero"
    assert "Nobody is behind on the score track: no effect" in texts(events)


def test_light_infantry_cannot_place_in_a_province_the_opponent_holds():
    state = with_event("light_infantry")
    state["score"] = -3
    set_board(state, red=[0, 0, 0, 0, 2])
    state, _ = battle(state, WU, "1", "1")
    assert state["armies"][BLUE][WU] == 0 and state["armies"][RED][WU] == 2


def test_war_chariot_gives_a_player_with_three_marked_provinces_an_extra_warlord():
    state = with_event("war_chariot", blue_w=2, red_w=5)
    state["markers"][RED] = [0, 0, 0, 1, 1]
    state["pool"][RED] -= 2
    state, _ = battle(state, QIN, "3", "2")
    assert state["event_up"] == "war_chariot"
    state, _ = act(state, None, "enter_cards", province="chu", card0="2", card1="6")
    assert state["events_done"] == []  # the third 6 fires the event once its battle is resolved
    state, _ = act(state, None, "resolve")
    assert state["events_done"] == ["war_chariot"] and state["extra_warlord"] == [False, True]
    assert "choose_extra_warlord" in st.allowed(state, RED)
    assert st.view(state, RED)["me"]["extra_choices"][0]["n"] == 1
    with pytest.raises(BadValue):
        act(state, RED, "choose_extra_warlord", warlord=5)  # already held
    state, events = act(state, RED, "choose_extra_warlord", warlord=2)
    assert state["private"][RED]["warlords"] == [5, 2]
    assert [e["to"] for e in events if "to" in e] == [[RED]]
    assert st.view(state, None)["players"][RED]["warlords_left"] == 2


def test_the_fifth_event_ends_the_game_at_once_with_the_closer_end_winning():
    state = with_event("light_infantry", deck=())
    state["events_done"] = ["epidemic", "war_chariot", "champion", "hero"]
    state["score"] = -1
    state, _ = battle(state, QIN, "1", "1")
    res = GAME.outcome(state)
    assert res["reason"][0] == "All 5 events have been carried out"
    assert state["armies"][BLUE][QIN] == 1  # Blue was behind and placed an army first
    assert res["winners"] == [RED]
    assert st.view(state, None)["over"] is True


def test_the_fifth_event_in_the_centre_uses_the_pool_tiebreak():
    state = with_event("hero", deck=())
    state["events_done"] = ["epidemic", "war_chariot", "champion", "light_infantry"]
    state, _ = battle(state, QIN, "10", "+1")
    # +1 wins by 1 (Red puts 1 army out of the pool), then Hero costs Blue 2 armies.
    assert state["pool"] == [16, 17]
    assert GAME.outcome(state)["winners"] == [RED]


def test_the_events_option_off_plays_without_event_cards():
    state = st.setup(["A", "B"], {"events": False, "beginner": True}, random.Random(1))
    assert state["event_up"] is None and st.view(state, None)["events_left"] == 0


# --------------------------------------------------------------------------- warlords in play


def test_blue_warlord_1_moves_an_army_to_an_adjacent_province_in_the_first_6_rounds():
    state = start(blue_w=1)
    set_board(state, blue=[0, 3, 0, 0, 0], red=[0, 0, 0, 0, 2])
    with pytest.raises(BadValue):
        act(state, BLUE, "warlord", warlord=1, province="chu", to="han_qi")  # not adjacent
    state, _ = act(state, BLUE, "warlord", warlord=1, province="chu", to="jin_yan")
    assert state["armies"][BLUE] == [0, 2, 1, 0, 0]
    assert state["warlords_played"][BLUE] == [1]
    with pytest.raises(NotAllowed):  # already played: Blue has no Warlord left to play
        act(state, BLUE, "warlord", warlord=1, province="chu", to="qin")


def test_blue_warlord_1_cannot_enter_a_red_province_and_not_after_round_6():
    state = start(blue_w=1, adjacency="any")
    set_board(state, blue=[0, 3, 0, 0, 0], red=[0, 0, 0, 0, 2])
    with pytest.raises(BadValue):
        act(state, BLUE, "warlord", warlord=1, province="chu", to="wu")
    act(state, BLUE, "warlord", warlord=1, province="chu", to="han_qi")  # "any" adjacency
    state["round"] = 7
    assert "warlord" not in st.allowed(state, BLUE)
    with pytest.raises(RulesError):
        act(state, BLUE, "warlord", warlord=1, province="chu", to="jin_yan")


def test_blue_warlord_5_adds_an_army_from_the_pool_to_a_held_province():
    state = start(blue_w=5)
    set_board(state, blue=[0, 0, 2, 0, 0])
    with pytest.raises(BadValue):
        act(state, BLUE, "warlord", warlord=5, province="qin")
    state, _ = act(state, BLUE, "warlord", warlord=5, province="jin_yan")
    assert state["armies"][BLUE][JIN] == 3 and total(state, BLUE) == 21


def test_red_warlord_2_sends_a_blue_army_back_to_blues_pool():
    state = start(red_w=2)
    set_board(state, blue=[0, 0, 2, 0, 0])
    state, _ = act(state, RED, "warlord", warlord=2, province="jin_yan")
    assert state["armies"][BLUE][JIN] == 1 and state["pool"][BLUE] == 16 + 1


def test_warlords_are_refused_to_the_host_and_to_a_seat_that_does_not_hold_them():
    state = start(blue_w=5, red_w=2)
    set_board(state, blue=[0, 0, 2, 0, 0])
    with pytest.raises(NotAllowed):
        act(state, None, "warlord", warlord=5, province="jin_yan")
    with pytest.raises(BadValue):
        act(state, RED, "warlord", warlord=5, province="jin_yan")


@pytest.mark.parametrize(("seat", "warlord", "card"), [(BLUE, 4, "-1"), (RED, 5, "P")])
def test_recycling_warlords_put_the_card_under_the_deck_and_discard_the_top(seat, warlord, card):
    state = start("phones", blue_w=4, red_w=5)
    priv = state["private"][seat]
    if card not in priv["hand"]:
        priv["deck"].remove(card)
        priv["hand"].append(card)
        priv["deck"].append(priv["hand"].pop(6))
    own = (card, "1", "2", "3", "4")
    state = place_both(
        state,
        blue=own if seat == BLUE else ("1", "2", "3", "4", "5"),
        red=own if seat == RED else ("1", "2", "3", "4", "5"),
    )
    state, _ = act(state, None, "reveal")
    deck = list(state["private"][seat]["deck"])
    state, events = act(state, seat, "warlord", warlord=warlord)
    assert state["private"][seat]["deck"] == deck[1:]
    assert [e["to"] for e in events if "to" in e] == [[seat]]
    state, _ = finish_round(state)
    new_deck = state["private"][seat]["deck"]
    drawn = state["private"][seat]["drawn"]
    assert card in new_deck + drawn
    assert state["gone"][seat].get(card, 0) == 0
