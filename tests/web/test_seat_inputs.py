"""A phone's panel reused from its declared inputs is the panel a fresh rendering gives.

A game that declares what its phone panel reads (``Game.seat_inputs``) has the panel
rendered again only when that changes. This replays every recorded playthrough of such a
game through the real pipeline and, after every step, compares each seat's panel as the
live view serves it with the panel rendered from scratch: a declaration that forgot
something the template reads would show a stale panel here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask import Flask

from companion.games import GAMES
from companion.pipeline.tables import Viewer
from companion.web import regions

from ..fixtures.tables import replay_log

LOGS = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "logs").glob("*.json"))
DECLARED = [p for p in LOGS if GAMES[json.loads(p.read_text())["game"]].seat_inputs]


def test_a_game_declares_its_phone_panels_inputs():
    assert DECLARED, "no game declares Game.seat_inputs: nothing would be reused"


@pytest.mark.parametrize("path", DECLARED, ids=lambda p: p.stem)
@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_every_reused_panel_equals_a_fresh_one_at_every_step(app: Flask, path: Path, language):
    data = json.loads(path.read_text())
    tables = app.extensions["tables"]
    played = replay_log(tables, "inputs", data)
    seats = [Viewer("seat", n) for n in range(len(data["players"]))]
    reused = 0
    last: dict[int, regions.Part] = {}
    for _n, step in played:
        loaded = tables.load("inputs")
        with app.test_request_context("/", headers={"Accept-Language": language}):
            for seat in seats:
                served = regions.parts(loaded, seat)["game"]
                fresh = regions.render_part(
                    "live/game.html", regions.viewer_screen(loaded, seat), loaded
                )
                assert served.html == fresh.html, f"seat {seat.seat} after {step}"
                reused += served is last.get(seat.seat)  # the same panel as the last step's
                last[seat.seat] = served
    assert reused, "no panel was ever reused"
