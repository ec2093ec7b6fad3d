"""Quorsum's numbers and names: the board, the tile box, the dice, the phases and the words.

Tiles are numbered 0-15 row by row: tile = (row - 1) * 4 + (col - 1), rows and columns 1-4.
Pieces are numbered 0-3: seat 0 owns pieces 0 and 1, seat 1 owns pieces 2 and 3.
"""

from __future__ import annotations

from ..kit import N_, Phases

GAME_ID = "quorsum"

SIZE = 4
TILE_COUNT = SIZE * SIZE
VALUES = (2, 3, 4, 5, 6)
TILES_PER_VALUE = 5
# The box: 25 tiles, five of each value; a game uses 16 of them.
TILE_BOX = tuple(v for v in VALUES for _ in range(TILES_PER_VALUE))
DICE = 4
CORNERS = (0, 3, 12, 15)  # (1,1), (1,4), (4,1), (4,4): the order of the `place` owners list
START_DISTANCE = 6  # corner to the diagonally opposite corner
MAX_PLAN = 12  # declared entries, chain steps included
FACES = ("dark", "light")
FACE_T = {"dark": N_("dark"), "light": N_("light")}

# The phases of one game, in order; a match goes from "ended" back to "layout".
PHASES = Phases(
    [
        ("layout", N_("Tile layout")),
        ("rolloff", N_("Opening roll")),
        ("choose", N_("Opening choice")),
        ("place", N_("Piece placement")),
        ("declare", N_("Declare the dice")),
        ("resolve", N_("Roll the declared dice")),
        ("ended", N_("Game over")),
        ("over", N_("Match over")),
    ]
)
# Before the first turn: the host may still set tiles to match the table.
SETUP_PHASES = ("layout", "rolloff", "choose", "place")
TURN_PHASES = ("declare", "resolve")

STATUS_T = {
    "pending": N_("Not rolled yet"),
    "chain": N_("Succeeded: may move again"),
    "done": N_("Done"),
    "failed": N_("Failed"),
    "spent": N_("Not used"),
}
KIND_T = {"move": N_("Move"), "flip": N_("Flip")}
RESULT_KIND_T = {
    "win": N_("win"),
    "double": N_("double win"),
    "stalemate": N_("win on stalemate"),
    "draw": N_("draw"),
}
STEP_T = {"closest": N_("closest pieces"), "other": N_("other pieces")}
# Points for a game result; a draw scores the `draw_points` option for both players instead.
RESULT_POINTS = {"win": 1, "double": 2, "stalemate": 1}

# The six ways to give two corners to each player, owners in CORNERS order: diagonal pairs,
# rows, then columns (the order the placement buttons show them).
PLACEMENTS = ((0, 1, 1, 0), (1, 0, 0, 1), (0, 0, 1, 1), (1, 1, 0, 0), (0, 1, 0, 1), (1, 0, 1, 0))
