"""Moving armies: costs to the reserve, the 6 marker, the winner's armies and the shortfall.

Armies come from the pool first. What the pool lacks comes from the board: when the source is
forced the app takes it at once, otherwise it waits (``state["pending"]``) for the owner to
choose the province (``take``). Nothing else may happen in between.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Event, State
from .common import note, opts
from .data import adjacent


def pay(
    state: State, events: list[Event], seat: int, n: int, dest: str, p: int | None, why: str
) -> None:
    """Move ``n`` of ``seat``'s armies to the reserve or to the marker box above ``p``.

    They come from the pool first (the player could also choose the board: the host's
    ``move_armies`` fixes that); whatever the pool lacks comes from the board, the owner
    choosing the province when there is a choice.
    """
    from_pool = min(n, state["pool"][seat])
    state["pool"][seat] -= from_pool
    _put(state, seat, from_pool, dest, p)
    if from_pool:
        moved: Event = {"type": "ArmiesMoved", "seat": seat, "n": from_pool, "dest": dest}
        moved |= {"why": why} if dest == "reserve" else {"province": p}
        note(state, events, moved)
    if n > from_pool:
        state["pending"].append(
            {
                "kind": "pay",
                "seat": seat,
                "n": n - from_pool,
                "dest": dest,
                "province": p,
                "why": why,
            }
        )


def _put(state: State, seat: int, n: int, dest: str, p: int | None) -> None:
    if dest == "reserve":
        state["reserve"][seat] += n
    elif dest == "marker":
        assert p is not None
        state["markers"][seat][p] += n
    else:  # a province: the target of a shortfall
        assert p is not None
        state["armies"][seat][p] += n


def place(state: State, events: list[Event], seat: int, p: int, n: int) -> None:
    """The winner puts ``n`` armies into ``p``: from the pool, then the shortfall rule."""
    from_pool = min(n, state["pool"][seat])
    state["pool"][seat] -= from_pool
    state["armies"][seat][p] += from_pool
    if from_pool:
        note(state, events, {"type": "ArmiesPlaced", "seat": seat, "n": from_pool, "province": p})
    if n > from_pool:
        note(state, events, {"type": "Shortfall", "seat": seat, "n": n - from_pool})
        state["pending"].append(
            {
                "kind": "shortfall",
                "seat": seat,
                "n": n - from_pool,
                "dest": "province",
                "province": p,
                "why": N_("shortfall"),
            }
        )


def move_after(state: State, events: list[Event], p: int, winner: int, d: int) -> None:
    """Section 5: the loser's armies go back first, the winner fills in the rest."""
    loser = 1 - winner
    back = min(state["armies"][loser][p], d)
    if back:
        state["armies"][loser][p] -= back
        state["pool"][loser] += back
        note(state, events, {"type": "ArmiesRetreat", "seat": loser, "n": back, "province": p})
    if d > back:
        place(state, events, winner, p, d - back)


def sources(state: State, ob: dict[str, Any]) -> list[int]:
    """Provinces an obligation may take armies from."""
    seat = ob["seat"]
    skip = ob["province"] if ob["kind"] == "shortfall" else None
    return [q for q in range(5) if q != skip and state["armies"][seat][q] > 0]


def suggested(state: State, ob: dict[str, Any]) -> list[int]:
    """Shortfall sources: adjacent provinces first (a suggestion only, as the digest proposes)."""
    found = sources(state, ob)
    if ob["kind"] != "shortfall":
        return found
    near = [q for q in found if q in adjacent(opts(state)["adjacency"], ob["province"])]
    return near or found


def take(state: State, events: list[Event], q: int, n: int) -> None:
    """Fulfil ``n`` of the first obligation from province ``q``."""
    ob = state["pending"][0]
    seat = ob["seat"]
    state["armies"][seat][q] -= n
    _put(state, seat, n, ob["dest"], ob["province"])
    ob["n"] -= n
    taken: Event = {"type": "ArmiesTaken", "seat": seat, "n": n, "from": q, "dest": ob["dest"]}
    taken |= {"why": ob["why"]} if ob["dest"] == "reserve" else {"province": ob["province"]}
    note(state, events, taken)
    if ob["n"] <= 0:
        state["pending"].pop(0)


def settle(state: State, events: list[Event]) -> None:
    """Carry out every obligation whose source is forced; stop at the first real choice."""
    while state["pending"]:
        ob = state["pending"][0]
        found = sources(state, ob)
        if not found:
            note(state, events, {"type": "NothingToMove", "seat": ob["seat"], "n": ob["n"]})
            state["pending"].pop(0)
            continue
        available = sum(state["armies"][ob["seat"]][q] for q in found)
        if len(found) > 1 and available > ob["n"]:
            return
        for q in found:
            if not state["pending"] or state["pending"][0] is not ob:
                break
            take(state, events, q, min(ob["n"], state["armies"][ob["seat"]][q]))
