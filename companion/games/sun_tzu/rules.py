"""Sun Tzu's actions: who may use each, and when; ``allowed`` is derived from them.

Each action is declared once with who may use it (``who``), in which phases, and what else
must hold (``when``, whose docstring the docs' who/when table quotes). While armies must be
moved from the board (``state["pending"]``) nothing else of the round may happen, so every
step of play waits for that; the corrections, the recall and the Warlords shown out of turn
do not. The action functions live with the part of the game they belong to.
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
    Event,
    Param,
    Rng,
    State,
    action_group,
    action_table,
    derive_allowed,
    sealed,
    seat_of,
)
from .battles import (
    act_enter_cards,
    act_finish_battles,
    act_resolve,
    act_reveal,
    act_take,
    chooser,
    whose_turn,
)
from .common import ROUNDS, phones
from .corrections import (
    act_enter_event,
    act_move_armies,
    act_set_displays,
    act_set_event_done,
    act_set_score,
)
from .data import (
    ARMIES,
    BLUE,
    CARD_CODES,
    COLOUR_NAMES,
    DISPLAYS,
    EVENTS,
    LIVE,
    PLACES,
    PROVINCE_NAMES,
    PROVINCES,
    RED,
    TRACK_END,
)
from .events import stabilise
from .held import MOST, act_set_cards, real_cards
from .placement import act_bottom, act_place, act_recall, can_recall
from .warlords import act_choose_extra_warlord, act_choose_warlord, act_warlord, warlord_targets

SECRET = ("warlords", "place")  # the phases with a sealed round open


def act_lock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Lock the sealed choice; the last lock reveals both (the Warlords, or the placement)."""
    events = [sealed.lock(state, actor)]
    if sealed.all_locked(state):
        events.extend(ROUNDS.reveal(state))
    stabilise(state, events)
    return events


def act_unlock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The host lets a seat change its locked choice."""
    return [sealed.unlock(state, actor, params["seat"])]


# --------------------------------------------------------------------------- when


def _with_events(state: State, actor: Actor) -> bool:
    """with the event cards in play"""
    return bool(state["options"]["events"])


def _free(state: State) -> bool:
    return not state["pending"]


def _moving(state: State, actor: Actor) -> bool:
    """while armies must be moved from the board (the seat that owes them chooses)"""
    return bool(state["pending"])


def _choosing(state: State, actor: Actor) -> bool:
    """until you lock in"""
    return _free(state) and sealed.is_open(state) and not state["sealed"]["locked"][actor]


def _may_lock(state: State, actor: Actor) -> bool:
    """once you have chosen, until you lock in"""
    return _choosing(state, actor) and state["sealed"]["submitted"][actor]


def _someone_locked(state: State, actor: Actor) -> bool:
    """once a player has locked in"""
    return _free(state) and sealed.is_open(state) and any(state["sealed"]["locked"])


def _face_down_left(state: State) -> bool:
    b = state["battle"]
    return _free(state) and b["current"] is None and not all(b["revealed"])


def _to_reveal(state: State, actor: Actor) -> bool:
    """on the phones, the chooser of the battle order (anyone when nobody chooses)"""
    if not (phones(state) and _face_down_left(state)):
        return False
    who = chooser(state)
    return actor is None or who is None or actor == who


def _to_enter(state: State, actor: Actor) -> bool:
    """with real cards, while a province is face down"""
    return not phones(state) and _face_down_left(state)


def _revealed(state: State, actor: Actor) -> bool:
    """while a revealed province waits to be resolved"""
    return _free(state) and state["battle"]["current"] is not None


def _all_revealed(state: State, actor: Actor) -> bool:
    """once every province has been revealed and resolved"""
    b = state["battle"]
    return _free(state) and b["current"] is None and all(b["revealed"])


def _warlord_now(state: State, actor: Actor) -> bool:
    """when one of your Warlords can be played now (Red's 1 for an entered 6: at any time)"""
    actor = seat_of(actor)
    held = state["private"][actor]["warlords"]
    if actor == RED and state.get("six_claim") is not None and 1 in held:
        return True
    return (
        state["phase"] == "battle"
        and _free(state)
        and any(warlord_targets(state, actor, n) is not None for n in held)
    )


def _extra(state: State, actor: Actor) -> bool:
    """after the War Chariot gave you an extra Warlord"""
    return state["extra_warlord"][actor]


def _drawn(state: State, actor: Actor) -> bool:
    """while you have drawn more cards than you keep"""
    return _free(state) and bool(state["private"][actor]["drawn"])


def _recall(state: State, actor: Actor) -> bool:
    """with an army in the reserve and a card other than 1-6 in your hand (with real cards, as
    far as the counts show)"""
    return can_recall(state, actor)


# --------------------------------------------------------------------------- declarations

_CARD = tuple(CARD_CODES)
_PROV = tuple(PROVINCES)
# The parameters several actions share.
_WARLORD = Param("warlord", "int", min=1, max=5, label=N_("Warlord"))
_PROVINCE_IF_ANY = Param("province", "choice", choices=_PROV, optional=True, label=N_("Province"))
_A_CARD = Param("card", "choice", choices=_CARD, label=N_("Card"))
_EVENT = Param("event", "choice", choices=EVENTS, label=N_("Which event"))

# Actions that share who may use them and when, declared once for each group.
_battle = action_group(who=ANYONE, phases=("battle",))  # a step of phase 3, anyone's
_in_play = action_group(who=SEAT, phases=LIVE)  # a seat's own, until the end
# Corrections of the board, not moves of play: the host's, until the end; the platform asks
# the host to confirm one that would end the game or reveal something.
_correction = action_group(who=HOST, phases=LIVE, correction=True)

# Where each main action's rule is, in the rules digest (sun-tzu.md): "What can I do now?"
# names it beside why an action is not possible now.
RULE_SECTIONS = {
    "choose_warlord": "§2",
    "lock": "§3.2",
    "unlock": "§3.2",
    "place": "§3.2",
    "reveal": "§3.3",
    "enter_cards": "§3.3",
    "resolve": "§4",
    "finish_battles": "§3.4",
    "take": "§5",
    "warlord": "§9",
    "choose_extra_warlord": "§8",
    "bottom": "§3.5",
    "recall": "§7",
}

ACTIONS = action_table(
    Action(
        "choose_warlord",
        act_choose_warlord,
        (_WARLORD,),
        N_("Choose this Warlord"),
        "Seat, setup: choose your Warlord in secret (sealed).",
        who=SEAT,
        phases=("warlords",),
        when=_choosing,
    ),
    Action(
        "lock",
        act_lock,
        (),
        N_("Lock in"),
        "Seat: lock your sealed choice (Warlord or card placement).",
        who=SEAT,
        phases=SECRET,
        when=_may_lock,
    ),
    Action(
        "unlock",
        act_unlock,
        (PLAYER,),
        N_("Unlock"),
        "Host: let a seat change its sealed choice.",
        who=HOST,
        phases=SECRET,
        when=_someone_locked,
    ),
    Action(
        "place",
        act_place,
        tuple(
            Param(p, "choice", choices=_CARD, label=PROVINCE_NAMES[i])
            for i, p in enumerate(PROVINCES)
        ),
        N_("Place these cards"),
        "Seat, phones mode, phase 2: one card from your hand per province (sealed).",
        who=SEAT,
        phases=("place",),
        when=_choosing,
    ),
    _battle(
        "reveal",
        act_reveal,
        (_PROVINCE_IF_ANY,),
        N_("Reveal"),
        "Phones mode, phase 3: reveal the next province (the chooser picks it).",
        when=_to_reveal,
    ),
    Action(
        "enter_cards",
        act_enter_cards,
        (
            _PROVINCE_IF_ANY,
            Param("card0", "choice", choices=_CARD, label=COLOUR_NAMES[BLUE]),
            Param("card1", "choice", choices=_CARD, label=COLOUR_NAMES[RED]),
        ),
        N_("Enter the revealed cards"),
        "Host, real cards, phase 3: a province's two revealed cards.",
        who=HOST,
        phases=("battle",),
        when=_to_enter,
    ),
    _battle(
        "resolve",
        act_resolve,
        (),
        N_("Resolve the battle"),
        "Anyone, phase 3: resolve the revealed province.",
        when=_revealed,
    ),
    _battle(
        "finish_battles",
        act_finish_battles,
        (),
        N_("Battles done"),
        "Anyone, phase 3: all battles done: score (rounds 3/6/9) and draw.",
        when=_all_revealed,
    ),
    Action(
        "take",
        act_take,
        (
            Param("province", "choice", choices=_PROV, label=N_("Province")),
            Param("n", "int", min=1, max=ARMIES, optional=True, label=N_("Armies")),
        ),
        N_("Take armies from here"),
        "The owing seat or host: the province armies come from.",
        who=TURN_OR_HOST,
        phases=LIVE,
        when=_moving,
    ),
    _in_play(
        "warlord",
        act_warlord,
        (
            _WARLORD,
            _PROVINCE_IF_ANY,
            Param("to", "choice", choices=_PROV, optional=True, label=N_("To")),
        ),
        N_("Play a Warlord"),
        "Seat, phase 3: play one of your Warlords.",
        when=_warlord_now,
    ),
    _in_play(
        "choose_extra_warlord",
        act_choose_extra_warlord,
        (_WARLORD,),
        N_("Take this Warlord"),
        "Seat after War Chariot: choose one of your set-aside Warlords.",
        when=_extra,
    ),
    Action(
        "bottom",
        act_bottom,
        (_A_CARD,),
        N_("Put at the bottom"),
        "Seat, phones mode, phase 5: the drawn card to put at the bottom.",
        who=SEAT,
        phases=("draw",),
        when=_drawn,
    ),
    Action(
        "recall",
        act_recall,
        (
            _A_CARD,
            Param("seat", "seat", optional=True, label=N_("Player")),
        ),
        N_("Recall an army"),
        "Seat (or host with real cards): discard a non 1-6 card, reserve -> pool.",
        who=ANYONE,
        phases=LIVE,
        when=_recall,
    ),
    _correction(
        "move_armies",
        act_move_armies,
        (
            PLAYER,
            Param("src", "choice", choices=PLACES, label=N_("From")),
            Param("dst", "choice", choices=PLACES, label=N_("To")),
            Param("n", "int", min=1, max=ARMIES, label=N_("Armies")),
        ),
        N_("Move armies"),
        "Host: correct the board by moving a player's armies.",
    ),
    _correction(
        "set_score",
        act_set_score,
        (Param("score", "int", min=-TRACK_END, max=TRACK_END, label=N_("Score")),),
        N_("Set the score marker"),
        "Host: correct the score marker (-9 Red's end .. +9 Blue's end).",
    ),
    _correction(
        "set_displays",
        act_set_displays,
        tuple(
            Param(p, "int", min=1, max=len(DISPLAYS), optional=True, label=PROVINCE_NAMES[i])
            for i, p in enumerate(PROVINCES)
        ),
        N_("Set the scoring displays"),
        "Host: the displays (1-10) the table laid out beside the provinces given; each once.",
    ),
    _correction(
        "set_cards",
        act_set_cards,
        (
            PLAYER,
            Param("hand", "int", min=0, max=MOST, optional=True, label=N_("Cards in hand")),
            Param("deck", "int", min=0, max=MOST, optional=True, label=N_("Cards in the deck")),
        ),
        N_("Set the card counts"),
        "Host, real cards: a player's hand or deck as the table counts it, when the app differs.",
        when=real_cards,
    ),
    _correction(
        "enter_event",
        act_enter_event,
        (_EVENT,),
        N_("Enter the face-up event"),
        "Host: the event card the table turned face up (we drew this).",
        when=_with_events,
    ),
    _correction(
        "set_event_done",
        act_set_event_done,
        (
            _EVENT,
            Param("done", "bool", label=N_("Event carried out")),
        ),
        N_("Mark an event"),
        "Host: mark an event as carried out (done=true) or not (done=false).",
        when=_with_events,
    ),
    rules=RULE_SECTIONS,
)

allowed = derive_allowed(ACTIONS, phase=lambda state: state["phase"], turn=whose_turn)
