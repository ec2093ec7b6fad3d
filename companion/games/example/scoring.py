"""The end of Tally: the first seat at the target wins, and the sheet shows each score."""

from __future__ import annotations

from ..kit import Outcome, ScoreRow, State, T, places
from .data import TARGET


def result(state: State) -> Outcome | None:
    winners = [n for n, p in enumerate(state["players"]) if p["score"] >= TARGET]
    if not winners:
        return None
    placed = places({n: (p["score"],) for n, p in enumerate(state["players"])})
    return Outcome(
        reason=T("Someone reached {n} points", n=TARGET),
        headline=T("{name} wins", name=state["players"][winners[0]]["name"]),
        winners=winners,
        starter=0,
        rows=[
            ScoreRow(
                seat=n,
                label=[p["name"], {}],
                score=p["score"],
                won=n in winners,
                lines=[T("Score: {score}", score=p["score"])],
                place=placed[n],
            )
            for n, p in enumerate(state["players"])
        ],
    )
