"""The end of a Quorsum game and of the match: the win and the double win, the points each
game scores, and the result sheet (an ``Outcome``) once the match is decided."""

from __future__ import annotations

from typing import Any

from ..kit import N_, Event, Outcome, P, ScoreRow, State, T, Text
from .board import is_home, name, opt, other, seat_distances
from .data import PHASES, RESULT_KIND_T, RESULT_POINTS


def check_win(state: State, seat: int, events: list[Event]) -> bool:
    """After a move: both pieces home wins; with no opposing piece home it is a double win."""
    if not all(is_home(state, seat)):
        return False
    kind = "win" if any(is_home(state, other(seat))) else "double"
    finish_game(state, seat, kind, None, events)
    return True


def finish_game(
    state: State, winner: int | None, kind: str, step: str | None, events: list[Event]
) -> None:
    """Score a finished game and record it; the match ends once a player has enough points."""
    if winner is None:
        points = [opt(state, "draw_points")] * 2
    else:
        points = [0, 0]
        points[winner] = RESULT_POINTS[kind]
    for s in (0, 1):
        state["points"][s] += points[s]
    record = {
        "n": state["game_no"],
        "winner": winner,
        "kind": kind,
        "step": step,
        "points": points,
        "distances": [seat_distances(state, 0), seat_distances(state, 1)],
        "chooser": state["chooser"],
        "turns": state["turn_no"],
        "stalemate_turns": state["stalemate"],
    }
    state["games"].append(record)
    for act in state["plan"]:
        if act["status"] in ("pending", "chain"):
            act["status"] = "spent" if act["status"] == "pending" else "done"
    events.append(
        {
            "type": "GameEnded",
            "n": record["n"],
            "winner": winner,
            "kind": kind,
            "step": step,
            "points": points,
            "count": state["stalemate"],
        }
    )
    state["turn"] = None
    if max(state["points"]) >= opt(state, "match_points"):
        events.extend(PHASES.enter(state, "over"))
        events.append(
            {"type": "MatchEnded", "winner": match_winner(state), "points": list(state["points"])}
        )
    else:
        events.extend(PHASES.enter(state, "ended"))


def match_winner(state: State) -> int | None:
    """The higher score wins the match; equal scores (both reached the target) are a draw."""
    p0, p1 = state["points"]
    if p0 == p1:
        return None
    return 0 if p0 > p1 else 1


def game_reason(record: dict[str, Any], state: State) -> Text:
    """Why one game of the match ended, in words."""
    who = name(state, record["winner"]) if record["winner"] is not None else ""
    kind = record["kind"]
    if kind == "win":
        return T("{name} brought both pieces home.", name=who)
    if kind == "double":
        return T("{name} brought both pieces home while no opposing piece was home.", name=who)
    if kind == "stalemate":
        return T(
            "Stalemate after {count} turns without progress; {name} is closer to home.",
            count=record["stalemate_turns"],
            name=who,
        )
    return T(
        "Stalemate after {count} turns without progress; the distances are equal.",
        count=record["stalemate_turns"],
    )


def _game_lines(state: State, seat: int) -> list[Text]:
    lines: list[Text] = []
    for g in state["games"]:
        lines.append(
            T(
                "Game {game}: {kind_t} for {winner}; {points_t}",
                game=g["n"],
                kind_t=RESULT_KIND_T[g["kind"]],
                winner=name(state, g["winner"]) if g["winner"] is not None else "-",
                points_t=P("{n} point", "{n} points", g["points"][seat]),
            )
            if g["winner"] is not None
            else T(
                "Game {game}: draw; {points_t}",
                game=g["n"],
                points_t=P("{n} point", "{n} points", g["points"][seat]),
            )
        )
        if g["kind"] in ("stalemate", "draw"):
            closest, farther = g["distances"][seat]
            lines.append(
                T(
                    "Game {n}: closest piece {closest} from home, other piece {other}",
                    n=g["n"],
                    closest=closest,
                    other=farther,
                )
            )
    lines.append(P("Total: {n} point", "Total: {n} points", state["points"][seat]))
    return lines


def over(state: State) -> bool:
    """Is the match (or the single game) decided? Read from the phase, never scored."""
    return state["phase"] == "over"


def result(state: State) -> Outcome | None:
    """None until the match (a single game by default) is decided; then the scored result."""
    if state["phase"] != "over":
        return None
    champion = match_winner(state)
    target = opt(state, "match_points")
    if target == 1:
        reason = game_reason(state["games"][-1], state)
    elif champion is not None:
        reason = T("{name} reached {target} points.", name=name(state, champion), target=target)
    else:
        reason = T("Both players reached {target} points with equal scores.", target=target)
    headline = (
        T("{name} wins", name=name(state, champion)) if champion is not None else T("It is a draw")
    )
    rows = [
        ScoreRow(
            seat=s,
            label=T("{name}", name=name(state, s)),
            score=state["points"][s],
            won=s == champion,
            lines=_game_lines(state, s),
            # Two players: the champion first; a draw places both first.
            place=1 if champion is None or s == champion else 2,
        )
        for s in (0, 1)
    ]
    winners = [champion] if champion is not None else []
    last = state["games"][-1] if state["games"] else {}
    decided_by = (
        T(STALEMATE_STEPS.get(last.get("step", ""), STALEMATE_STEPS["closest"]))
        if target == 1 and champion is not None and last.get("kind") == "stalemate"
        else None
    )
    return Outcome(
        reason=reason,
        headline=headline,
        winners=winners,
        rows=rows,
        decided_by=decided_by,
        starter=state.get("first"),
    )


# The stalemate's tie-break as it fell (rules: the closest pieces, then the other pieces).
STALEMATE_STEPS = {
    "closest": N_("Stalemate: the piece closest to home decides"),
    "other": N_("Stalemate with the closest pieces level: the other piece decides"),
}
