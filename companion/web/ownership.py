"""Is this browser the server's owner: the owner's mark in the session, and the refusals.

The mark is set by the owner link (``companion.web.owner``) and bound to the token's stored
digest, so a fresh link also ends every session the old one opened. Worked out once per
request.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import NoReturn

from flask import current_app, g, session

from ..errors import NotAllowed, Unauthorized
from ..pipeline import owner as token
from ..text import N_
from .screens import tables

OWNER_ONLY = N_(
    "Only the server's owner can do that (whoever started the server, with its owner link)."
)


def _mark(stored: str) -> str:
    """The session's owner mark for the stored digest: a new link makes old marks useless."""
    message = f"owner:{stored}".encode()
    key = current_app.config["SECRET_KEY"]  # create_app sets a str
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()[:32]


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
