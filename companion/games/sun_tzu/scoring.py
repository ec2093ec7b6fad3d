"""Scoring and the end of Sun Tzu: phase 4 on rounds 3, 6 and 9, and the result sheet.

Each province's current display value goes to whoever holds more armies there; the score
marker moves by the difference and stops at either end. Reaching an end in round 3 or 6 wins
at once; after round 9 (or the fifth event) the closer end wins, then the bigger pool.
"""

from __future__ import annotations

from ..kit import Event, Outcome, P, ScoreRow, State, T, Text
from .common import names
from .data import (
    BLUE,
    COLOUR_NAMES,
    DISPLAYS,
    END_REASONS,
    INSTANT_WIN_ROUNDS,
    LAST_ROUND,
    PHASES,
    PROVINCE_NAMES,
    RED,
    SCORING_ROUNDS,
    TRACK_END,
    clamp,
)
from .lines import headline, round_scored_line


def score_round(state: State, events: list[Event]) -> None:
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
                    province_t=PROVINCE_NAMES[p],
                    value=value,
                )
            )
            continue
        seat = BLUE if a > r else RED
        totals[seat] += value
        lines.append(
            T(
                "{province_t} ({value}): {name} scores {value} ({a} against {r})",
                province_t=PROVINCE_NAMES[p],
                value=value,
                name=names(state)[seat],
                a=max(a, r),
                r=min(a, r),
            )
        )
    old = state["score"]
    new = clamp(old + totals[BLUE] - totals[RED])
    state["score"] = new
    event = {"type": "RoundScored", "round": rnd, "totals": totals, "old": old, "new": new}
    lines.append(round_scored_line(event, names(state)))
    state["scoring"] = lines
    state["score_history"].append({"round": rnd, "totals": totals, "old": old, "new": new})
    events.append(event)
    if rnd in INSTANT_WIN_ROUNDS and abs(new) == TRACK_END:
        end(state, events, "track")
    elif rnd == LAST_ROUND:
        end(state, events, "round9")


def _winners(state: State) -> tuple[list[int], bool]:
    """(winners, decided by the pool tiebreak): closer end, else bigger pool, else a draw."""
    s = state["score"]
    if s:
        return [BLUE if s > 0 else RED], False
    pools = state["pool"]
    if pools[BLUE] != pools[RED]:
        return [BLUE if pools[BLUE] > pools[RED] else RED], True
    return [], True


def close_game(state: State) -> list[Event]:
    """Nothing is owed or chosen any more once the game is over."""
    state["pending"] = []
    state["sealed"] = None
    return []


def end(state: State, events: list[Event], reason: str) -> None:
    """The game ends for ``reason`` (a key of ``END_REASONS``): the result sheet is written."""
    events.extend(PHASES.enter(state, "over"))
    winners, tiebreak = _winners(state)
    outcome = Outcome(
        reason=T(END_REASONS[reason]),
        headline=_headline(state, winners, tiebreak),
        winners=winners,
        rows=[_row(state, seat, winners, tiebreak) for seat in (BLUE, RED)],
        decided_by=_decided_by(state) if tiebreak else None,
    )
    # Kept in the state as served: the views show it, and nothing changes after the end.
    state["result"] = outcome.as_dict()
    events.append({"type": "GameEnded", "winners": winners, "reason": reason})


def _headline(state: State, winners: list[int], tiebreak: bool) -> Text:
    """Who won; a win on the pools says so, so "wins" over a centred marker reads right."""
    if winners and tiebreak:
        return T("{name} wins on the reinforcement pool", name=names(state)[winners[0]])
    return headline(winners, names(state))


def _decided_by(state: State) -> Text:
    """The tie-break of §6.2 as it fell: the marker in the centre, then the pools."""
    pools = state["pool"]
    return T(
        "The marker ended in the centre (0), so the bigger reinforcement pool decides:"
        " Blue {blue}, Red {red}",
        blue=pools[BLUE],
        red=pools[RED],
    )


def _row(state: State, seat: int, winners: list[int], tiebreak: bool) -> ScoreRow:
    """One player's line of the sheet: the marker's path, round by round, towards their end."""
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
        pool = state["pool"][seat]
        lines.append(P("Reinforcement pool: {n} army", "Reinforcement pool: {n} armies", pool))
    return ScoreRow(
        seat=seat,
        label=T("{name} · {colour_t}", name=names(state)[seat], colour_t=COLOUR_NAMES[seat]),
        score=sign * state["score"],
        won=seat in winners,
        lines=lines,
        # Two players: the winner first, the other second; a draw places both first.
        place=1 if not winners or seat in winners else 2,
    )


def over(state: State) -> bool:
    """Is the game over (the end phase: the result sheet is written)? Never scored."""
    return state["phase"] == "over"


def result(state: State) -> Outcome | None:
    """None while the game runs; the winner and the score track arithmetic afterwards."""
    sheet = state["result"]
    if sheet is None:
        return None
    rows = [ScoreRow(**row) for row in sheet["rows"]]
    return Outcome(
        sheet["reason"],
        sheet["headline"],
        list(sheet["winners"]),
        rows,
        decided_by=sheet.get("decided_by"),
    )
