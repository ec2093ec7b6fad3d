"""Outgoing webhooks: every table's public events, POSTed as JSON to addresses set at start.

``companion serve --webhook URL`` (repeatable) sends each event of the public feed
(``companion.after.feed``, docs/feed.md) to every URL, one POST per event, in order. Nothing here
may delay a move: the live hub's listener only puts ``(table_id, version)`` on a queue.
A dispatcher works out the events (comparing public views, as the SSE feed does) and hands
them to one sender per URL, each with its own bounded queue, so a slow or dead address holds
up only its own events. A failed POST is tried again after 1, 2, 4... seconds (at most 60)
up to ``attempts`` times, then dropped with one log line that names the address's host only:
a URL's path or query may hold a secret of the receiving service.

Under ``companion serve`` (gevent) the workers are greenlets and their sockets cooperate; in
tests they are threads. Both come from ``threading``, which gevent patches.
"""

from __future__ import annotations

import http.client
import logging
import queue
import threading
import urllib.error
import urllib.request
from collections import OrderedDict
from typing import Any
from urllib.parse import urlsplit

from ..errors import RulesError
from . import feed

log = logging.getLogger(__name__)

ATTEMPTS = 5  # tries per event before it is dropped
FIRST_DELAY = 1.0  # seconds before the second try; doubled for each one after it
MAX_DELAY = 60.0
TIMEOUT = 10.0  # seconds a target may take to answer one POST
QUEUE_LIMIT = 1000  # events waiting per target; beyond it the oldest are dropped
REMEMBERED_TABLES = 400  # tables whose last public view the dispatcher keeps (as Tables does)
USER_AGENT = "table-companion-webhook/1"
_STOP = object()


def valid_url(url: str) -> bool:
    """Is ``url`` an address a webhook can be sent to (http or https, with a host)?

    >>> valid_url("http://192.168.1.30:8123/api/webhook/x"), valid_url("ftp://x"), valid_url("x")
    (True, False, False)
    """
    try:
        parts = urlsplit(url)
        return parts.scheme in ("http", "https") and bool(parts.hostname)
    except ValueError:
        return False


def host_of(url: str) -> str:
    """The part of ``url`` a log line may show: its host and port, never the user, the
    password, the path or the query (any of which may be a secret).

    >>> host_of("https://user:pw@hooks.example.com:8443/T0k3n?key=s3cret")
    'hooks.example.com:8443'
    """
    parts = urlsplit(url)
    host = parts.hostname or "?"
    return f"{host}:{parts.port}" if parts.port else host


def backoff(attempts: int, first: float = FIRST_DELAY, most: float = MAX_DELAY) -> list[float]:
    """The waits between ``attempts`` tries: doubling from ``first``, capped at ``most``.

    >>> backoff(5), backoff(9)[-2:]
    ([1.0, 2.0, 4.0, 8.0], [60.0, 60.0])
    """
    return [min(first * 2**n, most) for n in range(max(attempts - 1, 0))]


class Permanent(Exception):
    """The target refused the event for good (a 4xx other than 408 and 429)."""


class Target:
    """One webhook address: a queue of events and the worker that POSTs them in order."""

    def __init__(self, url: str, attempts: int, delays: list[float], timeout: float) -> None:
        self.url = url
        self.host = host_of(url)
        self.attempts = max(attempts, 1)
        self.delays = delays
        self.timeout = timeout
        self.queue: queue.Queue[Any] = queue.Queue()
        self.stopping = threading.Event()
        self.sent = 0
        self.dropped = 0
        self.worker = threading.Thread(target=self._run, name=f"webhook {self.host}", daemon=True)

    def offer(self, body: bytes) -> None:
        """Queue one event's body; never waits. A full queue loses its oldest event."""
        if self.queue.qsize() >= QUEUE_LIMIT:
            try:
                self.queue.get_nowait()
                self.dropped += 1
                if self.dropped == 1 or self.dropped % 100 == 0:
                    log.warning("webhook to %s: falling behind, old events dropped", self.host)
            except queue.Empty:
                pass
        self.queue.put_nowait(body)

    def _run(self) -> None:
        while True:
            body = self.queue.get()
            if body is _STOP:
                return
            self._deliver(body)

    def _deliver(self, body: bytes) -> None:
        reason = ""
        for attempt in range(self.attempts):
            try:
                self._post(body)
                self.sent += 1
                return
            except Permanent as err:
                reason = str(err)
                break
            # Refused, timed out, a 5xx (HTTPError is an OSError), a garbled reply.
            except (OSError, ValueError, http.client.HTTPException) as err:
                reason = _reason(err)
            if attempt < len(self.delays) and self.stopping.wait(self.delays[attempt]):
                return  # shutting down: no more tries
        self.dropped += 1
        log.warning(
            "webhook to %s: an event was dropped after %d attempt(s) (%s)",
            self.host,
            attempt + 1,
            reason,
        )

    def _post(self, body: bytes) -> None:
        request = urllib.request.Request(
            self.url,
            data=body,
            method="POST",
            headers={"Content-Type": "application/json; charset=utf-8", "User-Agent": USER_AGENT},
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as reply:
                reply.read(64 * 1024)
        except urllib.error.HTTPError as err:
            err.close()
            if 400 <= err.code < 500 and err.code not in (408, 429):
                raise Permanent(f"HTTP {err.code}") from None
            raise

    def stop(self) -> None:
        self.stopping.set()
        self.queue.put_nowait(_STOP)


def _reason(err: BaseException) -> str:
    """Why a POST failed, in a few words and without the URL."""
    if isinstance(err, urllib.error.HTTPError):
        return f"HTTP {err.code}"
    if isinstance(err, urllib.error.URLError):
        err = err.reason if isinstance(err.reason, BaseException) else err
    if isinstance(err, TimeoutError):
        return "timed out"
    return type(err).__name__


class Webhooks:
    """The dispatcher: hears every table's changes and sends their events to every target."""

    def __init__(
        self,
        app: Any,
        urls: list[str],
        attempts: int = ATTEMPTS,
        first_delay: float = FIRST_DELAY,
        max_delay: float = MAX_DELAY,
        timeout: float = TIMEOUT,
    ) -> None:
        self.app = app
        delays = backoff(attempts, first_delay, max_delay)
        self.targets = [Target(url, attempts, delays, timeout) for url in urls]
        self.changes: queue.Queue[Any] = queue.Queue()
        self.pending: set[str] = set()
        self.last: OrderedDict[str, feed.Seen] = OrderedDict()
        self.worker = threading.Thread(target=self._run, name="webhooks", daemon=True)

    def heard(self, table_id: str, version: int) -> None:
        """The live hub's listener: note the change and return at once. A table already
        waiting for the dispatcher is not queued twice (its events cover every change)."""
        if table_id not in self.pending:
            self.pending.add(table_id)
            self.changes.put_nowait(table_id)

    def start(self) -> Webhooks:
        for target in self.targets:
            target.worker.start()
        self.worker.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self.changes.put_nowait(_STOP)
        for target in self.targets:
            target.stop()
        for thread in (self.worker, *(t.worker for t in self.targets)):
            if thread.is_alive():
                thread.join(timeout)

    def _run(self) -> None:
        while True:
            table_id = self.changes.get()
            if table_id is _STOP:
                return
            self.pending.discard(table_id)  # before reading it: a later change queues it again
            try:
                events = self.events(table_id)
            except Exception:  # one table's trouble must not stop every table's webhooks
                log.exception("webhooks: could not work out a table's events")
                continue
            for event in events:
                body = feed.encode(event).encode()
                for target in self.targets:
                    target.offer(body)

    def events(self, table_id: str) -> list[dict[str, Any]]:
        """The events of ``table_id`` since this dispatcher last looked at it (the first time:
        its round, phase and turn as they are)."""
        with self.app.app_context():
            try:
                loaded = self.app.extensions["tables"].load(table_id)
            except RulesError:  # removed meanwhile
                self.last.pop(table_id, None)
                return []
            events, now = feed.step(self.last.get(table_id), loaded, loaded.view(None))
        self.last[table_id] = now
        self.last.move_to_end(table_id)
        while len(self.last) > REMEMBERED_TABLES:
            self.last.popitem(last=False)
        return events


def start(app: Any) -> Webhooks:
    """Start sending the public events of every table to ``app.config["WEBHOOKS"]``."""
    config = app.config
    hooks = Webhooks(
        app,
        list(config["WEBHOOKS"]),
        attempts=config.get("WEBHOOK_ATTEMPTS", ATTEMPTS),
        first_delay=config.get("WEBHOOK_FIRST_DELAY", FIRST_DELAY),
        max_delay=config.get("WEBHOOK_MAX_DELAY", MAX_DELAY),
        timeout=config.get("WEBHOOK_TIMEOUT", TIMEOUT),
    )
    app.extensions["webhooks"] = hooks
    app.extensions["tables"].hub.listeners.append(hooks.heard)
    return hooks.start()
