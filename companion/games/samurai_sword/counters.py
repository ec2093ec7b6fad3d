"""The counters on the table (health, honor, hand, Armor, Fast Draw, Focus), defeats and the end.

A phone changes its own counters, the table screen anyone's. Health dropping to 0 is a Defeat
(§4), which moves 1 honor to whoever caused it; after every change that can end the game,
``check_end`` looks for 0 honor and the Swordmaster (§7). Daimyo in hand are counted only at
the end and stay private until then.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, State, require_seat_or_host
from .board import count, max_health, same_team, team, three
from .data import COUNTERS, MAX_DAIMYO, MAX_HONOR


def _defeat(state: State, seat: int, by: int | None) -> Event:
    """§4 Defeat: 1 honor goes from the defeated player to whoever defeated them.

    ``by`` None means the current player; a player knocked out in their own turn gives no
    honor (the event's ``by`` is then None).
    """
    if by is None:
        by = state["turn"]
    if by == seat:
        return {"type": "Defeated", "seat": seat, "by": None}
    if state["honor"][seat] > 0:
        state["honor"][seat] -= 1
        state["honor"][by] = min(MAX_HONOR, state["honor"][by] + 1)
    return {"type": "Defeated", "seat": seat, "by": by}


def check_end(state: State, defeat: Event | None = None) -> list[Event]:
    """§7: the game ends at 0 honor, or with a Swordmaster when only one player has health.

    ``defeat`` is this action's Defeated event, if any. The Swordmaster is checked only on
    the defeat that leaves one player standing (the moment it happens), not again on later
    actions. AMBIGUOUS (both at once): the Swordmaster wins unless that defeat was by a
    teammate; then normal scoring with the −3.
    A teammate's defeat that leaves one player standing without anyone at 0 honor does not
    end the game (the Swordmaster rule "does not apply"): play goes on.
    """
    n = count(state)
    zero = [s for s in range(n) if state["honor"][s] == 0]
    by = defeat["by"] if defeat else None
    teammate = defeat is not None and by is not None and same_team(state, defeat["seat"], by)
    alive = [s for s in range(n) if state["health"][s] > 0]
    swordmaster = alive[0] if defeat is not None and not three(state) and len(alive) == 1 else None
    events: list[Event] = []
    if swordmaster is not None and not teammate:
        state["over"] = {"reason": "swordmaster", "seat": swordmaster}
        events.append({"type": "GameEnded", "reason": "swordmaster", "seat": swordmaster})
    elif zero:
        fatal = None
        if defeat is not None and teammate and defeat["seat"] in zero:
            fatal = {"team": team(state["roles"][by]), "seat": defeat["seat"], "by": by}
        state["over"] = {"reason": "honor", "seats": zero, "fatal": fatal}
        events.append({"type": "GameEnded", "reason": "honor", "seats": zero})
    elif swordmaster is not None:
        events.append({"type": "SwordmasterVoid", "seat": swordmaster})
    if state["over"] is not None:
        state["turn"] = None
        state["phase"] = None
    return events


def act_adjust(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Change one public counter; health reaching 0 is a Defeat (§4)."""
    seat = params["seat"]
    require_seat_or_host(actor, seat)
    counter, delta = params["counter"], params["delta"]
    if delta == 0:
        raise BadValue("no_change", N_("Choose a change other than 0."))
    top = max_health(state, seat) if counter == "health" else COUNTERS[counter][1]
    before = state[counter][seat]
    after = max(0, min(top, before + delta))
    if after == before:
        raise BadValue("at_limit", N_("That counter is already at its limit."))
    state[counter][seat] = after
    events: list[Event] = [
        {
            "type": "Adjusted",
            "seat": seat,
            "counter_t": COUNTERS[counter][0],
            "before": before,
            "after": after,
        }
    ]
    defeat = None
    if counter == "health" and after == 0:
        defeat = _defeat(state, seat, params.get("by"))
        events.append(defeat)
    return events + check_end(state, defeat)


def act_set_daimyo(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """A seat records how many Daimyo it holds (private; counted at the end, §7): a count
    ``n``, or one step ``by`` -1 or 1. The phone's − and + buttons send a step, which carries
    no count of its own, so a phone lying face up shows the same buttons whatever it holds;
    a step past 0 or the most there are is refused with words that name neither bound."""
    n, by = params.get("n"), params.get("by")
    if (n is None) == (by is None) or by == 0:
        raise BadValue("daimyo_n_or_by", N_("Give either a Daimyo count or a step of 1 or -1."))
    if by is not None:
        n = state["daimyo"][actor] + by
        if not 0 <= n <= MAX_DAIMYO:
            raise BadValue(
                "daimyo_bounds",
                N_("Daimyo in hand stay between 0 and {most}: nothing changed."),
                most=MAX_DAIMYO,
            )
    state["daimyo"][actor] = n
    return [{"type": "DaimyoNoted", "seat": actor, "n": n, "to": [actor]}]
