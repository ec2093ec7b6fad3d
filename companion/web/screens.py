"""What each screen shows: the privacy gate between a table's state and a template.

``screen(loaded, viewer)`` is the only place that turns a table into something a page,
a stream message or an API reply is built from. Everything in it comes from
``game.view(state, seat)`` (the game's own gate) and from history lines filtered by
their ``to`` field, so a seat's secret can reach only that seat, and the host gets exactly
the public table view plus controls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import current_app, request, url_for

from ..games.kit import Action, Actor, Event
from ..pipeline import notes
from ..pipeline.tables import CursorPlan, Loaded, Tables, Viewer
from ..text import Text
from . import cache
from .auth import form_token
from .cando import now as cando_now
from .clock_board import board as clock_board

HISTORY_LINES = 40


@dataclass
class SeatStatus:
    seat: int
    name: str
    joined: bool
    join_url: str | None  # only ever set for the host
    qr_key: str | None = None  # changes with the code, so a re-issued QR is fetched anew
    phones: int = 0  # how many phones have held this seat (a public fact: claims are public)
    # The seat's code to type at ``short_url`` (/j) when a phone has no camera. A key to the
    # seat like its QR code: only ever set for the host, and only until the seat is claimed.
    short_code: str | None = None
    short_url: str | None = None
    short_locked: bool = False  # its short code was locked after too many wrong guesses


@dataclass
class HistoryLine:
    seq: int
    text: Text
    private: bool = False  # meant for this seat only: shown behind press-and-hold
    # Who did it: a player's name, or None for the table screen (the host). Every line names
    # its actor, so a dispute at the table is settled by reading the history.
    by: str | None = None
    n: int = 0  # its place among its action's public (or private) lines

    @property
    def key(self) -> str:
        """A stable id for this line on a page (it never changes once written)."""
        return f"h-{self.seq}-{'p' if self.private else ''}{self.n}"


@dataclass
class Screen:
    """The finished view-model of one screen; templates only display it."""

    table_id: str
    game_id: str
    game_name: str
    viewer: Viewer
    version: int
    view: dict[str, Any]
    allowed: list[str]
    actions: dict[str, Action]
    seats: list[SeatStatus]
    history: list[HistoryLine]
    latest: list[Text]
    result: dict[str, Any] | None
    can_undo: bool
    can_redo: bool
    # What Undo and Redo would take back, said on their buttons before the tap (public words;
    # a phone's own says "your hidden choice"), and why Undo cannot, at a reveal (host only).
    undo_label: Text | None = None
    undo_blocked: Text | None = None
    redo_label: Text | None = None
    # The newest undo or redo by someone else of this phone's input: (its seq, its line).
    notice: tuple[int, Text] | None = None
    csrf: str = ""  # this viewer's CSRF token for its forms
    post_url: str = ""  # where this screen's action forms post (the phone's and the table's differ)
    clocks: dict[str, Any] | None = None  # the clock region's view-model (``web.clocks``)
    # "What can I do now?" for the host or this seat, as plain data (``cando.now``); None
    # for a screen nobody acts from (the public table screen, a TV).
    cando: dict[str, Any] | None = None

    @property
    def is_host(self) -> bool:
        return self.viewer.kind == "host"

    @property
    def seat(self) -> int | None:
        return self.viewer.seat

    @property
    def seat_rows(self) -> list[dict[str, Any]]:
        """The seats as plain data, for the memoised seat list."""
        return [vars(seat) for seat in self.seats]

    @property
    def cursor(self) -> dict[str, Any]:
        """What the host's Undo and Redo take back (and why Undo cannot), as plain data."""
        return {"undo": self.undo_label, "blocked": self.undo_blocked, "redo": self.redo_label}

    @property
    def public_lines(self) -> list[tuple[str, str | None, Text]]:
        """The public history as plain data, each line with its id and who did it (a name,
        or None for the table screen): the same for every viewer of this version."""
        return [(h.key, h.by, h.text) for h in self.history if not h.private]

    @property
    def private_history(self) -> list[HistoryLine]:
        """This seat's own lines (a card drawn, a choice made): never shown in the open."""
        return [h for h in self.history if h.private]

    def can(self, action_type: str) -> bool:
        return action_type in self.allowed

    @property
    def form(self) -> dict[str, str]:
        """Where and how this screen's forms post, as plain data for memoised fragments."""
        return {"url": self.post_url, "csrf": self.csrf}

    def game_template(self, kind: str) -> list[str]:
        """The game's own partial for this screen, else the generic one."""
        return [f"games/{self.game_id}/{kind}.html", f"games/_generic_{kind}.html"]

    def game_public_template(self) -> list[str]:
        """The game's phone section shared by every phone, if it has one (else nothing)."""
        return [f"games/{self.game_id}/seat_public.html", "games/_none.html"]


def tables() -> Tables:
    return current_app.extensions["tables"]


def visible(event: Event, viewer: Viewer) -> bool:
    """May this viewer read this event? Events with ``to`` belong to those seats only."""
    to = event.get("to")
    return to is None or (viewer.kind == "seat" and viewer.seat in to)


def describe(loaded: Loaded, event: Event) -> Text:
    """The history line of one event: a note of the table's, a sealed round's, or the game's."""
    line = notes.describe(event, loaded.players, lambda inner: describe(loaded, inner))
    return line if line is not None else notes.game_line(loaded.game, loaded.players, event)


def actor_name(loaded: Loaded, actor: Actor) -> str | None:
    """Who a log row's actor is, as a history line names it: the seat's player, or None
    for the table screen (the host). Seats are public, so naming them leaks nothing."""
    if actor is None or not 0 <= actor < len(loaded.players):
        return None
    return loaded.players[actor]


def described_rows(loaded: Loaded) -> list[list[tuple[HistoryLine, frozenset[int] | None]]]:
    """The recent rows that count, newest first, each as its history lines (newest first
    too), each line with the seats it is addressed to (None: everyone).

    One order everywhere: the events of one action are listed last-first like the actions
    themselves, so reading down the list always goes back in time.
    Worked out once per version; each viewer then keeps the lines it may read.
    Undone actions leave the history (the log keeps them); the note of the undo, a line
    of its own, says what was undone and by whom.
    """
    described = []
    for row in reversed(loaded.rows):
        if row.undone:
            continue
        by = actor_name(loaded, row.actor)
        lines = []
        # Public and private lines are numbered apart: a public line's id on every screen
        # must not tell how many lines of the same action some seat alone can read.
        counts = {True: 0, False: 0}
        for event in reversed(row.events):
            to = event.get("to")
            private = to is not None
            line = HistoryLine(row.seq, describe(loaded, event), private, by, counts[private])
            counts[private] += 1
            lines.append((line, None if to is None else frozenset(to)))
        described.append(lines)
    return described


def public_base_url() -> str:
    """Where phones reach this server: the LAN address `companion serve` printed."""
    return (current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")


def join_url(code: str) -> str:
    return public_base_url() + url_for("pages.join", code=code)


def short_join_url() -> str:
    """Where a phone without a camera types its seat's code."""
    return public_base_url() + url_for("join.form")


def post_url(loaded: Loaded, viewer: Viewer) -> str:
    endpoint = "pages.seat_act" if viewer.kind == "seat" else "pages.table_act"
    return url_for(endpoint, table_id=loaded.id)


def seat_statuses(loaded: Loaded, viewer: Viewer) -> list[SeatStatus]:
    """Who sits where and who has joined; the host's list also carries the join links."""
    is_host = viewer.kind == "host"
    return [
        SeatStatus(
            seat=row.seat,
            name=row.name,
            joined=row.joined,
            join_url=join_url(row.join_code) if is_host and row.join_code else None,
            qr_key=row.qr_key if is_host else None,
            phones=row.phones,
            short_code=row.short_code if is_host else None,
            short_url=short_join_url() if is_host and row.short_code else None,
            short_locked=row.short_locked and is_host,
        )
        for row in cache.memo(loaded, "seats", lambda: tables().seats_at(loaded))
    ]


def history_lines(loaded: Loaded, viewer: Viewer) -> tuple[list[HistoryLine], list[Text]]:
    """The newest history lines this viewer may read, and the latest action's public lines."""
    seat = viewer.seat if viewer.kind == "seat" else None
    history: list[HistoryLine] = []
    latest: list[Text] = []
    for row in cache.memo(loaded, "history", lambda: described_rows(loaded)):
        lines = [line for line, to in row if to is None or seat in to]
        if not latest:
            latest = [line.text for line in lines if not line.private]
        history.extend(lines)
        if len(history) >= HISTORY_LINES:
            break
    return history[:HISTORY_LINES], latest


def addressed_seats(loaded: Loaded) -> frozenset[int]:
    """Seats that some recent event is addressed to (``to``): they have lines of their own."""
    return frozenset(seat for row in loaded.rows for e in row.events for seat in e.get("to", ()))


def history_key(loaded: Loaded, viewer: Viewer) -> str:
    """Whose history this viewer reads: its own if a recent event is addressed to it
    (``to``), else the public one, which the table screen, the host and every other seat
    read too, so it is built once per version for all of them."""
    addressed = cache.memo(loaded, "addressed", lambda: addressed_seats(loaded))
    return viewer.key if viewer.kind == "seat" and viewer.seat in addressed else "public"


def cursor_plan(loaded: Loaded) -> CursorPlan:
    """What the host's Undo and Redo would do at this version, worked out once."""
    return cache.memo(loaded, "cursor-plan", lambda: tables().cursor_plan(loaded))


def seat_notice(loaded: Loaded, viewer: Viewer) -> tuple[int, Text] | None:
    """The line (and toast) a phone gets when someone else undid or brought back its input."""
    if viewer.kind != "seat" or viewer.seat is None:
        return None
    seat = viewer.seat
    return cache.memo(
        loaded,
        ("notice", seat),
        lambda: notes.seat_notice(loaded.rows, seat, loaded.players, lambda e: describe(loaded, e)),
    )


def allowed(loaded: Loaded, actor: Actor) -> list[str]:
    """What ``actor`` may do now, carried from the last version while what the game's
    ``allowed`` read of the state is unchanged (the same list, told by identity)."""
    game = loaded.game
    return loaded.derived(("allowed", actor), lambda state: game.allowed(state, actor))


def result(loaded: Loaded) -> dict[str, Any] | None:
    """The game's outcome (None while it is on), carried like the views."""
    return loaded.derived("result", loaded.game.outcome)


def screen(loaded: Loaded, viewer: Viewer) -> Screen:
    """Everything ``viewer`` may see of this table, and nothing else."""
    game = loaded.game
    # Shared by the screens of this version that read the same; templates only read them.
    # The host's seat list alone has join links, built for the address the host used.
    is_host = viewer.kind == "host"
    if is_host:
        seats = seat_statuses(loaded, viewer)
    else:
        seats = cache.memo(loaded, "seat-list", lambda: seat_statuses(loaded, viewer))
    history, latest = cache.memo(
        loaded, ("history", history_key(loaded, viewer)), lambda: history_lines(loaded, viewer)
    )
    plan = cursor_plan(loaded) if is_host else CursorPlan()
    own = None
    seat = viewer.seat
    if viewer.kind == "seat" and seat is not None:
        own = cache.memo(loaded, ("own-undo", seat), lambda: tables().own_undo(loaded, seat))
    return Screen(
        table_id=loaded.id,
        game_id=game.id,
        game_name=game.name,
        viewer=viewer,
        version=loaded.version,
        view=cache.view(loaded, viewer.actor),
        allowed=[] if viewer.kind == "public" or loaded.over else allowed(loaded, viewer.actor),
        actions=game.actions,
        seats=seats,
        history=history,
        latest=latest,
        result=result(loaded),
        can_undo=(plan.undo is not None and plan.blocked is None) or own is not None,
        can_redo=plan.redo is not None,
        undo_label=plan.undo or own,
        undo_blocked=plan.blocked,
        redo_label=plan.redo,
        notice=seat_notice(loaded, viewer),
        # Made once per request, by who is asking (``auth.Asking``): here a lookup in the memo.
        csrf=form_token(tables(), loaded, viewer),
        post_url=cache.memo(
            loaded, ("post_url", viewer.kind == "seat"), lambda: post_url(loaded, viewer)
        ),
        clocks=clock_board(loaded),
        cando=cando_now(loaded, viewer),
    )
