"""History lines: a table from event type to the line a person reads.

Events carry seats, never names: a line takes the names from the table's seats when it is
shown (``describe(event, players)``), so a log stays data and a name is written once. Logs
recorded before this carried names in their events; they still read right, because a seat's
name is the same either way.

>>> wounded = lambda e, p: T("{name} lost {n} health", name=p[e["seat"]], n=e["n"])
>>> lines = Lines({"Wounded": wounded})
>>> lines.describe({"type": "Wounded", "seat": 1, "n": 2}, ["Ann", "Bo"])
['{name} lost {n} health', {'name': 'Bo', 'n': 2}]
>>> lines.describe({"type": "Unknown"}, ["Ann"])
['Unknown', {}]
>>> paid = Lines({"Paid": T("{name} pays {cost}")})
>>> paid.describe({"type": "Paid", "seat": 0, "cost": 3}, ["Ann"])
['{name} pays {cost}', {'name': 'Ann', 'cost': 3}]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from string import Formatter
from typing import Any

from ...text import PLURAL, P, T, Text, as_is
from .contract import Event

Line = Callable[[Event, list[str]], Text]
# How a line finds one value: the event's key of that name, or a function of event and seats.
Value = str | Callable[[Event, list[str]], Any]


class Lines:
    """Event type -> line. ``describe`` is what the game hands the platform as ``describe``.

    A line that only fills its text's holes from the event is given as that text, ``T(...)``
    or ``P(...)``: it reads as ``filled`` reads it, with the game's own ``values`` (a hole
    every such line fills the same way, say a province's name from its board index).
    """

    def __init__(self, table: Mapping[str, Line | Text] | None = None, **values: Value) -> None:
        self.values = values
        self.table: dict[str, Line] = {}
        self.add(table or {})

    def add(self, table: Mapping[str, Line | Text]) -> None:
        """Add the lines of one part of the game (each part keeps its own table)."""
        clash = set(self.table) & set(table)
        if clash:
            raise ValueError(f"events described twice: {sorted(clash)}")
        # A text is the line ``filled`` makes of it with the game's values.
        self.table.update(
            {
                kind: entry if callable(entry) else filled(entry, **self.values)
                for kind, entry in table.items()
            }
        )

    def describe(self, event: Event, players: list[str]) -> Text:
        line = self.table.get(event.get("type", ""))
        if line is None:
            return T(str(event.get("type", "")))
        return line(event, players)


def name_of(event: Event, players: list[str], key: str = "seat") -> str:
    """The name of the seat ``event[key]``: from the seats, or, for an old event that carried
    no seat, the name it carried.

    >>> name_of({"seat": 1}, ["Ann", "Bo"]), name_of({"name": "Cy"}, ["Ann"])
    ('Bo', 'Cy')
    """
    seat = event.get(key)
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return str(event.get("name", ""))


def who(event: Event, players: list[str]) -> Text:
    """Who made the change an event records (its ``by``): "Table screen" or the seat's name.

    >>> who({"by": None}, ["Ann"]), who({"by": 0}, ["Ann"])
    (['Table screen', {}], ['{name}', {'name': 'Ann'}])
    """
    by = event.get("by")
    return T("Table screen") if by is None else as_is(players[by])


def seat_name(key: str) -> Value:
    """The name of the seat under ``key`` (``name_of``), as a ``filled`` value."""
    return lambda e, p: name_of(e, p, key)


def _holes(msgid: str) -> list[str]:
    return [field for _, field, _, _ in Formatter().parse(msgid) if field]


def filled(template: Text, *extra: str, **values: Value) -> Line:
    """A line that only fills its text's holes from the event: ``{name}`` with the seat's name
    (``name_of``), ``{who_t}`` with who made the change (``who``), any other hole with the
    event's value of that name. ``values`` fill a hole another way (another key, or a function
    of event and seats); ``extra`` keys go along as they are though the text shows none. A
    ``P`` template counts by its ``{n}`` (the event's ``n`` unless ``values`` say otherwise);
    the count it was written with (``0``) only marks it as a count's text.

    >>> line = filled(T("{name} pays {cost}"))
    >>> line({"seat": 1, "cost": 3}, ["Ann", "Bo"])
    ['{name} pays {cost}', {'name': 'Bo', 'cost': 3}]
    >>> line = filled(P("{name} loses {n} die", "{name} loses {n} dice", 0), n="lost")
    >>> line({"seat": 0, "lost": 2}, ["Ann"])
    ['{name} loses {n} die', {'name': 'Ann', 'n': 2, '_plural': '{name} loses {n} dice'}]
    """
    msgid, params = template
    plural = params.get(PLURAL)
    counts = ["n"] if plural is not None else []  # P's count, shown or not
    keys = dict.fromkeys([*_holes(msgid), *_holes(plural or ""), *counts, *extra])

    def line(e: Event, p: list[str]) -> Text:
        return fill(template, **{key: _value(values.get(key, key), e, p) for key in keys})

    return line


def fill(template: Text, **values: Any) -> Text:
    """A ``T`` or ``P`` template's text with these values in its holes (a ``P`` counts by
    ``n``): one template serves where only the values change.

    >>> fill(P("{n} die", "{n} dice", 0), n=2, colour="red")
    ['{n} die', {'colour': 'red', 'n': 2, '_plural': '{n} dice'}]
    """
    msgid, params = template
    plural = params.get(PLURAL)
    if plural is None:
        return T(msgid, **values)
    n = values.pop("n")
    return P(msgid, plural, n, **values)


def _value(value: Value, e: Event, p: list[str]) -> Any:
    if callable(value):
        return value(e, p)
    if value == "name":
        return name_of(e, p)
    if value == "who_t":
        return who(e, p)
    return e[value]


def _line(entry: Line | Text) -> Line:
    return entry if callable(entry) else filled(entry)


def when(test: str | Callable[[Event], bool], yes: Line | Text, no: Line | Text) -> Line:
    """One of two lines: ``yes`` when the event has the key ``test`` (or passes the test). A
    text stands for the line ``filled`` makes of it.

    >>> line = when("vassal", T("from {vassal}"), T("tribute"))
    >>> line({"vassal": 0}, []), line({}, [])
    (['from {vassal}', {'vassal': 0}], ['tribute', {}])
    """
    check = (lambda e: test in e) if isinstance(test, str) else test
    lines = {True: _line(yes), False: _line(no)}
    return lambda e, p: lines[bool(check(e))](e, p)


def by(key: str, lines: Mapping[Any, Line | Text], other: Line | Text) -> Line:
    """The line for the event's value under ``key``; ``other`` for a value not listed. A text
    stands for the line ``filled`` makes of it.

    >>> line = by("dest", {"pool": T("to the pool")}, T("to {dest}"))
    >>> line({"dest": "pool"}, []), line({"dest": "map"}, [])
    (['to the pool', {}], ['to {dest}', {'dest': 'map'}])
    """
    table = {value: _line(entry) for value, entry in lines.items()}
    rest = _line(other)
    return lambda e, p: table.get(e[key], rest)(e, p)
