"""The public event feed of a table, for gadgets: ``GET /api/tables/<table_id>/feed``.

A read-only server-sent-events stream that needs no token: it carries only what the table
screen shows. It starts with a ``hello`` (the table as it is now), then sends ``reveal``,
``round``, ``phase``, ``turn`` and ``end`` events as they happen, each a JSON object whose
SSE id is the table's version (``companion.after.feed`` works them out from the public views; the
fields are in docs/feed.md). A client that reconnects with Last-Event-ID gets only what is
newer: nothing at all if the table has not moved, else a ``hello`` with the table as it is
then (the feed keeps no backlog). A version that brings no event still sends its id alone,
which a browser's EventSource takes as its Last-Event-ID without firing an event, so a
reconnect resumes exactly. Idle streams get a comment every few seconds.

This blueprint also starts the outgoing webhooks (``companion.after.webhooks``) when the app is
configured with ``WEBHOOKS``: they send the same events.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, current_app, request, stream_with_context

from ..after import feed, webhooks
from ..errors import RulesError
from . import cache
from .screens import tables
from .stream import public_stream_slot, sse

bp = Blueprint("feed", __name__)


@bp.record_once
def _start_webhooks(state: Any) -> None:
    # ``companion serve --webhook URL`` puts the addresses in the config before the
    # blueprints are registered; without any, nothing is started.
    if state.app.config.get("WEBHOOKS"):
        webhooks.start(state.app)


def _last_event_id() -> int | None:
    raw = request.headers.get("Last-Event-ID") or ""
    return int(raw) if re.fullmatch(r"[0-9]{1,11}", raw) else None


def messages(table_id: str, heartbeat: float, known: int | None) -> Iterator[str]:
    """The feed's SSE messages for one connection (``known``: the Last-Event-ID, if any)."""
    pipeline = tables()
    sub = pipeline.subscribe(table_id)  # before reading the table, so no change slips by
    try:
        yield "retry: 2000\n\n"
        loaded = pipeline.load(table_id)
        view = cache.view(loaded, None)
        last = feed.seen(loaded, view)
        if known != loaded.version:
            yield sse("hello", feed.encode(feed.hello(loaded, view)), event_id=loaded.version)
        while True:
            if not sub.wait(heartbeat):
                yield ": ping\n\n"
                continue
            loaded = pipeline.load(table_id)
            events, now = feed.step(last, loaded, cache.view(loaded, None))
            if now is last:
                continue
            last = now
            if not events:
                yield f"id: {now.version}\n\n"
                continue
            yield "".join(sse(e["type"], feed.encode(e), event_id=now.version) for e in events)
    except RulesError:
        return  # the table is gone (removed by the host or the retention rules)
    finally:
        sub.close()


@bp.get("/api/tables/<table_id>/feed")
def table_feed(table_id: str) -> Response:
    tables().load(table_id)  # an unknown table: a 404 at once, in the viewer's language
    release = public_stream_slot()  # a 429 for an address holding too many public streams
    heartbeat = current_app.config["SSE_HEARTBEAT"]
    body = stream_with_context(messages(table_id, heartbeat, _last_event_id()))
    response = Response(body, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    # Public and read-only: a dashboard page served from elsewhere may read it.
    response.headers["Access-Control-Allow-Origin"] = "*"
    response.call_on_close(release)
    return response
