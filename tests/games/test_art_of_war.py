"""Tests for The Art of War (companion/games/art_of_war/): setup, events, war or peace, privacy,
refusals and the module's purity. Other phases and battles have their own modules."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.art_of_war import board, data
from companion.games.art_of_war.setup import allowance
from companion.games.kit import SHELL_VIEW_KEYS, BadValue, NotAllowed, RulesError
from tests.games.test_art_of_war_helpers import (
    GAME,
    act,
    at_construction,
    at_phase,
    at_the_end,
    counts,
    deploy,
    new_game,
    plain,
    reveal,
    set_buildings,
    to_war,
)

# --------------------------------------------------------------------------- setup


def test_game_metadata_and_options_default_to_the_digest_readings():
    assert GAME.id == "art-of-war" and (GAME.min_players, GAME.max_players) == (2, 5)
    defaults = {o.name: o.default for o in GAME.options}
    assert defaults["food_rounding"] == "floor"
    assert defaults["food_market"] == "player" and defaults["food_price"] == "uniform"
    assert defaults["money_public"] is False and defaults["fifth_allowance"] == 10
    assert defaults["tribute_stack"] == "multiply" and defaults["auction_from"] == 6
    assert defaults["field_tie"] == "wiped" and defaults["base_morale"] == 0


def test_every_player_is_dealt_two_different_advisors_and_generals_at_four_players():
    state = GAME.setup(["A", "B", "C", "D"], {}, random.Random(5))
    advisors = [k for o in state["offers"] for k in o["advisors"]]
    generals = [k for o in state["offers"] for k in o["generals"]]
    assert all(len(o["advisors"]) == 2 and len(o["generals"]) == 2 for o in state["offers"])
    assert len(set(advisors)) == 8 and len(set(generals)) == 8


def test_five_players_are_dealt_one_card_at_a_time_so_everyone_gets_an_advisor():
    state = GAME.setup(list("ABCDE"), {}, random.Random(2))
    dealt = sorted(len(o["advisors"]) for o in state["offers"])
    assert dealt == [1, 1, 2, 2, 2]
    assert sorted(len(o["generals"]) for o in state["offers"]) == [1, 2, 2, 2, 2]
    short = next(s for s, o in enumerate(state["offers"]) if len(o["advisors"]) == 1)
    with pytest.raises(BadValue):
        act(state, short, "choose_setup", advisor=1, general=0, soldiers=1, food=1)


def test_starting_resources_are_8_9_9_10_in_turn_order_and_the_fifth_is_an_option():
    state = GAME.setup(list("ABCDE"), {}, random.Random(2))
    state, _ = act(state, None, "set_start_player", seat=2)
    assert [allowance(state, s) for s in range(5)] == [10, 10, 8, 9, 9]
    state = GAME.setup(list("ABCDE"), {"fifth_allowance": 12}, random.Random(2))
    state, _ = act(state, None, "set_start_player", seat=2)
    assert allowance(state, 1) == 12


def test_the_setup_split_may_not_exceed_the_allowance_and_money_is_the_rest():
    state = GAME.setup(["A", "B"], {}, random.Random(1))
    state, _ = act(state, None, "set_start_player", seat=0)
    with pytest.raises(BadValue):
        act(state, 0, "choose_setup", advisor=0, general=0, soldiers=6, food=3)
    state, _ = act(state, 0, "choose_setup", advisor=0, general=0, soldiers=2, food=3)
    assert state["sealed"]["choices"][0]["money"] == 3


def test_the_setup_reveal_shows_the_advisor_and_draws_its_tactic_cards():
    state = GAME.setup(["A", "B"], {}, random.Random(1))
    state["offers"][0]["advisors"] = ["qing", "ye"]
    state["offers"][1]["advisors"] = ["ce", "zengzi"]
    for seat in (0, 1):
        state, _ = act(state, seat, "choose_setup", advisor=0, general=1, soldiers=3, food=3)
        assert GAME.view(state, None)["players"][seat]["advisor"] is None
        state, _ = act(state, seat, "lock")
    assert [p["tactics"] for p in state["p"]] == [3, 1]
    public = GAME.view(state, None)
    assert [p["advisor"] for p in public["players"]] == ["qing", "ce"]
    assert state["round"] == 1 and state["phase"] == 0
    assert state["p"][0]["general"] == state["offers"][0]["generals"][1]


def test_neighbouring_cities_start_with_a_completed_building_and_the_centre_with_an_epic():
    state = new_game(3)
    by_city = {b["city"]: b for b in state["buildings"]}
    assert all(by_city[f"city-{s}"]["done"] for s in range(3))
    assert by_city["centre"]["key"] in data.EPICS and by_city["centre"]["done"]
    assert by_city["centre"]["key"] != "temple_of_heaven"
    assert all(c["owner"] is None for c in state["cities"] if c["kind"] == "city")
    assert len(state["blueprint_deck"]) == 21 - 3  # 22 listed, the Inn left out
    assert "inn" not in state["blueprint_deck"]
    owned = new_game(3, neutral_cities=False)
    assert [board.city(owned, f"city-{s}")["owner"] for s in range(3)] == [0, 1, 2]


def test_the_start_player_can_be_set_only_before_anyone_chooses():
    state = GAME.setup(["A", "B"], {}, random.Random(1))
    state, _ = act(state, 0, "choose_setup", advisor=0, general=0, soldiers=1, food=1)
    assert "set_start_player" not in GAME.allowed(state, None)
    with pytest.raises(RulesError):
        act(state, None, "set_start_player", seat=1)


def test_state_and_views_survive_json_after_setup():
    state = GAME.setup(["A", "B", "C"], {}, random.Random(9))
    assert json.loads(json.dumps(state)) == state
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        assert all(k in view for k in SHELL_VIEW_KEYS)
        assert json.loads(json.dumps(view)) == view


# --------------------------------------------------------------------------- phases 0 and 1


def test_preparation_refills_empty_camps_to_two_and_adds_one_to_the_others():
    state = new_game(2)
    assert [c["bandits"] for c in state["camps"]] == [4, 4]  # 3 at setup, +1 in round 1
    state = at_phase(state, 6)
    state["camps"][0]["bandits"] = 0
    state, _ = act(state, None, "next")
    assert state["phase"] == 0 and state["round"] == 2
    assert [c["bandits"] for c in state["camps"]] == [2, 5]
    assert state["start"] == 1  # the start player passed clockwise


def test_the_event_deck_reshuffles_the_used_cards_when_it_runs_out():
    state = new_game(2)
    state["event"]["deck"] = []
    state["event"]["used"] = list(data.EVENT_KEYS)
    state, events = act(state, None, "next")
    assert state["phase"] == 2  # the event acts by itself: on to War or Peace
    assert len(state["event"]["deck"]) == 6 and len(state["event"]["used"]) == 1
    assert events[1]["type"] == "EventDrawn"


def test_great_peace_is_counted_across_reshuffles_and_the_third_ends_the_game_after_food():
    state = new_game(2)
    state["event"].update(deck=["great_peace"], great_peace=2)
    state, _ = act(state, None, "next")
    assert state["event"]["great_peace"] == 3 and state["last_round"]
    assert not state["over"]
    state = at_phase(plain(state), 6)
    state["p"][0]["food"] = 5
    state, _ = act(state, 0, "sell_food", n=1)
    state, _ = act(state, None, "next")
    assert state["over"] and state["p"][0]["money"] == 1 + 6  # phase 6 was played out
    assert GAME.outcome(state)["reason"][0] == "The third Great Peace has ended the game."


def _heretic(state):
    state["event"]["deck"] = ["heretic"]
    state, _ = act(state, None, "next")
    return state


def test_heretic_invasion_halves_every_stack_keeping_the_larger_half():
    state = plain(new_game(2))
    state["p"][0].update(supply=7, at={"castle-0": 5})
    state = _heretic(state)
    assert state["p"][0]["supply"] == 4 and state["p"][0]["at"] == {"castle-0": 3}


def test_heretic_invasion_rounding_up_is_a_table_option():
    state = plain(new_game(2, heretic_rounding="ceil"))
    state["p"][0].update(supply=7, at={"castle-0": 5})
    state = _heretic(state)
    assert state["p"][0]["supply"] == 3 and state["p"][0]["at"] == {"castle-0": 2}


def test_the_temple_and_the_leshan_buddha_protect_from_heretic_invasion():
    state = plain(new_game(3))
    set_buildings(state, 0, "temple")
    set_buildings(state, 1, "leshan_buddha")
    for p in state["p"]:
        p["supply"] = 8
    state = _heretic(state)
    assert [p["supply"] for p in state["p"]] == [8, 8, 4]


def test_the_apothecary_gives_back_one_soldier_for_every_three_lost():
    state = plain(new_game(2))
    set_buildings(state, 0, "apothecary")
    state["p"][0]["supply"] = 12
    state = _heretic(state)
    assert state["p"][0]["supply"] == 6 + 2


# --------------------------------------------------------------------------- phase 2


def test_war_or_peace_is_secret_until_everyone_locks_then_revealed_together():
    state = plain(new_game(2))
    state = at_phase(state, 1)
    state, _ = act(state, None, "next")
    state, _ = act(state, 0, "choose_stance", stance="war")
    public = GAME.view(state, None)
    assert public["sealed"]["submitted"] == [True, False]
    assert public["players"][0]["stance"] is None
    assert GAME.view(state, 0)["sealed"]["mine"] == "war"
    assert GAME.view(state, 1)["sealed"]["mine"] is None
    state, _ = act(state, 0, "lock")
    assert "next" not in GAME.allowed(state, None)
    state, _ = act(state, 1, "choose_stance", stance="peace")
    state, _ = act(state, 1, "lock")
    assert [p["stance"] for p in GAME.view(state, None)["players"]] == ["war", "peace"]


# --------------------------------------------------------------------------- privacy


def _secret_state():
    state = GAME.setup(["A", "B", "C"], {}, random.Random(4))
    state, _ = act(state, 0, "choose_setup", advisor=0, general=0, soldiers=1, food=1)
    return state


def test_nobody_else_sees_a_seats_offer_or_setup_choice():
    state = _secret_state()
    offer = state["offers"][0]
    # Quoted, so that a short name ("Ce") does not match inside a longer one ("Central city").
    secret = [json.dumps(data.ADVISORS[k]["name"]) for k in offer["advisors"]] + [
        json.dumps(data.GENERALS[k]["name"]) for k in offer["generals"]
    ]
    for viewer in (None, 1, 2):
        view = GAME.view(state, viewer)
        # Every Advisor and General (for enter_offer): the same catalogue on every phone.
        for key in ("all_advisors", "all_generals"):
            view.get("me", {}).get("offer", {}).pop(key, None)
        view.get("me", {}).pop("takeable", None)
        text = json.dumps(view)
        assert not any(s in text for s in secret)
    mine = json.dumps(GAME.view(state, 0))
    assert all(s in mine for s in secret)


def test_money_tactics_blueprints_general_and_bids_stay_private():
    state = plain(new_game(3))
    state["p"][0].update(money=48611, tactics=4242, blueprints=["courtyard"], general="sparta")
    state["p"][1]["money"] = 40000
    state = at_construction(state)
    state["round"] = 6
    state, _ = act(state, None, "next")
    state, _ = act(state, 0, "bid", amount=987)  # a bid is at most 999
    secrets = ["48611", "4242", "Courtyard", "courtyard", "Sparta", "987"]
    for viewer in (None, 1, 2):
        view = GAME.view(state, viewer)
        # The tiles not on the map yet (what the host may place, a phone may add): the same
        # lists whoever holds which blueprint, so they name every building.
        view.pop("placeable")
        view.get("me", {}).pop("addable_blueprints", None)
        view.get("me", {}).pop("takeable", None)  # what a taker may name: every building too
        text = json.dumps(view)
        assert not any(s in text for s in secrets), viewer
    mine = json.dumps(GAME.view(state, 0))
    assert all(s in mine for s in secrets)


def test_a_deployment_stays_secret_until_everyone_has_locked():
    state = to_war(plain(new_game(2)), ["war", "war"], [13])
    state, _ = act(state, 0, "deploy", counts=counts(state, {"castle-1": 13}))
    for viewer in (None, 1):
        view = GAME.view(state, viewer)
        assert view["players"][0]["at"] == [] and "choices" not in json.dumps(view["sealed"])
        assert "mine" not in (view["sealed"] or {}) or view["sealed"]["mine"] is None


def test_the_money_public_option_shows_money_on_the_table():
    state = plain(new_game(2, money_public=True))
    state["p"][1]["money"] = 17
    assert GAME.view(state, None)["players"][1]["money"] == 17
    state, _ = act(state, None, "adjust_money", seat=1, delta=-2)
    assert state["p"][1]["money"] == 15


def test_the_host_may_not_touch_private_money():
    state = plain(new_game(2))
    with pytest.raises(NotAllowed) as refused:
        act(state, None, "adjust_money", seat=1, delta=1)
    assert refused.value.code == "money_private"  # and it says who corrects it, and where
    state, events = act(state, 1, "adjust_money", delta=3)
    assert events[0]["to"] == [1]


# --------------------------------------------------------------------------- refusals


def test_a_phone_cannot_use_host_actions_and_the_host_cannot_use_seat_actions():
    state = plain(new_game(2))
    with pytest.raises(NotAllowed):
        act(state, 0, "next")
    state = at_construction(state)
    with pytest.raises(NotAllowed):
        act(state, None, "buy_tactic")
    with pytest.raises(NotAllowed):
        act(state, 1, "correct", seat=1, what="food", delta=1)


def test_actions_out_of_their_phase_are_refused():
    state = at_phase(plain(new_game(2)), 3, ["peace", "peace"])
    with pytest.raises(RulesError):
        act(state, 0, "buy_tactic")
    with pytest.raises(RulesError):
        act(state, 0, "sell_food", n=0)
    with pytest.raises(RulesError):
        act(state, 0, "choose_stance", stance="war")


def test_nothing_is_allowed_once_the_game_is_over():
    state = at_the_end(plain(new_game(3)))
    assert all(GAME.allowed(state, viewer) == [] for viewer in (None, 0, 1, 2))


def test_host_corrections_change_public_counters():
    state = plain(new_game(2))
    state, _ = act(state, None, "correct", seat=1, what="food", delta=4)
    assert state["p"][1]["food"] == 3 + 4
    with pytest.raises(BadValue):
        act(state, None, "correct", seat=1, what="food", delta=-20)
    state, _ = act(state, None, "set_soldiers", seat=0, location="city-1", n=3)
    state, _ = act(state, None, "set_bandits", camp="camp-0", n=7)
    state, _ = act(state, None, "set_city_owner", city="city-1", owner=0)
    state, _ = act(state, None, "set_vassal", vassal=2, city_a="castle-0", city_b="centre")
    state, _ = act(state, None, "set_camp_target", camp="camp-1", city="city-0")
    assert state["p"][0]["at"] == {"city-1": 3} and state["camps"][0]["bandits"] == 7
    assert board.city(state, "city-1")["owner"] == 0 and state["vassals"][1] == [
        "castle-0",
        "centre",
    ]
    assert state["camps"][1]["target"] == "city-0"
    with pytest.raises(BadValue):
        act(state, None, "set_city_owner", city="castle-0", owner=1)
    with pytest.raises(BadValue):
        act(state, None, "set_bandits", camp="camp-7", n=1)


def test_every_view_has_the_shell_keys_and_a_phase_msgid():
    state = plain(new_game(3))
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        assert all(k in view for k in SHELL_VIEW_KEYS)
        assert view["phase"] == "Preparation" and view["round"] == 1
        assert ("me" in view) == (viewer is not None)


# --------------------------------------------------------------------------- the module itself


def test_the_module_is_pure_python_with_no_forbidden_imports():
    import ast
    from pathlib import Path

    forbidden = {"flask", "sqlite3", "time", "datetime", "os", "random", "threading"}
    for path in sorted(Path(board.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [] if node.level else [(node.module or "").split(".")[0]]
            else:
                continue
            assert not set(names) & forbidden, names
            assert all(n in {"__future__", "collections", "typing"} for n in names), names


def test_every_msgid_has_a_zh_tw_translation_with_the_same_placeholders():
    import re
    from pathlib import Path

    from babel.messages.extract import extract_from_file
    from babel.messages.pofile import read_po

    po = Path(board.__file__).parents[2] / "i18n" / "zh_TW" / "art-of-war.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    assert not catalog.fuzzy
    keywords = {"N_": None, "T": (1,), "P": (1, 2)}
    holes = re.compile(r"\{[^}]*\}")
    for path in sorted(Path(board.__file__).parent.glob("*.py")):
        for _line, msgid, _c, _ctx in extract_from_file("python", str(path), keywords=keywords):
            if isinstance(msgid, tuple):
                # A count line: a plural entry whose one Chinese form has every hole.
                message = catalog.get(msgid[0])
                assert message is not None and message.pluralizable, msgid
                assert message.id == msgid and message.string[0], msgid
                for form in msgid:
                    assert set(holes.findall(form)) == set(holes.findall(message.string[0])), form
                continue
            message = catalog.get(msgid)
            assert message is not None and message.string, msgid
            assert set(holes.findall(msgid)) == set(holes.findall(message.string)), msgid


def test_the_data_tables_match_the_digest():
    assert len(data.BUILDINGS) == 22 and len(data.EPICS) == 10
    assert len(data.GENERALS) == 9 and len(data.ADVISORS) == 8
    assert len(data.TACTICS) == 36 and len(data.EVENTS) == 7
    assert sum(data.EPICS["great_wall"]["costs"]) == 24
    assert sum(data.BUILDINGS["granary"]["costs"]) == 7
    assert [a["cards"] for a in data.ADVISORS.values()] == [1, 2, 1, 1, 1, 2, 3, 2]


def test_an_attacker_left_with_no_soldiers_takes_nothing():
    state = to_war(plain(new_game(2)), ["war", "peace"], [1, 0])
    state, _ = deploy(state, {0: {"centre": 1}, 1: {}})
    state, _ = act(state, None, "resolve_battle")
    assert board.city(state, "centre")["owner"] is None and state["p"][0]["at"] == {}


def test_a_whole_round_runs_on_taps_and_every_event_has_a_history_line():
    state = new_game(3, seed=11)
    events = []
    for _ in range(2):
        state, ev = act(state, None, "next")  # the event, then on to War or Peace by itself
        events += ev
        assert state["phase"] == 2
        state, more = reveal(state, "choose_stance", {0: "war", 1: "peace", 2: "peace"}, "stance")
        events += more  # production follows the reveal by itself
        for share in list(state["tribute"]):
            state, ev = act(
                state, share["seat"], "take_tribute", vassal=share["vassal"] + 1, kind="soldiers"
            )
            events += ev
        assert state["phase"] == 4 and state["step"] == "purchase"
        for _step in range(3):  # construction: purchase, build, payments, then war
            state, ev = act(state, None, "next")
            events += ev
        plans = {s: {f"castle-{s}": state["p"][s]["supply"]} for s in range(3)}
        plans[0] = {"castle-1": state["p"][0]["supply"]}
        from tests.games.test_art_of_war_helpers import deploy

        state, ev = deploy(state, plans)
        events += ev
        while state["step"] == "battles" and not state["over"]:
            state, ev = act(state, None, "resolve_battle")
            events += ev
        if state["over"]:
            break
        state, ev = act(state, None, "next")  # food
        events += ev
        state, ev = act(state, None, "next")  # next round
        events += ev
    kinds = {e["type"] for e in events}
    assert {"EventDrawn", "StanceRevealed", "Produced", "Deployed", "BattleResolved"} <= kinds
    assert "MovedOn" in kinds
    names = [p["name"] for p in state["players"]]
    assert all(GAME.describe(e, names)[0] != e["type"] for e in events)
    assert all(isinstance(GAME.describe(e, names)[1], dict) for e in events)
