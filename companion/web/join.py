"""Joining without a camera: a seat's short code, typed at ``/j`` or opened as ``/j/<code>``.

The short code is a second way into a seat, beside the QR code's join code, and just as
single-use (``Tables.claim``). Being short it can be guessed, so every attempt runs under the
join limit of the client's address (``security.join_limit``: a refusal counts as a failure),
and every wrong code counts against the guess budget of every waiting short code, whoever
typed it (``store.seats``): a code locked that way is refused with why, and the QR code or a
new code from the host still works.
The code travels in a form post, never in a query string, and the access log redacts
``/j/<code>`` as it does ``/join/<code>``.
"""

from __future__ import annotations

import re

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ..errors import RulesError
from . import auth
from .errors import status_of
from .i18n import translate
from .screens import tables
from .security import check_csrf, join_limit

bp = Blueprint("join", __name__)

TYPED_MAX = 16  # more than any short code with spaces or dashes; the rest is not read
SEPARATORS = re.compile(r"[\s\-]+")


def _claim(typed: str) -> BaseResponse:
    """Claim the seat ``typed`` opens for this browser and go to its phone page."""
    code = SEPARATORS.sub("", typed[:TYPED_MAX])
    table_id, _seat, token = tables().claim(code)
    auth.remember("seat", table_id, token)
    # Redirect so the code leaves the address bar (and the browser history).
    return redirect(url_for("pages.seat", table_id=table_id), code=303)


def _form(typed: str = "", error: RulesError | None = None) -> tuple[str, int]:
    """The page with the one field; after a refusal, with why, and the status it earns."""
    message = translate([error.message, error.params]) if error else None
    html = render_template("join/code.html", typed=typed[:TYPED_MAX], error=message)
    return html, status_of(error) if error else 200


@bp.get("/j")
def form() -> tuple[str, int]:
    return _form()


@bp.post("/j")
@join_limit
def submit() -> BaseResponse | tuple[str, int]:
    typed = request.form.get("code", "")
    try:
        check_csrf()
        return _claim(typed)
    except RulesError as err:
        return _form(typed, err)


@bp.get("/j/<code>")
@join_limit
def direct(code: str) -> BaseResponse | tuple[str, int]:
    """A short join link (``/j/K7M4P``): claims at once, or says why not on the form."""
    try:
        return _claim(code)
    except RulesError as err:
        return _form(code, err)
