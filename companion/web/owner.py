"""The server's owner in the browser: the owner link, the owner's mark, the owner's page.

Opening the owner link (``companion.owner``) sets an owner mark in the signed, HttpOnly
session cookie; the mark is bound to the token's stored digest, so a fresh link also ends
every session the old one opened.

The owner merges players' spellings, imports archives and deletes imported plays; a table's
host changes only its own table's play (``companion.web.plays``). Holding some table's host
token grants nothing server-wide: anyone may create a table.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import NoReturn

from flask import (
    Blueprint,
    Response,
    current_app,
    g,
    redirect,
    render_template,
    session,
    url_for,
)

from .. import archive
from .. import owner as token
from ..errors import NotAllowed, Unauthorized
from ..text import N_
from .screens import tables
from .security import join_limit

bp = Blueprint("owner", __name__)

OWNER_ONLY = N_(
    "Only the server's owner can do that (whoever started the server, with its owner link)."
)


def _mark(stored: str) -> str:
    """The session's owner mark for the stored digest: a new link makes old marks useless."""
    message = f"owner:{stored}".encode()
    return hmac.new(current_app.secret_key.encode(), message, hashlib.sha256).hexdigest()[:32]


@bp.app_template_global("owner_mark")
def is_owner() -> bool:
    """Does this browser's session carry the owner's mark (worked out once per request)?"""
    found = getattr(g, "_tc_owner", None)
    if found is None:
        mark = session.get("owner")
        stored = token.current(tables()) if mark else None
        found = bool(stored) and hmac.compare_digest(str(mark), _mark(str(stored)))
        g._tc_owner = found
    return found


def refuse(code: str, message: str) -> NoReturn:
    """A refusal: 403 for a device that holds some credential, 401 for one with none."""
    if session.get("host") or session.get("owner"):
        raise NotAllowed(code, message)
    raise Unauthorized(code, message)


def owner_only() -> None:
    """Refuse anyone but the server's owner."""
    if not is_owner():
        refuse("owner_only", OWNER_ONLY)


@bp.get("/owner/<link_token>")
@join_limit  # a wrong owner token counts as a failed join does
def claim(link_token: str) -> Response:
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
    from .plays import play_item  # the archive's own view-model (it imports this module)

    imported = [play_item(p) for p in archive.plays(tables(), hidden=True) if p.imported]
    return render_template("owner/page.html", imported=imported)
