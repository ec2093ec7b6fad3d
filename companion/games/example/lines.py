"""Tally's history lines: one per event type, names filled in from the seats."""

from __future__ import annotations

from ..kit import L, Lines, T, name_of

LINES = Lines(
    {
        "Scored": lambda e, players: T("{name} scored {n}", name=name_of(e, players), n=e["n"]),
        "SecretSet": lambda e, players: T("Your secret is now {n}", n=e["n"]),
        "BidsRevealed": lambda e, players: T("Bids: {bids}", bids=L([str(b) for b in e["bids"]])),
        "TurnPassed": lambda e, players: T("Next turn"),
    }
)
