"""The contract between a game and the platform: Game, Action, Param, Option, Outcome.

A game is a package under ``companion/games/`` whose ``__init__`` exposes ``GAME``, a ``Game``
the kit's ``assemble`` (``package.py``) puts together from the parts the package names alike.
Its rules are pure: no Flask, no database, no clock and no global ``random``. Randomness
arrives as an ``Rng`` the platform derives from the table's seed and the action's place in the
log, so replaying the log gives the same state every time.

State is plain JSON data (dicts, lists, str, int, float, bool, None). The platform hands every
action function its own copy of the state, so a function may change it freely and raise a
``RulesError`` at any point: a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Protocol

from ...text import N_, Text

State = dict[str, Any]
Event = dict[str, Any]
# The viewer or actor: a seat index (0-based) or None for the table screen / host.
Actor = int | None


class Rng(Protocol):
    """The part of ``random.Random`` a game may use (the platform passes a seeded one)."""

    def random(self) -> float: ...
    def randint(self, a: int, b: int) -> int: ...
    def choice(self, seq: Any) -> Any: ...
    def shuffle(self, x: list[Any]) -> None: ...
    def sample(self, population: Any, k: int) -> list[Any]: ...


@dataclass(frozen=True)
class Param:
    """One parameter of an action. The platform coerces and range-checks it before the game sees it.

    kind: "int" (min/max inclusive), "seat" (0..players-1), "choice" (one of ``choices``),
    "bool", "str" (max_len), "ints" (a list of ints, each within min/max, up to max_len items),
    "seats" (a list of distinct seats), "choices" (a list of choices). ``optional`` params may
    be missing: the game then gets ``default``.
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


# The parameter most actions share: which player (a seat), as every game's forms name it.
PLAYER = Param("seat", "seat", label=N_("Player"))


ActionFn = Callable[[State, Actor, dict[str, Any], Rng], list[Event]]

# Who may use an action (``Action.who``): the host (the table screen), any seat, the seat
# whose turn it is, that seat or the host, or anyone at the table.
HOST, SEAT, TURN, TURN_OR_HOST, ANYONE = "host", "seat", "turn", "turn or host", "anyone"


@dataclass(frozen=True)
class Action:
    """An action type: ``fn(state, actor, params, rng) -> events`` changes its copy of state.

    ``who`` and ``phases`` declare who may use it and when (``None``: in every phase);
    ``when(state, actor)`` adds what else must hold (a sealed round open, an option on). The
    kit's ``allowed`` derives the buttons from these, and the docs' who/when tables are
    generated from them.
    """

    type: str
    fn: ActionFn
    params: tuple[Param, ...] = ()
    label: str = ""  # msgid for the button
    doc: str = ""  # one line for docs/ and /api/games
    # A correction of the board (a counter, an owner, a score set by hand), not a move of
    # play. When the host's correction could end the game or reveal something, the platform
    # asks the host to confirm first.
    correction: bool = False
    # In a game with secrets: could the host's correction ``params`` end the game or reveal
    # something, on the board as the table screen shows it (``view``, the host's own view)?
    # It reads only that view and the request, so the question never depends on a secret;
    # when it says so the host is asked one question, worded without the outcome, whatever
    # the hidden cards would make of it. None: every host correction asks while the game
    # runs (``never_reveals`` declares a correction that cannot). A game without secrets is
    # asked after the action runs, naming what it shows (nothing there is hidden).
    may_reveal: Callable[[dict[str, Any], dict[str, Any]], bool] | None = None
    # A move that hits every player or ends something for good (the deck ran out: everyone
    # loses honor) asks first, whoever makes it: this is the question (a msgid), and the
    # request is sent again with ``confirm``. Empty: no question.
    confirm: str = ""
    who: str = ANYONE
    phases: tuple[str, ...] | None = None
    when: Callable[[State, Actor], bool] | None = None
    # The rule section it comes from, in the game's rules digest ("§4"): "What can I do
    # now?" names it beside why a main action is not possible now.
    rule: str = ""
    # A move of play that "What can I do now?" explains when it is not possible (None:
    # every action that is not a correction).
    main: bool | None = None

    def __post_init__(self) -> None:
        if self.main is None:
            # Frozen: the one place the default is worked out, as the action is declared.
            object.__setattr__(self, "main", not self.correction)


def action_table(
    *declared: Action,
    then: Callable[[ActionFn], ActionFn] | None = None,
    rules: Mapping[str, str] | None = None,
) -> dict[str, Action]:
    """A game's ``ACTIONS``: its actions by type, in the order the buttons, the API and the
    docs list them. The one way a game declares its actions: each an ``Action(...)``, here.

    ``then`` is what follows every action of the game, in the same action (one undo): the
    automatic triggers that the rules check after any change, the moves on that need nobody.
    It wraps each action's function (``then(fn) -> fn``). ``rules`` names the rules
    digest's section of actions (type -> "§4"), said in one place beside the table.

    >>> def add(state, actor, params, rng):
    ...     return [{"type": "Added"}]
    >>> def logged(fn):
    ...     return lambda state, actor, params, rng: fn(state, actor, params, rng) + ["then"]
    >>> table = action_table(Action("add", add), then=logged)
    >>> list(table), table["add"].fn({}, None, {}, None)
    (['add'], [{'type': 'Added'}, 'then'])
    >>> action_table(Action("add", add), Action("add", add))
    Traceback (most recent call last):
    ...
    ValueError: actions declared twice: ['add']
    >>> action_table(Action("add", add), rules={"add": "§3"})["add"].rule
    '§3'
    >>> action_table(Action("add", add), rules={"ad": "§3"})
    Traceback (most recent call last):
    ...
    ValueError: rule sections of undeclared actions: ['ad']
    """
    twice = sorted({a.type for a in declared if [b.type for b in declared].count(a.type) > 1})
    if twice:
        raise ValueError(f"actions declared twice: {twice}")
    sections = dict(rules or {})
    unknown = sorted(set(sections) - {a.type for a in declared})
    if unknown:
        raise ValueError(f"rule sections of undeclared actions: {unknown}")
    declared = tuple(
        replace(a, rule=sections[a.type]) if a.type in sections else a for a in declared
    )
    if then is None:
        return {a.type: a for a in declared}
    return {a.type: replace(a, fn=then(a.fn)) for a in declared}


def action_group(**shared: Any) -> partial[Action]:
    """A maker of actions that share part of their declaration (who may use them, their
    phases, their being corrections), said once for the group, so each action in it states
    only what is its own.

    >>> correction = action_group(who=HOST, correction=True)
    >>> fix = correction("fix", None, (PLAYER,), "Fix", "Set a score.", phases=("play",))
    >>> fix.who, fix.correction, fix.phases, fix.params[0].name
    ('host', True, ('play',), 'seat')
    """
    return partial(Action, **shared)


def never_reveals(view: dict[str, Any], params: dict[str, Any]) -> bool:
    """``Action.may_reveal`` of a correction that can neither end the game nor reveal."""
    return False


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

    @classmethod
    def choice(cls, name: str, label: str, /, **choices: str) -> Option:
        """One of ``choices`` (value=msgid, in the order the form lists them); the first is
        the default, the rules digest's reading.

        >>> Option.choice("deal", "Deal", app="The app deals", manual="Enter them").default
        'app'
        """
        return cls(name, "choice", next(iter(choices)), label, tuple(choices.items()))

    @classmethod
    def flag(cls, name: str, label: str, default: bool) -> Option:
        """On or off.

        >>> events = Option.flag("events", "Play with the events", True)
        >>> events.kind, events.default, events.choices
        ('bool', True, ())
        """
        return cls(name, "bool", default, label)

    @classmethod
    def number(cls, name: str, label: str, default: int, least: int, most: int) -> Option:
        """A whole number from ``least`` to ``most``.

        >>> rounds = Option.number("auction_from", "Auctions from round", 6, 1, 20)
        >>> rounds.kind, rounds.default, rounds.min, rounds.max
        ('int', 6, 1, 20)
        """
        return cls(name, "int", default, label, min=least, max=most)


@dataclass(frozen=True)
class ScoreRow:
    """One line of the final score: a player (or a team, ``seat`` None) and its arithmetic."""

    seat: int | None
    label: Text
    score: int | float | None
    won: bool
    lines: list[Text] = field(default_factory=list)  # each step a person can check
    # The place the rules give this row (1 is first; equal places share a number), or None
    # for a row that is no player's place (a team's total beside its members).
    place: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "label": self.label,
            "score": self.score,
            "won": self.won,
            "lines": list(self.lines),
            "place": self.place,
        }


@dataclass(frozen=True)
class Outcome:
    """How a game ended, as python-chess's ``Outcome``: why, who won, and the scores.

    ``decided_by`` names the tie-break that decided the winner when the score alone did
    not (None when it did); ``starter`` is the seat that began the game, where the game
    has one (BG Stats' start player). ``extra`` holds what a game adds to its result sheet
    (a tie-break explained step by step, say).
    """

    reason: Text
    headline: Text
    winners: list[int]
    rows: list[ScoreRow]
    extra: Mapping[str, Any] = field(default_factory=dict)
    decided_by: Text | None = None
    starter: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """The result as the platform shows and serves it (see ``RESULT_DOC``)."""
        return {
            "reason": self.reason,
            "headline": self.headline,
            "winners": list(self.winners),
            "rows": [row.as_dict() for row in self.rows],
            "decided_by": self.decided_by,
            "starter": self.starter,
            **self.extra,
        }


RESULT_DOC = """result(state) once the game is over (an Outcome, served as):
{
  "reason": Text,                      # why it ended
  "headline": Text,                    # who won, in words
  "winners": [seat, ...],
  "rows": [                            # one per player, then one per team if the game has teams
    {"seat": int | None, "label": Text, "score": int | float | None, "won": bool,
     "lines": [Text, ...],             # each line of the arithmetic a person can check
     "place": int | None}              # the rules' place (1 first, ties share); None: a team row
  ],
  "decided_by": Text | None,           # the tie-break that decided the winner, if the score did not
  "starter": seat | None               # who began, where the game has a start player
}"""

SHELL_VIEW_KEYS = ("players", "turn", "round", "phase", "over")
"""Keys every view has, for the shell around the game's own partials:

- players: [{"seat": int, "name": str, ...public per-player data}]
- turn: seat whose turn it is, or None
- round: int or None
- phase: msgid or None (e.g. N_("Draw"))
- over: bool
A seat's view also has "me": that seat's own (private) data.
"""


@dataclass(frozen=True)
class Game:
    """Everything the platform needs to run one game.

    - ``setup(players, options, rng) -> state``: ``players`` are names in seat order, ``options``
      already validated against ``options`` (defaults filled in).
    - ``actions``: type -> Action.
    - ``allowed(state, actor) -> list[str]``: the action types this viewer may use right now
      (drives the buttons; the platform refuses any other type before calling the game). The
      kit's ``derive_allowed`` builds it from the actions' declarations.
    - ``view(state, viewer) -> dict``: exactly what this viewer may see (None = table screen,
      which the host also sees). It must contain the keys of ``SHELL_VIEW_KEYS``.
    - ``result(state) -> Outcome | None``: None while the game runs.
    - ``over(state) -> bool``: is the game over? Read from the state, never by scoring it:
      the platform asks on every tap, and it must agree with ``result`` (``over`` is False
      exactly when ``result`` is None).
    - ``describe(event, players) -> Text``: the history line for an event; names come from
      ``players`` (the seats' names), so events carry seats, not names.
    - ``private``: what a seat keeps hidden, in words for the docs ("role", "hand"); empty for a
      game with no secrets. The secrecy suite reads it: a game with secrets must say how to
      scramble them.
    - ``sealed``: does the game choose in secret and reveal at once (sealed rounds)?
    - ``events`` may carry ``"to": [seats]``: then only those seats ever see that history line.
    - ``reveals``: event type -> msgid naming what it shows ("the province's two cards turned
      face up"). An action with one of these events is a barrier that undo never steps back
      across; a sealed round's reveal and the end of a game with secrets are barriers too.
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
    result: Callable[[State], Outcome | dict[str, Any] | None]
    over: Callable[[State], bool]
    describe: Callable[[Event, list[str]], Text]
    private: tuple[str, ...]
    sealed: bool
    options: tuple[Option, ...] = ()
    private_view: Callable[[State, int], dict[str, Any]] | None = None
    reveals: dict[str, str] = field(default_factory=dict)
    # The game's phases in order, (name, msgid), as its ``Phases`` declares them: the docs'
    # who/when table names them.
    phases: tuple[tuple[str, str], ...] = ()
    # What a phone's own panel (the game's ``seat.html``) reads of its seat's view, as plain
    # data: ``seat_inputs(view, seat)``. When it is equal to the last version's (and the
    # seat's allowed actions too), the panel is not rendered again. None: rendered every
    # version. A recorded-playthrough test checks it against a fresh rendering.
    seat_inputs: Callable[[dict[str, Any], int], Any] | None = None
    # The same for the table screen's board (the game's ``table.html``: ``table_inputs(view)``,
    # with the screen's allowed actions, whether it is the host's, and where its forms post)
    # and for the TV's pages (``tv.html``: ``tv_inputs(view)``, with the result).
    table_inputs: Callable[[dict[str, Any]], Any] | None = None
    tv_inputs: Callable[[dict[str, Any]], Any] | None = None
    # A game with secrets whose host corrections never depend on a seat's secret (what they
    # change, the triggers they fire and the end they bring all follow from public facts)
    # says so here: its host is asked after a correction runs, and the question names what
    # it will show, as in a game without secrets. Otherwise each correction's
    # ``Action.may_reveal`` decides, before it runs. The secrecy suite checks both.
    corrections_public: bool = False
    # Does the game give players points? (Sun Tzu's marker position is no score to average
    # across plays or to send to BG Stats as points.)
    points: bool = True
    # What the story of the night charts (optional, the game's ``story`` part):
    # ``story_series(public_view) -> {label msgid: [value per seat]}``, read from the table
    # screen's view only. None: the story has no chart (a sixth game still gets the page).
    story_series: Callable[[dict[str, Any]], dict[str, list[Any]]] | None = None

    @property
    def secrets(self) -> bool:
        """Does any seat keep something hidden? (Then the end of the game reveals it.)"""
        return bool(self.private)

    def outcome(self, state: State) -> dict[str, Any] | None:
        """The result as plain data (None while the game runs, found without scoring it)."""
        if not self.over(state):
            return None
        found = self.result(state)
        return found.as_dict() if isinstance(found, Outcome) else found
