"""What every part of Sun Tzu shares: the table's options, names, notes and the new round.

A public note goes into the history and into this round's battle breakdown on the table
screen; a private note goes to one seat's phone only. ``start_round`` is phase 1 (the round
marker moves on), then phase 2 begins: what entering each phase does, and each sealed round's
reveal, are functions of the parts that own them, registered in the game's ``__init__``.
"""

from __future__ import annotations

from typing import Any

from ..kit import Event, State, Text, sealed
from . import held
from .data import BLUE, PHASES, PRIVATE_NOTES, RED
from .held import phones
from .lines import LINES

# What the reveal of each sealed round does (the Warlord choice, the phones' placement).
ROUNDS = sealed.Resolvers()


def opts(state: State) -> dict[str, Any]:
    return state["options"]


def names(state: State) -> list[str]:
    return [p["name"] for p in state["players"]]


def on_board(state: State, seat: int) -> int:
    """``seat``'s armies in the provinces (the 6 marker boxes do not count)."""
    return sum(state["armies"][seat])


def holder(state: State, p: int) -> int | None:
    """Whose armies stand in province ``p`` (a province never holds both colours)."""
    for seat in (BLUE, RED):
        if state["armies"][seat][p] > 0:
            return seat
    return None


def note(state: State, events: list[Event], event: Event) -> None:
    """A public event whose line also goes into this round's battle breakdown."""
    state["round_log"].append(LINES.describe(event, names(state)))
    events.append(event)


def private_note(state: State, events: list[Event], seat: int, text: Text, event: Event) -> None:
    """A secret for one seat: ``text`` goes to its private notes (shown behind the phone's
    press-and-hold panel); the history gets ``event``'s line, which names no card (history
    lines show outside that panel)."""
    notes = state["private"][seat].setdefault("notes", [])
    notes.append(text)
    del notes[:-PRIVATE_NOTES]
    events.append({**event, "seat": seat, "to": [seat]})


def fresh_battle() -> dict[str, Any]:
    """Phase 3's record of a round: the five pairs of cards and how far each battle got."""
    return {
        "cards": [[None] * 5, [None] * 5],
        "revealed": [False] * 5,
        "resolved": [False] * 5,
        "current": None,
        "flags": {"counter": False, "harsh": False, "as_six": False},
        "recycle": [[], []],
        # Each province's battle once resolved: winner (seat or None), margin, Plague or not.
        "results": [None] * 5,
    }


def start_round(state: State, events: list[Event]) -> None:
    """Phase 1 (advance the round marker), then phase 2 (place cards on the phones, or go
    straight to the battles with real cards, placed on the board)."""
    state["round"] += 1
    state["counts"] = {"prev": state["counts"]["cur"], "cur": None}
    state["chooser"] = None
    state["last_results"] = state["battle"].get("results", [None] * 5)
    state["battle"] = fresh_battle()
    state["last_log"] = state["round_log"]
    state["round_log"] = []
    events.append({"type": "RoundStarted", "round": state["round"]})
    held.cards_down(state)  # real cards: 5 leave each hand for the board (phones: on the reveal)
    events.extend(PHASES.enter(state, "place" if phones(state) else "battle"))


def plague_zero(state: State) -> bool:
    """Does Red's Warlord 3 make a Plague a 0 (the English card), rather than harmless?"""
    return opts(state)["counter_plague"] == "zero"


def use_warlord(state: State, events: list[Event], seat: int, n: int) -> None:
    """``seat`` plays Warlord ``n`` face up (by hand, or the app for the Warlords it plays)."""
    state["private"][seat]["warlords"].remove(n)
    state["warlords_played"][seat].append(n)
    event: Event = {"type": "WarlordPlayed", "seat": seat, "warlord": n}
    if seat == RED and n == 3 and plague_zero(state):
        event["plague_zero"] = True
    note(state, events, event)
