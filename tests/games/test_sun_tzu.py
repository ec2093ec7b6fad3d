"""Tests for the Sun Tzu rules (the package companion/games/sun_tzu/), against the digest."""

from __future__ import annotations

import ast
import copy
import json
import random
from pathlib import Path

import pytest

from companion.games import sun_tzu as st
from companion.games.kit import SHELL_VIEW_KEYS, BadValue, NotAllowed, RulesError
from companion.games.kit.driver import apply
from companion.games.sun_tzu import GAME

BLUE, RED = 0, 1
QIN, CHU, JIN, HAN, WU = range(5)
P = st.PROVINCES
NAMES = ["Ann", "Bob"]
PACKAGE = Path(st.__file__).parent


# --------------------------------------------------------------------------- helpers


def act(state, actor, kind, **params):
    """Run one action the way the platform does (the kit's driver): checked, on a copy."""
    new, events = apply(GAME, state, actor, {"type": kind, **params}, seed=7, seq=1)
    assert json.loads(json.dumps(new)) == new
    for event in events:
        text = GAME.describe(event, NAMES)
        assert isinstance(text, list) and isinstance(text[0], str)
    return new, events


def start(cards="physical", blue_w=2, red_w=2, seed=1, events=False, **options):
    """A game after setup and the Warlord choice; by default with no event cards in play."""
    opts = {o.name: o.default for o in st.OPTIONS} | {"cards": cards, **options}
    state = st.setup(["Ann", "Bob"], opts, random.Random(seed))
    if not opts["beginner"]:
        state, _ = act(state, BLUE, "choose_warlord", warlord=blue_w)
        state, _ = act(state, RED, "choose_warlord", warlord=red_w)
        state, _ = act(state, BLUE, "lock")
        state, _ = act(state, RED, "lock")
    if not events:
        state["event_up"] = None
        state["event_deck"] = []
    return state


def reveal(state, p, blue, red):
    """Enter a province's two real cards. Round 1 goes from left to right, so the provinces to
    its left that are still face down are skipped (marked as done) to reach it."""
    b = state["battle"]
    for q in range(p):
        if not b["revealed"][q]:
            b["revealed"][q] = b["resolved"][q] = True
    return act(state, None, "enter_cards", province=P[p], card0=blue, card1=red)


def battle(state, p, blue, red):
    """Enter a province's two cards (real cards) and resolve it."""
    state, ev1 = reveal(state, p, blue, red)
    state, ev2 = act(state, None, "resolve")
    return state, ev1 + ev2


def set_board(state, blue=None, red=None, pool=None, reserve=None):
    """Put armies on the board and keep the 21 armies per colour by adjusting the pools."""
    for seat, row in ((BLUE, blue), (RED, red)):
        if row is not None:
            state["armies"][seat] = list(row)
    if reserve is not None:
        state["reserve"] = list(reserve)
    for seat in (BLUE, RED):
        rest = sum(state["armies"][seat]) + sum(state["markers"][seat]) + state["reserve"][seat]
        state["pool"][seat] = st.ARMIES - rest
    if pool is not None:
        state["pool"] = list(pool)
    return state


def texts(events):
    return [GAME.describe(e, NAMES)[0] for e in events]


def total(state, seat):
    return (
        state["pool"][seat]
        + state["reserve"][seat]
        + sum(state["armies"][seat])
        + sum(state["markers"][seat])
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
        "cards": "physical",
        "beginner": False,
        "events": True,
        "warlord_public": False,
        "counter_plague": "no_damage",
        "adjacency": "line",
        "event_timing": "after",
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


# --------------------------------------------------------------------------- battle matrix


NUMBERS = [str(n) for n in range(1, 11)]
SPECIAL_MATRIX = {
    # (a, b): (winner, difference), straight from the digest's table.
    ("+1", "+1"): (None, 0),
    ("+1", "+2"): (1, 1),
    ("+1", "+3"): (1, 2),
    ("+1", "-1"): (0, 1),
    ("+2", "+2"): (None, 0),
    ("+2", "+3"): (1, 1),
    ("+2", "-1"): (0, 2),
    ("+3", "+3"): (None, 0),
    ("+3", "-1"): (0, 3),
    ("-1", "-1"): (None, 0),
}


@pytest.mark.parametrize("a", NUMBERS)
@pytest.mark.parametrize("b", NUMBERS)
def test_number_against_number_the_higher_wins_by_the_difference(a, b):
    x, y = int(a), int(b)
    expected = (None, 0) if x == y else ((0, x - y) if x > y else (1, y - x))
    assert st.fight(a, b) == (*expected, False)


@pytest.mark.parametrize("n", NUMBERS)
@pytest.mark.parametrize(("special", "win", "diff"), [("+1", 1, 1), ("+2", 1, 2), ("+3", 1, 3)])
def test_a_modifier_beats_any_number_by_its_face_value(n, special, win, diff):
    assert st.fight(special, n) == (0, diff, False)
    assert st.fight(n, special) == (1, diff, False)


@pytest.mark.parametrize("n", NUMBERS)
def test_minus_one_loses_to_any_number_by_one(n):
    assert st.fight("-1", n) == (1, 1, False)
    assert st.fight(n, "-1") == (0, 1, False)


@pytest.mark.parametrize(("pair", "expected"), list(SPECIAL_MATRIX.items()))
def test_every_special_pair_of_the_matrix_both_ways(pair, expected):
    a, b = pair
    winner, diff = expected
    assert st.fight(a, b) == (winner, diff, False)
    flipped = None if winner is None else 1 - winner
    assert st.fight(b, a) == (flipped, diff, False)


@pytest.mark.parametrize("other", NUMBERS + ["+1", "+2", "+3", "-1", "P"])
def test_plague_against_anything_stops_the_battle(other):
    assert st.fight("P", other) == (None, 0, True)
    assert st.fight(other, "P") == (None, 0, True)


# Armies to the reserve for each special pair, from the matrix's last column.
COST_MATRIX = {
    ("+1", "+2"): (0, 1),
    ("+1", "+3"): (0, 2),
    ("+2", "+2"): (1, 1),
    ("+2", "+3"): (1, 2),
    ("+2", "-1"): (1, 0),
    ("+3", "+3"): (2, 2),
    ("+3", "-1"): (2, 0),
    ("+1", "-1"): (0, 0),
    ("-1", "-1"): (0, 0),
    ("+1", "+1"): (0, 0),
}


@pytest.mark.parametrize(("pair", "costs"), list(COST_MATRIX.items()))
def test_every_special_pair_on_the_board_moves_armies_and_pays_its_costs(pair, costs):
    state = start()
    state, _ = battle(state, QIN, pair[0], pair[1])
    winner, diff = SPECIAL_MATRIX[pair]
    assert state["reserve"] == [3 + costs[0], 3 + costs[1]]
    for seat in (BLUE, RED):
        expected = diff if seat == winner else 0
        assert state["armies"][seat][QIN] == expected
        assert state["pool"][seat] == 18 - costs[seat] - expected


@pytest.mark.parametrize(("card", "cost"), [("+2", 1), ("+3", 2)])
def test_plus_two_or_three_against_a_plague_still_costs_its_armies(card, cost):
    state = start()
    state, _ = battle(state, QIN, card, "P")
    assert state["reserve"] == [3 + cost, 3]
    state = start()
    state, _ = battle(state, CHU, "P", card)
    assert state["reserve"] == [3, 3 + cost]


def test_a_card_cost_comes_from_the_board_when_the_pool_is_empty():
    state = start()
    set_board(state, blue=[0, 0, 4, 0, 0], pool=[0, 18])
    state["reserve"] = [17, 3]
    state, _ = battle(state, WU, "+3", "5")
    # 2 armies from Jin-Yan (the only province) to the reserve, then +3 wins by 3 but the pool
    # is empty: the shortfall takes the remaining 2 from Jin-Yan too.
    assert state["reserve"][BLUE] == 19
    assert state["armies"][BLUE] == [0, 0, 0, 0, 2]


# --------------------------------------------------------------------------- army movement


def test_the_winner_of_an_empty_province_puts_the_difference_from_the_pool():
    state = start()
    state, _ = battle(state, QIN, "9", "4")
    assert state["armies"][BLUE][QIN] == 5 and state["pool"][BLUE] == 13


def test_the_winner_adds_to_a_province_it_already_holds():
    state = start()
    set_board(state, blue=[2, 0, 0, 0, 0])
    state, _ = battle(state, QIN, "5", "3")
    assert state["armies"][BLUE][QIN] == 4


def test_a_loser_with_at_least_the_difference_takes_that_many_back_to_the_pool():
    state = start()
    set_board(state, red=[0, 6, 0, 0, 0])
    state, _ = battle(state, CHU, "8", "5")
    assert state["armies"][RED][CHU] == 3 and state["pool"][RED] == 12 + 3
    assert state["armies"][BLUE][CHU] == 0


def test_a_loser_with_fewer_than_the_difference_leaves_and_the_winner_moves_in():
    state = start()
    set_board(state, red=[0, 2, 0, 0, 0])
    state, _ = battle(state, CHU, "10", "5")
    assert state["armies"][RED][CHU] == 0 and state["pool"][RED] == 16 + 2
    assert state["armies"][BLUE][CHU] == 3
    assert not (state["armies"][BLUE][CHU] and state["armies"][RED][CHU])


def test_a_tie_moves_nothing():
    state = start()
    set_board(state, red=[0, 2, 0, 0, 0])
    before = copy.deepcopy(state["armies"])
    state, _ = battle(state, CHU, "4", "4")
    assert state["armies"] == before


def test_shortfall_waits_for_the_winner_to_choose_and_suggests_adjacent_provinces():
    state = start()
    set_board(state, blue=[3, 0, 0, 0, 3], pool=[1, 18])
    state["reserve"][BLUE] = 14
    state, _ = battle(state, CHU, "5", "1")
    # 4 to place: 1 from the pool, 3 short; Qin is adjacent to Chu, Wu is not.
    view = st.view(state, None)
    assert view["pending"][0]["n"] == 3 and view["pending"][0]["seat"] == BLUE
    assert view["pending"][0]["suggested"] == ["qin"]
    assert view["pending"][0]["sources"] == ["qin", "wu"]
    assert view["turn"] == BLUE
    assert "take" not in st.allowed(state, RED) and "take" in st.allowed(state, BLUE)
    with pytest.raises(NotAllowed):
        act(state, RED, "take", province="qin")
    with pytest.raises(RulesError):
        act(state, None, "resolve")
    # The suggestion is only a suggestion: the winner may take from Wu.
    state, _ = act(state, BLUE, "take", province="wu", n=2)
    assert state["pending"][0]["n"] == 1
    state, _ = act(state, BLUE, "take", province="qin")
    assert state["pending"] == []
    assert state["armies"][BLUE] == [2, 4, 0, 0, 1]


def test_shortfall_is_automatic_when_only_one_province_can_supply():
    state = start()
    set_board(state, blue=[0, 0, 0, 0, 6], pool=[0, 18])
    state["reserve"][BLUE] = 15
    state, _ = battle(state, QIN, "7", "4")
    assert state["pending"] == [] and state["armies"][BLUE] == [3, 0, 0, 0, 3]


def test_shortfall_with_no_armies_anywhere_places_only_what_exists():
    state = start()
    set_board(state, pool=[2, 18])
    state["reserve"][BLUE] = 19
    state, events = battle(state, QIN, "9", "2")
    assert state["armies"][BLUE][QIN] == 2 and state["pending"] == []
    assert "{name} has no more armies on the board to move ({n} missing)" in texts(events)


def test_the_any_adjacency_option_suggests_every_province():
    state = start(adjacency="any")
    set_board(state, blue=[3, 0, 0, 0, 3], pool=[0, 18])
    state["reserve"][BLUE] = 15
    state, _ = battle(state, CHU, "5", "1")
    assert st.view(state, None)["pending"][0]["suggested"] == ["qin", "wu"]


# --------------------------------------------------------------------------- plague


@pytest.mark.parametrize(("n", "left"), [(1, 1), (2, 1), (5, 3), (7, 4), (0, 0)])
def test_plague_halves_the_armies_rounding_the_loss_down(n, left):
    state = start()
    set_board(state, red=[0, 0, n, 0, 0])
    state, _ = battle(state, JIN, "P", "10")
    assert state["armies"][RED][JIN] == left
    assert state["pool"][RED] == 18 - left  # 3 armies are in the reserve
    assert state["armies"][BLUE][JIN] == 0


def test_two_plagues_halve_only_once():
    state = start()
    set_board(state, blue=[8, 0, 0, 0, 0])
    state, _ = battle(state, QIN, "P", "P")
    assert state["armies"][BLUE][QIN] == 4


def test_red_counter_plague_warlord_prevents_the_damage_by_default():
    state = start(red_w=3)
    set_board(state, red=[0, 6, 0, 0, 0])
    state, _ = reveal(state, CHU, "P", "4")
    assert "warlord" in st.allowed(state, RED)
    state, events = act(state, RED, "warlord", warlord=3)
    assert events[0]["type"] == "WarlordPlayed"
    state, _ = act(state, None, "resolve")
    assert state["armies"][RED][CHU] == 6


def test_counter_plague_as_zero_option_lets_the_other_card_win():
    state = start(red_w=3, counter_plague="zero")
    set_board(state, red=[0, 2, 0, 0, 0])
    state, _ = reveal(state, CHU, "P", "4")
    state, _ = act(state, RED, "warlord", warlord=3)
    state, _ = act(state, None, "resolve")
    # The Plague is a 0: Red's 4 wins by 4.
    assert state["armies"][RED][CHU] == 6


def test_counter_plague_cannot_be_played_without_a_plague():
    state = start(red_w=3)
    state, _ = act(state, None, "enter_cards", province="qin", card0="5", card1="4")
    assert "warlord" not in st.allowed(state, RED)
    with pytest.raises(RulesError):
        act(state, RED, "warlord", warlord=3)


@pytest.mark.parametrize("occupant", [BLUE, RED])
def test_harsh_plague_leaves_one_army_whoever_holds_the_province(occupant):
    state = start(red_w=4)
    row = [0, 0, 0, 7, 0]
    set_board(state, blue=row if occupant == BLUE else None, red=row if occupant == RED else None)
    state, _ = reveal(state, HAN, "3", "P")
    state, _ = act(state, RED, "warlord", warlord=4)
    state, _ = act(state, None, "resolve")
    assert state["armies"][occupant][HAN] == 1


# --------------------------------------------------------------------------- the "6"


def test_a_revealed_6_locks_an_army_from_the_pool_above_the_province():
    state = start()
    state, _ = battle(state, WU, "6", "2")
    assert state["markers"][BLUE][WU] == 1
    assert state["armies"][BLUE][WU] == 4
    assert state["pool"][BLUE] == 18 - 1 - 4


def test_a_6_takes_its_marker_army_from_the_board_when_the_pool_is_empty():
    state = start()
    set_board(state, blue=[0, 3, 0, 0, 0], pool=[0, 18])
    state["reserve"][BLUE] = 18
    state, _ = battle(state, QIN, "6", "6")
    assert state["markers"][BLUE][QIN] == 1 and state["armies"][BLUE][CHU] == 2
    assert state["markers"][RED][QIN] == 1


def test_a_player_may_not_play_a_6_where_their_own_6_already_stands():
    state = start()
    state["markers"][BLUE][QIN] = 1
    state["pool"][BLUE] -= 1
    with pytest.raises(BadValue):
        act(state, None, "enter_cards", province="qin", card0="6", card1="2")
    # Red is refused when everyone can tell Red cannot hold the Warlord that allows it.
    state["markers"][RED][QIN] = 1
    state["warlords_played"][RED] = [2]
    state["private"][RED]["warlords"] = []
    with pytest.raises(BadValue):
        act(state, None, "enter_cards", province="qin", card0="5", card1="6")


def test_red_warlord_1_lets_red_play_a_6_a_second_time_and_marks_again():
    state = start(red_w=1)
    state["markers"][RED][QIN] = 1
    state["pool"][RED] -= 1
    state, events = act(state, None, "enter_cards", province="qin", card0="2", card1="6")
    assert state["markers"][RED][QIN] == 2
    # The host's entry shows nothing of Red's hand: Red shows the Warlord from the phone.
    assert "WarlordPlayed" not in [e["type"] for e in events]
    assert st.view(state, None)["six_claim"]["province"] == "qin"
    assert "warlord" in st.allowed(state, RED)
    state, _ = act(state, None, "resolve")
    state, events = act(state, RED, "warlord", warlord=1)
    assert state["warlords_played"][RED] == [1]
    assert "WarlordPlayed" in [e["type"] for e in events]
    assert st.view(state, None)["six_claim"] is None


def test_red_without_warlord_1_is_told_on_the_phone_that_the_entered_6_needs_checking():
    state = start(red_w=2)
    state["markers"][RED][QIN] = 1
    state, _ = act(state, None, "enter_cards", province="qin", card0="2", card1="6")
    assert "warlord" not in st.allowed(state, RED)
    assert "check the entry" in st.view(state, RED)["me"]["six_check"][0]
    with pytest.raises(NotAllowed):  # not among Red's actions: Red holds no Warlord 1
        act(state, RED, "warlord", warlord=1)
    # A second 6 again waits on the first: refused in public, whatever Red holds.
    state, _ = act(state, None, "resolve")
    for q in range(5):
        state["battle"]["revealed"][q] = state["battle"]["resolved"][q] = True
    state, _ = act(state, None, "finish_battles")
    with pytest.raises(BadValue, match="already marks"):
        act(state, None, "enter_cards", province="qin", card0="2", card1="6")


def _hidden_warlord_pair(red_warlords):
    """Two real-card games identical in public; Red's 6 marks Qin; Red's Warlords differ."""
    out = []
    for held in red_warlords:
        state = start(red_w=2)
        state["private"][RED]["warlords"] = [held]
        state["private"][RED]["removed"] = [n for n in range(1, 6) if n != held]
        state["markers"][RED][QIN] = 1
        state["pool"][RED] -= 1
        out.append(state)
    assert st.view(out[0], None) == st.view(out[1], None)
    return out


def _seen_by(actor, state, events):
    """What the asker sees of an action: its view and the events addressed to it."""
    visible = [e for e in events if "to" not in e or actor in e["to"]]
    return st.view(state, actor), [GAME.describe(e, NAMES) for e in visible]


def _outcome(state, actor, kind, **params):
    try:
        new, events = act(state, actor, kind, **params)
    except RulesError as err:
        return ("refused", type(err).__name__, err.code, err.message, err.params)
    return ("done", _seen_by(actor, new, events))


def test_the_host_entering_a_card_for_red_gets_the_same_answer_whatever_reds_hand_holds():
    with_w1, without = _hidden_warlord_pair([1, 3])
    for red_card in ("6", "5"):
        a = _outcome(with_w1, None, "enter_cards", province="qin", card0="2", card1=red_card)
        b = _outcome(without, None, "enter_cards", province="qin", card0="2", card1=red_card)
        assert a == b


def test_blue_sees_the_same_battle_whatever_warlord_red_holds_after_the_host_enters_a_6():
    states = []
    for state in _hidden_warlord_pair([1, 4]):
        state, _ = act(state, None, "enter_cards", province="qin", card0="2", card1="6")
        states.append(state)
    assert _seen_by(BLUE, *act(states[0], None, "resolve")) == _seen_by(
        BLUE, *act(states[1], None, "resolve")
    )


def test_a_mark_added_by_a_correction_after_placing_does_not_make_the_app_show_reds_warlord():
    outcomes = []
    for red_w in (1, 2):
        state = start("phones", red_w=red_w)
        hand = state["private"][RED]["hand"]
        cards = ["6"] + [c for c in hand if c != "6"][:4]
        state, _ = act(state, RED, "place", **dict(zip(P, cards, strict=True)))
        blue = state["private"][BLUE]["hand"][:5]
        state, _ = act(state, BLUE, "place", **dict(zip(P, blue, strict=True)))
        state, _ = act(state, None, "move_armies", seat=RED, src="pool", dst="mark_qin", n=1)
        state, _ = act(state, BLUE, "lock")
        state, _ = act(state, RED, "lock")
        state, events = act(state, None, "reveal", province="qin")
        outcomes.append([e["type"] for e in events])
    assert outcomes[0] == outcomes[1] and "WarlordPlayed" not in outcomes[0]


def test_phones_placement_refuses_a_second_6_unless_red_holds_warlord_1():
    for red_w, ok in ((2, False), (1, True)):
        state = start("phones", red_w=red_w)
        state["markers"][RED][CHU] = 1
        hand = state["private"][RED]["hand"]
        cards = {"qin": "1", "chu": "6", "jin_yan": "2", "han_qi": "3", "wu": "4"}
        assert all(c in hand for c in cards.values())
        if ok:
            act(state, RED, "place", **cards)
        else:
            with pytest.raises(BadValue):
                act(state, RED, "place", **cards)


def test_marker_armies_do_not_score():
    state = start()
    state["round"] = 3
    state["markers"] = [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0]]
    set_board(state, red=[0, 0, 0, 0, 1])
    state["battle"]["resolved"] = [True] * 5
    state["battle"]["revealed"] = [True] * 5
    state, _ = act(state, None, "finish_battles")
    value = st.DISPLAYS[state["displays"][WU] - 1][0]
    assert state["score"] == -value


# --------------------------------------------------------------------------- battle order


def test_round_1_goes_from_left_to_right():
    state = start()
    with pytest.raises(BadValue):
        act(state, None, "enter_cards", province="chu", card0="1", card1="2")
    state, _ = act(state, None, "enter_cards", card0="1", card1="2")
    assert state["battle"]["current"] == QIN
    assert st.view(state, None)["order"]["chooser"] is None


def round_two(cards="physical", blue=(0, 0, 0, 0, 0), red=(0, 0, 0, 0, 0), prev=None):
    state = start(cards)
    state["round"] = 2
    state["counts"] = {"prev": prev, "cur": None}
    set_board(state, blue=list(blue), red=list(red))
    return state


def test_from_round_2_the_player_with_fewer_armies_on_the_board_chooses():
    state = round_two(blue=(2, 0, 0, 0, 0), red=(0, 3, 0, 0, 0))
    view = st.view(state, None)
    assert view["order"]["chooser"] == BLUE and view["turn"] == BLUE
    state, _ = act(state, None, "enter_cards", province="han_qi", card0="1", card1="2")
    assert state["battle"]["current"] == HAN and state["chooser"] == BLUE


def test_equal_armies_fall_back_to_the_previous_round_count():
    state = round_two(blue=(2, 0, 0, 0, 0), red=(0, 2, 0, 0, 0), prev=[4, 1])
    assert st.view(state, None)["order"]["chooser"] == RED


def test_equal_now_and_last_round_resolves_left_to_right():
    state = round_two(blue=(2, 0, 0, 0, 0), red=(0, 2, 0, 0, 0), prev=[1, 1])
    assert st.view(state, None)["order"]["chooser"] is None
    with pytest.raises(BadValue):
        act(state, None, "enter_cards", province="wu", card0="1", card1="2")


def test_armies_are_counted_before_the_first_reveal_and_kept_for_the_round():
    state = round_two(blue=(3, 0, 0, 0, 0), red=(0, 2, 0, 0, 0))
    assert st.view(state, None)["order"]["chooser"] == RED
    state, _ = act(state, None, "enter_cards", province="wu", card0="9", card1="1")
    state, _ = act(state, None, "resolve")
    # Blue now has 11 on the board, Red 2; the order stays Red's and the count stays 3 vs 2.
    view = st.view(state, None)
    assert view["order"]["chooser"] == RED and view["order"]["counts"] == [3, 2]
    # The next round compares with this round's count when the new one is equal.
    state["battle"]["revealed"] = [True] * 5
    state["battle"]["resolved"] = [True] * 5
    state, _ = act(state, None, "finish_battles")
    assert state["round"] == 3 and state["counts"]["prev"] == [3, 2]


def test_marker_armies_do_not_count_for_the_battle_order():
    state = round_two(blue=(2, 0, 0, 0, 0), red=(0, 3, 0, 0, 0))
    state["markers"][BLUE] = [1, 1, 1, 0, 0]
    state["pool"][BLUE] -= 3
    assert st.view(state, None)["order"]["chooser"] == BLUE


def test_in_phones_mode_only_the_chooser_or_the_host_picks_the_next_province():
    state = round_two("phones", blue=(2, 0, 0, 0, 0), red=(0, 3, 0, 0, 0))
    state = place_both(state)
    assert "reveal" in st.allowed(state, BLUE) and "reveal" not in st.allowed(state, RED)
    with pytest.raises(NotAllowed):
        act(state, RED, "reveal", province="wu")
    state, _ = act(state, BLUE, "reveal", province="wu")
    assert state["battle"]["current"] == WU
    with pytest.raises(RulesError):
        act(state, None, "reveal", province="qin")
    state, _ = act(state, RED, "resolve")
    state, _ = act(state, None, "reveal", province="chu")
    assert state["battle"]["current"] == CHU


# --------------------------------------------------------------------------- phones mode rounds


def placement(state, seat, order=("1", "2", "3", "4", "5")):
    hand = list(state["private"][seat]["hand"])
    for card in order:
        hand.remove(card)
    return dict(zip(P, order, strict=True))


def place_both(state, blue=("1", "2", "3", "4", "5"), red=("1", "2", "3", "4", "5")):
    state, _ = act(state, BLUE, "place", **placement(state, BLUE, blue))
    state, _ = act(state, RED, "place", **placement(state, RED, red))
    state, _ = act(state, BLUE, "lock")
    state, _ = act(state, RED, "lock")
    return state


def test_phones_placement_is_sealed_then_revealed_province_by_province():
    state = start("phones")
    assert state["phase"] == "place"
    state, events = act(state, BLUE, "place", **placement(state, BLUE, ("5", "1", "2", "3", "4")))
    assert events[0]["to"] == [BLUE]
    assert st.view(state, RED)["me"]["placed"] is None
    assert st.view(state, BLUE)["me"]["placed"] == ["5", "1", "2", "3", "4"]
    state, _ = act(state, RED, "place", **placement(state, RED, ("4", "3", "2", "1", "5")))
    state, _ = act(state, BLUE, "lock")
    state, _ = act(state, RED, "lock")
    assert state["phase"] == "battle"
    assert len(state["private"][BLUE]["hand"]) == 5
    view = st.view(state, None)
    assert all(p["cards"] is None for p in view["provinces"])
    state, _ = act(state, None, "reveal")
    state, _ = act(state, None, "resolve")
    view = st.view(state, None)
    assert view["provinces"][QIN]["cards"] == ["5", "4"]
    assert view["provinces"][CHU]["cards"] is None
    assert state["armies"][BLUE][QIN] == 1


def test_placement_must_use_five_different_cards_from_the_hand():
    state = start("phones")
    with pytest.raises(BadValue):
        act(state, BLUE, "place", qin="1", chu="1", jin_yan="2", han_qi="3", wu="4")
    missing = next(c for c in st.CARD_CODES if c not in state["private"][BLUE]["hand"])
    with pytest.raises(BadValue):
        act(state, BLUE, "place", qin=missing, chu="1", jin_yan="2", han_qi="3", wu="4")
    with pytest.raises(NotAllowed):
        act(state, None, "place", qin="5", chu="1", jin_yan="2", han_qi="3", wu="4")


def test_a_locked_placement_cannot_change_until_the_host_unlocks_it():
    state = start("phones")
    state, _ = act(state, BLUE, "place", **placement(state, BLUE))
    state, _ = act(state, BLUE, "lock")
    with pytest.raises(RulesError):
        act(state, BLUE, "place", **placement(state, BLUE))
    with pytest.raises(NotAllowed):
        act(state, RED, "unlock", seat=BLUE)
    state, _ = act(state, None, "unlock", seat=BLUE)
    act(state, BLUE, "place", **placement(state, BLUE, ("5", "4", "3", "2", "1")))


def finish_round(state):
    """Reveal and resolve the remaining provinces, then end the battles."""
    while state["battle"]["current"] is not None or not all(state["battle"]["revealed"]):
        if state["battle"]["current"] is None:
            state, _ = act(state, None, "reveal")
        state, _ = act(state, None, "resolve")
    return act(state, None, "finish_battles")


def test_draw_phase_returns_1_to_6_removes_one_use_cards_and_draws_2_keep_1():
    state = start("phones")
    hand = state["private"][BLUE]["hand"]
    one_use = next(c for c in hand if c not in st.PERMANENT)
    state = place_both(state, blue=(one_use, "2", "3", "4", "5"), red=("2", "3", "4", "5", "6"))
    deck_top = state["private"][BLUE]["deck"][:2]
    state, events = finish_round(state)
    assert state["phase"] == "draw"
    priv = state["private"][BLUE]
    assert priv["drawn"] == deck_top
    expected = list(hand)
    expected.remove(one_use)
    assert sorted(priv["hand"]) == sorted(expected)
    assert "bottom" in st.allowed(state, BLUE)
    private_events = [e for e in events if e.get("to") == [BLUE]]
    assert private_events and all(e.get("to") for e in events if e["type"] == "CardsDrawn")
    state, _ = act(state, BLUE, "bottom", card=deck_top[1])
    priv = state["private"][BLUE]
    assert priv["deck"][-1] == deck_top[1] and deck_top[0] in priv["hand"]
    assert len(priv["hand"]) == 10 and len(priv["deck"]) == 9
    assert state["phase"] == "draw"  # Red has not chosen yet
    state, _ = act(state, RED, "bottom", card=state["private"][RED]["drawn"][0])
    assert state["phase"] == "place" and state["round"] == 2


def test_playing_the_1_draws_3_and_keeps_2():
    state = start("phones")
    state = place_both(state, blue=("1", "2", "3", "4", "5"))
    top = state["private"][BLUE]["deck"][:3]
    state, _ = finish_round(state)
    assert state["private"][BLUE]["drawn"] == top
    state, _ = act(state, BLUE, "bottom", card=top[0])
    assert len(state["private"][BLUE]["hand"]) == 10 + 2
    assert state["private"][BLUE]["deck"][-1] == top[0]


@pytest.mark.parametrize(
    ("played_one", "deck", "drawn", "kept"),
    [(False, 1, 1, 1), (False, 0, 0, 0), (True, 2, 2, 2), (True, 1, 1, 1), (True, 3, 3, 2)],
)
def test_short_decks_draw_what_is_left(played_one, deck, drawn, kept):
    assert st.draw_counts(played_one, deck) == (drawn, kept)
    state = start("phones")
    for seat in (BLUE, RED):
        state["private"][seat]["deck"] = state["private"][seat]["deck"][:deck]
    first = ("1", "2", "3", "4", "5") if played_one else ("2", "3", "4", "5", "6")
    state = place_both(state, blue=first, red=first)
    state, _ = finish_round(state)
    priv = state["private"][BLUE]
    if drawn == kept:
        # Nothing to choose: the cards go straight to the hand and the next round starts.
        assert priv["drawn"] == [] and len(priv["hand"]) == 10 + kept
        assert state["phase"] == "place"
    else:
        assert len(priv["drawn"]) == drawn


# --------------------------------------------------------------------------- recall


def test_recall_discards_a_non_permanent_card_to_bring_an_army_back_to_the_pool():
    state = start("phones")
    card = next(c for c in state["private"][BLUE]["hand"] if c not in st.PERMANENT)
    before = state["private"][BLUE]["hand"].count(card)
    state, events = act(state, BLUE, "recall", card=card)
    assert state["reserve"][BLUE] == 2 and state["pool"][BLUE] == 19
    assert state["private"][BLUE]["hand"].count(card) == before - 1
    assert len(state["private"][BLUE]["hand"]) == 9
    assert st.view(state, None)["players"][BLUE]["recalled"] == [card]
    assert "to" not in events[0]  # the card is shown to the opponent


def test_recall_refuses_cards_1_to_6_an_empty_reserve_and_the_host_on_phones():
    state = start("phones")
    with pytest.raises(BadValue):
        act(state, BLUE, "recall", card="3")
    card = next(c for c in state["private"][BLUE]["hand"] if c not in st.PERMANENT)
    with pytest.raises(NotAllowed):
        act(state, None, "recall", card=card, seat=BLUE)
    with pytest.raises(NotAllowed):
        act(state, RED, "recall", card=card, seat=BLUE)
    state["reserve"][BLUE] = 0
    state["pool"][BLUE] = 21
    with pytest.raises(NotAllowed):  # no recall is offered with an empty reserve
        act(state, BLUE, "recall", card=card)
    assert "recall" not in st.allowed(state, BLUE)


def test_recall_is_refused_between_committing_and_revealing_the_cards():
    state = start("phones")
    hand = state["private"][BLUE]["hand"]
    spare = [c for c in hand if c not in st.PERMANENT]
    single = next(c for c in spare if spare.count(c) == 1)
    other = next(c for c in spare if c != single)
    cards = dict(zip(P, [single, "1", "2", "3", "4"], strict=True))
    state, _ = act(state, BLUE, "place", **cards)
    # A placed card is no longer available; another one is (the choice is not locked yet).
    with pytest.raises(BadValue):
        act(state, BLUE, "recall", card=single)
    act(state, BLUE, "recall", card=other)
    state, _ = act(state, BLUE, "lock")
    assert "recall" not in st.allowed(state, BLUE)
    with pytest.raises(RulesError):
        act(state, BLUE, "recall", card=other)


def test_recall_with_real_cards_is_entered_by_the_player_or_the_host():
    state = start()
    state, _ = act(state, None, "recall", card="P", seat=RED)
    state, _ = act(state, RED, "recall", card="P")
    assert state["reserve"][RED] == 1 and state["pool"][RED] == 20
    with pytest.raises(BadValue):
        act(state, RED, "recall", card="P")  # both Plague cards are gone
    with pytest.raises(BadValue):
        act(state, None, "recall", card="7")  # which player?


def test_a_plague_discarded_to_recall_does_not_count_towards_the_epidemic():
    state = with_event("epidemic")
    state["plagues"] = 3
    state, _ = act(state, None, "recall", card="P", seat=RED)
    assert state["plagues"] == 3 and state["event_up"] == "epidemic"


# --------------------------------------------------------------------------- scoring and end


def scoring_state(round_, blue, red, score=0, **options):
    state = start(**options)
    state["round"] = round_
    state["score"] = score
    state["displays"] = [1, 2, 3, 9, 10]  # values r3: 1 1 1 4 4; r6: 2 3 4 1 3; r9: 4 5 3 4 2
    set_board(state, blue=blue, red=red)
    state["battle"]["revealed"] = [True] * 5
    state["battle"]["resolved"] = [True] * 5
    return state


def test_round_3_scoring_moves_the_marker_by_the_difference():
    state = scoring_state(3, [2, 0, 0, 1, 0], [0, 3, 0, 0, 4])
    state, events = act(state, None, "finish_battles")
    # Blue: Qin 1 + Han-Qi 4 = 5; Red: Chu 1 + Wu 4 = 5; Jin-Yan empty.
    assert state["score"] == 0
    state = scoring_state(6, [2, 0, 0, 1, 0], [0, 3, 1, 0, 0], score=2)
    state, _ = act(state, None, "finish_battles")
    # Round 6: Blue 2 + 1 = 3; Red 3 + 4 = 7: the marker moves 4 towards Red.
    assert state["score"] == -2
    assert st.view(state, None)["scoring"][-1][1]["diff"] == -4


def test_reaching_the_end_in_round_3_wins_at_once_and_the_marker_is_clamped():
    state = scoring_state(3, [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], score=5)
    state, _ = act(state, None, "finish_battles")
    res = GAME.outcome(state)
    assert state["score"] == 9 and res["winners"] == [BLUE]
    assert res["reason"][0] == "The score marker reached the end of the track"
    assert st.allowed(state, None) == [] and st.allowed(state, RED) == []


def test_the_marker_reaching_9_exactly_in_round_3_or_6_ends_the_game():
    state = scoring_state(6, [0, 0, 0, 0, 0], [1, 1, 1, 1, 1], score=-4)
    state, _ = act(state, None, "finish_battles")
    assert state["score"] == -9 and GAME.outcome(state)["winners"] == [RED]


def test_reaching_9_exactly_needs_the_end_in_rounds_3_and_6_only():
    state = scoring_state(3, [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], score=-2)
    state, _ = act(state, None, "finish_battles")
    assert state["score"] == 9 and GAME.outcome(state)["winners"] == [BLUE]
    state = scoring_state(3, [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], score=-3)
    state, _ = act(state, None, "finish_battles")
    assert state["score"] == 8 and GAME.outcome(state) is None


def test_no_scoring_outside_rounds_3_6_and_9():
    state = scoring_state(4, [1, 1, 1, 1, 1], [0, 0, 0, 0, 0])
    state, _ = act(state, None, "finish_battles")
    assert state["score"] == 0 and state["round"] == 5


def test_round_9_the_player_whose_end_is_closer_wins():
    state = scoring_state(9, [1, 0, 0, 0, 0], [0, 1, 0, 0, 0], score=-3)
    state, _ = act(state, None, "finish_battles")
    # Round 9 values: Qin 4 for Blue, Chu 5 for Red: -3 - 1 = -4.
    res = GAME.outcome(state)
    assert state["score"] == -4 and res["winners"] == [RED]
    assert res["reason"][0] == "Round 9 has been scored"
    rows = {row["seat"]: row for row in res["rows"]}
    assert rows[RED]["score"] == 4 and rows[BLUE]["score"] == -4 and rows[RED]["won"]
    assert any(line[1].get("new") == -4 for line in rows[RED]["lines"])


def test_round_9_in_the_centre_goes_to_the_bigger_reinforcement_pool():
    state = scoring_state(9, [0, 0, 0, 0, 0], [0, 0, 0, 0, 0])
    state["pool"] = [10, 12]
    state["reserve"] = [11, 9]
    state, _ = act(state, None, "finish_battles")
    res = GAME.outcome(state)
    assert res["winners"] == [RED]
    assert [
        "Reinforcement pool: {n} army",
        {"n": 10, "_plural": "Reinforcement pool: {n} armies"},
    ] in res["rows"][0]["lines"]


def test_round_9_in_the_centre_with_equal_pools_is_a_draw():
    state = scoring_state(9, [0, 0, 0, 0, 0], [0, 0, 0, 0, 0])
    state, _ = act(state, None, "finish_battles")
    res = GAME.outcome(state)
    assert res["winners"] == [] and not any(row["won"] for row in res["rows"])


# --------------------------------------------------------------------------- events


def with_event(event, deck=("hero",), **kw):
    state = start(**kw)
    state["event_up"] = event
    state["event_deck"] = list(deck)
    return state


def test_with_the_reveal_timing_epidemic_fires_when_the_fourth_plague_is_revealed():
    state = with_event("epidemic", event_timing="reveal")
    state, _ = battle(state, QIN, "P", "P")
    assert state["event_up"] == "epidemic"
    state, events = act(state, None, "enter_cards", province="chu", card0="P", card1="P")
    assert state["event_up"] == "hero" and state["events_done"] == ["epidemic"]
    assert state["reserve"] == [4, 4] and state["pool"] == [17, 17]
    fired = [e for e in events if e["type"] == "EventFired"]
    line = GAME.describe(fired[0], NAMES)
    assert fired and line[1]["event_t"] == "Epidemic"
    assert line[1]["rule_t"] == st.EVENT_TEXTS["epidemic"]


def test_epidemic_takes_from_the_board_when_a_pool_is_empty():
    state = with_event("epidemic")
    state["plagues"] = 3
    set_board(state, red=[0, 0, 2, 0, 3], pool=[18, 0])
    state["reserve"][RED] = 16
    state, _ = battle(state, QIN, "P", "1")
    assert st.view(state, None)["pending"][0]["seat"] == RED
    assert "take" in st.allowed(state, RED) and "take" not in st.allowed(state, BLUE)
    state, _ = act(state, RED, "take", province="wu")
    assert state["armies"][RED] == [0, 0, 2, 0, 2] and state["reserve"][RED] == 17


def test_a_state_event_already_true_when_turned_up_fires_at_once():
    state = with_event("champion", deck=("epidemic", "hero"))
    state["plagues"] = 4
    state, events = battle(state, QIN, "9", "10")
    # Champion fires on Blue's lost 9, then Epidemic turns up with 4 plagues already played.
    assert state["events_done"] == ["champion", "epidemic"]
    assert state["reserve"] == [3 + 1 + 1, 3 + 1]
    assert state["event_up"] == "hero"


def test_a_battle_event_turned_up_does_not_look_at_the_battle_just_resolved():
    state = with_event("champion", deck=("hero", "epidemic"))
    state, _ = battle(state, QIN, "10", "9")  # Red's 9 loses: Champion fires, Hero turns up
    assert state["events_done"] == ["champion"] and state["reserve"] == [3, 4]
    state, _ = battle(state, CHU, "4", "10")  # Red's 10 wins: no Hero
    assert state["event_up"] == "hero"
    state, _ = battle(state, JIN, "P", "2")
    state, _ = battle(state, HAN, "2", "3")
    state, _ = battle(state, WU, "5", "5")
    assert state["event_up"] == "hero"


@pytest.mark.parametrize(
    ("red", "fires"), [("10", True), ("9", True), ("P", True), ("8", False), ("-1", False)]
)
def test_champions_challenge_fires_when_a_9_does_not_win(red, fires):
    state = with_event("champion")
    state, _ = battle(state, QIN, "9", red)
    assert (state["events_done"] == ["champion"]) == fires
    blue_extra = 1 if fires else 0
    red_extra = 1 if fires and red == "9" else 0
    assert state["reserve"] == [3 + blue_extra, 3 + red_extra]


@pytest.mark.parametrize(("red", "fires"), [("+1", True), ("10", True), ("P", True), ("2", False)])
def test_heros_challenge_costs_two_armies_when_a_10_does_not_win(red, fires):
    state = with_event("hero", deck=("champion",))
    state, _ = battle(state, QIN, "10", red)
    assert state["reserve"][BLUE] == (5 if fires else 3)


def test_blue_warlord_2_plays_a_9_as_a_6_without_a_marker_and_avoids_the_challenge():
    state = with_event("champion", blue_w=2)
    state, _ = act(state, None, "enter_cards", province="qin", card0="9", card1="7")
    state, _ = act(state, BLUE, "warlord", warlord=2)
    state, _ = act(state, None, "resolve")
    assert state["markers"][BLUE][QIN] == 0
    assert state["armies"][RED][QIN] == 1  # 7 beats 6 by 1
    assert state["event_up"] == "champion" and state["reserve"][BLUE] == 3


def test_light_infantry_lets_the_player_behind_place_an_army():
    state = with_event("light_infantry")
    state["score"] = 2
    state, _ = battle(state, WU, "1", "1")
    assert state["armies"][RED][WU] == 1 and state["events_done"] == ["light_infantry"]


def test_light_infantry_with_the_marker_in_the_centre_does_nothing_but_counts():
    state = with_event("light_infantry")
    state, events = battle(state, WU, "1", "1")
    assert state["armies"] == [[0] * 5, [0] * 5]
    assert state["events_done"] == ["light_infantry"] and state["event_up"] == "hero"
    assert "Nobody is behind on the score track: no effect" in texts(events)


def test_light_infantry_cannot_place_in_a_province_the_opponent_holds():
    state = with_event("light_infantry")
    state["score"] = -3
    set_board(state, red=[0, 0, 0, 0, 2])
    state, _ = battle(state, WU, "1", "1")
    assert state["armies"][BLUE][WU] == 0 and state["armies"][RED][WU] == 2


def test_war_chariot_gives_a_player_with_three_marked_provinces_an_extra_warlord():
    state = with_event("war_chariot", blue_w=2, red_w=5)
    state["markers"][RED] = [0, 0, 0, 1, 1]
    state["pool"][RED] -= 2
    state, _ = battle(state, QIN, "3", "2")
    assert state["event_up"] == "war_chariot"
    state, _ = act(state, None, "enter_cards", province="chu", card0="2", card1="6")
    assert state["events_done"] == []  # the third 6 fires the event once its battle is resolved
    state, _ = act(state, None, "resolve")
    assert state["events_done"] == ["war_chariot"] and state["extra_warlord"] == [False, True]
    assert "choose_extra_warlord" in st.allowed(state, RED)
    assert st.view(state, RED)["me"]["extra_choices"][0]["n"] == 1
    with pytest.raises(BadValue):
        act(state, RED, "choose_extra_warlord", warlord=5)  # already held
    state, events = act(state, RED, "choose_extra_warlord", warlord=2)
    assert state["private"][RED]["warlords"] == [5, 2]
    assert [e["to"] for e in events if "to" in e] == [[RED]]
    assert st.view(state, None)["players"][RED]["warlords_left"] == 2


def test_the_fifth_event_ends_the_game_at_once_with_the_closer_end_winning():
    state = with_event("light_infantry", deck=())
    state["events_done"] = ["epidemic", "war_chariot", "champion", "hero"]
    state["score"] = -1
    state, _ = battle(state, QIN, "1", "1")
    res = GAME.outcome(state)
    assert res["reason"][0] == "All 5 events have been carried out"
    assert state["armies"][BLUE][QIN] == 1  # Blue was behind and placed an army first
    assert res["winners"] == [RED]
    assert st.view(state, None)["over"] is True


def test_the_fifth_event_in_the_centre_uses_the_pool_tiebreak():
    state = with_event("hero", deck=())
    state["events_done"] = ["epidemic", "war_chariot", "champion", "light_infantry"]
    state, _ = battle(state, QIN, "10", "+1")
    # +1 wins by 1 (Red puts 1 army out of the pool), then Hero costs Blue 2 armies.
    assert state["pool"] == [16, 17]
    assert GAME.outcome(state)["winners"] == [RED]


def test_the_events_option_off_plays_without_event_cards():
    state = st.setup(["A", "B"], {"events": False, "beginner": True}, random.Random(1))
    assert state["event_up"] is None and st.view(state, None)["events_left"] == 0


# --------------------------------------------------------------------------- warlords in play


def test_blue_warlord_1_moves_an_army_to_an_adjacent_province_in_the_first_6_rounds():
    state = start(blue_w=1)
    set_board(state, blue=[0, 3, 0, 0, 0], red=[0, 0, 0, 0, 2])
    with pytest.raises(BadValue):
        act(state, BLUE, "warlord", warlord=1, province="chu", to="han_qi")  # not adjacent
    state, _ = act(state, BLUE, "warlord", warlord=1, province="chu", to="jin_yan")
    assert state["armies"][BLUE] == [0, 2, 1, 0, 0]
    assert state["warlords_played"][BLUE] == [1]
    with pytest.raises(NotAllowed):  # already played: Blue has no Warlord left to play
        act(state, BLUE, "warlord", warlord=1, province="chu", to="qin")


def test_blue_warlord_1_cannot_enter_a_red_province_and_not_after_round_6():
    state = start(blue_w=1, adjacency="any")
    set_board(state, blue=[0, 3, 0, 0, 0], red=[0, 0, 0, 0, 2])
    with pytest.raises(BadValue):
        act(state, BLUE, "warlord", warlord=1, province="chu", to="wu")
    act(state, BLUE, "warlord", warlord=1, province="chu", to="han_qi")  # "any" adjacency
    state["round"] = 7
    assert "warlord" not in st.allowed(state, BLUE)
    with pytest.raises(RulesError):
        act(state, BLUE, "warlord", warlord=1, province="chu", to="jin_yan")


def test_blue_warlord_5_adds_an_army_from_the_pool_to_a_held_province():
    state = start(blue_w=5)
    set_board(state, blue=[0, 0, 2, 0, 0])
    with pytest.raises(BadValue):
        act(state, BLUE, "warlord", warlord=5, province="qin")
    state, _ = act(state, BLUE, "warlord", warlord=5, province="jin_yan")
    assert state["armies"][BLUE][JIN] == 3 and total(state, BLUE) == 21


def test_red_warlord_2_sends_a_blue_army_back_to_blues_pool():
    state = start(red_w=2)
    set_board(state, blue=[0, 0, 2, 0, 0])
    state, _ = act(state, RED, "warlord", warlord=2, province="jin_yan")
    assert state["armies"][BLUE][JIN] == 1 and state["pool"][BLUE] == 16 + 1


def test_warlords_are_refused_to_the_host_and_to_a_seat_that_does_not_hold_them():
    state = start(blue_w=5, red_w=2)
    set_board(state, blue=[0, 0, 2, 0, 0])
    with pytest.raises(NotAllowed):
        act(state, None, "warlord", warlord=5, province="jin_yan")
    with pytest.raises(BadValue):
        act(state, RED, "warlord", warlord=5, province="jin_yan")


@pytest.mark.parametrize(("seat", "warlord", "card"), [(BLUE, 4, "-1"), (RED, 5, "P")])
def test_recycling_warlords_put_the_card_under_the_deck_and_discard_the_top(seat, warlord, card):
    state = start("phones", blue_w=4, red_w=5)
    priv = state["private"][seat]
    if card not in priv["hand"]:
        priv["deck"].remove(card)
        priv["hand"].append(card)
        priv["deck"].append(priv["hand"].pop(6))
    own = (card, "1", "2", "3", "4")
    state = place_both(
        state,
        blue=own if seat == BLUE else ("1", "2", "3", "4", "5"),
        red=own if seat == RED else ("1", "2", "3", "4", "5"),
    )
    state, _ = act(state, None, "reveal")
    deck = list(state["private"][seat]["deck"])
    state, events = act(state, seat, "warlord", warlord=warlord)
    assert state["private"][seat]["deck"] == deck[1:]
    assert [e["to"] for e in events if "to" in e] == [[seat]]
    state, _ = finish_round(state)
    new_deck = state["private"][seat]["deck"]
    drawn = state["private"][seat]["drawn"]
    assert card in new_deck + drawn
    assert state["gone"][seat].get(card, 0) == 0


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


# --------------------------------------------------------------------------- privacy


def secret_twin(state, seat):
    """The same game with different secrets for ``seat`` (same counts)."""
    twin = copy.deepcopy(state)
    priv = twin["private"][seat]
    cards = priv["hand"] + priv["deck"]
    permanent = [c for c in cards if c in st.PERMANENT]
    rest = [c for c in cards if c not in st.PERMANENT]
    rest.reverse()
    rest = rest[1:] + rest[:1]
    hand_rest = len(priv["hand"]) - len(permanent)
    priv["hand"] = permanent + rest[:hand_rest]
    priv["deck"] = rest[hand_rest:]
    priv["warlords"] = [1 if n != 1 else 4 for n in priv["warlords"]]
    if twin["sealed"] and twin["sealed"]["choices"][seat] is not None:
        choice = twin["sealed"]["choices"][seat]
        if isinstance(choice, list):
            twin["sealed"]["choices"][seat] = list(reversed(choice))
        else:
            twin["sealed"]["choices"][seat] = 1 if choice != 1 else 4
    b = twin["battle"]
    for p in range(5):
        if not b["revealed"][p] and b["cards"][seat][p] is not None:
            b["cards"][seat][p] = "+1" if b["cards"][seat][p] != "+1" else "9"
    return twin


def assert_private(state, seat):
    twin = secret_twin(state, seat)
    other = 1 - seat
    for viewer in (None, other):
        a = json.dumps(st.view(state, viewer), sort_keys=True)
        b = json.dumps(st.view(twin, viewer), sort_keys=True)
        assert a == b, f"seat {seat}'s secrets leak to {viewer}"
        assert st.allowed(state, viewer) == st.allowed(twin, viewer)
    mine_a = json.dumps(st.view(state, seat)["me"], sort_keys=True)
    mine_b = json.dumps(st.view(twin, seat)["me"], sort_keys=True)
    return mine_a != mine_b


@pytest.mark.parametrize("seat", [BLUE, RED])
def test_no_view_shows_another_seats_hand_deck_warlords_or_sealed_choice(seat):
    # Warlord choice in progress.
    state = st.setup(["Ann", "Bob"], {"cards": "phones"}, random.Random(2))
    state, _ = act(state, seat, "choose_warlord", warlord=2)
    assert assert_private(state, seat)
    # Placement submitted and locked.
    state = start("phones", blue_w=2, red_w=3)
    state, _ = act(state, seat, "place", **placement(state, seat))
    state, _ = act(state, seat, "lock")
    assert assert_private(state, seat)
    # Battles with face-down provinces left.
    state = start("phones", blue_w=2, red_w=3)
    state = place_both(state)
    state, _ = act(state, None, "reveal")
    state, _ = act(state, None, "resolve")
    assert assert_private(state, seat)
    # Draw phase.
    state, _ = finish_round(state)
    assert state["phase"] == "draw"
    assert_private(state, seat)


def test_hand_and_deck_counts_are_public_but_cards_are_not():
    state = start("phones")
    view = st.view(state, None)
    assert view["players"][BLUE]["hand_count"] == 10
    assert view["players"][BLUE]["deck_count"] == 10
    assert all("hand" not in player and "deck" not in player for player in view["players"])
    assert st.view(state, BLUE)["me"]["hand"][:6] == ["1", "2", "3", "4", "5", "6"]


def test_private_events_only_go_to_their_seat():
    state = start("phones")
    state, events = act(state, RED, "place", **placement(state, RED))
    assert all(e.get("to") == [RED] for e in events)


# --------------------------------------------------------------------------- whole games


def random_game(seed, **options):
    rng = random.Random(seed)
    opts = {o.name: o.default for o in st.OPTIONS} | options
    state = st.setup(["Ann", "Bob"], opts, rng)
    for _ in range(4000):
        if GAME.outcome(state):
            return state
        moves = [
            (actor, kind)
            for actor in (None, BLUE, RED)
            for kind in st.allowed(state, actor)
            if kind
            not in (
                "move_armies",
                "set_score",
                "set_displays",
                "enter_event",
                "set_event_done",
                "unlock",
                "recall",
            )
        ]
        actor, kind = rng.choice(moves)
        params = random_params(state, actor, kind, rng)
        try:
            state, _ = act(state, actor, kind, **params)
        except RulesError:
            continue
        for seat in (BLUE, RED):
            assert total(state, seat) == 21
            assert min(state["armies"][seat]) >= 0 and state["pool"][seat] >= 0
        assert all(not (a and r) for a, r in zip(*state["armies"], strict=True))
        assert -9 <= state["score"] <= 9
    raise AssertionError("the game did not end")


def random_params(state, actor, kind, rng):
    if kind == "place":
        hand = list(state["private"][actor]["hand"])
        rng.shuffle(hand)
        return dict(zip(P, hand[:5], strict=False))
    if kind == "bottom":
        return {"card": rng.choice(state["private"][actor]["drawn"])}
    out = {}
    for param in st.ACTIONS[kind].params:
        if param.optional and rng.random() < 0.5:
            continue
        if param.kind == "choice":
            out[param.name] = rng.choice(param.choices)
        elif param.kind == "int":
            out[param.name] = rng.randint(param.min, min(param.max, 5))
        elif param.kind == "seat":
            out[param.name] = rng.randint(0, 1)
    return out


@pytest.mark.parametrize("cards", ["physical", "phones"])
@pytest.mark.parametrize("seed", range(4))
def test_random_games_end_and_keep_21_armies_per_colour(cards, seed):
    state = random_game(seed, cards=cards)
    res = GAME.outcome(state)
    assert res["reason"][0] in {t for t in st.END_REASONS.values()}
    assert len(res["rows"]) == 2 and all(row["lines"] for row in res["rows"])
    assert st.allowed(state, None) == []


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
