"""Tests for The Art of War's phase 5: deployment, field battles (every order pairing), city
and camp battles, the several-attackers rule, capture, and the tactic cards and Generals."""

from __future__ import annotations

import pytest

from companion.games.art_of_war import board, combat, production
from companion.games.art_of_war.war import deploy_targets
from companion.games.kit import BadValue, NotAllowed, RulesError
from tests.games.test_art_of_war_helpers import (
    GAME,
    act,
    at_phase,
    deploy,
    new_game,
    orders,
    plain,
    set_buildings,
    to_war,
)


def war(n=2, stances=("war", "peace"), supply=(10, 5), plans=None, camps=None, **options):
    """A scenario at phase 5 after the secret deployment was revealed."""
    state = plain(new_game(n, **options))
    state["event"]["current"] = "ships"  # a harmless event
    if camps is not None:
        for camp, n_bandits in zip(state["camps"], camps, strict=False):
            camp["bandits"] = n_bandits
    state = to_war(state, list(stances), list(supply))
    state, _ = deploy(state, plans)
    return state


def at_city_1(*soldiers: int, **options):
    """Every seat sends all its ``soldiers`` to city-1, the small city of seat 1 (at Peace, the
    others at War), with no neutral cities."""
    return war(
        n=len(soldiers),
        stances=("war", "peace", "war")[: len(soldiers)],
        supply=soldiers,
        plans={seat: {"city-1": n} for seat, n in enumerate(soldiers)},
        neutral_cities=False,
        **options,
    )


def current(state):
    view = GAME.view(state, None)
    return next(b for b in view["battles"] if "forces" in b)


def cps(state):
    return {f["seat"]: f["cp"] for f in current(state)["forces"]}


def resolve(state):
    state, events = act(state, None, "resolve_battle")
    return state, events


def play(state, seat, card, **params):
    state["p"][seat]["tactics"] += 1
    return act(state, seat, "play_tactic", card=card, **params)[0]


def general(state, seat, key, **params):
    state["p"][seat]["general"] = key
    return act(state, seat, "use_general", **params)


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
