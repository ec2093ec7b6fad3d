"""Who is asking, from the browser's session cookie or the API's bearer token: worked out
once per request, as one value (``Asking``) the check, the action and the reply all take.

A browser's session holds, per table, the host token (the device that created the table)
and/or the seat token (the phone that claimed a seat). Which one counts depends on the
page: the table screen uses the host token, the phone page the seat token, so one device
may be both without mixing the two.

Each door (``table_screen``, ``phone``, ``passed``, ``acting_seat``, ``bearer``) loads
the table once (an unknown table is a 404 before anything else), asks the pipeline who the
token is on that loaded table (``Tables.viewer_on``) and makes the viewer's CSRF token
once: as boardgame.io authenticates a move once and carries the player with it.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, replace

from flask import current_app, request, session

from ..pipeline.loaded import Loaded
from ..pipeline.tables import PUBLIC, Tables, Unauthorized, Viewer
from ..text import N_
from . import cache


@dataclass(frozen=True)
class Asking:
    """Who is asking, worked out once per request: the table as the request loaded it, the
    viewer, and the CSRF token of that viewer's forms ("" for the public and the API)."""

    loaded: Loaded
    viewer: Viewer
    csrf: str

    def after(self, loaded: Loaded) -> Asking:
        """The same asker on the table as its change left it (``Changed.loaded``): the reply
        renders from that table without loading it again, and its forms keep this token (a
        change never gives the asker a new credential), so it is not made again either."""
        credential = _credential(self.loaded, self.viewer)
        if self.csrf and credential is not None:
            cache.memo(loaded, _token_key(self.viewer, credential), lambda: self.csrf)
        return replace(self, loaded=loaded)


def remember(kind: str, table_id: str, token: str) -> None:
    """Keep ``token`` in this browser's session (kind "host" or "seat")."""
    tokens = dict(session.get(kind, {}))
    tokens[table_id] = token
    # Keep the cookie small: a device rarely holds more than a few tables.
    session[kind] = dict(list(tokens.items())[-12:])
    session.permanent = True


def remember_pass(table_id: str, seat: int, token: str) -> None:
    """Keep a seat this device plays by being handed round ("pass the device"), besides the
    host token or the phone's own seat it may hold for the same table."""
    held = dict(session.get("pass", {}))
    seats = dict(held.get(table_id, {}))
    seats[str(seat)] = token
    held[table_id] = seats
    session["pass"] = dict(list(held.items())[-12:])
    session.permanent = True


def holds_other_seat(tables: Tables, loaded: Loaded, seat: int) -> bool:
    """Does this browser still play another seat of this table as its own phone?"""
    token = session.get("seat", {}).get(loaded.id)
    if not token:
        return False
    try:
        _loaded, viewer = tables.viewer_on(loaded, token)
    except Unauthorized:
        return False  # its seat was re-issued: it simply takes the new one
    return viewer.kind == "seat" and viewer.seat != seat


def passed_seats(table_id: str) -> list[int]:
    """The seats this device plays by being handed round, at this table."""
    return sorted(int(seat) for seat in session.get("pass", {}).get(table_id, {}))


def table_screen(tables: Tables, table_id: str) -> Asking:
    """The table screen's asker: the host if this browser created the table, else the public."""
    loaded = tables.load(table_id)
    token = session.get("host", {}).get(table_id)
    viewer = PUBLIC
    if token:
        try:
            loaded, viewer = tables.viewer_on(loaded, token)
        except Unauthorized:
            viewer = PUBLIC
        if viewer.kind != "host":
            viewer = PUBLIC
    return asking(tables, loaded, viewer)


def phone(tables: Tables, table_id: str) -> Asking:
    """The phone's asker: the seat this browser claimed, or a clear refusal."""
    return _own_seat(tables, tables.load(table_id))  # an unknown table: a 404 first


def _own_seat(tables: Tables, loaded: Loaded) -> Asking:
    token = session.get("seat", {}).get(loaded.id)
    if not token:
        raise Unauthorized(
            "no_seat", N_("This phone has no seat at this table. Scan your seat's QR code.")
        )
    loaded, viewer = tables.viewer_on(loaded, token)
    if viewer.kind != "seat":
        raise Unauthorized("no_seat", N_("This phone has no seat at this table."))
    return asking(tables, loaded, viewer)


def passed(tables: Tables, table_id: str, seat: int) -> Asking:
    """A seat this device plays by being handed round, or a clear refusal."""
    return _passed_seat(tables, tables.load(table_id), seat)  # an unknown table: a 404 first


def _passed_seat(tables: Tables, loaded: Loaded, seat: int) -> Asking:
    token = session.get("pass", {}).get(loaded.id, {}).get(str(seat))
    if not token:
        raise Unauthorized("no_seat", N_("This device does not play that seat."))
    loaded, viewer = tables.viewer_on(loaded, token)
    if viewer.kind != "seat" or viewer.seat != seat:
        raise Unauthorized("no_seat", N_("This device does not play that seat."))
    return asking(tables, loaded, viewer)


def acting_seat(tables: Tables, table_id: str, posted_csrf: str) -> Asking:
    """The seat a phone's form acts for. A device may play more than one seat (its own and
    seats handed round on it); each seat's forms carry that seat's own CSRF token, so the
    token posted says which seat this is. Without a match, the phone's own seat (whose CSRF
    check then refuses the post)."""
    loaded = tables.load(table_id)  # an unknown table: a 404 first
    for seat in passed_seats(table_id):
        try:
            found = _passed_seat(tables, loaded, seat)
        except Unauthorized:
            continue  # a seat re-issued since: this device no longer plays it
        if posted_csrf and hmac.compare_digest(found.csrf, posted_csrf):
            return found
    return _own_seat(tables, loaded)


def bearer(tables: Tables, table_id: str) -> Asking:
    """The API's asker from ``Authorization: Bearer <token>`` (none = the public view). The
    API ignores cookies, so it needs no CSRF token."""
    loaded = tables.load(table_id)
    header = request.headers.get("Authorization", "")
    token = header[7:].strip() if header.startswith("Bearer ") else None
    loaded, viewer = tables.viewer_on(loaded, token)
    return Asking(loaded, viewer, "")


def asking(tables: Tables, loaded: Loaded, viewer: Viewer) -> Asking:
    """``viewer`` asking at ``loaded``, with its CSRF token."""
    return Asking(loaded, viewer, form_token(tables, loaded, viewer))


def _credential(loaded: Loaded, viewer: Viewer) -> str | None:
    """What a viewer's CSRF token is bound to: the host token's digest, or the digest of the
    seat token the viewer was worked out from; None for the public (and a seat made in code)."""
    if viewer.kind == "host":
        return loaded.host_hash
    return viewer.credential if viewer.kind == "seat" else None


def _token_key(viewer: Viewer, credential: str) -> tuple[str, str, int | None, str]:
    return ("form-token", viewer.kind, viewer.seat, credential)


def form_token(tables: Tables, loaded: Loaded, viewer: Viewer) -> str:
    """The CSRF token of this viewer's forms at this table (made once per version, in the
    table's memo).

    It is bound to the viewer's own credential (the host token, or the seat's token, both as
    stored digests), not to a browser session, so a rendered view holds nothing
    session-specific and can be rendered once and sent to every stream of that viewer. A
    re-issued seat gets a new token, so the old phone's forms stop working too.
    """
    if viewer.kind == "public":
        return ""
    credential = _credential(loaded, viewer)
    if credential is None:  # a seat viewer made in code: the seat's digest at this version
        seats = tables.seat_hashes(loaded)
        credential = next((hashed for n, hashed in seats if n == viewer.seat), "")
    key = _token_key(viewer, credential)
    return cache.memo(loaded, key, lambda: signed(loaded.id, viewer, credential))


def signed(table_id: str, viewer: Viewer, credential: str) -> str:
    """The token itself: the app's signature of the table, the viewer and its credential."""
    message = f"csrf:{table_id}:{viewer.kind}:{viewer.seat}:{credential}".encode()
    key = current_app.config["SECRET_KEY"]  # create_app sets a str
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()[:32]
