"""The story of the night shows nothing before the table learnt it, for every recorded
playthrough of a game with secrets, as a differential over scrambled secrets.

For each recording, one seat's private data is scrambled (``scramblers``: other valid
values, every public fact kept) at the setup and again at the start of a later step, and
the recording's moves that stayed are played on from there. Wherever the two games are
still the same for the table screen up to the end of a step (the same public views and
public history lines: the game's own privacy gate says so), that step's HTML must be
byte-identical in the two stories. The story's own fold is used for the recording itself,
so a story that read anything else (the state, a seat's view, a private line, the result
before the end) would differ.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, render_template

from companion import create_app
from companion.after import story
from companion.games import GAMES
from companion.games.kit import Game
from companion.games.kit.driver import run, setup_rng
from companion.pipeline import notes
from companion.pipeline.fold import Move
from companion.pipeline.live import Hub
from companion.pipeline.tables import Tables
from companion.store.log import Store
from companion.web.story import page_of

from ..fixtures.tables import seat_recorded, write_log
from .scramblers import secrets_of

LOGS = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "logs").glob("*.json"))
SECRET_LOGS = [p for p in LOGS if GAMES[json.loads(p.read_text())["game"]].private]
NO_RESULT = {"headline": "", "reason": "", "decided_by": "", "rows": []}
STEP = re.compile(r'<section class="story-step[^"]*" id="(step-\d+)".*?</section>', re.S)


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    return create_app({"DATABASE": str(tmp_path_factory.mktemp("story") / "s.db"), "TESTING": True})


def moves(
    game: Game,
    data: dict[str, Any],
    scramble_at: int | None = None,
    seat: int = 0,
    changed: list[bool] | None = None,
) -> Iterator[Move]:
    """The recording's moves that stayed, played from its setup, each as the table screen
    saw it; with ``scramble_at``, ``seat``'s secrets are scrambled just before that move
    (0: right after the setup), and the game stops where a move no longer fits; ``changed``
    gets whether the scramble changed what that seat's own phone saw."""
    scramble, _redraw = secrets_of(game)
    players = data["players"]
    state = game.setup(players, data["options"], setup_rng(data["seed"]))
    yield Move(0, None, [], game.view(state, None))
    live = [r for r in data["log"] if r["undone"] == 0 and r["kind"] == "game"]
    for n, row in enumerate(live):
        if n == scramble_at:
            before = json.dumps(game.view(state, seat), sort_keys=True, default=str)
            state = scramble(state, seat, random.Random(f"{seat}-{n}"))
            after = json.dumps(game.view(state, seat), sort_keys=True, default=str)
            if changed is not None:
                changed.append(before != after)
        try:
            events = run(game, state, row["actor"], row["action"], data["seed"], row["seq"])
        except Exception:  # the changed secret made the rest of the game go another way
            return
        lines = [notes.game_line(game, players, e) for e in events if "to" not in e]
        by = None if row["actor"] is None else players[row["actor"]]
        yield Move(row["seq"], by, lines, game.view(state, None))


def seen(moves_: Iterator[Move]) -> list[str]:
    """Each move as the table screen saw it, as text (read at once: the state moves on)."""
    return [json.dumps([m.seq, m.by, m.lines, m.view], sort_keys=True) for m in moves_]


def steps_html(web: Flask, told: story.Story) -> dict[str, str]:
    """Each step's HTML, as the story's pages render it."""
    with web.test_request_context("/"):
        page = page_of(told, "t", "Game", "today", ", ".join(told.players), NO_RESULT)
        html = render_template("story/_steps.html", story=page)
    return {m.group(1): m.group(0) for m in STEP.finditer(html)}


@pytest.mark.parametrize("path", SECRET_LOGS, ids=[p.stem for p in SECRET_LOGS])
def test_no_step_of_the_story_shows_a_secret_before_the_table_learnt_it(web, path) -> None:
    data = json.loads(path.read_text())
    game = GAMES[data["game"]]
    tables = Tables(Store(":memory:"), Hub())
    seat_recorded(tables.store, "rec", data)
    write_log(tables.store, "rec", data["log"])
    told = story.build(tables, "rec")  # the story as the page tells it
    mine = steps_html(web, told)
    public = seen(moves(game, data))
    # Move index of each step's last move (the setup is move 0).
    seqs = [0] + [r["seq"] for r in data["log"] if r["undone"] == 0 and r["kind"] == "game"]
    middle = seqs.index(told.steps[len(told.steps) // 2].last_seq)
    compared = with_secret_changed = 0
    scrambled: list[list[bool]] = []
    for seat in range(len(data["players"])):
        for at in (0, middle):
            changed: list[bool] = []
            other = list(moves(game, data, at, seat, changed))
            theirs_public = seen(iter(other))
            same = next(
                (i for i, (a, b) in enumerate(zip(public, theirs_public, strict=False)) if a != b),
                min(len(public), len(theirs_public)),
            )
            scrambled.append(changed)
            theirs = story.tell(game, data["players"], iter(other))
            their_html = steps_html(web, theirs)
            for k, step in enumerate(told.steps[:-1]):
                if k + 1 >= len(theirs.steps) or theirs.steps[k].last_seq != step.last_seq:
                    break
                if seqs.index(step.last_seq) >= same:
                    break  # the table screen saw the two games differ by here
                assert their_html[f"step-{k + 1}"] == mine[f"step-{k + 1}"], (seat, at, k)
                compared += 1
                with_secret_changed += any(changed) and seqs.index(step.last_seq) > at
    assert compared > 0
    # Where the recording holds a secret at all (Sun Tzu with physical cards and public
    # Warlords holds none on the app), steps were compared after it was really changed:
    # the test has teeth.
    if any(any(changed) for changed in scrambled):
        assert with_secret_changed > 0
