"""Leaks the secrecy property found, each as a small scenario (they fail until fixed)."""

from __future__ import annotations

import copy
import random

from companion.games import GAMES
from companion.games.kit import State
from companion.pipeline.tables import PUBLIC, Viewer
from companion.web.screens import visible

from .driver import apply_action


def _art_of_war_after_setup() -> State:
    game = GAMES["art-of-war"]
    options = {o.name: o.default for o in game.options}
    state = game.setup(["Ann", "Bo", "Cy"], options, random.Random(1))
    seq = 0
    for seat in range(3):
        for action in (
            {"type": "choose_setup", "advisor": 0, "general": 0, "soldiers": 2, "food": 2},
            {"type": "lock"},
        ):
            seq += 1
            state, _ = apply_action(game, state, seat, action, 1, seq)
    assert state["phase"] == 0
    return state


def _lines(state: State, actor: int, action: dict, viewer: Viewer) -> list:
    game = GAMES["art-of-war"]
    _, events = apply_action(game, state, actor, action, 1, 99)
    names = [p["name"] for p in state["players"]]
    return [game.describe(e, names) for e in events if visible(e, viewer)]


def test_pilfering_an_empty_hand_does_not_tell_the_table_that_the_hand_is_empty():
    """Bo's hand (tactic cards and blueprints) is private (digest §11; the view shows it only
    on Bo's phone, the end reveals the counts). Ann plays Pilfer a Goat on Bo: with an empty
    hand the whole table reads "Ann finds nothing to take"; with cards, nothing public."""
    state = _art_of_war_after_setup()
    state["p"][0]["tactics"] = 1  # Ann holds the card she plays
    empty, holding = copy.deepcopy(state), copy.deepcopy(state)
    empty["p"][1].update(tactics=0, blueprints=[])
    holding["p"][1].update(tactics=2, blueprints=[])
    pilfer = {"type": "play_tactic", "card": "pilfer_goat", "target": 1}
    for viewer in (PUBLIC, Viewer("seat", 2)):
        assert _lines(empty, 0, pilfer, viewer) == _lines(holding, 0, pilfer, viewer), (
            f"{viewer.key} learns whether Bo's hand is empty"
        )
