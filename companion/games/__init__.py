"""The game registry: every game the companion knows, by id. Adding a game is one line here."""

from __future__ import annotations

from . import art_of_war, quorsum, samurai_sword, sun_tzu, three_kingdoms
from .kit import Game

GAMES: dict[str, Game] = {
    g.id: g
    for g in (
        samurai_sword.GAME,
        sun_tzu.GAME,
        quorsum.GAME,
        three_kingdoms.GAME,
        art_of_war.GAME,
    )
}
