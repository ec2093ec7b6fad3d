"""The differential secrecy check: play a game through the real pipeline and, after every step,
ask whether any viewer could tell one seat's private data from other valid private data.

For a state and a seat ``s``, ``scramble(state, s)`` replaces only ``s``'s private data. For
every other viewer ``v`` (another seat, or None = the table screen, which the host also sees):

- the views and the allowed actions must be equal;
- the same next action, applied to both, must show ``v`` the same thing: the same history
  lines (events filtered by their ``to`` as the web layer does, through ``describe``), the same
  event dicts if ``v`` is the actor (the API returns them), the same refusal (class, code,
  message, params) if ``v`` is the actor, and afterwards equal views again;
- when ``s`` acts, the same action with its private params re-drawn (another sealed choice,
  another secret number) must look the same to ``v``.

Undo and redo go through ``Tables`` (the log's cursor): the state they bring back must be the
earlier state exactly, and it is checked like any other.

A leak raises ``Leak`` with the viewer, the seat, what differs and the action trail.
"""

from __future__ import annotations

import copy
import json
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from companion.games import GAMES
from companion.games.kit import Event, Game, RulesError, State
from companion.games.kit.driver import checked
from companion.games.kit.params import coerce_options
from companion.pipeline.live import Hub
from companion.pipeline.reveals import (
    asks_first,
    barrier_of,
    confirm_correction,
    confirm_first,
    needs_confirmation,
)
from companion.pipeline.tables import (
    HOST,
    PUBLIC,
    Tables,
    Viewer,
)
from companion.store.log import Store
from companion.web.screens import describe, visible

from .driver import apply_action, draw_step
from .scramblers import Redraw, Scrambler, no_secrets

# An event type -> why the rules make its content public; or (why, when) where
# ``when(event, events, viewer, seat)`` narrows it down to the events that reveal to that
# viewer something of that (scrambled) seat.
Predicate = Callable[[Event, list[Event], "int | None", int], bool]
Reveals = dict[str, "str | tuple[str, Predicate]"]


class Leak(AssertionError):
    """A viewer can tell a seat's private data apart from other values."""


def who(viewer: int | None) -> str:
    return "the table screen / host" if viewer is None else f"seat {viewer}"


def viewer_of(v: int | None) -> Viewer:
    return PUBLIC if v is None else Viewer("seat", v)


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON-like values first differ, as a path (None when equal)."""
    if a == b:
        return None
    if type(a) is not type(b):
        return f"{path or '.'}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: present on one side only ({a.get(key)!r} / {b.get(key)!r})"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)} items ({a!r} / {b!r})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path or '.'}: {a!r} != {b!r}"


@dataclass
class Outcome:
    """One action's result: the new state and events, or the refusal."""

    state: State | None
    events: list[Event] | None
    error: RulesError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass
class Stats:
    steps: int = 0
    accepted: int = 0
    refused: int = 0
    undos: int = 0
    redos: int = 0
    scrambles: int = 0
    redraws: int = 0
    revealed: dict[str, int] = field(default_factory=dict)
    ended: bool = False


class Run:
    """One table of ``game`` on an in-memory log, driven step by step, checked after each."""

    def __init__(
        self,
        game: Game,
        scramble: Scrambler,
        redraw: Redraw,
        reveals: Reveals,
        rng: Any,
        players: list[str],
        options: dict[str, Any],
        seed: int,
        seats_per_step: int | None = None,
    ) -> None:
        self.game, self.scramble, self.redraw, self.reveals = game, scramble, redraw, reveals
        self.rng = rng
        # Every seat is scrambled after every step unless told otherwise (a big table may
        # sample: the sequence visits each seat's secrets many times anyway).
        self.seats_per_step = seats_per_step
        self.tables = Tables(Store(":memory:"), Hub())
        self.id = "secrecy"
        codes = [secrets.token_urlsafe(12) for _ in players]
        opts = coerce_options(game.options, options)
        self.tables.store.create_table(self.id, game.id, players, opts, seed, "host", codes)
        self.n = len(players)
        self.viewers: list[int | None] = [None, *range(self.n)]
        self.trail: list[str] = [f"setup players={players} options={opts} seed={seed}"]
        self.stats = Stats()
        loaded = self.tables.load(self.id)
        # What the log's cursor should bring back: states after each active action, and the
        # states undo has stepped back over (for redo).
        self.done: list[State] = [copy.deepcopy(loaded.state)]
        self.undone: list[State] = []
        self.notes = 0  # notes seen in the log so far: there are never fewer

    # -- reporting --------------------------------------------------------------------------

    def leak(self, what: str) -> Leak:
        trail = "\n  ".join(self.trail[-25:])
        return Leak(f"{self.game.id}: {what}\n  actions so far (last 25):\n  {trail}")

    @property
    def loaded(self) -> Any:
        return self.tables.load(self.id)

    # -- the pipeline -----------------------------------------------------------------------

    def pure(self, state: State, actor: int | None, raw: dict[str, Any], seq: int) -> Outcome:
        """What ``Tables.act`` does, on ``state``: the same checks and questions, in order."""
        game = self.game
        viewer = HOST if actor is None else Viewer("seat", actor)
        confirmed = bool(raw.get("confirm"))
        try:
            if isinstance(raw, dict) and isinstance(raw.get("type"), str):
                action = checked(game, state, actor, raw)
                spec = game.actions[action["type"]]
                # A host's correction that could reveal asks before it runs, from public
                # information only: that question must not depend on anyone's secret either.
                if not spec.confirm or confirmed:
                    if not confirmed and asks_first(
                        game, viewer, spec, lambda: game.view(state, None), action
                    ):
                        raise confirm_correction()
            new, events = apply_action(game, state, actor, raw, self.loaded.seed, seq)
        except RulesError as err:
            return Outcome(None, None, err)
        barrier = barrier_of(game, state, new, events)
        spec = game.actions[raw["type"]]
        if barrier is not None and not confirmed and needs_confirmation(game, viewer, spec):
            return Outcome(None, None, confirm_first(barrier))
        return Outcome(new, events)

    def real(self, actor: int | None, raw: dict[str, Any]) -> Outcome:
        viewer = HOST if actor is None else Viewer("seat", actor)
        try:
            _version, events = self.tables.act(self.id, viewer, raw)
        except RulesError as err:
            return Outcome(None, None, err)
        return Outcome(self.loaded.state, events)

    # -- what a viewer observes -------------------------------------------------------------

    def observed(self, out: Outcome, actor: int | None, v: int | None) -> Any:
        """What ``v`` learns from an action: history lines; the actor also gets the events
        (API reply) or the refusal. A refusal changes nothing anyone else can see."""
        is_actor = v == actor
        if not out.ok:
            err = out.error
            assert err is not None
            if not is_actor:
                return ([],)
            return ("refused", type(err).__name__, err.code, err.message, err.params)
        assert out.events is not None
        shown = [e for e in out.events if visible(e, viewer_of(v))]
        lines = [describe(self.loaded, e) for e in shown]
        return (lines, shown) if is_actor else (lines,)

    def revealed_by_rules(self, outs: list[Outcome], v: int | None, s: int) -> str | None:
        """An event type the allow-list says the rules make public, seen by ``v`` in any branch
        (and, for a narrowed entry, revealing something of seat ``s``)."""
        for out in outs:
            events = out.events or []
            for e in events:
                entry = self.reveals.get(e.get("type"))
                if entry is None:
                    continue
                if isinstance(entry, tuple):
                    # A narrowed entry decides for itself, even for an event the viewer does
                    # not read (a card that changes hands shows in the public view).
                    if not entry[1](e, events, v, s):
                        continue
                elif not visible(e, viewer_of(v)):
                    continue
                return e["type"]
        return None

    def note_reveal(self, kind: str) -> None:
        self.stats.revealed[kind] = self.stats.revealed.get(kind, 0) + 1

    # -- the checks -------------------------------------------------------------------------

    def check_state(self) -> dict[int, State]:
        """Views and allowed actions of every other viewer equal after scrambling a seat."""
        game, state = self.game, self.loaded.state
        if self.scramble is no_secrets:
            # Nothing is private: every scramble is the identity, nothing to tell apart.
            json.dumps(game.view(state, None))
            return {}
        before = json.dumps(state, sort_keys=True)
        views = {v: game.view(state, v) for v in self.viewers}
        allowed = {v: game.allowed(state, v) for v in self.viewers}
        json.dumps(views)  # every view is JSON (the API sends it as is)
        seats = list(range(self.n))
        self.rng.shuffle(seats)
        scrambled = {}
        for s in seats[: self.seats_per_step]:
            other = self.scramble(state, s, self.rng)
            self.stats.scrambles += 1
            if game.result(other) is not None:
                raise self.leak(f"scrambling seat {s} ended the game: fix its scrambler")
            for v in self.viewers:
                if v == s:
                    continue
                diff = first_difference(views[v], game.view(other, v))
                if diff:
                    raise self.leak(
                        f"{who(v)} can tell seat {s}'s private data apart: its view differs at "
                        f"{diff}"
                    )
                mine = game.allowed(other, v)
                if mine != allowed[v]:
                    raise self.leak(
                        f"{who(v)} can tell seat {s}'s private data apart: its allowed actions "
                        f"differ: {allowed[v]} != {mine}"
                    )
            scrambled[s] = other
        if json.dumps(state, sort_keys=True) != before:
            raise self.leak("a scrambler or a view mutated the table's state")
        return scrambled

    def compare(
        self,
        label: str,
        actor: int | None,
        s: int,
        base: Outcome,
        alt: Outcome,
        skip_actor_refusals: bool,
    ) -> None:
        """``base`` and ``alt`` differ only by seat ``s``'s private data: every other viewer
        must observe the same, unless an allow-listed event (the rules' reveal) is involved."""
        game = self.game
        if skip_actor_refusals and not (base.ok and alt.ok):
            # The seat acted on its own secret: another secret would have meant another
            # action, so only a pair of accepted actions is comparable.
            return
        over = base.ok and game.result(base.state) is not None
        # After the action, the views of the table screen, of the actor and of one more seat
        # are compared (a value derived from the secret shows in the public part of every
        # view); the next step compares every viewer's view again, with a fresh scramble.
        others = [v for v in self.viewers if v not in (None, actor, s)]
        after = {None, actor, self.rng.choice(others) if others else None}
        for v in self.viewers:
            if v == s:
                continue
            a, b = self.observed(base, actor, v), self.observed(alt, actor, v)
            reveal = self.revealed_by_rules([base, alt], v, s)
            if a != b:
                if reveal:
                    self.note_reveal(reveal)
                    continue
                raise self.leak(
                    f"{who(v)} can tell seat {s}'s private data apart ({label}): it observes "
                    f"{first_difference(list(a), list(b))}"
                )
            if base.ok and alt.ok and not over and not reveal and v in after:
                key = (id(base.state), v)
                if key not in self.views_after:
                    self.views_after[key] = game.view(base.state, v)
                diff = first_difference(self.views_after[key], game.view(alt.state, v))
                if diff:
                    raise self.leak(
                        f"{who(v)} can tell seat {s}'s private data apart ({label}): after the "
                        f"action its view differs at {diff}"
                    )

    def step_action(self, scrambled: dict[int, State]) -> None:
        game, rng = self.game, self.rng
        self.views_after: dict[tuple[int, int | None], Any] = {}
        state = self.loaded.state
        seq = self.loaded.next_seq
        step = draw_step(game, state, rng)
        if step is None:
            return
        actor, raw = step
        if actor is None and rng.random() < 0.5:
            raw = {**raw, "confirm": True}  # the host answers the question, half the time
        self.trail.append(f"{who(actor)}: {json.dumps(raw)}")
        outs = {}
        for s, other in scrambled.items():
            try:
                outs[s] = self.pure(other, actor, raw, seq)
            except Exception as err:
                raise self.leak(
                    f"the game crashed on the same action with seat {s}'s private data "
                    f"scrambled ({type(err).__name__}: {err}): a bad scrambler, or a game bug"
                ) from err
        alt = None
        if actor is not None:
            changed = self.redraw(state, actor, raw, rng)
            if changed is not None:
                self.stats.redraws += 1
                alt = (changed, self.pure(state, actor, changed, seq))
        before, since = self.own_parts(), self.loaded.last_seq
        base = self.real(actor, raw)
        if base.ok and actor is None:
            self.check_told(before, since, self.trail[-1])
        if base.ok:
            self.stats.accepted += 1
            self.done.append(base.state)  # the pipeline never changes a stored state in place
            self.undone.clear()
        else:
            self.stats.refused += 1
            self.trail[-1] += f"  -> refused {base.error.code}"  # type: ignore[union-attr]
        for s, out in outs.items():
            self.compare(f"then {self.trail[-1]}", actor, s, base, out, actor == s)
        if alt is not None:
            changed, out = alt
            label = f"{who(actor)} instead sends {json.dumps(changed)}"
            self.compare(label, actor, actor, base, out, True)  # type: ignore[arg-type]

    def step_cursor(self, undo: bool) -> None:
        before, since = self.own_parts(), self.loaded.last_seq
        try:
            if undo:  # the host has answered "undo a seat's own input?" with yes
                self.tables.undo(self.id, HOST, confirm=True)
            else:
                self.tables.redo(self.id, HOST)
        except RulesError:
            return
        self.trail.append("host: undo" if undo else "host: redo")
        self.check_told(before, since, self.trail[-1])
        if undo:
            self.stats.undos += 1
            self.undone.append(self.done.pop())
        else:
            self.stats.redos += 1
            self.done.append(self.undone.pop())
        diff = first_difference(self.done[-1], self.loaded.state)
        if diff:
            raise self.leak(f"{self.trail[-1]} did not bring back the earlier state: {diff}")

    def warm_up(self, steps: int) -> None:
        """Play ``steps`` steps through the pipeline without checking (cheap), so that the
        checked steps start from deep states (battles, late rounds, sealed re-bids). A step
        that would end the game is skipped: the end is a barrier no undo steps back across."""
        for _ in range(steps):
            loaded = self.loaded
            step = draw_step(self.game, loaded.state, self.rng)
            if step is None:
                return
            actor, raw = step
            trial = self.pure(loaded.state, actor, {**raw, "confirm": True}, loaded.next_seq)
            if trial.ok and self.game.result(trial.state) is not None:
                continue
            self.trail.append(f"{who(actor)}: {json.dumps(raw)}  (warm-up)")
            if self.real(actor, {**raw, "confirm": True}).ok:
                self.done.append(self.loaded.state)
                self.undone.clear()

    # -- the host as an adversary -----------------------------------------------------------

    def own_parts(self) -> dict[int, str]:
        """Each seat's own part of its view ("me"), as JSON: what only that seat sees."""
        state = self.loaded.state
        return {
            s: json.dumps(self.game.view(state, s).get("me"), sort_keys=True) for s in range(self.n)
        }

    def new_rows(self, since: int) -> list[Any]:
        return [r for r in self.loaded.rows if r.seq > since]

    def check_told(self, before: dict[int, str], since: int, what: str) -> None:
        """A host step that changed a seat's own data left a line that seat can read."""
        after = self.own_parts()
        rows = self.new_rows(since)
        for s in range(self.n):
            if before[s] == after[s]:
                continue
            seen = [e for r in rows for e in r.events if visible(e, viewer_of(s))]
            if not seen:
                raise self.leak(f"{what} changed seat {s}'s own data without a line it can read")

    def check_notes_kept(self) -> None:
        """Notes (claims, new codes, undos) are never undone and never go missing."""
        notes = [r for r in self.tables.store.actions(self.id) if r.is_note]
        if any(r.undone for r in notes):
            raise self.leak("a note of the table was undone")
        if len(notes) < self.notes:
            raise self.leak("a note of the table went missing")
        self.notes = len(notes)

    def step_reissue_and_claim(self) -> None:
        """The probe's first side door: the host gives a seat a new code and claims it on a
        second browser. It may (the seat is the new phone's), but never unseen."""
        seat = self.rng.randrange(self.n)
        since = self.loaded.last_seq
        code = self.tables.reissue(self.id, HOST, seat)
        self.tables.claim(code)
        self.trail.append(f"host: new code for seat {seat}, claimed on a second browser")
        rows = self.new_rows(since)
        kinds = [e["type"] for r in rows for e in r.events]
        if kinds != ["SeatReissued", "SeatClaimed"] or any(
            "to" in e for r in rows for e in r.events
        ):
            raise self.leak(f"a re-issue and claim left {kinds}, not two public lines")
        for v in self.viewers:
            lines = [
                describe(self.loaded, e) for r in rows for e in r.events if visible(e, viewer_of(v))
            ]
            if len(lines) != 2:
                raise self.leak(f"{who(v)} does not see the re-issue and the claim: {lines}")

    def play(self, steps: int, warm_up: int = 0) -> Stats:
        self.warm_up(warm_up)
        for _ in range(steps):
            self.stats.steps += 1
            running = self.game.result(self.loaded.state) is None
            if not running:
                self.stats.ended = True
                # After the end the views may reveal; undo must hide everything again.
                if self.rng.random() < 0.5:
                    return self.stats
                self.step_cursor(undo=True)
                continue
            scrambled = self.check_state()
            roll = self.rng.random()
            # Now and then step back, and (more often right after an undo) forward again;
            # now and then the host re-issues a seat and claims it itself.
            just_undone = self.trail[-1] == "host: undo"
            if roll < 0.07:
                self.step_cursor(undo=True)
            elif roll < (0.4 if just_undone else 0.1):
                self.step_cursor(undo=False)
            elif roll < (0.42 if just_undone else 0.12):
                self.step_reissue_and_claim()
            else:
                self.step_action(scrambled)
            self.check_notes_kept()
        if self.game.result(self.loaded.state) is None:
            self.check_state()
        return self.stats


def run(
    game: Game,
    scramble: Scrambler,
    redraw: Redraw,
    reveals: Reveals,
    rng: Any,
    steps: int,
    players: list[str],
    options: dict[str, Any],
    seed: int,
    warm_up: int = 0,
) -> Stats:
    """Play ``warm_up`` unchecked steps, then ``steps`` random steps of ``game``, checking
    secrecy after each."""
    with registered(game):
        table = Run(game, scramble, redraw, reveals, rng, players, options, seed)
        return table.play(steps, warm_up)


@contextmanager
def registered(game: Game) -> Iterator[None]:
    """``game`` in the registry while the pipeline runs it (the test game, or a variant of it
    with a leak, stands in under its id), and the registry as it was afterwards."""
    previous = GAMES.get(game.id)
    GAMES[game.id] = game
    try:
        yield
    finally:
        if previous is None:
            GAMES.pop(game.id, None)
        else:
            GAMES[game.id] = previous
