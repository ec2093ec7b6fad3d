"""Players without phones: a seat played by handing a shared device round.

The host's screen takes a waiting seat (a public claim) and goes on showing the public table,
with the seat offered above the board; it shows the seat's screen only on request (a page of
its own, or inside a cover with nothing of the seat's own), acts for that seat through the seat's
own forms, and refuses every other device. A phone that already plays a seat keeps it when
it takes a second one to hand round.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from ..conftest import csrf

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def host_table(app: Flask) -> tuple[dict, FlaskClient]:
    """A Samurai Sword table and its host's browser, table screen loaded."""
    host = app.test_client()
    reply = host.post("/api/tables", json={"game": "samurai-sword", "players": PLAYERS})
    table = reply.json
    assert host.get(f"/host/{table['id']}/{table['host_token']}").status_code == 303
    return table, host


def pass_seat(host: FlaskClient, table: dict, seat: int) -> str:
    page = host.get(f"/t/{table['id']}").get_data(as_text=True)
    reply = host.post(
        f"/t/{table['id']}/seats/pass", data={"seat": str(seat), "csrf_token": csrf(page)}
    )
    assert reply.status_code == 303, reply.get_data(as_text=True)
    return reply.headers["Location"]


def hidden_seat(app: Flask, table: dict) -> tuple[int, str]:
    """A Ninja's or the Ronin's seat (secret roles whose names appear nowhere else on a page,
    unlike "Samurai" in the game's name), and that role."""
    loaded = app.extensions["tables"].load(table["id"])
    for seat in range(len(PLAYERS)):
        role = loaded.game.private_view(loaded.state, seat)["role"]
        if role in ("Ninja", "Ronin"):
            return seat, role
    raise AssertionError("no hidden role")


def test_the_host_hands_a_seat_round_and_the_claim_is_public(app):
    table, host = host_table(app)
    where = pass_seat(host, table, 2)
    assert where.endswith(f"/t/{table['id']}")  # the public table stays on the screen
    history = app.test_client().get(f"/t/{table['id']}").get_data(as_text=True)
    assert "Cy plays on the shared screen" in history
    # The seat is claimed: its QR code and join link are gone from the host's list.
    reply = host.get(f"/t/{table['id']}/seats/2/qr.svg")
    assert reply.status_code == 404


def test_the_cover_shows_nothing_of_the_seat_and_opening_shows_its_screen(app):
    table, host = host_table(app)
    seat, role = hidden_seat(app, table)
    pass_seat(host, table, seat)
    cover = host.get(f"/t/{table['id']}/pass/{seat}").get_data(as_text=True)
    assert f"Hand this device to {PLAYERS[seat]}" in cover
    assert role not in cover and "data-reveal" not in cover
    opened = host.get(f"/t/{table['id']}/pass/{seat}/open")
    assert opened.status_code == 200
    assert opened.headers["Cache-Control"] == "no-store"
    body = opened.get_data(as_text=True)
    assert "data-reveal" in body and "Done: hide my screen" in body
    assert role in body  # the secret is in the seat's own (held) panel


def test_no_other_device_may_open_a_handed_round_seat(app):
    table, host = host_table(app)
    pass_seat(host, table, 1)
    stranger = app.test_client()
    for path in ("", "/open", "/screen", "/stream"):
        reply = stranger.get(f"/t/{table['id']}/pass/1{path}", headers={"Accept-Language": "zh-TW"})
        assert reply.status_code == 401, path
        assert re.search(r"[\u4e00-\u9fff]", reply.get_data(as_text=True))
    # Nor may the host open a seat it does not hand round, or take a seat with a phone.
    assert host.get(f"/t/{table['id']}/pass/3/open").status_code == 401
    phone = app.test_client()
    assert phone.get(f"/join/{table['seats'][3]['join_code']}").status_code == 303
    page = host.get(f"/t/{table['id']}").get_data(as_text=True)
    taken = host.post(f"/t/{table['id']}/seats/pass", data={"seat": "3", "csrf_token": csrf(page)})
    assert taken.status_code == 403
    bad = host.post(f"/t/{table['id']}/seats/pass", data={"seat": "9", "csrf_token": csrf(page)})
    assert bad.status_code == 400


def test_a_form_on_the_handed_round_screen_acts_for_that_seat(app):
    table, host = host_table(app)
    pass_seat(host, table, 2)
    before = app.extensions["tables"].load(table["id"]).version
    body = host.get(f"/t/{table['id']}/pass/2/open").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', body).group(1)
    reply = host.post(
        f"/t/{table['id']}/seat/act",
        data={"type": "set_daimyo", "n": "1", "csrf_token": token},
        headers={"HX-Request": "true"},
    )
    assert reply.status_code == 200, reply.get_data(as_text=True)
    loaded = app.extensions["tables"].load(table["id"])
    assert loaded.version > before
    assert loaded.rows[-1].actor == 2  # Cy's action, not the host's
    # A made-up token acts for nobody and changes nothing.
    refused = host.post(
        f"/t/{table['id']}/seat/act",
        data={"type": "set_daimyo", "n": "2", "csrf_token": "x" * 32},
        headers={"HX-Request": "true"},
    )
    assert refused.status_code in (401, 403)
    assert app.extensions["tables"].load(table["id"]).version == loaded.version


def test_a_phone_that_plays_a_seat_keeps_it_when_it_takes_another_to_hand_round(app):
    table, _host = host_table(app)
    phone = app.test_client()
    assert phone.get(f"/join/{table['seats'][0]['join_code']}").status_code == 303
    second = phone.get(f"/join/{table['seats'][1]['join_code']}")
    assert second.headers["Location"].endswith(f"/t/{table['id']}/pass/1")
    own = phone.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    assert '<span class="me-name">Ann</span>' in own or ">Ann<" in own
    assert "I am Bo: show my screen" in own
    assert phone.get(f"/t/{table['id']}/pass/1/open").status_code == 200
    # Bo's own screen, opened from this phone, goes back to this phone's face on "Done".
    body = phone.get(f"/t/{table['id']}/pass/1/screen").get_data(as_text=True)
    assert f'data-back="/t/{table["id"]}/seat"' in body


def test_the_table_keeps_the_public_view_and_offers_the_seat_above_the_board(app):
    table, host = host_table(app)
    seat, role = hidden_seat(app, table)
    pass_seat(host, table, seat)
    page = host.get(f"/t/{table['id']}").get_data(as_text=True)
    offer = f"I am {PLAYERS[seat]}: show my screen"
    # The offer comes before the live board in the page, so it is in view without scrolling.
    assert offer in page and page.index(offer) < page.index('id="live"')
    assert role not in page and "data-reveal" not in page
    # One tap: the seat's own screen as a page of its own, never cached, whose "Done" goes
    # straight back to the public table.
    opened = host.get(f"/t/{table['id']}/pass/{seat}/screen")
    assert opened.status_code == 200
    assert opened.headers["Cache-Control"] == "no-store"
    body = opened.get_data(as_text=True)
    assert role in body and "data-reveal" in body
    assert f'data-back="/t/{table["id"]}"' in body and "Done: hide my screen" in body
    # Nobody else may open it.
    stranger = app.test_client()
    assert stranger.get(f"/t/{table['id']}/pass/{seat}/screen").status_code == 401
