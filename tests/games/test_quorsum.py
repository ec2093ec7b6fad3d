"""Rules tests for Quorsum (the package companion/games/quorsum/): pure rules, no Flask.

Actions go through the kit's driver (``apply``), with the platform's checks in its order: is
the action allowed for this actor now, are its parameters well-formed, then the rules.
"""

from __future__ import annotations

import copy
import functools
import itertools
import json
import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from companion.games import quorsum as Q
from companion.games.kit import SHELL_VIEW_KEYS, BadInput, BadValue, NotAllowed, RulesError
from companion.games.kit.driver import action_rng, apply
from companion.games.quorsum.board import distance, distances, home_of, seat_distances
from companion.games.quorsum.data import CORNERS
from companion.games.quorsum.dice import chain_chance, success_chance

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ann", "Bob"]
SEQ = 1  # the action's place in the log, for its seeded randomness


# --- Helpers --------------------------------------------------------------------------------


def t(row: int, col: int) -> int:
    """Tile index of a 1-based (row, col), as the API numbers tiles."""
    return (row - 1) * 4 + (col - 1)


def board(spec: str) -> list[dict[str, Any]]:
    """'4d' = value 4, dark face up; '3l' = value 3, light face up; 16 cells row by row."""
    cells = spec.split()
    assert len(cells) == 16
    return [{"value": int(c[0]), "face": {"d": "dark", "l": "light"}[c[1]]} for c in cells]


# Row 1: dark dark light light / row 2: dark light dark light / ...
STD = """
3d 4d 5l 2l
2d 6l 3d 4l
5d 4d 2l 6d
6l 3l 5d 2d
"""


def act(state, type_, actor=None, seed=0, **params):
    """Apply one action with the kit's driver, as the platform does; every line reads."""
    new, events = apply(Q.GAME, state, actor, {"type": type_, **params}, seed, SEQ)
    assert json.loads(json.dumps(new)) == new
    for event in events:
        text = Q.GAME.describe(event, NAMES)
        assert isinstance(text[0], str)
        text[0].format(**text[1])  # every placeholder is filled
        assert json.loads(json.dumps(event)) == event
    return new, events


def refused(state, type_, actor=None, error=RulesError, code=None, **params):
    """The driver refuses the action (as the platform would), and nothing changes."""
    before = copy.deepcopy(state)
    with pytest.raises(error) as info:
        apply(Q.GAME, state, actor, {"type": type_, **params}, 0, SEQ)
    assert state == before
    if code is not None:
        assert info.value.code == code
    return info.value


def outcome(state):
    """The result as the platform serves it (None while the match runs)."""
    return Q.GAME.outcome(state)


def new_table(seed=1, **options):
    return Q.setup(["Ann", "Bob"], options, random.Random(seed))


def playing(spec=STD, owners=(0, 1, 1, 0), first=0, **options):
    """A game in its first turn: the given layout, Ann won the roll-off."""
    state = new_table(**options)
    state["tiles"] = board(spec)
    state, _ = act(state, "rolloff", die0=6, die1=2)
    state, _ = act(state, "choose", 0, option="A" if first == 0 else "B")
    state, _ = act(state, "place", state["placer"], owners=list(owners))
    assert state["turn"] == first
    return state


def put(state, pid, row, col):
    """Move a piece by hand (a scenario set-up); its best distance becomes the current one."""
    piece = state["pieces"][pid]
    piece["tile"] = t(row, col)
    piece["best"] = distance(piece["tile"], piece["home"])
    state["turn_start"] = distances(state)


def types(events):
    return [e["type"] for e in events]


def pass_turns(state, n):
    for _ in range(n):
        state, _ = act(state, "pass", state["turn"])
    return state


# --- Tables and helpers ---------------------------------------------------------------------

DIGEST_TABLE = {
    2: ["5/6", "35/36", "215/216", "1295/1296"],
    3: ["2/3", "8/9", "26/27", "80/81"],
    4: ["1/2", "3/4", "7/8", "15/16"],
    5: ["1/3", "5/9", "19/27", "65/81"],
    6: ["1/6", "11/36", "91/216", "671/1296"],
}


def test_success_chance_matches_every_cell_of_the_digest_table():
    for value, row in DIGEST_TABLE.items():
        for n, text in enumerate(row, start=1):
            assert success_chance(value, n) == Fraction(text)


def test_the_view_odds_table_shows_the_digest_table_as_numbers_and_percentages():
    table = playing()
    table_view = Q.view(table, None)["odds_table"]
    assert [row["value"] for row in table_view] == [2, 3, 4, 5, 6]
    six = table_view[-1]["chances"]
    assert [(c["num"], c["den"]) for c in six] == [(1, 6), (11, 36), (91, 216), (671, 1296)]
    assert six[0]["percent"] == 16.7 and six[3]["percent"] == 51.8


def _brute_chain(values, dice):
    """Enumerate every die face: the chain succeeds if each step meets its value with the
    dice that met the step before."""

    @functools.cache
    def go(step, held):
        if step == len(values):
            return Fraction(1)
        total = Fraction(0)
        for faces in itertools.product(range(1, 7), repeat=held):
            met = sum(1 for f in faces if f >= values[step])
            if met:
                total += Fraction(1, 6**held) * go(step + 1, met)
        return total

    return go(0, dice)


@pytest.mark.parametrize(
    "values,dice", [([4], 3), ([5, 3], 3), ([2, 6, 4], 4), ([6, 6], 2), ([3, 3, 3], 1)]
)
def test_chain_chance_equals_an_exhaustive_count_of_the_dice(values, dice):
    assert chain_chance(values, dice) == _brute_chain(values, dice)


def test_distance_is_manhattan_and_a_corner_starts_six_from_its_home():
    assert distance(t(1, 1), t(4, 4)) == 6
    assert distance(t(2, 3), t(4, 1)) == 4
    for corner in CORNERS:
        assert distance(corner, home_of(corner)) == 6


# --- Setup ----------------------------------------------------------------------------------


def test_options_default_to_the_digest_readings():
    defaults = {o.name: o.default for o in Q.GAME.options}
    assert defaults == {
        "layout": "random",
        "stalemate_turns": 6,
        "match_points": 1,
        "progress": "record",
        "blocking": True,
        "draw_points": 1,
        "match_opening": "alternate",
    }
    assert Q.GAME.id == "quorsum" and Q.GAME.min_players == Q.GAME.max_players == 2


def test_random_setup_lays_sixteen_of_the_twenty_five_tiles_with_random_faces():
    state = new_table(seed=5)
    assert json.loads(json.dumps(state)) == state
    values = [c["value"] for c in state["tiles"]]
    assert len(values) == 16
    assert all(values.count(v) <= 5 for v in range(2, 7))
    assert set(values) <= {2, 3, 4, 5, 6}
    assert {c["face"] for c in state["tiles"]} <= {"dark", "light"}
    assert state["phase"] == "rolloff"
    # Faces really are random: over several seeds both faces show up.
    faces = {c["face"] for s in range(5) for c in new_table(seed=s)["tiles"]}
    assert faces == {"dark", "light"}
    assert new_table(seed=5) == state
    assert new_table(seed=6)["tiles"] != state["tiles"]


def test_setup_refuses_anything_but_two_players():
    with pytest.raises(BadValue):
        Q.setup(["A", "B", "C"], {}, random.Random(0))


def test_entered_layout_waits_for_the_host_to_enter_all_sixteen_tiles():
    state = new_table(layout="entered")
    assert state["phase"] == "layout" and all(c is None for c in state["tiles"])
    assert Q.allowed(state, None) == ["set_tile"]
    assert Q.allowed(state, 0) == []
    refused(state, "set_tile", 0, NotAllowed, tile=0, value=2, face="dark")
    cells = board(STD)
    events = []
    for tile, cell in enumerate(cells):
        state, events = act(state, "set_tile", tile=tile, value=cell["value"], face=cell["face"])
        if tile < 15:
            assert state["phase"] == "layout"
    assert "LayoutComplete" in types(events)
    assert state["tiles"] == cells and state["phase"] == "rolloff"
    assert Q.view(state, None)["grid"][1][1] == {
        "tile": 5,
        "row": 2,
        "col": 2,
        "value": 6,
        "face": "light",
        "face_t": "light",
        "locked": False,
        "piece": None,
    }


def test_the_box_has_only_five_tiles_of_each_value():
    state = new_table(layout="entered")
    for tile in range(5):
        state, _ = act(state, "set_tile", tile=tile, value=6, face="dark")
    refused(state, "set_tile", None, BadValue, "no_tile_left", tile=5, value=6, face="dark")
    # Re-entering a tile that already holds a 6 is a correction, not a sixth tile.
    state, _ = act(state, "set_tile", tile=4, value=6, face="light")
    assert state["tiles"][4] == {"value": 6, "face": "light"}
    assert Q.view(state, None)["layout"]["left"][-1] == {"value": 6, "left": 0}


def test_the_host_may_correct_a_tile_until_the_first_turn_but_not_after():
    state = new_table()
    state, _ = act(state, "set_tile", tile=0, value=2, face="light")
    assert state["tiles"][0] == {"value": 2, "face": "light"}
    state = playing()
    assert "set_tile" not in Q.allowed(state, None)
    refused(state, "set_tile", None, NotAllowed, "not_now", tile=0, value=2, face="dark")


def test_matching_opening_dice_are_rolled_again():
    state = new_table()
    state, events = act(state, "rolloff", die0=4, die1=4)
    assert types(events) == ["Rolloff", "RolloffTied"]
    assert state["phase"] == "rolloff" and state["chooser"] is None
    state, _ = act(state, "rolloff", 1, die0=2, die1=5)
    assert state["phase"] == "choose" and state["chooser"] == 1


def test_the_app_rolls_opening_dice_that_are_left_out():
    state, events = act(new_table(), "rolloff", seed=3)
    dice = events[0]["dice"]
    assert all(1 <= d <= 6 for d in dice)
    if dice[0] != dice[1]:
        assert state["chooser"] == (0 if dice[0] > dice[1] else 1)
    state, events = act(new_table(), "rolloff", die0=3, seed=3)
    assert events[0]["dice"][0] == 3


def test_option_a_gives_the_chooser_the_first_turn_and_the_other_places():
    state, _ = act(new_table(), "rolloff", die0=6, die1=1)
    refused(state, "choose", 1, NotAllowed, option="A")
    assert Q.allowed(state, 1) == []
    state, _ = act(state, "choose", 0, option="A")
    assert (state["first"], state["placer"]) == (0, 1)
    assert Q.view(state, None)["turn"] == 1  # Bob places now
    refused(state, "place", 0, NotAllowed, owners=[0, 1, 1, 0])
    state, _ = act(state, "place", 1, owners=[0, 1, 1, 0])
    assert state["turn"] == 0 and state["phase"] == "declare"


def test_option_b_lets_the_chooser_place_and_the_other_moves_first():
    state, _ = act(new_table(), "rolloff", die0=1, die1=6)
    state, _ = act(state, "choose", None, option="B")  # the table screen may tap it too
    assert (state["first"], state["placer"]) == (0, 1)
    state, events = act(state, "place", None, owners=[1, 0, 0, 1])
    assert state["turn"] == 0 and events[0]["first"] == 0


def test_placement_puts_one_piece_per_corner_with_its_home_diagonally_opposite():
    state = playing(owners=(1, 0, 1, 0))
    pieces = state["pieces"]
    by_owner = {s: [p for p in pieces if p["owner"] == s] for s in (0, 1)}
    assert sorted(p["tile"] for p in by_owner[0]) == [t(1, 4), t(4, 4)]
    assert sorted(p["tile"] for p in by_owner[1]) == [t(1, 1), t(4, 1)]
    homes = {p["tile"]: p["home"] for p in pieces}
    assert homes == {t(1, 1): t(4, 4), t(1, 4): t(4, 1), t(4, 1): t(1, 4), t(4, 4): t(1, 1)}
    for piece in Q.view(state, None)["pieces"]:
        assert piece["distance"] == 6 and not piece["at_home"]


@pytest.mark.parametrize(
    "owners,error,code",
    [
        ([0, 0, 0, 1], BadValue, "bad_placement"),
        ([0, 1, 1], BadValue, "bad_placement"),
        ([1, 1, 1, 1], BadValue, "bad_placement"),
        ([0, 1, 0, 1, 0], BadInput, "bad_type"),  # five corners: refused before the rules
    ],
)
def test_placement_needs_two_corners_for_each_player(owners, error, code):
    state, _ = act(new_table(), "rolloff", die0=6, die1=1)
    state, _ = act(state, "choose", 0, option="B")
    refused(state, "place", 0, error, code, owners=owners)


# --- Declaring ------------------------------------------------------------------------------


def test_a_declaration_shows_each_actions_chance_and_the_chance_all_succeed():
    state = playing()
    # Ann: 3 dice to flip (2,3) (value 3), 1 die to move piece 0 onto (1,2) (value 4).
    state, events = act(state, "declare", pieces=[-1, 0], tiles=[t(2, 3), t(1, 2)], dice=[3, 1])
    decl = Q.view(state, None)["declaration"]
    flip, move = decl["actions"]
    assert (flip["chance"]["num"], flip["chance"]["den"]) == (26, 27)
    assert (move["chance"]["num"], move["chance"]["den"]) == (1, 2)
    assert (decl["chance"]["num"], decl["chance"]["den"]) == (13, 27)
    assert decl["chance"]["percent"] == 48.1
    assert decl["given_up"] == 0 and decl["dice_used"] == 4
    assert events[0]["percent"] == 48.1
    assert state["phase"] == "resolve"


def test_dice_left_out_of_the_declaration_are_given_up():
    state, events = act(playing(), "declare", pieces=[0], tiles=[t(1, 2)], dice=[2])
    assert state["given_up"] == 2 and events[0]["given_up"] == 2


def test_a_planned_chain_of_moves_gets_its_exact_chain_chance():
    state = playing()
    # Piece 0: (1,1) -> (1,2) (value 4), then a planned step on to (2,2) (value 5).
    state["tiles"][t(2, 2)] = {"value": 5, "face": "dark"}
    state, _ = act(state, "declare", pieces=[0, 0], tiles=[t(1, 2), t(2, 2)], dice=[3, 0])
    move = Q.view(state, None)["declaration"]["actions"][0]
    assert [p["tile"] for p in move["path"]] == [t(2, 2)]
    assert (move["chance_first"]["num"], move["chance_first"]["den"]) == (7, 8)
    assert Fraction(move["chance"]["num"], move["chance"]["den"]) == _brute_chain([4, 5], 3)


def test_declaring_more_than_four_dice_is_refused():
    refused(
        playing(),
        "declare",
        0,
        BadValue,
        "too_many_dice",
        pieces=[0, -1],
        tiles=[1, 6],
        dice=[3, 2],
    )


def test_a_player_may_only_declare_moves_of_their_own_pieces():
    refused(
        playing(), "declare", 0, BadValue, "not_your_piece", pieces=[2], tiles=[t(1, 3)], dice=[1]
    )


def test_a_declared_move_must_go_to_a_neighbouring_tile():
    state = playing()
    refused(state, "declare", 0, BadValue, "not_adjacent", pieces=[0], tiles=[t(2, 2)], dice=[1])
    refused(state, "declare", 0, BadValue, "not_adjacent", pieces=[0], tiles=[t(1, 3)], dice=[1])


def test_two_separate_moves_of_one_piece_may_be_declared_in_sequence():
    state = playing()
    state, _ = act(state, "declare", pieces=[0, 0], tiles=[t(1, 2), t(1, 3)], dice=[2, 2])
    assert [a["tile"] for a in state["plan"]] == [t(1, 2), t(1, 3)]


def test_a_zero_dice_entry_must_continue_the_move_before_it():
    state = playing()
    refused(state, "declare", 0, BadValue, "bad_chain", pieces=[0], tiles=[t(1, 2)], dice=[0])
    refused(state, "declare", 0, BadValue, "bad_chain", pieces=[-1, -1], tiles=[6, 7], dice=[1, 0])
    refused(state, "declare", 0, BadValue, "not_adjacent", pieces=[0, 0], tiles=[1, 3], dice=[2, 0])


def test_the_declaration_lists_must_have_one_entry_per_action():
    refused(playing(), "declare", 0, BadValue, "bad_plan", pieces=[0, 0], tiles=[1], dice=[1])
    refused(playing(), "declare", 0, BadValue, "bad_plan", pieces=[], tiles=[], dice=[])


def test_the_declaration_may_be_redone_until_a_die_is_rolled():
    state, _ = act(playing(), "declare", pieces=[0], tiles=[t(1, 2)], dice=[1])
    assert "declare" in Q.allowed(state, 0)
    state, _ = act(state, "declare", pieces=[-1], tiles=[t(2, 3)], dice=[4])
    assert state["plan"][0]["kind"] == "flip"
    state, _ = act(state, "resolve", index=0, values=[1, 1, 1, 1])
    # The failed flip ended the turn; in a fresh plan, a roll forbids redeclaring.
    state, _ = act(state, "declare", 1, pieces=[-1, -1], tiles=[t(2, 3), t(2, 2)], dice=[1, 1])
    state, _ = act(state, "resolve", 1, index=0, values=[1])
    assert "declare" not in Q.allowed(state, 1)
    refused(state, "declare", 1, NotAllowed, "not_now", pieces=[-1], tiles=[6], dice=[1])


def test_the_planning_targets_show_legal_moves_and_flips_on_the_current_board():
    state = playing()
    targets = Q.view(state, None)["targets"]
    moves = {m["piece"]: [x["tile"] for x in m["tiles"]] for m in targets["moves"]}
    # Piece 0 on (1,1) dark: (1,2) and (2,1) are dark. Piece 1 on (4,4) dark: (3,4) and (4,3).
    assert moves == {0: [t(1, 2), t(2, 1)], 1: [t(3, 4), t(4, 3)]}
    flips = [x["tile"] for x in targets["flips"]]
    assert len(flips) == 12 and not set(flips) & set(CORNERS)


# --- Rolling and moving ---------------------------------------------------------------------


def test_a_die_equal_to_the_tile_value_succeeds_and_a_lower_one_fails():
    state, _ = act(playing(), "declare", pieces=[0, 1], tiles=[t(1, 2), t(3, 4)], dice=[2, 2])
    moved, events = act(state, "resolve", index=0, values=[4, 1])
    assert moved["pieces"][0]["tile"] == t(1, 2) and events[0]["ok"]
    failed, events = act(state, "resolve", index=0, values=[3, 3])
    assert failed["pieces"][0]["tile"] == t(1, 1) and not events[0]["ok"]
    assert failed["plan"][0]["status"] == "failed"


def test_the_dice_count_entered_must_match_the_declared_dice():
    state, _ = act(playing(), "declare", pieces=[0], tiles=[t(1, 2)], dice=[2])
    refused(state, "resolve", 0, BadValue, "dice_count", index=0, values=[6])
    refused(state, "resolve", 0, BadValue, "no_such_action", index=3, values=[6, 6])
    refused(state, "resolve", 0, BadValue, "declared_target", index=0, values=[6, 6], tile=4)


def test_a_piece_may_not_move_onto_a_tile_of_the_other_colour():
    state = playing()
    state["tiles"][t(1, 2)]["face"] = "light"
    state, _ = act(state, "declare", pieces=[0, -1], tiles=[t(1, 2), t(1, 2)], dice=[2, 2])
    view = Q.view(state, None)["declaration"]["actions"][0]
    assert not view["can_try"] and view["problem_t"] == (
        "A piece may only move onto a tile of the same colour as its own tile."
    )
    refused(state, "resolve", 0, RulesError, "illegal_move", index=0, values=[6, 6])
    # Flip (1,2) back to dark first: the actions may be tried in any order.
    state, _ = act(state, "resolve", index=1, values=[6, 1])
    assert state["tiles"][t(1, 2)]["face"] == "dark"
    state, _ = act(state, "resolve", index=0, values=[6, 6])
    assert state["pieces"][0]["tile"] == t(1, 2)


def test_a_piece_may_not_enter_an_occupied_tile_by_default():
    state = playing()
    put(state, 2, 1, 2)  # Bob's piece sits on (1,2), dark like (1,1)
    state["tiles"][t(1, 2)]["face"] = "dark"
    state, _ = act(state, "declare", pieces=[0, 0], tiles=[t(1, 2), t(2, 1)], dice=[2, 2])
    refused(state, "resolve", 0, RulesError, "illegal_move", index=0, values=[6, 6])


def test_with_blocking_off_pieces_may_share_a_tile():
    state = playing(blocking=False)
    put(state, 2, 1, 2)
    state, _ = act(state, "declare", pieces=[0], tiles=[t(1, 2)], dice=[2])
    state, _ = act(state, "resolve", index=0, values=[6, 6])
    assert state["pieces"][0]["tile"] == state["pieces"][2]["tile"] == t(1, 2)


def test_the_dice_that_met_the_value_are_the_only_ones_rolled_for_a_chained_move():
    state = playing()
    # The digest's example: 3 dice for a value-4 tile roll 5, 4, 2: two dice go on.
    state, _ = act(state, "declare", pieces=[0], tiles=[t(1, 2)], dice=[3])
    state, _ = act(state, "resolve", index=0, values=[5, 4, 2])
    action = Q.view(state, None)["declaration"]["actions"][0]
    assert action["status"] == "chain" and action["chain_dice"] == 2
    assert "stop" in Q.allowed(state, 0)
    refused(state, "resolve", 0, BadValue, "dice_count", index=0, values=[6, 6, 6], tile=t(1, 1))
    refused(state, "resolve", 0, BadValue, "name_destination", index=0, values=[6, 6])
    # (1,1) is the only dark free neighbour of (1,2) ((2,2) is light, (1,3) light).
    assert [n["tile"] for n in action["next"]] == [t(1, 1)]
    assert action["next"][0]["chance"]["num"] == 8  # value 3 with 2 dice: 8/9
    state, _ = act(state, "resolve", index=0, values=[3, 1], tile=t(1, 1))
    assert state["pieces"][0]["tile"] == t(1, 1)
    assert state["plan"][0]["chain_dice"] == 1


def test_a_chain_follows_its_planned_path_and_ends_when_a_move_fails():
    state = playing()
    state["tiles"][t(2, 2)] = {"value": 5, "face": "dark"}
    state["tiles"][t(3, 2)] = {"value": 4, "face": "dark"}
    state, _ = act(
        state, "declare", pieces=[0, 0, 0], tiles=[t(1, 2), t(2, 2), t(3, 2)], dice=[4, 0, 0]
    )
    state, _ = act(state, "resolve", index=0, values=[6, 5, 4, 1])
    state, _ = act(state, "resolve", index=0, values=[5, 2, 6])  # planned (2,2), value 5
    assert state["pieces"][0]["tile"] == t(2, 2) and state["plan"][0]["chain_dice"] == 2
    state, events = act(state, "resolve", index=0, values=[3, 1])  # planned (3,2) fails
    assert state["pieces"][0]["tile"] == t(2, 2)
    assert not events[0]["ok"]
    assert "TurnEnded" in types(events) and state["turn"] == 1


def test_starting_another_action_ends_an_open_chain():
    state = playing()
    state, _ = act(
        state, "declare", pieces=[0, -1, -1], tiles=[t(1, 2), t(3, 3), t(2, 3)], dice=[2, 1, 1]
    )
    state, _ = act(state, "resolve", index=0, values=[6, 6])
    assert state["plan"][0]["status"] == "chain"
    state, _ = act(state, "resolve", index=1, values=[1])
    assert state["plan"][0]["status"] == "done" and "stop" not in Q.allowed(state, 0)
    refused(state, "resolve", 0, BadValue, "resolved", index=0, values=[6, 6], tile=t(1, 1))


def test_stopping_a_chain_with_nothing_left_ends_the_turn():
    state, _ = act(playing(), "declare", pieces=[0], tiles=[t(1, 2)], dice=[1])
    state, _ = act(state, "resolve", index=0, values=[6])
    state, events = act(state, "stop")
    assert types(events) == ["ChainStopped", "TurnEnded"] and state["turn"] == 1
    refused(state, "stop", 1, NotAllowed, "not_now")


def test_stop_is_refused_without_an_open_chain():
    state, _ = act(playing(), "declare", pieces=[0], tiles=[t(1, 2)], dice=[1])
    refused(state, "stop", 0, NotAllowed, "not_now")


def test_a_resolved_action_cannot_be_rolled_again():
    state, _ = act(playing(), "declare", pieces=[-1, -1], tiles=[t(2, 3), t(3, 3)], dice=[1, 1])
    state, _ = act(state, "resolve", index=0, values=[1])
    refused(state, "resolve", 0, BadValue, "resolved", index=0, values=[6])


def test_the_dice_roller_rolls_the_declared_number_of_dice():
    state, _ = act(playing(), "declare", pieces=[-1], tiles=[t(2, 3)], dice=[3])
    state, events = act(state, "roll", index=0, seed=11)
    rolled = events[0]["values"]
    assert len(rolled) == 3 and all(1 <= v <= 6 for v in rolled)
    assert events[0]["ok"] == (max(rolled) >= 3)
    assert rolled[0] == action_rng(11, SEQ).randint(1, 6)  # the action's own seeded dice


# --- Flipping -------------------------------------------------------------------------------


def test_a_successful_flip_turns_an_empty_tile_to_its_other_face():
    state, _ = act(playing(), "declare", pieces=[-1, -1], tiles=[t(2, 3), t(2, 2)], dice=[2, 2])
    state, _ = act(state, "resolve", index=0, values=[2, 3])
    assert state["tiles"][t(2, 3)] == {"value": 3, "face": "light"}
    assert Q.view(state, None)["grid"][1][2]["locked"] is True
    state, _ = act(state, "resolve", index=1, values=[5, 5])  # value 6: fails
    assert state["tiles"][t(2, 2)]["face"] == "light"


def test_only_an_empty_tile_can_be_flipped():
    state, _ = act(playing(), "declare", pieces=[-1], tiles=[t(1, 1)], dice=[1])
    # The only action is illegal, so the turn cannot go on: shown, and refused.
    assert Q.view(state, None)["declaration"]["actions"][0]["problem_t"] == (
        "Only an empty tile can be flipped."
    )
    refused(state, "resolve", 0, RulesError, "illegal_flip", index=0, values=[6])


def test_a_flipped_tile_is_locked_until_the_next_players_turn():
    state = playing()
    state, _ = act(state, "declare", pieces=[-1, -1], tiles=[t(2, 3), t(2, 3)], dice=[2, 2])
    state, events = act(state, "resolve", index=0, values=[6, 6])
    # The second flip of the same tile can never be tried now: the turn ends by itself.
    assert state["turn"] == 1 and "TurnEnded" in types(events)
    assert state["plan"] == [] and state["flipped"] == []
    # Bob may flip it back on his turn.
    state, _ = act(state, "declare", 1, pieces=[-1], tiles=[t(2, 3)], dice=[1])
    state, _ = act(state, "resolve", 1, index=0, values=[4])
    assert state["tiles"][t(2, 3)]["face"] == "dark"


def test_a_flip_that_failed_may_be_tried_again_with_another_declared_action():
    state, _ = act(playing(), "declare", pieces=[-1, -1], tiles=[t(2, 3), t(2, 3)], dice=[2, 2])
    state, _ = act(state, "resolve", index=0, values=[1, 2])
    state, _ = act(state, "resolve", index=1, values=[3, 1])
    assert state["tiles"][t(2, 3)]["face"] == "light"


def test_a_player_may_flip_the_tile_a_piece_just_left():
    state, _ = act(playing(), "declare", pieces=[0, -1], tiles=[t(1, 2), t(1, 1)], dice=[2, 2])
    state, _ = act(state, "resolve", index=0, values=[6, 1])
    state, _ = act(state, "resolve", index=1, values=[3, 1])
    assert state["tiles"][t(1, 1)]["face"] == "light"


# --- Turn end -------------------------------------------------------------------------------


def test_passing_gives_up_the_dice_and_hands_the_turn_over():
    state, events = act(playing(), "pass")
    assert types(events) == ["DiceGivenUp", "TurnEnded"]
    assert state["turn"] == 1 and state["turn_no"] == 2 and state["stalemate"] == 1


def test_ending_the_turn_spends_the_actions_not_yet_rolled():
    state, _ = act(playing(), "declare", pieces=[-1, -1], tiles=[t(2, 3), t(3, 3)], dice=[2, 2])
    state, _ = act(state, "resolve", index=0, values=[1, 1])
    state, events = act(state, "end_turn")
    assert events[0]["unused"] == 1 and state["turn"] == 1


def test_the_turn_ends_by_itself_when_every_declared_action_is_rolled():
    state, _ = act(playing(), "declare", pieces=[-1, -1], tiles=[t(2, 3), t(3, 3)], dice=[2, 2])
    state, events = act(state, "resolve", index=0, values=[1, 1])
    assert state["turn"] == 0 and "TurnEnded" not in types(events)
    state, events = act(state, "resolve", index=1, values=[1, 1])
    assert state["turn"] == 1 and "TurnEnded" in types(events)


def test_the_turn_ends_by_itself_when_the_remaining_actions_became_impossible():
    state = playing()
    # Flip (1,2) to light, then a move onto it cannot happen (it was declared as dark).
    state, _ = act(state, "declare", pieces=[-1, 0], tiles=[t(1, 2), t(1, 2)], dice=[2, 2])
    state, events = act(state, "resolve", index=0, values=[6, 6])
    assert state["turn"] == 1 and events[-1]["type"] == "TurnEnded" and events[-1]["unused"] == 1


def test_only_the_active_player_or_the_table_screen_may_act_in_a_turn():
    state = playing()
    assert Q.allowed(state, 1) == []
    assert Q.allowed(state, 0) == ["declare", "pass"]
    # The table screen also has the host's corrections of the board.
    fixes = ["move_piece", "correct_tile", "set_stalemate"]
    assert Q.allowed(state, None) == ["declare", "pass", *fixes]
    refused(state, "declare", 1, NotAllowed, "not_now", pieces=[2], tiles=[2], dice=[1])
    refused(state, "pass", 1, NotAllowed)
    state, _ = act(state, "declare", None, pieces=[0], tiles=[t(1, 2)], dice=[1])
    refused(state, "resolve", 1, NotAllowed, index=0, values=[6])
    refused(state, "roll", 1, NotAllowed, index=0)
    refused(state, "end_turn", 1, NotAllowed)
    assert Q.allowed(state, 0) == ["declare", "resolve", "roll", "end_turn"]


def test_actions_out_of_their_phase_are_refused():
    state = new_table()
    refused(state, "declare", None, NotAllowed, "not_now", pieces=[0], tiles=[1], dice=[1])
    refused(state, "choose", None, NotAllowed, "not_now", option="A")
    refused(state, "place", None, NotAllowed, "not_now", owners=[0, 1, 1, 0])
    refused(playing(), "rolloff", None, NotAllowed, "not_now")
    refused(playing(), "resolve", 0, NotAllowed, "not_now", index=0, values=[1])
    refused(playing(), "next_game", None, NotAllowed, "not_now")


# --- Winning --------------------------------------------------------------------------------


def _near_win(opponent_home: bool):
    """Ann's piece 1 is home on (1,1); piece 0 is one step from home (4,4)."""
    state = playing()
    put(state, 1, 1, 1)
    put(state, 0, 4, 3)
    if opponent_home:
        put(state, 2, 2, 4)
        put(state, 3, 1, 4)  # Bob's piece 3 is home (it started on (4,1))
    return state


def test_both_pieces_home_wins_the_game_at_once():
    state = _near_win(opponent_home=True)
    state, _ = act(state, "declare", pieces=[0, -1], tiles=[t(4, 4), t(2, 3)], dice=[2, 2])
    state, events = act(state, "resolve", index=0, values=[1, 2])  # (4,4) value 2
    assert types(events)[-2:] == ["GameEnded", "MatchEnded"]
    assert events[-2]["kind"] == "win" and events[-2]["points"] == [1, 0]
    assert state["plan"][1]["status"] == "spent"
    res = outcome(state)
    assert res["winners"] == [0] and res["headline"] == ["{name} wins", {"name": "Ann"}]
    assert res["rows"][0]["score"] == 1 and res["rows"][1]["score"] == 0
    assert res["reason"][0] == "{name} brought both pieces home."
    assert Q.allowed(state, None) == [] and Q.view(state, 0)["over"] is True


def test_a_win_with_no_opposing_piece_home_is_a_double_win_worth_two_points():
    state = _near_win(opponent_home=False)
    state, _ = act(state, "declare", pieces=[0], tiles=[t(4, 4)], dice=[1])
    state, events = act(state, "resolve", index=0, values=[2])
    assert events[-2]["kind"] == "double" and state["points"] == [2, 0]
    assert outcome(state)["rows"][0]["score"] == 2


def test_one_piece_home_is_not_yet_a_win():
    state = playing()
    put(state, 0, 4, 3)
    put(state, 1, 3, 1)
    state["tiles"][t(3, 1)]["face"] = "dark"
    state, _ = act(state, "declare", pieces=[0], tiles=[t(4, 4)], dice=[1])
    state, events = act(state, "resolve", index=0, values=[6])
    assert "GameEnded" not in types(events) and outcome(state) is None


def test_actions_after_the_end_are_refused():
    state = _near_win(opponent_home=False)
    state, _ = act(state, "declare", pieces=[0], tiles=[t(4, 4)], dice=[1])
    state, _ = act(state, "resolve", index=0, values=[6])
    for actor in (None, 0, 1):
        assert Q.allowed(state, actor) == []
    refused(state, "pass", 0, RulesError, "game_over")
    refused(state, "declare", 1, RulesError, pieces=[2], tiles=[2], dice=[1])


# --- Stalemate ------------------------------------------------------------------------------


def _stalemate_after(distances_setup, **options):
    """Play with pieces placed by hand, then pass until the stalemate ends the game."""
    state = playing(**options)
    for pid, (row, col) in distances_setup.items():
        put(state, pid, row, col)
    limit = state["options"]["stalemate_turns"]
    for i in range(limit):
        assert state["phase"] == "declare", i
        state, events = act(state, "pass", state["turn"])
    return state, events


def test_six_turns_without_progress_end_the_game_in_a_stalemate():
    state = playing()
    state = pass_turns(state, 5)
    assert state["stalemate"] == 5 and state["phase"] == "declare"
    stalemate = Q.view(state, None)["stalemate"]
    assert stalemate.pop("standing")["winner"] is None  # all four pieces still 6 from home
    assert stalemate == {"count": 5, "limit": 6, "rule": "record"}
    state, events = act(state, "pass", state["turn"])
    assert events[-2]["type"] == "GameEnded" and state["phase"] == "over"


def test_the_stalemate_limit_is_a_table_option():
    state = pass_turns(playing(stalemate_turns=2), 1)
    assert outcome(state) is None
    state = pass_turns(state, 1)
    assert outcome(state) is not None


def test_a_stalemate_goes_to_the_player_whose_closest_piece_is_nearer_home():
    # Ann: piece 0 on (4,3) is 1 from home, piece 1 on (1,4) is 3; Bob: 2 and 2.
    state, events = _stalemate_after({0: (4, 3), 1: (1, 4), 2: (3, 2), 3: (2, 3)})
    ended = events[-2]
    assert ended["kind"] == "stalemate" and ended["winner"] == 0 and ended["step"] == "closest"
    res = outcome(state)
    assert res["winners"] == [0] and state["points"] == [1, 0]
    assert [
        "Game {n}: closest piece {closest} from home, other piece {other}",
        {"n": 1, "closest": 1, "other": 3},
    ] in res["rows"][0]["lines"]


def test_equal_closest_pieces_send_a_stalemate_to_the_other_pieces():
    # Both closest pieces are home (distance 0); Bob's other piece is nearer.
    state, events = _stalemate_after({1: (1, 1), 0: (2, 2), 3: (1, 4), 2: (3, 3)})
    # Ann: 0 and 4 ((2,2) to (4,4)); Bob: 0 and 3 ((3,3) to (4,1)).
    assert seat_distances(state, 0) == [0, 4] and seat_distances(state, 1) == [0, 3]
    assert events[-2]["winner"] == 1 and events[-2]["step"] == "other"
    assert outcome(state)["winners"] == [1]


def test_a_stalemate_with_equal_distances_is_a_draw_and_both_score_a_point():
    state, events = _stalemate_after({0: (4, 2), 1: (1, 4), 2: (3, 2), 3: (2, 2)})
    assert seat_distances(state, 0) == seat_distances(state, 1) == [2, 3]
    assert events[-2]["kind"] == "draw" and events[-2]["winner"] is None
    res = outcome(state)
    assert res["winners"] == [] and res["headline"] == ["It is a draw", {}]
    assert state["points"] == [1, 1]


def test_a_stalemate_from_the_start_is_a_draw():
    state, events = _stalemate_after({})
    assert events[-2]["kind"] == "draw"


def test_with_draw_points_zero_a_drawn_single_game_is_replayed():
    state, events = _stalemate_after({}, draw_points=0)
    assert state["points"] == [0, 0] and state["phase"] == "ended"
    assert outcome(state) is None and Q.allowed(state, 1) == ["next_game"]


def _step_back_and_forth(**options):
    """Ann steps piece 0 forward, back and forward again while Bob passes."""
    state = playing(**options)
    counters = []
    for dest in (t(1, 2), t(1, 1), t(1, 2)):
        state, _ = act(state, "declare", pieces=[0], tiles=[dest], dice=[1])
        state, _ = act(state, "resolve", index=0, values=[6])
        state, _ = act(state, "stop")
        counters.append(state["stalemate"])
        state, _ = act(state, "pass", 1)
        counters.append(state["stalemate"])
    return counters


def test_stepping_back_and_forth_is_not_progress_under_the_record_reading():
    assert _step_back_and_forth() == [0, 1, 2, 3, 4, 5]


def test_under_the_turn_reading_any_step_nearer_home_resets_the_counter():
    assert _step_back_and_forth(progress="turn") == [0, 1, 2, 3, 0, 1]


def test_progress_by_either_player_resets_the_counter():
    state = pass_turns(playing(), 3)
    assert state["stalemate"] == 3 and state["turn"] == 1
    state, _ = act(state, "declare", 1, pieces=[3], tiles=[t(3, 1)], dice=[1])
    state["tiles"][t(3, 1)]["face"] = "light"  # (scenario) make the step legal
    state, _ = act(state, "resolve", 1, index=0, values=[6])
    state, events = act(state, "end_turn", 1)
    assert events[-1]["progress"] is True and state["stalemate"] == 0


# --- Match play -----------------------------------------------------------------------------


def _to_declare(state, owners=(0, 1, 1, 0)):
    """From a fresh game of a match to its first turn: choose A, place."""
    if state["phase"] == "rolloff":
        state, _ = act(state, "rolloff", die0=6, die1=1)
    state, _ = act(state, "choose", option="A")
    state, _ = act(state, "place", owners=list(owners))
    return state


def _win_stalemate_for(state, seat):
    """End the current game by stalemate, won by ``seat`` on the closest piece."""
    mine = [p for p in range(4) if state["pieces"][p]["owner"] == seat]
    piece = state["pieces"][mine[0]]
    piece["tile"] = piece["home"] - 1 if piece["home"] % 4 else piece["home"] + 1
    piece["best"] = 1
    return pass_turns(state, state["options"]["stalemate_turns"])


def test_a_match_is_played_to_the_agreed_points_with_alternating_opening_choice():
    state = new_table(match_points=3, stalemate_turns=2)
    state = _to_declare(state)
    assert state["chooser"] == 0
    state = _win_stalemate_for(state, 1)
    assert state["phase"] == "ended" and state["points"] == [0, 1] and outcome(state) is None
    view = Q.view(state, None)
    assert view["last_game"]["winner"] == 1 and view["match"]["points"] == [0, 1]
    state, events = act(state, "next_game", 1)
    assert types(events)[:2] == ["GameStarted", "LayoutDrawn"]
    # Game 2: Bob chooses without a roll-off.
    assert state["game_no"] == 2 and state["phase"] == "choose" and state["chooser"] == 1
    assert state["points"] == [0, 1] and state["stalemate"] == 0
    state = _to_declare(state)
    state = _win_stalemate_for(state, 0)
    state, _ = act(state, "next_game")
    assert state["chooser"] == 0
    state = _to_declare(state)
    state = _win_stalemate_for(state, 0)
    assert state["points"] == [2, 1] and state["phase"] == "ended"
    state, _ = act(state, "next_game")
    state = _to_declare(state)
    state = _win_stalemate_for(state, 0)
    res = outcome(state)
    assert res["winners"] == [0] and res["rows"][0]["score"] == 3
    assert res["reason"] == ["{name} reached {target} points.", {"name": "Ann", "target": 3}]
    games = [ln for ln in res["rows"][1]["lines"] if ln[0].startswith("Game {game}: {kind_t}")]
    assert len(games) == 4


def test_a_match_can_roll_off_again_every_game_as_an_option():
    state = new_table(match_points=2, stalemate_turns=2, match_opening="rolloff")
    state = _win_stalemate_for(_to_declare(state), 0)
    state, _ = act(state, "next_game")
    assert state["phase"] == "rolloff" and state["chooser"] is None


def test_an_entered_layout_is_entered_again_for_the_next_game():
    state = new_table(match_points=2, stalemate_turns=2, layout="entered")
    for tile, cell in enumerate(board(STD)):
        state, _ = act(state, "set_tile", tile=tile, **cell)
    state = _win_stalemate_for(_to_declare(state), 0)
    state, _ = act(state, "next_game")
    assert state["phase"] == "layout" and state["tiles"] == [None] * 16


def test_equal_scores_at_the_target_draw_the_match():
    state = new_table(match_points=2, stalemate_turns=2)
    state = pass_turns(_to_declare(state), 2)  # draw: 1-1
    assert state["phase"] == "ended" and state["points"] == [1, 1]
    state, _ = act(state, "next_game")
    state = pass_turns(_to_declare(state), 2)  # draw: 2-2
    res = outcome(state)
    assert res["winners"] == [] and res["reason"][0].startswith("Both players reached")


def test_a_double_win_counts_two_match_points():
    state = new_table(match_points=3)
    state["tiles"] = board(STD)
    state = _to_declare(state)
    put(state, 1, 1, 1)
    put(state, 0, 4, 3)
    state, _ = act(state, "declare", pieces=[0], tiles=[t(4, 4)], dice=[1])
    state, _ = act(state, "resolve", index=0, values=[6])
    assert state["points"] == [2, 0] and state["phase"] == "ended"


# --- View and privacy -----------------------------------------------------------------------


def test_every_viewer_sees_the_same_view_because_nothing_is_secret():
    state, _ = act(playing(), "declare", pieces=[0], tiles=[t(1, 2)], dice=[2])
    public = Q.view(state, None)
    for key in SHELL_VIEW_KEYS:
        assert key in public
    assert "me" not in public
    for seat in (0, 1):
        seat_view = Q.view(state, seat)
        assert seat_view.pop("me") == {}
        assert json.dumps(seat_view, sort_keys=True) == json.dumps(public, sort_keys=True)
    assert public["turn"] == 0 and public["round"] == 1 and public["over"] is False
    assert public["phase"] == "Roll the declared dice"
    assert [p["name"] for p in public["players"]] == ["Ann", "Bob"]


def test_the_view_reports_pieces_with_owner_home_and_distance():
    state = playing()
    put(state, 0, 2, 2)
    pieces = Q.view(state, None)["pieces"]
    assert pieces[0]["owner"] == 0 and pieces[0]["home_row"] == 4 and pieces[0]["home_col"] == 4
    assert pieces[0]["distance"] == 4 and pieces[0]["row"] == 2 and pieces[0]["col"] == 2
    assert pieces[2]["owner"] == 1 and pieces[2]["distance"] == 6
    assert Q.view(state, None)["grid"][1][1]["piece"] == 0
    assert Q.view(state, None)["players"][0]["distances"] == [4, 6]


def test_views_and_state_survive_json_at_every_phase():
    state = new_table(layout="entered")
    states = [state]
    for tile, cell in enumerate(board(STD)):
        state, _ = act(state, "set_tile", tile=tile, **cell)
    states.append(state)
    state = _to_declare(state)
    states.append(state)
    state, _ = act(state, "declare", pieces=[0, -1], tiles=[t(1, 2), t(3, 3)], dice=[3, 1])
    state, _ = act(state, "roll", index=0, seed=2)
    states.append(state)
    for s in states:
        assert json.loads(json.dumps(s)) == s
        for viewer in (None, 0, 1):
            v = Q.view(s, viewer)
            assert json.loads(json.dumps(v)) == v


def test_describe_has_a_fallback_for_unknown_events():
    assert Q.GAME.describe({"type": "Mystery"}, NAMES) == ["Mystery", {}]


# Events logged before events carried seats only: the same line must come out of each.
OLD_AND_NEW_EVENTS = [
    ({"type": "ChooserSet", "seat": 1, "name": "Bob"}, {"type": "ChooserSet", "seat": 1}),
    (
        {"type": "Rolloff", "dice": [2, 5], "name0": "Ann", "name1": "Bob"},
        {"type": "Rolloff", "dice": [2, 5]},
    ),
    (
        {"type": "OpeningChosen", "seat": 0, "option": "B", "name": "Ann", "other": "Bob"},
        {"type": "OpeningChosen", "seat": 0, "option": "B"},
    ),
    (
        {"type": "PiecesPlaced", "seat": 1, "name": "Bob", "owners": [0, 1, 1, 0], "first": "Ann"},
        {"type": "PiecesPlaced", "seat": 1, "owners": [0, 1, 1, 0], "first": 0},
    ),
    (
        {
            "type": "Declared",
            "seat": 0,
            "name": "Ann",
            "actions": 1,
            "dice": 2,
            "given_up": 2,
            "percent": 75.0,
        },
        {"type": "Declared", "seat": 0, "actions": 1, "dice": 2, "given_up": 2, "percent": 75.0},
    ),
    ({"type": "DiceGivenUp", "seat": 1, "name": "Bob"}, {"type": "DiceGivenUp", "seat": 1}),
    (
        {
            "type": "Rolled",
            "seat": 0,
            "name": "Ann",
            "kind": "flip",
            "index": 0,
            "tile": 6,
            "row": 2,
            "col": 3,
            "value": 3,
            "values": [4, 1],
            "ok": True,
        },
        {
            "type": "Rolled",
            "seat": 0,
            "kind": "flip",
            "index": 0,
            "tile": 6,
            "row": 2,
            "col": 3,
            "value": 3,
            "values": [4, 1],
            "ok": True,
        },
    ),
    ({"type": "ChainStopped", "seat": 0, "name": "Ann"}, {"type": "ChainStopped", "seat": 0}),
    (
        {
            "type": "TurnEnded",
            "seat": 1,
            "name": "Bob",
            "unused": 0,
            "progress": False,
            "count": 2,
            "limit": 6,
        },
        {"type": "TurnEnded", "seat": 1, "unused": 0, "progress": False, "count": 2, "limit": 6},
    ),
    (
        {
            "type": "GameEnded",
            "n": 1,
            "winner": 1,
            "name": "Bob",
            "kind": "stalemate",
            "step": "other",
            "points": [0, 1],
            "count": 6,
        },
        {
            "type": "GameEnded",
            "n": 1,
            "winner": 1,
            "kind": "stalemate",
            "step": "other",
            "points": [0, 1],
            "count": 6,
        },
    ),
    (
        {"type": "MatchEnded", "winner": 0, "name": "Ann", "points": [1, 0]},
        {"type": "MatchEnded", "winner": 0, "points": [1, 0]},
    ),
]


@pytest.mark.parametrize("old,new", OLD_AND_NEW_EVENTS, ids=lambda e: e["type"])
def test_an_event_logged_with_names_reads_the_same_as_one_with_seats(old, new):
    assert Q.GAME.describe(old, NAMES) == Q.GAME.describe(new, NAMES)
    assert Q.GAME.describe(old, NAMES)[1].get("name", "Ann") in NAMES


def test_new_events_carry_seats_not_names():
    state, events = act(new_table(), "rolloff", die0=2, die1=5)
    state, more = act(state, "choose", 1, option="B")
    state, placed = act(state, "place", 1, owners=[0, 1, 1, 0])
    state, passed = act(state, "pass", 0)
    for event in events + more + placed + passed:
        assert not {"name", "name0", "name1", "other"} & set(event), event
    assert placed[0]["first"] == 0 and passed[-1]["seat"] == 0


# --- Translations ---------------------------------------------------------------------------


def test_every_msgid_of_the_package_has_a_zh_tw_translation():
    from babel.messages.extract import extract_from_file
    from babel.messages.pofile import read_po

    ids = {
        m[1]
        for source in sorted((ROOT / "companion" / "games" / "quorsum").glob("*.py"))
        for m in extract_from_file(
            "python", str(source), keywords={"N_": None, "T": (1,), "P": (1, 2)}
        )
    }
    with open(ROOT / "companion" / "i18n" / "zh_TW" / "quorsum.po", "rb") as fh:
        catalog = read_po(fh)
    # A count's line is one entry with its plural (msgid, msgid_plural, msgstr[0]).
    singular = {i[0] if isinstance(i, tuple) else i for i in ids}
    missing = sorted(i for i in singular if not (catalog.get(i) and catalog.get(i).string))
    assert missing == []
    assert catalog.get("Quorsum").string == "骰棋"
    for msg in catalog:
        if msg.id:
            ids_ = msg.id if isinstance(msg.id, tuple) else (msg.id,)
            strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
            for text in (*ids_[1:], *strings):
                placeholders = set(re.findall(r"\{\w+\}", ids_[0]))
                assert placeholders == set(re.findall(r"\{\w+\}", text)), msg.id
