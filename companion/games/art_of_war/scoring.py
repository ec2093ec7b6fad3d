"""The end of The Art of War: each completed building's points (the epics' formulas), the
castle captor's bonus, and the ranking by score, then population, then money; the player who
lost a main castle comes last (rules §11), whatever their score.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, L, Outcome, ScoreRow, State, T, Text, deciding_step, places
from .board import cities_of, half_down, name, owned, player, population, soldiers
from .data import ALL_BUILDINGS, BUILDINGS, CAPTOR_BONUS


def building_points(state: State, seat: int, b: dict[str, Any]) -> tuple[int, Text]:
    """Points of one completed building, with the variable epics' formulas."""
    key = b["key"]
    info = ALL_BUILDINGS[key]
    p = player(state, seat)
    label = info["name"]
    if key == "granary":
        pts = half_down(p["food"])
        return pts, T(
            "{building_t}: {food} food / 2 = {n}", building_t=label, food=p["food"], n=pts
        )
    formula = info.get("formula")
    extra, what = 0, ""
    if formula == "soldiers":
        extra, what = half_down(soldiers(p)), N_("soldiers / 2")
    elif formula == "ordinary":
        extra = sum(1 for o in owned(state, seat) if o["key"] in BUILDINGS)
        what = N_("ordinary buildings")
    elif formula == "territory":
        extra, what = 2 * len(cities_of(state, seat)), N_("2 x cities")
    elif formula == "money":
        extra, what = p["money"] // 4, N_("money / 4")
    elif formula == "tactics":
        extra, what = p["tactics"], N_("tactic cards")
    elif formula == "builders":
        extra, what = b["builders"], N_("workers used")
    pts = info["points"] + extra
    if formula:
        return pts, T(
            "{building_t}: {base} + {extra} ({what_t}) = {n}",
            building_t=label,
            base=info["points"],
            extra=extra,
            what_t=what,
            n=pts,
        )
    return pts, T("{building_t}: {n}", building_t=label, n=pts)


# The epics whose extra points count something private while the game runs.
PRIVATE_FORMULAS = {"money": N_("money / 4"), "tactics": N_("tactic cards")}


def running_score(state: State, seat: int, money_public: bool) -> dict[str, Any]:
    """The points of ``seat``'s completed buildings so far, as every screen may see them: an
    epic that counts money (when money is private) or tactic cards in hand shows its base
    points only, and ``hidden`` names what it adds at the end."""
    total = 0
    lines: list[Text] = []
    hidden: list[str] = []
    for b in owned(state, seat):
        formula = ALL_BUILDINGS[b["key"]].get("formula")
        if formula in PRIVATE_FORMULAS and not (formula == "money" and money_public):
            pts = ALL_BUILDINGS[b["key"]]["points"]
            line = T(
                "{building_t}: {base} + ? ({what_t})",
                building_t=ALL_BUILDINGS[b["key"]]["name"],
                base=pts,
                what_t=PRIVATE_FORMULAS[formula],
            )
            hidden.append(PRIVATE_FORMULAS[formula])
        else:
            pts, line = building_points(state, seat, b)
        total += pts
        lines.append(line)
    return {"score": total, "score_lines": lines, "score_hidden": hidden}


def score(state: State, seat: int) -> tuple[int, list[Text]]:
    """A player's final score with its lines."""
    total = 0
    lines: list[Text] = []
    for b in owned(state, seat):
        pts, line = building_points(state, seat, b)
        total += pts
        lines.append(line)
    end = state["over"] or {}
    if end.get("captor") == seat:
        total += CAPTOR_BONUS
        lines.append(T("Captured a main castle: +{n}", n=CAPTOR_BONUS))
    return total, lines


# The steps of the ranking key after the score, as the result names them when one decides.
TIEBREAK_NAMES = {
    2: N_("Tied on points; more population (soldiers + workers) decides"),
    3: N_("Tied on points and population; more money decides"),
}
SHARED = N_("Tied on points, population and money: the win is shared")


def ranking_key(state: State, seat: int, total: int) -> tuple[bool, int, int, int]:
    """What places a player, best first: not having lost the main castle, then the score,
    then population, then money (rules §11)."""
    loser = (state["over"] or {}).get("loser")
    return (seat != loser, total, population(state, seat), player(state, seat)["money"])


def over(state: State) -> bool:
    """Is the game over (a captured castle, or the third Great Peace)? Never scored."""
    return bool(state["over"])


def result(state: State) -> Outcome | None:
    """The final ranking: score, then population, then money; a captured castle's owner is last."""
    if not state["over"]:
        return None
    end = state["over"]
    loser = end.get("loser")
    sheets = []
    keys = {}
    for seat in range(len(state["players"])):
        total, lines = score(state, seat)
        keys[seat] = ranking_key(state, seat, total)
        _alive, _total, pop, money = keys[seat]
        lines.append(T("Total {n}", n=total))
        lines.append(T("Tie-breaks: population {pop}, money ${money}", pop=pop, money=money))
        if seat == loser:
            lines.append(T("Lost the main castle: last place"))
        sheets.append((seat, total, lines))
    placed = places(keys)
    winners = [s for s in keys if placed[s] == 1]
    step = deciding_step(keys, winners)
    decided_by = None
    if len(winners) > 1:
        decided_by = T(SHARED)
    elif step in TIEBREAK_NAMES:
        decided_by = T(TIEBREAK_NAMES[step])
    rows = [
        ScoreRow(
            seat=seat,
            label=T("{name}", name=name(state, seat)),
            score=total,
            won=seat in winners,
            lines=lines,
            place=placed[seat],
        )
        for seat, total, lines in sorted(sheets, key=lambda r: placed[r[0]])
    ]
    reason = (
        T("A main castle was captured.")
        if end["reason"] == "castle"
        else T("The third Great Peace has ended the game.")
    )
    names = L([name(state, s) for s in winners])
    headline = (
        T("{names} wins", names=names)
        if len(winners) == 1
        else T("Shared win: {names}", names=names)
    )
    return Outcome(
        reason=reason,
        headline=headline,
        winners=winners,
        rows=rows,
        decided_by=decided_by,
        starter=first_start(state),
    )


def first_start(state: State) -> int:
    """Who was start player in round 1: the start passes to the left once a round."""
    return (state["start"] - max(0, state["round"] - 1)) % len(state["players"])
