"""A seat's private notes: what its player jots down during a game, kept for that seat alone.

Stored beside the log in the same database (``seat_notes``), one text per seat, so they
survive reconnects and a restart. They are read only through ``read`` with the seat that
owns them; nothing else in the app renders or serves them, and the archive never holds
them (a player takes them home only in their own receipt).

The web reaches them through ``of_seat`` and ``save``, which take the pipeline (``Tables``)
and the asking viewer, and refuse any viewer that is not a seat: only a seat's own phone,
or its screen on a shared device, ever reads or writes its notes. They are not a move of
the game: no log row, no new version, nothing on the live stream.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..errors import BadInput, NotAllowed
from ..store.log import Store
from ..text import N_

if TYPE_CHECKING:
    from .tables import Tables, Viewer

MAX_LENGTH = 4000  # a few paragraphs; a phone's notes, not a document


def read(store: Store, table_id: str, seat: int) -> str:
    """The seat's notes ("" if it has none)."""
    return store.seat_note(table_id, seat)


def write(store: Store, table_id: str, seat: int, text: str) -> None:
    """Replace the seat's notes (committed before this returns)."""
    text = text[:MAX_LENGTH]
    store.set_seat_note(table_id, seat, text, time.time())


def clean(text: str) -> str:
    r"""The notes as they are kept: line ends as the textarea counts them (a form sends
    "\r\n"), and at most ``MAX_LENGTH`` characters, or a refusal (nothing is cut silently).

    >>> clean("Bo lies\r\nCy: Ninja?")
    'Bo lies\nCy: Ninja?'
    >>> len(clean("\r\n" * MAX_LENGTH))
    4000
    >>> clean("x" * (MAX_LENGTH + 1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    companion.errors.BadInput: Your notes are too long: at most 4000 characters. ...
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if len(text) > MAX_LENGTH:
        raise BadInput(
            "notes_too_long",
            N_("Your notes are too long: at most {n} characters. They were not saved."),
            n=MAX_LENGTH,
        )
    return text


def _own_seat(viewer: Viewer) -> int:
    if viewer.kind != "seat" or viewer.seat is None:
        raise NotAllowed("no_seat", N_("Only a seat's own phone has notes."))
    return viewer.seat


def of_seat(tables: Tables, table_id: str, viewer: Viewer) -> str:
    """The asking seat's own notes."""
    return read(tables.store, table_id, _own_seat(viewer))


def save(tables: Tables, table_id: str, viewer: Viewer, text: str) -> str:
    """Keep ``text`` as the asking seat's notes; the text as kept."""
    seat = _own_seat(viewer)
    kept = clean(text)
    tables.load(table_id)  # an unknown table is refused before anything is written
    write(tables.store, table_id, seat, kept)
    return kept
