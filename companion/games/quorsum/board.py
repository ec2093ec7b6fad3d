"""Quorsum's board: tiles, pieces and their homes, distances, and which moves and flips the
rules allow on the board as it is now (adjacency, same colour, blocking, the flip lock)."""

from __future__ import annotations

from typing import Any

from ..kit import N_, State
from .data import SIZE, TILE_COUNT

ARROWS = {
    (-1, -1): "↖",
    (-1, 0): "↑",
    (-1, 1): "↗",
    (0, -1): "←",
    (0, 1): "→",
    (1, -1): "↙",
    (1, 0): "↓",
    (1, 1): "↘",
}


def row_col(tile: int) -> tuple[int, int]:
    """The 1-based (row, column) of a tile index.

    >>> row_col(0), row_col(6), row_col(15)
    ((1, 1), (2, 3), (4, 4))
    """
    return tile // SIZE + 1, tile % SIZE + 1


def distance(a: int, b: int) -> int:
    """Manhattan distance between two tiles (the digest's reading of "closer to home").

    >>> distance(0, 15), distance(5, 6), distance(3, 3)
    (6, 1, 0)
    """
    (ra, ca), (rb, cb) = row_col(a), row_col(b)
    return abs(ra - rb) + abs(ca - cb)


def adjacent(a: int, b: int) -> bool:
    """Orthogonal neighbours (never diagonal).

    >>> adjacent(0, 1), adjacent(0, 4), adjacent(0, 5), adjacent(3, 4)
    (True, True, False, False)
    """
    return distance(a, b) == 1


def neighbours(tile: int) -> list[int]:
    """The tiles next to ``tile``, in tile order.

    >>> neighbours(0), neighbours(5)
    ([1, 4], [1, 4, 6, 9])
    """
    return [t for t in range(TILE_COUNT) if adjacent(tile, t)]


def home_of(corner: int) -> int:
    """The corner diagonally opposite a corner: on a 4×4 grid numbered 0-15 it is 15 - corner.

    >>> from .data import CORNERS
    >>> [home_of(c) for c in CORNERS]
    [15, 12, 3, 0]
    """
    return TILE_COUNT - 1 - corner


def home_arrow(tile: int, home: int) -> str:
    """The arrow a piece on ``tile`` would face towards ``home`` ("" once it is home).

    >>> home_arrow(0, 15), home_arrow(3, 12), home_arrow(13, 12), home_arrow(15, 15)
    ('↘', '↙', '←', '')
    """
    (r, c), (hr, hc) = row_col(tile), row_col(home)
    return ARROWS.get(((hr > r) - (hr < r), (hc > c) - (hc < c)), "")


def other(seat: int) -> int:
    """The other player of the two."""
    return 1 - seat


def name(state: State, seat: int) -> str:
    return state["players"][seat]["name"]


def opt(state: State, key: str) -> Any:
    return state["options"][key]


def occupant(state: State, tile: int) -> int | None:
    """The piece on ``tile``, if any."""
    for pid, piece in enumerate(state["pieces"]):
        if piece["tile"] == tile:
            return pid
    return None


def piece_distance(piece: dict[str, Any]) -> int:
    return distance(piece["tile"], piece["home"])


def distances(state: State) -> list[int]:
    """Every piece's distance to its home, by piece number."""
    return [piece_distance(p) for p in state["pieces"]]


def seat_distances(state: State, seat: int) -> list[int]:
    """The seat's two distances, closest first."""
    return sorted(piece_distance(p) for p in state["pieces"] if p["owner"] == seat)


def is_home(state: State, seat: int) -> list[bool]:
    return [p["tile"] == p["home"] for p in state["pieces"] if p["owner"] == seat]


# --- Legality -------------------------------------------------------------------------------


def move_problem(state: State, piece_id: int, dest: int) -> str | None:
    """Why ``piece_id`` cannot step onto ``dest`` now (a msgid), or None if it may try."""
    here = state["pieces"][piece_id]["tile"]
    tiles = state["tiles"]
    if not adjacent(here, dest):
        return N_("A piece moves one tile up, down, left or right.")
    if tiles[dest]["face"] != tiles[here]["face"]:
        return N_("A piece may only move onto a tile of the same colour as its own tile.")
    # AMBIGUOUS (blocking), digest reading: no piece may enter an occupied tile.
    if opt(state, "blocking") and occupant(state, dest) is not None:
        return N_("That tile is occupied by another piece.")
    return None


def step_problem(state: State, piece_id: int, here: int, dest: int) -> str | None:
    """Why a planned step from ``here`` onto ``dest`` is illegal on the board as it is now.

    Unlike ``move_problem`` the piece may be elsewhere (a later step of a planned chain), and
    the tile it stands on now is not in its own way.
    """
    tiles = state["tiles"]
    if tiles[dest]["face"] != tiles[here]["face"]:
        return N_("A piece may only move onto a tile of the same colour as its own tile.")
    on_it = occupant(state, dest)
    if opt(state, "blocking") and on_it is not None and on_it != piece_id:
        return N_("That tile is occupied by another piece.")
    return None


def flip_problem(state: State, tile: int) -> str | None:
    """Why ``tile`` cannot be flipped now (a msgid), or None."""
    if occupant(state, tile) is not None:
        return N_("Only an empty tile can be flipped.")
    if tile in state["flipped"]:
        return N_("That tile was already flipped this turn; it is locked until the next turn.")
    return None


def action_problem(state: State, act: dict[str, Any]) -> str | None:
    """Why a declared action cannot be tried now, or None."""
    if act["kind"] == "flip":
        return flip_problem(state, act["tile"])
    return move_problem(state, act["piece"], act["tile"])


def legal_moves(state: State, piece_id: int) -> list[int]:
    """Tiles the piece may try to move onto right now."""
    here = state["pieces"][piece_id]["tile"]
    return [t for t in neighbours(here) if move_problem(state, piece_id, t) is None]


def legal_flips(state: State) -> list[int]:
    """Tiles that may be flipped right now."""
    return [t for t in range(TILE_COUNT) if flip_problem(state, t) is None]


def flip(state: State, tile: int) -> None:
    """Turn a tile to its other face; it stays locked until the next player's turn."""
    cell = state["tiles"][tile]
    cell["face"] = "light" if cell["face"] == "dark" else "dark"
    state["flipped"].append(tile)
