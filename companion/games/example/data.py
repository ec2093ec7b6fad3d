"""Tally's numbers: the only rule a digest would give is the target score."""

from __future__ import annotations

GAME_ID = "tally"
TARGET = 10  # the first to this many points wins
