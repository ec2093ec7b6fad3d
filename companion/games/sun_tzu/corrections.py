"""The host's corrections, when the real board disagrees with the app: armies and the score.

A correction is an ordinary logged action, shown to everyone as what changed. Moving armies
keeps each colour's 21 armies (it only moves them between places), and whatever the rules
derive from the board (forced moves, the face-up event) follows the corrected board.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, State
from .common import note
from .data import PROVINCES
from .events import stabilise


def _place_ref(state: State, seat: int, where: str) -> tuple[list[int], int]:
    """The list and index that hold ``seat``'s armies at ``where`` (one of ``PLACES``)."""
    if where in ("pool", "reserve"):
        return state[where], seat
    if where.startswith("mark_"):
        return state["markers"][seat], PROVINCES.index(where[5:])
    return state["armies"][seat], PROVINCES.index(where)


def act_move_armies(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Move ``n`` of a player's armies from one place to another; the total is kept."""
    seat, src, dst, n = params["seat"], params["src"], params["dst"], params["n"]
    if src == dst:
        raise BadValue("same_place", N_("Choose two different places."))
    src_list, si = _place_ref(state, seat, src)
    if src_list[si] < n:
        raise BadValue("not_enough", N_("There are not that many armies there."))
    if dst in PROVINCES and state["armies"][1 - seat][PROVINCES.index(dst)] > 0:
        raise BadValue("two_colours", N_("A province never holds both colours."))
    dst_list, di = _place_ref(state, seat, dst)
    src_list[si] -= n
    dst_list[di] += n
    events: list[Event] = []
    note(state, events, {"type": "Corrected", "seat": seat, "n": n, "src": src, "dst": dst})
    stabilise(state, events)
    return events


def act_set_score(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Set the score marker where it stands on the real track."""
    state["score"] = params["score"]
    return [{"type": "Corrected", "score": params["score"]}]
