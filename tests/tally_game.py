"""A tiny game for testing the platform on its own: public scores, one private number each.

Each seat has a public score and a secret number only its phone sees. Turns go round;
the first to 10 points wins. It exercises the whole pipeline (turns, permissions, private
events, the end of the game) without depending on any real game's rules.
"""

from __future__ import annotations

from typing import Any

from companion.games import sealed
from companion.games.base import (
    N_,
    Action,
    Actor,
    Event,
    Game,
    NotAllowed,
    Param,
    Rng,
    State,
    T,
    Text,
    require_seat_or_host,
)

TARGET = 10


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    return {
        "players": [{"name": n, "score": 0, "secret": rng.randint(1000, 9999)} for n in players],
        "turn": 0,
        "round": 1,
        "sealed": None,
    }


def add(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    seat = params["seat"]
    require_seat_or_host(actor, seat)
    player = state["players"][seat]
    player["score"] = max(0, player["score"] + params["n"])
    return [{"type": "Scored", "seat": seat, "name": player["name"], "n": params["n"]}]


def set_secret(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    if actor is None:
        raise NotAllowed("seat_only", N_("Only the seat itself can do that."))
    state["players"][actor]["secret"] = params["n"]
    return [{"type": "SecretSet", "seat": actor, "n": params["n"], "to": [actor]}]


def end_turn(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    if actor is not None and actor != state["turn"]:
        raise NotAllowed("not_your_turn", N_("It is not your turn."))
    state["turn"] = (state["turn"] + 1) % len(state["players"])
    if state["turn"] == 0:
        state["round"] += 1
    return [{"type": "TurnPassed", "seat": state["turn"]}]


def bid(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    if not sealed.is_open(state):
        events = [sealed.open_round(state, "bid", list(range(len(state["players"]))))]
    else:
        events = []
    events.append(sealed.submit(state, actor, params["n"]))
    return events


def lock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    events = [sealed.lock(state, actor)]
    if sealed.all_locked(state):
        bids = sealed.reveal(state)
        events.append({"type": "BidsRevealed", "bids": bids})
    return events


def unlock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    return [sealed.unlock(state, actor, params["seat"])]


ACTIONS = {
    a.type: a
    for a in (
        Action(
            "add",
            add,
            (Param("seat", "seat"), Param("n", "int", min=-5, max=5)),
            "Add",
            correction=True,
        ),
        Action("set_secret", set_secret, (Param("n", "int", min=0, max=9999),), "Set secret"),
        Action("end_turn", end_turn, (), "End turn"),
        Action("bid", bid, (Param("n", "int", min=0, max=99),), "Bid"),
        Action("lock", lock, (), "Lock"),
        Action("unlock", unlock, (Param("seat", "seat"),), "Unlock"),
    )
}


def allowed(state: State, actor: Actor) -> list[str]:
    if actor is None:
        return ["add", "end_turn", "unlock"]
    out = ["add", "set_secret", "bid"]
    if sealed.is_open(state):
        out.append("lock")
    if actor == state["turn"]:
        out.append("end_turn")
    return out


def view(state: State, viewer: Actor) -> dict[str, Any]:
    players = [
        {"seat": n, "name": p["name"], "score": p["score"]} for n, p in enumerate(state["players"])
    ]
    out: dict[str, Any] = {
        "players": players,
        "turn": state["turn"],
        "round": state["round"],
        "phase": None,
        "over": result(state) is not None,
        "sealed": sealed.public_view(state) if viewer is None else sealed.seat_view(state, viewer),
    }
    if viewer is not None:
        out["me"] = {"secret": state["players"][viewer]["secret"]}
    return out


def result(state: State) -> dict[str, Any] | None:
    winners = [n for n, p in enumerate(state["players"]) if p["score"] >= TARGET]
    if not winners:
        return None
    return {
        "reason": T("Someone reached {n} points", n=TARGET),
        "headline": T("{name} wins", name=state["players"][winners[0]]["name"]),
        "winners": winners,
        "rows": [
            {
                "seat": n,
                "label": [p["name"], {}],
                "score": p["score"],
                "won": n in winners,
                "lines": [T("Score: {score}", score=p["score"])],
            }
            for n, p in enumerate(state["players"])
        ],
    }


def describe(event: Event) -> Text:
    if event["type"] == "Scored":
        return T("{name} scored {n}", name=event["name"], n=event["n"])
    if event["type"] == "SecretSet":
        return T("Your secret is now {n}", n=event["n"])
    if event["type"] == "BidsRevealed":
        return T("Bids: {bids}", bids=", ".join(str(b) for b in event["bids"]))
    return T("Next turn")


GAME = Game(
    id="tally",
    name="Tally",
    min_players=2,
    max_players=4,
    setup=setup,
    actions=ACTIONS,
    allowed=allowed,
    view=view,
    result=result,
    describe=describe,
)
