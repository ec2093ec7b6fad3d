"""What the screens work out from one version of a table, worked out once: views, history, HTML.

Every change wakes every screen and phone of a table, and each renders its own viewer's view.
Most of what they need is the same for all of them (the public view, the history, the seat
list), or the same for every stream of one viewer (its rendered live fragment). ``memo(loaded,
key, make)`` computes ``make()`` once per table version and key; when the version moves,
everything kept for the old one is dropped at the next lookup.

This is the web's, not the pipeline's: ``Loaded`` holds a table's state, and this holds what
screens derive from it. Entries are kept per table object in a ``WeakKeyDictionary``, so a
table that ``Tables`` lets leave memory (or rebuilds after an undo) takes its renders with it.
A value kept here must therefore never refer to its table, or the table could never leave.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from flask import Flask, current_app

from ..games.kit import Actor
from ..tables import Loaded

R = TypeVar("R")


class Renders:
    """Per table object: the version its entries were made for, and the entries."""

    def __init__(self) -> None:
        self._tables: WeakKeyDictionary[Loaded, tuple[int, dict[Hashable, Any]]] = (
            WeakKeyDictionary()
        )

    def __len__(self) -> int:
        """How many tables have something kept (the tables still in memory, at most)."""
        return len(self._tables)

    def memo(self, loaded: Loaded, key: Hashable, make: Callable[[], R]) -> R:
        """``make()``, computed once per version of ``loaded`` and ``key``."""
        version = loaded.version
        found = self._tables.get(loaded)
        if found is None or found[0] != version:
            found = (version, {})
            self._tables[loaded] = found
        # The entries of the version looked up, even if the table moves on while ``make``
        # runs: a value is only ever found under the version it was made for.
        items = found[1]
        if key not in items:
            items[key] = make()
        return items[key]

    def view(self, loaded: Loaded, actor: Actor) -> dict[str, Any]:
        """``game.view`` for this viewer, computed once per version.

        A game with ``private_view`` gets a seat's view as the shared public view plus that
        seat's own part, so seven phones cost one public view, not seven.
        """
        game = loaded.game
        if actor is None or game.private_view is None:
            return self.memo(loaded, ("view", actor), lambda: game.view(loaded.state, actor))
        public = self.view(loaded, None)
        private_view = game.private_view
        return self.memo(
            loaded, ("view", actor), lambda: {**public, "me": private_view(loaded.state, actor)}
        )

    def forget(self, loaded: Loaded) -> None:
        """Drop what was kept for ``loaded`` (a test that writes a state behind the log's back)."""
        self._tables.pop(loaded, None)


def renders() -> Renders:
    """This app's renders."""
    return current_app.extensions["renders"]


def memo(loaded: Loaded, key: Hashable, make: Callable[[], R]) -> R:
    """``make()``, computed once per version of ``loaded`` and ``key``, in this app."""
    return renders().memo(loaded, key, make)


def view(loaded: Loaded, actor: Actor) -> dict[str, Any]:
    """This viewer's ``game.view`` of ``loaded``, computed once per version, in this app."""
    return renders().view(loaded, actor)


def init_app(app: Flask) -> None:
    app.extensions["renders"] = Renders()
