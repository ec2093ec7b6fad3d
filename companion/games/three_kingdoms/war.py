"""The battles, roll by roll: the national war (digest §5) a command card starts, its outcome
and the attacker's option to call it off; and the one ``roll`` action both wars use (the dice
entered as the table rolled them, or rolled by the app).
"""

from __future__ import annotations

from typing import Any

from ..kit import (
    ANYONE,
    N_,
    Actor,
    BadValue,
    Event,
    NotAllowed,
    Param,
    Rng,
    RulesError,
    State,
    Text,
    action_group,
)
from .board import City, emptied, find_city, opt, param, total
from .civil_war import civil_roll
from .civil_war import dice_order as civil_dice_order
from .data import MAX_DICE, TROOPS_PER_PLAYER
from .dice import hits, parse_faces
from .phases import BATTLE, PHASES, battle_over, battle_result
from .turns import int_param


def apply_attacker_hits(alert: int, hold: int, n_hits: int, rule: str) -> tuple[int, int]:
    """The defenders (alert, hold) left after ``n_hits`` attacker hits in one national-war roll.

    "pool" (digest): Hold troops turn Alert first, further hits remove Alert troops, the
    ones just turned too. "one_per_troop": each troop takes at most one hit per roll.

    >>> apply_attacker_hits(1, 1, 2, "pool"), apply_attacker_hits(0, 1, 2, "pool")
    ((1, 0), (0, 0))
    >>> apply_attacker_hits(0, 1, 2, "one_per_troop"), apply_attacker_hits(0, 2, 3, "pool")
    ((1, 0), (1, 0))
    """
    turned = min(n_hits, hold)
    rest = n_hits - turned
    removable = alert + turned if rule == "pool" else alert
    removed = min(rest, removable)
    return alert + turned - removed, hold - turned


def start_national(
    state: State,
    attacker: int,
    launch: City,
    target: City,
    troops: int,
    forced: bool,
    via: str | Text,
) -> list[Event]:
    """``attacker`` sends ``troops`` Alert troops (0: all) from ``launch`` against ``target``.

    ``forced``: the attack may not be called off (驅虎吞狼); ``via``: the card that started it
    (a msgid, or a stratagem's name).
    """
    available = launch["troops"][attacker][0]
    n = troops or available
    if n < 1 or n > available:
        raise BadValue(
            "bad_attackers",
            N_("City {city} has {n} Alert troops to send."),
            city=launch["id"],
            n=available,
        )
    launch["troops"][attacker][0] -= n
    defender = target["owner"]
    state["battle"] = {
        "kind": "national",
        "attacker": attacker,
        "defender": defender,
        "launch": launch["id"],
        "target": target["id"],
        "att": n,
        "forced": forced,
        "via_t": via,
        "stage": "rolling",
        "rolls": [],
    }
    events: list[Event] = [
        {
            "type": "NationalWarStarted",
            "attacker": attacker,
            "defender": defender,
            "launch": launch["id"],
            "target": target["id"],
            "n": n,
            "via_t": via,
        }
    ]
    events.extend(PHASES.enter(state, "national_war"))
    if total(target, defender) == 0:
        # Only possible when an emptied city stays with its owner (option): nobody defends it.
        events.extend(_national_outcome(state))
    return events


def _national_roll(state: State, dice: list[list[int]]) -> list[Event]:
    b = state["battle"]
    target = find_city(state, b["target"])
    defender = b["defender"]
    alert, hold = target["troops"][defender]
    a_hits, d_hits = hits(dice[0]), hits(dice[1])
    b["att"] -= min(d_hits, b["att"])
    alert, hold = apply_attacker_hits(alert, hold, a_hits, opt(state, "hold_hits"))
    target["troops"][defender] = [alert, hold]
    b["rolls"].append(
        {"dice": dice, "hits": [a_hits, d_hits], "after": [[b["att"], 0], [alert, hold]]}
    )
    event = {
        "type": "NationalRoll",
        "k": len(b["rolls"]),
        "attacker": b["attacker"],
        "defender": defender,
        "a_dice": " ".join(map(str, dice[0])),
        "d_dice": " ".join(map(str, dice[1])),
        "a_hits": a_hits,
        "d_hits": d_hits,
        "att": b["att"],
        "alert": alert,
        "hold": hold,
    }
    return [event, *_national_outcome(state)]


def _national_outcome(state: State) -> list[Event]:
    """After a roll: go on, or the attacker / defender decides what follows, or it is over."""
    b = state["battle"]
    target = find_city(state, b["target"])
    launch = find_city(state, b["launch"])
    defenders = total(target, b["defender"])
    if defenders and b["att"]:
        return []
    if not defenders:
        target["owner"] = None  # the defender has lost it, whatever the attacker does next
    if b["att"]:
        b["stage"] = "attacker_won"
        result = battle_result(state, "attacker_won", b["attacker"], b["att"])
        events = [{"type": "AttackerWon", "seat": b["attacker"], "city": target["id"], **result}]
        return events + PHASES.enter(state, "outcome")
    events = _launch_idle(launch)
    winner = b["defender"] if defenders else None
    if defenders and launch["owner"] is None and target["troops"][b["defender"]][0]:
        b["stage"] = "defender_won"
        result = battle_result(state, "defender_won", winner, defenders)
        events.append(
            {"type": "DefenderWon", "seat": b["defender"], "city": target["id"], **result}
        )
        return events + PHASES.enter(state, "outcome")
    events.append(
        {
            "type": "NationalWarEnded",
            "outcome": "defended" if defenders else "both_gone",
            "seat": b["defender"],
            "target": target["id"],
            "launch": launch["id"],
            **battle_result(state, "defended" if defenders else "both_gone", winner, defenders),
        }
    )
    return events + battle_over(state)


def _launch_idle(launch: City) -> list[Event]:
    """The seed's example: a launching city left with no troops becomes idle (no option: the
    seed says so, unlike the emptied cities of digest §3 (2))."""
    if total(launch) == 0 and launch["owner"] is not None:
        launch["owner"] = None
        return [{"type": "CityIdle", "city": launch["id"]}]
    return []


def call_off(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """After a roll the attacker may bring the survivors home (not under 驅虎吞狼)."""
    b = state["battle"]
    if not b or b["kind"] != "national" or b["stage"] != "rolling":
        raise RulesError("no_attack", N_("No attack to call off."))
    if actor is not None and actor != b["attacker"]:
        raise NotAllowed("not_attacker", N_("Only the attacker can call off the attack."))
    if b["forced"]:
        raise RulesError("forced_attack", N_("This attack must go on until one side is gone."))
    if not b["rolls"]:
        raise RulesError("roll_first", N_("The attack can be called off after a roll."))
    launch = find_city(state, b["launch"])
    launch["troops"][b["attacker"]][0] += b["att"]
    defenders = total(find_city(state, b["target"]), b["defender"])
    event = {
        "type": "AttackCalledOff",
        "seat": b["attacker"],
        "n": b["att"],
        "launch": launch["id"],
        **battle_result(state, "called_off", b["defender"], defenders, b["att"]),
    }
    return [event, *battle_over(state)]


def settle(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The winner of a national war decides what follows (digest §5 outcomes).

    Attacker won: ``n`` surviving attackers enter the target as Alert troops (the rest go home;
    0 = all go home). Defender won and the launching city is empty: ``n`` Alert troops of the
    target move into it (0 = none).
    """
    b = state["battle"]
    if not b or b["kind"] != "national" or b["stage"] == "rolling":
        raise RulesError("nothing_to_settle", N_("There is no battle outcome to decide."))
    decider = b["attacker"] if b["stage"] == "attacker_won" else b["defender"]
    if actor is not None and actor != decider:
        raise NotAllowed("not_decider", N_("The winner of the battle decides this."))
    n = params["n"]
    target, launch = find_city(state, b["target"]), find_city(state, b["launch"])
    events: list[Event] = []
    if b["stage"] == "attacker_won":
        room = min(b["att"], target["spaces"] - total(target))
        if n > room:
            raise BadValue("too_many", N_("At most {n} troops can enter."), n=room)
        target["troops"][decider][0] += n
        launch["troops"][decider][0] += b["att"] - n
        b["att"] = 0
        if n:
            target["owner"] = decider
        elif opt(state, "emptied_city") == "kept":
            target["owner"] = b["defender"]
        events.extend(_launch_idle(launch))
        events.append(
            {
                "type": "CityTaken" if n else "AttackersWentHome",
                "seat": decider,
                "city": target["id"],
                "n": n,
            }
        )
    else:
        room = min(target["troops"][decider][0], launch["spaces"] - total(launch))
        if n > room:
            raise BadValue("too_many", N_("At most {n} troops can enter."), n=room)
        target["troops"][decider][0] -= n
        launch["troops"][decider][0] += n
        if n:
            launch["owner"] = decider
            events.append({"type": "CityTaken", "seat": decider, "city": launch["id"], "n": n})
        emptied(state, target, events)
    return events + battle_over(state)


# -- rolling ------------------------------------------------------------------------------------


def dice_order(state: State) -> list[dict[str, int]]:
    """Who rolls how many dice in the current battle roll, in the order ``roll`` expects them."""
    b = state["battle"]
    if not b or b["stage"] != "rolling":
        return []
    if b["kind"] == "national":
        target = find_city(state, b["target"])
        return [
            {"seat": b["attacker"], "n": b["att"]},
            {"seat": b["defender"], "n": total(target, b["defender"])},
        ]
    return civil_dice_order(state)


def participants(state: State) -> list[int]:
    """The seats fighting the current battle."""
    b = state["battle"]
    if not b:
        return []
    if b["kind"] == "national":
        return [b["attacker"], b["defender"]]
    return list(b["sides"])


def roll(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """One battle roll: ``dice`` as rolled at the table, in ``dice_order`` (each side's dice one
    after the other), or none and the app rolls them all."""
    b = state["battle"]
    if not b or b["stage"] != "rolling":
        raise RulesError("no_battle", N_("No battle is waiting for a roll."))
    if actor is not None and actor != state["turn"] and actor not in participants(state):
        raise NotAllowed("not_in_battle", N_("Only the players in the battle can roll."))
    order = dice_order(state)
    need = sum(o["n"] for o in order)
    dice = list(param(params, "dice", []))
    faces = param(params, "faces", "")
    if faces:
        if dice:
            raise BadValue("dice_twice", N_("Enter the dice once."))
        dice = parse_faces(faces)
    if dice and len(dice) != need:
        raise BadValue("dice_count", N_("Enter {n} dice, side by side in order."), n=need)
    if not dice:
        dice = [rng.randint(1, 6) for _ in range(need)]
    per_side: list[list[int]] = []
    for o in order:
        per_side.append(dice[: o["n"]])
        dice = dice[o["n"] :]
    if b["kind"] == "national":
        return _national_roll(state, per_side)
    return civil_roll(state, per_side)


# -- who may: the players in the battle, the player whose turn it is, or the host -----------------


def may_roll(state: State, actor: Actor) -> bool:
    """the players in the battle, the player whose turn it is, or the host"""
    return actor is None or actor == state["turn"] or actor in participants(state)


def may_call_off(state: State, actor: Actor) -> bool:
    """the attacker or the host, after a roll, unless the attack is forced (驅虎吞狼)"""
    b = state["battle"]
    return not b["forced"] and bool(b["rolls"]) and actor in (None, b["attacker"])


def decides(state: State, actor: Actor) -> bool:
    """the winner of the national war (or the host for them)"""
    b = state["battle"]
    decider = b["attacker"] if b["stage"] == "attacker_won" else b["defender"]
    return actor in (None, decider)


# The battles' moves: whoever is at the table enters the dice and the sides' choices.
_battle = action_group(who=ANYONE)

ACTIONS = (
    _battle(
        "roll",
        roll,
        (
            Param(
                "dice",
                "ints",
                min=1,
                max=6,
                optional=True,
                max_len=MAX_DICE,
                label=N_("Dice, side by side (empty = the app rolls)"),
            ),
            Param(
                "faces",
                "str",
                optional=True,
                max_len=2 * MAX_DICE,
                label=N_("Dice as digits, side by side (e.g. 45 6)"),
            ),
        ),
        N_("Roll"),
        "One battle roll, entered or rolled by the app.",
        phases=BATTLE,
        when=may_roll,
    ),
    _battle(
        "call_off",
        call_off,
        (),
        N_("Call off the attack"),
        "The attacker brings the survivors home after a roll.",
        phases=("national_war",),
        when=may_call_off,
    ),
    _battle(
        "settle",
        settle,
        (int_param("n", 0, TROOPS_PER_PLAYER, N_("Troops that move in")),),
        N_("Move troops in"),
        "The national war's winner moves troops in (0 = none).",
        phases=("outcome",),
        when=decides,
    ),
)
