"""The host is a player too: no host power reads, changes or exploits a seat's secret unseen.

Each test is one finding of a suspicious player's probe (re-issue then claim, undo across a
reveal, end-read-undo, an undo that erases a private input), run through the JSON API and
the pages on a real SQLite file.
"""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from .test_platform import bearer, join, make_table, shows_number


def view(client: FlaskClient, tid: str, token: str | None = None) -> dict:
    headers = bearer(token) if token else {}
    reply = client.get(f"/api/tables/{tid}", headers=headers)
    assert reply.status_code == 200, reply.json
    return reply.json


def texts(reply: dict) -> list[str]:
    return [h["text"] for h in reply["history"]]


def act(client: FlaskClient, tid: str, token: str, **body):
    return client.post(f"/api/tables/{tid}/actions", json=body, headers=bearer(token))


def ann_and_bo(client) -> tuple[str, str, str, str]:  # noqa: ANN001 - a Flask test client
    """A new table with Ann's and Bo's seats joined: its id, the host token and their tokens."""
    table = make_table(client)
    ann = join(client, table["seats"][0]["join_code"])
    bo = join(client, table["seats"][1]["join_code"])
    return table["id"], table["host_token"], ann, bo


def test_a_reissue_and_the_claim_that_follows_are_public_lines_with_their_time(client):
    tid, host, ann, bo = ann_and_bo(client)
    # The host re-issues a seat nobody has claimed yet and claims it on a second browser:
    # today's probe found no trace of that at all.
    code = client.post(f"/api/tables/{tid}/seats/2/reissue", headers=bearer(host)).json
    join(client, code["join_code"])
    for token in (None, host, ann, bo):
        lines = texts(view(client, tid, token))
        assert re.fullmatch(r"\d\d:\d\d Cy's seat was opened on a phone", lines[0]), lines
        assert re.fullmatch(r"\d\d:\d\d The host gave Cy's seat a new code", lines[1]), lines
        assert any(re.fullmatch(r"\d\d:\d\d Ann's seat was opened on a phone", t) for t in lines)
    # Undo never removes them: there is no game action to undo, and the lines stay.
    assert client.post(f"/api/tables/{tid}/undo", headers=bearer(host)).status_code == 409
    assert "Cy's seat was opened on a phone" in texts(view(client, tid))[0]


def test_the_seat_list_counts_the_phones_that_have_held_each_seat(client):
    table = make_table(client)
    tid, host = table["id"], table["host_token"]
    join(client, table["seats"][0]["join_code"])
    for _ in range(2):
        code = client.post(f"/api/tables/{tid}/seats/0/reissue", headers=bearer(host)).json
        join(client, code["join_code"])
    seats = view(client, tid)["seats"]
    assert [s["phones"] for s in seats] == [3, 0, 0]
    lines = texts(view(client, tid))
    assert "Ann's seat was opened on a new phone (3 phones have held it)" in lines[0]
    assert "the phone that held it is locked out" in lines[1]
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert "3 phones" in page


def test_the_phone_that_loses_its_seat_is_told_why(client, app):
    table = make_table(client)
    tid, host = table["id"], table["host_token"]
    ann = join(client, table["seats"][0]["join_code"])
    client.post(f"/api/tables/{tid}/seats/0/reissue", headers=bearer(host))
    refused = client.get(f"/api/tables/{tid}", headers=bearer(ann))
    assert refused.status_code == 401
    assert refused.json["error"]["code"] == "seat_reissued"
    assert "The host gave Ann's seat a new code at" in refused.json["error"]["message"]
    # A token that never held a seat learns nothing about any seat.
    stranger = client.get(f"/api/tables/{tid}", headers=bearer("x" * 32))
    assert stranger.json["error"]["code"] == "bad_token"
    assert "Ann" not in stranger.get_data(as_text=True)


def test_the_phones_stream_says_why_it_lost_the_seat(app):
    phone = app.test_client()
    host = app.test_client()
    table = make_table(host)
    tid = table["id"]
    assert phone.get(f"/join/{table['seats'][1]['join_code']}").status_code == 303
    stream = phone.get(f"/t/{tid}/seat/stream?v=0", buffered=False)
    chunks = iter(stream.response)
    first = ""
    while "event: view" not in first:
        first += next(chunks).decode()
    host.post(f"/api/tables/{tid}/seats/1/reissue", headers=bearer(table["host_token"]))
    gone = ""
    while "event: gone" not in gone:
        gone += next(chunks).decode()
    stream.close()
    assert "The host gave Bo&#39;s seat a new code at" in gone
    # Reconnecting, the stream is refused at once, with the same reason.
    again = phone.get(f"/t/{tid}/seat/stream?v=0")
    assert again.status_code == 401
    assert "The host gave Bo&#39;s seat a new code" in again.get_data(as_text=True)


def test_undo_stops_at_the_end_of_the_game_and_a_host_correction_that_ends_it_asks_first(client):
    table = make_table(client)
    tid, host = table["id"], table["host_token"]
    ann = join(client, table["seats"][0]["join_code"])
    for _ in range(2):
        assert act(client, tid, host, type="add", seat=0, n=4).status_code == 200
    # One more host correction would end the game and show every secret: it asks first.
    asked = act(client, tid, host, type="add", seat=0, n=3)
    assert asked.status_code == 409
    assert asked.json["error"]["code"] == "confirm_reveal"
    assert "can't be undone" in asked.json["error"]["message"]
    assert "the end of the game" in asked.json["error"]["message"]
    assert view(client, tid)["over"] is False
    ended = act(client, tid, host, type="add", seat=0, n=3, confirm=True)
    assert ended.status_code == 200
    assert view(client, tid)["over"] is True
    # End, read, undo: the probe wiped the ending and played on knowing every secret.
    refused = client.post(f"/api/tables/{tid}/undo", headers=bearer(host))
    assert refused.status_code == 409
    assert refused.json["error"]["code"] == "undo_barrier"
    assert refused.json["error"]["message"] == (
        "Undo stops at the end of the game, which shows everything that was hidden:"
        " correct the board instead."
    )
    assert view(client, tid)["over"] is True
    # A player's own move that ends the game is play, not a correction: no question.
    other = make_table(client)
    bo = join(client, other["seats"][1]["join_code"])
    for n in (5, 5):
        assert act(client, other["id"], bo, type="add", seat=1, n=n).status_code == 200
    assert view(client, other["id"])["over"] is True
    assert ann  # Ann's phone took no part


def test_the_confirmation_on_the_table_screen_names_what_it_reveals_and_sends_again(app):
    host = app.test_client()
    host.get("/")
    page = host.get("/")
    token = re.search(r'name="csrf-token" content="([^"]+)"', page.get_data(as_text=True))
    created = host.post(
        "/tables",
        data={"game": "tally", "player": ["Ann", "Bo"], "csrf_token": token.group(1)},
    )
    tid = created.headers["Location"].rsplit("/", 1)[-1]
    screen = host.get(f"/t/{tid}").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', screen).group(1)
    headers = {"HX-Request": "true"}
    form = {"type": "add", "seat": "0", "n": "5", "csrf_token": csrf}
    assert host.post(f"/t/{tid}/act", data=form, headers=headers).status_code == 200
    asked = host.post(f"/t/{tid}/act", data=form, headers=headers)
    assert asked.status_code == 409
    html = asked.get_data(as_text=True)
    assert "the end of the game" in html
    assert 'name="confirm" value="1"' in html
    assert 'name="n" value="5"' in html and 'name="type" value="add"' in html
    again = host.post(f"/t/{tid}/act", data={**form, "confirm": "1"}, headers=headers)
    assert again.status_code == 200
    assert host.get(f"/api/tables/{tid}").json["over"] is True


def test_the_hosts_undo_of_a_seats_hidden_input_is_announced_to_everyone_and_that_phone(client):
    tid, host, ann, bo = ann_and_bo(client)
    assert act(client, tid, ann, type="set_secret", n=4321).status_code == 200
    assert view(client, tid, ann)["view"]["me"]["secret"] == 4321
    # The host is asked first: it is Ann's own input.
    asked = client.post(f"/api/tables/{tid}/undo", headers=bearer(host))
    assert asked.status_code == 409 and asked.json["error"]["code"] == "confirm_undo"
    assert view(client, tid, ann)["view"]["me"]["secret"] == 4321
    undone = client.post(f"/api/tables/{tid}/undo", json={"confirm": True}, headers=bearer(host))
    assert undone.status_code == 200
    # Every screen says it, without the content.
    for token in (None, host, bo):
        reply = view(client, tid, token)
        assert texts(reply)[0] == "Ann's hidden choice was undone by the table screen"
        assert not shows_number(reply, 4321)
    # Ann's phone is told exactly what it lost.
    mine = view(client, tid, ann)
    assert "Your hidden action was undone by the table screen: Your secret is now 4321" in texts(
        mine
    )
    assert mine["view"]["me"]["secret"] != 4321


def test_a_seat_undoes_its_own_last_action_from_its_phone_and_nothing_else(client):
    tid, host, ann, bo = ann_and_bo(client)
    assert act(client, tid, ann, type="set_secret", n=1234).status_code == 200
    assert view(client, tid, ann)["can_undo"] is True
    assert view(client, tid, bo)["can_undo"] is False
    # Bo cannot take back Ann's input.
    refused = client.post(f"/api/tables/{tid}/undo", headers=bearer(bo))
    assert refused.status_code == 403
    assert refused.json["error"]["code"] == "not_your_action"
    assert client.post(f"/api/tables/{tid}/undo", headers=bearer(ann)).status_code == 200
    assert view(client, tid, ann)["view"]["me"]["secret"] != 1234
    assert texts(view(client, tid, host))[0] == "Ann's hidden choice was undone by Ann"
    # A seat never redoes: that is the host's.
    assert client.post(f"/api/tables/{tid}/redo", headers=bearer(ann)).status_code == 403


def test_a_seat_undoes_from_the_phone_page(app):
    phone = app.test_client()
    table = make_table(phone)
    tid = table["id"]
    phone.get(f"/join/{table['seats'][0]['join_code']}")
    page = phone.get(f"/t/{tid}/seat").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    assert "↶ Undo:" not in page
    done = phone.post(
        f"/t/{tid}/seat/act", data={"type": "add", "seat": "0", "n": "2", "csrf_token": csrf}
    )
    assert done.status_code == 303
    page = phone.get(f"/t/{tid}/seat").get_data(as_text=True)
    assert "↶ Undo: Ann scored 2" in page
    undone = phone.post(f"/t/{tid}/seat/undo", data={"csrf_token": csrf})
    assert undone.status_code == 303
    assert phone.get(f"/api/tables/{tid}").json["view"]["players"][0]["score"] == 0


def test_samurai_sword_end_read_undo_is_closed(client):
    """The probe's finding: one host tap (honor -10) ended the game, the end screen showed every
    role, and Undo wiped the ending so play went on with the host knowing every role."""
    names = ["Ann", "Bo", "Cy", "Di"]
    table = client.post("/api/tables", json={"game": "samurai-sword", "players": names}).json
    tid, host = table["id"], table["host_token"]
    tap = {"type": "adjust", "seat": 1, "counter": "honor", "delta": -10}
    asked = act(client, tid, host, **tap)
    assert asked.status_code == 409 and asked.json["error"]["code"] == "confirm_reveal"
    assert "the end of the game" in asked.json["error"]["message"]
    assert view(client, tid)["over"] is False
    assert act(client, tid, host, **tap, confirm=True).status_code == 200
    assert view(client, tid)["over"] is True
    refused = client.post(f"/api/tables/{tid}/undo", headers=bearer(host))
    assert refused.status_code == 409 and refused.json["error"]["code"] == "undo_barrier"
    assert view(client, tid)["over"] is True
    assert view(client, tid, host)["can_undo"] is False


def test_samurai_sword_the_hosts_undo_of_a_daimyo_count_is_announced(client):
    """The probe's finding: the host's Undo reverted a player's secret Daimyo count and no
    screen said anything."""
    names = ["Ann", "Bo", "Cy", "Di"]
    table = client.post("/api/tables", json={"game": "samurai-sword", "players": names}).json
    tid, host = table["id"], table["host_token"]
    bo = join(client, table["seats"][1]["join_code"])
    assert act(client, tid, bo, type="set_daimyo", n=3).status_code == 200
    undone = client.post(f"/api/tables/{tid}/undo", json={"confirm": True}, headers=bearer(host))
    assert undone.status_code == 200
    for token in (None, host):
        assert (
            texts(view(client, tid, token))[0]
            == "Bo's hidden choice was undone by the table screen"
        )
    # Newest first within the undo's note too: Bo's own line, then the public one.
    mine = texts(view(client, tid, bo))
    assert mine[0].startswith("Your hidden action was undone by the table screen: ")
    assert mine[1] == "Bo's hidden choice was undone by the table screen"
