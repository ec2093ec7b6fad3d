"""Tally's numbers and names, as a rules digest gives them: the target, the bounds, the phases."""

from __future__ import annotations

from ..kit import N_, Phases

GAME_ID = "tally"
TARGET = 10  # the first to this many points wins
MOST_SECRET = 9999  # a secret number is 0-9999
MOST_BID = 99  # a sealed bid is 0-99

# The phases in order, each with the words the screens show. The host may call the last
# round: the game then ends when the turn comes back to the first seat.
PHASES = Phases([("play", N_("Play")), ("last", N_("Last round"))])
