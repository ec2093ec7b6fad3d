"""Quorsum's dice: the chance of a roll and of a chain of moves, the turn's declaration (how
the four dice are split, chain steps included), and the planner that offers every one-tap
change to a declaration with its odds.

P = 1 - ((v - 1)/6)^n for one action; a chained move rolls again only the dice that met the
value, so its chance sums over how many dice survive each step.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from ..kit import N_, BadValue, State
from ..kit.odds import odds
from .board import adjacent, legal_flips, neighbours, row_col, step_problem
from .data import DICE, MAX_PLAN


def success_chance(value: int, dice: int) -> Fraction:
    """P(at least one of ``dice`` dice shows >= ``value``) = 1 - ((value - 1)/6)^dice.

    >>> success_chance(4, 3), success_chance(6, 2), success_chance(2, 1)
    (Fraction(7, 8), Fraction(11, 36), Fraction(5, 6))
    """
    return 1 - Fraction(value - 1, 6) ** dice


def chain_chance(values: list[int], dice: int) -> Fraction:
    """Chance that a chain of moves onto tiles of these values all succeeds, starting with ``dice``.

    >>> chain_chance([2, 2], 1)
    Fraction(25, 36)
    """
    # The planner asks for the same few chains again and again (values 1-6, at most 4 dice);
    # exact fractions are slow enough that a replay of a long log felt it.
    return _chain_chance(tuple(values), dice)


@lru_cache(maxsize=4096)
def _chain_chance(values: tuple[int, ...], dice: int) -> Fraction:
    """``chain_chance`` itself, over a tuple so the answer can be cached.

    After each success only the dice that met the value are rolled again, so the number of dice
    shrinks; this sums over how many dice survive each step.

    >>> _chain_chance((4,), 3) == success_chance(4, 3)
    True
    >>> _chain_chance((2, 2), 1)
    Fraction(25, 36)
    >>> _chain_chance((6, 6), 2)  # 1/36 * 11/36 (both met) + 10/36 * 1/6 (one met)
    Fraction(71, 1296)
    """
    spread = {dice: Fraction(1)}  # dice in hand -> probability
    for value in values:
        hit = Fraction(7 - value, 6)
        after: dict[int, Fraction] = {}
        for held, prob in spread.items():
            for met in range(1, held + 1):
                p = comb(held, met) * hit**met * (1 - hit) ** (held - met)
                after[met] = after.get(met, Fraction(0)) + prob * p
        spread = after
    return sum(spread.values(), Fraction(0))


def values_of(state: State, act: dict[str, Any]) -> list[int]:
    """The values of the tiles a declared action tries, its planned chain included."""
    return [state["tiles"][t]["value"] for t in [act["tile"], *act["path"]]]


def plan_chance(state: State, plan: list[dict[str, Any]]) -> Fraction:
    """Chance that every declared action (with its planned chain) succeeds."""
    total = Fraction(1)
    for act in plan:
        total *= chain_chance(values_of(state, act), act["dice"])
    return total


def rolled_any(state: State) -> bool:
    """Has a die been rolled this turn (so the declaration stands)?"""
    return any(a["rolls"] for a in state["plan"])


# --- The declaration ------------------------------------------------------------------------


def parse_plan(state: State, seat: int, params: dict[str, Any]) -> list[dict[str, Any]]:
    """Turn the three parallel lists of ``declare`` into planned actions, checking their shape."""
    pieces, tiles, dice = params["pieces"], params["tiles"], params["dice"]
    if not pieces or not len(pieces) == len(tiles) == len(dice):
        raise BadValue(
            "bad_plan",
            N_("Give a piece (or -1 for a flip), a tile and a number of dice for each action."),
        )
    plan: list[dict[str, Any]] = []
    for piece, tile, n in zip(pieces, tiles, dice, strict=True):
        if n == 0:
            _add_chain_step(plan, piece, tile)
            continue
        if piece == -1:
            plan.append(_plan_entry("flip", None, tile, n))
            continue
        if state["pieces"][piece]["owner"] != seat:
            raise BadValue("not_your_piece", N_("You can only move your own pieces."))
        plan.append(_plan_entry("move", piece, tile, n))
    if sum(a["dice"] for a in plan) > DICE:
        raise BadValue("too_many_dice", N_("You have only {n} dice."), n=DICE)
    _check_first_steps(state, plan)
    return plan


def _plan_entry(kind: str, piece: int | None, tile: int, dice: int) -> dict[str, Any]:
    return {
        "kind": kind,
        "piece": piece,
        "tile": tile,
        "dice": dice,
        "path": [],  # planned chain destinations after `tile` (for the odds)
        "status": "pending",
        "rolls": [],
        "chain_dice": 0,
    }


def _add_chain_step(plan: list[dict[str, Any]], piece: int, tile: int) -> None:
    last = plan[-1] if plan else None
    if last is None or last["kind"] != "move" or last["piece"] != piece:
        raise BadValue(
            "bad_chain",
            N_("An entry with 0 dice must continue the move just before it, with the same piece."),
        )
    prev = last["path"][-1] if last["path"] else last["tile"]
    if not adjacent(prev, tile):
        raise BadValue("not_adjacent", N_("Each step of a chain must go to a neighbouring tile."))
    last["path"].append(tile)


def _check_first_steps(state: State, plan: list[dict[str, Any]]) -> None:
    """A move must start next to its piece, or next to where another declared move takes it.

    The actions may be tried in any order, so two separate moves of one piece are fine.
    """
    for act in plan:
        if act["kind"] != "move":
            continue
        starts = {state["pieces"][act["piece"]]["tile"]}
        for other in plan:
            if other is not act and other["kind"] == "move" and other["piece"] == act["piece"]:
                starts.update([other["tile"], *other["path"]])
        if not any(adjacent(s, act["tile"]) for s in starts):
            raise BadValue(
                "not_adjacent", N_("Each planned move must go to a tile next to the piece.")
            )


# --- The declaration planner -----------------------------------------------------------------
# A declaration is three parallel lists (see ``parse_plan``). The planner lists every way to
# add to, change or shorten the current declaration as the finished lists to post again, so a
# screen can offer each as one tap (a declaration may be redone until a die is rolled).


def tile_ref(state: State, tile: int, dice: int | None = None) -> dict[str, Any]:
    """A tile as the views name it; with ``dice``, the chance of a roll onto it."""
    row, col = row_col(tile)
    cell = state["tiles"][tile]
    ref = {"tile": tile, "row": row, "col": col, "value": cell["value"], "face": cell["face"]}
    if dice:
        ref["chance"] = odds(success_chance(ref["value"], dice))
    return ref


def _plan_entries(plan: list[dict[str, Any]]) -> list[tuple[int, int, int]]:
    """The declaration as (piece or -1, tile, dice) entries, chain steps with 0 dice."""
    entries: list[tuple[int, int, int]] = []
    for act in plan:
        piece = act["piece"] if act["kind"] == "move" else -1
        entries.append((piece, act["tile"], act["dice"]))
        entries.extend((piece, t, 0) for t in act["path"])
    return entries


def _lists(entries: list[tuple[int, int, int]]) -> dict[str, str]:
    return {
        key: ",".join(str(e[i]) for e in entries)
        for i, key in enumerate(("pieces", "tiles", "dice"))
    }


def planner_view(state: State) -> dict[str, Any] | None:
    """Every one-tap change to the turn's declaration, each with its odds (None when closed)."""
    if state["phase"] not in ("declare", "resolve") or rolled_any(state):
        return None
    seat, plan = state["turn"], state["plan"]
    entries = _plan_entries(plan)
    left = DICE - sum(a["dice"] for a in plan)
    room = len(entries) < MAX_PLAN

    def choices(value: int, extra: tuple[int, int]) -> list[dict[str, Any]]:
        if not room:
            return []
        return [
            {
                "dice": n,
                "chance": odds(success_chance(value, n)),
                "lists": _lists([*entries, (extra[0], extra[1], n)]),
            }
            for n in range(1, left + 1)
        ]

    moves = []
    for pid, piece in enumerate(state["pieces"]):
        if piece["owner"] != seat:
            continue
        here = piece["tile"]
        options = []
        for dest in neighbours(here):
            ref = tile_ref(state, dest)
            options.append(
                {
                    **ref,
                    "problem_t": step_problem(state, pid, here, dest),
                    "choices": choices(ref["value"], (pid, dest)),
                }
            )
        options.sort(key=lambda o: o["problem_t"] is not None)
        moves.append({"piece": pid, "tile": here, "options": options})

    declared_flips = {a["tile"] for a in plan if a["kind"] == "flip"}
    flips = [
        {
            **tile_ref(state, t),
            "choices": choices(state["tiles"][t]["value"], (-1, t)),
        }
        for t in legal_flips(state)
        if t not in declared_flips
    ]

    chains, edits = [], []
    at = 0  # position of each action's first entry in ``entries``
    for index, act in enumerate(plan):
        size = 1 + len(act["path"])
        before, mine, after = entries[:at], entries[at : at + size], entries[at + size :]
        at += size
        values = values_of(state, act)
        edits.append(
            {
                "index": index,
                "choices": [
                    {
                        "dice": n,
                        "current": n == act["dice"],
                        "chance": odds(chain_chance(values, n)),
                        "lists": _lists([*before, (mine[0][0], mine[0][1], n), *mine[1:], *after]),
                    }
                    for n in range(1, act["dice"] + left + 1)
                ],
                "remove": _lists(before + after) if len(plan) > 1 else None,
                "trim": _lists(before + mine[:-1] + after) if act["path"] else None,
            }
        )
        if act["kind"] != "move" or not room:
            continue
        steps = [state["pieces"][act["piece"]]["tile"], act["tile"], *act["path"]]
        options = []
        for dest in neighbours(steps[-1]):
            if dest == steps[-2]:
                continue  # straight back where it came from
            value = state["tiles"][dest]["value"]
            options.append(
                {
                    **tile_ref(state, dest),
                    "problem_t": step_problem(state, act["piece"], steps[-1], dest),
                    "chance": odds(chain_chance([*values, value], act["dice"])),
                    "lists": _lists([*before, *mine, (act["piece"], dest, 0), *after]),
                }
            )
        options.sort(key=lambda o: o["problem_t"] is not None)
        chains.append({"index": index, "piece": act["piece"], "options": options})

    return {
        "dice_left": left,
        "moves": moves,
        "flips": flips,
        "chains": chains,
        "edits": edits,
    }
