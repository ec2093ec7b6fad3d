"""Quorsum's correction: the host enters (or corrects) a tile to match the tiles on the table,
any time before the first turn. With an entered layout, the 16th tile starts the opening."""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, State
from .board import row_col
from .data import TILES_PER_VALUE
from .opening import leave_layout_if_complete


def act_set_tile(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The host sets one tile's value and face up, to match the tiles on the table."""
    tile, value, face = params["tile"], params["value"], params["face"]
    others = [t for i, t in enumerate(state["tiles"]) if i != tile and t is not None]
    if sum(1 for t in others if t["value"] == value) >= TILES_PER_VALUE:
        raise BadValue(
            "no_tile_left",
            N_("The box has only {n} tiles of value {value}."),
            n=TILES_PER_VALUE,
            value=value,
        )
    state["tiles"][tile] = {"value": value, "face": face}
    row, col = row_col(tile)
    events: list[Event] = [
        {"type": "TileSet", "tile": tile, "row": row, "col": col, "value": value, "face": face}
    ]
    leave_layout_if_complete(state, events)
    return events
