"""Quorsum's history lines: one per event type, names filled in from the seats.

Events carry seats; events logged before that carried names as well (``name``, ``name0``,
``name1``, ``other``, a name in ``first``), and read the same, since a seat's name is the one
it carried.
"""

from __future__ import annotations

from ..kit import N_, Event, Lines, P, T, Text, correction_line, name_of, who
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


def _rolled(e: Event, players: list[str]) -> Text:
    params = {
        "name": name_of(e, players),
        "values": _values(e["values"]),
        "row": e["row"],
        "col": e["col"],
        "value": e["value"],
    }
    if e["kind"] == "move":
        if e["ok"]:
            return T(
                "{name} rolled {values} and moved onto ({row},{col}) (value {value}).", **params
            )
        return T(
            "{name} rolled {values}: the move onto ({row},{col}) (value {value}) failed.", **params
        )
    if e["ok"]:
        return T("{name} rolled {values} and flipped tile ({row},{col}) (value {value}).", **params)
    return T(
        "{name} rolled {values}: flipping tile ({row},{col}) (value {value}) failed.", **params
    )


def _turn_ended(e: Event, players: list[str]) -> Text:
    if e["progress"]:
        return T(
            "{name}'s turn ended with progress: the stalemate counter is back to 0.",
            name=name_of(e, players),
        )
    return T(
        "{name}'s turn ended without progress: stalemate counter {count} of {limit}.",
        name=name_of(e, players),
        count=e["count"],
        limit=e["limit"],
    )


def _game_ended(e: Event, players: list[str]) -> Text:
    kind = e["kind"]
    who = name_of(e, players, "winner")
    if kind == "win":
        return T("{name} has both pieces home and wins game {n}.", name=who, n=e["n"])
    if kind == "double":
        return T(
            "{name} wins game {n} with a double win: no opposing piece is home.", name=who, n=e["n"]
        )
    if kind == "stalemate":
        step_t = N_("closest pieces") if e["step"] == "closest" else N_("other pieces")
        return T(
            "Stalemate: {name} wins game {n} on distance to home ({step_t}).",
            name=who,
            n=e["n"],
            step_t=step_t,
        )
    return T("Stalemate: game {n} is a draw.", n=e["n"])


def _opening(e: Event, players: list[str]) -> Text:
    chooser, other = name_of(e, players), players[1 - e["seat"]]
    if e["option"] == "A":
        return T(
            "{name} takes the first turn (A); {other} places the pieces.", name=chooser, other=other
        )
    return T(
        "{name} places the pieces (B); {other} takes the first turn.", name=chooser, other=other
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
        "LayoutDrawn": lambda e, players: T("The app drew a random layout of 16 tiles."),
        "TileSet": _tile_set,
        "LayoutComplete": lambda e, players: T("All 16 tiles are laid out."),
        "Rolloff": lambda e, players: T(
            "Opening roll: {name0} rolled {die0}, {name1} rolled {die1}.",
            name0=players[0],
            name1=players[1],
            die0=e["dice"][0],
            die1=e["dice"][1],
        ),
        "RolloffTied": lambda e, players: T("The opening dice match: roll again."),
        "ChooserSet": lambda e, players: T(
            "{name} makes the opening choice.", name=name_of(e, players)
        ),
        "OpeningChosen": _opening,
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
        "DiceGivenUp": lambda e, players: T(
            "{name} gave up all the dice.", name=name_of(e, players)
        ),
        "Rolled": _rolled,
        "ChainStopped": lambda e, players: T(
            "{name} stopped the chain of moves.", name=name_of(e, players)
        ),
        "TurnEnded": _turn_ended,
        "GameEnded": _game_ended,
        "MatchEnded": lambda e, players: (
            T("{name} wins the match.", name=name_of(e, players, "winner"))
            if e["winner"] is not None
            else T("The match is a draw.")
        ),
        "GameStarted": lambda e, players: T("Game {n} of the match begins.", n=e["n"]),
        "PieceCorrected": _piece_corrected,
        "TileCorrected": _tile_corrected,
        "Corrected": correction_line,
    }
)
