"""The facts of a Samurai Sword table that every part of the game reads.

Who sits where, the player count and its variant, characters and their health, teams, who is
Harmless, what the current player draws and may play, and the four phases of a turn. Nothing
here changes the state.
"""

from __future__ import annotations

from typing import overload

from ..kit import Phases, State
from .data import CHARACTERS, ROLE_NAMES, SHOGUN, TEAM_NAMES, TEAM_OF_ROLE, TURN_PHASES

# Digest §3: Recover -> Draw -> Play -> Discard. ``__init__`` registers what entering one does.
PHASES = Phases(TURN_PHASES)
# Play runs through these phases only: before play starts and after the end there is none.
IN_PLAY = tuple(PHASES.order)


def count(state: State) -> int:
    """How many players sit at the table."""
    return len(state["players"])


def name(state: State, seat: int) -> str:
    return state["players"][seat]["name"]


def three(state: State) -> bool:
    """3 players always means the 3-player variant (§8)."""
    return count(state) == 3


def has(state: State, seat: int, character: str) -> bool:
    return state["characters"][seat] == character


def max_health(state: State, seat: int) -> int:
    """The resilience of the seat's character (known once play starts: the view asks only
    then, and every counter that uses it is for play)."""
    return CHARACTERS[state["characters"][seat]][1]


@overload
def team(role: str) -> str: ...
@overload
def team(role: None) -> None: ...
def team(role: str | None) -> str | None:
    """The team of a role (None while the role is not known)."""
    return TEAM_OF_ROLE[role] if role else None


def team_name(state: State, team_id: str) -> str:
    """The msgid of a team; in the 3-player game there are no Samurai: the Shogun is alone."""
    return ROLE_NAMES[SHOGUN] if team_id == "shogun" and three(state) else TEAM_NAMES[team_id]


def same_team(state: State, a: int, b: int) -> bool:
    return team(state["roles"][a]) == team(state["roles"][b])


def harmless(state: State, seat: int) -> bool:
    """§4: Harmless = 0 health or 0 cards in hand."""
    if not state["started"]:
        return False
    return state["health"][seat] == 0 or state["hand"][seat] == 0


def is_3p_shogun(state: State, seat: int) -> bool:
    return three(state) and seat == state["shogun"]


def draws_for(three_player_shogun: bool, hideyoshi: bool) -> int:
    """Cards drawn in the Draw phase (§3, §8): 2, the 3-player Shogun 3, Hideyoshi 1 more.

    >>> draws_for(False, False), draws_for(True, False), draws_for(False, True)
    (2, 3, 3)
    """
    return (3 if three_player_shogun else 2) + (1 if hideyoshi else 0)


def draws(state: State, seat: int) -> int:
    """The cards ``seat`` draws in its Draw phase."""
    return draws_for(is_3p_shogun(state, seat), has(state, seat, "hideyoshi"))


def weapons_per_turn(state: State, seat: int) -> int:
    """§3: 1 Weapon (3-player Shogun 2), +1 per Focus, +1 for Goemon."""
    base = 2 if is_3p_shogun(state, seat) else 1
    return base + state["focus"][seat] + (1 if has(state, seat, "goemon") else 0)


def bushido_pending(state: State) -> bool:
    """§6: Bushido in front of the current player is checked at the end of the Recover phase."""
    return (
        state["started"]
        and state["phase"] == "recover"
        and state["bushido"] is not None
        and state["bushido"] == state["turn"]
    )


def needs_stars(state: State) -> bool:
    """Does a Ninja's role entry need its stars (4 players with the stars rule on)?"""
    return count(state) == 4 and state["options"]["ninja_stars"]
