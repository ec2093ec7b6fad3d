"""Attacks resolved by the app (§4, §5): a Weapon attack, Battle Cry and Jujutsu.

The players still play the real cards; one tap tells the app what was played and whether it was
parried, and the app does the arithmetic the table gets wrong: the Weapon's damage, +1 per Fast
Draw, +1 for Musashi, −1 against Ginchiyo (at least 1), the wounds beyond the target's health
lost, Tomoe's and Ushiwaka's draws, the Defeat and its honor (``counters._defeat``) and the end
of the game. Everything it reads is public (characters, counters, Properties in play), so no
refusal here depends on a secret.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, NotAllowed, Rng, RulesError, State
from .attacks import difficulty
from .board import count, harmless, has, same_team
from .counters import _defeat, check_end
from .data import MAX_HAND, WEAPONS

# Weapon keys (the request's ``weapon``): the printed name in lower case.
WEAPON_BY_KEY = {w[0].lower(): w for w in WEAPONS}
WEAPON_KEYS = tuple(WEAPON_BY_KEY)


def damage_bonus(state: State, seat: int) -> int:
    """§4: what ``seat`` adds to every Weapon's damage: 1 per Fast Draw in play, 1 as Musashi."""
    return state["fast_draw"][seat] + (1 if has(state, seat, "musashi") else 0)


def wounds_for(damage: int, fast_draw: int, musashi: bool, ginchiyo: bool) -> int:
    """§4 Wounds: the damage + 1 per Fast Draw + 1 for Musashi; −1 against Ginchiyo, at least 1.

    >>> wounds_for(3, 1, False, True), wounds_for(1, 0, False, True), wounds_for(2, 2, True, False)
    (3, 1, 5)
    """
    raw = damage + fast_draw + (1 if musashi else 0)
    return max(1, raw - 1) if ginchiyo else raw


def _attacker(state: State, params: dict[str, Any]) -> int:
    """The current player attacks; the host taps for them (``attacker`` may only name them)."""
    seat = state["turn"]
    named = params.get("attacker")
    if named is not None and named != seat:
        raise NotAllowed(
            "attacker_not_on_turn", N_("Only the player whose turn it is attacks now.")
        )
    if state["phase"] != "play":
        raise RulesError("play_phase_only", N_("Cards are played in the Play phase."))
    if state["hand"][seat] == 0:
        raise BadValue("no_cards", N_("There is no card in hand to play."))
    return seat


def _draw(state: State, seat: int, n: int, why: str) -> Event:
    state["hand"][seat] = min(MAX_HAND, state["hand"][seat] + n)
    return {"type": "AbilityDraw", "seat": seat, "n": n, "character_t": why}


def act_attack(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """§4: the current player hits ``target`` with a Weapon (named, or by its printed damage)."""
    seat = _attacker(state, params)
    target = params["target"]
    # One of the two is given (checked below); coerce gives every parameter a value.
    weapon, damage = params["weapon"], params["damage"]
    if target == seat:
        raise BadValue("attack_self", N_("A Weapon attacks another player."))
    if (weapon is None) == (damage is None):
        raise BadValue("weapon_or_damage", N_("Name the Weapon or its printed damage (not both)."))
    if harmless(state, target):
        raise RulesError("target_harmless", N_("A Harmless player cannot be attacked."))
    if weapon is not None:
        name_t, _copies, reach, damage = WEAPON_BY_KEY[weapon]
        seats = [harmless(state, s) for s in range(count(state))]
        needed = difficulty(seats, state["armor"], state["characters"], seat, target)
        # ``needed`` is a number: yourself and a Harmless target were refused above.
        if not has(state, seat, "kojiro") and needed is not None and reach < needed:
            raise RulesError(
                "out_of_reach",
                N_("{weapon_t} reaches Difficulty {reach}; this target needs {needed}."),
                weapon_t=name_t,
                reach=reach,
                needed=needed,
            )
    parried = bool(params.get("parried"))
    if parried and state["hand"][target] == 0:
        raise BadValue("no_parry_card", N_("The target has no card in hand to parry with."))
    state["hand"][seat] -= 1  # the Weapon is discarded
    # Counted, not enforced: a Weapon may be played at the table without the app (§3).
    state["weapons_played"] += 1
    event: Event = {
        "type": "Attacked",
        "seat": seat,
        "target": target,
        "weapon_t": name_t if weapon is not None else None,
        "damage": damage,
        "fast_draw": state["fast_draw"][seat],
        "musashi": has(state, seat, "musashi"),
        "ginchiyo": has(state, target, "ginchiyo"),
        "parried": parried,
        "by": actor,
    }
    if parried:
        state["hand"][target] -= 1  # the Parry (or Hanzo's Weapon) is discarded
        return [event]
    wounds = wounds_for(damage, event["fast_draw"], event["musashi"], event["ginchiyo"])
    taken = min(wounds, state["health"][target])
    state["health"][target] -= taken
    event |= {"wounds": wounds, "taken": taken}
    events: list[Event] = [event]
    if has(state, seat, "tomoe"):
        events.append(_draw(state, seat, 1, N_("Tomoe")))
    if has(state, target, "ushiwaka"):
        events.append(_draw(state, target, taken, N_("Ushiwaka")))
    defeat = None
    if state["health"][target] == 0:
        defeat = _defeat(state, target, seat)
        events.append(defeat)
    return events + check_end(state, defeat)


def attack_targets(state: State) -> list[int]:
    """Whom the player on turn may attack with a Weapon: any other player not Harmless (§4);
    reach is the Weapon's, checked when it is named."""
    seat = state["turn"]
    return [s for s in range(count(state)) if s != seat and not harmless(state, s)]


def affected(state: State, seat: int) -> list[int]:
    """§5: the players a Battle Cry or Jujutsu of ``seat`` reaches: every other player, except
    the Harmless (§4) and Chiyome (only Weapons wound her)."""
    return [
        s
        for s in range(count(state))
        if s != seat and not harmless(state, s) and not has(state, s, "chiyome")
    ]


def _group_attack(state: State, actor: Actor, params: dict[str, Any], card: str) -> list[Event]:
    """Each reached player discards the card (``discarded``) or takes 1 wound; defeats give the
    card's player 1 honor each (§4)."""
    seat = _attacker(state, params)
    reached = affected(state, seat)
    discarded = list(params.get("discarded") or [])
    for s in discarded:
        if s not in reached:
            raise BadValue(
                "not_affected",
                N_("{name} is not affected by this card."),
                name=state["players"][s]["name"],
            )
    state["hand"][seat] -= 1  # the Battle Cry or Jujutsu is discarded
    wounded = [s for s in reached if s not in discarded]
    for s in discarded:
        state["hand"][s] -= 1
    for s in wounded:
        state["health"][s] -= 1
    events: list[Event] = [
        {
            "type": "GroupAttacked",
            "card": card,
            "seat": seat,
            "discarded": discarded,
            "wounded": wounded,
            "by": actor,
        }
    ]
    defeats = [_defeat(state, s, seat) for s in wounded if state["health"][s] == 0]
    events += defeats
    return events + check_end(state, _deciding(state, defeats))


def _deciding(state: State, defeats: list[Event]) -> Event | None:
    """The defeat that decides the end when one card defeats several players: a teammate's
    defeat (a Fatal Attack if it took their last honor, and no Swordmaster), else the last."""
    if not defeats:
        return None
    mates = [d for d in defeats if d["by"] is not None and same_team(state, d["seat"], d["by"])]
    fatal = [d for d in mates if state["honor"][d["seat"]] == 0]
    return (fatal or mates or defeats)[-1]


def act_battle_cry(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """§5 Battle Cry: every other player discards a Parry or takes 1 wound."""
    return _group_attack(state, actor, params, "battle_cry")


def act_jujutsu(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """§5 Jujutsu: every other player discards a Weapon or takes 1 wound."""
    return _group_attack(state, actor, params, "jujutsu")
