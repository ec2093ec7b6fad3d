"""3 Kingdoms Battle's troop orders (reinforce, transfer, stance, emergency orders, occupying)
and the end of the game with its tie-breaks."""

from __future__ import annotations

import copy

import pytest

from companion.games.kit import BadValue, RulesError
from companion.games.three_kingdoms import GAME
from tests.games.three_kingdoms_setups import (
    ANN,
    BOB,
    CY,
    act,
    add_city,
    city,
    end,
    new,
    raw,
    score,
    supply,
    tied_board,
    types,
)

# -- troop orders, stance, emergency orders, occupying ------------------------------------------


def test_reinforce_puts_one_troop_into_a_controlled_city_with_a_free_space():
    state = new()
    mine = add_city(state, {ANN: (1, 0)}, spaces=2)
    theirs = add_city(state, {BOB: (1, 0)}, spaces=2)
    state2, _ = act(state, ANN, "reinforce", city=mine, stance="hold")
    assert city(state2, mine)["troops"][ANN] == [1, 1]
    with pytest.raises(BadValue):
        act(state, ANN, "reinforce", city=theirs, stance="alert")
    full = new()
    c = add_city(full, {ANN: (2, 0)}, spaces=2)
    with pytest.raises(BadValue):
        raw(full, ANN, "reinforce", city=c, stance="alert")


def test_reinforce_is_impossible_with_an_empty_supply():
    state = new()
    c = add_city(state, {ANN: (8, 0)}, spaces=9)
    assert "reinforce" not in GAME.allowed(state, ANN)
    with pytest.raises(BadValue):
        raw(state, ANN, "reinforce", city=c, stance="alert")


def test_withdrawing_the_last_troop_leaves_the_city_idle_by_default():
    state = new()
    c = add_city(state, {ANN: (0, 1)}, tiles=4)
    state, events = act(state, ANN, "withdraw", city=c, stance="hold")
    assert city(state, c)["owner"] is None and score(state, ANN) == 0 and supply(state, ANN) == 8
    assert "CityIdle" in types(events)


def test_option_kept_lets_an_emptied_city_stay_with_its_owner():
    state = new(emptied_city="kept")
    c = add_city(state, {ANN: (0, 1)}, tiles=4)
    state, _ = act(state, ANN, "withdraw", city=c, stance="hold")
    assert city(state, c)["owner"] == ANN and score(state, ANN) == 2


def test_transfer_moves_one_alert_troop_between_your_cities():
    state = new()
    a = add_city(state, {ANN: (1, 1)})
    b = add_city(state, {ANN: (1, 0)})
    state2, _ = act(state, ANN, "transfer", from_city=a, to_city=b)
    assert city(state2, a)["troops"][ANN] == [0, 1] and city(state2, b)["troops"][ANN] == [2, 0]
    with pytest.raises(BadValue):
        raw(state2, BOB, "transfer", from_city=a, to_city=b)  # not Bob's turn
    state3 = new()
    a = add_city(state3, {ANN: (0, 1)})
    b = add_city(state3, {ANN: (1, 0)})
    with pytest.raises(BadValue):
        raw(state3, ANN, "transfer", from_city=a, to_city=b)  # only Alert troops move
    state4 = new()
    a = add_city(state4, {ANN: (1, 0)})
    b = add_city(state4, {ANN: (1, 0)})
    state4, _ = act(state4, ANN, "transfer", from_city=a, to_city=b)
    assert city(state4, a)["owner"] is None


def test_a_stance_change_turns_chosen_troops_in_one_direction_only():
    state = new()
    a = add_city(state, {ANN: (3, 1)})
    b = add_city(state, {ANN: (1, 0)})
    state2, events = act(state, ANN, "change_stance", direction="to_hold", cities=[a, a, b])
    assert city(state2, a)["troops"][ANN] == [1, 3] and city(state2, b)["troops"][ANN] == [0, 1]
    assert events[0]["n"] == 3
    with pytest.raises(BadValue):
        act(state, ANN, "change_stance", direction="to_alert", cities=[a, a])  # only 1 Hold
    with pytest.raises(BadValue):
        act(state, ANN, "change_stance", direction="to_alert", cities=[])


def test_emergency_orders_add_two_troops_or_take_two_back_with_a_command_card():
    state = new()
    c = add_city(state, {ANN: (1, 0)}, spaces=3)
    state2, _ = act(state, ANN, "emergency", city=c, mode="add", alert=1)
    assert city(state2, c)["troops"][ANN] == [2, 1] and state2["seats"][ANN]["commands"] == 4
    small = new()
    c = add_city(small, {ANN: (1, 0)}, spaces=2)
    with pytest.raises(BadValue):
        act(small, ANN, "emergency", city=c, mode="add")
    with pytest.raises(BadValue):
        act(small, ANN, "emergency", city=c, mode="remove")
    two = new()
    c = add_city(two, {ANN: (1, 1)}, spaces=2)
    two, _ = act(two, ANN, "emergency", city=c, mode="remove", alert=1)
    assert city(two, c)["owner"] is None and supply(two, ANN) == 8


@pytest.mark.parametrize(
    ("tiles", "die", "won", "points"),
    [(2, 3, False, 0), (2, 4, True, 1), (4, 4, False, 0), (4, 5, True, 2), (4, 6, True, 2)],
)
def test_occupying_an_idle_city_needs_4_for_small_and_5_for_large(tiles, die, won, points):
    state = new()
    c = add_city(state, {}, tiles=tiles)
    state, events = act(state, ANN, "occupy", city=c, die=die)
    assert (city(state, c)["owner"] == ANN) is won
    assert score(state, ANN) == points
    assert city(state, c)["troops"][ANN] == ([1, 0] if won else [0, 0])
    assert GAME.view(state, None)["turn"] == BOB  # a failed roll still uses the turn


def test_only_an_idle_city_can_be_occupied_and_not_with_an_empty_supply():
    state = new()
    owned = add_city(state, {BOB: (1, 0)})
    with pytest.raises(BadValue):
        raw(state, ANN, "occupy", city=owned, die=6)
    idle = add_city(state, {})
    add_city(state, {ANN: (8, 0)}, spaces=8)
    assert "occupy" not in GAME.allowed(state, ANN)
    with pytest.raises(BadValue):
        raw(state, ANN, "occupy", city=idle, die=6)


def test_the_view_shows_the_occupation_odds_of_idle_cities():
    state = new()
    add_city(state, {}, tiles=2)
    add_city(state, {}, tiles=5)
    cities = GAME.view(state, None)["cities"]
    assert cities[0]["occupy_odds"]["fraction"] == "1/2" and cities[0]["occupy_from"] == 4
    assert cities[1]["occupy_odds"]["fraction"] == "1/3" and cities[1]["occupy_from"] == 5


# -- the end ------------------------------------------------------------------------------------


def test_reaching_8_points_wins_at_once_and_nothing_more_can_be_done():
    state = new()
    for _ in range(3):
        add_city(state, {ANN: (1, 0)}, tiles=4)
    idle = add_city(state, {}, tiles=4)
    state, events = act(state, ANN, "occupy", city=idle, die=5)
    assert GAME.view(state, None)["over"] is True
    res = GAME.outcome(state)
    assert res["winners"] == [ANN] and res["rows"][ANN]["score"] == 8
    assert "GameEnded" in types(events) and "TurnPassed" not in types(events)
    assert GAME.allowed(state, None) == [] and GAME.allowed(state, BOB) == []
    with pytest.raises(RulesError):
        raw(state, None, "set_turn", seat=BOB)


def test_a_player_who_reaches_8_during_another_players_stratagem_wins_at_once():
    state = new()
    for _ in range(3):
        add_city(state, {BOB: (1, 0)}, tiles=4)
    bob_launch = add_city(state, {BOB: (2, 0)}, tiles=1)
    cy_city = add_city(state, {CY: (1, 0)}, tiles=4)
    state, _ = act(state, ANN, "drive_tiger", launch=bob_launch, target=cy_city)
    state, _ = act(state, BOB, "roll", dice=[5, 1, 1])
    assert GAME.outcome(state) is None  # no points until Bob moves in
    state, _ = act(state, BOB, "settle", n=1)
    assert GAME.outcome(state)["winners"] == [BOB]


def test_the_result_shows_the_arithmetic_of_every_score():
    state = new()
    add_city(state, {ANN: (1, 0)}, tiles=2)
    add_city(state, {ANN: (1, 0)}, tiles=4)
    state["tiles_left"] = 1
    state, _ = act(state, ANN, "expand", spaces=0)
    row = GAME.outcome(state)["rows"][ANN]
    values = [line[1] for line in row["lines"]]
    assert values[0] == {"n": 1, "p": 1} and values[1] == {"n": 1, "p": 2}
    assert values[2] == {"n": 3}


def test_two_players_reaching_8_at_once_are_split_by_score_then_the_tie_break_chain():
    state = new()
    a = add_city(state, {ANN: (1, 0)}, tiles=3, complete=False)
    b = add_city(state, {BOB: (1, 0)}, tiles=3, complete=False)
    for seat in (ANN, BOB):
        for _ in range(3):
            add_city(state, {seat: (1, 0)}, tiles=4)
    state["seats"][BOB]["commands"] = 4
    state, _ = act(state, ANN, "expand", spaces=1, city=a, complete=True, also_complete=[b])
    res = GAME.outcome(state)
    assert res["winners"] == [ANN]
    steps = [line[1].get("step") for line in res["tiebreak"]]
    assert "A" in steps and "B" in steps


def test_option_players_reaching_8_together_share_the_win():
    state = new(simultaneous_eight="shared")
    a = add_city(state, {ANN: (1, 0)}, tiles=3, complete=False)
    b = add_city(state, {BOB: (1, 0)}, tiles=3, complete=False)
    for seat in (ANN, BOB):
        for _ in range(3):
            add_city(state, {seat: (1, 0)}, tiles=4)
    state, _ = act(state, ANN, "expand", spaces=1, city=a, complete=True, also_complete=[b])
    assert GAME.outcome(state)["winners"] == [ANN, BOB]


def test_the_last_tile_ends_the_game_after_that_players_turn_and_the_highest_score_wins():
    state = new()
    add_city(state, {BOB: (1, 0)}, tiles=4)
    state["tiles_left"] = 1
    state, _ = act(state, ANN, "expand", spaces=0)
    res = GAME.outcome(state)
    assert res["winners"] == [BOB] and res["reason"][0].startswith("The last tile")
    assert GAME.view(state, None)["tiebreak"][-1][1]["name"] == "Bob"


def test_the_game_is_not_over_until_the_civil_war_of_the_last_tile_is_fought():
    state = new()
    cid = add_city(state, {BOB: (1, 0)}, complete=False)
    state["tiles_left"] = 1
    state, _ = act(state, ANN, "expand", spaces=1, city=cid, alert=1, complete=True)
    assert GAME.outcome(state) is None and GAME.view(state, None)["last_tile"] is True
    state, _ = act(state, ANN, "roll", dice=[5, 1])
    assert GAME.outcome(state)["winners"] == [ANN]


def test_the_last_tile_removed_as_unplaceable_also_ends_the_game():
    state = new()
    add_city(state, {CY: (1, 0)})
    state["tiles_left"] = 1
    state, _ = act(state, ANN, "discard_tile")
    assert GAME.outcome(state)["winners"] == [CY]


def test_tie_break_a_troops_in_completed_cities():
    state = tied_board()
    city(state, 1)["troops"][ANN] = [1, 1]
    add_city(state, {BOB: (2, 0)}, complete=False)  # troops in an open city do not count for A
    res = end(state)
    assert res["winners"] == [ANN]
    assert res["tiebreak"][2][1]["step"] == "A"
    assert res["tiebreak"][2][1]["values"] == ["{list}", {"items": ["Ann 2", "Bob 1"]}]


def test_tie_break_b_unused_command_cards():
    state = tied_board()
    state["seats"][ANN]["commands"] = 3
    res = end(state)
    assert res["winners"] == [BOB] and res["tiebreak"][-2][1]["step"] == "B"


def test_tie_break_c_unused_stratagem_cards():
    state = tied_board()
    state["seats"][BOB]["stratagems"]["beauty_trap"] = False
    res = end(state)
    assert res["winners"] == [ANN] and res["tiebreak"][-2][1]["step"] == "C"


def test_tie_break_d_alert_troops_anywhere_on_the_map_by_default():
    state = tied_board()
    city(state, 1)["troops"][ANN] = [0, 1]
    city(state, 2)["troops"][BOB] = [0, 1]
    add_city(state, {ANN: (1, 0)}, complete=False)  # Alert troop in an open city counts for D
    res = end(state)
    assert res["winners"] == [ANN]
    assert [line[1].get("step") for line in res["tiebreak"][2:6]] == ["A", "B", "C", "D"]
    assert res["tiebreak"][5][1]["values"] == ["{list}", {"items": ["Ann 1", "Bob 0"]}]


def test_option_tie_break_d_counts_alert_troops_in_completed_cities_only():
    state = tied_board(tiebreak_alert="completed")
    city(state, 1)["troops"][ANN] = [0, 1]
    add_city(state, {ANN: (2, 0)}, complete=False)
    state_map = copy.deepcopy(state)
    state_map["options"]["tiebreak_alert"] = "map"
    assert end(state)["winners"] == [BOB]
    assert end(state_map)["winners"] == [ANN]


def test_still_tied_after_d_the_players_share_the_win():
    res = end(tied_board())
    assert res["winners"] == [ANN, BOB]
    assert res["headline"][0] == "{names} share the win."
    assert res["tiebreak"][-1][1]["names"] == ["{list}", {"items": ["Ann", "Bob"]}]


def test_option_still_tied_after_d_the_player_with_fewer_turns_wins():
    state = tied_board(final_tie="fewer_turns")
    state["turn"] = BOB
    state["seats"][ANN]["turns"] = 5
    state["seats"][BOB]["turns"] = 4  # Bob's last turn makes it 5: still tied -> shared
    assert end(copy.deepcopy(state))["winners"] == [ANN, BOB]
    state["turn"] = ANN  # Ann's last turn makes her 6 against Bob's 4
    assert end(state)["winners"] == [BOB]
