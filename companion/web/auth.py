"""Who is asking, from the browser's session cookie or the API's bearer token.

A browser's session holds, per table, the host token (the device that created the table)
and/or the seat token (the phone that claimed a seat). Which one counts depends on the
page: the table screen uses the host token, the phone page the seat token, so one device
may be both without mixing the two.
"""

from __future__ import annotations

import hashlib
import hmac

from flask import current_app, request, session

from ..pipeline.tables import PUBLIC, Tables, Unauthorized, Viewer
from ..text import N_


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


def holds_other_seat(tables: Tables, table_id: str, seat: int) -> bool:
    """Does this browser still play another seat of this table as its own phone?"""
    token = session.get("seat", {}).get(table_id)
    if not token:
        return False
    try:
        viewer = tables.viewer_for(table_id, token)
    except Unauthorized:
        return False  # its seat was re-issued: it simply takes the new one
    return viewer.kind == "seat" and viewer.seat != seat


def passed_seats(table_id: str) -> list[int]:
    """The seats this device plays by being handed round, at this table."""
    return sorted(int(seat) for seat in session.get("pass", {}).get(table_id, {}))


def pass_viewer(tables: Tables, table_id: str, seat: int) -> Viewer:
    """A seat this device plays by being handed round, or a clear refusal."""
    token = session.get("pass", {}).get(table_id, {}).get(str(seat))
    if not token:
        tables.load(table_id)  # an unknown table is a 404 before anything else
        raise Unauthorized("no_seat", N_("This device does not play that seat."))
    viewer = tables.viewer_for(table_id, token)
    if viewer.kind != "seat" or viewer.seat != seat:
        raise Unauthorized("no_seat", N_("This device does not play that seat."))
    return viewer


def acting_seat_viewer(tables: Tables, table_id: str, posted_csrf: str) -> Viewer:
    """The seat a phone's form acts for. A device may play more than one seat (its own and
    seats handed round on it); each seat's forms carry that seat's own CSRF token, so the
    token posted says which seat this is. Without a match, the phone's own seat (whose CSRF
    check then refuses the post)."""
    for seat in passed_seats(table_id):
        try:
            viewer = pass_viewer(tables, table_id, seat)
        except Unauthorized:
            continue  # a seat re-issued since: this device no longer plays it
        if posted_csrf and hmac.compare_digest(viewer_csrf(tables, table_id, viewer), posted_csrf):
            return viewer
    return seat_viewer(tables, table_id)


def table_viewer(tables: Tables, table_id: str) -> Viewer:
    """The table screen's viewer: the host if this browser created the table, else the public."""
    token = session.get("host", {}).get(table_id)
    if not token:
        return tables.viewer_for(table_id, None)
    try:
        viewer = tables.viewer_for(table_id, token)
    except Unauthorized:
        return PUBLIC
    return viewer if viewer.kind == "host" else PUBLIC


def seat_viewer(tables: Tables, table_id: str) -> Viewer:
    """The phone's viewer: the seat this browser claimed, or a clear refusal."""
    token = session.get("seat", {}).get(table_id)
    if not token:
        tables.load(table_id)  # an unknown table is a 404 before anything else
        raise Unauthorized(
            "no_seat", N_("This phone has no seat at this table. Scan your seat's QR code.")
        )
    viewer = tables.viewer_for(table_id, token)
    if viewer.kind != "seat":
        raise Unauthorized("no_seat", N_("This phone has no seat at this table."))
    return viewer


def bearer_viewer(tables: Tables, table_id: str) -> Viewer:
    """The API's viewer from ``Authorization: Bearer <token>`` (none = the public view)."""
    header = request.headers.get("Authorization", "")
    token = header[7:].strip() if header.startswith("Bearer ") else None
    return tables.viewer_for(table_id, token)


def viewer_csrf(tables: Tables, table_id: str, viewer: Viewer) -> str:
    """The CSRF token of this viewer's forms at this table.

    It is bound to the viewer's own credential (the host token, or the seat's token, both as
    stored digests), not to a browser session, so a rendered view holds nothing
    session-specific and can be rendered once and sent to every stream of that viewer. A
    re-issued seat gets a new token, so the old phone's forms stop working too.
    """
    if viewer.kind == "host":
        credential = tables.load(table_id).host_hash
    elif viewer.kind == "seat" and viewer.seat is not None:
        credential = dict(tables.seat_hashes(tables.load(table_id))).get(viewer.seat, "")
    else:
        return ""
    message = f"csrf:{table_id}:{viewer.kind}:{viewer.seat}:{credential}".encode()
    key = current_app.config["SECRET_KEY"]  # create_app sets a str
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()[:32]
