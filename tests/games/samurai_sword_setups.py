"""Samurai Sword's set-ups for its rules tests: dealt and manually entered tables, counters set
by hand, score rows and history lines read in English."""

from __future__ import annotations

import copy
from typing import Any

from companion.games.samurai_sword import GAME
from tests.fixtures.rules import Rules

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"]
# Characters with no effect on draws, weapons or difficulty, 5/5/5/5/4/4/4 health.
PLAIN = ["ieyasu", "tomoe", "nobunaga", "musashi", "ushiwaka", "chiyome", "hanzo"]


# --------------------------------------------------------------------------------- helpers

RULES = Rules("samurai-sword", players=NAMES, seed=7)
act = RULES.act


def describe(event: dict) -> list:
    """The history line of an event at a table of ``NAMES``."""
    return GAME.describe(event, NAMES)


def dealt(n: int, seed: int = 0, **options: Any) -> dict:
    """A table where the app dealt the cards, dealt by ``seed``."""
    return RULES.new(n, seed=seed, **{"deal": "app", "ninja_stars": True, **options})


def fresh(n: int, ninja_stars: bool = True) -> dict:
    """A table where every phone is yet to enter its cards."""
    return RULES.new(n, deal="manual", ninja_stars=ninja_stars)


def manual(
    roles: list[str],
    chars: list[str] | None = None,
    stars: list[int | None] | None = None,
    ninja_stars: bool = True,
) -> dict:
    """A game whose seats entered their own cards (so tests choose the roles)."""
    n = len(roles)
    state = fresh(n, ninja_stars)
    chars = chars or PLAIN[:n]
    if stars is None:
        free = iter([1, 2, 3])
        stars = [next(free) if r == "ninja" else None for r in roles]
    for seat in range(n):
        params: dict[str, Any] = {"role": roles[seat]}
        if stars[seat] is not None:
            params["stars"] = stars[seat]
        state, _ = act(state, seat, "enter_role", **params)
        state, _ = act(state, seat, "enter_character", character=chars[seat])
    assert state["started"]
    return state


FIVE = ["shogun", "samurai", "ninja", "ninja", "ronin"]
SIX = ["shogun", "samurai", "ninja", "ninja", "ninja", "ronin"]
SEVEN = ["shogun", "samurai", "samurai", "ninja", "ninja", "ninja", "ronin"]


def with_counters(state: dict, **lists: list[int]) -> dict:
    """A mid-game state: overwrite public counters."""
    state = copy.deepcopy(state)
    for key, values in lists.items():
        state[key] = list(values)
    return state


def row(res: dict, seat: int) -> dict:
    return next(r for r in res["rows"] if r["seat"] == seat)


def team_row(res: dict, msgid: str) -> dict:
    return next(r for r in res["rows"] if r["seat"] is None and r["label"][1]["team_t"] == msgid)


def english(line: list) -> str:
    """A line as an English reader sees it: a count's line takes the plural unless it is 1."""
    msgid, params = line
    if "_plural" in params:
        msgid = msgid if params["n"] == 1 else params["_plural"]
    return msgid.format(**{k: english(v) if isinstance(v, list) else v for k, v in params.items()})


def text_of(lines: list) -> list[str]:
    return [english(line) for line in lines]
