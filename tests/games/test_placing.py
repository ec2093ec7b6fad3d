"""Every game's result places players exactly as its rules do, and names the tie-break that
decided the win: a castle lost is last place whatever the score, a tie on points says what
broke it, and a draw places both players first. (Rules: /docs/rules, each game's end.)"""

from __future__ import annotations

from companion.games.art_of_war import GAME as AOW
from companion.games.quorsum import GAME as QUORSUM
from companion.games.sun_tzu import BLUE, RED
from companion.games.sun_tzu import GAME as SUN_TZU
from tests.games.quorsum_setups import stalemate_after
from tests.games.samurai_sword_setups import FIVE, manual, row, with_counters
from tests.games.samurai_sword_setups import GAME as SWORD
from tests.games.samurai_sword_setups import act as sword_act
from tests.games.sun_tzu_setups import act as sun_act
from tests.games.sun_tzu_setups import scoring_state
from tests.games.test_art_of_war_helpers import new_game, plain, set_buildings
from tests.games.three_kingdoms_setups import ANN, BOB, city, end, tied_board


def places(result: dict) -> dict[int, int]:
    return {r["seat"]: r["place"] for r in result["rows"] if r["seat"] is not None}


# -- The Art of War ------------------------------------------------------------------------


def aow_over(n: int, reason: str = "peace", captor=None, loser=None) -> dict:
    state = plain(new_game(n))
    state["over"] = {"reason": reason, "captor": captor, "loser": loser}
    for seat in range(n):
        state["p"][seat].update(supply=5, at={}, money=3)
    return state


def test_the_art_of_war_places_the_player_who_lost_the_main_castle_last_whatever_the_score():
    state = aow_over(3, "castle", captor=1, loser=2)
    set_buildings(state, 2, "forbidden_city", "courtyard")  # the most points of the three
    res = AOW.outcome(state)
    scores = {r["seat"]: r["score"] for r in res["rows"]}
    assert scores[2] > scores[1] > scores[0]  # the captor's +5 is Bo's only points
    assert places(res) == {1: 1, 0: 2, 2: 3}
    assert [r["seat"] for r in res["rows"]] == [1, 0, 2]  # the sheet reads in place order


def test_the_art_of_war_names_population_then_money_when_they_decide_a_tie_on_points():
    state = aow_over(3)
    for seat in range(3):
        set_buildings(state, seat, "courtyard")
    state["p"][1]["supply"] = 6
    res = AOW.outcome(state)
    assert res["winners"] == [1] and places(res) == {1: 1, 0: 2, 2: 2}
    assert res["decided_by"][0] == "Tied on points; more population (soldiers + workers) decides"
    state["p"][0].update(supply=6, money=4)
    res = AOW.outcome(state)
    assert res["winners"] == [0] and places(res) == {0: 1, 1: 2, 2: 3}
    assert res["decided_by"][0] == "Tied on points and population; more money decides"
    state["p"][1]["money"] = 4
    res = AOW.outcome(state)
    assert places(res) == {0: 1, 1: 1, 2: 3}
    assert res["decided_by"][0].startswith("Tied on points, population and money")


def test_the_art_of_war_needs_no_tie_break_when_the_points_decide():
    state = aow_over(2)
    set_buildings(state, 0, "courtyard")
    res = AOW.outcome(state)
    assert res["winners"] == [0] and res["decided_by"] is None
    assert places(res) == {0: 1, 1: 2}


def test_the_art_of_war_names_the_round_one_start_player():
    state = aow_over(3)
    state["start"], state["round"] = 0, 5  # the start passed four times, to the left
    assert AOW.outcome(state)["starter"] == 2


# -- Sun Tzu -------------------------------------------------------------------------------


def test_sun_tzu_names_the_pool_tie_break_when_the_marker_ends_in_the_centre():
    state = scoring_state(9, [0, 0, 0, 0, 0], [0, 0, 0, 0, 0])
    state["pool"] = [10, 12]
    state, _ = sun_act(state, None, "finish_battles")
    res = SUN_TZU.outcome(state)
    assert res["winners"] == [RED] and places(res) == {RED: 1, BLUE: 2}
    assert res["headline"][0] == "{name} wins on the reinforcement pool"
    assert res["decided_by"][1] == {"blue": 10, "red": 12}
    assert "reinforcement pool decides" in res["decided_by"][0]
    assert SUN_TZU.points is False  # a marker's place: no score to average


def test_sun_tzu_won_on_the_track_needs_no_tie_break_and_a_draw_places_both_first():
    state = scoring_state(9, [1, 0, 0, 0, 0], [0, 1, 0, 0, 0], score=-3)
    state, _ = sun_act(state, None, "finish_battles")
    res = SUN_TZU.outcome(state)
    assert res["decided_by"] is None and places(res) == {RED: 1, BLUE: 2}
    state = scoring_state(9, [0, 0, 0, 0, 0], [0, 0, 0, 0, 0])
    state, _ = sun_act(state, None, "finish_battles")
    res = SUN_TZU.outcome(state)
    assert res["winners"] == [] and places(res) == {RED: 1, BLUE: 1}


# -- Samurai Sword -------------------------------------------------------------------------


def test_samurai_sword_places_players_by_team_and_names_the_tie_rule():
    state = with_counters(manual(FIVE), honor=[3, 2, 2, 3, 1])
    state, _ = sword_act(state, None, "deck_out")  # Shogun team 3, Ninja 3: the Ninja win
    res = SWORD.outcome(state)
    assert places(res) == {2: 1, 3: 1, 0: 2, 1: 2, 4: 3}
    assert res["decided_by"][0].endswith("the Ninja win a tie they are part of")
    assert row(res, 0)["place"] == 2 and res["starter"] == 0  # the Shogun plays first
    team_rows = [r for r in res["rows"] if r["seat"] is None]
    assert team_rows and all(r["place"] is None for r in team_rows)


def test_samurai_sword_names_the_shogun_team_rule_against_the_ronin():
    state = with_counters(manual(FIVE), honor=[4, 2, 1, 1, 3])
    state, _ = sword_act(state, None, "deck_out")
    res = SWORD.outcome(state)
    assert res["winners"] == [0, 1] and places(res)[4] == 2
    assert res["decided_by"][0].endswith("the Shogun's team wins")


# -- 3 Kingdoms Battle ---------------------------------------------------------------------


def test_three_kingdoms_names_the_tie_break_step_that_decided_and_places_everyone():
    state = tied_board()
    city(state, 1)["troops"][ANN] = [1, 1]
    res = end(state)
    assert res["winners"] == [ANN]
    assert res["decided_by"][1]["step"] == "A"
    assert places(res) == {ANN: 1, BOB: 2, 2: 3}


# -- Quorsum -------------------------------------------------------------------------------


def test_quorsum_names_the_stalemate_step_that_decided_and_who_began():
    state, _ = stalemate_after({1: (1, 1), 0: (2, 2), 3: (1, 4), 2: (3, 3)})
    res = QUORSUM.outcome(state)
    assert res["winners"] == [1] and places(res) == {1: 1, 0: 2}
    assert res["decided_by"][0].endswith("the other piece decides")
    assert res["starter"] == state["first"]


def test_a_quorsum_draw_places_both_first_and_names_no_tie_break():
    state, _ = stalemate_after({0: (4, 2), 1: (1, 4), 2: (3, 2), 3: (2, 2)})
    res = QUORSUM.outcome(state)
    assert places(res) == {0: 1, 1: 1} and res["decided_by"] is None
