"""A seat's private notes, on its own phone (and on its screen on a shared device) only.

- ``POST /t/<id>/seat/notes`` (a seat's own form, with that seat's CSRF token): keeps the
  posted ``text`` as the seat's notes and answers with the small "Saved" state. A device
  that plays more than one seat says which by the token it posts, as ``pages.seat_act``.
- ``notes_section(s)`` (a template global): the notes section of a seat's own page, with
  the text in its (hidden) textarea. Only the phone page and a handed-round seat's open
  view include it; it is never part of the live area, so no stream ever carries it.

The text is never logged, never in the public API or the archive, and a refusal never
echoes it.
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from ..pipeline import seat_notes
from . import auth
from .screens import Screen, tables
from .security import check_csrf

bp = Blueprint("seat_notes", __name__)


@bp.post("/t/<table_id>/seat/notes")
def save(table_id: str) -> BaseResponse:
    asking = auth.acting_seat(tables(), table_id, request.form.get("csrf_token") or "")
    check_csrf(asking.csrf)
    viewer = asking.viewer
    seat_notes.save(tables(), table_id, viewer, request.form.get("text", ""))
    if not request.headers.get("HX-Request"):  # a plain form post goes back to its page
        if viewer.seat in auth.passed_seats(table_id):
            return redirect(url_for("passing.cover", table_id=table_id, seat=viewer.seat), 303)
        return redirect(url_for("pages.seat", table_id=table_id), code=303)
    response = Response(render_template("seat/_notes.html", state_only=True, saved=True))
    # Only this device's own post ever gets this reply: never kept by a cache.
    response.headers["Cache-Control"] = "no-store"
    response.vary.add("HX-Request")
    return response


@bp.app_template_global()
def notes_section(s: Screen) -> Markup:
    """The notes section of a seat's own screen (nothing on any other screen)."""
    if s.viewer.kind != "seat":
        return Markup("")
    text = seat_notes.of_seat(tables(), s.table_id, s.viewer)
    return Markup(
        render_template(
            "seat/_notes.html",
            state_only=False,
            saved=bool(text),
            s=s,
            text=text,
            max_length=seat_notes.MAX_LENGTH,
        )
    )
