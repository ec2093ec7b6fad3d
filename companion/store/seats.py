"""The seats of the durable store: who holds each seat, and the codes that open it.

A seat is opened by one of two codes, both single-use and both re-issued together:

- its *join code*, a 192-bit token, which the seat's QR code carries;
- its *short code*, five characters a player can type when the phone has no camera
  (``/j``). The alphabet leaves out 0/O and 1/I/L, which people misread, and case does not
  matter. Short codes are unique among the seats still waiting for a phone; a claim or a
  new code retires the old one. Being short, a short code can be guessed: the web layer
  lets one address fail only a few times a minute (``web.security.join_limit``), and the
  store bounds everyone's guesses together, whatever their addresses and processes.

The guess budget: every wrong short code typed anywhere on the server adds one to a single
counter in the database (``guesses``, one row: one small update per wrong guess, nothing to
prune). Each seat remembers the counter's value when its short code was issued
(``short_since``); once ``budget`` wrong guesses have been made since, that short code is
*locked*: it opens nothing (the QR code's join code still works) and the host's screen
offers a new one. A wrong guess names no table, so it counts against every waiting code:
while a code is open at most ``budget`` guesses are made, each a hit with a chance of one
in 31**5 per waiting code. The look-up and the count run in one transaction that holds the
counter's row, so guesses made at once, in any process, cannot slip past the budget
(docs/security.md works out the odds).

Both codes are stored as they are until the seat is claimed (the host's screen shows
them), then cleared; only the join code's digest is kept, to say "already used". Seat
tokens are stored as SHA-256 digests.

``SeatStore`` is a part of ``store.Store`` (it is mixed into it); the plumbing it uses,
``_write``, ``_one``, ``_all`` and ``_note``, is the store's.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from typing import Any

# No 0/O, no 1/I/L: what is left reads the same on any screen and in any hand.
SHORT_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
SHORT_LENGTH = 5
# Wrong guesses, server-wide, that a waiting seat's short code survives (docs/security.md).
GUESS_BUDGET = 100

# A note to write: (who did it, the note's action, its events).
Note = tuple[int | None, dict[str, Any], list[dict[str, Any]]]


def digest(token: str) -> str:
    """The stored form of a secret token."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_short_code() -> str:
    """Five random characters of ``SHORT_ALPHABET`` (about 24.7 bits)."""
    return "".join(secrets.choice(SHORT_ALPHABET) for _ in range(SHORT_LENGTH))


def normal_short_code(raw: str) -> str | None:
    """The short code a player typed, as stored, or None if it cannot be one.

    Case, spaces and dashes do not matter.

    >>> normal_short_code(" k7m-4p "), normal_short_code("K7M4"), normal_short_code("K7M4O")
    ('K7M4P', None, None)
    """
    code = raw.replace(" ", "").replace("-", "").upper()
    if len(code) != SHORT_LENGTH or any(ch not in SHORT_ALPHABET for ch in code):
        return None
    return code


def issue_short_code(db: Any) -> str:
    """A short code no waiting seat holds now (in the writer's transaction: no race)."""
    while True:
        code = new_short_code()
        if db.execute("SELECT 1 FROM seats WHERE short_code=?", (code,)).fetchone() is None:
            return code


def wrong_guesses(db: Any) -> int:
    """How many wrong short codes have been typed on this server, ever."""
    return db.execute("SELECT failures FROM guesses WHERE id=1").fetchone()[0]


def insert_seats(db: Any, table_id: str, join_codes: list[str]) -> list[str]:
    """Store a new table's seats, each with its join code and a fresh short code."""
    shorts = []
    since = wrong_guesses(db)
    for n, code in enumerate(join_codes):
        short = issue_short_code(db)
        db.execute(
            "INSERT INTO seats(table_id, seat, join_code, short_code, short_since)"
            " VALUES (?, ?, ?, ?, ?)",
            (table_id, n, code, short, since),
        )
        shorts.append(short)
    return shorts


def upgrade_seats(db: Any) -> None:
    """Bring the seats of an older database up to date (the ``short_code`` column exists).

    Short codes are unique among waiting seats; a seat that was waiting for a phone before
    short codes existed gets one, so the host's screen can show it.
    """
    db.execute(
        "CREATE UNIQUE INDEX IF NOT EXISTS seats_short ON seats(short_code)"
        " WHERE short_code IS NOT NULL"
    )
    waiting = db.execute(
        "SELECT table_id, seat FROM seats WHERE join_code IS NOT NULL AND short_code IS NULL"
    ).fetchall()
    for table_id, seat in waiting:
        db.execute(
            "UPDATE seats SET short_code=? WHERE table_id=? AND seat=?",
            (issue_short_code(db), table_id, seat),
        )


class SeatLost(Exception):
    """The seat that acts no longer has the token the request was made with (it was given a
    new code, perhaps through another process, since): the write was not made."""


def check_holder(db: Any, table_id: str, holder: tuple[int, str] | None) -> None:
    """Inside a write: ``SeatLost`` unless the seat still has the token digest the request
    was authenticated with. ``holder`` is (seat, digest); None (the host) checks nothing."""
    if holder is None:
        return
    seat, hashed = holder
    row = db.execute(
        "SELECT token_hash FROM seats WHERE table_id=? AND seat=?", (table_id, seat)
    ).fetchone()
    if row is None or row[0] is None or not hmac.compare_digest(row[0], hashed):
        raise SeatLost(table_id)


class SeatStore:
    """The store's seat methods (mixed into ``store.Store``)."""

    # Provided by ``store.Store``.
    _write: Callable[..., Any]
    _one: Callable[[str, tuple[Any, ...]], tuple[Any, ...] | None]
    _all: Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]]
    _note: Callable[[Any, str, Note], tuple[int, int]]
    dialect: str

    def seat_note(self, table_id: str, seat: int) -> str:
        """A seat's private notes ("" if it has none)."""
        row = self._one("SELECT text FROM seat_notes WHERE table_id=? AND seat=?", (table_id, seat))
        return row[0] if row else ""

    def set_seat_note(self, table_id: str, seat: int, text: str, at: float) -> None:
        """Replace a seat's private notes (committed before this returns)."""
        self._write(
            lambda db: db.execute(
                "INSERT INTO seat_notes(table_id, seat, text, at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT(table_id, seat) DO UPDATE SET text=excluded.text, at=excluded.at",
                (table_id, seat, text, at),
            )
        )

    def seats(
        self, table_id: str, budget: int = GUESS_BUDGET
    ) -> list[tuple[int, str | None, str | None, bool, int, bool]]:
        """(seat, join code, short code (both None once claimed; the short code None too
        once ``budget`` wrong guesses have been made since it was issued), claimed?, phones
        that have held it, short code locked?)."""
        rows = self._all(
            "SELECT s.seat, s.join_code, s.short_code, s.token_hash, s.claims,"
            " g.failures - s.short_since FROM seats s, guesses g"
            " WHERE s.table_id=? AND g.id=1 ORDER BY s.seat",
            (table_id,),
        )
        out = []
        for seat, code, short, token_hash, claims, guessed in rows:
            locked = short is not None and guessed >= budget
            out.append(
                (seat, code, None if locked else short, token_hash is not None, claims, locked)
            )
        return out

    def phones(self, table_id: str) -> list[int]:
        """How many phones have held each seat, in seat order."""
        rows = self._all("SELECT claims FROM seats WHERE table_id=? ORDER BY seat", (table_id,))
        return [r[0] for r in rows]

    def code_seat(self, code: str) -> tuple[str, int] | str:
        """The (table, seat) a join code opens, or "used" if it was claimed, or "unknown"."""
        row = self._one("SELECT table_id, seat FROM seats WHERE join_code=?", (code,))
        if row is not None:
            return row[0], row[1]
        used = self._one("SELECT 1 FROM seats WHERE used_code_hash=?", (digest(code),))
        return "used" if used else "unknown"

    def short_code_join(self, short: str) -> str | None:
        """The join code of the waiting seat this short code opens, else None."""
        row = self._one("SELECT join_code FROM seats WHERE short_code=?", (short,))
        return row[0] if row else None

    def guess_short_code(self, short: str, budget: int = GUESS_BUDGET) -> tuple[str, str | None]:
        """What a typed short code opens: ("open", the seat's join code), ("locked", None) if
        its seat still waits but ``budget`` wrong guesses were made since it was issued, or
        ("unknown", None),
        which counts one wrong guess against every waiting short code.

        One transaction holding the counter's row (PostgreSQL: ``FOR UPDATE``; SQLite has
        one writer): a guess is checked against every wrong guess counted before it.
        """
        lock = " FOR UPDATE" if self.dialect == "postgresql" else ""

        def job(db: Any) -> tuple[str, str | None]:
            failures = db.execute("SELECT failures FROM guesses WHERE id=1" + lock).fetchone()[0]
            row = db.execute(
                "SELECT join_code, short_since FROM seats WHERE short_code=?", (short,)
            ).fetchone()
            if row is None:
                db.execute("UPDATE guesses SET failures=failures+1 WHERE id=1")
                return "unknown", None
            if failures - row[1] >= budget:
                return "locked", None
            return "open", row[0]

        return self._write(job)

    def claim(
        self, table_id: str, seat: int, code: str, token: str, note: Note
    ) -> tuple[int, int] | None:
        """Claim ``seat`` with its join ``code`` for a new seat ``token``, writing ``note``
        (the public line "opened on a new phone") in the same transaction. The seat's short
        code goes with it: both were one way in.

        Returns (the note's seq, the table's new version), or None if the code no longer
        opens that seat (claimed or re-issued meanwhile).
        """

        def job(db: Any) -> tuple[int, int] | None:
            cur = db.execute(
                "UPDATE seats SET join_code=NULL, short_code=NULL, used_code_hash=?,"
                " token_hash=?, claims=claims+1 WHERE table_id=? AND seat=? AND join_code=?",
                (digest(code), digest(token), table_id, seat, code),
            )
            if not cur.rowcount:
                return None
            return self._note(db, table_id, note)

        return self._write(job)

    def reissue(self, table_id: str, seat: int, code: str, note: Note) -> tuple[int, int]:
        """Give ``seat`` a new join code and a new short code; the phone that held it loses
        the seat (its token is remembered as revoked, so that phone can be told why).
        Writes ``note`` with it."""

        def job(db: Any) -> tuple[int, int]:
            row = db.execute(
                "SELECT token_hash FROM seats WHERE table_id=? AND seat=?", (table_id, seat)
            ).fetchone()
            if row and row[0]:
                db.execute(
                    "INSERT INTO revoked(token_hash, table_id, seat, at) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT(token_hash) DO UPDATE SET table_id=excluded.table_id,"
                    " seat=excluded.seat, at=excluded.at",
                    (row[0], table_id, seat, time.time()),
                )
            # Drawn while the old short code still exists, so the new one always differs.
            # The new short code gets a whole budget: counted from now.
            db.execute(
                "UPDATE seats SET join_code=?, short_code=?, short_since=?, token_hash=NULL"
                " WHERE table_id=? AND seat=?",
                (code, issue_short_code(db), wrong_guesses(db), table_id, seat),
            )
            return self._note(db, table_id, note)

        return self._write(job)

    def revoked(self, table_id: str, token: str) -> tuple[int, float] | None:
        """(seat, when) if ``token`` once held a seat of this table and was re-issued away."""
        return self.revoked_digest(table_id, digest(token))

    def revoked_digest(self, table_id: str, hashed: str) -> tuple[int, float] | None:
        """``revoked`` for a token known by its digest."""
        row = self._one(
            "SELECT seat, at FROM revoked WHERE token_hash=? AND table_id=?", (hashed, table_id)
        )
        return (row[0], row[1]) if row else None

    def seat_token_hashes(self, table_id: str) -> list[tuple[int, str]]:
        rows = self._all(
            "SELECT seat, token_hash FROM seats WHERE table_id=? AND token_hash IS NOT NULL",
            (table_id,),
        )
        return [(r[0], r[1]) for r in rows]
