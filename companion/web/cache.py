"""The web's door to a table's per-version memo (``Loaded.memo``): views, history, HTML.

What the screens work out from one version of a table is kept on the table itself
(``companion.pipeline.loaded``), so a table that leaves memory takes its renders with it, and
the web and the after-game wing share one memo. A value kept there must never refer to its
table's later versions: it is only ever found under the version it was made for.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from ..games.kit import Actor
from ..pipeline.loaded import Loaded

R = TypeVar("R")


def memo(loaded: Loaded, key: Hashable, make: Callable[[], R]) -> R:
    """``make()``, computed once per version of ``loaded`` and ``key``."""
    return loaded.memo(key, make)


def view(loaded: Loaded, actor: Actor) -> dict[str, Any]:
    """This viewer's ``game.view`` of ``loaded``, computed once per version."""
    return loaded.view(actor)
