"""Security around every request: CSRF on forms, strict headers, compression, rate limits.

Forms (the table screen and the phones) authenticate with the session cookie, so every
POST from them must carry the session's CSRF token (a hidden field, or the X-CSRF-Token
header htmx sends). The JSON API authenticates with a bearer token only and ignores
cookies, so it needs no CSRF token.

Two rate limits per client address, both Flask-Limiter's: failed joins (``join_limit``,
code guessing: only refusals count) and table creation (``create_limit``: one device
filling the disk with tables). Guessing short codes is also bounded for everyone together,
in the database (``store.seats``'s guess budget, ``SHORT_CODE_GUESS_BUDGET``).
"""

from __future__ import annotations

import gzip
import hmac
import secrets
import unicodedata
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request, session
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from ..errors import CsrfError
from ..text import N_

# media-src data: is for NoSleep.js (static/vendor), whose screen-keeping video is a data:
# URI inside the script; the app plays no other media.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "media-src data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
COMPRESSIBLE = (
    "text/html",
    "text/css",
    "application/javascript",
    "text/javascript",
    "application/json",
    "image/svg+xml",
)


def csrf_token() -> str:
    """This session's CSRF token (created on first use)."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def check_csrf(viewer_token: str = "") -> None:
    """Refuse a form post that carries neither this session's nor this viewer's CSRF token."""
    sent = [request.headers.get("X-CSRF-Token") or "", request.form.get("csrf_token") or ""]
    expected = [t for t in (session.get("csrf") or "", viewer_token) if t]
    if not any(hmac.compare_digest(a.encode(), b.encode()) for a in sent if a for b in expected):
        raise CsrfError("csrf", N_("This page has expired. Reload it and try again."))


def _refused(response: Response) -> bool:
    """Does this reply count against the join limit? A refusal does (a wrong or used code, a
    bad token); a join that worked does not, nor the limit's own 429 (waiting is not
    guessing)."""
    return 400 <= response.status_code < 500 and response.status_code != 429


# One limiter for the process (a decorator needs it at import time); ``init_app`` gives it a
# fresh in-memory store per app. Its limits are read from the app's config on each request.
# The sliding-window counter keeps two counters per address, each dropped once its window
# has passed, so memory follows the addresses seen in the last two windows, never all of
# them (the in-memory moving window keeps an empty list for every key it ever saw).
limiter = Limiter(get_remote_address, storage_uri="memory://", strategy="sliding-window-counter")
# Shared by the form and the API: both count against one budget per address.
create_limit = limiter.shared_limit(
    lambda: current_app.config["CREATE_RATE_LIMIT"], scope="create_table"
)
# Every way into a seat or a table by a code or token (/join, /j, /api/join, the host link)
# shares one budget of *failures* per address: a table's worth of phones scanning valid
# codes is fine, guessing codes is not. It is per process (each worker counts its own); the
# bound that holds across addresses and processes is the database's guess budget
# (``store.seats``).
join_limit = limiter.shared_limit(
    lambda: current_app.config["JOIN_RATE_LIMIT"], scope="join", deduct_when=_refused
)


def same_site_path(target: str) -> str:
    r"""``target`` if it is a path on this site, else "/" (never a redirect to another site).

    Browsers drop tabs and newlines from URLs and read a backslash as a slash, so
    "/\t/evil.example" or "/\\evil.example" would become "//evil.example": any control
    character or backslash is refused outright, before the scheme and host are checked.

    >>> same_site_path("/t/abc?x=1")
    '/t/abc?x=1'
    >>> [same_site_path(t) for t in ("//evil.example", "/\t/evil.example", "/\\evil.example")]
    ['/', '/', '/']
    >>> [same_site_path(t) for t in ("https://evil.example/", " //evil.example", "")]
    ['/', '/', '/']
    """
    if (
        not target
        or "\\" in target
        or any(unicodedata.category(ch)[0] in "CZ" and ch != " " for ch in target)
    ):
        return "/"
    parts = urlsplit(target.strip())
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    return target


def _headers(response: Response) -> Response:
    h = response.headers
    h.setdefault("Content-Security-Policy", CSP)
    h.setdefault("X-Content-Type-Options", "nosniff")
    h.setdefault("X-Frame-Options", "DENY")
    # A join URL carries a one-time code: never leak it in a Referer.
    h.setdefault("Referrer-Policy", "no-referrer")
    if response.mimetype == "text/html" or request.path.startswith("/api/"):
        h.setdefault("Cache-Control", "no-store")
    return response


def _compress(response: Response) -> Response:
    if (
        response.direct_passthrough
        or response.is_streamed
        or response.status_code < 200
        or "gzip" not in request.headers.get("Accept-Encoding", "")
        or response.mimetype not in COMPRESSIBLE
        or "Content-Encoding" in response.headers
    ):
        if response.mimetype in COMPRESSIBLE:
            response.vary.add("Accept-Encoding")
        return response
    body = response.get_data()
    if len(body) < 600:
        return response
    response.set_data(gzip.compress(body, compresslevel=6))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def init_app(app: Flask) -> None:
    # Wrong short codes a waiting seat's code survives, server-wide (docs/security.md).
    pipeline = app.extensions["tables"]
    pipeline.guess_budget = app.config.setdefault("SHORT_CODE_GUESS_BUDGET", pipeline.guess_budget)
    limiter.init_app(app)
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.after_request(_compress)
    app.after_request(_headers)
