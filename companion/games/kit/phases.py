"""Named phases (and steps inside them) with enter hooks: functions of the parts that own them.

A game lists its phases once, each with a msgid for the screens. Each part of the game keeps
what happens on entering its own phase as a plain function, and the game's ``__init__``
registers them all by phase name (``PHASES.register({"war": war.begin})``), so the function
that moves the game on never has to import every part, and no part is imported only for what
importing it does. Entering a phase sets ``state["phase"]`` and returns the hooks' events.

>>> phases = Phases([("draw", "Draw"), ("play", "Play")])
>>> def play_begins(state):
...     return [{"type": "PlayBegins"}]
>>> phases.register({"play": play_begins})
>>> state = {"phase": "draw"}
>>> phases.enter(state, "play"), state["phase"], phases.label("play")
([{'type': 'PlayBegins'}], 'play', 'Play')
>>> phases.after("draw"), phases.after("play")
('play', None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .contract import Event, State

Hook = Callable[[State], list[Event]]


class Phases:
    """The phases of a game in order, their labels and their enter hooks."""

    def __init__(self, phases: Sequence[tuple[str, str]], key: str = "phase") -> None:
        self.order = [name for name, _label in phases]
        self.labels = dict(phases)
        self.key = key
        self._hooks: dict[str, list[Hook]] = {name: [] for name in self.order}

    def register(self, hooks: Mapping[str, Hook]) -> None:
        """Run ``hook(state) -> events`` whenever the game enters that phase (after the hooks
        registered before it)."""
        unknown = set(hooks) - set(self._hooks)
        if unknown:
            raise ValueError(f"no phase {sorted(unknown)!r}")
        for name, hook in hooks.items():
            self._hooks[name].append(hook)

    def enter(self, state: State, name: str) -> list[Event]:
        """Move ``state`` into phase ``name`` and run its hooks, in the order registered."""
        if name not in self._hooks:
            raise ValueError(f"no phase {name!r}")
        state[self.key] = name
        events: list[Event] = []
        for hook in self._hooks[name]:
            events.extend(hook(state))
        return events

    @property
    def pairs(self) -> tuple[tuple[str, str], ...]:
        """The phases as (name, msgid) pairs, in order: what ``Game.phases`` declares."""
        return tuple((name, self.labels[name]) for name in self.order)

    def hooks(self, name: str) -> list[Hook]:
        """The enter hooks of ``name``, in the order registered (for a game that runs them
        itself, with more than the state)."""
        return list(self._hooks[name])

    def label(self, name: str | None) -> str | None:
        """The msgid the screens show for a phase."""
        return None if name is None else self.labels.get(name)

    def after(self, name: str) -> str | None:
        """The phase that follows ``name`` (None after the last)."""
        at = self.order.index(name)
        return self.order[at + 1] if at + 1 < len(self.order) else None

    def current(self, state: State) -> str | None:
        return state.get(self.key)
