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
from companion.pipeline.tables import HOST, PUBLIC, Viewer
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
    reused = unchanged = 0
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
                before = last.get(seat.seat)
                unchanged += before is not None and before.html == fresh.html
                last[seat.seat] = served
    # A game whose every step changes every phone's panel (3 Kingdoms Battle: all of it is
    # public, and every phone shows it) has nothing to reuse.
    assert reused or not unchanged, "no panel was ever reused"


# The table screen's board (``Game.table_inputs``: the host's and the public one) and the
# TV's pages (``Game.tv_inputs``) of Sun Tzu and 3 Kingdoms Battle, checked the same way.
SUN_TZU_THREE_KINGDOMS = [p for p in LOGS if p.stem.startswith(("sun-tzu-", "three-kingdoms-"))]
# Each screen: who looks, the region it shows the game in, and that region's template.
BOARDS = [
    ("host", HOST, "game", "live/game.html"),
    ("public", Viewer("public"), "game", "live/game.html"),
    ("tv", regions.TV, "tv", "live/tv.html"),
]


@pytest.mark.parametrize("path", SUN_TZU_THREE_KINGDOMS, ids=lambda p: p.stem)
@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_table_and_tv_inputs_sun_tzu_three_kingdoms(app: Flask, path: Path, language):
    data = json.loads(path.read_text())
    game = GAMES[data["game"]]
    assert game.table_inputs and game.tv_inputs, f"{data['game']} declares no board inputs"
    tables = app.extensions["tables"]
    played = replay_log(tables, "boards", data)
    last: dict[str, regions.Part] = {}
    last_html = {name: "" for name, *_ in BOARDS}
    reused = dict.fromkeys(last_html, 0)
    unchanged = dict.fromkeys(last_html, 0)
    for _n, step in played:
        loaded = tables.load("boards")
        with app.test_request_context("/", headers={"Accept-Language": language}):
            for name, viewer, region, template in BOARDS:
                served = regions.parts(loaded, viewer)[region]
                # The TV's pages are shared: rendered from the public screen.
                shown_to = PUBLIC if region == "tv" else viewer
                fresh = regions.render_part(
                    template, regions.viewer_screen(loaded, shown_to), loaded
                )
                assert served.html == fresh.html, f"{name} after {step}"
                reused[name] += served is last.get(name)  # the very Part of the step before
                unchanged[name] += fresh.html == last_html[name]
                last[name], last_html[name] = served, fresh.html
    # Where a board stood unchanged through some step, its inputs were equal at least once:
    # the declaration is not so wide that it never lets a board be reused. (3 Kingdoms
    # Battle shows every public number on every screen, so each of its steps changes them.)
    for name in reused:
        assert reused[name] or not unchanged[name], f"the {name} board was never reused"
