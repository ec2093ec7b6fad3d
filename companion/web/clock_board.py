"""The table's clocks on every screen: the view-model the clock region shows and the JSON
the API adds (the host's Pause/Resume is ``web.clocks``).

What a screen shows is public: each seat's time, who runs, whom the table waits on. The
server sends each seat's total up to the open span, the open span's start and the server's
time; ``static/js/clocks.js`` ticks the running clocks locally every second, so nothing is
pushed per second. The clock never acts for anyone: it only says how long.
"""

from __future__ import annotations

from typing import Any

from flask import current_app

from ..games.kit.clocks import turn_limit
from ..pipeline.loaded import Loaded
from ..pipeline.tables import Tables
from ..text import L, T
from . import cache


def _tables() -> Tables:
    return current_app.extensions["tables"]


def _now() -> float:
    """The server's time, from the store's clock (the one the log's times come from)."""
    return _tables().now()


def shown(seconds: int) -> str:
    """A clock as a person reads it: m:ss, or h:mm:ss from an hour.

    >>> shown(42), shown(605), shown(3725)
    ('0:42', '10:05', '1:02:05')
    """
    hours, rest = divmod(max(0, int(seconds)), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def board(loaded: Loaded) -> dict[str, Any] | None:
    """What the clock region shows of this version (None: the table keeps no clocks). The
    same for every viewer, worked out once per version; the running clocks tick in the
    browser from ``since`` and ``now``."""
    clocks = loaded.clocks
    if clocks is None:
        return None
    return cache.memo(loaded, "clocks", lambda: _board(loaded))


def _board(loaded: Loaded) -> dict[str, Any]:
    clocks = loaded.clocks
    assert clocks is not None
    now = _now()
    reading = clocks.reading(now)
    names = loaded.players
    rnd = loaded.state.get("sealed") if isinstance(loaded.state, dict) else None
    waiting_text = locked_text = None
    if rnd and reading.waiting and not loaded.over:
        # A sealed round: who has locked and whom the table waits on, by name only.
        waiting_text = T("Waiting on {who_t}", who_t=L([names[s] for s in reading.waiting]))
        locked = [s for s in rnd.get("seats", ()) if s not in reading.waiting]
        if locked:
            locked_text = T("Locked: {who_t}", who_t=L([names[s] for s in locked]))
    return {
        "seats": [
            {
                "seat": seat,
                "name": name,
                "closed": round(clocks.totals[seat], 1),
                "turn": round(clocks.run[seat], 1),
                "running": seat in reading.running,
                "shown": shown(reading.seconds[seat]),
            }
            for seat, name in enumerate(names)
        ],
        "paused": reading.paused,
        "since": clocks.since if reading.running else None,
        "now": round(now, 1),
        "limit": turn_limit(loaded.options),
        "waiting_text": waiting_text,
        "locked_text": locked_text,
        "wait_turn": max((clocks.run[s] for s in reading.waiting), default=0.0),
        "wait_shown": shown(max(reading.turn.values(), default=0)),
    }


def api_clocks(loaded: Loaded) -> dict[str, Any] | None:
    """The API's ``clocks`` of a table view, as of now (None: the table keeps none):
    public data only."""
    if loaded.clocks is None:
        return None
    reading = loaded.clocks.reading(_now())
    return {
        "seats": [
            {
                "seat": seat,
                "seconds": reading.seconds[seat],
                "running": seat in reading.running,
                "longest": reading.longest[seat],
            }
            for seat in range(len(loaded.players))
        ],
        "paused": reading.paused,
        "waiting_on": reading.waiting,
        "turn_limit": turn_limit(loaded.options),
    }
