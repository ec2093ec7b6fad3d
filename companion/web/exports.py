"""Exports of the results archive, the end screen's links, a seat's receipt, and import.

- ``/plays/<table_id>/export.csv`` and ``.json``, ``/plays/export.csv`` and ``.json``: the
  archive's public outcome, texts in the viewer's language (anyone who may open the table
  screen may read its result; the archive holds nothing else).
- ``/t/<table_id>/seat/receipt``: one seat's own line of the scoring and its own notes, for
  the phone that holds that seat, once the game is over.
- ``POST /plays/import``: the server's owner restores an exported JSON archive.
- ``/plays/<table_id>/bgstats``: a short link that sends the device that opens it on to BG
  Stats with the play filled in (in that device's language), and ``bgstats.svg``, its QR code:
  BG Stats lives on the players' phones, so the end screen shows the code for them to scan.

The formats are documented in docs/exports.md; ``companion.after.exports`` builds them.
"""

from __future__ import annotations

import json
import time
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    jsonify,
    redirect,
    request,
    session,
    url_for,
)
from werkzeug.wrappers import Response as BaseResponse

from ..after import archive, exports
from ..after.archive import Play
from ..after.archive_schema import TooLarge
from ..errors import BadInput, NotFound, RulesError
from ..pipeline.tables import Tables, Viewer
from ..text import N_, P
from . import auth, ownership, qr
from .errors import error_response
from .i18n import lang, translate
from .screens import public_base_url
from .security import check_csrf

bp = Blueprint("exports", __name__)

IMPORT_MAX_BYTES = 4 * 1024 * 1024  # years of a group's plays; the app's usual limit is 64 KB
IMPORT_MAX_PLAYS = 5_000  # imported plays a server keeps in all (and so at most per file)


def tables() -> Tables:
    return current_app.extensions["tables"]


def _download(body: bytes, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")  # the language is the device's choice
    return response


def _finished(table_id: str) -> Play:
    """A finished play (this server's or an imported one), or a clear refusal."""
    found = archive.play(tables(), table_id)
    if found is not None:
        return found
    if table_id.startswith(archive.IMPORTED_PREFIX):
        raise NotFound("unknown_play", N_("There is no such finished game."))
    tables().load(table_id)  # an unknown table is a 404 before anything else
    raise RulesError("not_over", N_("The game is not over yet."))


def _json_bytes(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


@bp.get("/plays/<table_id>/export.csv")
def play_csv(table_id: str) -> Response:
    play = _finished(table_id)
    return _download(exports.to_csv([play], translate), "text/csv", f"play-{table_id}.csv")


@bp.get("/plays/<table_id>/export.json")
def play_json(table_id: str) -> Response:
    data = exports.to_json([_finished(table_id)], translate, lang(), time.time())
    return _download(_json_bytes(data), "application/json", f"play-{table_id}.json")


@bp.get("/plays/export.csv")
def archive_csv() -> Response:
    played = archive.plays(tables(), hidden=True)
    return _download(exports.to_csv(played, translate), "text/csv", "plays.csv")


@bp.get("/plays/export.json")
def archive_json() -> Response:
    played = archive.plays(tables(), hidden=True)
    data = exports.to_json(played, translate, lang(), time.time())
    return _download(_json_bytes(data), "application/json", "plays.json")


# -- a seat's receipt -----------------------------------------------------------------------


def _receipt_viewer(table_id: str) -> Viewer:
    """The seat asking: the phone's own seat, or (``?seat=N``) a seat this device plays by
    being handed round. Any other device is refused."""
    asked = request.args.get("seat", "")
    if asked.isdigit():
        own = session.get("seat", {}).get(table_id)
        if own:
            viewer = auth.phone(tables(), table_id).viewer
            if viewer.seat == int(asked):
                return viewer
        return auth.passed(tables(), table_id, int(asked)).viewer
    return auth.phone(tables(), table_id).viewer


@bp.get("/t/<table_id>/seat/receipt")
def receipt(table_id: str) -> Response:
    viewer = _receipt_viewer(table_id)
    assert viewer.seat is not None  # a seat viewer always has its seat
    play = _finished(table_id)
    notes = exports.notes_of(tables(), table_id, viewer.seat)
    text = exports.receipt(play, viewer.seat, notes, translate)
    filename = f"receipt-{table_id}-seat{viewer.seat + 1}.txt"
    return _download(text.encode("utf-8"), "text/plain", filename)


# -- BG Stats from any device ---------------------------------------------------------------


@bp.get("/plays/<table_id>/bgstats")
def bgstats(table_id: str) -> BaseResponse:
    """On to BG Stats with the play filled in, in the language of the device that opens it
    (a phone that scanned the end screen's code); the archive's outcome is public."""
    response = redirect(exports.bgstats_url(_finished(table_id), translate), code=303)
    response.headers["Cache-Control"] = "no-store"
    return response


def bgstats_link(table_id: str) -> str:
    """The short link a phone reaches over the table's Wi-Fi (the address phones join by)."""
    return public_base_url() + url_for("exports.bgstats", table_id=table_id)


@bp.get("/plays/<table_id>/bgstats.svg")
def bgstats_qr(table_id: str) -> Response:
    _finished(table_id)
    # On its own white square: the end screen may be dark, and a code needs its quiet zone.
    response = Response(qr.svg(bgstats_link(table_id), on_white=True), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response


# -- the end screen's links -----------------------------------------------------------------


@bp.app_template_global()
def end_links(table_id: str, is_host: bool, seat: int | None) -> dict[str, str]:
    """The end screen's links for this viewer: the host's exports, BG Stats with its QR code
    (and the result sheet if the archive pages have one), or a seat's BG Stats link and
    receipt; nothing for the public screen."""
    if not is_host and seat is None:
        return {}
    # Shown with the result, so the play is archived: only the host's page (one screen, not
    # every phone) pays for looking it up, as its exports need it.
    if is_host and archive.play(tables(), table_id) is None:
        return {}
    links = {"bgstats": url_for("exports.bgstats", table_id=table_id)}
    if is_host:
        links |= {
            "bgstats_qr": url_for("exports.bgstats_qr", table_id=table_id),
            "csv": url_for("exports.play_csv", table_id=table_id),
            "json": url_for("exports.play_json", table_id=table_id),
        }
        if "plays.sheet" in current_app.view_functions:
            links["print"] = url_for("plays.sheet", table_id=table_id)
        return links
    links["receipt"] = url_for("exports.receipt", table_id=table_id, seat=seat)
    return links


# -- import ---------------------------------------------------------------------------------


@bp.post("/plays/import")
def import_archive() -> BaseResponse:
    # The server's owner alone: imported plays count in every group's records.
    ownership.owner_only()
    # The file may be larger than a form post usually is (MAX_CONTENT_LENGTH).
    request.max_content_length = current_app.config.get("IMPORT_MAX_BYTES", IMPORT_MAX_BYTES)
    check_csrf()
    upload = request.files.get("file")
    if upload is None:
        raise BadInput("no_file", N_("Choose an exported JSON archive to import."))
    cap = current_app.config.get("IMPORT_MAX_PLAYS", IMPORT_MAX_PLAYS)
    now = time.time()
    try:
        played = exports.parse_archive(upload.read(), now, max_plays=min(cap, exports.MAX_PLAYS))
        added, skipped = archive.imported(tables(), played, now, limit=cap)
    except TooLarge as err:  # over a cap: "too large", with the reason
        return error_response(413, err.code, translate([err.message, err.params]))
    message = translate(
        P(
            "Imported {n} play; {skipped} were already here.",
            "Imported {n} plays; {skipped} were already here.",
            added,
            skipped=skipped,
        )
    )
    if request.accept_mimetypes.best == "text/html":
        # The form on the Plays page: back to the list, which says what came in.
        return redirect(url_for("plays.plays", imported=added, skipped=skipped), code=303)
    return jsonify({"imported": added, "skipped": skipped, "message": message})
