"""Server-sent events: each open screen or phone holds one stream of its own viewer's view.

After every change the stream sends a ``patch``: only the regions and fragments of this
viewer's view that changed since what this stream last sent (``regions.changes``), as htmx
out-of-band swaps. A public part is the same string for every stream that shows it; only
the compression is per stream. On connect, a stream resumes from the version the page
shows (``?v=`` or, on a reconnect after a phone slept or dropped Wi-Fi, Last-Event-ID): a
patch if that version is still kept, else the whole ``view``. Idle streams get a comment
every few seconds so dead connections are noticed. A phone whose seat was re-issued is
told so and the stream ends.

Streams that need no seat or host (a public table screen, a TV, the event feed) are counted
per client address (``PublicStreams``): one address may hold ``MAX_PUBLIC_STREAMS`` of them,
so no one can fill the server with them. Seats' and hosts' streams are not limited here:
a phone of a live table always gets its stream. The server (``companion/serve/server.py``) caps
every address's open requests too; a request over that cap is refused here, before its body
is read, in the asker's language.
"""

from __future__ import annotations

import re
import threading
import zlib
from collections import Counter
from collections.abc import Callable, Iterator

from flask import (
    Blueprint,
    Response,
    current_app,
    render_template,
    request,
    stream_with_context,
)

from ..errors import RulesError, StoreUnavailable, TooManyAttempts
from ..pipeline.tables import Tables
from ..text import N_
from . import auth, regions
from .i18n import translate
from .screens import tables

bp = Blueprint("stream", __name__)

# Who a stream is for (``auth.table_screen``, ``auth.phone``...): asked again for each new
# version, so a phone whose seat was re-issued is told so.
Door = Callable[[Tables, str], auth.Asking]

MAX_PUBLIC_STREAMS = 20  # per address, unless the config's MAX_PUBLIC_STREAMS says otherwise
# Set in the WSGI environ by companion/serve/server.py on a request over its address's cap.
CROWDED = "companion.crowded"


@bp.before_app_request
def _refuse_a_crowded_address() -> None:
    if request.environ.get(CROWDED):
        raise TooManyAttempts(
            "too_many_connections",
            N_("Too many connections from your network. Close some screens and try again."),
        )


class PublicStreams:
    """The public streams open in this process, counted per client address.

    >>> streams = PublicStreams()
    >>> release = [streams.take("10.0.0.9", 2) for _ in range(2)]
    >>> try:
    ...     streams.take("10.0.0.9", 2)
    ... except TooManyAttempts as refused:
    ...     print(refused.code)
    too_many_streams
    >>> release[0](); release[0]()  # a second release of the same stream counts nothing
    >>> streams.open["10.0.0.9"]
    1
    """

    def __init__(self) -> None:
        self.open: Counter[str] = Counter()
        self._lock = threading.Lock()

    def take(self, address: str, limit: int) -> Callable[[], None]:
        """Count one more stream for ``address`` (a 429 at its limit); the call that ends it."""
        with self._lock:
            if self.open[address] >= limit:
                raise TooManyAttempts(
                    "too_many_streams",
                    N_(
                        "Too many live screens are open from your network. Close one and try again."
                    ),
                )
            self.open[address] += 1
        released = False

        def release() -> None:
            nonlocal released
            with self._lock:
                if not released:
                    released = True
                    self.open[address] -= 1
                    if not self.open[address]:
                        del self.open[address]

        return release


def public_stream_slot() -> Callable[[], None]:
    """Count this request's public stream against its address; the call that ends it."""
    streams = current_app.extensions.setdefault("public_streams", PublicStreams())
    limit = current_app.config.get("MAX_PUBLIC_STREAMS") or MAX_PUBLIC_STREAMS
    # Behind --behind-proxy, ProxyFix has already made this the player's own address.
    return streams.take(request.remote_addr or "?", limit)


def sse(event: str, data: str, event_id: int | None = None) -> str:
    """One SSE message; every line of ``data`` gets its own ``data:`` prefix.

    The id is the table version: a reconnecting browser sends it back as Last-Event-ID,
    so it gets a new view only if it missed a change. A carriage return would end a line
    for the browser's parser, so it becomes a newline before the lines are prefixed.
    """
    if "\r" in data:
        data = data.replace("\r\n", "\n").replace("\r", "\n")
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: " + data.strip("\n").replace("\n", "\ndata: ") + "\n\n"


def _known_version() -> int:
    """The version the client already shows: the page it loaded (?v=) or the last event it got."""
    raw = request.headers.get("Last-Event-ID") or request.args.get("v") or ""
    return int(raw) if re.fullmatch(r"[0-9]{1,11}", raw) else -1


def _events(table_id: str, resolve: Door, heartbeat: float, known: int) -> Iterator[str]:
    pipeline = tables()
    sub = pipeline.subscribe(table_id)
    held: regions.Held | None = None  # what this stream's screen shows, piece by piece
    try:
        yield "retry: 1500\n\n"
        while True:
            try:
                message, held = _next(pipeline, table_id, resolve, held, known)
            except StoreUnavailable:
                # The database is away (PostgreSQL restarting): keep the stream open and try
                # again in a moment, so every screen carries on by itself once it is back.
                sub.wait(1.0)
                yield ": waiting for the database\n\n"
                continue
            if message is not None:
                kind, data, version = message
                # Nothing of the message stays in this frame while the stream waits: with
                # hundreds of idle streams, a copy each of their last patch (its text and
                # the SSE lines, ~6 KB each at Samurai Sword's 100-table benchmark) is
                # ~10 MB. The list hands the only reference on.
                out = [sse(kind, data, event_id=None if kind == "gone" else version)]
                del message, data
                yield out.pop()
                if kind == "gone":
                    return
                known = version
                continue
            if not sub.wait(heartbeat):
                yield ": ping\n\n"
    finally:
        sub.close()


def _next(
    pipeline: Tables,
    table_id: str,
    resolve: Door,
    held: regions.Held | None,
    known: int,
) -> tuple[tuple[str, str, int] | None, regions.Held | None]:
    """(the stream's next message as (event, data, version), or None when its screen shows
    the newest version; what the screen shows once it has it)."""
    if held is not None and pipeline.load(table_id).version == known:
        return None, held
    try:
        asking = resolve(pipeline, table_id)
    except RulesError as err:
        # Only this phone's own stream: it may learn why its seat went.
        reason = translate([err.message, err.params])
        return ("gone", render_template("seat/_gone.html", reason=reason), known), held
    loaded, viewer = asking.loaded, asking.viewer
    version = loaded.version
    if held is None:
        kind, data, held = regions.catch_up(loaded, viewer, known)
    else:
        kind, data = "patch", regions.changes(regions.parts(loaded, viewer), held)
    # A screen already showing this version (the page just loaded) needs nothing.
    if kind == "view" or version != known:
        return (kind, data, version), held
    return None, held


# A patch is a few hundred bytes to a few KB, and the same fragments come back a few
# messages later with other numbers: for a phone an 8 KB window still holds them, so a patch
# costs ~70 bytes on the Wi-Fi (a 4 KB window: ~180). With memLevel 4 a phone's compressor
# takes ~40 KB (the 16 KB window it had took ~72 KB): with hundreds of phones connected, that
# is the server's biggest per-connection cost. The table screen's patches are larger (the
# host's cards carry their forms) and there is one per table: it keeps a 16 KB window.
# memLevel 3 (a 1 K-entry hash table and 8 KB of pending output, ample for messages of a
# few KB flushed one by one) takes 4 KB less than 4 per stream: measured with
# ``fanout.py 5 8 40``, 309 bytes per update on the wire against 306; a 4 KB window
# (windowBits 12) would save 16 KB but sends 435. At 100 tables (700 phones) that is ~3 MB.
WINDOW_BITS = 13
TABLE_WINDOW_BITS = 14
MEM_LEVEL = 3


def gzipped(messages: Iterator[str], window_bits: int = WINDOW_BITS) -> Iterator[bytes]:
    """One gzip stream for the whole connection, flushed after every message."""
    packer = zlib.compressobj(6, zlib.DEFLATED, 16 + window_bits, MEM_LEVEL)
    try:
        for message in messages:
            chunk = packer.compress(message.encode()) + packer.flush(zlib.Z_SYNC_FLUSH)
            del message  # not kept while the stream waits (see ``_events``): a few KB each
            yield chunk
    finally:
        close = getattr(messages, "close", None)
        if close:
            close()


def stream_response(table_id: str, resolve: Door, window_bits: int = WINDOW_BITS) -> Response:
    """The live stream of the viewer ``resolve`` finds (a 4xx at once if there is none)."""
    # Refuse at once (4xx) if this viewer has no business here, or has too many open.
    viewer = resolve(tables(), table_id).viewer
    release = public_stream_slot() if viewer.kind == "public" else None
    events = _events(table_id, resolve, current_app.config["SSE_HEARTBEAT"], _known_version())
    packed = "gzip" in request.headers.get("Accept-Encoding", "")
    body = stream_with_context(gzipped(events, window_bits) if packed else events)
    response = Response(body, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    response.vary.add("Accept-Encoding")
    if packed:
        response.headers["Content-Encoding"] = "gzip"
    if release is not None:
        response.call_on_close(release)  # the server closes the response when the stream ends
    return response


@bp.get("/t/<table_id>/stream")
def table_stream(table_id: str) -> Response:
    return stream_response(table_id, auth.table_screen, TABLE_WINDOW_BITS)


@bp.get("/t/<table_id>/seat/stream")
def seat_stream(table_id: str) -> Response:
    return stream_response(table_id, auth.phone)
