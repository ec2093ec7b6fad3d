"""The game registry: every game the companion knows, by id. Adding a game is one line here."""

from __future__ import annotations

from .base import Game

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the registry (used below, once per game module)."""
    GAMES[game.id] = game
    return game
