"""What a move changed, from its effect on the state, and what can therefore be kept.

A screen's view, its allowed actions and its "what can I do now?" are functions of the
game's state alone. An action changes a few of the state's top-level entries (a player's
counters, whose turn it is); everything worked out from the other entries is still right.
So, as Phoenix LiveView tracks which assigns a template read, each of these is worked out
once on a ``Reads`` of the state that notes which top-level entries it read. At the next
version the value is kept as it is (the very same object) when every entry it read is
still equal, which is known from the state before and after the move, without working out
any screen again. A region whose inputs are that same object is then reused as it is.

The states are plain data and never changed in place once a version has them (an action
runs on a fresh copy, ``kit.driver.apply``), so the state a value was worked out from can be
kept beside it and compared entry by entry later.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

R = TypeVar("R")

# Read every entry (iterated, counted, copied whole): only an identical state keeps it.
EVERYTHING = None


class Reads(Mapping[str, Any]):
    """A read-only state that notes which of its top-level entries were read.

    Not a ``dict`` on purpose: C code reads a dict's entries without calling its methods, so
    a subclass could be read unnoticed. Anything that takes the state whole (iterating it,
    its length, its keys) counts as having read all of it.
    """

    __slots__ = ("_state", "read", "whole")

    def __init__(self, state: Mapping[str, Any]) -> None:
        self._state = state
        self.read: set[str] = set()
        self.whole = False

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return self._state[key]

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.read.add(key)
        return key in self._state

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return self._state.get(key, default)

    def __iter__(self) -> Iterator[str]:
        self.whole = True
        return iter(self._state)

    def __len__(self) -> int:
        self.whole = True
        return len(self._state)

    def __reduce_ex__(self, protocol: Any) -> Any:
        # A copy would read its entries unnoticed: work it out on the real state instead.
        raise TypeError("a state being read is not copied")

    def __copy__(self) -> Any:
        raise TypeError("a state being read is not copied")

    def __deepcopy__(self, memo: Any) -> Any:
        raise TypeError("a state being read is not copied")

    def noted(self) -> frozenset[str] | None:
        """The entries read, or ``EVERYTHING``."""
        return EVERYTHING if self.whole else frozenset(self.read)


@dataclass(frozen=True)
class Derived:
    """A value worked out from one state, and the entries of it that it read."""

    state: Any
    reads: frozenset[str] | None
    value: Any


def derive(state: Any, make: Callable[[Any], R]) -> Derived:
    """``make(state)``, noting what it read. A state that is not a mapping of names (or a
    ``make`` that needs a real dict) is handed over as it is, and counts as read whole."""
    if isinstance(state, dict) and all(isinstance(k, str) for k in state):
        reads = Reads(state)
        try:
            value = make(reads)
        except (TypeError, AttributeError):
            # Something needed the dict itself (a dict method, an isinstance check): work it
            # out on the real state. A real error raises again there.
            pass
        else:
            return Derived(state, reads.noted(), value)
    return Derived(state, EVERYTHING, make(state))


def still_holds(found: Derived, state: Any, same: Callable[[str], bool]) -> bool:
    """Does ``found`` hold for ``state`` too: the same state, or one equal in every entry it
    read (``same(key)``: is that entry unchanged between ``found.state`` and ``state``)?"""
    if found.state is state:
        return True
    if found.reads is EVERYTHING:
        return False
    return all(same(key) for key in found.reads)


class Carried:
    """Values derived from a table's state, carried from version to version while what
    they read is unchanged. One per table object (``Loaded.derived``)."""

    __slots__ = ("_values", "_compared")

    def __init__(self) -> None:
        self._values: dict[Hashable, Derived] = {}
        # (the older state, the newer) -> entry -> equal?: each entry is compared once per
        # pair, however many viewers read it.
        self._compared: tuple[Any, Any, dict[str, bool]] | None = None

    def _same(self, old: Any, new: Any) -> Callable[[str], bool]:
        found = self._compared
        if found is None or found[0] is not old or found[1] is not new:
            found = self._compared = (old, new, {})
        compared = found[2]

        def same(key: str) -> bool:
            equal = compared.get(key)
            if equal is None:
                a, b = old.get(key, _MISSING), new.get(key, _MISSING)
                equal = compared[key] = a is b or a == b
            return equal

        return same

    def value(self, key: Hashable, state: Any, make: Callable[[Any], R]) -> R:
        """``make(state)``, or the value made for an earlier state when everything it read
        is unchanged (the same object, so whoever compares it can tell by identity)."""
        found = self._values.get(key)
        if found is not None and (
            found.state is state
            or (
                isinstance(state, dict)
                and isinstance(found.state, dict)
                and still_holds(found, state, self._same(found.state, state))
            )
        ):
            if found.state is not state:
                # Now known to hold for this state: the next version compares against it.
                self._values[key] = Derived(state, found.reads, found.value)
            value: R = found.value
            return value
        made = derive(state, make)
        self._values[key] = made
        result: R = made.value
        return result


_MISSING = object()
