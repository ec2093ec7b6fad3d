"""Sun Tzu: the physical table is the truth.

The scoring displays and the event card the table laid out are entered (or corrected) by the
host, the events already carried out are marked, an event completed by a revealed card fires
after that card's battle (or, as a table option, at once), and each battle's outcome is a set
of fields. Every test runs through the kit's driver, with the platform's own checks.
"""

from __future__ import annotations

import pytest

from companion.games.kit import BadValue, RulesError
from companion.games.kit.driver import Table
from companion.games.sun_tzu import DISPLAYS, GAME
from companion.games.sun_tzu.data import EVENT_NAMES
from tests.fixtures.rules import at_table

BLUE, RED = 0, 1
P = ["qin", "chu", "jin_yan", "han_qi", "wu"]


def table(**options) -> Table:
    """Real cards, the Warlords chosen (Blue 2 and Red 2: neither is played by the app)."""
    t = at_table("sun-tzu", ["Ann", "Bo"], seed=3, **{"cards": "physical", **options})
    t.act(BLUE, "choose_warlord", warlord=2)
    t.act(RED, "choose_warlord", warlord=2)
    t.act(BLUE, "lock")
    t.act(RED, "lock")
    return t


def battle(t: Table, province: str, blue: str, red: str) -> list:
    events = t.act(None, "enter_cards", province=province, card0=blue, card1=red)
    return events + t.act(None, "resolve")


def texts(t: Table, events: list) -> list:
    return [GAME.describe(e, t.players) for e in events]


def tie_round(t: Table) -> None:
    """A round of five ties (1-1 ... 5-5, left to right): nothing moves."""
    for i, pid in enumerate(P):
        battle(t, pid, str(i + 1), str(i + 1))
    t.act(None, "finish_battles")


# --------------------------------------------------------------------------- scoring displays


def test_the_host_enters_the_displays_the_table_laid_out_and_each_change_is_logged():
    t = table()
    before = list(t.state["displays"])
    wanted = [d for d in range(1, 11) if d not in before][:2]
    events = t.act(None, "set_displays", qin=wanted[0], wu=wanted[1])
    assert t.state["displays"] == [wanted[0], *before[1:4], wanted[1]]
    assert [(e["counter"], e["before"], e["after"], e["by"]) for e in events] == [
        ("display_qin", before[0], wanted[0], None),
        ("display_wu", before[4], wanted[1], None),
    ]
    line = texts(t, events)[0]
    assert line[0] == "{who_t}: {counter_t} {before} → {after}"
    assert line[1]["counter_t"] == "the scoring display of Qin"
    qin = t.view(None)["provinces"][0]
    assert qin["display"] == wanted[0] and qin["values"] == list(DISPLAYS[wanted[0] - 1])


def test_a_display_already_beside_another_province_is_refused_with_the_reason():
    t = table()
    chu = t.state["displays"][1]
    err = t.refused(None, "set_displays", qin=chu)
    assert isinstance(err, BadValue) and err.code == "display_twice"
    assert err.params == {"n": chu}
    # Swapping two displays in one action keeps each display once.
    qin = t.state["displays"][0]
    t.act(None, "set_displays", qin=chu, chu=qin)
    assert t.state["displays"][:2] == [chu, qin]
    assert t.refused(None, "set_displays", qin=chu).code == "displays_unchanged"


def test_only_the_host_corrects_the_displays_and_they_stay_within_1_to_10():
    t = table()
    assert t.refused(BLUE, "set_displays", qin=1).code
    assert t.refused(None, "set_displays", qin=11).code


def test_a_display_corrected_mid_game_is_what_round_three_scores():
    t = table(events=False)
    if t.state["displays"][0] in (6, 9):
        t.act(None, "set_displays", **_displays_with(t, 0, 1))
    t.act(None, "set_displays", **_displays_with(t, 0, 6))  # display 6 shows 2 / 5 / 2
    t.act(None, "move_armies", seat=BLUE, src="pool", dst="qin", n=1)
    tie_round(t)
    tie_round(t)
    # Before round 3 is scored the table sees display 9 (4 / 1 / 4) at Qin, not 6.
    events = t.act(None, "set_displays", **_displays_with(t, 0, 9))
    assert [(e["before"], e["after"]) for e in events if e["counter"] == "display_qin"] == [(6, 9)]
    tie_round(t)
    assert t.state["score"] == 4  # Blue holds Qin alone: display 9's round-3 value, 4


def _displays_with(t: Table, p: int, display: int) -> dict:
    """Params that put ``display`` beside province ``p`` (swapping it out of its old place)."""
    now = list(t.state["displays"])
    params = {P[p]: display}
    if display in now:
        params[P[now.index(display)]] = now[p]
    return params


# --------------------------------------------------------------------------- the event deck


def test_we_drew_this_the_entered_event_comes_out_of_the_deck_and_the_apps_goes_back():
    t = table()
    up, pile = t.state["event_up"], list(t.state["event_deck"])
    card = pile[2]
    events = t.act(None, "enter_event", event=card)
    assert t.state["event_up"] == card
    assert t.state["event_deck"] == [up] + [c for c in pile if c != card]
    assert sorted([t.state["event_up"], *t.state["event_deck"]]) == sorted(pile + [up])
    assert texts(t, events)[0][1]["before_t"] == EVENT_NAMES[up]
    assert t.view(None)["event"]["id"] == card


def test_an_event_that_has_come_out_cannot_be_entered_again():
    t = table()
    up = t.state["event_up"]
    assert t.refused(None, "enter_event", event=up).code == "event_already_up"
    t.act(None, "set_event_done", event=up, done=True)
    err = t.refused(None, "enter_event", event=up)
    assert err.code == "event_done" and isinstance(err, BadValue)


def test_marking_events_done_and_not_done_keeps_every_card_once():
    t = table()
    up, pile = t.state["event_up"], list(t.state["event_deck"])
    events = t.act(None, "set_event_done", event=up, done=True)
    assert t.state["events_done"] == [up] and t.state["event_up"] == pile[0]
    # The next card turned face up is its own event: a reveal, so a barrier for undo.
    assert events[:2] == [
        {"type": "EventMarked", "event": up, "done": True, "by": None},
        {"type": "EventTurnedUp", "event": pile[0]},
    ]
    t.act(None, "set_event_done", event=pile[3], done=True)
    assert t.state["events_done"] == [up, pile[3]]
    assert t.refused(None, "set_event_done", event=up, done=True).code == "event_done"
    t.act(None, "set_event_done", event=up, done=False)
    assert t.state["event_deck"][-1] == up and t.state["events_done"] == [pile[3]]
    assert t.refused(None, "set_event_done", event=up, done=False).code == "event_not_done"
    every = [t.state["event_up"], *t.state["event_deck"], *t.state["events_done"]]
    assert sorted(every) == sorted([up, *pile])


def test_marking_the_last_event_done_ends_the_game_as_after_the_fifth_event():
    t = table()
    t.act(None, "set_score", score=-2)
    for card in [t.state["event_up"], *t.state["event_deck"]]:
        t.act(None, "set_event_done", event=card, done=True)
    assert t.outcome["winners"] == [RED]
    assert t.state["result"]["reason"][0] == "All 5 events have been carried out"


def test_an_entered_event_whose_condition_already_holds_is_carried_out_at_once():
    t = table()
    t.state["plagues"] = 4
    if t.state["event_up"] == "epidemic":
        t.act(None, "enter_event", event=t.state["event_deck"][0])
    t.act(None, "enter_event", event="epidemic")
    assert "epidemic" in t.state["events_done"] and t.state["reserve"] == [4, 4]


def test_event_corrections_are_refused_without_the_event_cards():
    t = table(events=False)
    assert "enter_event" not in t.allowed(None)
    err = t.refused(None, "set_event_done", event="hero", done=True)
    assert isinstance(err, RulesError)


# --------------------------------------------------------------------------- event timing


def _epidemic_face_up(t: Table) -> None:
    if t.state["event_up"] != "epidemic":
        t.act(None, "enter_event", event="epidemic")


def test_epidemic_fires_after_the_fourth_plagues_own_plague_has_struck():
    t = table()
    _epidemic_face_up(t)
    t.act(None, "move_armies", seat=BLUE, src="pool", dst="chu", n=4)
    t.state["plagues"] = 3
    battle(t, "qin", "1", "1")
    t.act(None, "enter_cards", province="chu", card0="P", card1="2")
    assert "epidemic" not in t.state["events_done"]  # the 4th Plague has not been played yet
    events = t.act(None, "resolve")
    kinds = [e["type"] for e in events]
    assert kinds.index("PlagueStruck") < kinds.index("EventFired")
    assert t.state["armies"][BLUE][1] == 2 and t.state["reserve"] == [4, 4]


def test_the_reveal_timing_option_fires_epidemic_before_the_plague_strikes():
    t = table(event_timing="reveal")
    _epidemic_face_up(t)
    t.act(None, "move_armies", seat=BLUE, src="pool", dst="chu", n=4)
    t.state["plagues"] = 3
    battle(t, "qin", "1", "1")
    events = t.act(None, "enter_cards", province="chu", card0="P", card1="2")
    assert "EventFired" in [e["type"] for e in events]
    assert t.view(None)["event_timing"] == "reveal"


def test_war_chariot_waits_for_the_third_sixs_battle():
    t = table()
    if t.state["event_up"] != "war_chariot":
        t.act(None, "enter_event", event="war_chariot")
    for pid in ("chu", "jin_yan"):
        t.act(None, "move_armies", seat=BLUE, src="pool", dst="mark_" + pid, n=1)
    t.act(None, "enter_cards", province="qin", card0="6", card1="2")
    assert not t.state["extra_warlord"][BLUE]
    t.act(None, "resolve")
    assert t.state["extra_warlord"] == [True, False]


# --------------------------------------------------------------------------- battle results


def test_each_battle_outcome_is_a_set_of_fields_in_the_events_and_the_view():
    t = table(events=False)
    won = battle(t, "qin", "7", "3")
    tied = battle(t, "chu", "2", "2")
    plague = battle(t, "jin_yan", "P", "4")
    fields = {"winner": BLUE, "margin": 4, "plague": False}
    assert [e for e in won if e["type"] == "BattleWon"][0] == {
        "type": "BattleWon",
        "province": 0,
        "seat": BLUE,
        "d": 4,
        **fields,
    }
    assert [e for e in tied if e["type"] == "BattleTied"][0]["winner"] is None
    assert [e for e in plague if e["type"] == "PlagueEmpty"][0]["plague"] is True
    provinces = t.view(None)["provinces"]
    assert provinces[0]["result"] == {"province": "qin", "cards": ["7", "3"], **fields}
    assert provinces[1]["result"]["margin"] == 0 and provinces[3]["result"] is None
    battle(t, "han_qi", "1", "5")
    battle(t, "wu", "4", "8")
    t.act(None, "finish_battles")
    view = t.view(None)
    assert view["provinces"][0]["result"] is None
    assert [r["winner"] for r in view["last_results"]] == [BLUE, None, None, RED, RED]


# --------------------------------------------------------------------------- a whole position


def test_a_mid_game_position_entered_by_hand_plays_on_to_blues_instant_win_in_round_three():
    """The table's position is entered from scratch, then played on to round 3's scoring.

    Entered: displays Qin 10 (4/3/2), Chu 9 (4/1/4), Jin-Yan 1 (1/2/4), Han-Qi 7 (3/1/5),
    Wu 2 (1/3/5); Blue (Ann) has 5 armies in Qin and 2 in Chu, Red (Bo) 3 in Jin-Yan and 4 in
    Wu; the score marker at +3; Hero's Challenge face up, Champion's Challenge still in the
    deck, the other three events carried out.

    Rounds 1 and 2 are five ties each. Round 3: Qin 1-1 and Chu 2-2 tie; Jin-Yan: Blue's 10
    against Red's +2, Red wins by 2 (Red pays 1 army to the reserve for the +2 and puts 2 more
    in Jin-Yan: 5), and Hero's Challenge makes Blue move 2 armies to the reserve; Champion's
    Challenge turns up. Han-Qi 4-3: Blue wins by 1 and puts 1 army there. Wu 5-4: Blue wins by
    1 and Red takes 1 of its 4 armies back (3 left).

    Round 3 scores the first values: Blue holds Qin 4 + Chu 4 + Han-Qi 3 = 11, Red holds
    Jin-Yan 1 + Wu 1 = 2. The marker moves 11 - 2 = 9 from +3 to +12, clamped to +9: Blue's
    end in round 3, so Blue wins at once.
    Pools: Blue 18 - 7 = 11, - 2 (Hero) - 1 (Han-Qi) = 8; Red 18 - 7 = 11, - 1 (+2's cost)
    - 2 (Jin-Yan) + 1 (back from Wu) = 9.
    """
    t = at_table("sun-tzu", ["Ann", "Bo"], seed=11, cards="physical")
    t.act(BLUE, "choose_warlord", warlord=2)
    t.act(RED, "choose_warlord", warlord=2)
    t.act(BLUE, "lock")
    t.act(RED, "lock")
    # The displays the table laid out, all five at once (each display beside one province).
    t.act(None, "set_displays", qin=10, chu=9, jin_yan=1, han_qi=7, wu=2)
    for seat, where, n in ((BLUE, "qin", 5), (BLUE, "chu", 2), (RED, "jin_yan", 3), (RED, "wu", 4)):
        t.act(None, "move_armies", seat=seat, src="pool", dst=where, n=n)
    t.act(None, "set_score", score=3)
    if t.state["event_up"] != "hero":
        t.act(None, "enter_event", event="hero")
    for card in ("epidemic", "war_chariot", "light_infantry"):
        t.act(None, "set_event_done", event=card, done=True)
    assert t.state["event_deck"] == ["champion"]

    tie_round(t)
    tie_round(t)
    battle(t, "qin", "1", "1")
    battle(t, "chu", "2", "2")
    events = battle(t, "jin_yan", "10", "+2")
    assert [e["event"] for e in events if e["type"] == "EventFired"] == ["hero"]
    assert t.state["event_up"] == "champion"
    battle(t, "han_qi", "4", "3")
    battle(t, "wu", "5", "4")
    assert t.state["armies"] == [[5, 2, 0, 1, 0], [0, 0, 5, 0, 3]]
    t.act(None, "finish_battles")

    assert t.state["score"] == 9 and t.state["phase"] == "over"
    assert t.state["pool"] == [8, 9] and t.state["reserve"] == [5, 4]
    assert t.outcome["winners"] == [BLUE]
    assert t.state["score_history"][-1]["totals"] == [11, 2]


@pytest.mark.parametrize("timing", ["after", "reveal"])
def test_the_event_timing_option_is_a_table_option(timing):
    t = at_table("sun-tzu", ["Ann", "Bo"], event_timing=timing)
    assert t.view(None)["options"]["event_timing"] == timing
