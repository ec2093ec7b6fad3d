"""The server's owner: whoever started it, and the server-wide powers that are theirs alone.

``companion serve`` prints an owner link the first time it starts on a database, and
``companion owner-link`` prints a fresh one whenever it is asked (the old one then stops
working). Only the token's digest is kept, in the store's meta rows. Opening the link sets
an owner mark in the signed, HttpOnly session cookie; the mark is bound to the digest, so a
fresh link also ends every session the old one opened.

The owner merges players' spellings, imports archives and deletes imported plays; a table's
host changes only its own table's play (``companion.web.plays``). Holding some table's host
token grants nothing server-wide: anyone may create a table.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import NoReturn

from flask import (
    Blueprint,
    Response,
    current_app,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

from .. import archive
from ..errors import NotAllowed, Unauthorized
from ..store import Store, digest
from ..text import N_
from .screens import tables
from .security import limited

bp = Blueprint("owner", __name__)

OWNER_KEY = "owner_token_digest"  # the meta row that holds the owner token's digest
OWNER_ONLY = N_(
    "Only the server's owner can do that (whoever started the server, with its owner link)."
)


def issue(store: Store) -> str:
    """A fresh owner token (192 random bits); its digest replaces the old one, so the old
    link, and every session it opened, stop working."""
    token = secrets.token_urlsafe(24)
    store.set_meta(OWNER_KEY, digest(token))
    return token


def issue_first(store: Store) -> str | None:
    """An owner token if the database has no owner yet (the first start), else None."""
    if store.read_meta(OWNER_KEY) is not None:
        return None
    return issue(store)


def link(base: str, token: str) -> str:
    return f"{base.rstrip('/')}/owner/{token}"


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
        stored = tables().store.read_meta(OWNER_KEY) if mark else None
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


@bp.get("/owner/<token>")
def claim(token: str) -> Response:
    """The owner link: mark this browser's session as the owner's, and leave the address bar."""

    def check() -> str:
        stored = tables().store.read_meta(OWNER_KEY)
        if not stored or not hmac.compare_digest(digest(token), stored):
            raise NotAllowed(
                "bad_owner_link",
                N_(
                    "This owner link does not work (a newer one replaced it). Whoever runs"
                    " the server can print a new one with “companion owner-link”."
                ),
            )
        return stored

    stored = limited(request.remote_addr or "", check)  # guessing counts as failed joins do
    session["owner"] = _mark(stored)
    session.permanent = True
    return redirect(url_for("owner.page"), code=303)


@bp.get("/owner")
def page() -> str:
    owner_only()
    from .plays import play_item  # the archive's own view-model (it imports this module)

    imported = [play_item(p) for p in archive.plays(tables(), hidden=True) if p.imported]
    return render_template("owner/page.html", imported=imported)
