"""What each viewer of Samurai Sword sees: the privacy gate of the game.

The table screen sees the public counters, the Shogun, whose turn and phase it is, and the
attack helper; a phone sees that plus its own role, Ninja stars, Daimyo and team in ``me``.
Every role is shown only once the game is over.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, State
from .attacks import WEAPON_TABLE, helper_tables
from .board import (
    PHASES,
    bushido_pending,
    count,
    draws,
    harmless,
    max_health,
    name,
    needs_stars,
    team,
    team_name,
    three,
    weapons_per_turn,
)
from .combat import affected, attack_targets, damage_bonus
from .data import CHARACTERS, HAND_LIMIT, MAX_DAIMYO, ROLE_NAMES, ROLES
from .scoring import over, result

CHARACTER_CHOICES = [
    {"id": key, "name": label, "health": health, "ability": ability}
    for key, (label, health, ability) in CHARACTERS.items()
]


def _outcome(state: State) -> dict[str, Any] | None:
    """The result sheet once the game is over (while it runs, nothing is scored)."""
    found = result(state) if over(state) else None
    return None if found is None else found.as_dict()


def _player_view(state: State, seat: int, over: bool) -> dict[str, Any]:
    # While the phones are entering cards, nothing but who has entered is shown.
    started = state["started"]
    key = state["characters"][seat] if started else None
    role = state["roles"][seat]
    public_role = role if (over or seat == state["shogun"]) else None
    row: dict[str, Any] = {
        "seat": seat,
        "name": name(state, seat),
        "character": CHARACTERS[key][0] if key else None,
        "ability": CHARACTERS[key][2] if key else None,
        "max_health": max_health(state, seat) if key else None,
        "health": state["health"][seat],
        "honor": state["honor"][seat],
        "hand": state["hand"][seat],
        "armor": state["armor"][seat],
        "fast_draw": state["fast_draw"][seat],
        "focus": state["focus"][seat],
        "bushido": state["bushido"] == seat,
        "harmless": harmless(state, seat),
        "is_turn": state["turn"] == seat,
        "role": ROLE_NAMES[public_role] if public_role else None,
        "weapons_per_turn": weapons_per_turn(state, seat) if started else None,
        # The player on turn: the Weapons the limit still allows this turn (attacks are logged;
        # the limit is shown, not enforced).
        "weapons_left": weapons_left(state) if started and state["turn"] == seat else None,
        "draws": draws(state, seat) if started else None,
        "damage_bonus": damage_bonus(state, seat) if started else None,
    }
    if over:
        row["stars"] = state["stars"][seat]
        row["daimyo"] = state["daimyo"][seat]
        row["team"] = team_name(state, team(role))
    return row


def weapons_left(state: State) -> int:
    """The Weapons the player on turn may still play this turn: the limit less the attacks."""
    return max(0, weapons_per_turn(state, state["turn"]) - state["weapons_played"])


def _setup_view(state: State) -> dict[str, Any] | None:
    if state["options"]["deal"] != "manual" or state["started"]:
        return None
    return {
        "roles_entered": list(state["entered_role"]),
        "characters_entered": list(state["entered_character"]),
        "needs_stars": needs_stars(state),
        "characters": CHARACTER_CHOICES,
    }


def _me(state: State, seat: int, res: dict[str, Any] | None) -> dict[str, Any]:
    role = state["roles"][seat]
    key = state["characters"][seat]
    me: dict[str, Any] = {
        "seat": seat,
        "role": ROLE_NAMES[role] if role else None,
        "role_id": role,
        "stars": state["stars"][seat],
        "daimyo": state["daimyo"][seat],
        "daimyo_max": MAX_DAIMYO,
        "team": team_name(state, team(role)) if role else None,
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


def _seats(state: State, seats: list[int]) -> list[dict[str, Any]]:
    return [{"seat": s, "name": state["players"][s]["name"]} for s in seats]


def view(state: State, viewer: Actor) -> dict[str, Any]:
    """What ``viewer`` may see: public counters, the Shogun, the attack helper; own secrets in me"""
    ended = over(state)
    res = _outcome(state)
    phase = state["phase"]
    difficulties, attack = helper_tables(state)
    out: dict[str, Any] = {
        "players": [_player_view(state, s, ended) for s in range(count(state))],
        "turn": state["turn"],
        "round": state["round"],
        "weapons_played": state["weapons_played"],
        "phase": PHASES.label(phase) if phase else (N_("Setup") if not state["started"] else None),
        "phase_id": phase,
        "phases": [{"id": p, "name": PHASES.label(p), "current": p == phase} for p in PHASES.order],
        "over": ended,
        "started": state["started"],
        "options": {
            "deal": state["options"]["deal"],
            "ninja_stars": state["options"]["ninja_stars"],
            "three_player": three(state),
        },
        "setup": _setup_view(state),
        "roles_mismatch": state["roles_mismatch"],
        "characters_clash": state.get("characters_clash", False),
        "shogun": state["shogun"],
        "bushido": state["bushido"],
        "bushido_pending": bushido_pending(state),
        "deck_outs": state["deck_outs"],
        "hand_limit": HAND_LIMIT,
        "difficulty": difficulties,
        "attack": attack,
        "weapons": WEAPON_TABLE,
        # Whom the player on turn may hit, with a Weapon or with Battle Cry / Jujutsu: the
        # rules' own lists (a Harmless player, and Chiyome for the group cards, are left out).
        "attack_targets": _seats(state, attack_targets(state)) if state["started"] else [],
        "group_targets": _seats(state, affected(state, state["turn"])) if state["started"] else [],
        "character_choices": CHARACTER_CHOICES,
        "result": res,
    }
    if viewer is not None:
        out["me"] = _me(state, viewer, res)
    return out


def private_view(state: State, seat: int) -> dict[str, Any]:
    """A seat's own part of its view (its view is the table's view plus this as "me")."""
    return _me(state, seat, _outcome(state))


def seat_inputs(view: dict[str, Any], seat: int) -> tuple[Any, ...]:
    """What the phone's own panel (templates/games/samurai-sword/seat.html) reads of its
    seat's view: its secret, its own card and everyone's names, whose turn it is, its own
    attack, and the turn's buttons only while the turn is its own."""
    started, over, turn = view.get("started"), view.get("over"), view.get("turn")
    attack = view.get("attack")
    own_turn = turn == seat and started and not over
    return (
        view.get("me"),
        started,
        over,
        turn,
        None if started else view.get("setup"),
        [p["name"] for p in view["players"]],
        view["players"][seat],
        (attack[seat], view["difficulty"][seat]) if attack else None,
        (
            view.get("phases"),
            view.get("bushido_pending"),
            view.get("attack_targets"),
            view.get("group_targets"),
            view.get("weapons"),
        )
        if own_turn
        else None,
    )


def _attack_inputs(view: dict[str, Any]) -> Any:
    """The attack helper as a screen shows it: the player on turn's rows and Difficulties."""
    attack, turn = view.get("attack"), view.get("turn")
    if not attack or turn is None:
        return None
    return (attack[turn], view["difficulty"][turn])


def table_inputs(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the table screen's board (templates/games/samurai-sword/table.html) reads of the
    public view: every player's card, who has entered their cards before the start, the
    turn's buttons and the attack helper during play, and the corrections' defaults."""
    started, over = view.get("started"), view.get("over")
    playing = started and not over
    return (
        view["players"],
        started,
        over,
        view.get("roles_mismatch"),
        None if started else view.get("setup"),
        (
            view.get("turn"),
            view.get("round"),
            view.get("phases"),
            view.get("bushido_pending"),
            view.get("attack_targets"),
            view.get("group_targets"),
            view.get("weapons"),
            view.get("character_choices"),
            view.get("deck_outs"),
            _attack_inputs(view),
        )
        if playing
        else None,
    )


def tv_inputs(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the TV's page (templates/games/samurai-sword/tv.html) reads: every player's card,
    the entries before the start, any secret choice being locked in, the attack helper."""
    started, over = view.get("started"), view.get("over")
    return (
        view["players"],
        started,
        over,
        view.get("sealed"),
        None if started else view.get("setup"),
        _attack_inputs(view) if started and not over else None,
    )
