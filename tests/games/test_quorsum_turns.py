"""Quorsum's turns: declaring, rolling and moving, flipping and the turn's end."""

from __future__ import annotations

from fractions import Fraction

from companion.games import quorsum as Q
from companion.games.kit import BadValue, NotAllowed, RulesError
from companion.games.kit.driver import action_rng
from companion.games.quorsum.data import CORNERS
from tests.games.quorsum_setups import (
    SEQ,
    act,
    brute_chain,
    new_table,
    playing,
    put,
    refused,
    t,
    types,
)


def bad_value(state, type_, code, **params):
    """Ann's action refused as a bad value with ``code``, changing nothing."""
    return refused(state, 0, type_, error=BadValue, code=code, **params)


def bad_declaration(state, code, pieces, tiles, dice):
    """Ann's declaration (the piece, target tile and dice of each action) refused with
    ``code``."""
    return bad_value(state, "declare", code, pieces=pieces, tiles=tiles, dice=dice)


# --- Declaring ------------------------------------------------------------------------------


def test_a_declaration_shows_each_actions_chance_and_the_chance_all_succeed():
    state = playing()
    # Ann: 3 dice to flip (2,3) (value 3), 1 die to move piece 0 onto (1,2) (value 4).
    state, events = act(
        state, None, "declare", pieces=[-1, 0], tiles=[t(2, 3), t(1, 2)], dice=[3, 1]
    )
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
    state, events = act(playing(), None, "declare", pieces=[0], tiles=[t(1, 2)], dice=[2])
    assert state["given_up"] == 2 and events[0]["given_up"] == 2


def test_a_planned_chain_of_moves_gets_its_exact_chain_chance():
    state = playing()
    # Piece 0: (1,1) -> (1,2) (value 4), then a planned step on to (2,2) (value 5).
    state["tiles"][t(2, 2)] = {"value": 5, "face": "dark"}
    state, _ = act(state, None, "declare", pieces=[0, 0], tiles=[t(1, 2), t(2, 2)], dice=[3, 0])
    move = Q.view(state, None)["declaration"]["actions"][0]
    assert [p["tile"] for p in move["path"]] == [t(2, 2)]
    assert (move["chance_first"]["num"], move["chance_first"]["den"]) == (7, 8)
    assert Fraction(move["chance"]["num"], move["chance"]["den"]) == brute_chain([4, 5], 3)


def test_declaring_more_than_four_dice_is_refused():
    bad_declaration(playing(), "too_many_dice", [0, -1], [1, 6], [3, 2])


def test_a_player_may_only_declare_moves_of_their_own_pieces():
    bad_declaration(playing(), "not_your_piece", [2], [t(1, 3)], [1])


def test_a_declared_move_must_go_to_a_neighbouring_tile():
    state = playing()
    bad_declaration(state, "not_adjacent", [0], [t(2, 2)], [1])
    bad_declaration(state, "not_adjacent", [0], [t(1, 3)], [1])


def test_two_separate_moves_of_one_piece_may_be_declared_in_sequence():
    state = playing()
    state, _ = act(state, None, "declare", pieces=[0, 0], tiles=[t(1, 2), t(1, 3)], dice=[2, 2])
    assert [a["tile"] for a in state["plan"]] == [t(1, 2), t(1, 3)]


def test_a_zero_dice_entry_must_continue_the_move_before_it():
    state = playing()
    bad_declaration(state, "bad_chain", [0], [t(1, 2)], [0])
    bad_declaration(state, "bad_chain", [-1, -1], [6, 7], [1, 0])
    bad_declaration(state, "not_adjacent", [0, 0], [1, 3], [2, 0])


def test_the_declaration_lists_must_have_one_entry_per_action():
    bad_declaration(playing(), "bad_plan", [0, 0], [1], [1])
    bad_declaration(playing(), "bad_plan", [], [], [])


def test_the_declaration_may_be_redone_until_a_die_is_rolled():
    state, _ = act(playing(), None, "declare", pieces=[0], tiles=[t(1, 2)], dice=[1])
    assert "declare" in Q.allowed(state, 0)
    state, _ = act(state, None, "declare", pieces=[-1], tiles=[t(2, 3)], dice=[4])
    assert state["plan"][0]["kind"] == "flip"
    state, _ = act(state, None, "resolve", index=0, values=[1, 1, 1, 1])
    # The failed flip ended the turn; in a fresh plan, a roll forbids redeclaring.
    state, _ = act(state, 1, "declare", pieces=[-1, -1], tiles=[t(2, 3), t(2, 2)], dice=[1, 1])
    state, _ = act(state, 1, "resolve", index=0, values=[1])
    assert "declare" not in Q.allowed(state, 1)
    refused(state, 1, "declare", error=NotAllowed, code="not_now", pieces=[-1], tiles=[6], dice=[1])


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
    state, _ = act(playing(), None, "declare", pieces=[0, 1], tiles=[t(1, 2), t(3, 4)], dice=[2, 2])
    moved, events = act(state, None, "resolve", index=0, values=[4, 1])
    assert moved["pieces"][0]["tile"] == t(1, 2) and events[0]["ok"]
    failed, events = act(state, None, "resolve", index=0, values=[3, 3])
    assert failed["pieces"][0]["tile"] == t(1, 1) and not events[0]["ok"]
    assert failed["plan"][0]["status"] == "failed"


def test_the_dice_count_entered_must_match_the_declared_dice():
    state, _ = act(playing(), None, "declare", pieces=[0], tiles=[t(1, 2)], dice=[2])
    bad_value(state, "resolve", "dice_count", index=0, values=[6])
    bad_value(state, "resolve", "no_such_action", index=3, values=[6, 6])
    bad_value(state, "resolve", "declared_target", index=0, values=[6, 6], tile=4)


def test_a_piece_may_not_move_onto_a_tile_of_the_other_colour():
    state = playing()
    state["tiles"][t(1, 2)]["face"] = "light"
    state, _ = act(state, None, "declare", pieces=[0, -1], tiles=[t(1, 2), t(1, 2)], dice=[2, 2])
    view = Q.view(state, None)["declaration"]["actions"][0]
    assert not view["can_try"] and view["problem_t"] == (
        "A piece may only move onto a tile of the same colour as its own tile."
    )
    refused(state, 0, "resolve", error=RulesError, code="illegal_move", index=0, values=[6, 6])
    # Flip (1,2) back to dark first: the actions may be tried in any order.
    state, _ = act(state, None, "resolve", index=1, values=[6, 1])
    assert state["tiles"][t(1, 2)]["face"] == "dark"
    state, _ = act(state, None, "resolve", index=0, values=[6, 6])
    assert state["pieces"][0]["tile"] == t(1, 2)


def test_a_piece_may_not_enter_an_occupied_tile_by_default():
    state = playing()
    put(state, 2, 1, 2)  # Bob's piece sits on (1,2), dark like (1,1)
    state["tiles"][t(1, 2)]["face"] = "dark"
    state, _ = act(state, None, "declare", pieces=[0, 0], tiles=[t(1, 2), t(2, 1)], dice=[2, 2])
    refused(state, 0, "resolve", error=RulesError, code="illegal_move", index=0, values=[6, 6])


def test_with_blocking_off_pieces_may_share_a_tile():
    state = playing(blocking=False)
    put(state, 2, 1, 2)
    state, _ = act(state, None, "declare", pieces=[0], tiles=[t(1, 2)], dice=[2])
    state, _ = act(state, None, "resolve", index=0, values=[6, 6])
    assert state["pieces"][0]["tile"] == state["pieces"][2]["tile"] == t(1, 2)


def test_the_dice_that_met_the_value_are_the_only_ones_rolled_for_a_chained_move():
    state = playing()
    # The digest's example: 3 dice for a value-4 tile roll 5, 4, 2: two dice go on.
    state, _ = act(state, None, "declare", pieces=[0], tiles=[t(1, 2)], dice=[3])
    state, _ = act(state, None, "resolve", index=0, values=[5, 4, 2])
    action = Q.view(state, None)["declaration"]["actions"][0]
    assert action["status"] == "chain" and action["chain_dice"] == 2
    assert "stop" in Q.allowed(state, 0)
    bad_value(
        state,
        "resolve",
        "dice_count",
        index=0,
        values=[6, 6, 6],
        tile=t(1, 1),
    )
    bad_value(state, "resolve", "name_destination", index=0, values=[6, 6])
    # (1,1) is the only dark free neighbour of (1,2) ((2,2) is light, (1,3) light).
    assert [n["tile"] for n in action["next"]] == [t(1, 1)]
    assert action["next"][0]["chance"]["num"] == 8  # value 3 with 2 dice: 8/9
    state, _ = act(state, None, "resolve", index=0, values=[3, 1], tile=t(1, 1))
    assert state["pieces"][0]["tile"] == t(1, 1)
    assert state["plan"][0]["chain_dice"] == 1


def test_a_chain_follows_its_planned_path_and_ends_when_a_move_fails():
    state = playing()
    state["tiles"][t(2, 2)] = {"value": 5, "face": "dark"}
    state["tiles"][t(3, 2)] = {"value": 4, "face": "dark"}
    state, _ = act(
        state, None, "declare", pieces=[0, 0, 0], tiles=[t(1, 2), t(2, 2), t(3, 2)], dice=[4, 0, 0]
    )
    state, _ = act(state, None, "resolve", index=0, values=[6, 5, 4, 1])
    state, _ = act(state, None, "resolve", index=0, values=[5, 2, 6])  # planned (2,2), value 5
    assert state["pieces"][0]["tile"] == t(2, 2) and state["plan"][0]["chain_dice"] == 2
    state, events = act(state, None, "resolve", index=0, values=[3, 1])  # planned (3,2) fails
    assert state["pieces"][0]["tile"] == t(2, 2)
    assert not events[0]["ok"]
    assert "TurnEnded" in types(events) and state["turn"] == 1


def test_starting_another_action_ends_an_open_chain():
    state = playing()
    state, _ = act(
        state,
        None,
        "declare",
        pieces=[0, -1, -1],
        tiles=[t(1, 2), t(3, 3), t(2, 3)],
        dice=[2, 1, 1],
    )
    state, _ = act(state, None, "resolve", index=0, values=[6, 6])
    assert state["plan"][0]["status"] == "chain"
    state, _ = act(state, None, "resolve", index=1, values=[1])
    assert state["plan"][0]["status"] == "done" and "stop" not in Q.allowed(state, 0)
    bad_value(state, "resolve", "resolved", index=0, values=[6, 6], tile=t(1, 1))


def test_stopping_a_chain_with_nothing_left_ends_the_turn():
    state, _ = act(playing(), None, "declare", pieces=[0], tiles=[t(1, 2)], dice=[1])
    state, _ = act(state, None, "resolve", index=0, values=[6])
    state, events = act(state, None, "stop")
    assert types(events) == ["ChainStopped", "TurnEnded"] and state["turn"] == 1
    refused(state, 1, "stop", error=NotAllowed, code="not_now")


def test_stop_is_refused_without_an_open_chain():
    state, _ = act(playing(), None, "declare", pieces=[0], tiles=[t(1, 2)], dice=[1])
    refused(state, 0, "stop", error=NotAllowed, code="not_now")


def test_a_resolved_action_cannot_be_rolled_again():
    state, _ = act(
        playing(), None, "declare", pieces=[-1, -1], tiles=[t(2, 3), t(3, 3)], dice=[1, 1]
    )
    state, _ = act(state, None, "resolve", index=0, values=[1])
    bad_value(state, "resolve", "resolved", index=0, values=[6])


def test_the_dice_roller_rolls_the_declared_number_of_dice():
    state, _ = act(playing(), None, "declare", pieces=[-1], tiles=[t(2, 3)], dice=[3])
    state, events = act(state, None, "roll", index=0, seed=11)
    rolled = events[0]["values"]
    assert len(rolled) == 3 and all(1 <= v <= 6 for v in rolled)
    assert events[0]["ok"] == (max(rolled) >= 3)
    assert rolled[0] == action_rng(11, SEQ).randint(1, 6)  # the action's own seeded dice


# --- Flipping -------------------------------------------------------------------------------


def test_a_successful_flip_turns_an_empty_tile_to_its_other_face():
    state, _ = act(
        playing(), None, "declare", pieces=[-1, -1], tiles=[t(2, 3), t(2, 2)], dice=[2, 2]
    )
    state, _ = act(state, None, "resolve", index=0, values=[2, 3])
    assert state["tiles"][t(2, 3)] == {"value": 3, "face": "light"}
    assert Q.view(state, None)["grid"][1][2]["locked"] is True
    state, _ = act(state, None, "resolve", index=1, values=[5, 5])  # value 6: fails
    assert state["tiles"][t(2, 2)]["face"] == "light"


def test_only_an_empty_tile_can_be_flipped():
    state, _ = act(playing(), None, "declare", pieces=[-1], tiles=[t(1, 1)], dice=[1])
    # The only action is illegal, so the turn cannot go on: shown, and refused.
    assert Q.view(state, None)["declaration"]["actions"][0]["problem_t"] == (
        "Only an empty tile can be flipped."
    )
    refused(state, 0, "resolve", error=RulesError, code="illegal_flip", index=0, values=[6])


def test_a_flipped_tile_is_locked_until_the_next_players_turn():
    state = playing()
    state, _ = act(state, None, "declare", pieces=[-1, -1], tiles=[t(2, 3), t(2, 3)], dice=[2, 2])
    state, events = act(state, None, "resolve", index=0, values=[6, 6])
    # The second flip of the same tile can never be tried now: the turn ends by itself.
    assert state["turn"] == 1 and "TurnEnded" in types(events)
    assert state["plan"] == [] and state["flipped"] == []
    # Bob may flip it back on his turn.
    state, _ = act(state, 1, "declare", pieces=[-1], tiles=[t(2, 3)], dice=[1])
    state, _ = act(state, 1, "resolve", index=0, values=[4])
    assert state["tiles"][t(2, 3)]["face"] == "dark"


def test_a_flip_that_failed_may_be_tried_again_with_another_declared_action():
    state, _ = act(
        playing(), None, "declare", pieces=[-1, -1], tiles=[t(2, 3), t(2, 3)], dice=[2, 2]
    )
    state, _ = act(state, None, "resolve", index=0, values=[1, 2])
    state, _ = act(state, None, "resolve", index=1, values=[3, 1])
    assert state["tiles"][t(2, 3)]["face"] == "light"


def test_a_player_may_flip_the_tile_a_piece_just_left():
    state, _ = act(
        playing(), None, "declare", pieces=[0, -1], tiles=[t(1, 2), t(1, 1)], dice=[2, 2]
    )
    state, _ = act(state, None, "resolve", index=0, values=[6, 1])
    state, _ = act(state, None, "resolve", index=1, values=[3, 1])
    assert state["tiles"][t(1, 1)]["face"] == "light"


# --- Turn end -------------------------------------------------------------------------------


def test_passing_gives_up_the_dice_and_hands_the_turn_over():
    state, events = act(playing(), None, "pass")
    assert types(events) == ["DiceGivenUp", "TurnEnded"]
    assert state["turn"] == 1 and state["turn_no"] == 2 and state["stalemate"] == 1


def test_ending_the_turn_spends_the_actions_not_yet_rolled():
    state, _ = act(
        playing(), None, "declare", pieces=[-1, -1], tiles=[t(2, 3), t(3, 3)], dice=[2, 2]
    )
    state, _ = act(state, None, "resolve", index=0, values=[1, 1])
    state, events = act(state, None, "end_turn")
    assert events[0]["unused"] == 1 and state["turn"] == 1


def test_the_turn_ends_by_itself_when_every_declared_action_is_rolled():
    state, _ = act(
        playing(), None, "declare", pieces=[-1, -1], tiles=[t(2, 3), t(3, 3)], dice=[2, 2]
    )
    state, events = act(state, None, "resolve", index=0, values=[1, 1])
    assert state["turn"] == 0 and "TurnEnded" not in types(events)
    state, events = act(state, None, "resolve", index=1, values=[1, 1])
    assert state["turn"] == 1 and "TurnEnded" in types(events)


def test_the_turn_ends_by_itself_when_the_remaining_actions_became_impossible():
    state = playing()
    # Flip (1,2) to light, then a move onto it cannot happen (it was declared as dark).
    state, _ = act(state, None, "declare", pieces=[-1, 0], tiles=[t(1, 2), t(1, 2)], dice=[2, 2])
    state, events = act(state, None, "resolve", index=0, values=[6, 6])
    assert state["turn"] == 1 and events[-1]["type"] == "TurnEnded" and events[-1]["unused"] == 1


def test_only_the_active_player_or_the_table_screen_may_act_in_a_turn():
    state = playing()
    assert Q.allowed(state, 1) == []
    assert Q.allowed(state, 0) == ["declare", "pass"]
    # The table screen also has the host's corrections of the board.
    fixes = ["move_piece", "correct_tile", "set_stalemate"]
    assert Q.allowed(state, None) == ["declare", "pass", *fixes]
    refused(state, 1, "declare", error=NotAllowed, code="not_now", pieces=[2], tiles=[2], dice=[1])
    refused(state, 1, "pass", error=NotAllowed)
    state, _ = act(state, None, "declare", pieces=[0], tiles=[t(1, 2)], dice=[1])
    refused(state, 1, "resolve", error=NotAllowed, index=0, values=[6])
    refused(state, 1, "roll", error=NotAllowed, index=0)
    refused(state, 1, "end_turn", error=NotAllowed)
    assert Q.allowed(state, 0) == ["declare", "resolve", "roll", "end_turn"]


def test_actions_out_of_their_phase_are_refused():
    state = new_table()
    refused(
        state, None, "declare", error=NotAllowed, code="not_now", pieces=[0], tiles=[1], dice=[1]
    )
    refused(state, None, "choose", error=NotAllowed, code="not_now", option="A")
    refused(state, None, "place", error=NotAllowed, code="not_now", owners=[0, 1, 1, 0])
    refused(playing(), None, "rolloff", error=NotAllowed, code="not_now")
    refused(playing(), 0, "resolve", error=NotAllowed, code="not_now", index=0, values=[1])
    refused(playing(), None, "next_game", error=NotAllowed, code="not_now")
