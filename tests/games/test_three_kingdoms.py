"""3 Kingdoms Battle (鬪三國): the rules, tested without the web layer: setup, turns and tiles,
host corrections, views and the module's contract.

Scenario tests build a mid-game board directly (cities as the game stores them) and then act
through the kit's driver, as the platform does: the same checks, a copy, seeded randomness."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from companion.games.kit import SHELL_VIEW_KEYS, BadValue, NotAllowed
from companion.games.three_kingdoms import GAME
from companion.games.three_kingdoms.data import PRINTED_NAME
from companion.games.three_kingdoms.dice import hit_chance, top_die_chances
from tests.games.three_kingdoms_setups import (
    ANN,
    BOB,
    CY,
    act,
    add_city,
    city,
    new,
    raw,
    score,
    seed_example_one,
    supply,
    types,
)

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
        # Every game's table clocks, off (the kit's, without the game writing them).
        "clocks": False,
        "turn_limit": 0,
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
