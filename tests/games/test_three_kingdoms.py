"""3 Kingdoms Battle (鬪三國): the rules, tested without the web layer.

Scenario tests build a mid-game board directly (cities as the game stores them) and then act
through the kit's driver, as the platform does: the same checks, a copy, seeded randomness.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from companion.games.kit import SHELL_VIEW_KEYS, BadValue, NotAllowed, RulesError
from companion.games.kit.driver import action_rng, apply, fresh_copy, run
from companion.games.three_kingdoms import GAME
from companion.games.three_kingdoms.data import PRINTED_NAME
from companion.games.three_kingdoms.dice import hit_chance, top_die_chances

NAMES = ["Ann", "Bob", "Cy"]
ANN, BOB, CY = 0, 1, 2


def new(n: int = 3, **options: Any) -> dict[str, Any]:
    opts = {o.name: o.default for o in GAME.options}
    opts.update(options)
    return GAME.setup(["Ann", "Bob", "Cy", "Dee", "Eve"][:n], opts, random.Random(0))


def act(state: dict[str, Any], actor: int | None, kind: str, seed: int = 1, **params: Any):
    """One action through the kit's driver (checks, a copy, the table's seeded randomness);
    every event has a history line with every placeholder filled."""
    state, events = apply(GAME, state, actor, {"type": kind, **params}, seed, 1)
    assert json.loads(json.dumps(state)) == state
    assert json.loads(json.dumps(events)) == events
    players = [p["name"] for p in state["players"]]
    for event in events:
        msgid, values = GAME.describe(event, players)
        msgid.format(**values)  # every placeholder is filled
    return state, events


def raw(state: dict[str, Any], actor: int | None, kind: str, **params: Any):
    """Run the action past the driver's checks (to see the game's own refusals)."""
    return run(GAME, fresh_copy(state), actor, {"type": kind, **params}, 1, 1)


def add_city(
    state: dict[str, Any],
    troops: dict[int, tuple[int, int]],
    tiles: int = 2,
    spaces: int = 4,
    complete: bool = True,
    owner: int | None = -1,
) -> int:
    """Put a city on the board: ``troops`` maps seat -> (alert, hold)."""
    cid = state["next_city"]
    state["next_city"] += 1
    rows = [[0, 0] for _ in state["players"]]
    for seat, (a, h) in troops.items():
        rows[seat] = [a, h]
    if owner == -1:
        owner = next(iter(troops)) if complete and len(troops) == 1 else None
    size = ("large" if tiles >= 4 else "small") if complete else None
    state["cities"].append(
        {
            "id": cid,
            "tiles": tiles,
            "spaces": spaces,
            "complete": complete,
            "size": size,
            "owner": owner,
            "troops": rows,
        }
    )
    return cid


def city(state: dict[str, Any], cid: int) -> dict[str, Any]:
    return next(c for c in state["cities"] if c["id"] == cid)


def score(state: dict[str, Any], seat: int) -> int:
    return GAME.view(state, None)["players"][seat]["score"]


def supply(state: dict[str, Any], seat: int) -> int:
    return GAME.view(state, None)["players"][seat]["supply"]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


# -- setup, metadata, options -------------------------------------------------------------------


def test_setup_gives_each_player_8_troops_5_command_cards_and_4_stratagems():
    state = new()
    assert json.loads(json.dumps(state)) == state
    view = GAME.view(state, None)
    assert view["tiles_left"] == 71
    assert view["turn"] == 0 and view["round"] == 1 and view["over"] is False
    for p in view["players"]:
        assert (p["supply"], p["alert"], p["hold"], p["score"]) == (8, 0, 0, 0)
        assert p["commands"] == 5 and p["stratagems_left"] == 4
        assert [s["left"] for s in p["stratagems"]] == [True] * 4


def test_game_metadata_and_every_ambiguous_reading_is_an_option_with_the_digest_default():
    assert GAME.id == "three-kingdoms"
    assert GAME.name == "3 Kingdoms Battle"
    assert (GAME.min_players, GAME.max_players) == (3, 5)
    defaults = {o.name: o.default for o in GAME.options}
    assert defaults == {
        "join_contested": True,
        "emptied_city": "idle",
        "hold_hits": "pool",
        "simultaneous_eight": "tiebreak",
        "tiebreak_alert": "map",
        "final_tie": "shared",
    }
    for option in GAME.options:
        if option.kind == "choice":
            assert option.default in [value for value, _ in option.choices]


# -- turns and tiles ----------------------------------------------------------------------------


def test_placing_a_tile_uses_one_tile_and_passes_the_turn_clockwise_and_counts_rounds():
    state = new()
    for seat in (0, 1, 2):
        assert GAME.view(state, None)["turn"] == seat
        state, _ = act(state, seat, "expand", spaces=0)
    view = GAME.view(state, None)
    assert view["tiles_left"] == 68
    assert view["turn"] == 0 and view["round"] == 2


def test_a_player_cannot_act_out_of_turn():
    state = new()
    with pytest.raises(NotAllowed):
        act(state, BOB, "expand", spaces=0)
    with pytest.raises(NotAllowed):
        raw(state, BOB, "expand", spaces=0)


def test_the_table_screen_records_the_action_of_the_player_whose_turn_it_is():
    state, _ = act(new(), None, "expand", spaces=2, alert=1)
    assert GAME.view(state, None)["players"][ANN]["alert"] == 1
    assert GAME.view(state, None)["turn"] == BOB


def test_a_tile_that_fits_nowhere_is_removed_and_the_player_draws_again():
    state, events = act(new(), ANN, "discard_tile")
    assert state["tiles_left"] == 70
    assert GAME.view(state, None)["turn"] == ANN  # still drawing
    assert types(events) == ["TileRemoved"]


def test_troops_on_a_new_tile_are_limited_by_its_garrison_spaces_and_the_supply():
    state = new()
    with pytest.raises(BadValue):
        act(state, ANN, "expand", spaces=1, alert=1, hold=1)
    add_city(state, {ANN: (7, 0)}, spaces=8)
    with pytest.raises(BadValue):
        act(state, ANN, "expand", spaces=2, alert=1, hold=1)
    state, _ = act(state, ANN, "expand", spaces=2, hold=1)
    assert supply(state, ANN) == 0


def test_a_tile_without_garrison_spaces_has_no_city_part():
    with pytest.raises(BadValue):
        act(new(), ANN, "expand", spaces=0, complete=True)
    with pytest.raises(BadValue):
        act(new(), ANN, "expand", spaces=0, alert=1)


def test_troops_placed_on_a_tile_are_alert_or_hold_as_the_player_chooses():
    state, _ = act(new(), ANN, "expand", spaces=2, alert=1, hold=1)
    c = state["cities"][0]
    assert c["troops"][ANN] == [1, 1] and not c["complete"]
    view = GAME.view(state, None)
    assert (view["players"][ANN]["alert"], view["players"][ANN]["hold"]) == (1, 1)
    assert view["players"][ANN]["supply"] == 6
    assert view["players"][ANN]["score"] == 0  # an open city scores nothing


def test_a_city_of_three_tiles_is_small_and_of_four_tiles_large():
    state = new()
    small = add_city(state, {ANN: (1, 0)}, tiles=2, complete=False)
    large = add_city(state, {BOB: (1, 0)}, tiles=3, complete=False)
    state, _ = act(state, ANN, "expand", spaces=1, city=small, complete=True)
    assert city(state, small)["size"] == "small" and score(state, ANN) == 1
    state, _ = act(state, BOB, "expand", spaces=1, city=large, complete=True)
    assert city(state, large)["size"] == "large" and score(state, BOB) == 2


def test_the_players_may_correct_the_size_of_a_city_when_they_complete_it():
    state = new()
    cid = add_city(state, {ANN: (1, 0)}, tiles=2, complete=False)
    state, _ = act(state, ANN, "expand", spaces=1, city=cid, complete=True, size="large")
    assert score(state, ANN) == 2


def test_a_completed_city_without_troops_is_idle():
    state, events = act(new(), ANN, "expand", spaces=1, complete=True)
    c = state["cities"][0]
    assert c["complete"] and c["owner"] is None
    assert GAME.view(state, None)["cities"][0]["idle"] is True
    assert events[1]["outcome"] == "idle"


def test_a_tile_that_joins_two_open_cities_merges_them():
    state = new()
    a = add_city(state, {ANN: (1, 0)}, tiles=2, spaces=3, complete=False)
    b = add_city(state, {BOB: (0, 1)}, tiles=1, spaces=1, complete=False)
    state, _ = act(state, ANN, "expand", spaces=2, city=a, joins=[b], alert=1)
    assert [c["id"] for c in state["cities"]] == [a]
    merged = city(state, a)
    assert (merged["tiles"], merged["spaces"]) == (4, 6)
    assert merged["troops"][ANN] == [2, 0] and merged["troops"][BOB] == [0, 1]


def test_a_tile_may_close_a_second_city_at_the_same_time():
    state = new()
    a = add_city(state, {ANN: (1, 0)}, tiles=1, complete=False)
    b = add_city(state, {ANN: (1, 0)}, tiles=3, complete=False)
    state, _ = act(state, ANN, "expand", spaces=1, city=a, complete=True, also_complete=[b])
    assert city(state, b)["complete"] and city(state, b)["tiles"] == 4
    assert score(state, ANN) == 1 + 2


def test_troops_may_join_a_city_that_holds_other_players_troops_by_default():
    state = new()
    cid = add_city(state, {BOB: (1, 0)}, complete=False)
    state, _ = act(state, ANN, "expand", spaces=1, city=cid, alert=1)
    assert city(state, cid)["troops"][ANN] == [1, 0]


def test_option_forbids_troops_on_a_tile_whose_city_holds_other_players_troops():
    state = new(join_contested=False)
    cid = add_city(state, {BOB: (1, 0)}, complete=False)
    with pytest.raises(BadValue):
        act(state, ANN, "expand", spaces=1, city=cid, alert=1)
    state, _ = act(state, ANN, "expand", spaces=1, city=cid)  # the tile alone is fine
    assert city(state, cid)["tiles"] == 3


def test_expanding_an_unknown_or_completed_city_is_refused():
    state = new()
    done = add_city(state, {ANN: (1, 0)})
    with pytest.raises(BadValue):
        act(state, ANN, "expand", spaces=1, city=done)
    with pytest.raises(BadValue):
        act(state, ANN, "expand", spaces=1, city=42)


# -- civil war ----------------------------------------------------------------------------------


def seed_example_one() -> dict[str, Any]:
    """Digest §4: Ann completes a 4-tile city with 1 Hold troop; Bob has 2 Alert, Cy 1 Alert."""
    state = new()
    cid = add_city(state, {BOB: (2, 0), CY: (1, 0)}, tiles=3, spaces=5, complete=False)
    state, events = act(state, ANN, "expand", spaces=1, city=cid, hold=1, complete=True)
    assert "CivilWarStarted" in types(events)
    return state


def test_the_seed_civil_war_example_gives_the_large_city_to_ann_with_her_hold_troop():
    state = seed_example_one()
    battle = GAME.view(state, None)["battle"]
    assert battle["kind"] == "civil" and battle["mode"] == "highest"
    assert [o["n"] for o in battle["dice_order"]] == [1, 2, 1]
    state, _ = act(state, ANN, "roll", dice=[6, 3, 6, 5])
    assert supply(state, CY) == 8  # Cy's highest die was below the top: all troops home
    assert GAME.view(state, None)["battle"]["mode"] == "duel"
    state, _ = act(state, BOB, "roll", dice=[5, 2, 4])
    assert city(state, 1)["troops"][BOB] == [1, 0]
    state, events = act(state, None, "roll", dice=[6, 3])
    c = city(state, 1)
    assert c["owner"] == ANN and c["troops"][ANN] == [0, 1]
    assert score(state, ANN) == 2 and supply(state, BOB) == 8
    assert state["battle"] is None and GAME.view(state, None)["turn"] == BOB
    assert types(events)[-2:] == ["CivilWarEnded", "TurnPassed"]


def test_the_turn_waits_until_the_civil_war_is_over_and_no_turn_action_is_allowed_meanwhile():
    state = seed_example_one()
    assert GAME.view(state, None)["turn"] == ANN
    assert GAME.allowed(state, ANN) == ["roll"]
    with pytest.raises(RulesError):
        raw(state, ANN, "expand", spaces=0)


def test_players_outside_the_battle_cannot_roll_but_the_player_on_turn_and_host_can():
    state = new(n=4)
    cid = add_city(state, {BOB: (1, 0), CY: (1, 0)}, complete=False)
    state, _ = act(state, ANN, "expand", spaces=1, city=cid, complete=True)
    assert "roll" not in GAME.allowed(state, 3)
    with pytest.raises(NotAllowed):
        raw(state, 3, "roll", dice=[1, 1])
    for seat in (ANN, BOB, CY, None):
        assert "roll" in GAME.allowed(state, seat)


def test_the_wrong_number_of_dice_is_refused():
    state = seed_example_one()
    with pytest.raises(BadValue):
        act(state, ANN, "roll", dice=[6, 3, 6])


def test_without_entered_dice_the_app_rolls_them_with_the_tables_rng():
    state = seed_example_one()
    state, events = act(state, ANN, "roll", seed=7)
    roll_event = next(e for e in events if e["type"] == "CivilRollHighest")
    rng = action_rng(7, 1)  # the table's seed and the action's place in the log
    expected = [rng.randint(1, 6) for _ in range(4)]
    assert roll_event["dice"] == [expected[:1], expected[1:3], expected[3:]]
    _msgid, values = GAME.describe(roll_event, ["Ann", "Bob", "Cy"])
    rolls = [f"Ann {expected[0]}", f"Bob {expected[1]} {expected[2]}", f"Cy {expected[3]}"]
    assert values["dice"] == ["{list}", {"items": rolls}]


def test_several_players_tied_on_the_highest_die_roll_again_by_highest_die():
    state = new(n=4)
    cid = add_city(state, {BOB: (1, 0), CY: (1, 0), 3: (1, 0)}, complete=False)
    state, _ = act(state, ANN, "expand", spaces=1, city=cid, alert=1, complete=True)
    state, _ = act(state, ANN, "roll", dice=[6, 6, 6, 2])
    battle = state["battle"]
    assert battle["sides"] == [ANN, BOB, CY] and battle["mode"] == "highest"
    assert supply(state, 3) == 8


def test_a_unique_highest_die_wins_the_city_outright_and_keeps_its_troops():
    state = seed_example_one()
    state, _ = act(state, ANN, "roll", dice=[2, 6, 1, 5])
    c = city(state, 1)
    assert c["owner"] == BOB and c["troops"][BOB] == [2, 0]
    assert c["troops"][ANN] == [0, 0] and c["troops"][CY] == [0, 0]
    assert state["battle"] is None and score(state, BOB) == 2


def test_a_two_player_civil_war_where_both_sides_fall_together_leaves_the_city_idle():
    state = new()
    cid = add_city(state, {BOB: (1, 0)}, complete=False)
    state, _ = act(state, ANN, "expand", spaces=1, city=cid, alert=1, complete=True)
    assert state["battle"]["mode"] == "duel"
    state, events = act(state, ANN, "roll", dice=[5, 6])
    c = city(state, cid)
    assert c["owner"] is None and GAME.view(state, None)["cities"][0]["idle"]
    assert score(state, ANN) == score(state, BOB) == 0
    assert "CivilWarEnded" in types(events)


def test_in_a_civil_war_hold_troops_have_one_hit_point_and_alert_troops_fall_first():
    state = new()
    cid = add_city(state, {BOB: (1, 2)}, spaces=5, complete=False)
    state, _ = act(state, ANN, "expand", spaces=2, city=cid, alert=2, complete=True)
    state, _ = act(state, ANN, "roll", dice=[5, 6, 1, 1, 1])
    assert city(state, cid)["troops"][BOB] == [0, 1]  # two hits: the Alert one and one Hold


def test_a_placement_that_completes_two_contested_cities_runs_both_civil_wars_in_turn():
    state = new()
    a = add_city(state, {BOB: (1, 0)}, complete=False)
    b = add_city(state, {BOB: (1, 0), CY: (1, 0)}, complete=False)
    state, _ = act(
        state, ANN, "expand", spaces=1, city=a, alert=1, complete=True, also_complete=[b]
    )
    assert state["battle"]["city"] == a and state["civil_queue"] == [b]
    state, _ = act(state, ANN, "roll", dice=[6, 1])
    assert state["battle"]["city"] == b and GAME.view(state, None)["turn"] == ANN
    state, _ = act(state, ANN, "roll", dice=[1, 6])
    assert city(state, b)["owner"] == CY and GAME.view(state, None)["turn"] == BOB


# -- national war -------------------------------------------------------------------------------


def war_board(**options: Any) -> tuple[dict[str, Any], int, int]:
    state = new(**options)
    launch = add_city(state, {ANN: (2, 0)}, tiles=2)
    target = add_city(state, {BOB: (0, 1)}, tiles=4)
    return state, launch, target


def test_the_seed_national_war_example_leaves_both_cities_idle():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target, troops=2)
    assert state["seats"][ANN]["commands"] == 4
    state, _ = act(state, ANN, "roll", dice=[4, 5, 6])
    assert state["battle"]["att"] == 1
    assert city(state, target)["troops"][BOB] == [1, 0]  # the Hold troop turned Alert
    state, events = act(state, ANN, "roll", dice=[5, 5])
    assert city(state, target)["owner"] is None and city(state, launch)["owner"] is None
    assert score(state, ANN) == score(state, BOB) == 0
    assert supply(state, ANN) == supply(state, BOB) == 8
    assert "NationalWarEnded" in types(events) and GAME.view(state, None)["turn"] == BOB


def test_attacking_troops_leave_the_launching_city_and_hits_remove_them_to_supply():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target, troops=1)
    assert city(state, launch)["troops"][ANN] == [1, 0]
    assert GAME.view(state, None)["players"][ANN]["alert"] == 2  # still on the board, fighting
    state, _ = act(state, BOB, "roll", dice=[1, 6])
    assert supply(state, ANN) == 7 and state["battle"] is None  # defender won; launch not empty
    assert city(state, launch)["owner"] == ANN


def test_two_hits_on_one_hold_troop_remove_it_by_default():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 6, 1])
    assert city(state, target)["troops"][BOB] == [0, 0]
    assert state["battle"]["stage"] == "attacker_won"


def test_option_one_hit_per_troop_per_roll_leaves_the_hold_troop_standing_alert():
    state, launch, target = war_board(hold_hits="one_per_troop")
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 6, 1])
    assert city(state, target)["troops"][BOB] == [1, 0]
    assert state["battle"]["stage"] == "rolling"


def test_two_hits_against_one_hold_and_one_alert_defender_leave_one_standing():
    state = new()
    launch = add_city(state, {ANN: (2, 0)})
    target = add_city(state, {BOB: (1, 1)})
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 5, 1, 1])
    assert city(state, target)["troops"][BOB] == [1, 0]


def test_the_attacker_may_call_off_after_a_roll_and_the_survivors_go_home():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    assert "call_off" not in GAME.allowed(state, ANN)
    with pytest.raises(RulesError):
        raw(state, ANN, "call_off")
    state, _ = act(state, ANN, "roll", dice=[1, 1, 6])
    with pytest.raises(NotAllowed):
        raw(state, BOB, "call_off")
    state, _ = act(state, ANN, "call_off")
    assert city(state, launch)["troops"][ANN] == [1, 0]
    assert city(state, target)["owner"] == BOB and state["battle"] is None
    assert GAME.view(state, None)["turn"] == BOB


def test_a_victorious_attacker_moves_in_as_alert_and_takes_the_points():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 5, 1])
    assert GAME.view(state, None)["battle"]["decider"] == ANN
    assert GAME.allowed(state, BOB) == []
    with pytest.raises(BadValue):
        act(state, ANN, "settle", n=3)
    state, events = act(state, ANN, "settle", n=1)
    assert city(state, target)["owner"] == ANN and city(state, target)["troops"][ANN] == [1, 0]
    assert city(state, launch)["troops"][ANN] == [1, 0] and city(state, launch)["owner"] == ANN
    assert score(state, ANN) == 1 + 2 and score(state, BOB) == 0
    assert "CityTaken" in types(events)


def test_an_attacker_who_moves_everyone_into_the_target_leaves_the_launching_city_idle():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 5, 1])
    state, _ = act(state, ANN, "settle", n=2)
    assert city(state, launch)["owner"] is None and score(state, ANN) == 2


def test_an_attacker_who_brings_everyone_home_leaves_the_target_idle_by_default():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 5, 1])
    state, _ = act(state, ANN, "settle", n=0)
    assert city(state, target)["owner"] is None and city(state, launch)["troops"][ANN] == [2, 0]


def test_option_kept_gives_an_abandoned_target_back_to_its_owner():
    state, launch, target = war_board(emptied_city="kept")
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[5, 5, 1])
    state, _ = act(state, ANN, "settle", n=0)
    assert city(state, target)["owner"] == BOB and score(state, BOB) == 2


def test_a_defender_who_empties_the_launching_city_may_move_alert_troops_into_it():
    state = new()
    launch = add_city(state, {ANN: (1, 0)}, tiles=1, spaces=2)
    target = add_city(state, {BOB: (2, 0)}, tiles=2)
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[1, 6, 1])
    assert state["battle"]["stage"] == "defender_won"
    assert GAME.allowed(state, BOB) == ["settle"] and GAME.allowed(state, ANN) == []
    with pytest.raises(NotAllowed):
        raw(state, ANN, "settle", n=1)
    state, _ = act(state, BOB, "settle", n=1)
    assert city(state, launch)["owner"] == BOB and city(state, launch)["troops"][BOB] == [1, 0]
    assert score(state, BOB) == 2 and score(state, ANN) == 0


def test_a_defender_with_only_hold_troops_cannot_move_into_the_empty_launching_city():
    state = new()
    launch = add_city(state, {ANN: (1, 0)}, tiles=1)
    target = add_city(state, {BOB: (0, 2)}, tiles=2)
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    state, _ = act(state, ANN, "roll", dice=[1, 1, 1])
    state, _ = act(state, ANN, "roll", dice=[1, 6, 1])
    assert state["battle"] is None and city(state, launch)["owner"] is None


def test_a_national_war_needs_a_command_card_alert_troops_and_another_players_city():
    state, launch, target = war_board()
    with pytest.raises(BadValue):
        act(state, ANN, "national_war", launch=launch, target=target, troops=3)
    with pytest.raises(BadValue):
        act(state, ANN, "national_war", launch=target, target=launch)
    with pytest.raises(BadValue):
        act(state, ANN, "national_war", launch=launch, target=launch)
    state["seats"][ANN]["commands"] = 0
    assert "national_war" not in GAME.allowed(state, ANN)
    with pytest.raises(RulesError):
        raw(state, ANN, "national_war", launch=launch, target=target)


def test_the_battle_view_shows_both_sides_after_every_roll_and_the_hit_odds():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    battle = GAME.view(state, None)["battle"]
    assert battle["sides"][0]["hit_odds"] == {
        "num": 5,
        "den": 9,
        "fraction": "5/9",
        "percent": 55.6,
    }
    assert battle["sides"][1]["hit_odds"] == {
        "num": 1,
        "den": 3,
        "fraction": "1/3",
        "percent": 33.3,
    }
    assert battle["dice_needed"] == 3
    state, _ = act(state, ANN, "roll", dice=[4, 5, 6])
    battle = GAME.view(state, None)["battle"]
    assert len(battle["history"]) == 1
    msgid, values = battle["history"][0]
    assert (values["att"], values["alert"], values["hold"]) == (1, 1, 0)
    one_hit = ["{n} hit", {"n": 1, "_plural": "{n} hits"}]
    assert (values["a_hits_t"], values["d_hits_t"]) == (one_hit, one_hit)
    assert battle["sides"][1]["alert"] == 1 and battle["sides"][1]["hold"] == 0


# -- stratagems ---------------------------------------------------------------------------------


def test_drive_the_tiger_makes_two_other_players_fight_to_the_end():
    state = new()
    bob_city = add_city(state, {BOB: (2, 0)})
    cy_city = add_city(state, {CY: (0, 1)}, tiles=4)
    with pytest.raises(BadValue):
        act(state, ANN, "drive_tiger", launch=bob_city, target=bob_city)
    state, events = act(state, ANN, "drive_tiger", launch=bob_city, target=cy_city)
    me = state["seats"][ANN]
    assert me["commands"] == 4 and me["stratagems"]["drive_tiger"] is False
    b = state["battle"]
    assert (b["attacker"], b["defender"], b["att"], b["forced"]) == (BOB, CY, 2, True)
    state, _ = act(state, BOB, "roll", dice=[1, 1, 1])
    assert "call_off" not in GAME.allowed(state, BOB)
    with pytest.raises(RulesError):
        raw(state, BOB, "call_off")
    state, _ = act(state, CY, "roll", dice=[5, 5, 1])
    state, _ = act(state, BOB, "settle", n=2)
    assert score(state, BOB) == 2 and score(state, CY) == 0
    assert GAME.view(state, None)["turn"] == BOB


def test_drive_the_tiger_needs_two_cities_of_two_other_players():
    state = new()
    mine = add_city(state, {ANN: (2, 0)})
    bob_city = add_city(state, {BOB: (2, 0)})
    bob_other = add_city(state, {BOB: (1, 0)})
    assert "drive_tiger" not in GAME.allowed(state, ANN)
    with pytest.raises(BadValue):
        raw(state, ANN, "drive_tiger", launch=bob_city, target=bob_other)
    with pytest.raises(BadValue):
        raw(state, ANN, "drive_tiger", launch=mine, target=bob_city)


def test_secret_passage_launches_a_national_war_and_uses_up_the_stratagem():
    state, launch, target = war_board()
    state, _ = act(state, ANN, "secret_passage", launch=launch, target=target, troops=1)
    assert state["battle"]["kind"] == "national" and state["battle"]["att"] == 1
    assert state["seats"][ANN]["stratagems"]["secret_passage"] is False
    assert state["seats"][ANN]["commands"] == 4
    state, _ = act(state, ANN, "roll", dice=[1, 6])  # Bob holds; Ann keeps 1 troop at home
    state, _ = act(state, None, "set_turn", seat=ANN)
    assert "national_war" in GAME.allowed(state, ANN)
    assert "secret_passage" not in GAME.allowed(state, ANN)
    with pytest.raises(RulesError):
        raw(state, ANN, "secret_passage", launch=launch, target=target)


def test_beauty_trap_sends_one_enemy_troop_home_and_adds_one_of_yours():
    state = new()
    mine = add_city(state, {ANN: (1, 0)}, spaces=2)
    theirs = add_city(state, {BOB: (1, 1)})
    state, _ = act(
        state, ANN, "beauty_trap", target=theirs, stance="hold", city=mine, my_stance="hold"
    )
    assert city(state, theirs)["troops"][BOB] == [1, 0] and supply(state, BOB) == 7
    assert city(state, mine)["troops"][ANN] == [1, 1]
    assert state["seats"][ANN]["stratagems"]["beauty_trap"] is False


def test_beauty_trap_that_empties_a_city_leaves_it_idle():
    state = new()
    theirs = add_city(state, {BOB: (1, 0)}, tiles=4)
    state, events = act(state, ANN, "beauty_trap", target=theirs, stance="alert")
    assert city(state, theirs)["owner"] is None and score(state, BOB) == 0
    assert "CityIdle" in types(events)
    with pytest.raises(BadValue):
        raw(new(), ANN, "beauty_trap", target=1, stance="alert")


def test_lure_the_tiger_turns_every_hold_troop_alert_and_may_attack_without_another_card():
    state = new()
    mine = add_city(state, {ANN: (2, 0)})
    theirs = add_city(state, {BOB: (1, 2)})
    state, _ = act(state, ANN, "lure_tiger", target=theirs)
    assert city(state, theirs)["troops"][BOB] == [3, 0] and state["battle"] is None
    assert state["seats"][ANN]["commands"] == 4
    state2 = new()
    mine = add_city(state2, {ANN: (2, 0)})
    theirs = add_city(state2, {BOB: (0, 2)})
    state2, _ = act(state2, ANN, "lure_tiger", target=theirs, launch=mine, troops=2)
    assert state2["battle"]["att"] == 2 and state2["seats"][ANN]["commands"] == 4
    state2, _ = act(state2, ANN, "roll", dice=[5, 5, 1, 1])
    assert state2["battle"]["stage"] == "attacker_won"  # alert defenders fall at the first hit


# -- troop orders, stance, emergency orders, occupying ------------------------------------------


def test_reinforce_puts_one_troop_into_a_controlled_city_with_a_free_space():
    state = new()
    mine = add_city(state, {ANN: (1, 0)}, spaces=2)
    theirs = add_city(state, {BOB: (1, 0)}, spaces=2)
    state2, _ = act(state, ANN, "reinforce", city=mine, stance="hold")
    assert city(state2, mine)["troops"][ANN] == [1, 1]
    with pytest.raises(BadValue):
        act(state, ANN, "reinforce", city=theirs, stance="alert")
    full = new()
    c = add_city(full, {ANN: (2, 0)}, spaces=2)
    with pytest.raises(BadValue):
        raw(full, ANN, "reinforce", city=c, stance="alert")


def test_reinforce_is_impossible_with_an_empty_supply():
    state = new()
    c = add_city(state, {ANN: (8, 0)}, spaces=9)
    assert "reinforce" not in GAME.allowed(state, ANN)
    with pytest.raises(BadValue):
        raw(state, ANN, "reinforce", city=c, stance="alert")


def test_withdrawing_the_last_troop_leaves_the_city_idle_by_default():
    state = new()
    c = add_city(state, {ANN: (0, 1)}, tiles=4)
    state, events = act(state, ANN, "withdraw", city=c, stance="hold")
    assert city(state, c)["owner"] is None and score(state, ANN) == 0 and supply(state, ANN) == 8
    assert "CityIdle" in types(events)


def test_option_kept_lets_an_emptied_city_stay_with_its_owner():
    state = new(emptied_city="kept")
    c = add_city(state, {ANN: (0, 1)}, tiles=4)
    state, _ = act(state, ANN, "withdraw", city=c, stance="hold")
    assert city(state, c)["owner"] == ANN and score(state, ANN) == 2


def test_transfer_moves_one_alert_troop_between_your_cities():
    state = new()
    a = add_city(state, {ANN: (1, 1)})
    b = add_city(state, {ANN: (1, 0)})
    state2, _ = act(state, ANN, "transfer", from_city=a, to_city=b)
    assert city(state2, a)["troops"][ANN] == [0, 1] and city(state2, b)["troops"][ANN] == [2, 0]
    with pytest.raises(BadValue):
        raw(state2, BOB, "transfer", from_city=a, to_city=b)  # not Bob's turn
    state3 = new()
    a = add_city(state3, {ANN: (0, 1)})
    b = add_city(state3, {ANN: (1, 0)})
    with pytest.raises(BadValue):
        raw(state3, ANN, "transfer", from_city=a, to_city=b)  # only Alert troops move
    state4 = new()
    a = add_city(state4, {ANN: (1, 0)})
    b = add_city(state4, {ANN: (1, 0)})
    state4, _ = act(state4, ANN, "transfer", from_city=a, to_city=b)
    assert city(state4, a)["owner"] is None


def test_a_stance_change_turns_chosen_troops_in_one_direction_only():
    state = new()
    a = add_city(state, {ANN: (3, 1)})
    b = add_city(state, {ANN: (1, 0)})
    state2, events = act(state, ANN, "change_stance", direction="to_hold", cities=[a, a, b])
    assert city(state2, a)["troops"][ANN] == [1, 3] and city(state2, b)["troops"][ANN] == [0, 1]
    assert events[0]["n"] == 3
    with pytest.raises(BadValue):
        act(state, ANN, "change_stance", direction="to_alert", cities=[a, a])  # only 1 Hold
    with pytest.raises(BadValue):
        act(state, ANN, "change_stance", direction="to_alert", cities=[])


def test_emergency_orders_add_two_troops_or_take_two_back_with_a_command_card():
    state = new()
    c = add_city(state, {ANN: (1, 0)}, spaces=3)
    state2, _ = act(state, ANN, "emergency", city=c, mode="add", alert=1)
    assert city(state2, c)["troops"][ANN] == [2, 1] and state2["seats"][ANN]["commands"] == 4
    small = new()
    c = add_city(small, {ANN: (1, 0)}, spaces=2)
    with pytest.raises(BadValue):
        act(small, ANN, "emergency", city=c, mode="add")
    with pytest.raises(BadValue):
        act(small, ANN, "emergency", city=c, mode="remove")
    two = new()
    c = add_city(two, {ANN: (1, 1)}, spaces=2)
    two, _ = act(two, ANN, "emergency", city=c, mode="remove", alert=1)
    assert city(two, c)["owner"] is None and supply(two, ANN) == 8


@pytest.mark.parametrize(
    ("tiles", "die", "won", "points"),
    [(2, 3, False, 0), (2, 4, True, 1), (4, 4, False, 0), (4, 5, True, 2), (4, 6, True, 2)],
)
def test_occupying_an_idle_city_needs_4_for_small_and_5_for_large(tiles, die, won, points):
    state = new()
    c = add_city(state, {}, tiles=tiles)
    state, events = act(state, ANN, "occupy", city=c, die=die)
    assert (city(state, c)["owner"] == ANN) is won
    assert score(state, ANN) == points
    assert city(state, c)["troops"][ANN] == ([1, 0] if won else [0, 0])
    assert GAME.view(state, None)["turn"] == BOB  # a failed roll still uses the turn


def test_only_an_idle_city_can_be_occupied_and_not_with_an_empty_supply():
    state = new()
    owned = add_city(state, {BOB: (1, 0)})
    with pytest.raises(BadValue):
        raw(state, ANN, "occupy", city=owned, die=6)
    idle = add_city(state, {})
    add_city(state, {ANN: (8, 0)}, spaces=8)
    assert "occupy" not in GAME.allowed(state, ANN)
    with pytest.raises(BadValue):
        raw(state, ANN, "occupy", city=idle, die=6)


def test_the_view_shows_the_occupation_odds_of_idle_cities():
    state = new()
    add_city(state, {}, tiles=2)
    add_city(state, {}, tiles=5)
    cities = GAME.view(state, None)["cities"]
    assert cities[0]["occupy_odds"]["fraction"] == "1/2" and cities[0]["occupy_from"] == 4
    assert cities[1]["occupy_odds"]["fraction"] == "1/3" and cities[1]["occupy_from"] == 5


# -- the end ------------------------------------------------------------------------------------


def test_reaching_8_points_wins_at_once_and_nothing_more_can_be_done():
    state = new()
    for _ in range(3):
        add_city(state, {ANN: (1, 0)}, tiles=4)
    idle = add_city(state, {}, tiles=4)
    state, events = act(state, ANN, "occupy", city=idle, die=5)
    assert GAME.view(state, None)["over"] is True
    res = GAME.outcome(state)
    assert res["winners"] == [ANN] and res["rows"][ANN]["score"] == 8
    assert "GameEnded" in types(events) and "TurnPassed" not in types(events)
    assert GAME.allowed(state, None) == [] and GAME.allowed(state, BOB) == []
    with pytest.raises(RulesError):
        raw(state, None, "set_turn", seat=BOB)


def test_a_player_who_reaches_8_during_another_players_stratagem_wins_at_once():
    state = new()
    for _ in range(3):
        add_city(state, {BOB: (1, 0)}, tiles=4)
    bob_launch = add_city(state, {BOB: (2, 0)}, tiles=1)
    cy_city = add_city(state, {CY: (1, 0)}, tiles=4)
    state, _ = act(state, ANN, "drive_tiger", launch=bob_launch, target=cy_city)
    state, _ = act(state, BOB, "roll", dice=[5, 1, 1])
    assert GAME.outcome(state) is None  # no points until Bob moves in
    state, _ = act(state, BOB, "settle", n=1)
    assert GAME.outcome(state)["winners"] == [BOB]


def test_the_result_shows_the_arithmetic_of_every_score():
    state = new()
    add_city(state, {ANN: (1, 0)}, tiles=2)
    add_city(state, {ANN: (1, 0)}, tiles=4)
    state["tiles_left"] = 1
    state, _ = act(state, ANN, "expand", spaces=0)
    row = GAME.outcome(state)["rows"][ANN]
    values = [line[1] for line in row["lines"]]
    assert values[0] == {"n": 1, "p": 1} and values[1] == {"n": 1, "p": 2}
    assert values[2] == {"n": 3}


def test_two_players_reaching_8_at_once_are_split_by_score_then_the_tie_break_chain():
    state = new()
    a = add_city(state, {ANN: (1, 0)}, tiles=3, complete=False)
    b = add_city(state, {BOB: (1, 0)}, tiles=3, complete=False)
    for seat in (ANN, BOB):
        for _ in range(3):
            add_city(state, {seat: (1, 0)}, tiles=4)
    state["seats"][BOB]["commands"] = 4
    state, _ = act(state, ANN, "expand", spaces=1, city=a, complete=True, also_complete=[b])
    res = GAME.outcome(state)
    assert res["winners"] == [ANN]
    steps = [line[1].get("step") for line in res["tiebreak"]]
    assert "A" in steps and "B" in steps


def test_option_players_reaching_8_together_share_the_win():
    state = new(simultaneous_eight="shared")
    a = add_city(state, {ANN: (1, 0)}, tiles=3, complete=False)
    b = add_city(state, {BOB: (1, 0)}, tiles=3, complete=False)
    for seat in (ANN, BOB):
        for _ in range(3):
            add_city(state, {seat: (1, 0)}, tiles=4)
    state, _ = act(state, ANN, "expand", spaces=1, city=a, complete=True, also_complete=[b])
    assert GAME.outcome(state)["winners"] == [ANN, BOB]


def test_the_last_tile_ends_the_game_after_that_players_turn_and_the_highest_score_wins():
    state = new()
    add_city(state, {BOB: (1, 0)}, tiles=4)
    state["tiles_left"] = 1
    state, _ = act(state, ANN, "expand", spaces=0)
    res = GAME.outcome(state)
    assert res["winners"] == [BOB] and res["reason"][0].startswith("The last tile")
    assert GAME.view(state, None)["tiebreak"][-1][1]["name"] == "Bob"


def test_the_game_is_not_over_until_the_civil_war_of_the_last_tile_is_fought():
    state = new()
    cid = add_city(state, {BOB: (1, 0)}, complete=False)
    state["tiles_left"] = 1
    state, _ = act(state, ANN, "expand", spaces=1, city=cid, alert=1, complete=True)
    assert GAME.outcome(state) is None and GAME.view(state, None)["last_tile"] is True
    state, _ = act(state, ANN, "roll", dice=[5, 1])
    assert GAME.outcome(state)["winners"] == [ANN]


def test_the_last_tile_removed_as_unplaceable_also_ends_the_game():
    state = new()
    add_city(state, {CY: (1, 0)})
    state["tiles_left"] = 1
    state, _ = act(state, ANN, "discard_tile")
    assert GAME.outcome(state)["winners"] == [CY]


def tied_board(**options: Any) -> dict[str, Any]:
    """Ann and Bob each control a small city; Cy trails."""
    state = new(**options)
    add_city(state, {ANN: (1, 0)})
    add_city(state, {BOB: (1, 0)})
    state["tiles_left"] = 1
    return state


def end(state: dict[str, Any]) -> dict[str, Any]:
    state, _ = act(state, state["turn"], "expand", spaces=0)
    return GAME.outcome(state)


def test_tie_break_a_troops_in_completed_cities():
    state = tied_board()
    city(state, 1)["troops"][ANN] = [1, 1]
    add_city(state, {BOB: (2, 0)}, complete=False)  # troops in an open city do not count for A
    res = end(state)
    assert res["winners"] == [ANN]
    assert res["tiebreak"][2][1]["step"] == "A"
    assert res["tiebreak"][2][1]["values"] == ["{list}", {"items": ["Ann 2", "Bob 1"]}]


def test_tie_break_b_unused_command_cards():
    state = tied_board()
    state["seats"][ANN]["commands"] = 3
    res = end(state)
    assert res["winners"] == [BOB] and res["tiebreak"][-2][1]["step"] == "B"


def test_tie_break_c_unused_stratagem_cards():
    state = tied_board()
    state["seats"][BOB]["stratagems"]["beauty_trap"] = False
    res = end(state)
    assert res["winners"] == [ANN] and res["tiebreak"][-2][1]["step"] == "C"


def test_tie_break_d_alert_troops_anywhere_on_the_map_by_default():
    state = tied_board()
    city(state, 1)["troops"][ANN] = [0, 1]
    city(state, 2)["troops"][BOB] = [0, 1]
    add_city(state, {ANN: (1, 0)}, complete=False)  # Alert troop in an open city counts for D
    res = end(state)
    assert res["winners"] == [ANN]
    assert [line[1].get("step") for line in res["tiebreak"][2:6]] == ["A", "B", "C", "D"]
    assert res["tiebreak"][5][1]["values"] == ["{list}", {"items": ["Ann 1", "Bob 0"]}]


def test_option_tie_break_d_counts_alert_troops_in_completed_cities_only():
    state = tied_board(tiebreak_alert="completed")
    city(state, 1)["troops"][ANN] = [0, 1]
    add_city(state, {ANN: (2, 0)}, complete=False)
    state_map = copy.deepcopy(state)
    state_map["options"]["tiebreak_alert"] = "map"
    assert end(state)["winners"] == [BOB]
    assert end(state_map)["winners"] == [ANN]


def test_still_tied_after_d_the_players_share_the_win():
    res = end(tied_board())
    assert res["winners"] == [ANN, BOB]
    assert res["headline"][0] == "{names} share the win."
    assert res["tiebreak"][-1][1]["names"] == ["{list}", {"items": ["Ann", "Bob"]}]


def test_option_still_tied_after_d_the_player_with_fewer_turns_wins():
    state = tied_board(final_tie="fewer_turns")
    state["turn"] = BOB
    state["seats"][ANN]["turns"] = 5
    state["seats"][BOB]["turns"] = 4  # Bob's last turn makes it 5: still tied -> shared
    assert end(copy.deepcopy(state))["winners"] == [ANN, BOB]
    state["turn"] = ANN  # Ann's last turn makes her 6 against Bob's 4
    assert end(state)["winners"] == [BOB]


# -- host corrections ---------------------------------------------------------------------------


def test_the_host_can_correct_cities_players_tiles_and_turn_but_a_seat_cannot():
    state = new()
    c = add_city(state, {ANN: (1, 0)})
    for kind in ("adjust_city", "adjust_player", "adjust_tiles", "set_turn"):
        assert kind in GAME.allowed(state, None) and kind not in GAME.allowed(state, ANN)
    with pytest.raises(NotAllowed):
        raw(state, ANN, "adjust_tiles", tiles_left=3)
    state, _ = act(state, None, "adjust_city", city=c, seat=ANN, alert=0, hold=2, tiles=4)
    assert city(state, c)["troops"][ANN] == [0, 2] and score(state, ANN) == 2
    state, _ = act(state, None, "adjust_player", seat=BOB, commands=2, stratagem="lure_tiger")
    assert state["seats"][BOB]["commands"] == 2
    assert state["seats"][BOB]["stratagems"]["lure_tiger"] is False
    state, _ = act(state, None, "adjust_tiles", tiles_left=9)
    state, _ = act(state, None, "set_turn", seat=CY)
    assert GAME.view(state, None)["tiles_left"] == 9 and GAME.view(state, None)["turn"] == CY
    with pytest.raises(BadValue):
        act(state, None, "adjust_city", city=c, seat=BOB, alert=1, hold=0)  # two owners
    with pytest.raises(BadValue):
        raw(state, None, "adjust_city", city=c, seat=ANN, alert=9, hold=0)  # only 8 troops


# -- views --------------------------------------------------------------------------------------


def mid_game() -> dict[str, Any]:
    state = new()
    add_city(state, {ANN: (1, 1)}, tiles=4)
    add_city(state, {BOB: (2, 0)}, complete=False)
    state["seats"][CY]["stratagems"]["lure_tiger"] = False
    return state


def test_every_view_has_the_shell_keys_and_seats_see_the_public_view_plus_me():
    state = mid_game()
    public = GAME.view(state, None)
    for key in SHELL_VIEW_KEYS:
        assert key in public
    assert "me" not in public
    for seat in range(3):
        mine = GAME.view(state, seat)
        me = mine.pop("me")
        assert me["seat"] == seat and me["supply"] == public["players"][seat]["supply"]
        assert mine == public  # nothing is secret in this game: no seat sees more or less
    json.dumps(public)


def test_the_view_lists_each_players_counters_and_the_cities():
    view = GAME.view(mid_game(), None)
    ann, bob, cy = view["players"]
    assert (ann["score"], ann["supply"], ann["alert"], ann["hold"]) == (2, 6, 1, 1)
    assert (bob["score"], bob["supply"], bob["alert"]) == (0, 6, 2)
    assert cy["stratagems_left"] == 3
    assert [c["complete"] for c in view["cities"]] == [True, False]
    assert view["cities"][0]["owner_name"] == "Ann" and view["cities"][0]["points"] == 2
    assert view["choices"]["withdraw"] == [1] and view["choices"]["targets"] == []


def test_the_civil_war_view_gives_the_highest_die_odds():
    state = seed_example_one()
    sides = GAME.view(state, None)["battle"]["sides"]
    stay, outright = top_die_chances(2, [1, 1])
    assert sides[1]["stay_odds"]["percent"] == round(stay * 100)
    assert sides[1]["win_odds"]["percent"] == round(outright * 100)
    assert sides[0]["stay_odds"] == sides[2]["stay_odds"]


def test_hit_odds_follow_the_digest_table():
    assert [str(hit_chance(n)) for n in (1, 2, 3, 4)] == ["1/3", "5/9", "19/27", "65/81"]


def test_every_event_of_a_long_random_game_is_described_and_the_state_stays_json():
    rng = random.Random(3)
    state = new()
    for _ in range(400):
        if GAME.outcome(state):
            break
        actor = state["turn"]
        options = GAME.allowed(state, actor)
        b = state["battle"]
        if b:
            if b["stage"] != "rolling":
                actor = b["attacker"] if b["stage"] == "attacker_won" else b["defender"]
                state, _ = act(state, actor, "settle", seed=rng.randint(0, 99), n=0)
            else:
                state, _ = act(state, None, "roll", seed=rng.randint(0, 999))
            continue
        open_ids = [c["id"] for c in state["cities"] if not c["complete"]]
        params = {"spaces": rng.choice([0, 1, 2])}
        if params["spaces"]:
            params["city"] = rng.choice(open_ids + [0])
            params["alert"] = min(1, supply(state, actor))
            params["complete"] = rng.random() < 0.4
        if "occupy" in options and rng.random() < 0.3:
            idle = [c["id"] for c in GAME.view(state, None)["cities"] if c["idle"]]
            state, _ = act(state, actor, "occupy", seed=rng.randint(0, 99), city=idle[0])
        elif "expand" in options:
            state, _ = act(state, actor, "expand", **params)
        else:
            break
    assert json.loads(json.dumps(state)) == state


# -- the contract around the module -------------------------------------------------------------


def test_out_of_range_parameters_are_refused_before_the_module_sees_them():
    from companion.games.kit.params import BadInput, coerce

    expand = GAME.actions["expand"].params
    with pytest.raises(BadInput):
        coerce(expand, {"spaces": 3}, players=3)
    with pytest.raises(BadInput):
        coerce(GAME.actions["roll"].params, {"dice": [1, 7]}, players=3)
    assert coerce(expand, {"spaces": "2", "alert": "1"}, players=3)["alert"] == 1


def test_every_msgid_of_the_game_has_a_traditional_chinese_translation():
    from pathlib import Path

    from babel.messages.extract import extract_from_file
    from babel.messages.pofile import read_po

    import companion.games.three_kingdoms as package

    here = Path(package.__file__).resolve().parent
    with (here.parents[1] / "i18n" / "zh_TW" / "three-kingdoms.po").open("rb") as handle:
        catalog = read_po(handle)
    assert catalog.locale_identifier.startswith("zh")
    keywords = {"N_": None, "T": (1,), "P": (1, 2)}
    msgids = {
        m[0] if isinstance(m, tuple) else m  # a count's line: its entry is under the singular
        for module in sorted(here.glob("*.py"))
        for _, m, _, _ in extract_from_file("python", str(module), keywords=keywords)
    }
    assert GAME.name in msgids
    for msgid in msgids:
        entry = catalog.get(msgid)
        assert entry is not None and entry.string, msgid
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if msgid == PRINTED_NAME:
            # A Chinese screen shows the printed name once, without the English beside it.
            assert strings == ("{printed}",)
            continue
        for text in strings:
            assert sorted(text.count(c) for c in "{}") == sorted(msgid.count(c) for c in "{}")
    assert catalog.get(GAME.name).string == "鬪三國"
