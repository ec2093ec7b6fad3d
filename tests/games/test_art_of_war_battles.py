"""Tests for The Art of War's phase 5: deployment, city battles (the several-attackers rule),
capture and the end, and field battles (every order pairing)."""

from __future__ import annotations

import pytest

from companion.games.art_of_war import board, combat
from companion.games.kit import BadValue, NotAllowed
from tests.games.test_art_of_war_helpers import (
    GAME,
    act,
    at_city_1,
    at_phase,
    cps,
    current,
    deploy,
    general,
    new_game,
    orders,
    plain,
    play,
    resolve,
    set_buildings,
    to_war,
    war,
)

# --------------------------------------------------------------------------- deployment


def test_every_soldier_comes_back_publicly_and_must_all_be_deployed():
    state = plain(new_game(2))
    state["p"][0].update(supply=2, at={"castle-0": 5})
    state = at_phase(state, 4, ["war", "peace"], "payments")
    state, events = act(state, None, "next")
    recalled = next(e for e in events if e["type"] == "SoldiersRecalled" and e["seat"] == 0)
    assert recalled["n"] == 5 and "to" not in recalled
    assert state["p"][0]["supply"] == 7 and state["p"][0]["at"] == {}
    locs = [loc["loc"] for loc in GAME.view(state, None)["map"]["locations"]]
    with pytest.raises(BadValue):
        act(state, 0, "deploy", counts=[1] + [0] * (len(locs) - 1))
    with pytest.raises(BadValue):
        act(state, 0, "deploy", counts=[7])


def test_at_peace_soldiers_may_not_attack_cities_but_may_attack_bandits():
    state = plain(new_game(2))
    state = to_war(state, ["war", "peace"], [4, 4])
    locs = [loc["loc"] for loc in GAME.view(state, None)["map"]["locations"]]
    counts = [0] * len(locs)
    counts[locs.index("castle-0")] = 4
    with pytest.raises(BadValue):
        act(state, 1, "deploy", counts=counts)
    counts = [0] * len(locs)
    counts[locs.index("camp-0")] = 4
    act(state, 1, "deploy", counts=counts)
    assert "castle-1" in GAME.view(state, 0)["me"]["deploy_targets"]
    assert "castle-0" not in GAME.view(state, 1)["me"]["deploy_targets"]


# --------------------------------------------------------------------------- city battles


def test_city_defence_removes_attackers_and_the_winner_keeps_the_difference():
    state = war(
        plans={0: {"city-1": 8, "castle-0": 2}, 1: {"city-1": 3, "castle-1": 2}},
        neutral_cities=False,
    )
    assert cps(state) == {1: 3, 0: 7}  # small city: defence 1 (owner at Peace)
    state, events = resolve(state)
    assert board.city(state, "city-1")["owner"] == 0
    assert state["p"][0]["at"]["city-1"] == 4 and "city-1" not in state["p"][1]["at"]
    assert state["p"][1]["tactics"] == 1  # compensation
    assert any(e["type"] == "CityCaptured" for e in events) and not state["over"]


def test_a_captured_city_brings_its_buildings_and_their_workers():
    state = plain(new_game(2, neutral_cities=False))
    state["buildings"].append(
        {
            "key": "windmill",
            "city": "city-1",
            "progress": 0,
            "done": True,
            "workers": 0,
            "builders": 0,
        }
    )
    state["buildings"].append(
        {
            "key": "pavilion",
            "city": "city-1",
            "progress": 1,
            "done": False,
            "workers": 2,
            "builders": 2,
        }
    )
    state = to_war(state, ["war", "peace"], [8, 0])
    state, _ = deploy(state, {0: {"city-1": 8}, 1: {}})
    assert board.workers(state, 1) == 2
    state, _ = resolve(state)
    assert board.works(state, 0, "windmill") == 1 and board.works(state, 1, "windmill") == 0
    assert board.workers(state, 0) == 2 and board.workers(state, 1) == 0


def test_a_tie_for_the_highest_cp_loses_every_force_and_the_city_holds():
    state = war(plans={0: {"city-1": 4}, 1: {"city-1": 3}}, supply=(4, 3), neutral_cities=False)
    state, _ = resolve(state)
    assert state["p"][0]["at"] == {} and state["p"][1]["at"] == {}
    assert board.city(state, "city-1")["owner"] == 1
    assert [p["tactics"] for p in state["p"]] == [1, 1]


def test_with_several_attackers_the_highest_wins_by_the_gap_to_the_second():
    state = at_city_1(9, 2, 5)
    assert cps(state) == {1: 2, 0: 8, 2: 4}
    state, _ = resolve(state)
    assert state["p"][0]["at"] == {"city-1": 4}
    assert state["p"][1]["at"] == {} and state["p"][2]["at"] == {}
    assert [p["tactics"] for p in state["p"]] == [0, 1, 1]


def test_with_several_attackers_a_tie_at_the_top_discards_every_force():
    state = at_city_1(9, 2, 9)
    state, _ = resolve(state)
    assert all(p["at"] == {} for p in state["p"])
    assert board.city(state, "city-1")["owner"] == 1


def test_city_defence_counts_war_earth_fort_great_wall_and_steadfast():
    state = plain(new_game(2))
    state = at_phase(state, 5, ["war", "peace"])
    assert (
        combat.city_defence(state, "castle-0") == 3 and combat.city_defence(state, "castle-1") == 2
    )
    set_buildings(state, 0, "earth_fort", "great_wall")
    state["p"][0]["advisor"] = "ye"
    assert combat.city_defence(state, "castle-0") == 3 + 1 + 3 + 1
    assert combat.city_defence(state, "centre") == 1


def test_the_arrow_tower_removes_one_attacker_at_once():
    state = plain(new_game(2, neutral_cities=False))
    set_buildings(state, 1, "arrow_tower")
    state = to_war(state, ["war", "peace"], [8, 0])
    state, _ = deploy(state, {0: {"city-1": 8}, 1: {}})
    assert cps(state)[0] == 8 - 1 - 1


def test_morale_from_temples_is_cut_by_the_great_wall_and_songs_on_four_sides():
    state = plain(new_game(2, neutral_cities=False))
    set_buildings(state, 1, "temple", "altar")
    state = to_war(state, ["war", "peace"], [8, 3])
    state, _ = deploy(state, {0: {"city-1": 8}, 1: {"city-1": 3}})
    assert cps(state)[1] == 3 + 6
    set_buildings(state, 0, "great_wall")
    assert cps(state)[1] == 3 + 2
    state = play(state, 0, "four_sides")
    assert cps(state)[1] == 3 + 1


def test_base_morale_is_a_table_option():
    state = at_city_1(8, 5, base_morale=2)
    assert cps(state) == {1: 5 + 2, 0: 7 + 2}


def test_blacksmith_fighting_spirit_and_peerless_add_cp():
    state = war(plans={0: {"city-1": 8}, 1: {"city-1": 5}}, supply=(8, 5), neutral_cities=False)
    set_buildings(state, 0, "blacksmith")
    state["p"][0]["advisor"] = "chen"
    assert cps(state)[0] == 7 + 3 + 2
    state, _ = general(state, 0, "kou")
    # Using the General ends the Advisor: Fighting Spirit's +2 is gone, Peerless adds 7.
    assert cps(state)[0] == 7 + 3 + 7
    assert state["p"][0]["general_used"] and not board.advisor(state, 0, "chen")


@pytest.mark.parametrize(
    ("card", "bonus"),
    [("battle_ready", 3), ("drums", 4), ("surprise_win", 5), ("tree_blossoms", 5)],
)
def test_attacking_battle_cards_add_their_cp_or_morale(card, bonus):
    state = war(plans={0: {"city-1": 8}, 1: {"city-1": 5}}, supply=(8, 5), neutral_cities=False)
    state = play(state, 0, card)
    assert cps(state)[0] == 7 + bonus


def test_back_to_the_river_is_for_defenders_only():
    state = war(plans={0: {"city-1": 8}, 1: {"city-1": 5}}, supply=(8, 5), neutral_cities=False)
    with pytest.raises(BadValue):
        play(state, 0, "back_to_river")
    state = play(state, 1, "back_to_river")
    assert cps(state)[1] == 5 + 5


def test_strike_at_huanglong_ignores_city_defence():
    state = war(plans={0: {"castle-1": 6}, 1: {"castle-1": 5}}, supply=(6, 5))
    assert cps(state)[0] == 4
    state = play(state, 0, "huanglong")
    assert cps(state)[0] == 6


def test_a_bloodless_victory_keeps_every_soldier():
    state = war(plans={0: {"city-1": 8}, 1: {"city-1": 5}}, supply=(8, 5), neutral_cities=False)
    state = play(state, 0, "bloodless")
    state, _ = resolve(state)
    assert state["p"][0]["at"] == {"city-1": 8}


def test_one_man_holds_the_pass_trades_one_soldier_for_two():
    state = war(plans={0: {"city-1": 8}, 1: {"city-1": 5}}, supply=(8, 5), neutral_cities=False)
    state = play(state, 0, "hold_pass")
    assert state["p"][0]["at"]["city-1"] == 7 and state["p"][1]["at"]["city-1"] == 3


def test_the_empty_fort_holds_a_small_city_and_the_attackers_go_home():
    state = war(
        plans={0: {"city-1": 8, "castle-0": 2}, 1: {"city-1": 1}},
        supply=(10, 1),
        neutral_cities=False,
    )
    state = play(state, 1, "empty_fort")
    state, _ = resolve(state)
    assert state["p"][0]["at"] == {"castle-0": 10} and state["p"][1]["at"] == {"city-1": 1}
    castle = war(plans={0: {"castle-1": 8}, 1: {"castle-1": 1}}, supply=(8, 1))
    with pytest.raises(BadValue):
        play(castle, 1, "empty_fort")


def test_besiege_wei_sends_an_attacker_home_and_lure_the_tiger_empties_the_city():
    state = at_city_1(8, 4, 6)
    state = play(state, 1, "besiege_wei", target=2)
    assert state["p"][2]["at"] == {"castle-2": 6}
    state = play(state, 0, "lure_tiger")
    assert state["p"][1]["at"] == {} and state["p"][1]["supply"] == 4
    state, _ = resolve(state)
    assert board.city(state, "city-1")["owner"] == 0 and state["p"][0]["at"]["city-1"] == 7


def test_deceive_the_heavens_cancels_the_opponents_last_battle_card():
    state = war(plans={0: {"city-1": 8}, 1: {"city-1": 5}}, supply=(8, 5), neutral_cities=False)
    state = play(state, 1, "surprise_win")
    assert cps(state)[1] == 10
    state = play(state, 0, "deceive_heavens")
    assert cps(state)[1] == 5


def test_battle_cards_need_a_battle_you_are_in():
    state = war(
        n=3,
        stances=("war", "peace", "peace"),
        supply=(8, 5, 3),
        plans={0: {"city-1": 8}, 1: {"city-1": 5}, 2: {"castle-2": 3}},
        neutral_cities=False,
    )
    state["p"][2]["tactics"] = 1
    with pytest.raises(NotAllowed):
        act(state, 2, "play_tactic", card="drums")


# --------------------------------------------------------------------------- capture and end


def test_capturing_a_main_castle_ends_the_game_at_once_with_five_points_and_the_loser_last():
    state = plain(new_game(2, neutral_cities=False))
    state["buildings"].append(
        {
            "key": "yueyang_tower",
            "city": "city-1",
            "progress": 0,
            "done": True,
            "workers": 0,
            "builders": 0,
        }
    )
    set_buildings(state, 1, "latrine")  # in the castle: it passes to the captor
    state = to_war(state, ["war", "peace"], [10, 5])
    state, _ = deploy(state, {0: {"castle-1": 10}, 1: {"castle-1": 5}})
    state, events = resolve(state)
    assert state["over"] and state["phase"] == 5
    res = GAME.outcome(state)
    assert res["winners"] == [0]
    assert [r["seat"] for r in res["rows"]] == [0, 1]
    assert res["rows"][0]["score"] == 2 + 5 and res["rows"][1]["score"] == 12
    assert all(GAME.allowed(state, v) == [] for v in (None, 0, 1))
    assert events[-1]["type"] == "GameEnded"


# --------------------------------------------------------------------------- field battles


def field(o0, o1, supply=(10, 4), **options):
    """Both at War: 6 of seat 0 and all of seat 1 attack each other's castles."""
    state = war(
        stances=("war", "war"),
        supply=supply,
        plans={0: {"castle-1": 6, "castle-0": supply[0] - 6}, 1: {"castle-0": supply[1]}},
        **options,
    )
    assert current(state)["kind"] == "field"
    return orders(state, {0: o0, 1: o1}) if o0 else state


def test_attack_against_attack_the_stronger_wins_by_the_difference_and_may_go_on():
    state = field("attack", "attack")
    state, _ = resolve(state)
    assert state["p"][0]["at"]["castle-1"] == 2 and "castle-0" not in state["p"][1]["at"]
    assert state["war"]["press"] == 0 and state["p"][1]["tactics"] == 1
    assert GAME.allowed(state, 0).count("press_on") == 1
    state, _ = act(state, 0, "press_on", go=False)
    assert state["p"][0]["at"] == {"castle-0": 6}
    assert state["step"] == "after"


def test_attack_against_defend_gives_the_defender_two_cp_and_a_tie_wipes_both():
    state = field("attack", "defend")
    assert cps(state) == {0: 6, 1: 4 + 2}
    state, _ = resolve(state)
    assert state["p"][0]["at"] == {"castle-0": 4} and state["p"][1]["at"] == {}
    assert [p["tactics"] for p in state["p"]] == [1, 1]


def test_a_tied_field_battle_may_send_both_home_as_a_table_option():
    state = field("attack", "defend", field_tie="home")
    state, _ = resolve(state)
    assert state["p"][0]["at"] == {"castle-0": 10} and state["p"][1]["at"] == {"castle-1": 4}


def test_a_defender_who_wins_goes_home():
    state = field("attack", "defend", supply=(10, 6))
    state, _ = resolve(state)
    assert state["p"][1]["at"] == {"castle-1": 2} and state["war"]["press"] is None


def test_attack_against_retreat_the_retreat_loses_half_rounded_up():
    state = field("attack", "retreat", supply=(10, 5))
    state, _ = resolve(state)
    assert state["p"][1]["at"] == {"castle-1": 2} and state["war"]["press"] == 0


def test_light_steps_lose_one_and_the_golden_cicada_none_when_retreating():
    state = field("attack", "retreat", supply=(10, 5))
    state["p"][1]["advisor"] = "qing"
    state, _ = resolve(state)
    assert state["p"][1]["at"] == {"castle-1": 4}
    state = field("attack", "retreat", supply=(10, 5))
    state = play(state, 1, "cicada_shell")
    state, _ = resolve(state)
    assert state["p"][1]["at"] == {"castle-1": 5}


def test_catch_them_off_guard_wipes_out_a_retreating_force():
    state = field("attack", "retreat", supply=(10, 5))
    state = play(state, 0, "catch_off_guard")
    state, _ = resolve(state)
    assert state["p"][1]["at"] == {}


@pytest.mark.parametrize(
    ("o0", "o1"),
    [("defend", "defend"), ("retreat", "retreat"), ("defend", "retreat"), ("retreat", "defend")],
)
def test_without_an_attack_nobody_loses_and_both_go_home(o0, o1):
    state = field(o0, o1)
    state, _ = resolve(state)
    assert state["p"][0]["at"] == {"castle-0": 10} and state["p"][1]["at"] == {"castle-1": 4}
    assert [p["tactics"] for p in state["p"]] == [0, 0]


def test_pressing_on_after_a_field_win_attacks_the_city():
    state = field("attack", "attack", supply=(12, 4))
    state["p"][1]["at"]["castle-1"] = 0
    state, _ = resolve(state)
    state, _ = act(state, None, "press_on", go=True)
    battle = current(state)
    assert battle["kind"] == "city" and cps(state) == {1: 0, 0: 2 - 2 + 0}


def test_stalling_forces_a_retreat_and_taunting_forces_an_attack():
    state = field(None, None)
    state = play(state, 0, "stall")
    state = orders(state, {0: "attack", 1: "attack"})
    assert state["war"]["queue"][0]["orders"] == ["attack", "retreat"]
    state = field(None, None)
    state = play(state, 0, "taunt")
    state = orders(state, {0: "defend", 1: "retreat"})
    assert state["war"]["queue"][0]["orders"] == ["defend", "attack"]


def test_trim_the_sails_changes_your_order_after_the_reveal():
    state = field("attack", "attack")
    state = play(state, 1, "trim_sails", order="retreat")
    state, _ = resolve(state)
    assert state["p"][1]["at"] == {"castle-1": 2}


def test_field_orders_are_secret_until_both_lock():
    state = field(None, None)
    state, _ = act(state, 0, "choose_order", order="retreat")
    assert "retreat" not in str(
        GAME.view(state, 1)["sealed"]
    ) and "resolve_battle" not in GAME.allowed(state, None)


def test_the_table_can_say_two_forces_do_not_meet_on_the_plain():
    state = field(None, None)
    state, _ = act(state, None, "cancel_field_battle")
    assert state["sealed"] is None and current(state)["kind"] == "city"
