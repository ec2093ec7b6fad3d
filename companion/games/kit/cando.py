""" "What can I do now?": a viewer's actions now, and why each main action it cannot take is
not possible, worked out from the actions' declarations alone, so every game has it.

``can_do`` is exactly ``game.allowed(state, actor)`` (nothing once the game is over, as the
buttons), each with its label, its one line (``Action.doc``) and its rule section. ``cannot_do``
lists the game's main actions (``Action.main``) this viewer could take at some point but not
now, each with the refusal a tap would get (``driver.why_not``: one function for both, so
they never differ). That refusal names only public things (who may act, the phase, whose
turn it is); where only the game's own ``when`` refuses, which may read a secret, it is the
same neutral sentence whatever the hidden state. An action this kind of viewer can never
take (a player's phone action for the host, a host's action for a phone) is left out: it is
no "not now".

>>> from companion.games.example import GAME
>>> from companion.games.kit.driver import Table
>>> table = Table(GAME, ["Ann", "Bo"], seed=1)
>>> now = what_now(GAME, table.state, 1)
>>> [a.type for a in now.can_do] == GAME.allowed(table.state, 1)
True
>>> for a in now.cannot_do:
...     print(a.type, a.reason, a.rule)
lock ["You can't do that right now.", {}] §Actions
end_turn ["It is {name}'s turn.", {'name': 'Ann'}] §Actions
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...text import Text
from .contract import ANYONE, HOST, SEAT, TURN, TURN_OR_HOST, Action, Actor, Game, State
from .driver import why_not

# The ``who`` of actions that may ever be a host's, and ever a seat's.
HOST_WHO = frozenset({HOST, TURN_OR_HOST, ANYONE})
SEAT_WHO = frozenset({SEAT, TURN, TURN_OR_HOST, ANYONE})


@dataclass(frozen=True)
class CanDo:
    """An action this viewer may take now."""

    type: str
    label: str  # msgid
    doc: str  # msgid: one line of what it does
    rule: str  # the rules digest's section ("§4"), or ""
    correction: bool

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "label": self.label, "doc": self.doc, "rule": self.rule}


@dataclass(frozen=True)
class CannotDo:
    """A main action this viewer may not take now, and why (the refusal's own words)."""

    type: str
    label: str  # msgid
    reason: Text  # [msgid, params], as the refusal a tap gets
    rule: str

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "label": self.label, "reason": self.reason, "rule": self.rule}


@dataclass(frozen=True)
class Now:
    can_do: tuple[CanDo, ...]
    cannot_do: tuple[CannotDo, ...]

    def as_dict(self) -> dict[str, Any]:
        """Plain data (msgids and Texts untranslated), for a memoised fragment or the API."""
        return {
            "can_do": [a.as_dict() | {"correction": a.correction} for a in self.can_do],
            "cannot_do": [a.as_dict() for a in self.cannot_do],
        }


def ever_theirs(action: Action, actor: Actor) -> bool:
    """Could this kind of viewer (the host, or a seat) ever take ``action``?"""
    return action.who in (HOST_WHO if actor is None else SEAT_WHO)


def what_now(game: Game, state: State, actor: Actor) -> Now:
    """What ``actor`` (a seat, or None for the host) may do now, and why not the rest."""
    if game.over(state):
        return Now((), ())
    allowed = game.allowed(state, actor)
    can = tuple(
        CanDo(a.type, a.label or a.type, a.doc, a.rule, a.correction)
        for a in (game.actions[t] for t in allowed)
    )
    cannot = []
    for a in game.actions.values():
        if not a.main or a.type in allowed or not ever_theirs(a, actor):
            continue
        refused = why_not(game, state, actor, a, allowed)
        if refused is None:  # not in ``allowed`` yet no refusal: impossible, but never a lie
            continue
        cannot.append(
            CannotDo(a.type, a.label or a.type, [refused.message, refused.params], a.rule)
        )
    return Now(can, tuple(cannot))
