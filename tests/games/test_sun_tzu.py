"""Sun Tzu rules (companion/games/sun_tzu/) against the digest: setup, Warlords at setup, host
corrections, flow and refusals, the package's imports and translations."""

from __future__ import annotations

import ast
import json
import random

import pytest

from companion.games import sun_tzu as st
from companion.games.kit import SHELL_VIEW_KEYS, BadValue, NotAllowed, RulesError
from tests.games.sun_tzu_setups import (
    BLUE,
    CHU,
    HAN,
    PACKAGE,
    QIN,
    RED,
    act,
    battle,
    start,
    total,
)

# --------------------------------------------------------------------------- purity and setup


def test_the_package_imports_only_the_standard_library_the_kit_and_itself():
    banned = {"flask", "sqlite3", "time", "datetime", "os", "random", "threading"}
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not {a.name.split(".")[0] for a in node.names} & banned, path.name
            if isinstance(node, ast.ImportFrom):
                if node.level == 2:
                    assert node.module == "kit" or node.module.startswith("kit."), path.name
                elif node.level == 0:
                    assert node.module.split(".")[0] not in banned, path.name
                else:
                    assert node.level == 1, path.name


def test_game_metadata_and_options_default_to_the_digest_readings():
    game = st.GAME
    assert (game.id, game.name, game.min_players, game.max_players) == ("sun-tzu", "Sun Tzu", 2, 2)
    defaults = {o.name: o.default for o in game.options}
    assert defaults == {
        # Every game's table clocks, off (the kit's, without the game writing them).
        "clocks": False,
        "turn_limit": 0,
        "cards": "physical",
        "beginner": False,
        "events": True,
        "warlord_public": False,
        "counter_plague": "no_damage",
        "adjacency": "line",
        "event_timing": "after",
        "recall_checked": True,
    }


def test_setup_deals_five_distinct_displays_armies_and_the_event_deck():
    state = st.setup(["Ann", "Bob"], {}, random.Random(3))
    assert len(set(state["displays"])) == 5 and all(1 <= d <= 10 for d in state["displays"])
    assert state["pool"] == [18, 18] and state["reserve"] == [3, 3]
    assert state["armies"] == [[0] * 5, [0] * 5] and state["score"] == 0
    assert sorted([state["event_up"], *state["event_deck"]]) == sorted(st.EVENTS)
    assert len(state["event_deck"]) == 4
    assert state["phase"] == "warlords" and state["round"] == 0
    assert json.loads(json.dumps(state)) == state


def test_setup_displays_are_random_across_seeds():
    seen = {tuple(st.setup(["A", "B"], {}, random.Random(s))["displays"]) for s in range(20)}
    assert len(seen) > 10


def test_phones_setup_gives_cards_1_to_6_plus_four_from_a_fourteen_card_deck():
    state = st.setup(["Ann", "Bob"], {"cards": "phones"}, random.Random(5))
    for seat in (BLUE, RED):
        priv = state["private"][seat]
        assert len(priv["hand"]) == 10 and len(priv["deck"]) == 10
        assert priv["hand"][:6] == ["1", "2", "3", "4", "5", "6"]
        cards = sorted(priv["hand"][6:] + priv["deck"])
        expected = sorted(
            ["7", "8", "9", "10", "+1", "+1", "+1", "+2", "+3", "-1", "-1", "-1", "P", "P"]
        )
        assert cards == expected


def test_beginner_variant_drops_plus_two_plus_three_and_warlords_and_fills_the_pool():
    state = st.setup(["Ann", "Bob"], {"cards": "phones", "beginner": True}, random.Random(5))
    assert state["pool"] == [21, 21] and state["reserve"] == [0, 0]
    assert state["phase"] == "place" and state["round"] == 1
    for seat in (BLUE, RED):
        priv = state["private"][seat]
        assert len(priv["hand"]) == 10 and len(priv["deck"]) == 8
        assert "+2" not in priv["hand"] + priv["deck"] and "+3" not in priv["hand"] + priv["deck"]
    assert "choose_warlord" not in st.allowed(state, BLUE)


def test_beginner_variant_refuses_a_plus_two_entered_from_real_cards():
    state = start(beginner=True)
    with pytest.raises(BadValue):
        act(state, None, "enter_cards", province="qin", card0="+2", card1="3")


def test_view_has_the_shell_keys_for_every_viewer():
    state = start("phones")
    for viewer in (None, BLUE, RED):
        view = st.view(state, viewer)
        for key in SHELL_VIEW_KEYS:
            assert key in view
        assert ("me" in view) == (viewer is not None)
    assert st.view(state, None)["players"][0]["name"] == "Ann"


# --------------------------------------------------------------------------- warlords at setup


def test_warlord_choice_is_sealed_and_private_until_played():
    state = st.setup(["Ann", "Bob"], {}, random.Random(1))
    state, events = act(state, BLUE, "choose_warlord", warlord=5)
    assert events[0]["to"] == [BLUE]
    public = json.dumps(st.view(state, None))
    assert st.view(state, BLUE)["me"]["sealed"]["mine"] == 5
    assert st.view(state, RED)["me"]["sealed"]["mine"] is None
    assert '"mine"' not in public
    state, _ = act(state, BLUE, "lock")
    state, _ = act(state, RED, "choose_warlord", warlord=4)
    state, _ = act(state, RED, "lock")
    assert state["phase"] == "battle" and state["round"] == 1
    assert st.view(state, BLUE)["me"]["warlords"][0]["n"] == 5
    assert "warlords" not in st.view(state, RED)["players"][BLUE]
    assert "warlords" not in st.view(state, None)["players"][RED]


def test_the_warlord_public_option_shows_the_chosen_warlords_face_up():
    state = start(blue_w=5, red_w=4, warlord_public=True)
    shown = st.view(state, None)["players"]
    assert [w["n"] for w in shown[BLUE]["warlords"]] == [5]
    assert [w["n"] for w in shown[RED]["warlords"]] == [4]


def test_host_can_unlock_a_locked_warlord_choice_but_cannot_choose():
    state = st.setup(["Ann", "Bob"], {}, random.Random(1))
    state, _ = act(state, BLUE, "choose_warlord", warlord=1)
    state, _ = act(state, BLUE, "lock")
    assert "choose_warlord" not in st.allowed(state, BLUE)
    with pytest.raises(NotAllowed):
        act(state, None, "choose_warlord", warlord=2)
    state, _ = act(state, None, "unlock", seat=BLUE)
    state, _ = act(state, BLUE, "choose_warlord", warlord=2)
    assert state["sealed"]["choices"][BLUE] == 2


def test_blue_warlord_3_moves_the_score_marker_one_space_towards_blue_at_the_start():
    state = start(blue_w=3)
    assert state["score"] == 1
    assert st.view(state, None)["players"][BLUE]["warlords_played"][0]["n"] == 3


# --------------------------------------------------------------------------- host corrections


def test_host_corrections_move_armies_and_keep_the_total():
    state = start()
    state, _ = act(state, None, "move_armies", seat=RED, src="pool", dst="chu", n=3)
    state, _ = act(state, None, "move_armies", seat=RED, src="chu", dst="mark_chu", n=1)
    assert state["armies"][RED][CHU] == 2 and state["markers"][RED][CHU] == 1
    assert total(state, RED) == 21
    with pytest.raises(BadValue):
        act(state, None, "move_armies", seat=BLUE, src="pool", dst="chu", n=1)
    with pytest.raises(BadValue):
        act(state, None, "move_armies", seat=BLUE, src="reserve", dst="pool", n=4)
    with pytest.raises(NotAllowed):
        act(state, RED, "move_armies", seat=RED, src="pool", dst="qin", n=1)
    state, _ = act(state, None, "set_score", score=-4)
    assert state["score"] == -4
    assert "move_armies" in st.allowed(state, None) and "move_armies" not in st.allowed(state, 0)


# --------------------------------------------------------------------------- flow and refusals


def test_battles_need_every_province_resolved_before_finishing():
    state = start()
    with pytest.raises(RulesError):
        act(state, None, "finish_battles")
    with pytest.raises(RulesError):
        act(state, None, "resolve")
    state, _ = act(state, None, "enter_cards", card0="3", card1="2")
    with pytest.raises(RulesError):
        act(state, None, "enter_cards", card0="4", card1="2")
    assert st.allowed(state, None).count("resolve") == 1
    with pytest.raises(NotAllowed):
        act(state, BLUE, "enter_cards", card0="4", card1="2")


def test_a_real_card_cannot_be_entered_twice_in_a_round_or_beyond_its_copies():
    state = start()
    state, _ = battle(state, QIN, "3", "P")
    with pytest.raises(BadValue):
        act(state, None, "enter_cards", card0="3", card1="2")
    state, _ = battle(state, CHU, "4", "P")
    with pytest.raises(BadValue):
        act(state, None, "enter_cards", card0="5", card1="P")


def test_a_full_physical_round_reaches_round_2():
    state = start()
    for p, (b, r) in enumerate([("3", "2"), ("4", "5"), ("P", "1"), ("+1", "6"), ("10", "9")]):
        state, _ = battle(state, p, b, r)
    state, _ = act(state, None, "finish_battles")
    assert state["round"] == 2 and state["phase"] == "battle"
    assert state["armies"][BLUE] == [1, 0, 0, 1, 1] and state["armies"][RED] == [0, 1, 0, 0, 0]
    assert state["markers"][RED][HAN] == 1
    assert st.view(state, None)["last_round_log"]


def test_every_action_refuses_the_wrong_phase():
    state = start("phones")
    with pytest.raises(RulesError):
        act(state, None, "reveal")
    with pytest.raises(RulesError):
        act(state, BLUE, "bottom", card="1")
    with pytest.raises(RulesError):
        act(state, BLUE, "choose_warlord", warlord=1)
    physical = start()
    with pytest.raises(RulesError):
        act(physical, BLUE, "place", qin="1", chu="2", jin_yan="3", han_qi="4", wu="5")
    with pytest.raises(RulesError):
        act(physical, None, "reveal")


# --------------------------------------------------------------------------- i18n and params


def test_every_msgid_of_the_module_has_a_zh_tw_translation_keeping_placeholders():
    import re

    from babel.messages.extract import extract_from_file
    from babel.messages.pofile import read_po

    root = PACKAGE.parents[1]
    with open(root / "i18n" / "zh_TW" / "sun-tzu.po", "rb") as handle:
        catalog = read_po(handle)
    assert not catalog.fuzzy
    msgids = set()
    for path in sorted(PACKAGE.glob("*.py")):
        found = extract_from_file("python", str(path), keywords={"N_": None, "T": (1,)})
        msgids |= {msg if isinstance(msg, str) else msg[0] for _, msg, _, _ in found}
    assert "Sun Tzu" in msgids and len(msgids) > 150
    for msgid in msgids:
        message = catalog.get(msgid)
        assert message is not None and message.string, msgid
        assert set(re.findall(r"\{\w+\}", msgid)) == set(re.findall(r"\{\w+\}", message.string))
    assert catalog.get("Sun Tzu").string == "孫子兵法"


def test_action_params_declare_their_ranges_for_the_platform():
    params = {a.type: {p.name: p for p in a.params} for a in st.ACTIONS.values()}
    assert (params["warlord"]["warlord"].min, params["warlord"]["warlord"].max) == (1, 5)
    assert params["set_score"]["score"].min == -9 and params["set_score"]["score"].max == 9
    assert set(params["place"]) == set(st.PROVINCES)
    assert params["enter_cards"]["card0"].choices == st.CARD_CODES
    assert params["reveal"]["province"].optional
