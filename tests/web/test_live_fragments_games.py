"""Sun Tzu, Quorsum, 3 Kingdoms Battle and The Art of War send only the pieces a tap changed.

Each game's table screen is split into fragments (a player's card, a province, a city, the
stalemate cube...). A correction by the host that changes one player's or one place's numbers
must reach the table screen as those fragments alone, not as the whole board. And the full
page still shows everything it showed before, in the same places.

Each test drives the real app (the JSON API, the pages, the live stream) on a real SQLite file.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Flask

from ..conftest import first_message, swapped_ids


class Table:
    """A table created through the JSON API, with its host's table screen open."""

    def __init__(self, app: Flask, game: str, players: list[str]) -> None:
        self.app = app
        self.api = app.test_client()
        reply = self.api.post("/api/tables", json={"game": game, "players": players})
        assert reply.status_code == 201, reply.json
        created = reply.json
        self.id = created["id"]
        self.host_token = created["host_token"]
        self.seat_tokens = [
            self.api.post("/api/join", json={"code": s["join_code"]}).json["token"]
            for s in created["seats"]
        ]
        self.host = app.test_client()

    def act(self, by: int | None = None, **body: Any) -> int:
        """One action through the API, the host's (or seat ``by``'s); the new version."""
        token = self.host_token if by is None else self.seat_tokens[by]
        reply = self.api.post(
            f"/api/tables/{self.id}/actions",
            json=body,
            headers={"Authorization": f"Bearer {token}"},
        )
        assert reply.status_code == 200, reply.json
        return reply.json["version"]

    def view(self) -> dict[str, Any]:
        reply = self.api.get(
            f"/api/tables/{self.id}", headers={"Authorization": f"Bearer {self.host_token}"}
        )
        return reply.json["view"]

    def version(self) -> int:
        return self.app.extensions["tables"].load(self.id).version

    def open_table_screen(self) -> None:
        """The host opens the table screen, so its parts at this version are rendered."""
        assert self.host.get(f"/host/{self.id}/{self.host_token}").status_code == 303
        assert self.host.get(f"/t/{self.id}").status_code == 200

    def live(self) -> str:
        """The table screen's whole live area, as the page shows it."""
        html = self.host.get(f"/t/{self.id}").get_data(as_text=True)
        return html[html.index('<main id="live"') :]

    def tap(self, **body: Any) -> str:
        """The host's tap through the API, and what the table screen's stream sends for it
        (from the version the screen shows)."""
        self.open_table_screen()
        before = self.version()
        version = self.act(**body)
        event, event_id, patch = first_message(self.host, f"/t/{self.id}/stream?v={before}")
        assert (event, event_id) == ("patch", version)
        return patch


def assert_small(patch: str, table: Table) -> None:
    """The patch is far below the whole live area, and the board did not travel whole."""
    whole = table.live()
    assert "r-game" not in swapped_ids(patch)
    assert len(patch) * 3 < len(whole), (len(patch), len(whole))


def ids_in(html: str) -> list[str]:
    return re.findall(r'\sid="([^"]+)"', html)


def assert_ids_unique(html: str) -> None:
    ids = ids_in(html)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


def in_order(html: str, *needles: str) -> None:
    """Each needle is on the page, in this order."""
    at = -1
    for needle in needles:
        found = html.find(needle, at + 1)
        assert found > at, f"{needle!r} is missing or out of place"
        at = found


def element(html: str, fragment_id: str) -> str:
    """The opening tag and the start of the element with this id (up to the next fragment)."""
    start = html.index(f' id="{fragment_id}"')
    start = html.rindex("<", 0, start)
    following = re.search(r'\sid="(?:st|q|tk|aow)-', html[start + 10 :])
    return html[start : start + 10 + following.start()] if following else html[start:]


# --------------------------------------------------------------------------- Sun Tzu


def sun_tzu(app: Flask) -> Table:
    """A Sun Tzu table in round 1's battles: both players chose a Warlord and locked in."""
    table = Table(app, "sun-tzu", ["Ann", "Bo"])
    for seat in (0, 1):
        table.act(seat, type="choose_warlord", warlord=1)
        table.act(seat, type="lock")
    assert table.view()["in_battle"]
    return table


def test_sun_tzu_an_army_moved_sends_its_province_and_its_player_only(app):
    table = sun_tzu(app)
    patch = table.tap(type="move_armies", seat=0, src="pool", dst="qin", n=1)
    ids = swapped_ids(patch)
    assert "st-prov-qin" in ids and "st-player-0" in ids
    others = {"st-prov-chu", "st-prov-jin-yan", "st-prov-han-qi", "st-prov-wu", "st-player-1"}
    assert not others & set(ids)
    # The host's forms and folds stay as they are on the screen.
    assert not {"st-step", "st-score-form", "st-displays-form", "st-recall-form"} & set(ids)
    assert_small(patch, table)
    qin = element(patch, "st-prov-qin")
    assert re.search(r'class="st-army blue" data-seat="0"><small>Ann</small><b>1</b>', qin)


def test_sun_tzu_table_screen_shows_the_board_as_before(app):
    table = sun_tzu(app)
    table.act(type="move_armies", seat=1, src="pool", dst="wu", n=2)
    table.open_table_screen()
    live = table.live()
    assert_ids_unique(live)
    in_order(
        live,
        '<div class="st st-table" data-phase="battle" data-cards="physical">',
        '<section class="panel st-head"',
        'id="st-rounds" class="st-rounds"',
        'id="st-track" class="st-track"',
        'id="st-score-text" class="st-score-text"',
        'id="st-event" class="st-event"',
        'id="st-step" class="panel st-step"',
        "Turn over the two cards of Qin and enter them.",
        '<p class="st-order">Round 1: from left to right</p>',
        '<form class="st-entry"',
        '<section class="st-provinces"',
        'id="st-prov-qin" class="st-prov empty"',
        'id="st-prov-wu" class="st-prov red"',
        '<section class="st-players"',
        'id="st-player-0" class="player st-player blue" data-seat="0"',
        'id="st-player-1" class="player st-player red" data-seat="1"',
        '<div class="st-logs">',
        'id="st-log" class="panel st-log"',
        '<details class="panel st-fold st-correct">',
        "Correct the board",
    )
    wu = element(live, "st-prov-wu")
    assert '<span class="st-army red" data-seat="1"><small>Bo</small><b>2</b></span>' in wu
    assert wu.count('<span class="st-card back" aria-label="face down">?</span>') == 2
    bo = element(live, "st-player-1")
    board = r'stat-board"><span class="label">On the board</span><span class="value">(\d+)<'
    assert re.search(board, bo).group(1) == "2"
    assert "Reinforcement pool" in bo and "Warlords held: " in bo


# --------------------------------------------------------------------------- Quorsum


def quorsum(app: Flask) -> Table:
    """A Quorsum table at its first turn: the opening roll, the choice and the placement."""
    table = Table(app, "quorsum", ["Ann", "Bo"])
    table.act(type="rolloff", die0=5, die1=2)
    table.act(type="choose", option="B")
    table.act(type="place", owners="0,1,1,0")
    assert table.view()["phase_key"] == "declare"
    return table


def test_quorsum_a_stalemate_correction_sends_the_cube_only(app):
    table = quorsum(app)
    patch = table.tap(type="set_stalemate", count=2)
    ids = swapped_ids(patch)
    assert "q-stalemate" in ids
    assert not [i for i in ids if i.startswith(("q-cell-", "q-player-"))]
    assert "q-turn" not in ids  # the planner and its buttons stay as they are
    assert_small(patch, table)
    assert 'data-count="2"' in element(patch, "q-stalemate")


def test_quorsum_table_screen_shows_the_board_as_before(app):
    table = quorsum(app)
    # Bo declares the planner's first flip, so the turn shows its dice entry.
    flip = table.view()["planner"]["flips"][0]["choices"][0]["lists"]
    table.act(type="declare", **flip)
    table.open_table_screen()
    live = table.live()
    assert_ids_unique(live)
    in_order(
        live,
        '<div class="q-table">',
        '<div class="q-left">',
        '<section class="q-board-wrap"',
        '<div class="q-board">',
        'id="q-cell-0" class="q-cell',
        'id="q-cell-15" class="q-cell',
        '<details class="q-odds panel">',
        '<details class="q-correct panel" id="q-correct-turns">',
        'id="q-fix-piece" class="act-form"',
        'id="q-fix-stalemate" class="act-form"',
        '<div class="q-right">',
        '<section class="q-players"',
        'id="q-player-0" class="player q-player q-seat0',
        'id="q-player-1" class="player q-player q-seat1',
        'id="q-stalemate" class="q-stalemate panel"',
        "Stalemate cube",
        'id="q-turn" class="q-turn panel"',
        '<h2 id="q-turn-do" class="q-do"><span class="q-dot q-seat1">',
        "Bo: declare more, or start rolling",
        '<p class="q-decl-sum">',
        '<li class="q-action status-pending" data-index="0">',
        'name="values" id="q-dice-',
        '<div class="q-planner"',
    )
    # Every piece stands on its corner, facing home (the small ones are the lists').
    piece = r'<span class="q-piece q-seat\d" title="[^"]+" data-piece="\d">'
    assert len(re.findall(piece, live)) == 4
    # The dice being typed keep their own input (its id names the roll) across updates.
    turn = live[live.index('id="q-turn"') :]
    turn = turn[: turn.index("</section>")]
    assert re.search(r'id="q-dice-\d+-0-0-d" hx-preserve', turn)


# --------------------------------------------------------------------------- 3 Kingdoms Battle


def three_kingdoms(app: Flask) -> Table:
    """A 3 Kingdoms Battle table after Ann's first tile: her completed city with 2 troops."""
    table = Table(app, "three-kingdoms", ["Ann", "Bo", "Cy"])
    table.act(type="expand", spaces=2, alert=1, hold=1, complete=True)
    return table


def test_three_kingdoms_a_command_card_correction_sends_that_player_only(app):
    table = three_kingdoms(app)  # Bo's turn: Cy's cards are Cy's alone
    commands = table.view()["players"][2]["commands"]
    patch = table.tap(type="adjust_player", seat=2, commands=commands - 1)
    ids = swapped_ids(patch)
    assert "tk-player-2" in ids and "tk-fix-2" in ids  # the card, and its correction row
    assert not {"tk-player-0", "tk-player-1", "tk-fix-0", "tk-fix-1", "tk-turn"} & set(ids)
    assert_small(patch, table)
    card = element(patch, "tk-player-2")
    assert f'aria-label="Command cards: {commands - 1}"><b>{commands - 1}</b>' in card


def test_three_kingdoms_table_screen_shows_the_board_as_before(app):
    table = three_kingdoms(app)
    table.open_table_screen()
    live = table.live()
    assert_ids_unique(live)
    in_order(
        live,
        '<div class="tk">',
        'id="tk-now" class="panel tk-now"',
        "Bo: choose one action",
        'id="tk-battle" class="group"',
        '<section class="players tk-players"',
        'id="tk-player-0" class="group">\n<article class="player tk-player seat-0" data-seat="0">',
        '<article class="player tk-player seat-1 current" data-seat="1">',
        '<section class="panel tk-cities"',
        'id="tk-city-1" class="tk-city owned seat-0" data-city="1"',
        'id="tk-open" class="group"',
        'id="tk-turn" class="group"',
        '<section class="panel tk-turn"',
        "Record Bo's action",
        '<details class="panel tk-fix">',
        'id="tk-fix-tiles" class="tk-form tk-inline tk-fix-tiles"',
        'id="tk-fix-0" class="seat-0" data-seat="0"',
        'id="tk-fix-complete" class="tk-fix-complete"',
        'id="tk-fix-city" class="tk-form tk-inline tk-fix-city"',
    )
    city = element(live, "tk-city-1")
    assert '<span class="who">Ann</span> <span class="st alert">Alert <b>1</b></span>' in city


# --------------------------------------------------------------------------- The Art of War


def art_of_war(app: Flask) -> Table:
    """An Art of War table past its setup: Ann starts, everyone chooses and locks in."""
    table = Table(app, "art-of-war", ["Ann", "Bo", "Cy"])
    table.act(type="set_start_player", seat=0)
    for seat, (soldiers, food) in enumerate(((4, 2), (3, 3), (2, 2))):
        table.act(seat, type="choose_setup", advisor=0, general=0, soldiers=soldiers, food=food)
        table.act(seat, type="lock")
    assert table.view()["in_round"]
    return table


def test_art_of_war_a_food_correction_sends_that_player_only(app):
    table = art_of_war(app)
    food = table.view()["players"][1]["food"]
    patch = table.tap(type="correct", seat=1, what="food", delta=2)
    ids = swapped_ids(patch)
    assert "aow-player-1" in ids
    assert not {"aow-player-0", "aow-player-2", "aow-map-cities", "aow-buildings"} & set(ids)
    assert_small(patch, table)
    card = element(patch, "aow-player-1")
    assert f'stat-food"><span class="label">food</span><span class="value">{food + 2}<' in card


def test_art_of_war_table_screen_shows_the_board_as_before(app):
    table = art_of_war(app)
    table.open_table_screen()
    live = table.live()
    assert_ids_unique(live)
    in_order(
        live,
        '<div class="aow aow-table-screen">',
        'id="aow-now" class="panel aow-now"',
        '<li class="current" data-phase="0">',
        '<div class="aow-top-grid">',
        'id="aow-computed" class="panel aow-computed"',
        'id="aow-event" class="panel aow-event',
        'id="aow-auction" class="group"',
        "Epic auctions start in round",
        '<section class="players aow-players">',
        'id="aow-player-0" class="player aow-player start" data-seat="0"',
        'id="aow-player-2" class="player aow-player" data-seat="2"',
        '<section class="panel aow-map">',
        'id="aow-map-cities" class="aow-table cities"',
        'id="aow-map-camps"',
        "Bandit camps",
        'id="aow-map-vassals"',
        "Vassal states",
        'id="aow-prices" class="panel aow-prices"',
        'id="aow-buildings" class="panel aow-buildings"',
        '<details class="panel aow-corrections">',
        'id="aow-fix-peace" class="act-form aow-form aow-set-peace"',
    )
    ann = element(live, "aow-player-0")
    assert re.search(r'stat-food"><span class="label">food</span><span class="value">2<', ann)
    assert "Start player" in ann and "Points so far" in ann
    # The forms carry the table screen's own token, like every other game's.
    token = re.search(r'name="csrf_token" value="([^"]+)"', element(live, "aow-fix-peace"))
    assert token and re.fullmatch(r"[0-9a-f]{32}", token.group(1))
