"""Quorsum's actions: their parameters, who may use each and in which phases.

``allowed`` is derived from these declarations (and so is the who/when table in the docs):
the seat whose turn it is acts, or the table screen for it, since both may operate the
active player's turn; the opening choice and the placement are the chooser's and the
placer's turn. The action functions only check what the declarations cannot say.
"""

from __future__ import annotations

from ..kit import (
    ANYONE,
    HOST,
    N_,
    PLAYER,
    TURN_OR_HOST,
    Action,
    Actor,
    Param,
    State,
    action_group,
    action_table,
    derive_allowed,
)
from .board import opt
from .corrections import (
    act_correct_tile,
    act_move_piece,
    act_set_points,
    act_set_stalemate,
    act_set_tile,
)
from .data import (
    DICE,
    FACES,
    MAX_PLAN,
    PHASES,
    SETUP_PHASES,
    START_DISTANCE,
    TILE_COUNT,
    TURN_PHASES,
)
from .dice import rolled_any
from .opening import act_choose, act_next_game, act_place, act_rolloff, whose_turn
from .turn import act_declare, act_end_turn, act_pass, act_resolve, act_roll, act_stop


def nothing_rolled(state: State, actor: Actor) -> bool:
    """until a die is rolled this turn"""
    return not rolled_any(state)


def chain_open(state: State, actor: Actor) -> bool:
    """while a chain of moves is open"""
    return any(a["status"] == "chain" for a in state["plan"])


def match_play(state: State, actor: Actor) -> bool:
    """in a match of more than one point"""
    return opt(state, "match_points") > 1


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

# The match score may be corrected in every phase until the match is decided.
POINT_PHASES = tuple(p for p in PHASES.order if p != "over")

# Actions that share who may use them and when, declared once for each group.
_rolling = action_group(who=TURN_OR_HOST, phases=("resolve",))  # the turn's dice and chain
# The host's corrections of the board during the turns, to match the table.
_correction = action_group(correction=True, who=HOST, phases=TURN_PHASES)

# Where each main action's rule is, in the rules digest (quorsum.md): "What can I do now?"
# names it beside why an action is not possible now.
RULE_SECTIONS = {
    "rolloff": "§2",
    "choose": "§2",
    "place": "§2",
    "declare": "§4",
    "pass": "§4",
    "resolve": "§4",
    "roll": "§4",
    "stop": "§4",
    "end_turn": "§4",
    "next_game": "§7",
}

ACTIONS = action_table(
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
        who=HOST,
        phases=SETUP_PHASES,
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
        who=ANYONE,
        phases=("rolloff",),
    ),
    Action(
        "choose",
        act_choose,
        (Param("option", "choice", choices=("A", "B"), label=N_("A: first turn, B: place")),),
        N_("Choose A or B"),
        "The roll-off winner (or host): A = take the first turn, B = place the pieces.",
        who=TURN_OR_HOST,
        phases=("choose",),
    ),
    Action(
        "place",
        act_place,
        (Param("owners", "ints", min=0, max=1, max_len=4, label=N_("Owner of each corner")),),
        N_("Place the pieces"),
        "The player with option B (or host): owner seat of corners (1,1), (1,4), (4,1), (4,4).",
        who=TURN_OR_HOST,
        phases=("place",),
    ),
    Action(
        "declare",
        act_declare,
        (
            Param("pieces", "ints", min=-1, max=3, max_len=MAX_PLAN, label=N_("Piece (-1 = flip)")),
            Param("tiles", "ints", min=0, max=TILE_COUNT - 1, max_len=MAX_PLAN, label=N_("Tile")),
            Param("dice", "ints", min=0, max=DICE, max_len=MAX_PLAN, label=N_("Dice")),
        ),
        N_("Declare"),
        "Active player (or host): planned actions as parallel lists; 0 dice = a chain step.",
        who=TURN_OR_HOST,
        phases=TURN_PHASES,
        when=nothing_rolled,
    ),
    Action(
        "pass",
        act_pass,
        (),
        N_("Give up the dice"),
        "Active player: give up all 4 dice.",
        who=TURN_OR_HOST,
        phases=("declare",),
    ),
    _rolling(
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
    _rolling(
        "roll",
        act_roll,
        (INDEX, NEXT_TILE),
        N_("Roll for me"),
        "Active player (or host): the app rolls the dice of one action or chain step.",
    ),
    _rolling(
        "stop",
        act_stop,
        (),
        N_("Stop the chain"),
        "Active player: end the open chain.",
        when=chain_open,
    ),
    _rolling(
        "end_turn",
        act_end_turn,
        (),
        N_("End the turn"),
        "Active player (or host): end the turn; unrolled actions are spent.",
    ),
    _correction(
        "move_piece",
        act_move_piece,
        (
            Param("piece", "int", min=0, max=3, label=N_("Piece (0-3)")),
            TILE,
            Param(
                "best",
                "int",
                min=0,
                max=START_DISTANCE,
                optional=True,
                label=N_("Best distance so far (empty = kept, at most the distance now)"),
            ),
        ),
        N_("Correct a piece"),
        "Host, during the turns: put a piece on the tile where it stands on the table.",
    ),
    _correction(
        "correct_tile",
        act_correct_tile,
        (
            TILE,
            Param("face", "choice", choices=FACES, optional=True, label=N_("Face up")),
            Param("value", "int", min=2, max=6, optional=True, label=N_("Value")),
        ),
        N_("Correct a tile"),
        "Host, during the turns: a tile's face up (and value) as the table shows it.",
    ),
    _correction(
        "set_stalemate",
        act_set_stalemate,
        (Param("count", "int", min=0, max=19, label=N_("Stalemate counter")),),
        N_("Correct the stalemate counter"),
        "Host, during the turns: the stalemate cube as the table shows it.",
    ),
    Action(
        "set_points",
        act_set_points,
        (
            PLAYER,
            Param("points", "int", min=0, max=14, label=N_("Match points")),
        ),
        N_("Correct the match score"),
        "Host, until the match is decided: a player's match points.",
        correction=True,
        who=HOST,
        phases=POINT_PHASES,
        when=match_play,
    ),
    Action(
        "next_game",
        act_next_game,
        (),
        N_("Next game"),
        "Anyone, between games of a match: start the next game.",
        who=ANYONE,
        phases=("ended",),
    ),
    rules=RULE_SECTIONS,
)

allowed = derive_allowed(ACTIONS, phase=lambda state: state["phase"], turn=whose_turn)
