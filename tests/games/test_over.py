"""``Game.over(state)``: "is it over?" answered from the state, never by scoring the game.

The platform asks on every tap (may this action run? did it end the game? may undo step back?
which buttons show?), so every game answers cheaply, and the answer agrees with ``result``.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.games import GAMES
from companion.games.example import GAME as TALLY
from companion.games.kit import RulesError, State
from companion.games.kit.driver import Table
from tests.secrecy.driver import all_games, apply_action, draw_step, players_for, random_options

ALL = all_games()


@pytest.mark.parametrize("game_id", sorted(ALL))
@pytest.mark.parametrize("seed", range(3))
def test_over_agrees_with_the_result_at_every_step_of_random_play(game_id: str, seed: int):
    game = ALL[game_id]
    rng = random.Random(seed)
    n = rng.randint(game.min_players, game.max_players)
    state = game.setup(players_for(game, n), random_options(game, rng), rng)
    for seq in range(1, 400):
        assert game.over(state) is (game.result(state) is not None), (game_id, seq)
        if game.over(state):
            break
        step = draw_step(game, state, rng)
        if step is None:
            break
        try:
            state, _ = apply_action(game, state, *step, seed, seq)
        except RulesError:
            continue


def scored(game_id: str) -> tuple[Any, list[int]]:
    """The game with a ``result`` that counts how many times it scores."""
    calls: list[int] = []
    result = ALL[game_id].result

    def counting(state: State) -> Any:
        calls.append(1)
        return result(state)

    return replace(ALL[game_id], result=counting), calls


def test_playing_on_the_kits_table_never_scores_a_running_game():
    game, calls = scored("tally")
    table = Table(game, ["Ann", "Bo"], seed=1)
    table.act(0, "add", seat=0, n=3)
    table.act(None, "set_score", seat=1, score=9)
    table.act(0, "end_turn")
    assert not table.over and table.outcome is None and table.view(None)["over"] is False
    assert calls == []
    table.act(1, "add", seat=1, n=1)
    assert table.over and calls == []  # over: still nothing scored
    assert table.outcome["winners"] == [1] and calls == [1]
    assert table.refused(0, "add", seat=0, n=1).code == "game_over" and calls == [1]


def test_one_phone_tap_never_scores_a_running_game_and_scores_the_end_once(app: Flask):
    game, calls = scored("tally")
    GAMES["tally"] = game
    host = app.test_client()
    made = host.post("/api/tables", json={"game": "tally", "players": ["Ann", "Bo"]}).json
    table = made["id"]
    phone = app.test_client()
    phone.get(f"/join/{made['seats'][0]['join_code']}")

    def tap(**form: str) -> None:
        page = phone.get(f"/t/{table}/seat").get_data(as_text=True)
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        reply = phone.post(f"/t/{table}/seat/act", data={**form, "csrf_token": token})
        assert reply.status_code == 303
        phone.get(reply.headers["Location"])  # the page the tap comes back to

    tap(type="add", seat="0", n="5")
    tap(type="add", seat="0", n="4")
    assert calls == []  # two taps and their pages: "is it over?" asked, nothing scored
    tap(type="add", seat="0", n="1")
    assert host.get(f"/api/tables/{table}").json["view"]["over"] is True
    # The end: scored once for the archive in the same write, once for the result on the
    # page (each version's result is worked out once).
    assert len(calls) <= 2, len(calls)


def test_the_example_spells_its_end_over():
    table = Table(TALLY, ["Ann", "Bo"], seed=1)
    assert table.state["over"] is None
    table.act(None, "last_round")
    table.act(None, "end_turn")
    table.act(None, "end_turn")
    assert table.state["over"] == "last round" and TALLY.over(table.state)


OTHER_SPELLINGS = re.compile(r"""\[["'](end|ended|finished|is_over|game_over)["']\]""")


def test_every_game_spells_its_end_over():
    """A game keeps its end in ``state["over"]`` (None while it runs, then how it ended) or
    reaches its phase ``"over"``: never under another name."""
    games_dir = Path(TALLY.setup.__code__.co_filename).resolve().parents[1]
    found = [
        f"{path.relative_to(games_dir)}:{n}"
        for path in sorted(games_dir.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OTHER_SPELLINGS.search(line)
    ]
    assert found == []
    for game_id, game in ALL.items():
        players = players_for(game, game.min_players)
        state = game.setup(players, random_options(game, random.Random(1)), random.Random(1))
        assert state.get("over", False) is None or "over" in dict(game.phases), game_id
