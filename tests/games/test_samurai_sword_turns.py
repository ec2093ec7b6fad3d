"""Samurai Sword's turns: phases, counters, defeats, difficulty, Bushido and the deck
running out."""

from __future__ import annotations

import pytest

from companion.games.kit import BadValue, NotAllowed, RulesError
from companion.games.samurai_sword import GAME
from tests.games.samurai_sword_setups import (
    FIVE,
    PLAIN,
    SIX,
    act,
    dealt,
    describe,
    fresh,
    manual,
    team_row,
    with_counters,
)

# --------------------------------------------------------------------------------- turns


def test_phases_run_recover_draw_play_discard_and_then_the_next_player_clockwise() -> None:
    state = manual(["ninja", "shogun", "samurai", "ninja"])  # seat 1 is the Shogun
    assert state["turn"] == 1
    seen = []
    for _ in range(4):
        seen.append(GAME.view(state, None)["phase"])
        state, _ = act(state, 1, "next_phase")
    assert seen == ["Recover phase", "Draw phase", "Play phase", "Discard phase"]
    assert state["turn"] == 2 and state["phase"] == "recover"
    assert GAME.view(state, None)["players"][2]["is_turn"]


def test_the_round_counts_full_rounds_from_the_shogun() -> None:
    state = manual(["ninja", "ninja", "shogun"])
    assert state["round"] == 1
    state, _ = act(state, 2, "end_turn")  # -> seat 0, still round 1
    assert (state["turn"], state["round"]) == (0, 1)
    state, _ = act(state, 0, "end_turn")
    assert (state["turn"], state["round"]) == (1, 1)
    state, events = act(state, None, "end_turn")
    assert (state["turn"], state["round"]) == (2, 2)
    assert {"type": "TurnStarted", "seat": 2, "round": 2} in events


def test_the_draw_phase_adds_two_cards_and_hideyoshi_three() -> None:
    state = manual(["shogun", "samurai", "ninja", "ninja"], ["hideyoshi"] + PLAIN[1:4])
    state, _ = act(state, 0, "next_phase")
    assert state["hand"][0] == 4 + 3
    state, _ = act(state, 0, "end_turn")
    state, events = act(state, 1, "next_phase")
    assert state["hand"][1] == 5 + 2
    assert {"type": "CardsDrawn", "seat": 1, "n": 2} in events


def test_leaving_the_discard_phase_or_ending_the_turn_clamps_the_hand_to_seven() -> None:
    state = with_counters(manual(FIVE), hand=[10, 5, 5, 6, 6])
    state["phase"] = "discard"
    state, events = act(state, 0, "next_phase")
    assert state["hand"][0] == 7 and state["turn"] == 1
    assert events[0] == {"type": "HandLimit", "seat": 0, "n": 3}
    state = with_counters(state, hand=[7, 9, 5, 6, 6])
    state, _ = act(state, 1, "end_turn")
    assert state["hand"][1] == 7
    state = with_counters(state, hand=[7, 7, 6, 6, 6])
    state, events = act(state, 2, "end_turn")
    assert state["hand"][2] == 6 and not any(e["type"] == "HandLimit" for e in events)


def test_a_player_at_zero_health_recovers_fully_at_the_start_of_their_turn() -> None:
    state = with_counters(manual(FIVE), health=[5, 0, 3, 5, 4])
    state, events = act(state, 0, "end_turn")
    assert state["health"][1] == 5  # Tomoe
    assert {"type": "Recovered", "seat": 1, "n": 5} in events
    state, events = act(state, 1, "end_turn")
    assert state["health"][2] == 3  # not at 0: no recovery
    assert not any(e["type"] == "Recovered" for e in events)


def test_only_the_current_player_or_the_table_moves_the_turn_on() -> None:
    state = manual(FIVE)
    assert "next_phase" not in GAME.allowed(state, 3)
    with pytest.raises(NotAllowed):
        act(state, 3, "next_phase")
    with pytest.raises(NotAllowed):
        act(state, 3, "end_turn")
    state, _ = act(state, None, "next_phase")
    assert state["phase"] == "draw"


def test_three_player_shogun_draws_three_and_plays_two_weapons() -> None:
    state = manual(["shogun", "ninja", "ninja"])
    view = GAME.view(state, None)
    assert [p["draws"] for p in view["players"]] == [3, 2, 2]
    assert [p["weapons_per_turn"] for p in view["players"]] == [2, 1, 1]
    state, _ = act(state, 0, "next_phase")
    assert state["hand"][0] == 4 + 3
    assert state["honor"] == [6, 3, 3] and state["hand"] == [7, 5, 5]


def test_weapons_per_turn_grow_with_focus_and_goemon() -> None:
    state = manual(FIVE, ["goemon", "tomoe", "nobunaga", "musashi", "ushiwaka"])
    state, _ = act(state, 1, "adjust", seat=1, counter="focus", delta=2)
    state, _ = act(state, None, "adjust", seat=0, counter="focus", delta=1)
    view = GAME.view(state, None)
    assert [p["weapons_per_turn"] for p in view["players"]] == [3, 3, 1, 1, 1]


# --------------------------------------------------------------------------------- counters


def test_a_phone_adjusts_only_its_own_counters_and_the_table_anyones() -> None:
    state = manual(FIVE)
    state, _ = act(state, 2, "adjust", seat=2, counter="honor", delta=1)
    assert state["honor"][2] == 4
    with pytest.raises(NotAllowed):
        act(state, 2, "adjust", seat=3, counter="health", delta=-1)
    state, events = act(state, None, "adjust", seat=3, counter="armor", delta=2)
    assert state["armor"][3] == 2
    assert describe(events[0]) == [
        "{name}: {counter_t} {before} → {after}",
        {"name": "Dee", "counter_t": "Armor", "before": 0, "after": 2},
    ]


def test_counters_stay_within_their_limits() -> None:
    state = manual(FIVE)
    state, _ = act(state, 4, "adjust", seat=4, counter="health", delta=-2)
    state, _ = act(state, 4, "adjust", seat=4, counter="health", delta=9)
    assert state["health"][4] == 4  # Ushiwaka's maximum
    with pytest.raises(BadValue):
        act(state, 4, "adjust", seat=4, counter="health", delta=1)
    with pytest.raises(BadValue):
        act(state, 4, "adjust", seat=4, counter="armor", delta=-1)
    with pytest.raises(BadValue):
        act(state, 4, "adjust", seat=4, counter="hand", delta=0)
    state, _ = act(state, 4, "adjust", seat=4, counter="fast_draw", delta=10)
    assert state["fast_draw"][4] == 6
    params = {p.name: p for p in GAME.actions["adjust"].params}
    assert (params["delta"].min, params["delta"].max) == (-10, 10)
    assert set(params["counter"].choices) == {
        "health",
        "honor",
        "hand",
        "armor",
        "fast_draw",
        "focus",
    }


def test_counters_cannot_be_adjusted_before_play_starts() -> None:
    state = fresh(4)
    assert "adjust" not in GAME.allowed(state, 0)
    with pytest.raises(RulesError):
        act(state, 0, "adjust", seat=0, counter="hand", delta=1)


# --------------------------------------------------------------------------------- defeat


def test_a_defeat_moves_one_honor_to_the_current_player_by_default() -> None:
    state = with_counters(manual(FIVE), health=[5, 5, 1, 5, 4])
    state, events = act(state, 2, "adjust", seat=2, counter="health", delta=-3)
    assert state["health"][2] == 0
    assert state["honor"] == [6, 3, 2, 3, 3]
    assert events[1] == {"type": "Defeated", "seat": 2, "by": 0}
    assert describe(events[1]) == [
        "{name} is defeated by {by_name} and gives them 1 honor",
        {"name": "Cid", "by_name": "Ann"},
    ]


def test_a_defeat_by_battle_cry_or_jujutsu_names_who_played_it() -> None:
    state = with_counters(manual(FIVE), health=[5, 5, 5, 1, 4])
    state, _ = act(state, None, "adjust", seat=3, counter="health", delta=-1, by=4)
    assert state["honor"] == [5, 3, 3, 2, 4]


def test_a_player_knocked_out_in_their_own_turn_gives_no_honor() -> None:
    state = with_counters(manual(FIVE), health=[1, 5, 5, 5, 4])
    state, events = act(state, 0, "adjust", seat=0, counter="health", delta=-1)
    assert state["honor"] == [5, 3, 3, 3, 3]
    assert events[1]["by"] is None
    assert "no honor moves" in describe(events[1])[0]


def test_only_a_drop_from_above_zero_is_a_defeat() -> None:
    state = with_counters(manual(FIVE), health=[5, 2, 5, 5, 4])
    state, events = act(state, 1, "adjust", seat=1, counter="health", delta=-1)
    assert state["honor"] == [5, 3, 3, 3, 3] and len(events) == 1


def test_harmless_players_are_flagged_with_zero_health_or_zero_cards() -> None:
    state = with_counters(manual(FIVE), health=[5, 0, 5, 5, 4], hand=[4, 5, 0, 6, 6])
    view = GAME.view(state, None)
    assert [p["harmless"] for p in view["players"]] == [False, True, True, False, False]


# --------------------------------------------------------------------------------- difficulty


def test_difficulty_is_the_shortest_way_round_as_in_the_six_player_example() -> None:
    state = manual(SIX)
    table = GAME.view(state, None)["difficulty"]
    assert [cell["difficulty"] for cell in table[0]] == [None, 1, 2, 3, 2, 1]
    assert [cell["target"] for cell in table[0]] == [0, 1, 2, 3, 4, 5]
    assert table[0][3]["reachable_by"] == [3, 4, 5]
    assert table[0][1]["reachable_by"] == [1, 2, 3, 4, 5]
    assert table[0][0]["reachable_by"] == []


def test_harmless_players_are_skipped_when_counting_and_cannot_be_targeted() -> None:
    state = with_counters(manual(SIX), health=[5, 0, 5, 5, 4, 4], hand=[4, 5, 0, 6, 6, 7])
    table = GAME.view(state, None)["difficulty"]
    # Seats 1 and 2 are Harmless: seat 0 reaches seat 3 at 1 clockwise.
    assert [cell["difficulty"] for cell in table[0]] == [None, None, None, 1, 2, 1]
    assert table[0][1]["reachable_by"] == [] and table[3][2]["reachable_by"] == []


def test_armor_and_benkei_add_to_the_difficulty() -> None:
    chars = ["ieyasu", "benkei", "nobunaga", "musashi", "ushiwaka", "chiyome"]
    state = with_counters(manual(SIX, chars), armor=[0, 0, 2, 0, 0, 0])
    table = GAME.view(state, None)["difficulty"]
    assert table[0][1]["difficulty"] == 2  # Benkei +1
    assert table[0][2]["difficulty"] == 4  # 2 places + 2 Armor
    assert table[0][2]["reachable_by"] == [4, 5]
    assert table[1][0]["difficulty"] == 1  # Benkei attacking is not helped


def test_kojiro_reaches_any_target_that_is_not_harmless() -> None:
    chars = ["kojiro", "tomoe", "nobunaga", "musashi", "ushiwaka", "chiyome"]
    state = with_counters(manual(SIX, chars), armor=[0, 0, 0, 3, 0, 0], hand=[4, 0, 5, 6, 6, 7])
    table = GAME.view(state, None)["difficulty"]
    assert table[0][3]["difficulty"] == 5
    assert table[0][3]["reachable_by"] == [1, 2, 3, 4, 5] and table[0][3]["kojiro"]
    assert table[0][1]["reachable_by"] == [] and not table[0][1]["kojiro"]
    assert not table[2][3]["kojiro"] and table[2][3]["reachable_by"] == [4, 5]


def test_the_weapon_table_is_the_32_weapons_of_the_deck() -> None:
    listed = GAME.view(dealt(4), None)["weapons"]
    weapons = {w["name"]: (w["copies"], w["difficulty"], w["damage"]) for w in listed}
    assert sum(c for c, _, _ in weapons.values()) == 32
    assert weapons["Daikyu"] == (1, 5, 2)
    assert weapons["Bokken"] == (6, 1, 1)
    assert weapons["Katana"] == (1, 2, 3)
    assert len(weapons) == 13


# --------------------------------------------------------------------------------- Bushido


def test_the_current_player_plays_bushido_in_front_of_another_player_in_the_play_phase() -> None:
    state = manual(FIVE)
    with pytest.raises(RulesError):
        act(state, 0, "set_bushido", seat=2)  # still in Recover
    state["phase"] = "play"
    with pytest.raises(BadValue):
        act(state, 0, "set_bushido", seat=0)
    with pytest.raises(NotAllowed):
        act(state, 3, "set_bushido", seat=2)
    state, events = act(state, 0, "set_bushido", seat=2)
    assert state["bushido"] == 2 and GAME.view(state, None)["players"][2]["bushido"]
    assert events == [{"type": "BushidoPlaced", "seat": 2}]
    with pytest.raises(RulesError) as err:
        act(state, 0, "set_bushido", seat=3)
    assert err.value.code == "one_bushido"
    state, events = act(state, 0, "set_bushido")  # a Geisha discards it
    assert state["bushido"] is None and events == [{"type": "BushidoRemoved"}]


def test_the_table_screen_may_put_bushido_anywhere() -> None:
    state = manual(FIVE)
    state, _ = act(state, None, "set_bushido", seat=0)
    assert state["bushido"] == 0
    state, _ = act(state, None, "set_bushido", seat=4)
    assert state["bushido"] == 4


def test_bushido_must_be_checked_before_the_recover_phase_ends() -> None:
    state = manual(FIVE)
    state["bushido"] = 0
    assert set(GAME.allowed(state, 0)) >= {"bushido_draw"}
    assert "next_phase" not in GAME.allowed(state, 0) and "end_turn" not in GAME.allowed(
        state, None
    )
    with pytest.raises(RulesError) as err:
        act(state, 0, "next_phase")
    assert err.value.code == "not_now"
    assert "bushido_draw" not in GAME.allowed(state, 1)
    state["bushido"] = 1
    assert "bushido_draw" not in GAME.allowed(state, 0)
    with pytest.raises(RulesError):
        act(state, 0, "bushido_draw", weapon=False)


def test_bushido_passes_left_when_the_card_turned_over_is_not_a_weapon() -> None:
    state = manual(FIVE)
    state["bushido"] = 0
    state, events = act(state, 0, "bushido_draw", weapon=False)
    assert state["bushido"] == 1 and state["honor"][0] == 5
    assert events[0]["outcome"] == "passed" and events[0]["left"] == 1
    assert describe(events[0])[1] == {"name": "Ann", "left_name": "Bob"}
    state, _ = act(state, 0, "next_phase")
    assert state["phase"] == "draw"


def test_bushido_passes_left_from_the_last_seat_to_the_first() -> None:
    state = manual(FIVE)
    state["turn"], state["bushido"] = 4, 4
    state, _ = act(state, 4, "bushido_draw", weapon=False)
    assert state["bushido"] == 0


def test_bushido_on_a_weapon_costs_a_weapon_from_hand_or_one_honor() -> None:
    state = manual(FIVE)
    state["bushido"] = 0
    with pytest.raises(BadValue):
        act(state, 0, "bushido_draw", weapon=True)
    paid, _ = act(state, 0, "bushido_draw", weapon=True, pay="discard_weapon")
    assert paid["hand"][0] == 3 and paid["bushido"] == 1 and paid["honor"][0] == 5
    lost, events = act(state, None, "bushido_draw", weapon=True, pay="lose_honor")
    assert lost["honor"][0] == 4 and lost["bushido"] is None and lost["hand"][0] == 4
    assert events[0]["outcome"] == "honor_lost"
    empty = with_counters(state, hand=[0, 5, 5, 6, 6])
    with pytest.raises(BadValue):
        act(empty, 0, "bushido_draw", weapon=True, pay="discard_weapon")


def test_losing_the_last_honor_to_bushido_ends_the_game_without_a_fatal_attack() -> None:
    state = with_counters(manual(FIVE), honor=[5, 1, 3, 3, 3])
    state["turn"], state["bushido"] = 1, 1
    state, events = act(state, 1, "bushido_draw", weapon=True, pay="lose_honor")
    assert events[-1]["type"] == "GameEnded"
    res = GAME.outcome(state)
    assert res is not None and state["over"]["fatal"] is None
    # Shogun 5 + Samurai 0 = 5; Ninja 3 + 3 = 6; Ronin 3 × 2 = 6: the Ninja win the tie.
    assert team_row(res, "Shogun and Samurai")["score"] == 5
    assert res["headline"][1]["team_t"] == "Ninja"


def test_the_three_player_shogun_never_loses_honor_to_bushido() -> None:
    state = manual(["shogun", "ninja", "ninja"])
    state["bushido"] = 0
    state, events = act(state, 0, "bushido_draw", weapon=True)
    assert state["honor"][0] == 6 and state["bushido"] is None
    assert events[0]["outcome"] == "shogun_discards"
    state = manual(["shogun", "ninja", "ninja"])
    state["bushido"] = 0
    state, _ = act(state, 0, "bushido_draw", weapon=True, pay="lose_honor")
    assert state["honor"][0] == 6 and state["bushido"] is None
    ninja = manual(["shogun", "ninja", "ninja"])
    ninja["turn"], ninja["bushido"] = 1, 1
    ninja, _ = act(ninja, 1, "bushido_draw", weapon=True, pay="lose_honor")
    assert ninja["honor"][1] == 2


# --------------------------------------------------------------------------------- deck out


def test_when_the_deck_runs_out_every_player_loses_one_honor() -> None:
    state = manual(FIVE)
    state, events = act(state, 3, "deck_out")
    assert state["honor"] == [4, 2, 2, 2, 2]
    assert GAME.outcome(state) is None
    assert GAME.view(state, None)["deck_outs"] == 1
    assert describe(events[0])[0] == "The deck ran out: everyone loses 1 honor"
    state, _ = act(state, None, "deck_out")
    assert state["honor"] == [3, 1, 1, 1, 1]
    state, events = act(state, None, "deck_out")
    assert events[-1]["type"] == "GameEnded" and GAME.outcome(state) is not None
    assert GAME.outcome(state)["reason"] == [
        "{names} reached 0 honor",
        {"names": ["{list}", {"items": ["Bob", "Cid", "Dee", "Eve"]}]},
    ]
