"""The guide's game: ``docs/adding-a-game.md`` step by step, on the example package it walks.

The example, Tally (``companion/games/example/``), is what a sixth game copies: phases with an
enter hook, a counter with its logged correction, a sealed round, a private view and labels,
each part registered explicitly in its ``__init__``. These tests take the guide's steps on it
in order: the rules on the kit's test table, the contract, the generated docs, a table played
through the Flask test client to its result, and the secrecy suite with its scrambler.
"""

from __future__ import annotations

import importlib
import json
import random
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.games import GAMES
from companion.games.example import GAME, data, rules
from companion.games.kit import SHELL_VIEW_KEYS, Actor, Game, State, correct
from companion.games.kit.driver import Table
from companion.web import gamedocs

from .conftest import csrf
from .secrecy import scramblers
from .secrecy.checker import Leak, run
from .secrecy.scramblers import redraw_tally, scramble_tally, secrets_of

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "adding-a-game.md"
ROOT = GUIDE.parents[1]
# Where the rules make a secret public: the last lock shows every bid at once.
REVEALS = {"BidsRevealed": "everyone has locked: the bids are shown together"}


@pytest.fixture
def tally() -> Iterator[Game]:
    """The example in the registry for one test: the guide's one line in ``GAMES``."""
    GAMES[GAME.id] = GAME
    yield GAME
    GAMES.pop(GAME.id, None)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# --------------------------------------------------------------------------- 1. the package


def test_every_file_and_module_the_guide_points_at_is_there():
    text = GUIDE.read_text(encoding="utf-8")
    paths = set(re.findall(r"`((?:companion|tests|docs|templates|static)/[\w/.<>-]+)`", text))
    real = sorted(p for p in paths if "<" not in p)
    assert "companion/games/example/rules.py" in real
    assert [p for p in real if not (ROOT / p).exists()] == []


def test_the_guides_reading_figures_are_current():
    """ "this page (about N lines)", the example's modules and the kit's contract, within 10%."""
    text = GUIDE.read_text(encoding="utf-8")
    said = re.search(
        r"this page \(about (\d+) lines\), then the example's (\d+) modules \(about (\d+) lines\)"
        r".*?`companion/games/kit/contract.py`, about (\d+) lines",
        " ".join(text.split()),
    )
    assert said, "the guide no longer says what there is to read"
    page, modules, example_lines, contract = (int(n) for n in said.groups())
    example = sorted((ROOT / "companion/games/example").glob("*.py"))
    measured = {
        "page": (page, len(text.splitlines())),
        "example": (example_lines, sum(len(p.read_text().splitlines()) for p in example)),
        "contract": (
            contract,
            len((ROOT / "companion/games/kit/contract.py").read_text().splitlines()),
        ),
    }
    assert modules == len(example)
    for what, (stated, real) in measured.items():
        assert abs(stated - real) <= real / 10, f"{what}: the guide says {stated}, it is {real}"


def test_the_example_is_a_package_with_the_modules_every_game_has():
    assert (data.GAME_ID, GAME.id) == ("tally", "tally")
    for name in ("data", "setup", "rules", "scoring", "view", "lines"):
        # (The package's ``setup`` and ``view`` are the functions: the modules by name.)
        module = importlib.import_module(f"companion.games.example.{name}")
        assert module.__doc__, name


# --------------------------------------------------------------------------- 2. the rules


def test_the_rules_play_on_the_kits_test_table():
    table = Table(GAME, ["Ann", "Bo"], seed=3)
    table.act(0, "set_secret", n=5)
    table.act(0, "add", seat=0, n=3)
    assert table.refused(1, "end_turn").code == "not_now"  # Ann's turn
    assert table.refused(1, "add", seat=1, n=6).code == "out_of_range"
    assert table.refused(1, "add", seat=0, n=1).code == "not_your_seat"
    assert table.refused(0, "set_score", seat=1, score=4).code == "not_now"  # the host's
    table.act(None, "set_score", seat=1, score=9)
    assert table.lines(None)[-1] == [
        "{who_t}: {name}'s {counter_t} {before} → {after}",
        {
            "who_t": ["Table screen", {}],
            "name": "Bo",
            "counter_t": "score",
            "before": 0,
            "after": 9,
        },
    ]
    table.act(1, "add", seat=1, n=1)
    assert table.outcome["winners"] == [1]
    assert table.refused(0, "add", seat=0, n=1).code == "game_over"
    assert ["Your secret is now {n}", {"n": 5}] in table.lines(0)
    assert ["Your secret is now {n}", {"n": 5}] not in table.lines(1) + table.lines(None)


def test_the_last_round_is_a_phase_with_an_enter_hook_and_ends_at_the_first_seat():
    table = Table(GAME, ["Ann", "Bo", "Cy"], seed=1)
    table.act(None, "end_turn")
    assert table.view(None)["phase"] == "Play"
    assert table.act(None, "last_round") == [{"type": "LastRound", "round": 1}]
    assert table.view(None)["phase"] == "Last round"
    assert table.refused(None, "last_round").code == "not_now"  # once: it is for Play
    table.act(None, "add", seat=2, n=4)
    table.act(None, "end_turn")
    assert table.outcome is None
    table.act(None, "end_turn")  # back to Ann: the last round is played
    outcome = table.outcome
    assert outcome["reason"] == ["The last round was played", {}]
    assert outcome["winners"] == [2] and [r["place"] for r in outcome["rows"]] == [2, 2, 1]
    assert table.view(None)["round"] == 1 and table.view(None)["over"] is True


def test_a_shared_top_score_after_the_last_round_shares_the_win():
    table = Table(GAME, ["Ann", "Bo"], seed=1)
    table.act(None, "last_round")
    for seat in (0, 1):
        table.act(None, "add", seat=seat, n=2)
    table.act(None, "end_turn")
    table.act(None, "end_turn")
    outcome = table.outcome
    assert outcome["winners"] == [0, 1]
    assert outcome["headline"] == ["{names} share the win", {"names": "Ann, Bo"}]


def test_a_correction_is_bounded_by_its_counter():
    state = GAME.setup(["Ann", "Bo"], {}, random.Random(1))
    with pytest.raises(Exception, match="score must be between 0 and 10"):
        correct(state, rules.SCORE, 0, 11, by=None)


# --------------------------------------------------------------------------- 3-4. lines, view


def test_it_honours_the_contract_the_platform_relies_on():
    state = GAME.setup(["Ann", "Bo", "Cy"], {}, random.Random(1))
    assert json.loads(json.dumps(state)) == state
    table = Table(GAME, ["Ann", "Bo", "Cy"], seed=1)
    table.act(0, "bid", n=7)  # a bid open: the seat's own bid is in its "me" only
    for now in (state, table.state):
        public = GAME.view(now, None)
        assert set(SHELL_VIEW_KEYS) <= set(public) and "me" not in public
        for seat in range(3):
            assert GAME.view(now, seat) == {**public, "me": GAME.private_view(now, seat)}
    assert GAME.view(table.state, 0)["me"]["bid"] == 7
    assert GAME.view(table.state, 1)["me"]["bid"] is None
    assert "7" not in json.dumps(GAME.view(table.state, None)["sealed"])


def test_every_label_is_a_msgid_with_a_translation():
    from companion import i18n_tools

    catalog = {m.id for m in i18n_tools.merged_catalog("zh_TW") if m.string}
    labels = [GAME.name, *(label for _name, label in GAME.phases), rules.SCORE.label]
    for action in GAME.actions.values():
        labels += [action.label, *(p.label for p in action.params)]
    assert all(labels) and [label for label in labels if label not in catalog] == []


# --------------------------------------------------------------------------- 6. docs


def test_its_docs_table_is_generated_from_its_declarations():
    block = gamedocs.block(GAME)
    assert "| `last_round` | the host (table screen) | Play |" in block
    assert "| `set_score` | the host (table screen) | any time (a correction) |" in block
    assert "| `lock` | any player, on their phone | any time; while a bid is open |" in block
    page = (gamedocs.DOCS / f"{GAME.id}.md").read_text(encoding="utf-8")
    assert block in page, "run: python -m companion.web.gamedocs"


# --------------------------------------------------------------------------- 7. tests: the web


def test_it_is_played_through_the_web_from_a_new_table_to_its_result(app: Flask, tally):
    client = app.test_client()
    assert "tally" in [g["id"] for g in client.get("/api/games").json]
    created = client.post("/api/tables", json={"game": "tally", "players": ["Ann", "Bo"]})
    assert created.status_code == 201, created.json
    table, host = created.json["id"], bearer(created.json["host_token"])
    ann_code, bo_code = (s["join_code"] for s in created.json["seats"])
    ann = bearer(client.post("/api/join", json={"code": ann_code}).json["token"])
    bo_phone = app.test_client()
    assert bo_phone.get(f"/join/{bo_code}").status_code == 303  # the QR code's link
    act = f"/api/tables/{table}/actions"

    reply = client.post(act, json={"type": "set_secret", "n": 4321}, headers=ann)
    assert reply.status_code == 200, reply.json
    assert reply.json["view"]["me"] == {"secret": 4321, "bid": None}
    assert "4321" not in json.dumps(client.get(f"/api/tables/{table}", headers=host).json)
    assert client.post(act, json={"type": "bid", "n": 2}, headers=host).status_code == 403
    assert client.post(act, json={"type": "add", "seat": 0, "n": 3}, headers=ann).status_code == 200
    fixed = client.post(act, json={"type": "set_score", "seat": 1, "score": 9}, headers=host)
    assert fixed.status_code == 200, fixed.json
    assert fixed.json["events"][0]["text"] == "Table screen: Bo's score 0 → 9"

    table_page = client.get(f"/t/{table}").get_data(as_text=True)  # the generic templates
    assert "Bo" in table_page and ">9<" in table_page and "Play" in table_page
    bo_page = bo_phone.get(f"/t/{table}/seat")
    assert bo_page.status_code == 200
    bo_secret = app.extensions["tables"].load(table).state["players"][1]["secret"]
    assert f"<dd>{bo_secret}</dd>" in bo_page.get_data(as_text=True)

    # Bo's phone scores through its page's form, as a person taps it, and wins.
    form = {"type": "add", "seat": "1", "n": "1"}
    moved = bo_phone.post(
        f"/t/{table}/seat/act", data={**form, "csrf_token": csrf(bo_page.get_data(as_text=True))}
    )
    assert moved.status_code == 303
    final = client.get(f"/api/tables/{table}/result", headers=host)
    assert final.status_code == 200, final.json
    assert final.json["winners"] == [1]
    assert final.json["headline"] == "Bo wins"
    assert final.json["rows"][1]["lines"] == ["Score: 10"]
    undo = client.post(f"/api/tables/{table}/undo", headers=host)
    assert undo.json["error"]["code"] == "undo_barrier"  # the end showed every secret


# --------------------------------------------------------------------------- 7. tests: secrecy


def test_the_secrecy_suite_fails_until_the_game_has_a_scrambler(monkeypatch):
    monkeypatch.delitem(scramblers.SCRAMBLERS, GAME.id)
    monkeypatch.delitem(scramblers.PRIVATE_ACTIONS, GAME.id)
    with pytest.raises(pytest.fail.Exception, match="no entry for it in SCRAMBLERS"):
        secrets_of(GAME)
    monkeypatch.setitem(scramblers.SCRAMBLERS, GAME.id, scramble_tally)
    monkeypatch.setitem(scramblers.PRIVATE_ACTIONS, GAME.id, redraw_tally)
    assert secrets_of(GAME) == (scramble_tally, redraw_tally)


@pytest.mark.parametrize("seed", range(3))
def test_no_viewer_can_tell_another_seats_secrets_apart(seed):
    scramble, redraw = secrets_of(GAME)
    rng = random.Random(seed)
    players = ["Ann", "Bo", "Cy"][: rng.randint(2, 3)]
    stats = run(GAME, scramble, redraw, REVEALS, rng, 60, players, {}, seed)
    assert stats.scrambles and stats.accepted


def test_the_check_catches_a_view_that_shows_everyones_secrets():
    def leaky(state: State, viewer: Actor) -> dict[str, Any]:
        return {**GAME.view(state, viewer), "all": [p["secret"] for p in state["players"]]}

    with pytest.raises(Leak):
        run(
            replace(GAME, view=leaky, private_view=None),
            scramble_tally,
            redraw_tally,
            REVEALS,
            random.Random(1),
            30,
            ["A", "B"],
            {},
            1,
        )


def test_the_kits_correction_event_reads_as_a_public_line():
    from companion.pipeline.tables import PUBLIC, Viewer
    from companion.web.screens import visible

    state = GAME.setup(["Ann", "Bo"], {}, random.Random(1))
    event = correct(state, rules.SCORE, 1, 4, by=None)
    assert visible(event, PUBLIC) and visible(event, Viewer("seat", 0))
