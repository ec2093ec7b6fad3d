"""Tests for The Art of War (companion/games/art_of_war.py): setup, phases 0-4 and 6, events,
the auction, food, scoring, privacy and refusals. Battles are in test_art_of_war_battles.py."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.art_of_war import board, construction, data, production, scoring
from companion.games.art_of_war.setup import allowance
from companion.games.kit import SHELL_VIEW_KEYS, BadValue, NotAllowed, RulesError
from tests.games.test_art_of_war_helpers import (
    GAME,
    at_phase,
    do,
    new_game,
    plain,
    reveal,
    set_buildings,
)

# --------------------------------------------------------------------------- setup


def test_game_metadata_and_options_default_to_the_digest_readings():
    assert GAME.id == "art-of-war" and (GAME.min_players, GAME.max_players) == (2, 5)
    defaults = {o.name: o.default for o in GAME.options}
    assert defaults["food_rounding"] == "floor"
    assert defaults["food_market"] == "player" and defaults["food_price"] == "uniform"
    assert defaults["money_public"] is False and defaults["fifth_allowance"] == 10
    assert defaults["tribute_stack"] == "multiply" and defaults["auction_from"] == 6
    assert defaults["field_tie"] == "wiped" and defaults["base_morale"] == 0


def test_every_player_is_dealt_two_different_advisors_and_generals_at_four_players():
    state = GAME.setup(["A", "B", "C", "D"], {}, random.Random(5))
    advisors = [k for o in state["offers"] for k in o["advisors"]]
    generals = [k for o in state["offers"] for k in o["generals"]]
    assert all(len(o["advisors"]) == 2 and len(o["generals"]) == 2 for o in state["offers"])
    assert len(set(advisors)) == 8 and len(set(generals)) == 8


def test_five_players_are_dealt_one_card_at_a_time_so_everyone_gets_an_advisor():
    state = GAME.setup(list("ABCDE"), {}, random.Random(2))
    counts = sorted(len(o["advisors"]) for o in state["offers"])
    assert counts == [1, 1, 2, 2, 2]
    assert sorted(len(o["generals"]) for o in state["offers"]) == [1, 2, 2, 2, 2]
    short = next(s for s, o in enumerate(state["offers"]) if len(o["advisors"]) == 1)
    with pytest.raises(BadValue):
        do(state, short, "choose_setup", advisor=1, general=0, soldiers=1, food=1)


def test_starting_resources_are_8_9_9_10_in_turn_order_and_the_fifth_is_an_option():
    state = GAME.setup(list("ABCDE"), {}, random.Random(2))
    state, _ = do(state, None, "set_start_player", seat=2)
    assert [allowance(state, s) for s in range(5)] == [10, 10, 8, 9, 9]
    state = GAME.setup(list("ABCDE"), {"fifth_allowance": 12}, random.Random(2))
    state, _ = do(state, None, "set_start_player", seat=2)
    assert allowance(state, 1) == 12


def test_the_setup_split_may_not_exceed_the_allowance_and_money_is_the_rest():
    state = GAME.setup(["A", "B"], {}, random.Random(1))
    state, _ = do(state, None, "set_start_player", seat=0)
    with pytest.raises(BadValue):
        do(state, 0, "choose_setup", advisor=0, general=0, soldiers=6, food=3)
    state, _ = do(state, 0, "choose_setup", advisor=0, general=0, soldiers=2, food=3)
    assert state["sealed"]["choices"][0]["money"] == 3


def test_the_setup_reveal_shows_the_advisor_and_draws_its_tactic_cards():
    state = GAME.setup(["A", "B"], {}, random.Random(1))
    state["offers"][0]["advisors"] = ["qing", "ye"]
    state["offers"][1]["advisors"] = ["ce", "zengzi"]
    for seat in (0, 1):
        state, _ = do(state, seat, "choose_setup", advisor=0, general=1, soldiers=3, food=3)
        assert GAME.view(state, None)["players"][seat]["advisor"] is None
        state, _ = do(state, seat, "lock")
    assert [p["tactics"] for p in state["p"]] == [3, 1]
    public = GAME.view(state, None)
    assert [p["advisor"] for p in public["players"]] == ["qing", "ce"]
    assert state["round"] == 1 and state["phase"] == 0
    assert state["p"][0]["general"] == state["offers"][0]["generals"][1]


def test_neighbouring_cities_start_with_a_completed_building_and_the_centre_with_an_epic():
    state = new_game(3)
    by_city = {b["city"]: b for b in state["buildings"]}
    assert all(by_city[f"city-{s}"]["done"] for s in range(3))
    assert by_city["centre"]["key"] in data.EPICS and by_city["centre"]["done"]
    assert by_city["centre"]["key"] != "temple_of_heaven"
    assert all(c["owner"] is None for c in state["cities"] if c["kind"] == "city")
    assert len(state["blueprint_deck"]) == 21 - 3  # 22 listed, the Inn left out
    assert "inn" not in state["blueprint_deck"]
    owned = new_game(3, neutral_cities=False)
    assert [board.city(owned, f"city-{s}")["owner"] for s in range(3)] == [0, 1, 2]


def test_the_start_player_can_be_set_only_before_anyone_chooses():
    state = GAME.setup(["A", "B"], {}, random.Random(1))
    state, _ = do(state, 0, "choose_setup", advisor=0, general=0, soldiers=1, food=1)
    assert "set_start_player" not in GAME.allowed(state, None)
    with pytest.raises(RulesError):
        do(state, None, "set_start_player", seat=1)


def test_state_and_views_survive_json_after_setup():
    state = GAME.setup(["A", "B", "C"], {}, random.Random(9))
    assert json.loads(json.dumps(state)) == state
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        assert all(k in view for k in SHELL_VIEW_KEYS)
        assert json.loads(json.dumps(view)) == view


# --------------------------------------------------------------------------- phases 0 and 1


def test_preparation_refills_empty_camps_to_two_and_adds_one_to_the_others():
    state = new_game(2)
    assert [c["bandits"] for c in state["camps"]] == [4, 4]  # 3 at setup, +1 in round 1
    state = at_phase(state, 6)
    state["camps"][0]["bandits"] = 0
    state, _ = do(state, None, "next")
    assert state["phase"] == 0 and state["round"] == 2
    assert [c["bandits"] for c in state["camps"]] == [2, 5]
    assert state["start"] == 1  # the start player passed clockwise


def test_the_event_deck_reshuffles_the_used_cards_when_it_runs_out():
    state = new_game(2)
    state["event"]["deck"] = []
    state["event"]["used"] = list(data.EVENT_KEYS)
    state, events = do(state, None, "next")
    assert state["phase"] == 2  # the event acts by itself: on to War or Peace
    assert len(state["event"]["deck"]) == 6 and len(state["event"]["used"]) == 1
    assert events[1]["type"] == "EventDrawn"


def test_great_peace_is_counted_across_reshuffles_and_the_third_ends_the_game_after_food():
    state = new_game(2)
    state["event"].update(deck=["great_peace"], great_peace=2)
    state, _ = do(state, None, "next")
    assert state["event"]["great_peace"] == 3 and state["last_round"]
    assert not state["over"]
    state = at_phase(plain(state), 6)
    state["p"][0]["food"] = 5
    state, _ = do(state, 0, "sell_food", n=1)
    state, _ = do(state, None, "next")
    assert state["over"] and state["p"][0]["money"] == 1 + 6  # phase 6 was played out
    assert GAME.outcome(state)["reason"][0] == "The third Great Peace has ended the game."


def _heretic(state):
    state["event"]["deck"] = ["heretic"]
    state, _ = do(state, None, "next")
    return state


def test_heretic_invasion_halves_every_stack_keeping_the_larger_half():
    state = plain(new_game(2))
    state["p"][0].update(supply=7, at={"castle-0": 5})
    state = _heretic(state)
    assert state["p"][0]["supply"] == 4 and state["p"][0]["at"] == {"castle-0": 3}


def test_heretic_invasion_rounding_up_is_a_table_option():
    state = plain(new_game(2, heretic_rounding="ceil"))
    state["p"][0].update(supply=7, at={"castle-0": 5})
    state = _heretic(state)
    assert state["p"][0]["supply"] == 3 and state["p"][0]["at"] == {"castle-0": 2}


def test_the_temple_and_the_leshan_buddha_protect_from_heretic_invasion():
    state = plain(new_game(3))
    set_buildings(state, 0, "temple")
    set_buildings(state, 1, "leshan_buddha")
    for p in state["p"]:
        p["supply"] = 8
    state = _heretic(state)
    assert [p["supply"] for p in state["p"]] == [8, 8, 4]


def test_the_apothecary_gives_back_one_soldier_for_every_three_lost():
    state = plain(new_game(2))
    set_buildings(state, 0, "apothecary")
    state["p"][0]["supply"] = 12
    state = _heretic(state)
    assert state["p"][0]["supply"] == 6 + 2


# --------------------------------------------------------------------------- phase 2


def test_war_or_peace_is_secret_until_everyone_locks_then_revealed_together():
    state = plain(new_game(2))
    state = at_phase(state, 1)
    state, _ = do(state, None, "next")
    state, _ = do(state, 0, "choose_stance", stance="war")
    public = GAME.view(state, None)
    assert public["sealed"]["submitted"] == [True, False]
    assert public["players"][0]["stance"] is None
    assert GAME.view(state, 0)["sealed"]["mine"] == "war"
    assert GAME.view(state, 1)["sealed"]["mine"] is None
    state, _ = do(state, 0, "lock")
    assert "next" not in GAME.allowed(state, None)
    state, _ = do(state, 1, "choose_stance", stance="peace")
    state, _ = do(state, 1, "lock")
    assert [p["stance"] for p in GAME.view(state, None)["players"]] == ["war", "peace"]


# --------------------------------------------------------------------------- phase 3


def _workers(state, seat, mine, farm, barracks):
    state["p"][seat]["facility"] = {"mine": mine, "farm": farm, "barracks": barracks}


@pytest.mark.parametrize(
    ("stance", "money", "food", "soldiers"),
    [("peace", 3 + 2, 3 + 1, 4 + 3), ("war", 0 + 2, 2 + 1, 3 + 3 + 3)],
)
def test_production_follows_the_war_and_peace_table(stance, money, food, soldiers):
    state = at_phase(plain(new_game(2)), 3, [stance, stance])
    state["event"]["current"] = "ships"
    _workers(state, 0, 2, 1, 3)
    out = production.production(state, 0)
    assert (out["money"], out["food"], out["soldiers"]) == (money, food, soldiers)


def test_windmill_textile_shop_and_zengzi_add_to_production():
    state = at_phase(plain(new_game(2)), 3, ["peace", "peace"])
    state["event"]["current"] = "ships"
    set_buildings(state, 0, "windmill", "textile_shop")
    state["p"][0]["advisor"] = "zengzi"
    out = production.production(state, 0)
    assert (out["money"], out["food"]) == (3 + 2 + 3, 3 + 2)


def test_great_peace_adds_three_soldiers_and_one_food():
    state = at_phase(plain(new_game(2)), 3, ["peace", "war"])
    state["event"]["current"] = "great_peace"
    assert (
        production.production(state, 0)["food"],
        production.production(state, 0)["soldiers"],
    ) == (4, 7)
    assert production.production(state, 1)["soldiers"] == 3 + 3 + 3


def test_famine_halves_food_after_the_other_modifiers_rounding_down():
    state = at_phase(plain(new_game(3)), 3, ["peace"] * 3)
    state["event"]["current"] = "famine"
    set_buildings(state, 0, "windmill")  # 3 + 2 = 5 -> 2
    set_buildings(state, 1, "leshan_buddha")  # immune: 3
    assert [production.production(state, s)["food"] for s in range(3)] == [2, 3, 1]
    state["options"]["famine_rounding"] = "ceil"
    assert production.production(state, 0)["food"] == 3


def test_entering_production_pays_everyone_and_shows_money_only_to_its_owner():
    state = at_phase(plain(new_game(2)), 2, ["peace", "war"])
    state["event"]["current"] = "ships"
    before = [(p["money"], p["food"], p["supply"]) for p in state["p"]]
    state, events = do(state, None, "next")
    after = [(p["money"], p["food"], p["supply"]) for p in state["p"]]
    assert after[0] == (before[0][0] + 3, before[0][1] + 3, before[0][2] + 4)
    assert after[1] == (before[1][0] + 0, before[1][1] + 2, before[1][2] + 6)
    money = [e for e in events if e["type"] == "MoneyChanged"]
    assert money and all(e["to"] == [e["seat"]] for e in money)


def test_beauty_trap_halves_the_targets_money_income_for_the_next_two_rounds():
    state = at_phase(plain(new_game(2)), 1, ["peace", "peace"])
    state["p"][0]["tactics"] = 1
    state, _ = do(state, 0, "play_tactic", card="beauty_trap", target=1)
    state["event"]["current"] = "ships"
    _workers(state, 1, 2, 0, 0)
    assert production.production(state, 1)["money"] == 5
    for rnd in (2, 3):
        state["round"] = rnd
        assert production.production(state, 1)["money"] == 2
    state["round"] = 4
    assert production.production(state, 1)["money"] == 5


def test_cut_supplies_removes_the_base_output_of_farm_and_barracks_next_round():
    state = at_phase(plain(new_game(2)), 1, ["war", "war"])
    state["p"][0]["tactics"] = 1
    state, _ = do(state, 0, "play_tactic", card="cut_supplies", target=1)
    state["event"]["current"] = "ships"
    _workers(state, 1, 0, 1, 1)
    state["round"] = 2
    out = production.production(state, 1)
    assert (out["food"], out["soldiers"]) == (1, 1 + 3)


def _tribute_state(**options):
    state = plain(new_game(3, neutral_cities=False, **options))
    state["vassals"] = [["city-0", "city-1"], ["city-1", "city-2"], ["city-2", "city-0"]]
    state["event"]["current"] = "ships"
    return at_phase(state, 2, ["peace"] * 3)


def test_tribute_goes_to_the_city_with_more_defenders_and_is_shared_on_a_tie():
    state = _tribute_state()
    state["p"][0]["at"] = {"city-0": 3}
    state["p"][1]["at"] = {"city-1": 1}
    state["p"][2]["at"] = {"city-2": 1}
    assert production.tribute_shares(state, 0) == [(0, 2)]
    assert production.tribute_shares(state, 1) == [(1, 1), (2, 1)]


def test_no_tribute_when_both_cities_are_empty_unless_the_table_shares_it():
    state = _tribute_state()
    assert production.tribute_shares(state, 0) == []
    state["options"]["tribute_empty_tie"] = True
    assert production.tribute_shares(state, 0) == [(0, 1), (1, 1)]


def test_relay_station_and_mongol_princess_double_tribute_and_together_quadruple_it():
    state = _tribute_state()
    state["p"][0]["at"] = {"city-0": 3}
    set_buildings(state, 0, "relay_station")
    state["p"][0]["advisor"] = "princess"
    state, _ = do(state, None, "next")
    assert state["tribute"] == [
        {"vassal": 0, "seat": 0, "amount": 8, "kind": None},
        {"vassal": 2, "seat": 0, "amount": 8, "kind": None},
    ]
    state = _tribute_state(tribute_stack="add")
    state["p"][0]["at"] = {"city-0": 3}
    set_buildings(state, 0, "relay_station")
    state["p"][0]["advisor"] = "princess"
    state, _ = do(state, None, "next")
    assert state["tribute"][0]["amount"] == 6


def test_the_receiver_chooses_the_tributes_resource_before_the_table_moves_on():
    state = _tribute_state()
    state["p"][0]["at"] = {"city-0": 3}
    state, _ = do(state, None, "next")
    assert "next" not in GAME.allowed(state, None)
    food, money = state["p"][0]["food"], state["p"][0]["money"]
    state, _ = do(state, 0, "take_tribute", vassal=1, kind="food")
    state, _ = do(state, 0, "take_tribute", vassal=3, kind="money")
    assert (state["p"][0]["food"], state["p"][0]["money"]) == (food + 2, money + 2)
    with pytest.raises(RulesError):
        do(state, 0, "take_tribute", vassal=1, kind="food")
    assert "next" in GAME.allowed(state, None)


def test_five_barbarians_stops_tribute_except_for_the_leshan_buddha_owner():
    state = _tribute_state()
    state["event"]["current"] = "barbarians"
    state["p"][0]["at"] = {"city-0": 3}
    state["p"][2]["at"] = {"city-2": 4}
    set_buildings(state, 2, "leshan_buddha")
    state, _ = do(state, None, "next")
    assert [(t["seat"], t["amount"]) for t in state["tribute"]] == [(2, 2), (2, 2)]


# --------------------------------------------------------------------------- phase 4


def _construction(state, step="purchase", stances=None):
    return at_phase(state, 4, stances or ["peace"] * len(state["players"]), step)


def test_a_tactic_card_costs_three_once_a_round_and_two_with_a_private_school():
    state = _construction(plain(new_game(2)))
    state["p"][0]["money"] = 10
    state, _ = do(state, 0, "buy_tactic")
    assert (state["p"][0]["money"], state["p"][0]["tactics"]) == (7, 1)
    assert "buy_tactic" not in GAME.allowed(state, 0)
    with pytest.raises(RulesError):
        do(state, 0, "buy_tactic")
    set_buildings(state, 1, "private_school")
    state["p"][1]["money"] = 2
    state, _ = do(state, 1, "buy_tactic")
    assert state["p"][1]["money"] == 0


def test_a_blueprint_costs_four_and_only_the_buyer_learns_which_one():
    state = _construction(plain(new_game(2)))
    state["p"][0]["money"] = 9
    state, events = do(state, 0, "buy_blueprint")
    assert state["p"][0]["money"] == 5 and len(state["p"][0]["blueprints"]) == 1
    drawn = next(e for e in events if e["type"] == "BlueprintDrawn")
    assert drawn["to"] == [0]
    assert next(e for e in events if e["type"] == "BlueprintBought").get("to") is None
    with pytest.raises(RulesError):
        do(state, 0, "buy_blueprint")


def test_buying_needs_the_money():
    state = _construction(plain(new_game(2)))
    state["p"][0]["money"] = 3
    with pytest.raises(BadValue):
        do(state, 0, "buy_blueprint")


def _start(state, seat, key, workers=None, city=None):
    return do(state, seat, "start_building", building=key, workers=workers, city=city)


def test_no_new_building_may_be_started_at_war():
    state = _construction(plain(new_game(2)), "build", ["war", "peace"])
    state["p"][0].update(blueprints=["latrine"], supply=5)
    with pytest.raises(RulesError):
        do(state, 0, "start_building", building="latrine", city=None, workers=None)


def test_a_building_is_paid_round_by_round_and_completes_when_the_last_amount_is_paid():
    state = _construction(plain(new_game(2)), "build")
    state["p"][0].update(blueprints=["bank"], supply=5, money=10)
    state, _ = _start(state, 0, "bank")
    assert state["p"][0]["supply"] == 1 and board.population(state, 0) == 5
    state, _ = do(state, None, "next")  # foremen move: $4
    bank = board.building(state, "bank")
    assert (bank["progress"], bank["done"], state["p"][0]["money"]) == (1, False, 6)
    for _ in range(2):  # two more rounds: $1, $1
        state = _construction(state, "build")
        state, _ = do(state, None, "next")
    assert board.building(state, "bank")["done"] and state["p"][0]["money"] == 4
    assert state["p"][0]["supply"] == 5  # the workers came back


def test_workers_may_stay_on_a_completed_building_as_a_table_option():
    state = _construction(plain(new_game(2, workers_return=False)), "build")
    state["p"][0].update(blueprints=["latrine"], supply=5, money=10)
    state, _ = _start(state, 0, "latrine")
    for _ in range(2):
        state = _construction(state, "build")
        state, _ = do(state, None, "next")
    assert board.building(state, "latrine")["done"] and state["p"][0]["supply"] == 3


def test_a_foreman_that_cannot_be_paid_does_not_move():
    state = _construction(plain(new_game(2)), "build")
    state["p"][0].update(blueprints=["courtyard"], supply=5, money=3)
    state, _ = _start(state, 0, "courtyard")
    state, events = do(state, None, "next")
    assert board.building(state, "courtyard")["progress"] == 0 and state["p"][0]["money"] == 3
    assert any(e["type"] == "ForemanStuck" for e in events)


def test_the_post_road_takes_a_dollar_off_every_payment_and_the_bathhouse_a_worker():
    state = _construction(plain(new_game(2)), "build")
    set_buildings(state, 0, "post_road", "bathhouse")
    state["p"][0].update(blueprints=["latrine"], supply=5, money=10)
    state, _ = _start(state, 0, "latrine")
    assert board.building(state, "latrine")["workers"] == 1
    state, _ = do(state, None, "next")
    assert state["p"][0]["money"] == 10  # $1 - $1 = $0


def test_only_three_buildings_may_be_under_way_at_once():
    state = _construction(plain(new_game(2)), "build")
    keys = ["latrine", "pavilion", "windmill", "textile_shop"]
    state["p"][0].update(blueprints=list(keys), supply=20, money=0)
    for key in keys[:3]:
        state, _ = _start(state, 0, key)
    with pytest.raises(RulesError):
        do(state, 0, "start_building", building="textile_shop", city=None, workers=None)


def test_buildings_go_only_in_your_own_cities():
    state = _construction(plain(new_game(2)), "build")
    state["p"][0].update(blueprints=["latrine"], supply=5)
    with pytest.raises(BadValue):
        do(state, 0, "start_building", building="latrine", city="castle-1", workers=None)


def test_stoppage_halts_construction_except_for_the_leshan_buddha_owner():
    state = _construction(plain(new_game(2)), "build")
    state["event"]["current"] = "stoppage"
    set_buildings(state, 1, "leshan_buddha")
    state["p"][0].update(blueprints=["latrine"], supply=5, money=5)
    state["p"][1].update(blueprints=["pavilion"], supply=5, money=5)
    state, _ = _start(state, 0, "latrine")
    state, _ = _start(state, 1, "pavilion")
    state, _ = do(state, None, "next")
    assert board.building(state, "latrine")["progress"] == 0
    assert board.building(state, "pavilion")["progress"] == 1


def test_downpour_stops_the_targets_construction_and_new_buildings_this_round():
    state = _construction(plain(new_game(2)), "build")
    state["buildings"].append(
        {
            "key": "latrine",
            "city": "castle-1",
            "progress": 0,
            "done": False,
            "workers": 2,
            "builders": 2,
        }
    )
    state["p"][0]["tactics"] = 1
    state["p"][1].update(blueprints=["pavilion"], supply=5, money=5)
    state, _ = do(state, 0, "play_tactic", card="downpour", target=1)
    with pytest.raises(RulesError):
        do(state, 1, "start_building", building="pavilion", city=None, workers=None)
    state, _ = do(state, None, "next")
    assert board.building(state, "latrine")["progress"] == 0


def test_completing_a_private_school_or_hanlin_academy_draws_tactic_cards():
    state = _construction(plain(new_game(2)), "payments")
    for seat, key in ((0, "private_school"), (1, "hanlin_academy")):
        state["buildings"].append(
            {
                "key": key,
                "city": f"castle-{seat}",
                "progress": 0,
                "done": False,
                "workers": 3,
                "builders": 3,
            }
        )
        construction.complete(state, seat, board.building(state, key))
    assert [p["tactics"] for p in state["p"]] == [1, 2]


def test_a_completed_magistrate_defeats_a_bandit_camp_before_the_table_moves_on():
    state = _construction(plain(new_game(2)), "build")
    state["p"][0]["advisor"] = "ce"
    state["buildings"].append(
        {
            "key": "magistrate",
            "city": "castle-0",
            "progress": 1,
            "done": False,
            "workers": 2,
            "builders": 2,
        }
    )
    state["p"][0]["money"] = 1
    state, _ = do(state, None, "next")
    assert state["p"][0]["magistrate"] == 1 and "next" not in GAME.allowed(state, None)
    state, _ = do(state, 0, "magistrate_camp", camp="camp-1")
    assert state["camps"][1]["bandits"] == 0 and state["p"][0]["money"] == 5
    assert "next" in GAME.allowed(state, None)


def test_the_temple_of_heaven_scores_the_workers_chosen_to_build_it():
    state = _construction(plain(new_game(2)), "build")
    state["p"][0].update(blueprints=["temple_of_heaven"], supply=12)
    with pytest.raises(BadValue):
        do(state, 0, "start_building", building="temple_of_heaven", city=None, workers=None)
    state, _ = _start(state, 0, "temple_of_heaven", workers=11)
    b = board.building(state, "temple_of_heaven")
    b["done"] = True
    assert scoring.building_points(state, 0, b)[0] == 11


def test_workers_on_mine_farm_and_barracks_come_from_soldiers_in_hand():
    state = _construction(plain(new_game(2)), "build")
    state["p"][0]["supply"] = 5
    state, _ = do(state, 0, "assign_workers", mine=2, farm=2, barracks=0)
    assert state["p"][0]["supply"] == 1
    state, _ = do(state, 0, "assign_workers", mine=1, farm=0, barracks=0)
    assert state["p"][0]["supply"] == 4
    with pytest.raises(BadValue):
        do(state, 0, "assign_workers", mine=9, farm=0, barracks=0)


# --------------------------------------------------------------------------- the epic auction


def _auction(n=3, money=(10, 10, 10), **options):
    state = _construction(plain(new_game(n, **options)))
    state["round"] = 6
    for seat, m in enumerate(money):
        state["p"][seat]["money"] = m
    state, _ = do(state, None, "next")
    assert state["step"] == "auction"
    return state


def test_there_is_no_auction_before_round_six_and_the_round_is_an_option():
    state = _construction(plain(new_game(2)))
    state["round"] = 5
    state, _ = do(state, None, "next")
    assert state["step"] == "build"
    state = _construction(plain(new_game(2, auction_from=5)))
    state["round"] = 5
    state, _ = do(state, None, "next")
    assert state["step"] == "auction"


def test_the_highest_bid_wins_and_pays_the_second_highest():
    state = _auction()
    epic = state["auction"]["epic"]
    state, _ = reveal(state, "bid", {0: 7, 1: 4, 2: 2}, "amount")
    assert state["auction"]["result"] == {"winner": 0, "price": 4, "epic": epic}
    assert state["p"][0]["money"] == 6 and epic in state["p"][0]["blueprints"]
    assert GAME.view(state, None)["auction"]["bids"] == [7, 4, 2]


def test_a_tie_for_the_highest_bid_is_bid_again_by_the_tied_players_only():
    state = _auction()
    state, _ = reveal(state, "bid", {0: 5, 1: 5, 2: 3}, "amount")
    assert state["sealed"]["seats"] == [0, 1] and state["auction"]["rebid"]
    state, _ = reveal(state, "bid", {0: 6, 1: 2}, "amount")
    assert state["auction"]["result"]["winner"] == 0 and state["auction"]["result"]["price"] == 2


def test_still_tied_the_player_with_fewer_buildings_wins_at_the_tied_price():
    state = _auction()
    set_buildings(state, 0, "latrine")
    state, _ = reveal(state, "bid", {0: 5, 1: 5, 2: 3}, "amount")
    state, _ = reveal(state, "bid", {0: 4, 1: 4}, "amount")
    assert state["auction"]["result"]["winner"] == 1 and state["auction"]["result"]["price"] == 4


def test_still_tied_on_buildings_the_smaller_population_wins():
    state = _auction()
    state["p"][1]["supply"] = 9
    state["p"][0]["supply"] = 2
    state, _ = reveal(state, "bid", {0: 5, 1: 5, 2: 3}, "amount")
    state, _ = reveal(state, "bid", {0: 4, 1: 4}, "amount")
    assert state["auction"]["result"]["winner"] == 0


def test_all_zero_bids_leave_the_epic_up_for_the_next_auction():
    state = _auction()
    epic, left = state["auction"]["epic"], len(state["epic_deck"])
    state, _ = reveal(state, "bid", {0: 0, 1: 0, 2: 0}, "amount")
    assert state["auction"]["result"]["winner"] is None
    state = _construction(state)
    state["round"] = 7
    state, _ = do(state, None, "next")
    assert state["auction"]["epic"] == epic and len(state["epic_deck"]) == left


def test_a_single_nonzero_bid_wins_for_nothing():
    state = _auction()
    state, _ = reveal(state, "bid", {0: 0, 1: 3, 2: 0}, "amount")
    assert state["auction"]["result"]["winner"] == 1 and state["p"][1]["money"] == 10


def test_a_bid_may_not_exceed_the_money_held():
    state = _auction(money=(4, 10, 10))
    with pytest.raises(BadValue):
        do(state, 0, "bid", amount=5)


# --------------------------------------------------------------------------- phase 6


def _food(state, seat, soldiers, workers, food):
    p = state["p"][seat]
    p.update(supply=soldiers, at={}, food=food)
    p["facility"] = {"mine": workers, "farm": 0, "barracks": 0}


def _enter_food(state):
    state = at_phase(state, 5, step="after")
    state["war"] = {"queue": [], "current": 0, "done": [], "press": None}
    state, _ = do(state, None, "next")
    assert state["phase"] == 6
    return state


def test_upkeep_is_one_food_per_three_population_rounded_down():
    state = plain(new_game(2))
    _food(state, 0, 6, 2, 5)
    _food(state, 1, 6, 2, 5)
    state = _enter_food(state)
    assert [p["food"] for p in state["p"]] == [3, 3]


def test_rounding_the_upkeep_up_is_a_table_option():
    state = plain(new_game(2, food_rounding="ceil"))
    _food(state, 0, 6, 2, 5)
    state = _enter_food(state)
    assert state["p"][0]["food"] == 2


def test_a_short_player_discards_soldiers_never_workers_until_the_food_suffices():
    state = plain(new_game(2))
    _food(state, 0, 10, 4, 3)
    state = _enter_food(state)
    assert (state["p"][0]["supply"], state["p"][0]["food"]) == (7, 0)
    state = plain(new_game(2, food_rounding="ceil"))
    _food(state, 0, 10, 4, 3)
    state = _enter_food(state)
    assert state["p"][0]["supply"] == 5


def test_when_workers_alone_eat_more_than_there_is_all_soldiers_go_and_workers_survive():
    state = plain(new_game(2))
    _food(state, 0, 2, 10, 1)
    state = _enter_food(state)
    p = state["p"][0]
    assert (p["supply"], p["food"], board.workers(state, 0)) == (0, 0, 10)


def _sell(state, sales):
    for seat, n in sales.items():
        state, _ = do(state, seat, "sell_food", n=n)
    before = [p["money"] for p in state["p"]]
    state, _ = do(state, None, "next")
    return [p["money"] - b for p, b in zip(state["p"], before, strict=True)]


@pytest.mark.parametrize(
    ("n", "money"),
    [(1, 6), (2, 10), (3, 15), (4, 12), (5, 15), (6, 12), (7, 14), (8, 8), (9, 0), (12, 0)],
)
def test_food_sells_at_the_uniform_price_of_the_total_sold(n, money):
    state = plain(new_game(2))
    _food(state, 0, 0, 0, 20)
    state = _enter_food(state)
    state["event"]["current"] = "famine"
    assert _sell(state, {0: n})[0] == money


def test_marginal_food_prices_are_a_table_option():
    state = plain(new_game(2, food_price="marginal"))
    _food(state, 0, 0, 0, 20)
    state = _enter_food(state)
    assert _sell(state, {0: 4})[0] == 6 + 5 + 5 + 3


def test_a_shared_food_market_prices_the_total_sold_by_everyone():
    state = plain(new_game(2, food_market="shared"))
    for seat in (0, 1):
        _food(state, seat, 0, 0, 10)
    state = _enter_food(state)
    assert _sell(state, {0: 2, 1: 2}) == [6, 6]
    state = plain(new_game(2, food_market="shared", food_price="marginal"))
    for seat in (0, 1):
        _food(state, seat, 0, 0, 10)
    state = _enter_food(state)
    assert _sell(state, {0: 2, 1: 2}) == [11, 8]


def test_the_market_and_big_ships_in_port_add_to_every_unit_sold():
    state = plain(new_game(2))
    set_buildings(state, 0, "market")
    for seat in (0, 1):
        _food(state, seat, 0, 0, 10)
    state = _enter_food(state)
    state["event"]["current"] = "ships"
    assert _sell(state, {0: 3, 1: 3}) == [15 + 3 * 3, 15 + 3 * 2]


def test_selling_more_food_than_you_hold_is_refused():
    state = plain(new_game(2))
    _food(state, 0, 0, 0, 2)
    state = _enter_food(state)
    with pytest.raises(BadValue):
        do(state, 0, "sell_food", n=3)


def test_the_bank_pays_a_dollar_for_every_four_held_at_the_end_of_phase_six():
    state = plain(new_game(2))
    set_buildings(state, 0, "bank")
    _food(state, 0, 0, 0, 0)
    state = _enter_food(state)
    state["p"][0]["money"] = 11
    state, events = do(state, None, "next")
    assert state["p"][0]["money"] == 13
    assert next(e for e in events if e["type"] == "MoneyChanged")["to"] == [0]


def test_the_altar_turns_one_soldier_into_two_food_once_a_round():
    state = plain(new_game(2))
    set_buildings(state, 0, "altar")
    state["p"][0].update(supply=3, food=0)
    state, _ = do(state, 0, "altar_sacrifice")
    assert (state["p"][0]["supply"], state["p"][0]["food"]) == (2, 2)
    assert "altar_sacrifice" not in GAME.allowed(state, 0)


# --------------------------------------------------------------------------- scoring


def _over(state):
    state["over"] = {"reason": "peace", "captor": None, "loser": None}
    return state


def test_every_completed_building_scores_and_the_epics_use_their_formulas():
    state = plain(new_game(2, neutral_cities=False))
    p = state["p"][0]
    p.update(supply=7, at={"castle-0": 2}, money=9, tactics=3, food=5)
    set_buildings(
        state,
        0,
        "courtyard",
        "granary",
        "imperial_mausoleum",
        "grand_canal",
        "forbidden_city",
        "old_summer_palace",
        "dunhuang_caves",
        "yueyang_tower",
    )
    state["buildings"].append(
        {
            "key": "pavilion",
            "city": "castle-0",
            "progress": 1,
            "done": False,
            "workers": 2,
            "builders": 2,
        }
    )
    total, lines = scoring.score(_over(state), 0)
    expected = 6 + 5 // 2 + (5 + 9 // 2) + (5 + 2) + (6 + 2 * 2) + (8 + 9 // 4) + (8 + 3) + 12
    assert total == expected and len(lines) == 8  # the building under way scores nothing


def test_the_highest_score_wins_with_population_then_money_as_tie_breaks():
    state = _over(plain(new_game(3)))
    for seat in range(3):
        set_buildings(state, seat, "courtyard")
        state["p"][seat].update(supply=5, at={}, money=3)
    state["p"][1]["supply"] = 6
    assert GAME.outcome(state)["winners"] == [1]
    state["p"][0]["supply"] = 6
    state["p"][0]["money"] = 4
    assert GAME.outcome(state)["winners"] == [0]
    state["p"][1]["money"] = 4
    res = GAME.outcome(state)
    assert res["winners"] == [0, 1] and res["headline"][0] == "Shared win: {names}"
    assert [r["seat"] for r in res["rows"]][2] == 2


def test_result_is_none_while_the_game_runs_and_reveals_money_at_the_end():
    state = plain(new_game(2))
    assert GAME.outcome(state) is None
    state["p"][0]["money"] = 4321
    assert "money" not in GAME.view(state, None)["players"][0]
    assert GAME.view(_over(state), None)["players"][0]["money"] == 4321


# --------------------------------------------------------------------------- privacy


def _secret_state():
    state = GAME.setup(["A", "B", "C"], {}, random.Random(4))
    state, _ = do(state, 0, "choose_setup", advisor=0, general=0, soldiers=1, food=1)
    return state


def test_nobody_else_sees_a_seats_offer_or_setup_choice():
    state = _secret_state()
    offer = state["offers"][0]
    # Quoted, so that a short name ("Ce") does not match inside a longer one ("Central city").
    secret = [json.dumps(data.ADVISORS[k]["name"]) for k in offer["advisors"]] + [
        json.dumps(data.GENERALS[k]["name"]) for k in offer["generals"]
    ]
    for viewer in (None, 1, 2):
        view = GAME.view(state, viewer)
        # Every Advisor and General (for enter_offer): the same catalogue on every phone.
        for key in ("all_advisors", "all_generals"):
            view.get("me", {}).get("offer", {}).pop(key, None)
        view.get("me", {}).pop("takeable", None)
        text = json.dumps(view)
        assert not any(s in text for s in secret)
    mine = json.dumps(GAME.view(state, 0))
    assert all(s in mine for s in secret)


def test_money_tactics_blueprints_general_and_bids_stay_private():
    state = plain(new_game(3))
    state["p"][0].update(money=48611, tactics=4242, blueprints=["courtyard"], general="sparta")
    state["p"][1]["money"] = 40000
    state = _construction(state)
    state["round"] = 6
    state, _ = do(state, None, "next")
    state, _ = do(state, 0, "bid", amount=987)  # a bid is at most 999
    secrets = ["48611", "4242", "Courtyard", "courtyard", "Sparta", "987"]
    for viewer in (None, 1, 2):
        view = GAME.view(state, viewer)
        # The tiles not on the map yet (what the host may place, a phone may add): the same
        # lists whoever holds which blueprint, so they name every building.
        view.pop("placeable")
        view.get("me", {}).pop("addable_blueprints", None)
        view.get("me", {}).pop("takeable", None)  # what a taker may name: every building too
        text = json.dumps(view)
        assert not any(s in text for s in secrets), viewer
    mine = json.dumps(GAME.view(state, 0))
    assert all(s in mine for s in secrets)


def test_a_deployment_stays_secret_until_everyone_has_locked():
    state = plain(new_game(2))
    state = at_phase(state, 4, ["war", "war"], "payments")
    state["p"][0].update(supply=13, at={})
    state, _ = do(state, None, "next")
    locs = [loc["loc"] for loc in GAME.view(state, None)["map"]["locations"]]
    counts = [0] * len(locs)
    counts[locs.index("castle-1")] = 13
    state, _ = do(state, 0, "deploy", counts=counts)
    for viewer in (None, 1):
        view = GAME.view(state, viewer)
        assert view["players"][0]["at"] == [] and "choices" not in json.dumps(view["sealed"])
        assert "mine" not in (view["sealed"] or {}) or view["sealed"]["mine"] is None


def test_the_money_public_option_shows_money_on_the_table():
    state = plain(new_game(2, money_public=True))
    state["p"][1]["money"] = 17
    assert GAME.view(state, None)["players"][1]["money"] == 17
    state, _ = do(state, None, "adjust_money", seat=1, delta=-2)
    assert state["p"][1]["money"] == 15


def test_the_host_may_not_touch_private_money():
    state = plain(new_game(2))
    with pytest.raises(NotAllowed) as refused:
        do(state, None, "adjust_money", seat=1, delta=1)
    assert refused.value.code == "money_private"  # and it says who corrects it, and where
    state, events = do(state, 1, "adjust_money", delta=3)
    assert events[0]["to"] == [1]


# --------------------------------------------------------------------------- refusals


def test_a_phone_cannot_use_host_actions_and_the_host_cannot_use_seat_actions():
    state = plain(new_game(2))
    with pytest.raises(NotAllowed):
        do(state, 0, "next")
    state = _construction(state)
    with pytest.raises(NotAllowed):
        do(state, None, "buy_tactic")
    with pytest.raises(NotAllowed):
        do(state, 1, "correct", seat=1, what="food", delta=1)


def test_actions_out_of_their_phase_are_refused():
    state = at_phase(plain(new_game(2)), 3, ["peace", "peace"])
    with pytest.raises(RulesError):
        do(state, 0, "buy_tactic")
    with pytest.raises(RulesError):
        do(state, 0, "sell_food", n=0)
    with pytest.raises(RulesError):
        do(state, 0, "choose_stance", stance="war")


def test_nothing_is_allowed_once_the_game_is_over():
    state = _over(plain(new_game(3)))
    assert all(GAME.allowed(state, viewer) == [] for viewer in (None, 0, 1, 2))


def test_host_corrections_change_public_counters():
    state = plain(new_game(2))
    state, _ = do(state, None, "correct", seat=1, what="food", delta=4)
    assert state["p"][1]["food"] == 3 + 4
    with pytest.raises(BadValue):
        do(state, None, "correct", seat=1, what="food", delta=-20)
    state, _ = do(state, None, "set_soldiers", seat=0, location="city-1", n=3)
    state, _ = do(state, None, "set_bandits", camp="camp-0", n=7)
    state, _ = do(state, None, "set_city_owner", city="city-1", owner=0)
    state, _ = do(state, None, "set_vassal", vassal=2, city_a="castle-0", city_b="centre")
    state, _ = do(state, None, "set_camp_target", camp="camp-1", city="city-0")
    assert state["p"][0]["at"] == {"city-1": 3} and state["camps"][0]["bandits"] == 7
    assert board.city(state, "city-1")["owner"] == 0 and state["vassals"][1] == [
        "castle-0",
        "centre",
    ]
    assert state["camps"][1]["target"] == "city-0"
    with pytest.raises(BadValue):
        do(state, None, "set_city_owner", city="castle-0", owner=1)
    with pytest.raises(BadValue):
        do(state, None, "set_bandits", camp="camp-7", n=1)


def test_every_view_has_the_shell_keys_and_a_phase_msgid():
    state = plain(new_game(3))
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        assert all(k in view for k in SHELL_VIEW_KEYS)
        assert view["phase"] == "Preparation" and view["round"] == 1
        assert ("me" in view) == (viewer is not None)


# --------------------------------------------------------------------------- the module itself


def test_the_module_is_pure_python_with_no_forbidden_imports():
    import ast
    from pathlib import Path

    forbidden = {"flask", "sqlite3", "time", "datetime", "os", "random", "threading"}
    for path in sorted(Path(board.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [] if node.level else [(node.module or "").split(".")[0]]
            else:
                continue
            assert not set(names) & forbidden, names
            assert all(n in {"__future__", "collections", "typing"} for n in names), names


def test_every_msgid_has_a_zh_tw_translation_with_the_same_placeholders():
    import re
    from pathlib import Path

    from babel.messages.extract import extract_from_file
    from babel.messages.pofile import read_po

    po = Path(board.__file__).parents[2] / "i18n" / "zh_TW" / "art-of-war.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    assert not catalog.fuzzy
    keywords = {"N_": None, "T": (1,), "P": (1, 2)}
    holes = re.compile(r"\{[^}]*\}")
    for path in sorted(Path(board.__file__).parent.glob("*.py")):
        for _line, msgid, _c, _ctx in extract_from_file("python", str(path), keywords=keywords):
            if isinstance(msgid, tuple):
                # A count line: a plural entry whose one Chinese form has every hole.
                message = catalog.get(msgid[0])
                assert message is not None and message.pluralizable, msgid
                assert message.id == msgid and message.string[0], msgid
                for form in msgid:
                    assert set(holes.findall(form)) == set(holes.findall(message.string[0])), form
                continue
            message = catalog.get(msgid)
            assert message is not None and message.string, msgid
            assert set(holes.findall(msgid)) == set(holes.findall(message.string)), msgid


def test_the_data_tables_match_the_digest():
    assert len(data.BUILDINGS) == 22 and len(data.EPICS) == 10
    assert len(data.GENERALS) == 9 and len(data.ADVISORS) == 8
    assert len(data.TACTICS) == 36 and len(data.EVENTS) == 7
    assert sum(data.EPICS["great_wall"]["costs"]) == 24
    assert sum(data.BUILDINGS["granary"]["costs"]) == 7
    assert [a["cards"] for a in data.ADVISORS.values()] == [1, 2, 1, 1, 1, 2, 3, 2]


def test_an_attacker_left_with_no_soldiers_takes_nothing():
    state = plain(new_game(2))
    state = at_phase(state, 4, ["war", "peace"], "payments")
    state["p"][0].update(supply=1, at={})
    state["p"][1].update(supply=0, at={})
    state, _ = do(state, None, "next")
    locs = [loc["loc"] for loc in GAME.view(state, None)["map"]["locations"]]
    counts = [0] * len(locs)
    counts[locs.index("centre")] = 1
    state, _ = do(state, 0, "deploy", counts=counts)
    state, _ = do(state, 0, "lock")
    state, _ = do(state, 1, "deploy", counts=[0] * len(locs))
    state, _ = do(state, 1, "lock")
    state, _ = do(state, None, "resolve_battle")
    assert board.city(state, "centre")["owner"] is None and state["p"][0]["at"] == {}


def test_a_whole_round_runs_on_taps_and_every_event_has_a_history_line():
    state = new_game(3, seed=11)
    events = []
    for _ in range(2):
        state, ev = do(state, None, "next")  # the event, then on to War or Peace by itself
        events += ev
        assert state["phase"] == 2
        state, more = reveal(state, "choose_stance", {0: "war", 1: "peace", 2: "peace"}, "stance")
        events += more  # production follows the reveal by itself
        for share in list(state["tribute"]):
            state, ev = do(
                state, share["seat"], "take_tribute", vassal=share["vassal"] + 1, kind="soldiers"
            )
            events += ev
        assert state["phase"] == 4 and state["step"] == "purchase"
        for _step in range(3):  # construction: purchase, build, payments, then war
            state, ev = do(state, None, "next")
            events += ev
        plans = {s: {f"castle-{s}": state["p"][s]["supply"]} for s in range(3)}
        plans[0] = {"castle-1": state["p"][0]["supply"]}
        from tests.games.test_art_of_war_helpers import deploy

        state, ev = deploy(state, plans)
        events += ev
        while state["step"] == "battles" and not state["over"]:
            state, ev = do(state, None, "resolve_battle")
            events += ev
        if state["over"]:
            break
        state, ev = do(state, None, "next")  # food
        events += ev
        state, ev = do(state, None, "next")  # next round
        events += ev
    kinds = {e["type"] for e in events}
    assert {"EventDrawn", "StanceRevealed", "Produced", "Deployed", "BattleResolved"} <= kinds
    assert "MovedOn" in kinds
    names = [p["name"] for p in state["players"]]
    assert all(GAME.describe(e, names)[0] != e["type"] for e in events)
    assert all(isinstance(GAME.describe(e, names)[1], dict) for e in events)
