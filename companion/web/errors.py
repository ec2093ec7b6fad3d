"""Every refusal (4xx) and failure (5xx) becomes a clear reply in the viewer's language.

JSON for the API; for an htmx tap, a toast fragment aimed at the page's #toast, so a tap on a
live page that was refused, or could not be saved, says so on the device that tapped
(static/js/app.js shows it); a full page for anything else.

A rules error's message is an English msgid with parameters; it is translated here. The
messages never contain a secret (the games promise that), and nothing here logs them.
"""

from __future__ import annotations

import logging

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_limiter import RateLimitExceeded
from werkzeug.exceptions import HTTPException

from .. import errors
from ..errors import CannotSave, ConfirmFirst, RulesError, StoreUnavailable
from ..text import N_, as_is
from .i18n import translate

log = logging.getLogger(__name__)

# The HTTP status of each kind of refusal: the errors themselves know nothing of HTTP.
STATUS: dict[type[RulesError], int] = {
    errors.BadInput: 400,
    errors.CsrfError: 400,
    errors.Unauthorized: 401,
    errors.NotAllowed: 403,
    errors.NotFound: 404,
    errors.BadValue: 422,
    errors.TooManyAttempts: 429,
    RulesError: 409,  # the rules refuse it now (and ConfirmFirst, Barrier: a 409 too)
}


def status_of(err: RulesError) -> int:
    """The status of the nearest kind of refusal ``err`` is."""
    return next(STATUS[kind] for kind in type(err).__mro__ if kind in STATUS)


HTTP_MESSAGES = {
    400: N_("That request was not understood."),
    404: N_("There is nothing here."),
    405: N_("That is not allowed here."),
    408: N_("That request took too long to arrive. Try again."),
    413: N_("That request is too large."),
    429: N_("Too many attempts. Wait a minute and try again."),
    # A fault of the server's own (a bug): what was saved before the fault is still saved.
    500: N_(
        "Something went wrong on the server, so that did not work. Reload the page to see"
        " what was saved."
    ),
    503: N_("The server is busy right now, so nothing was changed. Try again in a moment."),
}


def wants_json() -> bool:
    """Is this an API request (JSON in, JSON out), rather than a page or an htmx form?"""
    return request.path.startswith("/api/") or request.is_json


def error_response(
    status: int,
    code: str,
    message: str,
    confirm: list[tuple[str, str]] | None = None,
    field: str | None = None,
) -> Response:
    """The same refusal for every kind of client: JSON for the API, a fragment for htmx.

    ``confirm``: the form fields to send again with ``confirm`` (a change that waits for the
    host to confirm it); the page then offers a Confirm button that does so.
    ``field``: the JSON name of the one field refused, which the API reply carries.
    """
    if wants_json():
        error: dict[str, str] = {"code": code, "message": message}
        if field is not None:
            error["field"] = field
        response = jsonify({"error": error})
    elif request.headers.get("HX-Request"):
        response = Response(render_template("_error_toast.html", message=message, confirm=confirm))
        # htmx swaps error replies into the toast area, never over the live view.
        response.headers["HX-Retarget"] = "#toast"
        response.headers["HX-Reswap"] = "innerHTML"
    else:
        response = Response(
            render_template("error.html", message=message, status=status, confirm=confirm)
        )
    response.status_code = status
    response.vary.add("HX-Request")
    return response


def _rules_error(err: RulesError) -> Response:
    confirm = None
    if isinstance(err, ConfirmFirst) and request.form:
        # Every value of a repeated field (tick boxes) goes back as it came.
        confirm = [(k, v) for k, v in request.form.items(multi=True) if k != "confirm"]
    params = dict(err.params)
    field = params.get("field") if isinstance(params.get("field"), str) else None
    if field is not None and wants_json() and "field_t" in params:
        # An API client sent JSON names, not the form's labels: name the field it sent,
        # as it is (a JSON name is never translated).
        params["field_t"] = as_is(field)
    message = translate([err.message, params])
    return error_response(
        status_of(err), err.code, message, confirm, field if wants_json() else None
    )


def _cannot_save(err: CannotSave) -> Response:
    # The reason (full disk, read-only file) is for the server's operator, not the players.
    # It names the database's error class alone: no table, no value, nothing of a player's.
    log.warning("a change could not be saved: %s", err)
    store = current_app.extensions.get("store")
    if store is not None and store.read_only:
        # Not "in a moment": this server was started on a database it may only read.
        return error_response(
            503,
            "read_only",
            translate(
                N_(
                    "This server's database is read-only: its games can be seen, but"
                    " nothing can be changed. Nothing that was saved before is lost."
                )
            ),
        )
    return error_response(
        503,
        "cannot_save",
        translate(
            N_(
                "The server can't save right now, so this change was not made. Nothing"
                " that was saved before is lost: try again in a moment."
            )
        ),
    )


def _store_unavailable(_err: StoreUnavailable) -> Response:
    response = error_response(
        503,
        "store_unavailable",
        translate(
            N_(
                "The server can't reach its database right now, so nothing was changed."
                " Nothing that was saved before is lost: try again in a moment."
            )
        ),
    )
    response.headers["Retry-After"] = "2"
    return response


def _http_error(err: HTTPException) -> Response:
    status = err.code or 500
    fallback = N_("That request was not understood.") if status < 500 else HTTP_MESSAGES[500]
    message = HTTP_MESSAGES.get(status, fallback)
    return error_response(status, err.name.lower().replace(" ", "_"), translate(message))


def _rate_limited(_err: RateLimitExceeded) -> Response:
    # The same code and message as the join limit's refusal: one thing for a client to handle.
    return error_response(429, "rate_limited", translate(HTTP_MESSAGES[429]))


def init_app(app: Flask) -> None:
    app.register_error_handler(RulesError, _rules_error)
    app.register_error_handler(CannotSave, _cannot_save)
    app.register_error_handler(StoreUnavailable, _store_unavailable)
    app.register_error_handler(RateLimitExceeded, _rate_limited)
    app.register_error_handler(HTTPException, _http_error)
