"""Rendered fragments remembered by their inputs, so a change re-renders only what it changed.

Every action sends a new view to every screen and phone of the table. Most of that view
did not change: when one player loses a card, six other player cards, the attack helper
and most of the history read exactly as before. Templates call ``memo(macro, *args)``
instead of ``macro(*args)`` for such pieces, and the rendered HTML is reused while the
arguments stay the same, across versions, viewers and tables.

Why this is sound: a macro imported from another template sees only its arguments and the
environment's globals (Jinja imports templates without the caller's context), so its
output is a pure function of the macro, its arguments and the language it is rendered in.
Arguments must be plain data (dicts, lists, strings, numbers, booleans, None): anything
else is refused, because an object's equality cannot be checked by value here. The key is
the arguments' ``marshal`` bytes: four times faster than JSON, exact about types (``True``
is not ``1``, and ``Markup`` is refused rather than confused with the same plain string),
and equal bytes always decode to equal values. Version 2 has no back-references, whose
flags would depend on reference counts. A fragment for one seat (a form carrying that
seat's CSRF token) has that token among its arguments, so it can only ever be served to
the same viewer.
"""

from __future__ import annotations

import marshal
import threading
from collections import OrderedDict
from typing import Any

from flask import Flask
from jinja2.runtime import Macro
from markupsafe import Markup

from .i18n import lang

# Enough for the live fragments of dozens of busy tables; 0.2-5 KB each (a phone's panel).
DEFAULT_SIZE = 3000


def _encode(args: tuple[Any, ...]) -> bytes:
    try:
        return marshal.dumps(args, 2)
    except ValueError:
        raise TypeError("memo() takes plain data only") from None


class Fragments:
    """A bounded least-recently-used store of rendered macro calls."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[tuple[Any, ...], Markup] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._items)

    def call(self, macro: Macro, *args: Any) -> Markup:
        """``macro(*args)``, rendered once for as long as ``args`` and the language stay equal."""
        if not isinstance(macro, Macro) or macro.caller:
            raise TypeError("memo() takes an imported macro that does not use caller()")
        # The code object names the macro (and its template) for as long as it is loaded.
        key = (macro._func.__code__, lang(), _encode(args))
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return found
        html = Markup(macro(*args))
        with self._lock:
            self.misses += 1
            self._items[key] = html
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return html


def init_app(app: Flask) -> None:
    fragments = Fragments(app.config.get("FRAGMENT_CACHE_SIZE", DEFAULT_SIZE))
    app.extensions["fragments"] = fragments
    app.jinja_env.globals["memo"] = fragments.call
