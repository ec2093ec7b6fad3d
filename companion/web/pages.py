"""The HTML pages: home, new table, the table screen, the phone, joining, printing QR codes.

Each view parses the request, calls the pipeline and renders; rules live in the games and
what a viewer may see is decided in ``screens``.
"""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from ..games import GAMES
from ..pipeline.tables import HOST, NotAllowed
from ..text import N_
from . import auth, qr, regions
from .i18n import COOKIE, LANGUAGES
from .posted import action_fields
from .screens import join_url, screen, tables
from .security import check_csrf, create_limit, join_limit, same_site_path

bp = Blueprint("pages", __name__)


def _is_htmx() -> bool:
    return bool(request.headers.get("HX-Request"))


def _form() -> dict[str, Any]:
    """The posted action: the form's fields with the pressed button's ``do`` (see ``posted``)."""
    return action_fields(request.form)


def _shown_version() -> int | None:
    """The version the page showed when it posted (htmx sends it), if it says."""
    raw = request.headers.get("X-Shown-Version", "")
    return int(raw) if raw.isdigit() and len(raw) <= 11 else None


def _after_change(asking: auth.Asking, page: str) -> BaseResponse:
    """htmx gets what changed on this viewer's screen; a plain form post goes back to the page.

    ``asking`` is on the table as the change left it (``Asking.after``), so the reply needs
    no load of its own. It carries only the regions and fragments that differ from the
    version the page showed (out-of-band swaps, nothing swapped into the target), or the
    whole live area if that version is no longer kept. ``X-Version`` tells the page which
    version it now holds.
    """
    loaded, viewer = asking.loaded, asking.viewer
    if not _is_htmx():
        return redirect(url_for(page, table_id=loaded.id), code=303)
    kind, body, _held = regions.catch_up(loaded, viewer, _shown_version())
    response = Response(body)
    if kind == "patch":
        response.headers["HX-Reswap"] = "none"
    response.headers["X-Version"] = str(loaded.version)
    response.vary.add("HX-Request")
    return response


@bp.get("/healthz")
def healthz() -> Response:
    return jsonify({"status": "ok"})


@bp.get("/")
def home() -> str:
    return render_template("home.html", games=list(GAMES.values()), recent=tables().recent(8))


@bp.get("/new/<game_id>")
def new_table(game_id: str) -> str:
    game = GAMES.get(game_id) or abort(404)
    return render_template("new.html", game=game)


@bp.post("/tables")
@create_limit
def create_table() -> BaseResponse:
    check_csrf()
    game_id = request.form.get("game", "")
    game = GAMES.get(game_id) or abort(404)
    options = {
        o.name: request.form.get(f"opt_{o.name}")
        for o in game.options
        if f"opt_{o.name}" in request.form
    }
    created = tables().create(game_id, request.form.getlist("player"), options)
    auth.remember("host", created.id, created.host_token)
    return redirect(url_for("pages.table", table_id=created.id), code=303)


@bp.get("/t/<table_id>")
def table(table_id: str) -> str:
    asking = auth.table_screen(tables(), table_id)
    loaded, viewer = asking.loaded, asking.viewer
    return render_template(
        "table/screen.html",
        s=screen(loaded, viewer),
        live=Markup(regions.full(loaded, viewer)),
        passed=auth.passed_seats(table_id),
    )


def _checked_table_screen(table_id: str) -> auth.Asking:
    """Who asks from the table screen, for a form post, after its CSRF check."""
    asking = auth.table_screen(tables(), table_id)
    check_csrf(asking.csrf)
    return asking


@bp.post("/t/<table_id>/act")
def table_act(table_id: str) -> BaseResponse:
    asking = _checked_table_screen(table_id)
    if asking.viewer.kind != "host":
        raise NotAllowed("host_only", N_("Only the host's table screen can do that."))
    changed = tables().change(table_id, asking.viewer, _form())
    return _after_change(asking.after(changed.loaded), "pages.table")


@bp.post("/t/<table_id>/undo")
def undo(table_id: str) -> BaseResponse:
    asking = _checked_table_screen(table_id)
    # The question's Confirm button sends the form again with ``confirm``.
    confirm = request.form.get("confirm") == "1"
    changed = tables().move_cursor(table_id, asking.viewer, undo=True, confirm=confirm)
    return _after_change(asking.after(changed.loaded), "pages.table")


@bp.post("/t/<table_id>/redo")
def redo(table_id: str) -> BaseResponse:
    asking = _checked_table_screen(table_id)
    changed = tables().move_cursor(table_id, asking.viewer, undo=False)
    return _after_change(asking.after(changed.loaded), "pages.table")


@bp.post("/t/<table_id>/seats/<int:seat>/reissue")
def reissue(table_id: str, seat: int) -> BaseResponse:
    asking = _checked_table_screen(table_id)
    tables().reissue(table_id, asking.viewer, seat)
    # The re-issue tells nothing of the table it left: the reply reads it once more.
    return _after_change(asking.after(tables().load(table_id)), "pages.table")


def _host_only(table_id: str) -> auth.Asking:
    asking = auth.table_screen(tables(), table_id)
    if asking.viewer.kind != "host":
        raise NotAllowed("host_only", N_("Only the host's table screen can do that."))
    return asking


@bp.get("/t/<table_id>/print")
def print_codes(table_id: str) -> str:
    return render_template("table/print.html", s=screen(_host_only(table_id).loaded, HOST))


@bp.get("/t/<table_id>/seats/<int:seat>/qr.svg")
def seat_qr(table_id: str, seat: int) -> Response:
    _host_only(table_id)
    code = tables().join_code(table_id, seat) or abort(404)
    response = Response(qr.svg(join_url(code)), mimetype="image/svg+xml")
    # The URL carries a key of the code (?k=), so a re-issued code gets a new URL.
    response.headers["Cache-Control"] = "private, max-age=3600"
    return response


@bp.get("/join/<code>")
@join_limit
def join(code: str) -> BaseResponse:
    table_id, seat, token = tables().claim(code)
    if auth.holds_other_seat(tables(), tables().load(table_id), seat):
        # A phone that already plays a seat here keeps it: the new one is handed round.
        auth.remember_pass(table_id, seat, token)
        return redirect(url_for("passing.cover", table_id=table_id, seat=seat), code=303)
    auth.remember("seat", table_id, token)
    # Redirect so the one-time code leaves the address bar (and the browser history).
    return redirect(url_for("pages.seat", table_id=table_id), code=303)


@bp.get("/host/<table_id>/<token>")
@join_limit
def host_link(table_id: str, token: str) -> BaseResponse:
    """Open a table as its host on this device (the link `companion demo` prints)."""
    viewer = tables().viewer_for(table_id, token)
    if viewer.kind != "host":
        raise NotAllowed("host_only", N_("Only the host can do that."))
    auth.remember("host", table_id, token)
    return redirect(url_for("pages.table", table_id=table_id), code=303)


@bp.get("/t/<table_id>/seat")
def seat(table_id: str) -> str:
    asking = auth.phone(tables(), table_id)
    loaded, viewer = asking.loaded, asking.viewer
    return render_template(
        "seat/phone.html",
        s=screen(loaded, viewer),
        live=Markup(regions.full(loaded, viewer)),
        passed=[n for n in auth.passed_seats(table_id) if n != viewer.seat],
    )


def _checked_seat(table_id: str) -> auth.Asking:
    """The seat a phone's post acts for (its own, or one handed round on this device), after
    its CSRF check."""
    asking = auth.acting_seat(tables(), table_id, request.form.get("csrf_token") or "")
    check_csrf(asking.csrf)
    return asking


@bp.post("/t/<table_id>/seat/act")
def seat_act(table_id: str) -> BaseResponse:
    asking = _checked_seat(table_id)
    changed = tables().change(table_id, asking.viewer, _form())
    return _after_change(asking.after(changed.loaded), "pages.seat")


@bp.post("/t/<table_id>/seat/undo")
def seat_undo(table_id: str) -> BaseResponse:
    """A phone takes back its own last action (only while it is the table's last)."""
    asking = _checked_seat(table_id)
    changed = tables().move_cursor(table_id, asking.viewer, undo=True)
    return _after_change(asking.after(changed.loaded), "pages.seat")


@bp.get("/lang/<code>")
def set_language(code: str) -> BaseResponse:
    response = redirect(same_site_path(request.args.get("next", "/")), code=303)
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=3600 * 24 * 365, samesite="Lax", httponly=True)
    return response
