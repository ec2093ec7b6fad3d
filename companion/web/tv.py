"""The TV view of a table: its public live view, laid out to be read from the sofa.

A TV shows the public view and nothing more: it is always the public viewer (``regions.TV``),
even in the browser of the device that created the table (whose cookie would make the
ordinary table screen and its stream the host's, with the host's controls). So the page and
its live stream here never look at the session.

Its layout is its own, made for the sofa: the status line, the latest action, and each
game's TV pages (``templates/games/<game>/tv.html``) with what matters from 3 m, no host
instructions and nothing to tap. ``static/js/tv.js`` shows the pages one at a time, each
fitted to the screen, and turns to the next every ``PAGE_SECONDS``.
"""

from __future__ import annotations

from flask import Blueprint, Response, render_template, url_for
from markupsafe import Markup

from ..pipeline.tables import Tables
from . import auth, qr, regions, stream
from .screens import public_base_url, screen, tables

bp = Blueprint("tv", __name__)

# How long each of a game's TV pages stays on the screen before the next one (tv.js).
PAGE_SECONDS = 12


def on_tv(pipeline: Tables, table_id: str) -> auth.Asking:
    """Who asks on a TV: the public viewer (``regions.TV``), of a table that exists (an
    unknown table is a 404 here). It has no forms, so no CSRF token."""
    return auth.Asking(pipeline.load(table_id), regions.TV, "")


def tv_url(table_id: str) -> str:
    """The TV view's address as another device reaches it (the LAN address, for a QR)."""
    return public_base_url() + url_for("tv.tv", table_id=table_id)


@bp.get("/t/<table_id>/tv")
def tv(table_id: str) -> str:
    asking = on_tv(tables(), table_id)
    loaded, viewer = asking.loaded, asking.viewer
    return render_template(
        "table/tv.html",
        s=screen(loaded, viewer),
        live=Markup(regions.full(loaded, viewer)),
        page_seconds=PAGE_SECONDS,
    )


@bp.get("/t/<table_id>/tv/stream")
def tv_stream(table_id: str) -> Response:
    # The table screen's stream resolves its viewer from the cookie; this one never does.
    return stream.stream_response(table_id, on_tv, stream.TABLE_WINDOW_BITS)


@bp.get("/t/<table_id>/tv/code.svg")
def tv_qr(table_id: str) -> Response:
    """A QR code of the TV view's address, for a TV, tablet or phone with a camera."""
    on_tv(tables(), table_id)
    response = Response(qr.svg(tv_url(table_id), on_white=True), mimetype="image/svg+xml")
    # The address never changes for a table: safe to keep, and it is public.
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


@bp.app_template_global()
def tv_address(table_id: str) -> str:
    """The TV view's address, for the table screen to show (a TV's browser types it in)."""
    return tv_url(table_id)
