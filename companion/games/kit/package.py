"""A game's ``Game`` put together from the parts of its package, which name their pieces the
same way in every game (as RLCard's games do): ``assemble``.

A game's ``__init__`` then states only what is its own (its name, how many play, its secrets,
reveals and flags) and registers its parts' hooks; everything else follows from the parts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from .clocks import CLOCK_OPTIONS
from .contract import Game

# The names every game package gives its parts (as RLCard's games do), and the ``Game`` field
# each fills: ``assemble`` finds them in the modules a game names. ``PHASES`` and ``LINES``
# are the kit's ``Phases`` and ``Lines`` objects, whose pairs and ``describe`` the Game keeps.
SHARED_NAMES = {
    "GAME_ID": "id",
    "setup": "setup",
    "OPTIONS": "options",
    "ACTIONS": "actions",
    "allowed": "allowed",
    "view": "view",
    "private_view": "private_view",
    "seat_inputs": "seat_inputs",
    "table_inputs": "table_inputs",
    "tv_inputs": "tv_inputs",
    "result": "result",
    "over": "over",
    "LINES": "describe",
    "PHASES": "phases",
    "story_series": "story_series",
}
OPTIONAL_NAMES = (
    "OPTIONS",
    "private_view",
    "seat_inputs",
    "table_inputs",
    "tv_inputs",
    "PHASES",
    "story_series",
)


def assemble(
    parts: Sequence[ModuleType],
    *,
    name: str,
    players: tuple[int, int],
    private: tuple[str, ...] = (),
    sealed: bool = False,
    reveals: Mapping[str, str] | None = None,
    corrections_public: bool = False,
    points: bool = True,
) -> Game:
    """A game's ``Game`` from its parts: the modules ``parts`` hold the shared names
    (``SHARED_NAMES``: ``GAME_ID``, ``setup``, ``ACTIONS``, ``allowed``, ``view``, ``result``,
    ``over``, ``LINES``; where the game has them ``OPTIONS``, ``PHASES``, ``private_view``,
    ``seat_inputs``, ``table_inputs``, ``tv_inputs``), so the game's ``__init__`` states only
    what is its own: its name, how many play (``players``: the least and the most), what a
    seat keeps hidden (``private``; none by default), whether it has sealed rounds, what its
    reveals show, and the flags.

    A name found in two parts must be the same object there (a module that imports it from
    another part); two different ones are a mistake, refused at import.

    >>> from types import SimpleNamespace as Part
    >>> parts = [Part(GAME_ID="t", setup=print, ACTIONS={}, allowed=len, view=repr,
    ...               result=str, over=bool, LINES=Part(describe=format))]
    >>> game = assemble(parts, name="T", players=(2, 4))
    >>> game.id, game.min_players, game.max_players, game.describe is format, game.sealed
    ('t', 2, 4, True, False)
    >>> assemble([*parts, Part(view=str)], name="T", players=(2, 4))
    Traceback (most recent call last):
    ...
    ValueError: two different 'view' in the game's parts
    >>> assemble([Part(GAME_ID="t", setup=print)], name="T", players=(2, 4))
    Traceback (most recent call last):
    ...
    ValueError: the game's parts lack ['ACTIONS', 'LINES', 'allowed', 'over', 'result', 'view']
    """
    found: dict[str, Any] = {}
    for part in parts:
        for shared in SHARED_NAMES:
            if not hasattr(part, shared):
                continue
            value = getattr(part, shared)
            if shared in found and found[shared] is not value:
                raise ValueError(f"two different {shared!r} in the game's parts")
            found[shared] = value
    missing = sorted(set(SHARED_NAMES) - set(OPTIONAL_NAMES) - set(found))
    if missing:
        raise ValueError(f"the game's parts lack {missing}")
    fields = {SHARED_NAMES[shared]: value for shared, value in found.items()}
    fields["describe"] = found["LINES"].describe
    if "PHASES" in found:
        fields["phases"] = found["PHASES"].pairs
    # Every game has the table's clocks (off by default) without writing them.
    fields["options"] = (*found.get("OPTIONS", ()), *CLOCK_OPTIONS)
    return Game(
        name=name,
        min_players=players[0],
        max_players=players[1],
        private=private,
        sealed=sealed,
        reveals=dict(reveals or {}),
        corrections_public=corrections_public,
        points=points,
        **fields,
    )
