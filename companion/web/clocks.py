"""The host's one Pause/Resume of the table's clocks: a form on the table screen, and the
API's ``POST /api/tables/<id>/clocks``. Both go through the pipeline (``Tables.pause_clocks``),
which writes a note under the table's lock; anyone but the host is refused."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from werkzeug.wrappers import Response as BaseResponse

from ..errors import BadInput
from ..pipeline.tables import Tables
from ..text import N_
from . import auth
from .clock_board import api_clocks
from .pages import _after_change, _checked_table_screen  # the pages' own reply to a post

bp = Blueprint("clocks", __name__)


def _tables() -> Tables:
    return current_app.extensions["tables"]


def _paused(raw: Any) -> bool:
    if raw in (True, 1, "1", "true", "on", "yes"):
        return True
    if raw in (False, 0, "0", "false", "off", "no"):
        return False
    raise BadInput("bad_paused", N_("Say whether the clocks pause or run."))


@bp.post("/t/<table_id>/clocks")
def pause_form(table_id: str) -> BaseResponse:
    """The table screen's Pause/Resume (the host's, with its CSRF token)."""
    asking = _checked_table_screen(table_id)
    changed = _tables().pause_clocks(table_id, asking.viewer, _paused(request.form.get("paused")))
    return _after_change(asking.after(changed.loaded), "pages.table")


@bp.post("/api/tables/<table_id>/clocks")
def pause_api(table_id: str) -> Response:
    """``{"paused": true}`` pauses every clock, ``false`` restarts them (host token)."""
    viewer = auth.bearer(_tables(), table_id).viewer
    body = request.get_json(silent=True)
    raw = body.get("paused") if isinstance(body, dict) else None
    changed = _tables().pause_clocks(table_id, viewer, _paused(raw))
    return jsonify({"version": changed.version, "clocks": api_clocks(changed.loaded)})
