"""The Art of War's production (with tribute) and construction phases."""

from __future__ import annotations

import pytest

from companion.games.art_of_war import board, construction, production, scoring
from companion.games.kit import BadValue, RulesError
from tests.games.test_art_of_war_helpers import (
    GAME,
    act,
    at_construction,
    at_phase,
    new_game,
    plain,
    set_buildings,
)

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
    state, events = act(state, None, "next")
    after = [(p["money"], p["food"], p["supply"]) for p in state["p"]]
    assert after[0] == (before[0][0] + 3, before[0][1] + 3, before[0][2] + 4)
    assert after[1] == (before[1][0] + 0, before[1][1] + 2, before[1][2] + 6)
    money = [e for e in events if e["type"] == "MoneyChanged"]
    assert money and all(e["to"] == [e["seat"]] for e in money)


def played_on_seat_1(card: str, stances: list[str]) -> dict:
    """Seat 0 plays the tactic ``card`` on seat 1 in phase 1, then the ships event comes up."""
    state = at_phase(plain(new_game(2)), 1, stances)
    state["p"][0]["tactics"] = 1
    state, _ = act(state, 0, "play_tactic", card=card, target=1)
    state["event"]["current"] = "ships"
    return state


def test_beauty_trap_halves_the_targets_money_income_for_the_next_two_rounds():
    state = played_on_seat_1("beauty_trap", ["peace", "peace"])
    _workers(state, 1, 2, 0, 0)
    assert production.production(state, 1)["money"] == 5
    for rnd in (2, 3):
        state["round"] = rnd
        assert production.production(state, 1)["money"] == 2
    state["round"] = 4
    assert production.production(state, 1)["money"] == 5


def test_cut_supplies_removes_the_base_output_of_farm_and_barracks_next_round():
    state = played_on_seat_1("cut_supplies", ["war", "war"])
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
    state, _ = act(state, None, "next")
    assert state["tribute"] == [
        {"vassal": 0, "seat": 0, "amount": 8, "kind": None},
        {"vassal": 2, "seat": 0, "amount": 8, "kind": None},
    ]
    state = _tribute_state(tribute_stack="add")
    state["p"][0]["at"] = {"city-0": 3}
    set_buildings(state, 0, "relay_station")
    state["p"][0]["advisor"] = "princess"
    state, _ = act(state, None, "next")
    assert state["tribute"][0]["amount"] == 6


def test_the_receiver_chooses_the_tributes_resource_before_the_table_moves_on():
    state = _tribute_state()
    state["p"][0]["at"] = {"city-0": 3}
    state, _ = act(state, None, "next")
    assert "next" not in GAME.allowed(state, None)
    food, money = state["p"][0]["food"], state["p"][0]["money"]
    state, _ = act(state, 0, "take_tribute", vassal=1, kind="food")
    state, _ = act(state, 0, "take_tribute", vassal=3, kind="money")
    assert (state["p"][0]["food"], state["p"][0]["money"]) == (food + 2, money + 2)
    with pytest.raises(RulesError):
        act(state, 0, "take_tribute", vassal=1, kind="food")
    assert "next" in GAME.allowed(state, None)


def test_five_barbarians_stops_tribute_except_for_the_leshan_buddha_owner():
    state = _tribute_state()
    state["event"]["current"] = "barbarians"
    state["p"][0]["at"] = {"city-0": 3}
    state["p"][2]["at"] = {"city-2": 4}
    set_buildings(state, 2, "leshan_buddha")
    state, _ = act(state, None, "next")
    assert [(t["seat"], t["amount"]) for t in state["tribute"]] == [(2, 2), (2, 2)]


# --------------------------------------------------------------------------- phase 4


def test_a_tactic_card_costs_three_once_a_round_and_two_with_a_private_school():
    state = at_construction(plain(new_game(2)))
    state["p"][0]["money"] = 10
    state, _ = act(state, 0, "buy_tactic")
    assert (state["p"][0]["money"], state["p"][0]["tactics"]) == (7, 1)
    assert "buy_tactic" not in GAME.allowed(state, 0)
    with pytest.raises(RulesError):
        act(state, 0, "buy_tactic")
    set_buildings(state, 1, "private_school")
    state["p"][1]["money"] = 2
    state, _ = act(state, 1, "buy_tactic")
    assert state["p"][1]["money"] == 0


def test_a_blueprint_costs_four_and_only_the_buyer_learns_which_one():
    state = at_construction(plain(new_game(2)))
    state["p"][0]["money"] = 9
    state, events = act(state, 0, "buy_blueprint")
    assert state["p"][0]["money"] == 5 and len(state["p"][0]["blueprints"]) == 1
    drawn = next(e for e in events if e["type"] == "BlueprintDrawn")
    assert drawn["to"] == [0]
    assert next(e for e in events if e["type"] == "BlueprintBought").get("to") is None
    with pytest.raises(RulesError):
        act(state, 0, "buy_blueprint")


def test_buying_needs_the_money():
    state = at_construction(plain(new_game(2)))
    state["p"][0]["money"] = 3
    with pytest.raises(BadValue):
        act(state, 0, "buy_blueprint")


def _start(state, seat, key, workers=None, city=None):
    return act(state, seat, "start_building", building=key, workers=workers, city=city)


def test_no_new_building_may_be_started_at_war():
    state = at_construction(plain(new_game(2)), "build", ["war", "peace"])
    state["p"][0].update(blueprints=["latrine"], supply=5)
    with pytest.raises(RulesError):
        act(state, 0, "start_building", building="latrine", city=None, workers=None)


def test_a_building_is_paid_round_by_round_and_completes_when_the_last_amount_is_paid():
    state = at_construction(plain(new_game(2)), "build")
    state["p"][0].update(blueprints=["bank"], supply=5, money=10)
    state, _ = _start(state, 0, "bank")
    assert state["p"][0]["supply"] == 1 and board.population(state, 0) == 5
    state, _ = act(state, None, "next")  # foremen move: $4
    bank = board.building(state, "bank")
    assert (bank["progress"], bank["done"], state["p"][0]["money"]) == (1, False, 6)
    for _ in range(2):  # two more rounds: $1, $1
        state = at_construction(state, "build")
        state, _ = act(state, None, "next")
    assert board.building(state, "bank")["done"] and state["p"][0]["money"] == 4
    assert state["p"][0]["supply"] == 5  # the workers came back


def test_workers_may_stay_on_a_completed_building_as_a_table_option():
    state = at_construction(plain(new_game(2, workers_return=False)), "build")
    state["p"][0].update(blueprints=["latrine"], supply=5, money=10)
    state, _ = _start(state, 0, "latrine")
    for _ in range(2):
        state = at_construction(state, "build")
        state, _ = act(state, None, "next")
    assert board.building(state, "latrine")["done"] and state["p"][0]["supply"] == 3


def test_a_foreman_that_cannot_be_paid_does_not_move():
    state = at_construction(plain(new_game(2)), "build")
    state["p"][0].update(blueprints=["courtyard"], supply=5, money=3)
    state, _ = _start(state, 0, "courtyard")
    state, events = act(state, None, "next")
    assert board.building(state, "courtyard")["progress"] == 0 and state["p"][0]["money"] == 3
    assert any(e["type"] == "ForemanStuck" for e in events)


def test_the_post_road_takes_a_dollar_off_every_payment_and_the_bathhouse_a_worker():
    state = at_construction(plain(new_game(2)), "build")
    set_buildings(state, 0, "post_road", "bathhouse")
    state["p"][0].update(blueprints=["latrine"], supply=5, money=10)
    state, _ = _start(state, 0, "latrine")
    assert board.building(state, "latrine")["workers"] == 1
    state, _ = act(state, None, "next")
    assert state["p"][0]["money"] == 10  # $1 - $1 = $0


def test_only_three_buildings_may_be_under_way_at_once():
    state = at_construction(plain(new_game(2)), "build")
    keys = ["latrine", "pavilion", "windmill", "textile_shop"]
    state["p"][0].update(blueprints=list(keys), supply=20, money=0)
    for key in keys[:3]:
        state, _ = _start(state, 0, key)
    with pytest.raises(RulesError):
        act(state, 0, "start_building", building="textile_shop", city=None, workers=None)


def test_buildings_go_only_in_your_own_cities():
    state = at_construction(plain(new_game(2)), "build")
    state["p"][0].update(blueprints=["latrine"], supply=5)
    with pytest.raises(BadValue):
        act(state, 0, "start_building", building="latrine", city="castle-1", workers=None)


def test_stoppage_halts_construction_except_for_the_leshan_buddha_owner():
    state = at_construction(plain(new_game(2)), "build")
    state["event"]["current"] = "stoppage"
    set_buildings(state, 1, "leshan_buddha")
    state["p"][0].update(blueprints=["latrine"], supply=5, money=5)
    state["p"][1].update(blueprints=["pavilion"], supply=5, money=5)
    state, _ = _start(state, 0, "latrine")
    state, _ = _start(state, 1, "pavilion")
    state, _ = act(state, None, "next")
    assert board.building(state, "latrine")["progress"] == 0
    assert board.building(state, "pavilion")["progress"] == 1


def test_downpour_stops_the_targets_construction_and_new_buildings_this_round():
    state = at_construction(plain(new_game(2)), "build")
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
    state, _ = act(state, 0, "play_tactic", card="downpour", target=1)
    with pytest.raises(RulesError):
        act(state, 1, "start_building", building="pavilion", city=None, workers=None)
    state, _ = act(state, None, "next")
    assert board.building(state, "latrine")["progress"] == 0


def test_completing_a_private_school_or_hanlin_academy_draws_tactic_cards():
    state = at_construction(plain(new_game(2)), "payments")
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
    state = at_construction(plain(new_game(2)), "build")
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
    state, _ = act(state, None, "next")
    assert state["p"][0]["magistrate"] == 1 and "next" not in GAME.allowed(state, None)
    state, _ = act(state, 0, "magistrate_camp", camp="camp-1")
    assert state["camps"][1]["bandits"] == 0 and state["p"][0]["money"] == 5
    assert "next" in GAME.allowed(state, None)


def test_the_temple_of_heaven_scores_the_workers_chosen_to_build_it():
    state = at_construction(plain(new_game(2)), "build")
    state["p"][0].update(blueprints=["temple_of_heaven"], supply=12)
    with pytest.raises(BadValue):
        act(state, 0, "start_building", building="temple_of_heaven", city=None, workers=None)
    state, _ = _start(state, 0, "temple_of_heaven", workers=11)
    b = board.building(state, "temple_of_heaven")
    b["done"] = True
    assert scoring.building_points(state, 0, b)[0] == 11


def test_workers_on_mine_farm_and_barracks_come_from_soldiers_in_hand():
    state = at_construction(plain(new_game(2)), "build")
    state["p"][0]["supply"] = 5
    state, _ = act(state, 0, "assign_workers", mine=2, farm=2, barracks=0)
    assert state["p"][0]["supply"] == 1
    state, _ = act(state, 0, "assign_workers", mine=1, farm=0, barracks=0)
    assert state["p"][0]["supply"] == 4
    with pytest.raises(BadValue):
        act(state, 0, "assign_workers", mine=9, farm=0, barracks=0)
