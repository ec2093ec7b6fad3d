"""3 Kingdoms Battle's wars: civil wars, national wars and the stratagems."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.kit import BadValue, NotAllowed, RulesError
from companion.games.kit.driver import action_rng
from companion.games.three_kingdoms import GAME
from tests.games.three_kingdoms_setups import (
    ANN,
    BOB,
    CY,
    act,
    add_city,
    city,
    new,
    raw,
    score,
    seed_example_one,
    supply,
    types,
)

# -- civil war ----------------------------------------------------------------------------------


def test_the_seed_civil_war_example_gives_the_large_city_to_ann_with_her_hold_troop():
    state = seed_example_one()
    battle = GAME.view(state, None)["battle"]
    assert battle["kind"] == "civil" and battle["mode"] == "highest"
    assert [o["n"] for o in battle["dice_order"]] == [1, 2, 1]
    state, _ = act(state, ANN, "roll", dice=[6, 3, 6, 5])
    assert supply(state, CY) == 8  # Cy's highest die was below the top: all troops home
    assert GAME.view(state, None)["battle"]["mode"] == "duel"
    state, _ = act(state, BOB, "roll", dice=[5, 2, 4])
    assert city(state, 1)["troops"][BOB] == [1, 0]
    state, events = act(state, None, "roll", dice=[6, 3])
    c = city(state, 1)
    assert c["owner"] == ANN and c["troops"][ANN] == [0, 1]
    assert score(state, ANN) == 2 and supply(state, BOB) == 8
    assert state["battle"] is None and GAME.view(state, None)["turn"] == BOB
    assert types(events)[-2:] == ["CivilWarEnded", "TurnPassed"]


def test_the_turn_waits_until_the_civil_war_is_over_and_no_turn_action_is_allowed_meanwhile():
    state = seed_example_one()
    assert GAME.view(state, None)["turn"] == ANN
    assert GAME.allowed(state, ANN) == ["roll"]
    with pytest.raises(RulesError):
        raw(state, ANN, "expand", spaces=0)


def test_players_outside_the_battle_cannot_roll_but_the_player_on_turn_and_host_can():
    state = new(n=4)
    cid = add_city(state, {BOB: (1, 0), CY: (1, 0)}, complete=False)
    state, _ = act(state, ANN, "expand", spaces=1, city=cid, complete=True)
    assert "roll" not in GAME.allowed(state, 3)
    with pytest.raises(NotAllowed):
        raw(state, 3, "roll", dice=[1, 1])
    for seat in (ANN, BOB, CY, None):
        assert "roll" in GAME.allowed(state, seat)


def test_the_wrong_number_of_dice_is_refused():
    state = seed_example_one()
    with pytest.raises(BadValue):
        act(state, ANN, "roll", dice=[6, 3, 6])


def test_without_entered_dice_the_app_rolls_them_with_the_tables_rng():
    state = seed_example_one()
    state, events = act(state, ANN, "roll", seed=7)
    roll_event = next(e for e in events if e["type"] == "CivilRollHighest")
    rng = action_rng(7, 1)  # the table's seed and the action's place in the log
    expected = [rng.randint(1, 6) for _ in range(4)]
    assert roll_event["dice"] == [expected[:1], expected[1:3], expected[3:]]
    _msgid, values = GAME.describe(roll_event, ["Ann", "Bob", "Cy"])
    rolls = [f"Ann {expected[0]}", f"Bob {expected[1]} {expected[2]}", f"Cy {expected[3]}"]
    assert values["dice"] == ["{list}", {"items": rolls}]


def test_several_players_tied_on_the_highest_die_roll_again_by_highest_die():
    state = new(n=4)
    cid = add_city(state, {BOB: (1, 0), CY: (1, 0), 3: (1, 0)}, complete=False)
    state, _ = act(state, ANN, "expand", spaces=1, city=cid, alert=1, complete=True)
    state, _ = act(state, ANN, "roll", dice=[6, 6, 6, 2])
    battle = state["battle"]
    assert battle["sides"] == [ANN, BOB, CY] and battle["mode"] == "highest"
    assert supply(state, 3) == 8


def test_a_unique_highest_die_wins_the_city_outright_and_keeps_its_troops():
    state = seed_example_one()
    state, _ = act(state, ANN, "roll", dice=[2, 6, 1, 5])
    c = city(state, 1)
    assert c["owner"] == BOB and c["troops"][BOB] == [2, 0]
    assert c["troops"][ANN] == [0, 0] and c["troops"][CY] == [0, 0]
    assert state["battle"] is None and score(state, BOB) == 2


def test_a_two_player_civil_war_where_both_sides_fall_together_leaves_the_city_idle():
    state = new()
    cid = add_city(state, {BOB: (1, 0)}, complete=False)
    state, _ = act(state, ANN, "expand", spaces=1, city=cid, alert=1, complete=True)
    assert state["battle"]["mode"] == "duel"
    state, events = act(state, ANN, "roll", dice=[5, 6])
    c = city(state, cid)
    assert c["owner"] is None and GAME.view(state, None)["cities"][0]["idle"]
    assert score(state, ANN) == score(state, BOB) == 0
    assert "CivilWarEnded" in types(events)


def test_in_a_civil_war_hold_troops_have_one_hit_point_and_alert_troops_fall_first():
    state = new()
    cid = add_city(state, {BOB: (1, 2)}, spaces=5, complete=False)
    state, _ = act(state, ANN, "expand", spaces=2, city=cid, alert=2, complete=True)
    state, _ = act(state, ANN, "roll", dice=[5, 6, 1, 1, 1])
    assert city(state, cid)["troops"][BOB] == [0, 1]  # two hits: the Alert one and one Hold


def test_a_placement_that_completes_two_contested_cities_runs_both_civil_wars_in_turn():
    state = new()
    a = add_city(state, {BOB: (1, 0)}, complete=False)
    b = add_city(state, {BOB: (1, 0), CY: (1, 0)}, complete=False)
    state, _ = act(
        state, ANN, "expand", spaces=1, city=a, alert=1, complete=True, also_complete=[b]
    )
    assert state["battle"]["city"] == a and state["civil_queue"] == [b]
    state, _ = act(state, ANN, "roll", dice=[6, 1])
    assert state["battle"]["city"] == b and GAME.view(state, None)["turn"] == ANN
    state, _ = act(state, ANN, "roll", dice=[1, 6])
    assert city(state, b)["owner"] == CY and GAME.view(state, None)["turn"] == BOB


# -- national war -------------------------------------------------------------------------------


def war_board(**options: Any) -> tuple[dict[str, Any], int, int]:
    state = new(**options)
    launch = add_city(state, {ANN: (2, 0)}, tiles=2)
    target = add_city(state, {BOB: (0, 1)}, tiles=4)
    return state, launch, target


def test_the_seed_national_war_example_leaves_both_cities_idle():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target, troops=2)
    assert state["seats"][ANN]["commands"] == 4
    state, _ = act(state, ANN, "roll", dice=[4, 5, 6])
    assert state["battle"]["att"] == 1
    assert city(state, target)["troops"][BOB] == [1, 0]  # the Hold troop turned Alert
    state, events = act(state, ANN, "roll", dice=[5, 5])
    assert city(state, target)["owner"] is None and city(state, launch)["owner"] is None
    assert score(state, ANN) == score(state, BOB) == 0
    assert supply(state, ANN) == supply(state, BOB) == 8
    assert "NationalWarEnded" in types(events) and GAME.view(state, None)["turn"] == BOB


def test_attacking_troops_leave_the_launching_city_and_hits_remove_them_to_supply():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target, troops=1)
    assert city(state, launch)["troops"][ANN] == [1, 0]
    assert GAME.view(state, None)["players"][ANN]["alert"] == 2  # still on the board, fighting
    state, _ = act(state, BOB, "roll", dice=[1, 6])
    assert supply(state, ANN) == 7 and state["battle"] is None  # defender won; launch not empty
    assert city(state, launch)["owner"] == ANN


def test_two_hits_on_one_hold_troop_remove_it_by_default():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 6, 1])
    assert city(state, target)["troops"][BOB] == [0, 0]
    assert state["battle"]["stage"] == "attacker_won"


def test_option_one_hit_per_troop_per_roll_leaves_the_hold_troop_standing_alert():
    state, launch, target = war_board(hold_hits="one_per_troop")
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 6, 1])
    assert city(state, target)["troops"][BOB] == [1, 0]
    assert state["battle"]["stage"] == "rolling"


def test_two_hits_against_one_hold_and_one_alert_defender_leave_one_standing():
    state = new()
    launch = add_city(state, {ANN: (2, 0)})
    target = add_city(state, {BOB: (1, 1)})
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 5, 1, 1])
    assert city(state, target)["troops"][BOB] == [1, 0]


def test_the_attacker_may_call_off_after_a_roll_and_the_survivors_go_home():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    assert "call_off" not in GAME.allowed(state, ANN)
    with pytest.raises(RulesError):
        raw(state, ANN, "call_off")
    state, _ = act(state, ANN, "roll", dice=[1, 1, 6])
    with pytest.raises(NotAllowed):
        raw(state, BOB, "call_off")
    state, _ = act(state, ANN, "call_off")
    assert city(state, launch)["troops"][ANN] == [1, 0]
    assert city(state, target)["owner"] == BOB and state["battle"] is None
    assert GAME.view(state, None)["turn"] == BOB


def test_a_victorious_attacker_moves_in_as_alert_and_takes_the_points():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 5, 1])
    assert GAME.view(state, None)["battle"]["decider"] == ANN
    assert GAME.allowed(state, BOB) == []
    with pytest.raises(BadValue):
        act(state, ANN, "settle", n=3)
    state, events = act(state, ANN, "settle", n=1)
    assert city(state, target)["owner"] == ANN and city(state, target)["troops"][ANN] == [1, 0]
    assert city(state, launch)["troops"][ANN] == [1, 0] and city(state, launch)["owner"] == ANN
    assert score(state, ANN) == 1 + 2 and score(state, BOB) == 0
    assert "CityTaken" in types(events)


def test_an_attacker_who_moves_everyone_into_the_target_leaves_the_launching_city_idle():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 5, 1])
    state, _ = act(state, ANN, "settle", n=2)
    assert city(state, launch)["owner"] is None and score(state, ANN) == 2


def test_an_attacker_who_brings_everyone_home_leaves_the_target_idle_by_default():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 5, 1])
    state, _ = act(state, ANN, "settle", n=0)
    assert city(state, target)["owner"] is None and city(state, launch)["troops"][ANN] == [2, 0]


def test_option_kept_gives_an_abandoned_target_back_to_its_owner():
    state, launch, target = war_board(emptied_city="kept")
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 5, 1])
    state, _ = act(state, ANN, "settle", n=0)
    assert city(state, target)["owner"] == BOB and score(state, BOB) == 2


def test_a_defender_who_empties_the_launching_city_may_move_alert_troops_into_it():
    state = new()
    launch = add_city(state, {ANN: (1, 0)}, tiles=1, spaces=2)
    target = add_city(state, {BOB: (2, 0)}, tiles=2)
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[1, 6, 1])
    assert state["battle"]["stage"] == "defender_won"
    assert GAME.allowed(state, BOB) == ["settle"] and GAME.allowed(state, ANN) == []
    with pytest.raises(NotAllowed):
        raw(state, ANN, "settle", n=1)
    state, _ = act(state, BOB, "settle", n=1)
    assert city(state, launch)["owner"] == BOB and city(state, launch)["troops"][BOB] == [1, 0]
    assert score(state, BOB) == 2 and score(state, ANN) == 0


def test_a_defender_with_only_hold_troops_cannot_move_into_the_empty_launching_city():
    state = new()
    launch = add_city(state, {ANN: (1, 0)}, tiles=1)
    target = add_city(state, {BOB: (0, 2)}, tiles=2)
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[1, 1, 1])
    state, _ = act(state, ANN, "roll", dice=[1, 6, 1])
    assert state["battle"] is None and city(state, launch)["owner"] is None


def test_a_national_war_needs_a_command_card_alert_troops_and_another_players_city():
    state, launch, target = war_board()
    with pytest.raises(BadValue):
        act(state, ANN, "national_war", launch=launch, target=target, troops=3)
    with pytest.raises(BadValue):
        act(state, ANN, "national_war", launch=target, target=launch)
    with pytest.raises(BadValue):
        act(state, ANN, "national_war", launch=launch, target=launch)
    state["seats"][ANN]["commands"] = 0
    assert "national_war" not in GAME.allowed(state, ANN)
    with pytest.raises(RulesError):
        raw(state, ANN, "national_war", launch=launch, target=target)


def test_the_battle_view_shows_both_sides_after_every_roll_and_the_hit_odds():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    battle = GAME.view(state, None)["battle"]
    assert battle["sides"][0]["hit_odds"] == {
        "num": 5,
        "den": 9,
        "fraction": "5/9",
        "percent": 55.6,
    }
    assert battle["sides"][1]["hit_odds"] == {
        "num": 1,
        "den": 3,
        "fraction": "1/3",
        "percent": 33.3,
    }
    assert battle["dice_needed"] == 3
    state, _ = act(state, ANN, "roll", dice=[4, 5, 6])
    battle = GAME.view(state, None)["battle"]
    assert len(battle["history"]) == 1
    msgid, values = battle["history"][0]
    assert (values["att"], values["alert"], values["hold"]) == (1, 1, 0)
    one_hit = ["{n} hit", {"n": 1, "_plural": "{n} hits"}]
    assert (values["a_hits_t"], values["d_hits_t"]) == (one_hit, one_hit)
    assert battle["sides"][1]["alert"] == 1 and battle["sides"][1]["hold"] == 0


# -- stratagems ---------------------------------------------------------------------------------


def test_drive_the_tiger_makes_two_other_players_fight_to_the_end():
    state = new()
    bob_city = add_city(state, {BOB: (2, 0)})
    cy_city = add_city(state, {CY: (0, 1)}, tiles=4)
    with pytest.raises(BadValue):
        act(state, ANN, "drive_tiger", launch=bob_city, target=bob_city)
    state, events = act(state, ANN, "drive_tiger", launch=bob_city, target=cy_city)
    me = state["seats"][ANN]
    assert me["commands"] == 4 and me["stratagems"]["drive_tiger"] is False
    b = state["battle"]
    assert (b["attacker"], b["defender"], b["att"], b["forced"]) == (BOB, CY, 2, True)
    state, _ = act(state, BOB, "roll", dice=[1, 1, 1])
    assert "call_off" not in GAME.allowed(state, BOB)
    with pytest.raises(RulesError):
        raw(state, BOB, "call_off")
    state, _ = act(state, CY, "roll", dice=[5, 5, 1])
    state, _ = act(state, BOB, "settle", n=2)
    assert score(state, BOB) == 2 and score(state, CY) == 0
    assert GAME.view(state, None)["turn"] == BOB


def test_drive_the_tiger_needs_two_cities_of_two_other_players():
    state = new()
    mine = add_city(state, {ANN: (2, 0)})
    bob_city = add_city(state, {BOB: (2, 0)})
    bob_other = add_city(state, {BOB: (1, 0)})
    assert "drive_tiger" not in GAME.allowed(state, ANN)
    with pytest.raises(BadValue):
        raw(state, ANN, "drive_tiger", launch=bob_city, target=bob_other)
    with pytest.raises(BadValue):
        raw(state, ANN, "drive_tiger", launch=mine, target=bob_city)


def test_secret_passage_launches_a_national_war_and_uses_up_the_stratagem():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "secret_passage", launch=launch, target=target, troops=1)
    assert state["battle"]["kind"] == "national" and state["battle"]["att"] == 1
    assert state["seats"][ANN]["stratagems"]["secret_passage"] is False
    assert state["seats"][ANN]["commands"] == 4
    state, _ = act(state, ANN, "roll", dice=[1, 6])  # Bob holds; Ann keeps 1 troop at home
    state, _ = act(state, None, "set_turn", seat=ANN)
    assert "national_war" in GAME.allowed(state, ANN)
    assert "secret_passage" not in GAME.allowed(state, ANN)
    with pytest.raises(RulesError):
        raw(state, ANN, "secret_passage", launch=launch, target=target)


def test_beauty_trap_sends_one_enemy_troop_home_and_adds_one_of_yours():
    state = new()
    mine = add_city(state, {ANN: (1, 0)}, spaces=2)
    theirs = add_city(state, {BOB: (1, 1)})
    state, _ = act(
        state, ANN, "beauty_trap", target=theirs, stance="hold", city=mine, my_stance="hold"
    )
    assert city(state, theirs)["troops"][BOB] == [1, 0] and supply(state, BOB) == 7
    assert city(state, mine)["troops"][ANN] == [1, 1]
    assert state["seats"][ANN]["stratagems"]["beauty_trap"] is False


def test_beauty_trap_that_empties_a_city_leaves_it_idle():
    state = new()
    theirs = add_city(state, {BOB: (1, 0)}, tiles=4)
    state, events = act(state, ANN, "beauty_trap", target=theirs, stance="alert")
    assert city(state, theirs)["owner"] is None and score(state, BOB) == 0
    assert "CityIdle" in types(events)
    with pytest.raises(BadValue):
        raw(new(), ANN, "beauty_trap", target=1, stance="alert")


def test_lure_the_tiger_turns_every_hold_troop_alert_and_may_attack_without_another_card():
    state = new()
    mine = add_city(state, {ANN: (2, 0)})
    theirs = add_city(state, {BOB: (1, 2)})
    state, _ = act(state, ANN, "lure_tiger", target=theirs)
    assert city(state, theirs)["troops"][BOB] == [3, 0] and state["battle"] is None
    assert state["seats"][ANN]["commands"] == 4
    state2 = new()
    mine = add_city(state2, {ANN: (2, 0)})
    theirs = add_city(state2, {BOB: (0, 2)})
    state2, _ = act(state2, ANN, "lure_tiger", target=theirs, launch=mine, troops=2)
    assert state2["battle"]["att"] == 2 and state2["seats"][ANN]["commands"] == 4
    state2, _ = act(state2, ANN, "roll", dice=[5, 5, 1, 1])
    assert state2["battle"]["stage"] == "attacker_won"  # alert defenders fall at the first hit
