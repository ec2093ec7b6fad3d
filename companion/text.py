"""Words a person reads, before they are translated: msgids and ``Text`` pairs.

The ground floor under the games, the kit and the web alike: it imports nothing. Every piece
of text is an English msgid (marked with ``N_``) or a ``Text``, ``[msgid, params]`` built with
``T``; the web layer translates it in the viewer's language. A param whose key ends in ``_t``
is itself a msgid (or a ``Text``) and is translated before it is put in place.

>>> T("{name} lost {n} health", name="Ann", n=2)
['{name} lost {n} health', {'name': 'Ann', 'n': 2}]
>>> P("{n} star", "{n} stars", 1)
['{n} star', {'n': 1, '_plural': '{n} stars'}]
>>> as_is("Ann")
['{name}', {'name': 'Ann'}]
>>> L(["Ann", "Bo"])
['{list}', {'items': ['Ann', 'Bo']}]
"""

from __future__ import annotations

from typing import Any

Text = list[Any]  # [msgid, {params}]

# A msgid that no catalogue translates: a player's name shown as it is, where a Text is wanted.
AS_IS = "{name}"
# Another: a list of items, each a name or a Text, joined by the viewer's language's rule
# ("Ann, Bo, and Cy"; "Ann、Bo和Cy"), never by a comma that code put in.
LIST = "{list}"


def N_(msgid: str) -> str:
    """Mark a string for translation without translating it (the web layer does)."""
    return msgid


def T(msgid: str, **params: Any) -> Text:
    """A translatable line with parameters: ``T("{name} lost {n} health", name="Ann", n=2)``."""
    return [msgid, params]


def P(singular: str, plural: str, n: int, **params: Any) -> Text:
    """A line whose words follow a count, for gettext's ngettext: ``P("{n} army", "{n} armies",
    n=3)``. Still a ``[msgid, params]`` pair (the singular is the msgid); the plural msgid
    travels as the param ``_plural`` and the count as ``n``.

    >>> P("{n} army", "{n} armies", 2, name="Ann")
    ['{n} army', {'name': 'Ann', 'n': 2, '_plural': '{n} armies'}]
    """
    return [singular, {**params, "n": n, PLURAL: plural}]


PLURAL = "_plural"  # the param of a ``P`` Text that holds its plural msgid


def as_is(name: str) -> Text:
    """A name (a player's, say) as a Text that is never translated."""
    return [AS_IS, {"name": name}]


def L(items: list[Any] | tuple[Any, ...]) -> Text:
    """A list as one Text, joined in the viewer's language (CLDR's list patterns). A string
    item is data shown as it is (a player's name); a Text item is translated (``T("Bokken")``
    for a msgid). It may stand as any param's value: ``T("{names} discard", names=L(names))``."""
    return [LIST, {"items": list(items)}]
