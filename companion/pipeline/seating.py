"""Who is asking, and the plain data the table pipeline (``tables``) hands out about seats.

A request is made by the host, by one seat's phone, or by anyone looking at the public
table screen (``Viewer``). A seat as the screens list it is a ``SeatRow``; a new table is a
``Created``, with the host's token and each seat's codes, shown once.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field
from typing import NamedTuple

from ..games.kit import Actor


@dataclass(frozen=True)
class Viewer:
    """Who is asking: the host, one seat, or anybody looking at the public table screen."""

    kind: str  # "host" | "seat" | "public"
    seat: int | None = None
    # A seat's token digest, as it was when this viewer was worked out: the write that
    # records its action checks the seat still has it (another process may have given the
    # seat a new code since). Not part of who the viewer is, and never shown.
    credential: str | None = field(default=None, compare=False, repr=False)
    # Where a public viewer looks: the table screen, or a TV across the room. The same
    # public view either way; only the layout (its regions and templates) differs.
    screen: str = "table"

    @property
    def actor(self) -> Actor:
        return self.seat if self.kind == "seat" else None

    @property
    def key(self) -> str:
        """The view this viewer gets: "public" (host and table screen alike) or "seat:N"."""
        return f"seat:{self.seat}" if self.kind == "seat" else "public"


PUBLIC = Viewer("public")
HOST = Viewer("host")


@dataclass(frozen=True)
class Created:
    id: str
    host_token: str
    join_codes: list[str]
    short_codes: list[str]  # the same seats' codes to type, for a phone without a camera


@dataclass(frozen=True)
class SeatRow:
    """One seat as the screens list it, as plain data."""

    seat: int
    name: str
    joined: bool
    phones: int  # how many phones have held it (a public fact: every claim is a public line)
    join_code: str | None  # until the seat is claimed; only the host's screen may show it
    short_code: str | None  # the same seat's code to type (/j); the host's screen alone too
    qr_key: str | None  # a key of that code: a re-issued seat's QR gets a new URL
    # Its short code was locked after too many wrong guesses (the host offers a new one).
    short_locked: bool = False


class RecentTable(NamedTuple):
    """A table on the home page's list of recent tables."""

    id: str
    game: str
    players: list[str]


def new_token() -> str:
    """A bearer secret: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def seat_of(hashed: str, seats: list[tuple[int, str]]) -> int | None:
    """The seat whose token digest is ``hashed`` (compared in constant time), else None."""
    for seat, seat_hash in seats:
        if hmac.compare_digest(hashed, seat_hash):
            return seat
    return None
