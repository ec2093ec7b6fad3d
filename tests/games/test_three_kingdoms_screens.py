"""3 Kingdoms Battle: what the view gives the table screen and the phones beyond the rules.

The dice typed as digits on a phone, the ending warning, the city at stake in a battle, and the
legal-target lists the turn's buttons are built from (templates display, they never compute).
"""

from __future__ import annotations

import pytest

from companion.games.kit import BadValue
from companion.games.three_kingdoms import GAME
from companion.games.three_kingdoms.dice import parse_faces

from .three_kingdoms_setups import ANN, BOB, act, add_city, new, raw


def test_dice_typed_as_digits_are_read_one_digit_per_die_separators_ignored():
    assert parse_faces("452") == [4, 5, 2]
    assert parse_faces(" 4,5 / 2 ") == [4, 5, 2]
    for bad in ("40", "7", "4x"):
        with pytest.raises(BadValue) as err:
            parse_faces(bad)
        assert err.value.code == "bad_die"


def test_a_roll_may_be_entered_as_faces_and_gives_the_same_result_as_the_dice_list():
    state = new()
    state, _ = act(state, ANN, "expand", spaces=2, alert=1, hold=1)
    state, _ = act(state, BOB, "expand", spaces=1, city=1, alert=1, complete=True)
    assert GAME.view(state, None)["battle"]["kind"] == "civil"
    by_faces, _ = act(state, ANN, "roll", faces="45 2")
    by_list, _ = act(state, ANN, "roll", dice=[4, 5, 2])
    assert GAME.view(by_faces, None) == GAME.view(by_list, None)
    assert GAME.view(by_faces, None)["cities"][0]["owner"] == ANN
    with pytest.raises(BadValue) as err:
        raw(state, ANN, "roll", faces="45", dice=[4, 5, 2])
    assert err.value.code == "dice_twice"
    with pytest.raises(BadValue) as err:
        raw(state, ANN, "roll", faces="45")
    assert err.value.code == "dice_count"


def test_the_view_warns_when_one_tile_is_left_and_when_the_stack_is_empty():
    state = new()
    assert GAME.view(state, None)["ending"] is None
    state["tiles_left"] = 2
    state, _ = act(state, ANN, "expand", spaces=0)
    assert GAME.view(state, None)["ending"] == [
        "Last tile: the game ends after the turn that places it.",
        {},
    ]
    state, _ = act(state, None, "adjust_tiles", tiles_left=0)  # the host corrects the stack
    msgid, params = GAME.view(state, None)["ending"]
    assert params == {"name": "Bob"} and "the game ends after" in msgid
    state, _ = act(state, None, "adjust_tiles", tiles_left=1)
    state, _ = act(state, BOB, "expand", spaces=0)
    view = GAME.view(state, None)
    assert view["over"] and view["ending"] is None


def test_a_battle_view_names_the_city_at_stake_and_the_national_wars_cities():
    state = new()
    launch = add_city(state, {ANN: (2, 0)})
    target = add_city(state, {BOB: (0, 1)}, tiles=4)
    state, _ = act(state, ANN, "national_war", launch=launch, target=target)
    battle = GAME.view(state, None)["battle"]
    assert (battle["city"], battle["points"], battle["size_label"]) == (target, 2, "Large city")
    assert (battle["attacker"], battle["defender"]) == (ANN, BOB)
    assert (battle["launch"], battle["target"]) == (launch, target)
    # A plain command card's war is not titled "National war (National war)".
    msgid, params = battle["title"]
    assert msgid.startswith("National war: ") and "via_t" not in params


def test_a_stratagems_war_keeps_the_stratagem_in_its_title():
    state = new()
    launch = add_city(state, {ANN: (2, 0)})
    target = add_city(state, {BOB: (0, 1)})
    state, _ = act(state, ANN, "secret_passage", launch=launch, target=target)
    msgid, params = GAME.view(state, None)["battle"]["title"]
    # The stratagem's English name with the name printed on the Chinese edition's card.
    printed = {"name_t": "Secret Passage", "printed": "暗渡陳倉"}
    assert params["via_t"] == ["{name_t} {printed}", printed] and "({via_t})" in msgid


def test_the_choices_list_each_own_city_with_its_legal_buttons():
    state = new()
    full = add_city(state, {ANN: (0, 2)}, spaces=2)
    roomy = add_city(state, {ANN: (1, 1)}, spaces=4)
    add_city(state, {BOB: (1, 0)})
    choices = GAME.view(state, None)["choices"]
    mine = {c["id"]: c for c in choices["my_cities"]}
    assert set(mine) == {full, roomy}
    assert mine[full]["emergency_add"] is False and mine[full]["emergency_remove"] == [0]
    assert mine[roomy]["emergency_add"] is True and mine[roomy]["emergency_remove"] == [1]
    assert (mine[roomy]["alert"], mine[roomy]["hold"], mine[roomy]["free"]) == (1, 1, 2)
    to_hold = choices["stance"]["to_hold"]
    assert to_hold["all"] == [roomy] and to_hold["n"] == 1
    to_alert = choices["stance"]["to_alert"]
    assert to_alert["all"] == [full, full, roomy] and to_alert["n"] == 3
    assert to_alert["by_city"][0] == {"city": full, "n": 2, "picks": [[full], [full, full]]}
    # Every pick the buttons offer is accepted by the action.
    for group, direction in ((to_hold, "to_hold"), (to_alert, "to_alert")):
        for by_city in group["by_city"]:
            for pick in by_city["picks"]:
                act(state, ANN, "change_stance", direction=direction, cities=pick)
        act(state, ANN, "change_stance", direction=direction, cities=group["all"])
    for c in choices["my_cities"]:
        for alert in c["emergency_remove"]:
            act(state, ANN, "emergency", city=c["id"], mode="remove", alert=alert)
