"""Quorsum's history lines: one per event type, names filled in from the seats.

Events carry seats; events logged before that carried names as well (``name``, ``name0``,
``name1``, ``other``, a name in ``first``), and read the same, since a seat's name is the one
it carried.
"""

from __future__ import annotations

from ..kit import (
    N_,
    Event,
    Lines,
    P,
    T,
    Text,
    by,
    correction_line,
    filled,
    name_of,
    seat_name,
    when,
    who,
)
from .board import row_col
from .data import FACE_T


def _values(values: list[int]) -> str:
    """Dice as a history line lists them.

    >>> _values([6, 4, 1])
    '6, 4, 1'
    """
    return ", ".join(str(v) for v in values)


def _first(e: Event, players: list[str]) -> str:
    """Who takes the first turn: a seat, or the name itself in an event logged before seats."""
    first = e["first"]
    return players[first] if isinstance(first, int) else str(first)


def _dice(e: Event, players: list[str]) -> str:
    return _values(e["values"])


# A roll moves a piece or flips a tile, and succeeds or fails: (moved, ok) -> its line.
_ROLLED = {
    (True, True): filled(
        T("{name} rolled {values} and moved onto ({row},{col}) (value {value})."), values=_dice
    ),
    (True, False): filled(
        T("{name} rolled {values}: the move onto ({row},{col}) (value {value}) failed."),
        values=_dice,
    ),
    (False, True): filled(
        T("{name} rolled {values} and flipped tile ({row},{col}) (value {value})."),
        values=_dice,
    ),
    (False, False): filled(
        T("{name} rolled {values}: flipping tile ({row},{col}) (value {value}) failed."),
        values=_dice,
    ),
}

_WINNER = seat_name("winner")

_GAME_ENDED = by(
    "kind",
    {
        "win": filled(T("{name} has both pieces home and wins game {n}."), name=_WINNER),
        "double": filled(
            T("{name} wins game {n} with a double win: no opposing piece is home."), name=_WINNER
        ),
        "stalemate": filled(
            T("Stalemate: {name} wins game {n} on distance to home ({step_t})."),
            name=_WINNER,
            step_t=lambda e, players: (
                N_("closest pieces") if e["step"] == "closest" else N_("other pieces")
            ),
        ),
    },
    T("Stalemate: game {n} is a draw."),
)


def _other(e: Event, players: list[str]) -> str:
    """The player who does not make the opening choice."""
    return players[1 - e["seat"]]


_OPENING = by(
    "option",
    {"A": filled(T("{name} takes the first turn (A); {other} places the pieces."), other=_other)},
    filled(T("{name} places the pieces (B); {other} takes the first turn."), other=_other),
)


def _piece_corrected(e: Event, players: list[str]) -> Text:
    (r0, c0), (r1, c1) = row_col(e["before"]), row_col(e["after"])
    where = {
        "who_t": who(e, players),
        "name": name_of(e, players),
        "n": e["piece"] % 2 + 1,
        "r0": r0,
        "c0": c0,
        "r1": r1,
        "c1": c1,
    }
    if e["best_before"] == e["best_after"]:
        return T("{who_t}: {name}'s piece {n} ({r0},{c0}) → ({r1},{c1})", **where)
    return T(
        "{who_t}: {name}'s piece {n} ({r0},{c0}) → ({r1},{c1}), best distance {b0} → {b1}",
        **where,
        b0=e["best_before"],
        b1=e["best_after"],
    )


def _tile_corrected(e: Event, players: list[str]) -> Text:
    row, col = row_col(e["tile"])
    before, after = e["before"], e["after"]
    return T(
        "{who_t}: tile ({row},{col}) {v0} {face0_t} → {v1} {face1_t}",
        who_t=who(e, players),
        row=row,
        col=col,
        v0=before["value"],
        face0_t=FACE_T[before["face"]],
        v1=after["value"],
        face1_t=FACE_T[after["face"]],
    )


def _tile_set(e: Event, players: list[str]) -> Text:
    """A tile entered by the host, or a fix of one (from → to); old events had no ``by``."""
    if e.get("before"):
        after = {"value": e["value"], "face": e["face"]}
        return _tile_corrected({**e, "after": after}, players)
    params = {"row": e["row"], "col": e["col"], "value": e["value"], "face_t": FACE_T[e["face"]]}
    if "by" not in e:
        return T("Tile ({row},{col}) set to {value}, {face_t} face up.", **params)
    return T(
        "{who_t}: tile ({row},{col}) set to {value}, {face_t} face up.",
        **params,
        who_t=who(e, players),
    )


LINES = Lines(
    {
        "LayoutDrawn": T("The app drew a random layout of 16 tiles."),
        "TileSet": _tile_set,
        "LayoutComplete": T("All 16 tiles are laid out."),
        "Rolloff": lambda e, players: T(
            "Opening roll: {name0} rolled {die0}, {name1} rolled {die1}.",
            name0=players[0],
            name1=players[1],
            die0=e["dice"][0],
            die1=e["dice"][1],
        ),
        "RolloffTied": T("The opening dice match: roll again."),
        "ChooserSet": T("{name} makes the opening choice."),
        "OpeningChosen": _OPENING,
        "PiecesPlaced": lambda e, players: T(
            "{name} placed the pieces on the corners; {first} takes the first turn.",
            name=name_of(e, players),
            first=_first(e, players),
        ),
        "Declared": lambda e, players: P(
            "{name} declared {n} action, {dice_t}, {given_up} given up: {percent}%.",
            "{name} declared {n} actions, {dice_t}, {given_up} given up: {percent}%.",
            e["actions"],
            name=name_of(e, players),
            dice_t=P("{n} die", "{n} dice", e["dice"]),
            given_up=e["given_up"],
            percent=e["percent"],
        ),
        "DiceGivenUp": T("{name} gave up all the dice."),
        "Rolled": lambda e, players: _ROLLED[e["kind"] == "move", bool(e["ok"])](e, players),
        "ChainStopped": T("{name} stopped the chain of moves."),
        "TurnEnded": when(
            lambda e: bool(e["progress"]),
            T("{name}'s turn ended with progress: the stalemate counter is back to 0."),
            T("{name}'s turn ended without progress: stalemate counter {count} of {limit}."),
        ),
        "GameEnded": _GAME_ENDED,
        "MatchEnded": when(
            lambda e: e["winner"] is not None,
            filled(T("{name} wins the match."), name=_WINNER),
            T("The match is a draw."),
        ),
        "GameStarted": T("Game {n} of the match begins."),
        "PieceCorrected": _piece_corrected,
        "TileCorrected": _tile_corrected,
        "Corrected": correction_line,
    }
)
