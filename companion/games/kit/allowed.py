"""Who may act, and when: ``allowed`` derived from the actions' declarations, and the docs'
who/when table generated from the same declarations.

>>> from companion.games.kit.contract import Action, HOST, TURN
>>> acts = {a.type: a for a in (
...     Action("roll", None, who=TURN, phases=("play",)),
...     Action("adjust", None, who=HOST, correction=True),
... )}
>>> allowed = derive_allowed(acts, phase=lambda s: s["phase"], turn=lambda s: s["turn"])
>>> state = {"phase": "play", "turn": 1}
>>> allowed(state, 1), allowed(state, 0), allowed(state, None)
(['roll'], [], ['adjust'])
>>> print(who_when_table(acts, {"play": "Play"}))
| action | who | when |
|---|---|---|
| `roll` | the player whose turn it is | Play |
| `adjust` | the host (table screen) | any time (a correction) |
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

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


def derive_allowed(
    actions: Mapping[str, Action],
    phase: Callable[[State], str | None],
    turn: Callable[[State], int | None],
) -> Callable[[State, Actor], list[str]]:
    """``allowed(state, actor)`` from each action's ``who``, ``phases`` and ``when``."""

    def allowed(state: State, actor: Actor) -> list[str]:
        now, whose = phase(state), turn(state)
        return [
            a.type
            for a in actions.values()
            if (a.phases is None or now in a.phases)
            and may(a.who, actor, whose)
            and (a.when is None or a.when(state, actor))
        ]

    return allowed


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
