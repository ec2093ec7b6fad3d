"""Samurai Sword's actions: who may use each and when, declared once.

``allowed`` is derived from these declarations (and so is the who/when table in the docs);
the functions, in the module of their part, check only what a declaration cannot say (a seat
changing only its own counters, a card played only in the Play phase, a counter's limits).
"""

from __future__ import annotations

from typing import Any

from ..kit import (
    ANYONE,
    HOST,
    N_,
    PLAYER,
    SEAT,
    TURN_OR_HOST,
    Action,
    Actor,
    Param,
    State,
    action_group,
    action_table,
    derive_allowed,
    never_reveals,
)
from .board import IN_PLAY, bushido_pending
from .bushido import act_bushido_draw, act_deck_out, act_set_bushido
from .combat import WEAPON_KEYS, act_attack, act_battle_cry, act_jujutsu
from .corrections import act_set_character, act_set_counter, act_set_turn
from .counters import act_adjust, act_set_daimyo
from .data import CHARACTERS, COUNTER_KEYS, MAX_DAIMYO, MAX_HAND, ROLES, TURN_PHASES
from .roles import act_enter_character, act_enter_role
from .turn import act_end_turn, act_next_phase


def entering(state: State, actor: Actor) -> bool:
    """while the phones enter the cards they drew (manual deal, before play)"""
    return not state["started"] and state["options"]["deal"] == "manual"


def not_over(state: State, actor: Actor) -> bool:
    """until the game ends (a Daimyo may be held before play starts)"""
    return state["over"] is None


def bushido_due(state: State, actor: Actor) -> bool:
    """while the Bushido in front of the current player awaits its check"""
    return bushido_pending(state)


def no_bushido_due(state: State, actor: Actor) -> bool:
    """unless the Bushido in front of the current player awaits its check"""
    return not bushido_pending(state)


def adjust_may_reveal(view: dict[str, Any], params: dict[str, Any]) -> bool:
    """Could the host's ``adjust`` end the game or reveal? Only by taking health to 0 (a
    Defeat: the last player standing, or a teammate's defeat, or its honor move) or honor
    to 0 (§7). Read from the table screen's view, so the question is the same whatever the
    roles are."""
    if params["counter"] not in ("health", "honor"):
        return False
    before = view["players"][params["seat"]][params["counter"]]
    return before > 0 and before + params["delta"] <= 0


def set_counter_may_reveal(view: dict[str, Any], params: dict[str, Any]) -> bool:
    """Could the host's ``set_counter`` end the game? Only by setting honor to 0 (§7): health
    set to 0 by a correction is no Defeat."""
    return params["counter"] == "honor" and params["value"] == 0


_ATTACKER = Param("attacker", "seat", optional=True, label=N_("Attacker"))
_COUNTER = Param("counter", "choice", choices=COUNTER_KEYS, label=N_("Counter"))
_DISCARDED = Param("discarded", "seats", optional=True, default=(), label=N_("Discarded instead"))

# Actions that share who may use them and when, declared once for each group: the current
# player's (or the host's for them) cards played and moves through the turn, and the host's
# corrections of the public counters while play runs.
_play_card = action_group(who=TURN_OR_HOST, phases=("play",))
_turn = action_group(who=TURN_OR_HOST, phases=IN_PLAY)
_correction = action_group(correction=True, who=HOST, phases=IN_PLAY)

# Where each main action's rule is, in the rules digest (samurai-sword.md): "What can I do now?"
# names it beside why an action is not possible now.
RULE_SECTIONS = {
    "attack": "§4",
    "battle_cry": "§5",
    "jujutsu": "§5",
    "next_phase": "§3",
    "end_turn": "§3",
    "set_bushido": "§6",
    "bushido_draw": "§6",
    "deck_out": "§3",
    "set_daimyo": "§7",
    "enter_role": "§2",
    "enter_character": "§2",
}

ACTIONS = action_table(
    Action(
        "adjust",
        act_adjust,
        (
            PLAYER,
            _COUNTER,
            Param("delta", "int", min=-10, max=10, label=N_("Change")),
            Param("by", "seat", optional=True, label=N_("Defeated by")),
        ),
        label=N_("Adjust"),
        doc="Change a public counter (own seat; table screen: anyone). Health to 0 = Defeat.",
        correction=True,
        may_reveal=adjust_may_reveal,
        who=ANYONE,
        phases=IN_PLAY,
    ),
    _play_card(
        "attack",
        act_attack,
        (
            Param("target", "seat", label=N_("Target")),
            Param("weapon", "choice", choices=WEAPON_KEYS, optional=True, label=N_("Weapon")),
            Param("damage", "int", min=1, max=3, optional=True, label=N_("Printed damage")),
            Param("parried", "bool", optional=True, default=False, label=N_("Parried")),
            _ATTACKER,
        ),
        label=N_("Attack"),
        doc="A Weapon attack by the current player: the app adds the wounds and the Defeat.",
    ),
    _play_card(
        "battle_cry",
        act_battle_cry,
        (_DISCARDED, _ATTACKER),
        label=N_("Battle Cry"),
        doc="Others (not Harmless, not Chiyome) discard a Parry or take 1 wound.",
    ),
    _play_card(
        "jujutsu",
        act_jujutsu,
        (_DISCARDED, _ATTACKER),
        label=N_("Jujutsu"),
        doc="Others (not Harmless, not Chiyome) discard a Weapon or take 1 wound.",
    ),
    _correction(
        "set_counter",
        act_set_counter,
        (
            PLAYER,
            _COUNTER,
            Param("value", "int", min=0, max=MAX_HAND, label=N_("As the table shows")),
        ),
        label=N_("Set a counter"),
        doc="Set a public counter to what the table shows (from → to, by whom).",
        may_reveal=set_counter_may_reveal,
    ),
    _correction(
        "set_turn",
        act_set_turn,
        (
            PLAYER,
            Param(
                "phase",
                "choice",
                choices=tuple(p for p, _label in TURN_PHASES),
                optional=True,
                label=N_("Phase"),
            ),
            Param("round", "int", min=1, max=99, optional=True, label=N_("Round number")),
        ),
        label=N_("Set the turn"),
        doc="Set whose turn it is, the phase and the round (no trigger fires).",
        may_reveal=never_reveals,
    ),
    _correction(
        "set_character",
        act_set_character,
        (
            PLAYER,
            Param("character", "choice", choices=tuple(CHARACTERS), label=N_("Character")),
        ),
        label=N_("Set a character"),
        doc="Set a player's character to the face-up card (health kept within it).",
        may_reveal=never_reveals,
    ),
    _turn(
        "next_phase",
        act_next_phase,
        label=N_("Next phase"),
        doc="Recover -> Draw (adds the draws) -> Play -> Discard (hand limit 7) -> next turn.",
        when=no_bushido_due,
    ),
    _turn(
        "end_turn",
        act_end_turn,
        label=N_("End turn"),
        doc="Jump to the next player's turn (hand limit 7 applied).",
        when=no_bushido_due,
    ),
    _turn(
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
        who=TURN_OR_HOST,
        phases=("recover",),
        when=bushido_due,
    ),
    Action(
        "deck_out",
        act_deck_out,
        label=N_("The deck ran out"),
        doc="The draw deck ran out: every player loses 1 honor.",
        confirm=N_("The deck ran out: every player loses 1 honor. Confirm?"),
        who=ANYONE,
        phases=IN_PLAY,
    ),
    Action(
        "set_daimyo",
        act_set_daimyo,
        (
            Param("n", "int", min=0, max=MAX_DAIMYO, optional=True, label=N_("Daimyo in hand")),
            Param("by", "int", min=-1, max=1, optional=True, label=N_("One more or fewer")),
        ),
        label=N_("Daimyo in hand"),
        doc="Own seat only, private: how many Daimyo cards you hold (n), or one more or "
        "fewer (by 1 or -1, refused past 0 or 3 without saying which).",
        who=SEAT,
        when=not_over,
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
        who=SEAT,
        when=entering,
    ),
    Action(
        "enter_character",
        act_enter_character,
        (Param("character", "choice", choices=tuple(CHARACTERS), label=N_("Your character")),),
        label=N_("Enter your character"),
        doc="Manual deal, own seat, before play: the character card you drew.",
        who=SEAT,
        when=entering,
    ),
    rules=RULE_SECTIONS,
)

allowed = derive_allowed(
    ACTIONS, phase=lambda state: state["phase"], turn=lambda state: state["turn"]
)
