"""A table as one server process holds it in memory, and what its screens work out from it.

The pipeline (``tables``) loads a ``Loaded`` from the log and keeps it current; the web and the
after-game wing read its state and its per-version memo, never the log.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..games.kit import Actor, Game, State
from ..store.log import ActionRow
from .clocks import Clocks
from .effects import Carried

R = TypeVar("R")

RECENT_ROWS = 60  # log rows kept in memory per table: enough for the 40 history lines shown


class Kept:
    """What the screens worked out from a table, kept for as long as the table stays in
    memory, across its rebuilds: an undo or a redo builds the table again from its log, and
    what was rendered for its earlier versions (keyed by what it was made from, never by the
    table object alone) is as good for the rebuilt one. The web keeps its renders under it."""

    __slots__ = ("__weakref__", "carried", "joined")

    def __init__(self) -> None:
        # What was derived from the state (views, allowed actions), carried across versions
        # while the entries it read are unchanged (``effects``).
        self.carried = Carried()
        # Per seat: (the public view, its own part, the two together) as last put together,
        # so an unchanged seat's view is the very same object at the next version.
        self.joined: dict[Actor, tuple[Any, Any, dict[str, Any]]] = {}


# eq=False: a table is itself, not its value. Two loads of one log are two tables, each with
# its own memo of what was worked out from it.
@dataclass(eq=False)
class Loaded:
    """A table as the server holds it in memory: its state, rebuilt from the log, its most
    recent rows and its counters, and what every screen works out from this version of it,
    worked out once (``memo``, ``view``)."""

    id: str
    game: Game
    players: list[str]
    options: dict[str, Any]
    seed: int
    host_hash: str
    state: State
    version: int
    # Only the most recent rows stay in memory (for the history list); the log itself is in
    # the store, so memory stays flat however long a table plays.
    rows: list[ActionRow] = field(default_factory=list)
    last_seq: int = 0
    active_rows: int = 0  # rows that count (undone == 0): is there anything to undo?
    undone_rows: int = 0  # rows a redo can bring back
    # (version, the claimed seats' token digests): every request asks who its token is, and
    # the digests change only with the version (a claim or a new code moves it).
    seat_hash_memo: tuple[int, list[tuple[int, str]]] | None = field(default=None, repr=False)
    # The newest version another process announced: above ``version``, the next to use this
    # table reads what it lacks from the log first (``Tables.load``).
    heard: int = 0
    # The table's clocks, folded from the log's times row by row (None: the table keeps none).
    clocks: Clocks | None = None
    # (version, entries): what was worked out from ``version``, dropped when it moves. Kept on
    # the table itself, so a table that leaves memory takes its renders with it.
    _memo: tuple[int, dict[Hashable, Any]] = field(default_factory=lambda: (-1, {}), repr=False)
    # What its screens worked out, handed on to the table rebuilt from it (``Kept``).
    kept: Kept = field(default_factory=Kept, repr=False)

    @property
    def next_seq(self) -> int:
        return self.last_seq + 1

    def keep_recent(self) -> None:
        del self.rows[:-RECENT_ROWS]

    @property
    def over(self) -> bool:
        """Is the game over? The game's own answer, which never scores it."""
        return self.game.over(self.state)

    def memo(self, key: Hashable, make: Callable[[], R]) -> R:
        """``make()``, computed once per version of this table and ``key``.

        Every change wakes every screen and phone of a table, and most of what they render is
        the same for all of them (the public view, the history, the seat list) or for every
        stream of one viewer (its rendered fragment): each is made once per version.
        """
        version = self.version
        if self._memo[0] != version:
            self._memo = (version, {})
        # The entries of the version looked up, even if the table moves on while ``make``
        # runs: a value is only ever found under the version it was made for.
        items = self._memo[1]
        if key not in items:
            items[key] = make()
        return items[key]

    def derived(self, key: Hashable, make: Callable[[State], R]) -> R:
        """``make(state)`` for this version, worked out again only when an entry of the state
        it read has changed since it was last worked out (``effects.Carried``): otherwise the
        very same object as before, so an unchanged screen is known by identity."""
        return self.memo(("derived", key), lambda: self.kept.carried.value(key, self.state, make))

    def view(self, actor: Actor) -> dict[str, Any]:
        """``game.view`` for this viewer, computed once per version, and carried to the next
        while what it read of the state is unchanged.

        A game with ``private_view`` gets a seat's view as the shared public view plus that
        seat's own part, so seven phones cost one public view, not seven.
        """
        game = self.game
        if actor is None or game.private_view is None:
            return self.derived(("view", actor), lambda state: game.view(state, actor))
        seat = actor
        return self.memo(("view", seat), lambda: self._joined_view(seat))

    def _joined_view(self, actor: int) -> dict[str, Any]:
        public = self.view(None)
        private_view = self.game.private_view
        assert private_view is not None
        own = self.derived(("private", actor), lambda state: private_view(state, actor))
        last = self.kept.joined.get(actor)
        if last is not None and last[0] is public and last[1] is own:
            return last[2]
        joined = {**public, "me": own}
        self.kept.joined[actor] = (public, own, joined)
        return joined

    def forget(self) -> None:
        """Drop what was worked out from this version (a test that writes a state behind the
        log's back)."""
        self._memo = (-1, {})
        self.kept = Kept()
