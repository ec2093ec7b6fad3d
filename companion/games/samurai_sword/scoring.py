"""The end of Samurai Sword (§7): the Swordmaster's team, or honor × multiplier per team.

Every role is face up at the end; each player's score is shown with every line of its
arithmetic, then each team's total (with the −3 of a Fatal Attack), and the tie rules decide
between equal totals.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, L, Outcome, P, ScoreRow, State, T, Text
from .board import count, name, team, team_name
from .data import (
    FATAL_ATTACK_PENALTY,
    MULTIPLIER,
    NINJA,
    NINJA_MORE_STARS_MULTIPLIER,
    ROLE_NAMES,
    RONIN,
    SHOGUN,
    TEAMS,
)


def _multiplier(state: State, seat: int) -> tuple[int, list[Text]]:
    """The honor multiplier of ``seat`` and, for the 4-player Ninja, the line that explains it."""
    n = count(state)
    role = state["roles"][seat]
    mult = MULTIPLIER[role][n]
    if role != NINJA or n != 4:
        return mult, []
    if not state["options"]["ninja_stars"]:
        return mult, [T("Ninja stars rule off: every Ninja scores ×1")]
    mine = state["stars"][seat]
    others = [state["stars"][s] for s in range(n) if s != seat and state["roles"][s] == NINJA]
    other = others[0] if others else None
    if mine is None or other is None or mine == other:
        return mult, []
    if mine > other:
        line = P(
            "{n} star against {other}: the Ninja with more stars scores ×2",
            "{n} stars against {other}: the Ninja with more stars scores ×2",
            mine,
            other=other,
        )
        mult = NINJA_MORE_STARS_MULTIPLIER
    else:
        line = P(
            "{n} star against {other}: the Ninja with fewer stars scores ×1",
            "{n} stars against {other}: the Ninja with fewer stars scores ×1",
            mine,
            other=other,
        )
    return mult, [line]


def _player_score(state: State, seat: int) -> tuple[int, list[Text]]:
    role = state["roles"][seat]
    honor = state["honor"][seat]
    mult, lines = _multiplier(state, seat)
    points = honor * mult
    lines.append(
        T(
            "{honor} honor × {mult} ({role_t}, {n} players) = {points}",
            honor=honor,
            mult=mult,
            role_t=ROLE_NAMES[role],
            n=count(state),
            points=points,
        )
    )
    daimyo = state["daimyo"][seat]
    if role == RONIN:
        if daimyo:
            lines.append(T("{n} Daimyo: worth 0 to the Ronin", n=daimyo))
    elif daimyo:
        # Added after the multiplication: Daimyo are never doubled or tripled.
        points += daimyo
        lines.append(T("+{n} Daimyo", n=daimyo))
    lines.append(T("Score: {score}", score=points))
    return points, lines


def _teams_in_play(state: State) -> list[str]:
    present = {team(role) for role in state["roles"]}
    return [t for t in TEAMS if t in present]


def _label(state: State, seat: int) -> Text:
    return T("{name} ({role_t})", name=name(state, seat), role_t=ROLE_NAMES[state["roles"][seat]])


def _team_label(state: State, team_id: str) -> Text:
    return T("Team: {team_t}", team_t=team_name(state, team_id))


def _members(state: State, team_id: str) -> list[int]:
    return [s for s in range(count(state)) if team(state["roles"][s]) == team_id]


def _row(
    state: State,
    who: int | str,
    winner: str,
    score: int | None,
    lines: list[Text],
    places: dict[str, int] | None = None,
) -> ScoreRow:
    """A player's row (``who`` a seat), placed where their team is (BG Stats ranks a team game
    so too), or a team's row under its players (``who`` a team): won with the winning team."""
    if isinstance(who, str):
        return ScoreRow(None, _team_label(state, who), score, who == winner, lines)
    own = team(state["roles"][who])
    assert places is not None
    return ScoreRow(who, _label(state, who), score, own == winner, lines, places[own])


def _swordmaster_result(state: State, end: dict[str, Any]) -> Outcome:
    seat = end["seat"]
    winner = team(state["roles"][seat])
    no_points = T("Swordmaster victory: no points are counted")
    # No points are counted: the Swordmaster's team first, everyone else after it.
    places = {team(role): 1 if team(role) == winner else 2 for role in state["roles"]}
    rows = [_row(state, s, winner, None, [no_points], places) for s in range(count(state))]
    rows += [_row(state, t, winner, None, [no_points]) for t in _teams_in_play(state)]
    return Outcome(
        reason=T("Swordmaster: only {name} has health left", name=name(state, seat)),
        headline=T(
            "Winner: {team_t} (Swordmaster {name})",
            team_t=team_name(state, winner),
            name=name(state, seat),
        ),
        winners=_members(state, winner),
        rows=rows,
        starter=shogun(state),
    )


def shogun(state: State) -> int | None:
    """The Shogun's seat: the Shogun takes the first turn (rules §5)."""
    return next((s for s, role in enumerate(state["roles"]) if role == SHOGUN), None)


def team_places(totals: dict[str, int], winner: str) -> dict[str, int]:
    """Each team's place: the winner (the tie rule included) first, the others by total,
    equal totals sharing a place.

    >>> team_places({"shogun": 9, "ninja": 9, "ronin": 4}, "ninja")
    {'shogun': 2, 'ninja': 1, 'ronin': 3}
    >>> team_places({"shogun": 3, "ninja": 3, "ronin": 8}, "ronin")
    {'shogun': 2, 'ninja': 2, 'ronin': 1}
    """
    keys = {t: (t == winner, total) for t, total in totals.items()}
    return {t: 1 + sum(1 for o in keys.values() if o > k) for t, k in keys.items()}


TIE_RULES = {
    "ninja": N_("Tied on the highest total: the Ninja win a tie they are part of"),
    "shogun": N_("Tied on the highest total with the Ronin: the Shogun's team wins"),
}


def _team_total(
    state: State, team_id: str, scores: list[int], fatal: dict[str, Any] | None
) -> tuple[int, list[Text]]:
    """A team's total (the −3 of its Fatal Attack included) and the lines that add it up."""
    members = _members(state, team_id)
    lines = [
        T(
            "{name} ({role_t}): {score}",
            name=name(state, s),
            role_t=ROLE_NAMES[state["roles"][s]],
            score=scores[s],
        )
        for s in members
    ]
    total = sum(scores[s] for s in members)
    if fatal and fatal["team"] == team_id:
        total -= FATAL_ATTACK_PENALTY
        lines.append(
            T(
                "−3 fatal attack: {name} was defeated by teammate {by_name}",
                name=name(state, fatal["seat"]),
                by_name=name(state, fatal["by"]),
            )
        )
    lines.append(T("Team total: {total}", total=total))
    return total, lines


def winning_team(totals: dict[str, int]) -> tuple[str, bool]:
    """The highest total wins; a tie goes to the Ninja if tied, else to the Shogun team (§7).

    Returns (team, won_on_a_tie).

    >>> winning_team({"shogun": 9, "ninja": 9, "ronin": 4})
    ('ninja', True)
    >>> winning_team({"shogun": 8, "ninja": 5, "ronin": 8})
    ('shogun', True)
    >>> winning_team({"shogun": 3, "ninja": 5, "ronin": 8})
    ('ronin', False)
    """
    best = max(totals.values())
    tied = [t for t, total in totals.items() if total == best]
    if len(tied) == 1:
        return tied[0], False
    return ("ninja" if "ninja" in tied else "shogun"), True


def _honor_result(state: State, end: dict[str, Any]) -> Outcome:
    n = count(state)
    scored = [_player_score(state, seat) for seat in range(n)]
    scores = [score for score, _lines in scored]
    teams = {t: _team_total(state, t, scores, end["fatal"]) for t in _teams_in_play(state)}
    totals = {t: total for t, (total, _lines) in teams.items()}
    winner, tie = winning_team(totals)
    placed = team_places(totals, winner)
    rows = [
        _row(state, seat, winner, score, lines, placed)
        for seat, (score, lines) in enumerate(scored)
    ]
    rows += [_row(state, t, winner, total, lines) for t, (total, lines) in teams.items()]
    total = teams[winner][0]
    team_t = team_name(state, winner)
    headline = (
        P(
            "Winner: {team_t}, on the tie rule ({n} point)",
            "Winner: {team_t}, on the tie rule ({n} points)",
            total,
            team_t=team_t,
        )
        if tie
        else P(
            "Winner: {team_t} ({n} point)", "Winner: {team_t} ({n} points)", total, team_t=team_t
        )
    )
    return Outcome(
        reason=T("{names} reached 0 honor", names=L([name(state, s) for s in end["seats"]])),
        headline=headline,
        winners=_members(state, winner),
        rows=rows,
        decided_by=T(TIE_RULES[winner]) if tie else None,
        starter=shogun(state),
    )


def over(state: State) -> bool:
    """Is the game over (honor at 0, or the Swordmaster)? Read from the state, never scored."""
    return state["over"] is not None


def result(state: State) -> Outcome | None:
    """None while the game runs; then the winners and every line of the scoring (§7)."""
    end = state.get("over")
    if end is None:
        return None
    if end["reason"] == "swordmaster":
        return _swordmaster_result(state, end)
    return _honor_result(state, end)
