"""Why a request is refused: the named errors every layer raises, and none of them an HTTP status.

The ground floor under the games, the kit and the web. An error carries a stable ``code``
(part of the JSON API) and an English msgid with ``params``; the web layer translates it and
picks the HTTP status from the error's class (``companion.web.errors``), as python-chess names
``IllegalMoveError`` without knowing who reports it. A message never contains a secret that
the asker may not know. ``CannotSave`` sits here too: the store raises it, the web answers it,
and neither needs to import the other for that.

>>> err = NotAllowed("not_your_turn", "It is {name}'s turn.", name="Ann")
>>> err.code, str(err), isinstance(err, RulesError)
('not_your_turn', "It is Ann's turn.", True)
"""

from __future__ import annotations

from typing import Any


class RulesError(ValueError):
    """The rules refuse an action. Nothing changes; the viewer gets ``message`` in their language.

    ``code`` is stable (part of the JSON API); ``message`` is an English msgid with
    ``{placeholders}`` filled from ``params``. It must never contain another seat's secret.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message.format(**params) if params else message)
        self.code = code
        self.message = message
        self.params = params


class NotAllowed(RulesError):
    """The actor may not do this (another seat's counter, a host-only action, out of turn)."""


class BadValue(RulesError):
    """A parameter is well-formed but out of range for the current state."""


class BadInput(RulesError):
    """The request itself is malformed: an unknown field, a wrong type, a number out of range."""


class NotFound(RulesError):
    """An unknown game, table, seat or code."""


class Unauthorized(RulesError):
    """No valid token for this table."""


class ConfirmFirst(RulesError):
    """A host's correction that would reveal something (or end the game) waits for the host to
    confirm: the request is sent again with ``confirm``. Nothing changed."""


class Barrier(RulesError):
    """Undo stops at an action that made hidden information public."""


class TooManyAttempts(RulesError):
    """A client tried too often (guessing join codes, creating tables)."""


class CsrfError(RulesError):
    """A form post without this session's CSRF token."""


class CannotSave(Exception):
    """The database refused a write (disk full, read-only, I/O error): nothing was changed.

    Not a refusal (no rule said no, and the asker did nothing wrong), so not a ``RulesError``:
    the store raises it, and the web answers 503 with a message that names no file or disk.
    """


class StoreUnavailable(CannotSave):
    """The database cannot be reached (PostgreSQL restarting, the network down): nothing was
    read or changed. The web answers 503; the store reconnects by itself."""


class Stale(Exception):
    """Another server process changed the table first: the write was not made. The caller
    rebuilds the table from the log and tries again (never written from an old state)."""
