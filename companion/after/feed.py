"""The public event feed: what changed at a table, as small JSON events for gadgets.

A table LED, a buzzer or a home-automation hub wants to hear "it is Cy's turn", "round 3",
"the Draw phase", "the secret choices were revealed", "the game is over": not a whole view.
This module works those events out by comparing two PUBLIC views of a table (the game's own
privacy gate, ``game.view(state, None)``, which every table screen shows), so nothing in an
event can be more than the table screen shows. The other inputs are public too: the seats'
names, the log rows' ``barrier`` (the public line of what a reveal showed) and, once the game
is over, its result (what ``GET /api/tables/<id>/result`` serves to anyone).

The SSE feed (``companion.web.feed``) and the outgoing webhooks (``companion.after.webhooks``) both
build their events here, so they send the same thing. The events and every field are in
docs/feed.md. Everything here is pure except ``catalogues``, which reads the compiled
translations once.

>>> render(["{name}'s turn", {"name": "Ann"}], {"en": None})
{'en': "Ann's turn"}
"""

from __future__ import annotations

import functools
import gettext
import json
from pathlib import Path
from typing import Any, NamedTuple

from ..text import PLURAL

EVENT_TYPES = ("hello", "reveal", "round", "phase", "turn", "end")
# The languages every text of an event comes in (BCP 47 tags), and their compiled catalogues.
LANGUAGES = {"en": None, "zh-TW": "zh_Hant_TW"}
TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"


class Seen(NamedTuple):
    """What a feed last told its listener about a table: the version, the public view at that
    version, and the last log row then (reveals are the barrier rows after it)."""

    version: int
    view: dict[str, Any]
    last_seq: int


# ------------------------------------------------------------------------- translations


@functools.cache
def catalogues() -> dict[str, gettext.NullTranslations]:
    """Each language's gettext catalogue (English is the msgids themselves)."""
    found: dict[str, gettext.NullTranslations] = {}
    for tag, locale in LANGUAGES.items():
        if locale is None:
            found[tag] = gettext.NullTranslations()
            continue
        try:
            found[tag] = gettext.translation("messages", str(TRANSLATIONS), [locale])
        except OSError:  # no compiled catalogue: the English words, rather than nothing
            found[tag] = gettext.NullTranslations()
    return found


def translate(text: Any, catalogue: gettext.NullTranslations) -> str:
    """A msgid or a Text (``[msgid, params]``, docs/api.md) in one catalogue's language; the
    same rules as the pages (``web.i18n.translate``): ``_t`` params are texts themselves, a
    ``_plural`` param makes it a count's line."""
    if text is None:
        return ""
    if isinstance(text, str):
        return catalogue.gettext(text) if text else ""
    if isinstance(text, (list, tuple)) and len(text) == 2 and isinstance(text[0], str):
        msgid, params = text[0], dict(text[1] or {})
        params = {k: translate(v, catalogue) if k.endswith("_t") else v for k, v in params.items()}
        if PLURAL in params:
            form = catalogue.ngettext(msgid, params.pop(PLURAL), params.get("n", 1))
        else:
            form = catalogue.gettext(msgid)
        try:
            return form.format(**params)
        except (KeyError, IndexError, ValueError):
            return msgid.format(**params)
    return str(text)


def render(text: Any, catalogues_by_tag: dict[str, Any] | None = None) -> dict[str, str] | None:
    """``text`` in every language of the feed, as ``{"en": ..., "zh-TW": ...}`` (None for none).

    ``catalogues_by_tag`` maps a language tag to its catalogue (None: English as it is)."""
    if text is None:
        return None
    found = catalogues() if catalogues_by_tag is None else catalogues_by_tag
    return {
        tag: translate(text, catalogue or gettext.NullTranslations())
        for tag, catalogue in found.items()
    }


# ------------------------------------------------------------------------------ events


def seen(loaded: Any, view: dict[str, Any]) -> Seen:
    """The point a feed has reached: ``loaded`` (a ``tables.Loaded``) and its public view."""
    return Seen(loaded.version, view, loaded.last_seq)


def _head(kind: str, loaded: Any) -> dict[str, Any]:
    return {"type": kind, "table_id": loaded.id, "game": loaded.game.id, "version": loaded.version}


def turn_of(view: dict[str, Any], players: list[str]) -> dict[str, Any] | None:
    """Whose turn the public view says it is: ``{"seat", "name"}``, or None.

    >>> turn_of({"turn": 1}, ["Ann", "Bo"]), turn_of({"turn": None}, ["Ann"])
    ({'seat': 1, 'name': 'Bo'}, None)
    """
    seat = view.get("turn")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
        return None
    return {"seat": seat, "name": players[seat]}


def hello(loaded: Any, view: dict[str, Any]) -> dict[str, Any]:
    """The table as it is now, the first event of every feed connection."""
    phase = view.get("phase")
    return {
        **_head("hello", loaded),
        "players": [{"seat": n, "name": name} for n, name in enumerate(loaded.players)],
        "turn": turn_of(view, loaded.players),
        "round": view.get("round"),
        "phase": phase,
        "phase_text": render(phase),
        "over": bool(view.get("over")),
    }


def events_between(
    before: dict[str, Any] | None,
    after: dict[str, Any],
    loaded: Any,
    since_seq: int | None = None,
) -> list[dict[str, Any]]:
    """The feed's events from one public view of a table (``before``) to a later one
    (``after``, the view of ``loaded`` now), in the order a table would announce them:
    reveals, round, phase, turn, the end.

    ``before`` None means "from nothing": the round, phase and turn as they are (and the end,
    if the game is over). ``since_seq``: the last log row of ``before``; every action after
    it whose row says it revealed something is a ``reveal`` (None: reveals are not looked for).
    """
    was = before or {}
    out: list[dict[str, Any]] = []
    if since_seq is not None:
        for row in getattr(loaded, "rows", ()):
            if row.seq > since_seq and not row.undone and not row.is_note and row.barrier:
                out.append(
                    {
                        **_head("reveal", loaded),
                        "reveal": row.barrier,
                        "reveal_text": render(row.barrier),
                    }
                )
    if before is None or was.get("round") != after.get("round"):
        out.append({**_head("round", loaded), "round": after.get("round")})
    if before is None or was.get("phase") != after.get("phase"):
        phase = after.get("phase")
        out.append({**_head("phase", loaded), "phase": phase, "phase_text": render(phase)})
    turn = turn_of(after, loaded.players)
    if before is None or turn_of(was, loaded.players) != turn:
        out.append({**_head("turn", loaded), "turn": turn})
    if after.get("over") and not was.get("over"):
        out.append(ended(loaded))
    return out


def ended(loaded: Any) -> dict[str, Any]:
    """The ``end`` event: the public result's headline and winners (the game is over)."""
    result = loaded.game.outcome(loaded.state) or {}
    headline = result.get("headline")
    winners = [w for w in result.get("winners", []) if isinstance(w, int)]
    return {
        **_head("end", loaded),
        "headline": headline,
        "headline_text": render(headline),
        "winners": [
            {"seat": w, "name": loaded.players[w]} for w in winners if 0 <= w < len(loaded.players)
        ],
    }


def step(last: Seen | None, loaded: Any, view: dict[str, Any]) -> tuple[list[dict[str, Any]], Seen]:
    """The events since ``last`` (None: never seen) up to ``loaded`` and its public ``view``,
    and the new point reached. Nothing when the version has not moved."""
    now = seen(loaded, view)
    if last is not None and last.version == loaded.version:
        return [], last
    if last is None:
        return events_between(None, view, loaded), now
    return events_between(last.view, view, loaded, since_seq=last.last_seq), now


def encode(event: dict[str, Any]) -> str:
    """One event as the feed and the webhooks send it: compact JSON, UTF-8 text as it is.

    >>> encode({"type": "round", "round": 2})
    '{"type":"round","round":2}'
    """
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))
