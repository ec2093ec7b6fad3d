"""Rules tests for Quorsum (the package companion/games/quorsum/): pure rules, no Flask: the
odds tables, setup, the view and translations. Turns and the end have their own modules."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction

import pytest

from companion.games import quorsum as Q
from companion.games.kit import SHELL_VIEW_KEYS, BadInput, BadValue, NotAllowed
from companion.games.quorsum.board import distance, home_of
from companion.games.quorsum.data import CORNERS
from companion.games.quorsum.dice import chain_chance, success_chance
from tests.games.quorsum_setups import (
    NAMES,
    ROOT,
    STD,
    act,
    board,
    brute_chain,
    new_table,
    playing,
    put,
    refused,
    t,
    to_declare,
    types,
)

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


@pytest.mark.parametrize(
    "values,dice", [([4], 3), ([5, 3], 3), ([2, 6, 4], 4), ([6, 6], 2), ([3, 3, 3], 1)]
)
def test_chain_chance_equals_an_exhaustive_count_of_the_dice(values, dice):
    assert chain_chance(values, dice) == brute_chain(values, dice)


def test_distance_is_manhattan_and_a_corner_starts_six_from_its_home():
    assert distance(t(1, 1), t(4, 4)) == 6
    assert distance(t(2, 3), t(4, 1)) == 4
    for corner in CORNERS:
        assert distance(corner, home_of(corner)) == 6


# --- Setup ----------------------------------------------------------------------------------


def test_options_default_to_the_digest_readings():
    defaults = {o.name: o.default for o in Q.GAME.options}
    assert defaults == {
        # Every game's table clocks, off (the kit's, without the game writing them).
        "clocks": False,
        "turn_limit": 0,
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
    refused(state, 0, "set_tile", error=NotAllowed, tile=0, value=2, face="dark")
    cells = board(STD)
    events = []
    for tile, cell in enumerate(cells):
        state, events = act(
            state, None, "set_tile", tile=tile, value=cell["value"], face=cell["face"]
        )
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
        state, _ = act(state, None, "set_tile", tile=tile, value=6, face="dark")
    refused(
        state, None, "set_tile", error=BadValue, code="no_tile_left", tile=5, value=6, face="dark"
    )
    # Re-entering a tile that already holds a 6 is a correction, not a sixth tile.
    state, _ = act(state, None, "set_tile", tile=4, value=6, face="light")
    assert state["tiles"][4] == {"value": 6, "face": "light"}
    assert Q.view(state, None)["layout"]["left"][-1] == {"value": 6, "left": 0}


def test_the_host_may_correct_a_tile_until_the_first_turn_but_not_after():
    state = new_table()
    state, _ = act(state, None, "set_tile", tile=0, value=2, face="light")
    assert state["tiles"][0] == {"value": 2, "face": "light"}
    state = playing()
    assert "set_tile" not in Q.allowed(state, None)
    refused(state, None, "set_tile", error=NotAllowed, code="not_now", tile=0, value=2, face="dark")


def test_matching_opening_dice_are_rolled_again():
    state = new_table()
    state, events = act(state, None, "rolloff", die0=4, die1=4)
    assert types(events) == ["Rolloff", "RolloffTied"]
    assert state["phase"] == "rolloff" and state["chooser"] is None
    state, _ = act(state, 1, "rolloff", die0=2, die1=5)
    assert state["phase"] == "choose" and state["chooser"] == 1


def test_the_app_rolls_opening_dice_that_are_left_out():
    state, events = act(new_table(), None, "rolloff", seed=3)
    dice = events[0]["dice"]
    assert all(1 <= d <= 6 for d in dice)
    if dice[0] != dice[1]:
        assert state["chooser"] == (0 if dice[0] > dice[1] else 1)
    state, events = act(new_table(), None, "rolloff", die0=3, seed=3)
    assert events[0]["dice"][0] == 3


def test_option_a_gives_the_chooser_the_first_turn_and_the_other_places():
    state, _ = act(new_table(), None, "rolloff", die0=6, die1=1)
    refused(state, 1, "choose", error=NotAllowed, option="A")
    assert Q.allowed(state, 1) == []
    state, _ = act(state, 0, "choose", option="A")
    assert (state["first"], state["placer"]) == (0, 1)
    assert Q.view(state, None)["turn"] == 1  # Bob places now
    refused(state, 0, "place", error=NotAllowed, owners=[0, 1, 1, 0])
    state, _ = act(state, 1, "place", owners=[0, 1, 1, 0])
    assert state["turn"] == 0 and state["phase"] == "declare"


def test_option_b_lets_the_chooser_place_and_the_other_moves_first():
    state, _ = act(new_table(), None, "rolloff", die0=1, die1=6)
    state, _ = act(state, None, "choose", option="B")  # the table screen may tap it too
    assert (state["first"], state["placer"]) == (0, 1)
    state, events = act(state, None, "place", owners=[1, 0, 0, 1])
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
    state, _ = act(new_table(), None, "rolloff", die0=6, die1=1)
    state, _ = act(state, 0, "choose", option="B")
    refused(state, 0, "place", error=error, code=code, owners=owners)


# --- View and privacy -----------------------------------------------------------------------


def test_every_viewer_sees_the_same_view_because_nothing_is_secret():
    state, _ = act(playing(), None, "declare", pieces=[0], tiles=[t(1, 2)], dice=[2])
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
        state, _ = act(state, None, "set_tile", tile=tile, **cell)
    states.append(state)
    state = to_declare(state)
    states.append(state)
    state, _ = act(state, None, "declare", pieces=[0, -1], tiles=[t(1, 2), t(3, 3)], dice=[3, 1])
    state, _ = act(state, None, "roll", index=0, seed=2)
    states.append(state)
    for s in states:
        assert json.loads(json.dumps(s)) == s
        for viewer in (None, 0, 1):
            v = Q.view(s, viewer)
            assert json.loads(json.dumps(v)) == v


def test_describe_has_a_fallback_for_unknown_events():
    assert Q.GAME.describe({"type": "Mystery"}, NAMES) == ["Mystery", {}]


# Events logged before events carried seats only: the same line must come out of each.
def named(new: dict, **names: str) -> tuple[dict, dict]:
    """An event as logged before events carried seats only (with ``names``), and as now."""
    return {**new, **names}, new


OLD_AND_NEW_EVENTS = [
    named({"type": "ChooserSet", "seat": 1}, name="Bob"),
    named({"type": "Rolloff", "dice": [2, 5]}, name0="Ann", name1="Bob"),
    named({"type": "OpeningChosen", "seat": 0, "option": "B"}, name="Ann", other="Bob"),
    named(
        {"type": "PiecesPlaced", "seat": 1, "owners": [0, 1, 1, 0], "first": 0},
        name="Bob",
        first="Ann",
    ),
    named(
        {"type": "Declared", "seat": 0, "actions": 1, "dice": 2, "given_up": 2, "percent": 75.0},
        name="Ann",
    ),
    named({"type": "DiceGivenUp", "seat": 1}, name="Bob"),
    named(
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
        name="Ann",
    ),
    named({"type": "ChainStopped", "seat": 0}, name="Ann"),
    named(
        {"type": "TurnEnded", "seat": 1, "unused": 0, "progress": False, "count": 2, "limit": 6},
        name="Bob",
    ),
    named(
        {
            "type": "GameEnded",
            "n": 1,
            "winner": 1,
            "kind": "stalemate",
            "step": "other",
            "points": [0, 1],
            "count": 6,
        },
        name="Bob",
    ),
    named({"type": "MatchEnded", "winner": 0, "points": [1, 0]}, name="Ann"),
]


@pytest.mark.parametrize("old,new", OLD_AND_NEW_EVENTS, ids=lambda e: e["type"])
def test_an_event_logged_with_names_reads_the_same_as_one_with_seats(old, new):
    assert Q.GAME.describe(old, NAMES) == Q.GAME.describe(new, NAMES)
    assert Q.GAME.describe(old, NAMES)[1].get("name", "Ann") in NAMES


def test_new_events_carry_seats_not_names():
    state, events = act(new_table(), None, "rolloff", die0=2, die1=5)
    state, more = act(state, 1, "choose", option="B")
    state, placed = act(state, 1, "place", owners=[0, 1, 1, 0])
    state, passed = act(state, 0, "pass")
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
