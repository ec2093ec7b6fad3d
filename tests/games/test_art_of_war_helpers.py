"""The Art of War's set-ups for its rules tests: the rules driver bound to the game, a game
at round 1, sealed rounds revealed and scenarios built by hand."""

from __future__ import annotations

from typing import Any

from companion.games.art_of_war import GAME
from tests.fixtures.rules import Rules

RULES = Rules("art-of-war")
act = RULES.act


def new_game(
    n: int = 3, seed: int = 1, start: int = 0, soldiers: int = 4, food: int = 3, **options: Any
) -> dict:
    """A game at round 1, phase 0, with start player ``start`` and the same split for all."""
    state = RULES.new(n, seed=seed, players=[f"P{i}" for i in range(n)], **options)
    if state["start"] != start:
        state, _ = act(state, None, "set_start_player", seat=start)
    for seat in range(n):
        state, _ = act(
            state, seat, "choose_setup", advisor=0, general=0, soldiers=soldiers, food=food
        )
        state, _ = act(state, seat, "lock")
    return state


def reveal(state: dict, type_: str, choices: dict[int, Any], key: str) -> tuple[dict, list]:
    """Every seat in the open sealed round submits ``choices[seat]`` and locks in."""
    events: list = []
    for seat in list(state["sealed"]["seats"]):
        state, _ = act(state, seat, type_, **{key: choices[seat]})
        state, ev = act(state, seat, "lock")
        events += ev
    return state, events


def set_buildings(state: dict, seat: int, *keys: str) -> None:
    """Give ``seat`` completed buildings in its main castle."""
    for key in keys:
        state["buildings"].append(
            {
                "key": key,
                "city": f"castle-{seat}",
                "progress": 0,
                "done": True,
                "workers": 0,
                "builders": 0,
            }
        )


def clear_buildings(state: dict) -> None:
    state["buildings"] = []


def at_phase(state: dict, phase: int, stances: list[str] | None = None, step: str = "") -> dict:
    """Put a state straight into ``phase`` (a mid-game scenario), with the given stances."""
    state["sealed"] = None
    state["phase"] = phase
    state["step"] = step
    if stances:
        for seat, stance in enumerate(stances):
            state["p"][seat]["stance"] = stance
    return state


def to_war(state: dict, stances: list[str], supply: list[int]) -> dict:
    """From construction payments into phase 5 with the given soldiers in hand."""
    state = at_phase(state, 4, stances, "payments")
    for seat, n in enumerate(supply):
        state["p"][seat]["supply"] = n
        state["p"][seat]["at"] = {}
    state, _ = act(state, None, "next")
    assert state["step"] == "deploy"
    return state


def counts(state: dict, plan: dict[str, int]) -> list[int]:
    """A deployment plan (location -> soldiers) as the deploy action's counts per location."""
    return [plan.get(loc["loc"], 0) for loc in GAME.view(state, None)["map"]["locations"]]


def deploy(state: dict, plans: dict[int, dict[str, int]]) -> tuple[dict, list]:
    """Every deploying seat submits its plan (location -> soldiers) and locks in."""
    events: list = []
    for seat in list(state["sealed"]["seats"]):
        state, _ = act(state, seat, "deploy", counts=counts(state, plans[seat]))
        state, ev = act(state, seat, "lock")
        events += ev
    return state, events


def orders(state: dict, by_seat: dict[int, str]) -> dict:
    state, _ = reveal(state, "choose_order", by_seat, "order")
    return state


def plain(state: dict) -> dict:
    """No random advisors or buildings in the way: a neutral mid-game scenario."""
    clear_buildings(state)
    for p in state["p"]:
        p["advisor"] = None
        p["general"] = "kou"
        p["tactics"] = 0
    return state


def at_construction(state, step="purchase", stances=None):
    return at_phase(state, 4, stances or ["peace"] * len(state["players"]), step)


def at_the_end(state):
    state["over"] = {"reason": "peace", "captor": None, "loser": None}
    return state


def war(n=2, stances=("war", "peace"), supply=(10, 5), plans=None, camps=None, **options):
    """A scenario at phase 5 after the secret deployment was revealed."""
    state = plain(new_game(n, **options))
    state["event"]["current"] = "ships"  # a harmless event
    if camps is not None:
        for camp, n_bandits in zip(state["camps"], camps, strict=False):
            camp["bandits"] = n_bandits
    state = to_war(state, list(stances), list(supply))
    state, _ = deploy(state, plans)
    return state


def at_city_1(*soldiers: int, **options):
    """Every seat sends all its ``soldiers`` to city-1, the small city of seat 1 (at Peace, the
    others at War), with no neutral cities."""
    return war(
        n=len(soldiers),
        stances=("war", "peace", "war")[: len(soldiers)],
        supply=soldiers,
        plans={seat: {"city-1": n} for seat, n in enumerate(soldiers)},
        neutral_cities=False,
        **options,
    )


def current(state):
    view = GAME.view(state, None)
    return next(b for b in view["battles"] if "forces" in b)


def cps(state):
    return {f["seat"]: f["cp"] for f in current(state)["forces"]}


def resolve(state):
    state, events = act(state, None, "resolve_battle")
    return state, events


def play(state, seat, card, **params):
    state["p"][seat]["tactics"] += 1
    return act(state, seat, "play_tactic", card=card, **params)[0]


def general(state, seat, key, **params):
    state["p"][seat]["general"] = key
    return act(state, seat, "use_general", **params)
