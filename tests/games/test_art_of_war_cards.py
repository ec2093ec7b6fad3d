"""The Art of War's camp battles against bandits, the tactic cards played off the battlefield,
and the Generals."""

from __future__ import annotations

import pytest

from companion.games.art_of_war import board, production
from companion.games.art_of_war.war import deploy_targets
from companion.games.kit import BadValue, RulesError
from tests.games.test_art_of_war_helpers import (
    GAME,
    act,
    at_phase,
    cps,
    current,
    deploy,
    general,
    new_game,
    plain,
    play,
    resolve,
    set_buildings,
    to_war,
    war,
)

# --------------------------------------------------------------------------- bandits


def test_a_force_that_beats_a_bandit_camp_empties_it_and_goes_home_with_heroic_pay():
    state = war(
        stances=("peace", "peace"), supply=(6, 0), plans={0: {"camp-0": 6}, 1: {}}, camps=[4, 0]
    )
    state["p"][0]["advisor"] = "ce"
    money = state["p"][0]["money"]
    assert cps(state) == {None: 4, 0: 6}
    state, _ = resolve(state)
    assert state["camps"][0]["bandits"] == 0 and state["p"][0]["at"] == {"castle-0": 2}
    assert state["p"][0]["money"] == money + 5


def test_bandits_that_win_keep_the_difference():
    state = war(
        stances=("peace", "peace"), supply=(3, 0), plans={0: {"camp-0": 3}, 1: {}}, camps=[4, 0]
    )
    state, _ = resolve(state)
    assert state["camps"][0]["bandits"] == 1 and state["p"][0]["at"] == {}
    assert state["p"][0]["tactics"] == 1


def test_yellow_turbans_raid_a_city_with_one_more_cp_and_the_magistrate_is_immune():
    state = plain(new_game(2))
    state["event"]["current"] = "turbans"
    state["camps"][0].update(bandits=4, target="castle-1")
    state["camps"][1]["bandits"] = 0
    state = to_war(state, ["peace", "peace"], [0, 2])
    state, _ = deploy(state, {0: {}, 1: {"castle-1": 2}})
    assert current(state)["kind"] == "raid" and cps(state) == {1: 2, None: 4 - 2 + 1}
    state, _ = resolve(state)
    assert state["camps"][0]["bandits"] == 1 and state["p"][1]["at"] == {}
    assert board.city(state, "castle-1")["owner"] == 1 and not state["over"]
    safe = plain(new_game(2))
    set_buildings(safe, 1, "magistrate")
    safe["event"]["current"] = "turbans"
    safe["camps"][0].update(bandits=4, target="castle-1")
    safe["camps"][1]["bandits"] = 0
    safe = to_war(safe, ["peace", "peace"], [0, 2])
    safe, _ = deploy(safe, {0: {}, 1: {"castle-1": 2}})
    assert safe["step"] == "after"


def test_kill_with_a_borrowed_knife_adds_a_bandit_raid():
    state = war(
        stances=("peace", "peace"), supply=(0, 2), plans={0: {}, 1: {"castle-1": 2}}, camps=[5, 0]
    )
    assert state["step"] == "after"
    state = play(state, 0, "borrowed_knife", camp="camp-0", city="castle-1")
    assert current(state)["kind"] == "knife" and cps(state) == {1: 2, None: 5 - 2}


# ------------------------------------------------------------------ cards off the battlefield


def test_the_empty_handed_thief_takes_half_the_money_rounded_down_privately():
    state = plain(new_game(2))
    state["p"][1]["money"] = 9
    state["p"][0]["tactics"] = 1
    state, events = act(state, 0, "play_tactic", card="pickpocket", target=1)
    assert state["p"][1]["money"] == 5 and state["p"][0]["money"] == 1 + 4
    assert all(e.get("to") in ([0], [1]) for e in events if e["type"] == "MoneyChanged")


def test_target_cards_need_another_player():
    state = plain(new_game(2))
    state["p"][0]["tactics"] = 1
    with pytest.raises(BadValue):
        act(state, 0, "play_tactic", card="pickpocket", target=0)
    state["p"][0]["tactics"] = 0
    assert "play_tactic" not in GAME.allowed(state, 0)


def test_pilfer_a_goat_takes_a_random_card_and_only_the_two_players_see_which():
    state = plain(new_game(2))
    state["p"][1]["blueprints"] = ["courtyard"]
    state["p"][0]["tactics"] = 1
    state, events = act(state, 0, "play_tactic", card="pilfer_goat", target=1)
    assert state["p"][0]["blueprints"] == ["courtyard"] and state["p"][1]["blueprints"] == []
    taken = next(e for e in events if e["type"] == "CardTaken")
    assert taken["to"] == [0, 1]


def test_loot_a_burning_house_needs_a_player_who_lost_a_city_this_round():
    state = plain(new_game(2))
    state["p"][1]["tactics"] = 2
    state["p"][0]["tactics"] = 1
    with pytest.raises(BadValue):
        act(state, 0, "play_tactic", card="loot_fire", target=1)
    state["p"][1]["lost_city_round"] = state["round"]
    state, _ = act(state, 0, "play_tactic", card="loot_fire", target=1)
    assert state["p"][0]["tactics"] == 1 and state["p"][1]["tactics"] == 1


def test_borrow_the_road_takes_a_small_city_for_seven_but_never_a_castle():
    state = plain(new_game(2, neutral_cities=False))
    state["p"][0].update(money=9, tactics=2)
    state["p"][1]["at"] = {"city-1": 2}
    with pytest.raises(BadValue):
        act(state, 0, "play_tactic", card="borrow_road", city="castle-1")
    state, _ = act(state, 0, "play_tactic", card="borrow_road", city="city-1")
    assert board.city(state, "city-1")["owner"] == 0 and state["p"][0]["money"] == 2
    assert state["p"][1]["at"] == {"castle-1": 2} and state["p"][1]["lost_city_round"] == 1


def test_white_colt_finishes_a_building_and_remove_the_firewood_demolishes_one():
    state = plain(new_game(2))
    state["buildings"].append(
        {
            "key": "courtyard",
            "city": "castle-0",
            "progress": 1,
            "done": False,
            "workers": 3,
            "builders": 3,
        }
    )
    set_buildings(state, 1, "pavilion")
    state = play(state, 0, "white_colt", building="courtyard")
    assert board.building(state, "courtyard")["done"]
    state = play(state, 0, "remove_firewood", building="pavilion")
    assert all(b["key"] != "pavilion" for b in state["buildings"])
    state["buildings"].append(
        {
            "key": "great_wall",
            "city": "castle-0",
            "progress": 1,
            "done": False,
            "workers": 3,
            "builders": 3,
        }
    )
    with pytest.raises(BadValue):
        play(state, 0, "white_colt", building="great_wall")


def test_stars_move_swaps_one_of_your_buildings_with_another_players():
    state = plain(new_game(2))
    set_buildings(state, 0, "latrine")
    set_buildings(state, 1, "courtyard")
    state = play(state, 0, "stars_move", building="latrine", building2="courtyard")
    assert board.owner(state, board.building(state, "courtyard")) == 0
    assert board.owner(state, board.building(state, "latrine")) == 1


def test_turn_the_trick_around_doubles_and_trade_depression_stops_your_buildings():
    state = at_phase(plain(new_game(2)), 1, ["peace", "peace"])
    state["event"]["current"] = "ships"
    set_buildings(state, 0, "windmill")
    set_buildings(state, 1, "windmill")
    state = play(state, 0, "counter_trick")
    state = play(state, 0, "depression", target=1)
    assert [production.production(state, s)["food"] for s in (0, 1)] == [3 + 4, 3]


def test_secretly_crossing_at_chencang_lets_a_player_at_peace_attack_a_city():
    state = at_phase(plain(new_game(2)), 4, ["peace", "peace"], "payments")
    state = play(state, 0, "chencang")
    assert "castle-1" in deploy_targets(state, 0)
    assert "castle-0" not in deploy_targets(state, 1)


def test_dragons_without_a_head_keep_the_targets_deployment():
    state = plain(new_game(2))
    state["p"][1].update(at={"castle-1": 3}, supply=2)
    state = at_phase(state, 4, ["war", "peace"], "payments")
    state = play(state, 0, "leaderless", target=1)
    state, _ = act(state, None, "next")
    assert state["sealed"]["seats"] == [0] and state["p"][1]["at"] == {"castle-1": 3}
    state = at_phase(state, 5, step="deploy")
    with pytest.raises(RulesError):
        play(state, 0, "leaderless", target=1)


def test_feint_east_strike_west_moves_a_force_and_works_out_the_battles_again():
    state = war(plans={0: {"camp-0": 4, "castle-0": 6}, 1: {"castle-1": 5}}, camps=[1, 0])
    assert current(state)["kind"] == "camp"
    state = play(state, 0, "feint", source="camp-0", city="castle-1")
    assert current(state)["kind"] == "city" and state["p"][0]["at"]["castle-1"] == 4
    assert 0 in state["p"][1]["attackers"]


def test_borrow_a_corpse_needs_a_discard_and_gives_a_card_back():
    state = plain(new_game(2))
    state["p"][0]["tactics"] = 1
    with pytest.raises(RulesError):
        act(state, 0, "play_tactic", card="borrow_corpse")
    state["played"] = ["drums"]
    state, _ = act(state, 0, "play_tactic", card="borrow_corpse")
    assert state["p"][0]["tactics"] == 1


def test_compensation_and_humble_after_a_lost_battle():
    state = war(plans={0: {"city-1": 8}, 1: {"city-1": 5}}, supply=(8, 5), neutral_cities=False)
    state["p"][0]["advisor"] = "tian"
    state["p"][1]["money"] = 2
    money = state["p"][0]["money"]
    state, events = resolve(state)
    assert state["p"][1]["money"] == 0 and state["p"][0]["money"] == money + 2
    assert state["p"][1]["tactics"] == 1


def test_the_apothecary_gives_back_a_third_of_the_soldiers_lost_in_a_battle():
    state = war(plans={0: {"city-1": 9}, 1: {"city-1": 6}}, supply=(9, 6), neutral_cities=False)
    set_buildings(state, 1, "apothecary")
    state, _ = resolve(state)
    assert state["p"][1]["at"] == {"castle-1": 2}


# --------------------------------------------------------------------------- generals


def test_rally_divide_and_recruit_add_soldiers_to_the_force_in_battle():
    state = war(plans={0: {"city-1": 8}, 1: {"city-1": 6}}, supply=(8, 6), neutral_cities=False)
    state, _ = general(state, 0, "yuan")
    assert state["p"][0]["at"]["city-1"] == 12
    state["p"][0]["general_used"] = False
    state, _ = general(state, 0, "mao")
    assert state["p"][0]["at"]["city-1"] == 15 and state["p"][1]["at"]["city-1"] == 3
    state["p"][0]["general_used"] = False
    state, _ = general(state, 0, "zhi", camp="camp-1")
    assert state["p"][0]["at"]["city-1"] == 15 + 4 and state["camps"][1]["bandits"] == 0


def test_the_healer_brings_back_every_soldier_lost_in_the_last_battle():
    state = war(plans={0: {"city-1": 9}, 1: {"city-1": 6}}, supply=(9, 6), neutral_cities=False)
    with pytest.raises(RulesError):
        general(state, 1, "shan")  # no battle lost yet
    state, _ = resolve(state)
    state, _ = general(state, 1, "shan")
    assert state["p"][1]["at"] == {"castle-1": 6}


def test_counterattack_takes_every_tactic_card_of_a_player_who_attacked_you():
    state = war(plans={0: {"city-1": 9}, 1: {"city-1": 6}}, supply=(9, 6), neutral_cities=False)
    state["p"][0]["tactics"] = 3
    state, events = general(state, 1, "sparta", target=0)
    assert state["p"][1]["tactics"] == 3 and state["p"][0]["tactics"] == 0
    assert events[-1]["to"] == [1, 0]
    state["p"][0]["general_used"] = False
    with pytest.raises(BadValue):
        general(state, 0, "sparta", target=1)


def test_twin_hands_takes_five_from_everyone_and_all_in_buys_cheap_cards():
    state = plain(new_game(3))
    state["p"][1]["money"] = 9
    state["p"][2]["money"] = 3
    state["p"][0]["money"] = 0
    state, _ = general(state, 0, "huang")
    assert [p["money"] for p in state["p"]] == [8, 4, 0]
    state, _ = general(state, 1, "cha", n=4)
    assert state["p"][1]["money"] == 0 and state["p"][1]["tactics"] == 4


def test_ambush_destroys_a_building_after_losing_a_city_and_keeps_the_advisor():
    state = plain(new_game(2))
    set_buildings(state, 0, "courtyard", "great_wall")
    state["p"][1]["advisor"] = "zengzi"
    with pytest.raises(RulesError):
        general(state, 1, "ling", building="courtyard")
    state["p"][1]["lost_city_round"] = state["round"]
    with pytest.raises(BadValue):
        general(state, 1, "ling", building="great_wall")
    state, _ = general(state, 1, "ling", building="courtyard")
    assert all(b["key"] != "courtyard" for b in state["buildings"])
    assert board.advisor(state, 1, "zengzi")


def test_a_general_is_used_once_and_then_the_advisor_stops():
    state = plain(new_game(2))
    state["p"][0]["advisor"] = "zengzi"
    state, _ = general(state, 0, "huang")
    assert not board.advisor(state, 0, "zengzi")
    assert "use_general" not in GAME.allowed(state, 0)
    assert GAME.view(state, 1)["players"][0]["general_t"] == "Huang Zun"


def test_twin_swallows_moves_up_to_two_soldiers_into_the_battle_at_a_dollar_each():
    state = war(
        plans={0: {"city-1": 6, "castle-0": 4}, 1: {"city-1": 5}},
        supply=(10, 5),
        neutral_cities=False,
    )
    state["p"][0].update(advisor="yan", money=5)
    state, _ = act(state, 0, "twin_swallows", source="castle-0", n=2)
    assert state["p"][0]["at"] == {"city-1": 8, "castle-0": 2} and state["p"][0]["money"] == 3
    with pytest.raises(BadValue):
        act(state, 0, "twin_swallows", source="castle-0", n=1)
