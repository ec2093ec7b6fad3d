"""Sun Tzu's history lines: one per event type, names filled in from the seats.

Events carry seats, provinces (as board indexes) and numbers; the line is written when it is
shown. The same lines make up the round's battle breakdown on the table screen (see
``common.note``). Events logged before the game became a package carried their finished line
in ``text`` (names included): they still read exactly as they were logged.
"""

from __future__ import annotations

from ..kit import (
    Event,
    Line,
    Lines,
    P,
    T,
    Text,
    Value,
    by,
    correction_line,
    filled,
    name_of,
    sealed,
    when,
)
from .data import BLUE, EVENT_NAMES, EVENT_TEXTS, PLACE_NAMES, PROVINCE_NAMES, RED, warlord_text

# The holes a line fills from a board index or an event card, not from the event's own value.
SHOWN: dict[str, Value] = {
    "province_t": lambda e, players: PROVINCE_NAMES[e["province"]],
    "from_t": lambda e, players: PROVINCE_NAMES[e["from"]],
    "src_t": lambda e, players: PLACE_NAMES[e["src"]],
    "dst_t": lambda e, players: PLACE_NAMES[e["dst"]],
    "why_t": "why",
    "event_t": lambda e, players: EVENT_NAMES[e["event"]],
    "before_t": lambda e, players: EVENT_NAMES[e["before"]],
    "next_t": lambda e, players: EVENT_NAMES[e["next"]],
}


def _filled(template: Text, *extra: str, **values: Value) -> Line:
    """The kit's ``filled``, with this game's board places and event cards by name."""
    return filled(template, *extra, **{**SHOWN, **values})


def six_again_line(name: str, p: int) -> Text:
    """A 6 entered where its player's own 6 already stands (the line and the table's notice)."""
    return T(
        "{name}'s 6 marks {province_t} a second time: {name} shows Warlord 1 on their phone",
        name=name,
        province_t=PROVINCE_NAMES[p],
    )


def round_scored_line(e: Event, players: list[str]) -> Text:
    """Phase 4's sum: both totals, their difference and the marker's move."""
    b, r = e["totals"]
    return T(
        "Round {round}: {blue} {b} - {red} {r} = {diff}; the marker moves from {old} to {new}",
        round=e["round"],
        blue=players[BLUE],
        b=b,
        red=players[RED],
        r=r,
        diff=b - r,
        old=e["old"],
        new=e["new"],
    )


def headline(winners: list[int], players: list[str]) -> Text:
    """Who won, in words (nobody: the draw)."""
    if winners:
        return T("{name} wins", name=players[winners[0]])
    return T("A draw: the marker is in the centre and the pools are equal")


class _Lines(Lines):
    """The table, plus the lines events logged before the move carried with them."""

    def describe(self, event: Event, players: list[str]) -> Text:
        logged = event.get("text")
        return logged if logged is not None else super().describe(event, players)


def _sealed(e: Event, players: list[str]) -> Text:
    return sealed.describe(e, players) or T(str(e["type"]))


# Sun Tzu's Warlord 1 moves one army to an adjacent province (no ``dest`` of the others).
_ARMIES_MOVED = by(
    "dest",
    {
        "reserve": _filled(
            P(
                "{name} moves {n} army to the reserve ({why_t})",
                "{name} moves {n} armies to the reserve ({why_t})",
                0,
            )
        ),
        "marker": _filled(
            P(
                "{name} locks {n} army in the 6 marker box above {province_t}",
                "{name} locks {n} armies in the 6 marker box above {province_t}",
                0,
            )
        ),
    },
    _filled(T("{name} moves 1 army from {from_t} to {province_t}")),
)

_ARMIES_TAKEN = by(
    "dest",
    {
        "province": _filled(
            P(
                "{name} moves {n} army from {from_t} to {province_t}",
                "{name} moves {n} armies from {from_t} to {province_t}",
                0,
            )
        ),
        "reserve": _filled(
            P(
                "{name} moves {n} army from {from_t} to the reserve ({why_t})",
                "{name} moves {n} armies from {from_t} to the reserve ({why_t})",
                0,
            )
        ),
    },
    _filled(
        P(
            "{name} locks {n} army from {from_t} in the 6 marker box above {province_t}",
            "{name} locks {n} armies from {from_t} in the 6 marker box above {province_t}",
            0,
        )
    ),
)

_CARDS_SHOWN = _filled(
    T("{province_t}: {blue} plays {card0}, {red} plays {card1}"),
    blue=lambda e, players: players[BLUE],
    red=lambda e, players: players[RED],
    card0=lambda e, players: e["cards"][BLUE],
    card1=lambda e, players: e["cards"][RED],
)

_RECALLED = _filled(T("{name} discards {card} and recalls 1 army from the reserve to the pool"))

# The host's corrections: a kit correction ("Table screen: the scoring display of Qin 3 → 7"),
# or one logged before it: the score marker, or armies moved by someone or by the table.
_CORRECTED = when(
    "counter",
    correction_line,
    when(
        "score",
        _filled(T("Correction: the score marker is set to {s}"), s="score"),
        when(
            "by",
            _filled(T("{who_t}: {name}'s armies, {n} moved from {src_t} to {dst_t}")),
            _filled(
                P(
                    "Correction: {name} moves {n} army from {src_t} to {dst_t}",
                    "Correction: {name} moves {n} armies from {src_t} to {dst_t}",
                    0,
                )
            ),
        ),
    ),
)

_EVENT_MARKED = when(
    lambda e: not e["done"],
    _filled(T("{who_t}: {event_t} marked as not carried out (back under the event deck)")),
    # logged before the card turned up had a line of its own
    when(
        lambda e: bool(e.get("next")),
        _filled(T("{who_t}: {event_t} marked as carried out; the next event is {next_t}")),
        _filled(T("{who_t}: {event_t} marked as carried out")),
    ),
)


LINES = _Lines(
    {
        **{k: _sealed for k in ("SealedOpened", "SealedChosen", "SealedLocked", "SealedUnlocked")},
        "WarlordsChosen": T("Both players have chosen their Warlord"),
        "CardsPlaced": T("Both players have placed their cards"),
        "RoundStarted": T("Round {round} begins"),
        "ScoreMoved": T("The score marker starts 1 space towards {name}'s end"),
        "WarlordPlayed": _filled(
            T("{name} plays a Warlord: {text_t}"),
            text_t=lambda e, players: warlord_text(
                e["seat"], e["warlord"], e.get("plague_zero", False)
            ),
        ),
        "ArmiesMoved": _ARMIES_MOVED,
        "ArmiesPlaced": when(
            lambda e: bool(e.get("behind")),  # Light Infantry
            _filled(T("{name} is behind and places 1 army in {province_t}")),
            _filled(
                P(
                    "{name} puts {n} army from the pool into {province_t}",
                    "{name} puts {n} armies from the pool into {province_t}",
                    0,
                )
            ),
        ),
        "ArmiesTaken": _ARMIES_TAKEN,
        "ArmiesRetreat": P(
            "{name} takes {n} army from {province_t} back to the pool",
            "{name} takes {n} armies from {province_t} back to the pool",
            0,
        ),
        "Shortfall": T("{name}'s pool is short by {n}: armies come from other provinces"),
        "NothingToMove": T("{name} has no more armies on the board to move ({n} missing)"),
        "EventFired": _filled(
            T("Event {event_t}: {rule_t}"), rule_t=lambda e, players: EVENT_TEXTS[e["event"]]
        ),
        "EventTurnedUp": T("The next event is {event_t}"),
        "NoWarlords": T("No Warlords in the beginner variant: no effect"),
        "ExtraWarlord": T("{name} may choose 1 more Warlord"),
        "NobodyBehind": T("Nobody is behind on the score track: no effect"),
        "ProvinceHeld": T("{province_t} is held by the opponent: no army is placed"),
        "PoolEmpty": T("{name}'s pool is empty: no army is placed"),
        "OrderChooser": when(
            lambda e: e["seat"] is None,
            _filled(T("Battles are resolved from left to right")),
            _filled(T("{name} has fewer armies on the board and chooses the battle order")),
        ),
        "ProvinceRevealed": _CARDS_SHOWN,
        "CardsEntered": _CARDS_SHOWN,
        "SixAgainEntered": lambda e, players: six_again_line(name_of(e, players), e["province"]),
        "PlayedAsSix": T("{name}'s {card} is played as a 6"),
        "PlagueZero": T("The Plague counts as a 0"),
        "BattleTied": T("{province_t}: a tie, nothing happens"),
        "BattleWon": T("{province_t}: {name} wins by {d}"),
        "PlagueEmpty": T("{province_t}: Plague, but nobody is there"),
        "PlagueCountered": T("{province_t}: Plague, countered: no damage"),
        "PlagueStruck": P(
            "{province_t}: Plague, {name} sends {lost} of {n} army back to the pool",
            "{province_t}: Plague, {name} sends {lost} of {n} armies back to the pool",
            0,
        ),
        "RoundScored": round_scored_line,
        "GameEnded": lambda e, players: headline(e["winners"], players),
        "ExtraWarlordChosen": T("{name} has chosen an extra Warlord"),
        "DrawDone": T("{name} has drawn"),
        "Recalled": _RECALLED,
        "RecallEntered": _RECALLED,
        "Corrected": _CORRECTED,
        "EventEntered": when(
            lambda e: e["before"] is None,
            _filled(T("{who_t}: the face-up event is {event_t}")),
            _filled(T("{who_t}: the face-up event is {event_t} (not {before_t})")),
        ),
        "EventMarked": _EVENT_MARKED,
        # Real cards: what each player draws and keeps at the end of a round (§3, phase 5).
        "DrawCounted": when(
            lambda e: e["drawn"] == 0,
            T("{name}'s deck is empty: nothing to draw"),
            when(
                lambda e: e["drawn"] == e["n"],
                P(
                    "{name} draws {n} card and keeps it ({deck} left in the deck)",
                    "{name} draws {n} cards and keeps them ({deck} left in the deck)",
                    0,
                ),
                T(
                    "{name} draws {drawn} cards, keeps {n} and puts 1 at the bottom of the deck"
                    " ({deck} left in it)"
                ),
            ),
        ),
        # A seat's own lines: they name no card (the cards are in the phone's private notes).
        # Private, yet shown outside the phone's press-and-hold panel: it names no card.
        "CardsDrawn": when(
            lambda e: e["keep"],
            _filled(
                P(
                    "You draw {n} card and keep it (see it under reveal)",
                    "You draw {n} cards and keep them (see them under reveal)",
                    0,
                )
            ),
            _filled(T("You draw {n} cards: put one at the bottom of your deck")),
        ),
        "TopDiscarded": T("You discard the top card of your deck (see it under reveal)"),
        "ExtraWarlordSecret": T("You take an extra Warlord (see it under reveal)"),
        "CardKept": _filled(
            P(
                "You keep the other card and put one at the bottom of your deck",
                "You keep the other cards and put one at the bottom of your deck",
                0,
            ),
            n=lambda e, players: e.get("kept", 1),
        ),
    },
    **SHOWN,
)
