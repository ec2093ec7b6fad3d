"""Quorsum's corrections after the first turn, and the table's own dice, through the kit driver.

The physical table is the truth: the host (the table screen) puts a piece where it stands
(``move_piece``), sets a tile's face or value (``correct_tile``), the stalemate counter
(``set_stalemate``) and a player's match points (``set_points``). Each is checked against the
rules' bounds and logged as from → to, by whom; the win check, the stalemate trigger and the
scoring read the corrected board.
"""

from __future__ import annotations

import pytest

from companion.games import quorsum as Q
from companion.games.kit import BadInput, BadValue, NotAllowed
from companion.games.kit.driver import Table
from tests.fixtures.rules import at_table

# Row 1: dark dark light light / row 2: dark light dark light / ...
STD = """
3d 4d 5l 2l
2d 6l 3d 4l
5d 4d 2l 6d
6l 3l 5d 2d
"""


def t(row: int, col: int) -> int:
    return (row - 1) * 4 + (col - 1)


def cells(spec: str = STD) -> list[tuple[int, str]]:
    return [(int(c[0]), {"d": "dark", "l": "light"}[c[1]]) for c in spec.split()]


def entered(**options) -> Table:
    """A table whose 16 tiles were entered by the host as they lie on the table."""
    table = at_table("quorsum", ["Ann", "Bo"], **{"layout": "entered", **options})
    for n, (value, face) in enumerate(cells()):
        table.act(None, "set_tile", tile=n, value=value, face=face)
    return table


def playing(**options) -> Table:
    """Ann won the roll-off (entered) and moves first; Bo placed the pieces diagonally:
    Ann's piece 0 on (1,1) (home (4,4)), piece 1 on (4,4) (home (1,1)); Bo's piece 2 on (1,4)
    (home (4,1)), piece 3 on (4,1) (home (1,4))."""
    table = entered(**options)
    table.act(None, "rolloff", die0=6, die1=2)
    table.act(0, "choose", option="A")
    table.act(1, "place", owners=[0, 1, 1, 0])
    assert table.state["phase"] == "declare" and table.state["turn"] == 0
    return table


def test_the_host_moves_a_piece_to_where_it_stands_and_the_line_says_from_and_to():
    table = playing()
    events = table.act(None, "move_piece", piece=0, tile=t(2, 1))
    assert table.state["pieces"][0]["tile"] == t(2, 1)
    assert events == [
        {
            "type": "PieceCorrected",
            "piece": 0,
            "seat": 0,
            "before": t(1, 1),
            "after": t(2, 1),
            "best_before": 6,
            "best_after": 5,
            "by": None,
        }
    ]
    assert table.lines(None)[-1] == [
        "{who_t}: {name}'s piece {n} ({r0},{c0}) → ({r1},{c1}), best distance {b0} → {b1}",
        {
            "who_t": ["Table screen", {}],
            "name": "Ann",
            "n": 1,
            "r0": 1,
            "c0": 1,
            "r1": 2,
            "c1": 1,
            "b0": 6,
            "b1": 5,
        },
    ]
    assert table.view(None)["pieces"][0]["distance"] == 5


def test_a_piece_correction_is_the_hosts_and_refuses_an_occupied_tile_with_blocking():
    table = playing()
    seat = table.refused(0, "move_piece", piece=0, tile=t(2, 1))
    assert seat.code == "not_now" and isinstance(seat, NotAllowed)
    err = table.refused(None, "move_piece", piece=0, tile=t(1, 4))
    assert err.code == "occupied" and isinstance(err, BadValue)
    assert table.refused(None, "move_piece", piece=0, tile=16).code == "out_of_range"


def test_with_blocking_off_a_piece_may_be_corrected_onto_another_piece():
    table = playing(blocking=False)
    table.act(None, "move_piece", piece=0, tile=t(1, 4))
    assert table.state["pieces"][0]["tile"] == table.state["pieces"][2]["tile"]


def test_a_piece_correction_keeps_the_best_distance_unless_it_is_given():
    table = playing()
    table.act(None, "move_piece", piece=0, tile=t(3, 3))  # distance 2
    table.act(None, "move_piece", piece=0, tile=t(2, 1))  # distance 5: the best stays 2
    assert table.state["pieces"][0]["best"] == 2
    events = table.act(None, "move_piece", piece=0, tile=t(2, 1), best=4)
    assert table.state["pieces"][0]["best"] == 4 and events[0]["best_before"] == 2
    assert table.refused(None, "move_piece", piece=0, tile=t(2, 1), best=7).code == "out_of_range"


def test_a_corrected_piece_counts_as_where_the_turn_started_so_a_fix_is_not_progress():
    table = playing(progress="turn")
    table.act(None, "move_piece", piece=0, tile=t(3, 3))
    ended = [e for e in table.act(0, "pass") if e["type"] == "TurnEnded"]
    assert ended[0]["progress"] is False and table.state["stalemate"] == 1


def test_a_piece_corrected_onto_its_owners_last_home_wins_the_game():
    """Ann's piece 1 is put home on (1,1), then piece 0 on (4,4): both home, and no piece of
    Bo's is home, so it is a double win worth 2 points."""
    table = playing()
    table.act(None, "move_piece", piece=0, tile=t(2, 1))
    table.act(None, "move_piece", piece=1, tile=t(1, 1))
    events = table.act(None, "move_piece", piece=0, tile=t(4, 4))
    assert [e["type"] for e in events][-2:] == ["GameEnded", "MatchEnded"]
    assert events[-2]["kind"] == "double" and table.state["points"] == [2, 0]
    assert table.outcome["winners"] == [0]


def test_the_host_corrects_a_tiles_face_and_value_within_the_box():
    table = playing()
    events = table.act(None, "correct_tile", tile=t(2, 2), face="dark")
    assert table.state["tiles"][t(2, 2)] == {"value": 6, "face": "dark"}
    assert events[0]["before"] == {"value": 6, "face": "light"}
    assert table.lines(None)[-1] == [
        "{who_t}: tile ({row},{col}) {v0} {face0_t} → {v1} {face1_t}",
        {
            "who_t": ["Table screen", {}],
            "row": 2,
            "col": 2,
            "v0": 6,
            "face0_t": "light",
            "v1": 6,
            "face1_t": "dark",
        },
    ]
    table.act(None, "correct_tile", tile=t(2, 2), value=5)
    assert table.state["tiles"][t(2, 2)] == {"value": 5, "face": "dark"}
    # STD has three 5s; a fourth and fifth fit in the box, a sixth does not.
    table.act(None, "correct_tile", tile=t(1, 1), value=5)
    err = table.refused(None, "correct_tile", tile=t(1, 2), value=5)
    assert err.code == "no_tile_left"
    assert table.refused(None, "correct_tile", tile=t(1, 2), value=7).code == "out_of_range"
    assert table.refused(None, "correct_tile", tile=t(1, 2)).code == "nothing_to_correct"


def test_a_corrected_face_feeds_the_next_move_check():
    """(2,1) is dark under Ann's piece 0 on (1,1); made light, the move there is illegal."""
    table = playing()
    table.act(None, "correct_tile", tile=t(2, 1), face="light")
    assert all(m["tile"] != t(2, 1) for m in table.view(0)["targets"]["moves"][0]["tiles"])
    table.act(0, "declare", pieces=[0], tiles=[t(2, 1)], dice=[4])
    assert table.refused(0, "resolve", index=0, values=[6, 6, 6, 6]).code == "illegal_move"


def test_turning_back_a_tile_flipped_this_turn_lifts_its_lock():
    table = playing()
    table.act(0, "declare", pieces=[-1, 0], tiles=[t(3, 3), t(2, 1)], dice=[2, 2])
    table.act(0, "resolve", index=0, values=[2, 1])  # (3,3) value 2: flipped to dark
    assert t(3, 3) in table.state["flipped"]
    table.act(None, "correct_tile", tile=t(3, 3), face="light")  # the flip did not happen
    assert t(3, 3) not in table.state["flipped"]
    assert table.view(None)["grid"][2][2]["locked"] is False


def test_the_stalemate_counter_is_corrected_below_its_limit_and_feeds_the_trigger():
    table = playing(stalemate_turns=4)
    events = table.act(None, "set_stalemate", count=3)
    assert events[0]["type"] == "Corrected" and events[0]["before"] == 0
    assert table.lines(None)[-1] == [
        "{who_t}: {counter_t} {before} → {after}",
        {
            "who_t": ["Table screen", {}],
            "counter_t": "stalemate counter",
            "before": 0,
            "after": 3,
        },
    ]
    err = table.refused(None, "set_stalemate", count=4)
    assert err.code == "out_of_bounds" and err.params["hi"] == 3
    events = table.act(0, "pass")  # the fourth turn without progress
    assert "GameEnded" in [e["type"] for e in events]
    assert table.state["games"][-1]["kind"] == "draw"


def test_the_match_score_is_corrected_below_the_target_and_feeds_the_match_end():
    table = playing(match_points=3)
    table.act(None, "set_points", seat=0, points=2)
    assert table.lines(None)[-1][1]["name"] == "Ann"
    assert table.lines(None)[-1][1]["counter_t"] == "match points"
    assert table.refused(None, "set_points", seat=1, points=3).code == "out_of_bounds"
    assert table.refused(1, "set_points", seat=1, points=1).code == "not_now"
    table.act(None, "set_stalemate", count=5)
    table.act(0, "pass")  # a drawn stalemate: 1 point each, Ann reaches 3
    assert table.state["points"] == [3, 1] and table.state["phase"] == "over"
    assert table.outcome["winners"] == [0]


def test_the_match_score_is_not_offered_in_a_single_game():
    table = playing()
    assert "set_points" not in table.allowed(None)
    assert "move_piece" in table.allowed(None) and "move_piece" not in table.allowed(0)


def test_corrections_are_for_the_turns_only_and_set_tile_stays_for_the_setup():
    table = entered()
    assert table.refused(None, "move_piece", piece=0, tile=0).code == "not_now"
    assert table.refused(None, "correct_tile", tile=0, face="dark").code == "not_now"
    with pytest.raises(BadInput):
        playing().act(None, "set_stalemate", count="x")


def test_a_tile_entered_names_the_table_screen_and_a_fixed_tile_says_from_and_to():
    table = at_table("quorsum", ["Ann", "Bo"], layout="entered")
    table.act(None, "set_tile", tile=t(1, 2), value=4, face="dark")
    assert table.lines(None)[-1] == [
        "{who_t}: tile ({row},{col}) set to {value}, {face_t} face up.",
        {"row": 1, "col": 2, "value": 4, "face_t": "dark", "who_t": ["Table screen", {}]},
    ]
    table.act(None, "set_tile", tile=t(1, 2), value=5, face="light")
    assert table.lines(None)[-1] == [
        "{who_t}: tile ({row},{col}) {v0} {face0_t} → {v1} {face1_t}",
        {
            "who_t": ["Table screen", {}],
            "row": 1,
            "col": 2,
            "v0": 4,
            "face0_t": "dark",
            "v1": 5,
            "face1_t": "light",
        },
    ]
    old = {"type": "TileSet", "tile": 1, "row": 1, "col": 2, "value": 4, "face": "dark"}
    assert Q.GAME.describe(old, ["Ann", "Bo"])[0] == (
        "Tile ({row},{col}) set to {value}, {face_t} face up."
    )


# --- The table's own dice -------------------------------------------------------------------


def test_the_opening_roll_is_entered_as_the_table_rolled_it():
    table = entered()
    events = table.act(1, "rolloff", die0=2, die1=5)
    assert events[0] == {"type": "Rolloff", "dice": [2, 5]}
    assert table.state["chooser"] == 1


def test_every_roll_of_a_turn_is_entered_as_the_table_rolled_it():
    """A move, its chain step and a flip, each with the real dice: no die comes from the app."""
    table = playing()
    # Ann's piece 0 on (1,1) dark: 3 dice to (2,1) (value 2), planned on to (3,1) (value 5);
    # 1 die to flip (3,3) (value 2).
    table.act(0, "declare", pieces=[0, 0, -1], tiles=[t(2, 1), t(3, 1), t(3, 3)], dice=[3, 0, 1])
    table.act(0, "resolve", index=0, values=[6, 2, 1])  # two dice met 2: a chain of 2 dice
    table.act(0, "resolve", index=0, values=[5, 3])  # (3,1) value 5: moved
    rolls = [r["values"] for r in table.state["plan"][0]["rolls"]]
    assert rolls == [[6, 2, 1], [5, 3]] and table.state["pieces"][0]["tile"] == t(3, 1)
    table.act(0, "resolve", index=1, values=[2])  # the chain step folds into action 0
    assert table.state["tiles"][t(3, 3)]["face"] == "dark"


def test_entered_dice_of_the_wrong_count_are_refused_with_the_games_reason():
    table = playing()
    table.act(0, "declare", pieces=[0], tiles=[t(2, 1)], dice=[2])
    err = table.refused(0, "resolve", index=0, values=[6])
    assert err.code == "dice_count" and err.params == {"n": 2}


# --- A whole mid-game position, entered from scratch ----------------------------------------


def test_a_mid_game_position_entered_from_scratch_plays_on_to_the_match_result():
    """A match to 3 points, joined in the middle: the score is Ann 1, Bo 1, the stalemate cube
    shows 2, Ann's piece 1 is home on (1,1) and piece 0 is on (4,3), one step from home (4,4);
    Bo's pieces are on (3,1) and (2,4), one step from their homes (4,1) and (1,4). The table's
    (4,3) is light (the app's layout said dark), so Ann must flip (4,4) (value 2, dark) before
    her piece can step onto it.

    Ann declares 2 dice to flip (4,4) and 2 to move piece 0 onto it; the flip rolls 3, 1
    (3 ≥ 2: flipped to light), the move rolls 2, 1 (2 ≥ 2: home). Both of Ann's pieces are
    home and neither of Bo's is: a double win, 2 points. Ann 1 + 2 = 3 reaches the target;
    Bo stays on 1. Ann wins the match 3 to 1.
    """
    table = entered(match_points=3)
    table.act(None, "rolloff", die0=6, die1=2)
    table.act(0, "choose", option="A")
    table.act(1, "place", owners=[0, 1, 1, 0])
    table.act(None, "set_points", seat=0, points=1)
    table.act(None, "set_points", seat=1, points=1)
    table.act(None, "set_stalemate", count=2)
    table.act(None, "move_piece", piece=0, tile=t(4, 3))
    table.act(None, "move_piece", piece=1, tile=t(1, 1))
    table.act(None, "move_piece", piece=2, tile=t(3, 1))
    table.act(None, "move_piece", piece=3, tile=t(2, 4))
    table.act(None, "correct_tile", tile=t(4, 3), face="light")
    v = table.view(None)
    assert [p["distance"] for p in v["pieces"]] == [1, 0, 1, 1]
    assert v["stalemate"]["count"] == 2 and v["match"]["points"] == [1, 1]
    assert t(4, 4) not in [m["tile"] for m in v["targets"]["moves"][0]["tiles"]]  # dark

    table.act(0, "declare", pieces=[-1, 0], tiles=[t(4, 4), t(4, 4)], dice=[2, 2])
    table.act(0, "resolve", index=0, values=[3, 1])
    events = table.act(0, "resolve", index=1, values=[2, 1])
    assert [e["type"] for e in events][-2:] == ["GameEnded", "MatchEnded"]
    result = table.outcome
    assert result["winners"] == [0]
    assert [row["score"] for row in result["rows"]] == [3, 1]
    assert events[-2]["kind"] == "double" and events[-2]["points"] == [2, 0]
    lines = [msgid for msgid, _ in table.lines(None)]
    assert lines.count("{who_t}: {name}'s counter_t {before} → {after}") == 0
    assert lines.count("{who_t}: {name}'s {counter_t} {before} → {after}") == 2
