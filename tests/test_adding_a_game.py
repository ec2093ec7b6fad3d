"""A sixth game, added by following ``docs/adding-a-game.md`` and nothing else.

Coin race: each seat has a public position on a track of 10 spaces and a private count of
coins (the real coins in that player's hand, which only its phone shows). Turns go round; on
its turn a seat moves 1-3 spaces; the host corrects a position to match the real board; the
first seat to reach the end wins, and the result sheet shows everyone's coins.

The game is written here module by module, as the guide lays a package out, registered in
``GAMES`` only while a test runs, played through the Flask test client and through the
secrecy property checker with a scrambler written here.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from flask import Flask

from companion.games import GAMES
from companion.games.kit import (
    HOST,
    N_,
    SEAT,
    SHELL_VIEW_KEYS,
    TURN,
    Action,
    Actor,
    Counter,
    Event,
    Game,
    Lines,
    Outcome,
    Param,
    Phases,
    Rng,
    ScoreRow,
    State,
    T,
    as_is,
    correct,
    correction_line,
    derive_allowed,
    name_of,
    next_seat,
)
from companion.games.kit.driver import Table
from companion.web import gamedocs

from .conftest import csrf
from .secrecy import scramblers
from .secrecy.checker import Leak, run
from .secrecy.scramblers import other_int, secrets_of

# --------------------------------------------------------------------------- data.py

GAME_ID = "coin-race"
TRACK = 10  # the space that wins
MOST_COINS = 9

# --------------------------------------------------------------------------- setup.py

PHASES = Phases([("race", N_("Race"))])


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    return {
        "players": [{"name": n, "position": 0, "coins": rng.randint(0, 3)} for n in players],
        "turn": 0,
        "round": 1,
        "phase": "race",
    }


# --------------------------------------------------------------------------- rules.py

POSITION = Counter(
    "position",
    N_("position"),
    lo=0,
    hi=TRACK,
    get=lambda state, seat: state["players"][seat]["position"],
    put=lambda state, seat, value: state["players"][seat].__setitem__("position", value),
)


def move(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    player = state["players"][actor]
    player["position"] = min(TRACK, player["position"] + params["steps"])
    state["turn"] = next_seat(actor, len(state["players"]))
    if state["turn"] == 0:
        state["round"] += 1
    return [{"type": "Moved", "seat": actor, "steps": params["steps"], "at": player["position"]}]


def count_coins(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    state["players"][actor]["coins"] = params["n"]
    # "to": only this seat ever reads the line.
    return [{"type": "CoinsCounted", "seat": actor, "n": params["n"], "to": [actor]}]


def set_position(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The host puts a piece where it stands on the real track: a kit correction."""
    return [correct(state, POSITION, params["seat"], params["position"], by=actor)]


ACTIONS = {
    a.type: a
    for a in (
        Action(
            "move",
            move,
            (Param("steps", "int", min=1, max=3),),
            N_("Move"),
            doc="Move your piece 1-3 spaces; the turn passes on.",
            who=TURN,
            phases=("race",),
        ),
        Action(
            "count_coins",
            count_coins,
            (Param("n", "int", min=0, max=MOST_COINS),),
            N_("Count coins"),
            doc="Say how many coins you hold (only your phone shows it).",
            who=SEAT,
            phases=("race",),
        ),
        Action(
            "set_position",
            set_position,
            (Param("seat", "seat"), Param("position", "int", min=0, max=TRACK)),
            N_("Set position"),
            doc="Put a piece where it stands on the real track.",
            who=HOST,
            correction=True,
            # Public: only a piece put on the last space can end the race (and show the coins).
            may_reveal=lambda view, params: params["position"] >= TRACK,
        ),
    )
}

allowed = derive_allowed(ACTIONS, phase=PHASES.current, turn=lambda state: state["turn"])

# --------------------------------------------------------------------------- scoring.py


def result(state: State) -> Outcome | None:
    winners = [n for n, p in enumerate(state["players"]) if p["position"] >= TRACK]
    if not winners:
        return None
    return Outcome(
        reason=T("A piece reached the end of the track"),
        headline=T("{name} wins the race", name=state["players"][winners[0]]["name"]),
        winners=winners,
        rows=[
            ScoreRow(
                seat=n,
                label=as_is(p["name"]),
                score=p["position"],
                won=n in winners,
                lines=[T("Coins: {n}", n=p["coins"])],  # the end shows every hand
            )
            for n, p in enumerate(state["players"])
        ],
    )


# --------------------------------------------------------------------------- view.py


def private_view(state: State, seat: int) -> dict[str, Any]:
    return {"coins": state["players"][seat]["coins"]}


def view(state: State, viewer: Actor) -> dict[str, Any]:
    out: dict[str, Any] = {
        "players": [
            {"seat": n, "name": p["name"], "position": p["position"]}
            for n, p in enumerate(state["players"])
        ],
        "turn": state["turn"],
        "round": state["round"],
        "phase": PHASES.label(PHASES.current(state)),
        "over": result(state) is not None,
        "track": TRACK,
    }
    if viewer is not None:
        out["me"] = private_view(state, viewer)
    return out


# --------------------------------------------------------------------------- lines.py

LINES = Lines(
    {
        "Moved": lambda e, players: T(
            "{name} moved {n} to space {at}", name=name_of(e, players), n=e["steps"], at=e["at"]
        ),
        "CoinsCounted": lambda e, players: T("You hold {n} coins", n=e["n"]),
        "Corrected": correction_line,
    }
)

# --------------------------------------------------------------------------- __init__.py

GAME = Game(
    id=GAME_ID,
    name=N_("Coin race"),
    min_players=2,
    max_players=4,
    setup=setup,
    actions=ACTIONS,
    allowed=allowed,
    view=view,
    result=result,
    describe=LINES.describe,
    private=("coins in hand",),
    sealed=False,
    private_view=private_view,
    phases=tuple((name, PHASES.labels[name]) for name in PHASES.order),
)

# --------------------------------------------------------------------------- the scrambler


def scramble(state: State, seat: int, rng: Any) -> State:
    """That seat's coins become another valid count; every public fact stays."""
    new = copy.deepcopy(state)
    player = new["players"][seat]
    player["coins"] = other_int(rng, 0, MOST_COINS, player["coins"])
    return new


def redraw(state: State, seat: int, action: dict[str, Any], rng: Any) -> dict[str, Any] | None:
    if action["type"] == "count_coins":
        return {**action, "n": other_int(rng, 0, MOST_COINS, action.get("n"))}
    return None


# --------------------------------------------------------------------------- the tests


@pytest.fixture
def coin_race() -> Iterator[Game]:
    """The sixth game in the registry for one test: the guide's one line in ``GAMES``."""
    GAMES[GAME_ID] = GAME
    yield GAME
    GAMES.pop(GAME_ID, None)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_rules_play_on_the_kits_test_table():
    table = Table(GAME, ["Ann", "Bo"], seed=3)
    table.act(0, "count_coins", n=5)
    table.act(0, "move", steps=3)
    assert table.refused(0, "move", steps=1).code == "not_now"  # Bo's turn now
    assert table.refused(1, "move", steps=4).code == "out_of_range"
    table.act(None, "set_position", seat=1, position=9)
    table.act(1, "move", steps=2)
    assert table.outcome["winners"] == [1]
    assert table.lines(1)[-1] == [
        "{name} moved {n} to space {at}",
        {"name": "Bo", "n": 2, "at": 10},
    ]
    assert ["You hold {n} coins", {"n": 5}] in table.lines(0)
    assert ["You hold {n} coins", {"n": 5}] not in table.lines(1) + table.lines(None)


def test_it_honours_the_contract_the_platform_relies_on():
    state = setup(["Ann", "Bo", "Cy"], {}, random.Random(1))
    assert json.loads(json.dumps(state)) == state
    public = view(state, None)
    assert set(SHELL_VIEW_KEYS) <= set(public) and "me" not in public
    for seat in range(3):
        assert view(state, seat) == {**public, "me": private_view(state, seat)}


def test_it_is_played_through_the_web_from_a_new_table_to_its_result(app: Flask, coin_race):
    client = app.test_client()
    assert GAME_ID in [g["id"] for g in client.get("/api/games").json]
    created = client.post("/api/tables", json={"game": GAME_ID, "players": ["Ann", "Bo"]})
    assert created.status_code == 201, created.json
    table, host = created.json["id"], bearer(created.json["host_token"])
    ann_code, bo_code = (s["join_code"] for s in created.json["seats"])
    ann = bearer(client.post("/api/join", json={"code": ann_code}).json["token"])
    bo_phone = app.test_client()
    assert bo_phone.get(f"/join/{bo_code}").status_code == 303  # the QR code's link
    act = f"/api/tables/{table}/actions"

    reply = client.post(act, json={"type": "count_coins", "n": 7}, headers=ann)
    assert reply.status_code == 200, reply.json
    assert reply.json["view"]["me"] == {"coins": 7}
    assert "coins" not in json.dumps(client.get(f"/api/tables/{table}", headers=host).json)
    reply = client.post(act, json={"type": "move", "steps": 2}, headers=host)
    assert reply.status_code == 403  # the host has no turn
    assert client.post(act, json={"type": "move", "steps": 3}, headers=ann).status_code == 200
    fixed = client.post(act, json={"type": "set_position", "seat": 1, "position": 9}, headers=host)
    assert fixed.status_code == 200, fixed.json
    assert fixed.json["events"][0]["text"] == "Table screen: Bo's position 0 → 9"

    table_page = client.get(f"/t/{table}").get_data(as_text=True)  # the generic templates
    assert "Bo" in table_page and ">9<" in table_page
    bo_page = bo_phone.get(f"/t/{table}/seat")
    assert bo_page.status_code == 200
    bo_coins = app.extensions["tables"].load(table).state["players"][1]["coins"]
    assert f"<dd>{bo_coins}</dd>" in bo_page.get_data(as_text=True)

    # Bo's phone moves through its page's form, as a person taps it, and wins.
    form = {"type": "move", "steps": "1", "csrf_token": csrf(bo_page.get_data(as_text=True))}
    moved = bo_phone.post(f"/t/{table}/seat/act", data=form)
    assert moved.status_code == 303
    final = client.get(f"/api/tables/{table}/result", headers=host)
    assert final.status_code == 200
    assert final.json["winners"] == [1]
    assert final.json["headline"] == "Bo wins the race"
    assert final.json["rows"][0]["lines"] == ["Coins: 7"]
    undo = client.post(f"/api/tables/{table}/undo", headers=host)
    assert undo.json["error"]["code"] == "undo_barrier"  # the end showed every hand


def test_the_secrecy_suite_fails_until_the_game_has_a_scrambler(monkeypatch):
    with pytest.raises(pytest.fail.Exception, match="no entry for it in SCRAMBLERS"):
        secrets_of(GAME)
    monkeypatch.setitem(scramblers.SCRAMBLERS, GAME_ID, scramble)
    monkeypatch.setitem(scramblers.PRIVATE_ACTIONS, GAME_ID, redraw)
    assert secrets_of(GAME) == (scramble, redraw)


@pytest.mark.parametrize("seed", range(6))
def test_no_viewer_can_tell_another_seats_coins_apart(monkeypatch, seed):
    monkeypatch.setitem(scramblers.SCRAMBLERS, GAME_ID, scramble)
    monkeypatch.setitem(scramblers.PRIVATE_ACTIONS, GAME_ID, redraw)
    found, found_redraw = secrets_of(GAME)
    rng = random.Random(seed)
    players = ["Ann", "Bo", "Cy"][: rng.randint(2, 3)]
    stats = run(GAME, found, found_redraw, {}, rng, 60, players, {}, seed)
    assert stats.scrambles and stats.accepted


def test_the_check_catches_a_view_that_shows_everyones_coins():
    def leaky(state: State, viewer: Actor) -> dict[str, Any]:
        return {**view(state, viewer), "coins": [p["coins"] for p in state["players"]]}

    with pytest.raises(Leak):
        run(
            replace(GAME, view=leaky), scramble, redraw, {}, random.Random(1), 30, ["A", "B"], {}, 1
        )


def test_its_docs_table_is_generated_from_its_declarations():
    block = gamedocs.block(GAME)
    assert "| `move` | the player whose turn it is | Race |" in block
    assert "| `set_position` | the host (table screen) | any time (a correction) |" in block


def test_the_kits_correction_event_reads_as_a_public_line():
    from companion.pipeline.tables import PUBLIC, Viewer
    from companion.web.screens import visible

    event = correct(setup(["Ann", "Bo"], {}, random.Random(1)), POSITION, 1, 4, by=None)
    assert visible(event, PUBLIC) and visible(event, Viewer("seat", 0))
