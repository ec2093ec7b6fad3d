"""The game kit: the one vocabulary every game speaks, and all a game may import.

It imports nothing above it (only the ground floor: ``companion.text`` and
``companion.errors``). A game imports the kit, its own package and the standard library.

- ``contract``: Game, Action (declared in a game's ``action_table``), Param, Option, Outcome
  and ScoreRow;
- ``package``: ``assemble``, a game's ``Game`` from the parts its package names alike;
- ``allowed``: who may act and when, derived from the actions' declarations;
- ``phases``: named phases with enter hooks, registered by the part that owns them;
- ``sealed``: sealed rounds, whose reveal is a barrier for undo, with their resolvers;
- ``counters``: bounded counters and the one logged correction (from → to, by whom);
- ``lines``: history lines as tables from event type to line (a text filled from the event, or
  a function), names from the seats;
- ``placing``: places from the rules' keys, and the tie-break step that decided a win;
- ``odds``, ``seats``, ``draws``: chances in one shape, turn order, the table's draws;
- ``params``: untrusted input turned into an action's parameters;
- ``driver``: how an action is applied, for the platform and every rules suite.
"""

from __future__ import annotations

from ...errors import BadInput, BadValue, NotAllowed, RulesError
from ...text import AS_IS, N_, L, P, T, Text, as_is
from . import draws, odds, sealed
from .allowed import derive_allowed, who_when_table
from .contract import (
    ANYONE,
    HOST,
    PLAYER,
    RESULT_DOC,
    SEAT,
    SHELL_VIEW_KEYS,
    TURN,
    TURN_OR_HOST,
    Action,
    ActionFn,
    Actor,
    Event,
    Game,
    Option,
    Outcome,
    Param,
    Rng,
    ScoreRow,
    State,
    action_group,
    action_table,
    never_reveals,
)
from .counters import Counter, correct, correction_line
from .lines import Line, Lines, Value, by, fill, filled, name_of, seat_name, when, who
from .package import assemble
from .phases import Phases
from .placing import deciding_step, places
from .seats import next_seat, others, require_seat_or_host, seat_of, turn_order

__all__ = [
    "action_group",
    "action_table",
    "assemble",
    "never_reveals",
    "ANYONE",
    "AS_IS",
    "HOST",
    "L",
    "PLAYER",
    "N_",
    "RESULT_DOC",
    "SEAT",
    "SHELL_VIEW_KEYS",
    "TURN",
    "TURN_OR_HOST",
    "Action",
    "ActionFn",
    "Actor",
    "BadInput",
    "BadValue",
    "Counter",
    "Event",
    "Game",
    "Line",
    "Lines",
    "NotAllowed",
    "Option",
    "Outcome",
    "Param",
    "Phases",
    "Rng",
    "RulesError",
    "ScoreRow",
    "State",
    "P",
    "T",
    "Text",
    "Value",
    "as_is",
    "by",
    "correct",
    "correction_line",
    "deciding_step",
    "derive_allowed",
    "draws",
    "fill",
    "filled",
    "name_of",
    "next_seat",
    "odds",
    "others",
    "places",
    "require_seat_or_host",
    "sealed",
    "seat_name",
    "seat_of",
    "turn_order",
    "when",
    "who",
    "who_when_table",
]
