"""The start of each Quorsum game: a fresh board, the layout drawn (or waiting to be entered),
the opening roll-off, the A/B choice, the placement of the pieces, and the next game of a match.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, State
from .board import home_of, opt, other
from .data import CORNERS, FACES, PHASES, START_DISTANCE, TILE_BOX, TILE_COUNT


def whose_turn(state: State) -> int | None:
    """The seat that acts now: the chooser at the opening choice, the placer at placement, and
    otherwise the player whose turn it is (None between turns)."""
    phase = state["phase"]
    if phase == "choose":
        return state["chooser"]
    if phase == "place":
        return state["placer"]
    return state["turn"]


def _new_pieces() -> list[dict[str, Any]]:
    return [
        {"owner": pid // 2, "tile": None, "home": None, "best": START_DISTANCE} for pid in range(4)
    ]


def fresh_board(state: State) -> list[Event]:
    """Every game of a match starts on an empty board, with nothing rolled or chosen yet."""
    state.update(
        tiles=[None] * TILE_COUNT,
        rolloff=[None, None],
        chooser=None,
        first=None,
        placer=None,
        pieces=_new_pieces(),
        turn=None,
        turn_no=0,
        plan=[],
        given_up=0,
        flipped=[],
        turn_start=[START_DISTANCE] * 4,
        stalemate=0,
    )
    return []


def start_game(state: State, rng: Rng) -> list[Event]:
    """Set up the board for a game (the first or the next of a match)."""
    events = PHASES.enter(state, "layout")
    if opt(state, "layout") == "random":
        drawn = rng.sample(list(TILE_BOX), TILE_COUNT)
        state["tiles"] = [{"value": v, "face": rng.choice(FACES)} for v in drawn]
        events.append({"type": "LayoutDrawn", "game": state["game_no"]})
    games = state["games"]
    if games and opt(state, "match_opening") == "alternate":
        # Digest reading: from game 2 on the players alternate who chooses A/B, no roll.
        state["chooser"] = other(games[-1]["chooser"])
        events.append({"type": "ChooserSet", "seat": state["chooser"]})
    leave_layout_if_complete(state, events)
    return events


def leave_layout_if_complete(state: State, events: list[Event]) -> None:
    """Once all 16 tiles are down, go on to the opening roll (or straight to the choice)."""
    if state["phase"] != "layout" or any(t is None for t in state["tiles"]):
        return
    events.extend(PHASES.enter(state, "choose" if state["chooser"] is not None else "rolloff"))
    if opt(state, "layout") == "entered":
        events.append({"type": "LayoutComplete"})


def act_rolloff(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Each player's opening die (entered, or rolled by the app when left out)."""
    entered = [params.get("die0"), params.get("die1")]
    dice: list[int] = [d if d is not None else rng.randint(1, 6) for d in entered]
    state["rolloff"] = dice
    event: Event = {"type": "Rolloff", "dice": dice}
    if dice[0] == dice[1]:
        return [event, {"type": "RolloffTied"}]
    chooser = 0 if dice[0] > dice[1] else 1
    state["chooser"] = chooser
    events = [event, *PHASES.enter(state, "choose")]
    return [*events, {"type": "ChooserSet", "seat": chooser}]


def act_choose(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The chooser takes A (first turn) or B (place the pieces); the other gets the other."""
    chooser = state["chooser"]
    if params["option"] == "A":
        state["first"], state["placer"] = chooser, other(chooser)
    else:
        state["first"], state["placer"] = other(chooser), chooser
    events = PHASES.enter(state, "place")
    return [*events, {"type": "OpeningChosen", "seat": chooser, "option": params["option"]}]


def act_place(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Option B's player puts the four pieces on the corners: ``owners`` = seat per corner."""
    owners = params["owners"]
    if len(owners) != len(CORNERS) or sorted(owners) != [0, 0, 1, 1]:
        raise BadValue(
            "bad_placement",
            N_("Give the owner of each of the 4 corners: two corners for each player."),
        )
    next_piece = [0, 2]  # seat 0 owns pieces 0-1, seat 1 owns 2-3
    for corner, seat in zip(CORNERS, owners, strict=True):
        piece = state["pieces"][next_piece[seat]]
        next_piece[seat] += 1
        piece.update(tile=corner, home=home_of(corner), best=START_DISTANCE)
    state["turn"] = state["first"]
    state["turn_no"] = 1
    events = PHASES.enter(state, "declare")
    placed = {"type": "PiecesPlaced", "seat": state["placer"], "owners": owners}
    return [{**placed, "first": state["first"]}, *events]


def act_next_game(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Start the next game of the match: a fresh layout, then the opening choice."""
    state["game_no"] += 1
    events: list[Event] = [{"type": "GameStarted", "n": state["game_no"]}]
    return events + start_game(state, rng)
