"""How Quorsum ends: winning, the stalemate and match play."""

from __future__ import annotations

from companion.games import quorsum as Q
from companion.games.kit import RulesError
from companion.games.quorsum.board import seat_distances
from tests.games.quorsum_setups import (
    STD,
    act,
    board,
    new_table,
    outcome,
    pass_turns,
    playing,
    put,
    refused,
    stalemate_after,
    t,
    to_declare,
    types,
)

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
    state, _ = act(state, None, "declare", pieces=[0, -1], tiles=[t(4, 4), t(2, 3)], dice=[2, 2])
    state, events = act(state, None, "resolve", index=0, values=[1, 2])  # (4,4) value 2
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
    state, _ = act(state, None, "declare", pieces=[0], tiles=[t(4, 4)], dice=[1])
    state, events = act(state, None, "resolve", index=0, values=[2])
    assert events[-2]["kind"] == "double" and state["points"] == [2, 0]
    assert outcome(state)["rows"][0]["score"] == 2


def test_one_piece_home_is_not_yet_a_win():
    state = playing()
    put(state, 0, 4, 3)
    put(state, 1, 3, 1)
    state["tiles"][t(3, 1)]["face"] = "dark"
    state, _ = act(state, None, "declare", pieces=[0], tiles=[t(4, 4)], dice=[1])
    state, events = act(state, None, "resolve", index=0, values=[6])
    assert "GameEnded" not in types(events) and outcome(state) is None


def test_actions_after_the_end_are_refused():
    state = _near_win(opponent_home=False)
    state, _ = act(state, None, "declare", pieces=[0], tiles=[t(4, 4)], dice=[1])
    state, _ = act(state, None, "resolve", index=0, values=[6])
    for actor in (None, 0, 1):
        assert Q.allowed(state, actor) == []
    refused(state, 0, "pass", error=RulesError, code="game_over")
    refused(state, 1, "declare", error=RulesError, pieces=[2], tiles=[2], dice=[1])


# --- Stalemate ------------------------------------------------------------------------------


def test_six_turns_without_progress_end_the_game_in_a_stalemate():
    state = playing()
    state = pass_turns(state, 5)
    assert state["stalemate"] == 5 and state["phase"] == "declare"
    stalemate = Q.view(state, None)["stalemate"]
    assert stalemate.pop("standing")["winner"] is None  # all four pieces still 6 from home
    assert stalemate == {"count": 5, "limit": 6, "rule": "record"}
    state, events = act(state, state["turn"], "pass")
    assert events[-2]["type"] == "GameEnded" and state["phase"] == "over"


def test_the_stalemate_limit_is_a_table_option():
    state = pass_turns(playing(stalemate_turns=2), 1)
    assert outcome(state) is None
    state = pass_turns(state, 1)
    assert outcome(state) is not None


def test_a_stalemate_goes_to_the_player_whose_closest_piece_is_nearer_home():
    # Ann: piece 0 on (4,3) is 1 from home, piece 1 on (1,4) is 3; Bob: 2 and 2.
    state, events = stalemate_after({0: (4, 3), 1: (1, 4), 2: (3, 2), 3: (2, 3)})
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
    state, events = stalemate_after({1: (1, 1), 0: (2, 2), 3: (1, 4), 2: (3, 3)})
    # Ann: 0 and 4 ((2,2) to (4,4)); Bob: 0 and 3 ((3,3) to (4,1)).
    assert seat_distances(state, 0) == [0, 4] and seat_distances(state, 1) == [0, 3]
    assert events[-2]["winner"] == 1 and events[-2]["step"] == "other"
    assert outcome(state)["winners"] == [1]


def test_a_stalemate_with_equal_distances_is_a_draw_and_both_score_a_point():
    state, events = stalemate_after({0: (4, 2), 1: (1, 4), 2: (3, 2), 3: (2, 2)})
    assert seat_distances(state, 0) == seat_distances(state, 1) == [2, 3]
    assert events[-2]["kind"] == "draw" and events[-2]["winner"] is None
    res = outcome(state)
    assert res["winners"] == [] and res["headline"] == ["It is a draw", {}]
    assert state["points"] == [1, 1]


def test_a_stalemate_from_the_start_is_a_draw():
    state, events = stalemate_after({})
    assert events[-2]["kind"] == "draw"


def test_with_draw_points_zero_a_drawn_single_game_is_replayed():
    state, events = stalemate_after({}, draw_points=0)
    assert state["points"] == [0, 0] and state["phase"] == "ended"
    assert outcome(state) is None and Q.allowed(state, 1) == ["next_game"]


def _step_back_and_forth(**options):
    """Ann steps piece 0 forward, back and forward again while Bob passes."""
    state = playing(**options)
    counters = []
    for dest in (t(1, 2), t(1, 1), t(1, 2)):
        state, _ = act(state, None, "declare", pieces=[0], tiles=[dest], dice=[1])
        state, _ = act(state, None, "resolve", index=0, values=[6])
        state, _ = act(state, None, "stop")
        counters.append(state["stalemate"])
        state, _ = act(state, 1, "pass")
        counters.append(state["stalemate"])
    return counters


def test_stepping_back_and_forth_is_not_progress_under_the_record_reading():
    assert _step_back_and_forth() == [0, 1, 2, 3, 4, 5]


def test_under_the_turn_reading_any_step_nearer_home_resets_the_counter():
    assert _step_back_and_forth(progress="turn") == [0, 1, 2, 3, 0, 1]


def test_progress_by_either_player_resets_the_counter():
    state = pass_turns(playing(), 3)
    assert state["stalemate"] == 3 and state["turn"] == 1
    state, _ = act(state, 1, "declare", pieces=[3], tiles=[t(3, 1)], dice=[1])
    state["tiles"][t(3, 1)]["face"] = "light"  # (scenario) make the step legal
    state, _ = act(state, 1, "resolve", index=0, values=[6])
    state, events = act(state, 1, "end_turn")
    assert events[-1]["progress"] is True and state["stalemate"] == 0


# --- Match play -----------------------------------------------------------------------------


def _win_stalemate_for(state, seat):
    """End the current game by stalemate, won by ``seat`` on the closest piece."""
    mine = [p for p in range(4) if state["pieces"][p]["owner"] == seat]
    piece = state["pieces"][mine[0]]
    piece["tile"] = piece["home"] - 1 if piece["home"] % 4 else piece["home"] + 1
    piece["best"] = 1
    return pass_turns(state, state["options"]["stalemate_turns"])


def test_a_match_is_played_to_the_agreed_points_with_alternating_opening_choice():
    state = new_table(match_points=3, stalemate_turns=2)
    state = to_declare(state)
    assert state["chooser"] == 0
    state = _win_stalemate_for(state, 1)
    assert state["phase"] == "ended" and state["points"] == [0, 1] and outcome(state) is None
    view = Q.view(state, None)
    assert view["last_game"]["winner"] == 1 and view["match"]["points"] == [0, 1]
    state, events = act(state, 1, "next_game")
    assert types(events)[:2] == ["GameStarted", "LayoutDrawn"]
    # Game 2: Bob chooses without a roll-off.
    assert state["game_no"] == 2 and state["phase"] == "choose" and state["chooser"] == 1
    assert state["points"] == [0, 1] and state["stalemate"] == 0
    state = to_declare(state)
    state = _win_stalemate_for(state, 0)
    state, _ = act(state, None, "next_game")
    assert state["chooser"] == 0
    state = to_declare(state)
    state = _win_stalemate_for(state, 0)
    assert state["points"] == [2, 1] and state["phase"] == "ended"
    state, _ = act(state, None, "next_game")
    state = to_declare(state)
    state = _win_stalemate_for(state, 0)
    res = outcome(state)
    assert res["winners"] == [0] and res["rows"][0]["score"] == 3
    assert res["reason"] == ["{name} reached {target} points.", {"name": "Ann", "target": 3}]
    games = [ln for ln in res["rows"][1]["lines"] if ln[0].startswith("Game {game}: {kind_t}")]
    assert len(games) == 4


def test_a_match_can_roll_off_again_every_game_as_an_option():
    state = new_table(match_points=2, stalemate_turns=2, match_opening="rolloff")
    state = _win_stalemate_for(to_declare(state), 0)
    state, _ = act(state, None, "next_game")
    assert state["phase"] == "rolloff" and state["chooser"] is None


def test_an_entered_layout_is_entered_again_for_the_next_game():
    state = new_table(match_points=2, stalemate_turns=2, layout="entered")
    for tile, cell in enumerate(board(STD)):
        state, _ = act(state, None, "set_tile", tile=tile, **cell)
    state = _win_stalemate_for(to_declare(state), 0)
    state, _ = act(state, None, "next_game")
    assert state["phase"] == "layout" and state["tiles"] == [None] * 16


def test_equal_scores_at_the_target_draw_the_match():
    state = new_table(match_points=2, stalemate_turns=2)
    state = pass_turns(to_declare(state), 2)  # draw: 1-1
    assert state["phase"] == "ended" and state["points"] == [1, 1]
    state, _ = act(state, None, "next_game")
    state = pass_turns(to_declare(state), 2)  # draw: 2-2
    res = outcome(state)
    assert res["winners"] == [] and res["reason"][0].startswith("Both players reached")


def test_a_double_win_counts_two_match_points():
    state = new_table(match_points=3)
    state["tiles"] = board(STD)
    state = to_declare(state)
    put(state, 1, 1, 1)
    put(state, 0, 4, 3)
    state, _ = act(state, None, "declare", pieces=[0], tiles=[t(4, 4)], dice=[1])
    state, _ = act(state, None, "resolve", index=0, values=[6])
    assert state["points"] == [2, 0] and state["phase"] == "ended"
