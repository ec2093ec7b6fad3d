"""The pipeline every change goes through: who acts, what the rules say, the log, the fan-out.

``Tables.act`` takes one lock per table, applies the game's pure action to a copy of the
cached state, appends the action to the durable log (committed before it returns) and
tells the live hub that the table has a new version. State is the fold of the game's
actions over the active rows of the log; it is cached in memory and rebuilt on demand,
so a restarted server picks up every table where it was.

Several processes may share one PostgreSQL store. Each write says which version of the
table it was computed on; if another process moved it first, the store refuses (``Stale``),
this process catches up from the log and computes again: never a write from an old copy.
Another process's change reaches this one as a notification (``changed_elsewhere``): the
table catches up (``catch_up``) and this process's streams are woken.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..errors import (
    BadInput,
    ConfirmFirst,
    NotAllowed,
    NotFound,
    RulesError,
    Stale,
    Unauthorized,
)
from ..games import GAMES
from ..games.kit import Event, State
from ..games.kit.driver import checked, fresh_copy, run, setup_rng
from ..games.kit.params import coerce_options
from ..store.log import DELETED, UNCHANGED, ActionRow, SeatLost, Store
from ..store.seats import GUESS_BUDGET
from ..text import N_, T, Text
from . import clocks, notes
from .catch_up import apply_rows
from .live import Hub, Subscription
from .loaded import Loaded
from .names import clean_players
from .reveals import (
    asks_before_undo,
    asks_first,
    barrier_of,
    check_undo,
    confirm_correction,
    confirm_first,
    confirm_undo,
    needs_confirmation,
    undo_barrier,
)
from .seat_doors import SeatDoors

# HOST, PUBLIC and Viewer are the pipeline's words for who acts: re-exported for its callers.
from .seating import HOST as HOST
from .seating import PUBLIC as PUBLIC
from .seating import Created, RecentTable, Viewer, new_token

# Tables in memory: the most recently used ones. A table nobody watches leaves memory once
# more than this many are loaded, or after IDLE_SECONDS unused; it reloads from the log.
MAX_CACHED = 400
IDLE_SECONDS = 15 * 60


@dataclass(frozen=True)
class CursorPlan:
    """What the host's Undo and Redo would do now, said before the tap, in public words (the
    words the history line of the undo will use): worked out once per version."""

    undo: Text | None = None  # "Undo: Benji's hidden choice"; None: nothing to undo
    blocked: Text | None = None  # why Undo cannot (a reveal in the way), said on the button
    redo: Text | None = None  # "Redo: Emi -1 Resilience"; None: nothing to redo


@dataclass(frozen=True)
class Changed:
    """One change as the pipeline wrote it: the table as the change left it (so a request
    answers from it without loading the table again), the version written, and the action's
    events (none for an undo or a redo)."""

    loaded: Loaded
    version: int
    events: list[Event] = field(default_factory=list)


class Tables(SeatDoors):
    """Every table of one server process, over one store and one live hub."""

    def __init__(self, store: Store, hub: Hub) -> None:
        self.store = store
        self.hub = hub
        # Most recently used last; ``_used`` is when each was last asked for.
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self._used: dict[str, float] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self.max_cached = MAX_CACHED
        self.idle_seconds = IDLE_SECONDS
        self.guess_budget = GUESS_BUDGET  # wrong short codes a waiting one survives
        self._next_sweep = 0.0
        # Other processes' changes (PostgreSQL); a SQLite store has no other process.
        store.listen(self.changed_elsewhere, self.resync)

    def now(self) -> float:
        """The time the clocks read: the store's clock, which stamps the log's ``at``."""
        return self.store.clock()

    # -- creating and loading -----------------------------------------------------------

    def create(self, game_id: Any, players: Any, options: Any) -> Created:
        game = GAMES.get(game_id) if isinstance(game_id, str) else None
        if game is None:
            raise NotFound("unknown_game", N_("There is no such game."))
        names = clean_players(players, game)
        opts = coerce_options(game.options, options if isinstance(options, dict) else {})
        seed = secrets.randbits(63)
        # Setup must succeed before anything is stored, so a refusal leaves no table behind.
        game.setup(names, opts, setup_rng(seed))
        table_id, host_token = secrets.token_urlsafe(6), new_token()
        join_codes = [new_token() for _ in names]
        short_codes = self.store.create_table(
            table_id, game.id, names, opts, seed, host_token, join_codes
        )
        return Created(table_id, host_token, join_codes, short_codes)

    def _lock(self, table_id: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(table_id, threading.Lock())

    def load(self, table_id: str) -> Loaded:
        """The table's current state (from the cache, or rebuilt from the log)."""
        cached = self._cache.get(table_id)
        if cached is not None and cached.heard <= cached.version:
            self._touch(table_id)
            return cached
        with self._lock(table_id):
            return self._loaded(table_id)

    def _loaded(self, table_id: str) -> Loaded:
        """The cached table, rebuilt from the log if it is not in memory (table lock held)."""
        cached = self._cache.get(table_id)
        if cached is not None and cached.heard > cached.version:
            self._catch_up(table_id)  # another process wrote to it: read what it lacks
            cached = self._cache.get(table_id)
        if cached is None:
            cached = self._rebuild(table_id)
            self._cache[table_id] = cached
            self._evict()
        self._touch(table_id)
        return cached

    def _touch(self, table_id: str) -> None:
        now = time.monotonic()
        self._used[table_id] = now
        try:
            self._cache.move_to_end(table_id)
        except KeyError:  # dropped meanwhile by another request's eviction
            pass
        if now >= self._next_sweep:
            self._next_sweep = now + 60
            self._evict(idle_before=now - self.idle_seconds)

    def _evict(self, idle_before: float | None = None) -> None:
        """Drop tables nobody is watching: the least recently used beyond ``max_cached``, and
        (when ``idle_before`` is given) every one unused since then. They reload from the log."""
        for table_id in list(self._cache):
            over = len(self._cache) > self.max_cached
            idle = idle_before is not None and self._used.get(table_id, 0) < idle_before
            if not (over or idle):
                if idle_before is None:
                    break  # the rest were used more recently
                continue
            lock = self._locks.get(table_id)
            if self.hub.count(table_id) or (lock is not None and lock.locked()):
                continue
            self._cache.pop(table_id, None)
            self._used.pop(table_id, None)

    def delete(self, table_id: str) -> bool:
        """Delete a table for good, under its lock, and drop it from memory (other processes
        hear of it from the store; its streams wake and find it gone). Whether it existed."""
        with self._lock(table_id):
            existed = self.store.delete_table(table_id)
            self._dropped(table_id)
        return existed

    def _dropped(self, table_id: str) -> None:
        """A deleted table leaves memory: the next to ask for it gets a 404."""
        with self._guard:
            self._cache.pop(table_id, None)
            self._used.pop(table_id, None)
        self.hub.wake(table_id)

    def cached(self) -> int:
        """How many tables are in memory now."""
        return len(self._cache)

    def _rebuild(self, table_id: str, flip: tuple[int, int] | None = None) -> Loaded:
        """The table from its log; with ``flip`` (seq, undone), as it will be once that game
        row's undo flag is moved (an undo or a redo about to be written)."""
        row = self.store.table(table_id) if isinstance(table_id, str) else None
        if row is None or row.game not in GAMES:
            raise NotFound("unknown_table", N_("There is no such table."))
        game = GAMES[row.game]
        # The version, the rows and the last seq in one read: another process may be writing,
        # and a row read without its version (or a seq without its row) would be lost.
        version, last_seq, rows = self.store.log(table_id)
        if flip is not None:
            rows = [
                r.with_undone(flip[1]) if r.seq == flip[0] and not r.is_note else r for r in rows
            ]
        loaded = Loaded(
            id=row.id,
            game=game,
            players=row.players,
            options=row.options,
            seed=row.seed,
            host_hash=row.host_hash,
            state=game.setup(row.players, row.options, setup_rng(row.seed)),
            version=version,
            rows=rows,
            clocks=clocks.begin(row.options, len(row.players)),
        )
        clocks.started(loaded.clocks, row.created, game, loaded.state)
        for action in loaded.rows:
            if action.undone == 0 and not action.is_note:
                run(game, loaded.state, action.actor, action.action, loaded.seed, action.seq)
            clocks.follow(loaded.clocks, action, game, loaded.state)
        loaded.last_seq = last_seq
        loaded.active_rows = sum(1 for r in loaded.rows if r.undone == 0 and not r.is_note)
        loaded.undone_rows = sum(1 for r in loaded.rows if r.undone == 1 and not r.is_note)
        loaded.keep_recent()
        return loaded

    # -- other processes' changes ----------------------------------------------------------

    def changed_elsewhere(self, table_id: str, version: int) -> None:
        """Another process committed ``version`` of a table: if this one holds an older copy,
        note it and wake this process's streams of it. The first of them to load the table
        reads what it lacks from the log: the listener itself never waits for the database,
        so a busy process never falls behind on its notifications."""
        if version == DELETED:  # deleted there: drop it here, never serve it from memory
            self._dropped(table_id)
            return
        cached = self._cache.get(table_id)
        if cached is not None and cached.version < version:
            cached.heard = max(cached.heard, version)
            self.hub.wake(table_id)

    def resync(self) -> None:
        """Notifications may have been missed (the listening connection dropped): check every
        table in memory against the log."""
        for table_id in list(self._cache):
            if self.catch_up(table_id):
                self.hub.wake(table_id)

    def catch_up(self, table_id: str) -> bool:
        """Bring the cached table up to the log; whether it had moved."""
        with self._lock(table_id):
            return self._catch_up(table_id)

    def _catch_up(self, table_id: str) -> bool:
        """``catch_up`` with the table lock held."""
        loaded = self._cache.get(table_id)
        if loaded is None:
            return False
        version, rows = self.store.changes_since(table_id, loaded.last_seq)
        if version is None:  # deleted by another process
            self._cache.pop(table_id, None)
            return True
        if version == loaded.version:
            return False
        if not apply_rows(loaded, rows, version):
            rebuilt = self._cache[table_id] = self._rebuild(table_id)
            rebuilt.kept = loaded.kept  # what its screens rendered stays good
        return True

    def replay(self, table_id: str) -> State:
        """Rebuild a table's state from its log, ignoring the cache (benchmarks, checks)."""
        return self._rebuild(table_id).state

    def recent(self, limit: int = 20) -> list[RecentTable]:
        """The tables created last, newest first."""
        return [RecentTable(*row) for row in self.store.recent_tables(limit)]

    def subscribe(self, table_id: str) -> Subscription:
        """A wake-up for each new version of the table; a table watched stays in memory."""
        return self.hub.subscribe(table_id)

    # -- changing a table ---------------------------------------------------------------

    def act(self, table_id: str, viewer: Viewer, raw: Any) -> tuple[int, list[Event]]:
        """``change``, answering the version it wrote and the action's events."""
        changed = self.change(table_id, viewer, raw)
        return changed.version, changed.events

    def change(self, table_id: str, viewer: Viewer, raw: Any) -> Changed:
        """Apply one action for ``viewer``; committed to the log before this returns.

        A host's correction that could reveal hidden information or end the game is refused
        with ``ConfirmFirst`` unless the request says ``confirm``: undo cannot step back
        across it; so is any action that declares a question (``Action.confirm``). In a game
        with secrets the question is decided and worded from public information only
        (``reveals.asks_first``). (Moves of play that reveal by design, such as resolving
        a battle, go ahead: their button says what they do.)
        """
        if viewer.kind == "public":
            raise Unauthorized("no_token", N_("Join the table before you act."))
        if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
            raise BadInput("no_type", N_("An action needs a type."))
        confirmed = raw.get("confirm") in (True, 1, "1", "true", "on", "yes")
        return self._change(
            table_id, viewer, lambda db: self._act(table_id, viewer, raw, confirmed, db)
        )

    def _change(self, table_id: str, viewer: Viewer, decide: Callable[[Any], Changed]) -> Changed:
        """Decide and write one change (an action, an undo or a redo) under the table's lock,
        then tell every process. ``decide(db)`` runs on the table as this process holds it
        (``db`` None); when another process moved the table first, it runs again holding the
        table's row (other processes' writes wait), caught up from the log (``db`` that
        locked connection)."""
        try:
            try:
                with self._lock(table_id):
                    changed = decide(None)
            except Stale:
                with self._lock(table_id), self._forgotten_if_it_fails(table_id):
                    with self.store.locked(table_id) as db:
                        self._catch_up(table_id)
                        changed = decide(db)
        except SeatLost:
            raise self._seat_lost(table_id, viewer) from None
        self.hub.publish(table_id, changed.version)
        return changed

    @contextmanager
    def _forgotten_if_it_fails(self, table_id: str) -> Iterator[None]:
        """The cached table is updated before a locked write commits: if the commit fails,
        drop it (the next request rebuilds it from the log, which has none of it)."""
        try:
            yield
        except BaseException:
            self._cache.pop(table_id, None)
            raise

    def _act(
        self, table_id: str, viewer: Viewer, raw: dict[str, Any], confirmed: bool, db: Any = None
    ) -> Changed:
        """``change`` on the table as this process holds it (table lock held)."""
        loaded = self._loaded(table_id)
        game = loaded.game
        action = checked(game, loaded.state, viewer.actor, raw)
        spec = game.actions[action["type"]]
        if spec.confirm and not confirmed:
            raise ConfirmFirst("confirm_action", spec.confirm)
        # Asked before it runs, from the request and the host's view alone: the outcome
        # (which may rest on a secret) never shapes the reply.
        if not confirmed and asks_first(
            game, viewer, spec, lambda: game.view(loaded.state, None), action
        ):
            raise confirm_correction()
        state = fresh_copy(loaded.state)
        seq = loaded.next_seq
        events = run(game, state, viewer.actor, action, loaded.seed, seq)
        # What it revealed is recorded as it is: public, now that it has happened.
        barrier = barrier_of(game, loaded.state, state, events)
        if barrier is not None and not confirmed and needs_confirmation(game, viewer, spec):
            raise confirm_first(barrier)
        ended = game.outcome(state)
        at = self.store.clock()
        version = self.store.append(
            table_id,
            seq,
            viewer.actor,
            action,
            events,
            barrier,
            expected=loaded.version,
            db=db,
            # The version is checked first: if it holds, so does what memory knows of undos.
            abandon=loaded.undone_rows > 0,
            holder=_holder(viewer),
            # The game's end (or a correction of its result) archives its play in the same
            # transaction: the archive is never behind the log, and a GET never writes it.
            play=UNCHANGED
            if ended == game.outcome(loaded.state)
            else clocks.archived(ended, loaded.clocks, at),
            at=at,
        )
        loaded.state = state
        loaded.version = version
        # As in the store: a new action abandons whatever redo could have brought back.
        loaded.rows = [
            r.with_undone(2) if r.undone == 1 and not r.is_note else r for r in loaded.rows
        ]
        row = ActionRow(seq, viewer.actor, action, events, 0, barrier=barrier, at=at)
        loaded.rows.append(row)
        clocks.follow(loaded.clocks, row, game, state)
        loaded.last_seq = seq
        loaded.active_rows += 1
        loaded.undone_rows = 0
        loaded.keep_recent()
        return Changed(loaded, version, events)

    def undo(self, table_id: str, viewer: Viewer, confirm: bool = False) -> int:
        """Step back over the last action of the game.

        The host may undo any action back to the last reveal; a seat only its own last
        action. Undo never crosses a reveal (``Barrier``), and every undo is a permanent
        line of the history saying what was undone and by whom. The host's undo of a seat's
        own input waits for ``confirm`` (``ConfirmFirst``), and that seat's phone is told
        what it lost.
        """
        return self.move_cursor(table_id, viewer, undo=True, confirm=confirm).version

    def redo(self, table_id: str, viewer: Viewer) -> int:
        """Bring back the earliest undone action (host only), with a line saying so."""
        return self.move_cursor(table_id, viewer, undo=False).version

    def move_cursor(
        self, table_id: str, viewer: Viewer, undo: bool, confirm: bool = False
    ) -> Changed:
        """``undo`` (or, with ``undo`` false, ``redo``), answering the table it left."""
        if viewer.kind == "public" or (viewer.kind == "seat" and not undo):
            raise NotAllowed("host_only", N_("Only the host can do that."))
        return self._change(
            table_id, viewer, lambda db: self._move(table_id, viewer, undo, confirm, db)
        )

    def _move(
        self, table_id: str, viewer: Viewer, undo: bool, confirm: bool, db: Any = None
    ) -> Changed:
        """``move_cursor`` on the table as this process holds it (table lock held)."""
        loaded = self._loaded(table_id)  # an unknown table: 404
        last_active, first_undone = self.store.cursor_targets(table_id)
        target = last_active if undo else first_undone
        if target is None and undo:
            raise RulesError("nothing_to_undo", N_("There is nothing to undo."))
        if target is None:
            raise RulesError("nothing_to_redo", N_("There is nothing to redo."))
        row = self._row(loaded, target)
        if undo:
            check_undo(loaded, row, viewer)
            # Asked only of a seat's own input (a row with an actor).
            if not confirm and row.actor is not None and asks_before_undo(row, viewer):
                raise confirm_undo(loaded.players[row.actor], self._label(loaded, row))
        note = notes.cursor_moved(row, viewer.actor, undo)
        # The table as it will be, from the log with the row's flag moved: an undo that steps
        # back over the end (or a redo forward to it) archives the play in the same write.
        moved = self._rebuild(table_id, flip=(target, 1 if undo else 0))
        ended = loaded.game.outcome(moved.state)
        at = self.store.clock()
        seq, version = self.store.set_undone(
            table_id,
            target,
            undo,
            note,
            expected=loaded.version,
            db=db,
            holder=_holder(viewer),
            play=UNCHANGED
            if ended == loaded.game.outcome(loaded.state)
            else clocks.archived(ended, moved.clocks, at, ending=False),
            at=at,
        )
        # In a locked write the commit is still to come: if it fails, the caller drops this.
        self._cache[table_id] = moved
        # What the screens rendered for earlier versions is keyed by what it was made from,
        # so it serves the table after the undo too: only what the undo changed is rendered.
        moved.kept = loaded.kept
        noted = self._noted(moved, note, seq, version, at)
        return Changed(noted, noted.version)

    def pause_clocks(self, table_id: str, viewer: Viewer, paused: bool) -> Changed:
        """The host's one Pause (or Resume) of every clock: a note of the table, written under
        its lock like every change. A table without clocks, or a pause while paused, is
        refused and changes nothing; so is anyone but the host."""
        if viewer.kind != "host":
            raise NotAllowed("host_only", N_("Only the host can do that."))
        return self._change(table_id, viewer, lambda db: self._pause(table_id, paused))

    def _pause(self, table_id: str, paused: bool) -> Changed:
        loaded = self._loaded(table_id)
        if loaded.clocks is None:
            raise RulesError("no_clocks", N_("This table keeps no clocks."))
        if loaded.clocks.paused == paused:
            if paused:
                raise RulesError("clocks_paused", N_("The clocks are already paused."))
            raise RulesError("clocks_running", N_("The clocks are already running."))
        note, at = clocks.pause_note(paused), self.store.clock()
        noted = self._noted(loaded, note, *self.store.note(table_id, note, at=at), at)
        return Changed(noted, noted.version)

    def _row(self, loaded: Loaded, seq: int) -> ActionRow:
        for row in reversed(loaded.rows):
            if row.seq == seq:
                return row
        # Older than the rows kept in memory: read it from the log.
        return next(r for r in self.store.actions(loaded.id) if r.seq == seq)

    def _label(self, loaded: Loaded, row: ActionRow, own: bool = False) -> Text:
        """What undoing ``row`` takes back, in the words its history line will use."""
        game, players = loaded.game, loaded.players
        return notes.cursor_label(row, players, lambda e: notes.game_line(game, players, e), own)

    def cursor_plan(self, loaded: Loaded) -> CursorPlan:
        """What the host's Undo and Redo would do now (``CursorPlan``), from public words only.
        Read from the rows in memory; a row older than those is read from the log."""
        game_rows = [r for r in loaded.rows if not r.is_note]
        last = next((r for r in reversed(game_rows) if r.undone == 0), None)
        first = next((r for r in game_rows if r.undone == 1), None)
        held_undone = sum(1 for r in game_rows if r.undone == 1)
        if (last is None and loaded.active_rows) or held_undone < loaded.undone_rows:
            last_seq, first_seq = self.store.cursor_targets(loaded.id)
            last = None if last_seq is None else self._row(loaded, last_seq)
            first = None if first_seq is None else self._row(loaded, first_seq)
        plan = CursorPlan()
        if first is not None:
            plan = CursorPlan(redo=T("Redo: {what_t}", what_t=self._label(loaded, first)))
        if last is None:
            return plan
        return CursorPlan(
            undo=T("Undo: {what_t}", what_t=self._label(loaded, last)),
            blocked=undo_barrier(loaded, last),
            redo=plan.redo,
        )

    def can_undo(self, loaded: Loaded) -> tuple[bool, bool]:
        plan = self.cursor_plan(loaded)
        return plan.undo is not None and plan.blocked is None, plan.redo is not None

    def own_undo(self, loaded: Loaded, seat: int) -> Text | None:
        """What this seat's phone may undo now, as its button names it ("Undo: your hidden
        choice"), or None. (The same rule ``undo`` applies: its own last action, and no
        reveal in the way.)"""
        row = next((r for r in reversed(loaded.rows) if not r.is_note and not r.undone), None)
        if row is None:
            return None
        try:
            check_undo(loaded, row, Viewer("seat", seat))
        except RulesError:
            return None
        return T("Undo: {what_t}", what_t=self._label(loaded, row, own=True))


def _holder(viewer: Viewer) -> tuple[int, str] | None:
    """What a seat's write checks in the store: (seat, the token digest it was seen with)."""
    # Every request's seat comes from ``viewer_for``, with its digest; a seat viewer made in
    # code (a replay of a recorded game, a benchmark) acts for the seat as such.
    if viewer.kind != "seat" or viewer.seat is None or viewer.credential is None:
        return None
    return viewer.seat, viewer.credential
