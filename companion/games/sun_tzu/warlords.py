"""The Warlords: the secret choice at the start, playing one in battle, the War Chariot's extra.

Each player chooses one Warlord in secret (a sealed round) and plays it face up when its moment
comes. The app plays two by itself: Sun Tzu's 3 at the start, and on the phones the King of
Chu's 1 when his 6 is revealed a second time on his own mark. With real cards Red shows that
Warlord from the phone for the 6 the host entered (``state["six_claim"]``).
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, RulesError, State, T, sealed
from . import held
from .battles import freeze
from .common import (
    note,
    opts,
    phones,
    plague_zero,
    private_note,
    start_round,
    use_warlord,
)
from .data import (
    BLUE,
    PLAGUE,
    PROVINCES,
    RED,
    WARLORD_ROUNDS,
    adjacent,
    clamp,
    warlord_text,
)
from .events import stabilise


def open_choice(state: State) -> list[Event]:
    """The game starts with each player choosing a Warlord in secret."""
    prompt = T("Choose your Warlord in secret")
    return [sealed.open_round(state, "warlord", [BLUE, RED], prompt)]


def warlords_chosen(state: State, choices: list[Any]) -> list[Event]:
    """Both have chosen: each keeps one, the other four are set aside; round 1 begins."""
    events: list[Event] = []
    for seat in (BLUE, RED):
        chosen = int(choices[seat])
        state["private"][seat]["warlords"] = [chosen]
        state["private"][seat]["removed"] = [n for n in range(1, 6) if n != chosen]
    events.append({"type": "WarlordsChosen"})
    if 3 in state["private"][BLUE]["warlords"]:
        # Blue's "start 1 space towards your end" is revealed when the game starts.
        use_warlord(state, events, BLUE, 3)
        state["score"] = clamp(state["score"] + 1)
        note(state, events, {"type": "ScoreMoved", "seat": BLUE})
    start_round(state, events)
    return events


def act_choose_warlord(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Choose (or change) the Warlord in secret, until locked."""
    return [sealed.submit(state, actor, params["warlord"])]


def warlord_targets(state: State, seat: int, n: int) -> list[Any] | None:
    """Where warlord ``n`` of ``seat`` can be played now (provinces, or [from, to] for Blue 1).

    None when it cannot be played now at all.
    """
    b = state["battle"]
    cur = b["current"]
    early = state["round"] <= WARLORD_ROUNDS
    mine = [p for p in range(5) if state["armies"][seat][p] > 0]
    if (seat, n) == (BLUE, 1):
        adj = opts(state)["adjacency"]
        moves = [[p, q] for p in mine for q in adjacent(adj, p) if state["armies"][RED][q] == 0]
        return moves if early and moves else None
    if (seat, n) == (BLUE, 5):
        return mine if early and mine and state["pool"][BLUE] > 0 else None
    if (seat, n) == (RED, 2):
        theirs = [p for p in range(5) if state["armies"][BLUE][p] > 0]
        return theirs if early and theirs else None
    if (seat, n) == (BLUE, 2):
        ok = cur is not None and b["cards"][BLUE][cur] in ("7", "8", "9", "10")
        return [cur] if ok and not b["flags"]["as_six"] else None
    if (seat, n) in ((RED, 3), (RED, 4)):
        ok = cur is not None and PLAGUE in (b["cards"][BLUE][cur], b["cards"][RED][cur])
        return [cur] if ok else None
    if (seat, n) in ((BLUE, 4), (RED, 5)):
        card = "-1" if seat == BLUE else PLAGUE
        spots = [
            p
            for p in range(5)
            if b["revealed"][p] and b["cards"][seat][p] == card and p not in b["recycle"][seat]
        ]
        return spots or None
    if (seat, n) == (RED, 1) and not phones(state) and state.get("six_claim") is not None:
        return [state["six_claim"]]  # shown for the 6 the host entered (see battles._six_again)
    return None  # Blue 3 (and on the phones Red 1) are played by the app itself


def act_warlord(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Play one of your Warlords (in phase 3; Red's 1 for an entered 6 at any time)."""
    assert actor is not None
    n = params["warlord"]
    if not ((actor, n) == (RED, 1) and state.get("six_claim") is not None):
        # Showing Warlord 1 for an entered 6 may wait for no battle step (see _six_again).
        if state["phase"] != "battle":
            raise RulesError("wrong_phase", N_("That is not possible in this phase."))
        if state["pending"]:
            raise RulesError("armies_to_move", N_("First move the armies the rules ask for."))
    if n not in state["private"][actor]["warlords"]:
        raise BadValue("no_such_warlord", N_("You do not hold that Warlord."))
    events: list[Event] = []
    if (actor, n) == (RED, 1):
        # Real cards: Red shows Warlord 1 for the 6 the host entered on Red's own mark.
        if state.get("six_claim") is None:
            raise RulesError("warlord_not_now", N_("That Warlord cannot be played now."))
        use_warlord(state, events, actor, 1)
        state["six_claim"] = None
        return events
    freeze(state, events)  # phase 3 has started: the order count is taken before any change
    events += _play(state, actor, n, params)
    stabilise(state, events)
    return events


def _play(state: State, seat: int, n: int, params: dict[str, Any]) -> list[Event]:
    events: list[Event] = []
    targets = warlord_targets(state, seat, n)
    if targets is None:
        raise RulesError("warlord_not_now", N_("That Warlord cannot be played now."))
    p = PROVINCES.index(params["province"]) if params.get("province") else None
    if (seat, n) == (BLUE, 1):
        q = PROVINCES.index(params["to"]) if params.get("to") else None
        if [p, q] not in targets:
            raise BadValue(
                "bad_move",
                N_("Choose one of your provinces and an adjacent one that is empty or yours."),
            )
    else:
        if p is None and len(targets) == 1:
            p = targets[0]
        if p not in targets:
            raise BadValue("bad_province", N_("That Warlord cannot be played in that province."))
    use_warlord(state, events, seat, n)
    assert p is not None
    _effect(state, events, seat, n, p, params)
    return events


def _effect(
    state: State, events: list[Event], seat: int, n: int, p: int, params: dict[str, Any]
) -> None:
    b = state["battle"]
    if (seat, n) == (BLUE, 1):
        q = PROVINCES.index(params["to"])
        state["armies"][BLUE][p] -= 1
        state["armies"][BLUE][q] += 1
        note(
            state,
            events,
            {"type": "ArmiesMoved", "seat": BLUE, "from": p, "province": q, "dest": "province"},
        )
    elif (seat, n) == (BLUE, 5):
        state["pool"][BLUE] -= 1
        state["armies"][BLUE][p] += 1
        note(state, events, {"type": "ArmiesPlaced", "seat": BLUE, "n": 1, "province": p})
    elif (seat, n) == (RED, 2):
        state["armies"][BLUE][p] -= 1
        state["pool"][BLUE] += 1
        note(state, events, {"type": "ArmiesRetreat", "seat": BLUE, "n": 1, "province": p})
    elif (seat, n) == (BLUE, 2):
        b["flags"]["as_six"] = True
    elif (seat, n) == (RED, 3):
        b["flags"]["counter"] = True
    elif (seat, n) == (RED, 4):
        b["flags"]["harsh"] = True
    else:  # Blue 4 / Red 5: the card goes to the bottom of the deck, the top card is discarded
        b["recycle"][seat].append(p)
        code = b["cards"][seat][p]
        state["gone"][seat][code] -= 1  # the card is not out of the game after all
        held.top_discarded(state, seat)
        deck = state["private"][seat]["deck"]
        if phones(state) and deck:
            top = deck.pop(0)
            text = T("You discard the top card of your deck: {card}", card=top)
            private_note(state, events, seat, text, {"type": "TopDiscarded"})


def extra_choices(state: State, seat: int) -> list[int]:
    """The set-aside Warlords ``seat`` may take after the War Chariot: every one of them, as
    the digest says ("from their removed Warlords"). Blue's 3 acts at the start of the game
    only, so taken now it does nothing (the phone says so), but the table may still choose it:
    a player may want a stronger card held back."""
    return list(state["private"][seat]["removed"])


def does_nothing_now(state: State, seat: int, n: int) -> bool:
    """Is Warlord ``n`` of ``seat`` one whose only effect has passed? (Blue's 3 once the game
    has started.)"""
    return (seat, n) == (BLUE, 3) and state["phase"] != "warlords"


def act_choose_extra_warlord(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """After the War Chariot: take one of your set-aside Warlords, in secret."""
    assert actor is not None
    n = params["warlord"]
    if n not in extra_choices(state, actor):
        raise BadValue("not_removed", N_("Choose one of your Warlords that were set aside."))
    priv = state["private"][actor]
    priv["removed"].remove(n)
    priv["warlords"].append(n)
    state["extra_warlord"][actor] = False
    state["warlord_count"][actor] += 1
    events: list[Event] = [{"type": "ExtraWarlordChosen", "seat": actor}]
    text = T("Your extra Warlord: {text_t}", text_t=warlord_text(actor, n, plague_zero(state)))
    private_note(state, events, actor, text, {"type": "ExtraWarlordSecret"})
    return events
