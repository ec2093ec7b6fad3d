"""The host's corrections, when the real table disagrees with the app: armies, the score,
the scoring displays and the event deck.

A correction is an ordinary logged action, shown to everyone as what changed. Moving armies
keeps each colour's 21 armies (it only moves them between places), and whatever the rules
derive from the board (forced moves, the face-up event, the scoring) follows the corrected
board. The app draws the displays and shuffles the event deck itself; the table may instead
enter what it laid out or turned up: each display stands beside one province only, and an
event card comes out once (``kit.draws``: the rest of the deck stays consistent).
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Counter, Event, Rng, RulesError, State, correct, draws
from .common import note, opts
from .data import DISPLAY_LABELS, DISPLAYS, PROVINCES, TRACK_END
from .events import stabilise
from .scoring import end


def _place_ref(state: State, seat: int, where: str) -> tuple[list[int], int]:
    """The list and index that hold ``seat``'s armies at ``where`` (one of ``PLACES``)."""
    if where in ("pool", "reserve"):
        return state[where], seat
    if where.startswith("mark_"):
        return state["markers"][seat], PROVINCES.index(where[5:])
    return state["armies"][seat], PROVINCES.index(where)


def act_move_armies(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Move ``n`` of a player's armies from one place to another; the total is kept."""
    seat, src, dst, n = params["seat"], params["src"], params["dst"], params["n"]
    if src == dst:
        raise BadValue("same_place", N_("Choose two different places."))
    src_list, si = _place_ref(state, seat, src)
    if src_list[si] < n:
        raise BadValue("not_enough", N_("There are not that many armies there."))
    if dst in PROVINCES and state["armies"][1 - seat][PROVINCES.index(dst)] > 0:
        raise BadValue("two_colours", N_("A province never holds both colours."))
    dst_list, di = _place_ref(state, seat, dst)
    src_list[si] -= n
    dst_list[di] += n
    events: list[Event] = []
    event = {"type": "Corrected", "seat": seat, "n": n, "src": src, "dst": dst, "by": actor}
    note(state, events, event)
    stabilise(state, events)
    return events


def act_set_score(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Set the score marker where it stands on the real track (logged from -> to, by whom)."""
    return [correct(state, SCORE, None, params["score"], by=actor)]


def _put_score(state: State, seat: int | None, value: int) -> None:
    state["score"] = value


SCORE = Counter(
    "score",
    N_("the score marker"),
    lo=-TRACK_END,
    hi=TRACK_END,
    get=lambda state, seat: state["score"],
    put=_put_score,
)


def _display_counter(p: int) -> Counter:
    """The display beside province ``p`` (1-10), as a kit counter of the whole table."""

    def put(state: State, seat: int | None, value: int) -> None:
        state["displays"][p] = value

    return Counter(
        f"display_{PROVINCES[p]}",
        DISPLAY_LABELS[p],
        lo=1,
        hi=len(DISPLAYS),
        get=lambda state, seat: state["displays"][p],
        put=put,
    )


def act_set_displays(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The scoring displays the table laid out: one number (1-10) per province given; the
    provinces left out keep theirs. Each display stands beside one province only."""
    wanted = list(state["displays"])
    for p, pid in enumerate(PROVINCES):
        if params.get(pid) is not None:
            wanted[p] = params[pid]
    for n in wanted:
        if wanted.count(n) > 1:
            raise BadValue(
                "display_twice",
                N_("Each scoring display is used once: display {n} stands beside two provinces."),
                n=n,
            )
    if wanted == state["displays"]:
        raise BadValue("displays_unchanged", N_("Those displays are already on the board."))
    events: list[Event] = []
    for p, n in enumerate(wanted):
        if n != state["displays"][p]:
            event = correct(state, _display_counter(p), None, n, by=actor)
            note(state, events, event)
    return events


def _require_events(state: State) -> None:
    if not opts(state)["events"]:
        raise RulesError("no_events", N_("This table plays without the event cards."))


def act_enter_event(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """We drew this: the event card the table turned face up. The card the app had turned up
    goes back on top of the deck; the entered one comes out of the deck (never a card that has
    already come out). If its condition already holds, it is carried out at once."""
    _require_events(state)
    card, up = params["event"], state["event_up"]
    if card == up:
        raise BadValue("event_already_up", N_("That event is already face up."))
    deck = {"pile": ([up] if up else []) + state["event_deck"], "drawn": list(state["events_done"])}
    if card in deck["drawn"]:
        raise BadValue("event_done", N_("That event has already been carried out."))
    draws.draw(deck, card=card)
    state["event_deck"], state["event_up"] = deck["pile"], card
    events: list[Event] = []
    note(state, events, {"type": "EventEntered", "event": card, "before": up, "by": actor})
    stabilise(state, events)
    return events


def act_set_event_done(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Mark an event as carried out (the table did it; its effect is not applied again) or as
    not carried out (it goes back to the bottom of the deck). Marking the face-up event done
    turns up the next one; when all five are done, the game ends as after the fifth event."""
    _require_events(state)
    card, done = params["event"], params["done"]
    card_was_up = card == state["event_up"]
    event: Event = {"type": "EventMarked", "event": card, "done": done, "by": actor}
    if done:
        if card in state["events_done"]:
            raise BadValue("event_done", N_("That event has already been carried out."))
        if card == state["event_up"]:
            pile = state["event_deck"]
            state["event_up"] = pile.pop(0) if pile else None
        else:
            state["event_deck"].remove(card)
        state["events_done"].append(card)
    else:
        if card not in state["events_done"]:
            raise BadValue("event_not_done", N_("That event has not been carried out."))
        state["events_done"].remove(card)
        state["event_deck"].append(card)
    events: list[Event] = []
    note(state, events, event)
    if done and card_was_up and state["event_up"] is not None:
        # A card turned face up, as when an event fires: the same event, so the same reveal
        # (a barrier undo never steps back across, and a question before the host does it).
        note(state, events, {"type": "EventTurnedUp", "event": state["event_up"]})
    if state["event_up"] is None:
        end(state, events, "events")
    stabilise(state, events)
    return events
