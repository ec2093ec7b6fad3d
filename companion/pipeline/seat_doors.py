"""Who is asking, and the doors into a seat: tokens, join codes, short codes, re-issues.

Part of the pipeline (``Tables`` inherits it): a claim and a re-issue are changes of a table
and take its lock like every other change; each is a permanent public line of its history.
Kept apart from ``tables`` so each module reads as one subject.
"""

from __future__ import annotations

import hmac
import threading
from typing import TYPE_CHECKING, Any

from ..errors import BadInput, NotAllowed, NotFound, RulesError, Unauthorized
from ..store.log import NOTE_ROW, ActionRow, Note, Store, digest
from ..store.seats import normal_short_code
from ..text import N_
from . import notes
from .clocks import follow
from .live import Hub
from .loaded import Loaded
from .seating import HOST, PUBLIC, SeatRow, Viewer, new_token, seat_of


class SeatDoors:
    """Seats and tokens for ``Tables``: which viewer a token is, and claiming and re-issuing
    a seat's codes."""

    store: Store
    hub: Hub
    guess_budget: int
    _cache: Any

    if TYPE_CHECKING:

        def load(self, table_id: str) -> Loaded: ...
        def _loaded(self, table_id: str) -> Loaded: ...
        def _lock(self, table_id: str) -> threading.Lock: ...
        def catch_up(self, table_id: str) -> bool: ...
        def _catch_up(self, table_id: str) -> bool: ...

    # -- who is asking ------------------------------------------------------------------

    def viewer_for(self, table_id: str, token: str | None) -> Viewer:
        """The host, a seat, or the public, for a bearer token (None = no token)."""
        return self.viewer_on(self.load(table_id), token)[1]

    def viewer_on(self, loaded: Loaded, token: str | None) -> tuple[Loaded, Viewer]:
        """Who ``token`` is at a table already loaded (None = no token = the public), and the
        table as it was answered on: a newer copy than ``loaded`` when another process gave
        a seat a new code a moment ago (a seat is only ever served from the newest version)."""
        if not token:
            return loaded, PUBLIC
        hashed = digest(token)
        if hmac.compare_digest(hashed, loaded.host_hash):
            return loaded, HOST
        table_id = loaded.id
        seat = seat_of(hashed, self.seat_hashes(loaded))
        if seat is not None and self.store.shared:
            # Another process may have given the seat a new code a moment ago, before this
            # one heard: a seat's private view is served only from the newest version.
            committed = self.store.version(table_id)
            if committed is None or committed > loaded.version:
                self.catch_up(table_id)
                loaded = self.load(table_id)
                seat = seat_of(hashed, self.seat_hashes(loaded))
        if seat is None:
            # Claimed a moment ago through another process, before this one heard of it?
            # Ask the store itself before turning the phone away.
            seat = seat_of(hashed, self.store.seat_token_hashes(table_id))
        if seat is not None:
            return loaded, Viewer("seat", seat, hashed)
        raise self._refusal(loaded, hashed)

    def _refusal(self, loaded: Loaded, hashed: str) -> Unauthorized:
        """Why a seat token no longer opens its seat."""
        revoked = self.store.revoked_digest(loaded.id, hashed)
        if revoked is not None:
            seat, at = revoked
            # Only the phone that held the seat has this token: it may learn why it lost it.
            return Unauthorized(
                "seat_reissued",
                N_(
                    "The host gave {name}'s seat a new code at {time}, so this phone no"
                    " longer holds it. Ask the host for the new code."
                ),
                name=loaded.players[seat],
                time=notes.clock(at),
            )
        return Unauthorized("bad_token", N_("This phone no longer holds a seat at this table."))

    def _seat_lost(self, table_id: str, viewer: Viewer) -> Unauthorized:
        """The refusal of a seat's write made after its seat got a new code (``SeatLost``)."""
        self.catch_up(table_id)  # this process had not heard of the new code yet
        return self._refusal(self.load(table_id), viewer.credential or "")

    def seat_hashes(self, loaded: Loaded) -> list[tuple[int, str]]:
        """The claimed seats' token digests, read from the store once per claim or re-issue.

        Every live stream checks its phone still holds its seat after every change, so this
        must not cost a query per change; only a claim or a re-issue changes the seats, and
        both go through this class, which then forgets the list (``seat_hash_memo = None``)."""
        found = loaded.seat_hash_memo
        if found is None:
            hashes = self.store.seat_token_hashes(loaded.id)
            found = loaded.seat_hash_memo = (loaded.version, hashes)
        return found[1]

    def claim(self, code: Any, shared: bool = False) -> tuple[str, int, str]:
        """Claim a seat with a join code: (table_id, seat, new seat token).

        Every claim is a permanent public line of the table's history ("Ann's seat was
        opened on a new phone", or with ``shared`` "Ann plays on the shared screen"), so a
        seat never changes hands unseen.
        A seat's short code (five characters, typed at ``/j``) opens it as its join code does.
        """
        if isinstance(code, str) and len(code) < 8:
            code = self._join_code_of(code)
        if not isinstance(code, str) or not 8 <= len(code) <= 64:
            raise NotFound("unknown_code", N_("This join code is not valid."))
        found = self.store.code_seat(code)
        if found == "unknown":
            raise NotFound("unknown_code", N_("This join code is not valid."))
        if isinstance(found, tuple):
            table_id, seat = found
            token = new_token()
            with self._lock(table_id):
                loaded = self._loaded(table_id)
                phones = self.store.phones(table_id)[seat] + 1
                note = notes.claimed(seat, phones, shared=shared)
                written = self.store.claim(table_id, seat, code, token, note)
                if written is not None:
                    loaded.seat_hash_memo = None
                    loaded = self._noted(loaded, note, *written)
            if written is not None:
                self.hub.publish(table_id, loaded.version)
                return table_id, seat, token
        raise RulesError(
            "code_used",
            N_("This seat has already been claimed. Ask the host to re-issue its code."),
        )

    def _join_code_of(self, typed: str) -> str:
        """The join code of the waiting seat a typed short code opens.

        A used, re-issued or mistyped short code is simply unknown: short codes are drawn
        again for new seats, so "already used" could not be told apart from a typo. An
        unknown code is a wrong guess for every waiting one (``store.seats``: guess budget).
        """
        short = normal_short_code(typed)
        if short is None:
            raise BadInput(
                "bad_short_code",
                N_("A seat code has 5 letters and digits, like {example}."),
                example="K7M4P",
            )
        found, code = self.store.guess_short_code(short, self.guess_budget)
        if found == "locked":
            # Too many wrong codes were typed since it was issued: it may have been found.
            raise RulesError(
                "short_code_locked",
                N_(
                    "The code {typed} was locked after too many wrong guesses. Scan the"
                    " seat's QR code, or ask the host for a new code."
                ),
                typed=short,
            )
        if code is None:
            raise NotFound(
                "unknown_short_code",
                N_(
                    "No seat is waiting for the code {typed}. Check it on the host's screen,"
                    " or ask the host for a new code."
                ),
                typed=short,
            )
        return code

    def reissue(self, table_id: str, viewer: Viewer, seat: Any) -> str:
        """A new join code (and short code) for ``seat`` (host only); the phone that held it
        is locked out. Returns the join code.

        The new code is a permanent public line of the history, as a claim is.
        """
        loaded = self.load(table_id)
        if viewer.kind != "host":
            raise NotAllowed("host_only", N_("Only the host can do that."))
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or not 0 <= seat < len(loaded.players)
        ):
            raise NotFound("unknown_seat", N_("There is no such seat."))
        code = new_token()
        with self._lock(table_id):
            loaded = self._loaded(table_id)
            held = any(s == seat for s, _ in self.seat_hashes(loaded))
            note = notes.reissued(seat, held)
            loaded.seat_hash_memo = None
            loaded = self._noted(loaded, note, *self.store.reissue(table_id, seat, code, note))
        self.hub.publish(table_id, loaded.version)
        return code

    def _noted(
        self, loaded: Loaded, note: Note, seq: int, version: int, at: float | None = None
    ) -> Loaded:
        """The cached table after the store wrote a note (table lock held); ``at``: when, if
        the clocks need it (an undo, a redo, a pause)."""
        if version != loaded.version + 1:  # another process wrote in between: read it all
            self._catch_up(loaded.id)
            return self._cache.get(loaded.id, loaded)
        actor, action, events = note
        row = ActionRow(seq, actor, action, events, 0, kind=NOTE_ROW, at=at)
        loaded.rows.append(row)
        follow(loaded.clocks, row, loaded.game, loaded.state)
        loaded.last_seq = seq
        loaded.version = version
        loaded.keep_recent()
        return loaded

    # -- what the web reads besides a table's state --------------------------------------

    def seats(self, table_id: str) -> list[SeatRow]:
        """Every seat in order: its player, whether a phone holds it, how many have, and its
        join code until it is claimed."""
        return self.seats_at(self.load(table_id))

    def seats_at(self, loaded: Loaded) -> list[SeatRow]:
        """``seats`` of a table already loaded."""
        players, table_id = loaded.players, loaded.id
        return [
            SeatRow(
                seat=seat,
                name=players[seat],
                joined=joined,
                phones=phones,
                join_code=code,
                short_code=short,
                qr_key=digest(code)[:10] if code else None,
                short_locked=locked,
            )
            for seat, code, short, joined, phones, locked in self.store.seats(
                table_id, self.guess_budget
            )
        ]

    def join_code(self, table_id: str, seat: int) -> str | None:
        """The seat's join code while nobody has claimed it (None once claimed, or no seat)."""
        return next((row.join_code for row in self.seats(table_id) if row.seat == seat), None)

    def short_code(self, table_id: str, seat: int) -> str | None:
        """The seat's short code while nobody has claimed it (None once claimed, or no seat)."""
        return next((row.short_code for row in self.seats(table_id) if row.seat == seat), None)
