"""Quorsum's corrections: the host makes the app's board match the real table.

Before the first turn the host enters (or corrects) the tiles (``set_tile``); with an entered
layout, the 16th tile starts the opening. During the turns the host corrects a piece's tile
(``move_piece``), a tile's value or face (``correct_tile``), the stalemate counter
(``set_stalemate``) and a player's match points (``set_points``). Each is checked against the
rules' bounds and logged as what changed, from → to, and who changed it; what the game derives
(the win check, the stalemate trigger, the match end) reads the corrected board.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Counter, Event, Rng, State, correct
from .board import occupant, opt, piece_distance, row_col
from .data import TILES_PER_VALUE
from .opening import leave_layout_if_complete
from .scoring import check_win


def _check_box(state: State, tile: int, value: int) -> None:
    """The box has five tiles of each value: a sixth on the board is refused."""
    others = [t for i, t in enumerate(state["tiles"]) if i != tile and t is not None]
    if sum(1 for t in others if t["value"] == value) >= TILES_PER_VALUE:
        raise BadValue(
            "no_tile_left",
            N_("The box has only {n} tiles of value {value}."),
            n=TILES_PER_VALUE,
            value=value,
        )


def act_set_tile(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The host sets one tile's value and face up, to match the tiles on the table."""
    tile, value, face = params["tile"], params["value"], params["face"]
    _check_box(state, tile, value)
    before = state["tiles"][tile]
    state["tiles"][tile] = {"value": value, "face": face}
    row, col = row_col(tile)
    events: list[Event] = [
        {
            "type": "TileSet",
            "tile": tile,
            "row": row,
            "col": col,
            "value": value,
            "face": face,
            "before": before,  # what a fix replaced (None: entered on an empty place)
            "by": actor,
        }
    ]
    leave_layout_if_complete(state, events)
    return events


def act_move_piece(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Put a piece on the tile where it really stands. A piece that completes its owner's two
    homes wins the game, as a move would (the win and double-win check runs).

    The piece has stood there, so its best distance (the stalemate's record) becomes at most
    its distance now, unless ``best`` gives it; a fix is not progress made by play.
    """
    pid, dest = params["piece"], params["tile"]
    piece = state["pieces"][pid]
    on_it = occupant(state, dest)
    # AMBIGUOUS (blocking): with blocking, two pieces never share a tile, so neither may a fix.
    if opt(state, "blocking") and on_it is not None and on_it != pid:
        raise BadValue("occupied", N_("That tile is occupied by another piece."))
    before, before_best = piece["tile"], piece["best"]
    piece["tile"] = dest
    best = params.get("best")
    piece["best"] = min(before_best, piece_distance(piece)) if best is None else best
    if not any(a["rolls"] for a in state["plan"]):
        # Nothing has moved yet this turn: the turn started where the table says it is.
        state["turn_start"][pid] = piece_distance(piece)
    events: list[Event] = [
        {
            "type": "PieceCorrected",
            "piece": pid,
            "seat": piece["owner"],
            "before": before,
            "after": dest,
            "best_before": before_best,
            "best_after": piece["best"],
            "by": actor,
        }
    ]
    check_win(state, piece["owner"], events)
    return events


def act_correct_tile(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Set a tile's face (and, if given, its value) to what the table shows. A tile turned back
    by a correction is no longer locked: the flip it undoes did not happen."""
    tile = params["tile"]
    cell = state["tiles"][tile]
    if params.get("value") is None and params.get("face") is None:
        raise BadValue("nothing_to_correct", N_("Give the face up or the value to set."))
    value = params.get("value") or cell["value"]
    face = params.get("face") or cell["face"]
    _check_box(state, tile, value)
    before = dict(cell)
    state["tiles"][tile] = {"value": value, "face": face}
    if face != before["face"] and tile in state["flipped"]:
        state["flipped"].remove(tile)
    return [
        {
            "type": "TileCorrected",
            "tile": tile,
            "before": before,
            "after": {"value": value, "face": face},
            "by": actor,
        }
    ]


def _put_stalemate(state: State, seat: int | None, value: int) -> None:
    state["stalemate"] = value


def _put_points(state: State, seat: int | None, value: int) -> None:
    state["points"][seat] = value


# At the limit the game ends in a stalemate at the end of a turn, so a fix stays below it.
STALEMATE = Counter(
    "stalemate",
    N_("stalemate counter"),
    lo=0,
    hi=lambda state, seat: opt(state, "stalemate_turns") - 1,
    get=lambda state, seat: state["stalemate"],
    put=_put_stalemate,
)
# The match ends only when a game ends, so a fix stays below the target.
POINTS = Counter(
    "points",
    N_("match points"),
    lo=0,
    hi=lambda state, seat: opt(state, "match_points") - 1,
    get=lambda state, seat: state["points"][seat],
    put=_put_points,
)


def act_set_stalemate(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Set the stalemate counter to the stalemate cube on the table (below the limit)."""
    return [correct(state, STALEMATE, None, params["count"], by=actor)]


def act_set_points(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Set a player's match points to the score the table keeps (below the target)."""
    return [correct(state, POINTS, params["seat"], params["points"], by=actor)]
