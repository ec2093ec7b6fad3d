"""Roles and characters (§2): the app's deal, each phone's manual entry, and the Shogun.

Roles are the secret of the game: a role is stored per seat and shown only on that seat's
phone, except the Shogun's, which is face up as soon as it is known. With the manual deal,
play starts when every seat has entered cards that fit together.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, RulesError, State
from .board import PHASES, count, max_health, needs_stars
from .data import (
    CHARACTERS,
    NINJA,
    NINJA_STARS,
    ROLE_COUNTS,
    ROLE_NAMES,
    ROLES,
    SHOGUN,
    STARTING_HAND,
    STARTING_HONOR,
)


def deal(state: State, rng: Rng) -> None:
    """The app deals roles, Ninja cards and characters (§2).

    With only 2 Ninja, the third Ninja card is removed unseen: we shuffle the three cards and
    use the first two; the removed one is never stored anywhere.
    """
    n = count(state)
    counts = ROLE_COUNTS[n]
    deck = [role for role in ROLES for _ in range(counts[role])]
    rng.shuffle(deck)
    ninja_cards = list(NINJA_STARS)
    rng.shuffle(ninja_cards)
    for seat, role in enumerate(deck):
        state["roles"][seat] = role
        state["entered_role"][seat] = True
        if role == NINJA:
            state["stars"][seat] = ninja_cards.pop(0)
        if role == SHOGUN:
            state["shogun"] = seat
    for seat, key in enumerate(rng.sample(sorted(CHARACTERS), n)):
        state["characters"][seat] = key
        state["entered_character"][seat] = True


def start_play(state: State) -> list[Event]:
    """Everyone has their role and character: set the counters and start the Shogun's turn."""
    n = count(state)
    shogun = state["shogun"]
    shogun_honor, other_honor = STARTING_HONOR[n]
    for seat in range(n):
        state["health"][seat] = max_health(state, seat)
        state["honor"][seat] = shogun_honor if seat == shogun else other_honor
        state["hand"][seat] = STARTING_HAND[(seat - shogun) % n]
    state["started"] = True
    state["roles_mismatch"] = False
    state["characters_clash"] = False
    state["turn"] = shogun
    state["round"] = 1
    # Everyone is at full health, so entering Recover recovers nobody.
    events = PHASES.enter(state, "recover")
    return [*events, {"type": "PlayStarted", "seat": shogun}]


def _roles_match(state: State) -> bool:
    """The entered roles must be exactly the role cards for this player count (§2)."""
    n = count(state)
    wanted = {role: k for role, k in ROLE_COUNTS[n].items() if k}
    if Counter(state["roles"]) != Counter(wanted):
        return False
    stars = [s for r, s in zip(state["roles"], state["stars"], strict=True) if r == NINJA and s]
    return len(stars) == len(set(stars))  # two Ninja cards never carry the same stars


def _try_start(state: State) -> list[Event]:
    """Start play once every seat has entered cards that fit; else say only that they don't."""
    if not (all(state["entered_role"]) and all(state["entered_character"])):
        return []
    roles_ok = _roles_match(state)
    characters_ok = len(set(state["characters"])) == count(state)
    if roles_ok and characters_ok:
        return start_play(state)
    # Say only that something is wrong: naming the role that is off would leak someone's card.
    state["roles_mismatch"] = not roles_ok
    state["characters_clash"] = not characters_ok
    events: list[Event] = []
    if not roles_ok:
        events.append({"type": "RolesMismatch", "n": count(state)})
    if not characters_ok:
        events.append({"type": "CharactersClash"})
    return events


def act_enter_role(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Manual deal: a seat enters the role card it drew (and a Ninja card's stars)."""
    seat = actor  # a seat, never the table screen: the declaration (who=SEAT) says so
    role = params["role"]
    stars = params.get("stars") if role == NINJA else None
    if role == SHOGUN and state["shogun"] not in (None, seat):
        # Refusing reveals nothing: the Shogun is public as soon as entered.
        raise RulesError("shogun_taken", N_("Another player has already entered the Shogun."))
    if role == NINJA and stars is None and needs_stars(state):
        raise BadValue("stars_needed", N_("Enter the number of stars on your Ninja card."))
    state["roles"][seat] = role
    state["stars"][seat] = stars
    state["entered_role"][seat] = True
    if role == SHOGUN:
        state["shogun"] = seat
    elif state["shogun"] == seat:
        state["shogun"] = None
    events: list[Event] = [
        {"type": "ShogunRevealed" if role == SHOGUN else "RoleEntered", "seat": seat},
        {
            "type": "RoleNoted",
            "seat": seat,
            "role_t": ROLE_NAMES[role],
            "stars": stars,
            "to": [seat],
        },
    ]
    return events + _try_start(state)


def act_enter_character(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Manual deal: a seat enters the character card it drew (characters are unique)."""
    seat = actor  # a seat, never the table screen: the declaration (who=SEAT) says so
    key = params["character"]
    # Characters stay hidden until everyone has entered, so a refusal here ("already taken")
    # would tell this seat another seat's card. Two seats with the same character are caught
    # once everyone has entered, when the characters turn face up anyway (_try_start).
    state["characters"][seat] = key
    state["entered_character"][seat] = True
    events: list[Event] = [
        {"type": "CharacterEntered", "seat": seat},
        {"type": "CharacterNoted", "seat": seat, "character_t": CHARACTERS[key][0], "to": [seat]},
    ]
    return events + _try_start(state)
