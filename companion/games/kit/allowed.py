"""Who may act, and when: ``allowed`` derived from the actions' declarations, and the docs'
who/when table generated from the same declarations.

>>> from companion.games.kit.contract import Action, HOST, TURN, action_table
>>> acts = action_table(
...     Action("roll", None, who=TURN, phases=("play",)),
...     Action("adjust", None, who=HOST, correction=True),
... )
>>> allowed = derive_allowed(acts, phase=lambda s: s["phase"], turn=lambda s: s["turn"])
>>> state = {"phase": "play", "turn": 1}
>>> allowed(state, 1), allowed(state, 0), allowed(state, None)
(['roll'], [], ['adjust'])
>>> allowed.refusal(state, 0, acts["roll"]), allowed.refusal(state, 1, acts["adjust"])
(('turn', 1), ('host', None))
>>> allowed.refusal({"phase": "setup", "turn": 1}, 1, acts["roll"])
('phase', ('play',))
>>> print(who_when_table(acts, {"play": "Play"}))
| action | who | when |
|---|---|---|
| `roll` | the player whose turn it is | Play |
| `adjust` | the host (table screen) | any time (a correction) |
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .contract import ANYONE, HOST, SEAT, TURN, TURN_OR_HOST, Action, Actor, State

WHO_WORDS = {
    HOST: "the host (table screen)",
    SEAT: "any player, on their phone",
    TURN: "the player whose turn it is",
    TURN_OR_HOST: "the player whose turn it is, or the host",
    ANYONE: "any player or the host",
}


def may(who: str, actor: Actor, turn: int | None) -> bool:
    """Does ``who`` (an ``Action.who``) admit ``actor`` when it is ``turn``'s turn?"""
    if who == ANYONE:
        return True
    if who == HOST:
        return actor is None
    if who == SEAT:
        return actor is not None
    if who == TURN:
        return actor is not None and actor == turn
    if who == TURN_OR_HOST:
        return actor is None or actor == turn
    raise ValueError(f"unknown who {who!r}")


# Why an action is refused, from its declaration alone: (reason, detail).
# ("host", None): only the host may; ("seat", None): only a player, on their phone;
# ("turn", seat): it is that seat's turn; ("phase", phases): the phases it belongs to;
# None: a ``when`` predicate said no (the game's own condition, which may not be public).
Refusal = tuple[str, Any] | None


class Allowed:
    """``allowed(state, actor)`` from each action's ``who``, ``phases`` and ``when``; and
    ``refusal``, which says which of those declarations refused an action.

    A callable object rather than a closure so that the platform can ask why an action is
    not allowed without a second source of truth: the same declarations answer both.
    """

    def __init__(
        self,
        actions: Mapping[str, Action],
        phase: Callable[[State], str | None],
        turn: Callable[[State], int | None],
    ) -> None:
        self.actions = actions
        self.phase = phase
        self.turn = turn

    def __call__(self, state: State, actor: Actor) -> list[str]:
        now, whose = self.phase(state), self.turn(state)
        return [
            a.type
            for a in self.actions.values()
            if (a.phases is None or now in a.phases)
            and may(a.who, actor, whose)
            and (a.when is None or a.when(state, actor))
        ]

    def refusal(self, state: State, actor: Actor, action: Action) -> Refusal:
        """Which public declaration refuses ``action`` for ``actor`` now (None: only a
        ``when`` predicate does, or nothing does).

        Who may act, the phase and whose turn it is are public, so the answer never
        depends on a seat's secret. The kind of actor comes first (no phase makes a
        host-only action a player's), then the phase, then the turn.
        """
        if action.who == HOST and actor is not None:
            return ("host", None)
        if action.who == SEAT and actor is None:
            return ("seat", None)
        if action.phases is not None and self.phase(state) not in action.phases:
            return ("phase", action.phases)
        whose = self.turn(state)
        if not may(action.who, actor, whose):
            if action.who == TURN and actor is None:
                return ("seat", None)
            return ("turn", whose) if whose is not None else None
        return None


def derive_allowed(
    actions: Mapping[str, Action],
    phase: Callable[[State], str | None],
    turn: Callable[[State], int | None],
) -> Allowed:
    """``allowed(state, actor)`` from each action's ``who``, ``phases`` and ``when``."""
    return Allowed(actions, phase, turn)


def who_when_table(actions: Mapping[str, Action], phase_labels: Mapping[str, str]) -> str:
    """The docs' table of who may use each action, and in which phases."""
    rows = ["| action | who | when |", "|---|---|---|"]
    for a in actions.values():
        if a.phases is None:
            when = "any time"
        else:
            when = ", ".join(phase_labels.get(p, p) for p in a.phases)
        if a.correction:
            when += " (a correction)"
        if a.when is not None and a.when.__doc__:
            when += f"; {a.when.__doc__.strip().rstrip('.')}"
        rows.append(f"| `{a.type}` | {WHO_WORDS[a.who]} | {when} |")
    return "\n".join(rows)
