"""Joining without a camera: each seat's five-character code, typed at /j or opened as /j/<code>.

The short code is a second key to a seat, beside its QR code's join code: single-use, re-issued
with it, shown only to the host, and rate-limited per address (a wrong code is a failure).
"""

from __future__ import annotations

import re
import sqlite3

from flask import Flask
from flask.testing import FlaskClient

from companion.pipeline.live import Hub
from companion.pipeline.tables import Tables
from companion.store import seats as seats_store
from companion.store.log import Store
from companion.store.seats import SHORT_ALPHABET, SHORT_LENGTH

from ..conftest import csrf, first_stream_message

CODE = re.compile(rf"^[{SHORT_ALPHABET}]{{{SHORT_LENGTH}}}$")


def make_table(client: FlaskClient, players=("Ann", "Bo", "Cy")) -> dict:
    reply = client.post("/api/tables", json={"game": "tally", "players": list(players)})
    assert reply.status_code == 201, reply.json
    return reply.json


def host_device(app: Flask, table: dict) -> FlaskClient:
    host = app.test_client()
    host.get(f"/host/{table['id']}/{table['host_token']}")
    return host


def type_code(phone: FlaskClient, typed: str, **headers: str):
    """A phone opens /j and sends the form with ``typed`` in its one field."""
    page = phone.get("/j", headers=headers).get_data(as_text=True)
    return phone.post("/j", data={"csrf_token": csrf(page), "code": typed}, headers=headers)


def short(table: dict, seat: int) -> str:
    return table["seats"][seat]["short_code"]


def test_every_seat_gets_a_short_code_without_ambiguous_characters(client):
    table = make_table(client, ("Ann", "Bo", "Cy", "Di"))
    codes = [s["short_code"] for s in table["seats"]]
    assert all(CODE.match(code) for code in codes)
    assert not set("".join(codes)) & set("01OIL")
    assert len(set(codes)) == len(codes)


def test_the_join_page_is_one_big_field_for_a_phone(client):
    page = client.get("/j")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    field = re.search(r"<input id=\"seat-code\"[^>]*>", html, re.S).group(0)
    for attribute in (
        'autocapitalize="characters"',
        'autocomplete="off"',
        'inputmode="text"',
        'maxlength="7"',
        'name="code"',
    ):
        assert attribute in field
    assert "Join a table" in html


def test_a_phone_types_the_code_in_lowercase_and_takes_its_seat(app, client):
    table = make_table(client)
    phone = app.test_client()
    reply = type_code(phone, short(table, 1).lower())
    assert reply.status_code == 303
    assert reply.headers["Location"] == f"/t/{table['id']}/seat"
    page = phone.get(reply.headers["Location"]).get_data(as_text=True)
    assert "Bo" in page
    seats = client.get(f"/api/tables/{table['id']}").json["seats"]
    assert [s["joined"] for s in seats] == [False, True, False]


def test_a_short_code_works_once_and_a_second_use_changes_nothing(app, client):
    table = make_table(client)
    code = short(table, 0)
    assert type_code(app.test_client(), code).status_code == 303
    version = client.get(f"/api/tables/{table['id']}").json["version"]
    again = type_code(app.test_client(), code)
    assert again.status_code == 404
    assert "No seat is waiting for the code" in again.get_data(as_text=True)
    assert client.get(f"/api/tables/{table['id']}").json["version"] == version
    # Its join code went with it: both were one way into the same seat.
    assert (
        client.post("/api/join", json={"code": table["seats"][0]["join_code"]}).status_code == 409
    )


def test_a_short_join_link_claims_directly_and_ignores_case_and_dashes(app, client):
    table = make_table(client)
    code = short(table, 2)
    phone = app.test_client()
    reply = phone.get(f"/j/{code[:3].lower()}-{code[3:]}")
    assert reply.status_code == 303
    assert phone.get(reply.headers["Location"]).status_code == 200


def test_a_malformed_code_gets_a_clear_refusal_in_the_phones_language(app, client):
    table = make_table(client)
    phone = app.test_client()
    reply = type_code(phone, "K7M4O", **{"Accept-Language": "zh-TW"})
    assert reply.status_code == 400
    assert "座位代碼是 5 個英文字母和數字" in reply.get_data(as_text=True)
    unknown = phone.get("/j/ZZZZZ", headers={"Accept-Language": "zh-TW"})
    assert unknown.status_code == 404
    assert "沒有座位在等代碼 ZZZZZ" in unknown.get_data(as_text=True)
    assert not any(s["joined"] for s in client.get(f"/api/tables/{table['id']}").json["seats"])


def test_the_form_needs_its_csrf_token(app, client):
    table = make_table(client)
    phone = app.test_client()
    reply = phone.post("/j", data={"code": short(table, 0)})
    assert reply.status_code == 400
    assert not client.get(f"/api/tables/{table['id']}").json["seats"][0]["joined"]


def test_wrong_codes_count_against_the_join_limit_of_the_address(app, client):
    app.config["JOIN_RATE_LIMIT"] = "3 per minute"
    table = make_table(client)
    phone = app.test_client()
    for guess in ("ZZZZZ", "ZZZZY", "ZZZZX"):
        assert phone.get(f"/j/{guess}").status_code == 404
    # Spent: even the right code waits, and the seat stays free.
    blocked = type_code(phone, short(table, 0))
    assert blocked.status_code == 429
    assert "Too many attempts" in blocked.get_data(as_text=True)
    assert not client.get(f"/api/tables/{table['id']}").json["seats"][0]["joined"]


def test_a_new_code_replaces_both_codes_of_the_seat(app, client):
    table = make_table(client)
    old = short(table, 0)
    assert type_code(app.test_client(), old).status_code == 303
    reply = client.post(
        f"/api/tables/{table['id']}/seats/0/reissue",
        headers={"Authorization": f"Bearer {table['host_token']}"},
    )
    new = reply.json["short_code"]
    assert CODE.match(new) and new != old
    assert app.test_client().get(f"/j/{old}").status_code == 404
    assert app.test_client().get(f"/j/{new}").status_code == 303


def test_the_api_joins_with_a_short_code_too(client):
    table = make_table(client)
    reply = client.post("/api/join", json={"code": short(table, 1).lower()})
    assert reply.status_code == 200 and reply.json["seat"] == 1


def test_only_the_host_sees_the_short_codes(app, client):
    table = make_table(client)
    codes = [s["short_code"] for s in table["seats"]]
    host = host_device(app, table)
    host_page = host.get(f"/t/{table['id']}").get_data(as_text=True)
    assert all(code in host_page for code in codes)
    assert "http://192.168.1.20:8000/j" in host_page
    printed = host.get(f"/t/{table['id']}/print").get_data(as_text=True)
    assert all(code in printed for code in codes)
    assert "Or open http://192.168.1.20:8000/j and type" in printed

    phone = app.test_client()
    type_code(phone, codes[0])
    public = app.test_client()
    seen = [
        public.get(f"/t/{table['id']}").get_data(as_text=True),
        phone.get(f"/t/{table['id']}/seat").get_data(as_text=True),
        first_stream_message(public.get(f"/t/{table['id']}/stream", buffered=False)),
        first_stream_message(phone.get(f"/t/{table['id']}/seat/stream", buffered=False)),
        public.get(f"/api/tables/{table['id']}").get_data(as_text=True),
    ]
    for text in seen:
        assert not any(code in text for code in codes)
    # A claimed seat's code leaves the host's screen too.
    assert codes[0] not in host.get(f"/t/{table['id']}").get_data(as_text=True)


def test_short_codes_are_unique_among_waiting_seats(app, client, monkeypatch):
    drawn = iter(["ABCDE", "ABCDE", "FGHJK", "ABCDE", "FGHJK", "MNPQR", "STUVW"])
    monkeypatch.setattr(seats_store, "new_short_code", lambda: next(drawn))
    first = make_table(client, ("Ann", "Bo"))
    second = make_table(client, ("Cy", "Di"))
    assert [short(first, 0), short(first, 1)] == ["ABCDE", "FGHJK"]
    assert short(second, 0) == "MNPQR"


OLD_SEATS = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players TEXT NOT NULL,
    options TEXT NOT NULL, seed INTEGER NOT NULL, host_hash TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL);
CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
    join_code TEXT UNIQUE, used_code_hash TEXT, token_hash TEXT,
    claims INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, seat));
INSERT INTO tables VALUES ('t1', 'tally', '["Ann", "Bo"]', '{}', 7, 'h', 0, 0);
INSERT INTO seats(table_id, seat, join_code, token_hash) VALUES ('t1', 0, 'waiting-code-0', NULL);
INSERT INTO seats(table_id, seat, join_code, token_hash) VALUES ('t1', 1, NULL, 'claimed');
"""


def test_a_database_from_before_short_codes_gets_them_for_its_waiting_seats(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SEATS)
    store = Store(path)
    try:
        seats = store.seats("t1")
        assert CODE.match(seats[0][2]) and seats[1][2] is None
        assert store.short_code_join(seats[0][2]) == "waiting-code-0"
        # Opening it again changes nothing: the upgrade runs once per waiting seat.
        store.close()
        store = Store(path)
        assert store.seats("t1") == seats
    finally:
        store.close()


def test_a_short_code_claim_goes_through_the_pipeline(tmp_path, monkeypatch):
    from companion.games import GAMES
    from companion.games.example import GAME as TALLY

    monkeypatch.setitem(GAMES, TALLY.id, TALLY)
    store = Store(tmp_path / "p.db")
    try:
        tables = Tables(store, Hub())
        created = tables.create("tally", ["Ann", "Bo"], {})
        table_id, seat, token = tables.claim(created.short_codes[1].lower())
        assert (table_id, seat) == (created.id, 1)
        assert tables.viewer_for(table_id, token).seat == 1
        assert tables.seats(table_id)[1].short_code is None
    finally:
        store.close()
