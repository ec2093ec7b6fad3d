"""3 Kingdoms Battle's set-ups for its rules tests: a new game and cities put on the board as
the game stores them."""

from __future__ import annotations

from typing import Any

from companion.games.three_kingdoms import GAME
from tests.fixtures.rules import Rules

NAMES = ["Ann", "Bob", "Cy"]
ANN, BOB, CY = 0, 1, 2


RULES = Rules("three-kingdoms", seed=1)
act = RULES.act
raw = RULES.raw


def new(n: int = 3, **options: Any) -> dict[str, Any]:
    return RULES.new(n, **options)


def add_city(
    state: dict[str, Any],
    troops: dict[int, tuple[int, int]],
    tiles: int = 2,
    spaces: int = 4,
    complete: bool = True,
    owner: int | None = -1,
) -> int:
    """Put a city on the board: ``troops`` maps seat -> (alert, hold)."""
    cid = state["next_city"]
    state["next_city"] += 1
    rows = [[0, 0] for _ in state["players"]]
    for seat, (a, h) in troops.items():
        rows[seat] = [a, h]
    if owner == -1:
        owner = next(iter(troops)) if complete and len(troops) == 1 else None
    size = ("large" if tiles >= 4 else "small") if complete else None
    state["cities"].append(
        {
            "id": cid,
            "tiles": tiles,
            "spaces": spaces,
            "complete": complete,
            "size": size,
            "owner": owner,
            "troops": rows,
        }
    )
    return cid


def city(state: dict[str, Any], cid: int) -> dict[str, Any]:
    return next(c for c in state["cities"] if c["id"] == cid)


def score(state: dict[str, Any], seat: int) -> int:
    return GAME.view(state, None)["players"][seat]["score"]


def supply(state: dict[str, Any], seat: int) -> int:
    return GAME.view(state, None)["players"][seat]["supply"]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def seed_example_one() -> dict[str, Any]:
    """Digest §4: Ann completes a 4-tile city with 1 Hold troop; Bob has 2 Alert, Cy 1 Alert."""
    state = new()
    cid = add_city(state, {BOB: (2, 0), CY: (1, 0)}, tiles=3, spaces=5, complete=False)
    state, events = act(state, ANN, "expand", spaces=1, city=cid, hold=1, complete=True)
    assert "CivilWarStarted" in types(events)
    return state


def tied_board(**options: Any) -> dict[str, Any]:
    """Ann and Bob each control a small city; Cy trails."""
    state = new(**options)
    add_city(state, {ANN: (1, 0)})
    add_city(state, {BOB: (1, 0)})
    state["tiles_left"] = 1
    return state


def end(state: dict[str, Any]) -> dict[str, Any]:
    state, _ = act(state, state["turn"], "expand", spaces=0)
    return GAME.outcome(state)
