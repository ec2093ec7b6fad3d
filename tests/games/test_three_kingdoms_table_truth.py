"""3 Kingdoms Battle: the physical table is the truth.

Cities are added, completed and opened again as the table shows them; every number on the board
is corrected from → to, by whom, within the rules' bounds; the dice the app can roll can be
entered as rolled; a battle's winner and margin are fields. All through the kit's driver.
"""

from __future__ import annotations

from typing import Any

import pytest
from babel.lists import format_list

from companion.games.kit import BadValue, NotAllowed, RulesError
from companion.games.kit.driver import Table
from tests.fixtures.rules import at_table

ANN, BOB, CY = 0, 1, 2


def table(**options: Any) -> Table:
    return at_table("three-kingdoms", ["Ann", "Bob", "Cy"], seed=7, **options)


def english(text: Any) -> str:
    """A history line as an English reader sees it (nested ``_t`` values filled in)."""
    if isinstance(text, str):
        return text
    msgid, values = text
    if msgid == "{list}":  # a list: joined by English's rule, as the web layer joins it
        return format_list([english(item) for item in values["items"]], locale="en")
    if "_plural" in values:  # a count's line: English takes the plural unless it is 1
        msgid = msgid if values["n"] == 1 else values["_plural"]
    return msgid.format(
        **{k: english(v) if k.endswith("_t") or is_list(v) else v for k, v in values.items()}
    )


def is_list(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and value[0] == "{list}"


def said(t: Table, n: int) -> list[str]:
    """The last ``n`` history lines, in English."""
    return [english(line) for line in t.lines(None)[-n:]]


def city(t: Table, cid: int) -> dict[str, Any]:
    return next(c for c in t.view(None)["cities"] if c["id"] == cid)


def scores(t: Table) -> list[int]:
    return [p["score"] for p in t.view(None)["players"]]


# -- 1. cities: added, completed, opened again ----------------------------------------------------


def test_the_table_screen_adds_a_completed_city_and_the_player_in_it_controls_and_scores_it():
    t = table()
    t.act(None, "create_city", tiles=4, spaces=5, complete=True, seat=BOB, alert=1, hold=2)
    c = city(t, 1)
    assert (c["complete"], c["size"], c["tiles"], c["spaces"], c["owner"]) == (
        True,
        "large",
        4,
        5,
        BOB,
    )
    assert c["troops"] == [{"seat": BOB, "name": "Bob", "alert": 1, "hold": 2}]
    assert scores(t) == [0, 2, 0] and t.view(None)["players"][BOB]["supply"] == 5
    assert said(t, 3) == [
        "Table screen: new completed city 1 (Large city, 4 tiles, 5 garrison spaces), "
        "controlled by Bob.",
        "Table screen: Bob's Alert troops in city 1 0 → 1",
        "Table screen: Bob's Hold troops in city 1 0 → 2",
    ]


def test_an_added_city_may_be_open_idle_or_sized_as_the_table_says():
    t = table()
    t.act(None, "create_city", tiles=2, spaces=3)
    t.act(None, "create_city", tiles=3, spaces=4, complete=True, size="large")
    assert city(t, 1)["complete"] is False and city(t, 2)["size"] == "large"
    assert city(t, 2)["idle"] and said(t, 1) == [
        "Table screen: new completed city 2 (Large city, 3 tiles, 4 garrison spaces), "
        "controlled by nobody."
    ]


def test_an_added_city_is_checked_against_the_games_tiles_spaces_and_troops():
    t = table()
    assert t.refused(None, "create_city", tiles=2, spaces=5).code == "too_many_spaces"
    assert t.refused(None, "create_city", tiles=2, spaces=1, seat=ANN, alert=2).code == (
        "over_capacity"
    )
    assert t.refused(None, "create_city", tiles=1, spaces=1, alert=1).code == "choose_seat"
    t.act(None, "create_city", tiles=2, spaces=4, seat=ANN, alert=4)
    t.act(None, "create_city", tiles=2, spaces=4, seat=ANN, hold=4)
    err = t.refused(None, "create_city", tiles=1, spaces=1, seat=ANN, alert=1)
    assert err.code == "too_many_troops_total"
    t.act(None, "create_city", tiles=68, spaces=0)
    assert t.refused(None, "create_city", tiles=1, spaces=0).code == "too_many_tiles"


def test_completing_a_city_by_hand_gives_it_to_the_player_whose_troops_are_in_it():
    t = table()
    t.act(None, "create_city", tiles=3, spaces=3, seat=CY, alert=1)
    t.act(None, "complete_city", city=1)
    assert city(t, 1)["owner"] == CY and scores(t) == [0, 0, 1]
    assert said(t, 1) == [
        "Table screen: city 1 open → completed (Small city, 3 tiles), Cy controls it."
    ]


def test_completing_a_city_holding_two_players_troops_starts_the_civil_war():
    t = table()
    t.act(None, "create_city", tiles=2, spaces=4, seat=ANN, alert=1)
    t.act(None, "adjust_city", city=1, seat=BOB, alert=1, hold=0)
    events = t.act(None, "complete_city", city=1)
    assert [e["type"] for e in events] == ["CityCompletionCorrected", "CivilWarStarted"]
    assert t.view(None)["battle"]["kind"] == "civil"
    t.act(None, "roll", dice=[6, 1])
    assert city(t, 1)["owner"] == ANN and t.view(None)["turn"] == ANN  # a fix takes no turn


def test_a_completed_city_can_be_opened_again_and_its_owner_loses_the_points():
    t = table()
    t.act(None, "create_city", tiles=4, spaces=4, complete=True, seat=ANN, alert=1)
    t.act(None, "complete_city", city=1, complete=False)
    c = city(t, 1)
    assert (c["complete"], c["owner"], scores(t)[ANN]) == (False, None, 0)
    assert c["troops"][0]["alert"] == 1  # the troops stay on the open city
    assert said(t, 1) == ["Table screen: city 1 completed → open (owner Ann → nobody)."]
    assert t.refused(None, "complete_city", city=1, complete=False).code == "city_open"


def test_a_completed_citys_size_can_be_corrected_and_the_score_follows():
    t = table()
    t.act(None, "create_city", tiles=3, spaces=3, complete=True, seat=ANN, hold=1)
    t.act(None, "complete_city", city=1, size="large")
    assert city(t, 1)["size"] == "large" and scores(t)[ANN] == 2
    assert said(t, 1) == ["Table screen: city 1 Small city → Large city."]
    assert t.refused(None, "complete_city", city=1, size="large").code == "city_complete"


def test_a_city_completed_by_hand_feeds_the_instant_win():
    t = table()
    for _ in range(3):
        t.act(None, "create_city", tiles=4, spaces=2, complete=True, seat=BOB, alert=1)
    t.act(None, "create_city", tiles=4, spaces=2, seat=BOB, alert=1)
    t.act(None, "complete_city", city=4)
    assert t.outcome is not None and t.outcome["winners"] == [BOB]


def test_only_the_table_screen_adds_completes_or_opens_a_city_and_not_during_a_battle():
    t = table()
    for kind in ("create_city", "complete_city"):
        assert kind in t.allowed(None) and kind not in t.allowed(ANN)
    t.act(None, "create_city", tiles=1, spaces=2, seat=ANN, alert=1)
    with pytest.raises(NotAllowed):
        t.act(ANN, "complete_city", city=1)
    t.act(None, "adjust_city", city=1, seat=BOB, alert=1, hold=0)
    t.act(None, "complete_city", city=1)
    assert "create_city" not in t.allowed(None) and "complete_city" not in t.allowed(None)


# -- 2. every number on the board, from → to ------------------------------------------------------


def test_correcting_a_city_logs_each_number_from_to_and_the_owner_and_score_follow():
    t = table()
    t.act(None, "create_city", tiles=2, spaces=2, complete=True, seat=ANN, alert=1)
    t.act(None, "adjust_city", city=1, seat=ANN, alert=0, hold=0, tiles=4, spaces=3)
    assert said(t, 5) == [
        "Table screen: tiles of city 1 2 → 4",
        "Table screen: garrison spaces of city 1 2 → 3",
        "Table screen: Ann's Alert troops in city 1 1 → 0",
        "Table screen: city 1 Small city → Large city.",
        "Table screen: owner of city 1 Ann → nobody.",
    ]
    assert city(t, 1)["idle"] and scores(t) == [0, 0, 0]
    t.act(None, "adjust_city", city=1, seat=CY, alert=0, hold=2)
    assert city(t, 1)["owner"] == CY and scores(t) == [0, 0, 2]
    assert said(t, 1) == ["Table screen: owner of city 1 nobody → Cy."]


def test_a_city_correction_outside_the_rules_bounds_is_refused_with_its_reason():
    t = table()
    t.act(None, "create_city", tiles=2, spaces=2, seat=ANN, alert=1)
    err = t.refused(None, "adjust_city", city=1, seat=ANN, alert=1, hold=0, spaces=5)
    assert err.code == "out_of_bounds" and err.params["hi"] == 4
    assert t.refused(None, "adjust_city", city=1, seat=ANN, alert=3, hold=0).code == (
        "over_capacity"
    )
    assert t.refused(None, "adjust_city", city=1, seat=ANN, alert=1, hold=0, tiles=73).code == (
        "out_of_range"
    )


def test_a_correction_that_changes_nothing_is_still_taken_and_says_so():
    t = table()
    t.act(None, "adjust_tiles", tiles_left=71)
    t.act(None, "adjust_player", seat=BOB)
    assert said(t, 2) == ["Table screen: checked, nothing to correct."] * 2


def test_cards_stratagems_tiles_left_and_the_turn_are_corrected_from_to():
    t = table()
    t.act(None, "adjust_player", seat=BOB, commands=3, stratagem="beauty_trap")
    t.act(None, "adjust_player", seat=BOB, stratagem="beauty_trap")
    t.act(None, "adjust_tiles", tiles_left=12)
    t.act(None, "set_turn", seat=CY)
    assert said(t, 5) == [
        "Table screen: Bob's command cards 5 → 3",
        "Table screen: Bob's Beauty Trap 美人計 unused → used.",
        "Table screen: Bob's Beauty Trap 美人計 used → unused.",
        "Table screen: tiles left 71 → 12",
        "Table screen: turn Ann → Cy.",
    ]
    v = t.view(None)
    assert (v["players"][BOB]["commands"], v["tiles_left"], v["turn"]) == (3, 12, CY)


def test_tiles_left_corrected_to_one_ends_the_game_after_the_next_tile():
    t = table()
    t.act(None, "create_city", tiles=1, spaces=1, complete=True, seat=CY, alert=1)
    t.act(None, "adjust_tiles", tiles_left=1)
    t.act(ANN, "expand", spaces=0)
    assert t.outcome is not None and t.outcome["winners"] == [CY]


def test_every_die_the_app_can_roll_can_be_entered_as_the_table_rolled_it():
    """The app rolls only dice (the tiles are drawn by the table, which says what it placed):
    the occupation die and every battle roll take the faces the table rolled."""
    t = table()
    t.act(None, "create_city", tiles=1, spaces=2, complete=True)
    events = t.act(ANN, "occupy", city=1, die=3)
    assert events[0]["type"] == "OccupyFailed" and events[0]["die"] == 3
    t.act(None, "create_city", tiles=2, spaces=2, seat=BOB, alert=1)
    t.act(None, "adjust_city", city=2, seat=CY, alert=1, hold=0)
    t.act(None, "complete_city", city=2)
    events = t.act(CY, "roll", faces="5 2")
    assert events[0]["dice"] == [[5], [2]] and city(t, 2)["owner"] == BOB


def test_the_host_corrections_are_refused_to_a_phone_with_the_games_reason():
    t = table()
    for kind, params in (
        ("create_city", {"tiles": 1, "spaces": 1}),
        ("adjust_tiles", {"tiles_left": 3}),
        ("set_turn", {"seat": 1}),
    ):
        with pytest.raises(RulesError) as err:
            t.act(BOB, kind, **params)
        assert err.value.code == "not_now"


# -- 3. a battle's result as fields ---------------------------------------------------------------


def test_a_civil_war_gives_its_winner_losers_and_margin_as_fields():
    t = table()
    t.act(None, "create_city", tiles=2, spaces=4, seat=ANN, alert=2)
    t.act(None, "adjust_city", city=1, seat=BOB, alert=1, hold=0)
    t.act(None, "complete_city", city=1)
    events = t.act(None, "roll", dice=[5, 1, 2])
    ended = next(e for e in events if e["type"] == "CivilWarEnded")
    assert (ended["winner"], ended["margin"]) == (ANN, 2)
    last = t.view(None)["last_battle"]
    assert {k: last[k] for k in ("kind", "city", "outcome", "winner", "losers", "margin")} == {
        "kind": "civil",
        "city": 1,
        "outcome": "won",
        "winner": ANN,
        "losers": [BOB],
        "margin": 2,
    }
    assert last["winner_name"] == "Ann" and english(last["line"]) == (
        "Ann won the battle for city 1 by 2 troops."
    )


def two_cities() -> Table:
    """Ann's city 1 (3 Alert), Bob's city 2 (1 Hold), both small; Ann's turn."""
    t = table()
    t.act(None, "create_city", tiles=2, spaces=4, complete=True, seat=ANN, alert=3)
    t.act(None, "create_city", tiles=2, spaces=2, complete=True, seat=BOB, hold=1)
    return t


def test_a_national_war_won_by_the_attacker_gives_the_winner_and_margin_in_view_and_events():
    t = two_cities()
    t.act(ANN, "national_war", launch=1, target=2, troops=3)
    events = t.act(ANN, "roll", dice=[5, 6, 1, 1])
    won = next(e for e in events if e["type"] == "AttackerWon")
    assert (won["winner"], won["margin"]) == (ANN, 3)
    assert t.view(None)["battle"]["result"]["winner"] == ANN
    t.act(ANN, "settle", n=2)
    assert t.view(None)["last_battle"]["outcome"] == "attacker_won"
    assert t.view(None)["last_battle"]["margin"] == 3


def test_a_national_war_with_both_sides_gone_has_no_winner():
    t = table()
    t.act(None, "create_city", tiles=2, spaces=2, complete=True, seat=ANN, alert=1)
    t.act(None, "create_city", tiles=2, spaces=2, complete=True, seat=BOB, alert=1)
    events = t.act(ANN, "national_war", launch=1, target=2) + t.act(ANN, "roll", dice=[6, 6])
    ended = next(e for e in events if e["type"] == "NationalWarEnded")
    assert (ended["winner"], ended["margin"], ended["outcome"]) == (None, 0, "both_gone")
    last = t.view(None)["last_battle"]
    assert last["losers"] == [ANN, BOB] and english(last["line"]) == (
        "Both sides were wiped out in city 2."
    )


def test_a_called_off_attack_leaves_the_defender_the_winner_by_troops_left():
    t = two_cities()
    t.act(ANN, "national_war", launch=1, target=2, troops=2)
    t.act(ANN, "roll", dice=[1, 1, 5])
    events = t.act(ANN, "call_off")
    assert (events[0]["winner"], events[0]["margin"]) == (BOB, 0)  # Bob 1 left, Ann 1 left
    assert t.view(None)["last_battle"]["outcome"] == "called_off"


# -- the whole position entered from scratch, then played to the end ------------------------------


def test_a_whole_mid_game_position_entered_by_hand_plays_on_to_the_end_scoring():
    """The table joins mid-game. Entered by hand: Ann's large city 1 (4 tiles, 1 Alert 1 Hold),
    Bob's small city 2 (2 tiles, 2 Alert), Cy's small city 3 (3 tiles, 1 Hold), an open city 4
    (Ann 1 Alert, Cy 1 Alert), 2 tiles left, Bob has 2 command cards and no Beauty Trap, Cy's
    turn.

    Cy places a tile completing city 4 with Ann's and Cy's troops: a civil war; Cy rolls 6,
    Ann 1: Cy takes city 4 (small, 1 point). Then Ann places the last tile (no city): the game
    ends after her turn.

    Score by hand: Ann: city 1 large = 2. Bob: city 2 small = 1. Cy: city 3 small 1 + city 4
    small 1 = 2. Ann and Cy tie at 2; tie-break A (troops in completed cities): Ann 2 (city 1),
    Cy 1 (city 3) + 1 (city 4) = 2, still tied; B (command cards): Ann 5, Cy 5; C (stratagems):
    4 and 4; D (Alert troops on the map): Ann 1, Cy 1 → still tied: they share the win.
    """
    t = table()
    t.act(None, "create_city", tiles=4, spaces=4, complete=True, seat=ANN, alert=1, hold=1)
    t.act(None, "create_city", tiles=2, spaces=3, complete=True, seat=BOB, alert=2)
    t.act(None, "create_city", tiles=3, spaces=3, complete=True, seat=CY, hold=1)
    t.act(None, "create_city", tiles=2, spaces=3, seat=ANN, alert=1)
    t.act(None, "adjust_city", city=4, seat=CY, alert=1, hold=0)
    t.act(None, "adjust_tiles", tiles_left=2)
    t.act(None, "adjust_player", seat=BOB, commands=2, stratagem="beauty_trap")
    t.act(None, "set_turn", seat=CY)
    assert scores(t) == [2, 1, 1]

    t.act(CY, "expand", spaces=0, also_complete=[4])
    t.act(CY, "roll", dice=[1, 6])  # Ann 1, Cy 6 in seat order
    assert city(t, 4)["owner"] == CY and scores(t) == [2, 1, 2]
    assert t.view(None)["turn"] == ANN
    t.act(ANN, "expand", spaces=0)

    result = t.outcome
    assert result is not None and result["winners"] == [ANN, CY]
    rows = {r["seat"]: r["score"] for r in result["rows"]}
    assert rows == {ANN: 2, BOB: 1, CY: 2}
    steps = [english(line) for line in result["tiebreak"]]
    assert steps[-1] == "Still tied: Ann and Cy share the win."
    assert "Tie-break A, troops in completed cities: Ann 2 and Cy 2; ahead: Ann and Cy." in steps
    assert "Tie-break D, Alert troops: Ann 1 and Cy 1; ahead: Ann and Cy." in steps


def test_bad_values_are_the_games_own_refusals():
    t = table()
    with pytest.raises(BadValue) as err:
        t.act(None, "complete_city", city=9)
    assert err.value.code == "no_such_city"
