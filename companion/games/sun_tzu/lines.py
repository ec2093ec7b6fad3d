"""Sun Tzu's history lines: one per event type, names filled in from the seats.

Events carry seats, provinces (as board indexes) and numbers; the line is written when it is
shown. The same lines make up the round's battle breakdown on the table screen (see
``common.note``). Events logged before the game became a package carried their finished line
in ``text`` (names included): they still read exactly as they were logged.
"""

from __future__ import annotations

from ..kit import Event, Lines, P, T, Text, correction_line, name_of, sealed, who
from .data import BLUE, EVENT_NAMES, EVENT_TEXTS, PLACE_NAMES, PROVINCE_NAMES, RED, warlord_text


def _prov(e: Event, key: str = "province") -> str:
    return PROVINCE_NAMES[e[key]]


def _armies_moved(e: Event, players: list[str]) -> Text:
    name = name_of(e, players)
    if e["dest"] == "reserve":
        return P(
            "{name} moves {n} army to the reserve ({why_t})",
            "{name} moves {n} armies to the reserve ({why_t})",
            name=name,
            n=e["n"],
            why_t=e["why"],
        )
    if e["dest"] == "marker":
        return P(
            "{name} locks {n} army in the 6 marker box above {province_t}",
            "{name} locks {n} armies in the 6 marker box above {province_t}",
            name=name,
            n=e["n"],
            province_t=_prov(e),
        )
    # Sun Tzu's Warlord 1: one army to an adjacent province.
    return T(
        "{name} moves 1 army from {from_t} to {province_t}",
        name=name,
        from_t=_prov(e, "from"),
        province_t=_prov(e),
    )


def _armies_placed(e: Event, players: list[str]) -> Text:
    if e.get("behind"):  # Light Infantry
        return T(
            "{name} is behind and places 1 army in {province_t}",
            name=name_of(e, players),
            province_t=_prov(e),
        )
    return P(
        "{name} puts {n} army from the pool into {province_t}",
        "{name} puts {n} armies from the pool into {province_t}",
        name=name_of(e, players),
        n=e["n"],
        province_t=_prov(e),
    )


def _armies_taken(e: Event, players: list[str]) -> Text:
    name, n = name_of(e, players), e["n"]
    if e["dest"] == "province":
        return P(
            "{name} moves {n} army from {from_t} to {province_t}",
            "{name} moves {n} armies from {from_t} to {province_t}",
            name=name,
            n=n,
            from_t=_prov(e, "from"),
            province_t=_prov(e),
        )
    if e["dest"] == "reserve":
        return P(
            "{name} moves {n} army from {from_t} to the reserve ({why_t})",
            "{name} moves {n} armies from {from_t} to the reserve ({why_t})",
            name=name,
            n=n,
            from_t=_prov(e, "from"),
            why_t=e["why"],
        )
    return P(
        "{name} locks {n} army from {from_t} in the 6 marker box above {province_t}",
        "{name} locks {n} armies from {from_t} in the 6 marker box above {province_t}",
        name=name,
        n=n,
        from_t=_prov(e, "from"),
        province_t=_prov(e),
    )


def _cards_shown(e: Event, players: list[str]) -> Text:
    return T(
        "{province_t}: {blue} plays {card0}, {red} plays {card1}",
        province_t=_prov(e),
        blue=players[BLUE],
        red=players[RED],
        card0=e["cards"][BLUE],
        card1=e["cards"][RED],
    )


def _order(e: Event, players: list[str]) -> Text:
    if e["seat"] is None:
        return T("Battles are resolved from left to right")
    return T(
        "{name} has fewer armies on the board and chooses the battle order",
        name=name_of(e, players),
    )


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


def _event_entered(e: Event, players: list[str]) -> Text:
    if e["before"] is None:
        return T(
            "{who_t}: the face-up event is {event_t}",
            who_t=who(e, players),
            event_t=EVENT_NAMES[e["event"]],
        )
    return T(
        "{who_t}: the face-up event is {event_t} (not {before_t})",
        who_t=who(e, players),
        event_t=EVENT_NAMES[e["event"]],
        before_t=EVENT_NAMES[e["before"]],
    )


def _event_marked(e: Event, players: list[str]) -> Text:
    by, event = who(e, players), EVENT_NAMES[e["event"]]
    if not e["done"]:
        return T(
            "{who_t}: {event_t} marked as not carried out (back under the event deck)",
            who_t=by,
            event_t=event,
        )
    if e.get("next"):  # logged before the card turned up had a line of its own
        return T(
            "{who_t}: {event_t} marked as carried out; the next event is {next_t}",
            who_t=by,
            event_t=event,
            next_t=EVENT_NAMES[e["next"]],
        )
    return T("{who_t}: {event_t} marked as carried out", who_t=by, event_t=event)


def _corrected(e: Event, players: list[str]) -> Text:
    if "counter" in e:  # a kit correction: "Table screen: the scoring display of Qin 3 → 7"
        return correction_line(e, players)
    if "score" in e:
        return T("Correction: the score marker is set to {s}", s=e["score"])
    if "by" in e:
        return T(
            "{who_t}: {name}'s armies, {n} moved from {src_t} to {dst_t}",
            who_t=who(e, players),
            name=name_of(e, players),
            n=e["n"],
            src_t=PLACE_NAMES[e["src"]],
            dst_t=PLACE_NAMES[e["dst"]],
        )
    return P(
        "Correction: {name} moves {n} army from {src_t} to {dst_t}",
        "Correction: {name} moves {n} armies from {src_t} to {dst_t}",
        name=name_of(e, players),
        n=e["n"],
        src_t=PLACE_NAMES[e["src"]],
        dst_t=PLACE_NAMES[e["dst"]],
    )


def _recalled(e: Event, players: list[str]) -> Text:
    return T(
        "{name} discards {card} and recalls 1 army from the reserve to the pool",
        name=name_of(e, players),
        card=e["card"],
    )


def _cards_drawn(e: Event, players: list[str]) -> Text:
    # Private, yet shown outside the phone's press-and-hold panel: it names no card.
    if e["keep"]:
        return P(
            "You draw {n} card and keep it (see it under reveal)",
            "You draw {n} cards and keep them (see them under reveal)",
            e["n"],
        )
    return T("You draw {n} cards: put one at the bottom of your deck", n=e["n"])


class _Lines(Lines):
    """The table, plus the lines events logged before the move carried with them."""

    def describe(self, event: Event, players: list[str]) -> Text:
        logged = event.get("text")
        return logged if logged is not None else super().describe(event, players)


def _sealed(e: Event, players: list[str]) -> Text:
    return sealed.describe(e, players) or T(str(e["type"]))


LINES = _Lines(
    {
        **{k: _sealed for k in ("SealedOpened", "SealedChosen", "SealedLocked", "SealedUnlocked")},
        "WarlordsChosen": lambda e, players: T("Both players have chosen their Warlord"),
        "CardsPlaced": lambda e, players: T("Both players have placed their cards"),
        "RoundStarted": lambda e, players: T("Round {round} begins", round=e["round"]),
        "ScoreMoved": lambda e, players: T(
            "The score marker starts 1 space towards {name}'s end", name=name_of(e, players)
        ),
        "WarlordPlayed": lambda e, players: T(
            "{name} plays a Warlord: {text_t}",
            name=name_of(e, players),
            text_t=warlord_text(e["seat"], e["warlord"], e.get("plague_zero", False)),
        ),
        "ArmiesMoved": _armies_moved,
        "ArmiesPlaced": _armies_placed,
        "ArmiesTaken": _armies_taken,
        "ArmiesRetreat": lambda e, players: P(
            "{name} takes {n} army from {province_t} back to the pool",
            "{name} takes {n} armies from {province_t} back to the pool",
            name=name_of(e, players),
            n=e["n"],
            province_t=_prov(e),
        ),
        "Shortfall": lambda e, players: T(
            "{name}'s pool is short by {n}: armies come from other provinces",
            name=name_of(e, players),
            n=e["n"],
        ),
        "NothingToMove": lambda e, players: T(
            "{name} has no more armies on the board to move ({n} missing)",
            name=name_of(e, players),
            n=e["n"],
        ),
        "EventFired": lambda e, players: T(
            "Event {event_t}: {rule_t}",
            event_t=EVENT_NAMES[e["event"]],
            rule_t=EVENT_TEXTS[e["event"]],
        ),
        "EventTurnedUp": lambda e, players: T(
            "The next event is {event_t}", event_t=EVENT_NAMES[e["event"]]
        ),
        "NoWarlords": lambda e, players: T("No Warlords in the beginner variant: no effect"),
        "ExtraWarlord": lambda e, players: T(
            "{name} may choose 1 more Warlord", name=name_of(e, players)
        ),
        "NobodyBehind": lambda e, players: T("Nobody is behind on the score track: no effect"),
        "ProvinceHeld": lambda e, players: T(
            "{province_t} is held by the opponent: no army is placed", province_t=_prov(e)
        ),
        "PoolEmpty": lambda e, players: T(
            "{name}'s pool is empty: no army is placed", name=name_of(e, players)
        ),
        "OrderChooser": _order,
        "ProvinceRevealed": _cards_shown,
        "CardsEntered": _cards_shown,
        "SixAgainEntered": lambda e, players: six_again_line(name_of(e, players), e["province"]),
        "PlayedAsSix": lambda e, players: T(
            "{name}'s {card} is played as a 6", name=name_of(e, players), card=e["card"]
        ),
        "PlagueZero": lambda e, players: T("The Plague counts as a 0"),
        "BattleTied": lambda e, players: T(
            "{province_t}: a tie, nothing happens", province_t=_prov(e)
        ),
        "BattleWon": lambda e, players: T(
            "{province_t}: {name} wins by {d}",
            province_t=_prov(e),
            name=name_of(e, players),
            d=e["d"],
        ),
        "PlagueEmpty": lambda e, players: T(
            "{province_t}: Plague, but nobody is there", province_t=_prov(e)
        ),
        "PlagueCountered": lambda e, players: T(
            "{province_t}: Plague, countered: no damage", province_t=_prov(e)
        ),
        "PlagueStruck": lambda e, players: P(
            "{province_t}: Plague, {name} sends {lost} of {n} army back to the pool",
            "{province_t}: Plague, {name} sends {lost} of {n} armies back to the pool",
            province_t=_prov(e),
            name=name_of(e, players),
            lost=e["lost"],
            n=e["n"],
        ),
        "RoundScored": round_scored_line,
        "GameEnded": lambda e, players: headline(e["winners"], players),
        "ExtraWarlordChosen": lambda e, players: T(
            "{name} has chosen an extra Warlord", name=name_of(e, players)
        ),
        "DrawDone": lambda e, players: T("{name} has drawn", name=name_of(e, players)),
        "Recalled": _recalled,
        "RecallEntered": _recalled,
        "Corrected": _corrected,
        "EventEntered": _event_entered,
        "EventMarked": _event_marked,
        # A seat's own lines: they name no card (the cards are in the phone's private notes).
        "CardsDrawn": _cards_drawn,
        "TopDiscarded": lambda e, players: T(
            "You discard the top card of your deck (see it under reveal)"
        ),
        "ExtraWarlordSecret": lambda e, players: T(
            "You take an extra Warlord (see it under reveal)"
        ),
        "CardKept": lambda e, players: P(
            "You keep the other card and put one at the bottom of your deck",
            "You keep the other cards and put one at the bottom of your deck",
            e.get("kept", 1),
        ),
    }
)
