"""The end of Tally: the first seat at the target wins, or, after the last round, the highest
score; the sheet shows each score. ``over`` answers "is it over?" without scoring."""

from __future__ import annotations

from ..kit import Outcome, ScoreRow, State, T, as_is, places
from .data import TARGET


def over(state: State) -> bool:
    """Is the game over? Read from the state, never scored (the platform asks on every tap)."""
    return state["over"] is not None


def result(state: State) -> Outcome | None:
    if not over(state):
        return None
    scores = [p["score"] for p in state["players"]]
    placed = places({n: (score,) for n, score in enumerate(scores)})
    winners = [n for n in placed if placed[n] == 1]
    names = [state["players"][n]["name"] for n in winners]
    if state["over"] == "target":
        reason = T("Someone reached {n} points", n=TARGET)
    else:
        reason = T("The last round was played")
    return Outcome(
        reason=reason,
        headline=T("{name} wins", name=names[0])
        if len(names) == 1
        else T("{names} share the win", names=", ".join(names)),
        winners=winners,
        starter=0,
        rows=[
            ScoreRow(
                seat=n,
                label=as_is(p["name"]),
                score=p["score"],
                won=n in winners,
                lines=[T("Score: {score}", score=p["score"])],
                place=placed[n],
            )
            for n, p in enumerate(state["players"])
        ],
    )
