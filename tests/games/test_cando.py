""" "What can I do now?" against the games themselves: at every step of every recorded
playthrough, each viewer's can-do list is its allowed list, and each "why not" is the refusal
the pipeline gives when that action is sent; the neutral reason never moves with another
seat's secret; every action has a translated line and every main action a rule section.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from companion import i18n_tools
from companion.errors import RulesError
from companion.games import GAMES
from companion.games.example import GAME as TALLY
from companion.games.kit import Game
from companion.games.kit.cando import what_now
from companion.games.kit.driver import Table
from companion.pipeline.live import Hub
from companion.pipeline.tables import HOST, Tables, Viewer
from companion.store.log import Store

from ..fixtures.tables import replay_log
from ..secrecy.scramblers import SCRAMBLERS

LOGS = sorted((Path(__file__).parents[1] / "fixtures" / "logs").glob("*.json"))
# The recordings of games with secrets: only there can a secret move a panel.
SECRET_LOGS = [p for p in LOGS if json.loads(p.read_text())["game"] in SCRAMBLERS]
EVERY_GAME = {**GAMES, TALLY.id: TALLY}


def phase_of(game: Game, state: dict[str, Any]) -> Any:
    """The phase the game's own ``allowed`` reads (its declarations' phases)."""
    return game.allowed.phase(state)  # type: ignore[attr-defined]


def viewers(n: int) -> list[int | None]:
    return [None, *range(n)]


def refusal_when_sent(tables: Tables, table_id: str, actor: int | None, kind: str) -> Any:
    """What the pipeline answers when ``actor`` sends ``kind`` now (it must refuse)."""
    viewer = HOST if actor is None else Viewer("seat", actor)
    with pytest.raises(RulesError) as refused:
        tables.act(table_id, viewer, {"type": kind})
    return [refused.value.message, refused.value.params]


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_can_do_is_the_allowed_list_and_each_why_not_is_the_refusal(path: Path) -> None:
    data = json.loads(path.read_text())
    game = GAMES[data["game"]]
    tables = Tables(Store(":memory:"), Hub())
    seen_phases: set[Any] = set()
    checked_refusals = 0

    def check(first_of_phase: bool) -> None:
        nonlocal checked_refusals
        state = tables.load("cando").state
        for actor in viewers(len(data["players"])):
            now = what_now(game, state, actor)
            expected = [] if game.over(state) else game.allowed(state, actor)
            assert [a.type for a in now.can_do] == expected, (path.stem, actor)
            assert all(a.doc for a in now.can_do)
            if first_of_phase:
                for item in now.cannot_do:
                    sent = refusal_when_sent(tables, "cando", actor, item.type)
                    assert item.reason == sent, (path.stem, actor, item.type)
                    checked_refusals += 1

    steps = replay_log(tables, "cando", data)
    check(True)
    for _n, _step in steps:
        state = tables.load("cando").state
        phase = phase_of(game, state)
        check(phase not in seen_phases)
        seen_phases.add(phase)
    assert checked_refusals > 0


def test_the_example_game_gets_the_panel_for_free() -> None:
    table = Table(TALLY, ["Ann", "Bo"], seed=3)
    ann = what_now(TALLY, table.state, 0)
    assert {a.type for a in ann.can_do} == set(TALLY.allowed(table.state, 0))
    bo = what_now(TALLY, table.state, 1)
    why = {a.type: (a.reason, a.rule) for a in bo.cannot_do}
    assert why["end_turn"] == (["It is {name}'s turn.", {"name": "Ann"}], "§Actions")
    # A host's action is never a phone's "not now", nor a phone's action the host's.
    assert "unlock" not in why and "last_round" not in why
    assert {"bid", "set_secret"}.isdisjoint(
        a.type for a in what_now(TALLY, table.state, None).cannot_do
    )
    table.act(0, "end_turn")
    assert "end_turn" in {a.type for a in what_now(TALLY, table.state, 1).can_do}
    assert "end_turn" in {a.type for a in what_now(TALLY, table.state, 0).cannot_do}


@pytest.mark.parametrize("path", SECRET_LOGS, ids=lambda p: p.stem)
def test_no_viewer_s_panel_moves_with_another_seat_s_secret(path: Path) -> None:
    data = json.loads(path.read_text())
    scramble = SCRAMBLERS[data["game"]]
    game = GAMES[data["game"]]
    n = len(data["players"])
    rng = random.Random(path.stem)
    tables = Tables(Store(":memory:"), Hub())
    compared = 0
    for step, _ in replay_log(tables, "cando", data):
        if step % 3:  # every third step keeps the test quick; the logs visit every phase
            continue
        state = tables.load("cando").state
        for seat in range(n):
            hidden = scramble(state, seat, rng)
            for viewer in viewers(n):
                if viewer == seat:
                    continue
                assert what_now(game, hidden, viewer) == what_now(game, state, viewer), (
                    path.stem,
                    step,
                    f"seat {seat}'s secret moved the panel of",
                    viewer,
                )
                compared += 1
    assert compared > 0


def test_every_action_has_a_line_and_every_main_action_a_rule_section() -> None:
    catalog = i18n_tools.merged_catalog("zh_TW")
    for game in EVERY_GAME.values():
        for action in game.actions.values():
            assert action.doc, (game.id, action.type)
            found = catalog.get(action.doc)
            assert found is not None and found.string, (game.id, action.type, "no zh-TW line")
            if action.main:
                assert action.rule.startswith("§"), (game.id, action.type)


def test_the_panel_s_words_are_translated() -> None:
    po = Path(i18n_tools.SOURCES) / "zh_TW" / "platform.po"
    with po.open("rb") as handle:
        ids = {m.id: m.string for m in read_po(handle)}
    assert ids["What can I do now?"] == "我現在可以做什麼？"
    assert ids["Not now, and why"] == "現在不行，以及原因"
