"""The Art of War's auction, food (upkeep and the market) and final scoring."""

from __future__ import annotations

import pytest

from companion.games.art_of_war import board, scoring
from companion.games.kit import BadValue
from tests.games.test_art_of_war_helpers import (
    GAME,
    act,
    at_construction,
    at_phase,
    at_the_end,
    new_game,
    plain,
    reveal,
    set_buildings,
)

# --------------------------------------------------------------------------- the epic auction


def _auction(n=3, money=(10, 10, 10), **options):
    state = at_construction(plain(new_game(n, **options)))
    state["round"] = 6
    for seat, m in enumerate(money):
        state["p"][seat]["money"] = m
    state, _ = act(state, None, "next")
    assert state["step"] == "auction"
    return state


def test_there_is_no_auction_before_round_six_and_the_round_is_an_option():
    state = at_construction(plain(new_game(2)))
    state["round"] = 5
    state, _ = act(state, None, "next")
    assert state["step"] == "build"
    state = at_construction(plain(new_game(2, auction_from=5)))
    state["round"] = 5
    state, _ = act(state, None, "next")
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
    state = at_construction(state)
    state["round"] = 7
    state, _ = act(state, None, "next")
    assert state["auction"]["epic"] == epic and len(state["epic_deck"]) == left


def test_a_single_nonzero_bid_wins_for_nothing():
    state = _auction()
    state, _ = reveal(state, "bid", {0: 0, 1: 3, 2: 0}, "amount")
    assert state["auction"]["result"]["winner"] == 1 and state["p"][1]["money"] == 10


def test_a_bid_may_not_exceed_the_money_held():
    state = _auction(money=(4, 10, 10))
    with pytest.raises(BadValue):
        act(state, 0, "bid", amount=5)


# --------------------------------------------------------------------------- phase 6


def at_food(holdings: dict[int, tuple[int, int, int]], *buildings: str, **options) -> dict:
    """A two-player game entering phase 6, each seat of ``holdings`` with (soldiers, workers
    on its mine, food) and seat 0 with ``buildings`` completed."""
    state = plain(new_game(2, **options))
    set_buildings(state, 0, *buildings)
    for seat, (soldiers, workers, food) in holdings.items():
        p = state["p"][seat]
        p.update(supply=soldiers, at={}, food=food)
        p["facility"] = {"mine": workers, "farm": 0, "barracks": 0}
    state = at_phase(state, 5, step="after")
    state["war"] = {"queue": [], "current": 0, "done": [], "press": None}
    state, _ = act(state, None, "next")
    assert state["phase"] == 6
    return state


def test_upkeep_is_one_food_per_three_population_rounded_down():
    state = at_food({0: (6, 2, 5), 1: (6, 2, 5)})
    assert [p["food"] for p in state["p"]] == [3, 3]


def test_rounding_the_upkeep_up_is_a_table_option():
    state = at_food({0: (6, 2, 5)}, food_rounding="ceil")
    assert state["p"][0]["food"] == 2


def test_a_short_player_discards_soldiers_never_workers_until_the_food_suffices():
    state = at_food({0: (10, 4, 3)})
    assert (state["p"][0]["supply"], state["p"][0]["food"]) == (7, 0)
    state = at_food({0: (10, 4, 3)}, food_rounding="ceil")
    assert state["p"][0]["supply"] == 5


def test_when_workers_alone_eat_more_than_there_is_all_soldiers_go_and_workers_survive():
    state = at_food({0: (2, 10, 1)})
    p = state["p"][0]
    assert (p["supply"], p["food"], board.workers(state, 0)) == (0, 0, 10)


def _sell(state, sales):
    for seat, n in sales.items():
        state, _ = act(state, seat, "sell_food", n=n)
    before = [p["money"] for p in state["p"]]
    state, _ = act(state, None, "next")
    return [p["money"] - b for p, b in zip(state["p"], before, strict=True)]


@pytest.mark.parametrize(
    ("n", "money"),
    [(1, 6), (2, 10), (3, 15), (4, 12), (5, 15), (6, 12), (7, 14), (8, 8), (9, 0), (12, 0)],
)
def test_food_sells_at_the_uniform_price_of_the_total_sold(n, money):
    state = at_food({0: (0, 0, 20)})
    state["event"]["current"] = "famine"
    assert _sell(state, {0: n})[0] == money


def test_marginal_food_prices_are_a_table_option():
    state = at_food({0: (0, 0, 20)}, food_price="marginal")
    assert _sell(state, {0: 4})[0] == 6 + 5 + 5 + 3


def test_a_shared_food_market_prices_the_total_sold_by_everyone():
    state = at_food({0: (0, 0, 10), 1: (0, 0, 10)}, food_market="shared")
    assert _sell(state, {0: 2, 1: 2}) == [6, 6]
    state = at_food({0: (0, 0, 10), 1: (0, 0, 10)}, food_market="shared", food_price="marginal")
    assert _sell(state, {0: 2, 1: 2}) == [11, 8]


def test_the_market_and_big_ships_in_port_add_to_every_unit_sold():
    state = at_food({0: (0, 0, 10), 1: (0, 0, 10)}, "market")
    state["event"]["current"] = "ships"
    assert _sell(state, {0: 3, 1: 3}) == [15 + 3 * 3, 15 + 3 * 2]


def test_selling_more_food_than_you_hold_is_refused():
    state = at_food({0: (0, 0, 2)})
    with pytest.raises(BadValue):
        act(state, 0, "sell_food", n=3)


def test_the_bank_pays_a_dollar_for_every_four_held_at_the_end_of_phase_six():
    state = at_food({0: (0, 0, 0)}, "bank")
    state["p"][0]["money"] = 11
    state, events = act(state, None, "next")
    assert state["p"][0]["money"] == 13
    assert next(e for e in events if e["type"] == "MoneyChanged")["to"] == [0]


def test_the_altar_turns_one_soldier_into_two_food_once_a_round():
    state = plain(new_game(2))
    set_buildings(state, 0, "altar")
    state["p"][0].update(supply=3, food=0)
    state, _ = act(state, 0, "altar_sacrifice")
    assert (state["p"][0]["supply"], state["p"][0]["food"]) == (2, 2)
    assert "altar_sacrifice" not in GAME.allowed(state, 0)


# --------------------------------------------------------------------------- scoring


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
    total, lines = scoring.score(at_the_end(state), 0)
    expected = 6 + 5 // 2 + (5 + 9 // 2) + (5 + 2) + (6 + 2 * 2) + (8 + 9 // 4) + (8 + 3) + 12
    assert total == expected and len(lines) == 8  # the building under way scores nothing


def test_the_highest_score_wins_with_population_then_money_as_tie_breaks():
    state = at_the_end(plain(new_game(3)))
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
    assert GAME.view(at_the_end(state), None)["players"][0]["money"] == 4321
