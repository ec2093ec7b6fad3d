"""Creating a table with a look-alike or blank name, through the API and the form."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from ..conftest import csrf

ZH = {"Accept-Language": "zh-TW"}


@pytest.mark.parametrize("spoof", ["\u0410nn", "Bo \u0391nn"], ids=["cyrillic", "greek"])
def test_a_mixed_script_name_is_refused_in_the_viewers_language(client: FlaskClient, spoof: str):
    players = ["Ann", spoof, "Cy", "Dee"]
    reply = client.post(
        "/api/tables", json={"game": "samurai-sword", "players": players}, headers=ZH
    )
    assert reply.status_code == 400
    assert reply.json["error"]["code"] == "mixed_script"
    assert f"名字「{spoof}」的同一個字裡混用了不同文字系統的字母" in reply.json["error"]["message"]


def test_the_form_refuses_a_mixed_script_name_in_html(client: FlaskClient):
    token = csrf(client.get("/new/samurai-sword").get_data(as_text=True))
    reply = client.post(
        "/tables",
        data={"game": "samurai-sword", "player": ["Ann", "\u0410nn", "Cy"], "csrf_token": token},
        headers=ZH,
    )
    assert reply.status_code == 400
    assert reply.mimetype == "text/html"
    assert "混用了不同文字系統的字母" in reply.get_data(as_text=True)


def test_names_that_draw_nothing_are_dropped_like_empty_ones(client: FlaskClient):
    players = ["Ann", "\u3164", "Bo", "\u2800", "Cy", "\u115f\u1160", "Dee\uffa0"]
    reply = client.post("/api/tables", json={"game": "samurai-sword", "players": players})
    assert reply.status_code == 201, reply.json
    assert [s["name"] for s in reply.json["seats"]] == ["Ann", "Bo", "Cy", "Dee"]


def test_a_blank_character_does_not_make_a_second_ann(client: FlaskClient):
    players = ["Ann", "Ann\u3164", "Cy", "Dee"]
    reply = client.post("/api/tables", json={"game": "samurai-sword", "players": players})
    assert reply.status_code == 400
    assert reply.json["error"]["code"] == "duplicate_name"


def test_names_in_one_script_per_word_make_a_table(client: FlaskClient):
    players = ["Анна", "小明", "山田さん", "Ann 小明"]
    reply = client.post("/api/tables", json={"game": "samurai-sword", "players": players})
    assert reply.status_code == 201, reply.json
    assert [s["name"] for s in reply.json["seats"]] == players
