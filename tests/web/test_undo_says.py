"""Undo is predictable: its button says what it will take back, before the tap.

The host's Undo and Redo name the row they move ("Undo: Ann scored 2", "Undo: Ann's hidden
choice", the words the history will use), Undo is disabled with its reason at a reveal, the
host is asked before taking back a seat's own input, and that seat's phone gets a line of
its own (and, in the browser, a toast). Run on SQLite and PostgreSQL, on the Tally game.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from ..conftest import csrf
from .test_platform import bearer, join, make_table, shows_number

ZH = {"Accept-Language": "zh-TW"}
HTMX = {"HX-Request": "true"}


def view(client: FlaskClient, tid: str, token: str | None = None, **headers: str) -> dict:
    asking = {**(bearer(token) if token else {}), **headers}
    reply = client.get(f"/api/tables/{tid}", headers=asking)
    assert reply.status_code == 200, reply.json
    return reply.json


def act(client: FlaskClient, tid: str, token: str, **body):
    reply = client.post(f"/api/tables/{tid}/actions", json=body, headers=bearer(token))
    assert reply.status_code == 200, reply.json
    return reply


def host_page(app: Flask, table: dict) -> tuple[FlaskClient, str]:
    """The host's table screen in a browser of its own (the host link sets its cookie)."""
    host = app.test_client()
    host.get(f"/host/{table['id']}/{table['host_token']}")
    return host, host.get(f"/t/{table['id']}").get_data(as_text=True)


def phone(app: Flask, table: dict, seat: int) -> FlaskClient:
    device = app.test_client()
    assert device.get(f"/join/{table['seats'][seat]['join_code']}").status_code == 303
    return device


def undo_button(html: str) -> str:
    """The host's Undo button as the page shows it (its tag and its text)."""
    found = re.search(r'<form class="cursor-undo".*?(<button[^>]*>[^<]*</button>)', html, re.S)
    assert found, "the page has no Undo button"
    return found.group(1)


def test_the_hosts_undo_and_redo_name_the_action_they_take_back(app, client):
    table = make_table(client)
    tid, host = table["id"], table["host_token"]
    assert view(client, tid, host)["undo_label"] is None  # nothing to undo yet
    act(client, tid, host, type="add", seat=0, n=2)
    reply = view(client, tid, host)
    assert reply["undo_label"] == "Undo: Ann scored 2"
    assert reply["undo_blocked"] is None and reply["can_undo"] is True
    assert reply["redo_label"] is None
    assert view(client, tid, host, **ZH)["undo_label"] == "復原：Ann得 2 分"
    _, html = host_page(app, table)
    button = undo_button(html)
    assert "↶ Undo: Ann scored 2" in button and "disabled" not in button
    assert client.post(f"/api/tables/{tid}/undo", headers=bearer(host)).status_code == 200
    reply = view(client, tid, host)
    assert reply["redo_label"] == "Redo: Ann scored 2"
    assert reply["undo_label"] is None
    _, html = host_page(app, table)
    assert "↷ Redo: Ann scored 2" in html
    # The history line of the undo uses the same words the button showed.
    assert reply["history"][0]["text"] == "Undone by the table screen: Ann scored 2"


def test_a_seats_hidden_choice_is_named_the_same_whatever_it_was(app, client):
    labels = set()
    for secret in (1111, 9876):
        table = make_table(client)
        tid, host = table["id"], table["host_token"]
        ann = join(client, table["seats"][0]["join_code"])
        act(client, tid, ann, type="set_secret", n=secret)
        reply = view(client, tid, host)
        labels.add(reply["undo_label"])
        assert not shows_number(reply, secret)
        _, html = host_page(app, table)
        assert "↶ Undo: Ann&#39;s hidden choice" in undo_button(html)
        assert not shows_number(html, secret)
        assert view(client, tid, host, **ZH)["undo_label"] == "復原：Ann的隱藏選擇"
        # Ann's own phone names it as hers, still without the choice on its face.
        mine = view(client, tid, ann)
        assert mine["undo_label"] == "Undo: your hidden choice"
        page = phone(app, table, 1).get(f"/t/{tid}/seat").get_data(as_text=True)
        assert "Undo:" not in page  # Bo cannot undo Ann's input: no button on his phone
    assert labels == {"Undo: Ann's hidden choice"}


def test_the_phones_own_undo_names_its_last_action(app):
    table = make_table(app.test_client())
    ann = phone(app, table, 0)
    page = ann.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    form = {"type": "add", "seat": "0", "n": "3", "csrf_token": csrf(page)}
    assert ann.post(f"/t/{table['id']}/seat/act", data=form).status_code == 303
    page = ann.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    assert "↶ Undo: Ann scored 3" in page


def test_the_hosts_undo_of_a_seats_input_asks_first_and_undoes_once_confirmed(app, client):
    table = make_table(client)
    tid = table["id"]
    ann = join(client, table["seats"][0]["join_code"])
    act(client, tid, ann, type="set_secret", n=4321)
    host, html = host_page(app, table)
    form = {"csrf_token": csrf(html)}
    asked = host.post(f"/t/{tid}/undo", data=form, headers=HTMX)
    assert asked.status_code == 409
    question = asked.get_data(as_text=True)
    assert "Undo Ann&#39;s hidden choice? It is Ann&#39;s own input" in question
    assert 'name="confirm" value="1"' in question and not shows_number(question, 4321)
    assert view(client, tid, ann)["view"]["me"]["secret"] == 4321  # nothing changed
    # The same question through the API, in the viewer's language.
    asked = client.post(f"/api/tables/{tid}/undo", headers={**bearer(table["host_token"]), **ZH})
    assert asked.status_code == 409 and asked.json["error"]["code"] == "confirm_undo"
    assert asked.json["error"]["message"].startswith("要復原「Ann的隱藏選擇」嗎？")
    done = host.post(f"/t/{tid}/undo", data={**form, "confirm": "1"}, headers=HTMX)
    assert done.status_code == 200
    assert view(client, tid, ann)["view"]["me"]["secret"] != 4321
    assert view(client, tid)["history"][0]["text"] == (
        "Ann's hidden choice was undone by the table screen"
    )


def test_the_hosts_own_action_is_undone_without_a_question(app, client):
    table = make_table(client)
    act(client, table["id"], table["host_token"], type="add", seat=1, n=1)
    host, html = host_page(app, table)
    done = host.post(f"/t/{table['id']}/undo", data={"csrf_token": csrf(html)}, headers=HTMX)
    assert done.status_code == 200


def test_at_a_reveal_undo_is_disabled_and_says_why(app, client):
    table = make_table(client, players=("Ann", "Bo"))
    tid, host = table["id"], table["host_token"]
    ann = join(client, table["seats"][0]["join_code"])
    bo = join(client, table["seats"][1]["join_code"])
    for token, n in ((ann, 77), (bo, 31)):
        act(client, tid, token, type="bid", n=n)
        act(client, tid, token, type="lock")
    reply = view(client, tid, host)
    assert reply["can_undo"] is False
    assert reply["undo_blocked"] == (
        "Undo stops at the reveal of round 1's secret choices: correct the board instead."
    )
    _, html = host_page(app, table)
    button = undo_button(html)
    assert "disabled" in button and "↶ Undo<" in button
    assert 'aria-describedby="undo-blocked"' in button
    assert "Undo stops at the reveal of round 1&#39;s secret choices" in html
    zh = view(client, tid, host, **ZH)["undo_blocked"]
    assert zh.startswith("復原只能退到") and zh.endswith("為止：請改用修正功能調整盤面。")
    # The tap the button no longer offers is refused in the same words.
    refused = client.post(f"/api/tables/{tid}/undo", headers=bearer(host))
    assert refused.json["error"]["message"] == reply["undo_blocked"]


def test_the_seat_whose_input_was_undone_gets_a_line_on_its_own_phone(app, client):
    table = make_table(client)
    tid, host = table["id"], table["host_token"]
    ann_phone, bo_phone = phone(app, table, 0), phone(app, table, 1)
    page = ann_phone.get(f"/t/{tid}/seat").get_data(as_text=True)
    form = {"type": "set_secret", "n": "4321", "csrf_token": csrf(page)}
    assert ann_phone.post(f"/t/{tid}/seat/act", data=form).status_code == 303
    undone = client.post(f"/api/tables/{tid}/undo", json={"confirm": True}, headers=bearer(host))
    assert undone.status_code == 200
    page = ann_phone.get(f"/t/{tid}/seat").get_data(as_text=True)
    line = re.search(r'<p class="undone-notice"[^>]*data-undone="(\d+)"[^>]*>([^<]*)</p>', page)
    assert line, "Ann's phone has no line about the undo"
    said = "↶ Your hidden choice was undone by the table screen"
    assert line.group(2).strip() == said
    assert not shows_number(line.group(2), 4321)
    zh_page = ann_phone.get(f"/t/{tid}/seat", headers=ZH).get_data(as_text=True)
    assert "↶ 桌面螢幕復原了你的隱藏選擇" in zh_page
    # Nobody else's phone gets it.
    assert "data-undone" not in bo_phone.get(f"/t/{tid}/seat").get_data(as_text=True)
    # The line stays through others' moves, and goes once Ann acts again.
    act(client, tid, host, type="add", seat=1, n=1)
    assert "data-undone" in ann_phone.get(f"/t/{tid}/seat").get_data(as_text=True)
    page = ann_phone.get(f"/t/{tid}/seat").get_data(as_text=True)
    form = {"type": "set_secret", "n": "1234", "csrf_token": csrf(page)}
    assert ann_phone.post(f"/t/{tid}/seat/act", data=form).status_code == 303
    assert "data-undone" not in ann_phone.get(f"/t/{tid}/seat").get_data(as_text=True)


def test_a_seats_undo_of_its_own_input_gives_it_no_line(app):
    table = make_table(app.test_client())
    ann = phone(app, table, 0)
    page = ann.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    form = {"type": "set_secret", "n": "4321", "csrf_token": csrf(page)}
    assert ann.post(f"/t/{table['id']}/seat/act", data=form).status_code == 303
    assert ann.post(f"/t/{table['id']}/seat/undo", data={"csrf_token": csrf(page)}).status_code
    assert "data-undone" not in ann.get(f"/t/{table['id']}/seat").get_data(as_text=True)


def test_a_phone_is_told_when_the_host_undoes_and_redoes_its_public_input(app, client):
    table = make_table(client)
    tid, host = table["id"], table["host_token"]
    ann_phone = phone(app, table, 0)
    page = ann_phone.get(f"/t/{tid}/seat").get_data(as_text=True)
    form = {"type": "add", "seat": "0", "n": "2", "csrf_token": csrf(page)}
    assert ann_phone.post(f"/t/{tid}/seat/act", data=form).status_code == 303
    assert view(client, tid, host)["undo_label"] == "Undo: Ann scored 2"
    undone = client.post(f"/api/tables/{tid}/undo", json={"confirm": True}, headers=bearer(host))
    assert undone.status_code == 200
    page = ann_phone.get(f"/t/{tid}/seat").get_data(as_text=True)
    assert "↶ Your input was undone by the table screen: Ann scored 2</p>" in page
    assert client.post(f"/api/tables/{tid}/redo", headers=bearer(host)).status_code == 200
    page = ann_phone.get(f"/t/{tid}/seat").get_data(as_text=True)
    assert "↶ Your input was brought back by the table screen: Ann scored 2</p>" in page
