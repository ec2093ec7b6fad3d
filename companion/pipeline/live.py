"""Live fan-out: every open screen and phone learns at once that its table changed.

A subscriber is one SSE connection (one viewer on one device). ``publish`` wakes every
subscriber of a table; each then renders its own viewer's view, so a fragment rendered for
one seat never travels on another's stream. Wake-ups coalesce: a subscriber that falls
behind renders only the newest version. Works under gevent (the server) and plain threads
(tests) alike, because it uses only ``threading`` primitives, which gevent patches.
"""

from __future__ import annotations

import logging
import threading
from collections import defaultdict
from collections.abc import Callable

log = logging.getLogger(__name__)


class Subscription:
    """One viewer's wake-up signal for one table."""

    def __init__(self, hub: Hub, table_id: str) -> None:
        self.hub = hub
        self.table_id = table_id
        self._event = threading.Event()

    def wait(self, timeout: float) -> bool:
        """Wait for a new version (True) or the timeout (False, time for a heartbeat)."""
        woke = self._event.wait(timeout)
        self._event.clear()
        return woke

    def wake(self) -> None:
        self._event.set()

    def close(self) -> None:
        self.hub.unsubscribe(self)


class Hub:
    """Subscribers by table, in one server process.

    ``listeners`` hear every table's changes: each is called as ``listener(table_id,
    version)`` on every publish, on the publisher's own request, so it must be cheap and
    never block (the webhooks' listener only puts the change on a queue).
    """

    def __init__(self) -> None:
        self._subs: dict[str, set[Subscription]] = defaultdict(set)
        self._lock = threading.Lock()
        self.listeners: list[Callable[[str, int], None]] = []

    def subscribe(self, table_id: str) -> Subscription:
        sub = Subscription(self, table_id)
        with self._lock:
            self._subs[table_id].add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            subs = self._subs.get(sub.table_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.table_id]

    def publish(self, table_id: str, version: int) -> None:
        """This process changed the table: wake its streams and tell the listeners."""
        self.wake(table_id)
        for listener in self.listeners:
            try:
                listener(table_id, version)
            except Exception:  # the change is saved: a listener's fault must not fail it
                log.exception("a live listener failed")

    def wake(self, table_id: str) -> None:
        """Wake this process's streams of the table (another process changed it: the
        listeners heard of it there, and must hear of a change once)."""
        with self._lock:
            subs = list(self._subs.get(table_id, ()))
        for sub in subs:
            sub.wake()

    def count(self, table_id: str) -> int:
        """How many streams watch this table (a watched table stays in memory)."""
        with self._lock:
            return len(self._subs.get(table_id, ()))
