"""Phase 1 of The Art of War: the event deck, drawn by the app, with its Great Peace counter.

Heretic Invasion acts at once; the other events act in the phase they name (production, tribute,
construction, the battles, the food market), where those parts ask ``board.event_hits``.
"""

from __future__ import annotations

from ..kit import Event, P, Rng, State, T, draws
from .board import add_at, apothecary, half_down, half_up, name, order, player, shielded, works
from .data import EVENTS


def draw_event(state: State, rng: Rng) -> str:
    """The next event card, or the one the table entered as it drew it (taken out of the deck
    wherever it lies, so no card comes twice); when the deck runs out, the used events become
    a new deck."""
    deck = state["event"]
    entered = deck.pop("entered", None)
    if not deck["deck"]:
        deck["deck"] = deck["used"]
        deck["used"] = []
        rng.shuffle(deck["deck"])
    if entered is None:
        # The app draws from the end of its pile, as it always has (old logs replay).
        key = deck["deck"].pop()
        deck["used"].append(key)
    else:
        key = draws.draw({"pile": deck["deck"], "drawn": deck["used"]}, card=entered)
    deck["current"] = key
    return key


def turn_up_event(state: State, rng: Rng) -> list[Event]:
    """Phase 1: draw an event; Heretic Invasion acts now, the others in their phase."""
    entered = "entered" in state["event"]
    key = draw_event(state, rng)
    drawn: Event = {"type": "EventDrawn", "event_t": EVENTS[key]["name"]}
    if entered:
        drawn["entered"] = True
    events: list[Event] = [drawn]
    state["computed"].append(
        T("{event_t}: {effect_t}", event_t=EVENTS[key]["name"], effect_t=EVENTS[key]["effect"])
    )
    if key == "great_peace":
        state["event"]["great_peace"] += 1
        count = state["event"]["great_peace"]
        state["computed"].append(
            P("Great Peace drawn {n} time", "Great Peace drawn {n} times", count)
        )
        if count >= 3:
            state["last_round"] = True
            state["computed"].append(T("The 3rd Great Peace: the game ends after this round."))
            events.append({"type": "LastRound"})
    if key == "heretic":
        events += _heretic_invasion(state)
    return events


def _heretic_invasion(state: State) -> list[Event]:
    """Every stack of soldiers loses half (the Temple and the Leshan Buddha protect)."""
    events: list[Event] = []
    cut = half_down if state["options"]["heretic_rounding"] == "floor" else half_up
    for seat in order(state):
        p = player(state, seat)
        who = name(state, seat)
        if works(state, seat, "temple") or shielded(state, seat):
            state["computed"].append(T("{name} is protected", name=who))
            continue
        lost = 0
        loss = cut(p["supply"])
        p["supply"] -= loss
        lost += loss
        for loc in list(p["at"]):
            loss = cut(p["at"][loc])
            add_at(p, loc, -loss)
            lost += loss
        back = apothecary(state, seat, lost)
        p["supply"] += back
        state["computed"].append(
            P(
                "{name} loses {n} soldier ({back} back)",
                "{name} loses {n} soldiers ({back} back)",
                name=who,
                n=lost,
                back=back,
            )
        )
        events.append({"type": "SoldiersLost", "seat": seat, "n": lost - back})
    return events
