"""Players without phones: a seat played by handing a shared device round.

The host's table screen (or a phone that already holds a seat) can also play a seat that
has no phone of its own. Between turns the device shows what it always shows (the public
table, or its own phone's face), with an offer at the top: "I am Cy: show my screen". Cy is
handed the device, taps it (one tap), acts, and taps "Done" (the second tap), which goes
straight back to the public table:

- ``POST /t/<id>/seats/pass`` (the host): claims a waiting seat for this device. The claim
  is public, like every claim ("Cy plays on the shared screen"), and this device keeps the
  seat's token beside its own (``auth.remember_pass``). Back to the table screen, which now
  offers the seat.
- ``GET /t/<id>/pass/<seat>/screen``: that seat's screen as a page of its own, never cached;
  "Done" (and the page going to the background) removes it and replaces it in the browser's
  history with the page the device came from (``static/js/pass.js``), so nothing private
  stays on the shared screen or one "back" away.
- ``GET /t/<id>/pass/<seat>``: a cover (a device that claimed the seat by scanning its code
  lands there). Nothing of the seat's own is on it; ``.../open`` is the seat's live area as
  a fragment for it, removed again on "Done".
- ``.../stream``: the seat's own live stream, for either.

A seat's forms post to the phone's own endpoints; the seat-bound CSRF token each form
carries tells which seat a post is for (``auth.acting_seat``).
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from ..errors import BadInput
from ..pipeline.tables import NotAllowed
from ..text import N_
from . import auth, regions, stream
from .screens import screen, tables
from .security import check_csrf

bp = Blueprint("passing", __name__)


def _seat_number(raw: str | None, players: int) -> int:
    if raw is None or not raw.isdigit() or not 0 <= int(raw) < players:
        raise BadInput("bad_seat", N_("There is no such seat."))
    return int(raw)


@bp.post("/t/<table_id>/seats/pass")
def start_passing(table_id: str) -> BaseResponse:
    """The host's screen takes a waiting seat, to be handed to its player for each turn."""
    asking = auth.table_screen(tables(), table_id)
    check_csrf(asking.csrf)
    if asking.viewer.kind != "host":
        raise NotAllowed("host_only", N_("Only the host's table screen can do that."))
    seat = _seat_number(request.form.get("seat"), len(asking.loaded.players))
    code = tables().join_code(table_id, seat)
    if code is None:
        raise NotAllowed(
            "seat_taken", N_("That seat already has a phone. Re-issue its code first.")
        )
    _table, _seat, token = tables().claim(code, shared=True)
    auth.remember_pass(table_id, seat, token)
    # The public table stays on the shared screen; its offer now names the seat.
    return redirect(url_for("pages.table", table_id=table_id), code=303)


@bp.get("/t/<table_id>/pass/<int:seat>")
def cover(table_id: str, seat: int) -> str:
    """Whose turn the device is for, and nothing of theirs until they ask."""
    asking = auth.passed(tables(), table_id, seat)
    s = screen(asking.loaded, auth.PUBLIC)
    return render_template("pass/cover.html", s=s, seat=asking.viewer.seat)


def _private(template: str, asking: auth.Asking, **extra: object) -> Response:
    """The seat's own screen, rendered for it alone and never kept in any cache."""
    loaded, viewer = asking.loaded, asking.viewer
    html = render_template(
        template, s=screen(loaded, viewer), live=Markup(regions.full(loaded, viewer)), **extra
    )
    response = Response(html)
    # A secret must not outlive the moment it is shown: not in any cache, not in history.
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<table_id>/pass/<int:seat>/open")
def open_seat(table_id: str, seat: int) -> Response:
    """The seat's own live area, for the cover, while its player holds the device."""
    return _private("pass/_open.html", auth.passed(tables(), table_id, seat), back=None)


@bp.get("/t/<table_id>/pass/<int:seat>/screen")
def seat_screen(table_id: str, seat: int) -> Response:
    """The seat's own screen as a page, opened with one tap from the public table; "Done"
    goes back to where the device came from: its own phone's face, or the public table."""
    asking = auth.passed(tables(), table_id, seat)
    own_phone = auth.holds_other_seat(tables(), asking.loaded, seat)
    back = url_for("pages.seat" if own_phone else "pages.table", table_id=table_id)
    return _private("pass/screen.html", asking, back=back)


@bp.get("/t/<table_id>/pass/<int:seat>/stream")
def seat_stream(table_id: str, seat: int) -> Response:
    return stream.stream_response(table_id, lambda pipeline, tid: auth.passed(pipeline, tid, seat))
