"""What the table screen and the TV say aloud: public words, worked out on the server.

A table screen or TV whose speech is switched on (``static/js/speak.js``) speaks the lines
of a small shared live region, ``live/speech.html``: whose turn it is when it changes, a
new round or phase, a reveal (the public history lines of the action that made something
hidden public) and the end (the result's public headline). What changed is decided here,
from the *public* summaries of the version a screen last showed and the current one, never
in the browser and never from anything a seat alone may see: the region is rendered once
per version and language from the public view, like the status line, and travels to the
table screen and the TV only (phones never show it, ``regions.PHONE_REGIONS``).

The lines carry the version they were worked out at, so a screen that reconnects, or is
sent the same region again, never speaks them twice.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from flask import current_app

from ..pipeline.loaded import Loaded
from ..text import T, Text
from . import cache
from .i18n import lang
from .screens import describe

# The voice language speak.js asks the browser for, by the page's language.
VOICE_LANG = {"zh_TW": "zh-TW", "en": "en-US"}
# The kit's sealed-round events that are no part of what a reveal shows (their lines say who
# locked and what comes next, as the screen shows).
SEALED_BOOKKEEPING = frozenset({"SealedOpened", "SealedChosen", "SealedLocked", "SealedUnlocked"})
# A reveal's lines said at most: one for each of seven seats' choices, and one more.
MOST_REVEALED = 8
# Tables whose last public summary a server process remembers (one small tuple each): a
# table that drops off the end is only silent for its next change.
REMEMBERED = 2000


@dataclass(frozen=True)
class Public:
    """What a spoken line is worked out from: public facts only (the table screen's view)."""

    turn: str | None  # whose turn it is, by name
    round: Any
    phase: Any  # a msgid or a Text, as the status line shows it
    over: bool
    last_seq: int  # the newest row of the log this summary has seen


@dataclass(frozen=True)
class Said:
    """The lines to speak at one version of a table (Texts, translated as they are shown)."""

    version: int
    lines: list[Text] = field(default_factory=list)


def public(loaded: Loaded) -> Public:
    """The public summary of this version of the table."""
    view = loaded.view(None)  # the table screen's view: nothing a seat alone may see
    turn = view.get("turn")
    players = view.get("players") or []
    name = players[turn]["name"] if isinstance(turn, int) and 0 <= turn < len(players) else None
    return Public(name, view.get("round"), view.get("phase"), loaded.over, loaded.last_seq)


def what_changed(
    before: Public, now: Public, revealed: list[Text], headline: Text | None
) -> list[Text]:
    """The lines that say what changed from ``before`` to ``now``, in the order a person at
    the table would say them: the end (with its result), or a reveal, then a new round,
    turn and phase.

    >>> a = Public("Ann", 1, "Draw phase", False, 4)
    >>> what_changed(a, Public("Bo", 1, "Recover phase", False, 5), [], None)
    [["{name}'s turn", {'name': 'Bo'}], 'Recover phase']
    >>> what_changed(a, a, [], None)
    []
    """
    if now.over:
        if before.over:
            return []
        return [T("Game over"), *([headline] if headline else [])]
    lines: list[Text] = list(revealed)
    if now.round != before.round and now.round is not None:
        lines.append(T("Round {n}", n=now.round))
    if now.turn != before.turn and now.turn is not None:
        lines.append(T("{name}'s turn", name=now.turn))
    if now.phase != before.phase and now.phase:
        lines.append(now.phase)
    return lines


def revealed_lines(loaded: Loaded, after_seq: int) -> list[Text]:
    """The public history lines of what the actions after ``after_seq`` made public, oldest
    first: a declared reveal's own line (a card turned face up), or a sealed round's reveal
    (the choices shown, without the round's bookkeeping: who locked, the next prompt), at
    most ``MOST_REVEALED`` lines; the rest stay on the screen. Public lines only: an event
    addressed to some seats (``to``) is never among them."""
    found: list[Text] = []
    for row in loaded.rows:
        if row.seq <= after_seq or row.undone or row.is_note or row.barrier is None:
            continue
        events = [e for e in row.events if e.get("to") is None]
        declared = [e for e in events if e.get("type") in loaded.game.reveals]
        for event in declared or [e for e in events if e.get("type") not in SEALED_BOOKKEEPING]:
            line = describe(loaded, event)
            if line:
                found.append(line)
    return found[:MOST_REVEALED]


class Heard:
    """Per server process: each table's last public summary and what was said with it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: OrderedDict[str, tuple[int, Public, list[Text]]] = OrderedDict()

    def said(self, loaded: Loaded) -> Said:
        now = public(loaded)
        version = loaded.version
        with self._lock:
            last = self._tables.get(loaded.id)
            if last is not None and last[0] == version:
                return Said(version, last[2])  # the same version again (a reloaded table)
            if last is not None and last[0] > version:
                return Said(version)  # a render that fell behind: never speaks old news
            lines: list[Text] = []
            if last is not None:
                before = last[1]
                result = loaded.derived("result", loaded.game.outcome)
                headline = result.get("headline") if now.over and result else None
                lines = what_changed(before, now, revealed_lines(loaded, before.last_seq), headline)
            self._tables[loaded.id] = (version, now, lines)
            self._tables.move_to_end(loaded.id)
            while len(self._tables) > REMEMBERED:
                self._tables.popitem(last=False)
        return Said(version, lines)


def said(loaded: Loaded) -> Said:
    """What to say at this version, worked out once per version for every language."""
    heard = current_app.extensions.get("speech")
    if heard is None:
        heard = current_app.extensions.setdefault("speech", Heard())
    return cache.memo(loaded, "speech", lambda: heard.said(loaded))


def render(loaded: Loaded) -> str:
    """The shared speech region at this version, in this request's language."""
    template = current_app.jinja_env.get_template("live/speech.html")
    return template.render(said=said(loaded), voice=VOICE_LANG.get(lang(), "en-US"))
