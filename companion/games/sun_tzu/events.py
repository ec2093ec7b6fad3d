"""The event deck: one event face up, carried out whenever its condition holds.

Epidemic and War Chariot look at the state (checked after every change); the Challenges and
Light Infantry look at the battle just resolved. When an event has been carried out the next
one turns up; when the fifth has been carried out the game ends.

When the card that completes a state condition is revealed (the 4th Plague, a third 6), the
event waits until that card's battle or Plague is resolved ("has been played": option
``event_timing = "after"``, the default); ``"reveal"`` fires it at once, before the battle.
"""

from __future__ import annotations

from typing import Any

from ..kit import Event, State
from .armies import pay, settle
from .common import note, opts
from .data import BLUE, CHALLENGES, EVENT_NAMES, RED
from .scoring import end


def waits_for_battle(state: State) -> bool:
    """Does a state event wait, because a revealed province's battle is not resolved yet?"""
    return opts(state).get("event_timing") == "after" and state["battle"]["current"] is not None


def _state_event_seats(state: State, event: str) -> list[int] | None:
    """Seats concerned when a state condition holds (Epidemic, War Chariot), else None."""
    if waits_for_battle(state):
        return None
    if event == "epidemic":
        return [BLUE, RED] if state["plagues"] >= 4 else None
    if event == "war_chariot":
        seats = [s for s in (BLUE, RED) if sum(1 for m in state["markers"][s] if m > 0) >= 3]
        return seats or None
    return None


def _battle_event_seats(state: State, event: str, info: dict[str, Any]) -> list[int] | None:
    """Seats concerned when a battle event's condition holds in the battle just resolved."""
    if event in CHALLENGES:
        card, _ = CHALLENGES[event]
        # A 7-10 played as a 6 (Blue's Warlord) is not a 9 or a 10 any more.
        seats = [s for s in (BLUE, RED) if info["values"][s] == card and info["winner"] != s]
        return seats or None
    if event == "light_infantry":
        return [BLUE, RED] if info["cards"] == ["1", "1"] else None
    return None


def fire_events(state: State, events: list[Event], info: dict[str, Any] | None) -> bool:
    """Carry out the face-up event while its condition holds; turn up the next one.

    ``info`` is the battle just resolved (None when only the state changed).
    """
    fired = False
    while state["event_up"] and state["phase"] != "over":
        event = state["event_up"]
        seats = _state_event_seats(state, event)
        if seats is None and info is not None:
            seats = _battle_event_seats(state, event, info)
        if seats is None:
            break
        fired = True
        note(state, events, {"type": "EventFired", "event": event})
        _carry_out(state, events, event, seats, info)
        state["events_done"].append(event)
        state["event_up"] = state["event_deck"].pop(0) if state["event_deck"] else None
        # A battle event turned up now did not see the battle that was just resolved.
        info = None
        if state["event_up"]:
            note(state, events, {"type": "EventTurnedUp", "event": state["event_up"]})
        else:
            end(state, events, "events")
    return fired


def _carry_out(
    state: State, events: list[Event], event: str, seats: list[int], info: dict[str, Any] | None
) -> None:
    if event == "epidemic":
        for seat in seats:
            pay(state, events, seat, 1, "reserve", None, EVENT_NAMES[event])
    elif event == "war_chariot":
        for seat in seats:
            if opts(state)["beginner"]:
                note(state, events, {"type": "NoWarlords"})
                continue
            state["extra_warlord"][seat] = True
            note(state, events, {"type": "ExtraWarlord", "seat": seat})
    elif event in CHALLENGES:
        cost = CHALLENGES[event][1]
        for seat in seats:
            pay(state, events, seat, cost, "reserve", None, EVENT_NAMES[event])
    elif event == "light_infantry":
        assert info is not None
        _light_infantry(state, events, info["province"])


def _light_infantry(state: State, events: list[Event], p: int) -> None:
    score = state["score"]
    if score == 0:
        note(state, events, {"type": "NobodyBehind"})
        return
    seat = RED if score > 0 else BLUE
    if state["armies"][1 - seat][p] > 0:
        # Our reading: a province never holds both colours, so nothing can be placed there.
        note(state, events, {"type": "ProvinceHeld", "province": p})
        return
    if state["pool"][seat] < 1:
        note(state, events, {"type": "PoolEmpty", "seat": seat})
        return
    state["pool"][seat] -= 1
    state["armies"][seat][p] += 1
    note(state, events, {"type": "ArmiesPlaced", "seat": seat, "province": p, "behind": True})


def stabilise(state: State, events: list[Event]) -> None:
    """After any change: forced army moves, then state-triggered events, until nothing changes."""
    for _ in range(20):
        if state["phase"] == "over":
            state["pending"] = []
            return
        settle(state, events)
        if state["pending"] or not fire_events(state, events, None):
            return
