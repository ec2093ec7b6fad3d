"""Samurai Sword's end: scores, ties, fatal attacks, the Swordmaster, the end view and privacy."""

from __future__ import annotations

import copy
import json

import pytest

from companion.games.kit import BadValue, NotAllowed, RulesError
from companion.games.samurai_sword import GAME
from tests.games.samurai_sword_setups import (
    FIVE,
    SEVEN,
    SIX,
    act,
    dealt,
    fresh,
    manual,
    row,
    team_row,
    text_of,
    with_counters,
)


def deck_out(state: dict, honor: list[int]) -> dict:
    """The result when the deck runs out (every honor drops by one) from these honors."""
    state, _ = act(with_counters(state, honor=honor), None, "deck_out")
    return GAME.outcome(state)


# --------------------------------------------------------------------------------- the end


def test_the_game_ends_the_moment_any_honor_reaches_zero_and_then_refuses_everything() -> None:
    state = with_counters(manual(FIVE), honor=[5, 3, 3, 1, 3], health=[5, 5, 5, 1, 4])
    state, events = act(state, None, "adjust", seat=3, counter="health", delta=-1, by=2)
    assert [e["type"] for e in events] == ["Adjusted", "Defeated", "GameEnded"]
    assert GAME.view(state, None)["over"] is True
    for seat in [None, 0, 1, 2, 3, 4]:
        assert GAME.allowed(state, seat) == []
    with pytest.raises(RulesError) as err:
        act(state, 0, "next_phase")
    assert err.value.code == "game_over"


def test_a_player_lowering_their_own_honor_to_zero_ends_the_game() -> None:
    state = with_counters(manual(FIVE), honor=[5, 3, 3, 3, 1])
    state, _ = act(state, 4, "adjust", seat=4, counter="honor", delta=-1)
    assert GAME.outcome(state)["reason"][1]["names"] == ["{list}", {"items": ["Eve"]}]


def test_scores_are_honor_times_the_multiplier_for_role_and_player_count() -> None:
    # Multipliers copied from the digest's scoring table (4-player Ninja without stars: ×1).
    table = {
        3: {"shogun": 2, "ninja": 1},
        4: {"shogun": 1, "samurai": 2, "ninja": 1},
        5: {"shogun": 1, "samurai": 1, "ninja": 1, "ronin": 2},
        6: {"shogun": 1, "samurai": 2, "ninja": 1, "ronin": 3},
        7: {"shogun": 1, "samurai": 1, "ninja": 1, "ronin": 3},
    }
    layouts = {
        3: ["ninja", "shogun", "ninja"],
        4: ["shogun", "ninja", "samurai", "ninja"],
        5: FIVE,
        6: SIX,
        7: SEVEN,
    }
    for n, roles in layouts.items():
        state = manual(roles, ninja_stars=False)
        honor = [4 + seat for seat in range(n)]
        honor[n - 1] = 1  # the last seat runs out when the deck does
        res = deck_out(state, honor)
        for seat in range(n):
            expected = (honor[seat] - 1) * table[n][roles[seat]]
            assert row(res, seat)["score"] == expected, (n, seat)


def test_the_score_lines_show_the_multiplication() -> None:
    res = deck_out(manual(SIX), [6, 5, 3, 3, 3, 1])
    assert text_of(row(res, 1)["lines"]) == ["4 honor × 2 (Samurai, 6 players) = 8", "Score: 8"]
    assert row(res, 1)["label"] == ["{name} ({role_t})", {"name": "Bob", "role_t": "Samurai"}]


def test_four_player_ninja_with_more_stars_scores_double() -> None:
    roles = ["shogun", "samurai", "ninja", "ninja"]
    res = deck_out(manual(roles, stars=[None, None, 3, 1]), [1, 4, 4, 4])
    assert row(res, 2)["score"] == 6 and row(res, 3)["score"] == 3
    assert text_of(row(res, 2)["lines"])[0] == (
        "3 stars against 1: the Ninja with more stars scores ×2"
    )
    # Shogun 0 + Samurai 3 × 2 = 6 against Ninja 9.
    assert team_row(res, "Ninja")["score"] == 9 and res["winners"] == [2, 3]


def test_with_the_stars_rule_off_every_four_player_ninja_scores_single() -> None:
    roles = ["shogun", "samurai", "ninja", "ninja"]
    state = manual(roles, stars=[None, None, 3, 1], ninja_stars=False)
    res = deck_out(state, [1, 4, 4, 4])
    assert row(res, 2)["score"] == 3 and row(res, 3)["score"] == 3
    # Shogun + Samurai 6 against Ninja 6: a tie goes to the Ninja.
    assert res["winners"] == [2, 3] and "tie" in res["headline"][0]


def test_the_stars_rule_applies_only_to_four_players() -> None:
    res = deck_out(manual(FIVE, stars=[None, None, 3, 1, None]), [4, 4, 4, 4, 1])
    assert row(res, 2)["score"] == 3 and row(res, 3)["score"] == 3


def test_daimyo_are_added_after_multiplying_and_are_worth_nothing_to_the_ronin() -> None:
    state = manual(SIX)
    state, events = act(state, 1, "set_daimyo", n=1)
    assert events == [{"type": "DaimyoNoted", "seat": 1, "n": 1, "to": [1]}]
    state, _ = act(state, 5, "set_daimyo", n=2)
    res = deck_out(state, [5, 4, 1, 3, 3, 4])
    assert row(res, 1)["score"] == 3 * 2 + 1  # not (3 + 1) × 2
    assert "+1 Daimyo" in text_of(row(res, 1)["lines"])
    assert row(res, 5)["score"] == 3 * 3  # the Ronin's 2 Daimyo count 0
    assert "2 Daimyo: worth 0 to the Ronin" in text_of(row(res, 5)["lines"])
    assert team_row(res, "Shogun and Samurai")["score"] == 4 + 7


def test_only_a_seat_records_its_own_daimyo() -> None:
    state = manual(FIVE)
    assert "set_daimyo" not in GAME.allowed(state, None)
    with pytest.raises(NotAllowed):
        act(state, None, "set_daimyo", n=2)
    params = {p.name: p for p in GAME.actions["set_daimyo"].params}
    assert (params["n"].min, params["n"].max) == (0, 3)


def test_a_daimyo_step_past_0_or_3_is_refused_with_the_same_words_and_changes_nothing() -> None:
    state = manual(FIVE)
    refusals = []
    with pytest.raises(BadValue) as at_zero:
        act(state, 1, "set_daimyo", by=-1)
    refusals.append(str(at_zero.value))
    for n in (1, 2, 3):
        state, events = act(state, 1, "set_daimyo", by=1)
        assert events == [{"type": "DaimyoNoted", "seat": 1, "n": n, "to": [1]}]
    with pytest.raises(BadValue) as at_three:
        act(state, 1, "set_daimyo", by=1)
    refusals.append(str(at_three.value))
    # One wording for both bounds: a refusal seen on a face-up phone names neither.
    assert refusals == ["Daimyo in hand stay between 0 and 3: nothing changed."] * 2
    assert state["daimyo"][1] == 3
    state, _ = act(state, 1, "set_daimyo", by=-1)
    assert state["daimyo"][1] == 2
    # A count or a step, not both and not neither.
    for params in ({}, {"n": 1, "by": 1}, {"by": 0}):
        with pytest.raises(BadValue):
            act(state, 1, "set_daimyo", **params)
    assert "set_daimyo" not in GAME.allowed(state, None)


def test_a_tie_with_the_ninja_goes_to_the_ninja() -> None:
    res = deck_out(manual(FIVE), [3, 2, 2, 3, 1])  # honor 2, 1, 1, 2, 0
    assert team_row(res, "Shogun and Samurai")["score"] == 3
    assert team_row(res, "Ninja")["score"] == 3
    assert res["winners"] == [2, 3]
    assert team_row(res, "Ninja")["won"] and not team_row(res, "Shogun and Samurai")["won"]


def test_a_tie_between_the_shogun_team_and_the_ronin_goes_to_the_shogun_team() -> None:
    res = deck_out(manual(FIVE), [4, 2, 1, 1, 3])  # honor 3, 1, 0, 0, 2
    assert team_row(res, "Shogun and Samurai")["score"] == 4
    assert team_row(res, "Ronin")["score"] == 4
    assert res["winners"] == [0, 1]


def test_the_highest_team_total_wins_outright() -> None:
    res = deck_out(manual(SEVEN), [5, 4, 4, 4, 4, 4, 1])
    # Shogun team 4 + 3 + 3 = 10; Ninja 3 + 3 + 3 = 9; Ronin 0.
    assert res["winners"] == [0, 1, 2]
    assert res["headline"] == [
        "Winner: {team_t} ({n} point)",
        {"team_t": "Shogun and Samurai", "n": 10, "_plural": "Winner: {team_t} ({n} points)"},
    ]


def test_a_fatal_attack_costs_the_team_three_points() -> None:
    state = with_counters(manual(FIVE), honor=[5, 1, 2, 3, 2], health=[5, 1, 5, 5, 4])
    state, _ = act(state, None, "adjust", seat=1, counter="health", delta=-2)  # by the Shogun
    res = GAME.outcome(state)
    shogun_team = team_row(res, "Shogun and Samurai")
    assert shogun_team["score"] == 6 + 0 - 3
    assert "−3 fatal attack: Bob was defeated by teammate Ann" in text_of(shogun_team["lines"])
    # Without the −3 the Shogun team's 6 would beat the Ninja's 5.
    assert res["winners"] == [2, 3]


def test_a_defeat_by_an_opponent_that_ends_the_game_is_no_fatal_attack() -> None:
    state = with_counters(manual(FIVE), honor=[5, 1, 2, 3, 2], health=[5, 1, 5, 5, 4])
    state, _ = act(state, None, "adjust", seat=1, counter="health", delta=-2, by=2)
    res = GAME.outcome(state)
    assert team_row(res, "Shogun and Samurai")["score"] == 5
    assert state["over"]["fatal"] is None


def test_ninja_defeating_a_ninja_for_the_last_honor_is_a_fatal_attack() -> None:
    state = with_counters(manual(SIX), honor=[5, 4, 1, 4, 4, 4], health=[5, 5, 1, 5, 4, 4])
    state["turn"] = 3
    state, _ = act(state, None, "adjust", seat=2, counter="health", delta=-1)
    res = GAME.outcome(state)
    assert team_row(res, "Ninja")["score"] == 0 + 5 + 4 - 3


def test_the_swordmaster_wins_for_their_team_when_only_they_have_health() -> None:
    state = with_counters(manual(FIVE), health=[3, 0, 0, 0, 1])
    state, events = act(state, None, "adjust", seat=4, counter="health", delta=-1, by=0)
    res = GAME.outcome(state)
    assert res["winners"] == [0, 1]
    assert res["reason"] == ["Swordmaster: only {name} has health left", {"name": "Ann"}]
    assert all(r["score"] is None for r in res["rows"])
    assert events[-1] == {"type": "GameEnded", "reason": "swordmaster", "seat": 0}


def test_the_ronin_can_be_the_swordmaster() -> None:
    state = with_counters(manual(FIVE), health=[1, 0, 0, 0, 4])
    state, _ = act(state, None, "adjust", seat=0, counter="health", delta=-1, by=4)
    assert GAME.outcome(state)["winners"] == [4]


def test_there_is_no_swordmaster_in_the_three_player_game() -> None:
    state = with_counters(manual(["shogun", "ninja", "ninja"]), health=[2, 0, 1])
    state, events = act(state, None, "adjust", seat=2, counter="health", delta=-1)
    assert GAME.outcome(state) is None
    assert not any(e["type"] in ("GameEnded", "SwordmasterVoid") for e in events)


def test_no_swordmaster_when_the_last_defeat_was_by_a_teammate_and_play_goes_on() -> None:
    state = with_counters(manual(FIVE), health=[3, 1, 0, 0, 0])
    state, events = act(state, None, "adjust", seat=1, counter="health", delta=-1)
    assert GAME.outcome(state) is None
    assert events[-1] == {"type": "SwordmasterVoid", "seat": 0}
    # Later actions do not bring the Swordmaster back while Ann stays the only one standing.
    state, _ = act(state, 0, "adjust", seat=0, counter="hand", delta=1)
    state, _ = act(state, 0, "end_turn")
    assert GAME.outcome(state) is None and state["health"][1] == 5


def test_swordmaster_beats_a_last_honor_lost_in_the_same_defeat() -> None:
    state = with_counters(manual(FIVE), health=[3, 0, 0, 0, 1], honor=[5, 3, 3, 3, 1])
    state, _ = act(state, None, "adjust", seat=4, counter="health", delta=-1)
    res = GAME.outcome(state)
    assert state["over"]["reason"] == "swordmaster" and res["winners"] == [0, 1]


def test_both_at_once_by_a_teammate_is_scored_normally_with_the_fatal_attack() -> None:
    state = with_counters(manual(FIVE), health=[3, 1, 0, 0, 0], honor=[5, 1, 3, 3, 3])
    state, _ = act(state, None, "adjust", seat=1, counter="health", delta=-1)
    res = GAME.outcome(state)
    assert state["over"]["reason"] == "honor"
    assert team_row(res, "Shogun and Samurai")["score"] == 6 - 3
    # Ninja 3 + 3 = 6 and Ronin 3 × 2 = 6 tie: the Ninja win.
    assert team_row(res, "Ninja")["score"] == 6 and team_row(res, "Ronin")["score"] == 6
    assert res["winners"] == [2, 3]


# --------------------------------------------------------------------------------- end view


def test_at_the_end_every_role_stars_and_daimyo_are_revealed_and_each_phone_has_its_line() -> None:
    state = manual(FIVE)
    state, _ = act(state, 2, "set_daimyo", n=3)
    state = with_counters(state, honor=[5, 3, 3, 3, 1])
    state, _ = act(state, None, "deck_out")
    view = GAME.view(state, None)
    assert [p["role"] for p in view["players"]] == ["Shogun", "Samurai", "Ninja", "Ninja", "Ronin"]
    assert [p["stars"] for p in view["players"]] == [None, None, 1, 2, None]
    assert [p["daimyo"] for p in view["players"]] == [0, 0, 3, 0, 0]
    assert view["result"] == GAME.outcome(state)
    mine = GAME.view(state, 2)["me"]["result_row"]
    assert mine["seat"] == 2 and mine["score"] == 2 + 3


# --------------------------------------------------------------------------------- privacy


def _swap(state: dict, a: int, b: int) -> dict:
    out = copy.deepcopy(state)
    for key in ("roles", "stars", "daimyo"):
        out[key][a], out[key][b] = out[key][b], out[key][a]
    return out


def test_no_view_shows_another_seats_role_stars_or_daimyo() -> None:
    for seed in range(3):
        state = dealt(7, seed)
        state["daimyo"] = [seed % 4, 1, 2, 3, 0, 1, 2]
        state, _ = act(state, state["shogun"], "next_phase")
        hidden = [s for s in range(7) if s != state["shogun"]]
        for viewer in [None, *range(7)]:
            base = GAME.view(state, viewer)
            for a in hidden:
                for b in hidden:
                    if a < b and viewer not in (a, b):
                        assert GAME.view(_swap(state, a, b), viewer) == base


def test_the_public_view_names_no_hidden_role_while_the_game_runs() -> None:
    for seed in range(5):
        state = dealt(6, seed)
        dumped = json.dumps(GAME.view(state, None))
        for word in ("Samurai", "Ninja", "Ronin", '"stars"', '"daimyo"', '"samurai"', '"ninja"'):
            assert word not in dumped
        for seat in range(6):
            others = json.dumps(GAME.view(state, seat)["players"])
            assert "Ninja" not in others and "Ronin" not in others and "Samurai" not in others


def test_a_phone_sees_its_own_role_stars_team_and_daimyo() -> None:
    state = manual(SIX)
    state, _ = act(state, 3, "set_daimyo", n=2)
    me = GAME.view(state, 3)["me"]
    assert (me["role"], me["stars"], me["daimyo"], me["team"]) == ("Ninja", 2, 2, "Ninja")
    assert GAME.view(state, 1)["me"]["team"] == "Shogun and Samurai"
    assert "me" not in GAME.view(state, None)


def test_manual_entry_views_do_not_depend_on_what_other_seats_entered() -> None:
    state = fresh(5)
    state, _ = act(state, 0, "enter_role", role="shogun")
    state, _ = act(state, 1, "enter_role", role="ninja", stars=3)
    state, _ = act(state, 2, "enter_role", role="ronin")
    state, _ = act(state, 1, "enter_character", character="kojiro")
    state, _ = act(state, 2, "enter_character", character="benkei")
    swapped = _swap(state, 1, 2)
    swapped["characters"][1], swapped["characters"][2] = "benkei", "kojiro"
    for viewer in (None, 0, 3, 4):
        assert GAME.view(state, viewer) == GAME.view(swapped, viewer)


def test_refusal_messages_carry_no_secret() -> None:
    state = manual(FIVE)
    for actor, type_, params in [
        (2, "adjust", {"seat": 3, "counter": "health", "delta": -1}),
        (3, "next_phase", {}),
        (None, "set_daimyo", {"n": 1}),
    ]:
        with pytest.raises(RulesError) as err:
            act(state, actor, type_, **params)
        text = str(err.value) + json.dumps(err.value.params)
        for word in ("Ninja", "Ronin", "Samurai"):
            assert word not in text
