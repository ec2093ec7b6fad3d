"""The contract every game module follows, and the small pieces games share.

A game is one pure module under ``companion/games/`` exposing ``GAME = Game(...)``.
It imports no Flask, no database, no clock and no ``random``: randomness arrives as
an ``Rng`` argument that the platform derives from the table's seed and the action's
sequence number, so replaying the log gives the same state every time.

State is plain JSON data (dicts, lists, str, int, float, bool, None). The platform
hands every action function its own deep copy of the state, so a function may mutate
it freely and raise ``RulesError`` at any point: a refused action changes nothing.

Every piece of text a person reads is an English msgid (marked with ``N_`` or built
with ``T``) that the web layer translates through the gettext catalogs. A ``Text`` is
``[msgid, params]``; params whose key ends in ``_t`` are themselves msgids and are
translated before substitution (``T("{role_t} wins", role_t=N_("Ninja"))``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

State = dict[str, Any]
Event = dict[str, Any]
Text = list[Any]  # [msgid, {params}]
# The viewer or actor: a seat index (0-based) or None for the table screen / host.
Actor = int | None


def N_(msgid: str) -> str:
    """Mark a string for translation without translating it (the web layer does)."""
    return msgid


def T(msgid: str, **params: Any) -> Text:
    """A translatable line with parameters: ``T("{name} lost {n} health", name="Ann", n=2)``."""
    return [msgid, params]


class Rng(Protocol):
    """The part of ``random.Random`` a game may use (the platform passes a seeded one)."""

    def random(self) -> float: ...
    def randint(self, a: int, b: int) -> int: ...
    def choice(self, seq: Any) -> Any: ...
    def shuffle(self, x: list[Any]) -> None: ...
    def sample(self, population: Any, k: int) -> list[Any]: ...


class RulesError(ValueError):
    """The rules refuse an action. Nothing changes; the viewer gets ``message`` in their language.

    ``code`` is stable (part of the JSON API); ``message`` is an English msgid with
    ``{placeholders}`` filled from ``params``. It must never contain another seat's secret.
    """

    status = 409

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message.format(**params) if params else message)
        self.code = code
        self.message = message
        self.params = params


class NotAllowed(RulesError):
    """The actor may not do this (another seat's counter, a host-only action, out of turn)."""

    status = 403


class BadValue(RulesError):
    """A parameter is well-formed but out of range for the current state."""

    status = 422


@dataclass(frozen=True)
class Param:
    """One parameter of an action. The platform coerces and range-checks it before the game sees it.

    kind: "int" (min/max inclusive), "seat" (0..players-1), "choice" (one of ``choices``),
    "bool", "str" (max_len), "ints" (a list of ints, each within min/max, up to max_len items),
    "seats" (a list of distinct seats). ``optional`` params may be missing: the game then
    gets ``default``.
    """

    name: str
    kind: str
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    default: Any = None
    max_len: int = 64
    label: str = ""  # msgid shown next to the input, when a generic form shows it


ActionFn = Callable[[State, Actor, dict[str, Any], Rng], list[Event]]


@dataclass(frozen=True)
class Action:
    """An action type: ``fn(state, actor, params, rng) -> events`` mutates its copy of state."""

    type: str
    fn: ActionFn
    params: tuple[Param, ...] = ()
    label: str = ""  # msgid for the button
    doc: str = ""  # one line for docs/ and /api/games
    # A correction of the board (a counter, an owner, a score set by hand), not a move of
    # play. When the host's correction would end the game or reveal something, the platform
    # asks the host to confirm first, naming what it will show.
    correction: bool = False


@dataclass(frozen=True)
class Option:
    """A table option chosen at setup. kind: "bool", "choice" (value, msgid) pairs, or "int"."""

    name: str
    kind: str
    default: Any
    label: str
    choices: tuple[tuple[str, str], ...] = ()
    min: int | None = None
    max: int | None = None


@dataclass(frozen=True)
class Game:
    """Everything the platform needs to run one game.

    - ``setup(players, options, rng) -> state``: ``players`` are names in seat order, ``options``
      already validated against ``options`` (defaults filled in).
    - ``actions``: type -> Action.
    - ``allowed(state, actor) -> list[str]``: the action types this viewer may use right now
      (drives the buttons; the platform refuses any other type before calling the game).
    - ``view(state, viewer) -> dict``: exactly what this viewer may see (None = table screen,
      which the host also sees). It must contain the keys of ``SHELL_VIEW_KEYS``.
    - ``result(state) -> dict | None``: None while the game runs; afterwards see ``RESULT_DOC``.
    - ``describe(event) -> Text``: the history line for an event.
    - ``events`` may carry ``"to": [seats]``: then only those seats ever see that history line.
    - ``reveals``: event type -> msgid of what it shows; see the field's comment.
    - ``private_view(state, seat) -> dict`` (optional): for a game whose seat view is exactly
      the table's view plus ``"me"``, that seat's ``"me"``. The platform then builds the public
      part once per change instead of once per phone (tests check the two ways agree).
    """

    id: str
    name: str  # msgid, e.g. N_("Samurai Sword")
    min_players: int
    max_players: int
    setup: Callable[[list[str], dict[str, Any], Rng], State]
    actions: dict[str, Action]
    allowed: Callable[[State, Actor], list[str]]
    view: Callable[[State, Actor], dict[str, Any]]
    result: Callable[[State], dict[str, Any] | None]
    describe: Callable[[Event], Text]
    options: tuple[Option, ...] = ()
    seat_setup: tuple[str, ...] = field(default=())  # action types a phone may need before play
    private_view: Callable[[State, int], dict[str, Any]] | None = None
    # Event types that make hidden information public (a card turned face up, a hand shown to
    # another seat), each with a msgid naming what it shows: "the province's cards". An
    # action with one of these events is a barrier that undo never steps back across. The
    # reveal of a sealed round and the end of the game are barriers without being listed.
    reveals: dict[str, str] = field(default_factory=dict)
    # Does any seat keep something hidden? In a game with no secrets the end reveals nothing,
    # so undo may step back across it.
    secrets: bool = True


SHELL_VIEW_KEYS = ("players", "turn", "round", "phase", "over")
"""Keys every view has, for the shell around the game's own partials:

- players: [{"seat": int, "name": str, ...public per-player data}]
- turn: seat whose turn it is, or None
- round: int or None
- phase: msgid or None (e.g. N_("Draw"))
- over: bool
A seat's view also has "me": that seat's own (private) data.
"""

RESULT_DOC = """result(state) once the game is over:
{
  "reason": Text,                      # why it ended
  "headline": Text,                    # who won, in words
  "winners": [seat, ...],
  "rows": [                            # one per player, then one per team if the game has teams
    {"seat": int | None, "label": Text, "score": int | float | None, "won": bool,
     "lines": [Text, ...]}             # each line of the arithmetic a person can check
  ]
}"""


def other_seats(state: State, seat: int) -> list[int]:
    """Every seat but ``seat``, in seat order."""
    return [s for s in range(len(state["players"])) if s != seat]


def require_seat_or_host(actor: Actor, seat: int) -> None:
    """A seat may change only its own counters; the table screen (host) may change anyone's."""
    if actor is not None and actor != seat:
        raise NotAllowed("not_your_seat", N_("You can only change your own counters."))
