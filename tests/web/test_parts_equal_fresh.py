"""What a connected screen holds is, at every step, what a fresh full rendering shows.

The live view reuses work wherever it can: a region whose declared inputs did not change is
not rendered again (``seat_inputs``, ``table_inputs``, ``tv_inputs`` and the platform's own
regions' inputs), macros are memoised on their arguments, and a stream is sent only the
fragments that changed. Each of those is a place where a screen could be left showing
something stale. This replays every recorded playthrough of every game through the real
pipeline and, after every step, for every live area (the host's table screen, the public
table screen, the TV and every seat's phone) and in both languages, compares region by region:

- what a stream of that viewer holds: it starts from the whole area at the table's first
  version and is brought forward each step with ``regions.changes``, as a live screen is;
- with the same region rendered from scratch by a second app on the same database file: it
  loads the table itself (as another server process does) and renders each region's
  template straight through: no region reused from its inputs, no per-table slot, nothing
  of the live app's. Only its own store of macros rendered for exactly the same arguments
  is used (``fragments.Fragments`` outside a region's scope: a macro sees nothing but its
  arguments and the language); with none at all the file takes twice as long.

The speech region is compared too: it says what changed since the version shown before,
and the second app, asked after every step as the live one is, heard the same versions.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion import create_app
from companion.games import GAMES
from companion.pipeline.tables import HOST, PUBLIC, Loaded, Viewer
from companion.web import fragments, regions, speech
from companion.web.screens import Screen, screen

from ..fixtures.tables import replay_log

LOGS = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "logs").glob("*.json"))
LANGUAGES = ["en", "zh-TW"]
TABLE = "fresh"


def make_app(database: str, **config: object) -> Flask:
    return create_app(
        {
            "DATABASE": database,
            "TESTING": True,
            "SECRET_KEY": "parts-equal-fresh",  # the same forms' tokens in both apps
            "PUBLIC_URL": "http://192.168.1.20:8000",
            **config,
        }
    )


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[tuple[Flask, Flask]]:
    """The live app, and a second one on the same SQLite file that renders afresh.
    Rendering does not depend on the store, so one store kind is enough here."""
    database = str(tmp_path / "fresh.db")
    live = make_app(database)
    fresh = make_app(database)
    yield live, fresh
    fresh.extensions["store"].close()
    live.extensions["store"].close()


def viewers(players: int) -> list[Viewer]:
    return [HOST, PUBLIC, regions.TV, *(Viewer("seat", n) for n in range(players))]


def held_region(held: regions.Held, name: str) -> str:
    """A region as the screen holding ``held`` shows it: its shell with each fragment it
    holds in place (a fragment may have been replaced on its own since the shell came)."""
    shell = held[regions.region_id(name)]
    assert isinstance(shell, str)
    pieces = shell.split(fragments.MARK)
    return "".join(p if n % 2 == 0 else str(held[p]) for n, p in enumerate(pieces))


class Fresh:
    """One version of the table rendered from scratch, region by region, as asked: each
    screen built once, and each shared region once for every viewer that shows it (as the
    live view shares it: one rendering from the public screen)."""

    def __init__(self, loaded: Loaded) -> None:
        self.loaded = loaded
        self.screens: dict[Viewer, Screen] = {}
        self.shared: dict[str, str] = {}

    def screen(self, viewer: Viewer) -> Screen:
        if viewer not in self.screens:
            self.screens[viewer] = screen(self.loaded, viewer)
        return self.screens[viewer]

    def region(self, viewer: Viewer, name: str, scope: str) -> str:
        if scope != regions.SHARED:
            return self._render(viewer, name)
        if name not in self.shared:
            self.shared[name] = self._render(PUBLIC, name)
        return self.shared[name]

    def _render(self, viewer: Viewer, name: str) -> str:
        if name == "speech":
            return speech.render(self.loaded)
        s = self.screen(viewer)
        if name in ("top", "undo", "notes"):  # the small macros of live/_own.html
            html = regions._small(s, name).html
        else:
            html = regions._template(f"live/{name}.html").render(s=s)
        return html if html.strip() else ""  # an empty region is sent as nothing at all


# The regions a game may declare the inputs of, by the kind of screen that shows them.
DECLARED = {("seat", "game"): "seat_inputs", ("host", "game"): "table_inputs"}
DECLARED |= {("public", "game"): "table_inputs", ("tv", "tv"): "tv_inputs"}


def area(viewer: Viewer) -> str:
    return "tv" if viewer.screen == "tv" else viewer.kind


def compare(
    live: Flask,
    fresh: Flask,
    streams: dict[tuple[str, Viewer], regions.Held],
    language: str,
    where: str,
    reused: Counter[tuple[str, str]] | None = None,
    last: dict[tuple[str, Viewer, str], regions.Part] | None = None,
    unchanged: Counter[tuple[str, str]] | None = None,
) -> None:
    """Bring every stream of ``language`` forward and compare it with a fresh rendering;
    count, in ``reused``, each declared region served as the very part of the last step."""
    headers = {"Accept-Language": language}
    shown: dict[Viewer, dict[str, str]] = {}
    with live.test_request_context("/", headers=headers):
        loaded = live.extensions["tables"].load(TABLE)
        for (lang, viewer), held in streams.items():
            if lang != language:
                continue
            made_now = regions.parts(loaded, viewer)
            for (kind, name), _ in DECLARED.items():
                if reused is None or last is None or unchanged is None or kind != area(viewer):
                    continue
                key = (lang, viewer, name)
                before = last.get(key)
                reused[kind, name] += made_now[name] is before
                # A region whose every step changes it (3 Kingdoms' boards show every
                # public number) cannot be reused; one left as it was must be.
                unchanged[kind, name] += before is not None and made_now[name].html == before.html
                last[key] = made_now[name]
            if held:
                regions.changes(made_now, held)
            else:  # the first version: the whole live area, as a page load shows it
                held.update(regions.shown(regions.parts(loaded, viewer)))
            shown[viewer] = {name: held_region(held, name) for name in regions.regions_of(viewer)}
    with fresh.test_request_context("/", headers=headers):
        tables = fresh.extensions["tables"]
        # Another process's write, as PostgreSQL's notification tells it: read from the log.
        tables.changed_elsewhere(TABLE, loaded.version)
        mine = tables.load(TABLE)
        assert mine is not loaded and mine.version == loaded.version
        made = Fresh(mine)
        for viewer, regions_shown in shown.items():
            for name, scope in regions.regions_of(viewer).items():
                expected = made.region(viewer, name, scope)
                assert regions_shown[name] == expected, f"{viewer} {name} {language} {where}"


def test_every_game_has_a_recorded_playthrough_and_declares_its_areas_inputs():
    played = {json.loads(p.read_text())["game"] for p in LOGS}
    assert played >= set(GAMES) - {"tally", "example"}
    for game in played:
        for name in set(DECLARED.values()):
            assert getattr(GAMES[game], name) is not None, (game, name)


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_every_screen_holds_a_fresh_rendering_at_every_step(apps, path: Path):
    live, fresh = apps
    data = json.loads(path.read_text())
    played = replay_log(live.extensions["tables"], TABLE, data)
    streams: dict[tuple[str, Viewer], regions.Held] = {
        (lang, viewer): {} for lang in LANGUAGES for viewer in viewers(len(data["players"]))
    }
    for language in LANGUAGES:
        compare(live, fresh, streams, language, "at the start")
    reused: Counter[tuple[str, str]] = Counter()
    unchanged: Counter[tuple[str, str]] = Counter()
    last: dict[tuple[str, Viewer, str], regions.Part] = {}
    for n, step in played:
        for language in LANGUAGES:
            where = f"after step {n}: {step}"
            compare(live, fresh, streams, language, where, reused, last, unchanged)
    # A declaration that never lets an unchanged region be reused saves nothing.
    game = GAMES[data["game"]]
    for declared, name in DECLARED.items():
        if getattr(game, name) is not None and unchanged[declared]:
            assert reused[declared], f"{name}: {declared} unchanged {unchanged[declared]}x"
