"""The end of 3 Kingdoms Battle: the instant win at 8 points, the end after the last tile, the
tie-break chain A-D step by step, and the result sheet with each line of the arithmetic."""

from __future__ import annotations

from ..kit import N_, Event, L, Outcome, ScoreRow, State, T, Text, deciding_step, places
from .board import in_battle, name, names, opt, score, total
from .data import TIEBREAK_STEPS, WIN_POINTS
from .phases import PHASES


def tiebreak_values(state: State, seat: int) -> dict[str, int]:
    """What the score and each tie-break step compare, for one seat."""
    in_completed = [c for c in state["cities"] if c["complete"]]
    alert_from = state["cities"] if opt(state, "tiebreak_alert") == "map" else in_completed
    return {
        "score": score(state, seat),
        "A": sum(total(c, seat) for c in in_completed),
        "B": state["seats"][seat]["commands"],
        "C": sum(state["seats"][seat]["stratagems"].values()),
        "D": sum(c["troops"][seat][0] for c in alert_from) + in_battle(state, seat),
        "turns": state["seats"][seat]["turns"],
    }


def _values_text(state: State, seats: list[int], key: str) -> Text:
    return L([f"{name(state, s)} {tiebreak_values(state, s)[key]}" for s in seats])


def _best(state: State, seats: list[int], key: str, most: bool = True) -> list[int]:
    vals = {s: tiebreak_values(state, s)[key] for s in seats}
    top = max(vals.values()) if most else min(vals.values())
    return [s for s in seats if vals[s] == top]


def rank(state: State, candidates: list[int]) -> tuple[list[int], list[Text]]:
    """The winners among ``candidates``: highest score, then tie-breaks A-D (digest §6), then
    the ``final_tie`` option; with one Text line per step a person can follow."""
    lines: list[Text] = [T("Scores: {values}.", values=_values_text(state, candidates, "score"))]
    left = _best(state, candidates, "score")
    top = tiebreak_values(state, left[0])["score"]
    lines.append(T("Highest score {n}: {names}.", n=top, names=names(state, left)))
    for step, what in TIEBREAK_STEPS:
        if len(left) == 1:
            break
        values = _values_text(state, left, step)
        left = _best(state, left, step)
        lines.append(
            T(
                "Tie-break {step}, {what_t}: {values}; ahead: {names}.",
                step=step,
                what_t=what,
                values=values,
                names=names(state, left),
            )
        )
    if len(left) > 1 and opt(state, "final_tie") == "fewer_turns":
        values = _values_text(state, left, "turns")
        left = _best(state, left, "turns", most=False)
        lines.append(
            T(
                "Still tied: turns taken {values}; fewest: {names}.",
                values=values,
                names=names(state, left),
            )
        )
    if len(left) == 1:
        lines.append(T("{name} wins.", name=name(state, left[0])))
    else:
        lines.append(T("Still tied: {names} share the win.", names=names(state, left)))
    return left, lines


def finish(state: State, kind: str, candidates: list[int]) -> list[Event]:
    """End the game: "eight" (someone reached 8 points) or "tiles" (the last tile's turn)."""
    if kind == "eight" and len(candidates) == 1:
        winners = candidates
        lines = [
            T(
                "{name} reached {n} points first and wins at once.",
                name=name(state, candidates[0]),
                n=score(state, candidates[0]),
            )
        ]
    elif kind == "eight" and opt(state, "simultaneous_eight") == "shared":
        winners = candidates
        lines = [
            T(
                "{names} reached 8 points at once and share the win.",
                names=names(state, candidates),
            )
        ]
    else:
        winners, lines = rank(state, candidates)
    state["over"] = {"kind": kind, "winners": winners, "lines": lines}
    # A battle or a queued civil war no longer matters once somebody has won.
    state["battle"] = None
    state["civil_queue"] = []
    events: list[Event] = [{"type": "GameEnded", "kind": kind, "winners": winners}]
    return events + PHASES.enter(state, "over")


def check_eight(state: State) -> list[Event]:
    """The instant win (digest §6: checked after every change); no events while nobody has 8."""
    reached = [s for s in range(len(state["players"])) if score(state, s) >= WIN_POINTS]
    return finish(state, "eight", reached) if reached else []


def over(state: State) -> bool:
    """Is the game over (the instant win, or the last tile)? Never scored."""
    return bool(state["over"])


def result(state: State) -> Outcome | None:
    """The final standings with each line of the arithmetic and the tie-break chain."""
    over = state["over"]
    if not over:
        return None
    winners = over["winners"]
    who = names(state, winners)
    if over["kind"] == "eight":
        reason = T("A player reached {n} points.", n=WIN_POINTS)
    else:
        reason = T("The last tile was placed and that turn ended.")
    headline = (
        T("{names} wins.", names=who)
        if len(winners) == 1
        else T("{names} share the win.", names=who)
    )
    keys = {s: placing_key(state, s, winners) for s in range(len(state["players"]))}
    placed = places(keys)
    return Outcome(
        reason=reason,
        headline=headline,
        winners=winners,
        rows=[_result_row(state, s, s in winners, placed[s]) for s in range(len(state["players"]))],
        extra={"tiebreak": list(over["lines"])},
        decided_by=decided_by(state, keys, winners),
        starter=0,  # setup gives seat 0 the first turn: the table seats its first player there
    )


def placing_key(state: State, seat: int, winners: list[int]) -> tuple[int, ...]:
    """What places a player, best first: a win (the instant win at 8 ends the game before
    anyone else may catch up), the score, tie-breaks A-D, then fewer turns if the table
    chose that final tie-break (digest §6)."""
    v = tiebreak_values(state, seat)
    turns = -v["turns"] if opt(state, "final_tie") == "fewer_turns" else 0
    return (seat in winners, v["score"], v["A"], v["B"], v["C"], v["D"], turns)


def decided_by(state: State, keys: dict[int, tuple[int, ...]], winners: list[int]) -> Text | None:
    """The tie-break that decided the win, when the score alone did not."""
    if len(winners) > 1:
        return T(SHARED) if state["over"]["kind"] == "tiles" else None
    # The win itself (step 0) is no tie-break: compare the rest of the key.
    step = deciding_step({s: k[1:] for s, k in keys.items()}, winners)
    if step is None:
        return None
    if step <= len(TIEBREAK_STEPS):
        letter, what = TIEBREAK_STEPS[step - 1]
        return T("Tied on points; tie-break {step}, {what_t}, decides", step=letter, what_t=what)
    return T(FEWER_TURNS)


SHARED = N_("Tied on points and on every tie-break: the win is shared")
FEWER_TURNS = N_("Tied on points and on every tie-break; fewer turns taken decides")


def _result_row(state: State, seat: int, won: bool, place: int) -> ScoreRow:
    mine = [c for c in state["cities"] if c["complete"] and c["owner"] == seat]
    small = sum(1 for c in mine if c["size"] == "small")
    large = len(mine) - small
    v = tiebreak_values(state, seat)
    return ScoreRow(
        seat=seat,
        label=T("{name}", name=name(state, seat)),
        score=v["score"],
        won=won,
        place=place,
        lines=[
            T("Small cities: {n} × 1 = {p}", n=small, p=small),
            T("Large cities: {n} × 2 = {p}", n=large, p=2 * large),
            T("Score: {n}", n=v["score"]),
            T("A. Troops in completed cities: {n}", n=v["A"]),
            T("B. Unused command cards: {n}", n=v["B"]),
            T("C. Unused stratagem cards: {n}", n=v["C"]),
            T("D. Alert troops: {n}", n=v["D"]),
        ],
    )
