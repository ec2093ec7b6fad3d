"""Sun Tzu (孫子兵法): the rules module for Al Newman's two-player battle card game (2007).

Blue (seat 0) plays Sun Tzu of Wu, Red (seat 1) the King of Chu. Over at most 9 rounds both
players place one action card opposite each of five provinces in secret, the cards are revealed
province by province, and the app resolves each battle (the full card matrix, the +2/+3 army
costs, the Plague, the "6" marker, army movement with the shortfall rule), fires the face-up event
when its condition is met, scores rounds 3, 6 and 9 on the score track and decides the end.

The cards are played either on the real board (option ``cards = "physical"``: the table screen
enters each province's two revealed cards) or on the phones (``cards = "phones"``: the app holds
every hand and deck, the placement is a sealed round and the draw phase happens on the phone).
The digest this module follows is ``shared/rules/sun-tzu.md``; every ``AMBIGUOUS`` point there is
implemented as proposed, with a table option where the digest asks for a toggle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import sealed
from .base import (
    N_,
    Action,
    Actor,
    BadValue,
    Event,
    Game,
    NotAllowed,
    Option,
    Param,
    Rng,
    RulesError,
    State,
    T,
    Text,
)

# --------------------------------------------------------------------------- tables

BLUE, RED = 0, 1
COLOURS = ("blue", "red")
COLOUR_NAMES = (N_("Blue (Sun Tzu)"), N_("Red (King of Chu)"))

PROVINCES = ("qin", "chu", "jin_yan", "han_qi", "wu")  # board order, left to right
PROVINCE_NAMES = (N_("Qin"), N_("Chu"), N_("Jin-Yan"), N_("Han-Qi"), N_("Wu"))

# The ten scoring displays: the value after round 3, round 6 and round 9.
DISPLAYS = (
    (1, 2, 4),
    (1, 3, 5),
    (1, 4, 3),
    (2, 3, 2),
    (2, 3, 4),
    (2, 5, 2),
    (3, 1, 5),
    (3, 2, 3),
    (4, 1, 4),
    (4, 3, 2),
)
SCORING_ROUNDS = (3, 6, 9)
INSTANT_WIN_ROUNDS = (3, 6)
LAST_ROUND = 9
TRACK_END = 9  # the score marker runs from -9 (Red's end) to +9 (Blue's end)
ARMIES = 21
POOL_START, RESERVE_START = 18, 3
WARLORD_ROUNDS = 6  # "during one of the first 6 rounds"

PLAGUE = "P"
PERMANENT = ("1", "2", "3", "4", "5", "6")
CARD_CODES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "+1", "+2", "+3", "-1", "P")
COPIES = {code: 1 for code in CARD_CODES} | {"+1": 3, "-1": 3, "P": 2}
BEGINNER_REMOVED = ("+2", "+3")
COSTS = {"+2": 1, "+3": 2}  # armies to the reserve whenever the card is played
HAND_DRAW = 4

EVENTS = ("epidemic", "war_chariot", "champion", "hero", "light_infantry")
EVENT_NAMES = {
    "epidemic": N_("Epidemic"),
    "war_chariot": N_("War Chariot"),
    "champion": N_("Champion's Challenge"),
    "hero": N_("Hero's Challenge"),
    "light_infantry": N_("Light Infantry"),
}
EVENT_TEXTS = {
    "epidemic": N_(
        "When all 4 Plague cards have been played, each player moves 1 army to the reserve."
    ),
    "war_chariot": N_(
        "When a player has 3 provinces marked by their own 6, they choose 1 more Warlord."
    ),
    "champion": N_("A player who plays a 9 and does not win moves 1 army to the reserve."),
    "hero": N_("A player who plays a 10 and does not win moves 2 armies to the reserve."),
    "light_infantry": N_(
        "When both play a 1 in the same province, the player behind on the score track "
        "places 1 army there."
    ),
}
# Armies a 9 / a 10 costs under Champion's / Hero's Challenge.
CHALLENGES = {"champion": ("9", 1), "hero": ("10", 2)}

# Warlords by colour, numbered 1-5 as in the digest's table.
WARLORD_TEXTS = (
    (
        N_(
            "During one of the first 6 rounds: move 1 of your armies to an adjacent province "
            "that is empty or yours."
        ),
        N_("Your revealed 7, 8, 9 or 10 is played as a 6, without marking the province."),
        N_("Start the game with the score marker 1 space towards your end."),
        N_("After playing -1, put it at the bottom of your deck and discard your top card."),
        N_("During one of the first 6 rounds: place 1 army from your pool in a province you hold."),
    ),
    (
        N_("In one province, play your 6 a second time (it marks the province again)."),
        N_(
            "During one of the first 6 rounds: send 1 enemy army from any province back to "
            "its owner's pool."
        ),
        N_("Counter a Plague: it does no damage to your armies in that province."),
        N_("Harsh Plague: a Plague leaves only 1 army in the province."),
        N_("After playing P, put it at the bottom of your deck and discard your top card."),
    ),
)
COUNTER_ZERO_TEXT = N_("Counter a Plague: the Plague is treated as a 0 in the battle.")
# Warlords the app plays by itself: Red 1 when a 6 is revealed on Red's own mark, Blue 3 at start.
AUTO_WARLORDS = ((3,), (1,))

# --------------------------------------------------------------------------- options

OPTIONS = (
    Option(
        "cards",
        "choice",
        "physical",
        N_("Action cards"),
        choices=(
            ("physical", N_("Real cards: the table screen enters the revealed cards")),
            ("phones", N_("On the phones: hands, decks and placement in the app")),
        ),
    ),
    Option("beginner", "bool", False, N_("Beginner variant (no +2, +3 or Warlords)")),
    Option("events", "bool", True, N_("Play with the event cards")),
    Option("warlord_public", "bool", False, N_("Chosen Warlords are shown face up")),
    Option(
        "counter_plague",
        "choice",
        "no_damage",
        N_("Red's Warlord against the Plague"),
        choices=(
            ("no_damage", N_("The Plague does no damage (Chinese edition)")),
            ("zero", N_("The Plague counts as a 0 (English card)")),
        ),
    ),
    Option(
        "adjacency",
        "choice",
        "line",
        N_("Adjacent provinces"),
        choices=(
            ("line", N_("Neighbours from left to right")),
            ("any", N_("Every province is adjacent")),
        ),
    ),
)

# --------------------------------------------------------------------------- small helpers


def is_number(code: str) -> bool:
    """A number card (or the 0 a countered Plague becomes).

    >>> is_number("10"), is_number("0"), is_number("+1"), is_number("P")
    (True, True, False, False)
    """
    return code.isdigit()


def fight(a: str, b: str) -> tuple[int | None, int, bool]:
    """One battle: (winner 0 = a / 1 = b / None = tie, difference, stopped by a Plague).

    The special cards follow the digest's matrix, not arithmetic: against -1 a modifier
    wins by its own face value.

    >>> fight("7", "3"), fight("4", "4")
    ((0, 4, False), (None, 0, False))
    >>> fight("+1", "-1"), fight("-1", "+3"), fight("+2", "+3")
    ((0, 1, False), (1, 3, False), (1, 1, False))
    >>> fight("P", "10"), fight("-1", "9")
    ((None, 0, True), (1, 1, False))
    """
    if PLAGUE in (a, b):
        return None, 0, True
    first, diff = _beats(a, b)
    if first > 0:
        return 0, diff, False
    if first < 0:
        return 1, diff, False
    return None, 0, False


def _beats(a: str, b: str) -> tuple[int, int]:
    """(+1 a wins / -1 b wins / 0 tie, difference) for two cards that are not Plagues."""
    if is_number(a) and is_number(b):
        x, y = int(a), int(b)
        return (x > y) - (x < y), abs(x - y)
    if is_number(a):
        sign, diff = _beats(b, a)
        return -sign, diff
    if a == "-1":
        # -1 loses to any number by 1 and to +k by k; -1 against -1 is a tie.
        if is_number(b):
            return -1, 1
        if b == "-1":
            return 0, 0
        return -1, int(b[1:])
    k = int(a[1:])  # a is +1, +2 or +3
    if is_number(b):
        return 1, k
    if b == "-1":
        return 1, k
    m = int(b[1:])
    return (k > m) - (k < m), abs(k - m)


def clamp(score: int) -> int:
    """The score marker cannot pass either end of the track.

    >>> clamp(12), clamp(-10), clamp(3)
    (9, -9, 3)
    """
    return max(-TRACK_END, min(TRACK_END, score))


def draw_counts(played_one: bool, deck: int) -> tuple[int, int]:
    """(cards drawn, cards kept) in the draw phase: min(n, deck) drawn, min(n-1, drawn) kept.

    >>> draw_counts(False, 10), draw_counts(True, 10), draw_counts(True, 2), draw_counts(False, 1)
    ((2, 1), (3, 2), (2, 2), (1, 1))
    >>> draw_counts(False, 0)
    (0, 0)
    """
    n = 3 if played_one else 2
    drawn = min(n, deck)
    return drawn, min(n - 1, drawn)


def adjacent(kind: str, p: int) -> list[int]:
    """Provinces adjacent to ``p`` under the ``adjacency`` option.

    >>> adjacent("line", 0), adjacent("line", 2), adjacent("any", 4)
    ([1], [1, 3], [0, 1, 2, 3])
    """
    if kind == "any":
        return [q for q in range(len(PROVINCES)) if q != p]
    return [q for q in (p - 1, p + 1) if 0 <= q < len(PROVINCES)]


def _name(state: State, seat: int) -> str:
    return state["players"][seat]["name"]


def _opts(state: State) -> dict[str, Any]:
    return state["options"]


def _phones(state: State) -> bool:
    return _opts(state)["cards"] == "phones"


def _board(state: State, seat: int) -> int:
    return sum(state["armies"][seat])


def _holder(state: State, p: int) -> int | None:
    for seat in (BLUE, RED):
        if state["armies"][seat][p] > 0:
            return seat
    return None


def _prov(p: int) -> str:
    return PROVINCE_NAMES[p]


def _note(events: list[Event], state: State, kind: str, text: Text, **extra: Any) -> None:
    """A public event whose line also goes into this round's battle breakdown."""
    state["round_log"].append(text)
    events.append({"type": kind, "text": text, **extra})


PRIVATE_NOTES = 6  # how many of a seat's private notes its phone keeps


def _private(
    state: State, events: list[Event], seat: int, kind: str, text: Text, line: Text
) -> None:
    """A secret for one seat: ``text`` goes to its private notes (shown behind the phone's
    press-and-hold panel), the history gets ``line``, which names no card (history lines show
    outside that panel)."""
    notes = state["private"][seat].setdefault("notes", [])
    notes.append(text)
    del notes[:-PRIVATE_NOTES]
    events.append({"type": kind, "text": line, "seat": seat, "to": [seat]})


# --------------------------------------------------------------------------- setup


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    """Displays, event deck, armies, decks and hands; then the secret Warlord choice."""
    opts = {o.name: options.get(o.name, o.default) for o in OPTIONS}
    beginner = bool(opts["beginner"])
    displays = rng.sample(range(1, len(DISPLAYS) + 1), len(PROVINCES))
    event_deck = list(EVENTS) if opts["events"] else []
    rng.shuffle(event_deck)
    private = [_deal(opts, beginner, rng) for _ in (BLUE, RED)]
    state: State = {
        "players": [{"name": name, "colour": COLOURS[seat]} for seat, name in enumerate(players)],
        "options": opts,
        "round": 0,
        "phase": "warlords",
        "score": 0,
        "score_history": [],
        "displays": displays,
        "armies": [[0] * 5, [0] * 5],
        "markers": [[0] * 5, [0] * 5],
        "pool": [ARMIES, ARMIES] if beginner else [POOL_START, POOL_START],
        "reserve": [0, 0] if beginner else [RESERVE_START, RESERVE_START],
        "event_up": event_deck.pop(0) if event_deck else None,
        "event_deck": event_deck,
        "events_done": [],
        "plagues": 0,
        "played": [[], []],  # one-use cards revealed in battle (public)
        "recalled": [[], []],  # cards shown to recall an army from the reserve (public)
        "gone": [{}, {}],  # one-use cards known to be out of the game, by code
        "warlords_played": [[], []],
        "warlord_count": [0, 0] if beginner else [1, 1],
        "extra_warlord": [False, False],
        "private": private,
        "counts": {"prev": None, "cur": None},
        "chooser": None,
        "battle": _fresh_battle(),
        "pending": [],
        "round_log": [],
        "last_log": [],
        "scoring": [],
        "draw_done": [True, True],
        # Real cards: the province where Red's 6 was entered on Red's own mark, until Red shows
        # Warlord 1 on the phone (public: the table saw the 6; only Red knows the Warlord).
        "six_claim": None,
        "sealed": None,
        "result": None,
    }
    if beginner:
        _start_round(state, [])
    else:
        sealed.open_round(state, "warlord", [BLUE, RED], T("Choose your Warlord in secret"))
    return state


def _deal(opts: dict[str, Any], beginner: bool, rng: Rng) -> dict[str, Any]:
    """One player's private cards: cards 1-6 plus 4 from the shuffled deck (phones mode only)."""
    hand: list[str] = []
    deck: list[str] = []
    if opts["cards"] == "phones":
        deck = [
            code
            for code in CARD_CODES
            if code not in PERMANENT and not (beginner and code in BEGINNER_REMOVED)
            for _ in range(COPIES[code])
        ]
        rng.shuffle(deck)
        hand = list(PERMANENT) + deck[:HAND_DRAW]
        deck = deck[HAND_DRAW:]
    return {"hand": hand, "deck": deck, "drawn": [], "warlords": [], "removed": [], "notes": []}


def _fresh_battle() -> dict[str, Any]:
    return {
        "cards": [[None] * 5, [None] * 5],
        "revealed": [False] * 5,
        "resolved": [False] * 5,
        "current": None,
        "flags": {"counter": False, "harsh": False, "as_six": False},
        "recycle": [[], []],
    }


def _start_round(state: State, events: list[Event]) -> None:
    """Phase 1 (advance the round marker), then phase 2 (place cards)."""
    state["round"] += 1
    state["counts"] = {"prev": state["counts"]["cur"], "cur": None}
    state["chooser"] = None
    state["battle"] = _fresh_battle()
    state["last_log"] = state["round_log"]
    state["round_log"] = []
    events.append({"type": "RoundStarted", "round": state["round"], "text": _round_text(state)})
    if _phones(state):
        state["phase"] = "place"
        events.append(
            _sealed_text(
                state,
                sealed.open_round(
                    state, "cards", [BLUE, RED], T("Place one card opposite each province")
                ),
            )
        )
    else:
        state["phase"] = "battle"


def _round_text(state: State) -> Text:
    return T("Round {round} begins", round=state["round"])


def _sealed_text(state: State, event: Event) -> Event:
    """Give the sealed module's events their history line (describe() sees only the event)."""
    kind = event["type"]
    if kind == "SealedOpened":
        event["text"] = T("Secret choice: everyone chooses on their phone")
    elif kind == "SealedChosen":
        event["text"] = T("You chose (hidden from everyone else)")
    elif kind == "SealedLocked":
        event["text"] = T("{name} locked in", name=_name(state, event["seat"]))
    elif kind == "SealedUnlocked":
        event["text"] = T("{name} may change their choice", name=_name(state, event["seat"]))
    return event


# --------------------------------------------------------------------------- armies


def _pay(
    state: State, events: list[Event], seat: int, n: int, dest: str, p: int | None, why: str
) -> None:
    """Move ``n`` of ``seat``'s armies to the reserve or to the marker box above ``p``.

    They come from the pool first (the player could also choose the board: the host's
    ``move_armies`` fixes that); whatever the pool lacks comes from the board, the owner
    choosing the province when there is a choice.
    """
    from_pool = min(n, state["pool"][seat])
    state["pool"][seat] -= from_pool
    _put(state, seat, from_pool, dest, p)
    if from_pool:
        _note(events, state, "ArmiesMoved", _pay_text(state, seat, from_pool, dest, p, why))
    if n > from_pool:
        state["pending"].append(
            {
                "kind": "pay",
                "seat": seat,
                "n": n - from_pool,
                "dest": dest,
                "province": p,
                "why": why,
            }
        )


def _put(state: State, seat: int, n: int, dest: str, p: int | None) -> None:
    if dest == "reserve":
        state["reserve"][seat] += n
    elif dest == "marker":
        assert p is not None
        state["markers"][seat][p] += n
    else:  # a province: the target of a shortfall
        assert p is not None
        state["armies"][seat][p] += n


def _pay_text(state: State, seat: int, n: int, dest: str, p: int | None, why: str) -> Text:
    if dest == "reserve":
        return T(
            "{name} moves {n} army(ies) to the reserve ({why_t})",
            name=_name(state, seat),
            n=n,
            why_t=why,
        )
    return T(
        "{name} locks {n} army(ies) in the 6 marker box above {province_t}",
        name=_name(state, seat),
        n=n,
        province_t=_prov(p or 0),
    )


def _place(state: State, events: list[Event], seat: int, p: int, n: int) -> None:
    """The winner puts ``n`` armies into ``p``: from the pool, then the shortfall rule."""
    from_pool = min(n, state["pool"][seat])
    state["pool"][seat] -= from_pool
    state["armies"][seat][p] += from_pool
    if from_pool:
        _note(
            events,
            state,
            "ArmiesPlaced",
            T(
                "{name} puts {n} army(ies) from the pool into {province_t}",
                name=_name(state, seat),
                n=from_pool,
                province_t=_prov(p),
            ),
        )
    if n > from_pool:
        _note(
            events,
            state,
            "Shortfall",
            T(
                "{name}'s pool is short by {n}: armies come from other provinces",
                name=_name(state, seat),
                n=n - from_pool,
            ),
        )
        state["pending"].append(
            {
                "kind": "shortfall",
                "seat": seat,
                "n": n - from_pool,
                "dest": "province",
                "province": p,
                "why": N_("shortfall"),
            }
        )


def _move_after(state: State, events: list[Event], p: int, winner: int, d: int) -> None:
    """Section 5: the loser's armies go back first, the winner fills in the rest."""
    loser = 1 - winner
    back = min(state["armies"][loser][p], d)
    if back:
        state["armies"][loser][p] -= back
        state["pool"][loser] += back
        _note(
            events,
            state,
            "ArmiesRetreat",
            T(
                "{name} takes {n} army(ies) from {province_t} back to the pool",
                name=_name(state, loser),
                n=back,
                province_t=_prov(p),
            ),
        )
    if d > back:
        _place(state, events, winner, p, d - back)


def _sources(state: State, ob: dict[str, Any]) -> list[int]:
    """Provinces an obligation may take armies from."""
    seat = ob["seat"]
    skip = ob["province"] if ob["kind"] == "shortfall" else None
    return [q for q in range(5) if q != skip and state["armies"][seat][q] > 0]


def _suggested(state: State, ob: dict[str, Any]) -> list[int]:
    """Shortfall sources: adjacent provinces first (a suggestion only, as the digest proposes)."""
    sources = _sources(state, ob)
    if ob["kind"] != "shortfall":
        return sources
    near = [q for q in sources if q in adjacent(_opts(state)["adjacency"], ob["province"])]
    return near or sources


def _take(state: State, events: list[Event], q: int, n: int) -> None:
    """Fulfil ``n`` of the first obligation from province ``q``."""
    ob = state["pending"][0]
    seat = ob["seat"]
    state["armies"][seat][q] -= n
    _put(state, seat, n, ob["dest"], ob["province"])
    ob["n"] -= n
    if ob["dest"] == "province":
        text = T(
            "{name} moves {n} army(ies) from {from_t} to {province_t}",
            name=_name(state, seat),
            n=n,
            from_t=_prov(q),
            province_t=_prov(ob["province"]),
        )
    elif ob["dest"] == "reserve":
        text = T(
            "{name} moves {n} army(ies) from {from_t} to the reserve ({why_t})",
            name=_name(state, seat),
            n=n,
            from_t=_prov(q),
            why_t=ob["why"],
        )
    else:
        text = T(
            "{name} locks {n} army(ies) from {from_t} in the 6 marker box above {province_t}",
            name=_name(state, seat),
            n=n,
            from_t=_prov(q),
            province_t=_prov(ob["province"]),
        )
    _note(events, state, "ArmiesTaken", text)
    if ob["n"] <= 0:
        state["pending"].pop(0)


def _settle(state: State, events: list[Event]) -> None:
    """Carry out every obligation whose source is forced; stop at the first real choice."""
    while state["pending"]:
        ob = state["pending"][0]
        sources = _sources(state, ob)
        if not sources:
            _note(
                events,
                state,
                "NothingToMove",
                T(
                    "{name} has no more armies on the board to move ({n} missing)",
                    name=_name(state, ob["seat"]),
                    n=ob["n"],
                ),
            )
            state["pending"].pop(0)
            continue
        available = sum(state["armies"][ob["seat"]][q] for q in sources)
        if len(sources) > 1 and available > ob["n"]:
            return
        for q in sources:
            if not state["pending"] or state["pending"][0] is not ob:
                break
            _take(state, events, q, min(ob["n"], state["armies"][ob["seat"]][q]))


# --------------------------------------------------------------------------- events


def _state_event_seats(state: State, event: str) -> list[int] | None:
    """Seats concerned when a state condition holds (Epidemic, War Chariot), else None."""
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


def _fire_events(state: State, events: list[Event], info: dict[str, Any] | None) -> bool:
    """Carry out the face-up event while its condition holds; turn up the next one."""
    fired = False
    while state["event_up"] and state["phase"] != "over":
        event = state["event_up"]
        seats = _state_event_seats(state, event)
        if seats is None and info is not None:
            seats = _battle_event_seats(state, event, info)
        if seats is None:
            break
        fired = True
        _note(
            events,
            state,
            "EventFired",
            T("Event {event_t}: {rule_t}", event_t=EVENT_NAMES[event], rule_t=EVENT_TEXTS[event]),
            event=event,
        )
        _carry_out(state, events, event, seats, info)
        state["events_done"].append(event)
        state["event_up"] = state["event_deck"].pop(0) if state["event_deck"] else None
        # A battle event turned up now did not see the battle that was just resolved.
        info = None
        if state["event_up"]:
            _note(
                events,
                state,
                "EventTurnedUp",
                T("The next event is {event_t}", event_t=EVENT_NAMES[state["event_up"]]),
            )
        else:
            _end(state, events, "events")
    return fired


def _carry_out(
    state: State, events: list[Event], event: str, seats: list[int], info: dict[str, Any] | None
) -> None:
    if event == "epidemic":
        for seat in seats:
            _pay(state, events, seat, 1, "reserve", None, EVENT_NAMES[event])
    elif event == "war_chariot":
        for seat in seats:
            if _opts(state)["beginner"]:
                _note(
                    events, state, "NoWarlords", T("No Warlords in the beginner variant: no effect")
                )
                continue
            state["extra_warlord"][seat] = True
            _note(
                events,
                state,
                "ExtraWarlord",
                T("{name} may choose 1 more Warlord", name=_name(state, seat)),
            )
    elif event in CHALLENGES:
        cost = CHALLENGES[event][1]
        for seat in seats:
            _pay(state, events, seat, cost, "reserve", None, EVENT_NAMES[event])
    elif event == "light_infantry":
        assert info is not None
        _light_infantry(state, events, info["province"])


def _light_infantry(state: State, events: list[Event], p: int) -> None:
    score = state["score"]
    if score == 0:
        _note(events, state, "NobodyBehind", T("Nobody is behind on the score track: no effect"))
        return
    seat = RED if score > 0 else BLUE
    if state["armies"][1 - seat][p] > 0:
        # Our reading: a province never holds both colours, so nothing can be placed there.
        _note(
            events,
            state,
            "ProvinceHeld",
            T("{province_t} is held by the opponent: no army is placed", province_t=_prov(p)),
        )
        return
    if state["pool"][seat] < 1:
        _note(
            events,
            state,
            "PoolEmpty",
            T("{name}'s pool is empty: no army is placed", name=_name(state, seat)),
        )
        return
    state["pool"][seat] -= 1
    state["armies"][seat][p] += 1
    _note(
        events,
        state,
        "ArmiesPlaced",
        T(
            "{name} is behind and places 1 army in {province_t}",
            name=_name(state, seat),
            province_t=_prov(p),
        ),
    )


def _stabilise(state: State, events: list[Event]) -> None:
    """After any change: forced army moves, then state-triggered events, until nothing changes."""
    for _ in range(20):
        if state["phase"] == "over":
            state["pending"] = []
            return
        _settle(state, events)
        if state["pending"] or not _fire_events(state, events, None):
            return


# --------------------------------------------------------------------------- warlords


def _reveal_warlords(state: State, events: list[Event], choices: list[Any]) -> None:
    for seat in (BLUE, RED):
        chosen = int(choices[seat])
        state["private"][seat]["warlords"] = [chosen]
        state["private"][seat]["removed"] = [n for n in range(1, 6) if n != chosen]
    events.append({"type": "WarlordsChosen", "text": T("Both players have chosen their Warlord")})
    if 3 in state["private"][BLUE]["warlords"]:
        # Blue's "start 1 space towards your end" is revealed when the game starts.
        _use_warlord(state, events, BLUE, 3)
        state["score"] = clamp(state["score"] + 1)
        _note(
            events,
            state,
            "ScoreMoved",
            T("The score marker starts 1 space towards {name}'s end", name=_name(state, BLUE)),
        )
    _start_round(state, events)


def _use_warlord(state: State, events: list[Event], seat: int, n: int) -> None:
    state["private"][seat]["warlords"].remove(n)
    state["warlords_played"][seat].append(n)
    _note(
        events,
        state,
        "WarlordPlayed",
        T(
            "{name} plays a Warlord: {text_t}",
            name=_name(state, seat),
            text_t=_warlord_text(state, seat, n),
        ),
        seat=seat,
        warlord=n,
    )


def _warlord_text(state: State, seat: int, n: int) -> str:
    if seat == RED and n == 3 and _opts(state)["counter_plague"] == "zero":
        return COUNTER_ZERO_TEXT
    return WARLORD_TEXTS[seat][n - 1]


def _warlord_targets(state: State, seat: int, n: int) -> list[Any] | None:
    """Where warlord ``n`` of ``seat`` can be played now (provinces, or [from, to] for Blue 1).

    None when it cannot be played now at all.
    """
    b = state["battle"]
    cur = b["current"]
    early = state["round"] <= WARLORD_ROUNDS
    mine = [p for p in range(5) if state["armies"][seat][p] > 0]
    if (seat, n) == (BLUE, 1):
        adj = _opts(state)["adjacency"]
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
    if (seat, n) == (RED, 1) and not _phones(state) and state.get("six_claim") is not None:
        return [state["six_claim"]]  # shown for the 6 the host entered (see _six_again)
    return None  # Blue 3 (and on the phones Red 1) are played by the app itself


def _play_warlord(state: State, seat: int, n: int, params: dict[str, Any]) -> list[Event]:
    events: list[Event] = []
    targets = _warlord_targets(state, seat, n)
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
    _use_warlord(state, events, seat, n)
    assert p is not None
    _warlord_effect(state, events, seat, n, p, params)
    return events


def _warlord_effect(
    state: State, events: list[Event], seat: int, n: int, p: int, params: dict[str, Any]
) -> None:
    b = state["battle"]
    name = _name(state, seat)
    if (seat, n) == (BLUE, 1):
        q = PROVINCES.index(params["to"])
        state["armies"][BLUE][p] -= 1
        state["armies"][BLUE][q] += 1
        _note(
            events,
            state,
            "ArmiesMoved",
            T(
                "{name} moves 1 army from {from_t} to {province_t}",
                name=name,
                from_t=_prov(p),
                province_t=_prov(q),
            ),
        )
    elif (seat, n) == (BLUE, 5):
        state["pool"][BLUE] -= 1
        state["armies"][BLUE][p] += 1
        _note(
            events,
            state,
            "ArmiesPlaced",
            T(
                "{name} puts {n} army(ies) from the pool into {province_t}",
                name=name,
                n=1,
                province_t=_prov(p),
            ),
        )
    elif (seat, n) == (RED, 2):
        state["armies"][BLUE][p] -= 1
        state["pool"][BLUE] += 1
        _note(
            events,
            state,
            "ArmiesRetreat",
            T(
                "{name} takes {n} army(ies) from {province_t} back to the pool",
                name=_name(state, BLUE),
                n=1,
                province_t=_prov(p),
            ),
        )
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
        deck = state["private"][seat]["deck"]
        if _phones(state) and deck:
            top = deck.pop(0)
            _private(
                state,
                events,
                seat,
                "TopDiscarded",
                T("You discard the top card of your deck: {card}", card=top),
                T("You discard the top card of your deck (see it under reveal)"),
            )


# --------------------------------------------------------------------------- battles


def _order_counts(state: State) -> list[int]:
    """Armies on the board (the 6 marker boxes do not count)."""
    return [_board(state, BLUE), _board(state, RED)]


def _chooser(state: State, cur: list[int], prev: list[int] | None) -> int | None:
    """Who chooses the battle order: fewer armies now, else fewer last round, else nobody."""
    if state["round"] <= 1:
        return None
    for counts in (cur, prev):
        if counts and counts[BLUE] != counts[RED]:
            return BLUE if counts[BLUE] < counts[RED] else RED
    return None


def _freeze(state: State, events: list[Event]) -> None:
    """Count the armies at the start of phase 3, before any card is revealed."""
    if state["counts"]["cur"] is not None:
        return
    cur = _order_counts(state)
    state["counts"]["cur"] = cur
    state["chooser"] = _chooser(state, cur, state["counts"]["prev"])
    if state["chooser"] is None:
        text = T("Battles are resolved from left to right")
    else:
        text = T(
            "{name} has fewer armies on the board and chooses the battle order",
            name=_name(state, state["chooser"]),
        )
    _note(events, state, "OrderChooser", text, seat=state["chooser"], counts=cur)


def _next_forced(state: State) -> int | None:
    """The leftmost province not yet revealed (the order when nobody chooses)."""
    for p in range(5):
        if not state["battle"]["revealed"][p]:
            return p
    return None


def _pick_province(state: State, actor: Actor, province: str | None) -> int:
    b = state["battle"]
    if b["current"] is not None:
        raise RulesError("resolve_first", N_("Resolve the revealed province first."))
    nxt = _next_forced(state)
    if nxt is None:
        raise RulesError("all_revealed", N_("Every province has been revealed."))
    chooser = state["chooser"] if state["counts"]["cur"] is not None else _live_chooser(state)
    if province is None:
        return nxt
    p = PROVINCES.index(province)
    if b["revealed"][p]:
        raise BadValue("already_revealed", N_("That province has already been revealed."))
    if chooser is None and p != nxt:
        raise BadValue("left_to_right", N_("This round the provinces go from left to right."))
    if chooser is not None and actor is not None and actor != chooser:
        raise NotAllowed("not_chooser", N_("The other player chooses the battle order."))
    return p


def _live_chooser(state: State) -> int | None:
    return _chooser(state, _order_counts(state), state["counts"]["prev"])


def _reveal(state: State, events: list[Event], p: int) -> None:
    """Reveal province ``p``: record the cards, pay +2/+3, mark 6s, count Plagues."""
    b = state["battle"]
    b["revealed"][p] = True
    b["current"] = p
    b["flags"] = {"counter": False, "harsh": False, "as_six": False}
    cards = [b["cards"][BLUE][p], b["cards"][RED][p]]
    # On the phones this turns two hidden cards face up (a barrier for undo); with real cards
    # the table turned them over and the host only enters them, so undo may fix a typo.
    _note(
        events,
        state,
        "ProvinceRevealed" if _phones(state) else "CardsEntered",
        T(
            "{province_t}: {blue} plays {card0}, {red} plays {card1}",
            province_t=_prov(p),
            blue=_name(state, BLUE),
            red=_name(state, RED),
            card0=cards[0],
            card1=cards[1],
        ),
        province=p,
        cards=cards,
    )
    for seat, code in enumerate(cards):
        if code not in PERMANENT:
            state["played"][seat].append(code)
            gone = state["gone"][seat]
            gone[code] = gone.get(code, 0) + 1
    state["plagues"] += cards.count(PLAGUE)
    for seat, code in enumerate(cards):
        if code in COSTS:
            _pay(state, events, seat, COSTS[code], "reserve", None, N_("cost of the card"))
    for seat, code in enumerate(cards):
        if code == "6":
            if state["markers"][seat][p] > 0:
                _six_again(state, events, seat, p)
            _pay(state, events, seat, 1, "marker", p, N_("the 6 marker"))


def _six_again(state: State, events: list[Event], seat: int, p: int) -> None:
    """A 6 revealed where the same player's 6 already marks the province (Red's Warlord 1).

    On the phones, Red's own placement was checked against Red's own Warlords, so the app
    shows the Warlord now. With real cards the host entered the 6: whether Red holds the
    Warlord is Red's secret, so nothing here may depend on it. The entry stands and Red
    shows the Warlord from the phone (``warlord``), or the table sorts the mistake out.
    """
    if _phones(state):
        if p in state["private"][seat].get("six_again", []):
            _use_warlord(state, events, seat, 1)
        return
    state["six_claim"] = p
    _note(
        events,
        state,
        "SixAgainEntered",
        T(
            "{name}'s 6 marks {province_t} a second time: {name} shows Warlord 1 on their phone",
            name=_name(state, seat),
            province_t=_prov(p),
        ),
        seat=seat,
        province=p,
    )


def _resolve(state: State, events: list[Event]) -> dict[str, Any]:
    """Resolve the revealed province; returns what the battle events look at."""
    b = state["battle"]
    p = b["current"]
    flags = b["flags"]
    cards = [b["cards"][BLUE][p], b["cards"][RED][p]]
    values = list(cards)
    if flags["as_six"]:
        values[BLUE] = "6"
        _note(
            events,
            state,
            "PlayedAsSix",
            T("{name}'s {card} is played as a 6", name=_name(state, BLUE), card=cards[BLUE]),
        )
    if flags["counter"] and _opts(state)["counter_plague"] == "zero":
        values = ["0" if v == PLAGUE else v for v in values]
        _note(events, state, "PlagueZero", T("The Plague counts as a 0"))
    winner, d, plague = fight(values[0], values[1])
    if plague:
        _plague(state, events, p, flags)
    elif winner is None:
        _note(
            events,
            state,
            "BattleTied",
            T("{province_t}: a tie, nothing happens", province_t=_prov(p)),
        )
    else:
        _note(
            events,
            state,
            "BattleWon",
            T(
                "{province_t}: {name} wins by {d}",
                province_t=_prov(p),
                name=_name(state, winner),
                d=d,
            ),
        )
        _move_after(state, events, p, winner, d)
    b["resolved"][p] = True
    b["current"] = None
    return {"province": p, "cards": cards, "values": values, "winner": winner}


def _plague(state: State, events: list[Event], p: int, flags: dict[str, bool]) -> None:
    """No battle: the occupant loses half (rounded down), or all but 1 with the harsh Plague."""
    seat = _holder(state, p)
    if seat is None:
        _note(
            events,
            state,
            "PlagueEmpty",
            T("{province_t}: Plague, but nobody is there", province_t=_prov(p)),
        )
        return
    n = state["armies"][seat][p]
    if flags["counter"] and seat == RED:
        _note(
            events,
            state,
            "PlagueCountered",
            T("{province_t}: Plague, countered: no damage", province_t=_prov(p)),
        )
        return
    lost = n - 1 if flags["harsh"] else n // 2
    state["armies"][seat][p] -= lost
    state["pool"][seat] += lost
    _note(
        events,
        state,
        "PlagueStruck",
        T(
            "{province_t}: Plague, {name} sends {lost} of {n} army(ies) back to the pool",
            province_t=_prov(p),
            name=_name(state, seat),
            lost=lost,
            n=n,
        ),
    )


# --------------------------------------------------------------------------- scoring and end


def _score(state: State, events: list[Event]) -> None:
    """Phase 4: each province's current value to whoever holds more armies there."""
    rnd = state["round"]
    idx = SCORING_ROUNDS.index(rnd)
    totals = [0, 0]
    lines: list[Text] = []
    for p in range(5):
        value = DISPLAYS[state["displays"][p] - 1][idx]
        a, r = state["armies"][BLUE][p], state["armies"][RED][p]
        if a == r:
            lines.append(
                T(
                    "{province_t} ({value}): tied or empty, nobody scores",
                    province_t=_prov(p),
                    value=value,
                )
            )
            continue
        seat = BLUE if a > r else RED
        totals[seat] += value
        lines.append(
            T(
                "{province_t} ({value}): {name} scores {value} ({a} against {r})",
                province_t=_prov(p),
                value=value,
                name=_name(state, seat),
                a=max(a, r),
                r=min(a, r),
            )
        )
    old = state["score"]
    new = clamp(old + totals[BLUE] - totals[RED])
    state["score"] = new
    summary = T(
        "Round {round}: {blue} {b} - {red} {r} = {diff}; the marker moves from {old} to {new}",
        round=rnd,
        blue=_name(state, BLUE),
        b=totals[BLUE],
        red=_name(state, RED),
        r=totals[RED],
        diff=totals[BLUE] - totals[RED],
        old=old,
        new=new,
    )
    lines.append(summary)
    state["scoring"] = lines
    state["score_history"].append({"round": rnd, "totals": totals, "old": old, "new": new})
    events.append({"type": "RoundScored", "text": summary, "round": rnd, "totals": totals})
    if rnd in INSTANT_WIN_ROUNDS and abs(new) == TRACK_END:
        _end(state, events, "track")
    elif rnd == LAST_ROUND:
        _end(state, events, "round9")


def _winners(state: State) -> tuple[list[int], bool]:
    """(winners, decided by the pool tiebreak): closer end, else bigger pool, else a draw."""
    s = state["score"]
    if s:
        return [BLUE if s > 0 else RED], False
    pools = state["pool"]
    if pools[BLUE] != pools[RED]:
        return [BLUE if pools[BLUE] > pools[RED] else RED], True
    return [], True


END_REASONS = {
    "track": N_("The score marker reached the end of the track"),
    "round9": N_("Round 9 has been scored"),
    "events": N_("All 5 events have been carried out"),
}


def _end(state: State, events: list[Event], reason: str) -> None:
    state["phase"] = "over"
    state["pending"] = []
    state["sealed"] = None
    winners, tiebreak = _winners(state)
    if winners:
        headline = T("{name} wins", name=_name(state, winners[0]))
    else:
        headline = T("A draw: the marker is in the centre and the pools are equal")
    rows = []
    for seat in (BLUE, RED):
        sign = 1 if seat == BLUE else -1
        lines = [T("Start: the marker is in the centre (0)")]
        if 3 in state["warlords_played"][BLUE]:
            lines.append(T("Sun Tzu's Warlord: the marker starts at +1 towards Blue"))
        for h in state["score_history"]:
            lines.append(
                T(
                    "Round {round}: Blue {b}, Red {r}: the marker goes from {old} to {new}",
                    round=h["round"],
                    b=h["totals"][BLUE],
                    r=h["totals"][RED],
                    old=h["old"],
                    new=h["new"],
                )
            )
        lines.append(
            T(
                "Final position {s} (+ is Blue's end, - is Red's end): {n} towards you",
                s=state["score"],
                n=sign * state["score"],
            )
        )
        if tiebreak:
            lines.append(T("Reinforcement pool: {n} armies", n=state["pool"][seat]))
        rows.append(
            {
                "seat": seat,
                "label": T(
                    "{name} ({colour_t})", name=_name(state, seat), colour_t=COLOUR_NAMES[seat]
                ),
                "score": sign * state["score"],
                "won": seat in winners,
                "lines": lines,
            }
        )
    state["result"] = {
        "reason": T(END_REASONS[reason]),
        "headline": headline,
        "winners": winners,
        "rows": rows,
    }
    events.append({"type": "GameEnded", "text": headline, "winners": winners, "reason": reason})


# --------------------------------------------------------------------------- draw phase


def _collect_and_draw(state: State, events: list[Event]) -> None:
    """Phase 5 on the phones: 1-6 back to the hand, the rest removed (or recycled); draw."""
    b = state["battle"]
    for seat in (BLUE, RED):
        priv = state["private"][seat]
        played = b["cards"][seat]
        for p, code in enumerate(played):
            if code in PERMANENT:
                priv["hand"].append(code)
            elif p in b["recycle"][seat]:
                priv["deck"].append(code)
        n_drawn, n_kept = draw_counts("1" in played, len(priv["deck"]))
        drawn = priv["deck"][:n_drawn]
        del priv["deck"][:n_drawn]
        if n_kept == n_drawn:
            priv["hand"].extend(drawn)
            state["draw_done"][seat] = True
            _private(
                state,
                events,
                seat,
                "CardsDrawn",
                T("You draw {cards} and keep them", cards=", ".join(drawn) or "-"),
                T("You draw {n} card(s) and keep them (see them under reveal)", n=len(drawn)),
            )
        else:
            priv["drawn"] = drawn
            state["draw_done"][seat] = False
            _private(
                state,
                events,
                seat,
                "CardsDrawn",
                T("You draw {cards}: put one at the bottom of your deck", cards=", ".join(drawn)),
                T("You draw {n} cards: put one at the bottom of your deck", n=len(drawn)),
            )
    state["phase"] = "draw"
    if all(state["draw_done"]):
        _start_round(state, events)


def _after_battles(state: State, events: list[Event]) -> None:
    if state["round"] in SCORING_ROUNDS:
        _score(state, events)
    if state["phase"] == "over":
        return
    if _phones(state):
        _collect_and_draw(state, events)
    else:
        _start_round(state, events)


# --------------------------------------------------------------------------- action guards


def _seat(actor: Actor) -> int:
    if actor is None:
        raise NotAllowed("seat_only", N_("Only a player can do that, from their phone."))
    return actor


def _host(actor: Actor) -> None:
    if actor is not None:
        raise NotAllowed("host_only", N_("Only the table screen can do that."))


def _phase(state: State, *phases: str) -> None:
    if state["phase"] not in phases:
        raise RulesError("wrong_phase", N_("That is not possible in this phase."))


def _no_pending(state: State) -> None:
    if state["pending"]:
        raise RulesError("armies_to_move", N_("First move the armies the rules ask for."))


def _valid_code(state: State, seat: int, code: str) -> None:
    if _opts(state)["beginner"] and code in BEGINNER_REMOVED:
        raise BadValue("beginner_card", N_("The beginner variant has no +2 or +3."))


# --------------------------------------------------------------------------- actions


def act_choose_warlord(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    _phase(state, "warlords")
    _seat(actor)
    return [_sealed_text(state, sealed.submit(state, actor, params["warlord"]))]


def act_place(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    _phase(state, "place")
    seat = _seat(actor)
    cards = [params[p] for p in PROVINCES]
    hand = list(state["private"][seat]["hand"])
    for code in cards:
        if code not in hand:
            raise BadValue("not_in_hand", N_("Place cards from your hand, each card once."))
        hand.remove(code)
    again = [p for p, code in enumerate(cards) if code == "6" and state["markers"][seat][p] > 0]
    if again and not _may_six_again(state, seat):
        raise BadValue(
            "six_marked",
            N_("Your own 6 already marks that province: you may not play a 6 there again."),
        )
    # The player decided here, knowing their own Warlords, to play the 6 a second time: the
    # reveal shows the Warlord for that province only (a mark added later by a correction
    # does not make the app play it).
    state["private"][seat]["six_again"] = again
    return [_sealed_text(state, sealed.submit(state, actor, cards))]


def _may_six_again(state: State, seat: int) -> bool:
    return seat == RED and 1 in state["private"][RED]["warlords"]


def act_lock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    _phase(state, "warlords", "place")
    events = [_sealed_text(state, sealed.lock(state, actor))]
    if sealed.all_locked(state):
        name = state["sealed"]["name"]
        choices = sealed.reveal(state)
        if name == "warlord":
            _reveal_warlords(state, events, choices)
        else:
            _reveal_cards(state, events, choices)
    _stabilise(state, events)
    return events


def _reveal_cards(state: State, events: list[Event], choices: list[Any]) -> None:
    """Both placements are in: the cards stay face down until each province is revealed."""
    for seat in (BLUE, RED):
        for code in choices[seat]:
            state["private"][seat]["hand"].remove(code)
        state["battle"]["cards"][seat] = list(choices[seat])
    state["phase"] = "battle"
    events.append({"type": "CardsPlaced", "text": T("Both players have placed their cards")})
    _freeze(state, events)


def act_unlock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    _phase(state, "warlords", "place")
    return [_sealed_text(state, sealed.unlock(state, actor, params["seat"]))]


def act_reveal(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    _phase(state, "battle")
    _no_pending(state)
    if not _phones(state):
        raise RulesError("physical_cards", N_("With real cards, enter the revealed cards."))
    events: list[Event] = []
    _freeze(state, events)
    p = _pick_province(state, actor, params.get("province"))
    _reveal(state, events, p)
    _stabilise(state, events)
    return events


def act_enter_cards(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    _phase(state, "battle")
    _host(actor)
    _no_pending(state)
    if _phones(state):
        raise RulesError("phone_cards", N_("The cards are on the phones: reveal the province."))
    events: list[Event] = []
    _freeze(state, events)
    p = _pick_province(state, None, params.get("province"))
    cards = [params["card0"], params["card1"]]
    for seat, code in enumerate(cards):
        _check_entered(state, seat, p, code)
    b = state["battle"]
    for seat, code in enumerate(cards):
        b["cards"][seat][p] = code
    _reveal(state, events, p)
    _stabilise(state, events)
    return events


def _check_entered(state: State, seat: int, p: int, code: str) -> None:
    """A revealed real card must be one the player can still hold (public knowledge only)."""
    _valid_code(state, seat, code)
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
    if _opts(state)["warlord_public"]:
        return 1 in held
    return len(held) > 0


def act_resolve(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    _phase(state, "battle")
    _no_pending(state)
    if state["battle"]["current"] is None:
        raise RulesError("nothing_revealed", N_("Reveal a province first."))
    events: list[Event] = []
    info = _resolve(state, events)
    _settle(state, events)
    _fire_events(state, events, info)
    _stabilise(state, events)
    return events


def act_finish_battles(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    _phase(state, "battle")
    _no_pending(state)
    if not all(state["battle"]["resolved"]):
        raise RulesError("battles_left", N_("Some provinces have not been resolved yet."))
    events: list[Event] = []
    _after_battles(state, events)
    _stabilise(state, events)
    return events


def act_take(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    if not state["pending"]:
        raise RulesError("nothing_to_take", N_("No armies have to be moved now."))
    ob = state["pending"][0]
    if actor is not None and actor != ob["seat"]:
        raise NotAllowed("not_yours", N_("The other player chooses where these armies come from."))
    q = PROVINCES.index(params["province"])
    if q not in _sources(state, ob):
        raise BadValue("no_armies_there", N_("Choose a province where those armies stand."))
    n = params.get("n") or ob["n"]
    n = min(n, ob["n"], state["armies"][ob["seat"]][q])
    events: list[Event] = []
    _take(state, events, q, n)
    _stabilise(state, events)
    return events


def act_warlord(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    seat = _seat(actor)
    n = params["warlord"]
    if not ((seat, n) == (RED, 1) and state.get("six_claim") is not None):
        # Showing Warlord 1 for an entered 6 may wait for no battle step (see _six_again).
        _phase(state, "battle")
        _no_pending(state)
    if n not in state["private"][seat]["warlords"]:
        raise BadValue("no_such_warlord", N_("You do not hold that Warlord."))
    if (seat, n) == (RED, 1):
        return _show_six_warlord(state, seat)
    events: list[Event] = []
    _freeze(state, events)  # phase 3 has started: the order count is taken before any change
    events += _play_warlord(state, seat, n, params)
    _stabilise(state, events)
    return events


def _show_six_warlord(state: State, seat: int) -> list[Event]:
    """Real cards: Red shows Warlord 1 for the 6 the host entered on Red's own mark."""
    if state.get("six_claim") is None or state["phase"] == "over":
        raise RulesError("warlord_not_now", N_("That Warlord cannot be played now."))
    events: list[Event] = []
    _use_warlord(state, events, seat, 1)
    state["six_claim"] = None
    return events


def act_choose_extra_warlord(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    seat = _seat(actor)
    if not state["extra_warlord"][seat]:
        raise RulesError("no_extra_warlord", N_("You have no extra Warlord to choose."))
    n = params["warlord"]
    if n not in _extra_choices(state, seat):
        raise BadValue("not_removed", N_("Choose one of your Warlords that were set aside."))
    priv = state["private"][seat]
    priv["removed"].remove(n)
    priv["warlords"].append(n)
    state["extra_warlord"][seat] = False
    state["warlord_count"][seat] += 1
    events: list[Event] = [
        {
            "type": "ExtraWarlordChosen",
            "seat": seat,
            "text": T("{name} has chosen an extra Warlord", name=_name(state, seat)),
        }
    ]
    _private(
        state,
        events,
        seat,
        "ExtraWarlordSecret",
        T("Your extra Warlord: {text_t}", text_t=_warlord_text(state, seat, n)),
        T("You take an extra Warlord (see it under reveal)"),
    )
    return events


def _extra_choices(state: State, seat: int) -> list[int]:
    # Blue 3 acts at the start of the game only, so it is no use as a War Chariot Warlord.
    return [n for n in state["private"][seat]["removed"] if (seat, n) != (BLUE, 3)]


def act_bottom(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    _phase(state, "draw")
    seat = _seat(actor)
    priv = state["private"][seat]
    if not priv["drawn"]:
        raise RulesError("nothing_drawn", N_("You have nothing to choose from."))
    card = params["card"]
    if card not in priv["drawn"]:
        raise BadValue("not_drawn", N_("Choose one of the cards you drew."))
    priv["drawn"].remove(card)
    priv["deck"].append(card)
    priv["hand"].extend(priv["drawn"])
    kept = ", ".join(priv["drawn"])
    priv["drawn"] = []
    state["draw_done"][seat] = True
    events: list[Event] = [
        {"type": "DrawDone", "seat": seat, "text": T("{name} has drawn", name=_name(state, seat))}
    ]
    _private(
        state,
        events,
        seat,
        "CardKept",
        T("You keep {kept} and put {card} at the bottom of your deck", kept=kept, card=card),
        T("You keep the other card(s) and put one at the bottom of your deck"),
    )
    if all(state["draw_done"]):
        _start_round(state, events)
    return events


def act_recall(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    if state["phase"] == "over":
        raise RulesError("over", N_("The game is over."))
    seat = params.get("seat")
    if actor is not None:
        if seat is not None and seat != actor:
            raise NotAllowed("not_your_seat", N_("You can only change your own counters."))
        seat = actor
    if seat is None:
        raise BadValue("which_seat", N_("Say which player recalls an army."))
    card = params["card"]
    if card in PERMANENT:
        raise BadValue("permanent", N_("Only a card other than 1-6 can be discarded to recall."))
    if state["reserve"][seat] < 1:
        raise BadValue("empty_reserve", N_("That player has no army in the reserve."))
    _valid_code(state, seat, card)
    if _phones(state):
        _recall_from_hand(state, actor, seat, card)
    elif state["gone"][seat].get(card, 0) >= COPIES[card]:
        raise BadValue("used_up", N_("Every copy of that card has already been used."))
    state["gone"][seat][card] = state["gone"][seat].get(card, 0) + 1
    state["recalled"][seat].append(card)
    state["reserve"][seat] -= 1
    state["pool"][seat] += 1
    events: list[Event] = []
    # On the phones the card comes out of the hidden hand (a barrier for undo); with real
    # cards the host only enters a card everyone saw discarded.
    _note(
        events,
        state,
        "Recalled" if _phones(state) else "RecallEntered",
        T(
            "{name} discards {card} and recalls 1 army from the reserve to the pool",
            name=_name(state, seat),
            card=card,
        ),
    )
    _stabilise(state, events)
    return events


def _recall_from_hand(state: State, actor: Actor, seat: int, card: str) -> None:
    """Phones mode: the card leaves the hand; not between committing and revealing cards."""
    if actor is None:
        raise NotAllowed("hand_is_private", N_("Only the player can discard from their hand."))
    hand = list(state["private"][seat]["hand"])
    if sealed.is_open(state, "cards"):
        rnd = state["sealed"]
        if rnd["locked"][seat]:
            raise RulesError("committed", N_("Your cards are committed: recall after the reveal."))
        for code in rnd["choices"][seat] or []:
            hand.remove(code)
    if card not in hand:
        raise BadValue("not_in_hand", N_("That card is not in your hand (or it is placed)."))
    state["private"][seat]["hand"].remove(card)


PLACES = ("pool", "reserve") + PROVINCES + tuple(f"mark_{p}" for p in PROVINCES)
PLACE_NAMES = dict(
    zip(
        PLACES,
        (N_("the pool"), N_("the reserve"))
        + PROVINCE_NAMES
        + (
            N_("the 6 marker box above Qin"),
            N_("the 6 marker box above Chu"),
            N_("the 6 marker box above Jin-Yan"),
            N_("the 6 marker box above Han-Qi"),
            N_("the 6 marker box above Wu"),
        ),
        strict=True,
    )
)


def _place_ref(state: State, seat: int, where: str) -> tuple[list[int], int]:
    """The list and index that hold ``seat``'s armies at ``where``."""
    if where in ("pool", "reserve"):
        return state[where], seat
    if where.startswith("mark_"):
        return state["markers"][seat], PROVINCES.index(where[5:])
    return state["armies"][seat], PROVINCES.index(where)


def act_move_armies(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Host correction when the real board disagrees; the number of armies is kept."""
    _host(actor)
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
    _note(
        events,
        state,
        "Corrected",
        T(
            "Correction: {name} moves {n} army(ies) from {src_t} to {dst_t}",
            name=_name(state, seat),
            n=n,
            src_t=PLACE_NAMES[src],
            dst_t=PLACE_NAMES[dst],
        ),
    )
    _stabilise(state, events)
    return events


def act_set_score(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    _host(actor)
    state["score"] = params["score"]
    return [
        {
            "type": "Corrected",
            "text": T("Correction: the score marker is set to {s}", s=params["score"]),
        }
    ]


_CARD = tuple(CARD_CODES)
_PROV = tuple(PROVINCES)


def _action(
    kind: str, fn: Callable[..., list[Event]], label: str, doc: str, *params: Param
) -> Action:
    return Action(kind, fn, tuple(params), label, doc)


ACTIONS = {
    a.type: a
    for a in (
        _action(
            "choose_warlord",
            act_choose_warlord,
            N_("Choose this Warlord"),
            "Seat, setup: choose your Warlord in secret (sealed).",
            Param("warlord", "int", min=1, max=5, label=N_("Warlord")),
        ),
        _action(
            "lock",
            act_lock,
            N_("Lock in"),
            "Seat: lock your sealed choice (Warlord or card placement).",
        ),
        _action(
            "unlock",
            act_unlock,
            N_("Unlock"),
            "Host: let a seat change its sealed choice.",
            Param("seat", "seat", label=N_("Player")),
        ),
        _action(
            "place",
            act_place,
            N_("Place these cards"),
            "Seat, phones mode, phase 2: one card from your hand per province (sealed).",
            *(
                Param(p, "choice", choices=_CARD, label=PROVINCE_NAMES[i])
                for i, p in enumerate(PROVINCES)
            ),
        ),
        _action(
            "reveal",
            act_reveal,
            N_("Reveal"),
            "Phones mode, phase 3: reveal the next province (the chooser picks it).",
            Param("province", "choice", choices=_PROV, optional=True, label=N_("Province")),
        ),
        _action(
            "enter_cards",
            act_enter_cards,
            N_("Enter the revealed cards"),
            "Host, real cards, phase 3: a province's two revealed cards.",
            Param("province", "choice", choices=_PROV, optional=True, label=N_("Province")),
            Param("card0", "choice", choices=_CARD, label=COLOUR_NAMES[BLUE]),
            Param("card1", "choice", choices=_CARD, label=COLOUR_NAMES[RED]),
        ),
        _action(
            "resolve",
            act_resolve,
            N_("Resolve the battle"),
            "Anyone, phase 3: resolve the revealed province.",
        ),
        _action(
            "finish_battles",
            act_finish_battles,
            N_("Battles done"),
            "Anyone, phase 3: all battles done: score (rounds 3/6/9) and draw.",
        ),
        _action(
            "take",
            act_take,
            N_("Take armies from here"),
            "The owing seat or host: the province armies come from.",
            Param("province", "choice", choices=_PROV, label=N_("Province")),
            Param("n", "int", min=1, max=ARMIES, optional=True, label=N_("Armies")),
        ),
        _action(
            "warlord",
            act_warlord,
            N_("Play a Warlord"),
            "Seat, phase 3: play one of your Warlords.",
            Param("warlord", "int", min=1, max=5, label=N_("Warlord")),
            Param("province", "choice", choices=_PROV, optional=True, label=N_("Province")),
            Param("to", "choice", choices=_PROV, optional=True, label=N_("To")),
        ),
        _action(
            "choose_extra_warlord",
            act_choose_extra_warlord,
            N_("Take this Warlord"),
            "Seat after War Chariot: choose one of your set-aside Warlords.",
            Param("warlord", "int", min=1, max=5, label=N_("Warlord")),
        ),
        _action(
            "bottom",
            act_bottom,
            N_("Put at the bottom"),
            "Seat, phones mode, phase 5: the drawn card to put at the bottom.",
            Param("card", "choice", choices=_CARD, label=N_("Card")),
        ),
        _action(
            "recall",
            act_recall,
            N_("Recall an army"),
            "Seat (or host with real cards): discard a non 1-6 card, reserve -> pool.",
            Param("card", "choice", choices=_CARD, label=N_("Card")),
            Param("seat", "seat", optional=True, label=N_("Player")),
        ),
        _action(
            "move_armies",
            act_move_armies,
            N_("Move armies"),
            "Host: correct the board by moving a player's armies.",
            Param("seat", "seat", label=N_("Player")),
            Param("src", "choice", choices=PLACES, label=N_("From")),
            Param("dst", "choice", choices=PLACES, label=N_("To")),
            Param("n", "int", min=1, max=ARMIES, label=N_("Armies")),
        ),
        _action(
            "set_score",
            act_set_score,
            N_("Set the score marker"),
            "Host: correct the score marker (-9 Red's end .. +9 Blue's end).",
            Param("score", "int", min=-TRACK_END, max=TRACK_END, label=N_("Score")),
        ),
    )
}

# Corrections of the board, not moves of play: the platform asks the host to confirm one that
# would end the game or reveal something.
for _type in ("move_armies", "set_score"):
    ACTIONS[_type] = Action(**{**vars(ACTIONS[_type]), "correction": True})

# --------------------------------------------------------------------------- allowed


def allowed(state: State, actor: Actor) -> list[str]:
    """The action types ``actor`` can use right now."""
    phase = state["phase"]
    if phase == "over":
        return []
    acts: list[str] = ["move_armies", "set_score"] if actor is None else []
    if state["pending"]:
        if actor is None or actor == state["pending"][0]["seat"]:
            acts.append("take")
    elif phase in ("warlords", "place"):
        acts += _sealed_allowed(state, actor)
    elif phase == "battle":
        acts += _battle_allowed(state, actor)
    elif phase == "draw" and actor is not None and state["private"][actor]["drawn"]:
        acts.append("bottom")
    if (
        actor == RED
        and state.get("six_claim") is not None
        and 1 in state["private"][RED]["warlords"]
        and "warlord" not in acts
    ):
        acts.append("warlord")  # Red's own phone: show Warlord 1 for the entered 6
    if actor is not None and state["extra_warlord"][actor]:
        acts.append("choose_extra_warlord")
    if _can_recall(state, actor):
        acts.append("recall")
    return acts


def _sealed_allowed(state: State, actor: Actor) -> list[str]:
    rnd = state["sealed"]
    if actor is None:
        return ["unlock"] if any(rnd["locked"]) else []
    if rnd["locked"][actor]:
        return []
    acts = ["choose_warlord" if state["phase"] == "warlords" else "place"]
    return acts + (["lock"] if rnd["submitted"][actor] else [])


def _battle_allowed(state: State, actor: Actor) -> list[str]:
    b = state["battle"]
    acts: list[str] = []
    if b["current"] is not None:
        acts.append("resolve")
    elif not all(b["revealed"]):
        chooser = state["chooser"] if state["counts"]["cur"] is not None else _live_chooser(state)
        if _phones(state) and (actor is None or chooser is None or actor == chooser):
            acts.append("reveal")
        if not _phones(state) and actor is None:
            acts.append("enter_cards")
    else:
        acts.append("finish_battles")
    if actor is not None and any(
        _warlord_targets(state, actor, n) is not None for n in state["private"][actor]["warlords"]
    ):
        acts.append("warlord")
    return acts


def _can_recall(state: State, actor: Actor) -> bool:
    if _phones(state):
        if actor is None or state["reserve"][actor] < 1:
            return False
        if sealed.is_open(state, "cards") and state["sealed"]["locked"][actor]:
            return False
        return any(c not in PERMANENT for c in state["private"][actor]["hand"])
    seats = (BLUE, RED) if actor is None else (actor,)
    return any(state["reserve"][s] > 0 for s in seats)


# --------------------------------------------------------------------------- view

PHASES = {
    "warlords": N_("Choose Warlords"),
    "place": N_("Place cards"),
    "battle": N_("Battles"),
    "draw": N_("Draw"),
    "over": N_("Game over"),
}


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
        "holder": _holder(state, p),
        "revealed": b["revealed"][p],
        "resolved": b["resolved"][p],
        "current": b["current"] == p,
        "cards": cards,
        "adjacent": [PROVINCES[q] for q in adjacent(_opts(state)["adjacency"], p)],
    }


def _player_view(state: State, seat: int) -> dict[str, Any]:
    priv = state["private"][seat]
    public = _opts(state)["warlord_public"] or state["phase"] == "over"
    view = {
        "seat": seat,
        "name": _name(state, seat),
        "colour": COLOURS[seat],
        "colour_t": COLOUR_NAMES[seat],
        "pool": state["pool"][seat],
        "reserve": state["reserve"][seat],
        "board": _board(state, seat),
        "markers": sum(state["markers"][seat]),
        "hand_count": len(priv["hand"]) if _phones(state) else None,
        "deck_count": len(priv["deck"]) if _phones(state) else None,
        "played": list(state["played"][seat]),
        "recalled": list(state["recalled"][seat]),
        "warlords_played": [_warlord_view(state, seat, n) for n in state["warlords_played"][seat]],
        "warlords_left": state["warlord_count"][seat] - len(state["warlords_played"][seat]),
        "extra_warlord": state["extra_warlord"][seat],
        "drawing": state["phase"] == "draw" and not state["draw_done"][seat],
    }
    if public and not _opts(state)["beginner"]:
        view["warlords"] = [_warlord_view(state, seat, n) for n in priv["warlords"]]
    return view


def _warlord_view(state: State, seat: int, n: int) -> dict[str, Any]:
    return {"n": n, "text_t": _warlord_text(state, seat, n)}


def _order_view(state: State) -> dict[str, Any]:
    frozen = state["counts"]["cur"] is not None
    counts = state["counts"]["cur"] if frozen else _order_counts(state)
    chooser = state["chooser"] if frozen else _live_chooser(state)
    if state["round"] <= 1:
        why = T("Round 1: from left to right")
    elif chooser is None:
        why = T("Equal armies now and last round: from left to right")
    else:
        why = T(
            "{name} chooses the order (armies on the board: Blue {b}, Red {r})",
            name=_name(state, chooser),
            b=counts[BLUE],
            r=counts[RED],
        )
    nxt = _next_forced(state)
    return {
        "chooser": chooser,
        "counts": counts,
        "prev": state["counts"]["prev"],
        "final": frozen,
        "why": why,
        "next": PROVINCES[nxt] if chooser is None and nxt is not None else None,
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
                "text": T(
                    "{name} must take {n} army(ies) from the board ({why_t})",
                    name=_name(state, ob["seat"]),
                    n=ob["n"],
                    why_t=ob["why"],
                ),
                "sources": [PROVINCES[q] for q in _sources(state, ob)],
                "suggested": [PROVINCES[q] for q in _suggested(state, ob)],
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
        "text": T(
            "{name}'s 6 marks {province_t} a second time: {name} shows Warlord 1 on their phone",
            name=_name(state, RED),
            province_t=_prov(p),
        ),
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


def _me(state: State, seat: int) -> dict[str, Any]:
    priv = state["private"][seat]
    b = state["battle"]
    placed = None
    if sealed.is_open(state, "cards"):
        placed = state["sealed"]["choices"][seat]
    elif state["phase"] == "battle" and _phones(state):
        placed = list(b["cards"][seat])
    six_blocked = (
        []
        if _may_six_again(state, seat)
        else [PROVINCES[p] for p in range(5) if state["markers"][seat][p] > 0]
    )
    warlords = []
    for n in priv["warlords"]:
        shown_any_time = (seat, n) == (RED, 1) and state.get("six_claim") is not None
        battle_now = state["phase"] == "battle" or shown_any_time
        targets = _warlord_targets(state, seat, n) if battle_now else None
        entry = _warlord_view(state, seat, n)
        entry["now"] = targets is not None and (shown_any_time or not state["pending"])
        entry["auto"] = n in AUTO_WARLORDS[seat]
        entry["targets"] = [
            [PROVINCES[t[0]], PROVINCES[t[1]]] if isinstance(t, list) else PROVINCES[t]
            for t in targets or []
        ]
        warlords.append(entry)
    sealed_me = sealed.seat_view(state, seat)
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
        "placed": placed,
        "six_blocked": six_blocked,
        "recall_cards": sorted(
            {c for c in priv["hand"] if c not in PERMANENT}, key=CARD_CODES.index
        ),
        "warlords": warlords,
        "warlord_choices": [_warlord_view(state, seat, n) for n in range(1, 6)]
        if state["phase"] == "warlords"
        else [],
        "extra_choices": [_warlord_view(state, seat, n) for n in _extra_choices(state, seat)]
        if state["extra_warlord"][seat]
        else [],
        "sealed": sealed_me,
        "six_check": _six_check(state, seat),
        # Private notes (cards drawn, kept, discarded), newest first: only behind the reveal.
        "notes": list(reversed(priv.get("notes", []))),
    }


def view(state: State, viewer: Actor) -> dict[str, Any]:
    """What ``viewer`` may see: the table screen (None) or one seat's phone (with ``me``)."""
    b = state["battle"]
    turn = None
    if state["pending"]:
        turn = state["pending"][0]["seat"]
    elif state["phase"] == "battle" and b["current"] is None and not all(b["revealed"]):
        turn = state["chooser"] if state["counts"]["cur"] is not None else _live_chooser(state)
    v: dict[str, Any] = {
        "players": [_player_view(state, s) for s in (BLUE, RED)],
        "turn": turn,
        "round": state["round"] or None,
        "phase": PHASES[state["phase"]],
        "phase_id": state["phase"],
        "over": state["phase"] == "over",
        "cards_mode": _opts(state)["cards"],
        "options": dict(_opts(state)),
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
        "plagues": state["plagues"],
        "battle_log": list(state["round_log"]),
        "last_round_log": list(state["last_log"]),
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
    }
    if viewer is not None:
        v["me"] = _me(state, viewer)
    return v


def _round_track(state: State) -> list[dict[str, Any]]:
    """The turn track 1-9: which rounds score, which is current, which are past."""
    rnd = state["round"]
    return [
        {"n": n, "scoring": n in SCORING_ROUNDS, "current": n == rnd, "done": n < rnd}
        for n in range(1, LAST_ROUND + 1)
    ]


def _codes_in_play(state: State) -> list[str]:
    """The action card codes of this game (the beginner variant has no +2 or +3)."""
    beginner = _opts(state)["beginner"]
    return [c for c in CARD_CODES if not (beginner and c in BEGINNER_REMOVED)]


def _entry_choices(state: State) -> list[list[str]] | None:
    """Real cards, phase 3: per seat, the codes that may still be entered this round.

    Public knowledge only (cards already revealed or shown to recall); the "6 on its own
    mark" check depends on the province and is left to ``enter_cards``.
    """
    if _phones(state) or state["phase"] != "battle":
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
    return T(
        "The score marker is {n} space(s) towards {name}'s end", n=abs(s), name=_name(state, seat)
    )


# --------------------------------------------------------------------------- result, describe


def result(state: State) -> dict[str, Any] | None:
    """None while the game runs; the winner and the score track arithmetic afterwards."""
    return state["result"]


def describe(event: Event) -> Text:
    """Every event carries its history line, built with the names of the moment."""
    return event.get("text") or T("{type}", type=event.get("type", "?"))


GAME = Game(
    id="sun-tzu",
    name=N_("Sun Tzu"),
    min_players=2,
    max_players=2,
    setup=setup,
    actions=ACTIONS,
    allowed=allowed,
    view=view,
    result=result,
    # The history line of an event (the game still reads names from its events).
    describe=lambda event, players=(): describe(event),
    options=OPTIONS,
    private_view=_me,
    # The Warlord choice and the phones' placement are sealed rounds: barriers by themselves.
    # With real cards the host enters cards the table turned over ("CardsEntered",
    # "RecallEntered"): the app hides nothing there, so undo may fix a typo.
    reveals={
        "ProvinceRevealed": N_("the province's two cards turned face up"),
        "WarlordPlayed": N_("a Warlord played face up"),
        "Recalled": N_("the card shown from a hand to recall an army"),
        "EventTurnedUp": N_("the event card turned face up"),
    },
    private=("hand", "Warlords"),
    sealed=True,
)
