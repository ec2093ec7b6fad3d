"""Quorsum's view additions for the screens: the declaration planner, arrows, standing, layout.

The planner lists every one-tap change to the turn's declaration as the finished ``declare``
lists; these tests post each of them back through the rules and check what they declare.
"""

from __future__ import annotations

from fractions import Fraction

from companion.games import quorsum as Q
from companion.games.kit.odds import odds
from companion.games.quorsum.dice import chain_chance

from .quorsum_setups import STD, act, board, new_table, playing, put, t


def declare_lists(state, lists):
    """Post one planner option back as a ``declare`` (the comma lists a form would send)."""
    parsed = {k: [int(x) for x in v.split(",")] for k, v in lists.items()}
    return act(state, state["turn"], "declare", **parsed)


def test_the_planner_offers_each_neighbour_of_each_own_piece_with_the_odds_of_one_to_four_dice():
    state = playing()  # Ann (seat 0) owns pieces 0 at (1,1) and 1 at (4,4)
    planner = Q.view(state, None)["planner"]
    assert planner["dice_left"] == 4
    assert [m["piece"] for m in planner["moves"]] == [0, 1]
    first = planner["moves"][0]
    assert {o["tile"] for o in first["options"]} == {t(1, 2), t(2, 1)}
    step = next(o for o in first["options"] if o["tile"] == t(1, 2))  # 4d, same colour as 3d
    assert step["problem_t"] is None and step["value"] == 4
    assert [c["dice"] for c in step["choices"]] == [1, 2, 3, 4]
    assert [c["chance"]["percent"] for c in step["choices"]] == [50.0, 75.0, 87.5, 93.8]
    state2, _ = declare_lists(state, step["choices"][2]["lists"])
    assert state2["plan"][0]["kind"] == "move" and state2["plan"][0]["dice"] == 3
    assert state2["plan"][0]["tile"] == t(1, 2) and state2["given_up"] == 1


def test_neighbours_of_the_other_colour_are_listed_last_with_the_reason():
    state = playing()
    piece1 = Q.view(state, None)["planner"]["moves"][1]  # (4,4) is 2d; (4,3) 5d, (3,4) 6d
    assert all(o["problem_t"] is None for o in piece1["options"])
    state["tiles"][t(3, 4)]["face"] = "light"
    piece1 = Q.view(state, None)["planner"]["moves"][1]
    assert [o["tile"] for o in piece1["options"]] == [t(4, 3), t(3, 4)]
    assert piece1["options"][1]["problem_t"] == (
        "A piece may only move onto a tile of the same colour as its own tile."
    )


def test_adding_to_a_declaration_keeps_what_was_declared_and_spends_only_the_dice_left():
    state = playing()
    flips = Q.view(state, None)["planner"]["flips"]
    assert t(1, 1) not in {f["tile"] for f in flips}  # occupied tiles cannot be flipped
    flip = next(f for f in flips if f["tile"] == t(3, 3))
    state, _ = declare_lists(state, flip["choices"][0]["lists"])  # 1 die to flip (3,3)
    planner = Q.view(state, None)["planner"]
    assert planner["dice_left"] == 3
    assert t(3, 3) not in {f["tile"] for f in planner["flips"]}  # already declared
    move = planner["moves"][0]["options"][0]
    assert [c["dice"] for c in move["choices"]] == [1, 2, 3]
    state, _ = declare_lists(state, move["choices"][2]["lists"])
    assert [(a["kind"], a["tile"], a["dice"]) for a in state["plan"]] == [
        ("flip", t(3, 3), 1),
        ("move", move["tile"], 3),
    ]
    assert Q.view(state, None)["planner"]["dice_left"] == 0
    assert all(
        not m_o["choices"] for m in Q.view(state, None)["planner"]["moves"] for m_o in m["options"]
    )


def test_a_planned_chain_step_shows_the_chain_odds_and_can_be_trimmed_again():
    state = playing()
    state, _ = act(state, None, "declare", pieces=[0], tiles=[t(1, 2)], dice=[3])
    chain = Q.view(state, None)["planner"]["chains"][0]
    assert chain["index"] == 0 and chain["piece"] == 0
    # From (1,2): (1,1) is where it came from; (1,3) is 5l (other colour); (2,2) is 6l.
    assert [o["tile"] for o in chain["options"]] == [t(1, 3), t(2, 2)]
    assert all(o["problem_t"] for o in chain["options"])
    state["tiles"][t(2, 2)]["face"] = "dark"
    chain = Q.view(state, None)["planner"]["chains"][0]
    down = chain["options"][0]
    assert down["tile"] == t(2, 2) and down["problem_t"] is None
    assert Fraction(down["chance"]["num"], down["chance"]["den"]) == chain_chance([4, 6], 3)
    state, _ = declare_lists(state, down["lists"])
    assert state["plan"][0]["path"] == [t(2, 2)]
    edit = Q.view(state, None)["planner"]["edits"][0]
    assert edit["remove"] is None  # the only action: nothing to remove it in favour of
    state, _ = declare_lists(state, edit["trim"])
    assert state["plan"][0]["path"] == []


def test_changing_the_dice_of_a_declared_action_or_removing_it_keeps_the_others():
    state = playing()
    state, _ = act(
        state, None, "declare", pieces=[-1, 0, 0], tiles=[t(3, 3), t(1, 2), t(2, 2)], dice=[1, 2, 0]
    )
    edits = Q.view(state, None)["planner"]["edits"]
    assert [c["dice"] for c in edits[1]["choices"]] == [1, 2, 3]  # 1 die left to add
    assert [c["current"] for c in edits[1]["choices"]] == [False, True, False]
    assert edits[1]["choices"][2]["chance"] == odds(chain_chance([4, 6], 3))
    changed, _ = declare_lists(state, edits[1]["choices"][0]["lists"])
    assert [(a["tile"], a["dice"], a["path"]) for a in changed["plan"]] == [
        (t(3, 3), 1, []),
        (t(1, 2), 1, [t(2, 2)]),
    ]
    removed, _ = declare_lists(state, edits[0]["remove"])
    assert [(a["kind"], a["dice"], a["path"]) for a in removed["plan"]] == [("move", 2, [t(2, 2)])]


def test_the_planner_closes_once_a_die_is_rolled_and_outside_the_turns():
    state = playing()
    state, _ = act(state, None, "declare", pieces=[0, 1], tiles=[t(1, 2), t(4, 3)], dice=[1, 1])
    assert Q.view(state, None)["planner"] is not None
    state, _ = act(state, None, "resolve", index=0, values=[1])
    assert state["phase"] == "resolve" and Q.view(state, None)["planner"] is None
    assert Q.view(new_table(), None)["planner"] is None


def test_pieces_and_corners_face_their_home_with_an_arrow():
    state = playing()
    put(state, 0, 1, 3)  # Ann's piece from (1,1), home (4,4)
    arrows = [p["arrow"] for p in Q.view(state, None)["pieces"]]
    assert arrows == ["↘", "↖", "↙", "↗"]
    put(state, 0, 4, 3)
    put(state, 1, 1, 1)  # home (1,1)
    arrows = [p["arrow"] for p in Q.view(state, None)["pieces"]]
    assert arrows[:2] == ["→", ""]
    corners = Q.view(new_table(), None)["opening"]["corners"]
    assert [(c["arrow"], c["home_row"], c["home_col"]) for c in corners] == [
        ("↘", 4, 4),
        ("↙", 4, 1),
        ("↗", 1, 4),
        ("↖", 1, 1),
    ]


def test_the_six_placements_are_every_way_to_give_each_player_two_corners():
    placements = Q.view(new_table(), None)["opening"]["placements"]
    assert len({p["owners"] for p in placements}) == 6
    for p in placements:
        assert sorted(p["by_corner"]) == [0, 0, 1, 1]
        assert p["owners"] == ",".join(map(str, p["by_corner"]))


def test_the_stalemate_standing_names_who_the_tiebreak_favours_now():
    state = playing()
    assert Q.view(state, None)["stalemate"]["standing"]["winner"] is None
    put(state, 2, 2, 4)  # Bob's piece from (1,4) towards (4,1): 5 from home
    standing = Q.view(state, None)["stalemate"]["standing"]
    assert standing["winner"] == 1 and standing["winner_name"] == "Bob"
    assert standing["step"] == "closest" and standing["step_t"] == "closest pieces"
    assert standing["distances"] == [[6, 6], [5, 6]]
    assert Q.view(new_table(), None)["stalemate"]["standing"] is None


def test_the_entered_layout_names_the_next_tile_to_enter():
    state = new_table(layout="entered")
    assert Q.view(state, None)["layout"]["next"] == {"tile": 0, "row": 1, "col": 1}
    for tile, cell in enumerate(board(STD)[:5]):
        state, _ = act(state, None, "set_tile", tile=tile, **cell)
    assert Q.view(state, None)["layout"]["next"] == {"tile": 5, "row": 2, "col": 2}


def test_an_action_tells_how_many_dice_its_next_roll_uses_and_the_planned_step():
    state = playing()
    state["tiles"][t(2, 2)]["face"] = "dark"
    state, _ = act(state, None, "declare", pieces=[0, 0], tiles=[t(1, 2), t(2, 2)], dice=[3, 0])
    action = Q.view(state, None)["declaration"]["actions"][0]
    assert action["roll_dice"] == 3 and action["planned_next"] is None
    state, _ = act(state, None, "resolve", index=0, values=[5, 4, 2])
    action = Q.view(state, None)["declaration"]["actions"][0]
    assert action["roll_dice"] == 2 and action["planned_next"] == t(2, 2)
