"""The Art of War moves on by itself through phases where nothing can happen.

After every action the game asks whether anyone could still do anything in the current
phase or step: a legal choice for someone, a decision pending, a card whose moment ends with
the phase, or the physical table doing what the app cannot know about. When nobody could,
the game moves on exactly as the host's ``next`` would, with a history line saying why, and
asks again. The moves on are part of the action that caused them: one undo takes back both,
and a replayed log moves on exactly as it did (the same state, the same randomness).

A phase or step moves on by itself only when it is one of these, and only with no tribute,
secret choice or Magistrate waiting (``flow.blocker``):

- the event phase, once its card is drawn: the event acts by itself (Heretic Invasion at
  once, the others in their phase), and its card stays up on every screen all round;
- War or Peace, once every choice is revealed;
- production, once the tribute is taken: the players take what they produced while the
  purchases begin, and what the app worked out stays on the screen;
- the purchases, when no player may buy anything, judged on what the table can see (every
  player has bought both, the blueprint deck is empty, or, with public money, no player can
  pay): with private money, how much a player holds is never given away by moving on;
- the epic auction, once it is settled (not when a tie was drawn at random: the table may
  enter its own draw).

These never move on by themselves, because the table has something to do that the app
cannot know about, or someone still has a choice: preparation (the camps are refilled, and
the table may enter the event card it draws), workers and building (tiles and workers are
placed), foremen and payments (money is paid and foremen move, and cards such as Dragons
without a Head must be played before the deployment), the battles, after the battles (the
board is put right, and Kill with a Borrowed Knife may still send bandits in: how many
tactic cards a player holds is private), and food (the food is sold, and moving on ends
the round).

Those steps (all but preparation) move on instead when every player the table waits for has
said Done on their phone, and a battle is fought when everyone in it has tapped Fight
(``ready``): the same move on as the host's Next or Resolve, with its own history line.

Tactic cards playable at any time and the General do not hold a phase open: the next phase
is no less a time to play them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..kit import N_, Actor, Event, Rng, State, Text
from .battles import act_resolve_battle
from .board import order, player
from .construction import tactic_price
from .data import BLUEPRINT_PRICE
from .flow import BUILD_STEPS, PHASES, WAR_STEPS, advance, blocker
from .ready import everyone_done

ActionFn = Callable[[State, Actor, dict[str, Any], Rng], list[Event]]

WAR_LABELS = WAR_STEPS.labels
# More than a round's worth of phases and steps: a guard, never reached by the rules.
MOST_MOVES = 12


def nobody_may_buy(state: State) -> bool:
    """In the purchases step: can no player buy a tactic card or a blueprint, on what the
    table can see? (Money counts only when it is public.)"""
    public = state["options"]["money_public"]
    deck = bool(state["blueprint_deck"])
    for seat in order(state):
        p = player(state, seat)
        tactic = not p["bought_tactic"] and not (public and p["money"] < tactic_price(state, seat))
        blueprint = (
            deck and not p["bought_blueprint"] and not (public and p["money"] < BLUEPRINT_PRICE)
        )
        if tactic or blueprint:
            return False
    return True


def _auction_settled(state: State) -> bool:
    """Sold or not; a tie drawn at random waits: the table may enter its own draw."""
    auction = state["auction"]
    return auction["result"] is not None and not auction.get("drawn_among")


def idle(state: State) -> Event | None:
    """The line to move on with, when nobody can do anything in the current phase or step
    (None while someone can, or the table must)."""
    if state["over"] or state["phase"] < 0 or blocker(state) is not None:
        return None
    phase, step = PHASES.order[state["phase"]], state["step"]
    why: str | None = None
    if phase == "event":
        why = N_("the event card acts by itself.")
    elif phase == "stance":
        why = N_("every choice is revealed.")
    elif phase == "production":
        why = N_("production and tribute are settled.")
    elif phase == "construction" and step == "purchase" and nobody_may_buy(state):
        why = N_("no player may buy a tactic card or a blueprint.")
    elif phase == "construction" and step == "auction" and _auction_settled(state):
        why = N_("the epic auction is settled.")
    if why is None:
        return None
    if phase == "construction":
        return {"type": "MovedOn", "step_t": BUILD_STEPS.labels[step], "why_t": why}
    return {"type": "MovedOn", "phase_t": PHASES.labels[phase], "why_t": why}


def move_on(state: State, rng: Rng) -> list[Event]:
    """While nothing can happen where the table stands, move on (each time with its line).
    What the app worked out in a phase moved through stays on the screens."""
    events: list[Event] = []
    for _ in range(MOST_MOVES):
        line = idle(state)
        if line is None and everyone_done(state):
            # Every player the table waited for said Done: what the host's Next (or, in a
            # battle, Resolve) would do, with its page of arithmetic as Next leaves it.
            events += _all_done(state, rng)
            continue
        if line is None:
            break
        computed: list[Text] = list(state["computed"])
        private: list[list[Text]] = [list(lines) for lines in state["private_lines"]]
        events.append(line)
        events += advance(state, rng)
        # A phase gone by in a blink: its arithmetic stays up, above the new phase's (a
        # step of the same phase keeps its page as it is).
        state["computed"] = _kept(computed, state["computed"])
        state["private_lines"] = [
            _kept(old, new) for old, new in zip(private, state["private_lines"], strict=True)
        ]
    return events


def _all_done(state: State, rng: Rng) -> list[Event]:
    if state["step"] == "battles":
        return act_resolve_battle(state, None, {}, rng)
    phase, step = PHASES.order[state["phase"]], state["step"]
    line: Event = {"type": "EveryoneDone", "phase_t": PHASES.labels[phase]}
    if step:
        line = {"type": "EveryoneDone", "step_t": BUILD_STEPS.labels.get(step) or WAR_LABELS[step]}
    return [line] + advance(state, rng)


def _kept(old: list[Text], new: list[Text]) -> list[Text]:
    """The page after moving on: the old lines first, unless the new page already has them."""
    return new if new[: len(old)] == old else old + new


def then_move_on(fn: ActionFn) -> ActionFn:
    """``fn``, followed by the moves on it leads to (part of the same action)."""

    def action(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
        events = fn(state, actor, params, rng)
        return events + move_on(state, rng)

    action.__doc__ = fn.__doc__
    action.__name__ = fn.__name__
    return action
