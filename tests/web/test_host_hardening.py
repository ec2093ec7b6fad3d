"""Host hardening through the Flask test client: player names, the language redirect, and the
rate limit on creating tables."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app

from ..conftest import csrf

FOUR = ["A", "B", "C", "D"]


def create(client: FlaskClient, players: list[str], game: str = "samurai-sword"):
    return client.post("/api/tables", json={"game": game, "players": players})


# -- player names -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "twin",
    ["Ann\u202e", "\u2066Ann\u2069", "A\u200bnn", "\uff21nn", "Ann\x00"],
    ids=["rtl-override", "bidi-isolate", "zero-width", "full-width", "nul"],
)
def test_names_that_look_the_same_are_duplicates(client: FlaskClient, twin: str):
    for players in (["Ann", twin, "Bo", "Cy"], ["ANN\u00a0", twin, "Bo", "Cy"]):
        reply = create(client, players)
        assert reply.status_code == 400
        assert reply.json["error"]["code"] == "duplicate_name"


def test_invisible_and_control_characters_are_dropped_from_names(client: FlaskClient):
    reply = create(client, ["A\u200bnn", "Bo\u202e", "C\ty\n", "\u2067Dee\u2069"])
    assert reply.status_code == 201, reply.json
    assert [s["name"] for s in reply.json["seats"]] == ["Ann", "Bo", "C y", "Dee"]


def test_a_name_of_nothing_but_invisible_characters_is_dropped(client: FlaskClient):
    reply = create(client, ["Ann", "\u200b\u202e\u0000", "Bo", "Cy", "Dee"])
    assert reply.status_code == 201, reply.json
    assert [s["name"] for s in reply.json["seats"]] == ["Ann", "Bo", "Cy", "Dee"]


def test_a_long_name_is_cut_to_the_cap(client: FlaskClient):
    reply = create(client, ["\u200b" + "x" * 40, "Bo", "Cy", "Dee"])
    assert reply.status_code == 201
    assert reply.json["seats"][0]["name"] == "x" * 24


# -- the language switch's redirect -----------------------------------------------------------


# Off-site one way or another: browsers drop tabs and newlines, read "\\" as "/", and
# trim leading spaces and controls.
OFF_SITE = [
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d%0a/evil.example",
    "/%5Cevil.example",
    "/%5C/evil.example",
    "/%E2%80%8B/evil.example",
    "//evil.example",
    "%5C%5Cevil.example",
    "https://evil.example/",
    "%20//evil.example",
    "%09//evil.example",
    "javascript:alert(1)",
    "evil.example",
]


def test_the_language_switch_never_redirects_off_site(client: FlaskClient):
    for target in OFF_SITE:
        reply = client.get(f"/lang/en?next={target}")
        assert reply.status_code == 303
        assert reply.headers["Location"] == "/", target
    # A page of this site is where it goes back to.
    reply = client.get("/lang/zh_TW?next=/t/abc/seat%3Fx%3D1")
    assert reply.headers["Location"] == "/t/abc/seat?x=1"
    assert "tc_lang=zh_TW" in reply.headers["Set-Cookie"]


# -- the rate limit on creating tables --------------------------------------------------------


@pytest.fixture
def default_app(tmp_path: Path) -> Iterator[Flask]:
    """An app with the default creation limit (the shared fixture raises it for the suite)."""
    app = create_app({"DATABASE": str(tmp_path / "limit.db"), "TESTING": True})
    yield app
    app.extensions["store"].close()


def count_tables(app: Flask) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return db.execute("SELECT count(*) FROM tables").fetchone()[0]


def test_the_31st_table_in_a_minute_from_one_address_is_refused(default_app: Flask):
    client = default_app.test_client()
    for _ in range(30):
        assert create(client, FOUR).status_code == 201
    refused = create(client, FOUR)
    assert refused.status_code == 429
    assert refused.json["error"]["code"] == "rate_limited"
    assert refused.json["error"]["message"] == "Too many attempts. Wait a minute and try again."
    assert count_tables(default_app) == 30
    # Another address is not held back by this one.
    other = default_app.test_client()
    reply = other.post(
        "/api/tables",
        json={"game": "samurai-sword", "players": FOUR},
        environ_base={"REMOTE_ADDR": "192.168.1.77"},
    )
    assert reply.status_code == 201


def test_the_form_and_the_api_share_one_limit_and_the_form_refuses_in_html(default_app: Flask):
    client = default_app.test_client()
    for _ in range(30):
        assert create(client, FOUR).status_code == 201
    token = csrf(client.get("/new/samurai-sword").get_data(as_text=True))
    refused = client.post(
        "/tables",
        data={"game": "samurai-sword", "player": FOUR, "csrf_token": token},
        headers={"Accept-Language": "zh-TW"},
    )
    assert refused.status_code == 429
    assert refused.mimetype == "text/html"
    page = refused.get_data(as_text=True)
    assert "嘗試次數過多，請稍候一分鐘再試。" in page  # in the browser's language
    assert count_tables(default_app) == 30


def test_the_create_limit_is_a_setting(tmp_path: Path):
    app = create_app(
        {"DATABASE": str(tmp_path / "two.db"), "TESTING": True, "CREATE_RATE_LIMIT": "2/minute"}
    )
    try:
        client = app.test_client()
        assert [create(client, FOUR).status_code for _ in range(3)] == [201, 201, 429]
    finally:
        app.extensions["store"].close()
