"""How an action is applied, once for the platform and every test: ``apply`` and ``Table``.

``apply`` is the one place the semantics live: the same checks in the same order (is there
such an action? is the game over? is it allowed for this actor? are the params
well-formed?), the action applied to a copy of the state, and seeded randomness (the table's
seed and the action's place in the log). ``Tables.act`` calls it before it logs; ``Table``
runs a game in memory with it, for every game's rules suite. A refused action changes nothing.

>>> from companion.games.example import GAME
>>> table = Table(GAME, ["Ann", "Bo"], seed=1)
>>> table.act(None, "add", seat=0, n=3)
[{'type': 'Scored', 'seat': 0, 'n': 3}]
>>> table.refused(1, "add", seat=0, n=1).code
'not_your_seat'
>>> table.lines(0)[-1]
['{name} scored {n}', {'name': 'Ann', 'n': 3}]
"""

from __future__ import annotations

import pickle
import random
from typing import Any

from ...errors import BadInput, NotAllowed, RulesError
from ...text import N_, T, Text
from .contract import Action, Actor, Event, Game, State
from .params import coerce, coerce_options


class LazyRandom:
    """A ``random.Random`` seeded only when the action first draws from it.

    Seeding from a string costs ~10 µs; most actions (a counter moved, a phase ended)
    never roll anything, and a rebuild replays the whole log.
    """

    __slots__ = ("_seed", "_random")

    def __init__(self, seed: str) -> None:
        self._seed = seed
        self._random: random.Random | None = None

    def __getattr__(self, name: str) -> Any:
        if self._random is None:
            self._random = random.Random(self._seed)
        return getattr(self._random, name)


def action_rng(seed: int, seq: int) -> LazyRandom:
    """The randomness of one action: fixed by the table's seed and the action's place in the log."""
    return LazyRandom(f"{seed}:{seq}")


def setup_rng(seed: int) -> random.Random:
    """The randomness of a table's setup."""
    return random.Random(f"{seed}:setup")


def fresh_copy(state: State) -> State:
    """A deep copy of a state, for an action to change while the cached one stays as it was.

    A pickle round trip copies what ``copy.deepcopy`` does (shared parts stay shared) in a
    quarter of the time: the states are plain data, and this runs on every action. The
    bytes never leave this call, so nothing from outside is ever unpickled.
    """
    copy: State = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    return copy


def checked(game: Game, state: State, actor: Actor, raw: dict[str, Any]) -> dict[str, Any]:
    """The action ``raw`` asks for, with its parameters checked, if this actor may take it now.

    Refuses (and changes nothing) an unknown action, any action after the end, an action this
    actor may not use now, and malformed parameters, in that order.
    """
    spec = game.actions.get(raw.get("type", ""))
    if spec is None:
        raise BadInput("unknown_action", N_("There is no such action in this game."))
    refused = why_not(game, state, actor, spec)
    if refused is not None:
        raise refused
    fields = {k: v for k, v in raw.items() if k not in ("type", "confirm")}
    return {"type": spec.type, **coerce(spec.params, fields, len(state["players"]))}


def why_not(
    game: Game, state: State, actor: Actor, spec: Action, allowed: list[str] | None = None
) -> RulesError | None:
    """The refusal ``actor`` gets for ``spec`` now, whatever its parameters (None: it is
    allowed). The one answer for both the pipeline and "What can I do now?" (``cando``),
    so what a screen says and what a tap gets never differ. ``allowed``: the actor's
    ``game.allowed`` list now, when the caller has it already (asked about many actions)."""
    if game.over(state):
        return RulesError("game_over", N_("The game is over."))
    if allowed is None:
        allowed = game.allowed(state, actor)
    if spec.type not in allowed:
        return not_now(game, state, actor, spec)
    return None


def not_now(game: Game, state: State, actor: Actor, spec: Action) -> NotAllowed:
    """The refusal of an action ``actor`` may not use now, saying why.

    The code stays ``not_now`` (clients rely on it); the message names the declaration that
    refused it: who may use it, its phase, or whose turn it is. All three are public, so
    the reason never tells the asker anything about a seat's secret. A ``when`` predicate
    (the game's own condition) gets only the generic message: it may rest on hidden state.
    """
    refusal = getattr(game.allowed, "refusal", None)
    found: tuple[str, Any] | None = refusal(state, actor, spec) if refusal is not None else None
    kind: str | None = None
    detail: Any = None
    if found is not None:
        kind, detail = found
    if kind == "host":
        return NotAllowed("not_now", N_("Only the host can do that."))
    if kind == "seat":
        return NotAllowed("not_now", N_("Only a player can do that, on their phone."))
    if kind == "turn":
        name = _player_name(state, detail)
        if name is not None:
            return NotAllowed("not_now", N_("It is {name}'s turn."), name=name)
    if kind == "phase":
        labels = dict(game.phases)
        named = [labels[p] for p in detail if p in labels]
        if named:
            return NotAllowed(
                "not_now", N_("That is for another phase: {phase_t}."), phase_t=_either(named)
            )
    return NotAllowed("not_now", N_("You can't do that right now."))


def _either(msgids: list[str]) -> Text | str:
    """Phase names as one translatable Text: "Draw", "Draw or Play", "Draw or Play or End"."""
    if len(msgids) == 1:
        return msgids[0]
    return T("{first_t} or {rest_t}", first_t=msgids[0], rest_t=_either(msgids[1:]))


def _player_name(state: State, seat: Any) -> str | None:
    """A seat's player name from the state (seats are public), if the state says it."""
    players = state.get("players")
    if not isinstance(seat, int) or not isinstance(players, list) or not 0 <= seat < len(players):
        return None
    player = players[seat]
    name = player.get("name") if isinstance(player, dict) else player
    return name if isinstance(name, str) else None


def run(
    game: Game, state: State, actor: Actor, action: dict[str, Any], seed: int, seq: int
) -> list[Event]:
    """Apply a checked (or logged) action to ``state`` itself, with its own randomness."""
    params = {k: v for k, v in action.items() if k != "type"}
    return game.actions[action["type"]].fn(state, actor, params, action_rng(seed, seq))


def apply(
    game: Game, state: State, actor: Actor, raw: dict[str, Any], seed: int, seq: int
) -> tuple[State, list[Event]]:
    """What the platform does with one request: the checks, then the action on a copy.

    Returns the new state and the events; raises the rules' refusal and changes nothing.
    """
    action = checked(game, state, actor, raw)
    new = fresh_copy(state)
    return new, run(game, new, actor, action, seed, seq)


class Table:
    """A game at a table, in memory: ``act`` and ``refused`` as a phone or the host would."""

    def __init__(
        self,
        game: Game,
        players: list[str],
        options: dict[str, Any] | None = None,
        seed: int = 0,
    ) -> None:
        self.game = game
        self.players = list(players)
        self.options = coerce_options(game.options, options or {})
        self.seed = seed
        self.state = game.setup(self.players, self.options, setup_rng(seed))
        self.seq = 0
        self.events: list[Event] = []

    def act(self, actor: Actor, type_: str, **params: Any) -> list[Event]:
        """Apply one action; a refusal raises and changes nothing."""
        state, events = apply(
            self.game, self.state, actor, {"type": type_, **params}, self.seed, self.seq + 1
        )
        self.state, self.seq = state, self.seq + 1
        self.events.extend(events)
        return events

    def refused(self, actor: Actor, type_: str, **params: Any) -> RulesError:
        """The refusal of an action that must be refused (and the proof nothing changed)."""
        before = pickle.dumps(self.state)
        try:
            self.act(actor, type_, **params)
        except RulesError as err:
            assert pickle.dumps(self.state) == before, "a refused action changed the state"
            return err
        raise AssertionError(f"{type_} {params} was accepted")

    def view(self, viewer: Actor) -> dict[str, Any]:
        return self.game.view(self.state, viewer)

    def allowed(self, actor: Actor) -> list[str]:
        return self.game.allowed(self.state, actor)

    def lines(self, viewer: Actor) -> list[Text]:
        """The history lines this viewer may read, oldest first."""
        return [
            self.game.describe(e, self.players)
            for e in self.events
            if "to" not in e or (viewer is not None and viewer in e["to"])
        ]

    @property
    def over(self) -> bool:
        return self.game.over(self.state)

    @property
    def outcome(self) -> dict[str, Any] | None:
        return self.game.outcome(self.state)
