"""Quorsum (骰棋): the rules module for a two-player dice race on a 4×4 grid of two-faced tiles.

The players lay 16 real tiles (values 2-6, a dark and a light face) and move real pieces with
real dice; this module is the table's memory and referee. It draws (or records) the layout,
runs the opening roll-off and the A/B choice, keeps the four pieces, their homes and distances,
takes each turn's public dice declaration and shows its odds (P = 1 - ((v - 1)/6)^n for one
action, an exact chain probability for planned chained moves), applies the entered (or rolled)
dice, enforces adjacency, same colour, blocking and the flip lock, checks the win and double win
after every move, runs the stalemate counter with its tie-break, and scores match play.

Tiles are numbered 0-15 row by row: tile = (row - 1) * 4 + (col - 1), rows and columns 1-4.
Pieces are numbered 0-3: seat 0 owns pieces 0 and 1, seat 1 owns pieces 2 and 3.
Nothing in Quorsum is secret, so every viewer gets the same view (seats also get ``me = {}``).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from .base import (
    N_,
    Action,
    Actor,
    BadValue,
    Event,
    Game,
    NotAllowed,
    Option,
    Param,
    Rng,
    RulesError,
    State,
    T,
    Text,
)

# --- Tables -------------------------------------------------------------------------------

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

PHASE_T = {
    "layout": N_("Tile layout"),
    "rolloff": N_("Opening roll"),
    "choose": N_("Opening choice"),
    "place": N_("Piece placement"),
    "declare": N_("Declare the dice"),
    "resolve": N_("Roll the declared dice"),
    "ended": N_("Game over"),
    "over": N_("Match over"),
}
SETUP_PHASES = ("layout", "rolloff", "choose", "place")

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
# Points for a game result; a draw scores the `draw_points` option for both players instead.
RESULT_POINTS = {"win": 1, "double": 2, "stalemate": 1}

# --- Small helpers --------------------------------------------------------------------------


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


def home_of(corner: int) -> int:
    """The corner diagonally opposite a corner: on a 4×4 grid numbered 0-15 it is 15 - corner.

    >>> [home_of(c) for c in CORNERS]
    [15, 12, 3, 0]
    """
    return TILE_COUNT - 1 - corner


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


def home_arrow(tile: int, home: int) -> str:
    """The arrow a piece on ``tile`` would face towards ``home`` ("" once it is home).

    >>> home_arrow(0, 15), home_arrow(3, 12), home_arrow(13, 12), home_arrow(15, 15)
    ('↘', '↙', '←', '')
    """
    (r, c), (hr, hc) = row_col(tile), row_col(home)
    return ARROWS.get(((hr > r) - (hr < r), (hc > c) - (hc < c)), "")


def success_chance(value: int, dice: int) -> Fraction:
    """P(at least one of ``dice`` dice shows >= ``value``) = 1 - ((value - 1)/6)^dice.

    >>> success_chance(4, 3), success_chance(6, 2), success_chance(2, 1)
    (Fraction(7, 8), Fraction(11, 36), Fraction(5, 6))
    """
    return 1 - Fraction(value - 1, 6) ** dice


def chain_chance(values: list[int], dice: int) -> Fraction:
    """Chance that a chain of moves onto tiles of these values all succeeds, starting with ``dice``.

    >>> chain_chance([2, 2], 1)
    Fraction(25, 36)
    """
    # The planner asks for the same few chains again and again (values 1-6, at most 4 dice);
    # exact fractions are slow enough that a replay of a long log felt it.
    return _chain_chance(tuple(values), dice)


@lru_cache(maxsize=4096)
def _chain_chance(values: tuple[int, ...], dice: int) -> Fraction:
    """``chain_chance`` itself, over a tuple so the answer can be cached.

    After each success only the dice that met the value are rolled again, so the number of dice
    shrinks; this sums over how many dice survive each step.

    >>> _chain_chance((4,), 3) == success_chance(4, 3)
    True
    >>> _chain_chance((2, 2), 1)
    Fraction(25, 36)
    >>> _chain_chance((6, 6), 2)  # 1/36 * 11/36 (both met) + 10/36 * 1/6 (one met)
    Fraction(71, 1296)
    """
    spread = {dice: Fraction(1)}  # dice in hand -> probability
    for value in values:
        hit = Fraction(7 - value, 6)
        after: dict[int, Fraction] = {}
        for held, prob in spread.items():
            for met in range(1, held + 1):
                p = comb(held, met) * hit**met * (1 - hit) ** (held - met)
                after[met] = after.get(met, Fraction(0)) + prob * p
        spread = after
    return sum(spread.values(), Fraction(0))


def odds(chance: Fraction) -> dict[str, Any]:
    """A probability as the view shows it: exact fraction, number and percentage.

    >>> odds(Fraction(7, 8))
    {'num': 7, 'den': 8, 'value': 0.875, 'percent': 87.5}
    """
    return {
        "num": chance.numerator,
        "den": chance.denominator,
        "value": round(float(chance), 4),
        "percent": round(float(chance) * 100, 1),
    }


def stalemate_tiebreak(dist0: list[int], dist1: list[int]) -> tuple[int | None, str | None]:
    """Who wins a stalemate on distances to home: (seat, step) or (None, None) for a draw.

    Closest pieces are compared first, then the other pieces.

    >>> stalemate_tiebreak([1, 4], [2, 2])
    (0, 'closest')
    >>> stalemate_tiebreak([0, 3], [2, 0])
    (1, 'other')
    >>> stalemate_tiebreak([2, 3], [3, 2])
    (None, None)
    """
    a, b = sorted(dist0), sorted(dist1)
    for step, (x, y) in zip(("closest", "other"), zip(a, b, strict=True), strict=True):
        if x != y:
            return (0 if x < y else 1), step
    return None, None


def _other(seat: int) -> int:
    return 1 - seat


def _name(state: State, seat: int) -> str:
    return state["players"][seat]["name"]


def _opt(state: State, key: str) -> Any:
    return state["options"][key]


def _occupant(state: State, tile: int) -> int | None:
    for pid, piece in enumerate(state["pieces"]):
        if piece["tile"] == tile:
            return pid
    return None


def _piece_distance(piece: dict[str, Any]) -> int:
    return distance(piece["tile"], piece["home"])


def _distances(state: State) -> list[int]:
    return [_piece_distance(p) for p in state["pieces"]]


def _seat_distances(state: State, seat: int) -> list[int]:
    """The seat's two distances, closest first."""
    return sorted(_piece_distance(p) for p in state["pieces"] if p["owner"] == seat)


def _is_home(state: State, seat: int) -> list[bool]:
    return [p["tile"] == p["home"] for p in state["pieces"] if p["owner"] == seat]


def _fmt_values(values: list[int]) -> str:
    return ", ".join(str(v) for v in values)


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
    if _opt(state, "blocking") and _occupant(state, dest) is not None:
        return N_("That tile is occupied by another piece.")
    return None


def flip_problem(state: State, tile: int) -> str | None:
    """Why ``tile`` cannot be flipped now (a msgid), or None."""
    if _occupant(state, tile) is not None:
        return N_("Only an empty tile can be flipped.")
    if tile in state["flipped"]:
        return N_("That tile was already flipped this turn; it is locked until the next turn.")
    return None


def _action_problem(state: State, act: dict[str, Any]) -> str | None:
    if act["kind"] == "flip":
        return flip_problem(state, act["tile"])
    return move_problem(state, act["piece"], act["tile"])


def legal_moves(state: State, piece_id: int) -> list[int]:
    """Tiles the piece may try to move onto right now."""
    here = state["pieces"][piece_id]["tile"]
    return [
        t
        for t in range(TILE_COUNT)
        if adjacent(here, t) and move_problem(state, piece_id, t) is None
    ]


def legal_flips(state: State) -> list[int]:
    """Tiles that may be flipped right now."""
    return [t for t in range(TILE_COUNT) if flip_problem(state, t) is None]


# --- Setup ----------------------------------------------------------------------------------

OPTIONS = (
    Option(
        "layout",
        "choice",
        "random",
        N_("Tile layout"),
        choices=(
            ("random", N_("Random: the app draws 16 tiles")),
            ("entered", N_("Entered: the host types in the tiles on the table")),
        ),
    ),
    Option(
        "stalemate_turns",
        "int",
        6,
        N_("Turns in a row without progress that end the game in a stalemate"),
        min=2,
        max=20,
    ),
    Option(
        "match_points",
        "int",
        1,
        N_("Points to win the match (1 = a single game)"),
        min=1,
        max=15,
    ),
    Option(
        "progress",
        "choice",
        "record",
        N_("What counts as progress for the stalemate counter"),
        choices=(
            ("record", N_("A piece beats its best distance so far")),
            ("turn", N_("A piece ends the turn nearer home than it started")),
        ),
    ),
    Option("blocking", "bool", True, N_("A piece may not enter a tile occupied by another piece")),
    Option(
        "draw_points",
        "int",
        1,
        N_("Match points each player scores for a draw"),
        min=0,
        max=1,
    ),
    Option(
        "match_opening",
        "choice",
        "alternate",
        N_("Opening choice in later games of a match"),
        choices=(
            ("alternate", N_("The players take turns making it, no roll")),
            ("rolloff", N_("Roll off again every game")),
        ),
    ),
)
DEFAULTS = {o.name: o.default for o in OPTIONS}


def _new_pieces() -> list[dict[str, Any]]:
    return [
        {"owner": pid // 2, "tile": None, "home": None, "best": START_DISTANCE} for pid in range(4)
    ]


def _start_game(state: State, rng: Rng) -> list[Event]:
    """Reset the board for a game (the first or the next of a match)."""
    events: list[Event] = []
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
    if _opt(state, "layout") == "random":
        drawn = rng.sample(list(TILE_BOX), TILE_COUNT)
        state["tiles"] = [{"value": v, "face": rng.choice(FACES)} for v in drawn]
        events.append({"type": "LayoutDrawn", "game": state["game_no"]})
    games = state["games"]
    if games and _opt(state, "match_opening") == "alternate":
        # Digest reading: from game 2 on the players alternate who chooses A/B, no roll.
        state["chooser"] = _other(games[-1]["chooser"])
        events.append(
            {
                "type": "ChooserSet",
                "seat": state["chooser"],
                "name": _name(state, state["chooser"]),
            }
        )
    state["phase"] = "layout"
    _leave_layout_if_complete(state, events)
    return events


def _leave_layout_if_complete(state: State, events: list[Event]) -> None:
    if state["phase"] != "layout" or any(t is None for t in state["tiles"]):
        return
    state["phase"] = "choose" if state["chooser"] is not None else "rolloff"
    if _opt(state, "layout") == "entered":
        events.append({"type": "LayoutComplete"})


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    """A new Quorsum table: game 1 of the match, its layout drawn or waiting to be entered."""
    if len(players) != 2:
        raise BadValue("two_players", N_("Quorsum is a game for exactly 2 players."))
    state: State = {
        "players": [{"seat": i, "name": name} for i, name in enumerate(players)],
        "options": {**DEFAULTS, **options},
        "game_no": 1,
        "points": [0, 0],
        "games": [],
        "phase": "layout",
    }
    _start_game(state, rng)
    return state


# --- Guards ---------------------------------------------------------------------------------


def _need_phase(state: State, *phases: str) -> None:
    if state["phase"] not in phases:
        raise RulesError("wrong_phase", N_("That cannot be done at this point of the game."))


def _need_active(state: State, actor: Actor) -> int:
    """The active seat, if the actor is that seat or the table screen (both may operate it)."""
    if actor is not None and actor != state["turn"]:
        raise NotAllowed("not_your_turn", N_("It is not your turn."))
    return state["turn"]


def _need_seat_or_host(actor: Actor, seat: int) -> None:
    if actor is not None and actor != seat:
        raise NotAllowed("not_your_choice", N_("The other player makes this choice."))


# --- Setup actions --------------------------------------------------------------------------


def act_set_tile(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The host sets one tile's value and face up, to match the tiles on the table."""
    _need_phase(state, *SETUP_PHASES)
    if actor is not None:
        raise NotAllowed("host_only", N_("Only the table screen enters the tile layout."))
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
    _leave_layout_if_complete(state, events)
    return events


def act_rolloff(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Each player's opening die (entered, or rolled by the app when left out)."""
    _need_phase(state, "rolloff")
    dice = [params.get("die0"), params.get("die1")]
    dice = [d if d is not None else rng.randint(1, 6) for d in dice]
    state["rolloff"] = dice
    event: Event = {
        "type": "Rolloff",
        "dice": dice,
        "name0": _name(state, 0),
        "name1": _name(state, 1),
    }
    if dice[0] == dice[1]:
        return [event, {"type": "RolloffTied"}]
    chooser = 0 if dice[0] > dice[1] else 1
    state["chooser"] = chooser
    state["phase"] = "choose"
    return [event, {"type": "ChooserSet", "seat": chooser, "name": _name(state, chooser)}]


def act_choose(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The chooser takes A (first turn) or B (place the pieces); the other gets the other."""
    _need_phase(state, "choose")
    chooser = state["chooser"]
    _need_seat_or_host(actor, chooser)
    if params["option"] == "A":
        state["first"], state["placer"] = chooser, _other(chooser)
    else:
        state["first"], state["placer"] = _other(chooser), chooser
    state["phase"] = "place"
    return [
        {
            "type": "OpeningChosen",
            "seat": chooser,
            "option": params["option"],
            "name": _name(state, chooser),
            "other": _name(state, _other(chooser)),
        }
    ]


def act_place(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Option B's player puts the four pieces on the corners: ``owners`` = seat per corner."""
    _need_phase(state, "place")
    _need_seat_or_host(actor, state["placer"])
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
    _begin_turn(state)
    placer = state["placer"]
    return [
        {
            "type": "PiecesPlaced",
            "seat": placer,
            "name": _name(state, placer),
            "owners": owners,
            "first": _name(state, state["first"]),
        }
    ]


# --- Turn actions ---------------------------------------------------------------------------


def _begin_turn(state: State) -> None:
    state.update(phase="declare", plan=[], given_up=0, flipped=[])
    state["turn_start"] = _distances(state)


def _parse_plan(state: State, seat: int, params: dict[str, Any]) -> list[dict[str, Any]]:
    """Turn the three parallel lists of ``declare`` into planned actions, checking their shape."""
    pieces, tiles, dice = params["pieces"], params["tiles"], params["dice"]
    if not pieces or not len(pieces) == len(tiles) == len(dice):
        raise BadValue(
            "bad_plan",
            N_("Give a piece (or -1 for a flip), a tile and a number of dice for each action."),
        )
    plan: list[dict[str, Any]] = []
    for piece, tile, n in zip(pieces, tiles, dice, strict=True):
        if n == 0:
            _add_chain_step(plan, piece, tile)
            continue
        if piece == -1:
            plan.append(_plan_entry("flip", None, tile, n))
            continue
        if state["pieces"][piece]["owner"] != seat:
            raise BadValue("not_your_piece", N_("You can only move your own pieces."))
        plan.append(_plan_entry("move", piece, tile, n))
    if sum(a["dice"] for a in plan) > DICE:
        raise BadValue("too_many_dice", N_("You have only {n} dice."), n=DICE)
    _check_first_steps(state, plan)
    return plan


def _plan_entry(kind: str, piece: int | None, tile: int, dice: int) -> dict[str, Any]:
    return {
        "kind": kind,
        "piece": piece,
        "tile": tile,
        "dice": dice,
        "path": [],  # planned chain destinations after `tile` (for the odds)
        "status": "pending",
        "rolls": [],
        "chain_dice": 0,
    }


def _add_chain_step(plan: list[dict[str, Any]], piece: int, tile: int) -> None:
    last = plan[-1] if plan else None
    if last is None or last["kind"] != "move" or last["piece"] != piece:
        raise BadValue(
            "bad_chain",
            N_("An entry with 0 dice must continue the move just before it, with the same piece."),
        )
    prev = last["path"][-1] if last["path"] else last["tile"]
    if not adjacent(prev, tile):
        raise BadValue("not_adjacent", N_("Each step of a chain must go to a neighbouring tile."))
    last["path"].append(tile)


def _check_first_steps(state: State, plan: list[dict[str, Any]]) -> None:
    """A move must start next to its piece, or next to where another declared move takes it.

    The actions may be tried in any order, so two separate moves of one piece are fine.
    """
    for act in plan:
        if act["kind"] != "move":
            continue
        starts = {state["pieces"][act["piece"]]["tile"]}
        for other in plan:
            if other is not act and other["kind"] == "move" and other["piece"] == act["piece"]:
                starts.update([other["tile"], *other["path"]])
        if not any(adjacent(s, act["tile"]) for s in starts):
            raise BadValue(
                "not_adjacent", N_("Each planned move must go to a tile next to the piece.")
            )


def _values_of(state: State, act: dict[str, Any]) -> list[int]:
    return [state["tiles"][t]["value"] for t in [act["tile"], *act["path"]]]


def plan_chance(state: State, plan: list[dict[str, Any]]) -> Fraction:
    """Chance that every declared action (with its planned chain) succeeds."""
    total = Fraction(1)
    for act in plan:
        total *= chain_chance(_values_of(state, act), act["dice"])
    return total


def _rolled_any(state: State) -> bool:
    return any(a["rolls"] for a in state["plan"])


def act_declare(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Declare how the dice are used; unassigned dice are given up. May be redone before rolling."""
    _need_phase(state, "declare", "resolve")
    seat = _need_active(state, actor)
    if _rolled_any(state):
        raise RulesError("already_rolling", N_("The dice are already being rolled this turn."))
    plan = _parse_plan(state, seat, params)
    used = sum(a["dice"] for a in plan)
    state.update(plan=plan, given_up=DICE - used, phase="resolve")
    chance = odds(plan_chance(state, plan))
    return [
        {
            "type": "Declared",
            "seat": seat,
            "name": _name(state, seat),
            "actions": len(plan),
            "dice": used,
            "given_up": DICE - used,
            "percent": chance["percent"],
        }
    ]


def act_pass(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Give up all four dice: pass them to the opponent and end the turn."""
    _need_phase(state, "declare")
    seat = _need_active(state, actor)
    state["given_up"] = DICE
    events: list[Event] = [{"type": "DiceGivenUp", "seat": seat, "name": _name(state, seat)}]
    _end_turn(state, events)
    return events


def _attempt_target(act: dict[str, Any], tile: int) -> tuple[int, int]:
    """(destination, dice) of the next roll of a declared action; refuses what the rules forbid."""
    if act["status"] == "pending":
        if tile not in (-1, act["tile"]):
            raise BadValue("declared_target", N_("The target was declared before rolling."))
        return act["tile"], act["dice"]
    if act["status"] != "chain":
        raise BadValue("resolved", N_("That action has already been resolved."))
    if tile == -1:
        step = len(act["rolls"]) - 1  # every roll so far succeeded, one per planned tile
        if step >= len(act["path"]):
            raise BadValue("name_destination", N_("Name the next tile of the chain."))
        tile = act["path"][step]
    return tile, act["chain_dice"]


def _attempt(state: State, actor: Actor, params: dict[str, Any], roller: Any) -> list[Event]:
    """Roll one declared action (or the next step of its chain) and apply the result."""
    _need_phase(state, "resolve")
    seat = _need_active(state, actor)
    index = params["index"]
    if index >= len(state["plan"]):
        raise BadValue("no_such_action", N_("No declared action has that number."))
    act = state["plan"][index]
    tile, n = _attempt_target(act, params.get("tile", -1))
    for other in state["plan"]:
        if other is not act and other["status"] == "chain":
            other["status"] = "done"  # starting another action ends an open chain
    problem = (
        flip_problem(state, tile)
        if act["kind"] == "flip"
        else move_problem(state, act["piece"], tile)
    )
    if problem is not None:
        raise RulesError("illegal_" + act["kind"], problem)
    values = roller(n)
    value = state["tiles"][tile]["value"]
    met = [v for v in values if v >= value]
    act["rolls"].append({"tile": tile, "values": values, "ok": bool(met)})
    row, col = row_col(tile)
    events: list[Event] = [
        {
            "type": "Rolled",
            "seat": seat,
            "name": _name(state, seat),
            "kind": act["kind"],
            "index": index,
            "tile": tile,
            "row": row,
            "col": col,
            "value": value,
            "values": values,
            "ok": bool(met),
        }
    ]
    if act["kind"] == "flip":
        _finish_flip(state, act, tile, bool(met))
    elif met:
        state["pieces"][act["piece"]]["tile"] = tile
        act.update(status="chain", chain_dice=len(met))
        # The chain stays open: the tile just left is always a legal way on (same colour, empty).
        if _check_win(state, seat, events):
            return events
    else:
        act["status"] = "done" if len(act["rolls"]) > 1 else "failed"
    _maybe_end_turn(state, events)
    return events


def _finish_flip(state: State, act: dict[str, Any], tile: int, ok: bool) -> None:
    act["status"] = "done" if ok else "failed"
    if ok:
        cell = state["tiles"][tile]
        cell["face"] = "light" if cell["face"] == "dark" else "dark"
        state["flipped"].append(tile)  # locked until the next player's turn


def act_resolve(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Enter the real dice of one declared action (or of the next step of its chain)."""

    def entered(n: int) -> list[int]:
        if len(params["values"]) != n:
            raise BadValue("dice_count", N_("Enter exactly {n} dice values."), n=n)
        return list(params["values"])

    return _attempt(state, actor, params, entered)


def act_roll(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The app's dice roller, for tables without dice: rolls the action's dice with ``rng``."""
    return _attempt(state, actor, params, lambda n: [rng.randint(1, 6) for _ in range(n)])


def act_stop(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Stop the open chain of moves; its dice are spent."""
    _need_phase(state, "resolve")
    seat = _need_active(state, actor)
    open_chains = [a for a in state["plan"] if a["status"] == "chain"]
    if not open_chains:
        raise RulesError("no_chain", N_("No chain of moves is open."))
    open_chains[0]["status"] = "done"
    events: list[Event] = [{"type": "ChainStopped", "seat": seat, "name": _name(state, seat)}]
    _maybe_end_turn(state, events)
    return events


def act_end_turn(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """End the turn now; declared actions not yet rolled are spent."""
    _need_phase(state, "resolve")
    _need_active(state, actor)
    events: list[Event] = []
    _end_turn(state, events)
    return events


def _maybe_end_turn(state: State, events: list[Event]) -> None:
    """The turn ends by itself once no chain is open and no declared action can still be tried.

    Only a roll changes the board, so if every action left is illegal now it stays illegal.
    """
    if state["phase"] != "resolve":
        return
    plan = state["plan"]
    if any(a["status"] == "chain" for a in plan):
        return
    if any(a["status"] == "pending" and _action_problem(state, a) is None for a in plan):
        return
    _end_turn(state, events)


def _progress(state: State) -> bool:
    """Did any piece get closer to home this turn (by the `progress` option's reading)?"""
    now = _distances(state)
    if _opt(state, "progress") == "turn":
        return any(d < s for d, s in zip(now, state["turn_start"], strict=True))
    # AMBIGUOUS, digest default: strictly below the piece's best end-of-turn distance so far.
    return any(d < p["best"] for d, p in zip(now, state["pieces"], strict=True))


def _end_turn(state: State, events: list[Event]) -> None:
    seat = state["turn"]
    unused = 0
    for act in state["plan"]:
        if act["status"] == "pending":
            act["status"] = "spent"
            unused += 1
        elif act["status"] == "chain":
            act["status"] = "done"
    progress = _progress(state)
    for piece in state["pieces"]:
        piece["best"] = min(piece["best"], _piece_distance(piece))
    state["stalemate"] = 0 if progress else state["stalemate"] + 1
    limit = _opt(state, "stalemate_turns")
    events.append(
        {
            "type": "TurnEnded",
            "seat": seat,
            "name": _name(state, seat),
            "unused": unused,
            "progress": progress,
            "count": state["stalemate"],
            "limit": limit,
        }
    )
    if state["stalemate"] >= limit:
        _stalemate(state, events)
        return
    state["turn"] = _other(seat)
    state["turn_no"] += 1
    _begin_turn(state)


# --- Game end and match -----------------------------------------------------------------------


def _check_win(state: State, seat: int, events: list[Event]) -> bool:
    """After a move: both pieces home wins; with no opposing piece home it is a double win."""
    if not all(_is_home(state, seat)):
        return False
    kind = "win" if any(_is_home(state, _other(seat))) else "double"
    _finish_game(state, seat, kind, None, events)
    return True


def _stalemate(state: State, events: list[Event]) -> None:
    winner, step = stalemate_tiebreak(_seat_distances(state, 0), _seat_distances(state, 1))
    _finish_game(state, winner, "stalemate" if winner is not None else "draw", step, events)


def _finish_game(
    state: State, winner: int | None, kind: str, step: str | None, events: list[Event]
) -> None:
    if winner is None:
        points = [_opt(state, "draw_points")] * 2
    else:
        points = [0, 0]
        points[winner] = RESULT_POINTS[kind]
    for s in (0, 1):
        state["points"][s] += points[s]
    record = {
        "n": state["game_no"],
        "winner": winner,
        "kind": kind,
        "step": step,
        "points": points,
        "distances": [_seat_distances(state, 0), _seat_distances(state, 1)],
        "chooser": state["chooser"],
        "turns": state["turn_no"],
        "stalemate_turns": state["stalemate"],
    }
    state["games"].append(record)
    for act in state["plan"]:
        if act["status"] in ("pending", "chain"):
            act["status"] = "spent" if act["status"] == "pending" else "done"
    events.append(
        {
            "type": "GameEnded",
            "n": record["n"],
            "winner": winner,
            "name": _name(state, winner) if winner is not None else "",
            "kind": kind,
            "step": step,
            "points": points,
            "count": state["stalemate"],
        }
    )
    state["turn"] = None
    target = _opt(state, "match_points")
    if max(state["points"]) >= target:
        state["phase"] = "over"
        champion = _match_winner(state)
        events.append(
            {
                "type": "MatchEnded",
                "winner": champion,
                "name": _name(state, champion) if champion is not None else "",
                "points": list(state["points"]),
            }
        )
    else:
        state["phase"] = "ended"


def _match_winner(state: State) -> int | None:
    """The higher score wins the match; equal scores (both reached the target) are a draw."""
    p0, p1 = state["points"]
    if p0 == p1:
        return None
    return 0 if p0 > p1 else 1


def act_next_game(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Start the next game of the match: a fresh layout, then the opening choice."""
    _need_phase(state, "ended")
    state["game_no"] += 1
    events: list[Event] = [{"type": "GameStarted", "n": state["game_no"]}]
    return events + _start_game(state, rng)


# --- Allowed --------------------------------------------------------------------------------


def allowed(state: State, actor: Actor) -> list[str]:
    """The action types ``actor`` may use now (the table screen is ``None``)."""
    phase = state["phase"]
    out: list[str] = []
    if phase in SETUP_PHASES and actor is None:
        out.append("set_tile")
    if phase == "rolloff":
        out.append("rolloff")
    elif phase == "choose" and actor in (None, state["chooser"]):
        out.append("choose")
    elif phase == "place" and actor in (None, state["placer"]):
        out.append("place")
    elif phase in ("declare", "resolve") and actor in (None, state["turn"]):
        if phase == "declare":
            out += ["declare", "pass"]
        else:
            if not _rolled_any(state):
                out.append("declare")
            out += ["resolve", "roll"]
            if any(a["status"] == "chain" for a in state["plan"]):
                out.append("stop")
            out.append("end_turn")
    elif phase == "ended":
        out.append("next_game")
    return out


# --- View -----------------------------------------------------------------------------------


def _cell_view(state: State, tile: int) -> dict[str, Any]:
    row, col = row_col(tile)
    cell = state["tiles"][tile]
    return {
        "tile": tile,
        "row": row,
        "col": col,
        "value": cell["value"] if cell else None,
        "face": cell["face"] if cell else None,
        "face_t": FACE_T[cell["face"]] if cell else None,
        "locked": tile in state["flipped"],
        "piece": _occupant(state, tile),
    }


def _piece_view(state: State, pid: int) -> dict[str, Any]:
    piece = state["pieces"][pid]
    owner = piece["owner"]
    view: dict[str, Any] = {
        "id": pid,
        "owner": owner,
        "owner_name": _name(state, owner),
        "number": pid % 2 + 1,
        "label": T("{name}'s piece {n}", name=_name(state, owner), n=pid % 2 + 1),
        "tile": piece["tile"],
        "home": piece["home"],
        "placed": piece["tile"] is not None,
    }
    if piece["tile"] is None:
        return view
    view.update(
        row=row_col(piece["tile"])[0],
        col=row_col(piece["tile"])[1],
        home_row=row_col(piece["home"])[0],
        home_col=row_col(piece["home"])[1],
        distance=_piece_distance(piece),
        best=piece["best"],
        at_home=piece["tile"] == piece["home"],
        arrow=home_arrow(piece["tile"], piece["home"]),
    )
    return view


def _tile_ref(state: State, tile: int, dice: int | None = None) -> dict[str, Any]:
    row, col = row_col(tile)
    cell = state["tiles"][tile]
    ref = {"tile": tile, "row": row, "col": col, "value": cell["value"], "face": cell["face"]}
    if dice:
        ref["chance"] = odds(success_chance(ref["value"], dice))
    return ref


def _action_view(state: State, index: int, act: dict[str, Any]) -> dict[str, Any]:
    values = _values_of(state, act)
    live = state["phase"] == "resolve"
    problem = _action_problem(state, act) if live and act["status"] == "pending" else None
    view = {
        "index": index,
        "kind": act["kind"],
        "kind_t": KIND_T[act["kind"]],
        "piece": act["piece"],
        **_tile_ref(state, act["tile"]),
        "dice": act["dice"],
        "path": [_tile_ref(state, t) for t in act["path"]],
        "status": act["status"],
        "status_t": STATUS_T[act["status"]],
        "rolls": [
            {**r, "row": row_col(r["tile"])[0], "col": row_col(r["tile"])[1]} for r in act["rolls"]
        ],
        "chain_dice": act["chain_dice"] if act["status"] == "chain" else 0,
        "chance_first": odds(success_chance(values[0], act["dice"])),
        "chance": odds(chain_chance(values, act["dice"])),
        "can_try": live and act["status"] == "pending" and problem is None,
        "problem_t": problem,
        "next": [],
        "roll_dice": _roll_dice(act),
        "planned_next": None,
    }
    if act["status"] == "chain":
        view["next"] = [
            _tile_ref(state, t, act["chain_dice"]) for t in legal_moves(state, act["piece"])
        ]
        step = len(act["rolls"]) - 1  # every roll so far succeeded, one per planned tile
        if step < len(act["path"]):
            view["planned_next"] = act["path"][step]
    return view


def _roll_dice(act: dict[str, Any]) -> int:
    """How many dice the next roll of this action uses (0 once it is resolved)."""
    if act["status"] == "pending":
        return act["dice"]
    return act["chain_dice"] if act["status"] == "chain" else 0


def _declaration_view(state: State) -> dict[str, Any] | None:
    if state["phase"] != "resolve" and not state["plan"]:
        return None
    plan = state["plan"]
    return {
        "actions": [_action_view(state, i, a) for i, a in enumerate(plan)],
        "dice_used": sum(a["dice"] for a in plan),
        "given_up": state["given_up"],
        "chance": odds(plan_chance(state, plan)),
        "can_redeclare": state["phase"] == "resolve" and not _rolled_any(state),
    }


def _targets_view(state: State) -> dict[str, Any] | None:
    """What the active player could declare right now (legal on the current board)."""
    if state["phase"] != "declare":
        return None
    seat = state["turn"]
    moves = [
        {"piece": pid, "tiles": [_tile_ref(state, t) for t in legal_moves(state, pid)]}
        for pid, p in enumerate(state["pieces"])
        if p["owner"] == seat
    ]
    return {"moves": moves, "flips": [_tile_ref(state, t) for t in legal_flips(state)]}


def odds_table() -> list[dict[str, Any]]:
    """The digest's success table, built fresh for each view (views may be altered downstream)."""
    return [
        {"value": v, "chances": [odds(success_chance(v, n)) for n in range(1, DICE + 1)]}
        for v in VALUES
    ]


def _player_view(state: State, seat: int) -> dict[str, Any]:
    placed = state["pieces"][0]["tile"] is not None
    return {
        "seat": seat,
        "name": _name(state, seat),
        "points": state["points"][seat],
        "pieces": [pid for pid, p in enumerate(state["pieces"]) if p["owner"] == seat],
        "distances": _seat_distances(state, seat) if placed else None,
        "home_count": sum(_is_home(state, seat)) if placed else 0,
        "chooser": state["chooser"] == seat,
        "first": state["first"] == seat,
        "placer": state["placer"] == seat,
        "active": state["turn"] == seat,
    }


def _game_view(record: dict[str, Any], state: State) -> dict[str, Any]:
    winner = record["winner"]
    return {
        **record,
        "winner_name": _name(state, winner) if winner is not None else None,
        "kind_t": RESULT_KIND_T[record["kind"]],
        "reason": _game_reason(record, state),
    }


def view(state: State, viewer: Actor) -> dict[str, Any]:
    """The table's view-model; identical for everyone (nothing is secret in Quorsum)."""
    phase = state["phase"]
    turn = state["turn"]
    if phase == "choose":
        turn = state["chooser"]
    elif phase == "place":
        turn = state["placer"]
    counts = [t["value"] for t in state["tiles"] if t is not None]
    out: dict[str, Any] = {
        "players": [_player_view(state, s) for s in (0, 1)],
        "turn": turn,
        "round": state["turn_no"] if phase in ("declare", "resolve") else None,
        "phase": PHASE_T[phase],
        "phase_key": phase,
        "over": phase == "over",
        "game_no": state["game_no"],
        "grid": [[_cell_view(state, r * SIZE + c) for c in range(SIZE)] for r in range(SIZE)],
        "layout": {
            "mode": _opt(state, "layout"),
            "missing": sum(1 for t in state["tiles"] if t is None),
            "next": next(
                (_tile_ref_plain(i) for i, t in enumerate(state["tiles"]) if t is None), None
            ),
            "left": [{"value": v, "left": TILES_PER_VALUE - counts.count(v)} for v in VALUES],
        },
        "pieces": [_piece_view(state, pid) for pid in range(4)],
        "opening": {
            "rolloff": state["rolloff"],
            "chooser": state["chooser"],
            "first": state["first"],
            "placer": state["placer"],
            "corners": [_corner_view(c) for c in CORNERS],
            "placements": [_placement_view(owners) for owners in PLACEMENTS],
            "tied": state["phase"] == "rolloff" and _tied(state["rolloff"]),
        },
        "flipped": list(state["flipped"]),
        "declaration": _declaration_view(state),
        "targets": _targets_view(state),
        "planner": _planner_view(state),
        "odds_table": odds_table(),
        "stalemate": {
            "count": state["stalemate"],
            "limit": _opt(state, "stalemate_turns"),
            "rule": _opt(state, "progress"),
            "standing": _standing_view(state),
        },
        "match": {
            "target": _opt(state, "match_points"),
            "points": list(state["points"]),
            "games": [_game_view(g, state) for g in state["games"]],
            "winner": _match_winner(state) if phase == "over" else None,
        },
        "last_game": _game_view(state["games"][-1], state) if phase in ("ended", "over") else None,
    }
    if viewer is not None:
        out["me"] = private_view(state, viewer)
    return out


def private_view(state: State, seat: int) -> dict[str, Any]:
    """Quorsum has no secrets: a seat's view is the table's view plus an empty "me"."""
    return {}


def _tile_ref_plain(tile: int) -> dict[str, int]:
    row, col = row_col(tile)
    return {"tile": tile, "row": row, "col": col}


# The six ways to give two corners to each player, owners in CORNERS order: diagonal pairs,
# rows, then columns (the order the placement buttons show them).
PLACEMENTS = ((0, 1, 1, 0), (1, 0, 0, 1), (0, 0, 1, 1), (1, 1, 0, 0), (0, 1, 0, 1), (1, 0, 1, 0))


def _placement_view(owners: tuple[int, ...]) -> dict[str, Any]:
    """One way to place the pieces: the ``owners`` list to post, and each seat's two corners."""
    return {
        "owners": ",".join(str(o) for o in owners),
        "by_corner": list(owners),
        "corners_of": [
            [_tile_ref_plain(c) for c, o in zip(CORNERS, owners, strict=True) if o == seat]
            for seat in (0, 1)
        ],
    }


def _tied(dice: list[int | None]) -> bool:
    """Did the last opening roll tie (so it must be rolled again)?"""
    return dice[0] is not None and dice[0] == dice[1]


def _corner_view(corner: int) -> dict[str, Any]:
    home = home_of(corner)
    return {
        **_tile_ref_plain(corner),
        "home": home,
        "home_row": row_col(home)[0],
        "home_col": row_col(home)[1],
        "arrow": home_arrow(corner, home),
    }


def _standing_view(state: State) -> dict[str, Any] | None:
    """Who a stalemate would favour right now, by the tie-break (None before placement)."""
    if state["pieces"][0]["tile"] is None or state["phase"] not in ("declare", "resolve"):
        return None
    dists = [_seat_distances(state, 0), _seat_distances(state, 1)]
    winner, step = stalemate_tiebreak(*dists)
    return {
        "winner": winner,
        "winner_name": _name(state, winner) if winner is not None else None,
        "step": step,
        "step_t": STEP_T.get(step or ""),
        "distances": dists,
    }


STEP_T = {"closest": N_("closest pieces"), "other": N_("other pieces")}


# --- The declaration planner -----------------------------------------------------------------
# A declaration is three parallel lists (see ``act_declare``). The planner lists every way to
# add to, change or shorten the current declaration as the finished lists to post again, so a
# screen can offer each as one tap (a declaration may be redone until a die is rolled).


def _plan_entries(plan: list[dict[str, Any]]) -> list[tuple[int, int, int]]:
    """The declaration as (piece or -1, tile, dice) entries, chain steps with 0 dice."""
    entries: list[tuple[int, int, int]] = []
    for act in plan:
        piece = act["piece"] if act["kind"] == "move" else -1
        entries.append((piece, act["tile"], act["dice"]))
        entries.extend((piece, t, 0) for t in act["path"])
    return entries


def _lists(entries: list[tuple[int, int, int]]) -> dict[str, str]:
    return {
        key: ",".join(str(e[i]) for e in entries)
        for i, key in enumerate(("pieces", "tiles", "dice"))
    }


def _step_problem(state: State, piece_id: int, here: int, dest: int) -> str | None:
    """Why a step from ``here`` onto ``dest`` is illegal on the board as it is now, or None."""
    tiles = state["tiles"]
    if tiles[dest]["face"] != tiles[here]["face"]:
        return N_("A piece may only move onto a tile of the same colour as its own tile.")
    occupant = _occupant(state, dest)
    if _opt(state, "blocking") and occupant is not None and occupant != piece_id:
        return N_("That tile is occupied by another piece.")
    return None


def _neighbours(tile: int) -> list[int]:
    return [t for t in range(TILE_COUNT) if adjacent(tile, t)]


def _planner_view(state: State) -> dict[str, Any] | None:
    """Every one-tap change to the turn's declaration, each with its odds (None when closed)."""
    if state["phase"] not in ("declare", "resolve") or _rolled_any(state):
        return None
    seat, plan = state["turn"], state["plan"]
    entries = _plan_entries(plan)
    left = DICE - sum(a["dice"] for a in plan)
    room = len(entries) < MAX_PLAN

    def choices(value: int, extra: tuple[int, int]) -> list[dict[str, Any]]:
        if not room:
            return []
        return [
            {
                "dice": n,
                "chance": odds(success_chance(value, n)),
                "lists": _lists([*entries, (extra[0], extra[1], n)]),
            }
            for n in range(1, left + 1)
        ]

    moves = []
    for pid, piece in enumerate(state["pieces"]):
        if piece["owner"] != seat:
            continue
        here = piece["tile"]
        options = []
        for dest in _neighbours(here):
            ref = _tile_ref(state, dest)
            options.append(
                {
                    **ref,
                    "problem_t": _step_problem(state, pid, here, dest),
                    "choices": choices(ref["value"], (pid, dest)),
                }
            )
        options.sort(key=lambda o: o["problem_t"] is not None)
        moves.append({"piece": pid, "tile": here, "options": options})

    declared_flips = {a["tile"] for a in plan if a["kind"] == "flip"}
    flips = [
        {
            **_tile_ref(state, t),
            "choices": choices(state["tiles"][t]["value"], (-1, t)),
        }
        for t in legal_flips(state)
        if t not in declared_flips
    ]

    chains, edits = [], []
    at = 0  # position of each action's first entry in ``entries``
    for index, act in enumerate(plan):
        size = 1 + len(act["path"])
        before, mine, after = entries[:at], entries[at : at + size], entries[at + size :]
        at += size
        values = _values_of(state, act)
        edits.append(
            {
                "index": index,
                "choices": [
                    {
                        "dice": n,
                        "current": n == act["dice"],
                        "chance": odds(chain_chance(values, n)),
                        "lists": _lists([*before, (mine[0][0], mine[0][1], n), *mine[1:], *after]),
                    }
                    for n in range(1, act["dice"] + left + 1)
                ],
                "remove": _lists(before + after) if len(plan) > 1 else None,
                "trim": _lists(before + mine[:-1] + after) if act["path"] else None,
            }
        )
        if act["kind"] != "move" or not room:
            continue
        steps = [state["pieces"][act["piece"]]["tile"], act["tile"], *act["path"]]
        options = []
        for dest in _neighbours(steps[-1]):
            if dest == steps[-2]:
                continue  # straight back where it came from
            value = state["tiles"][dest]["value"]
            options.append(
                {
                    **_tile_ref(state, dest),
                    "problem_t": _step_problem(state, act["piece"], steps[-1], dest),
                    "chance": odds(chain_chance([*values, value], act["dice"])),
                    "lists": _lists([*before, *mine, (act["piece"], dest, 0), *after]),
                }
            )
        options.sort(key=lambda o: o["problem_t"] is not None)
        chains.append({"index": index, "piece": act["piece"], "options": options})

    return {
        "dice_left": left,
        "moves": moves,
        "flips": flips,
        "chains": chains,
        "edits": edits,
    }


# --- Result ---------------------------------------------------------------------------------


def _game_reason(record: dict[str, Any], state: State) -> Text:
    name = _name(state, record["winner"]) if record["winner"] is not None else ""
    kind = record["kind"]
    if kind == "win":
        return T("{name} brought both pieces home.", name=name)
    if kind == "double":
        return T("{name} brought both pieces home while no opposing piece was home.", name=name)
    if kind == "stalemate":
        return T(
            "Stalemate after {count} turns without progress; {name} is closer to home.",
            count=record["stalemate_turns"],
            name=name,
        )
    return T(
        "Stalemate after {count} turns without progress; the distances are equal.",
        count=record["stalemate_turns"],
    )


def _game_lines(state: State, seat: int) -> list[Text]:
    lines: list[Text] = []
    for g in state["games"]:
        lines.append(
            T(
                "Game {n}: {kind_t} for {winner}; {points} point(s)",
                n=g["n"],
                kind_t=RESULT_KIND_T[g["kind"]],
                winner=_name(state, g["winner"]) if g["winner"] is not None else "-",
                points=g["points"][seat],
            )
            if g["winner"] is not None
            else T("Game {n}: draw; {points} point(s)", n=g["n"], points=g["points"][seat])
        )
        if g["kind"] in ("stalemate", "draw"):
            closest, other = g["distances"][seat]
            lines.append(
                T(
                    "Game {n}: closest piece {closest} from home, other piece {other}",
                    n=g["n"],
                    closest=closest,
                    other=other,
                )
            )
    lines.append(T("Total: {points} point(s)", points=state["points"][seat]))
    return lines


def result(state: State) -> dict[str, Any] | None:
    """None until the match (a single game by default) is decided; then the scored result."""
    if state["phase"] != "over":
        return None
    champion = _match_winner(state)
    last = state["games"][-1]
    target = _opt(state, "match_points")
    if target == 1:
        reason = _game_reason(last, state)
    elif champion is not None:
        reason = T("{name} reached {target} points.", name=_name(state, champion), target=target)
    else:
        reason = T("Both players reached {target} points with equal scores.", target=target)
    headline = (
        T("{name} wins", name=_name(state, champion)) if champion is not None else T("It is a draw")
    )
    rows = [
        {
            "seat": s,
            "label": T("{name}", name=_name(state, s)),
            "score": state["points"][s],
            "won": s == champion,
            "lines": _game_lines(state, s),
        }
        for s in (0, 1)
    ]
    winners = [champion] if champion is not None else []
    return {"reason": reason, "headline": headline, "winners": winners, "rows": rows}


# --- History lines --------------------------------------------------------------------------


def _describe_rolled(e: Event) -> Text:
    params = {
        "name": e["name"],
        "values": _fmt_values(e["values"]),
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


def _describe_turn_ended(e: Event) -> Text:
    if e["progress"]:
        return T(
            "{name}'s turn ended with progress: the stalemate counter is back to 0.", name=e["name"]
        )
    return T(
        "{name}'s turn ended without progress: stalemate counter {count} of {limit}.",
        name=e["name"],
        count=e["count"],
        limit=e["limit"],
    )


def _describe_game_ended(e: Event) -> Text:
    kind = e["kind"]
    if kind == "win":
        return T("{name} has both pieces home and wins game {n}.", name=e["name"], n=e["n"])
    if kind == "double":
        return T(
            "{name} wins game {n} with a double win: no opposing piece is home.",
            name=e["name"],
            n=e["n"],
        )
    if kind == "stalemate":
        step_t = N_("closest pieces") if e["step"] == "closest" else N_("other pieces")
        return T(
            "Stalemate: {name} wins game {n} on distance to home ({step_t}).",
            name=e["name"],
            n=e["n"],
            step_t=step_t,
        )
    return T("Stalemate: game {n} is a draw.", n=e["n"])


def _describe_opening(e: Event) -> Text:
    if e["option"] == "A":
        return T(
            "{name} takes the first turn (A); {other} places the pieces.",
            name=e["name"],
            other=e["other"],
        )
    return T(
        "{name} places the pieces (B); {other} takes the first turn.",
        name=e["name"],
        other=e["other"],
    )


DESCRIBERS: dict[str, Any] = {
    "LayoutDrawn": lambda e: T("The app drew a random layout of 16 tiles."),
    "TileSet": lambda e: T(
        "Tile ({row},{col}) set to {value}, {face_t} face up.",
        row=e["row"],
        col=e["col"],
        value=e["value"],
        face_t=FACE_T[e["face"]],
    ),
    "LayoutComplete": lambda e: T("All 16 tiles are laid out."),
    "Rolloff": lambda e: T(
        "Opening roll: {name0} rolled {die0}, {name1} rolled {die1}.",
        name0=e["name0"],
        name1=e["name1"],
        die0=e["dice"][0],
        die1=e["dice"][1],
    ),
    "RolloffTied": lambda e: T("The opening dice match: roll again."),
    "ChooserSet": lambda e: T("{name} makes the opening choice.", name=e["name"]),
    "OpeningChosen": _describe_opening,
    "PiecesPlaced": lambda e: T(
        "{name} placed the pieces on the corners; {first} takes the first turn.",
        name=e["name"],
        first=e["first"],
    ),
    "Declared": lambda e: T(
        "{name} declared {actions} action(s), {dice} dice, {given_up} given up: {percent}%.",
        name=e["name"],
        actions=e["actions"],
        dice=e["dice"],
        given_up=e["given_up"],
        percent=e["percent"],
    ),
    "DiceGivenUp": lambda e: T("{name} gave up all the dice.", name=e["name"]),
    "Rolled": _describe_rolled,
    "ChainStopped": lambda e: T("{name} stopped the chain of moves.", name=e["name"]),
    "TurnEnded": _describe_turn_ended,
    "GameEnded": _describe_game_ended,
    "MatchEnded": lambda e: (
        T("{name} wins the match.", name=e["name"])
        if e["winner"] is not None
        else T("The match is a draw.")
    ),
    "GameStarted": lambda e: T("Game {n} of the match begins.", n=e["n"]),
}


def describe(event: Event) -> Text:
    """The history line for an event."""
    fn = DESCRIBERS.get(event.get("type", ""))
    if fn is None:
        return T("Event: {type}", type=str(event.get("type")))
    return fn(event)


# --- The game -------------------------------------------------------------------------------

TILE = Param("tile", "int", min=0, max=TILE_COUNT - 1, label=N_("Tile (0-15, row by row)"))
INDEX = Param("index", "int", min=0, max=MAX_PLAN - 1, label=N_("Declared action number"))
NEXT_TILE = Param(
    "tile",
    "int",
    min=-1,
    max=TILE_COUNT - 1,
    optional=True,
    default=-1,
    label=N_("Destination for the next chain step (-1 = the declared one)"),
)

ACTIONS = {
    a.type: a
    for a in (
        Action(
            "set_tile",
            act_set_tile,
            (
                TILE,
                Param("value", "int", min=2, max=6, label=N_("Value")),
                Param("face", "choice", choices=FACES, label=N_("Face up")),
            ),
            N_("Set tile"),
            "Host, before the first turn: set one tile's value and face up.",
            correction=True,
        ),
        Action(
            "rolloff",
            act_rolloff,
            (
                Param("die0", "int", min=1, max=6, optional=True, label=N_("First player's die")),
                Param("die1", "int", min=1, max=6, optional=True, label=N_("Second player's die")),
            ),
            N_("Opening roll"),
            "Anyone: enter both opening dice (a missing die is rolled by the app).",
        ),
        Action(
            "choose",
            act_choose,
            (Param("option", "choice", choices=("A", "B"), label=N_("A: first turn, B: place")),),
            N_("Choose A or B"),
            "The roll-off winner (or host): A = take the first turn, B = place the pieces.",
        ),
        Action(
            "place",
            act_place,
            (Param("owners", "ints", min=0, max=1, max_len=4, label=N_("Owner of each corner")),),
            N_("Place the pieces"),
            "The player with option B (or host): owner seat of corners (1,1), (1,4), (4,1), (4,4).",
        ),
        Action(
            "declare",
            act_declare,
            (
                Param(
                    "pieces", "ints", min=-1, max=3, max_len=MAX_PLAN, label=N_("Piece (-1 = flip)")
                ),
                Param(
                    "tiles", "ints", min=0, max=TILE_COUNT - 1, max_len=MAX_PLAN, label=N_("Tile")
                ),
                Param("dice", "ints", min=0, max=DICE, max_len=MAX_PLAN, label=N_("Dice")),
            ),
            N_("Declare"),
            "Active player (or host): planned actions as parallel lists; 0 dice = a chain step.",
        ),
        Action("pass", act_pass, (), N_("Give up the dice"), "Active player: give up all 4 dice."),
        Action(
            "resolve",
            act_resolve,
            (
                INDEX,
                Param("values", "ints", min=1, max=6, max_len=DICE, label=N_("Dice shown")),
                NEXT_TILE,
            ),
            N_("Enter the dice"),
            "Active player (or host): the real dice of one declared action or chain step.",
        ),
        Action(
            "roll",
            act_roll,
            (INDEX, NEXT_TILE),
            N_("Roll for me"),
            "Active player (or host): the app rolls the dice of one action or chain step.",
        ),
        Action("stop", act_stop, (), N_("Stop the chain"), "Active player: end the open chain."),
        Action(
            "end_turn",
            act_end_turn,
            (),
            N_("End the turn"),
            "Active player (or host): end the turn; unrolled actions are spent.",
        ),
        Action(
            "next_game",
            act_next_game,
            (),
            N_("Next game"),
            "Anyone, between games of a match: start the next game.",
        ),
    )
}

GAME = Game(
    id="quorsum",
    name=N_("Quorsum"),
    min_players=2,
    max_players=2,
    setup=setup,
    actions=ACTIONS,
    allowed=allowed,
    view=view,
    result=result,
    # The history line of an event (the game still reads names from its events).
    describe=lambda event, players=(): describe(event),
    options=OPTIONS,
    private_view=private_view,
    reveals={},  # nothing is hidden (digest §8), so no action shows anyone a secret
    private=(),
    sealed=False,
)
