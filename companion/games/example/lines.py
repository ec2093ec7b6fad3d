"""Tally's history lines: one per event type, names filled in from the seats when shown."""

from __future__ import annotations

from ..kit import L, Lines, T, correction_line, name_of

LINES = Lines(
    {
        "Scored": lambda e, players: T("{name} scored {n}", name=name_of(e, players), n=e["n"]),
        # "Table screen: Bo's score 2 → 4": the kit's line of every correction.
        "Corrected": correction_line,
        "SecretSet": lambda e, players: T("Your secret is now {n}", n=e["n"]),
        "BidsRevealed": lambda e, players: T("Bids: {bids}", bids=L([str(b) for b in e["bids"]])),
        "TurnPassed": lambda e, players: T("Next turn"),
        "LastRound": lambda e, players: T(
            "Last round: the game ends when the turn comes back to {name}", name=players[0]
        ),
    }
)
