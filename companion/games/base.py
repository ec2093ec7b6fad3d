"""The old name of the game contract, while the games move onto the kit: use ``kit``."""

from __future__ import annotations

from .kit import (
    N_,
    RESULT_DOC,
    SHELL_VIEW_KEYS,
    Action,
    ActionFn,
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
    require_seat_or_host,
)

__all__ = [
    "N_",
    "RESULT_DOC",
    "SHELL_VIEW_KEYS",
    "T",
    "Action",
    "ActionFn",
    "Actor",
    "BadValue",
    "Event",
    "Game",
    "NotAllowed",
    "Option",
    "Param",
    "Rng",
    "RulesError",
    "State",
    "Text",
    "require_seat_or_host",
]
