"""Bushido (§1 Properties, §6) and the empty deck (§3): the two ways honor is lost to the cards.

Bushido sits in front of one player; at the end of that player's Recover phase they turn over
the top card, and a Weapon costs them a Weapon from hand or 1 honor. When the draw deck runs
out, every player loses 1 honor. Either may end the game.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, RulesError, State, next_seat
from .board import count, is_3p_shogun
from .counters import check_end


def act_set_bushido(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Bushido played in front of a player, or removed from play (Geisha, corrections).

    The current player follows the cards: only in the Play phase, in front of another player
    (seed), only if no Bushido is in play, and never removing the one in front of themself
    (Geisha targets another player). The table screen may set anything (corrections).
    """
    target = params.get("seat")
    holder = state["bushido"]
    if target == holder:
        raise BadValue("no_change", N_("Bushido is already there."))
    if actor is not None:
        _check_bushido_play(state, actor, target, holder)
    state["bushido"] = target
    if target is None:
        return [{"type": "BushidoRemoved"}]
    return [{"type": "BushidoPlaced", "seat": target}]


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
    seat = state["turn"]
    left = next_seat(seat, count(state))  # seats run clockwise: the next seat is on the left
    base = {"seat": seat, "left": left}
    if not params.get("weapon"):
        state["bushido"] = left
        return [{"type": "BushidoChecked", "outcome": "passed", **base}]
    pay = params.get("pay")
    shogun_3p = is_3p_shogun(state, seat)
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
    return events + check_end(state)  # no attacker, so never a Fatal Attack


def act_deck_out(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """§3: the deck ran out: reshuffle, and every player loses 1 honor (may end the game)."""
    for seat in range(count(state)):
        state["honor"][seat] = max(0, state["honor"][seat] - 1)
    state["deck_outs"] += 1
    events: list[Event] = [{"type": "DeckOut", "n": state["deck_outs"]}]
    return events + check_end(state)
