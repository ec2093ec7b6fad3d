"""Guessing seat codes gets nowhere, whatever addresses and server processes it uses.

Every wrong short code, from anyone, counts against the guess budget of every waiting seat's
short code (in the database, so every process shares it); a code whose budget is spent is
locked, the QR code still opens the seat, and the host can give it a new code. On top, each
address may fail only a few times a minute (Flask-Limiter, counting refusals only).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.games import GAMES
from companion.games.example import GAME as TALLY
from companion.store.seats import SHORT_ALPHABET

LOCKED = "was locked after too many wrong guesses"


@pytest.fixture
def make_app(database: str) -> Iterator[Callable[..., Flask]]:
    """Apps on the test's one database (several stand for several server processes)."""
    made: list[Flask] = []

    def make(**config: object) -> Flask:
        GAMES.setdefault(TALLY.id, TALLY)
        settings = {
            "DATABASE": database,
            "TESTING": True,
            "PUBLIC_URL": "http://192.168.1.20:8000",
            "CREATE_RATE_LIMIT": "100000 per minute",
            "JOIN_RATE_LIMIT": "2 per minute",
        }
        made.append(create_app({**settings, **config}))
        return made[-1]

    yield make
    for app in made:
        app.extensions["store"].close()
    GAMES.pop(TALLY.id, None)


def device(app: Flask, address: str) -> FlaskClient:
    """A browser at its own client address."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def new_table(app: Flask, players: tuple[str, ...] = ("Ann", "Bo", "Cy")) -> dict:
    reply = device(app, "192.0.2.1").post(
        "/api/tables", json={"game": "tally", "players": list(players)}
    )
    assert reply.status_code == 201, reply.json
    return reply.json


def wrong_codes(table: dict) -> Iterator[str]:
    """Well-formed short codes that open no seat of ``table`` (the only table)."""
    real = {seat["short_code"] for seat in table["seats"]}
    for a in SHORT_ALPHABET:
        for b in SHORT_ALPHABET:
            if (code := f"ZZZ{a}{b}") not in real:
                yield code


def joined(app: Flask, table: dict) -> list[bool]:
    seats = device(app, "192.0.2.1").get(f"/api/tables/{table['id']}").json["seats"]
    return [s["joined"] for s in seats]


def test_wrong_guesses_from_many_addresses_lock_every_waiting_short_code(make_app):
    app = make_app(SHORT_CODE_GUESS_BUDGET=6)
    table = new_table(app)
    guesses = wrong_codes(table)
    # Three addresses, each within its own limit of two failures: five wrong guesses...
    for n in range(5):
        reply = device(app, f"198.51.100.{n // 2}").get(f"/j/{next(guesses)}")
        assert reply.status_code == 404
    # ...leave every waiting code open: the budget is six.
    assert (
        device(app, "203.0.113.9").get(f"/j/{table['seats'][2]['short_code']}").status_code == 303
    )
    assert device(app, "198.51.100.2").get(f"/j/{next(guesses)}").status_code == 404

    # The sixth spent it: the right code of a waiting seat no longer opens it, and says why.
    phone = device(app, "203.0.113.10")
    refused = phone.get(f"/j/{table['seats'][0]['short_code']}")
    assert refused.status_code == 409
    assert LOCKED in refused.get_data(as_text=True)
    assert "Scan the seat&#39;s QR code, or ask the host for a new code" in refused.get_data(
        as_text=True
    )
    in_chinese = phone.post(
        "/api/join",
        json={"code": table["seats"][1]["short_code"]},
        headers={"Accept-Language": "zh-TW"},
    )
    assert in_chinese.status_code == 409
    assert in_chinese.json["error"]["code"] == "short_code_locked"
    assert "被猜錯太多次而鎖住" in in_chinese.json["error"]["message"]
    assert joined(app, table) == [False, False, True]

    # The QR code's join code still works.
    scanned = device(app, "203.0.113.11").get(f"/join/{table['seats'][0]['join_code']}")
    assert scanned.status_code == 303
    assert joined(app, table) == [True, False, True]

    # The host's screen says so instead of showing the code, and offers a new one...
    host = device(app, "192.0.2.1")
    host.get(f"/host/{table['id']}/{table['host_token']}")
    screen = host.get(f"/t/{table['id']}").get_data(as_text=True)
    assert "Code locked after too many wrong guesses" in screen
    assert table["seats"][1]["short_code"] not in screen
    assert f"/t/{table['id']}/seats/1/reissue" in screen
    # ...which has a whole budget of its own.
    new = host.post(
        f"/api/tables/{table['id']}/seats/1/reissue",
        headers={"Authorization": f"Bearer {table['host_token']}"},
    ).json["short_code"]
    assert device(app, "203.0.113.12").get(f"/j/{new}").status_code == 303
    assert joined(app, table) == [True, True, True]


def test_two_server_processes_on_one_database_share_the_budget(make_app):
    first, second = make_app(SHORT_CODE_GUESS_BUDGET=4), make_app(SHORT_CODE_GUESS_BUDGET=4)
    table = new_table(first)
    guesses = wrong_codes(table)
    # Two wrong guesses on each: neither process alone has seen four.
    for n, app in enumerate((first, second, first, second)):
        assert device(app, f"198.51.100.{n}").get(f"/j/{next(guesses)}").status_code == 404
    for app in (second, first):
        reply = device(app, "203.0.113.20").post(
            "/api/join", json={"code": table["seats"][0]["short_code"]}
        )
        assert reply.status_code == 409
        assert reply.json["error"]["code"] == "short_code_locked"
    assert joined(first, table) == [False, False, False]


def test_the_address_limit_counts_only_refusals_and_answers_in_the_viewers_language(make_app):
    app = make_app()
    table = new_table(app, ("Ann", "Bo", "Cy", "Di"))
    phone = device(app, "198.51.100.7")
    # A whole table's worth of good codes from one address: none of them counts.
    for seat in table["seats"][:3]:
        assert phone.post("/api/join", json={"code": seat["join_code"]}).status_code == 200
    # Two refusals spend the limit (a used code is one, a wrong one another)...
    used = phone.post("/api/join", json={"code": table["seats"][0]["join_code"]})
    assert used.status_code == 409
    assert phone.get("/j/ZZZZZ").status_code == 404
    # ...then even a good code waits, told so in the phone's language, and nothing changes.
    blocked = phone.post(
        "/api/join",
        json={"code": table["seats"][3]["join_code"]},
        headers={"Accept-Language": "zh-TW"},
    )
    assert blocked.status_code == 429
    assert blocked.json["error"] == {
        "code": "rate_limited",
        "message": "嘗試次數過多，請稍候一分鐘再試。",
    }
    page = phone.get(f"/j/{table['seats'][3]['short_code']}", headers={"Accept-Language": "zh-TW"})
    assert page.status_code == 429
    assert "嘗試次數過多" in page.get_data(as_text=True)
    assert joined(app, table) == [True, True, True, False]
    # Another address is not held back by this one.
    other = device(app, "198.51.100.8")
    assert other.post("/api/join", json={"code": table["seats"][3]["join_code"]}).status_code == 200
