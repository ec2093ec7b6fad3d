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

import hashlib
import marshal
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, cast
from weakref import WeakKeyDictionary

from flask import Flask, current_app
from jinja2.runtime import Macro
from markupsafe import Markup

from .i18n import lang

# The memoised pieces that are not a live region's fragments (a status line, a seat list,
# a page rendered whole): 0.2-5 KB each. A region's fragments are kept per table instead
# (``Slots``), so busy tables never evict each other's.
DEFAULT_SIZE = 3000
# The pieces one table rendered lately, for every viewer (``Fragments._slot``): a version's
# fragments for all its screens, and a few versions more.
RECENT_PER_TABLE = 200

# Where a fragment sits in its region's shell while the region is rendered (see regions.py).
# Rendered text never holds it: names and typed text are stripped of control characters.
MARK = "\x00"
FRAGMENT_ID = re.compile(r"[a-z][a-z0-9-]{0,40}")
ROOT_TAG = re.compile(r"\s*<([a-zA-Z][a-zA-Z0-9-]*)")

# The fragments met while one region renders: id -> HTML. None outside a region's rendering
# (a page that is not live, or inside another fragment), where a fragment is plain HTML.
_collecting: ContextVar[dict[str, str] | None] = ContextVar("collecting", default=None)
# Whose region is rendering: the table object, the viewer and the region, and how many
# times each macro was memoised so far in it. Its fragments and memoised calls are kept in
# that table's slots: one per viewer and fragment id, or per viewer, region, macro and call.
_scope: ContextVar[Scope | None] = ContextVar("scope", default=None)


class Scope:
    """Where the pieces rendered in one region's rendering are kept."""

    __slots__ = ("table", "viewer", "region", "calls")

    def __init__(self, table: Any, viewer: Hashable, region: str) -> None:
        self.table, self.viewer, self.region = table, viewer, region
        self.calls: dict[Any, int] = {}


@contextmanager
def collecting(
    table: Any = None, viewer: Hashable = None, region: str = ""
) -> Iterator[dict[str, str]]:
    """Collect the fragments rendered inside this block, each replaced by a placeholder.

    With ``table``, each fragment and each memoised call is kept in one of that table's
    slots (the last rendering and its arguments): only what screens show now is kept, it
    leaves memory with the table, and busy tables never evict each other's pieces."""
    found: dict[str, str] = {}
    token = _collecting.set(found)
    scope = _scope.set(None if table is None else Scope(table, viewer, region))
    try:
        yield found
    finally:
        _scope.reset(scope)
        _collecting.reset(token)


@contextmanager
def _outside_regions() -> Iterator[None]:
    token, scope = _collecting.set(None), _scope.set(None)
    try:
        yield
    finally:
        _scope.reset(scope)
        _collecting.reset(token)


def with_id(html: str, fragment_id: str) -> str:
    """``html`` with ``id`` on its root element (a fragment has exactly one)."""
    match = ROOT_TAG.match(html)
    if match is None:
        raise ValueError(f"fragment {fragment_id} must render one root element")
    end = match.end()
    return f'{html[:end]} id="{fragment_id}"{html[end:]}'


def out_of_band(fragment_id: str, html: str) -> str:
    """The fragment as an htmx out-of-band swap: it replaces the element with its id."""
    anchor = f' id="{fragment_id}"'
    return str(html).replace(anchor, anchor + ' hx-swap-oob="true"', 1)


def _encode(args: tuple[Any, ...]) -> bytes:
    try:
        return marshal.dumps(args, 2)
    except ValueError:
        raise TypeError("memo() takes plain data only") from None


class Fragments:
    """A bounded least-recently-used store of rendered macro calls."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[tuple[Any, ...], str] = OrderedDict()
        # Per table object: a slot (see ``collecting``) -> (code, arguments, HTML).
        self._slots: WeakKeyDictionary[Any, dict[tuple[Any, ...], tuple[Any, bytes, str]]] = (
            WeakKeyDictionary()
        )
        # Per table object: what its screens rendered lately, by macro, fragment id, language
        # and arguments, for every viewer: a public piece (a player's card, a province) that
        # the table screen, the TV and each phone all show is rendered once, not once each.
        self._recent: WeakKeyDictionary[Any, dict[tuple[Any, ...], str]] = WeakKeyDictionary()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._items)

    def _cached(self, key: tuple[Any, ...], make: Callable[[], str]) -> str:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return found
        html = make()
        with self._lock:
            self.misses += 1
            self._items[key] = html
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return html

    @staticmethod
    def _code(macro: Macro) -> Any:
        if not isinstance(macro, Macro) or macro.caller:
            raise TypeError("memo() takes an imported macro that does not use caller()")
        # The code object names the macro (and its template) for as long as it is loaded.
        return macro._func.__code__

    def call(self, macro: Macro, *args: Any) -> Markup:
        """``macro(*args)``, rendered once for as long as ``args`` and the language stay equal."""
        code, encoded = self._code(macro), _encode(args)
        scope = _scope.get()
        if scope is None:
            key = (code, lang(), encoded)
            return cast(Markup, self._cached(key, lambda: Markup(macro(*args))))
        # The n-th call of this macro in this region: the same place on the screen each time.
        n = scope.calls[code] = scope.calls.get(code, -1) + 1
        slot = (scope.viewer, scope.region, code, n, lang())

        def make() -> Markup:
            # What a memoised macro renders inside itself is not a place in the region: a
            # call served from its slot would not count it, and the places would shift.
            with _outside_regions():
                return Markup(macro(*args))

        return cast(Markup, self._slot(scope.table, slot, code, encoded, make, None))

    def frag(self, fragment_id: str, macro: Macro, *args: Any) -> Markup:
        """A fragment of a live region: ``macro(*args)`` (memoised) with ``fragment_id`` on
        its root element, so it can be replaced on its own when its arguments change."""
        if not FRAGMENT_ID.fullmatch(fragment_id):
            raise ValueError(f"bad fragment id {fragment_id!r}")

        def make() -> str:
            # A fragment inside a fragment is plain HTML: only a region's own are collected.
            with _outside_regions():
                # Plain text (not Markup, whose methods escape): it is sliced and joined.
                return str(with_id(macro(*args), fragment_id))

        code, encoded = self._code(macro), _encode(args)
        scope = _scope.get()
        if scope is None:
            html = self._cached((code, lang(), fragment_id, encoded), make)
        else:
            slot = (scope.viewer, fragment_id, lang())
            html = self._slot(scope.table, slot, code, encoded, make, fragment_id)
        found = _collecting.get()
        if found is None:
            return Markup(html)
        # The very string kept here: a screen that already shows it is told by identity.
        found[fragment_id] = html
        return Markup(f"{MARK}{fragment_id}{MARK}")

    def _slot(
        self,
        table: Any,
        slot: tuple[Any, ...],
        code: Any,
        encoded: bytes,
        make: Callable[[], str],
        fragment_id: str | None,
    ) -> str:
        # A slot keeps a digest of the arguments, not the arguments: a fragment's inputs can
        # be several KB (a phone's turn buttons), and a hundred tables hold thousands.
        encoded = hashlib.blake2b(encoded, digest_size=16).digest()
        with self._lock:
            slots = self._slots.get(table)
            if slots is None:
                slots = self._slots[table] = {}
            found = slots.get(slot)
        if found is not None and found[0] is code and found[1] == encoded:
            self.hits += 1
            return found[2]
        # The same macro with the same arguments in the same language gives the same HTML,
        # whoever asks: another viewer's rendering of this version is as good as a new one.
        shared = (code, fragment_id, lang(), encoded)
        with self._lock:
            recent = self._recent.get(table)
            if recent is None:
                recent = self._recent[table] = {}
            html = recent.get(shared)
        if html is None:
            html = make()
        with self._lock:
            self.misses += 1
            slots[slot] = (code, encoded, html)
            if len(recent) >= RECENT_PER_TABLE:
                recent.clear()  # the older pieces are kept in the slots that show them
            recent[shared] = html
        return html


def memo_call(macro: Macro, *args: Any) -> Markup:
    """``macro(*args)`` through this app's store (for regions rendered from Python)."""
    return current_app.extensions["fragments"].call(macro, *args)


def init_app(app: Flask) -> None:
    fragments = Fragments(app.config.get("FRAGMENT_CACHE_SIZE", DEFAULT_SIZE))
    app.extensions["fragments"] = fragments
    app.jinja_env.globals["memo"] = fragments.call
    app.jinja_env.globals["frag"] = fragments.frag
