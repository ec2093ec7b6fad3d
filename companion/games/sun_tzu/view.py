"""What each viewer of Sun Tzu sees: the board for everyone, a seat's hand and Warlords on its
phone (the privacy gate).

The table screen (and the host) sees the public board: armies, markers, revealed cards, the
battle order, the event, the score track and the round's breakdown. A seat's view is that plus
``me``: its hand, its placement, its Warlords with where each can be played now, its private
notes. Everything the templates show is worked out here, so templates only display.
"""

from __future__ import annotations

from typing import Any

from ..kit import Actor, P, State, T, Text, sealed
from . import held
from .armies import sources, suggested
from .battles import chooser, next_forced, order_counts, whose_turn
from .common import holder, on_board, opts, phones, plague_zero
from .data import (
    AUTO_WARLORDS,
    BEGINNER_REMOVED,
    BLUE,
    CARD_CODES,
    CARD_HINTS,
    COLOUR_NAMES,
    COLOURS,
    COPIES,
    DISPLAYS,
    EVENT_NAMES,
    EVENT_TEXTS,
    EVENTS,
    LAST_ROUND,
    LIVE,
    PERMANENT,
    PHASES,
    PLACE_NAMES,
    PLACES,
    PROVINCE_NAMES,
    PROVINCES,
    RED,
    SCORING_ROUNDS,
    TRACK_END,
    adjacent,
    warlord_text,
)
from .lines import six_again_line
from .placement import may_six_again
from .scoring import over
from .warlords import does_nothing_now, extra_choices, warlord_targets


def _name(state: State, seat: int) -> str:
    return state["players"][seat]["name"]


def _prov(p: int) -> str:
    return PROVINCE_NAMES[p]


def _score_column(rnd: int) -> int:
    """Which display value is showing: round 1-3 the first, 4-6 the second, 7-9 the third.

    >>> _score_column(1), _score_column(3), _score_column(4), _score_column(9)
    (0, 0, 1, 2)
    """
    return min(max(rnd - 1, 0) // 3, 2)


def _province_view(state: State, p: int) -> dict[str, Any]:
    b = state["battle"]
    values = DISPLAYS[state["displays"][p] - 1]
    # Face-down cards (phones mode) stay hidden until their province is revealed.
    cards = [b["cards"][BLUE][p], b["cards"][RED][p]] if b["revealed"][p] else None
    return {
        "id": PROVINCES[p],
        "name_t": PROVINCE_NAMES[p],
        "display": state["displays"][p],
        "values": list(values),
        "value": values[_score_column(state["round"])],
        "armies": [state["armies"][BLUE][p], state["armies"][RED][p]],
        "markers": [state["markers"][BLUE][p], state["markers"][RED][p]],
        "holder": holder(state, p),
        "revealed": b["revealed"][p],
        "resolved": b["resolved"][p],
        "current": b["current"] == p,
        "cards": cards,
        "adjacent": [PROVINCES[q] for q in adjacent(opts(state)["adjacency"], p)],
        # This round's battle once resolved: {province, cards, winner, margin, plague}.
        "result": b.get("results", [None] * 5)[p],
    }


def _player_view(state: State, seat: int) -> dict[str, Any]:
    priv = state["private"][seat]
    public = opts(state)["warlord_public"] or state["phase"] == "over"
    view = {
        "seat": seat,
        "name": _name(state, seat),
        "colour": COLOURS[seat],
        "colour_t": COLOUR_NAMES[seat],
        "pool": state["pool"][seat],
        "reserve": state["reserve"][seat],
        "board": on_board(state, seat),
        "markers": sum(state["markers"][seat]),
        # Public (§2.6, §3): on the phones the hidden hand's size, with real cards the count
        # the table's entries give (held.py).
        "hand_count": held.counts(state, seat)[0],
        "deck_count": held.counts(state, seat)[1],
        "played": list(state["played"][seat]),
        "recalled": list(state["recalled"][seat]),
        "warlords_played": [_warlord_view(state, seat, n) for n in state["warlords_played"][seat]],
        "warlords_left": state["warlord_count"][seat] - len(state["warlords_played"][seat]),
        "extra_warlord": state["extra_warlord"][seat],
        "drawing": state["phase"] == "draw" and not state["draw_done"][seat],
    }
    if public and not opts(state)["beginner"]:
        view["warlords"] = [_warlord_view(state, seat, n) for n in priv["warlords"]]
    return view


def _warlord_view(state: State, seat: int, n: int) -> dict[str, Any]:
    # A Warlord keeps its number everywhere ("Warlord 5" when chosen, held and played): the
    # phone names a held one only inside its private panels, never where others may look.
    return {"n": n, "text_t": warlord_text(seat, n, plague_zero(state))}


def _held_warlord_view(state: State, seat: int, n: int) -> dict[str, Any]:
    """A Warlord the phone may hold or take, with whether it can still do anything."""
    return {**_warlord_view(state, seat, n), "spent": does_nothing_now(state, seat, n)}


def card_view(code: str) -> dict[str, Any]:
    """One action card as the phone's choice shows it: its face and what it does.

    >>> card_view("+2")["hint_t"]
    'Their card +2; costs 1 army; one use'
    """
    return {"code": code, "hint_t": CARD_HINTS[code], "permanent": code in PERMANENT}


def _order_view(state: State) -> dict[str, Any]:
    frozen = state["counts"]["cur"] is not None
    counts = state["counts"]["cur"] if frozen else order_counts(state)
    who = chooser(state)
    if state["round"] <= 1:
        why = T("Round 1: from left to right")
    elif who is None:
        why = T("Equal armies now and last round: from left to right")
    else:
        why = T(
            "{name} chooses the order (armies on the board: Blue {b}, Red {r})",
            name=_name(state, who),
            b=counts[BLUE],
            r=counts[RED],
        )
    nxt = next_forced(state)
    return {
        "chooser": who,
        "counts": counts,
        "prev": state["counts"]["prev"],
        "final": frozen,
        "why": why,
        "next": PROVINCES[nxt] if who is None and nxt is not None else None,
        "choices": [PROVINCES[p] for p in range(5) if not state["battle"]["revealed"][p]],
    }


def _pending_view(state: State) -> list[dict[str, Any]]:
    out = []
    for ob in state["pending"]:
        out.append(
            {
                "seat": ob["seat"],
                "name": _name(state, ob["seat"]),
                "kind": ob["kind"],
                "n": ob["n"],
                "province": PROVINCES[ob["province"]] if ob["province"] is not None else None,
                "text": P(
                    "{name} must take {n} army from the board ({why_t})",
                    "{name} must take {n} armies from the board ({why_t})",
                    name=_name(state, ob["seat"]),
                    n=ob["n"],
                    why_t=ob["why"],
                ),
                "sources": [PROVINCES[q] for q in sources(state, ob)],
                "suggested": [PROVINCES[q] for q in suggested(state, ob)],
            }
        )
    return out


def _six_claim_view(state: State) -> dict[str, Any] | None:
    """A 6 entered on Red's own mark, waiting for Red to show Warlord 1 (real cards)."""
    p = state.get("six_claim")
    if p is None:
        return None
    return {
        "seat": RED,
        "province": PROVINCES[p],
        "text": six_again_line(_name(state, RED), p),
    }


def _six_check(state: State, seat: int) -> Text | None:
    """Red's own phone: show Warlord 1 for the entered 6, or say the entry needs checking."""
    p = state.get("six_claim")
    if p is None or seat != RED:
        return None
    if 1 in state["private"][RED]["warlords"]:
        return T("Your 6 on {province_t} needs your Warlord 1: show it", province_t=_prov(p))
    return T(
        "Your 6 was entered on {province_t}, which your own 6 already marks, but you hold no "
        "Warlord that allows it: ask the table to check the entry",
        province_t=_prov(p),
    )


def _event_view(event: str | None) -> dict[str, Any] | None:
    if event is None:
        return None
    return {"id": event, "name_t": EVENT_NAMES[event], "text_t": EVENT_TEXTS[event]}


def private_view(state: State, seat: int) -> dict[str, Any]:
    priv = state["private"][seat]
    b = state["battle"]
    placed = None
    if sealed.is_open(state, "cards"):
        placed = state["sealed"]["choices"][seat]
    elif state["phase"] == "battle" and phones(state):
        placed = list(b["cards"][seat])
    six_blocked = (
        []
        if may_six_again(state, seat)
        else [PROVINCES[p] for p in range(5) if state["markers"][seat][p] > 0]
    )
    warlords = []
    for n in priv["warlords"]:
        shown_any_time = (seat, n) == (RED, 1) and state.get("six_claim") is not None
        battle_now = state["phase"] == "battle" or shown_any_time
        targets = warlord_targets(state, seat, n) if battle_now else None
        entry = _held_warlord_view(state, seat, n)
        entry["now"] = targets is not None and (shown_any_time or not state["pending"])
        entry["auto"] = n in AUTO_WARLORDS[seat]
        entry["targets"] = [
            [PROVINCES[t[0]], PROVINCES[t[1]]] if isinstance(t, list) else PROVINCES[t]
            for t in targets or []
        ]
        warlords.append(entry)
    sealed_me = sealed.seat_view(state, seat)
    extra = extra_choices(state, seat) if state["extra_warlord"][seat] else []
    unplaced = list(priv["hand"])
    if sealed.is_open(state, "cards"):
        for code in placed or []:
            unplaced.remove(code)
    return {
        "seat": seat,
        "colour": COLOURS[seat],
        "hand": sorted(priv["hand"], key=CARD_CODES.index),
        # The hand without the cards of a placement not yet revealed (they leave the hand then).
        "unplaced": sorted(unplaced, key=CARD_CODES.index),
        "drawn": list(priv["drawn"]),
        # The cards as the phone's choices show them (the hand to place, the cards drawn, the
        # cards that may be discarded to recall an army).
        "hand_cards": [card_view(c) for c in sorted(priv["hand"], key=CARD_CODES.index)],
        "drawn_cards": [card_view(c) for c in priv["drawn"]],
        "placed": placed,
        "six_blocked": six_blocked,
        # Phase 2's slots, one per province: where the phone's placement puts each card.
        "place_slots": [
            {
                "id": PROVINCES[p],
                "name_t": PROVINCE_NAMES[p],
                "value": DISPLAYS[state["displays"][p] - 1][_score_column(state["round"])],
                "blocked": PROVINCES[p] in six_blocked,
            }
            for p in range(5)
        ]
        if state["phase"] == "place"
        else [],
        "recall_cards": sorted(
            {c for c in priv["hand"] if c not in PERMANENT}, key=CARD_CODES.index
        ),
        "recall_choices": [
            card_view(c)
            for c in sorted({c for c in unplaced if c not in PERMANENT}, key=CARD_CODES.index)
        ],
        "warlords": warlords,
        "warlord_choices": [_warlord_view(state, seat, n) for n in range(1, 6)]
        if state["phase"] == "warlords"
        else [],
        "extra_choices": [_held_warlord_view(state, seat, n) for n in extra],
        "sealed": sealed_me,
        # Whether the phone offers "Play a Warlord" and "Recall": from public facts only (the
        # phase, the pending moves, the 6 entered, how many Warlords are left, the reserve,
        # a locked placement), never from which Warlords or cards are held, so a phone lying
        # face up shows the same buttons whatever its hand; the choices are in the panel.
        "warlord_open": bool(priv["warlords"])
        and (
            (state["phase"] == "battle" and not state["pending"])
            or (seat == RED and state.get("six_claim") is not None)
        ),
        "recall_open": phones(state)
        and state["phase"] in LIVE
        and state["reserve"][seat] > 0
        and not (sealed.is_open(state, "cards") and state["sealed"]["locked"][seat]),
        "six_check": _six_check(state, seat),
        # The press-and-hold panel: a hand on the phone, a Warlord to choose, held or set aside.
        "secret_panel": phones(state)
        or state["phase"] == "warlords"
        or bool(priv["warlords"])
        or bool(extra),
        # Private notes (cards drawn, kept, discarded), newest first: only behind the reveal.
        "notes": list(reversed(priv.get("notes", []))),
    }


def view(state: State, viewer: Actor) -> dict[str, Any]:
    """What ``viewer`` may see: the table screen (None) or one seat's phone (with ``me``)."""
    b = state["battle"]
    v: dict[str, Any] = {
        "players": [_player_view(state, s) for s in (BLUE, RED)],
        "turn": whose_turn(state),
        "round": state["round"] or None,
        "phase": PHASES.label(state["phase"]),
        "phase_id": state["phase"],
        # What the phase means for the screens, so no template compares phase names.
        "choosing_warlords": state["phase"] == "warlords",
        "placing": state["phase"] == "place",
        "in_battle": state["phase"] == "battle",
        "drawing": state["phase"] == "draw",
        "over": over(state),
        "cards_mode": opts(state)["cards"],
        "options": dict(opts(state)),
        "score": state["score"],
        "score_text": _score_text(state),
        "scoring_round": state["round"] in SCORING_ROUNDS,
        "provinces": [_province_view(state, p) for p in range(5)],
        "current": PROVINCES[b["current"]] if b["current"] is not None else None,
        "order": _order_view(state),
        "pending": _pending_view(state),
        "event": _event_view(state["event_up"]),
        "events_left": len(state["event_deck"]) + (1 if state["event_up"] else 0),
        "events_done": [_event_view(e) for e in state["events_done"]],
        # The host's event corrections: every card, face up, carried out, or still in the deck.
        "event_cards": _event_cards(state),
        "event_timing": opts(state).get("event_timing", "reveal"),
        "plagues": state["plagues"],
        "battle_log": list(state["round_log"]),
        "last_round_log": list(state["last_log"]),
        # Last round's battles as fields (the provinces' ``result`` hold this round's).
        "last_results": list(state.get("last_results") or [None] * 5),
        "scoring": list(state["scoring"]),
        "sealed": sealed.public_view(state),
        "six_claim": _six_claim_view(state),
        "result": state["result"],
        # Ready-made pieces for the screens (so templates only display).
        "round_track": _round_track(state),
        "track": [{"n": n, "at": n == state["score"]} for n in range(-TRACK_END, TRACK_END + 1)],
        "score_column": _score_column(state["round"]),
        "card_codes": _codes_in_play(state),
        "entry_choices": _entry_choices(state),
        "recall_codes": [c for c in _codes_in_play(state) if c not in PERMANENT],
        "places": [{"id": pl, "name_t": PLACE_NAMES[pl]} for pl in PLACES],
        "display_numbers": list(range(1, len(DISPLAYS) + 1)),
    }
    if viewer is not None:
        v["me"] = private_view(state, viewer)
    return v


def _event_cards(state: State) -> list[dict[str, Any]]:
    """The five event cards for the host's corrections (none without the event cards)."""
    if not opts(state)["events"]:
        return []
    return [
        {
            "id": e,
            "name_t": EVENT_NAMES[e],
            "up": e == state["event_up"],
            "done": e in state["events_done"],
        }
        for e in EVENTS
    ]


def _round_track(state: State) -> list[dict[str, Any]]:
    """The turn track 1-9: which rounds score, which is current, which are past."""
    rnd = state["round"]
    return [
        {"n": n, "scoring": n in SCORING_ROUNDS, "current": n == rnd, "done": n < rnd}
        for n in range(1, LAST_ROUND + 1)
    ]


def _codes_in_play(state: State) -> list[str]:
    """The action card codes of this game (the beginner variant has no +2 or +3)."""
    beginner = opts(state)["beginner"]
    return [c for c in CARD_CODES if not (beginner and c in BEGINNER_REMOVED)]


def _entry_choices(state: State) -> list[list[str]] | None:
    """Real cards, phase 3: per seat, the codes that may still be entered this round.

    Public knowledge only (cards already revealed or shown to recall); the "6 on its own
    mark" check depends on the province and is left to ``enter_cards``.
    """
    if phones(state) or state["phase"] != "battle":
        return None
    b = state["battle"]
    out = []
    for seat in (BLUE, RED):
        out.append(
            [
                c
                for c in _codes_in_play(state)
                if not (c in PERMANENT and c in b["cards"][seat])
                and not (c not in PERMANENT and state["gone"][seat].get(c, 0) >= COPIES[c])
            ]
        )
    return out


def _score_text(state: State) -> Text:
    s = state["score"]
    if s == 0:
        return T("The score marker is in the centre")
    seat = BLUE if s > 0 else RED
    return P(
        "The score marker is {n} space towards {name}'s end",
        "The score marker is {n} spaces towards {name}'s end",
        abs(s),
        name=_name(state, seat),
    )


# What each screen's template reads of a view, for reusing a screen's game panel while it is
# unchanged (``Game.seat_inputs``, ``table_inputs``, ``tv_inputs``). Every key a template
# reads is listed, and nothing else: the fewer, the more often two versions are equal. A
# recorded-playthrough test compares every reused panel with a fresh one.

# The board's head and provinces, on every screen (_head.html, _provinces.html).
_BOARD = tuple(
    "phase_id cards_mode round_track track score score_text event events_left plagues "
    "in_battle score_column provinces battle_log last_round_log round scoring ".split()
)
# The "now" line and the battle order (_now.html), on the phone and the table screen.
_NOW = ("over", "pending", "choosing_warlords", "placing", "drawing", "current", "scoring_round")
# A player's counters as the phone shows them (its own and the other's).
_PHONE_PLAYER = tuple(
    "seat name colour colour_t pool reserve board markers hand_count deck_count "
    "played warlords_played drawing ".split()
)
# The phone's own part of its view (its private panel and its choices); its sealed round
# is read apart (``_seat_sealed``).
_ME = tuple(
    "colour secret_panel warlord_choices place_slots hand_cards warlords warlord_open "
    "drawn drawn_cards extra_choices recall_open recall_choices placed notes unplaced ".split()
)


def _pick(d: dict[str, Any], keys: tuple[str, ...]) -> tuple[Any, ...]:
    return tuple(d.get(k) for k in keys)


def _order(v: dict[str, Any]) -> tuple[Any, ...]:
    """The battle order as the screens read it: its reasons and choices only in a battle."""
    order, battle = v["order"], v["in_battle"]
    return (
        order["chooser"],
        order["next"],
        order["choices"] if battle else None,
        order["why"] if battle else None,
    )


def _seat_sealed(me: dict[str, Any], seat: int) -> tuple[Any, ...] | None:
    """The phone's sealed round: its own choice, who has locked, whether it has chosen."""
    sv = me["sealed"]
    if sv is None:
        return None
    return sv["mine"], sv["in_round"], sv["locked"], sv["submitted"][seat]


def seat_inputs(view: dict[str, Any], seat: int) -> tuple[Any, ...]:
    """What the phone's panel (templates/games/sun-tzu/seat.html) reads of its seat's view:
    the board, the "now" line, both players' counters and its own secrets and choices."""
    me = view["me"]
    return (
        _pick(view, _BOARD),
        _pick(view, _NOW),
        _order(view),
        view["options"]["events"],
        [_pick(p, _PHONE_PLAYER) for p in view["players"]],
        _pick(me, _ME),
        _seat_sealed(me, seat),
    )


def table_inputs(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the table screen's board (table.html) reads: the board, the "now" line, the
    players' cards and whose turn it is, and the host's card entry and corrections. A
    sealed round's progress is not among them (the table screen shows it apart)."""
    return (
        _pick(view, _BOARD),
        _pick(view, _NOW),
        _order(view),
        view["options"]["events"],
        view["players"],
        view["turn"],
        view["entry_choices"],
        view["recall_codes"],
        view["event_cards"],
        view["places"],
        view["display_numbers"],
    )


def tv_inputs(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the TV's pages (tv.html) read: the board with the sealed round's progress, the
    players' cards and whose turn it is."""
    order = view["order"]
    return (
        _pick(view, _BOARD),
        view["options"]["events"],
        view["sealed"],
        view["players"],
        view["turn"],
        order["chooser"],
        order["next"] if view["in_battle"] else None,
    )
