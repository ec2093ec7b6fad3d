"""Samurai Sword (武士刀): the rules module of the table companion.

The players keep playing with the real cards; this module is the table's memory and referee
for what is tracked on the table: hidden roles (dealt by the app or entered on each phone),
characters, health, honor, hand sizes, Armor / Fast Draw / Focus in play, the Bushido holder,
whose turn and which phase it is. It fires the rules' automatic triggers (recovery at the start
of a turn, the draw count, the hand limit, the 1-honor transfer on a defeat, the Bushido check,
the empty-deck honor loss), computes attack difficulties, detects both game ends (0 honor,
Swordmaster) and scores the end with every line of the arithmetic.

Source of truth: /work/shared/rules/samurai-sword.md (the digest); section numbers below are its.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from .base import (
    N_,
    Action,
    Actor,
    BadValue,
    Event,
    Game,
    NotAllowed,
    Option,
    Param,
    Rng,
    RulesError,
    State,
    T,
    Text,
    require_seat_or_host,
)
from .samurai_sword_data import (
    CHARACTERS,
    COUNTERS,
    FATAL_ATTACK_PENALTY,
    HAND_LIMIT,
    MAX_DAIMYO,
    MAX_HAND,
    MAX_HONOR,
    MULTIPLIER,
    NINJA,
    NINJA_MORE_STARS_MULTIPLIER,
    NINJA_STARS,
    PHASE_NAMES,
    PHASES,
    ROLE_COUNTS,
    ROLE_NAMES,
    ROLES,
    RONIN,
    SHOGUN,
    STARTING_HAND,
    STARTING_HONOR,
    TEAM_NAMES,
    TEAM_OF_ROLE,
    TEAMS,
    WEAPON_DIFFICULTIES,
    WEAPONS,
)

GAME_ID = "samurai-sword"
COUNTER_KEYS = tuple(COUNTERS)

# ---------------------------------------------------------------------------------------------
# Small helpers


def _n(state: State) -> int:
    return len(state["players"])


def _name(state: State, seat: int) -> str:
    return state["players"][seat]["name"]


def _three(state: State) -> bool:
    """3 players always means the 3-player variant (§8)."""
    return _n(state) == 3


def _has(state: State, seat: int, character: str) -> bool:
    return state["characters"][seat] == character


def _max_health(state: State, seat: int) -> int | None:
    key = state["characters"][seat]
    return CHARACTERS[key][1] if key else None


def _team(role: str | None) -> str | None:
    return TEAM_OF_ROLE[role] if role else None


def _team_name(state: State, team: str) -> str:
    # In the 3-player game there are no Samurai: the "team" is the Shogun alone.
    return ROLE_NAMES[SHOGUN] if team == "shogun" and _three(state) else TEAM_NAMES[team]


def _harmless(state: State, seat: int) -> bool:
    """§4: Harmless = 0 health or 0 cards in hand."""
    if not state["started"]:
        return False
    return state["health"][seat] == 0 or state["hand"][seat] == 0


def _is_3p_shogun(state: State, seat: int) -> bool:
    return _three(state) and seat == state["shogun"]


def draws_for(three_player_shogun: bool, hideyoshi: bool) -> int:
    """Cards drawn in the Draw phase (§3, §8): 2, the 3-player Shogun 3, Hideyoshi 1 more.

    >>> draws_for(False, False), draws_for(True, False), draws_for(False, True)
    (2, 3, 3)
    """
    return (3 if three_player_shogun else 2) + (1 if hideyoshi else 0)


def _draws(state: State, seat: int) -> int:
    return draws_for(_is_3p_shogun(state, seat), _has(state, seat, "hideyoshi"))


def _weapons_per_turn(state: State, seat: int) -> int:
    """§3: 1 Weapon (3-player Shogun 2), +1 per Focus, +1 for Goemon."""
    base = 2 if _is_3p_shogun(state, seat) else 1
    return base + state["focus"][seat] + (1 if _has(state, seat, "goemon") else 0)


def seat_distance(harmless: Sequence[bool], attacker: int, target: int) -> int:
    """§4: the fewest places between two seats either way round, not counting Harmless players.

    For each direction: 1 + the non-Harmless players strictly between; take the smaller.

    >>> nobody = [False] * 6
    >>> [seat_distance(nobody, 0, t) for t in (1, 2, 3, 4, 5)]
    [1, 2, 3, 2, 1]
    >>> seat_distance([False, True, True, False, False, False], 0, 3)
    1
    """
    n = len(harmless)
    clockwise = 1 + sum(
        1 for k in range(1, (target - attacker) % n) if not harmless[(attacker + k) % n]
    )
    anticlockwise = 1 + sum(
        1 for k in range(1, (attacker - target) % n) if not harmless[(attacker - k) % n]
    )
    return min(clockwise, anticlockwise)


def difficulty(
    harmless: Sequence[bool],
    armor: Sequence[int],
    characters: Sequence[str | None],
    attacker: int,
    target: int,
) -> int | None:
    """§4: the Difficulty to attack ``target``: seats apart + its Armor, +1 against Benkei.

    None for yourself or a Harmless target.

    >>> seats, armor = [False] * 4, [0, 0, 2, 0]
    >>> difficulty(seats, armor, [None, "benkei", None, None], 0, 1)  # 1 apart, +1 Benkei
    2
    >>> difficulty(seats, armor, [None] * 4, 0, 2)  # 2 apart + 2 Armor
    4
    >>> difficulty(seats, armor, [None] * 4, 0, 0) is None
    True
    """
    if attacker == target or harmless[target]:
        return None
    value = seat_distance(harmless, attacker, target) + armor[target]
    return value + (1 if characters[target] == "benkei" else 0)


def _require_play(state: State) -> None:
    if not state["started"]:
        raise RulesError("not_started", N_("Play has not started: everyone enter your cards."))


def _require_current_or_host(state: State, actor: Actor) -> None:
    if actor is not None and actor != state["turn"]:
        raise NotAllowed("not_your_turn", N_("Only the current player can do that."))


def _bushido_pending(state: State) -> bool:
    """§6: Bushido in front of the current player is checked at the end of the Recover phase."""
    return (
        state["started"]
        and state["phase"] == "recover"
        and state["bushido"] is not None
        and state["bushido"] == state["turn"]
    )


# ---------------------------------------------------------------------------------------------
# Setup


def _empty_state(players: list[str], options: dict[str, Any]) -> State:
    n = len(players)
    return {
        "players": [{"name": name} for name in players],
        "options": {
            "deal": options.get("deal", "app"),
            "ninja_stars": bool(options.get("ninja_stars", True)),
        },
        # Secret per seat (only the view's "me" and the end reveal them).
        "roles": [None] * n,
        "stars": [None] * n,
        "daimyo": [0] * n,
        # Manual entry bookkeeping (public: who has entered, not what).
        "entered_role": [False] * n,
        "entered_character": [False] * n,
        "roles_mismatch": False,
        "characters_clash": False,
        "characters": [None] * n,
        "shogun": None,
        "started": False,
        "health": [None] * n,
        "honor": [None] * n,
        "hand": [None] * n,
        "armor": [0] * n,
        "fast_draw": [0] * n,
        "focus": [0] * n,
        "bushido": None,
        "turn": None,
        "phase": None,
        "round": None,
        "deck_outs": 0,
        "end": None,
    }


def _deal(state: State, rng: Rng) -> None:
    """The app deals roles, Ninja cards and characters (§2).

    With only 2 Ninja, the third Ninja card is removed unseen: we shuffle the three cards and
    use the first two; the removed one is never stored anywhere.
    """
    n = _n(state)
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


def _start_play(state: State, events: list[Event]) -> None:
    """Everyone has their role and character: set the counters and start the Shogun's turn."""
    n = _n(state)
    shogun = state["shogun"]
    shogun_honor, other_honor = STARTING_HONOR[n]
    for seat in range(n):
        state["health"][seat] = _max_health(state, seat)
        state["honor"][seat] = shogun_honor if seat == shogun else other_honor
        state["hand"][seat] = STARTING_HAND[(seat - shogun) % n]
    state["started"] = True
    state["roles_mismatch"] = False
    state["characters_clash"] = False
    state["turn"] = shogun
    state["phase"] = "recover"
    state["round"] = 1
    events.append({"type": "PlayStarted", "seat": shogun, "name": _name(state, shogun)})


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    """A new table: the app deals at once, or waits for every phone to enter its cards."""
    if not 3 <= len(players) <= 7:
        raise BadValue("player_count", N_("Samurai Sword is for 3 to 7 players."))
    state = _empty_state(players, options)
    if state["options"]["deal"] == "app":
        _deal(state, rng)
        _start_play(state, [])
    return state


# ---------------------------------------------------------------------------------------------
# Manual entry of roles and characters


def _require_manual_entry(state: State, actor: Actor) -> int:
    if actor is None:
        raise NotAllowed("seat_only", N_("Each player enters their own cards on their phone."))
    if state["started"]:
        raise RulesError("already_started", N_("Play has already started."))
    if state["options"]["deal"] != "manual":
        raise RulesError("app_deals", N_("The app dealt the roles and characters."))
    return actor


def _roles_match(state: State) -> bool:
    """The entered roles must be exactly the role cards for this player count (§2)."""
    n = _n(state)
    wanted = {role: count for role, count in ROLE_COUNTS[n].items() if count}
    if Counter(state["roles"]) != Counter(wanted):
        return False
    stars = [s for r, s in zip(state["roles"], state["stars"], strict=True) if r == NINJA and s]
    return len(stars) == len(set(stars))  # two Ninja cards never carry the same stars


def _try_start(state: State, events: list[Event]) -> None:
    if not (all(state["entered_role"]) and all(state["entered_character"])):
        return
    roles_ok = _roles_match(state)
    characters_ok = len(set(state["characters"])) == _n(state)
    if roles_ok and characters_ok:
        _start_play(state, events)
        return
    # Say only that something is wrong: naming the role that is off would leak someone's card.
    state["roles_mismatch"] = not roles_ok
    state["characters_clash"] = not characters_ok
    if not roles_ok:
        events.append({"type": "RolesMismatch", "n": _n(state)})
    if not characters_ok:
        events.append({"type": "CharactersClash"})


def _needs_stars(state: State) -> bool:
    return _n(state) == 4 and state["options"]["ninja_stars"]


def act_enter_role(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Manual deal: a seat enters the role card it drew (and a Ninja card's stars)."""
    seat = _require_manual_entry(state, actor)
    role = params["role"]
    stars = params.get("stars") if role == NINJA else None
    if role == SHOGUN and state["shogun"] not in (None, seat):
        # Refusing reveals nothing: the Shogun is public as soon as entered.
        raise RulesError("shogun_taken", N_("Another player has already entered the Shogun."))
    if role == NINJA and stars is None and _needs_stars(state):
        raise BadValue("stars_needed", N_("Enter the number of stars on your Ninja card."))
    state["roles"][seat] = role
    state["stars"][seat] = stars
    state["entered_role"][seat] = True
    if role == SHOGUN:
        state["shogun"] = seat
    elif state["shogun"] == seat:
        state["shogun"] = None
    name = _name(state, seat)
    events: list[Event] = [
        {"type": "ShogunRevealed", "seat": seat, "name": name}
        if role == SHOGUN
        else {"type": "RoleEntered", "seat": seat, "name": name},
        {
            "type": "RoleNoted",
            "seat": seat,
            "role_t": ROLE_NAMES[role],
            "stars": stars,
            "to": [seat],
        },
    ]
    _try_start(state, events)
    return events


def act_enter_character(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """Manual deal: a seat enters the character card it drew (characters are unique)."""
    seat = _require_manual_entry(state, actor)
    key = params["character"]
    # Characters stay hidden until everyone has entered, so a refusal here ("already taken")
    # would tell this seat another seat's card. Two seats with the same character are caught
    # once everyone has entered, when the characters turn face up anyway (_try_start).
    state["characters"][seat] = key
    state["entered_character"][seat] = True
    events: list[Event] = [
        {"type": "CharacterEntered", "seat": seat, "name": _name(state, seat)},
        {"type": "CharacterNoted", "seat": seat, "character_t": CHARACTERS[key][0], "to": [seat]},
    ]
    _try_start(state, events)
    return events


# ---------------------------------------------------------------------------------------------
# Turns and phases


def _clamp_hand(state: State, events: list[Event]) -> None:
    """§3 Discard: the hand limit is 7."""
    seat = state["turn"]
    if state["hand"][seat] > HAND_LIMIT:
        events.append(
            {
                "type": "HandLimit",
                "seat": seat,
                "name": _name(state, seat),
                "n": state["hand"][seat] - HAND_LIMIT,
            }
        )
        state["hand"][seat] = HAND_LIMIT


def _enter_recover(state: State, events: list[Event]) -> None:
    """§3 Recover: a player at 0 health takes it all back (the Defeat's harmlessness ends)."""
    seat = state["turn"]
    if state["health"][seat] == 0:
        state["health"][seat] = _max_health(state, seat)
        events.append(
            {
                "type": "Recovered",
                "seat": seat,
                "name": _name(state, seat),
                "n": state["health"][seat],
            }
        )


def _enter_draw(state: State, events: list[Event]) -> None:
    seat = state["turn"]
    n = _draws(state, seat)
    state["hand"][seat] = min(MAX_HAND, state["hand"][seat] + n)
    events.append({"type": "CardsDrawn", "seat": seat, "name": _name(state, seat), "n": n})


def _next_turn(state: State, events: list[Event]) -> None:
    _clamp_hand(state, events)
    seat = (state["turn"] + 1) % _n(state)
    if seat == state["shogun"]:
        state["round"] += 1
    state["turn"] = seat
    state["phase"] = "recover"
    events.append(
        {"type": "TurnStarted", "seat": seat, "name": _name(state, seat), "round": state["round"]}
    )
    _enter_recover(state, events)


def _refuse_if_bushido_pending(state: State) -> None:
    if _bushido_pending(state):
        raise RulesError("bushido_first", N_("Turn over the top card for Bushido first."))


def act_next_phase(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Recover -> Draw -> Play -> Discard -> the next player's Recover, with their triggers."""
    _require_play(state)
    _require_current_or_host(state, actor)
    _refuse_if_bushido_pending(state)
    events: list[Event] = []
    index = PHASES.index(state["phase"])
    if index == len(PHASES) - 1:
        _next_turn(state, events)
        return events
    state["phase"] = PHASES[index + 1]
    seat = state["turn"]
    events.append(
        {
            "type": "PhaseStarted",
            "seat": seat,
            "name": _name(state, seat),
            "phase_t": PHASE_NAMES[state["phase"]],
        }
    )
    if state["phase"] == "draw":
        _enter_draw(state, events)
    return events


def act_end_turn(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Jump to the next player's turn (the hand limit still applies)."""
    _require_play(state)
    _require_current_or_host(state, actor)
    _refuse_if_bushido_pending(state)
    events: list[Event] = []
    _next_turn(state, events)
    return events


# ---------------------------------------------------------------------------------------------
# Counters, defeats and the end


def _same_team(state: State, a: int, b: int) -> bool:
    return _team(state["roles"][a]) == _team(state["roles"][b])


def _defeat(state: State, seat: int, by: int | None, events: list[Event]) -> dict[str, Any]:
    """§4 Defeat: 1 honor goes from the defeated player to whoever defeated them."""
    if by is None:
        by = state["turn"]
    name = _name(state, seat)
    if by == seat:
        events.append({"type": "Defeated", "seat": seat, "name": name, "by": None})
        return {"seat": seat, "by": None}
    if state["honor"][seat] > 0:
        state["honor"][seat] -= 1
        state["honor"][by] = min(MAX_HONOR, state["honor"][by] + 1)
    events.append(
        {"type": "Defeated", "seat": seat, "name": name, "by": by, "by_name": _name(state, by)}
    )
    return {"seat": seat, "by": by}


def _check_end(state: State, events: list[Event], defeat: dict[str, Any] | None = None) -> None:
    """§7: the game ends at 0 honor, or with a Swordmaster when only one player has health.

    The Swordmaster is checked only on the defeat that leaves one player standing (the
    moment it happens), not again on later actions. AMBIGUOUS (both at once): the
    Swordmaster wins unless that defeat was by a teammate; then normal scoring with the −3.
    A teammate's defeat that leaves one player standing without anyone at 0 honor does not
    end the game (the Swordmaster rule "does not apply"): play goes on.
    """
    n = _n(state)
    zero = [s for s in range(n) if state["honor"][s] == 0]
    by = defeat["by"] if defeat else None
    teammate = by is not None and _same_team(state, defeat["seat"], by)
    alive = [s for s in range(n) if state["health"][s] > 0]
    swordmaster = alive[0] if defeat is not None and not _three(state) and len(alive) == 1 else None
    if swordmaster is not None and not teammate:
        state["end"] = {"reason": "swordmaster", "seat": swordmaster}
        events.append(
            {"type": "GameEnded", "reason": "swordmaster", "name": _name(state, swordmaster)}
        )
    elif zero:
        fatal = None
        if teammate and defeat["seat"] in zero:
            fatal = {"team": _team(state["roles"][by]), "seat": defeat["seat"], "by": by}
        state["end"] = {"reason": "honor", "seats": zero, "fatal": fatal}
        events.append({"type": "GameEnded", "reason": "honor", "names": _names(state, zero)})
    elif swordmaster is not None:
        events.append({"type": "SwordmasterVoid", "name": _name(state, swordmaster)})
    if state["end"] is not None:
        state["turn"] = None
        state["phase"] = None


def _names(state: State, seats: list[int]) -> str:
    return ", ".join(_name(state, s) for s in seats)


def act_adjust(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Change one public counter; health reaching 0 is a Defeat (§4)."""
    _require_play(state)
    seat = params["seat"]
    require_seat_or_host(actor, seat)
    counter, delta = params["counter"], params["delta"]
    if delta == 0:
        raise BadValue("no_change", N_("Choose a change other than 0."))
    top = _max_health(state, seat) if counter == "health" else COUNTERS[counter][1]
    before = state[counter][seat]
    after = max(0, min(top, before + delta))
    if after == before:
        raise BadValue("at_limit", N_("That counter is already at its limit."))
    state[counter][seat] = after
    events: list[Event] = [
        {
            "type": "Adjusted",
            "seat": seat,
            "name": _name(state, seat),
            "counter_t": COUNTERS[counter][0],
            "before": before,
            "after": after,
        }
    ]
    defeat = None
    if counter == "health" and after == 0:
        defeat = _defeat(state, seat, params.get("by"), events)
    _check_end(state, events, defeat)
    return events


def act_deck_out(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """§3: the deck ran out: reshuffle, and every player loses 1 honor (may end the game)."""
    _require_play(state)
    for seat in range(_n(state)):
        state["honor"][seat] = max(0, state["honor"][seat] - 1)
    state["deck_outs"] += 1
    events: list[Event] = [{"type": "DeckOut", "n": state["deck_outs"]}]
    _check_end(state, events)
    return events


def act_set_daimyo(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """A seat records how many Daimyo it holds (private; counted at the end, §7)."""
    if actor is None:
        raise NotAllowed("seat_only", N_("Only a player can record the Daimyo in their own hand."))
    state["daimyo"][actor] = params["n"]
    return [{"type": "DaimyoNoted", "seat": actor, "n": params["n"], "to": [actor]}]


# ---------------------------------------------------------------------------------------------
# Bushido (§1 Properties, §6)


def act_set_bushido(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Bushido played in front of a player, or removed from play (Geisha, corrections).

    The current player follows the cards: only in the Play phase, in front of another player
    (seed), only if no Bushido is in play, and never removing the one in front of themself
    (Geisha targets another player). The table screen may set anything (corrections).
    """
    _require_play(state)
    _require_current_or_host(state, actor)
    target = params.get("seat")
    holder = state["bushido"]
    if target == holder:
        raise BadValue("no_change", N_("Bushido is already there."))
    if actor is not None:
        _check_bushido_play(state, actor, target, holder)
    state["bushido"] = target
    if target is None:
        return [{"type": "BushidoRemoved"}]
    return [{"type": "BushidoPlaced", "seat": target, "name": _name(state, target)}]


def _check_bushido_play(state: State, actor: int, target: int | None, holder: int | None) -> None:
    if state["phase"] != "play":
        raise RulesError("play_phase_only", N_("Cards are played in the Play phase."))
    if target is None and holder == actor:
        raise RulesError(
            "geisha_self", N_("Geisha targets another player: ask the table screen to fix this.")
        )
    if target == actor:
        raise BadValue("bushido_self", N_("Bushido is played in front of another player."))
    if target is not None and holder is not None:
        raise RulesError("one_bushido", N_("Only one Bushido may be in play at a time."))


def act_bushido_draw(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """§6: the current player turns over the top card for the Bushido in front of them."""
    _require_play(state)
    _require_current_or_host(state, actor)
    if not _bushido_pending(state):
        raise RulesError(
            "no_bushido_check",
            N_("Bushido is checked only in the Recover phase of the player it is in front of."),
        )
    seat = state["turn"]
    left = (seat + 1) % _n(state)  # seats run clockwise: the next seat is on the left
    base = {"seat": seat, "name": _name(state, seat), "left": left, "left_name": _name(state, left)}
    if not params.get("weapon"):
        state["bushido"] = left
        return [{"type": "BushidoChecked", "outcome": "passed", **base}]
    pay = params.get("pay")
    shogun_3p = _is_3p_shogun(state, seat)
    if pay is None and not shogun_3p:
        raise BadValue(
            "choose_payment",
            N_("A Weapon was turned over: choose to discard a Weapon or lose 1 honor."),
        )
    if pay == "discard_weapon":
        if state["hand"][seat] == 0:
            raise BadValue("no_cards", N_("There is no card in hand to discard."))
        state["hand"][seat] -= 1
        state["bushido"] = left
        return [{"type": "BushidoChecked", "outcome": "weapon_discarded", **base}]
    state["bushido"] = None
    if shogun_3p:
        # §8: the 3-player Shogun never loses honor to Bushido; it is simply discarded.
        return [{"type": "BushidoChecked", "outcome": "shogun_discards", **base}]
    state["honor"][seat] -= 1
    events: list[Event] = [{"type": "BushidoChecked", "outcome": "honor_lost", **base}]
    _check_end(state, events)  # no attacker, so never a Fatal Attack
    return events


# ---------------------------------------------------------------------------------------------
# Scoring (§7)


def _multiplier(state: State, seat: int) -> tuple[int, list[Text]]:
    """The honor multiplier of ``seat`` and, for the 4-player Ninja, the line that explains it."""
    n = _n(state)
    role = state["roles"][seat]
    mult = MULTIPLIER[role][n]
    if role != NINJA or n != 4:
        return mult, []
    if not state["options"]["ninja_stars"]:
        return mult, [T("Ninja stars rule off: every Ninja scores ×1")]
    mine = state["stars"][seat]
    others = [state["stars"][s] for s in range(n) if s != seat and state["roles"][s] == NINJA]
    other = others[0] if others else None
    if mine is None or other is None or mine == other:
        return mult, []
    if mine > other:
        line = T("{stars} stars against {other}: the Ninja with more stars scores ×2")
        mult = NINJA_MORE_STARS_MULTIPLIER
    else:
        line = T("{stars} stars against {other}: the Ninja with fewer stars scores ×1")
    line[1].update(stars=mine, other=other)
    return mult, [line]


def _player_score(state: State, seat: int) -> tuple[int, list[Text]]:
    role = state["roles"][seat]
    honor = state["honor"][seat]
    mult, lines = _multiplier(state, seat)
    points = honor * mult
    lines.append(
        T(
            "{honor} honor × {mult} ({role_t}, {n} players) = {points}",
            honor=honor,
            mult=mult,
            role_t=ROLE_NAMES[role],
            n=_n(state),
            points=points,
        )
    )
    daimyo = state["daimyo"][seat]
    if role == RONIN:
        if daimyo:
            lines.append(T("{n} Daimyo: worth 0 to the Ronin", n=daimyo))
    elif daimyo:
        # Added after the multiplication: Daimyo are never doubled or tripled.
        points += daimyo
        lines.append(T("+{n} Daimyo", n=daimyo))
    lines.append(T("Score: {score}", score=points))
    return points, lines


def _teams_in_play(state: State) -> list[str]:
    present = {_team(role) for role in state["roles"]}
    return [team for team in TEAMS if team in present]


def _label(state: State, seat: int) -> Text:
    return T("{name} ({role_t})", name=_name(state, seat), role_t=ROLE_NAMES[state["roles"][seat]])


def _swordmaster_result(state: State, end: dict[str, Any]) -> dict[str, Any]:
    seat = end["seat"]
    winner = _team(state["roles"][seat])
    no_points = T("Swordmaster victory: no points are counted")
    rows = [
        {
            "seat": s,
            "label": _label(state, s),
            "score": None,
            "won": _team(state["roles"][s]) == winner,
            "lines": [no_points],
        }
        for s in range(_n(state))
    ]
    for team in _teams_in_play(state):
        rows.append(
            {
                "seat": None,
                "label": T("Team: {team_t}", team_t=_team_name(state, team)),
                "score": None,
                "won": team == winner,
                "lines": [no_points],
            }
        )
    return {
        "reason": T("Swordmaster: only {name} has health left", name=_name(state, seat)),
        "headline": T(
            "Winner: {team_t} (Swordmaster {name})",
            team_t=_team_name(state, winner),
            name=_name(state, seat),
        ),
        "winners": [s for s in range(_n(state)) if _team(state["roles"][s]) == winner],
        "rows": rows,
    }


def _team_row(
    state: State, team: str, scores: list[int], fatal: dict[str, Any] | None
) -> dict[str, Any]:
    members = [s for s in range(_n(state)) if _team(state["roles"][s]) == team]
    lines = [
        T(
            "{name} ({role_t}): {score}",
            name=_name(state, s),
            role_t=ROLE_NAMES[state["roles"][s]],
            score=scores[s],
        )
        for s in members
    ]
    total = sum(scores[s] for s in members)
    if fatal and fatal["team"] == team:
        total -= FATAL_ATTACK_PENALTY
        lines.append(
            T(
                "−3 fatal attack: {name} was defeated by teammate {by_name}",
                name=_name(state, fatal["seat"]),
                by_name=_name(state, fatal["by"]),
            )
        )
    lines.append(T("Team total: {total}", total=total))
    return {
        "seat": None,
        "label": T("Team: {team_t}", team_t=_team_name(state, team)),
        "score": total,
        "won": False,
        "lines": lines,
    }


def winning_team(totals: dict[str, int]) -> tuple[str, bool]:
    """The highest total wins; a tie goes to the Ninja if tied, else to the Shogun team (§7).

    Returns (team, won_on_a_tie).

    >>> winning_team({"shogun": 9, "ninja": 9, "ronin": 4})
    ('ninja', True)
    >>> winning_team({"shogun": 8, "ninja": 5, "ronin": 8})
    ('shogun', True)
    >>> winning_team({"shogun": 3, "ninja": 5, "ronin": 8})
    ('ronin', False)
    """
    best = max(totals.values())
    tied = [team for team, total in totals.items() if total == best]
    if len(tied) == 1:
        return tied[0], False
    return ("ninja" if "ninja" in tied else "shogun"), True


def _honor_result(state: State, end: dict[str, Any]) -> dict[str, Any]:
    n = _n(state)
    scores: list[int] = []
    rows: list[dict[str, Any]] = []
    for seat in range(n):
        score, lines = _player_score(state, seat)
        scores.append(score)
        rows.append(
            {
                "seat": seat,
                "label": _label(state, seat),
                "score": score,
                "won": False,
                "lines": lines,
            }
        )
    team_rows = {t: _team_row(state, t, scores, end["fatal"]) for t in _teams_in_play(state)}
    winner, tie = winning_team({t: row["score"] for t, row in team_rows.items()})
    team_rows[winner]["won"] = True
    for seat, row in enumerate(rows):
        row["won"] = _team(state["roles"][seat]) == winner
    total = team_rows[winner]["score"]
    team_t = _team_name(state, winner)
    headline = (
        T("Winner: {team_t}, on the tie rule ({total} points)", team_t=team_t, total=total)
        if tie
        else T("Winner: {team_t} ({total} points)", team_t=team_t, total=total)
    )
    return {
        "reason": T("{names} reached 0 honor", names=_names(state, end["seats"])),
        "headline": headline,
        "winners": [s for s in range(n) if rows[s]["won"]],
        "rows": rows + list(team_rows.values()),
    }


def result(state: State) -> dict[str, Any] | None:
    """None while the game runs; then the winners and every line of the scoring (§7)."""
    end = state.get("end")
    if end is None:
        return None
    if end["reason"] == "swordmaster":
        return _swordmaster_result(state, end)
    return _honor_result(state, end)


# ---------------------------------------------------------------------------------------------
# Views


def _character_public(state: State, seat: int) -> str | None:
    # While the phones are entering cards, nothing but who has entered is shown.
    return state["characters"][seat] if state["started"] else None


def _player_view(state: State, seat: int, over: bool) -> dict[str, Any]:
    key = _character_public(state, seat)
    started = state["started"]
    role = state["roles"][seat]
    public_role = role if (over or seat == state["shogun"]) else None
    row: dict[str, Any] = {
        "seat": seat,
        "name": _name(state, seat),
        "character": CHARACTERS[key][0] if key else None,
        "ability": CHARACTERS[key][2] if key else None,
        "max_health": _max_health(state, seat) if key else None,
        "health": state["health"][seat],
        "honor": state["honor"][seat],
        "hand": state["hand"][seat],
        "armor": state["armor"][seat],
        "fast_draw": state["fast_draw"][seat],
        "focus": state["focus"][seat],
        "bushido": state["bushido"] == seat,
        "harmless": _harmless(state, seat),
        "is_turn": state["turn"] == seat,
        "role": ROLE_NAMES[public_role] if public_role else None,
        "weapons_per_turn": _weapons_per_turn(state, seat) if started else None,
        "draws": _draws(state, seat) if started else None,
        "damage_bonus": (
            state["fast_draw"][seat] + (1 if _has(state, seat, "musashi") else 0)
            if started
            else None
        ),
    }
    if over:
        row["stars"] = state["stars"][seat]
        row["daimyo"] = state["daimyo"][seat]
        row["team"] = _team_name(state, _team(role))
    return row


def _helper_tables(state: State) -> tuple[list[list[dict[str, Any]]], list[list[dict]]]:
    """The attack helper's two tables (see ``_helper_tables_for``) for this state."""
    if not state["started"]:
        return [], []
    harmless = tuple(_harmless(state, s) for s in range(_n(state)))
    return _helper_tables_for(harmless, tuple(state["armor"]), tuple(state["characters"]))


# Every view of every version needs these tables, but they depend only on who is Harmless,
# the Armor and two characters, which a counter tap rarely changes. The results are shared
# between views, which only ever read them.
@lru_cache(maxsize=512)
def _helper_tables_for(
    harmless: tuple[bool, ...], armor: tuple[int, ...], characters: tuple[str | None, ...]
) -> tuple[list[list[dict[str, Any]]], list[list[dict]]]:
    """For every attacker and target: the Difficulty and the weapon difficulties that reach it;
    and for every attacker, per weapon reach (1-5), the weapons of that reach and whom they hit.

    The second is the question a player holding a weapon asks ("my Katana: whom can I hit?").
    """
    n = len(harmless)
    difficulties = []
    for attacker in range(n):
        kojiro = characters[attacker] == "kojiro"
        row = []
        for target in range(n):
            value = difficulty(harmless, armor, characters, attacker, target)
            reach = (
                [] if value is None else [w for w in WEAPON_DIFFICULTIES if kojiro or w >= value]
            )
            row.append(
                {
                    "target": target,
                    "difficulty": value,
                    "reachable_by": reach,
                    "kojiro": kojiro and value is not None,
                }
            )
        difficulties.append(row)
    attack = [
        [
            {
                "reach": reach,
                "weapons": [w[0] for w in WEAPONS if w[2] == reach],
                "targets": [e["target"] for e in row if reach in e["reachable_by"]],
            }
            for reach in WEAPON_DIFFICULTIES
        ]
        for row in difficulties
    ]
    return difficulties, attack


WEAPON_TABLE = [
    {"name": name, "copies": copies, "difficulty": diff, "damage": damage}
    for name, copies, diff, damage in WEAPONS
]
CHARACTER_CHOICES = [
    {"id": key, "name": name, "health": health, "ability": ability}
    for key, (name, health, ability) in CHARACTERS.items()
]


def _setup_view(state: State) -> dict[str, Any] | None:
    if state["options"]["deal"] != "manual" or state["started"]:
        return None
    return {
        "roles_entered": list(state["entered_role"]),
        "characters_entered": list(state["entered_character"]),
        "needs_stars": _needs_stars(state),
        "characters": CHARACTER_CHOICES,
    }


def _me(state: State, seat: int, over: bool, res: dict[str, Any] | None) -> dict[str, Any]:
    role = state["roles"][seat]
    key = state["characters"][seat]
    me: dict[str, Any] = {
        "seat": seat,
        "role": ROLE_NAMES[role] if role else None,
        "role_id": role,
        "stars": state["stars"][seat],
        "daimyo": state["daimyo"][seat],
        "daimyo_max": MAX_DAIMYO,
        "team": _team_name(state, _team(role)) if role else None,
        "character": CHARACTERS[key][0] if key else None,
        "character_id": key,
        "entered_role": state["entered_role"][seat],
        "entered_character": state["entered_character"][seat],
    }
    if _setup_view(state) is not None:
        # The role choices live only in a phone's own view: the table screen names no hidden role.
        me["role_choices"] = [{"id": r, "name": ROLE_NAMES[r]} for r in ROLES]
    if res is not None:
        me["result_row"] = next(row for row in res["rows"] if row["seat"] == seat)
    return me


def view(state: State, viewer: Actor) -> dict[str, Any]:
    """What ``viewer`` may see: public counters, the Shogun, the attack helper; own secrets in me"""
    over = state["end"] is not None
    res = result(state)
    phase = state["phase"]
    difficulties, attack = _helper_tables(state)
    out: dict[str, Any] = {
        "players": [_player_view(state, s, over) for s in range(_n(state))],
        "turn": state["turn"],
        "round": state["round"],
        "phase": PHASE_NAMES[phase] if phase else (N_("Setup") if not state["started"] else None),
        "phase_id": phase,
        "phases": [{"id": p, "name": PHASE_NAMES[p], "current": p == phase} for p in PHASES],
        "over": over,
        "started": state["started"],
        "options": {
            "deal": state["options"]["deal"],
            "ninja_stars": state["options"]["ninja_stars"],
            "three_player": _three(state),
        },
        "setup": _setup_view(state),
        "roles_mismatch": state["roles_mismatch"],
        "characters_clash": state.get("characters_clash", False),
        "shogun": state["shogun"],
        "bushido": state["bushido"],
        "bushido_pending": _bushido_pending(state),
        "deck_outs": state["deck_outs"],
        "hand_limit": HAND_LIMIT,
        "difficulty": difficulties,
        "attack": attack,
        "weapons": WEAPON_TABLE,
        "result": res,
    }
    if viewer is not None:
        out["me"] = _me(state, viewer, over, res)
    return out


def private_view(state: State, seat: int) -> dict[str, Any]:
    """A seat's own part of its view (its view is the table's view plus this as "me")."""
    return _me(state, seat, state["end"] is not None, result(state))


def allowed(state: State, actor: Actor) -> list[str]:
    """The action types ``actor`` (a seat, or None for the table screen) may use right now."""
    if state["end"] is not None:
        return []
    if not state["started"]:
        manual = state["options"]["deal"] == "manual"
        if not manual or actor is None:
            return []
        # Starting hands are already dealt at the table, so a Daimyo may be held before play.
        return ["enter_role", "enter_character", "set_daimyo"]
    types = ["adjust", "deck_out"]
    if actor is not None:
        types.append("set_daimyo")
    if actor is None or actor == state["turn"]:
        if _bushido_pending(state):
            types.append("bushido_draw")
        else:
            types += ["next_phase", "end_turn"]
        types.append("set_bushido")
    return types


# ---------------------------------------------------------------------------------------------
# History lines

_BUSHIDO_LINES = {
    "passed": N_("{name} turns over a non-Weapon for Bushido and passes it to {left_name}"),
    "weapon_discarded": N_(
        "{name} turns over a Weapon for Bushido, discards a Weapon "
        "and passes Bushido to {left_name}"
    ),
    "honor_lost": N_("{name} turns over a Weapon for Bushido, loses 1 honor; Bushido is discarded"),
    "shogun_discards": N_(
        "{name} turns over a Weapon for Bushido; the 3-player Shogun loses no honor: "
        "Bushido is discarded"
    ),
}


def _describe_defeat(event: Event) -> Text:
    if event["by"] is None:
        return T("{name} is defeated, not by another player: no honor moves", name=event["name"])
    return T(
        "{name} is defeated by {by_name} and gives them 1 honor",
        name=event["name"],
        by_name=event["by_name"],
    )


def _describe_end(event: Event) -> Text:
    if event["reason"] == "swordmaster":
        return T("Game over: only {name} has health left (Swordmaster)", name=event["name"])
    return T("Game over: {names} reached 0 honor", names=event["names"])


def _describe_role_noted(event: Event) -> Text:
    if event.get("stars"):
        return T(
            "You entered {role_t} with {stars} stars", role_t=event["role_t"], stars=event["stars"]
        )
    return T("You entered {role_t}", role_t=event["role_t"])


_DESCRIBERS: dict[str, Any] = {
    "PlayStarted": lambda e: T("Play begins: {name} is the Shogun and plays first", name=e["name"]),
    "ShogunRevealed": lambda e: T("{name} is the Shogun", name=e["name"]),
    "RoleEntered": lambda e: T("{name} has entered a role card", name=e["name"]),
    "RoleNoted": _describe_role_noted,
    "CharacterEntered": lambda e: T("{name} has entered a character", name=e["name"]),
    "CharacterNoted": lambda e: T("You entered {character_t}", character_t=e["character_t"]),
    "RolesMismatch": lambda e: T(
        "The roles entered don't match the cards for {n} players: everyone check your card",
        n=e["n"],
    ),
    "CharactersClash": lambda e: T(
        "Two players entered the same character: everyone check your character card"
    ),
    "Adjusted": lambda e: T(
        "{name}: {counter_t} {before} → {after}",
        name=e["name"],
        counter_t=e["counter_t"],
        before=e["before"],
        after=e["after"],
    ),
    "Defeated": _describe_defeat,
    "GameEnded": _describe_end,
    "SwordmasterVoid": lambda e: T(
        "Only {name} has health left, but the Swordmaster victory does not apply: play on",
        name=e["name"],
    ),
    "Recovered": lambda e: T("{name} recovers to {n} health", name=e["name"], n=e["n"]),
    "TurnStarted": lambda e: T("{name}'s turn (round {round})", name=e["name"], round=e["round"]),
    "PhaseStarted": lambda e: T("{name}: {phase_t}", name=e["name"], phase_t=e["phase_t"]),
    "CardsDrawn": lambda e: T("{name} draws {n} cards", name=e["name"], n=e["n"]),
    "HandLimit": lambda e: T(
        "{name} discards {n} cards down to the hand limit of 7", name=e["name"], n=e["n"]
    ),
    "DeckOut": lambda e: T("The deck ran out: everyone loses 1 honor"),
    "DaimyoNoted": lambda e: T("You hold {n} Daimyo", n=e["n"]),
    "BushidoPlaced": lambda e: T("Bushido is in front of {name}", name=e["name"]),
    "BushidoRemoved": lambda e: T("Bushido is removed from play"),
    # Built as a Text directly: the msgid comes from the table above (already marked with N_).
    "BushidoChecked": lambda e: [
        _BUSHIDO_LINES[e["outcome"]],
        {"name": e["name"], "left_name": e["left_name"]},
    ],
}


def describe(event: Event) -> Text:
    """The history line for one of this module's events."""
    fn = _DESCRIBERS.get(event.get("type", ""))
    return fn(event) if fn else T("{type}", type=str(event.get("type")))


# ---------------------------------------------------------------------------------------------
# The game

ACTIONS = {
    action.type: action
    for action in (
        Action(
            "adjust",
            act_adjust,
            (
                Param("seat", "seat", label=N_("Player")),
                Param("counter", "choice", choices=COUNTER_KEYS, label=N_("Counter")),
                Param("delta", "int", min=-10, max=10, label=N_("Change")),
                Param("by", "seat", optional=True, label=N_("Defeated by")),
            ),
            label=N_("Adjust"),
            doc="Change a public counter (own seat; table screen: anyone). Health to 0 = Defeat.",
            correction=True,
        ),
        Action(
            "next_phase",
            act_next_phase,
            label=N_("Next phase"),
            doc="Recover -> Draw (adds the draws) -> Play -> Discard (hand limit 7) -> next turn.",
        ),
        Action(
            "end_turn",
            act_end_turn,
            label=N_("End turn"),
            doc="Jump to the next player's turn (hand limit 7 applied).",
        ),
        Action(
            "set_bushido",
            act_set_bushido,
            (Param("seat", "seat", optional=True, label=N_("In front of")),),
            label=N_("Bushido"),
            doc="Put Bushido in front of a player, or remove it (no seat).",
        ),
        Action(
            "bushido_draw",
            act_bushido_draw,
            (
                Param("weapon", "bool", label=N_("A Weapon was turned over")),
                Param(
                    "pay",
                    "choice",
                    choices=("discard_weapon", "lose_honor"),
                    optional=True,
                    label=N_("Pay with"),
                ),
            ),
            label=N_("Bushido check"),
            doc="Recover-phase Bushido check of the current player holding Bushido.",
        ),
        Action(
            "deck_out",
            act_deck_out,
            label=N_("The deck ran out"),
            doc="The draw deck ran out: every player loses 1 honor.",
        ),
        Action(
            "set_daimyo",
            act_set_daimyo,
            (Param("n", "int", min=0, max=MAX_DAIMYO, label=N_("Daimyo in hand")),),
            label=N_("Daimyo in hand"),
            doc="Own seat only, private: how many Daimyo cards you hold.",
        ),
        Action(
            "enter_role",
            act_enter_role,
            (
                Param("role", "choice", choices=ROLES, label=N_("Your role card")),
                Param("stars", "int", min=1, max=3, optional=True, label=N_("Ninja stars")),
            ),
            label=N_("Enter your role"),
            doc="Manual deal, own seat, before play: the role card you drew.",
        ),
        Action(
            "enter_character",
            act_enter_character,
            (Param("character", "choice", choices=tuple(CHARACTERS), label=N_("Your character")),),
            label=N_("Enter your character"),
            doc="Manual deal, own seat, before play: the character card you drew.",
        ),
    )
}

OPTIONS = (
    Option(
        "deal",
        "choice",
        "app",
        N_("Roles and characters"),
        choices=(
            ("app", N_("The app deals them")),
            ("manual", N_("Each player enters the cards they drew")),
        ),
    ),
    Option(
        "ninja_stars",
        "bool",
        True,
        N_("4 players: the Ninja with more stars scores ×2"),
    ),
)

GAME = Game(
    id=GAME_ID,
    name=N_("Samurai Sword"),
    min_players=3,
    max_players=7,
    setup=setup,
    actions=ACTIONS,
    allowed=allowed,
    view=view,
    result=result,
    # The history line of an event (the game still reads names from its events).
    describe=lambda event, players=(): describe(event),
    options=OPTIONS,
    private_view=private_view,
    # The end of the game (every role face up) is a barrier by itself.
    reveals={
        "ShogunRevealed": N_("the Shogun's role card turned face up"),
        "RolesMismatch": N_("the check of the entered roles"),
        "CharactersClash": N_("the check of the entered characters"),
        "PlayStarted": N_("the characters turned face up"),
        "SwordmasterVoid": N_("a defeat that shows two players are teammates"),
    },
    private=("role", "Daimyo in hand"),
    sealed=False,
)
