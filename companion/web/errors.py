"""Every refusal becomes a clear 4xx in the viewer's language, as JSON or HTML.

A rules error's message is an English msgid with parameters; it is translated here. The
messages never contain a secret (the games promise that), and nothing here logs them.
"""

from __future__ import annotations

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from ..games.base import N_, RulesError
from .i18n import translate

HTTP_MESSAGES = {
    400: N_("That request was not understood."),
    404: N_("There is nothing here."),
    405: N_("That is not allowed here."),
    413: N_("That request is too large."),
    429: N_("Too many attempts. Wait a minute and try again."),
}


def error_response(status: int, code: str, message: str) -> Response:
    """The same refusal for every kind of client: JSON for the API, a fragment for htmx."""
    if request.path.startswith("/api/") or request.is_json:
        response = jsonify({"error": {"code": code, "message": message}})
    elif request.headers.get("HX-Request"):
        response = Response(render_template("_error_toast.html", message=message))
        # htmx swaps error replies into the toast area, never over the live view.
        response.headers["HX-Retarget"] = "#toast"
        response.headers["HX-Reswap"] = "innerHTML"
    else:
        response = Response(render_template("error.html", message=message, status=status))
    response.status_code = status
    response.vary.add("HX-Request")
    return response


def _rules_error(err: RulesError) -> Response:
    return error_response(err.status, err.code, translate([err.message, err.params]))


def _http_error(err: HTTPException) -> Response:
    status = err.code or 500
    message = HTTP_MESSAGES.get(status, N_("That request was not understood."))
    return error_response(status, err.name.lower().replace(" ", "_"), translate(message))


def init_app(app: Flask) -> None:
    app.register_error_handler(RulesError, _rules_error)
    app.register_error_handler(HTTPException, _http_error)
