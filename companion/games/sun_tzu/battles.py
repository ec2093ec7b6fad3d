"""Phase 3, the battles: the battle order, each province revealed and resolved, the 6 marker.

From round 2 the player with fewer armies on the board (counted before the first reveal)
chooses the order; otherwise the provinces go from left to right. A revealed province pays
the +2/+3 costs, locks an army above each 6 and counts its Plagues; resolving it applies the
battle matrix (or the Plague), moves the armies and lets the face-up event look at it.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, NotAllowed, Rng, RulesError, State
from . import held
from .armies import move_after, pay, settle, sources, take
from .common import holder, note, on_board, opts, phones, start_round, use_warlord
from .data import (
    BEGINNER_REMOVED,
    BLUE,
    COPIES,
    COSTS,
    PERMANENT,
    PHASES,
    PLAGUE,
    PROVINCES,
    RED,
    SCORING_ROUNDS,
    fight,
)
from .events import fire_events, stabilise
from .scoring import score_round


def order_counts(state: State) -> list[int]:
    """Armies on the board (the 6 marker boxes do not count)."""
    return [on_board(state, BLUE), on_board(state, RED)]


def _chooser(state: State, cur: list[int], prev: list[int] | None) -> int | None:
    """Who chooses the battle order: fewer armies now, else fewer last round, else nobody."""
    if state["round"] <= 1:
        return None
    for counts in (cur, prev):
        if counts and counts[BLUE] != counts[RED]:
            return BLUE if counts[BLUE] < counts[RED] else RED
    return None


def chooser(state: State) -> int | None:
    """Who chooses the battle order this round: as counted at the first reveal, or as the
    board stands now while nothing has been revealed."""
    if state["counts"]["cur"] is not None:
        return state["chooser"]
    return _chooser(state, order_counts(state), state["counts"]["prev"])


def freeze(state: State, events: list[Event]) -> None:
    """Count the armies at the start of phase 3, before any card is revealed."""
    if state["counts"]["cur"] is not None:
        return
    cur = order_counts(state)
    state["counts"]["cur"] = cur
    state["chooser"] = _chooser(state, cur, state["counts"]["prev"])
    note(state, events, {"type": "OrderChooser", "seat": state["chooser"], "counts": cur})


def next_forced(state: State) -> int | None:
    """The leftmost province not yet revealed (the order when nobody chooses)."""
    for p in range(5):
        if not state["battle"]["revealed"][p]:
            return p
    return None


def _pick_province(state: State, actor: Actor, province: str | None) -> int:
    b = state["battle"]
    if b["current"] is not None:
        raise RulesError("resolve_first", N_("Resolve the revealed province first."))
    nxt = next_forced(state)
    if nxt is None:
        raise RulesError("all_revealed", N_("Every province has been revealed."))
    who = chooser(state)
    if province is None:
        return nxt
    p = PROVINCES.index(province)
    if b["revealed"][p]:
        raise BadValue("already_revealed", N_("That province has already been revealed."))
    if who is None and p != nxt:
        raise BadValue("left_to_right", N_("This round the provinces go from left to right."))
    if who is not None and actor is not None and actor != who:
        raise NotAllowed("not_chooser", N_("The other player chooses the battle order."))
    return p


def _reveal(state: State, events: list[Event], p: int) -> None:
    """Reveal province ``p``: record the cards, pay +2/+3, mark 6s, count Plagues."""
    b = state["battle"]
    b["revealed"][p] = True
    b["current"] = p
    b["flags"] = {"counter": False, "harsh": False, "as_six": False}
    cards = [b["cards"][BLUE][p], b["cards"][RED][p]]
    # On the phones this turns two hidden cards face up (a barrier for undo); with real cards
    # the table turned them over and the host only enters them, so undo may fix a typo.
    kind = "ProvinceRevealed" if phones(state) else "CardsEntered"
    note(state, events, {"type": kind, "province": p, "cards": cards})
    for seat, code in enumerate(cards):
        if code not in PERMANENT:
            state["played"][seat].append(code)
            gone = state["gone"][seat]
            gone[code] = gone.get(code, 0) + 1
    state["plagues"] += cards.count(PLAGUE)
    for seat, code in enumerate(cards):
        if code in COSTS:
            pay(state, events, seat, COSTS[code], "reserve", None, N_("cost of the card"))
    for seat, code in enumerate(cards):
        if code == "6":
            if state["markers"][seat][p] > 0:
                _six_again(state, events, seat, p)
            pay(state, events, seat, 1, "marker", p, N_("the 6 marker"))


def _six_again(state: State, events: list[Event], seat: int, p: int) -> None:
    """A 6 revealed where the same player's 6 already marks the province (Red's Warlord 1).

    On the phones, Red's own placement was checked against Red's own Warlords, so the app
    shows the Warlord now. With real cards the host entered the 6: whether Red holds the
    Warlord is Red's secret, so nothing here may depend on it. The entry stands and Red
    shows the Warlord from the phone (``warlord``), or the table sorts the mistake out.
    """
    if phones(state):
        if p in state["private"][seat].get("six_again", []):
            use_warlord(state, events, seat, 1)
        return
    state["six_claim"] = p
    note(state, events, {"type": "SixAgainEntered", "seat": seat, "province": p})


def _resolve(state: State, events: list[Event]) -> dict[str, Any]:
    """Resolve the revealed province; returns what the battle events look at."""
    b = state["battle"]
    p = b["current"]
    flags = b["flags"]
    cards = [b["cards"][BLUE][p], b["cards"][RED][p]]
    values = list(cards)
    if flags["as_six"]:
        values[BLUE] = "6"
        note(state, events, {"type": "PlayedAsSix", "seat": BLUE, "card": cards[BLUE]})
    if flags["counter"] and opts(state)["counter_plague"] == "zero":
        values = ["0" if v == PLAGUE else v for v in values]
        note(state, events, {"type": "PlagueZero"})
    winner, d, plague = fight(values[0], values[1])
    # The battle's outcome as fields (the screens and API clients read these, not the line).
    result = {"winner": winner, "margin": d, "plague": plague}
    if plague:
        _plague(state, events, p, flags, result)
    elif winner is None:
        note(state, events, {"type": "BattleTied", "province": p, **result})
    else:
        event = {"type": "BattleWon", "province": p, "seat": winner, "d": d, **result}
        note(state, events, event)
        move_after(state, events, p, winner, d)
    b.setdefault("results", [None] * 5)[p] = {"province": PROVINCES[p], "cards": cards, **result}
    b["resolved"][p] = True
    b["current"] = None
    return {"province": p, "cards": cards, "values": values, "winner": winner}


def _plague(
    state: State, events: list[Event], p: int, flags: dict[str, bool], result: dict[str, Any]
) -> None:
    """No battle: the occupant loses half (rounded down), or all but 1 with the harsh Plague."""
    seat = holder(state, p)
    if seat is None:
        note(state, events, {"type": "PlagueEmpty", "province": p, **result})
        return
    n = state["armies"][seat][p]
    if flags["counter"] and seat == RED:
        note(state, events, {"type": "PlagueCountered", "province": p, **result})
        return
    lost = n - 1 if flags["harsh"] else n // 2
    state["armies"][seat][p] -= lost
    state["pool"][seat] += lost
    note(
        state,
        events,
        {"type": "PlagueStruck", "province": p, "seat": seat, "lost": lost, "n": n, **result},
    )


def act_reveal(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Phones: turn the next province's two placed cards face up."""
    events: list[Event] = []
    freeze(state, events)
    p = _pick_province(state, actor, params.get("province"))
    _reveal(state, events, p)
    stabilise(state, events)
    return events


def act_enter_cards(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Real cards: the table screen enters the two cards the table turned over."""
    events: list[Event] = []
    freeze(state, events)
    p = _pick_province(state, None, params.get("province"))
    cards = [params["card0"], params["card1"]]
    for seat, code in enumerate(cards):
        _check_entered(state, seat, p, code)
    b = state["battle"]
    for seat, code in enumerate(cards):
        b["cards"][seat][p] = code
    _reveal(state, events, p)
    stabilise(state, events)
    return events


def valid_code(state: State, code: str) -> None:
    """The beginner variant has no +2 or +3."""
    if opts(state)["beginner"] and code in BEGINNER_REMOVED:
        raise BadValue("beginner_card", N_("The beginner variant has no +2 or +3."))


def _check_entered(state: State, seat: int, p: int, code: str) -> None:
    """A revealed real card must be one the player can still hold (public knowledge only)."""
    valid_code(state, code)
    b = state["battle"]
    if code in PERMANENT and code in b["cards"][seat]:
        raise BadValue("twice", N_("That card has already been played this round."))
    if code not in PERMANENT and state["gone"][seat].get(code, 0) >= COPIES[code]:
        raise BadValue("used_up", N_("Every copy of that card has already been used."))
    if code == "6" and state["markers"][seat][p] > 0:
        # Only Red's Warlord 1 allows it. The host may not learn whether Red holds it: the
        # entry is refused only when everyone can tell Red cannot hold it (see _six_again).
        if not _six_again_possible(state, seat):
            raise BadValue(
                "six_marked",
                N_(
                    "That player's own 6 already marks that province: "
                    "a 6 may not be played there again."
                ),
            )


def _six_again_possible(state: State, seat: int) -> bool:
    """From public facts only: may ``seat``'s 6 be entered where its own 6 already stands?

    Blue has no such Warlord; Red's Warlord 1 allows it once. Red cannot hold it when it was
    played already, when a 6 entered again still waits for it, when Red holds no Warlord
    (the count is public) or, with face-up Warlords, when it is not among them.
    """
    if seat != RED or 1 in state["warlords_played"][RED] or state.get("six_claim") is not None:
        return False
    held = state["private"][RED]["warlords"]
    if opts(state)["warlord_public"]:
        return 1 in held
    return len(held) > 0


def act_resolve(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Resolve the revealed province; then the forced moves and the face-up event."""
    events: list[Event] = []
    info = _resolve(state, events)
    settle(state, events)
    fire_events(state, events, info)
    stabilise(state, events)
    return events


def act_finish_battles(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Every battle is done: phase 4 (rounds 3, 6, 9), then the draw or the next round."""
    if not all(state["battle"]["resolved"]):
        raise RulesError("battles_left", N_("Some provinces have not been resolved yet."))
    events: list[Event] = []
    if state["round"] in SCORING_ROUNDS:
        score_round(state, events)
    if state["phase"] != "over":
        if phones(state):
            events.extend(PHASES.enter(state, "draw"))
        else:
            events += held.collect_and_draw(state)  # the table draws; the app counts
            start_round(state, events)
    stabilise(state, events)
    return events


def act_take(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The owing seat (or the host) names the province the armies come from."""
    ob = state["pending"][0]
    q = PROVINCES.index(params["province"])
    if q not in sources(state, ob):
        raise BadValue("no_armies_there", N_("Choose a province where those armies stand."))
    n = params.get("n") or ob["n"]
    n = min(n, ob["n"], state["armies"][ob["seat"]][q])
    events: list[Event] = []
    take(state, events, q, n)
    stabilise(state, events)
    return events


def whose_turn(state: State) -> int | None:
    """Who acts next: the seat that owes armies, else the chooser of the next province."""
    b = state["battle"]
    if state["pending"]:
        return state["pending"][0]["seat"]
    if state["phase"] == "battle" and b["current"] is None and not all(b["revealed"]):
        return chooser(state)
    return None
