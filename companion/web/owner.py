"""The server's owner in the browser: the owner link, the owner's mark, the owner's page.

Opening the owner link (``companion.pipeline.owner``) sets an owner mark in the signed, HttpOnly
session cookie; the mark is bound to the token's stored digest, so a fresh link also ends
every session the old one opened.

The owner merges players' spellings, imports archives and deletes imported plays; a table's
host changes only its own table's play (``companion.web.plays``). Holding some table's host
token grants nothing server-wide: anyone may create a table.
"""

from __future__ import annotations

from flask import (
    Blueprint,
    redirect,
    render_template,
    send_file,
    session,
    url_for,
)
from werkzeug.wrappers import Response as BaseResponse

from ..after import archive
from ..errors import NotAllowed
from ..pipeline import owner as token
from ..text import N_
from .errors import error_response
from .i18n import translate
from .ownership import _mark, is_owner, owner_only
from .plays import play_item
from .screens import tables
from .security import join_limit

bp = Blueprint("owner", __name__)

# Templates ask ``owner_mark()`` to offer the owner's buttons only to the owner.
bp.add_app_template_global(is_owner, "owner_mark")


@bp.get("/owner/<link_token>")
@join_limit  # a wrong owner token counts as a failed join does
def claim(link_token: str) -> BaseResponse:
    """The owner link: mark this browser's session as the owner's, and leave the address bar."""

    def check() -> str:
        stored = token.opens(tables(), link_token)
        if stored is None:
            raise NotAllowed(
                "bad_owner_link",
                N_(
                    "This owner link does not work (a newer one replaced it). Whoever runs"
                    " the server can print a new one with “companion owner-link”."
                ),
            )
        return stored

    stored = check()
    session["owner"] = _mark(stored)
    session.permanent = True
    return redirect(url_for("owner.page"), code=303)


@bp.get("/owner")
def page() -> str:
    owner_only()
    imported = [play_item(p) for p in archive.plays(tables(), hidden=True) if p.imported]
    return render_template("owner/page.html", imported=imported)


@bp.get("/owner/backup")
def download_backup() -> BaseResponse:
    """A fresh consistent copy of every game, as a dated file (owner only). A GET that only
    reads: it changes nothing, so a forged link gains nobody anything."""
    owner_only()
    try:
        stream, name = token.backup(tables())
    except token.BackupFailed:
        return error_response(
            503,
            "backup_failed",
            translate(
                N_(
                    "The server could not make a backup just now. Whoever runs the server"
                    " can see why, and make one, with “companion backup”."
                )
            ),
        )
    reply = send_file(
        stream,
        as_attachment=True,
        download_name=name,
        mimetype="application/octet-stream",
        conditional=False,
    )
    # Every seat's secrets: never kept by a cache on the way.
    reply.headers["Cache-Control"] = "no-store"
    reply.headers.pop("Expires", None)
    return reply
