"""Samurai Sword: the Weapons the player on turn has left this turn (digest §3, §4).

"Play any number of cards, but at most 1 Weapon per turn (the 3-player Shogun 2; Focus and
Goemon add 1)": the limit is shown, and now what is left of it, counted from the attacks the
history logs. It is not enforced (a Weapon can be played at the table without the app), so a
Weapon over the limit is still taken, and the count stays at 0 rather than going below.
"""

from __future__ import annotations

from companion.games.samurai_sword import GAME

from .samurai_sword_setups import PLAIN, act, manual

ROLES = ["shogun", "samurai", "ninja", "ninja"]


def playing(chars=PLAIN[:4]):
    """Four seats entered their cards; the Shogun (Ann) is in her Play phase."""
    state = manual(ROLES, chars, ninja_stars=False)
    while state["phase"] != "play":
        state, _ = act(state, None, "next_phase")
    return state


def left(state):
    view = GAME.view(state, None)
    return view["weapons_played"], [p["weapons_left"] for p in view["players"]]


def test_the_turn_player_sees_one_weapon_left_then_none_and_others_see_nothing():
    state = playing()
    assert state["turn"] == 0
    assert left(state) == (0, [1, None, None, None])
    state, _ = act(state, None, "attack", target=1, damage=1)
    assert left(state) == (1, [0, None, None, None])
    # Not enforced: a second Weapon is still taken; the count does not go below 0.
    state, _ = act(state, None, "attack", target=2, damage=1, parried=True)
    assert left(state) == (2, [0, None, None, None])


def test_a_new_turn_starts_from_the_full_limit_and_goemon_has_two():
    state = playing(chars=["ieyasu", "goemon", "nobunaga", "musashi"])
    state, _ = act(state, None, "attack", target=2, damage=1)
    state, _ = act(state, None, "end_turn")
    assert state["turn"] == 1
    assert left(state) == (0, [None, 2, None, None])


def test_focus_adds_one_and_giving_the_turn_to_another_player_resets_the_count():
    state = playing()
    state, _ = act(state, None, "adjust", seat=0, counter="focus", delta=1)
    assert left(state) == (0, [2, None, None, None])
    state, _ = act(state, None, "attack", target=1, damage=1)
    assert left(state) == (1, [1, None, None, None])
    state, _ = act(state, None, "set_turn", seat=2)
    assert left(state) == (0, [None, None, 1, None])


def test_every_phone_and_the_table_see_the_same_count():
    state = playing()
    state, _ = act(state, None, "attack", target=1, damage=1)
    assert {GAME.view(state, s)["weapons_played"] for s in (None, 0, 1, 2, 3)} == {1}
