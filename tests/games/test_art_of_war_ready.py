"""The Art of War moves on when every phone says Done: the table waits on the players in the
purchases, workers and building, foremen and payments, after the battles and food; a battle is
fought when everyone in it taps Fight. The host's Next and Resolve still work at any time."""

from __future__ import annotations

import pytest

from companion.errors import NotAllowed
from companion.games.art_of_war import GAME
from companion.games.art_of_war.ready import waiting_for
from tests.games.test_art_of_war_helpers import act, at_phase, new_game, plain, reveal, to_war
from tests.games.test_art_of_war_table_truth import en


def lines(state: dict, events: list) -> list[str]:
    names = [p["name"] for p in state["players"]]
    return [en(GAME.describe(e, names)) for e in events]


def everyone_done(state: dict, seats=None) -> tuple[dict, list]:
    events: list = []
    for seat in seats if seats is not None else list(waiting_for(state)):
        state, ev = act(state, seat, "done")
        events += ev
    return state, events


def at_purchases(n: int = 3) -> dict:
    state, _ = act(new_game(n), None, "next")
    state, _ = reveal(state, "choose_stance", dict.fromkeys(range(n), "peace"), "stance")
    assert (state["phase"], state["step"]) == (4, "purchase")
    return state


def test_the_purchases_move_on_to_the_building_step_when_the_last_player_says_done():
    state = at_purchases()
    state, events = everyone_done(state, [0, 1])
    assert state["step"] == "purchase" and waiting_for(state) == [2]
    assert lines(state, events) == ["P0 is done", "P1 is done"]
    # The table screen and every phone show who the table waits for.
    assert GAME.view(state, None)["done"] == {"waiting": [2], "done": [0, 1], "battle": False}
    state, events = act(state, 2, "done")
    assert state["step"] == "build"
    assert "Everyone is done in the Purchases step. Moving on." in lines(state, events)
    # A new step asks everyone again.
    assert waiting_for(state) == [0, 1, 2]


def test_a_player_says_done_once_per_step_and_only_while_the_table_waits_for_them():
    state = at_purchases()
    state, _ = act(state, 0, "done")
    assert "done" not in GAME.allowed(state, 0) and "done" in GAME.allowed(state, 1)
    with pytest.raises(NotAllowed):
        act(state, 0, "done")
    # The host never says Done for a player (it has Next for a table in a hurry).
    assert "done" not in GAME.allowed(state, None) and "next" in GAME.allowed(state, None)


def test_a_player_who_has_bought_all_they_may_is_not_asked_in_the_purchases():
    state = plain(at_purchases())
    state["p"][1]["money"] = 20
    state, _ = act(state, 1, "buy_tactic")
    state, _ = act(state, 1, "buy_blueprint")
    assert waiting_for(state) == [0, 2]
    state, _ = everyone_done(state)
    assert state["step"] == "build"


def test_everyone_done_through_construction_and_food_ends_the_round_as_next_would():
    state = at_purchases()
    state, _ = everyone_done(state)  # purchases (no auction before round 6)
    state, _ = everyone_done(state)  # workers and building
    assert state["step"] == "payments"
    state, _ = everyone_done(state)  # foremen and payments: to war
    assert (state["phase"], state["step"]) == (5, "deploy")
    home = {s: GAME.view(state, s)["me"]["deploy"]["all_home"] for s in range(3)}
    state, _ = reveal(
        state, "deploy", {s: [int(x) for x in home[s].split(",")] for s in home}, "counts"
    )
    # Nobody attacks anybody: no battle, straight to after the battles.
    assert state["step"] == "after"
    state, _ = everyone_done(state)
    assert state["phase"] == 6
    round_ = state["round"]
    state, events = everyone_done(state)
    assert state["round"] == round_ + 1 and state["phase"] == 0
    assert "Everyone is done in the Food phase. Moving on." in lines(state, events)


def test_a_battle_is_fought_when_everyone_in_it_taps_fight():
    # Digest: soldiers at bandit camps attack the bandits; P0 sends 5 to camp 1.
    state = to_war(plain(new_game(2)), ["peace", "peace"], [5, 4])
    locs = [x["loc"] for x in GAME.view(state, None)["map"]["locations"]]
    counts = [0] * len(locs)
    counts[locs.index("camp-0")] = 5
    home = [0] * len(locs)
    home[locs.index("castle-1")] = 4
    state, _ = reveal(state, "deploy", {0: counts, 1: home}, "counts")
    assert state["step"] == "battles" and waiting_for(state) == [0]
    assert GAME.view(state, 0)["done"]["battle"] is True
    bandits = state["camps"][0]["bandits"]
    state, events = act(state, 0, "done")
    assert lines(state, events)[0] == "P0 is ready to fight"
    assert state["war"]["queue"][0].get("done") and state["camps"][0]["bandits"] < bandits


def test_a_card_played_in_the_battle_asks_everyone_in_it_again():
    state = at_phase(plain(new_game(2)), 5, ["war", "peace"], "battles")
    state["p"][0]["at"] = {"castle-1": 6}
    state["p"][1]["at"] = {"castle-1": 3}
    state["p"][1]["tactics"] = 1
    state["war"] = {
        "queue": [
            {"kind": "city", "loc": "castle-1", "mods": [], "orders": None, "lines": [], "moved": 0}
        ],
        "current": 0,
        "done": [],
        "press": None,
    }
    assert waiting_for(state) == [0, 1]
    state, _ = act(state, 0, "done")
    assert waiting_for(state) == [1]
    # Bo plays +3 CP: Ann may want to answer it, so both are asked again.
    state, _ = act(state, 1, "play_tactic", card="battle_ready")
    assert waiting_for(state) == [0, 1]
    assert not state["war"]["queue"][0].get("done")


def test_the_hosts_next_still_moves_on_without_waiting_for_anyone():
    state = at_purchases()
    state, _ = act(state, 0, "done")
    state, _ = act(state, None, "next")
    assert state["step"] == "build" and waiting_for(state) == [0, 1, 2]
