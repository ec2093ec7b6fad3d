"""The table's clocks through the web: the option every game has, the table view's
``clocks``, the host's Pause and Resume, a seat refused, a sealed round's "waiting on", and
the archive's times. Run on SQLite and PostgreSQL, on the Tally game; time is the store's
clock, which the tests set (``store.clock``), so nothing waits on the real clock.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.after import archive
from companion.games import GAMES

from ..conftest import csrf, first_message
from .test_platform import bearer, join

ZH = {"Accept-Language": "zh-TW"}
HTMX = {"HX-Request": "true"}


class Time:
    """The store's clock, set by the test."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def timed(app: Flask) -> Time:
    time = Time()
    app.extensions["store"].clock = time
    return time


def table(client: FlaskClient, players=("Ann", "Bo", "Cy"), **options) -> dict:
    body = {"game": "tally", "players": list(players), "options": options}
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 201, reply.json
    return reply.json


def act(client: FlaskClient, t: dict, token: str, **body) -> None:
    reply = client.post(f"/api/tables/{t['id']}/actions", json=body, headers=bearer(token))
    assert reply.status_code == 200, reply.json


def clocks(client: FlaskClient, t: dict, token: str | None = None) -> dict:
    reply = client.get(f"/api/tables/{t['id']}", headers=bearer(token) if token else {})
    assert reply.status_code == 200, reply.json
    return reply.json["clocks"]


def seconds(found: dict) -> list[int]:
    return [s["seconds"] for s in found["seats"]]


def host_screen(app: Flask, t: dict) -> tuple[FlaskClient, str]:
    host = app.test_client()
    host.get(f"/host/{t['id']}/{t['host_token']}")
    return host, host.get(f"/t/{t['id']}").get_data(as_text=True)


def test_every_game_has_the_clock_options_off_and_the_new_table_form_shows_them(client):
    for game in client.get("/api/games").json:
        options = {o["name"]: o for o in game["options"]}
        assert options["clocks"]["default"] is False, game["id"]
        assert options["turn_limit"]["default"] == 0, game["id"]
    for game_id in GAMES:
        form = client.get(f"/new/{game_id}").get_data(as_text=True)
        assert 'name="opt_clocks"' in form and 'name="opt_turn_limit"' in form
    plain = table(client)
    assert "clocks" not in client.get(f"/api/tables/{plain['id']}").json


def test_the_table_view_has_each_seats_time_from_the_log_and_a_restart_keeps_it(
    app, client, database
):
    time = timed(app)
    t = table(client, clocks=True)
    host, ann, bo = t["host_token"], join(client, t["seats"][0]["join_code"]), None
    bo = join(client, t["seats"][1]["join_code"])
    time.now += 15
    act(client, t, ann, type="end_turn")
    time.now += 40
    act(client, t, bo, type="end_turn")
    time.now += 9
    now = clocks(client, t, host)
    assert seconds(now) == [15, 40, 9]  # Ann's from when the table was set up
    assert [s["running"] for s in now["seats"]] == [False, False, True]
    assert [s["longest"] for s in now["seats"]] == [15, 40, 9]
    assert now["waiting_on"] == [2] and now["paused"] is False
    # Public data: the same for the public screen and a seat.
    assert clocks(client, t) == now == clocks(client, t, ann)
    again = create_app({"DATABASE": database, "TESTING": True, "PUBLIC_URL": "http://x"})
    try:
        again.extensions["store"].clock = time
        assert clocks(again.test_client(), t, host) == now
    finally:
        again.extensions["store"].close()


def test_a_phone_that_reconnects_gets_the_same_clocks_as_the_page(app, client):
    time = timed(app)
    t = table(client, clocks=True)
    phone = app.test_client()
    assert phone.get(f"/join/{t['seats'][1]['join_code']}").status_code == 303
    act(client, t, t["host_token"], type="end_turn")
    time.now += 33
    page = phone.get(f"/t/{t['id']}/seat").get_data(as_text=True)
    totals = re.findall(r'data-seat="\d" data-total="([0-9.]+)"', page)
    assert totals and 'data-me="1"' in page
    kind, _version, data = first_message(phone, f"/t/{t['id']}/seat/stream?v=0")
    assert kind == "view"
    assert re.findall(r'data-seat="\d" data-total="([0-9.]+)"', data) == totals
    assert "data-since=" in data and "running" in data


def test_the_host_pauses_and_resumes_every_clock_from_the_table_screen(app, client):
    time = timed(app)
    t = table(client, clocks=True)
    act(client, t, t["host_token"], type="end_turn")
    time.now += 20
    host, page = host_screen(app, t)
    assert 'class="clock-pause-mark" aria-hidden="true"></span>Pause</button>' in page
    form = {"csrf_token": csrf(page), "paused": "1"}
    assert host.post(f"/t/{t['id']}/clocks", data=form, headers=HTMX).status_code == 200
    time.now += 600
    paused = clocks(client, t)
    assert paused["paused"] is True and seconds(paused) == [0, 20, 0]
    assert not any(s["running"] for s in paused["seats"])
    page = host.get(f"/t/{t['id']}").get_data(as_text=True)
    assert "Paused" in page and "▶ Resume" in page and "The host paused the clocks" in page
    # The API's Resume, with the host's token.
    reply = client.post(
        f"/api/tables/{t['id']}/clocks", json={"paused": False}, headers=bearer(t["host_token"])
    )
    assert reply.status_code == 200 and reply.json["clocks"]["paused"] is False
    time.now += 5
    assert seconds(clocks(client, t)) == [0, 25, 0]


def test_a_seat_cannot_pause_the_clocks_and_is_told_so_in_its_language(app, client):
    timed(app)
    t = table(client, clocks=True)
    token = join(client, t["seats"][0]["join_code"])
    phone = app.test_client()
    assert phone.get(f"/join/{t['seats'][1]['join_code']}").status_code == 303
    before = client.get(f"/api/tables/{t['id']}").json["version"]
    reply = client.post(
        f"/api/tables/{t['id']}/clocks", json={"paused": True}, headers={**bearer(token), **ZH}
    )
    assert reply.status_code == 403
    assert reply.json["error"]["message"] == "只有主持人可以這麼做。"
    # A phone's browser, posting the table screen's form, is refused too.
    page = phone.get(f"/t/{t['id']}/seat").get_data(as_text=True)
    form = {"csrf_token": csrf(page), "paused": "1"}
    assert phone.post(f"/t/{t['id']}/clocks", data=form, headers=ZH).status_code in (400, 403)
    after = client.get(f"/api/tables/{t['id']}").json
    assert after["version"] == before and after["clocks"]["paused"] is False
    # Nonsense is a 400 and changes nothing; a table without clocks cannot pause.
    host = bearer(t["host_token"])
    assert client.post(f"/api/tables/{t['id']}/clocks", json={}, headers=host).status_code == 400
    plain = table(client)
    refused = client.post(
        f"/api/tables/{plain['id']}/clocks",
        json={"paused": True},
        headers=bearer(plain["host_token"]),
    )
    assert refused.status_code == 409 or refused.status_code == 400


def test_a_sealed_round_says_who_locked_and_whom_the_table_waits_on_by_name(app, client):
    time = timed(app)
    t = table(client, clocks=True)
    ann = join(client, t["seats"][0]["join_code"])
    act(client, t, ann, type="bid", n=7)
    time.now += 3
    act(client, t, ann, type="lock")
    time.now += 42
    found = clocks(client, t)
    assert found["waiting_on"] == [1, 2]
    assert [s["running"] for s in found["seats"]] == [False, True, True]
    page = client.get(f"/t/{t['id']}").get_data(as_text=True)
    assert "Locked: Ann" in page and "Waiting on Bo and Cy · " in page
    # Since the round opened (Ann's bid): 3 s before she locked, 42 s since.
    assert re.search(r'data-clock="wait"[^>]*>0:45<', page)
    zh = client.get(f"/t/{t['id']}", headers=ZH).get_data(as_text=True)
    assert "已鎖定：Ann" in zh and "等待Bo和Cy" in zh
    tv = client.get(f"/t/{t['id']}/tv").get_data(as_text=True)
    assert "Waiting on Bo and Cy" in tv


def test_the_archive_keeps_each_seats_total_and_longest_turn(app, client):
    time = timed(app)
    t = table(client, ("Ann", "Bo"), clocks=True)
    host = t["host_token"]
    act(client, t, host, type="end_turn")  # Ann's first turn, at once
    time.now += 70
    act(client, t, host, type="end_turn")  # Bo: 1:10
    time.now += 5
    act(client, t, host, type="end_turn")  # Ann: 0:05
    time.now += 3
    act(client, t, host, type="set_score", seat=1, score=10, confirm=True)  # Bo: 0:03; the end
    played = archive.play(app.extensions["tables"], t["id"])
    assert played is not None
    assert played.clocks() == [
        {"name": "Ann", "seconds": 5, "longest": 5},
        {"name": "Bo", "seconds": 73, "longest": 70},
    ]
    sheet = client.get(f"/plays/{t['id']}").get_data(as_text=True)
    assert "Longest turn" in sheet
    assert re.search(r"<th scope=\"row\">Bo</th><td>1:13</td><td>1:10</td>", sheet)
