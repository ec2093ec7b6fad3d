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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...text import T, Text, as_is
from .contract import Event

Line = Callable[[Event, list[str]], Text]


class Lines:
    """Event type -> line. ``describe`` is what the game hands the platform as ``describe``."""

    def __init__(self, table: Mapping[str, Line] | None = None) -> None:
        self.table: dict[str, Line] = dict(table or {})

    def add(self, table: Mapping[str, Line]) -> None:
        """Add the lines of one part of the game (each part keeps its own table)."""
        clash = set(self.table) & set(table)
        if clash:
            raise ValueError(f"events described twice: {sorted(clash)}")
        self.table.update(table)

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
