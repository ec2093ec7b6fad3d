"""3 Kingdoms Battle's set-ups for its rules tests: a new game and cities put on the board as
the game stores them."""

from __future__ import annotations

import json
import random
from typing import Any

from companion.games.kit.driver import apply, fresh_copy, run
from companion.games.three_kingdoms import GAME

NAMES = ["Ann", "Bob", "Cy"]
ANN, BOB, CY = 0, 1, 2


def new(n: int = 3, **options: Any) -> dict[str, Any]:
    opts = {o.name: o.default for o in GAME.options}
    opts.update(options)
    return GAME.setup(["Ann", "Bob", "Cy", "Dee", "Eve"][:n], opts, random.Random(0))


def act(state: dict[str, Any], actor: int | None, kind: str, seed: int = 1, **params: Any):
    """One action through the kit's driver (checks, a copy, the table's seeded randomness);
    every event has a history line with every placeholder filled."""
    state, events = apply(GAME, state, actor, {"type": kind, **params}, seed, 1)
    assert json.loads(json.dumps(state)) == state
    assert json.loads(json.dumps(events)) == events
    players = [p["name"] for p in state["players"]]
    for event in events:
        msgid, values = GAME.describe(event, players)
        msgid.format(**values)  # every placeholder is filled
    return state, events


def raw(state: dict[str, Any], actor: int | None, kind: str, **params: Any):
    """Run the action past the driver's checks (to see the game's own refusals)."""
    return run(GAME, fresh_copy(state), actor, {"type": kind, **params}, 1, 1)


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
