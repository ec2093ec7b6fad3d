"""Sun Tzu: the view pieces the table screen and the phone display (no rules in templates)."""

from __future__ import annotations

import json
import random
from typing import Any

from companion.games import sun_tzu as st
from companion.games.kit import T
from companion.games.sun_tzu import GAME
from companion.games.sun_tzu.common import private_note

from .sun_tzu_setups import BLUE, NAMES, RED, act, finish_round, place_both, start


def shown(value: Any) -> list[str]:
    """Every value a Text shows, through nested Texts and lists (a list's items too)."""
    if isinstance(value, list) and len(value) == 2 and isinstance(value[1], dict):
        return [v for param in value[1].values() for v in shown(param)]
    if isinstance(value, list):
        return [v for item in value for v in shown(item)]
    return [str(value)]


def test_the_round_track_marks_the_scoring_rounds_and_the_current_round():
    state = start()
    track = st.view(state, None)["round_track"]
    assert [r["n"] for r in track] == list(range(1, 10))
    assert [r["n"] for r in track if r["scoring"]] == [3, 6, 9]
    assert [r["n"] for r in track if r["current"]] == [1]
    state["round"] = 4
    track = st.view(state, None)["round_track"]
    assert [r["n"] for r in track if r["done"]] == [1, 2, 3]


def test_the_score_track_has_one_marker_cell_from_red_end_to_blue_end():
    state = start(blue_w=3)
    track = st.view(state, None)["track"]
    assert [c["n"] for c in track] == list(range(-9, 10))
    assert [c["n"] for c in track if c["at"]] == [1]


def test_the_score_column_picks_the_display_value_shown_this_round():
    state = start()
    for rnd, column in ((1, 0), (3, 0), (4, 1), (6, 1), (7, 2), (9, 2)):
        state["round"] = rnd
        view = st.view(state, None)
        assert view["score_column"] == column
        assert all(p["value"] == p["values"][column] for p in view["provinces"])


def test_card_lists_follow_the_variant():
    view = st.view(start(), None)
    assert view["card_codes"] == list(st.CARD_CODES)
    assert "1" not in view["recall_codes"] and "P" in view["recall_codes"]
    beginner = st.view(start(beginner=True), None)
    assert "+2" not in beginner["card_codes"] and "+3" not in beginner["recall_codes"]
    places = [p["id"] for p in view["places"]]
    move = next(p for p in st.ACTIONS["move_armies"].params if p.name == "src")
    assert places == list(move.choices)


def test_real_cards_entry_choices_drop_cards_already_used():
    state = start()
    choices = st.view(state, None)["entry_choices"]
    assert choices[BLUE] == list(st.CARD_CODES)
    state, _ = act(state, None, "enter_cards", province="qin", card0="5", card1="+2")
    choices = st.view(state, None)["entry_choices"]
    assert "5" not in choices[BLUE] and "5" in choices[RED]
    assert "+2" not in choices[RED] and "+2" in choices[BLUE]
    assert st.view(start("phones"), None)["entry_choices"] is None


def test_drawn_cards_stay_out_of_history_lines_and_show_in_the_owners_notes():
    state = start("phones")
    state = place_both(state, blue=("2", "3", "4", "5", "6"), red=("2", "3", "4", "5", "6"))
    top = state["private"][BLUE]["deck"][:2]
    state, events = finish_round(state)
    for event in events:
        if event.get("to"):
            # A history line shows outside the phone's press-and-hold panel: no card in it.
            line = GAME.describe(event, NAMES)
            assert all(v not in top for v in shown(line)), event
    notes = st.view(state, BLUE)["me"]["notes"]
    assert notes[0][1]["cards"] == ["{list}", {"items": list(top)}]
    assert "notes" not in json.dumps(st.view(state, None))
    red_drawn = ["{list}", {"items": list(state["private"][RED]["drawn"])}]
    assert st.view(state, RED)["me"]["notes"][0][1]["cards"] == red_drawn
    state, events = act(state, BLUE, "bottom", card=top[0])
    assert top[0] not in json.dumps([GAME.describe(e, NAMES) for e in events])
    newest = st.view(state, BLUE)["me"]["notes"][0]
    assert newest[1] == {"kept": ["{list}", {"items": [top[1]]}], "card": top[0]}


def test_private_notes_keep_only_the_latest_few():
    state = start("phones")
    for n in range(10):
        private_note(state, [], BLUE, T("note {n}", n=n), {"type": "CardKept"})
    notes = st.view(state, BLUE)["me"]["notes"]
    assert len(notes) == st.PRIVATE_NOTES
    assert notes[0][1]["n"] == 9


def test_the_phone_lists_the_hand_without_the_cards_just_placed():
    state = start("phones")
    hand = st.view(state, BLUE)["me"]["hand"]
    assert st.view(state, BLUE)["me"]["unplaced"] == hand
    state, _ = act(state, BLUE, "place", qin="1", chu="2", jin_yan="3", han_qi="4", wu="5")
    me = st.view(state, BLUE)["me"]
    assert me["hand"] == hand
    assert me["unplaced"] == [c for c in hand if c not in ("1", "2", "3", "4", "5")]


def test_a_warlord_keeps_the_number_it_was_chosen_by_while_held_set_aside_and_played():
    state = start(blue_w=3, red_w=5)
    # Red chose Warlord 5: held, it is still Warlord 5 (no letter standing in for it).
    assert [w["n"] for w in st.view(state, RED)["me"]["warlords"]] == [5]
    state["private"][RED]["warlords"] = [5, 2]
    state["extra_warlord"][BLUE] = True
    red, blue = st.view(state, RED)["me"], st.view(state, BLUE)["me"]
    assert [w["n"] for w in red["warlords"]] == [5, 2]
    assert all("letter" not in w for w in red["warlords"] + blue["extra_choices"])
    assert [w["n"] for w in blue["extra_choices"]] == [1, 2, 4, 5]
    assert red["secret_panel"] and blue["secret_panel"]


def test_the_phone_gets_its_hand_as_cards_with_what_each_does_and_a_slot_per_province():
    state = start("phones")
    me = st.view(state, BLUE)["me"]
    assert [c["code"] for c in me["hand_cards"]] == me["hand"]
    hints = {c["code"]: c["hint_t"] for c in me["hand_cards"]}
    assert hints["1"] == "Back to your hand; then draw 3, keep 2"
    assert [s["id"] for s in me["place_slots"]] == list(st.PROVINCES)
    values = [p["value"] for p in st.view(state, None)["provinces"]]
    assert [s["value"] for s in me["place_slots"]] == values
    assert not any(s["blocked"] for s in me["place_slots"])
    # The public view and the other seat's view carry none of it.
    assert "hand_cards" not in json.dumps(st.view(state, None))
    assert json.dumps(me["hand_cards"]) not in json.dumps(st.view(state, RED))


def test_the_view_names_the_step_so_the_templates_never_compare_phase_names():
    flags = ("choosing_warlords", "placing", "in_battle", "drawing")
    opts = {o.name: o.default for o in st.OPTIONS} | {"cards": "phones"}
    view = st.view(st.setup(["Ann", "Bob"], opts, random.Random(1)), None)
    assert [view[f] for f in flags] == [True, False, False, False]
    state = start(cards="phones")
    assert [st.view(state, None)[f] for f in flags] == [False, True, False, False]
    state = place_both(state)
    assert [st.view(state, None)[f] for f in flags] == [False, False, True, False]
