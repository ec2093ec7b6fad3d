"""The server's owner token: issued when the server first starts, re-issued on demand.

The owner is whoever started the server. ``companion serve`` prints an owner link the first
time it starts on a database, ``companion owner-link`` a fresh one whenever asked. Only the
token's SHA-256 digest is kept, in the store's meta rows (as every token is kept), and a new
token's digest replaces the old one's, so the old link stops working. What the owner may do
is the web layer's part (``companion.web.owner``).
"""

from __future__ import annotations

import hmac
import logging
import secrets
import tempfile
import time
from pathlib import Path
from typing import IO

from ..store.backup import Refused
from ..store.log import Store, digest
from .tables import Tables

OWNER_KEY = "owner_token_digest"  # the meta row that holds the owner token's digest


def issue(store: Store) -> str:
    """A fresh owner token (192 random bits); its digest replaces the old one's."""
    token = secrets.token_urlsafe(24)
    store.set_setting(OWNER_KEY, digest(token))
    return token


def issue_first(store: Store) -> str | None:
    """An owner token if the database has no owner yet (the first start), else None."""
    if store.setting(OWNER_KEY) is not None:
        return None
    return issue(store)


def link(base: str, token: str) -> str:
    return f"{base.rstrip('/')}/owner/{token}"


def current(tables: Tables) -> str | None:
    """The digest of the owner token that works now (None before any was issued)."""
    return tables.store.setting(OWNER_KEY)


def opens(tables: Tables, token: str) -> str | None:
    """The current digest if ``token`` is the owner token, else None."""
    stored = current(tables)
    return stored if stored and hmac.compare_digest(digest(token), stored) else None


class BackupFailed(Exception):
    """The server could not make a backup for a download (its reason is in the server's log)."""


def backup(tables: Tables) -> tuple[IO[bytes], str]:
    """A fresh consistent copy of the whole database for the owner to download, and a dated
    file name for it. The copy is made in the temporary folder and read from there."""
    store = tables.store
    try:
        stream = store.backup_stream(Path(tempfile.gettempdir()))
    except (Refused, OSError) as err:
        # The reason may name files and tools: the server's operator reads it, not the page.
        logging.getLogger(__name__).warning("a backup for the owner failed: %s", err)
        raise BackupFailed() from None
    day = time.strftime("%Y-%m-%d-%H%M", time.gmtime())
    return stream, f"table-companion-{day}{store.backup_suffix}"
